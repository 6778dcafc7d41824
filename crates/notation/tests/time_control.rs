//! A time control in words (English, Russian and German), and the Russian plural
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

/// German, from real controls: the FIDE standard 90 min + 30 s (PGN
/// `5400+30`), the classical 40 moves in 2 h then 30 min with 30 s from
/// move 41, the Tavreli rules' 90 min with a 30 s delay, blitz 5+3, rapid
/// 15+10, and sudden death. The units are abbreviated as German timetables
/// write them (Min., Sek.), with the decimal comma.
#[test]
fn german_words_for_real_controls() {
    for (control, said) in [
        (
            "5400+30",
            "90 Min. für die Partie, 30 Sek. Zeitzuschlag pro Zug",
        ),
        (
            "40/7200:1800+30",
            "120 Min. für 40 Züge + 30 Min. für den Rest der Partie (30 Sek. Zeitzuschlag pro Zug)",
        ),
        (
            "5400d30",
            "90 Min. für die Partie, 30 Sek. Verzögerung pro Zug",
        ),
        (
            "300+3",
            "5 Min. für die Partie, 3 Sek. Zeitzuschlag pro Zug",
        ),
        (
            "900+10",
            "15 Min. für die Partie, 10 Sek. Zeitzuschlag pro Zug",
        ),
        ("3600", "60 Min. für die Partie"),
        (
            "90+0.5",
            "1 Min. 30 Sek. für die Partie, 0,5 Sek. Zeitzuschlag pro Zug",
        ),
        (
            "40/5400+30:1800+30",
            "90 Min. für 40 Züge + 30 Min. für den Rest der Partie, 30 Sek. Zeitzuschlag pro Zug",
        ),
        (
            "21/3600:1/60",
            "60 Min. für 21 Züge + 1 Min. für jeden weiteren Zug",
        ),
        (
            "40/7200:20/3600",
            "120 Min. für 40 Züge + 60 Min. für je 20 weitere Züge",
        ),
        (
            "300b3",
            "5 Min. für die Partie, 3 Sek. Bronstein-Verzögerung pro Zug",
        ),
        ("*180", "Sanduhr, 3 Min."),
        ("-", "ohne Bedenkzeit"),
        ("?", "Bedenkzeit unbekannt"),
    ] {
        assert_eq!(tc(control).describe(Lang::De), said, "{control}");
    }
    // The Tavreli rules' own control, said the same in the other languages.
    assert_eq!(
        tc("5400d30").describe(Lang::Ru),
        "90 мин на партию, задержка 30 с на ход"
    );
    assert_eq!(
        tc("5400d30").describe(Lang::En),
        "90 min for the game, 30 s delay per move"
    );
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
