//! The FIDE Laws of Chess as a pure fold over a game's event log.
//!
//! No I/O and no wall clock: time arrives inside the events (`at`, in
//! milliseconds since White's clock was started).

pub mod ruleset;

pub use arbiter_edition::{Edition, Regime, Side, Supervision};
pub use ruleset::{Mateability, MoveInput, RuleSet, Status};
