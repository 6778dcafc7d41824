//! The time control: PGN syntax and extension (docs/time-control.md) and
//! classification per edition (L-6.3g, catalogue Q4). Its human form is
//! tested with the words, in arbiter-notation.

use arbiter_clock::{ParseErrorKind, Period, TimeControl};
use arbiter_rules::{Edition, Regime};
use proptest::prelude::*;

fn tc(s: &str) -> TimeControl {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

#[test]
fn parses_pgn_forms() {
    assert_eq!(
        tc("300+3"),
        TimeControl::Periods(vec![Period::fischer(300_000, 3_000)])
    );
    assert_eq!(tc("?"), TimeControl::Unknown);
    assert_eq!(tc("-"), TimeControl::Untimed);
    assert_eq!(tc("*180"), TimeControl::Sandclock(180_000));
    let classic = tc("40/5400+30:1800+30");
    assert_eq!(
        classic.periods(),
        &[
            Period {
                moves: Some(40),
                time_ms: 5_400_000,
                increment_ms: 30_000,
                ..Period::default()
            },
            Period {
                moves: None,
                time_ms: 1_800_000,
                increment_ms: 30_000,
                ..Period::default()
            },
        ]
    );
    assert_eq!(tc("7200d5").periods()[0].delay_ms, 5_000);
    assert_eq!(tc("300b3").periods()[0].bronstein_ms, 3_000);
    assert_eq!(tc("60+0.5").periods()[0].increment_ms, 500);
    assert_eq!(tc("0.001").periods()[0].time_ms, 1);
    assert_eq!(tc("  300+3 "), tc("300+3"));
    assert_eq!(tc("300D2").periods()[0].delay_ms, 2_000);
}

#[test]
fn prints_canonically() {
    for s in [
        "300+3",
        "40/5400+30:1800+30",
        "*180",
        "?",
        "-",
        "7200d5",
        "300b3",
        "60+0.5",
        "40/7200:20/3600:900",
        "300+2d1.25b3",
    ] {
        assert_eq!(tc(s).to_string(), s);
    }
    assert_eq!(tc("300+0").to_string(), "300");
}

fn err(s: &str) -> (usize, ParseErrorKind) {
    let e = s.parse::<TimeControl>().expect_err(s);
    // The message must name the column.
    assert!(
        e.to_string().contains(&format!("column {}", e.column)),
        "{e}"
    );
    (e.column, e.kind)
}

#[test]
fn malformed_inputs_point_at_the_character() {
    assert!(matches!(
        err("40/"),
        (4, ParseErrorKind::ExpectedNumber { .. })
    ));
    assert!(matches!(
        err("+30"),
        (1, ParseErrorKind::ExpectedNumber { .. })
    ));
    assert_eq!(err("-30"), (1, ParseErrorKind::Negative));
    assert_eq!(err("300+-3"), (5, ParseErrorKind::Negative));
    assert_eq!(err("300-3"), (4, ParseErrorKind::Negative));
    assert_eq!(err(""), (1, ParseErrorKind::Empty));
    assert_eq!(err("   "), (1, ParseErrorKind::Empty));
    assert_eq!(
        err("99999999999999999999999"),
        (1, ParseErrorKind::TooLarge)
    );
    assert_eq!(err("300+1000000001"), (5, ParseErrorKind::TooLarge));
    assert_eq!(err("10001/300"), (1, ParseErrorKind::TooLarge));
    assert_eq!(err("0/300"), (1, ParseErrorKind::ZeroMoves));
    assert!(matches!(
        err("300:"),
        (5, ParseErrorKind::ExpectedNumber { .. })
    ));
    assert_eq!(err("300+3x"), (6, ParseErrorKind::Unexpected('x')));
    assert_eq!(err("300+2+3"), (6, ParseErrorKind::Repeated('+')));
    assert_eq!(err("60.1234"), (7, ParseErrorKind::TooPrecise));
    assert!(matches!(
        err("60."),
        (4, ParseErrorKind::ExpectedNumber { .. })
    ));
    assert_eq!(err("?x"), (2, ParseErrorKind::Trailing));
    assert!(matches!(
        err("*"),
        (2, ParseErrorKind::ExpectedNumber { .. })
    ));
    assert_eq!(err("3 00"), (2, ParseErrorKind::Unexpected(' ')));
    assert_eq!(
        err("ч300"),
        (
            1,
            ParseErrorKind::ExpectedNumber {
                what: "the seconds of a period (e.g. 300 or 40/5400)"
            }
        )
    );
    assert_eq!(err("300ч"), (4, ParseErrorKind::Unexpected('ч')));
    let many = vec!["1/1"; 65].join(":");
    assert_eq!(err(&many).1, ParseErrorKind::TooLarge);
}

/// L-6.3g, both directions: every boundary where 2005 and 2017+ disagree or agree.
#[test]
fn classification_per_edition() {
    use Regime::*;
    let cases: &[(&str, Regime, Regime)] = &[
        // (control, 2005, 2017+)
        ("180+2", Blitz, Blitz),   // 3+2 → 5 min
        ("600", Blitz, Blitz),     // 10 min: ≤ 10 blitz (2017 B.1), < 15 blitz (2005)
        ("600.001", Blitz, Rapid), // just over 10 min
        ("600+1", Blitz, Rapid),   // 10+1 → 11 min (catalogue example)
        ("840", Blitz, Rapid),     // 14 min
        ("899.999", Blitz, Rapid),
        ("900", Rapid, Rapid),    // 15 min: 2005 rapid "at least 15"
        ("600+5", Rapid, Rapid),  // 10+5 → 15
        ("900+10", Rapid, Rapid), // 15+10 → 25
        ("3599.999", Rapid, Rapid),
        ("3600", Standard, Standard), // 60 min: rapid is "less than 60"
        ("1800+30", Standard, Standard), // 30+30 → 60
        ("2700+15", Standard, Standard), // 45+15 → 60
        ("40/5400+30:1800+30", Standard, Standard),
    ];
    for &(s, old, new) in cases {
        assert_eq!(tc(s).classify(Edition::E2005), Some(old), "{s} in 2005");
        for e in [Edition::E2017, Edition::E2018, Edition::E2023] {
            assert_eq!(tc(s).classify(e), Some(new), "{s} in {e}");
        }
    }
    assert_eq!(tc("?").classify(Edition::E2023), None);
    assert_eq!(tc("-").classify(Edition::E2005), None);
}

/// Catalogue Q4: periods begun within 60 moves count, plus 60 per-move additions.
#[test]
fn multi_period_classification_rule() {
    assert_eq!(tc("20/300:300").sixty_move_budget_ms(), Some(600_000));
    assert_eq!(
        tc("20/300:300").classify(Edition::E2023),
        Some(Regime::Blitz)
    );
    assert_eq!(
        tc("30/300:600").classify(Edition::E2023),
        Some(Regime::Rapid)
    );
    // The second period starts at move 61: not reached in 60 moves.
    assert_eq!(tc("60/300:3000").sixty_move_budget_ms(), Some(300_000));
    assert_eq!(tc("59/300:3000").sixty_move_budget_ms(), Some(3_300_000));
    // A repeating last period begins again at moves 21 and 41.
    assert_eq!(tc("20/60").sixty_move_budget_ms(), Some(180_000));
    // Per-move additions follow the period of each move.
    assert_eq!(
        tc("40/0+1:0+2").sixty_move_budget_ms(),
        Some(40_000 + 20 * 2_000)
    );
    // Delay counts like an increment.
    assert_eq!(tc("300d5").sixty_move_budget_ms(), Some(600_000));
    assert_eq!(tc("*600").classify(Edition::E2023), Some(Regime::Blitz));
}

fn period_strategy() -> impl Strategy<Value = Period> {
    (
        proptest::option::of(1u32..200),
        0u64..20_000_000,
        prop_oneof![Just(0u64), 0u64..120_000],
        prop_oneof![Just(0u64), 0u64..60_000],
        prop_oneof![Just(0u64), 0u64..60_000],
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Printing then parsing gives the same control, to the ms.
    #[test]
    fn print_parse_round_trip(ps in proptest::collection::vec(period_strategy(), 1..5)) {
        let t = TimeControl::Periods(ps);
        let back: TimeControl = t.to_string().parse().unwrap();
        prop_assert_eq!(back, t);
    }

    /// Arbitrary text never panics, and every error points inside the input (or
    /// just past its end).
    #[test]
    fn parser_never_panics(s in "\\PC{0,40}") {
        match s.parse::<TimeControl>() {
            Ok(t) => { let _ = t.classify(Edition::E2005); }
            Err(e) => prop_assert!(e.column >= 1 && e.column <= s.chars().count() + 1),
        }
    }

    #[test]
    fn parser_never_panics_on_near_misses(s in "[0-9/:+dbD.*?\\- ]{0,24}") {
        if let Err(e) = s.parse::<TimeControl>() {
            prop_assert!(e.column >= 1 && e.column <= s.chars().count() + 1);
        }
    }
}
