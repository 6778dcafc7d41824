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
/// 30 с за ход". Per-move additions shared by every period are said once at the
/// end; otherwise each period says its own in parentheses. There is no German
/// form yet: German gets the English one.
pub fn describe(tc: &TimeControl, lang: Lang) -> String {
    let ru = lang == Lang::Ru;
    let pick = |en: &str, r: &str| if ru { r.to_string() } else { en.to_string() };
    match tc {
        TimeControl::Unknown => pick("unknown time control", "контроль времени неизвестен"),
        TimeControl::Untimed => pick("no time control", "без контроля времени"),
        TimeControl::Sandclock(ms) => {
            let t = human_time(*ms, lang);
            if ru {
                format!("песочные часы, {t}")
            } else {
                format!("sandclock, {t}")
            }
        }
        TimeControl::Periods(ps) if ps.is_empty() => pick("no periods", "нет периодов"),
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
    let ru = lang == Lang::Ru;
    let t = human_time(p.time_ms, lang);
    match (p.moves, last, only) {
        (Some(n), false, _) if ru => format!("{t} на {}", moves_words(n, lang)),
        (Some(n), false, _) => format!("{t} for {}", moves_words(n, lang)),
        (Some(n), true, _) if ru => format!("{t} на каждые следующие {}", moves_words(n, lang)),
        (Some(n), true, _) => format!("{t} for each further {}", moves_words(n, lang)),
        (None, _, true) if ru => format!("{t} на партию"),
        (None, _, true) => format!("{t} for the game"),
        (None, _, false) if ru => format!("{t} до конца партии"),
        (None, _, false) => format!("{t} for the rest of the game"),
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
/// both languages, so no plural agreement is needed for them; Russian writes the
/// decimal comma).
fn human_time(ms: u64, lang: Lang) -> String {
    let ru = lang == Lang::Ru;
    let (min_u, s_u) = if ru { ("мин", "с") } else { ("min", "s") };
    let (m, rest) = (ms / 60_000, ms % 60_000);
    let sec = |ms: u64| {
        let s = seconds(ms);
        if ru { s.replace('.', ",") } else { s }
    };
    match (m, rest) {
        (0, r) => format!("{} {s_u}", sec(r)),
        (m, 0) => format!("{m} {min_u}"),
        (m, r) => format!("{m} {min_u} {} {s_u}", sec(r)),
    }
}

/// "40 moves", "40 ходов".
fn moves_words(n: u32, lang: Lang) -> String {
    if lang == Lang::Ru {
        format!("{n} {}", plural_ru(u64::from(n), "ход", "хода", "ходов"))
    } else {
        format!("{n} {}", if n == 1 { "move" } else { "moves" })
    }
}

/// The additions per move of a period: increment, delay, Bronstein delay.
fn per_move_words(p: &Period, lang: Lang) -> Vec<String> {
    let ru = lang == Lang::Ru;
    let mut v = Vec::new();
    if p.increment_ms > 0 {
        let t = human_time(p.increment_ms, lang);
        v.push(if ru {
            format!("добавление {t} за ход")
        } else {
            format!("{t} increment per move")
        });
    }
    if p.delay_ms > 0 {
        let t = human_time(p.delay_ms, lang);
        v.push(if ru {
            format!("задержка {t} на ход")
        } else {
            format!("{t} delay per move")
        });
    }
    if p.bronstein_ms > 0 {
        let t = human_time(p.bronstein_ms, lang);
        v.push(if ru {
            format!("задержка Бронштейна {t} на ход")
        } else {
            format!("{t} Bronstein delay per move")
        });
    }
    v
}
