//! `arbiter notation [--fen FEN] [--from STYLE] --as STYLE TEXT`: translate one move between
//! notations. Prints the move in STYLE and nothing else on stdout (one line), so scripts
//! can use it; exits 2 with a message on stderr on an illegal, ambiguous or unreadable
//! move (the message lists the candidate moves in the user's own notation).
use std::process::ExitCode;

use arbiter_laws::log::cut;
use arbiter_notation::{Style, parse, position_from_fen, render};

use crate::out;

/// The longest move text read: the longest spoken move ("ферзь же один бьёт
/// аш восемь, шах") is well under this; a longer text is refused before
/// parsing, so no message ever quotes it whole.
pub const MAX_MOVE_TEXT: usize = 200;

const STYLES: &str = "uci san ru de fr es it nl pl figurine long long-ru long-de … fide-de ru-fide ru-spoken en-spoken nato braille";

#[derive(clap::Args)]
pub struct Args {
    /// The position before the move (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// The notation TEXT is in; detected when absent.
    #[arg(long = "from", value_name = "STYLE")]
    from: Option<String>,
    /// The notation to print: uci san ru de figurine long fide-de ru-fide ru-spoken
    /// en-spoken nato braille (also fr es it nl pl, long-ru, long-de, …).
    #[arg(long = "as", value_name = "STYLE")]
    to: String,
    /// The move. Spoken moves may be given as several words. Options may
    /// follow it (`Nf3 --as ru`); a text that starts with `-` goes after `--`.
    #[arg(required = true, num_args = 1..)]
    text: Vec<String>,
}

pub fn run(a: Args) -> ExitCode {
    let Some(to) = Style::from_key(&a.to) else {
        return out::bad_input(
            "notation",
            format!("unknown style {:?} (one of: {STYLES})", cut(&a.to, 40)),
        );
    };
    let from = match a.from.as_deref() {
        None => None,
        Some(k) => match Style::from_key(k) {
            Some(s) => Some(s),
            None => {
                return out::bad_input(
                    "notation",
                    format!("unknown style {:?} (one of: {STYLES})", cut(k, 40)),
                );
            }
        },
    };
    let pos = match position_from_fen(a.fen.as_deref()) {
        Ok(p) => p,
        Err(e) => return out::bad_input("notation", e),
    };
    let text = a.text.join(" ");
    if text.len() > MAX_MOVE_TEXT {
        return out::bad_input(
            "notation",
            format!(
                "the move {:?} is {} bytes long; a move is at most {MAX_MOVE_TEXT}",
                cut(&text, 40),
                text.len()
            ),
        );
    }
    match parse(&pos, &text, from) {
        Ok((m, _)) => match out::print("notation", &format!("{}\n", render(&pos, m, to))) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(e) => out::bad_input("notation", e),
    }
}
