//! `arbiter perft FEN DEPTH` — the usual perft check, through shakmaty; and
//! `arbiter perft --variant tavreli [--moves "…"] DEPTH` through the Tavreli engine.
//!
//! Depths above [`MAX_DEPTH`] are refused (exit 2): the count grows about
//! thirtyfold per ply, so depth 12 already takes days, and a depth of
//! thousands overflowed the stack or asked for 100 GB.

use arbiter_rules::Variant;
use arbiter_session::{RulesJob, with_variant};
use std::process::ExitCode;

use crate::out;

#[derive(clap::Args)]
pub struct Args {
    /// `FEN DEPTH` for chess (FEN may be `startpos`), or `DEPTH` for Tavreli.
    #[arg(required = true, num_args = 1..=2)]
    pub args: Vec<String>,
    /// `chess` (default) or `tavreli`.
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: Variant,
    /// Tavreli: moves to play from the initial position first (federation notation).
    #[arg(long)]
    pub moves: Option<String>,
}

/// The deepest perft `arbiter` runs.
pub const MAX_DEPTH: u32 = 12;

pub fn run(a: Args) -> ExitCode {
    let Some(depth_text) = a.args.last() else {
        return out::bad_input("perft", "give FEN and DEPTH");
    };
    let depth = match depth_text.parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => d,
        Ok(d) => {
            return out::bad_input(
                "perft",
                format!("depth {d} is above the maximum, {MAX_DEPTH}"),
            );
        }
        Err(_) => {
            return out::bad_input(
                "perft",
                format!("depth {depth_text:?} is not a whole number from 0 to {MAX_DEPTH}"),
            );
        }
    };
    // Chess reads `FEN DEPTH`; Tavreli `DEPTH` after its `--moves`.
    let count = Count {
        start: (a.args.len() == 2).then(|| a.args[0].as_str()),
        moves: a.moves.as_deref(),
        depth,
    };
    match with_variant(a.variant, count) {
        Ok(n) => match out::print("perft", &format!("{n}\n")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(e) => out::bad_input("perft", e.to_string()),
    }
}

/// The perft count of the variant, from the position the arguments give.
struct Count<'a> {
    start: Option<&'a str>,
    moves: Option<&'a str>,
    depth: u32,
}

impl RulesJob for Count<'_> {
    type Output = Result<u64, arbiter_session::variant::Unreadable>;
    fn run<R: arbiter_session::Variant>(self, _rules: R) -> Self::Output {
        R::perft(self.start, self.moves, self.depth)
    }
}
