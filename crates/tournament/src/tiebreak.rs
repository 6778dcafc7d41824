//! Tie-breaks by the FIDE Tie-Break Regulations (Handbook C.07, 2023) and
//! the standings they order.
//!
//! Unplayed rounds (C.07 2023, Article 16), as the regulations' worked
//! exercises (FIDE Technical Commission, "Tie-break exercise", 2024) and
//! the Commission's own tie-break checker compute them:
//!
//! * a participant's own round without a game over the board (a bye of
//!   any kind, a forfeit either way, an absence) counts, for Buchholz and
//!   Sonneborn-Berger, as a game against a dummy opponent who has the
//!   participant's own final points; in a round robin it counts nothing;
//! * an opponent's points count as they are, except the rounds after the
//!   opponent's last round they were available for (a withdrawal): those
//!   count as draws;
//! * the voluntarily unplayed rounds (a half- or zero-point bye, a forfeit
//!   loss, an absence; not the pairing-allocated bye, a forfeit win or a
//!   full-point bye) are cut first.

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
    /// `ARO`: the average rating of the opponents met over the board,
    /// rounded to the nearest whole number; a cut leaves out the lowest
    /// rated of them.
    AverageRating(Modifier),
    /// `PS`: progressive scores, the sum of the running scores after each
    /// round; a cut leaves out the first rounds.
    Progressive(Modifier),
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
            "unknown tie-break {:?} (known: BH, BH:C1, BH:M1, SB, DE, WIN, WON, BPG, BWG, ARO, KS, PS)",
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
            "ARO" => Ok(TieBreak::AverageRating(m)),
            "PS" => Ok(TieBreak::Progressive(m)),
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
            TieBreak::AverageRating(m) => ("ARO", *m),
            TieBreak::Progressive(m) => ("PS", *m),
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

/// One round's part in Buchholz or Sonneborn-Berger: the opponent's (or
/// the dummy's) points, the contribution, and whether the round was
/// voluntarily unplayed.
#[derive(Clone, Copy)]
struct Part {
    score: i64,
    value: i64,
    voluntary: bool,
}

/// The tie-breaks' view of a tournament after some rounds.
pub struct Context<'a> {
    t: &'a Tournament,
    rounds: usize,
    round_robin: bool,
    score: Vec<(PlayerId, Points)>,
    adjusted: Vec<(PlayerId, Points)>,
}

impl<'a> Context<'a> {
    /// The view after `rounds` rounds.
    #[must_use]
    pub fn new(t: &'a Tournament, rounds: usize) -> Context<'a> {
        let mut ctx = Context {
            t,
            rounds,
            round_robin: is_round_robin(t),
            score: Vec::new(),
            adjusted: Vec::new(),
        };
        ctx.score = t
            .players
            .iter()
            .map(|p| (p.id, t.points_after(p.id, rounds)))
            .collect();
        ctx.adjusted = t
            .players
            .iter()
            .map(|p| (p.id, ctx.adjusted_points(p.id)))
            .collect();
        ctx
    }

    /// The points of `id`.
    #[must_use]
    pub fn points(&self, id: PlayerId) -> Points {
        lookup(&self.score, id)
    }

    /// The points `id` counts for as an opponent (C.07 2023, 16): the
    /// rounds after the last one the player was available for (a
    /// withdrawal) count as draws in a Swiss, the others as scored.
    fn adjusted_points(&self, id: PlayerId) -> Points {
        let rounds: Vec<Round> = self.rounds_of(id).collect();
        let last = rounds
            .iter()
            .rposition(|r| !r.voluntary)
            .map_or(0, |i| i + 1);
        let draw = if self.round_robin {
            Points::ZERO
        } else {
            self.t.point_system.draw
        };
        rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                if i < last || r.opponent.is_some() {
                    r.points
                } else {
                    draw
                }
            })
            .sum()
    }

    fn round(&self, id: PlayerId, r: usize) -> Round {
        let e = self.t.entry(id, r);
        let played = e.result.is_played() && e.opponent.is_some();
        Round {
            opponent: e.opponent,
            played,
            colour: e.colour,
            points: e.result.points(&self.t.point_system),
            // C.07 2023, 16: the participant chose not to play: a half- or
            // zero-point bye, a forfeit loss, an absence. The pairing bye,
            // a forfeit win and a full-point bye were not their choice.
            voluntary: !played
                && !matches!(
                    e.result,
                    RoundResult::PairingBye | RoundResult::ForfeitWin | RoundResult::FullBye
                ),
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
            TieBreak::DirectEncounter => self.encounter_points(id, tied),
            TieBreak::Wins => count(&|r| r.points == win && r.result != RoundResult::Blank),
            TieBreak::GamesWon => count(&|r| r.played && r.points == win),
            TieBreak::BlackGames => count(&|r| r.played && r.colour == Some(Colour::Black)),
            TieBreak::BlackWins => {
                count(&|r| r.played && r.colour == Some(Colour::Black) && r.points == win)
            }
            TieBreak::AverageRating(m) => self.average_rating(id, m),
            TieBreak::Koya => self.koya(id),
            TieBreak::Progressive(m) => self.progressive(id, m),
        }
    }

    /// One round's part in Buchholz (or Sonneborn-Berger, `weighted`);
    /// `None` for a round a round robin leaves out (its bye).
    fn part(&self, id: PlayerId, r: &Round, weighted: bool) -> Option<Part> {
        let win = i64::from(self.t.point_system.win.0.max(1));
        let (score, voluntary) = match (r.played, r.opponent) {
            (true, Some(o)) => (lookup(&self.adjusted, o), false),
            // C.07 2023, 16: the dummy opponent has the participant's points.
            _ if !self.round_robin => (self.points(id), r.voluntary),
            (_, Some(_)) => (Points::ZERO, r.voluntary),
            (_, None) => return None,
        };
        let score = i64::from(score.0);
        let value = if weighted {
            score * i64::from(r.points.0) * 10 / win
        } else {
            score
        };
        Some(Part {
            score,
            value,
            voluntary,
        })
    }

    /// Buchholz or Sonneborn-Berger with their cuts.
    fn opponent_sum(&self, id: PlayerId, m: Modifier, weighted: bool) -> Value {
        let mut parts: Vec<Part> = self
            .rounds_of(id)
            .filter_map(|r| self.part(id, &r, weighted))
            .collect();
        let (low, high) = match m {
            Modifier::Full => (0, 0),
            Modifier::Cut(n) => (usize::from(n), 0),
            Modifier::Median(n) => (usize::from(n), usize::from(n)),
        };
        for _ in 0..low {
            if let Some(i) = least_significant(&parts) {
                parts.remove(i);
            }
        }
        for _ in 0..high {
            let most = (0..parts.len()).max_by_key(|&i| (parts[i].score, parts[i].value));
            if let Some(i) = most {
                parts.remove(i);
            }
        }
        Value {
            raw: parts.iter().map(|p| p.value).sum(),
            scale: if weighted { 100 } else { 10 },
        }
    }

    /// The points `id` scored over the board against the others of `tied`.
    fn encounter_points(&self, id: PlayerId, tied: &[PlayerId]) -> Value {
        let raw = self
            .rounds_of(id)
            .filter(|r| r.played && r.opponent.is_some_and(|o| tied.contains(&o) && o != id))
            .map(|r| i64::from(r.points.0))
            .sum();
        Value { raw, scale: 10 }
    }

    /// Direct encounter (C.07 2023, 6) among `group`: a rank for each,
    /// equal ranks for those it does not separate.
    fn direct_encounter(&self, group: &[PlayerId]) -> Vec<(PlayerId, i64)> {
        let mut ranks: Vec<(PlayerId, i64)> = group.iter().map(|id| (*id, 0)).collect();
        let width = group.len() as i64 + 1;
        // Those it separates are compared again among themselves, until no
        // pass separates anyone more.
        loop {
            let mut changed = false;
            let mut next = Vec::new();
            for sub in split_by(&ranks) {
                let (sub_ranks, separated) = self.encounter_pass(&sub);
                changed |= separated;
                let base = ranks.iter().find(|(p, _)| *p == sub[0]).map_or(0, |r| r.1);
                next.extend(sub_ranks.into_iter().map(|(p, k)| (p, base * width + k)));
            }
            next.sort_by_key(|(p, k)| (*k, *p));
            ranks = renumber(&next);
            if !changed {
                return ranks;
            }
        }
    }

    /// One pass of direct encounter over `sub` (players tied so far): the
    /// ranks it gives (0 for the first) and whether it separated anyone.
    fn encounter_pass(&self, sub: &[PlayerId]) -> (Vec<(PlayerId, i64)>, bool) {
        if sub.len() < 2 {
            return (sub.iter().map(|p| (*p, 0)).collect(), false);
        }
        // Several games against one opponent count as their average; 840
        // is divisible by every number of games up to 8.
        let win = i64::from(self.t.point_system.win.0) * 840;
        let mut rows: Vec<(PlayerId, i64, i64)> = Vec::new();
        let mut all_met = true;
        for id in sub {
            let mut met: Vec<(PlayerId, i64, i64)> = Vec::new();
            for r in self.rounds_of(*id).filter(|r| r.played) {
                let Some(o) = r.opponent.filter(|o| sub.contains(o) && o != id) else {
                    continue;
                };
                match met.iter_mut().find(|m| m.0 == o) {
                    Some(m) => {
                        m.1 += i64::from(r.points.0);
                        m.2 += 1;
                    }
                    None => met.push((o, i64::from(r.points.0), 1)),
                }
            }
            let score: i64 = met.iter().map(|(_, s, n)| s * 840 / n).sum();
            let missing = (sub.len() - 1).saturating_sub(met.len()) as i64;
            all_met &= missing == 0 || self.round_robin;
            rows.push((*id, score, score + missing * win));
        }
        rows.sort_by_key(|(id, s, max)| (std::cmp::Reverse(*s), std::cmp::Reverse(*max), *id));
        let mut out = Vec::with_capacity(rows.len());
        let mut rank = 0;
        let mut separated = false;
        let mut unique = true;
        for (i, row) in rows.iter().enumerate() {
            if i > 0 {
                let prev = rows[i - 1].1;
                // All met: the scores rank them. Not all met (6.2): one is
                // placed above the rest only if no missing game could bring
                // any of them level.
                let apart = if all_met {
                    prev != row.1
                } else {
                    let best = rows[i..].iter().map(|r| r.2).max().unwrap_or(0);
                    unique && prev > best
                };
                if apart {
                    rank = i as i64;
                    separated = true;
                } else if !all_met {
                    unique = false;
                }
            }
            out.push((row.0, rank));
        }
        (out, separated)
    }

    /// The average rating of the opponents met over the board, unrated
    /// ones left out, rounded half up (C.07 2023, 10.1); a cut leaves out
    /// the lowest rated (and a median the highest).
    fn average_rating(&self, id: PlayerId, m: Modifier) -> Value {
        let mut ratings: Vec<i64> = self
            .rounds_of(id)
            .filter(|r| r.played)
            .filter_map(|r| r.opponent.and_then(|o| self.t.player(o)))
            .filter(|p| p.rating > 0)
            .map(|p| i64::from(p.rating))
            .collect();
        ratings.sort_unstable();
        let (low, high) = match m {
            Modifier::Full => (0, 0),
            Modifier::Cut(n) => (usize::from(n), 0),
            Modifier::Median(n) => (usize::from(n), usize::from(n)),
        };
        let keep = ratings.len().saturating_sub(high);
        let kept = ratings.get(low.min(keep)..keep).unwrap_or(&[]);
        let n = kept.len() as i64;
        let raw = if n == 0 {
            0
        } else {
            (2 * kept.iter().sum::<i64>() + n) / (2 * n)
        };
        Value { raw, scale: 1 }
    }

    /// Koya (C.07 2023, 9): the points scored against the opponents who
    /// made half the maximum or more. In a round robin of an odd field
    /// the bye's round is no game, nor are the games of a player who never
    /// played.
    fn koya(&self, id: PlayerId) -> Value {
        let mut games = self.rounds as i64;
        let n = self.t.players.len();
        if self.round_robin && n > 0 {
            if self.rounds.is_multiple_of(n) {
                games -= (self.rounds / n) as i64;
            }
            let absent = self
                .t
                .players
                .iter()
                .filter(|p| self.rounds_of(p.id).all(|r| r.opponent.is_none()))
                .count();
            games -= absent as i64;
        }
        let max = i64::from(self.t.point_system.win.0) * games;
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

    /// Progressive scores (C.07 2023, 7): the running score after each
    /// round, summed; a cut leaves out the first rounds.
    fn progressive(&self, id: PlayerId, m: Modifier) -> Value {
        let skip = match m {
            Modifier::Full => 0,
            Modifier::Cut(n) | Modifier::Median(n) => usize::from(n),
        };
        let mut running = 0i64;
        let mut raw = 0i64;
        for (i, r) in self.rounds_of(id).enumerate() {
            running += i64::from(r.points.0);
            if i >= skip {
                raw += running;
            }
        }
        Value { raw, scale: 10 }
    }
}

/// The part a cut removes first: a voluntarily unplayed round, unless the
/// opponent with the fewest points contributes more than it (as the
/// Technical Commission's checker reads C.07 2023, 14 and 16); without
/// one, the opponent with the fewest points.
fn least_significant(parts: &[Part]) -> Option<usize> {
    let lowest = (0..parts.len()).min_by_key(|&i| (parts[i].score, parts[i].value))?;
    let vur = (0..parts.len())
        .filter(|&i| parts[i].voluntary)
        .min_by_key(|&i| (parts[i].value, parts[i].score));
    match vur {
        Some(v) if parts[lowest].value <= parts[v].value => Some(v),
        _ => Some(lowest),
    }
}

/// Whether the tournament is a round robin: its type record (`092` or
/// `192`) says so; or, when it names no system, its number of rounds is that of one
/// or two cycles of its field, no two players met more often than the
/// cycles allow, and no one sat out a round but the bye of an odd field.
fn is_round_robin(t: &Tournament) -> bool {
    // `092` names the type in words, TRF-2026's `192` by a code
    // (`BERGER_ROUNDROBIN`, `FIDE_DUTCH_2025`…).
    let kind: String = t
        .headers
        .iter()
        .filter(|(tag, _)| tag == "092" || tag == "192")
        .map(|(_, text)| text.to_ascii_lowercase())
        .collect();
    if kind.contains("robin") || kind.contains("berger") {
        return true;
    }
    if ["swiss", "dutch", "dubov", "burstein"]
        .iter()
        .any(|w| kind.contains(w))
    {
        return false;
    }
    let n = t.players.len();
    let single = (n + n % 2).saturating_sub(1);
    let rounds = t
        .rounds_total
        .map_or_else(|| t.paired_rounds(), usize::from);
    if n < 3 || !(rounds == single || rounds == 2 * single) {
        return false;
    }
    let cycles = rounds / single;
    let played = t.paired_rounds();
    t.players.iter().all(|p| {
        let opponents: Vec<PlayerId> = (1..=played)
            .filter_map(|r| t.entry(p.id, r).opponent)
            .collect();
        let out = played - opponents.len();
        let repeats = opponents
            .iter()
            .any(|o| opponents.iter().filter(|x| *x == o).count() > cycles);
        !repeats && out <= (n % 2) * cycles
    })
}

fn lookup(list: &[(PlayerId, Points)], id: PlayerId) -> Points {
    list.iter()
        .find(|(p, _)| *p == id)
        .map_or(Points::ZERO, |(_, s)| *s)
}

/// Runs of equal keys in a list sorted by key.
fn split_by(ranks: &[(PlayerId, i64)]) -> Vec<Vec<PlayerId>> {
    let mut out: Vec<(i64, Vec<PlayerId>)> = Vec::new();
    for (p, k) in ranks {
        match out.last_mut() {
            Some((key, g)) if key == k => g.push(*p),
            _ => out.push((*k, vec![*p])),
        }
    }
    out.into_iter().map(|(_, g)| g).collect()
}

/// Keys renumbered as ranks from 0: equal keys, equal ranks.
fn renumber(sorted: &[(PlayerId, i64)]) -> Vec<(PlayerId, i64)> {
    let mut out = Vec::with_capacity(sorted.len());
    for (i, (p, k)) in sorted.iter().enumerate() {
        let rank = match (i.checked_sub(1).map(|j| sorted[j].1), out.last()) {
            (Some(prev), Some((_, r))) if prev == *k => *r,
            _ => i as i64,
        };
        out.push((*p, rank));
    }
    out
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
            column.extend(g.iter().map(|id| (*id, ctx.value(*tb, *id, &g))));
            next.extend(ctx.order(*tb, &g));
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

impl Context<'_> {
    /// `group` (tied so far) ordered by `tb` and split into those it
    /// leaves tied; the starting rank orders the tied.
    fn order(&self, tb: TieBreak, group: &[PlayerId]) -> Vec<Vec<PlayerId>> {
        let mut keyed: Vec<(PlayerId, i64)> = if tb == TieBreak::DirectEncounter {
            self.direct_encounter(group)
        } else {
            group
                .iter()
                .map(|id| (*id, -self.value(tb, *id, group).raw))
                .collect()
        };
        keyed.sort_by_key(|(id, k)| (*k, *id));
        split_by(&keyed)
    }
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
