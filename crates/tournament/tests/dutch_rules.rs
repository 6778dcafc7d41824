//! The Dutch system against the rules themselves (FIDE Handbook C.04.3,
//! the 2025 rules), on many small generated tournaments (random results,
//! forfeits, byes asked for, withdrawals): a slow reference in this file,
//! written from the rules' text and not from the engine, enumerates every
//! legal pairing of a round (at most 10 players) and checks that the
//! engine's pairing is one of them, that the engine finds one exactly when
//! one exists, that the bye goes to the lowest score it can (C.5 with
//! C.4), that the top bracket keeps as many of its players together as a
//! complete pairing allows (C.5 with C.4), and that the colours follow the
//! allocation rules (E.1–E.5).

use arbiter_tournament::dutch::{self, Board, Pairing};
use arbiter_tournament::{Colour, Player, PlayerId, Points, RoundEntry, RoundResult, Tournament};
use std::collections::HashMap;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, m: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % m.max(1)
    }
}

/// What the reference knows of a player before the round.
struct Seat {
    id: PlayerId,
    score: Points,
    /// Colours of the games played (forfeits are not games: C.04.2 D.5).
    colours: Vec<Colour>,
    opponents: Vec<PlayerId>,
    /// C.2 (2025): no bye to one who scored a win's points without playing.
    bye_ok: bool,
}

impl Seat {
    fn diff(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }

    /// The colour preference and its strength (A.6): 3 absolute, 2 strong,
    /// 1 mild, 0 none.
    fn preference(&self) -> (Option<Colour>, u8) {
        let d = self.diff();
        let n = self.colours.len();
        let twice = n >= 2 && self.colours[n - 1] == self.colours[n - 2];
        let last = self.colours.last().copied();
        let lower = if d > 0 { Colour::Black } else { Colour::White };
        if d.abs() > 1 {
            (Some(lower), 3)
        } else if twice {
            (last.map(Colour::opposite), 3)
        } else if d != 0 {
            (Some(lower), 2)
        } else {
            (last.map(Colour::opposite), u8::from(last.is_some()))
        }
    }
}

fn seats(t: &Tournament, round: usize) -> Vec<Seat> {
    let ps = &t.point_system;
    let mut out: Vec<Seat> = t
        .players
        .iter()
        .filter(|p| t.entry(p.id, round).result == RoundResult::Blank)
        .map(|p| {
            let mut s = Seat {
                id: p.id,
                score: t.points_after(p.id, round - 1),
                colours: Vec::new(),
                opponents: Vec::new(),
                bye_ok: true,
            };
            for r in 1..round {
                let e = t.entry(p.id, r);
                if e.result.is_played() {
                    s.colours.extend(e.colour);
                    s.opponents.extend(e.opponent);
                } else if e.result != RoundResult::Blank && e.result.points(ps) >= ps.win {
                    s.bye_ok = false;
                }
            }
            s
        })
        .collect();
    out.sort_by_key(|s| (std::cmp::Reverse(s.score), s.id));
    out
}

/// C.1 and C.3: never twice; never two with the same absolute preference,
/// but in the last round for a player above half the maximum score.
fn may_meet(a: &Seat, b: &Seat, t: &Tournament, round: usize) -> bool {
    if a.opponents.contains(&b.id) {
        return false;
    }
    let (pa, sa) = a.preference();
    let (pb, sb) = b.preference();
    if sa == 3 && sb == 3 && pa == pb {
        let last = t.rounds_total.is_some_and(|n| usize::from(n) == round);
        let half = (round as i32 - 1) * t.point_system.win.0;
        return last && (2 * a.score.0 > half || 2 * b.score.0 > half);
    }
    true
}

/// Every legal pairing: pairs of seat indices and the bye's index.
/// A round's pairing: pairs of seat indices, and the bye's index.
type Round = (Vec<(usize, usize)>, Option<usize>);

fn legal(s: &[Seat], t: &Tournament, round: usize) -> Vec<Round> {
    fn go(
        left: &[usize],
        ok: &dyn Fn(usize, usize) -> bool,
        cur: &mut Vec<(usize, usize)>,
        out: &mut Vec<Vec<(usize, usize)>>,
    ) {
        let Some(&a) = left.first() else {
            out.push(cur.clone());
            return;
        };
        for k in 1..left.len() {
            let b = left[k];
            if !ok(a, b) {
                continue;
            }
            let rest: Vec<usize> = left.iter().copied().filter(|&x| x != a && x != b).collect();
            cur.push((a, b));
            go(&rest, ok, cur, out);
            cur.pop();
        }
    }
    let ok = |a: usize, b: usize| may_meet(&s[a], &s[b], t, round);
    let mut out = Vec::new();
    let byes: Vec<Option<usize>> = if s.len() % 2 == 1 {
        (0..s.len()).filter(|&i| s[i].bye_ok).map(Some).collect()
    } else {
        vec![None]
    };
    for bye in byes {
        let left: Vec<usize> = (0..s.len()).filter(|&i| Some(i) != bye).collect();
        let mut found = Vec::new();
        go(&left, &ok, &mut Vec::new(), &mut found);
        out.extend(found.into_iter().map(|p| (p, bye)));
    }
    out
}

/// E.1–E.5: the colours of a pair. `rank` gives each player's pairing
/// number among those who take part in the pairings.
fn colours(
    a: &Seat,
    b: &Seat,
    rank: &HashMap<PlayerId, usize>,
    initial: Colour,
) -> (PlayerId, PlayerId) {
    let (pa, sa) = a.preference();
    let (pb, sb) = b.preference();
    let white = |c: Colour, x: &Seat, y: &Seat| {
        if c == Colour::White {
            (x.id, y.id)
        } else {
            (y.id, x.id)
        }
    };
    // E.1: both preferences granted.
    if pa != pb || pa.is_none() || pb.is_none() {
        if let Some(c) = pa {
            return white(c, a, b);
        }
        if let Some(c) = pb {
            return white(c, b, a);
        }
    } else {
        // E.2: the stronger preference; two absolute ones, the wider
        // colour difference.
        let (ka, kb) = if sa == 3 && sb == 3 {
            (a.diff().abs(), b.diff().abs())
        } else {
            (i32::from(sa), i32::from(sb))
        };
        if ka != kb {
            let (x, y) = if ka > kb { (a, b) } else { (b, a) };
            return white(x.preference().0.unwrap_or(Colour::White), x, y);
        }
        // E.3: alternate from the most recent game in which they differed.
        for (ca, cb) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
            if ca != cb {
                return white(*cb, a, b);
            }
        }
    }
    let higher_a =
        (std::cmp::Reverse(a.score), rank[&a.id]) < (std::cmp::Reverse(b.score), rank[&b.id]);
    let (h, l) = if higher_a { (a, b) } else { (b, a) };
    // E.4: the higher-ranked player's preference.
    if let (Some(c), _) = h.preference() {
        return white(c, h, l);
    }
    // E.5: the initial colour to the higher-ranked player with an odd
    // pairing number.
    let c = if rank[&h.id] % 2 == 1 {
        initial
    } else {
        initial.opposite()
    };
    white(c, h, l)
}

/// Pairing numbers among the players who take part in the pairings (to
/// be paired now, or paired in some round so far), from 1.
fn pairing_numbers(t: &Tournament, round: usize) -> HashMap<PlayerId, usize> {
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let mut out = HashMap::new();
    for id in ids {
        let now = t.entry(id, round).result == RoundResult::Blank;
        let ever = (1..round).any(|r| {
            let e = t.entry(id, r);
            e.opponent.is_some() || e.result == RoundResult::PairingBye
        });
        if now || ever {
            let n = out.len() + 1;
            out.insert(id, n);
        }
    }
    out
}

fn judge(t: &Tournament, round: usize, got: Result<Pairing, dutch::PairError>, what: &str) {
    let s = seats(t, round);
    let all = legal(&s, t, round);
    let Ok(p) = got else {
        assert!(
            all.is_empty(),
            "{what}: the engine found no pairing, the rules have {}",
            all.len()
        );
        return;
    };
    assert!(
        !all.is_empty(),
        "{what}: the engine paired, the rules allow nothing"
    );
    let at: HashMap<PlayerId, usize> = s.iter().enumerate().map(|(i, x)| (x.id, i)).collect();
    let mut mine: Vec<(usize, usize)> = p
        .boards
        .iter()
        .map(|b| {
            (
                at[&b.white].min(at[&b.black]),
                at[&b.white].max(at[&b.black]),
            )
        })
        .collect();
    mine.sort_unstable();
    let bye = p.bye.map(|id| at[&id]);
    let is_legal = all.iter().any(|(pairs, b)| {
        let mut q = pairs.clone();
        q.sort_unstable();
        q == mine && *b == bye
    });
    assert!(
        is_legal,
        "{what}: {:?} bye {:?} is not a legal pairing",
        p.boards, p.bye
    );
    // The bye to the lowest score a complete pairing allows.
    if let Some(b) = bye {
        let lowest = all
            .iter()
            .filter_map(|(_, b)| b.map(|i| s[i].score))
            .min()
            .unwrap();
        assert_eq!(s[b].score, lowest, "{what}: the bye's score");
    }
    // The top bracket keeps as many of its own together as it can, among
    // the pairings whose bye has that score.
    let top = s[0].score;
    let together = |pairs: &[(usize, usize)]| {
        pairs
            .iter()
            .filter(|(a, b)| s[*a].score == top && s[*b].score == top)
            .count()
    };
    let bye_score = bye.map(|b| s[b].score);
    let best = all
        .iter()
        .filter(|(_, b)| b.map(|i| s[i].score) == bye_score)
        .map(|(pairs, _)| together(pairs))
        .max()
        .unwrap();
    assert_eq!(
        together(&mine),
        best,
        "{what}: pairs kept in the top bracket"
    );
    // The colours.
    let rank = pairing_numbers(t, round);
    let initial = t.initial_colour.unwrap_or(Colour::White);
    for b in &p.boards {
        let (w, k) = colours(&s[at[&b.white]], &s[at[&b.black]], &rank, initial);
        assert_eq!(
            *b,
            Board { white: w, black: k },
            "{what}: the colours of {} and {}",
            b.white,
            b.black
        );
    }
}

/// Plays a generated tournament, judging every round.
fn run(players: u16, rounds: usize, seed: u64) {
    let mut rng = Lcg(seed);
    let mut t = Tournament {
        rounds_total: Some(u16::try_from(rounds).unwrap()),
        initial_colour: Some(if seed.is_multiple_of(2) {
            Colour::White
        } else {
            Colour::Black
        }),
        ..Tournament::default()
    };
    for id in 1..=players {
        t.players
            .push(Player::new(id, &format!("P{id}"), 2500 - id));
    }
    let mut gone = Vec::new();
    for round in 1..=rounds {
        // Withdrawals, and byes asked for.
        if rng.next(8) == 0 {
            gone.push(1 + rng.next(u64::from(players)) as u16);
        }
        for id in 1..=players {
            let kind = if gone.contains(&id) {
                Some(RoundResult::ZeroBye)
            } else if rng.next(12) == 0 {
                Some(
                    [
                        RoundResult::HalfBye,
                        RoundResult::ZeroBye,
                        RoundResult::FullBye,
                    ][rng.next(3) as usize],
                )
            } else {
                None
            };
            if let Some(k) = kind {
                t.player_mut(id)
                    .unwrap()
                    .set_round(round, RoundEntry::bye(k));
            }
        }
        let what = format!("{players} players, seed {seed}, round {round}");
        let got = dutch::pair(&t, round);
        judge(&t, round, got.clone(), &what);
        let Ok(p) = got else { return };
        for b in &p.boards {
            let (w, k) = match rng.next(10) {
                0..=3 => (RoundResult::Win, RoundResult::Loss),
                4..=6 => (RoundResult::Draw, RoundResult::Draw),
                7 => (RoundResult::ForfeitWin, RoundResult::ForfeitLoss),
                _ => (RoundResult::Loss, RoundResult::Win),
            };
            t.player_mut(b.white)
                .unwrap()
                .set_round(round, RoundEntry::game(b.black, Colour::White, w));
            t.player_mut(b.black)
                .unwrap()
                .set_round(round, RoundEntry::game(b.white, Colour::Black, k));
        }
        if let Some(id) = p.bye {
            t.player_mut(id)
                .unwrap()
                .set_round(round, RoundEntry::bye(RoundResult::PairingBye));
        }
    }
}

#[test]
fn small_tournaments_agree_with_the_rules() {
    for seed in 0..120 {
        let players = 4 + (seed % 7) as u16;
        run(players, 4 + (seed % 4) as usize, seed);
    }
}
