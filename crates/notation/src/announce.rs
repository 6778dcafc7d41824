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
    /// The same position for the third time (L-9.2b, L-9.2c).
    Repetition,
    /// Fifty moves by each side without a pawn move or a capture (L-9.3).
    FiftyMoves,
    /// Old Art. 10.2 "quickplay finish" claim.
    Quickplay,
    /// Any other ground, or none said: the claim is announced without one.
    Other,
}

/// A game result as announced (Art. 5, 6.9, 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// ½-½.
    Draw,
}

/// Something the arbiter announces.
///
/// Said with [`announce`] (digits, for a display) or [`announce_with`] (numbers
/// in words, for a speech engine) in the language of a [`Lexicon`]:
///
/// ```
/// use arbiter_notation::Lexicon;
/// use arbiter_notation::announce::{Announcement, announce};
/// use arbiter_rules::Side;
///
/// let a = Announcement::Checkmate { winner: Side::White };
/// assert_eq!(announce(&a, Lexicon::En), "Checkmate. White wins");
/// assert_eq!(announce(&a, Lexicon::Ru), "Мат. Победа: белые");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announcement {
    /// The move gives check.
    Check,
    /// Checkmate ends the game (L-5.1a).
    Checkmate {
        /// The side that mated.
        winner: Side,
    },
    /// Stalemate ends the game drawn (L-5.2a).
    Stalemate,
    /// A draw offer (L-9.1b).
    DrawOffered(Side),
    /// The opponent accepted the draw offer (L-5.2c).
    DrawAccepted,
    /// The side declined the draw offer made to it.
    DrawDeclined(Side),
    /// A claim of a draw (L-9.2b, L-9.2c, L-9.3; old Art. 10.2).
    DrawClaimed {
        /// The claimant.
        side: Side,
        /// The ground of the claim.
        reason: DrawReason,
    },
    /// With under two minutes left, the side asks that both players get
    /// five seconds a move (G-III.4); the request is also a draw offer.
    IncrementRequested(Side),
    /// A claim the arbiter must decide (old Art. 10.2, G-III.4, G-III.5).
    ArbiterDecides,
    /// The arbiter found the claim correct: the game is drawn (L-9.5b).
    ClaimUpheld,
    /// The arbiter found the claim incorrect: play goes on (L-9.5c).
    ClaimRejected {
        /// The claimant.
        side: Side,
    },
    /// An illegal move, counted per player (Art. 7.5).
    IllegalMove {
        /// Who made it.
        side: Side,
        /// His illegal moves so far in this game, this one included (1 = first).
        count: u32,
    },
    /// Time added to `side`'s clock (e.g. 2 minutes to the opponent, Art. 7.5.1).
    TimeAdded {
        /// Whose clock.
        side: Side,
        /// How much, in seconds.
        seconds: u32,
    },
    /// A penalty: time deducted from `side` (L-12.9).
    Penalty {
        /// Whose clock.
        side: Side,
        /// How much, in seconds.
        seconds: u32,
    },
    /// The side's flag has fallen (L-6.8, L-6.9).
    FlagFell(Side),
    /// The side resigned (L-5.1b).
    Resigned(Side),
    /// The result of the game.
    Result(GameResult),
    /// The side completed the moves of a period and reached the next one
    /// (L-6.7): the next period's time is added to its clock.
    PeriodReached {
        /// Whose clock.
        side: Side,
        /// The 1-based number of the period now in force.
        period: u32,
        /// The time added, in seconds.
        seconds: u32,
    },
    /// The side has had less than five minutes in this period: recording the
    /// moves is no longer required of it (Art. 8.4).
    RecordingExempt(Side),
    /// The low-time alarm (see [`crate::clock::LowTimeAlarm::due`]).
    LowTime {
        /// Whose clock.
        side: Side,
        /// The time left, in seconds.
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
///
/// The short sentences are said here; the longer ones, which need the side in
/// a grammatical case or a number in words, each have a function of their own
/// named for the event (and the article of the Laws it announces).
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
        (DrawClaimed { side, reason }, _) => draw_claimed(l, side, reason),
        (IncrementRequested(s), De) => format!(
            "{} beantragt fünf Sekunden Zuschlag pro Zug für beide Spieler",
            side_word(l, s, 0)
        ),
        (IncrementRequested(s), Ru) => format!(
            "{} просят добавлять обоим по пять секунд за ход",
            cap(side_word(l, s, 0))
        ),
        (IncrementRequested(s), En) => format!(
            "{} asks for five seconds a move for both players",
            side_word(l, s, 0)
        ),
        (ArbiterDecides, De) => "Der Schiedsrichter entscheidet".into(),
        (ArbiterDecides, Ru) => "Решение за судьёй".into(),
        (ArbiterDecides, En) => "The arbiter decides".into(),
        (ClaimUpheld, De) => "Anspruch berechtigt. Remis".into(),
        (ClaimUpheld, Ru) => "Требование обосновано. Ничья".into(),
        (ClaimUpheld, En) => "Claim upheld. Draw".into(),
        (ClaimRejected { side }, _) => claim_rejected(l, side),
        (IllegalMove { side, count }, _) => illegal_move(l, side, count),
        (TimeAdded { side, seconds }, _) => time_added(l, side, seconds, &secs(seconds)),
        (Penalty { side, seconds }, _) => penalty(l, side, seconds, &secs(seconds)),
        (FlagFell(s), De) => format!("Blättchen gefallen: {}", side_word(l, s, 0)),
        (FlagFell(s), Ru) => format!("Флажок упал: {}", side_word(l, s, 0)),
        (FlagFell(s), En) => format!("{}'s flag has fallen", side_word(l, s, 0)),
        (Resigned(s), De) => format!("{} gibt auf", side_word(l, s, 0)),
        (Resigned(s), Ru) => format!("{} сдались", cap(side_word(l, s, 0))),
        (Resigned(s), En) => format!("{} resigns", side_word(l, s, 0)),
        (Result(r), _) => result_words(l, r),
        (LowTime { side, seconds }, _) => low_time(l, side, seconds, &secs(seconds)),
        (
            PeriodReached {
                side,
                period,
                seconds,
            },
            _,
        ) => period_reached(l, side, period, seconds, &secs(seconds)),
        (RecordingExempt(side), _) => recording_exempt(l, side, numerals),
    }
}

/// The next period reached (L-6.7); `time` (what is added) is already said,
/// `seconds` makes the verb agree with it: «добавлена одна минута»,
/// «добавлен один час», «добавлено тридцать минут».
fn period_reached(l: Lang, side: Side, period: u32, seconds: u32, time: &str) -> String {
    let ms = u64::from(seconds) * 1000;
    match l {
        Lang::De => {
            let verb = if crate::clock::is_one_unit(ms) {
                "wird"
            } else {
                "werden"
            };
            format!(
                "{} hat die Zeitkontrolle erreicht. Periode {period}: {time} {verb} gutgeschrieben",
                side_word(l, side, 0)
            )
        }
        Lang::Ru => {
            let verb =
                crate::clock::ru_agree(ms, ["добавлен", "добавлена", "добавлены", "добавлено"]);
            format!(
                "{} прошли контроль времени. Период {period}: {verb} {time}",
                cap(side_word(l, side, 0))
            )
        }
        Lang::En => format!(
            "{} reached the time control. Period {period}: {time} added",
            side_word(l, side, 0)
        ),
    }
}

/// Art. 8.4: less than five minutes in the period, so the moves need not be
/// recorded until its end.
fn recording_exempt(l: Lang, side: Side, numerals: crate::clock::Numerals) -> String {
    let words = numerals == crate::clock::Numerals::Words;
    match l {
        Lang::De => format!(
            "{} hat weniger als {} Minuten in dieser Periode: Mitschreiben ist nicht mehr Pflicht (Artikel 8.4)",
            side_word(l, side, 0),
            if words { "fünf" } else { "5" }
        ),
        Lang::Ru => format!(
            "У {} меньше {} минут в этом периоде: записывать ходы больше не обязательно (статья 8.4)",
            ru_genitive(side),
            if words { "пяти" } else { "5" }
        ),
        Lang::En => format!(
            "{} has less than {} minutes in this period: recording the moves is no longer required (Article 8.4)",
            side_word(l, side, 0),
            if words { "five" } else { "5" }
        ),
    }
}

/// A draw claim (Art. 9.2, 9.3; old Art. 10.2), with its ground when it has one.
fn draw_claimed(l: Lang, side: Side, reason: DrawReason) -> String {
    use Lang::*;
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

/// A claim the arbiter found incorrect: the game goes on (L-9.5c).
fn claim_rejected(l: Lang, side: Side) -> String {
    match l {
        Lang::De => {
            format!(
                "Anspruch von {} abgelehnt. Die Partie geht weiter",
                side_word(l, side, 0)
            )
        }
        Lang::Ru => format!(
            "Требование ({}) отклонено. Партия продолжается",
            side_word(l, side, 0)
        ),
        Lang::En => format!(
            "{}'s claim is rejected. The game continues",
            side_word(l, side, 0)
        ),
    }
}

/// An illegal move and how many the player has made (Art. 7.5).
fn illegal_move(l: Lang, side: Side, count: u32) -> String {
    match l {
        Lang::De => {
            format!(
                "Regelwidriger Zug von {}. Das ist der {}.",
                side_word(l, side, 0),
                ordinal(l, count)
            )
        }
        Lang::Ru => format!(
            "Невозможный ход: {}. Это {} нарушение",
            side_word(l, side, 0),
            ordinal(l, count)
        ),
        Lang::En => format!(
            "Illegal move by {}. This is the {} one",
            side_word(l, side, 0),
            ordinal(l, count)
        ),
    }
}

/// Time added to a player's clock (Art. 7.5.1, 12.9); `time` is already said,
/// `seconds` makes the verb agree with it.
fn time_added(l: Lang, side: Side, seconds: u32, time: &str) -> String {
    match l {
        Lang::De => {
            format!("{} erhält {} zusätzlich", side_word(l, side, 0), time)
        }
        Lang::Ru => {
            let ms = u64::from(seconds) * 1000;
            let verb =
                crate::clock::ru_agree(ms, ["добавлен", "добавлена", "добавлены", "добавлено"]);
            format!("{} {verb} {}", cap(side_word(l, side, 1)), time)
        }
        Lang::En => {
            format!("{} receives {} extra", side_word(l, side, 0), time)
        }
    }
}

/// Time deducted from a player as a penalty (L-12.9); `time` is already said,
/// `seconds` makes the verb agree with it.
fn penalty(l: Lang, side: Side, seconds: u32, time: &str) -> String {
    match l {
        Lang::De => {
            let one = crate::clock::is_one_unit(u64::from(seconds) * 1000);
            let verb = if one { "wird" } else { "werden" };
            format!(
                "Strafe: {} {verb} {} abgezogen",
                side_word(l, side, 0),
                time
            )
        }
        Lang::Ru => {
            let ms = u64::from(seconds) * 1000;
            let verb = crate::clock::ru_agree(ms, ["снят", "снята", "сняты", "снято"]);
            format!("Штраф: у {} {verb} {}", ru_genitive(side), time)
        }
        Lang::En => {
            format!("Penalty: {} loses {}", side_word(l, side, 0), time)
        }
    }
}

/// The result of the game (Art. 5, 6.9, 9) in words: who won, never the
/// score read out ("one–nil" is a scoresheet's shorthand, not speech).
fn result_words(l: Lang, r: GameResult) -> String {
    match l {
        Lang::De => match r {
            GameResult::WhiteWins => "Ergebnis: Weiß gewinnt".into(),
            GameResult::BlackWins => "Ergebnis: Schwarz gewinnt".into(),
            GameResult::Draw => "Ergebnis: Remis".into(),
        },
        Lang::Ru => match r {
            GameResult::WhiteWins => "Результат: победа белых".into(),
            GameResult::BlackWins => "Результат: победа чёрных".into(),
            GameResult::Draw => "Результат: ничья".into(),
        },
        Lang::En => match r {
            GameResult::WhiteWins => "Result: White wins".into(),
            GameResult::BlackWins => "Result: Black wins".into(),
            GameResult::Draw => "Result: draw".into(),
        },
    }
}

/// The low-time alarm; `time` (what is left) is already said, `seconds`
/// makes the verb agree with it.
fn low_time(l: Lang, side: Side, seconds: u32, time: &str) -> String {
    match l {
        Lang::De => {
            format!("Achtung, {}: noch {}", side_word(l, side, 0), time)
        }
        Lang::Ru => {
            let ms = u64::from(seconds) * 1000;
            let verb = crate::clock::ru_agree(ms, ["остался", "осталась", "осталось", "осталось"]);
            format!("Внимание, {}: {verb} {}", side_word(l, side, 0), time)
        }
        Lang::En => {
            format!("{}, {} left", side_word(l, side, 0), time)
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
        /// The base time set now, in minutes.
        current: u32,
    },
    /// Ask for the increment in seconds per move.
    IncrementSeconds {
        /// The increment set now, in seconds.
        current: u32,
    },
    /// Read back the whole setting before starting.
    Confirm {
        /// The base time, in minutes.
        minutes: u32,
        /// The increment per move, in seconds.
        increment: u32,
    },
    /// The lexicon (and voice) now in use, said in that lexicon.
    LexiconChosen,
    /// Ready: which key starts the clock is the clock's business; we say "press to start".
    PressToStart,
    /// The clocks have been paused.
    Paused,
    /// The clocks run again.
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

/// An arbiter's action as the players hear it, with the reason the arbiter
/// gave for it, said as the arbiter typed it: a player told only that his
/// clock lost a minute must also hear why. `action` is the action's own
/// announcement, already in `l` (empty when the action said nothing).
pub fn arbiter_action_with_reason(l: Lang, action: &str, reason: &str) -> String {
    let action = action.trim().trim_end_matches(['.', '!', '?', '…']);
    let reason = reason.trim();
    match (l, action.is_empty()) {
        (Lang::En, true) => format!("The arbiter's reason: {reason}"),
        (Lang::Ru, true) => format!("Причина, названная арбитром: {reason}"),
        (Lang::De, true) => format!("Begründung des Schiedsrichters: {reason}"),
        (Lang::En, false) => format!("The arbiter: {action}. Reason: {reason}"),
        (Lang::Ru, false) => format!("Арбитр: {action}. Причина: {reason}"),
        (Lang::De, false) => format!("Schiedsrichter: {action}. Grund: {reason}"),
    }
}

#[cfg(test)]
mod reason_tests {
    use super::*;

    #[test]
    fn the_arbiters_reason_is_said_as_typed_after_the_action_in_each_language() {
        let cases = [
            (Lang::En, "Black receives 2 minutes extra", "arbiter"),
            (Lang::Ru, "Чёрным добавлены две минуты", "Арбитр"),
            (Lang::De, "Schwarz erhält 2 Minuten", "Schiedsrichter"),
        ];
        let reason = "the opponent's phone rang";
        for (l, action, who) in cases {
            let said = arbiter_action_with_reason(l, &format!("{action}."), reason);
            assert!(said.contains(who), "{said}");
            assert!(said.contains(action), "{said}");
            assert!(said.ends_with(reason), "{said}");
            assert!(!said.contains(".."), "{said}");
            assert_eq!(said.matches(reason).count(), 1, "{said}");
            let alone = arbiter_action_with_reason(l, "", reason);
            assert!(alone.ends_with(reason) && !alone.contains(": :"), "{alone}");
        }
    }
}
