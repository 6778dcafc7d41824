//! `arbiter pair FILE.trf [--system dutch|berger] [--round N] [--double] [--json]`:
//! pairs a round of the tournament in a report file and prints it as the
//! FIDE-endorsed engines print (`-p`): the number of lines that follow,
//! then "WHITE BLACK" a board, a pairing-allocated bye as "ID 0".
//!
//! `--words` reads it aloud a board a line in the language of `--lexicon`
//! (en, ru, de); `--brf` prints those words in braille for an embosser.
//!
//! Exit status: 0 paired; 1 no pairing exists (the reason on stderr);
//! 2 the file or an argument cannot be read.

use arbiter_notation::tournament_words;
use arbiter_tournament::dutch::{self, Board, Pairing};
use arbiter_tournament::{Tournament, berger, trf};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::out;

/// The pairing system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum System {
    /// The FIDE (Dutch) Swiss system, C.04.3.
    Dutch,
    /// A round robin by the Berger tables, C.05 Annex 1.
    Berger,
}

#[derive(clap::Args)]
pub struct Args {
    /// The tournament report file (TRF16 with XXR/XXC/XXA, or TRF-2026).
    pub file: PathBuf,
    /// The pairing system.
    #[arg(long, value_enum, default_value = "dutch")]
    pub system: System,
    /// The round to pair (default: the one after the last paired).
    #[arg(long)]
    pub round: Option<usize>,
    /// Berger: a double round robin, the second cycle with colours reversed.
    #[arg(long)]
    pub double: bool,
    /// Print `{"round":N,"boards":[{"white":ID,"black":ID}],"bye":ID|null}`.
    #[arg(long)]
    pub json: bool,
    /// Print the pairing in words, a board a line ("Round 3, board 2:
    /// Ivanov, white, against Petrova"), in the language of `--lexicon`.
    #[arg(long, conflicts_with_all = ["json", "brf"])]
    pub words: bool,
    /// Print the words as a braille file (BRF, 40 cells by 25 lines a page).
    #[arg(long, conflicts_with = "json")]
    pub brf: bool,
    /// The language of `--words` and `--brf`: en, ru or de.
    #[arg(long, default_value = "en", alias = "lang")]
    pub lexicon: String,
}

/// Reads a report file, or says why not (exit 2).
pub fn read(cmd: &str, file: &PathBuf) -> Result<Tournament, ExitCode> {
    let bytes =
        std::fs::read(file).map_err(|e| out::bad_input(cmd, format!("{}: {e}", file.display())))?;
    trf::parse_bytes(&bytes).map_err(|e| out::bad_input(cmd, format!("{}: {e}", file.display())))
}

pub fn run(a: Args) -> ExitCode {
    let t = match read("pair", &a.file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let round = a.round.unwrap_or(t.paired_rounds() + 1);
    let result = match a.system {
        System::Dutch => dutch::pair(&t, round).map_err(|e| e.to_string()),
        System::Berger => round_robin(&t, round, a.double),
    };
    let pairing = match result {
        Ok(p) => p,
        Err(reason) => {
            out::error("pair", reason);
            return ExitCode::FAILURE;
        }
    };
    let lang = match a.lexicon.as_str() {
        _ if !a.words && !a.brf => arbiter_rules::Lang::En,
        "en" => arbiter_rules::Lang::En,
        "ru" | "ru-fide" => arbiter_rules::Lang::Ru,
        "de" | "fide-de" => arbiter_rules::Lang::De,
        other => return out::bad_input("pair", format!("lexicon {other:?}: en, ru or de")),
    };
    let text = if a.json {
        json(&pairing)
    } else if a.words || a.brf {
        let lines = words(&t, &pairing, lang);
        if a.brf {
            tournament_words::brf(&lines)
        } else {
            lines.join("\n") + "\n"
        }
    } else {
        pairing.engine_text()
    };
    match out::print("pair", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// The Berger round, table numbers given to the players in starting-rank
/// order.
fn round_robin(t: &Tournament, round: usize, double: bool) -> Result<Pairing, String> {
    let mut ids: Vec<u16> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let r = berger::round(ids.len(), round, double).map_err(|e| e.to_string())?;
    let at = |n: u16| ids[usize::from(n) - 1];
    Ok(Pairing {
        round,
        boards: r
            .boards
            .iter()
            .map(|b| Board {
                white: at(b.white),
                black: at(b.black),
            })
            .collect(),
        bye: r.bye.map(at),
    })
}

/// The pairing read aloud: a board a line, then the bye.
fn words(t: &Tournament, p: &Pairing, lang: arbiter_rules::Lang) -> Vec<String> {
    let name = |id: u16| {
        t.player(id)
            .map_or_else(|| id.to_string(), |p| out::printable(&p.name))
    };
    let mut lines = vec![tournament_words::round_heading(lang, p.round)];
    for (i, b) in p.boards.iter().enumerate() {
        lines.push(tournament_words::board_line(
            lang,
            p.round,
            i + 1,
            &name(b.white),
            &name(b.black),
            None,
        ));
    }
    if let Some(id) = p.bye {
        lines.push(tournament_words::bye_line(lang, p.round, &name(id)));
    }
    lines
}

/// The pairing as JSON, its keys in the documented order.
fn json(p: &Pairing) -> String {
    let boards: Vec<String> = p
        .boards
        .iter()
        .map(|b| format!("{{\"white\":{},\"black\":{}}}", b.white, b.black))
        .collect();
    let bye = p.bye.map_or_else(|| "null".to_owned(), |b| b.to_string());
    format!(
        "{{\"round\":{},\"boards\":[{}],\"bye\":{bye}}}\n",
        p.round,
        boards.join(",")
    )
}
