//! `arbiter-clock`: the FIDE chess clock (Article 6), pure and exact to the ms.
//!
//! * [`TimeControl`] — the PGN `TimeControl` tag (`40/5400+30:1800+30`, `300+3`,
//!   `*180`, `?`, `-`) plus the delay extension of `docs/time-control.md`
//!   (`7200d5`, `300b3`) and the standard/rapid/blitz classification per
//!   edition (L-6.3g, catalogue Q4). The crate holds numbers only: a control's
//!   description in words is `arbiter_notation::time_control::describe`.
//! * [`Clock`] — a state machine driven by events stamped with `at` (ms since
//!   White's clock was started). No wall clock, no I/O: the live driver
//!   (`arbiter-clock-live`) and the Laws core feed it the same way, so a replay
//!   of a log gives the same milliseconds as the game did.
//!
//! ```
//! use arbiter_clock::{Clock, ClockSettings, PressKind, TimeControl};
//! use arbiter_rules::{Edition, Side};
//!
//! let tc: TimeControl = "300+3".parse().unwrap();
//! let mut clock = Clock::new(&tc, ClockSettings::new(Edition::E2023)).unwrap();
//! clock.press(Side::White, 10_000, PressKind::Move).unwrap(); // White used 10 s
//! assert_eq!(clock.remaining(Side::White, 10_000), 293_000); // 300 − 10 + 3
//! assert_eq!(clock.flag_at(Side::Black), Some(310_000)); // if Black never moves
//! ```
//!
//! Units: every instant (`at`) and every time is in milliseconds, `u64` for
//! instants and amounts, `i64` for a main time that can go below zero once a
//! flag has fallen. Errors: a malformed control is a [`ParseError`] naming the
//! 1-based column; an event the clock cannot take (time going backwards, a
//! press by the side not on move, a press while paused…) is a [`ClockError`]
//! and leaves the clock unchanged.

#![warn(missing_docs)]

mod clock;
mod tc;

pub use clock::{
    Arrival, BothFlags, Clock, ClockError, ClockEvent, ClockSettings, ClockSnapshot,
    DEFAULT_TIME_2005_MS, FlagClaim, FlagFall, FlagObservation, G_III_4_INCREMENT_MS,
    IncrementTiming, Ledger, MAX_AT_MS, PressKind, PressOutcome, QUICKPLAY_EXTRA_MS,
    QUICKPLAY_THRESHOLD_MS, RECORDING_INCREMENT_MS, RECORDING_THRESHOLD_MS,
};
pub use tc::{
    MAX_MOVES, MAX_PERIODS, MAX_TIME_MS, ParseError, ParseErrorKind, Period, TimeControl,
};
