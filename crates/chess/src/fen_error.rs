//! Why a FEN is not a position a game can start from.

use std::fmt;

/// A FEN the chess rule set does not start a game from: one that cannot be
/// read, or one that reads but describes no legal chess position.
#[derive(Debug)]
pub enum FenError {
    /// The text is not FEN.
    Syntax {
        /// The text as given.
        text: String,
        /// What the FEN reader refused.
        error: shakmaty::fen::ParseFenError,
    },
    /// The text is FEN, but the position is impossible (a side without a
    /// king, the side not to move in check …).
    Impossible {
        /// The text as given.
        text: String,
        /// What the position set-up refused.
        error: Box<shakmaty::PositionError<shakmaty::Chess>>,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax { text, error } => write!(f, "bad FEN {text:?}: {error}"),
            FenError::Impossible { text, error } => {
                write!(f, "impossible position in FEN {text:?}: {error}")
            }
        }
    }
}

impl std::error::Error for FenError {}
