//! The clock (Article 6): modes, flag instants, editions, errors.

use Side::{Black, White};
use arbiter_clock::*;
use arbiter_rules::{Edition, Regime, Side, Supervision};

fn tc(s: &str) -> TimeControl {
    s.parse().unwrap()
}
fn clock(s: &str) -> Clock {
    Clock::new(&tc(s), ClockSettings::new(Edition::E2023)).unwrap()
}
fn clock_with(s: &str, f: impl FnOnce(&mut ClockSettings)) -> Clock {
    let mut settings = ClockSettings::new(Edition::E2023);
    f(&mut settings);
    Clock::new(&tc(s), settings).unwrap()
}
const MOVE: PressKind = PressKind::Move;

#[test]
fn fischer_at_press() {
    let mut c = clock("300+3");
    assert_eq!(c.flag_at(White), Some(300_000));
    assert_eq!(c.flag_at(Black), None, "Black's clock stands");
    let out = c.press(White, 10_000, MOVE).unwrap();
    assert_eq!(out.increment_ms, 3_000);
    assert_eq!(c.remaining(White, 10_000), 293_000);
    assert_eq!(
        c.remaining(Black, 25_000),
        285_000,
        "Black's clock runs from 10 s"
    );
    assert_eq!(c.flag_at(Black), Some(310_000));
    assert_eq!(c.on_move(), Black);
    assert_eq!(c.moves_completed(White), 1);
}

/// CFG-9: the DGT convention starts 5+3 at 5:03 and always stays one increment ahead.
#[test]
fn increment_timing_before_move() {
    let mut dgt = clock_with("300+3", |s| {
        s.increment_timing = IncrementTiming::BeforeMove
    });
    let mut std = clock("300+3");
    assert_eq!(dgt.remaining(White, 0), 303_000);
    assert_eq!(dgt.remaining(Black, 0), 303_000);
    assert_eq!(dgt.flag_at(White), Some(303_000));
    for (i, at) in [7_000u64, 12_500, 30_001, 31_000].iter().enumerate() {
        let side = if i % 2 == 0 { White } else { Black };
        dgt.press(side, *at, MOVE).unwrap();
        std.press(side, *at, MOVE).unwrap();
        for s in Side::BOTH {
            assert_eq!(dgt.remaining(s, *at), std.remaining(s, *at) + 3_000);
        }
    }
    assert_eq!(
        dgt.flag_at(White).unwrap(),
        std.flag_at(White).unwrap() + 3_000
    );
}

#[test]
fn multi_period_adds_time_when_the_count_is_completed() {
    let mut c = clock("40/5400+30:1800+30");
    let mut at = 0;
    for _ in 0..40 {
        at += 1_000;
        let out = c.press(White, at, MOVE).unwrap();
        at += 1_000;
        c.press(Black, at, MOVE).unwrap();
        if c.moves_completed(White) == 40 {
            assert_eq!(out.new_period, Some(2));
            assert_eq!(out.period_ms, 1_800_000);
        } else {
            assert_eq!(out.new_period, None);
        }
    }
    assert_eq!(c.period(White), 2);
    assert_eq!(c.period(Black), 2);
    assert_eq!(
        c.remaining(White, at),
        5_400_000 - 40_000 + 40 * 30_000 + 1_800_000
    );
    assert_eq!(c.moves_to_control(White), None);
    assert!(c.in_final_period(White));
}

#[test]
fn repeating_last_period() {
    let mut c = clock("2/60:1/10");
    let mut at = 0;
    for n in 1..=4u32 {
        at += 1_000;
        c.press(White, at, MOVE).unwrap();
        at += 1_000;
        c.press(Black, at, MOVE).unwrap();
        let expect_period = match n {
            1 => 1,
            2 => 2,
            3 => 3,
            _ => 4,
        };
        assert_eq!(c.period(White), expect_period, "after move {n}");
    }
    assert_eq!(c.period_index(White), 1);
    assert_eq!(c.remaining(White, at), 60_000 - 4_000 + 3 * 10_000);
}

/// Catalogue Q6 and Art. 7: a completed illegal move charges the time used, credits
/// nothing, does not count, and leaves the offender's clock running; the restored
/// move does not count towards the period's control.
#[test]
fn illegal_move_taken_back_does_not_count_for_the_period() {
    let mut c = clock("2/60+5:60+5");
    c.press(White, 1_000, MOVE).unwrap();
    c.press(Black, 2_000, MOVE).unwrap();
    // White's second move is illegal; the press completes it, the position is restored.
    let out = c.press(White, 5_000, PressKind::Illegal).unwrap();
    assert_eq!(out, PressOutcome::default());
    assert_eq!(c.on_move(), White, "the offender's clock keeps running");
    assert_eq!(c.moves_completed(White), 1);
    assert_eq!(
        c.period(White),
        1,
        "the restored move does not complete the period"
    );
    assert_eq!(c.illegal_presses(White), 1);
    assert_eq!(
        c.remaining(White, 5_000),
        60_000 - 1_000 + 5_000 - 3_000,
        "no increment for it"
    );
    assert_eq!(
        c.remaining(Black, 9_000),
        60_000 - 1_000 + 5_000,
        "Black's clock never ran"
    );
    // The legal replacement completes move 2 and the period.
    let out = c.press(White, 9_000, MOVE).unwrap();
    assert_eq!(out.new_period, Some(2));
    assert_eq!(c.moves_completed(White), 2);
    assert_eq!(
        c.remaining(White, 9_000),
        60_000 - 8_000 + 2 * 5_000 + 60_000
    );
}

/// The illegal press keeps the current move's delay state: it is still the same move.
#[test]
fn illegal_press_under_delay_and_bronstein() {
    let mut us = clock("60d5");
    us.press(White, 3_000, PressKind::Illegal).unwrap();
    assert_eq!(
        us.delay_left(White, 3_000),
        2_000,
        "no fresh delay for the restored move"
    );
    us.press(White, 9_000, MOVE).unwrap();
    assert_eq!(us.remaining(White, 9_000), 56_000);
    let mut br = clock("60b5");
    br.press(White, 3_000, PressKind::Illegal).unwrap();
    assert_eq!(
        br.remaining(White, 3_000),
        57_000,
        "no add-back for an illegal press"
    );
    br.press(White, 9_000, MOVE).unwrap();
    assert_eq!(
        br.remaining(White, 9_000),
        56_000,
        "add-back of the whole move, capped at 5 s"
    );
}

/// 6.3.2: the main time is untouched while the delay runs; the flag falls only
/// after delay + main time.
#[test]
fn us_delay_flag_instant() {
    let mut c = clock("60d5");
    assert_eq!(c.flag_at(White), Some(65_000));
    assert_eq!(c.remaining(White, 4_999), 60_000);
    assert_eq!(c.remaining(White, 5_001), 59_999);
    c.press(White, 3_000, MOVE).unwrap();
    assert_eq!(
        c.remaining(White, 3_000),
        60_000,
        "pressed inside the delay: unchanged"
    );
    assert_eq!(c.flag_at(Black), Some(3_000 + 65_000));
    // Black pauses nothing: his flag falls between events, at its exact ms.
    let fallen = c.advance(100_000).unwrap();
    assert_eq!(
        fallen,
        vec![FlagFall {
            side: Black,
            at: 68_000
        }]
    );
    assert_eq!(c.fell_at(Black), Some(68_000));
    // A pause inside the delay keeps what is left of it.
    let mut p = clock("60d5");
    p.pause(2_000).unwrap();
    assert_eq!(p.flag_at(White), None, "no flag while paused");
    p.resume(50_000).unwrap();
    assert_eq!(p.delay_left(White, 50_000), 3_000);
    assert_eq!(p.flag_at(White), Some(50_000 + 3_000 + 60_000));
}

/// Bronstein: main time runs at once and is given back at the press; the flag
/// can fall inside a move that US delay would have survived.
#[test]
fn bronstein_flag_instant() {
    let mut c = clock("60b5");
    assert_eq!(c.flag_at(White), Some(60_000));
    let out = c.press(White, 3_000, MOVE).unwrap();
    assert_eq!(out.bronstein_ms, 3_000);
    assert_eq!(c.remaining(White, 3_000), 60_000);
    c.press(Black, 11_000, MOVE).unwrap();
    assert_eq!(
        c.remaining(Black, 11_000),
        57_000,
        "8 s used, 5 s given back"
    );
    // White has 60 s; with 4 s of main time left the flag falls after 4 s, not 9.
    let mut d = clock("4b5");
    assert_eq!(d.flag_at(White), Some(4_000));
    d.advance(4_500).unwrap();
    assert_eq!(d.fell_at(White), Some(4_000));
    let mut u = clock("4d5");
    assert_eq!(u.flag_at(White), Some(9_000));
    u.advance(8_999).unwrap();
    assert_eq!(u.fell_at(White), None);
}

/// L-6.3b / 2005 6.2b: saved main time carries over, unused delay does not.
#[test]
fn delay_is_not_carried_over_to_the_next_period() {
    let mut c = clock("1/60d5:60d5");
    c.press(White, 2_000, MOVE).unwrap();
    assert_eq!(
        c.remaining(White, 2_000),
        120_000,
        "3 s of delay unused, not banked"
    );
    let mut f = clock("1/60+5:60+5");
    f.press(White, 2_000, MOVE).unwrap();
    assert_eq!(
        f.remaining(White, 2_000),
        58_000 + 5_000 + 60_000,
        "saved main time is banked"
    );
}

#[test]
fn flag_instant_between_events_and_press_after_it() {
    let mut c = clock("10");
    c.press(White, 4_000, MOVE).unwrap();
    c.press(Black, 5_000, MOVE).unwrap();
    assert_eq!(c.flag_at(White), Some(5_000 + 6_000));
    let out = c.press(White, 12_345, MOVE).unwrap();
    assert_eq!(out.flag_fell_at, Some(11_000));
    assert_eq!(c.remaining(White, 12_345), -1_345);
    assert_eq!(
        c.first_flag(),
        Some(FlagFall {
            side: White,
            at: 11_000
        })
    );
    // The press at exactly the flag instant is too late: time has expired.
    let mut e = clock("10");
    assert_eq!(
        e.press(White, 10_000, MOVE).unwrap().flag_fell_at,
        Some(10_000)
    );
    let mut ok = clock("10");
    assert_eq!(ok.press(White, 9_999, MOVE).unwrap().flag_fell_at, None);
}

#[test]
fn pause_and_resume() {
    let mut c = clock("300");
    c.pause(5_000).unwrap();
    assert_eq!(c.remaining(White, 9_000), 295_000);
    assert_eq!(c.press(White, 6_000, MOVE), Err(ClockError::Paused));
    assert_eq!(c.pause(6_000), Err(ClockError::AlreadyPaused));
    c.resume(9_000).unwrap();
    assert_eq!(c.resume(9_000), Err(ClockError::NotPaused));
    assert_eq!(c.remaining(White, 10_000), 294_000);
    assert_eq!(c.flag_at(White), Some(9_000 + 295_000));
}

#[test]
fn arbiter_adjustments() {
    let mut c = clock("300");
    c.adjust(Black, 1_000, 120_000).unwrap();
    assert_eq!(c.remaining(Black, 1_000), 420_000);
    c.adjust(White, 2_000, -60_000).unwrap();
    assert_eq!(c.remaining(White, 2_000), 238_000);
    assert_eq!(c.flag_at(White), Some(240_000));
    // A deduction to zero makes the flag fall at that instant, even on the waiting side.
    c.adjust(Black, 3_000, -420_000).unwrap();
    assert_eq!(c.fell_at(Black), Some(3_000));
    assert_eq!(c.ledger(Black).adjustments_ms, -300_000);
    assert!(matches!(
        c.adjust(White, 4_000, i64::MIN),
        Err(ClockError::OutOfRange { .. })
    ));
}

#[test]
fn typed_errors_leave_the_clock_unchanged() {
    let mut c = clock("300+3");
    c.press(White, 5_000, MOVE).unwrap();
    let before = c.clone();
    assert_eq!(
        c.press(White, 6_000, MOVE),
        Err(ClockError::NotOnMove {
            side: White,
            on_move: Black
        })
    );
    assert_eq!(
        c.press(Black, 4_999, MOVE),
        Err(ClockError::TimeWentBackwards {
            at: 4_999,
            last_at: 5_000
        })
    );
    assert_eq!(
        c.pause(1),
        Err(ClockError::TimeWentBackwards {
            at: 1,
            last_at: 5_000
        })
    );
    assert!(matches!(
        c.press(Black, u64::MAX, MOVE),
        Err(ClockError::OutOfRange { .. })
    ));
    assert_eq!(c, before);
    assert!(
        ClockError::NotOnMove {
            side: White,
            on_move: Black
        }
        .to_string()
        .contains("white pressed")
    );
    assert_eq!(
        Clock::new(&tc("?"), ClockSettings::default()),
        Err(ClockError::NoTimeControl)
    );
    assert_eq!(
        Clock::new(&tc("-"), ClockSettings::default()),
        Err(ClockError::NoTimeControl)
    );
    assert_eq!(
        Clock::new(&TimeControl::Periods(vec![]), ClockSettings::default()),
        Err(ClockError::NoTimeControl)
    );
    c.arrive(Black, 6_000).unwrap();
    assert_eq!(
        c.arrive(Black, 7_000),
        Err(ClockError::AlreadyArrived { side: Black })
    );
}

/// Both flags fallen: 2005 6.12 and 2005 rapid/blitz on claim; 2017+ G-III.3.1
/// only where announced; the first flag when the clock knows it.
#[test]
fn both_flags_per_edition() {
    let settings = |e: Edition, obs: FlagObservation, g3: bool| ClockSettings {
        observation: obs,
        guidelines_iii: g3,
        ..ClockSettings::new(e)
    };
    // Known order: White flags at 10 s, keeps playing, Black flags later.
    let run_known = |s: ClockSettings| {
        let mut c = Clock::new(&tc("10"), s).unwrap();
        c.press(White, 12_000, MOVE).unwrap();
        c.advance(30_000).unwrap();
        c.both_flags()
    };
    let first = Some(BothFlags::FirstFell {
        side: White,
        at: 10_000,
    });
    for e in Edition::ALL {
        assert_eq!(
            run_known(settings(e, FlagObservation::Automatic, false)),
            first,
            "{e}"
        );
    }
    assert_eq!(
        run_known(settings(Edition::E2005, FlagObservation::OnClaim, false)),
        Some(BothFlags::Draw)
    );
    assert_eq!(
        run_known(settings(Edition::E2023, FlagObservation::OnClaim, false)),
        first
    );
    // Unknown order: both deducted to zero at the same ms.
    let run_same = |control: &str, s: ClockSettings| {
        let mut c = Clock::new(&tc(control), s).unwrap();
        c.adjust(White, 5_000, -1_000_000).unwrap();
        c.adjust(Black, 5_000, -1_000_000).unwrap();
        assert_eq!(c.first_flag(), None);
        c.both_flags()
    };
    let auto = FlagObservation::Automatic;
    assert_eq!(
        run_same("600", settings(Edition::E2005, auto, false)),
        Some(BothFlags::Draw)
    );
    assert_eq!(
        run_same("40/600:600", settings(Edition::E2005, auto, false)),
        Some(BothFlags::Continue)
    );
    assert_eq!(
        run_same("600", settings(Edition::E2023, auto, false)),
        Some(BothFlags::ArbiterDecides)
    );
    assert_eq!(
        run_same("600", settings(Edition::E2023, auto, true)),
        Some(BothFlags::Draw)
    );
    assert_eq!(
        run_same("40/600:600", settings(Edition::E2017, auto, true)),
        Some(BothFlags::Continue)
    );
    // Only one flag: no ruling.
    let mut one = clock("10");
    one.advance(20_000).unwrap();
    assert_eq!(one.both_flags(), None);
}

/// 6.7: 2005 one hour; 2017+ the regulations, else zero.
#[test]
fn default_time_per_edition() {
    let arrive = |e: Edition, default: Option<u64>, at: u64| {
        let mut c = Clock::new(
            &tc("5400"),
            ClockSettings {
                default_time_ms: default,
                ..ClockSettings::new(e)
            },
        )
        .unwrap();
        c.arrive(Black, at).unwrap().after_default_time
    };
    assert!(!arrive(Edition::E2005, None, 3_600_000));
    assert!(arrive(Edition::E2005, None, 3_600_001));
    assert!(!arrive(Edition::E2005, None, 1_800_000));
    for e in [Edition::E2017, Edition::E2018, Edition::E2023] {
        assert!(!arrive(e, None, 0));
        assert!(arrive(e, None, 1), "{e}: default time zero");
        assert!(arrive(e, None, 1_800_000));
        assert!(
            !arrive(e, Some(1_800_000), 1_800_000),
            "{e}: the regulations' default time"
        );
    }
    assert!(
        arrive(Edition::E2005, Some(900_000), 900_001),
        "2005 regulations may shorten it"
    );
    // White's clock has run meanwhile (2005 6.6 / 2017 6.7.2).
    let mut c = clock("5400");
    c.arrive(White, 600_000).unwrap();
    assert_eq!(c.remaining(White, 600_000), 4_800_000);
    assert_eq!(c.arrived_at(White), Some(600_000));
}

/// 8.4: under five minutes at some stage of the period, and less than 30 s added per move.
#[test]
fn recording_exemption_8_4() {
    for e in Edition::ALL {
        let s = ClockSettings::new(e);
        let mut c = Clock::new(&tc("400"), s).unwrap();
        assert!(!c.recording_exempt(White, 99_999), "{e}");
        assert!(
            !c.recording_exempt(White, 100_000),
            "{e}: exactly 5:00 is not less than five minutes"
        );
        assert!(c.recording_exempt(White, 100_001), "{e}");
        c.press(White, 100_001, MOVE).unwrap();
        c.adjust(White, 100_001, 600_000).unwrap();
        assert!(
            c.recording_exempt(White, 100_002),
            "{e}: for the rest of the period"
        );
        let mut inc = Clock::new(&tc("400+30"), s).unwrap();
        assert!(!inc.recording_exempt(White, 390_000), "{e}: 30 s increment");
        inc.advance(390_000).unwrap();
        assert!(!inc.recording_exempt(White, 390_000));
        let inc29 = Clock::new(&tc("400+29.999"), s).unwrap();
        assert!(inc29.recording_exempt(White, 390_000), "{e}");
    }
    // A new period ends the exemption.
    let mut c = clock("1/310:3000");
    c.press(White, 20_000, MOVE).unwrap();
    assert!(!c.recording_exempt(White, 20_000));
    // Q5: a 30 s delay counts as added time unless the setting says otherwise.
    let d = clock("400d30");
    assert!(!d.recording_exempt(White, 390_000));
    let d = clock_with("400d30", |s| s.delay_counts_for_8_4 = false);
    assert!(d.recording_exempt(White, 390_000));
    let b = clock("400b30");
    assert!(!b.recording_exempt(White, 390_000));
}

/// CFG-8: only 2005 rapid/blitz under reduced supervision waits for a claim.
#[test]
fn observation_mode_defaults() {
    use FlagObservation::*;
    let f = FlagObservation::default_for;
    assert_eq!(
        f(Edition::E2005, Regime::Rapid, Supervision::Reduced),
        OnClaim
    );
    assert_eq!(
        f(Edition::E2005, Regime::Blitz, Supervision::Reduced),
        OnClaim
    );
    assert_eq!(
        f(Edition::E2005, Regime::Rapid, Supervision::Full),
        Automatic
    );
    assert_eq!(
        f(Edition::E2005, Regime::Standard, Supervision::Reduced),
        Automatic
    );
    // July 2017 A.4.5: the arbiter only *may* call a flag in reduced play;
    // by default only a claim makes it count (the Laws core reads it so).
    assert_eq!(
        f(Edition::E2017, Regime::Blitz, Supervision::Reduced),
        OnClaim
    );
    assert_eq!(
        f(Edition::E2017, Regime::Rapid, Supervision::Full),
        Automatic
    );
    // 2018 and 2023: he "shall", so the software always calls it.
    for e in [Edition::E2018, Edition::E2023] {
        assert_eq!(f(e, Regime::Blitz, Supervision::Reduced), Automatic);
        assert_eq!(f(e, Regime::Rapid, Supervision::Reduced), Automatic);
    }
    let s = ClockSettings::for_game(Edition::E2005, Regime::Blitz, Supervision::Reduced);
    assert_eq!(s.observation, OnClaim);
}

/// 2005 10.2 (in the Laws) vs G-III (2017+, announced, no increment), and III.4.
#[test]
fn quickplay_finish() {
    let with = |e: Edition, control: &str, g3: bool| {
        Clock::new(
            &tc(control),
            ClockSettings {
                guidelines_iii: g3,
                ..ClockSettings::new(e)
            },
        )
        .unwrap()
    };
    let c = with(Edition::E2005, "5400", false);
    assert!(c.quickplay_finish_applies(White, Regime::Standard));
    assert!(c.quickplay_finish_applies(White, Regime::Rapid));
    assert!(!c.quickplay_finish_applies(White, Regime::Blitz));
    assert!(
        !c.increment_request_available(White, Regime::Standard),
        "III.4 is not in 2005"
    );
    assert!(
        !with(Edition::E2005, "40/5400:1800", false)
            .quickplay_finish_applies(White, Regime::Standard),
        "not the final period yet"
    );
    assert!(
        !with(Edition::E2023, "5400", false).quickplay_finish_applies(White, Regime::Standard),
        "not announced"
    );
    let g = with(Edition::E2023, "5400", true);
    assert!(g.quickplay_finish_applies(White, Regime::Standard));
    assert!(g.increment_request_available(White, Regime::Rapid));
    assert!(
        !with(Edition::E2023, "5400+30", true).quickplay_finish_applies(White, Regime::Standard),
        "with increment"
    );
    assert!(!with(Edition::E2017, "300", true).quickplay_finish_applies(White, Regime::Blitz));

    let mut c = with(Edition::E2023, "130", true);
    assert!(!c.under_two_minutes(White, 10_000), "exactly 2:00");
    assert!(c.under_two_minutes(White, 10_001));
    // III.4: the opponent refuses, the arbiter agrees: 5 s for both, +2 min to the opponent.
    c.switch_to_increment(11_000, G_III_4_INCREMENT_MS).unwrap();
    c.adjust(Black, 11_000, QUICKPLAY_EXTRA_MS).unwrap();
    let out = c.press(White, 12_000, MOVE).unwrap();
    assert_eq!(out.increment_ms, 5_000);
    assert_eq!(c.remaining(White, 12_000), 130_000 - 12_000 + 5_000);
    assert_eq!(c.remaining(Black, 12_000), 250_000);
    assert!(
        !c.quickplay_finish_applies(White, Regime::Standard),
        "it has an increment now"
    );
    let mut dgt = Clock::new(
        &tc("130"),
        ClockSettings {
            increment_timing: IncrementTiming::BeforeMove,
            ..ClockSettings::new(Edition::E2023)
        },
    )
    .unwrap();
    dgt.switch_to_increment(11_000, 5_000).unwrap();
    assert_eq!(
        dgt.remaining(White, 11_000),
        130_000 - 11_000 + 5_000,
        "credited in advance"
    );
    assert_eq!(dgt.remaining(Black, 11_000), 135_000);
}

#[test]
fn sandclock_moves_time_from_one_side_to_the_other() {
    let mut c = clock("*60");
    c.press(White, 10_000, MOVE).unwrap();
    assert_eq!(c.remaining(White, 10_000), 50_000);
    assert_eq!(c.remaining(Black, 10_000), 70_000);
    assert_eq!(c.remaining(White, 15_000), 55_000);
    assert_eq!(c.flag_at(Black), Some(10_000 + 70_000));
    assert_eq!(
        c.remaining(White, 15_000) + c.remaining(Black, 15_000),
        120_000
    );
}

/// A six-hour game replayed: every ms accounted for, 0 ms drift, and the replay is
/// identical to the original run.
#[test]
fn six_hour_replay_has_no_drift() {
    let control = tc("40/7200+30:20/3600+30:900+30");
    let mut events = Vec::new();
    let mut at: u64 = 0;
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut used = [0u64; 2];
    let mut moves = [0u64; 2];
    let mut paused_total = 0u64;
    let mut side = White;
    let six_hours = 6 * 3_600_000;
    while at < six_hours - 200_000 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let think = 1 + (seed >> 33) % 150_000; // up to 2.5 min, odd ms included
        at += think;
        used[side.index()] += think;
        moves[side.index()] += 1;
        events.push(ClockEvent::Press {
            side,
            at,
            kind: PressKind::Move,
        });
        if (seed >> 20).is_multiple_of(97) {
            let pause = 1 + (seed >> 40) % 60_000;
            events.push(ClockEvent::Pause { at });
            at += pause;
            paused_total += pause;
            events.push(ClockEvent::Resume { at });
        }
        side = side.other();
    }
    let end = six_hours;
    used[side.index()] += end - at;
    events.push(ClockEvent::Advance { at: end });
    let mut c = Clock::new(&control, ClockSettings::new(Edition::E2023)).unwrap();
    for ev in &events {
        c.apply(ev).unwrap();
    }
    assert_eq!(c.last_at(), end);
    let lw = c.ledger(White);
    let lb = c.ledger(Black);
    assert_eq!(
        (lw.running_ms + lb.running_ms) as u64 + paused_total,
        end,
        "every ms of the 6 hours"
    );
    for s in Side::BOTH {
        let n = moves[s.index()];
        let periods_added: u64 = if n >= 60 {
            3_600_000 + 900_000
        } else if n >= 40 {
            3_600_000
        } else {
            0
        };
        let expect =
            7_200_000i64 + (n * 30_000) as i64 + periods_added as i64 - used[s.index()] as i64;
        assert_eq!(c.remaining(s, end), expect, "{s}: 0 ms drift");
        assert_eq!(c.moves_completed(s) as u64, n);
    }
    let mut replay = Clock::new(&control, ClockSettings::new(Edition::E2023)).unwrap();
    for ev in &events {
        replay.apply(ev).unwrap();
    }
    assert_eq!(replay, c);
}

#[test]
fn snapshot_serialises() {
    let mut c = clock("40/5400+30:1800+30");
    c.press(White, 1_500, MOVE).unwrap();
    let s = c.snapshot(2_000);
    assert_eq!(s.white_ms, 5_428_500);
    assert_eq!(s.black_ms, 5_399_500);
    assert_eq!(s.period, [1, 1]);
    assert_eq!(s.flag_at, [None, Some(1_500 + 5_400_000)]);
}

/// L-A.5.2: an illegal move found after the clocks were switched is taken back;
/// its credits go, the move does not count, the offender moves again.
#[test]
fn retract_move_after_the_switch() {
    let mut c = clock("2/60+5:60+5");
    c.press(White, 1_000, MOVE).unwrap();
    c.press(Black, 2_000, MOVE).unwrap();
    let out = c.press(White, 4_000, MOVE).unwrap();
    assert_eq!(out.new_period, Some(2));
    // Black claims before moving: White's second move was illegal.
    c.retract_move(White, 6_000).unwrap();
    assert_eq!(c.on_move(), White);
    assert_eq!(c.moves_completed(White), 1);
    assert_eq!(c.period(White), 1, "the period's time is taken back too");
    assert_eq!(c.remaining(White, 6_000), 60_000 - 3_000 + 5_000);
    assert_eq!(
        c.remaining(Black, 6_000),
        60_000 - 1_000 + 5_000 - 2_000,
        "Black's 2 s stay used"
    );
    assert_eq!(
        c.retract_move(White, 6_000),
        Err(ClockError::NothingToRetract { side: White })
    );
    assert_eq!(
        c.retract_move(Black, 6_000),
        Err(ClockError::NothingToRetract { side: Black }),
        "Black's move was answered"
    );
    c.press(White, 7_000, MOVE).unwrap();
    assert_eq!(c.period(White), 2);
    assert_eq!(c.moves_completed(White), 2);
}

#[test]
fn flag_claims_and_fell_by() {
    let mut c = clock("10");
    assert_eq!(c.fell_by(White, 9_999), None);
    assert_eq!(
        c.fell_by(White, 10_000),
        Some(10_000),
        "known before any event records it"
    );
    let claim = c.flag_claim(Black, 12_000);
    assert_eq!(claim.opponent_fell_at, Some(10_000));
    assert!(claim.upheld());
    assert!(!c.flag_claim(White, 12_000).upheld(), "Black's flag is up");
    // 2005 rapid/blitz on claim: the claimant's own flag must still be up.
    let mut old = Clock::new(
        &tc("10"),
        ClockSettings::for_game(Edition::E2005, Regime::Blitz, Supervision::Reduced),
    )
    .unwrap();
    old.press(White, 12_000, MOVE).unwrap();
    assert!(old.flag_claim(Black, 15_000).upheld());
    assert!(
        !old.flag_claim(Black, 22_000).upheld(),
        "both flags down: no win on time"
    );
    c.press(White, 12_000, MOVE).unwrap();
    assert!(
        c.flag_claim(Black, 22_000).upheld(),
        "2023: the claimant's flag does not matter"
    );
}

/// Hand-built controls beyond the parser's limits are bounded, not overflowed.
#[test]
fn absurd_hand_built_controls_do_not_overflow() {
    let p = Period {
        moves: Some(1),
        time_ms: u64::MAX,
        increment_ms: u64::MAX,
        delay_ms: u64::MAX,
        bronstein_ms: u64::MAX,
    };
    let mut c = Clock::new(&TimeControl::Periods(vec![p, p]), ClockSettings::default()).unwrap();
    assert!(c.flag_at(White).is_some());
    c.press(White, MAX_AT_MS, MOVE).unwrap();
    assert!(c.remaining(White, MAX_AT_MS) > 0);
    assert!(c.remaining(Black, u64::MAX) > 0);
    let mut s = Clock::new(&TimeControl::Sandclock(u64::MAX), ClockSettings::default()).unwrap();
    s.adjust(Black, 0, -(MAX_AT_MS as i64)).unwrap();
    assert_eq!(s.fell_at(Black), Some(0));
}

/// Guidelines I: a game resumed or set up with Black to move starts Black's
/// clock; only a clock that has not run yet can be started so.
#[test]
fn guidelines_i_start_with_black() {
    let mut c = clock("300d5");
    c.start_with(Black).unwrap();
    assert_eq!(c.on_move(), Black);
    assert_eq!(c.flag_at(White), None, "White's clock stands");
    assert_eq!(c.flag_at(Black), Some(305_000), "Black's delay runs first");
    assert_eq!(
        c.press(White, 1_000, MOVE),
        Err(ClockError::NotOnMove {
            side: White,
            on_move: Black
        })
    );
    c.press(Black, 10_000, MOVE).unwrap();
    assert_eq!(c.remaining(Black, 10_000), 295_000);
    assert_eq!(c.start_with(White), Err(ClockError::AlreadyStarted));
    // Without it White's clock runs, as ever (6.6).
    let c = clock("300d5");
    assert_eq!(c.on_move(), White);
}

/// Appendix D.2.9 (2005 Supplement, item 8): after a retrace the arbiter
/// readjusts the clocks: both times and move counts set, the period each
/// count reaches in force again (2 moves in 60 s, then 30 s), the side to
/// move's clock running and unpaused, the ledger still balancing, and a
/// flag down only where the time set is zero.
#[test]
fn the_arbiters_readjustment_after_a_retrace() {
    let mut c = clock("2/60:30");
    for (i, side) in [White, Black, White, Black].into_iter().enumerate() {
        c.press(side, 1_000 * (i as u64 + 1), MOVE).unwrap();
    }
    assert_eq!((c.period(White), c.period(Black)), (2, 2));
    c.pause(5_000).unwrap();
    c.readjust(6_000, Black, [50_000, 0], [2, 1]).unwrap();
    assert!(!c.is_paused());
    assert_eq!(c.on_move(), Black);
    assert_eq!((c.period(White), c.period(Black)), (2, 1));
    assert_eq!((c.moves_completed(White), c.moves_completed(Black)), (2, 1));
    assert_eq!(c.remaining(White, 9_000), 50_000, "White's clock stands");
    assert_eq!(c.fell_at(Black), Some(6_000), "zero set is a flag down");
    for s in [White, Black] {
        assert_eq!(c.ledger(s).balance(), c.remaining(s, 6_000), "{s:?}");
    }
    c.readjust(7_000, White, [40_000, 30_000], [1, 1]).unwrap();
    assert_eq!(c.fell_at(Black), None);
    assert_eq!(c.remaining(White, 8_000), 39_000);
    assert_eq!(c.remaining(Black, 8_000), 30_000);
    let far = (MAX_AT_MS + 1) as i64;
    assert!(c.readjust(8_000, White, [far, 0], [0, 0]).is_err());
}
