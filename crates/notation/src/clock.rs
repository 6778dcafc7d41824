//! The talking clock (L-D.2.6): on the blind player's request, say both players'
//! remaining times and the number of completed moves (L-D.2.10d: only when he asks — so
//! this is a pure function the clock calls on a key press, never on a timer), plus a
//! configurable low-time alarm.

use arbiter_rules::Side;

use crate::spoken::Lexicon;

pub use crate::numbers::{RuPlural, plural_ru, ru_number_words, ru_plural};
use arbiter_rules::Lang;

/// The noun forms (one, few, many) of the units we say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Hours (час, Stunde).
    Hour,
    /// Minutes (минута, Minute).
    Minute,
    /// Seconds (секунда, Sekunde).
    Second,
    /// Moves (ход, Zug).
    Move,
}

/// How numbers are written in texts meant for a speech engine. espeak-ng reads "1 минута"
/// as "один минута" and "1 Minute" as "eins Minute": for speech, numbers that agree in
/// gender are written out (`Words`); `Digits` is for display, braille and logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Numerals {
    /// `1 минута`, `5 minutes`: for the screen, braille and logs.
    #[default]
    Digits,
    /// `одна минута`, `eine Minute`: for a speech engine.
    Words,
}

/// Grammatical gender of a unit's noun (Russian: час, ход masculine; минута, секунда
/// feminine. German: Stunde, Minute, Sekunde feminine; Zug masculine).
fn feminine(unit: Unit) -> bool {
    matches!(unit, Unit::Minute | Unit::Second)
}

/// [`count`] with a choice of numerals.
pub fn count_with(lang: Lang, n: u64, unit: Unit, numerals: Numerals) -> String {
    let digits = count(lang, n, unit);
    if numerals == Numerals::Digits {
        return digits;
    }
    let noun = digits.split_once(' ').map(|(_, s)| s).unwrap_or("");
    let number = match (lang, n) {
        (Lang::Ru, _) => ru_number_words(n, feminine(unit)),
        (Lang::De, 1) => if unit == Unit::Move { "ein" } else { "eine" }.to_string(),
        (Lang::En, 1) => "one".to_string(),
        _ => n.to_string(),
    };
    format!("{number} {noun}")
}

/// "5 минут", "1 Minute", "2 seconds": a number with its noun in the right form.
pub fn count(lang: Lang, n: u64, unit: Unit) -> String {
    let noun = match lang {
        Lang::Ru => {
            let forms = match unit {
                Unit::Hour => ["час", "часа", "часов"],
                Unit::Minute => ["минута", "минуты", "минут"],
                Unit::Second => ["секунда", "секунды", "секунд"],
                Unit::Move => ["ход", "хода", "ходов"],
            };
            forms[ru_plural(n) as usize]
        }
        Lang::De => {
            let (one, many) = match unit {
                Unit::Hour => ("Stunde", "Stunden"),
                Unit::Minute => ("Minute", "Minuten"),
                Unit::Second => ("Sekunde", "Sekunden"),
                Unit::Move => ("Zug", "Züge"),
            };
            if n == 1 { one } else { many }
        }
        Lang::En => {
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
pub fn duration_words(lang: Lang, ms: u64) -> String {
    duration_with(lang, ms, Numerals::Digits)
}

/// [`duration_words`] with a choice of numerals.
pub fn duration_with(lang: Lang, ms: u64, numerals: Numerals) -> String {
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

/// A Russian short form (participle or verb) that agrees with a spoken
/// duration: it agrees with the first number said, as in «добавлена одна
/// минута тридцать секунд». `forms` are the masculine singular (for «один
/// час»), feminine singular («одна минута»), plural (2–4: «добавлены две
/// минуты») and neuter singular (5–20, 0: «добавлено пять минут»). Callers
/// whose verb keeps the neuter with 2–4 («осталось две минуты») pass it as
/// the plural form too.
pub fn ru_agree(ms: u64, forms: [&str; 4]) -> &str {
    let total = ms / 1000;
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    let (n, unit) = match (h, m) {
        (h, _) if h > 0 => (h, Unit::Hour),
        (_, m) if m > 0 => (m, Unit::Minute),
        _ => (s, Unit::Second),
    };
    match (ru_plural(n), feminine(unit)) {
        (RuPlural::One, false) => forms[0],
        (RuPlural::One, true) => forms[1],
        (RuPlural::Few, _) => forms[2],
        (RuPlural::Many, _) => forms[3],
    }
}

/// Whether a spoken duration is exactly one of its unit ("eine Minute"), so
/// that a German verb after it is singular; "eine Minute dreißig Sekunden"
/// is plural.
pub fn is_one_unit(ms: u64) -> bool {
    let total = ms / 1000;
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    matches!((h, m, s), (1, 0, 0) | (0, 1, 0) | (0, 0, 1))
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
        (Lang::Ru, Side::White) => "Белые",
        (Lang::Ru, Side::Black) => "Чёрные",
        (Lang::De, Side::White) => "Weiß",
        (Lang::De, Side::Black) => "Schwarz",
        (Lang::En, Side::White) => "White",
        (Lang::En, Side::Black) => "Black",
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
        Lang::Ru => {
            let verb = if ru_plural(n) == RuPlural::One {
                "Сделан"
            } else {
                "Сделано"
            };
            format!("{verb} {}.", count(lang, n, Unit::Move))
        }
        Lang::De => format!("{} gespielt.", count(lang, n, Unit::Move)),
        Lang::En => format!("{} played.", count(lang, n, Unit::Move)),
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
    /// The remaining times, in ms, at which the alarm is due when the clock runs
    /// down through them ([`LowTimeAlarm::due`]); by default 5 min, 1 min, 30 s
    /// and 10 s.
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
}
