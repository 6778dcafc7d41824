//! The talking clock (L-D.2.6): on the blind player's request, say both players'
//! remaining times and the number of completed moves (L-D.2.10d: only when he asks — so
//! this is a pure function the clock calls on a key press, never on a timer), plus a
//! configurable low-time alarm.

use arbiter_edition::Side;

use crate::spoken::{Lexicon, SpokenLang};

/// Russian plural class of a cardinal: 1, 21, 101 → One ("минута"); 2–4, 22–24 → Few
/// ("минуты"); 0, 5–20, 25–30, 11–14 → Many ("минут").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuPlural {
    One,
    Few,
    Many,
}

/// The CLDR rule for Russian cardinals (integers).
pub fn ru_plural(n: u64) -> RuPlural {
    let (d, h) = (n % 10, n % 100);
    if d == 1 && h != 11 {
        RuPlural::One
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        RuPlural::Few
    } else {
        RuPlural::Many
    }
}

/// The noun forms (one, few, many) of the units we say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Hour,
    Minute,
    Second,
    Move,
}

/// How numbers are written in texts meant for a speech engine. espeak-ng reads "1 минута"
/// as "один минута" and "1 Minute" as "eins Minute": for speech, numbers that agree in
/// gender are written out (`Words`); `Digits` is for display, braille and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Numerals {
    #[default]
    Digits,
    Words,
}

/// Grammatical gender of a unit's noun (Russian: час, ход masculine; минута, секунда
/// feminine. German: Stunde, Minute, Sekunde feminine; Zug masculine).
fn feminine(unit: Unit) -> bool {
    matches!(unit, Unit::Minute | Unit::Second)
}

/// Masculine Russian number words 0–9; ranks are read with them too (RU-4).
pub(crate) const RU_UNITS_M: [&str; 10] = [
    "ноль",
    "один",
    "два",
    "три",
    "четыре",
    "пять",
    "шесть",
    "семь",
    "восемь",
    "девять",
];
const RU_TEENS: [&str; 10] = [
    "десять",
    "одиннадцать",
    "двенадцать",
    "тринадцать",
    "четырнадцать",
    "пятнадцать",
    "шестнадцать",
    "семнадцать",
    "восемнадцать",
    "девятнадцать",
];
const RU_TENS: [&str; 10] = [
    "",
    "",
    "двадцать",
    "тридцать",
    "сорок",
    "пятьдесят",
    "шестьдесят",
    "семьдесят",
    "восемьдесят",
    "девяносто",
];
const RU_HUNDREDS: [&str; 10] = [
    "",
    "сто",
    "двести",
    "триста",
    "четыреста",
    "пятьсот",
    "шестьсот",
    "семьсот",
    "восемьсот",
    "девятьсот",
];

/// 1..=999 in Russian words, the last word in the given gender (одна/две vs один/два).
fn ru_below_1000(n: u64, fem: bool, out: &mut Vec<&'static str>) {
    let (h, t, u) = (
        (n / 100) as usize,
        ((n / 10) % 10) as usize,
        (n % 10) as usize,
    );
    if h > 0 {
        out.push(RU_HUNDREDS[h]);
    }
    if t == 1 {
        out.push(RU_TEENS[u]);
        return;
    }
    if t > 1 {
        out.push(RU_TENS[t]);
    }
    if u > 0 {
        out.push(match (u, fem) {
            (1, true) => "одна",
            (2, true) => "две",
            _ => RU_UNITS_M[u],
        });
    }
}

/// A cardinal in Russian words, agreeing in gender with the noun that follows
/// ("двадцать одна минута", "две тысячи один ход").
pub fn ru_number_words(n: u64, fem: bool) -> String {
    if n == 0 {
        return "ноль".into();
    }
    let mut w: Vec<&'static str> = Vec::new();
    let (th, rest) = (n / 1000, n % 1000);
    if th > 0 {
        if th >= 1000 {
            return n.to_string(); // beyond anything a clock says
        }
        ru_below_1000(th, true, &mut w);
        w.push(["тысяча", "тысячи", "тысяч"][ru_plural(th) as usize]);
    }
    if rest > 0 {
        ru_below_1000(rest, fem, &mut w);
    }
    w.join(" ")
}

/// [`count`] with a choice of numerals.
pub fn count_with(lang: SpokenLang, n: u64, unit: Unit, numerals: Numerals) -> String {
    let digits = count(lang, n, unit);
    if numerals == Numerals::Digits {
        return digits;
    }
    let noun = digits.split_once(' ').map(|(_, s)| s).unwrap_or("");
    let number = match (lang, n) {
        (SpokenLang::Ru, _) => ru_number_words(n, feminine(unit)),
        (SpokenLang::De, 1) => if unit == Unit::Move { "ein" } else { "eine" }.to_string(),
        (SpokenLang::En, 1) => "one".to_string(),
        _ => n.to_string(),
    };
    format!("{number} {noun}")
}

/// "5 минут", "1 Minute", "2 seconds": a number with its noun in the right form.
pub fn count(lang: SpokenLang, n: u64, unit: Unit) -> String {
    let noun = match lang {
        SpokenLang::Ru => {
            let forms = match unit {
                Unit::Hour => ["час", "часа", "часов"],
                Unit::Minute => ["минута", "минуты", "минут"],
                Unit::Second => ["секунда", "секунды", "секунд"],
                Unit::Move => ["ход", "хода", "ходов"],
            };
            forms[ru_plural(n) as usize]
        }
        SpokenLang::De => {
            let (one, many) = match unit {
                Unit::Hour => ("Stunde", "Stunden"),
                Unit::Minute => ("Minute", "Minuten"),
                Unit::Second => ("Sekunde", "Sekunden"),
                Unit::Move => ("Zug", "Züge"),
            };
            if n == 1 { one } else { many }
        }
        SpokenLang::En => {
            let (one, many) = match unit {
                Unit::Hour => ("hour", "hours"),
                Unit::Minute => ("minute", "minutes"),
                Unit::Second => ("second", "seconds"),
                Unit::Move => ("move", "moves"),
            };
            if n == 1 { one } else { many }
        }
    };
    format!("{n} {noun}")
}

/// A remaining time in words: hours, minutes, seconds, leaving out zero parts (but "0
/// seconds" when nothing is left). Milliseconds are truncated: a clock showing 0:59.9 says
/// 59 seconds, never more time than there is.
pub fn duration_words(lang: SpokenLang, ms: u64) -> String {
    duration_with(lang, ms, Numerals::Digits)
}

/// [`duration_words`] with a choice of numerals.
pub fn duration_with(lang: SpokenLang, ms: u64, numerals: Numerals) -> String {
    let count = |l, n, u| count_with(l, n, u, numerals);
    let total = ms / 1000;
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(count(lang, h, Unit::Hour));
    }
    if m > 0 {
        parts.push(count(lang, m, Unit::Minute));
    }
    if s > 0 || parts.is_empty() {
        parts.push(count(lang, s, Unit::Second));
    }
    parts.join(" ")
}

/// What a talking clock says on request (L-D.2.6): both remaining times, `first` side
/// first (the listener's own, usually), then the completed moves.
///
/// Russian: "Белые: 5 минут 1 секунда. Чёрные: 21 минута. Сделан 21 ход."
pub fn talking_clock(
    lex: Lexicon,
    white_ms: u64,
    black_ms: u64,
    moves_completed: u32,
    first: Side,
) -> String {
    talking_clock_with(
        lex,
        white_ms,
        black_ms,
        moves_completed,
        first,
        Numerals::Digits,
    )
}

/// [`talking_clock`] with a choice of numerals: use `Numerals::Words` for the text handed
/// to a speech engine.
pub fn talking_clock_with(
    lex: Lexicon,
    white_ms: u64,
    black_ms: u64,
    moves_completed: u32,
    first: Side,
    numerals: Numerals,
) -> String {
    let count = |l, n, u| count_with(l, n, u, numerals);
    let duration_words = |l, ms| duration_with(l, ms, numerals);
    let lang = lex.language();
    let name = |s: Side| match (lang, s) {
        (SpokenLang::Ru, Side::White) => "Белые",
        (SpokenLang::Ru, Side::Black) => "Чёрные",
        (SpokenLang::De, Side::White) => "Weiß",
        (SpokenLang::De, Side::Black) => "Schwarz",
        (SpokenLang::En, Side::White) => "White",
        (SpokenLang::En, Side::Black) => "Black",
    };
    let ms = |s: Side| match s {
        Side::White => white_ms,
        Side::Black => black_ms,
    };
    let order = [first, first.other()];
    let mut out: Vec<String> = order
        .iter()
        .map(|&s| format!("{}: {}.", name(s), duration_words(lang, ms(s))))
        .collect();
    let n = u64::from(moves_completed);
    out.push(match lang {
        SpokenLang::Ru => {
            let verb = if ru_plural(n) == RuPlural::One {
                "Сделан"
            } else {
                "Сделано"
            };
            format!("{verb} {}.", count(lang, n, Unit::Move))
        }
        SpokenLang::De => format!("{} gespielt.", count(lang, n, Unit::Move)),
        SpokenLang::En => format!("{} played.", count(lang, n, Unit::Move)),
    });
    // "ein Zug gespielt." starts a sentence.
    if let Some(last) = out.last_mut() {
        let mut c = last.chars();
        if let Some(f) = c.next() {
            *last = f.to_uppercase().collect::<String>() + c.as_str();
        }
    }
    out.join(" ")
}

/// The low-time alarm: thresholds in milliseconds (e.g. 5 min, 1 min, 10 s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowTimeAlarm {
    pub thresholds_ms: Vec<u64>,
}

impl Default for LowTimeAlarm {
    fn default() -> Self {
        LowTimeAlarm {
            thresholds_ms: vec![300_000, 60_000, 30_000, 10_000],
        }
    }
}

impl LowTimeAlarm {
    /// Which threshold, if any, the remaining time crossed between two readings of the
    /// same clock (`before_ms` then `now_ms`). If several were crossed at once (a long
    /// pause between readings) only the most urgent — the smallest — is due, so the
    /// player does not hear a burst of stale warnings. Time going *up* (increment, time
    /// added by the arbiter) never triggers.
    pub fn due(&self, before_ms: u64, now_ms: u64) -> Option<u64> {
        self.thresholds_ms
            .iter()
            .copied()
            .filter(|&t| before_ms > t && now_ms <= t)
            .min()
    }

    /// The announcement for a crossed threshold.
    pub fn announcement(
        &self,
        side: Side,
        before_ms: u64,
        now_ms: u64,
    ) -> Option<crate::announce::Announcement> {
        self.due(before_ms, now_ms)
            .map(|t| crate::announce::Announcement::LowTime {
                side,
                seconds: (t / 1000) as u32,
            })
    }
}
