//! Games nobody starts are abandoned, as lichess aborts a game whose first
//! moves do not come in time: an online game whose clock has not started
//! (White has not moved), or an over-the-board game nobody started, ends
//! after [`crate::HallConfig::abandon_after`] (default [`ABANDON_AFTER`],
//! `--abandon-after` of `arbiter serve`) with the arbiter's result `-/-`
//! (the game was not played, for either player) and a reason in the log. A
//! finished game is no longer loaded at start.

use crate::actor;
use crate::hall::Hall;
use crate::request::Submission;
use arbiter_session::{ActionKind, ArbiterAction, Event, Input};
use arbiter_store::GameId;
use std::time::Duration;

/// The default: ten minutes.
pub const ABANDON_AFTER: Duration = Duration::from_secs(600);

/// The reason written with the result.
pub const REASON: &str = "abandoned: nobody started the game in time";

/// The arbiter's result of an abandoned game.
fn abandon() -> Submission {
    Submission {
        input: Input::Event(Event::Arbiter(ArbiterAction {
            result: Some("-/-".into()),
            reason: Some(REASON.into()),
            ..ArbiterAction::new(ActionKind::DeclareResult)
        })),
        lag_ms: None,
    }
}

impl Hall {
    /// Looks for unstarted games a tenth of the time allowed (at most every
    /// 30 s, at least every second) and ends those this instance runs.
    pub(crate) async fn abandon_loop(self) {
        let after = self.config().abandon_after;
        if after.is_zero() {
            return;
        }
        let every = (after / 10).clamp(Duration::from_secs(1), Duration::from_secs(30));
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            let ids = match self.store().unstarted_games(after).await {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot list unstarted games");
                    continue;
                }
            };
            for id in ids {
                self.abandon(&id).await;
            }
        }
    }

    async fn abandon(&self, id: &GameId) {
        let tx = match self.local(id) {
            Some(tx) => tx,
            None => match self.try_own(id).await {
                Ok(true) => match self.local(id) {
                    Some(tx) => tx,
                    None => return,
                },
                _ => return,
            },
        };
        match actor::ask(&tx, abandon()).await {
            Some(Ok(_)) => tracing::info!(game = %id, "an unstarted game was abandoned"),
            Some(Err(e)) => tracing::warn!(game = %id, reason = %e.reason, "cannot abandon a game"),
            None => {}
        }
    }
}
