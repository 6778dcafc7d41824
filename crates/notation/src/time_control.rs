//! A time control in words: "90 min for 40 moves + 30 min for the rest of the
//! game, 30 s increment per move". The clock crate only counts milliseconds; what
//! a control is called in English or Russian is said here, with the other words.
//!
//! ```
//! use arbiter_notation::{Lang, time_control::describe};
//!
//! let classic = "40/5400+30:1800+30".parse().unwrap();
//! assert_eq!(
//!     describe(&classic, Lang::Ru),
//!     "90 мин на 40 ходов + 30 мин до конца партии, добавление 30 с за ход"
//! );
//! ```

use arbiter_clock::{Period, TimeControl};
use arbiter_rules::Lang;

use crate::numbers::plural_ru;

/// [`describe`] as a method of [`TimeControl`], for callers that read it as one.
pub trait DescribeTimeControl {
    /// The control in words, see [`describe`].
    fn describe(&self, lang: Lang) -> String;
}

impl DescribeTimeControl for TimeControl {
    fn describe(&self, lang: Lang) -> String {
        describe(self, lang)
    }
}

/// The human form, e.g. "90 мин на 40 ходов + 30 мин до конца партии, добавление
/// 30 с за ход", "90 Min. für 40 Züge + 30 Min. für den Rest der Partie, 30 Sek.
/// Zeitzuschlag pro Zug". Per-move additions shared by every period are said
/// once at the end; otherwise each period says its own in parentheses.
pub fn describe(tc: &TimeControl, lang: Lang) -> String {
    let pick = |en: &str, ru: &str, de: &str| {
        match lang {
            Lang::En => en,
            Lang::Ru => ru,
            Lang::De => de,
        }
        .to_string()
    };
    match tc {
        TimeControl::Unknown => pick(
            "unknown time control",
            "контроль времени неизвестен",
            "Bedenkzeit unbekannt",
        ),
        TimeControl::Untimed => pick("no time control", "без контроля времени", "ohne Bedenkzeit"),
        TimeControl::Sandclock(ms) => {
            let t = human_time(*ms, lang);
            match lang {
                Lang::En => format!("sandclock, {t}"),
                Lang::Ru => format!("песочные часы, {t}"),
                Lang::De => format!("Sanduhr, {t}"),
            }
        }
        TimeControl::Periods(ps) if ps.is_empty() => {
            pick("no periods", "нет периодов", "keine Perioden")
        }
        TimeControl::Periods(ps) => periods(ps, lang),
    }
}

/// Every period joined by " + ", then the additions they share.
fn periods(ps: &[Period], lang: Lang) -> String {
    let uniform = ps.iter().all(|p| {
        (p.increment_ms, p.delay_ms, p.bronstein_ms)
            == (ps[0].increment_ms, ps[0].delay_ms, ps[0].bronstein_ms)
    });
    let mut parts = Vec::new();
    for (i, p) in ps.iter().enumerate() {
        let mut s = period(p, i + 1 == ps.len(), ps.len() == 1, lang);
        if !uniform {
            let extra = per_move_words(p, lang);
            if !extra.is_empty() {
                s = format!("{s} ({})", extra.join(", "));
            }
        }
        parts.push(s);
    }
    let mut out = parts.join(" + ");
    if uniform {
        for e in per_move_words(&ps[0], lang) {
            out.push_str(", ");
            out.push_str(&e);
        }
    }
    out
}

/// One period's time and how many moves it is for.
fn period(p: &Period, last: bool, only: bool, lang: Lang) -> String {
    let t = human_time(p.time_ms, lang);
    match (p.moves, last, only, lang) {
        (Some(n), false, _, Lang::Ru) => format!("{t} на {}", moves_words(n, lang)),
        (Some(n), false, _, Lang::De) => format!("{t} für {}", moves_words(n, lang)),
        (Some(n), false, _, Lang::En) => format!("{t} for {}", moves_words(n, lang)),
        (Some(n), true, _, Lang::Ru) => {
            format!("{t} на каждые следующие {}", moves_words(n, lang))
        }
        // "für jeden weiteren Zug", "für je 20 weitere Züge".
        (Some(1), true, _, Lang::De) => format!("{t} für jeden weiteren Zug"),
        (Some(n), true, _, Lang::De) => format!("{t} für je {n} weitere Züge"),
        (Some(n), true, _, Lang::En) => {
            format!("{t} for each further {}", moves_words(n, lang))
        }
        (None, _, true, Lang::Ru) => format!("{t} на партию"),
        (None, _, true, Lang::De) => format!("{t} für die Partie"),
        (None, _, true, Lang::En) => format!("{t} for the game"),
        (None, _, false, Lang::Ru) => format!("{t} до конца партии"),
        (None, _, false, Lang::De) => format!("{t} für den Rest der Partie"),
        (None, _, false, Lang::En) => format!("{t} for the rest of the game"),
    }
}

/// Seconds with up to three decimals and no trailing zeros: "30", "0.5".
fn seconds(ms: u64) -> String {
    let (s, frac) = (ms / 1000, ms % 1000);
    if frac == 0 {
        s.to_string()
    } else {
        let f = format!("{frac:03}");
        format!("{s}.{}", f.trim_end_matches('0'))
    }
}

/// A duration in words: "90 min", "1 min 30 s", "0.5 s" (units abbreviated in
/// every language, so no plural agreement is needed for them; Russian and
/// German write the decimal comma).
fn human_time(ms: u64, lang: Lang) -> String {
    let (min_u, s_u) = match lang {
        Lang::En => ("min", "s"),
        Lang::Ru => ("мин", "с"),
        Lang::De => ("Min.", "Sek."),
    };
    let (m, rest) = (ms / 60_000, ms % 60_000);
    let sec = |ms: u64| {
        let s = seconds(ms);
        if lang == Lang::En {
            s
        } else {
            s.replace('.', ",")
        }
    };
    match (m, rest) {
        (0, r) => format!("{} {s_u}", sec(r)),
        (m, 0) => format!("{m} {min_u}"),
        (m, r) => format!("{m} {min_u} {} {s_u}", sec(r)),
    }
}

/// "40 moves", "40 ходов", "40 Züge".
fn moves_words(n: u32, lang: Lang) -> String {
    let word = match lang {
        Lang::Ru => plural_ru(u64::from(n), "ход", "хода", "ходов"),
        Lang::De if n == 1 => "Zug",
        Lang::De => "Züge",
        Lang::En if n == 1 => "move",
        Lang::En => "moves",
    };
    format!("{n} {word}")
}

/// The additions per move of a period: increment, delay, Bronstein delay.
fn per_move_words(p: &Period, lang: Lang) -> Vec<String> {
    let mut v = Vec::new();
    // Russian: an increment is given "for" a move (за ход), a delay "per"
    // move (на ход).
    let add = |v: &mut Vec<String>, ms: u64, en: &str, ru: (&str, &str), de: &str| {
        if ms == 0 {
            return;
        }
        let t = human_time(ms, lang);
        v.push(match lang {
            Lang::En => format!("{t} {en} per move"),
            Lang::Ru => format!("{} {t} {} ход", ru.0, ru.1),
            Lang::De => format!("{t} {de} pro Zug"),
        });
    };
    add(
        &mut v,
        p.increment_ms,
        "increment",
        ("добавление", "за"),
        "Zeitzuschlag",
    );
    add(
        &mut v,
        p.delay_ms,
        "delay",
        ("задержка", "на"),
        "Verzögerung",
    );
    add(
        &mut v,
        p.bronstein_ms,
        "Bronstein delay",
        ("задержка Бронштейна", "на"),
        "Bronstein-Verzögerung",
    );
    v
}
