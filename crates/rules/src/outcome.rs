//! How a game ends, as words every crate shares: the result and the reason.
//!
//! The Laws core decides them; the notation crate says them; the replay
//! report prints them with the same keys (`1-0`, `time_forfeit`).

use crate::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The result as PGN and the Laws write it. `0-0` is the double loss of
/// L-11.8 (and `−/−` of L-10.3 when unplayed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `0-0`: both players lose (L-11.8, L-10.3).
    BothLose,
    /// `*`: the game goes on.
    Ongoing,
}

impl GameResult {
    /// The win of `side`.
    pub fn win_for(side: Side) -> Self {
        match side {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }
    /// The result as PGN writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose => "0-0",
            GameResult::Ongoing => "*",
        }
    }
    /// Reads a result as PGN, the Laws (`+/-`, L-10.3) or a person writes it.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s.trim() {
            "1-0" | "+/-" | "+/−" => GameResult::WhiteWins,
            "0-1" | "-/+" | "−/+" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" | "=" => GameResult::Draw,
            "0-0" | "-/-" | "−/−" => GameResult::BothLose,
            "*" => GameResult::Ongoing,
            _ => return None,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Why the game ended (the `termination` key of `arbiter replay --json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// L-5.1a.
    Checkmate,
    /// L-5.2a.
    Stalemate,
    /// L-5.2b.
    DeadPosition,
    /// L-9.6a (2017+).
    FivefoldRepetition,
    /// L-9.6b (2017+).
    SeventyFiveMoves,
    /// L-9.2, claimed correctly.
    ThreefoldClaim,
    /// L-9.3, claimed correctly.
    FiftyMovesClaim,
    /// L-5.2c.
    Agreement,
    /// L-5.1b.
    Resignation,
    /// L-6.9.
    TimeForfeit,
    /// L-7.5e: the illegal-move ladder.
    IllegalMoves,
    /// The arbiter's decision (declared result, default, penalty).
    Arbiter,
}

impl Termination {
    /// Every way a game ends, in the order of the articles.
    pub const ALL: [Termination; 12] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
        Termination::ThreefoldClaim,
        Termination::FiftyMovesClaim,
        Termination::Agreement,
        Termination::Resignation,
        Termination::TimeForfeit,
        Termination::IllegalMoves,
        Termination::Arbiter,
    ];

    /// Reads the report's key back ([`Termination::as_str`]).
    pub fn parse(key: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.as_str() == key)
    }

    /// The key in the replay report and the log.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead_position",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::SeventyFiveMoves => "seventy_five_moves",
            Termination::ThreefoldClaim => "threefold_claim",
            Termination::FiftyMovesClaim => "fifty_moves_claim",
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::TimeForfeit => "time_forfeit",
            Termination::IllegalMoves => "illegal_moves",
            Termination::Arbiter => "arbiter",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report serialises these types themselves, so serde must write
    /// the very strings `as_str` gives (the report's `result` and
    /// `termination` keys as scripts read them).
    #[test]
    fn serde_writes_the_report_strings() {
        use Termination::*;
        for t in Termination::ALL {
            assert_eq!(Termination::parse(t.as_str()), Some(t));
        }
        assert_eq!(Termination::parse("dead position"), None);
        for (t, text) in [
            (Checkmate, "checkmate"),
            (Stalemate, "stalemate"),
            (DeadPosition, "dead_position"),
            (FivefoldRepetition, "fivefold_repetition"),
            (SeventyFiveMoves, "seventy_five_moves"),
            (ThreefoldClaim, "threefold_claim"),
            (FiftyMovesClaim, "fifty_moves_claim"),
            (Agreement, "agreement"),
            (Resignation, "resignation"),
            (TimeForfeit, "time_forfeit"),
            (IllegalMoves, "illegal_moves"),
            (Arbiter, "arbiter"),
        ] {
            assert_eq!(t.as_str(), text);
            assert_eq!(t.to_string(), text);
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<Termination>(&json).unwrap(), t);
        }
        for (r, text) in [
            (GameResult::WhiteWins, "1-0"),
            (GameResult::BlackWins, "0-1"),
            (GameResult::Draw, "1/2-1/2"),
            (GameResult::BothLose, "0-0"),
            (GameResult::Ongoing, "*"),
        ] {
            assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{text}\""));
            assert_eq!(GameResult::parse(text), Some(r));
        }
    }
}
