//! A time control in words (English and Russian), and the Russian plural
//! agreement those words use: the clock counts, this crate says.

use arbiter_clock::TimeControl;
use arbiter_notation::{DescribeTimeControl, Lang, time_control::describe};
use proptest::prelude::*;

fn tc(s: &str) -> TimeControl {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

#[test]
fn human_form_in_english_and_russian() {
    let classic = tc("40/5400+30:1800+30");
    assert_eq!(
        classic.describe(Lang::Ru),
        "90 мин на 40 ходов + 30 мин до конца партии, добавление 30 с за ход"
    );
    assert_eq!(
        classic.describe(Lang::En),
        "90 min for 40 moves + 30 min for the rest of the game, 30 s increment per move"
    );
    assert_eq!(
        tc("300+3").describe(Lang::En),
        "5 min for the game, 3 s increment per move"
    );
    assert_eq!(
        tc("90+0.5").describe(Lang::Ru),
        "1 мин 30 с на партию, добавление 0,5 с за ход"
    );
    assert_eq!(
        tc("21/3600:22/1800:1/60").describe(Lang::Ru),
        "60 мин на 21 ход + 30 мин на 22 хода + 1 мин на каждые следующие 1 ход"
    );
    assert_eq!(
        tc("1/60:60").describe(Lang::En),
        "1 min for 1 move + 1 min for the rest of the game"
    );
    assert_eq!(
        tc("7200d5").describe(Lang::Ru),
        "120 мин на партию, задержка 5 с на ход"
    );
    assert_eq!(
        tc("300b3").describe(Lang::En),
        "5 min for the game, 3 s Bronstein delay per move"
    );
    assert_eq!(
        tc("40/5400:1800+30").describe(Lang::En),
        "90 min for 40 moves + 30 min for the rest of the game (30 s increment per move)"
    );
    assert_eq!(tc("*180").describe(Lang::Ru), "песочные часы, 3 мин");
    assert_eq!(tc("?").describe(Lang::En), "unknown time control");
    assert_eq!(tc("-").describe(Lang::Ru), "без контроля времени");
}

#[test]
fn russian_plural_agreement() {
    let f = |n| arbiter_notation::plural_ru(n, "ход", "хода", "ходов");
    for (n, w) in [
        (0, "ходов"),
        (1, "ход"),
        (2, "хода"),
        (4, "хода"),
        (5, "ходов"),
        (11, "ходов"),
        (12, "ходов"),
        (14, "ходов"),
        (21, "ход"),
        (22, "хода"),
        (40, "ходов"),
        (101, "ход"),
        (111, "ходов"),
        (1004, "хода"),
    ] {
        assert_eq!(f(n), w, "{n}");
    }
}

#[test]
fn german_falls_back_to_english_the_working_language() {
    let t = tc("300+3");
    assert_eq!(describe(&t, Lang::De), describe(&t, Lang::En));
}

proptest! {
    /// Any control that parses can be said in every language without a panic,
    /// and its words name the minutes of a whole-minute first period.
    #[test]
    fn every_parsed_control_can_be_said(s in "[0-9/:+dbD.*?\\- ]{0,24}") {
        if let Ok(t) = s.parse::<TimeControl>() {
            for l in Lang::ALL {
                let _ = describe(&t, l);
            }
            if let Some(p) = t.periods().first().filter(|p| p.time_ms % 60_000 == 0 && p.time_ms > 0) {
                let min = format!("{} min", p.time_ms / 60_000);
                prop_assert!(describe(&t, Lang::En).starts_with(&min), "{}", describe(&t, Lang::En));
            }
        }
    }
}
