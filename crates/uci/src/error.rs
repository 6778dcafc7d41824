//! What can go wrong with an engine.

use std::fmt;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::time::Duration;

/// The longest piece of engine output or caller input quoted in an error.
const QUOTE: usize = 80;

/// Why an engine could not be started, configured or asked for a move.
#[derive(Debug)]
#[non_exhaustive]
pub enum EngineError {
    /// The program could not be started (missing, not executable, …).
    Spawn {
        /// The program that was to be run.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The engine did not answer the handshake in time.
    Timeout {
        /// The reply that did not come: `uciok` or `readyok`.
        waiting_for: &'static str,
        /// How long it was waited for.
        waited: Duration,
    },
    /// The engine does not declare an option of this name.
    UnknownOption {
        /// The name asked for.
        name: String,
    },
    /// The value does not fit the option the engine declared.
    InvalidOptionValue {
        /// The option's name.
        name: String,
        /// The value asked for (cut if long).
        value: String,
        /// What the engine accepts, e.g. `an integer in 0..=20`.
        expected: String,
    },
    /// A strength level outside 1..=20.
    InvalidLevel {
        /// The level asked for.
        level: u8,
    },
    /// The start FEN or a move given to [`crate::Engine::best_move`] cannot be
    /// sent as UCI.
    InvalidPosition {
        /// What is wrong, quoting the input (cut if long).
        reason: String,
    },
    /// The engine's process ended (or closed its output) while it was needed.
    Crashed {
        /// The exit status, if the process could be reaped.
        status: Option<ExitStatus>,
    },
    /// The engine gave no move by the deadline, nor soon after `stop`; its
    /// process has been killed.
    Hung {
        /// How long it was waited for, from `go` to the kill.
        waited: Duration,
    },
    /// The engine has no move: the side to move is mated or stalemated
    /// (`bestmove (none)`).
    NoMove,
    /// The engine answered `bestmove` with something that is not a move.
    Protocol {
        /// The line (cut if long).
        line: String,
    },
    /// The engine was already shut down, or killed after a crash or a hang.
    Closed,
}

/// `text` cut to [`QUOTE`] characters, with an ellipsis when cut.
pub(crate) fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTE).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Spawn { path, source } => {
                write!(f, "cannot start the engine {}: {source}", path.display())
            }
            EngineError::Timeout {
                waiting_for,
                waited,
            } => write!(
                f,
                "the engine did not answer `{waiting_for}` within {} ms",
                waited.as_millis()
            ),
            EngineError::UnknownOption { name } => {
                write!(f, "the engine has no option named `{}`", quote(name))
            }
            EngineError::InvalidOptionValue {
                name,
                value,
                expected,
            } => write!(
                f,
                "option `{}`: `{value}` is not allowed, expected {expected}",
                quote(name)
            ),
            EngineError::InvalidLevel { level } => {
                write!(f, "level {level} is outside 1..=20")
            }
            EngineError::InvalidPosition { reason } => {
                write!(f, "cannot send the position: {reason}")
            }
            EngineError::Crashed { status: Some(s) } => write!(f, "the engine crashed ({s})"),
            EngineError::Crashed { status: None } => write!(f, "the engine crashed"),
            EngineError::Hung { waited } => write!(
                f,
                "the engine gave no move in {} ms and was stopped",
                waited.as_millis()
            ),
            EngineError::NoMove => write!(f, "the engine has no legal move"),
            EngineError::Protocol { line } => {
                write!(f, "the engine answered with an unreadable move: `{line}`")
            }
            EngineError::Closed => write!(f, "the engine is no longer running"),
        }
    }
}

impl std::error::Error for EngineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EngineError::Spawn { source, .. } => Some(source),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_in_messages() {
        let err = EngineError::UnknownOption {
            name: "x".repeat(10_000),
        };
        let text = err.to_string();
        assert!(text.len() < 200, "{}", text.len());
        assert!(text.contains('…'));
    }

    #[test]
    fn messages_name_what_failed() {
        let err = EngineError::Timeout {
            waiting_for: "uciok",
            waited: Duration::from_millis(1500),
        };
        assert_eq!(
            err.to_string(),
            "the engine did not answer `uciok` within 1500 ms"
        );
        let err = EngineError::InvalidOptionValue {
            name: "UCI_Elo".into(),
            value: "100".into(),
            expected: "an integer in 1350..=2850".into(),
        };
        assert_eq!(
            err.to_string(),
            "option `UCI_Elo`: `100` is not allowed, expected an integer in 1350..=2850"
        );
    }
}
