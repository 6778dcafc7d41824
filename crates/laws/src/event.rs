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
    /// L-4.8 (2005 4.7; the Tavreli rules, art. 4.5): the opponent's last
    /// move broke the touch-move rule (L-4.3, L-4.4).
    TouchMove,
}

/// One event of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A move is *made* (L-4.7); `press: true` completes it at the same instant.
    Move {
        /// The player who makes the move.
        side: Side,
        /// The move as the rule set reads it (SAN or UCI for chess); a text
        /// that is not a legal move is an illegal move (L-7.5a), not an error.
        #[serde(rename = "move")]
        mv: String,
        /// The clock is pressed with the move, completing it (L-6.2a).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        press: bool,
        /// The network lag, in ms, that a hall took back from the mover's
        /// clock for this move (lag compensation, bounded by a quota as
        /// lichess bounds it); `at` is already the compensated instant, so
        /// replay reads it as any other move. Absent when nothing was taken
        /// back.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lag_ms: Option<u64>,
    },
    /// The player presses his clock, completing his move (L-6.2a).
    Press {
        /// The player who presses; a press without a move made is L-7.5c.
        side: Side,
    },
    /// The player offers a draw (L-9.1b); the offer stands until accepted,
    /// declined or lapsed (L-9.1c).
    OfferDraw {
        /// The player who offers.
        side: Side,
    },
    /// The player accepts the opponent's open draw offer: the game is drawn
    /// by agreement (L-5.2c, L-9.1f).
    AcceptDraw {
        /// The player who accepts.
        side: Side,
    },
    /// The player declines the opponent's open draw offer (L-9.1c).
    DeclineDraw {
        /// The player who declines.
        side: Side,
    },
    /// The player makes a claim (L-9.5a): a draw, an illegal move, a flag.
    Claim {
        /// The claimant.
        side: Side,
        /// What is claimed.
        claim: ClaimKind,
        /// For L-9.2c and L-9.3: the move the claimant writes and declares
        /// he will make; a correct claim is judged with it played.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        intended: Option<String>,
    },
    /// The player resigns: he loses at once (L-5.1b).
    Resign {
        /// The player who resigns.
        side: Side,
    },
    /// That side's flag is seen to have fallen (L-6.8).
    Flag {
        /// The player whose flag fell.
        side: Side,
    },
    /// The clock is started (L-6.6; the Laws 2005, 6.5): the instant
    /// `at = 0` of the log, written by a live session when it starts the
    /// clock (online: with White's first move; over the board: the
    /// arbiter's start, a press or a move). Only at 0 and before any other
    /// event; a log without it started at 0 all the same.
    Start,
    /// The player arrives at the board (L-6.7).
    Arrive {
        /// The player who arrives; later than the default time, he loses (L-6.7a).
        side: Side,
    },
    /// The player touches a man deliberately, with intent to move or
    /// capture it (L-4.3; 2005 "deliberately touches"; the Tavreli rules,
    /// art. 4.2).
    Touch {
        /// The player who touches.
        side: Side,
        /// The square of the man touched (`e2`).
        square: String,
        /// Tavreli: which man of the tower, counted from the top (1, the
        /// top man, when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        man: Option<u32>,
    },
    /// The player adjusts a man after saying "j'adoube" / «поправляю»
    /// (L-4.2; the Tavreli rules, art. 4.1): no obligation follows.
    Adjust {
        /// The player who adjusts.
        side: Side,
        /// The square of the man adjusted.
        square: String,
    },
    /// The player announces his move aloud (Appendix D.2.1; 2005
    /// Supplement, item 1): written after the `move` and before the press.
    /// For a player under Appendix D the press is refused until he has
    /// announced (D.2.4); a second announcement before the press corrects
    /// a slip of the tongue (D.2.8).
    Announce {
        /// The player who announces.
        side: Side,
        /// The move announced, as the rule set reads moves (SAN or UCI).
        #[serde(rename = "move")]
        mv: String,
    },
    /// The player stops the clocks to call the arbiter (FIDE Laws 2017,
    /// 6.12.2; 2005, 6.13): both clocks stop until the arbiter resumes
    /// the game (an arbiter's `resume`).
    CallArbiter {
        /// The player who calls.
        side: Side,
    },
    /// An arbiter's action or decision.
    Arbiter(ArbiterAction),
}

/// What the arbiter does. Penalties follow 12.9.1–12.9.9 (2017+) and 13.4 (2005).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArbiterAction {
    /// What the arbiter does.
    pub action: ActionKind,
    /// The player the action concerns: the offender for a penalty, the
    /// player whose clock changes for `add_time`/`deduct_time`. Actions that
    /// need a side are rejected without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// For `add_time`/`deduct_time`: the amount in milliseconds, not negative
    /// (a missing or negative amount is rejected). For `quickplay_postpone`
    /// and `quickplay_reject`: the extra time given, in milliseconds (two
    /// minutes if absent). For `quickplay_increment`: the increment in
    /// milliseconds (5 000 if absent, G-III.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<i64>,
    /// For `declare_result`: the result as in PGN (`1-0`, `0-1`, `1/2-1/2`,
    /// `0-0`); a missing, unknown or unfinished (`*`) result is rejected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Why the arbiter acted, for the record (kept in the game's notes).
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
    /// For `retrace`: White's time set by the arbiter, in milliseconds (D.2.9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_ms: Option<i64>,
    /// For `retrace`: Black's time set by the arbiter, in milliseconds (D.2.9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_ms: Option<i64>,
}

impl ArbiterAction {
    /// The action `action` with nothing else said: no side, no amount, no
    /// ply. Callers set the fields their action needs.
    pub fn new(action: ActionKind) -> Self {
        ArbiterAction {
            action,
            side: None,
            ms: None,
            result: None,
            reason: None,
            points: None,
            ply: None,
            restart: None,
            white_ms: None,
            black_ms: None,
        }
    }
}

/// The kind of an arbiter's action ([`ArbiterAction::action`]), written in
/// the log in snake case (`add_time`, `declare_lost` …).
///
/// A penalty the edition does not have (L-12.9; 2005 art. 13.4) is
/// rejected; so are a time change without a clock, a quickplay decision
/// with no quickplay claim pending, and, once the game is over, every
/// clock, irregularity and quickplay action (a finished game is changed
/// only by a penalty or a declared result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    // Clock (L-6.11, L-12.5).
    /// Pause both clocks (L-6.11), e.g. to settle a claim (L-9.5a).
    Pause,
    /// Start the clock of the player having the move again after a pause.
    Resume,
    /// Add `ms` to `side`'s clock (L-12.5, L-12.9.2, L-6.10; the opponent's
    /// extra time for an illegal move or a wrong claim is applied by the
    /// Laws themselves).
    AddTime,
    /// Deduct `ms` from `side`'s clock (L-12.9.3, L-6.10 correction).
    DeductTime,
    // Penalties (12.9 / 13.4).
    /// A warning to `side` (L-12.9.1).
    Warning,
    /// Raise the opponent of `side` to the game's maximum score (L-12.9.4).
    IncreasePoints,
    /// Reduce `side`'s points by `points` (default a draw's score, L-12.9.5).
    ReducePoints,
    /// Declare the game lost by `side` (L-12.9.6); `points` sets the
    /// opponent's score if given. Declaring a loss for the winner of an
    /// earlier declared loss makes both lose (L-11.8).
    DeclareLost,
    /// A fine announced in advance (L-12.9.7), recorded only.
    Fine,
    /// Exclusion from one or more rounds (L-12.9.8), recorded only.
    ExcludeRounds,
    /// Expulsion from the competition (L-12.9.9), recorded only.
    Expel,
    // Results.
    /// The arbiter declares `result` (Art. 5, L-12.9.6, a quickplay decision).
    DeclareResult,
    // Irregularities (Art. 7.1–7.4 / 2005 7.1–7.5).
    /// The initial position was wrong (L-7.2a): the game is cancelled and a
    /// new one played. Rejected in reduced rapid/blitz once the edition's
    /// number of moves is reached (L-A.5.1).
    WrongInitialPosition,
    /// The board was wrongly oriented (L-7.2b): play goes on, the position
    /// moved to a correct board; same cut-off as above.
    BoardOrientation,
    /// The players had the wrong colours (L-7.3); `restart` says whether
    /// the arbiter orders a new game (2005).
    ReversedColours,
    /// Pieces were displaced and are put back (L-7.4, L-7.6); recorded in
    /// the notes.
    DisplacedPieces,
    /// Reinstate the position after `ply` half-moves (L-7.5a, L-7.1);
    /// rejected without `ply` or with more plies than were played.
    Restore,
    /// The arbiter sees an illegal move himself (reduced play, before the opponent moves).
    IllegalMove,
    /// `side` used two hands for one move and pressed (L-7.5d).
    TwoHands,
    // Quickplay finish decisions (2005 10.2, G-III.4/5).
    /// Uphold a quickplay-finish draw claim (G-III.5): the game is drawn.
    QuickplayAccept,
    /// Postpone the decision on a quickplay-finish claim (G-III.5); the
    /// game goes on, `ms` extra time goes to the claimant or to his opponent
    /// as the edition says (2005 art. 10.2b vs G-III.5), and the arbiter
    /// decides later.
    QuickplayPostpone,
    /// Reject a quickplay-finish claim (G-III.5); the claimant's opponent
    /// gets `ms` extra time.
    QuickplayReject,
    /// Grant the increment asked for under G-III.4 (`ms`, default 5 s) to
    /// both clocks; the claimant's opponent gets two extra minutes. Rejected
    /// under an edition without Guidelines III.4.
    QuickplayIncrement,
    // The two boards of a blind player's game (Appendix D; 2005 Supplement).
    /// The two boards differed and the scoresheets disagree (D.2.9; 2005
    /// Supplement, item 8): the moves after `ply` are cancelled, the clocks
    /// set to `white_ms` and `black_ms`, and play goes on from there with
    /// the clock of the side to move running. Rejected in a game with no
    /// side under Appendix D.
    Retrace,
    /// From here on the clock no longer follows the board: a move made on
    /// the board was not typed and the arbiter (or the clock's user) chose
    /// to go on with the clock alone. Later presses need no move and later
    /// typed moves are kept as written, as in a clock-only log.
    ClockOnly,
}

/// An event with its timestamp, as one line of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimedEvent {
    /// When the event happened, in milliseconds since White's clock was
    /// started (L-6.6); an event earlier than the last accepted one is rejected.
    pub at: u64,
    /// What happened.
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
            | Event::Arrive { side }
            | Event::Touch { side, .. }
            | Event::Adjust { side, .. }
            | Event::Announce { side, .. }
            | Event::CallArbiter { side } => Some(*side),
            Event::Arbiter(a) => a.side,
            Event::Start => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lagged(lag_ms: Option<u64>) -> TimedEvent {
        TimedEvent {
            at: 5,
            event: Event::Move {
                side: Side::White,
                mv: "e4".into(),
                press: true,
                lag_ms,
            },
        }
    }

    #[test]
    fn the_lag_is_written_last_and_only_when_taken_back() {
        let with = serde_json::to_string(&lagged(Some(120))).unwrap();
        assert_eq!(
            with,
            r#"{"at":5,"type":"move","side":"white","move":"e4","press":true,"lag_ms":120}"#
        );
        let without = serde_json::to_string(&lagged(None)).unwrap();
        assert_eq!(
            without,
            r#"{"at":5,"type":"move","side":"white","move":"e4","press":true}"#
        );
        // Both read back to the same event they were written from.
        for (line, lag) in [(with, Some(120)), (without, None)] {
            let back: TimedEvent = serde_json::from_str(&line).unwrap();
            assert_eq!(back, lagged(lag));
        }
    }
}
