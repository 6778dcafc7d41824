//! The arbiter's reason for the players: an action made from the console with
//! a reason is said to both players with the action's own words (the
//! announcements of the hall's frame, in the page's language) and the reason
//! as the arbiter typed it. The reasons the hall writes itself (a restart, an
//! abandoned game, a call of the arbiter ended without him, a claim waiting
//! for him, a failed engine) are no arbiter's words: the page says those its
//! own way, or their announcement says them already.

use arbiter_notation::SpokenLang;
use serde::{Deserialize, Serialize};

/// The longest reason read; the console's field takes 200 characters.
const MAX_REASON: usize = 300;

/// The starts of the reasons the hall, not an arbiter, writes into the log.
const HALL_REASONS: [&str; 6] = [
    "the hall was stopped",
    "abandoned: nobody started the game",
    "no arbiter present:",
    "the engine playing",
    // The session's pause for a quickplay-finish claim (its announcement
    // says the claim waits for the arbiter).
    "white's quickplay-finish claim awaits the arbiter",
    "black's quickplay-finish claim awaits the arbiter",
];

/// `POST /api/reason`: an arbiter's action and the reason given with it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct ReasonRequest {
    /// `en`, `ru` or `de`.
    #[serde(default)]
    pub lang: Option<String>,
    /// The action's announcements, as the hall's frame worded them.
    #[serde(default)]
    pub said: Vec<String>,
    /// The reason of the arbiter's event, as it stands in the log.
    #[serde(default)]
    pub reason: Option<String>,
}

/// The answer of `POST /api/reason`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReasonAnswer {
    /// The action and the arbiter's reason in one sentence; `None` when there
    /// is no reason of the arbiter's to say (none given, or the hall's own).
    pub text: Option<String>,
}

/// Whether `reason` is one the hall wrote itself.
pub fn is_hall_reason(reason: &str) -> bool {
    let r = reason.trim().to_lowercase();
    HALL_REASONS.iter().any(|h| r.starts_with(h))
}

/// The sentence for the players, or `None` when the arbiter gave no reason.
pub fn reason(req: &ReasonRequest) -> ReasonAnswer {
    let lang = match req.lang.as_deref() {
        Some("ru") => SpokenLang::Ru,
        Some("de") => SpokenLang::De,
        _ => SpokenLang::En,
    };
    let text = req
        .reason
        .as_deref()
        .map(|r| match r.char_indices().nth(MAX_REASON) {
            Some((i, _)) => &r[..i],
            None => r,
        })
        .filter(|r| !r.trim().is_empty() && !is_hall_reason(r))
        .map(|r| {
            let action = req
                .said
                .iter()
                .map(|s| s.trim().trim_end_matches(['.', '!', '?']))
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(". ");
            arbiter_notation::announce::arbiter_action_with_reason(lang, &action, r)
        });
    ReasonAnswer { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(lang: &str, said: &[&str], r: Option<&str>) -> Option<String> {
        reason(&ReasonRequest {
            lang: Some(lang.into()),
            said: said.iter().map(|s| s.to_string()).collect(),
            reason: r.map(str::to_string),
        })
        .text
    }

    #[test]
    fn the_arbiters_reason_follows_the_action_in_the_pages_language() {
        let en = ask(
            "en",
            &["Black receives 2 minutes extra"],
            Some("phone rang"),
        );
        let en = en.expect("said");
        assert!(en.contains("Black receives 2 minutes extra"), "{en}");
        assert!(en.ends_with("phone rang"), "{en}");
        let ru = ask("ru", &["Чёрным добавлены две минуты"], Some("phone rang")).expect("said");
        assert!(ru.contains("арбитр") || ru.contains("Арбитр"), "{ru}");
        assert!(ru.ends_with("phone rang"), "{ru}");
    }

    #[test]
    fn no_reason_or_the_halls_own_says_nothing_more() {
        assert_eq!(ask("en", &["Clock paused"], None), None);
        assert_eq!(ask("en", &["Clock paused"], Some("  ")), None);
        let hall = "the hall was stopped; the time it was away is not charged";
        assert_eq!(ask("de", &["Uhr angehalten"], Some(hall)), None);
        let wait = arbiter_notation::lobby_words::RESUMED_AFTER_WAIT;
        assert_eq!(ask("ru", &[], Some(wait)), None);
        assert!(ask("en", &["Clock paused"], Some("a fire drill")).is_some());
    }
}
