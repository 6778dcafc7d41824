//! `replay`: an event log folded to its final state, the object `arbiter
//! replay --json` prints.

use arbiter_laws::log::{Log, MAX_LINE, read_log_partial};
use arbiter_laws::replay::{Report, replay, report};
use arbiter_session::{RulesJob, with_rules};

use crate::error::{ApiError, guarded};

/// Folds the event log `text` (UTF-8 JSON Lines, `docs/event-log.md`) under
/// the rules its header names. A log that cannot be read whole (a bad
/// line, a line over 64 KiB, a header the Laws refuse) is an
/// [`ApiError::Input`] naming the line; the command prints what it read
/// and exits 2 there, a library cannot do both.
pub fn replay_log(text: &[u8]) -> Result<Report, ApiError> {
    crate::utf8(text)?;
    guarded("replay", || {
        let (log, stop) =
            read_log_partial(text, MAX_LINE).map_err(|e| ApiError::Input(e.to_string()))?;
        if let Some(stop) = stop {
            return Err(ApiError::Input(format!("{stop}; reading stopped there")));
        }
        with_rules(&log.header, Fold { log: &log })
    })
}

/// The fold of a log with the rules its header names.
struct Fold<'a> {
    log: &'a Log,
}

impl RulesJob for Fold<'_> {
    type Output = Result<Report, ApiError>;
    fn run<R: arbiter_session::Variant>(self, rules: R) -> Self::Output {
        let (game, rejected) =
            replay(rules, self.log).map_err(|e| ApiError::Input(e.to_string()))?;
        Ok(report(&game, rejected))
    }
}
