//! Lag compensation, bounded as lichess bounds it (scalachess's
//! `LagTracker`, `core/src/main/scala/LagTracker.scala` of lichess-org's
//! scalachess as it reads today):
//! each side has a quota of milliseconds that a move's network lag may take
//! back from its clock. The quota grows by `gain` a move, starts at
//! 3 × gain and never exceeds 7 × gain, with gain = min(100 cs, ⌊2/5 cs per
//! second of the estimated game length⌋ + 15 cs) (estimated length = base +
//! 40 × increment, in whole seconds), reckoned in whole centiseconds as
//! scalachess reckons it. lichess further caps the gain at the player's
//! measured lag + 40 ms (`withFrameLag`, the lag of its socket); here each
//! move's compensation is itself capped at the hall's measure of the
//! player's round trip (the server's `rtt` module), which is stricter: a
//! quota refilled by at least the measure is never spent faster than one
//! measure a move. A compensated move is stamped `comp` ms earlier and its
//! event carries `lag_ms: comp`; replay reads the stamped `at`, so the
//! clocks replay exactly whatever quota was in force when the log was
//! written, and the quotas are rebuilt from the `lag_ms` of the log.

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
        // scalachess: `min(100, estimateTotalSeconds * 2 / 5 + 15)` centiseconds.
        let gain_cs = (est_s.saturating_mul(2) / 5).saturating_add(15).min(100);
        let gain = gain_cs * 10;
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

    /// A 4+0 log the hall wrote before the gain was reckoned in whole
    /// centiseconds (166 ms a move then, 160 now): Black's second
    /// compensation, 350 ms, was within his quota then (3 × 166 - 300 + 166
    /// = 364) and is beyond today's (340).
    const WRITTEN_BEFORE: &str = concat!(
        r#"{"format":"arbiter-log","version":1,"edition":"2023","time_control":"4+0","white":"Anna","black":"Boris","lag_from_arrival":true}"#,
        "\n",
        r#"{"at":0,"type":"start"}"#,
        "\n",
        r#"{"at":0,"type":"move","side":"white","move":"e4","press":true}"#,
        "\n",
        r#"{"at":1200,"type":"move","side":"black","move":"e5","press":true,"lag_ms":300}"#,
        "\n",
        r#"{"at":2000,"type":"move","side":"white","move":"Nf3","press":true,"lag_ms":100}"#,
        "\n",
        r#"{"at":2900,"type":"move","side":"black","move":"Nc6","press":true,"lag_ms":350}"#,
    );

    #[test]
    fn a_log_written_under_the_old_gain_replays_to_the_same_clocks() {
        let mut lines = WRITTEN_BEFORE.lines();
        let header = crate::parse_header(lines.next().expect("header")).expect("header");
        let events: Vec<TimedEvent> = lines
            .map(|l| crate::parse_event(l).expect("event"))
            .collect();
        let config = crate::SessionConfig {
            header,
            mode: Mode::Online,
            lexicon: arbiter_notation::Lexicon::En,
            alarms_ms: [Vec::new(), Vec::new()],
        };
        let session = Session::resume(crate::Chess::default(), config, &events).expect("resume");
        // By hand: Black used 1200 (0 → 1200) and 800 (Nf3 reached the
        // hall at 2100, Nc6 is stamped 2900); White used 500 (e5 reached
        // the hall at 1500, Nf3 is stamped 2000) and, at 3250, when Nc6
        // reached the hall, nothing more.
        let t = session.game().timing();
        assert_eq!(
            (
                t.remaining(Side::White, 3_250),
                t.remaining(Side::Black, 3_250)
            ),
            (Some(3_500), Some(2_000))
        );
        // The quotas rebuilt from it are today's, never below nothing:
        // White 480 + 160 - 100; Black 480 + 160 - 300, then the 350
        // taken as the 340 left, + 160.
        let q = LagQuotas::of(&session, &events);
        assert_eq!((q.0[0].quota(), q.0[1].quota()), (540, 160));
    }

    #[test]
    fn the_gain_is_reckoned_in_whole_centiseconds_as_scalachess_does() {
        // 4+0: 4 × 2 / 5 = 1 cs (not 1.6), + 15 cs: 160 ms a move.
        assert_eq!(LagQuota::new(4_000, 0).quota(), 3 * 160);
        // 1+0: 60 × 2 / 5 = 24 cs, + 15 cs: 390 ms, as before.
        assert_eq!(LagQuota::new(60_000, 0).quota(), 3 * 390);
        // 2+1 (minutes): 120 + 40 = 160 s, 64 + 15 = 79 cs.
        assert_eq!(LagQuota::new(120_000, 1_000).quota(), 3 * 790);
        // 213 s and beyond: the cap of one second.
        assert_eq!(LagQuota::new(212_000, 0).quota(), 3 * 990);
        assert_eq!(LagQuota::new(213_000, 0).quota(), 3 * 1_000);
    }
}
