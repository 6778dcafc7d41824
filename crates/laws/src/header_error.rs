//! Why a log header cannot start a game: the refusals of
//! [`crate::replay::new_game`] and [`crate::replay::playable_start`].
//!
//! Each is typed so that a caller can tell them apart; their English words
//! (the `Display`) are what `arbiter replay`, `arbiter play` and the hall
//! have always shown, and scripts read them.

use crate::outcome::Termination;
use arbiter_clock::{ClockError, ParseError};
use std::fmt;

/// What [`HeaderError::OverAtStart`] says before the ending's key
/// (`checkmate`, `dead_position` … as [`Termination::as_str`] writes it),
/// after the `header start: ` that every fault of the start position
/// begins with.
pub const START_OVER: &str = "the game is already over in this position: ";

/// Why a new chess game is not played under the Tavreli tournament rules
/// ([`HeaderError::VariantNotUnderEdition`]).
pub const TAVRELI_RULES_ARE_NOT_CHESS: &str = "header edition: the Tavreli tournament rules \
(edition tavreli) are the rules of Tavreli; a chess game is played under a FIDE edition: \
2005, 2017, 2018 or 2023";

/// A time control text that cannot be read: the text and where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTimeControl {
    /// The text as the header or the record gave it.
    pub text: String,
    /// What is wrong, with its column.
    pub error: ParseError,
}

impl fmt::Display for BadTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "time control {:?}: {}", self.text, self.error)
    }
}

impl std::error::Error for BadTimeControl {}

/// Why a header cannot start a game.
#[derive(Debug)]
pub enum HeaderError {
    /// `default_time` is below zero.
    NegativeDefaultTime(i64),
    /// `time_penalty_ms` is below zero or past the clock's range.
    TimePenaltyOutOfRange(i64),
    /// One of the `scoring` points is outside `[0, MAX_POINTS]`.
    ScoringOutOfRange {
        /// `win`, `draw` or `loss`.
        name: &'static str,
        /// The points the header gave.
        points: f64,
        /// The most points a game may give.
        max: f64,
    },
    /// The time control cannot be read.
    TimeControl(BadTimeControl),
    /// The time control reads, but no clock can be set to it.
    Clock {
        /// The time control text.
        text: String,
        /// The clock's refusal.
        error: ClockError,
    },
    /// `increment_timing` names neither `at_press` nor `before_move`.
    UnknownIncrementTiming(String),
    /// The start position cannot be read by the rule set.
    Start(Box<dyn std::error::Error + Send + Sync>),
    /// The variant is not played under the edition the header names
    /// ([`arbiter_rules::Provisions::admits`]): today only chess under the
    /// Tavreli tournament rules, which is what the words say.
    VariantNotUnderEdition {
        /// The header's variant.
        variant: arbiter_rules::Variant,
        /// The header's edition.
        edition: arbiter_rules::Edition,
    },
    /// The start position is one the Laws have already ended.
    OverAtStart(Termination),
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use arbiter_clock::MAX_AT_MS;
        match self {
            HeaderError::NegativeDefaultTime(d) => write!(f, "default_time {d} is negative"),
            HeaderError::TimePenaltyOutOfRange(p) => {
                write!(f, "time_penalty_ms {p} is outside [0, {MAX_AT_MS}]")
            }
            HeaderError::ScoringOutOfRange { name, points, max } => {
                write!(f, "scoring {name} {points} is outside [0, {max}]")
            }
            HeaderError::TimeControl(e) => e.fmt(f),
            HeaderError::Clock { text, error } => write!(f, "time control {text:?}: {error}"),
            HeaderError::UnknownIncrementTiming(other) => write!(
                f,
                "unknown increment_timing {other:?} (at_press or before_move)"
            ),
            HeaderError::Start(e) => write!(f, "header start: {e}"),
            HeaderError::VariantNotUnderEdition { .. } => f.write_str(TAVRELI_RULES_ARE_NOT_CHESS),
            HeaderError::OverAtStart(t) => {
                write!(f, "header start: {START_OVER}{}", t.as_str())
            }
        }
    }
}

impl std::error::Error for HeaderError {}

impl From<BadTimeControl> for HeaderError {
    fn from(e: BadTimeControl) -> Self {
        HeaderError::TimeControl(e)
    }
}
