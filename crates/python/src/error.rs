//! The one error type of the library, one kind per Python exception class.

use std::fmt;

/// Why a call failed. Each kind is an exception class of `arbiter_chess`
/// (`InputError`, `OptionError`, `MoveError`, and the base `ArbiterError`
/// for an internal fault); the text is the reason, in the command's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// The input cannot be read: bytes that are not UTF-8, an unreadable
    /// event log, a bad FEN, a record whose reading had to stop.
    Input(String),
    /// An option names nothing known: an edition, a variant, a regime, a
    /// lexicon or a side.
    Option(String),
    /// A move that cannot be played in the position: illegal, ambiguous or
    /// unreadable (its reason lists the candidate moves).
    Move(String),
    /// A fault of arbiter itself (a panic caught before it reached Python).
    Internal(String),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Input(m)
            | ApiError::Option(m)
            | ApiError::Move(m)
            | ApiError::Internal(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ApiError {}

/// Runs `f`, turning a panic into [`ApiError::Internal`]: the last guard,
/// so that no panic crosses into the Python interpreter.
pub fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, ApiError>) -> Result<T, ApiError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(ApiError::Internal(format!("internal error in {what}"))))
}
