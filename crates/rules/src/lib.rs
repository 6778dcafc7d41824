//! The shared vocabulary of the arbiter crates: which side, which edition of the
//! FIDE Laws, which regime (standard, rapid, blitz) and which supervision mode.
//!
//! These are *data* (catalogue CFG-1, CFG-2, CFG-3): every rule that differs
//! between editions is one answer of [`Provisions`], the one table of the
//! Laws, and no other crate compares editions itself.
//!
//! ```
//! use arbiter_rules::provisions::IllegalMoveConsequence;
//! use arbiter_rules::{Edition, Provisions, Regime, Supervision};
//!
//! // A 15-minute game under the July-2017 Laws, no arbiter at every board.
//! let regime = Provisions::regime_for_budget(Edition::E2017, 15 * 60_000);
//! assert_eq!(regime, Regime::Rapid);
//! let laws = Provisions::new(Edition::E2017, regime, Supervision::Reduced);
//! // A.4.2: the first completed illegal move loses (unless mate is impossible).
//! assert_eq!(laws.illegal_move(1), IllegalMoveConsequence::LossUnlessOpponentCannotMate);
//! // A.4.5: a flag counts only on a claim, unless the arbiter's own call is on.
//! assert!(!laws.flag_called_automatically());
//! assert!(laws.with_arbiter_calls_flags(true).flag_called_automatically());
//! ```
#![warn(missing_docs)]

pub mod claim;
mod lang;
pub mod outcome;
mod parse_error;
pub mod provisions;
pub mod rejection;
mod touch_duty;
mod variant;

pub use claim::{MoveCount, WrongClaim};
pub use lang::Lang;
pub use outcome::{GameResult, Termination};
pub use parse_error::{UnknownEdition, UnknownRegime, UnknownSide, UnknownSupervision};
pub use provisions::{Article, PenaltyKind, Provisions, TouchReading, UnknownPenalty};
pub use rejection::{ClockRefusal, Rejection};
pub use touch_duty::TouchDuty;
pub use variant::{UnknownVariant, Variant};

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A player, by the colour of his men.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player of the white men, who moves first.
    White,
    /// The player of the black men.
    Black,
}

impl Side {
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// 0 for White, 1 for Black: an index into per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The side's key in logs and on the command line: `white`, `black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = UnknownSide;
    fn from_str(s: &str) -> Result<Self, UnknownSide> {
        match s {
            "white" | "w" => Ok(Side::White),
            "black" | "b" => Ok(Side::Black),
            _ => Err(UnknownSide(s.to_string())),
        }
    }
}

/// An edition of the Laws a game is judged by (catalogue CFG-1, §0.1).
///
/// * `2005` is the Laws 2005 (as printed in the Russian rules of the sport of
///   the blind, «спорт слепых»; docs/sources.md).
/// * `2017` is the text in force from 1 July 2017.
/// * `2018` is the 2017 text with the amendment in force from 1 January 2018
///   (illegal moves in rapid and blitz, catalogue §4.1).
/// * `2023` is the current text and the default for chess.
/// * `tavreli` is the Tavreli federation's own tournament rules (the Tavreli rules,
///   articles 4–10, docs/sources.md, docs/tavreli-rules.md §10): an older FIDE text with
///   Tavreli's words, the default for Tavreli games. It is not a FIDE
///   edition, so it is never "modern", whatever its place in the order.
///
/// The order is chronological for the FIDE editions; `Tavreli` comes last
/// only so that a sorted list of editions is stable. Rules never compare
/// editions by order: they ask [`Edition::is_modern`] or match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Edition {
    /// The Laws 2005.
    E2005,
    /// The text in force from 1 July 2017.
    E2017,
    /// The 2017 text as amended from 1 January 2018.
    E2018,
    /// The current text, the default for chess.
    #[default]
    E2023,
    /// The Tavreli rules (the tournament rules of the Tavreli book,
    /// articles 4–10).
    Tavreli,
}

impl Edition {
    /// Every edition, the Tavreli rules included.
    pub const ALL: [Edition; 5] = [
        Edition::E2005,
        Edition::E2017,
        Edition::E2018,
        Edition::E2023,
        Edition::Tavreli,
    ];

    /// The editions of the FIDE Laws of Chess (every edition but `tavreli`).
    pub const FIDE: [Edition; 4] = [
        Edition::E2005,
        Edition::E2017,
        Edition::E2018,
        Edition::E2023,
    ];

    /// The edition a game is judged by when its log or command names none:
    /// the Tavreli rules for a `tavreli` game, the current FIDE Laws otherwise.
    pub fn default_for_variant(variant: Variant) -> Edition {
        match variant {
            Variant::Tavreli => Edition::Tavreli,
            Variant::Chess => Edition::default(),
        }
    }

    /// The key used in logs and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Edition::E2005 => "2005",
            Edition::E2017 => "2017",
            Edition::E2018 => "2018",
            Edition::E2023 => "2023",
            Edition::Tavreli => "tavreli",
        }
    }

    /// True for the 2017 family and later (2017, 2018, 2023): the "new" Laws.
    /// The Tavreli rules follow the older text (the 2005 wording with
    /// Tavreli's words), so they are not modern.
    pub fn is_modern(self) -> bool {
        matches!(self, Edition::E2017 | Edition::E2018 | Edition::E2023)
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(s: &str) -> Result<Self, UnknownEdition> {
        match s {
            "2005" => Ok(Edition::E2005),
            "2017" => Ok(Edition::E2017),
            "2018" | "2017/18" => Ok(Edition::E2018),
            "2023" => Ok(Edition::E2023),
            "tavreli" => Ok(Edition::Tavreli),
            _ => Err(UnknownEdition(s.to_string())),
        }
    }
}

impl Serialize for Edition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for Edition {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The class of game (catalogue CFG-2): normally derived from the time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Regime {
    /// Standard play (60 minutes or more for sixty moves).
    #[default]
    Standard,
    /// Rapid play (Appendix A).
    Rapid,
    /// Blitz (Appendix B).
    Blitz,
}

impl Regime {
    /// The key used in logs and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Regime::Standard => "standard",
            Regime::Rapid => "rapid",
            Regime::Blitz => "blitz",
        }
    }
}

impl fmt::Display for Regime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Regime {
    type Err = UnknownRegime;
    fn from_str(s: &str) -> Result<Self, UnknownRegime> {
        match s {
            "standard" => Ok(Regime::Standard),
            "rapid" => Ok(Regime::Rapid),
            "blitz" => Ok(Regime::Blitz),
            _ => Err(UnknownRegime(s.to_string())),
        }
    }
}

/// Supervision in rapid and blitz (catalogue CFG-3).
///
/// `Full`: the competition rules apply (2017 A.3/B.3, 2023 A.4/B.2): an arbiter
/// for few games, every game recorded. `Reduced`: the opponent must claim
/// (2017 A.4/B.4, 2023 A.5/B.3). Standard play is always `Full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Supervision {
    /// The competition rules apply: an arbiter watches (2023 A.4/B.2).
    #[default]
    Full,
    /// The opponent must claim (2023 A.5/B.3).
    Reduced,
}

impl FromStr for Supervision {
    type Err = UnknownSupervision;
    fn from_str(s: &str) -> Result<Self, UnknownSupervision> {
        match s {
            "full" => Ok(Supervision::Full),
            "reduced" => Ok(Supervision::Reduced),
            _ => Err(UnknownSupervision(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_keys_round_trip() {
        for e in Edition::ALL {
            assert_eq!(e.key().parse::<Edition>().unwrap(), e);
        }
        assert!("2009".parse::<Edition>().is_err());
        assert_eq!(Edition::default(), Edition::E2023);
        assert!(!Edition::E2005.is_modern());
        assert!(Edition::E2017.is_modern());
        // The Tavreli rules sort last but are the older text, not modern.
        assert!(!Edition::Tavreli.is_modern());
        assert_eq!(
            Edition::default_for_variant(Variant::Tavreli),
            Edition::Tavreli
        );
        assert_eq!(Edition::default_for_variant(Variant::Chess), Edition::E2023);
    }

    #[test]
    fn sides() {
        assert_eq!(Side::White.other(), Side::Black);
        assert_eq!("black".parse::<Side>().unwrap(), Side::Black);
        assert!("red".parse::<Side>().is_err());
    }
}
