//! How a game ends: the result, the reason, and the points (Art. 5, Art. 10).

use arbiter_rules::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The result as PGN and the Laws write it. `0-0` is the double loss of
/// L-11.8 (and `−/−` of L-10.3 when unplayed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    BothLose,
    Ongoing,
}

impl GameResult {
    pub fn win_for(side: Side) -> Self {
        match side {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose => "0-0",
            GameResult::Ongoing => "*",
        }
    }
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
    Checkmate,
    Stalemate,
    DeadPosition,
    FivefoldRepetition,
    SeventyFiveMoves,
    ThreefoldClaim,
    FiftyMovesClaim,
    Agreement,
    Resignation,
    TimeForfeit,
    IllegalMoves,
    Arbiter,
}

impl Termination {
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

/// The end of a game: result, reason, and when.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    pub result: GameResult,
    pub termination: Termination,
    /// The instant the game ended (ms since White's clock started).
    pub at: u64,
}

/// Points for a win, a draw and a loss (CFG-6, L-10.1, L-10.4). Default 1/½/0.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
        }
    }
}

impl Scoring {
    /// Each side's points for a result (L-10.1).
    pub fn points(&self, result: GameResult) -> Option<[f64; 2]> {
        Some(match result {
            GameResult::WhiteWins => [self.win, self.loss],
            GameResult::BlackWins => [self.loss, self.win],
            GameResult::Draw => [self.draw, self.draw],
            GameResult::BothLose => [self.loss, self.loss],
            GameResult::Ongoing => return None,
        })
    }
}
