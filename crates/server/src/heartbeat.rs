//! The run's heartbeat: what makes a crash cost at most half a second of
//! wrongly counted time. A stop, a crash or a failover is an interruption
//! of play (FIDE Laws 2023, 6.12; 2005, 6.13): the time a player used
//! before it stays used, the outage is charged to nobody. To know when play
//! stopped, each run of the hall (one process) writes one row, `runs`,
//! every [`BEAT`]: one statement a beat whatever the number of games, where
//! a per-game mark would write thousands of rows a second. Each game's row
//! names the run keeping its clock and the database's instant of its log's
//! `at = 0` in that run (written when the run takes the game up and when
//! its clock starts), so the instant the run was last seen alive is an
//! instant of the log. A clean stop writes the mark as it stops.

use crate::hall::Hall;
use std::time::Duration;

/// How often a run says it is alive: a crash is seen to within this.
pub const BEAT: Duration = Duration::from_millis(500);

/// How long the marks of runs no live game names are kept.
const FORGET_AFTER: Duration = Duration::from_secs(86_400);

/// A fresh run id: the instance's id and a random suffix, so a restart
/// under the same instance id does not overwrite the last mark of the run
/// that died before its games are taken up again.
pub(crate) fn run_id(instance_id: &str) -> String {
    let suffix = arbiter_store::Token::generate()
        .map(|t| t.as_str()[..12].to_owned())
        .unwrap_or_else(|_| format!("{:x}", std::process::id()));
    format!("{instance_id}#{suffix}")
}

impl Hall {
    /// Writes the run's mark every [`BEAT`], until the hall stops.
    pub(crate) async fn heartbeat_loop(self) {
        if let Err(e) = self.store().forget_runs(FORGET_AFTER).await {
            tracing::warn!(error = %e, "cannot forget old runs");
        }
        let mut tick = tokio::time::interval(BEAT);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            self.beat().await;
        }
    }

    /// One mark: the run is alive now.
    pub(crate) async fn beat(&self) {
        if let Err(e) = self.store().heartbeat(self.run_id()).await {
            tracing::warn!(error = %e, "cannot write the heartbeat");
        }
    }
}
