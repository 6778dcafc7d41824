//! A complete enumeration of every position reachable from the root, in
//! breadth-first order. When that set is small (kings shut in behind a
//! wall, forced lines, a horizon that is about to end the game) visiting it
//! all without meeting the winner's mate proves the side cannot mate; when
//! the mate is met, the line to it is the shortest there is.
//!
//! The enumeration keeps what it has seen when its slice of the budget
//! runs out, so that a later slice resumes it where it stopped: a proof
//! that needs more nodes than one slice holds is then paid for once, in
//! pieces, instead of starting afresh (and never finishing) each time.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::hash::BuildHasherDefault;

use shakmaty::{Chess, Color, Move, Position};

use crate::Horizon;
use crate::meter::Meter;
use crate::search::{Zobrist, hash, next_hash, quiet_after};

/// What the enumeration found.
pub(crate) enum Outcome {
    /// The winner's mate, and the line to it.
    Mate(Vec<Move>),
    /// Every reachable position was visited; none is the winner's mate.
    NoMate,
    /// The meter's slice ran out first.
    Stopped,
}

/// A state is the position and, under a horizon, the quiet plies left:
/// the same position with fewer plies left can do less.
fn key(hash: u64, quiet: u32) -> u64 {
    if quiet == u32::MAX {
        hash
    } else {
        hash ^ u64::from(quiet).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// Each state seen, with the state and the move it was first reached by
/// (`None` for the root). The keys are Zobrist hashes already.
type Parents = HashMap<u64, Option<(u64, Move)>, BuildHasherDefault<Zobrist>>;

/// The moves from the root to the state `at`.
fn line_to(parents: &Parents, mut at: u64) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some(Some((prev, m))) = parents.get(&at) {
        line.push(*m);
        at = *prev;
    }
    line.reverse();
    line
}

/// A state waiting to be expanded.
struct Pending {
    pos: Chess,
    key: u64,
    hash: u64,
    quiet: u32,
    /// How many of its legal moves were already played (a slice may run
    /// out in the middle of a position's moves).
    done: usize,
}

/// An enumeration in progress: the states seen and those still to expand.
pub(crate) struct Exhaust {
    winner: Color,
    /// The root, while the enumeration with phantoms is still to be tried
    /// on it.
    phantoms: Option<Chess>,
    parents: Parents,
    queue: VecDeque<Pending>,
}

impl Exhaust {
    /// The enumeration of what `winner` can reach from `root`, not yet
    /// started.
    pub(crate) fn new(root: &Chess, winner: Color, horizon: Horizon) -> Self {
        let root_hash = hash(root);
        let root_key = key(root_hash, horizon.left());
        let mut parents = Parents::default();
        parents.insert(root_key, None);
        let mut queue = VecDeque::new();
        queue.push_back(Pending {
            pos: root.clone(),
            key: root_key,
            hash: root_hash,
            quiet: horizon.left(),
            done: 0,
        });
        Exhaust {
            winner,
            phantoms: Some(root.clone()),
            parents,
            queue,
        }
    }

    /// Go on enumerating until every state is expanded, the winner's mate
    /// is met, or the meter's slice runs out (`Stopped`: the next call
    /// resumes at the same move).
    ///
    /// The first call tries the enumeration with the winner's pieces as
    /// phantoms ([`crate::phantom`]), whose states are far fewer where it
    /// applies; its nodes come out of the same slice.
    pub(crate) fn run(&mut self, meter: &mut Meter<'_>) -> Outcome {
        if let Some(root) = self.phantoms.take()
            && crate::phantom::unwinnable(&root, self.winner, meter)
        {
            return Outcome::NoMate;
        }
        while let Some(mut at) = self.queue.pop_front() {
            let moves = at.pos.legal_moves();
            for (i, m) in moves.iter().enumerate().skip(at.done) {
                if meter.tick().is_err() {
                    at.done = i;
                    self.queue.push_front(at);
                    return Outcome::Stopped;
                }
                if let Some(line) = self.visit(&at, m) {
                    return Outcome::Mate(line);
                }
            }
        }
        Outcome::NoMate
    }

    /// Play `m` from the state `at`: the line to the winner's mate if it
    /// mates, otherwise the new state joins the queue unless it was seen
    /// or a line ends there.
    fn visit(&mut self, at: &Pending, m: &Move) -> Option<Vec<Move>> {
        let winner = self.winner;
        let mut next = at.pos.clone();
        next.play_unchecked(*m);
        if at.pos.turn() == winner && next.is_checkmate() {
            let mut line = line_to(&self.parents, at.key);
            line.push(*m);
            return Some(line);
        }
        let q = quiet_after(m, at.quiet);
        // The frozen wall only where the pawns or the men changed (see
        // the extension search); the wall still on the move, which costs
        // microseconds, only after a capture: a capture that leaves a
        // locked structure ends the line.
        let dead = if m.is_capture() {
            crate::quick_dead(&next, winner) || crate::reach::structure(&next, winner)
        } else if m.role() == shakmaty::Role::Pawn {
            crate::quick_dead(&next, winner)
        } else {
            next.has_insufficient_material(winner)
        };
        if q == 0 || dead {
            return None;
        }
        let nh = next_hash(&at.pos, at.hash, m, &next);
        let nk = key(nh, q);
        if let Entry::Vacant(slot) = self.parents.entry(nk) {
            slot.insert(Some((at.key, *m)));
            self.queue.push_back(Pending {
                pos: next,
                key: nk,
                hash: nh,
                quiet: q,
                done: 0,
            });
        }
        None
    }
}

/// Enumerate the positions reachable from `root` until the meter's slice
/// runs out.
pub(crate) fn exhaust(
    root: &Chess,
    winner: Color,
    horizon: Horizon,
    meter: &mut Meter<'_>,
) -> Outcome {
    let mut plain = Exhaust::new(root, winner, horizon);
    // The per-move check keeps to the plain enumeration, whose cost on
    // the forced lines it is run on is known.
    plain.phantoms = None;
    plain.run(meter)
}
