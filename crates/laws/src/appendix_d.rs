//! Appendix D in the fold: a blind player's game on two boards (the Laws
//! from 2017, Appendix D; the Laws 2005, the "Supplement" for visually
//! handicapped players, items 1–10).
//!
//! What the fold keeps: which sides play under the appendix and which have
//! an assistant (the header), every announcement (D.2.1) with whether it
//! corrected an earlier one (D.2.8) and whether it named another move than
//! the board's, the announcement that lets a blind player press (D.2.4),
//! and the arbiter's retraces (D.2.9). The game (`crate::game`) asks it at
//! each press and each announcement.

use arbiter_rules::Side;
use serde::Serialize;

/// An announcement, as the report lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnnouncementRecord {
    /// When, in milliseconds since White's clock was started.
    pub at: u64,
    /// Who announced.
    pub side: Side,
    /// The half-move announced (0-based), when the board's move is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// The move announced, as written in the log.
    #[serde(rename = "move")]
    pub mv: String,
    /// A second announcement of the same move before the press: a slip of
    /// the tongue corrected (D.2.8; 2005 Supplement, item 7).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub correction: bool,
    /// The board shows another move than the one announced; if it is still
    /// so at the press, the two boards differ (D.2.9).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub differs: bool,
}

/// A retrace by the arbiter (D.2.9), as the report lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RetraceRecord {
    /// When, in milliseconds since White's clock was started.
    pub at: u64,
    /// The half-moves kept.
    pub ply: usize,
    /// The moves cancelled, as written (SAN for chess).
    pub cancelled: Vec<String>,
    /// White's time as the arbiter set it, without a clock `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_ms: Option<i64>,
    /// Black's time as the arbiter set it, without a clock `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_ms: Option<i64>,
}

/// The Appendix D part of a game's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct AppendixDState {
    /// The sides under Appendix D (`[white, black]`).
    pub blind: [bool; 2],
    /// The sides with an assistant (`[white, black]`).
    pub assistant: [bool; 2],
    /// Every announcement, for the report.
    pub records: Vec<AnnouncementRecord>,
    /// Per side, the index into `records` of the announcement of the move
    /// now on the board and not yet completed by a press.
    pub current: [Option<usize>; 2],
    /// Every retrace, for the report.
    pub retraces: Vec<RetraceRecord>,
    /// Every announcement that still named another move than the board's
    /// when its announcer pressed (D.2.9), for the report.
    pub differences: Vec<AnnouncementRecord>,
}

impl AppendixDState {
    /// The state a header's two lists give.
    pub fn new(blind: &[Side], assistant: &[Side]) -> Self {
        let mut s = AppendixDState::default();
        for side in blind {
            s.blind[side.index()] = true;
        }
        for side in assistant {
            s.assistant[side.index()] = true;
        }
        s
    }

    /// Whether any side plays under Appendix D.
    pub fn any(&self) -> bool {
        self.blind.iter().any(|b| *b)
    }

    /// Whether `side`'s press must wait for his announcement (D.2.4): he
    /// plays under Appendix D and the move on his board is not announced.
    /// The sighted player's press needs none (D.2.5).
    pub fn press_waits(&self, side: Side) -> bool {
        self.blind[side.index()] && self.current[side.index()].is_none()
    }

    /// Records an announcement by `side`; the earlier one of the same move,
    /// if any, was a slip of the tongue now corrected (D.2.8).
    pub fn announce(&mut self, at: u64, side: Side, ply: Option<usize>, mv: &str, differs: bool) {
        let correction = self.current[side.index()].is_some();
        self.records.push(AnnouncementRecord {
            at,
            side,
            ply,
            mv: mv.to_string(),
            correction,
            differs,
        });
        self.current[side.index()] = Some(self.records.len() - 1);
    }

    /// `side` made a new move on the board: what he announced before names
    /// it no more, and the press waits for a new announcement.
    pub fn new_move(&mut self, side: Side) {
        self.current[side.index()] = None;
    }

    /// `side` pressed, completing his move: the announcement that stood
    /// then, if it named another move than the board's (D.2.9).
    pub fn pressed(&mut self, side: Side) -> Option<AnnouncementRecord> {
        let i = self.current[side.index()].take()?;
        let r = self.records[i].clone();
        if !r.differs {
            return None;
        }
        self.differences.push(r.clone());
        Some(r)
    }

    /// The position was reinstated (7.5.1, 7.6, D.2.9): no move on either
    /// board is announced any more.
    pub fn reinstated(&mut self) {
        self.current = [None, None];
    }
}
