//! `arbiter unwinnable FEN [--side white|black] [--json] [--budget-ms N]
//! [--edition E]`: which sides can still checkmate by any series of legal
//! moves (FIDE Laws 5.2.2 dead position, 6.9 flag fall).
//!
//! The last line printed is the label: `W` or `-` for White, then `B` or
//! `-` for Black, `?` for a side left undetermined (or not asked, with
//! `--side`). `--json` prints, before it, one JSON object with each side's
//! verdict and helpmate line in SAN. Exit 2 on a bad FEN or argument; a
//! closed stdout pipe ends the command quietly, any other failed write
//! (a full disk) is said and exits 1.
//!
//! Without `--edition` the series of moves may be as long as it needs: the
//! position alone, as chasolver and the composed problems read it. With an
//! edition that has the 75-move rule (2017 on, L-9.6b) the series must mate
//! within the quiet plies the FEN's halfmove clock leaves, as the Laws'
//! own flag and dead-position decisions ask it; where only that horizon
//! stops a side, the output says so and shows the longer mate.

use crate::out;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter_rules::{Edition, Provisions, Variant};
use arbiter_unwinnable::{
    Budget, Horizon, Until, Verdict, can_mate_each, can_mate_each_until, can_mate_until,
    can_mate_within, shorten_helpmate,
};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{ByColor, Chess, Color, Move, Position};

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
    /// Apply this edition of the Laws' horizon: 2005 (none), 2017, 2018 or
    /// 2023 (the 75-move rule: a mate must come within the quiet plies the
    /// FEN's halfmove clock leaves). Default: no horizon.
    #[arg(long)]
    edition: Option<String>,
}

/// The horizon `edition` puts on the series of moves from `pos` (L-9.6b):
/// the quiet plies its 75-move rule leaves after the FEN's halfmove clock,
/// or none without an edition or in one without that rule.
fn horizon(edition: Option<Edition>, pos: &Chess) -> Horizon {
    let limit = edition
        .and_then(|e| Provisions::new(e, Default::default(), Default::default()).quiet_ply_limit());
    match limit {
        Some(limit) => Horizon::QuietPliesLeft(limit.saturating_sub(pos.halfmoves())),
        None => Horizon::Unbounded,
    }
}

/// The edition named by `--edition`; the Tavreli rules are not chess, so
/// their edition has no question here.
fn edition(text: Option<&str>) -> Result<Option<Edition>, String> {
    let Some(text) = text else {
        return Ok(None);
    };
    const EXPECTED: &str = "expected 2005, 2017, 2018 or 2023";
    match text.parse::<Edition>() {
        Ok(e) if !Provisions::admits(e, Variant::Chess) => {
            Err(format!("the Tavreli rules are not chess: {EXPECTED}"))
        }
        Ok(e) => Ok(Some(e)),
        Err(_) => Err(format!("unknown edition {}: {EXPECTED}", quote(text))),
    }
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

/// Runs `f` with the limit `deadline` sets: stop once it has passed, and
/// the nodes the time left holds ([`NODES_PER_MS`]).
fn by_deadline<T>(deadline: Instant, f: impl FnOnce(Until<'_>) -> T) -> T {
    let stop = move || Instant::now() >= deadline;
    let nodes_left = move || {
        let left = deadline.saturating_duration_since(Instant::now());
        u64::try_from(left.as_millis())
            .unwrap_or(u64::MAX)
            .saturating_mul(NODES_PER_MS)
    };
    f(Until {
        stop: &stop,
        nodes_left: &nodes_left,
    })
}

/// One side's answer by `deadline` if the user gave one
/// ([`can_mate_until`]), else within the default node budget.
fn ask(pos: &Chess, side: Color, horizon: Horizon, deadline: Option<Instant>) -> Verdict {
    match deadline {
        None => can_mate_within(pos, side, horizon, Budget::DEFAULT),
        Some(d) => by_deadline(d, |u| can_mate_until(pos, side, horizon, u)),
    }
}

/// Both sides' answers by `deadline` if the user gave one
/// ([`can_mate_each_until`]), else within the default node budget,
/// pooled between the sides ([`can_mate_each`]).
fn ask_both(pos: &Chess, horizon: Horizon, deadline: Option<Instant>) -> ByColor<Verdict> {
    match deadline {
        None => can_mate_each(pos, horizon, Budget::DEFAULT),
        Some(d) => by_deadline(d, |u| can_mate_each_until(pos, horizon, u)),
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
fn readable(pos: &Chess, verdict: Verdict, horizon: Horizon, deadline: Option<Instant>) -> Verdict {
    match verdict {
        Verdict::Winnable { helpmate } if deadline.is_none_or(|d| Instant::now() < d) => {
            Verdict::Winnable {
                helpmate: shorten_helpmate(pos, &helpmate, horizon, SHORTEN_NODES),
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

/// One side's answer: its verdict under the horizon and, where only the
/// horizon stops it, the longer mate it would have without one.
struct Answer {
    verdict: Verdict,
    beyond: Option<Vec<Move>>,
}

/// `side`'s answer: asked under `horizon`, and asked again without one
/// where that horizon made it `Unwinnable`, so that the output can say the
/// 75-move rule is the reason (a second question only then).
fn answer(
    pos: &Chess,
    side: Color,
    verdict: Verdict,
    horizon: Horizon,
    deadline: Option<Instant>,
) -> Answer {
    let verdict = readable(pos, verdict, horizon, deadline);
    let beyond = match (&verdict, horizon) {
        (Verdict::Unwinnable, Horizon::QuietPliesLeft(_)) => {
            let free = ask(pos, side, Horizon::Unbounded, deadline);
            match readable(pos, free, Horizon::Unbounded, deadline) {
                Verdict::Winnable { helpmate } => Some(helpmate),
                _ => None,
            }
        }
        _ => None,
    };
    Answer { verdict, beyond }
}

/// One side's answer as JSON.
fn side_json(pos: &Chess, answer: Option<&Answer>) -> serde_json::Value {
    let Some(answer) = answer else {
        return serde_json::json!({ "verdict": "not asked" });
    };
    let mut v = match &answer.verdict {
        Verdict::Winnable { helpmate } => serde_json::json!({
            "verdict": "winnable",
            "helpmate": san_line(pos, helpmate),
        }),
        Verdict::Unwinnable => serde_json::json!({ "verdict": "unwinnable" }),
        Verdict::Undetermined => serde_json::json!({ "verdict": "undetermined" }),
    };
    if let Some(line) = &answer.beyond {
        v["helpmate_beyond_horizon"] = san_line(pos, line).into();
    }
    v
}

/// One side's answer in words.
fn side_text(pos: &Chess, name: &str, answer: &Answer, horizon: Horizon) -> String {
    match (&answer.verdict, &answer.beyond, horizon) {
        (Verdict::Winnable { helpmate }, _, _) if helpmate.is_empty() => {
            format!("{name} has already mated.")
        }
        (Verdict::Winnable { helpmate }, _, _) => {
            format!("{name} can mate: {}", san_line(pos, helpmate).join(" "))
        }
        (Verdict::Unwinnable, Some(line), Horizon::QuietPliesLeft(0)) => format!(
            "{name} cannot mate: the 75-move rule has already ended the game (Art. 9.6.2); \
             without that rule it could: {}",
            san_line(pos, line).join(" ")
        ),
        (Verdict::Unwinnable, Some(line), Horizon::QuietPliesLeft(left)) => format!(
            "{name} cannot mate before the 75-move rule ends the game ({left} {} without a \
             capture or pawn move left, Art. 9.6.2); without that rule it could: {}",
            if left == 1 { "ply" } else { "plies" },
            san_line(pos, line).join(" ")
        ),
        (Verdict::Unwinnable, _, _) => format!("{name} cannot mate by any series of legal moves."),
        (Verdict::Undetermined, _, _) => format!("{name}: undetermined within the budget."),
    }
}

/// A side's letter in the label.
fn mark(answer: Option<&Answer>, yes: char) -> char {
    match answer.and_then(|a| a.verdict.can_mate()) {
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
            return out::bad_input("unwinnable", format!("bad FEN {}: {e}", quote(&text)));
        }
    };
    let (ask_white, ask_black) = match a.side.as_deref() {
        None => (true, true),
        Some("white" | "w") => (true, false),
        Some("black" | "b") => (false, true),
        Some(other) => {
            return out::bad_input(
                "unwinnable",
                format!("--side {} is neither white nor black", quote(other)),
            );
        }
    };
    let edition = match edition(a.edition.as_deref()) {
        Ok(e) => e,
        Err(e) => {
            return out::bad_input("unwinnable", format!("--edition: {e}"));
        }
    };
    let horizon = horizon(edition, &pos);
    let end = deadline(a.budget_ms);
    let (white, black) = match (ask_white, ask_black) {
        (true, true) => {
            let ByColor { white, black } = ask_both(&pos, horizon, end);
            (Some(white), Some(black))
        }
        _ => (
            ask_white.then(|| ask(&pos, Color::White, horizon, end)),
            ask_black.then(|| ask(&pos, Color::Black, horizon, end)),
        ),
    };
    let white = white.map(|v| answer(&pos, Color::White, v, horizon, end));
    let black = black.map(|v| answer(&pos, Color::Black, v, horizon, end));
    let label: String = [mark(white.as_ref(), 'W'), mark(black.as_ref(), 'B')]
        .iter()
        .collect();
    let mut text = String::new();
    if a.json {
        let mut v = serde_json::json!({
            "fen": Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string(),
            "white": side_json(&pos, white.as_ref()),
            "black": side_json(&pos, black.as_ref()),
            "label": label,
        });
        if let Some(e) = edition {
            v["edition"] = e.key().into();
            v["quiet_plies_left"] = match horizon {
                Horizon::QuietPliesLeft(n) => n.into(),
                Horizon::Unbounded => serde_json::Value::Null,
            };
        }
        text.push_str(&format!("{v}\n"));
    } else {
        for (name, answer) in [("White", &white), ("Black", &black)] {
            if let Some(answer) = answer {
                text.push_str(&side_text(&pos, name, answer, horizon));
                text.push('\n');
            }
        }
    }
    text.push_str(&label);
    text.push('\n');
    // A reader that closed the pipe early wants no more (a quiet end); a
    // full disk is said, exit 1.
    match out::print("unwinnable", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
