//! Swiss pairings by the FIDE (Dutch) system (FIDE Handbook C.04.3, with
//! the basic rules of C.04.1 and the handling rules of C.04.2).
//!
//! The round is paired as one maximum-weight matching over every player to
//! pair (and the bye, in an odd field). The absolute criteria are edges
//! left out of the graph: no two players meet twice (C.04.1 b; a forfeited
//! game is no meeting), no pairing-allocated bye to one who already had it
//! or won by forfeit (C.04.1 c), no two non-topscorers with the same
//! absolute colour preference (C.04.3 C3). The quality criteria are the
//! weights, most important first: as many pairs as possible, the least
//! score difference between opponents, the bye to the lowest, colour
//! preferences, floats repeated from the last round, and the order of the
//! bracket (S1 against S2). The colours follow the allocation rules
//! (C.04.3 E).
//!
//! Round 1 and rounds whose brackets pair without conflicts are paired as
//! the rules define; where conflicts reach across brackets the weights
//! approximate the rules' lexicographic order (see docs/decisions.md).

use crate::matching::max_weight_matching;
use crate::model::{Colour, PlayerId, RoundResult};
use crate::points::Points;
use crate::tournament::Tournament;
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// A board: who has White, who has Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// White's starting rank.
    pub white: PlayerId,
    /// Black's starting rank.
    pub black: PlayerId,
}

/// The pairing of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pairing {
    /// The round paired.
    pub round: usize,
    /// The boards, in order.
    pub boards: Vec<Board>,
    /// The player given the pairing-allocated bye, if any.
    pub bye: Option<PlayerId>,
}

impl Pairing {
    /// Writes the pairing into its round: each board a game not yet played,
    /// the bye a pairing-allocated bye (scored at once, as it is decided).
    pub fn record(&self, t: &mut Tournament) {
        for b in &self.boards {
            t.record_game(self.round, b.white, b.black, RoundResult::Blank);
        }
        if let Some(id) = self.bye
            && let Some(p) = t.player_mut(id)
        {
            p.set_round(
                self.round,
                crate::model::RoundEntry::bye(RoundResult::PairingBye),
            );
        }
    }

    /// The engines' `-p` output: the number of lines that follow, then
    /// "WHITE BLACK" a board, the bye as "ID 0".
    #[must_use]
    pub fn engine_text(&self) -> String {
        let mut out = format!("{}\n", self.boards.len() + usize::from(self.bye.is_some()));
        for b in &self.boards {
            out.push_str(&format!("{} {}\n", b.white, b.black));
        }
        if let Some(b) = self.bye {
            out.push_str(&format!("{b} 0\n"));
        }
        out
    }
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// Round 0 was asked for.
    RoundZero,
    /// The round is past the number of rounds the file declares.
    PastLastRound {
        /// The round asked for.
        round: usize,
        /// The number of rounds.
        rounds: usize,
    },
    /// Rounds before the one asked for are not paired yet.
    RoundGap {
        /// The round asked for.
        round: usize,
        /// The rounds paired so far.
        paired: usize,
    },
    /// No player is to be paired in the round.
    NoPlayers,
    /// The absolute criteria leave these players without an opponent (or
    /// more than one of them for the single bye).
    NoPairing(Vec<PlayerId>),
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::RoundZero => f.write_str("rounds are numbered from 1"),
            PairError::PastLastRound { round, rounds } => {
                write!(f, "round {round} is past the last round ({rounds})")
            }
            PairError::RoundGap { round, paired } => write!(
                f,
                "round {round} cannot be paired: only {paired} rounds are paired so far"
            ),
            PairError::NoPlayers => f.write_str("no player is to be paired in this round"),
            PairError::NoPairing(ids) => {
                let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "no pairing satisfies the absolute criteria (C.04.1, C.04.3 C1–C3): \
                     players {} cannot all be paired",
                    list.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for PairError {}

/// How strongly a player wants a colour (C.04.3, A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// What the pairing knows of one player.
#[derive(Clone, Debug)]
struct Entrant {
    id: PlayerId,
    score: Points,
    /// Colours of the games played, in round order (round, colour).
    colours: Vec<(usize, Colour)>,
    met: HashSet<PlayerId>,
    bye_ok: bool,
    /// Rounds before this one without a game played (C.04.3 C9).
    unplayed: i128,
    pref: Option<Colour>,
    strength: Strength,
    colour_diff: i32,
    downfloated: bool,
    upfloated: bool,
}

/// Pairs round `round` of a Swiss tournament by the Dutch system, from the
/// results of the rounds before it. The round's own column only tells who
/// does not play (byes asked for: `H`, `F`, `Z`, or a `240` record).
///
/// # Errors
/// Round 0, a round past the last, nobody to pair, or no pairing that
/// satisfies the absolute criteria.
pub fn pair(t: &Tournament, round: usize) -> Result<Pairing, PairError> {
    if round == 0 {
        return Err(PairError::RoundZero);
    }
    if let Some(total) = t.rounds_total
        && round > usize::from(total)
    {
        return Err(PairError::PastLastRound {
            round,
            rounds: usize::from(total),
        });
    }
    let paired = t.paired_rounds();
    if round > paired + 1 {
        return Err(PairError::RoundGap { round, paired });
    }
    let entrants = entrants(t, round);
    if entrants.is_empty() {
        return Err(PairError::NoPlayers);
    }
    let last_round = t.rounds_total.is_some_and(|n| usize::from(n) == round);
    let max_score = i64::from(t.point_system.win.0) * (round as i64 - 1);
    let topscorer = |e: &Entrant| last_round && 2 * i64::from(e.score.0) > max_score;
    let mates = match_entrants(&entrants, &topscorer);
    let odd = entrants.len() % 2 == 1;
    let mut boards = Vec::new();
    let mut bye = None;
    let mut unpaired = Vec::new();
    for (i, e) in entrants.iter().enumerate() {
        match mates[i] {
            Some(j) if j == entrants.len() => bye = Some(e.id),
            Some(j) if j > i => boards.push(allocate(e, &entrants[j], i < j, t)),
            Some(_) => {}
            None => unpaired.push(e.id),
        }
    }
    if !unpaired.is_empty() || (odd && bye.is_none()) {
        unpaired.sort_unstable();
        return Err(PairError::NoPairing(unpaired));
    }
    let by_id: HashMap<PlayerId, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    let rank: HashMap<PlayerId, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id, i))
        .collect();
    boards.sort_by_key(|b| {
        let (sw, sb) = (by_id[&b.white].score, by_id[&b.black].score);
        (
            std::cmp::Reverse(sw.max(sb)),
            std::cmp::Reverse(sw + sb),
            rank[&b.white].min(rank[&b.black]),
        )
    });
    Ok(Pairing { round, boards, bye })
}

/// The players to pair, ranked: score (with acceleration) down, then
/// starting rank up (C.04.2, C.04.3 A.2).
fn entrants(t: &Tournament, round: usize) -> Vec<Entrant> {
    let mut out: Vec<Entrant> = t
        .players
        .iter()
        .filter(|p| {
            // Re-pairing a paired round: whoever took part in its pairing
            // is paired again; a bye asked for (or an absence) is not.
            let e = t.entry(p.id, round);
            e.opponent.is_some()
                || matches!(
                    e.result,
                    RoundResult::Blank | RoundResult::PairingBye | RoundResult::ForfeitWin
                )
        })
        .map(|p| entrant(t, p.id, round))
        .collect();
    out.sort_by_key(|e| (std::cmp::Reverse(e.score), e.id));
    out
}

fn entrant(t: &Tournament, id: PlayerId, round: usize) -> Entrant {
    let mut colours = Vec::new();
    let mut met = HashSet::new();
    let mut bye_ok = true;
    let mut unplayed = 0;
    for r in 1..round {
        let e = t.entry(id, r);
        if !e.result.is_played() {
            unplayed += 1;
        }
        if e.result.is_played()
            && let (Some(o), Some(c)) = (e.opponent, e.colour)
        {
            met.insert(o);
            colours.push((r, c));
        }
        if matches!(e.result, RoundResult::PairingBye | RoundResult::ForfeitWin) {
            bye_ok = false;
        }
    }
    let whites = colours.iter().filter(|(_, c)| *c == Colour::White).count() as i32;
    let colour_diff = 2 * whites - colours.len() as i32;
    let (pref, strength) = preference(&colours, colour_diff);
    let (downfloated, upfloated) = floats(t, id, round);
    Entrant {
        id,
        score: t.points_after(id, round - 1) + t.acceleration(id, round),
        colours,
        met,
        bye_ok,
        unplayed,
        pref,
        strength,
        colour_diff,
        downfloated,
        upfloated,
    }
}

/// The colour preference (C.04.3, A.6): absolute past a difference of one
/// or after the same colour twice running; strong at a difference of one;
/// mild otherwise, for the colour not played last.
fn preference(colours: &[(usize, Colour)], cd: i32) -> (Option<Colour>, Strength) {
    let Some(&(_, last)) = colours.last() else {
        return (None, Strength::None);
    };
    let twice = colours.len() >= 2 && colours[colours.len() - 2].1 == last;
    if !(-1..=1).contains(&cd) || twice {
        let c = if cd > 1 {
            Colour::Black
        } else if cd < -1 {
            Colour::White
        } else {
            last.opposite()
        };
        (Some(c), Strength::Absolute)
    } else if cd == 1 {
        (Some(Colour::Black), Strength::Strong)
    } else if cd == -1 {
        (Some(Colour::White), Strength::Strong)
    } else {
        (Some(last.opposite()), Strength::Mild)
    }
}

/// Whether the player floated down (or had the bye) or up in the round
/// before `round`.
fn floats(t: &Tournament, id: PlayerId, round: usize) -> (bool, bool) {
    if round < 2 {
        return (false, false);
    }
    let prev = round - 1;
    let e = t.entry(id, prev);
    let own = t.points_after(id, prev - 1);
    match e.opponent {
        Some(o) if e.result.has_opponent() => {
            let theirs = t.points_after(o, prev - 1);
            (own > theirs, own < theirs)
        }
        _ => (e.result == RoundResult::PairingBye, false),
    }
}

/// The scale of each criterion's weight: each outweighs every possible sum
/// of the ones below it.
const ORDER: i128 = 1;
const BYE_RANK: i128 = 1_000_000;
const FLOAT: i128 = 10_000_000_000;
const STRONG: i128 = 100_000_000_000_000;
const PREFERENCE: i128 = 1_000_000_000_000_000_000;
const TOPSCORER: i128 = 10_000_000_000_000_000_000_000;
const BYE_UNPLAYED: i128 = 100_000_000_000_000_000_000_000_000;
const SCORE: i128 = 10_000_000_000_000_000_000_000_000_000;
/// The largest score (difference), in tenths, the weights tell apart.
const SCORE_CAP: i32 = 1000;
const BASE: i128 = 10_000_000_000_000_000_000_000_000_000_000_000_000;

fn match_entrants(
    entrants: &[Entrant],
    topscorer: &dyn Fn(&Entrant) -> bool,
) -> Vec<Option<usize>> {
    let n = entrants.len();
    // Each player's place in its score group, and the group's size.
    let mut place = vec![(0usize, 0usize); n];
    let mut start = 0;
    while start < n {
        let end = (start..n)
            .find(|&i| entrants[i].score != entrants[start].score)
            .unwrap_or(n);
        for (k, slot) in place[start..end].iter_mut().enumerate() {
            *slot = (k, end - start);
        }
        start = end;
    }
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if let Some(w) = pair_weight(&entrants[i], &entrants[j], place[i], place[j], topscorer)
            {
                edges.push((i, j, w));
            }
        }
    }
    if n % 2 == 1 {
        for (i, e) in entrants.iter().enumerate().filter(|(_, e)| e.bye_ok) {
            // Clamped: an event's own points may be large; the order of the
            // weights, not their size, is what counts.
            let s = i128::from(e.score.0.clamp(-SCORE_CAP, SCORE_CAP));
            let penalty = SCORE * s * s + SCORE * 10 * s + BYE_UNPLAYED * e.unplayed;
            edges.push((i, n, BASE - penalty - BYE_RANK * (n - i) as i128));
        }
    }
    max_weight_matching(n + n % 2, &edges, true)
}

fn pair_weight(
    a: &Entrant,
    b: &Entrant,
    pa: (usize, usize),
    pb: (usize, usize),
    topscorer: &dyn Fn(&Entrant) -> bool,
) -> Option<i128> {
    if a.met.contains(&b.id) {
        return None;
    }
    let clash = a.pref.is_some() && a.pref == b.pref;
    let both_absolute = a.strength == Strength::Absolute && b.strength == Strength::Absolute;
    let mut penalty = 0;
    if clash && both_absolute {
        if !(topscorer(a) || topscorer(b)) {
            return None;
        }
        penalty += TOPSCORER;
    }
    let d = i128::from((a.score - b.score).0.abs().min(SCORE_CAP));
    penalty += SCORE * d * d;
    if clash {
        penalty += PREFERENCE;
        if a.strength.min(b.strength) >= Strength::Strong {
            penalty += STRONG;
        }
    }
    if d > 0 {
        // `a` ranks higher: it floats down, `b` up.
        penalty += FLOAT * (i128::from(a.downfloated) + i128::from(b.upfloated));
        penalty += ORDER * ((pa.1 - 1 - pa.0) + pb.0) as i128;
    } else {
        penalty += ORDER * bracket_order(pa.0, pb.0, pa.1);
    }
    Some(BASE - penalty)
}

/// How far a pair within one score group is from the bracket's first
/// candidate, S1[i] against S2[i] (C.04.3, the transpositions of S2). In a
/// small bracket the weight follows the transpositions' order exactly (the
/// S2 place of S1's first player counts before the second's, and so on);
/// in a large one, the distance from S2[i].
fn bracket_order(a: usize, b: usize, size: usize) -> i128 {
    let m = size / 2;
    let choices = size - m;
    if m <= 6 && choices <= 7 {
        let base = (choices + 1) as i128;
        if a < m && b >= m {
            (b - m) as i128 * base.pow((m - 1 - a) as u32)
        } else {
            // Two of S1 or two of S2: only after every transposition.
            base.pow(m as u32) * (1 + (a + b) as i128)
        }
    } else {
        (b as i128 - a as i128 - m as i128).abs()
    }
}

/// The colours of a pair (C.04.3 E): both preferences if they agree; else
/// the stronger; else alternate from the last round they had different
/// colours; else the higher-ranked player's preference; with no
/// preference at all, the higher-ranked player has the initial colour if
/// its starting rank is odd.
fn allocate(high: &Entrant, low: &Entrant, _ordered: bool, t: &Tournament) -> Board {
    let give = |c: Colour| match c {
        Colour::White => Board {
            white: high.id,
            black: low.id,
        },
        Colour::Black => Board {
            white: low.id,
            black: high.id,
        },
    };
    match (high.pref, low.pref) {
        (Some(h), Some(l)) if h != l => return give(h),
        (Some(h), None) => return give(h),
        (None, Some(l)) => return give(l.opposite()),
        (None, None) => {
            let initial = initial_colour(t);
            return give(if high.id % 2 == 1 {
                initial
            } else {
                initial.opposite()
            });
        }
        _ => {}
    }
    let h = high.pref.unwrap_or(Colour::White);
    let hs = (high.strength, high.colour_diff.abs());
    let ls = (low.strength, low.colour_diff.abs());
    if hs != ls {
        return if hs > ls { give(h) } else { give(h.opposite()) };
    }
    for (r, hc) in high.colours.iter().rev() {
        if let Some((_, lc)) = low.colours.iter().find(|(lr, _)| lr == r)
            && hc != lc
        {
            return give(hc.opposite());
        }
    }
    give(h)
}

/// The initial colour: as the file says (`XXC`, `152`); else as the first
/// round with colours shows it (the first player in starting-rank order
/// who was paired then had it if his place among those paired is odd,
/// counting from 1, as the endorsed engines infer it); else White.
fn initial_colour(t: &Tournament) -> Colour {
    if let Some(c) = t.initial_colour {
        return c;
    }
    let Some(first) = (1..=t.paired_rounds())
        .find(|&r| t.players.iter().any(|p| t.entry(p.id, r).colour.is_some()))
    else {
        return Colour::White;
    };
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let paired = ids.iter().filter(|id| {
        let e = t.entry(**id, first);
        e.opponent.is_some() || e.result == RoundResult::PairingBye
    });
    for (k, id) in paired.enumerate() {
        if let Some(c) = t.entry(*id, first).colour {
            return if k % 2 == 0 { c } else { c.opposite() };
        }
    }
    Colour::White
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Player, RoundEntry};

    fn field(n: u16) -> Tournament {
        let mut t = Tournament::default();
        for id in 1..=n {
            t.players
                .push(Player::new(id, &format!("P{id}"), 2800 - id * 10));
        }
        t
    }

    #[test]
    fn round_one_is_top_half_against_bottom_half() {
        let t = field(8);
        let p = pair(&t, 1).unwrap();
        assert_eq!(p.engine_text(), "4\n1 5\n6 2\n3 7\n8 4\n");
        let mut t = field(7);
        t.initial_colour = Some(Colour::Black);
        let p = pair(&t, 1).unwrap();
        assert_eq!(p.engine_text(), "4\n4 1\n2 5\n6 3\n7 0\n");
    }

    #[test]
    fn the_initial_colour_is_read_from_round_one() {
        let mut t = field(4);
        t.initial_colour = Some(Colour::Black);
        let p = pair(&t, 1).unwrap();
        for b in &p.boards {
            t.player_mut(b.white).unwrap().set_round(
                1,
                RoundEntry::game(b.black, Colour::White, RoundResult::Draw),
            );
            t.player_mut(b.black).unwrap().set_round(
                1,
                RoundEntry::game(b.white, Colour::Black, RoundResult::Draw),
            );
        }
        assert_eq!(initial_colour(&t), Colour::Black);
        t.initial_colour = None;
        assert_eq!(initial_colour(&t), Colour::Black);
        assert_eq!(initial_colour(&field(4)), Colour::White);
    }

    #[test]
    fn a_paired_round_pairs_again_the_same() {
        let mut t = field(7);
        t.player_mut(3)
            .unwrap()
            .set_round(1, RoundEntry::bye(RoundResult::ZeroBye));
        let first = pair(&t, 1).unwrap();
        for b in &first.boards {
            t.player_mut(b.white).unwrap().set_round(
                1,
                RoundEntry::game(b.black, Colour::White, RoundResult::Win),
            );
            t.player_mut(b.black).unwrap().set_round(
                1,
                RoundEntry::game(b.white, Colour::Black, RoundResult::Loss),
            );
        }
        assert_eq!(first.bye, None);
        assert_eq!(pair(&t, 1).unwrap(), first);
    }

    #[test]
    fn rounds_are_paired_in_order() {
        let t = field(4);
        assert_eq!(pair(&t, 0), Err(PairError::RoundZero));
        assert_eq!(
            pair(&t, usize::MAX),
            Err(PairError::RoundGap {
                round: usize::MAX,
                paired: 0
            })
        );
        assert_eq!(pair(&Tournament::default(), 1), Err(PairError::NoPlayers));
    }

    #[test]
    fn byes_asked_for_are_not_paired() {
        let mut t = field(6);
        t.player_mut(1)
            .unwrap()
            .set_round(1, RoundEntry::bye(RoundResult::HalfBye));
        let p = pair(&t, 1).unwrap();
        // Five left: 2..6; 6 has the bye; 2-4, 3-5 with 2 (even) Black.
        assert_eq!(p.engine_text(), "3\n4 2\n3 5\n6 0\n");
    }

    #[test]
    fn nobody_meets_twice_and_the_bye_goes_once() {
        let mut t = field(5);
        for r in 1..=5 {
            let p = pair(&t, r).unwrap();
            for b in &p.boards {
                t.player_mut(b.white).unwrap().set_round(
                    r,
                    RoundEntry::game(b.black, Colour::White, RoundResult::Draw),
                );
                t.player_mut(b.black).unwrap().set_round(
                    r,
                    RoundEntry::game(b.white, Colour::Black, RoundResult::Draw),
                );
            }
            let bye = p.bye.unwrap();
            t.player_mut(bye)
                .unwrap()
                .set_round(r, RoundEntry::bye(RoundResult::PairingBye));
        }
        let byes: HashSet<PlayerId> = (1..=5)
            .filter_map(|r| {
                t.players
                    .iter()
                    .find(|p| p.round(r).result == RoundResult::PairingBye)
            })
            .map(|p| p.id)
            .collect();
        assert_eq!(byes.len(), 5);
        assert!(matches!(pair(&t, 6), Err(PairError::NoPairing(_))));
    }
}
