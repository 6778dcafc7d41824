//! The language a request asks its answers in: `Accept-Language`, read for
//! the hall's three languages (en, ru, de; English by default). The words
//! come from `arbiter-notation`, the same as the terminal's.

use arbiter_notation::Lexicon;
use axum::http::{HeaderMap, header};

/// The languages the hall speaks, as `Accept-Language` names them.
const SPOKEN: [&str; 3] = ["en", "ru", "de"];

/// The lexicon of the best language of `Accept-Language` the hall speaks
/// (the highest `q`, the first on a tie); English when none is.
pub fn of_request(headers: &HeaderMap) -> Lexicon {
    let Some(value) = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
    else {
        return Lexicon::En;
    };
    let mut best: Option<(&str, f32)> = None;
    for range in value.split(',').take(20) {
        let mut parts = range.split(';');
        let tag = parts.next().unwrap_or("").trim();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let primary = tag.split('-').next().unwrap_or("").to_ascii_lowercase();
        let Some(lang) = SPOKEN.iter().find(|l| **l == primary) else {
            continue;
        };
        if q > 0.0 && best.is_none_or(|(_, b)| q > b) {
            best = Some((lang, q));
        }
    }
    best.and_then(|(l, _)| Lexicon::from_key(l))
        .unwrap_or(Lexicon::En)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn lex(value: &str) -> Lexicon {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_str(value).expect("value"),
        );
        of_request(&h)
    }

    #[test]
    fn the_best_spoken_language_is_chosen_and_english_is_the_default() {
        assert_eq!(of_request(&HeaderMap::new()), Lexicon::En);
        assert_eq!(
            lex("ru-RU,ru;q=0.9,en;q=0.8"),
            Lexicon::from_key("ru").expect("ru")
        );
        assert_eq!(
            lex("fr-CH, fr;q=0.9, de;q=0.7, en;q=0.5"),
            Lexicon::from_key("de").expect("de")
        );
        assert_eq!(
            lex("en;q=0.2, ru;q=0.9"),
            Lexicon::from_key("ru").expect("ru")
        );
        assert_eq!(lex("fr, ja"), Lexicon::En);
        assert_eq!(lex("de;q=0"), Lexicon::En);
    }
}
