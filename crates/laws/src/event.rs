//! The events of a game's log (docs/event-log.md), one JSON object per line.
//!
//! Every input to a game is an event stamped with `at`: milliseconds since
//! White's clock was started. The game state is a fold over these events.

use arbiter_rules::Side;
use serde::{Deserialize, Serialize};

/// A draw claim, or a claim the Laws let a player make (L-9.2, L-9.3, L-A.5.2,
/// G-III.5, L-A.5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// L-9.2: the position has appeared, or will appear with the intended move, a third time.
    Threefold,
    /// L-9.3: 50 moves by each player without pawn move or capture.
    FiftyMoves,
    /// L-A.5.2: the opponent's last completed move was illegal (reduced rapid/blitz).
    IllegalMove,
    /// 2005 art. 10.2 / G-III.5: under two minutes, the opponent cannot or does not try to win.
    QuickplayFinish,
    /// G-III.4: under two minutes, ask for a 5-second increment for both (also a draw offer).
    Increment,
    /// L-6.8 / L-A.5.3: the opponent's flag has fallen.
    Time,
}

/// One event of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A move is *made* (L-4.7); `press: true` completes it at the same instant.
    Move {
        side: Side,
        #[serde(rename = "move")]
        mv: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        press: bool,
    },
    /// The player presses his clock, completing his move (L-6.2a).
    Press {
        side: Side,
    },
    OfferDraw {
        side: Side,
    },
    AcceptDraw {
        side: Side,
    },
    DeclineDraw {
        side: Side,
    },
    Claim {
        side: Side,
        claim: ClaimKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        intended: Option<String>,
    },
    Resign {
        side: Side,
    },
    /// That side's flag is seen to have fallen (L-6.8).
    Flag {
        side: Side,
    },
    /// The player arrives at the board (L-6.7).
    Arrive {
        side: Side,
    },
    /// An arbiter's action or decision.
    Arbiter(ArbiterAction),
}

/// What the arbiter does. Penalties follow 12.9.1–12.9.9 (2017+) and 13.4 (2005).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArbiterAction {
    pub action: ActionKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Points for `declare_result` with announced alternative scores, or for
    /// `reduce_points`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// For `restore`: the number of half-moves to keep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<u32>,
    /// For `reversed_colours` in 2005: the arbiter orders a restart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart: Option<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    // Clock (L-6.11, L-12.5).
    Pause,
    Resume,
    AddTime,
    DeductTime,
    // Penalties (12.9 / 13.4).
    Warning,
    IncreasePoints,
    ReducePoints,
    DeclareLost,
    Fine,
    ExcludeRounds,
    Expel,
    // Results.
    DeclareResult,
    // Irregularities (Art. 7.1–7.4 / 2005 7.1–7.5).
    WrongInitialPosition,
    BoardOrientation,
    ReversedColours,
    DisplacedPieces,
    Restore,
    /// The arbiter sees an illegal move himself (reduced play, before the opponent moves).
    IllegalMove,
    /// `side` used two hands for one move and pressed (L-7.5d).
    TwoHands,
    // Quickplay finish decisions (2005 10.2, G-III.4/5).
    QuickplayAccept,
    QuickplayPostpone,
    QuickplayReject,
    QuickplayIncrement,
}

/// An event with its timestamp, as one line of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimedEvent {
    pub at: u64,
    #[serde(flatten)]
    pub event: Event,
}

impl Event {
    /// The side that acts, if the event belongs to a player.
    pub fn side(&self) -> Option<Side> {
        match self {
            Event::Move { side, .. }
            | Event::Press { side }
            | Event::OfferDraw { side }
            | Event::AcceptDraw { side }
            | Event::DeclineDraw { side }
            | Event::Claim { side, .. }
            | Event::Resign { side }
            | Event::Flag { side }
            | Event::Arrive { side } => Some(*side),
            Event::Arbiter(a) => a.side,
        }
    }
}
