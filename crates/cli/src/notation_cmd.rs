//! `arbiter notation [--fen FEN] [--from STYLE] --as STYLE TEXT`: translate one move between
//! notations. Prints the move in STYLE and nothing else on stdout (one line), so scripts
//! can use it; exits 2 with a message on stderr on an illegal, ambiguous or unreadable
//! move (the message lists the candidate moves in the user's own notation).
use std::process::ExitCode;

use arbiter_notation::{Style, parse, position_from_fen, render};

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
    /// The move. Spoken moves may be given as several words.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    text: Vec<String>,
}

pub fn run(a: Args) -> ExitCode {
    let Some(to) = Style::from_key(&a.to) else {
        eprintln!(
            "arbiter notation: unknown style {:?} (one of: {STYLES})",
            a.to
        );
        return ExitCode::from(2);
    };
    let from = match a.from.as_deref() {
        None => None,
        Some(k) => match Style::from_key(k) {
            Some(s) => Some(s),
            None => {
                eprintln!("arbiter notation: unknown style {k:?} (one of: {STYLES})");
                return ExitCode::from(2);
            }
        },
    };
    let pos = match position_from_fen(a.fen.as_deref()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("arbiter notation: {e}");
            return ExitCode::from(2);
        }
    };
    let text = a.text.join(" ");
    match parse(&pos, &text, from) {
        Ok((m, _)) => {
            println!("{}", render(&pos, m, to));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter notation: {e}");
            ExitCode::from(2)
        }
    }
}
