//! The hall's lobby and viewer words: a finished game's result as a list
//! says it, and the call of the arbiter by a player (FIDE Laws 2017,
//! 6.12.2; 2005, 6.13) with its outcomes, in English, Russian and German.

use crate::Lang;
use arbiter_rules::{GameResult, Side};

/// A result as the lobby's list of finished games says it: who won, in
/// words, never the score's digits read aloud.
pub fn result_said(lang: Lang, result: GameResult) -> &'static str {
    let [en, ru, de] = match result {
        GameResult::WhiteWins => ["White wins", "Победа белых", "Weiß gewinnt"],
        GameResult::BlackWins => ["Black wins", "Победа чёрных", "Schwarz gewinnt"],
        GameResult::Draw => ["Draw", "Ничья", "Remis"],
        GameResult::BothLose => ["Both players lose", "Поражение обоим", "Beide verlieren"],
        GameResult::Ongoing => ["In progress", "Идёт игра", "Läuft"],
    };
    match lang {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    }
}

/// A result and how the game ended, as one line of the list: "White
/// wins: checkmate".
pub fn result_line(
    lang: Lang,
    result: GameResult,
    termination: Option<arbiter_rules::Termination>,
) -> String {
    let said = result_said(lang, result);
    match termination {
        Some(t) => format!("{said}: {}", crate::rejection::termination_words(t, lang)),
        None => said.to_string(),
    }
}

/// What both players and the arbiter hear when a player calls the
/// arbiter: the clocks are stopped (FIDE Laws 2017, 6.12.2).
pub fn arbiter_called(lang: Lang, side: Side) -> &'static str {
    match (lang, side) {
        (Lang::En, Side::White) => "White calls the arbiter. The clocks are stopped.",
        (Lang::En, Side::Black) => "Black calls the arbiter. The clocks are stopped.",
        (Lang::Ru, Side::White) => "Белые вызывают арбитра. Часы остановлены.",
        (Lang::Ru, Side::Black) => "Чёрные вызывают арбитра. Часы остановлены.",
        (Lang::De, Side::White) => "Weiß ruft den Schiedsrichter. Die Uhren sind angehalten.",
        (Lang::De, Side::Black) => "Schwarz ruft den Schiedsrichter. Die Uhren sind angehalten.",
    }
}

/// Who ended a call of the arbiter and set the clocks going again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CallEnd {
    /// The arbiter resumed the game.
    Arbiter,
    /// No arbiter's console was open: the opponent of the caller resumed.
    Opponent(Side),
    /// No arbiter's console was open and nobody resumed: the wait ran out.
    Timeout,
}

/// The reason a hall writes on the `resume` it makes for an absent
/// arbiter when the caller's opponent resumes (the log keeps who did).
pub const RESUMED_BY_OPPONENT: &str = "no arbiter present: resumed by the opponent of the caller";
/// The reason a hall writes on the `resume` it makes when nobody resumed
/// within the wait for an absent arbiter.
pub const RESUMED_AFTER_WAIT: &str = "no arbiter present: resumed after two minutes";

/// How a call ended, read back from the reason of the `resume` that ended
/// it: the hall's own reasons name the opponent or the wait; any other
/// resume is the arbiter's.
pub fn call_end_of(reason: Option<&str>, caller: Side) -> CallEnd {
    match reason {
        Some(RESUMED_BY_OPPONENT) => CallEnd::Opponent(caller.other()),
        Some(RESUMED_AFTER_WAIT) => CallEnd::Timeout,
        _ => CallEnd::Arbiter,
    }
}

/// What both players hear when a call of the arbiter ends.
pub fn call_ended(lang: Lang, end: CallEnd) -> &'static str {
    match (lang, end) {
        (Lang::En, CallEnd::Arbiter) => "The arbiter resumes the game. The clocks run.",
        (Lang::Ru, CallEnd::Arbiter) => "Арбитр возобновляет партию. Часы идут.",
        (Lang::De, CallEnd::Arbiter) => {
            "Der Schiedsrichter setzt die Partie fort. Die Uhren laufen."
        }
        (Lang::En, CallEnd::Opponent(Side::White)) => {
            "No arbiter is present; White resumes the game. The clocks run."
        }
        (Lang::En, CallEnd::Opponent(Side::Black)) => {
            "No arbiter is present; Black resumes the game. The clocks run."
        }
        (Lang::Ru, CallEnd::Opponent(Side::White)) => {
            "Арбитра нет; белые возобновляют партию. Часы идут."
        }
        (Lang::Ru, CallEnd::Opponent(Side::Black)) => {
            "Арбитра нет; чёрные возобновляют партию. Часы идут."
        }
        (Lang::De, CallEnd::Opponent(Side::White)) => {
            "Kein Schiedsrichter ist da; Weiß setzt die Partie fort. Die Uhren laufen."
        }
        (Lang::De, CallEnd::Opponent(Side::Black)) => {
            "Kein Schiedsrichter ist da; Schwarz setzt die Partie fort. Die Uhren laufen."
        }
        (Lang::En, CallEnd::Timeout) => {
            "No arbiter came within two minutes; the game resumes. The clocks run."
        }
        (Lang::Ru, CallEnd::Timeout) => {
            "Арбитр не пришёл за две минуты; партия продолжается. Часы идут."
        }
        (Lang::De, CallEnd::Timeout) => {
            "Kein Schiedsrichter kam in zwei Minuten; die Partie geht weiter. Die Uhren laufen."
        }
    }
}

/// How the lobby names a player who gave no name (a challenge's creator
/// or its accepter): the name is stored as absent, and each reader is
/// told it in his own language.
pub fn anonymous(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Anonymous",
        Lang::Ru => "Аноним",
        Lang::De => "Anonym",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_says_its_own_words() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            let all = [Lang::En, Lang::Ru, Lang::De].map(|l| result_said(l, r));
            assert!(all[0] != all[1] && all[1] != all[2] && all[0] != all[2]);
            assert!(!all.iter().any(|s| s.contains("one") || s.contains('1')));
        }
        for end in [
            CallEnd::Arbiter,
            CallEnd::Opponent(Side::Black),
            CallEnd::Timeout,
        ] {
            let all = [Lang::En, Lang::Ru, Lang::De].map(|l| call_ended(l, end));
            assert!(all[0] != all[1] && all[1] != all[2]);
        }
        assert!(arbiter_called(Lang::Ru, Side::White).starts_with("Белые"));
        assert!(arbiter_called(Lang::De, Side::Black).starts_with("Schwarz"));
    }
}
