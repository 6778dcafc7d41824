//! `arbiter unwinnable FEN [--side white|black] [--json] [--budget-ms N]`:
//! which sides can still checkmate by any series of legal moves (FIDE Laws
//! 5.2.2 dead position, 6.9 flag fall).
//!
//! The last line printed is the label: `W` or `-` for White, then `B` or
//! `-` for Black, `?` for a side left undetermined (or not asked, with
//! `--side`). `--json` prints, before it, one JSON object with each side's
//! verdict and helpmate line in SAN. Exit 2 on a bad FEN or argument; a
//! closed stdout pipe ends the command quietly.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter_unwinnable::{Budget, Horizon, Verdict, can_mate, can_mate_each, shorten_helpmate};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{ByColor, Chess, Color, Move};

/// The longest FEN quoted back in an error message.
const QUOTE_LIMIT: usize = 100;

#[derive(clap::Args)]
pub struct Args {
    /// The position, as a FEN (quoted, or as several words).
    #[arg(required = true, num_args = 1..)]
    fen: Vec<String>,
    /// Ask only for this side: `white` or `black`.
    #[arg(long)]
    side: Option<String>,
    /// Print each side's verdict and helpmate line as JSON before the label.
    #[arg(long)]
    json: bool,
    /// Answer within this many milliseconds in all (both sides asked: half
    /// each, and a side settled sooner leaves the other its time); a side
    /// not settled in time is shown as `?`. Default: a fixed node budget
    /// for each side, pooled likewise when both are asked.
    #[arg(long = "budget-ms", value_name = "N")]
    budget_ms: Option<u64>,
}

/// The FEN cut to a readable length for an error message.
fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_LIMIT {
        format!("{text:?}")
    } else {
        let cut: String = text.chars().take(QUOTE_LIMIT).collect();
        format!("{cut:?}…")
    }
}

/// Parse a FEN; a position with more material, or a check, than a game
/// can reach is accepted (composed positions have them), other faults are
/// not.
fn position(text: &str) -> Result<Chess, String> {
    let fen: Fen = text.parse().map_err(|e| format!("{e}"))?;
    arbiter_unwinnable::composed_position(fen).map_err(|e| format!("{e}"))
}

/// The node budget a deadline starts from: what a slow core searches in a
/// millisecond. The analysis spends its node budget in growing slices
/// (helpmate searches, then the enumeration, then deeper searches), so a
/// node count, not the deadline alone, must bound each attempt: an
/// unbounded count would leave the whole deadline to the first slice.
const NODES_PER_MS: u64 = 2_000;

/// One side's answer by `deadline` if the user gave one, else within the
/// default node budget. Under a deadline the analysis runs with a node
/// budget fitted to the time, and again with twice the nodes while time is
/// left, so a longer deadline always searches at least as far as a shorter
/// one (the repeated work costs at most as much as the last attempt).
fn ask(pos: &Chess, side: Color, deadline: Option<Instant>) -> Verdict {
    let Some(deadline) = deadline else {
        return can_mate(pos, side, Budget::DEFAULT);
    };
    let stop = move || Instant::now() >= deadline;
    let left = deadline.saturating_duration_since(Instant::now());
    let ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
    let mut nodes = ms.saturating_mul(NODES_PER_MS).max(Budget::DEFAULT.nodes);
    loop {
        let verdict = can_mate(pos, side, Budget::nodes(nodes).with_stop(&stop));
        if verdict != Verdict::Undetermined || stop() {
            return verdict;
        }
        nodes = nodes.saturating_mul(2);
    }
}

/// Both sides' answers by `deadline` if the user gave one, else within
/// the default node budget, pooled between the sides
/// ([`can_mate_each`]): a side settled quickly leaves the other its nodes
/// (its time). Under a deadline each side's node budget is what half the
/// time left holds, then twice that while time is left; once one side is
/// settled, the other is asked alone until the deadline ([`ask`]).
fn ask_both(pos: &Chess, deadline: Option<Instant>) -> ByColor<Verdict> {
    let Some(deadline) = deadline else {
        return can_mate_each(pos, Horizon::Unbounded, Budget::DEFAULT);
    };
    let stop = move || Instant::now() >= deadline;
    let left = deadline.saturating_duration_since(Instant::now());
    let ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
    let mut nodes = (ms / 2)
        .saturating_mul(NODES_PER_MS)
        .max(Budget::DEFAULT.nodes);
    loop {
        let mut v = can_mate_each(
            pos,
            Horizon::Unbounded,
            Budget::nodes(nodes).with_stop(&stop),
        );
        let open = |v: &Verdict| *v == Verdict::Undetermined;
        match (open(&v.white), open(&v.black)) {
            (false, false) => return v,
            _ if stop() => return v,
            (true, true) => nodes = nodes.saturating_mul(2),
            (true, false) => {
                v.white = ask(pos, Color::White, Some(deadline));
                return v;
            }
            (false, true) => {
                v.black = ask(pos, Color::Black, Some(deadline));
                return v;
            }
        }
    }
}

/// The moment `--budget-ms` ends; a deadline too far to represent is no
/// deadline beyond the nodes.
fn deadline(budget_ms: Option<u64>) -> Option<Instant> {
    let ms = budget_ms?;
    let start = Instant::now();
    let at = |ms: u64| start.checked_add(Duration::from_millis(ms));
    at(ms).or_else(|| at(u64::from(u32::MAX)))
}

/// The positions that shortening a helpmate for reading may generate: a
/// few tens of milliseconds at most.
const SHORTEN_NODES: u64 = 200_000;

/// A winnable verdict with its helpmate shortened for reading
/// ([`shorten_helpmate`]: the searches' lines wander), unless the deadline
/// has passed.
fn readable(pos: &Chess, verdict: Verdict, deadline: Option<Instant>) -> Verdict {
    match verdict {
        Verdict::Winnable { helpmate } if deadline.is_none_or(|d| Instant::now() < d) => {
            Verdict::Winnable {
                helpmate: shorten_helpmate(pos, &helpmate, Horizon::Unbounded, SHORTEN_NODES),
            }
        }
        v => v,
    }
}

/// The helpmate line in SAN, with check and mate marks.
fn san_line(pos: &Chess, line: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|m| SanPlus::from_move_and_play_unchecked(&mut p, *m).to_string())
        .collect()
}

/// One side's verdict as JSON.
fn side_json(pos: &Chess, verdict: Option<&Verdict>) -> serde_json::Value {
    match verdict {
        None => serde_json::json!({ "verdict": "not asked" }),
        Some(Verdict::Winnable { helpmate }) => serde_json::json!({
            "verdict": "winnable",
            "helpmate": san_line(pos, helpmate),
        }),
        Some(Verdict::Unwinnable) => serde_json::json!({ "verdict": "unwinnable" }),
        Some(Verdict::Undetermined) => serde_json::json!({ "verdict": "undetermined" }),
    }
}

/// A side's letter in the label.
fn mark(verdict: Option<&Verdict>, yes: char) -> char {
    match verdict.and_then(Verdict::can_mate) {
        Some(true) => yes,
        Some(false) => '-',
        None => '?',
    }
}

pub fn run(a: Args) -> ExitCode {
    let text = a.fen.join(" ");
    let pos = match position(text.trim()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("arbiter unwinnable: bad FEN {}: {e}", quote(&text));
            return ExitCode::from(2);
        }
    };
    let (ask_white, ask_black) = match a.side.as_deref() {
        None => (true, true),
        Some("white" | "w") => (true, false),
        Some("black" | "b") => (false, true),
        Some(other) => {
            eprintln!(
                "arbiter unwinnable: --side {} is neither white nor black",
                quote(other)
            );
            return ExitCode::from(2);
        }
    };
    let end = deadline(a.budget_ms);
    let (white, black) = match (ask_white, ask_black) {
        (true, true) => {
            let ByColor { white, black } = ask_both(&pos, end);
            (Some(white), Some(black))
        }
        _ => (
            ask_white.then(|| ask(&pos, Color::White, end)),
            ask_black.then(|| ask(&pos, Color::Black, end)),
        ),
    };
    let white = white.map(|v| readable(&pos, v, end));
    let black = black.map(|v| readable(&pos, v, end));
    let label: String = [mark(white.as_ref(), 'W'), mark(black.as_ref(), 'B')]
        .iter()
        .collect();
    let mut out = std::io::stdout().lock();
    let mut text = String::new();
    if a.json {
        let v = serde_json::json!({
            "fen": Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string(),
            "white": side_json(&pos, white.as_ref()),
            "black": side_json(&pos, black.as_ref()),
            "label": label,
        });
        text.push_str(&format!("{v}\n"));
    } else {
        for (name, v) in [("White", &white), ("Black", &black)] {
            let line = match v {
                None => continue,
                Some(Verdict::Winnable { helpmate }) if helpmate.is_empty() => {
                    format!("{name} has already mated.")
                }
                Some(Verdict::Winnable { helpmate }) => {
                    format!("{name} can mate: {}", san_line(&pos, helpmate).join(" "))
                }
                Some(Verdict::Unwinnable) => {
                    format!("{name} cannot mate by any series of legal moves.")
                }
                Some(Verdict::Undetermined) => format!("{name}: undetermined within the budget."),
            };
            text.push_str(&line);
            text.push('\n');
        }
    }
    text.push_str(&label);
    text.push('\n');
    // A reader that closed the pipe early wants no more: end quietly.
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    ExitCode::SUCCESS
}
