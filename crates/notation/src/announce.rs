//! Event announcements: what the electronic arbiter says besides moves.
//!
//! The enum is our own and small on purpose: the Laws core maps its events onto it, so
//! this crate does not depend on the core's types (and the core can change freely).

use arbiter_rules::Side;

use crate::spoken::Lexicon;
use arbiter_rules::Lang;

/// Why a draw is claimed (Art. 9.2, 9.3; Art. 10.2 of old editions; a claim is also an
/// offer, Art. 9.1.b.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    Repetition,
    FiftyMoves,
    /// Old Art. 10.2 "quickplay finish" claim.
    Quickplay,
    Other,
}

/// A game result as announced (Art. 5, 6.9, 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

/// Something the arbiter announces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announcement {
    Check,
    Checkmate {
        winner: Side,
    },
    Stalemate,
    DrawOffered(Side),
    DrawAccepted,
    DrawDeclined(Side),
    DrawClaimed {
        side: Side,
        reason: DrawReason,
    },
    ClaimUpheld,
    ClaimRejected {
        side: Side,
    },
    /// An illegal move, counted per player (Art. 7.5).
    IllegalMove {
        side: Side,
        count: u32,
    },
    /// Time added to `side`'s clock (e.g. 2 minutes to the opponent, Art. 7.5.1).
    TimeAdded {
        side: Side,
        seconds: u32,
    },
    /// A penalty: time deducted from `side`.
    Penalty {
        side: Side,
        seconds: u32,
    },
    FlagFell(Side),
    Resigned(Side),
    Result(GameResult),
    /// The low-time alarm (see `clock::alarm_due`).
    LowTime {
        side: Side,
        seconds: u32,
    },
}

fn side_word(lang: Lang, side: Side, case: u8) -> &'static str {
    // case 0 = nominative, 1 = dative (Russian "белым", German "Weiß" unchanged).
    match (lang, side, case) {
        (Lang::De, Side::White, _) => "Weiß",
        (Lang::De, Side::Black, _) => "Schwarz",
        (Lang::Ru, Side::White, 0) => "белые",
        (Lang::Ru, Side::Black, 0) => "чёрные",
        (Lang::Ru, Side::White, _) => "белым",
        (Lang::Ru, Side::Black, _) => "чёрным",
        (Lang::En, Side::White, _) => "White",
        (Lang::En, Side::Black, _) => "Black",
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The text of an announcement in a lexicon's language.
pub fn announce(a: &Announcement, lex: Lexicon) -> String {
    announce_with(a, lex, crate::clock::Numerals::Digits)
}

/// [`announce`] with a choice of numerals (`Words` for a speech engine).
pub fn announce_with(a: &Announcement, lex: Lexicon, numerals: crate::clock::Numerals) -> String {
    use Announcement::*;
    use Lang::*;
    let l = lex.language();
    let secs = |n: u32| crate::clock::duration_with(l, u64::from(n) * 1000, numerals);
    match (*a, l) {
        (Check, De) => "Schach".into(),
        (Check, Ru) => "Шах".into(),
        (Check, En) => "Check".into(),
        (Checkmate { winner }, De) => format!("Matt. {} gewinnt", side_word(l, winner, 0)),
        (Checkmate { winner }, Ru) => format!("Мат. Победа: {}", side_word(l, winner, 0)),
        (Checkmate { winner }, En) => format!("Checkmate. {} wins", side_word(l, winner, 0)),
        (Stalemate, De) => "Patt. Remis".into(),
        (Stalemate, Ru) => "Пат. Ничья".into(),
        (Stalemate, En) => "Stalemate. Draw".into(),
        (DrawOffered(s), De) => format!("{} bietet Remis an", side_word(l, s, 0)),
        (DrawOffered(s), Ru) => format!("{} предлагают ничью", cap(side_word(l, s, 0))),
        (DrawOffered(s), En) => format!("{} offers a draw", side_word(l, s, 0)),
        (DrawAccepted, De) => "Remis angenommen".into(),
        (DrawAccepted, Ru) => "Ничья принята".into(),
        (DrawAccepted, En) => "Draw accepted".into(),
        (DrawDeclined(s), De) => format!("{} lehnt das Remis ab", side_word(l, s, 0)),
        (DrawDeclined(s), Ru) => format!("{} отклоняют ничью", cap(side_word(l, s, 0))),
        (DrawDeclined(s), En) => format!("{} declines the draw", side_word(l, s, 0)),
        (DrawClaimed { side, reason }, _) => {
            let why = match (reason, l) {
                (DrawReason::Repetition, De) => " wegen dreimaliger Stellungswiederholung",
                (DrawReason::FiftyMoves, De) => " nach der Fünfzig-Züge-Regel",
                (DrawReason::Repetition, Ru) => " по троекратному повторению позиции",
                (DrawReason::FiftyMoves, Ru) => " по правилу пятидесяти ходов",
                (DrawReason::Repetition, En) => " by threefold repetition",
                (DrawReason::FiftyMoves, En) => " under the fifty-move rule",
                (DrawReason::Quickplay, De) => " in der Endspurtphase",
                (DrawReason::Quickplay, Ru) => " в цейтноте при быстром завершении",
                (DrawReason::Quickplay, En) => " in the quickplay finish",
                (DrawReason::Other, _) => "",
            };
            match l {
                De => format!("{} beansprucht Remis{}", side_word(l, side, 0), why),
                Ru => format!("{} требуют ничью{}", cap(side_word(l, side, 0)), why),
                En => format!("{} claims a draw{}", side_word(l, side, 0), why),
            }
        }
        (ClaimUpheld, De) => "Anspruch berechtigt. Remis".into(),
        (ClaimUpheld, Ru) => "Требование обосновано. Ничья".into(),
        (ClaimUpheld, En) => "Claim upheld. Draw".into(),
        (ClaimRejected { side }, De) => {
            format!(
                "Anspruch von {} abgelehnt. Die Partie geht weiter",
                side_word(l, side, 0)
            )
        }
        (ClaimRejected { side }, Ru) => format!(
            "Требование ({}) отклонено. Партия продолжается",
            side_word(l, side, 0)
        ),
        (ClaimRejected { side }, En) => format!(
            "{}'s claim is rejected. The game continues",
            side_word(l, side, 0)
        ),
        (IllegalMove { side, count }, De) => {
            format!(
                "Regelwidriger Zug von {}. Das ist der {}.",
                side_word(l, side, 0),
                ordinal(l, count)
            )
        }
        (IllegalMove { side, count }, Ru) => format!(
            "Невозможный ход: {}. Это {} нарушение",
            side_word(l, side, 0),
            ordinal(l, count)
        ),
        (IllegalMove { side, count }, En) => format!(
            "Illegal move by {}. This is the {} one",
            side_word(l, side, 0),
            ordinal(l, count)
        ),
        (TimeAdded { side, seconds }, De) => {
            format!(
                "{} erhält {} zusätzlich",
                side_word(l, side, 0),
                secs(seconds)
            )
        }
        (TimeAdded { side, seconds }, Ru) => {
            let ms = u64::from(seconds) * 1000;
            let verb =
                crate::clock::ru_agree(ms, ["добавлен", "добавлена", "добавлены", "добавлено"]);
            format!("{} {verb} {}", cap(side_word(l, side, 1)), secs(seconds))
        }
        (TimeAdded { side, seconds }, En) => {
            format!("{} receives {} extra", side_word(l, side, 0), secs(seconds))
        }
        (Penalty { side, seconds }, De) => {
            let one = crate::clock::is_one_unit(u64::from(seconds) * 1000);
            let verb = if one { "wird" } else { "werden" };
            format!(
                "Strafe: {} {verb} {} abgezogen",
                side_word(l, side, 0),
                secs(seconds)
            )
        }
        (Penalty { side, seconds }, Ru) => {
            let ms = u64::from(seconds) * 1000;
            let verb = crate::clock::ru_agree(ms, ["снят", "снята", "сняты", "снято"]);
            format!("Штраф: у {} {verb} {}", ru_genitive(side), secs(seconds))
        }
        (Penalty { side, seconds }, En) => {
            format!("Penalty: {} loses {}", side_word(l, side, 0), secs(seconds))
        }
        (FlagFell(s), De) => format!("Blättchen gefallen: {}", side_word(l, s, 0)),
        (FlagFell(s), Ru) => format!("Флажок упал: {}", side_word(l, s, 0)),
        (FlagFell(s), En) => format!("{}'s flag has fallen", side_word(l, s, 0)),
        (Resigned(s), De) => format!("{} gibt auf", side_word(l, s, 0)),
        (Resigned(s), Ru) => format!("{} сдались", cap(side_word(l, s, 0))),
        (Resigned(s), En) => format!("{} resigns", side_word(l, s, 0)),
        (Result(r), De) => match r {
            GameResult::WhiteWins => "Ergebnis: eins zu null, Weiß gewinnt".into(),
            GameResult::BlackWins => "Ergebnis: null zu eins, Schwarz gewinnt".into(),
            GameResult::Draw => "Ergebnis: Remis".into(),
        },
        (Result(r), Ru) => match r {
            GameResult::WhiteWins => "Результат: один — ноль, победа белых".into(),
            GameResult::BlackWins => "Результат: ноль — один, победа чёрных".into(),
            GameResult::Draw => "Результат: ничья".into(),
        },
        (Result(r), En) => match r {
            GameResult::WhiteWins => "Result: one–nil, White wins".into(),
            GameResult::BlackWins => "Result: nil–one, Black wins".into(),
            GameResult::Draw => "Result: draw".into(),
        },
        (LowTime { side, seconds }, De) => {
            format!("Achtung, {}: noch {}", side_word(l, side, 0), secs(seconds))
        }
        (LowTime { side, seconds }, Ru) => {
            let ms = u64::from(seconds) * 1000;
            let verb = crate::clock::ru_agree(ms, ["остался", "осталась", "осталось", "осталось"]);
            format!(
                "Внимание, {}: {verb} {}",
                side_word(l, side, 0),
                secs(seconds)
            )
        }
        (LowTime { side, seconds }, En) => {
            format!("{}, {} left", side_word(l, side, 0), secs(seconds))
        }
    }
}

fn ru_genitive(side: Side) -> &'static str {
    match side {
        Side::White => "белых",
        Side::Black => "чёрных",
    }
}

fn ordinal(l: Lang, n: u32) -> String {
    match l {
        Lang::De => match n {
            1 => "erste".into(),
            2 => "zweite".into(),
            3 => "dritte".into(),
            _ => format!("{n}."),
        },
        Lang::Ru => match n {
            1 => "первое".into(),
            2 => "второе".into(),
            3 => "третье".into(),
            _ => format!("{n}-е"),
        },
        Lang::En => match n {
            1 => "first".into(),
            2 => "second".into(),
            3 => "third".into(),
            _ => format!("{n}th"),
        },
    }
}

/// Spoken prompts for setting up the talking clock without sight, so that a blind player
/// can set the clock alone. The clock's key handling is the
/// clock's; these are only the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Ask for the base time in minutes; `current` is what is set now.
    BaseMinutes {
        current: u32,
    },
    /// Ask for the increment in seconds per move.
    IncrementSeconds {
        current: u32,
    },
    /// Read back the whole setting before starting.
    Confirm {
        minutes: u32,
        increment: u32,
    },
    /// The lexicon (and voice) now in use, said in that lexicon.
    LexiconChosen,
    /// Ready: which key starts the clock is the clock's business; we say "press to start".
    PressToStart,
    Paused,
    Resumed,
}

/// The words of a setup prompt in a lexicon's language. Numbers are said in words so that
/// espeak-ng gets the gender right ("одна минута").
pub fn prompt(p: &Prompt, lex: Lexicon) -> String {
    use crate::clock::{Numerals, Unit, count_with};
    use Lang::*;
    let l = lex.language();
    let n = |v: u32, u: Unit| count_with(l, u64::from(v), u, Numerals::Words);
    match (*p, l) {
        (Prompt::BaseMinutes { current }, De) => {
            format!("Bedenkzeit in Minuten? Jetzt: {}", n(current, Unit::Minute))
        }
        (Prompt::BaseMinutes { current }, Ru) => {
            format!(
                "Основное время в минутах? Сейчас: {}",
                n(current, Unit::Minute)
            )
        }
        (Prompt::BaseMinutes { current }, En) => {
            format!("Base time in minutes? Now: {}", n(current, Unit::Minute))
        }
        (Prompt::IncrementSeconds { current }, De) => {
            format!(
                "Zeitzuschlag pro Zug in Sekunden? Jetzt: {}",
                n(current, Unit::Second)
            )
        }
        (Prompt::IncrementSeconds { current }, Ru) => format!(
            "Добавление за ход в секундах? Сейчас: {}",
            n(current, Unit::Second)
        ),
        (Prompt::IncrementSeconds { current }, En) => format!(
            "Increment per move in seconds? Now: {}",
            n(current, Unit::Second)
        ),
        (Prompt::Confirm { minutes, increment }, De) => format!(
            "{} plus {} pro Zug. Bestätigen?",
            n(minutes, Unit::Minute),
            n(increment, Unit::Second)
        ),
        (Prompt::Confirm { minutes, increment }, Ru) => format!(
            "{} плюс {} за ход. Подтвердить?",
            n(minutes, Unit::Minute),
            n(increment, Unit::Second)
        ),
        (Prompt::Confirm { minutes, increment }, En) => format!(
            "{} plus {} per move. Confirm?",
            n(minutes, Unit::Minute),
            n(increment, Unit::Second)
        ),
        (Prompt::LexiconChosen, _) => match lex {
            Lexicon::FideDe => "Ansage nach FIDE, Anhang D".into(),
            Lexicon::RuFide => "Объявление ходов по правилам ФИДЕ".into(),
            Lexicon::Ru => "Объявление ходов по-русски".into(),
            Lexicon::En => "Moves announced in English".into(),
            Lexicon::Nato => "Moves announced with NATO file names".into(),
        },
        (Prompt::PressToStart, De) => "Bereit. Zum Starten drücken".into(),
        (Prompt::PressToStart, Ru) => "Готово. Нажмите, чтобы запустить часы".into(),
        (Prompt::PressToStart, En) => "Ready. Press to start the clock".into(),
        (Prompt::Paused, De) => "Uhr angehalten".into(),
        (Prompt::Paused, Ru) => "Часы остановлены".into(),
        (Prompt::Paused, En) => "Clock paused".into(),
        (Prompt::Resumed, De) => "Uhr läuft".into(),
        (Prompt::Resumed, Ru) => "Часы запущены".into(),
        (Prompt::Resumed, En) => "Clock running".into(),
    }
}

// The alarm's announcement lives with the announcements, so that the talking
// clock (which only counts) does not depend on the announcer that uses it.
impl crate::clock::LowTimeAlarm {
    /// The announcement for a crossed threshold.
    pub fn announcement(&self, side: Side, before_ms: u64, now_ms: u64) -> Option<Announcement> {
        self.due(before_ms, now_ms).map(|t| Announcement::LowTime {
            side,
            seconds: (t / 1000) as u32,
        })
    }
}
