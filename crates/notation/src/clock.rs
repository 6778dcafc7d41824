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
