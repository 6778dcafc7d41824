//! `unwinnable`: which sides can still mate, the label `arbiter
//! unwinnable` prints last (FIDE Laws 5.2.2 dead position, 6.9 flag fall).

use std::time::{Duration, Instant};

use arbiter_rules::{Edition, Provisions, Variant};
use arbiter_unwinnable::{
    Budget, Horizon, Until, Verdict, can_mate_each, can_mate_each_until, can_mate_until,
    can_mate_within, composed_position,
};
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, Position};

use crate::error::{ApiError, guarded};

/// The node budget a deadline starts from: what a slow core searches in a
/// millisecond (the command's figure).
const NODES_PER_MS: u64 = 2_000;

/// Which sides are asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Both, their nodes pooled.
    Both,
    /// One side only; the other's letter is `?`.
    One(Color),
}

impl Sides {
    /// `None`, `"white"`/`"w"` or `"black"`/`"b"`, as the command's `--side`.
    pub fn parse(side: Option<&str>) -> Result<Sides, ApiError> {
        match side {
            None => Ok(Sides::Both),
            Some("white" | "w") => Ok(Sides::One(Color::White)),
            Some("black" | "b") => Ok(Sides::One(Color::Black)),
            Some(other) => Err(ApiError::Option(format!(
                "side {:?} is neither white nor black",
                arbiter_laws::log::cut(other, 40)
            ))),
        }
    }
}

/// The label of `fen`: `W` or `-` for White, then `B` or `-` for Black,
/// `?` for a side undetermined or not asked. Without `budget_ms` each side
/// has the default node budget; with it, the answer comes within that
/// many milliseconds. With an `edition` that has the 75-move rule the
/// mate must come within the quiet plies the FEN's halfmove clock leaves.
pub fn unwinnable(
    fen: &str,
    sides: Sides,
    budget_ms: Option<u64>,
    edition: Option<&str>,
) -> Result<String, ApiError> {
    let pos = position(fen)?;
    let horizon = horizon(edition, &pos)?;
    guarded("unwinnable", || {
        let deadline = budget_ms.map(|ms| {
            let now = Instant::now();
            now.checked_add(Duration::from_millis(ms))
                .or_else(|| now.checked_add(Duration::from_millis(u64::from(u32::MAX))))
                .unwrap_or(now)
        });
        let (white, black) = match sides {
            Sides::Both => {
                let v = match deadline {
                    None => can_mate_each(&pos, horizon, Budget::DEFAULT),
                    Some(d) => by(d, |u| can_mate_each_until(&pos, horizon, u)),
                };
                (Some(v.white), Some(v.black))
            }
            Sides::One(side) => {
                let v = match deadline {
                    None => can_mate_within(&pos, side, horizon, Budget::DEFAULT),
                    Some(d) => by(d, |u| can_mate_until(&pos, side, horizon, u)),
                };
                match side {
                    Color::White => (Some(v), None),
                    Color::Black => (None, Some(v)),
                }
            }
        };
        Ok([mark(white, 'W'), mark(black, 'B')].iter().collect())
    })
}

/// A side's letter in the label.
fn mark(verdict: Option<Verdict>, yes: char) -> char {
    match verdict.and_then(|v| v.can_mate()) {
        Some(true) => yes,
        Some(false) => '-',
        None => '?',
    }
}

/// Runs `f` with the limit `deadline` sets.
fn by<T>(deadline: Instant, f: impl FnOnce(Until<'_>) -> T) -> T {
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

/// A FEN as the command reads it: a composed position (more material or
/// a check a game cannot reach) is accepted, other faults are not.
fn position(text: &str) -> Result<Chess, ApiError> {
    let bad = |e: String| {
        ApiError::Input(format!(
            "bad FEN {:?}: {e}",
            arbiter_laws::log::cut(text.trim(), 100)
        ))
    };
    let fen: Fen = text.trim().parse().map_err(|e| bad(format!("{e}")))?;
    composed_position(fen).map_err(|e| bad(format!("{e}")))
}

/// The horizon an edition's 75-move rule puts on the series of moves
/// (L-9.6b); none without an edition. The Tavreli rules are not chess.
fn horizon(edition: Option<&str>, pos: &Chess) -> Result<Horizon, ApiError> {
    let Some(text) = edition else {
        return Ok(Horizon::Unbounded);
    };
    let e: Edition = crate::audit::parse_edition(text)?;
    if !Provisions::admits(e, Variant::Chess) {
        return Err(ApiError::Option(
            "the Tavreli rules are not chess: expected 2005, 2017, 2018 or 2023".into(),
        ));
    }
    let limit = Provisions::new(e, Default::default(), Default::default()).quiet_ply_limit();
    Ok(match limit {
        Some(limit) => Horizon::QuietPliesLeft(limit.saturating_sub(pos.halfmoves())),
        None => Horizon::Unbounded,
    })
}
