//! What the Laws provide in a given edition, regime and supervision mode.
//!
//! The table itself lives in `arbiter-rules`, below the clock, so the clock
//! and the game fold read one and the same table; it is re-exported here so
//! `arbiter_laws::provisions::…` and [`crate::Provisions`] keep working.

pub use arbiter_rules::provisions::*;
