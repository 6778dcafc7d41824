//! What can go wrong in the store.

use std::fmt;

/// Longest piece of caller input quoted in an error message.
const QUOTE_MAX: usize = 80;

/// An error of the store. Every operation returns one of these rather than
/// panicking, whatever the input.
#[derive(Debug)]
#[non_exhaustive]
pub enum StoreError {
    /// No game has this id (including ids that are malformed).
    NotFound,
    /// `append` was told which seq the event must get, and the log had
    /// moved on (or not reached it).
    Conflict {
        /// The seq the caller expected the event to get.
        expected: u64,
        /// The seq it would have got.
        next: u64,
    },
    /// A line, status or lease given by the caller is unusable; the reason
    /// says why.
    InvalidInput(String),
    /// The database URL is not `sqlite://PATH`, `sqlite::memory:` or
    /// `postgres://…`.
    InvalidUrl(String),
    /// The database holds something this version of the store did not
    /// write (a newer schema, an unknown status).
    Corrupt(String),
    /// The operating system's random number generator failed.
    Random(String),
    /// Creating the SQLite file's directory failed.
    Io(std::io::Error),
    /// The database refused or failed.
    Database(sqlx::Error),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NotFound => f.write_str("no such game"),
            StoreError::Conflict { expected, next } => write!(
                f,
                "the event was to get seq {expected}, but the log's next seq is {next}"
            ),
            StoreError::InvalidInput(why) => write!(f, "invalid input: {why}"),
            StoreError::InvalidUrl(why) => write!(f, "invalid database URL: {why}"),
            StoreError::Corrupt(why) => write!(f, "unexpected database content: {why}"),
            StoreError::Random(why) => write!(f, "random number generator failed: {why}"),
            StoreError::Io(e) => write!(f, "cannot create the database directory: {e}"),
            StoreError::Database(e) => write!(f, "database error: {e}"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Io(e) => Some(e),
            StoreError::Database(e) => Some(e),
            _ => None,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Database(e)
    }
}

/// `s` shortened for quoting in an error message.
pub(crate) fn cut(s: &str) -> String {
    if s.len() <= QUOTE_MAX {
        return s.to_owned();
    }
    let mut end = QUOTE_MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &s[..end], s.len())
}
