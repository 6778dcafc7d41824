//! A complete enumeration of every position reachable from the root, in
//! breadth-first order. When that set is small (kings shut in behind a
//! wall, forced lines, a horizon that is about to end the game) visiting it
//! all without meeting the winner's mate proves the side cannot mate; when
//! the mate is met, the line to it is the shortest there is.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use shakmaty::{Chess, Color, Move, Position};

use crate::Horizon;
use crate::meter::Meter;
use crate::search::{hash, next_hash, quiet_after};

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

/// The moves from the root to the state `at`.
fn line_to(parents: &HashMap<u64, Option<(u64, Move)>>, mut at: u64) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some(Some((prev, m))) = parents.get(&at) {
        line.push(*m);
        at = *prev;
    }
    line.reverse();
    line
}

/// Enumerate the positions reachable from `root` until the meter's slice
/// runs out.
pub(crate) fn exhaust(
    root: &Chess,
    winner: Color,
    horizon: Horizon,
    meter: &mut Meter<'_>,
) -> Outcome {
    let root_hash = hash(root);
    let root_key = key(root_hash, horizon.left());
    let mut parents: HashMap<u64, Option<(u64, Move)>> = HashMap::new();
    parents.insert(root_key, None);
    let mut queue = VecDeque::new();
    queue.push_back((root.clone(), root_key, root_hash, horizon.left()));
    while let Some((pos, k, h, quiet)) = queue.pop_front() {
        for m in pos.legal_moves() {
            if meter.tick().is_err() {
                return Outcome::Stopped;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            if pos.turn() == winner && next.is_checkmate() {
                let mut line = line_to(&parents, k);
                line.push(m);
                return Outcome::Mate(line);
            }
            let q = quiet_after(&m, quiet);
            // The frozen wall only where the pawns or the men changed (see
            // the extension search); the wall still on the move, which
            // costs microseconds, only after a capture: a capture that
            // leaves a locked structure ends the line.
            let dead = if m.is_capture() {
                crate::quick_dead(&next, winner) || crate::reach::structure(&next, winner)
            } else if m.role() == shakmaty::Role::Pawn {
                crate::quick_dead(&next, winner)
            } else {
                next.has_insufficient_material(winner)
            };
            if q == 0 || dead {
                continue;
            }
            let nh = next_hash(&pos, h, &m, &next);
            let nk = key(nh, q);
            if let Entry::Vacant(slot) = parents.entry(nk) {
                slot.insert(Some((k, m)));
                queue.push_back((next, nk, nh, q));
            }
        }
    }
    Outcome::NoMate
}
