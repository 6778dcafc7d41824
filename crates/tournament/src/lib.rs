//! `arbiter-tournament`: the tournament above the games, pure like the
//! Laws (no I/O, no clock).
//!
//! * [`model`] and [`tournament`]: players, rounds, results (forfeits,
//!   byes of every kind, withdrawals as zero-point byes), the
//!   [`points`] system (FIDE Laws 2017+, Article 10; 2005, Article 11).
//! * [`trf`]: the Tournament Report File, TRF16 with JaVaFo's `XX`
//!   records and TRF-2026, read and written column for column.
//! * [`berger`]: round robins by the Berger tables (FIDE Handbook C.05,
//!   Annex 1).
//! * [`dutch`]: Swiss pairings by the FIDE (Dutch) system (Handbook
//!   C.04.3), over the maximum-weight [`matching`].
//! * [`tiebreak`]: the tie-breaks of C.07 (2023) and the standings.

pub mod berger;
pub mod dutch;
pub mod matching;
pub mod model;
pub mod points;
pub mod tiebreak;
pub mod tournament;
pub mod trf;
mod wide;

pub use model::{Colour, Player, PlayerId, RoundEntry, RoundResult};
pub use points::{PointSystem, Points};
pub use tournament::{Tournament, TrfVersion};
