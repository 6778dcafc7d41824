//! Points and the point system: FIDE Laws 2017 and later, Article 10;
//! FIDE Laws 2005, Article 11; or the event's own, announced in advance.

use arbiter_rules::Edition;
use serde::{Serialize, Serializer};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub};

/// A number of points, exact to a tenth (the report file writes `11.5`;
/// the event's own systems such as 3–1–0 stay whole).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// One point.
    pub const ONE: Points = Points(10);
    /// Half a point.
    pub const HALF: Points = Points(5);

    /// Points from tenths.
    #[must_use]
    pub const fn tenths(t: i32) -> Points {
        Points(t)
    }

    /// The value as a float, for JSON and averages.
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// Parses `1`, `1.5`, `11.5`, ` 0.0` (surrounding blanks allowed, at
    /// most one decimal, a leading minus allowed).
    #[must_use]
    pub fn parse(text: &str) -> Option<Points> {
        let t = text.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (whole, frac) = match t.split_once('.') {
            Some((w, f)) => (w, f),
            None => (t, "0"),
        };
        let ok = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !ok(whole) || !ok(frac) || frac.len() > 1 || whole.len() > 5 {
            return None;
        }
        let v = whole.parse::<i32>().ok()? * 10 + frac.parse::<i32>().ok()?;
        Some(Points(if neg { -v } else { v }))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let text = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&text)
    }
}

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0.saturating_add(o.0))
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0.saturating_sub(o.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        *self = *self + o;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// What each kind of result scores (TRF-2026, record `162`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PointSystem {
    /// A win, over the board or by forfeit, and a full-point bye (`W`).
    pub win: Points,
    /// A draw, and a half-point bye (`D`).
    pub draw: Points,
    /// A loss over the board (`L`).
    pub loss: Points,
    /// An absence: a zero-point bye or a forfeit loss (`A`).
    pub absence: Points,
    /// The pairing-allocated bye (`P`).
    pub pairing_bye: Points,
    /// A result not yet known, such as an adjourned game (`X`).
    pub unknown: Points,
}

impl Default for PointSystem {
    fn default() -> PointSystem {
        PointSystem::FIDE
    }
}

/// Why an event's own point system is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointSystemError {
    /// Two draws would score more than a decisive game: FIDE Laws 2017,
    /// 10.2 ("the total score of any game can never exceed the maximum
    /// score normally given for that game").
    DrawExceedsGame,
    /// A loss scores more than a win, or a draw lies outside them.
    NotOrdered,
}

impl fmt::Display for PointSystemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PointSystemError::DrawExceedsGame => {
                "two draws would score more than a won game (FIDE Laws 2017, 10.2)"
            }
            PointSystemError::NotOrdered => "a win must score at least a draw, a draw a loss",
        })
    }
}

impl std::error::Error for PointSystemError {}

impl PointSystem {
    /// One point for a win, a half for a draw, none for a loss: FIDE Laws
    /// 2017, 10.1, and FIDE Laws 2005, 11.1 (the same values).
    pub const FIDE: PointSystem = PointSystem {
        win: Points::ONE,
        draw: Points::HALF,
        loss: Points::ZERO,
        absence: Points::ZERO,
        pairing_bye: Points::ONE,
        unknown: Points::HALF,
    };

    /// The system of an edition of the Laws when the event announced none.
    #[must_use]
    pub fn of_edition(_edition: Edition) -> PointSystem {
        // 2005 (11.1) and 2017+ (10.1) give the same values; they differ in
        // what an event may announce instead, which `check` answers.
        PointSystem::FIDE
    }

    /// Whether an event announced this system lawfully under `edition`:
    /// from 2017 (10.2) a game's total may not exceed a decisive game's;
    /// the 2005 text (11.1, "unless announced otherwise in advance") set no
    /// such limit.
    ///
    /// # Errors
    /// The reason the system is refused.
    pub fn check(&self, edition: Edition) -> Result<(), PointSystemError> {
        if self.win < self.draw || self.draw < self.loss {
            return Err(PointSystemError::NotOrdered);
        }
        let capped = !matches!(edition, Edition::E2005);
        if capped && self.draw + self.draw > self.win + self.loss {
            return Err(PointSystemError::DrawExceedsGame);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        assert_eq!(Points::parse(" 3.5"), Some(Points(35)));
        assert_eq!(Points::parse("11"), Some(Points(110)));
        assert_eq!(Points::parse("-1.0"), Some(Points(-10)));
        assert_eq!(Points::parse("1.25"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(format!("{:>4}", Points(35)), " 3.5");
        assert_eq!(Points(-5).to_string(), "-0.5");
    }

    #[test]
    fn the_cap_on_a_game_is_from_2017() {
        let football = PointSystem {
            win: Points(30),
            draw: Points(20),
            ..PointSystem::FIDE
        };
        assert_eq!(
            football.check(Edition::E2017),
            Err(PointSystemError::DrawExceedsGame)
        );
        assert_eq!(football.check(Edition::E2005), Ok(()));
        let three_one = PointSystem {
            win: Points(30),
            draw: Points(10),
            ..PointSystem::FIDE
        };
        assert_eq!(three_one.check(Edition::E2023), Ok(()));
        assert_eq!(PointSystem::FIDE.check(Edition::E2023), Ok(()));
        assert_eq!(PointSystem::FIDE.check(Edition::E2005), Ok(()));
    }
}
