//! The refusals of the vocabulary's `FromStr`: a text that names no side,
//! edition, regime or supervision. Each keeps the text it was given and
//! words its message beside the keys that exist; the command line prints
//! that message as it stands.

use std::fmt;

/// A text that names no side (`white`, `w`, `black`, `b`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSide(pub String);

impl fmt::Display for UnknownSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown side {:?} (expected \"white\" or \"black\")",
            self.0
        )
    }
}

impl std::error::Error for UnknownSide {}

/// A text that names no edition of the Laws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEdition(pub String);

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown edition {:?} (expected 2005, 2017, 2018, 2023 or tavreli)",
            self.0
        )
    }
}

impl std::error::Error for UnknownEdition {}

/// A text that names no regime (standard, rapid, blitz).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRegime(pub String);

impl fmt::Display for UnknownRegime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown regime {:?} (expected standard, rapid or blitz)",
            self.0
        )
    }
}

impl std::error::Error for UnknownRegime {}

/// A text that names no supervision mode (full, reduced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSupervision(pub String);

impl fmt::Display for UnknownSupervision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown supervision {:?} (expected full or reduced)",
            self.0
        )
    }
}

impl std::error::Error for UnknownSupervision {}

#[cfg(test)]
mod tests {
    use crate::{Edition, PenaltyKind, Regime, Side, Supervision};

    /// The messages as the command line printed them when the errors were
    /// plain strings: the words are a contract, the type is not.
    #[test]
    fn refusals_keep_their_words() {
        let side = "red".parse::<Side>().unwrap_err().to_string();
        assert_eq!(side, r#"unknown side "red" (expected "white" or "black")"#);
        let ed = "2009".parse::<Edition>().unwrap_err().to_string();
        assert_eq!(
            ed,
            r#"unknown edition "2009" (expected 2005, 2017, 2018, 2023 or tavreli)"#
        );
        let reg = "bullet".parse::<Regime>().unwrap_err().to_string();
        assert_eq!(
            reg,
            r#"unknown regime "bullet" (expected standard, rapid or blitz)"#
        );
        let sup = "none".parse::<Supervision>().unwrap_err().to_string();
        assert_eq!(
            sup,
            r#"unknown supervision "none" (expected full or reduced)"#
        );
        let long = "x".repeat(100);
        let pen = long.parse::<PenaltyKind>().unwrap_err().to_string();
        assert_eq!(pen, format!("unknown penalty {:?}", "x".repeat(40)));
        assert!("warning".parse::<PenaltyKind>().is_ok());
    }
}
