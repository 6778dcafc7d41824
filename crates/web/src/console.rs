//! The arbiter console's state in words of the arbiter's language: the
//! result with how the game ended, and each penalty recorded, named as the
//! players hear them, never by the log's identifiers (`add_time`).

use arbiter_notation::SpokenLang;
use arbiter_notation::clock::{Numerals, duration_with};
use arbiter_notation::sides::side_name;
use arbiter_rules::{GameResult, PenaltyKind, Side, Termination};
use serde::{Deserialize, Serialize};

/// The most penalties named in one request (a game has a handful).
const MAX_PENALTIES: usize = 500;

/// One penalty of the state's `penalties`.
#[derive(Clone, Debug, Deserialize)]
pub struct PenaltyRow {
    /// The side it concerns.
    pub side: Side,
    /// Its key (`add_time`, `warning` …).
    pub kind: String,
    /// The time it moved, when it moved time.
    #[serde(default)]
    pub ms: Option<i64>,
}

/// `POST /api/console`: the parts of the state the console names.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ConsoleRequest {
    /// `en`, `ru` or `de`.
    #[serde(default)]
    pub lang: Option<String>,
    /// The state's result (`1-0`, `*` …).
    #[serde(default)]
    pub result: Option<String>,
    /// The state's termination key.
    #[serde(default)]
    pub termination: Option<Termination>,
    /// The state's penalties.
    #[serde(default)]
    pub penalties: Vec<PenaltyRow>,
}

/// The answer of `POST /api/console`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConsoleAnswer {
    /// Who won and how, or `None` while the game goes on.
    pub result: Option<String>,
    /// Each penalty in words, in the order given.
    pub penalties: Vec<String>,
}

fn language(req: &ConsoleRequest) -> SpokenLang {
    match req.lang.as_deref() {
        Some("ru") => SpokenLang::Ru,
        Some("de") => SpokenLang::De,
        _ => SpokenLang::En,
    }
}

/// The console's words for the state.
pub fn console(req: &ConsoleRequest) -> ConsoleAnswer {
    let l = language(req);
    let result = req
        .result
        .as_deref()
        .and_then(GameResult::parse)
        .filter(|r| *r != GameResult::Ongoing)
        .map(|r| arbiter_notation::lobby_words::result_line(l, r, req.termination));
    let penalties = req
        .penalties
        .iter()
        .take(MAX_PENALTIES)
        .map(|p| penalty(l, p))
        .collect();
    ConsoleAnswer { result, penalties }
}

fn penalty(l: SpokenLang, p: &PenaltyRow) -> String {
    let who = side_name(l, p.side);
    // A key this page does not know is shown as it stands, spaced.
    let what = match p.kind.parse::<PenaltyKind>() {
        Ok(kind) => arbiter_notation::penalty::name(kind, l).to_string(),
        Err(_) => p.kind.replace('_', " "),
    };
    match p.ms {
        Some(ms) if ms != 0 => {
            let time = duration_with(l, ms.unsigned_abs(), Numerals::Digits);
            format!("{who}: {what}, {time}")
        }
        _ => format!("{who}: {what}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(lang: &str, result: &str, penalties: Vec<PenaltyRow>) -> ConsoleAnswer {
        console(&ConsoleRequest {
            lang: Some(lang.into()),
            result: Some(result.into()),
            termination: Some(Termination::Checkmate),
            penalties,
        })
    }

    #[test]
    fn the_state_is_named_in_words_of_the_language_never_by_keys() {
        let row = || PenaltyRow {
            side: Side::Black,
            kind: "add_time".into(),
            ms: Some(120_000),
        };
        let en = ask("en", "1-0", vec![row()]);
        assert!(
            en.result.as_deref().unwrap_or("").contains("White wins"),
            "{en:?}"
        );
        assert!(en.penalties[0].starts_with("Black"), "{en:?}");
        let ru = ask("ru", "0-1", vec![row()]);
        for text in ru.penalties.iter().chain(ru.result.iter()) {
            assert!(!text.contains('_') && !text.contains("add"), "{text}");
            assert!(text.chars().any(|c| ('а'..='я').contains(&c)), "{text}");
        }
        assert_eq!(ask("de", "*", vec![]).result, None);
    }
}
