//! `arbiter pair FILE.trf [--system dutch|berger] [--round N] [--double] [--json]`:
//! pairs a round of the tournament in a report file and prints it as the
//! FIDE-endorsed engines print (`-p`): the number of lines that follow,
//! then "WHITE BLACK" a board, a pairing-allocated bye as "ID 0".
//!
//! Exit status: 0 paired; 1 no pairing exists (the reason on stderr);
//! 2 the file or an argument cannot be read.

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
    let text = if a.json {
        json(&pairing)
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
