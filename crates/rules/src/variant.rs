//! The game a log records: chess, or the Russian variant Tavreli.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The rule set of a game: the log header's `"variant"`, the report's
/// `variant` key and the command line's `--variant`.
///
/// With the `clap` feature it is a `clap::ValueEnum`, so every subcommand
/// offers and checks the same two values.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Variant {
    /// Chess under the FIDE Laws of Chess (the default).
    #[default]
    Chess,
    /// Tavreli, judged by the Tavreli rules (the tournament rules of the Tavreli
    /// book).
    Tavreli,
}

impl Variant {
    /// Both variants, chess first.
    pub const ALL: [Variant; 2] = [Variant::Chess, Variant::Tavreli];

    /// The key in logs, reports and on the command line: `chess`, `tavreli`.
    pub fn key(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Tavreli => "tavreli",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A text that names no variant: it is quoted (cut to 40 characters, so a
/// long input keeps the message readable) beside the two that exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: String = match self.0.char_indices().nth(40) {
            None => self.0.clone(),
            Some((i, _)) => format!("{}…", &self.0[..i]),
        };
        write!(f, "unknown variant {shown:?} (expected chess or tavreli)")
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    /// Reads a key exactly as logs write it (lower case).
    fn from_str(s: &str) -> Result<Self, UnknownVariant> {
        match s {
            "chess" => Ok(Variant::Chess),
            "tavreli" => Ok(Variant::Tavreli),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse_back_and_serde_writes_the_same_keys() {
        for (v, key) in [(Variant::Chess, "chess"), (Variant::Tavreli, "tavreli")] {
            assert_eq!(v.key(), key);
            assert_eq!(v.to_string(), key);
            assert_eq!(key.parse::<Variant>(), Ok(v));
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(json, format!("\"{key}\""));
            assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), v);
        }
        assert_eq!(Variant::default(), Variant::Chess);
    }

    #[test]
    fn other_texts_are_refused_with_both_names() {
        for bad in ["Chess", "TAVRELI", "go", "", " chess", "шахматы"] {
            let e = bad.parse::<Variant>().unwrap_err();
            let text = e.to_string();
            assert!(text.contains("chess or tavreli"), "{text}");
            assert!(text.contains(&format!("{bad:?}")), "{text}");
            assert!(serde_json::from_str::<Variant>(&format!("{bad:?}")).is_err());
        }
        let long = "x".repeat(10_000);
        let text = long.parse::<Variant>().unwrap_err().to_string();
        assert!(text.chars().count() < 100, "{text}");
        assert!(text.contains('…'));
    }
}
