//! The language words are said or written in.
//!
//! One enum for every crate that speaks: the spoken moves and the talking clock
//! (`arbiter-notation`), the time-control descriptions, the Tavreli descriptions
//! and the speech engine's voice. It is the *language of the words*; the national
//! piece letters a scoresheet may use (L-C.3: French, Spanish, Polish…) are a
//! different, larger set, kept apart in `arbiter_notation::LetterSet`.

use std::fmt;

/// A language the arbiter can say or write its words in.
///
/// Not every text exists in every language: German has the FIDE spoken names
/// of Appendix D (L-D.2.1), the talking clock and the Tavreli words, but no
/// clock-message vocabulary; a text that has no German form is given in
/// English, the FIDE working language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    En,
    /// Russian.
    Ru,
    /// German.
    De,
}

impl Lang {
    /// Every language, in the order of its key's use in help texts.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ru, Lang::De];

    /// The two-letter ISO 639-1 code: `en`, `ru`, `de`.
    pub fn key(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::De => "de",
        }
    }

    /// The espeak-ng voice that reads this language.
    pub fn voice(self) -> &'static str {
        self.key()
    }

    /// Reads a language name as users type it: the ISO 639-1 or 639-2 code or
    /// the English name, in any case (`ru`, `RUS`, `Russian`).
    pub fn parse(s: &str) -> Option<Lang> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "eng" | "english" => Some(Lang::En),
            "ru" | "rus" | "russian" => Some(Lang::Ru),
            "de" | "deu" | "ger" | "german" => Some(Lang::De),
            _ => None,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back_and_unknown_names_are_refused() {
        for l in Lang::ALL {
            assert_eq!(Lang::parse(l.key()), Some(l));
            assert_eq!(Lang::parse(&l.key().to_uppercase()), Some(l));
        }
        assert_eq!(Lang::parse("Russian"), Some(Lang::Ru));
        assert_eq!(Lang::parse("fr"), None);
        assert_eq!(Lang::parse(""), None);
    }
}
