//! arbiter_chess for Python: what the `arbiter` command does with archives
//! and positions, as a library a Python program (PySpark, Dask, pandas…)
//! calls game by game.
//!
//! The functions here are plain Rust and return typed values; the Python
//! module (`bindings`, built by maturin with the `python` feature) only
//! converts them. They reuse the very code the command runs, so a record
//! audited here gives the same JSON object as `arbiter audit --json`:
//!
//! ```
//! let pgn = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
//! let records = arbiter_python::audit_pgn(pgn.as_bytes(), &Default::default()).unwrap();
//! assert_eq!(records[0].result, "0-1");
//! assert!(!records[0].agrees);
//! ```

mod audit;
#[cfg(feature = "python")]
mod bindings;
mod error;
mod moves;
mod position;
mod replay;

pub use audit::{AuditSettings, audit_pgn};
pub use error::ApiError;
pub use moves::{MAX_MOVE_TEXT, parse_move, say};
pub use position::{Sides, unwinnable};
pub use replay::replay_log;

/// The text of a Python `str` or `bytes` argument as UTF-8, or the input
/// error the issue promises for bytes that are not.
pub fn utf8(bytes: &[u8]) -> Result<&str, ApiError> {
    std::str::from_utf8(bytes).map_err(|e| {
        ApiError::Input(format!(
            "the input is not UTF-8: byte {} cannot be read ({e})",
            e.valid_up_to() + 1
        ))
    })
}
