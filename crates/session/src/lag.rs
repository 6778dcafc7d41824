//! Lag compensation, bounded as lichess bounds it (scalachess's
//! `LagTracker`): each side has a quota of milliseconds that a move's
//! reported network lag may take back from its clock. The quota grows by
//! `gain` a move, starts at 3 × gain and never exceeds 7 × gain, with
//! gain = min(1 s, 0.4 cs per second of the estimated game length + 150 ms)
//! (estimated length = base + 40 × increment). A compensated move is
//! stamped `comp` ms earlier and its event carries `lag_ms: comp`; replay
//! reads the stamped `at`, so the clocks replay exactly, and the quotas are
//! rebuilt from the `lag_ms` of the log.

use crate::session::{Mode, Session};
use crate::variant::Variant;
use arbiter_clock::TimeControl;
use arbiter_laws::{Event, TimedEvent};
use arbiter_rules::Side;

/// One side's quota.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LagQuota {
    gain: u64,
    quota: u64,
    cap: u64,
}

impl LagQuota {
    /// The quota of a game with `base_ms` and `increment_ms` a move.
    pub fn new(base_ms: u64, increment_ms: u64) -> LagQuota {
        let est_s = base_ms.saturating_add(increment_ms.saturating_mul(40)) / 1000;
        let gain = est_s.saturating_mul(4).saturating_add(150).min(1000);
        LagQuota {
            gain,
            quota: 3 * gain,
            cap: 7 * gain,
        }
    }

    /// The compensation of a move that reported `lag_ms`: at most the
    /// quota, which is then spent and refilled by one gain.
    pub fn compensate(&mut self, lag_ms: u64) -> u64 {
        let comp = lag_ms.min(self.quota);
        self.quota = (self.quota + self.gain - comp).min(self.cap);
        comp
    }

    /// What is left.
    pub fn quota(&self) -> u64 {
        self.quota
    }
}

/// Both sides' quotas of a live game (`[white, black]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LagQuotas([LagQuota; 2]);

impl LagQuotas {
    /// The quotas of the session's game: sized by its time control's first
    /// period, then spent by the compensations `events` (its log) record.
    /// A game without a clock has none.
    pub fn of<R: Variant>(session: &Session<R>, events: &[TimedEvent]) -> LagQuotas {
        let first = session
            .header()
            .time_control
            .as_deref()
            .and_then(|t| t.parse::<TimeControl>().ok())
            .and_then(|tc| tc.periods().first().copied());
        let quota = first.map_or(LagQuota::new(0, 0), |p| {
            LagQuota::new(p.time_ms, p.increment_ms)
        });
        let mut q = LagQuotas([quota; 2]);
        for ev in events {
            if let Event::Move {
                side,
                lag_ms: Some(comp),
                ..
            } = &ev.event
            {
                q.0[side.index()].compensate(*comp);
            }
        }
        q
    }

    /// How much of a move's reported lag is taken back at `now` (the time
    /// source's ms): within the side's quota, never before the previous
    /// event, online only and only for the side to move.
    pub fn take<R: Variant>(
        &mut self,
        session: &Session<R>,
        side: Option<Side>,
        lag_ms: u64,
        now: u64,
    ) -> u64 {
        let Some(origin) = session.origin() else {
            return 0;
        };
        let side = side.unwrap_or(session.to_move());
        if session.mode() != Mode::Online || side != session.to_move() {
            return 0;
        }
        let since_last = now
            .saturating_sub(origin)
            .saturating_sub(session.game().last_at());
        self.0[side.index()].compensate(lag_ms.min(since_last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quota_is_bounded_as_on_lichess() {
        // 3+0: estimated 180 s, gain 0.4 × 180 cs + 15 cs = 87 cs.
        let mut q = LagQuota::new(180_000, 0);
        assert_eq!(q.quota(), 3 * 870);
        // A huge reported lag takes only the quota.
        assert_eq!(q.compensate(60_000), 2_610);
        assert_eq!(q.quota(), 870);
        // Moves without lag refill it up to 7 gains, never beyond.
        for _ in 0..20 {
            q.compensate(0);
        }
        assert_eq!(q.quota(), 7 * 870);
        // Classical: the gain is capped at one second.
        assert_eq!(LagQuota::new(5_400_000, 30_000).quota(), 3_000);
    }
}
