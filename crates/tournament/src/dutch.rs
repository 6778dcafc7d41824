//! Swiss pairings by the FIDE (Dutch) system (FIDE Handbook C.04.3, the
//! rules in force from 2026, with the basic rules of C.04.1 and the
//! handling rules of C.04.2).
//!
//! The round is paired bracket by bracket, from the top score group down
//! (C.04.3, A.3 and B): each bracket is a maximum-weight matching over its
//! moved-down players, its residents and the next score group, the
//! absolute criteria (C.1–C.3) as edges left out, the completion criterion
//! (C.4) checked against the whole round, and the quality criteria
//! (C.5–C.21) as fields of the weights, most important highest. Where the
//! criteria leave a choice, the rules' order of the bracket decides (S1
//! against S2, the fewest and smallest exchanges, the transpositions), one
//! decision at a time. The weights and the order of the decisions are
//! those of the FIDE-endorsed engine bbpPairings, so the two agree where
//! the rules leave a detail open; see docs/decisions.md.

mod bracket;
mod validity;
mod weights;

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

/// The direction a player floated in a round (C.04.3, A.4): an unplayed
/// round counts as a downfloat, as the endorsed engines count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// What the pairing knows of one player.
#[derive(Clone, Debug)]
struct Entrant {
    id: PlayerId,
    /// The score with acceleration, which the pairing goes by.
    score: Points,
    /// The score without acceleration, which orders the boards.
    raw_score: Points,
    /// The place among the players of the event who take part in its
    /// pairings, from 0 (the pairing number, less those who never did).
    rank: usize,
    /// Colours of the games played, in round order.
    colours: Vec<Colour>,
    met: HashSet<PlayerId>,
    bye_ok: bool,
    /// The colour preference (C.04.3, A.6).
    pref: Option<Colour>,
    /// |whites − blacks|.
    imbalance: u32,
    /// The colour of the last two games or more, if they had the same.
    repeated: Option<Colour>,
    /// A strong preference (an imbalance of one, not absolute).
    strong: bool,
    /// The floats of the last round and the one before.
    floats: [Float; 2],
    /// The number of games played.
    played: usize,
}

impl Entrant {
    fn abs_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    fn abs_pref(&self) -> bool {
        self.abs_imbalance() || self.repeated.is_some()
    }

    fn float(&self, back: usize) -> Float {
        self.floats
            .get(back.wrapping_sub(1))
            .copied()
            .unwrap_or(Float::None)
    }
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
    let allowed = compatibility(t, &entrants, round);
    let Some(mates) = bracket::pair_round(&entrants, &|i, j| allowed[i][j], round - 1) else {
        return Err(PairError::NoPairing(unpairable(&entrants, &allowed)));
    };
    let mut boards = Vec::new();
    let mut bye = None;
    for (i, e) in entrants.iter().enumerate() {
        match mates[i] {
            None => bye = Some(e.id),
            Some(j) if j > i => {
                let (a, b) = if e.id < entrants[j].id {
                    (e, &entrants[j])
                } else {
                    (&entrants[j], e)
                };
                boards.push(allocate(a, b, t));
            }
            Some(_) => {}
        }
    }
    let by_id: HashMap<PlayerId, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    boards.sort_by_key(|b| {
        let (w, k) = (by_id[&b.white], by_id[&b.black]);
        let (high, low) = if (std::cmp::Reverse(w.raw_score), w.rank)
            < (std::cmp::Reverse(k.raw_score), k.rank)
        {
            (w, k)
        } else {
            (k, w)
        };
        (
            std::cmp::Reverse(high.raw_score),
            std::cmp::Reverse(low.raw_score),
            high.rank,
        )
    });
    Ok(Pairing { round, boards, bye })
}

/// Who may meet whom (C.04.3, C.1 and C.3): never twice, and never two
/// with the same absolute colour preference, except in the last round
/// where one of them has more than half the maximum score.
fn compatibility(t: &Tournament, es: &[Entrant], round: usize) -> Vec<Vec<bool>> {
    let played = i64::try_from(round - 1).unwrap_or(i64::MAX);
    let last_round = t.rounds_total.is_some_and(|n| usize::from(n) <= round);
    let best = i64::from(t.point_system.win.0.max(t.point_system.draw.0));
    let threshold = played.saturating_mul(best) >> 1;
    let top = |e: &Entrant| last_round && i64::from(e.score.0) > threshold;
    es.iter()
        .map(|a| {
            es.iter()
                .map(|b| {
                    a.id != b.id
                        && !a.met.contains(&b.id)
                        && !b.met.contains(&a.id)
                        && (!a.abs_pref() || !b.abs_pref() || a.pref != b.pref || top(a) || top(b))
                })
                .collect()
        })
        .collect()
}

/// The players the absolute criteria leave without any possible opponent
/// (or all of them, when the trouble lies deeper).
fn unpairable(es: &[Entrant], allowed: &[Vec<bool>]) -> Vec<PlayerId> {
    let odd = es.len() % 2 == 1;
    let mut lonely: Vec<PlayerId> = es
        .iter()
        .enumerate()
        .filter(|(i, e)| !(allowed[*i].iter().any(|&a| a) || (odd && e.bye_ok)))
        .map(|(_, e)| e.id)
        .collect();
    if lonely.is_empty() {
        lonely = es.iter().map(|e| e.id).collect();
    }
    lonely.sort_unstable();
    lonely
}

/// The players to pair, ranked: score (with acceleration) down, then
/// starting rank up (C.04.2, C.04.3 A.2).
fn entrants(t: &Tournament, round: usize) -> Vec<Entrant> {
    let ranks = ranks(t, round);
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
        .map(|p| entrant(t, p.id, round, ranks.get(&p.id).copied().unwrap_or(0)))
        .collect();
    out.sort_by_key(|e| (std::cmp::Reverse(e.score), e.rank, e.id));
    out
}

/// Each player's place among those who take part in the pairings (paired
/// now, or paired in some round): a player who never was does not count,
/// as the endorsed engines count.
fn ranks(t: &Tournament, round: usize) -> HashMap<PlayerId, usize> {
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let mut out = HashMap::new();
    for id in ids {
        let now = t.entry(id, round);
        let to_pair = now.opponent.is_some()
            || matches!(
                now.result,
                RoundResult::Blank | RoundResult::PairingBye | RoundResult::ForfeitWin
            );
        let ever = (1..=round).any(|r| {
            let e = t.entry(id, r);
            e.opponent.is_some() || e.result == RoundResult::PairingBye
        });
        if to_pair || ever {
            let n = out.len();
            out.insert(id, n);
        }
    }
    out
}

fn entrant(t: &Tournament, id: PlayerId, round: usize, rank: usize) -> Entrant {
    let mut colours = Vec::new();
    let mut met = HashSet::new();
    let mut bye_ok = true;
    for r in 1..round {
        let e = t.entry(id, r);
        if e.result.is_played()
            && let (Some(o), Some(c)) = (e.opponent, e.colour)
        {
            met.insert(o);
            colours.push(c);
        }
        // C.2 (2025): no bye to one who already scored a win's points
        // without playing (a bye, a forfeit win).
        if !e.result.is_played()
            && e.result.points(&t.point_system) >= t.point_system.win
            && e.result != RoundResult::Blank
        {
            bye_ok = false;
        }
    }
    let (pref, imbalance, repeated) = preference(&colours);
    let raw_score = t.points_after(id, round - 1);
    let acc = t.acceleration(id, round);
    Entrant {
        id,
        score: raw_score + acc,
        raw_score,
        rank,
        met,
        bye_ok,
        pref,
        imbalance,
        repeated,
        strong: !(imbalance > 1 || repeated.is_some()) && imbalance > 0,
        floats: [1, 2].map(|back| float(t, id, round, back)),
        played: colours.len(),
        colours,
    }
}

/// The colour preference (C.04.3, A.6): absolute past an imbalance of one
/// or after the same colour twice running; strong at an imbalance of one;
/// mild otherwise, for the colour not played last. Returns the preference,
/// the imbalance and the colour repeated (two games or more running).
fn preference(colours: &[Colour]) -> (Option<Colour>, u32, Option<Colour>) {
    let whites = colours.iter().filter(|c| **c == Colour::White).count();
    let blacks = colours.len() - whites;
    let lower = if whites > blacks {
        Colour::Black
    } else {
        Colour::White
    };
    let imbalance = u32::try_from(whites.abs_diff(blacks)).unwrap_or(u32::MAX);
    let last = colours.last().copied();
    let run = last.map_or(0, |l| colours.iter().rev().take_while(|c| **c == l).count());
    let pref = if imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        last.map(Colour::opposite)
    } else if imbalance > 0 {
        Some(lower)
    } else {
        last.map(Colour::opposite)
    };
    (pref, imbalance, last.filter(|_| run > 1))
}

/// The float of `id` in the round `back` rounds before `round` (C.04.3,
/// A.4): down after points without a game (a bye, a forfeit win), none
/// after any other unplayed round, else by the scores (with that round's
/// acceleration) before that round.
fn float(t: &Tournament, id: PlayerId, round: usize, back: usize) -> Float {
    let Some(r) = round.checked_sub(back).filter(|r| *r >= 1) else {
        return Float::None;
    };
    let e = t.entry(id, r);
    // An unplayed round floats no one but the player who scored in it: a
    // forfeit loss or a zero-point bye is no float, whatever the scores of
    // the absent opponent (as the endorsed engine counts it).
    if !e.result.is_played() {
        return if e.result.points(&t.point_system) > t.point_system.loss {
            Float::Down
        } else {
            Float::None
        };
    }
    let Some(o) = e.opponent else {
        return Float::None;
    };
    let own = t.points_after(id, r - 1) + t.acceleration(id, r);
    let theirs = t.points_after(o, r - 1) + t.acceleration(o, r);
    match own.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// The colours of a pair (C.04.3, E): both preferences if they agree; else
/// the absolute one (the greater imbalance first); else the strong one;
/// else alternate from the last round they had different colours; else
/// the higher-ranked player's preference; with no preference at all, the
/// higher-ranked player has the initial colour if his pairing number
/// (among those paired) is odd. `a` has the lower identifier.
fn allocate(a: &Entrant, b: &Entrant, t: &Tournament) -> Board {
    let give = |c: Colour| match c {
        Colour::White => Board {
            white: a.id,
            black: b.id,
        },
        Colour::Black => Board {
            white: b.id,
            black: a.id,
        },
    };
    if let Some(c) = neutral_colour(a, b) {
        return give(c);
    }
    let a_higher = (std::cmp::Reverse(a.score), a.rank) < (std::cmp::Reverse(b.score), b.rank);
    let (high, low_gets) = if a_higher { (a, false) } else { (b, true) };
    let high_colour = match high.pref {
        Some(c) => c,
        None => {
            let initial = initial_colour(t);
            if high.rank % 2 == 0 {
                initial
            } else {
                initial.opposite()
            }
        }
    };
    give(if low_gets {
        high_colour.opposite()
    } else {
        high_colour
    })
}

/// The colour of `a` where the preferences and histories decide it.
fn neutral_colour(a: &Entrant, b: &Entrant) -> Option<Colour> {
    if a.pref.is_none() || b.pref.is_none() || a.pref != b.pref {
        return a.pref.or(b.pref.map(Colour::opposite));
    }
    if a.abs_pref() && (a.imbalance > b.imbalance || !b.abs_pref()) {
        return a.pref;
    }
    if b.abs_pref() && (b.imbalance > a.imbalance || !a.abs_pref()) {
        return b.pref.map(Colour::opposite);
    }
    if a.strong && !b.strong {
        return a.pref;
    }
    if b.strong && !a.strong {
        return b.pref.map(Colour::opposite);
    }
    // The last game (counting back each one's own games played) where
    // their colours differed: each takes the colour the other had.
    a.colours
        .iter()
        .rev()
        .zip(b.colours.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(_, y)| *y)
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
        // Five left: 2..6, numbered 1..5 among those paired (1 takes no
        // part); 6 has the bye; 2-4, 3-5, 2 (first) White.
        assert_eq!(p.engine_text(), "3\n2 4\n5 3\n6 0\n");
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
