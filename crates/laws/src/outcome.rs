//! How a game ends: the result, the reason, and the points (Art. 5, Art. 10).

pub use arbiter_rules::outcome::{GameResult, Termination};
use serde::{Deserialize, Serialize};

/// The end of a game: result, reason, and when.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// Who won, or a draw, or both lose (L-11.8).
    pub result: GameResult,
    /// Why the game ended (Art. 5, Art. 6, Art. 7, Art. 9, Art. 12).
    pub termination: Termination,
    /// The instant the game ended (ms since White's clock started).
    pub at: u64,
}

/// Points for a win, a draw and a loss (CFG-6, L-10.1, L-10.4). Default 1/½/0.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scoring {
    /// Points for a win.
    pub win: f64,
    /// Points for a draw.
    pub draw: f64,
    /// Points for a loss.
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
