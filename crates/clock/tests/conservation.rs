//! Conservation, exact to the ms, against an independent model.
//!
//! The model below advances time one millisecond at a time (a tick simulation),
//! where the clock computes whole intervals in closed form. For random event
//! sequences in every mode (Fischer, US delay, Bronstein, multi-period with
//! repetition, sandclock, both increment timings, pauses, adjustments, illegal
//! presses, a G-III.4 switch) the two must agree on every remaining time, delay,
//! flag instant, move count and period after every event, and:
//!
//! * remaining = allotted + increments + Bronstein + added periods + adjustments
//!   (+ sand received) − main time used, in the model's own counters;
//! * White's running time + Black's running time + paused time = `at`;
//! * `flag_at` predicts exactly the ms at which the tick model's flag falls.

use arbiter_clock::*;
use arbiter_rules::{Edition, Side};
use proptest::prelude::*;

#[derive(Clone, Debug, Default)]
struct MSide {
    main: i64,
    delay_left: u64,
    turn_elapsed: u64,
    fell: Option<u64>,
    period_idx: usize,
    period_no: u32,
    moves_in_period: u32,
    moves: u32,
    allotted: i64,
    increments: i64,
    bronstein: i64,
    periods: i64,
    adjust: i64,
    sand: i64,
    used: i64,
    ran: i64,
    /// (credits, period idx, period no, moves in period) before the last press.
    last: Option<(i64, i64, i64, usize, u32, u32)>,
}

#[derive(Clone, Debug)]
struct Model {
    periods: Vec<Period>,
    sand: bool,
    before_move: bool,
    s: [MSide; 2],
    on_move: usize,
    paused: bool,
    t: u64,
    paused_total: u64,
    inc_override: Option<u64>,
}

impl Model {
    fn new(tc: &TimeControl, before_move: bool) -> Model {
        let (periods, sand) = match tc {
            TimeControl::Sandclock(ms) => (
                vec![Period {
                    time_ms: *ms,
                    ..Period::default()
                }],
                true,
            ),
            t => (t.periods().to_vec(), false),
        };
        let p0 = periods[0];
        let side = MSide {
            main: p0.time_ms as i64,
            allotted: p0.time_ms as i64,
            delay_left: p0.delay_ms,
            period_no: 1,
            ..MSide::default()
        };
        let mut m = Model {
            periods,
            sand,
            before_move,
            s: [side.clone(), side],
            on_move: 0,
            paused: false,
            t: 0,
            paused_total: 0,
            inc_override: None,
        };
        if before_move {
            for i in 0..2 {
                let inc = m.inc(i);
                m.s[i].main += inc as i64;
                m.s[i].increments += inc as i64;
            }
        }
        m.event_falls();
        m
    }
    fn inc(&self, i: usize) -> u64 {
        self.inc_override
            .unwrap_or(self.periods[self.s[i].period_idx].increment_ms)
    }
    fn tick(&mut self) {
        self.t += 1;
        if self.paused {
            self.paused_total += 1;
            return;
        }
        let i = self.on_move;
        let s = &mut self.s[i];
        s.ran += 1;
        s.turn_elapsed += 1;
        if s.delay_left > 0 {
            s.delay_left -= 1;
        } else {
            s.main -= 1;
            s.used += 1;
        }
        if s.fell.is_none() && s.delay_left == 0 && s.main <= 0 {
            s.fell = Some(self.t);
        }
        if self.sand {
            let o = &mut self.s[1 - i];
            o.main += 1;
            o.sand += 1;
        }
    }
    fn event_falls(&mut self) {
        for i in 0..2 {
            let pending = self.on_move == i && self.s[i].delay_left > 0;
            let s = &mut self.s[i];
            if s.fell.is_none() && s.main <= 0 && !pending {
                s.fell = Some(self.t);
            }
        }
    }
    fn press(&mut self, i: usize, legal: bool) {
        if !legal {
            return;
        }
        let last = self.periods.len() - 1;
        let p = self.periods[self.s[i].period_idx];
        let (idx0, no0, mip0) = (
            self.s[i].period_idx,
            self.s[i].period_no,
            self.s[i].moves_in_period,
        );
        let (inc0, b0, per0) = (self.s[i].increments, self.s[i].bronstein, self.s[i].periods);
        let b = p.bronstein_ms.min(self.s[i].turn_elapsed) as i64;
        self.s[i].main += b;
        self.s[i].bronstein += b;
        if !self.before_move && !self.sand {
            let inc = self.inc(i) as i64;
            self.s[i].main += inc;
            self.s[i].increments += inc;
        }
        self.s[i].moves += 1;
        self.s[i].moves_in_period += 1;
        if p.moves.is_some_and(|n| self.s[i].moves_in_period >= n) {
            let next = (self.s[i].period_idx + 1).min(last);
            let add = self.periods[next].time_ms as i64;
            let s = &mut self.s[i];
            s.period_idx = next;
            s.period_no += 1;
            s.moves_in_period = 0;
            s.main += add;
            s.periods += add;
        }
        if self.before_move && !self.sand {
            let inc = self.inc(i) as i64;
            self.s[i].main += inc;
            self.s[i].increments += inc;
        }
        let s = &self.s[i];
        self.s[i].last = Some((
            s.increments - inc0,
            s.bronstein - b0,
            s.periods - per0,
            idx0,
            no0,
            mip0,
        ));
        self.s[1 - i].last = None;
        self.on_move = 1 - i;
        let o = &mut self.s[1 - i];
        o.delay_left = self.periods[o.period_idx].delay_ms;
        o.turn_elapsed = 0;
    }
}

impl Model {
    /// Undo side `i`'s last press; false if there is none to undo.
    fn retract(&mut self, i: usize) -> bool {
        let Some((inc, b, per, idx, no, mip)) = self.s[i].last else {
            return false;
        };
        if self.on_move != 1 - i {
            return false;
        }
        let delay = self.periods[idx].delay_ms;
        let s = &mut self.s[i];
        s.main -= inc + b + per;
        s.increments -= inc;
        s.bronstein -= b;
        s.periods -= per;
        s.moves -= 1;
        s.period_idx = idx;
        s.period_no = no;
        s.moves_in_period = mip;
        s.last = None;
        s.delay_left = delay;
        s.turn_elapsed = 0;
        self.on_move = i;
        true
    }
}

#[derive(Clone, Debug)]
enum Op {
    Press,
    PressIllegal,
    PressWrongSide,
    Pause,
    Resume,
    Adjust(bool, i64),
    Switch(u64),
    Advance,
    Retract(bool),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        10 => Just(Op::Press),
        2 => Just(Op::PressIllegal),
        1 => Just(Op::PressWrongSide),
        1 => Just(Op::Pause),
        2 => Just(Op::Resume),
        2 => (any::<bool>(), -8_000i64..8_000).prop_map(|(w, d)| Op::Adjust(w, d)),
        1 => (0u64..3_000).prop_map(Op::Switch),
        1 => Just(Op::Advance),
        1 => any::<bool>().prop_map(Op::Retract),
    ]
}

fn period() -> impl Strategy<Value = Period> {
    (
        proptest::option::of(1u32..4),
        0u64..15_000,
        prop_oneof![Just(0u64), 1u64..2_500],
        prop_oneof![3 => Just(0u64), 1 => 1u64..2_500],
        prop_oneof![3 => Just(0u64), 1 => 1u64..2_500],
    )
        .prop_map(
            |(moves, time_ms, increment_ms, delay_ms, bronstein_ms)| Period {
                moves,
                time_ms,
                increment_ms,
                delay_ms,
                bronstein_ms,
            },
        )
}

fn control() -> impl Strategy<Value = TimeControl> {
    prop_oneof![
        6 => proptest::collection::vec(period(), 1..4).prop_map(TimeControl::Periods),
        1 => (0u64..15_000).prop_map(TimeControl::Sandclock),
    ]
}

fn side(i: usize) -> Side {
    if i == 0 { Side::White } else { Side::Black }
}

fn check(c: &mut Clock, m: &Model) -> Result<(), TestCaseError> {
    let t = m.t;
    // Pure queries first (the clock may be behind `t` after a refused event)…
    for i in 0..2 {
        let s = &m.s[i];
        let sd = side(i);
        prop_assert_eq!(c.remaining(sd, t), s.main, "remaining of {}", sd);
        prop_assert_eq!(
            c.delay_left(sd, t),
            if m.on_move == i { s.delay_left } else { 0 }
        );
    }
    // …then let it catch up and compare the books.
    c.advance(t).unwrap();
    prop_assert_eq!(
        (c.ledger(Side::White).running_ms + c.ledger(Side::Black).running_ms) as u64
            + m.paused_total,
        t,
        "every ms is on one clock or paused"
    );
    for i in 0..2 {
        let s = &m.s[i];
        let sd = side(i);
        prop_assert_eq!(c.remaining(sd, t), s.main, "remaining of {}", sd);
        prop_assert_eq!(
            s.main,
            s.allotted + s.increments + s.bronstein + s.periods + s.adjust + s.sand - s.used,
            "model conservation"
        );
        prop_assert_eq!(c.ledger(sd).balance(), s.main, "ledger of {}", sd);
        prop_assert_eq!(c.ledger(sd).running_ms, s.ran);
        prop_assert_eq!(c.ledger(sd).increments_ms, s.increments);
        prop_assert_eq!(c.ledger(sd).periods_ms, s.periods);
        prop_assert_eq!(c.fell_at(sd), s.fell, "flag of {}", sd);
        prop_assert_eq!(c.moves_completed(sd), s.moves);
        prop_assert_eq!(c.period(sd), s.period_no);
    }
    Ok(())
}

/// Tick the model forward until `side`'s flag falls; it must be at `f`.
fn check_prediction(c: &Clock, m: &Model, limit: u64) -> Result<(), TestCaseError> {
    for i in 0..2 {
        let sd = side(i);
        match c.flag_at(sd) {
            Some(f) if m.s[i].fell.is_none() => {
                prop_assert!(f >= m.t);
                if f - m.t <= limit {
                    let mut sim = m.clone();
                    while sim.s[i].fell.is_none() && sim.t < f + 1 {
                        sim.tick();
                    }
                    prop_assert_eq!(sim.s[i].fell, Some(f), "predicted flag of {}", sd);
                }
            }
            Some(f) => prop_assert_eq!(Some(f), m.s[i].fell),
            None => prop_assert!(m.paused || m.on_move != i),
        }
    }
    Ok(())
}

fn run(tc: TimeControl, before_move: bool, ops: Vec<(u64, Op)>) -> Result<(), TestCaseError> {
    let settings = ClockSettings {
        increment_timing: if before_move {
            IncrementTiming::BeforeMove
        } else {
            IncrementTiming::AtPress
        },
        ..ClockSettings::new(Edition::E2023)
    };
    let mut c = Clock::new(&tc, settings).unwrap();
    let mut m = Model::new(&tc, before_move);
    check(&mut c, &m)?;
    for (gap, op) in ops {
        for _ in 0..gap {
            m.tick();
        }
        let at = m.t;
        let i = m.on_move;
        match op {
            Op::Press | Op::PressIllegal => {
                let kind = if matches!(op, Op::Press) {
                    PressKind::Move
                } else {
                    PressKind::Illegal
                };
                let r = c.press(side(i), at, kind);
                if m.paused {
                    prop_assert_eq!(r, Err(ClockError::Paused));
                } else {
                    prop_assert!(r.is_ok());
                    m.press(i, kind == PressKind::Move);
                }
            }
            Op::PressWrongSide => {
                let r = c.press(side(1 - i), at, PressKind::Move);
                let expected = if m.paused {
                    ClockError::Paused
                } else {
                    ClockError::NotOnMove {
                        side: side(1 - i),
                        on_move: side(i),
                    }
                };
                prop_assert_eq!(r, Err(expected));
            }
            Op::Pause => {
                let r = c.pause(at);
                if m.paused {
                    prop_assert_eq!(r, Err(ClockError::AlreadyPaused));
                } else {
                    prop_assert!(r.is_ok());
                    m.paused = true;
                }
            }
            Op::Resume => {
                let r = c.resume(at);
                if m.paused {
                    prop_assert!(r.is_ok());
                    m.paused = false;
                } else {
                    prop_assert_eq!(r, Err(ClockError::NotPaused));
                }
            }
            Op::Adjust(white, d) => {
                let j = if white { 0 } else { 1 };
                c.adjust(side(j), at, d).unwrap();
                m.s[j].main += d;
                m.s[j].adjust += d;
            }
            Op::Switch(inc) => {
                c.switch_to_increment(at, inc).unwrap();
                if before_move && !m.sand {
                    for j in 0..2 {
                        let diff = inc as i64 - m.inc(j) as i64;
                        m.s[j].main += diff;
                        m.s[j].increments += diff;
                    }
                }
                m.inc_override = Some(inc);
            }
            Op::Advance => {
                c.advance(at).unwrap();
            }
            Op::Retract(white) => {
                let j = if white { 0 } else { 1 };
                let r = c.retract_move(side(j), at);
                if m.retract(j) {
                    prop_assert_eq!(r, Ok(()));
                } else {
                    prop_assert_eq!(r, Err(ClockError::NothingToRetract { side: side(j) }));
                }
            }
        }
        m.event_falls();
        // Queries are pure: the state is checked both before and after a sync.
        check(&mut c, &m)?;
        check_prediction(&c, &m, 4_000)?;
    }
    check_prediction(&c, &m, 200_000)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn conservation_every_mode(
        tc in control(),
        before_move in any::<bool>(),
        ops in proptest::collection::vec((0u64..3_000, op()), 0..40),
    ) {
        run(tc, before_move, ops)?;
    }
}

/// Each mode on its own, so a failure names the mode.
#[test]
fn conservation_named_modes() {
    use proptest::test_runner::{Config, TestRunner};
    for control in [
        "300+2",
        "5d3",
        "5b3",
        "2/5+1:1/3+2",
        "*10",
        "1/1d1:2/2b1:3+1",
    ] {
        for before_move in [false, true] {
            let tc: TimeControl = control.parse().unwrap();
            let mut runner = TestRunner::new(Config {
                cases: 200,
                failure_persistence: None,
                ..Config::default()
            });
            runner
                .run(
                    &proptest::collection::vec((0u64..2_500, op()), 0..40),
                    |ops| run(tc.clone(), before_move, ops),
                )
                .unwrap_or_else(|e| panic!("{control} before_move={before_move}: {e}"));
        }
    }
}
