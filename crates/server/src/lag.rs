//! Lag compensation, bounded as lichess bounds it (scalachess's
//! `LagTracker`): each side has a quota of milliseconds that a move's
//! reported network lag may take back from its clock. The quota grows by
//! `gain` a move, starts at 3 × gain and never exceeds 7 × gain, with
//! gain = min(1 s, 0.4 cs per second of the estimated game length + 150 ms)
//! (estimated length = base + 40 × increment). The hall stamps a
//! compensated move `comp` ms earlier and writes `"lag_ms": comp` on its
//! log line; replay reads the stamped `at`, so the clocks replay exactly,
//! and the quotas are rebuilt from the `lag_ms` of the log.

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

/// Writes `"lag_ms": comp` on an event line (a JSON object).
pub fn annotate(line: &str, comp: u64) -> String {
    match line.strip_suffix('}') {
        Some(head) => format!("{head},\"lag_ms\":{comp}}}"),
        None => line.to_string(),
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

    #[test]
    fn annotation_keeps_the_line_readable() {
        let line = r#"{"at":5,"type":"move","side":"white","move":"e4","press":true}"#;
        let ev = arbiter_laws::log::parse_event(&annotate(line, 120)).expect("still an event");
        assert_eq!(Some(ev), arbiter_laws::log::parse_event(line).ok());
    }
}
