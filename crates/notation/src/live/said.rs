//! Announcements worded again in another lexicon than the session's: a
//! hall's watchers each hear the game in their own language, from the one
//! typed announcement the game's session made.

use super::announce::{self, Announcement, Kind};
use crate::Lexicon;
use serde::Serialize;

impl Kind {
    /// The kind's name in snake case, as it is serialised (`move`,
    /// `game_over`, `draw_offered` …).
    pub fn name(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.get("kind")?.as_str().map(str::to_owned))
            .unwrap_or_default()
    }
}

impl Announcement {
    /// The sentence in `lex` (and its language): the same announcement a
    /// session speaking `lex` would have made.
    pub fn text_in(&self, lex: Lexicon) -> String {
        match (&self.kind, &self.words) {
            (Kind::Move { .. }, Some(words)) => words.say(lex),
            (kind, _) => announce::text(lex, kind),
        }
    }

    /// The announcement as a listener in `lex` receives it: its kind's name
    /// and its sentence.
    pub fn said_in(&self, lex: Lexicon) -> Said {
        Said {
            kind: self.kind.name(),
            text: self.text_in(lex),
        }
    }
}

/// An announcement as a hall's watcher receives it: `{"kind","text"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    /// The announcement's kind in snake case ([`Kind::name`]).
    pub kind: String,
    /// The sentence in the listener's language.
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::GameResult;
    use arbiter_rules::{Side, Termination};

    #[test]
    fn a_kind_is_named_as_it_is_serialised() {
        let kinds = [
            (
                Kind::Move {
                    side: Side::White,
                    san: "e4".into(),
                },
                "move",
            ),
            (Kind::DrawOffered { side: Side::Black }, "draw_offered"),
            (Kind::Paused, "paused"),
            (
                Kind::GameOver {
                    result: GameResult::WhiteWins,
                    termination: Termination::Resignation,
                    at: 0,
                    flagged: None,
                },
                "game_over",
            ),
        ];
        for (kind, name) in kinds {
            assert_eq!(kind.name(), name);
        }
    }

    #[test]
    fn a_sentence_is_worded_in_the_listeners_language() {
        let a = Announcement {
            at: 0,
            kind: Kind::DrawOffered { side: Side::White },
            text: String::new(),
            words: None,
        };
        let en = a.text_in(Lexicon::En);
        let ru = a.text_in(Lexicon::Ru);
        assert_eq!(en, announce::text(Lexicon::En, &a.kind));
        assert_ne!(en, ru);
        assert!(
            ru.chars()
                .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
        );
    }
}
