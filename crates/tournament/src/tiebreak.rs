//! Tie-breaks by the FIDE Tie-Break Regulations (Handbook C.07, 2023) and
//! the standings they order.
//!
//! Unplayed rounds (C.07 2023, Article 16): a participant's own round
//! without a game over the board counts, for the opponent-based
//! tie-breaks (Buchholz, Sonneborn-Berger), as a game against a dummy
//! opponent who has the participant's own points; the opponents' points
//! are the points they have. When a cut applies, the voluntarily unplayed
//! rounds (byes asked for, forfeit losses, absences) are cut first.

use crate::model::{Colour, PlayerId, RoundResult};
use crate::points::Points;
use crate::tournament::Tournament;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// How many of the least (and, for the median, the most) significant
/// values are left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// Every value.
    Full,
    /// `Cn`: the `n` least significant values left out.
    Cut(u8),
    /// `Mn`: the `n` least and the `n` most significant left out.
    Median(u8),
}

/// A tie-break of C.07 (2023), by its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// `BH`: Buchholz, the sum of the opponents' points.
    Buchholz(Modifier),
    /// `SB`: Sonneborn-Berger, each opponent's points times the result.
    SonnebornBerger(Modifier),
    /// `DE`: direct encounter, the points scored among the tied.
    DirectEncounter,
    /// `WIN`: rounds scored as a win, played or not.
    Wins,
    /// `WON`: games won over the board.
    GamesWon,
    /// `BPG`: games played with Black.
    BlackGames,
    /// `BWG`: games won with Black.
    BlackWins,
    /// `ARO`: the average rating of the opponents met over the board.
    AverageRating,
    /// `KS`: Koya, the points scored against those with half the maximum
    /// or more (round robins).
    Koya,
}

/// A tie-break code that is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTieBreak(pub String);

impl fmt::Display for UnknownTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown tie-break {:?} (known: BH, BH:C1, BH:M1, SB, DE, WIN, WON, BPG, BWG, ARO, KS)",
            self.0
        )
    }
}

impl std::error::Error for UnknownTieBreak {}

impl FromStr for TieBreak {
    type Err = UnknownTieBreak;
    fn from_str(s: &str) -> Result<TieBreak, UnknownTieBreak> {
        let unknown = || UnknownTieBreak(s.to_owned());
        let upper = s.trim().to_ascii_uppercase();
        let (code, modifier) = match upper.split_once(['/', ':']) {
            Some((c, m)) => (c.to_owned(), Some(m.to_owned())),
            None => (upper.clone(), None),
        };
        let m = match &modifier {
            None => Modifier::Full,
            Some(m) => {
                let n = m
                    .get(1..)
                    .and_then(|d| d.parse::<u8>().ok())
                    .ok_or_else(unknown)?;
                match m.as_bytes().first() {
                    Some(b'C') => Modifier::Cut(n),
                    Some(b'M') => Modifier::Median(n),
                    _ => return Err(unknown()),
                }
            }
        };
        let plain = |t: TieBreak| {
            if modifier.is_none() {
                Ok(t)
            } else {
                Err(unknown())
            }
        };
        match code.as_str() {
            "BH" => Ok(TieBreak::Buchholz(m)),
            "SB" => Ok(TieBreak::SonnebornBerger(m)),
            "DE" => plain(TieBreak::DirectEncounter),
            "WIN" => plain(TieBreak::Wins),
            "WON" => plain(TieBreak::GamesWon),
            "BPG" => plain(TieBreak::BlackGames),
            "BWG" => plain(TieBreak::BlackWins),
            "ARO" => plain(TieBreak::AverageRating),
            "KS" | "KOYA" => plain(TieBreak::Koya),
            _ => Err(unknown()),
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (code, m) = match self {
            TieBreak::Buchholz(m) => ("BH", *m),
            TieBreak::SonnebornBerger(m) => ("SB", *m),
            TieBreak::DirectEncounter => ("DE", Modifier::Full),
            TieBreak::Wins => ("WIN", Modifier::Full),
            TieBreak::GamesWon => ("WON", Modifier::Full),
            TieBreak::BlackGames => ("BPG", Modifier::Full),
            TieBreak::BlackWins => ("BWG", Modifier::Full),
            TieBreak::AverageRating => ("ARO", Modifier::Full),
            TieBreak::Koya => ("KS", Modifier::Full),
        };
        match m {
            Modifier::Full => f.write_str(code),
            Modifier::Cut(n) => write!(f, "{code}:C{n}"),
            Modifier::Median(n) => write!(f, "{code}:M{n}"),
        }
    }
}

/// A tie-break's value: an exact integer and the scale it is written in
/// (10 for points, 100 for Sonneborn-Berger, 1 for counts and ratings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Value {
    /// The value times `scale`.
    pub raw: i64,
    /// The scale.
    pub scale: i64,
}

impl Value {
    /// The value as a float, for JSON.
    #[must_use]
    pub fn as_f64(self) -> f64 {
        self.raw as f64 / self.scale as f64
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.scale {
            1 => self.raw.to_string(),
            10 => Points(i32::try_from(self.raw).unwrap_or(i32::MAX)).to_string(),
            s => {
                let sign = if self.raw < 0 { "-" } else { "" };
                let a = self.raw.unsigned_abs();
                let s = s.unsigned_abs();
                format!("{sign}{}.{:02}", a / s, a % s)
            }
        };
        f.pad(&text)
    }
}

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// The facts of one round of one player the tie-breaks read.
#[derive(Clone, Copy)]
struct Round {
    opponent: Option<PlayerId>,
    played: bool,
    colour: Option<Colour>,
    points: Points,
    voluntary: bool,
    result: RoundResult,
}

/// The tie-breaks' view of a tournament after some rounds.
pub struct Context<'a> {
    t: &'a Tournament,
    rounds: usize,
    score: Vec<(PlayerId, Points)>,
}

impl<'a> Context<'a> {
    /// The view after `rounds` rounds.
    #[must_use]
    pub fn new(t: &'a Tournament, rounds: usize) -> Context<'a> {
        let score = t
            .players
            .iter()
            .map(|p| (p.id, t.points_after(p.id, rounds)))
            .collect();
        Context { t, rounds, score }
    }

    /// The points of `id`.
    #[must_use]
    pub fn points(&self, id: PlayerId) -> Points {
        self.score
            .iter()
            .find(|(p, _)| *p == id)
            .map_or(Points::ZERO, |(_, s)| *s)
    }

    fn round(&self, id: PlayerId, r: usize) -> Round {
        let e = self.t.entry(id, r);
        let played = e.result.is_played() && e.opponent.is_some();
        Round {
            opponent: e.opponent,
            played,
            colour: e.colour,
            points: e.result.points(&self.t.point_system),
            voluntary: !played
                && !matches!(e.result, RoundResult::PairingBye | RoundResult::ForfeitWin),
            result: e.result,
        }
    }

    fn rounds_of(&self, id: PlayerId) -> impl Iterator<Item = Round> + '_ {
        (1..=self.rounds).map(move |r| self.round(id, r))
    }

    /// The value of `tb` for `id`; `tied` are the players tied with it
    /// (direct encounter reads them).
    #[must_use]
    pub fn value(&self, tb: TieBreak, id: PlayerId, tied: &[PlayerId]) -> Value {
        let count = |f: &dyn Fn(&Round) -> bool| Value {
            raw: self.rounds_of(id).filter(|r| f(r)).count() as i64,
            scale: 1,
        };
        let win = self.t.point_system.win;
        match tb {
            TieBreak::Buchholz(m) => self.opponent_sum(id, m, false),
            TieBreak::SonnebornBerger(m) => self.opponent_sum(id, m, true),
            TieBreak::DirectEncounter => self.direct_encounter(id, tied),
            TieBreak::Wins => count(&|r| r.points == win && r.result != RoundResult::Blank),
            TieBreak::GamesWon => count(&|r| r.played && r.points == win),
            TieBreak::BlackGames => count(&|r| r.played && r.colour == Some(Colour::Black)),
            TieBreak::BlackWins => {
                count(&|r| r.played && r.colour == Some(Colour::Black) && r.points == win)
            }
            TieBreak::AverageRating => self.average_rating(id),
            TieBreak::Koya => self.koya(id),
        }
    }

    /// Buchholz or Sonneborn-Berger: one contribution a round, the
    /// unplayed rounds against the dummy opponent (C.07 2023, 16).
    fn opponent_sum(&self, id: PlayerId, m: Modifier, weighted: bool) -> Value {
        let own = self.points(id);
        let win = i64::from(self.t.point_system.win.0.max(1));
        let mut parts: Vec<(bool, i64)> = self
            .rounds_of(id)
            .map(|r| {
                let opp = match (r.played, r.opponent) {
                    (true, Some(o)) => self.points(o),
                    _ => own,
                };
                let v = if weighted {
                    i64::from(opp.0) * i64::from(r.points.0) * 10 / win
                } else {
                    i64::from(opp.0)
                };
                (r.voluntary, v)
            })
            .collect();
        // Least significant first: the voluntarily unplayed rounds, then
        // the lowest values.
        parts.sort_by_key(|(vur, v)| (!vur, *v));
        let (low, high) = match m {
            Modifier::Full => (0, 0),
            Modifier::Cut(n) => (usize::from(n), 0),
            Modifier::Median(n) => (usize::from(n), usize::from(n)),
        };
        let mut kept: Vec<i64> = parts.iter().skip(low).map(|(_, v)| *v).collect();
        kept.sort_unstable();
        kept.truncate(kept.len().saturating_sub(high));
        Value {
            raw: kept.iter().sum(),
            scale: if weighted { 100 } else { 10 },
        }
    }

    /// The points `id` scored against the others tied with it, when every
    /// two of them have met; otherwise it separates no one.
    fn direct_encounter(&self, id: PlayerId, tied: &[PlayerId]) -> Value {
        let all_met = tied.iter().all(|a| {
            tied.iter()
                .all(|b| a == b || self.rounds_of(*a).any(|r| r.opponent == Some(*b)))
        });
        let raw = if all_met && tied.len() > 1 {
            self.rounds_of(id)
                .filter(|r| r.opponent.is_some_and(|o| tied.contains(&o)))
                .map(|r| i64::from(r.points.0))
                .sum()
        } else {
            0
        };
        Value { raw, scale: 10 }
    }

    fn average_rating(&self, id: PlayerId) -> Value {
        let ratings: Vec<i64> = self
            .rounds_of(id)
            .filter(|r| r.played)
            .filter_map(|r| r.opponent.and_then(|o| self.t.player(o)))
            .filter(|p| p.rating > 0)
            .map(|p| i64::from(p.rating))
            .collect();
        let n = ratings.len() as i64;
        let raw = if n == 0 {
            0
        } else {
            // Rounded to the nearest whole number, a half up (C.07 2023).
            (2 * ratings.iter().sum::<i64>() + n) / (2 * n)
        };
        Value { raw, scale: 1 }
    }

    fn koya(&self, id: PlayerId) -> Value {
        let max = i64::from(self.t.point_system.win.0) * self.rounds as i64;
        let raw = self
            .rounds_of(id)
            .filter(|r| {
                r.opponent
                    .is_some_and(|o| 2 * i64::from(self.points(o).0) >= max)
            })
            .map(|r| i64::from(r.points.0))
            .sum();
        Value { raw, scale: 10 }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The place; players tied on everything share it.
    pub rank: usize,
    /// The starting rank.
    pub id: PlayerId,
    /// The name.
    pub name: String,
    /// The points.
    pub points: Points,
    /// Each tie-break asked for, in order, with its value.
    pub tiebreaks: Vec<(String, Value)>,
}

/// The standings after `rounds` rounds: by points, then by each tie-break
/// in order (direct encounter among those still tied), then by starting
/// rank.
#[must_use]
pub fn standings(t: &Tournament, rounds: usize, tiebreaks: &[TieBreak]) -> Vec<Standing> {
    // Past the last round written every round is blank: stop there.
    let written = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let byes = t
        .byes
        .iter()
        .map(|b| usize::from(b.round))
        .max()
        .unwrap_or(0);
    let ctx = Context::new(t, rounds.min(written.max(byes)));
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort_by_key(|id| (std::cmp::Reverse(ctx.points(*id)), *id));
    let mut groups: Vec<Vec<PlayerId>> = split(&ids, |id| i64::from(ctx.points(*id).0));
    let mut values: Vec<Vec<(PlayerId, Value)>> = Vec::new();
    for tb in tiebreaks {
        let mut column = Vec::new();
        let mut next = Vec::new();
        for g in groups {
            let mut vals: Vec<(PlayerId, Value)> =
                g.iter().map(|id| (*id, ctx.value(*tb, *id, &g))).collect();
            column.extend(vals.iter().copied());
            vals.sort_by_key(|(id, v)| (std::cmp::Reverse(*v), *id));
            let sorted: Vec<PlayerId> = vals.iter().map(|(id, _)| *id).collect();
            let lookup =
                |id: &PlayerId| vals.iter().find(|(p, _)| p == id).map_or(0, |(_, v)| v.raw);
            next.extend(split(&sorted, lookup));
        }
        groups = next;
        values.push(column);
    }
    let mut out = Vec::new();
    for g in &groups {
        let rank = out.len() + 1;
        for id in g {
            let p = t.player(*id);
            out.push(Standing {
                rank,
                id: *id,
                name: p.map(|p| p.name.clone()).unwrap_or_default(),
                points: ctx.points(*id),
                tiebreaks: tiebreaks
                    .iter()
                    .zip(&values)
                    .map(|(tb, col)| {
                        let v = col.iter().find(|(p, _)| p == id).map(|(_, v)| *v);
                        (tb.to_string(), v.unwrap_or(Value { raw: 0, scale: 1 }))
                    })
                    .collect(),
            });
        }
    }
    out
}

/// Splits an ordered list into runs of equal keys.
fn split(ids: &[PlayerId], key: impl Fn(&PlayerId) -> i64) -> Vec<Vec<PlayerId>> {
    let mut out: Vec<Vec<PlayerId>> = Vec::new();
    for id in ids {
        match out.last_mut() {
            Some(g) if g.first().is_some_and(|f| key(f) == key(id)) => g.push(*id),
            _ => out.push(vec![*id]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_and_print() {
        for code in [
            "BH", "BH:C1", "BH:M1", "SB", "SB:C2", "DE", "WIN", "WON", "BPG", "BWG", "ARO", "KS",
        ] {
            let tb: TieBreak = code.parse().unwrap();
            assert_eq!(tb.to_string(), code);
        }
        assert_eq!(
            "bh/c1".parse::<TieBreak>(),
            Ok(TieBreak::Buchholz(Modifier::Cut(1)))
        );
        assert!("XX".parse::<TieBreak>().is_err());
        assert!("DE:C1".parse::<TieBreak>().is_err());
        assert!("BH:Q1".parse::<TieBreak>().is_err());
        assert!("BH:".parse::<TieBreak>().is_err());
    }

    #[test]
    fn values_print_at_their_scale() {
        assert_eq!(
            Value {
                raw: 175,
                scale: 100
            }
            .to_string(),
            "1.75"
        );
        assert_eq!(Value { raw: 35, scale: 10 }.to_string(), "3.5");
        assert_eq!(
            Value {
                raw: 2400,
                scale: 1
            }
            .to_string(),
            "2400"
        );
    }
}
