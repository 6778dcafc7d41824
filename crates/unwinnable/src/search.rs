//! The guided helpmate search: limited-discrepancy rounds along the order
//! a positional heuristic gives the moves (toward the losing king), with a
//! transposition table of positions already shown to hold no mate within
//! some depth and discrepancy; and the hashing the other searches share.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, Position, Role};

use crate::meter::{Meter, Stop};
use crate::{Horizon, SEVENTY_FIVE_MOVE_PLIES};

/// The Zobrist hash the search keys its tables by.
pub(crate) fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// A hasher for keys that are Zobrist hashes already: random bits need no
/// more mixing, and the default hasher would cost more than a node.
#[derive(Default)]
pub(crate) struct Zobrist(u64);

impl std::hash::Hasher for Zobrist {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The hash after `m`, incrementally where shakmaty can, and for the
/// king moves it leaves to a full hash when neither castling nor en
/// passant is involved (the lone king's walk is most of the moves of
/// the endings the search spends its time on).
pub(crate) fn next_hash(pos: &Chess, h: u64, m: &Move, next: &Chess) -> u64 {
    hash_after(pos, h, m).unwrap_or_else(|| hash(next))
}

/// The hash after `m` from `pos` (hashed `h`) where it can be had without
/// playing the move: shakmaty's update, and the king moves it leaves out
/// when neither castling nor en passant is involved; `None` for the rest.
pub(crate) fn hash_after(pos: &Chess, h: u64, m: &Move) -> Option<u64> {
    if let Some(z) = pos.update_zobrist_hash(Zobrist64(h), *m, EnPassantMode::Legal) {
        return Some(z.0);
    }
    match *m {
        Move::Normal {
            role: Role::King,
            from,
            capture,
            to,
            promotion: None,
        } if !pos.castles().has_color(pos.turn())
            && !pos.castles().castling_rights().contains(to)
            && pos.ep_square(EnPassantMode::Legal).is_none() =>
        {
            let turn = pos.turn();
            let mut z = Zobrist64(h);
            z ^= Zobrist64::zobrist_for_white_turn();
            z ^= Zobrist64::zobrist_for_piece(from, Role::King.of(turn));
            z ^= Zobrist64::zobrist_for_piece(to, Role::King.of(turn));
            if let Some(c) = capture {
                z ^= Zobrist64::zobrist_for_piece(to, c.of(!turn));
            }
            Some(z.0)
        }
        _ => None,
    }
}

/// Quiet plies left after `m`, under the horizon: a capture or a pawn move
/// resets the count.
pub(crate) fn quiet_after(m: &Move, quiet: u32) -> u32 {
    if quiet == u32::MAX {
        u32::MAX
    } else if m.is_capture() || m.role() == Role::Pawn {
        SEVENTY_FIVE_MOVE_PLIES
    } else {
        quiet.saturating_sub(1)
    }
}

/// What the table knows of a position: no mate within `depth` plies,
/// `disc` discrepancies from the heuristic's order, and `quiet` quiet plies
/// of horizon left.
#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    disc: u32,
    quiet: u32,
}

/// Bounded so that a long search cannot take unbounded memory.
const TABLE_LIMIT: usize = 1 << 21;

/// Every move, however far down the heuristic's order.
const FULL: u32 = u32::MAX;

/// One helpmate search for one winner, kept across rounds so that its table
/// carries over.
pub(crate) struct Searcher {
    winner: Color,
    horizon: Horizon,
    table: HashMap<u64, Entry, BuildHasherDefault<Zobrist>>,
    /// The positions on the current line: going round in a circle is
    /// never needed for a mate.
    path: Vec<u64>,
    /// The corners of the winner's bishops' colour, if all stand on one.
    corners: Option<Bitboard>,
    /// The moves of positions already expanded, in the heuristic's order
    /// (without those that leave the winner too little to mate): each
    /// round of greater discrepancy walks the same positions again, and
    /// making and weighing every move of each costs more than the rest
    /// of the node. None of them has a mate in one (the search ends at
    /// the first). The occupied squares are kept with them, so that two
    /// positions of one hash cannot swap their moves.
    ordered: HashMap<u64, (Bitboard, Box<[Move]>), BuildHasherDefault<Zobrist>>,
}

/// Bounded so that a long search cannot take unbounded memory (a few
/// hundred bytes an entry).
const ORDERED_LIMIT: usize = 1 << 16;

/// A move worth searching and what the search needs to know of it (the
/// position itself is made again when searched: cheaper than moving it
/// about while sorting).
struct Child {
    promise: i32,
    m: Move,
    quiet: u32,
}

impl Searcher {
    /// A search for `winner`; `corners`: where its bishops can mate.
    pub(crate) fn new(winner: Color, horizon: Horizon, corners: Option<Bitboard>) -> Self {
        Searcher {
            corners,
            winner,
            horizon,
            table: HashMap::default(),
            path: Vec::new(),
            ordered: HashMap::default(),
        }
    }

    /// One round of limited discrepancy search: lines of up to `depth`
    /// plies that leave the heuristic's order by at most `disc` in all (the
    /// k-th best move costs k).
    pub(crate) fn dive(
        &mut self,
        pos: &Chess,
        hash: u64,
        depth: u32,
        disc: u32,
        meter: &mut Meter<'_>,
    ) -> Result<Option<Vec<Move>>, Stop> {
        let mut line = Vec::new();
        let found = self.node(
            pos,
            hash,
            depth,
            disc,
            self.horizon.left(),
            &mut line,
            meter,
        )?;
        Ok(found.then_some(line))
    }

    /// The children worth searching, best first (of those weighed before,
    /// only the `disc + 1` that a round of `disc` discrepancies can reach);
    /// `Err(m)` if `m` mates.
    fn children(
        &mut self,
        pos: &Chess,
        h: u64,
        depth: u32,
        disc: u32,
        quiet: u32,
        meter: &mut Meter<'_>,
    ) -> Result<Result<Vec<Child>, Move>, Stop> {
        let winner_moves = pos.turn() == self.winner;
        // The child must leave the winner a move to mate on.
        let useful = if winner_moves { depth >= 3 } else { depth >= 2 };
        let occupied = pos.board().occupied();
        if let Some((seen, order)) = self.ordered.get(&h)
            && *seen == occupied
        {
            // Weighed before, with no mate in one among them.
            // Only the first `disc + 1` can be searched in this round.
            let searched = usize::try_from(disc).map_or(usize::MAX, |d| d.saturating_add(1));
            let kids = order
                .iter()
                .filter(|_| useful)
                .map(|m| (m, quiet_after(m, quiet)))
                .filter(|&(_, q)| q != 0)
                .take(searched)
                .map(|(m, q)| Child {
                    promise: 0,
                    m: *m,
                    quiet: q,
                })
                .collect();
            return Ok(Ok(kids));
        }
        let mut kids = Vec::new();
        for m in pos.legal_moves() {
            meter.tick()?;
            let mut next = pos.clone();
            next.play_unchecked(m);
            if winner_moves && next.is_checkmate() {
                return Ok(Err(m));
            }
            if !useful || next.has_insufficient_material(self.winner) {
                continue;
            }
            kids.push(Child {
                promise: crate::order::promise(&next, self.winner, self.corners),
                m,
                quiet: quiet_after(&m, quiet),
            });
        }
        kids.sort_by_key(|k| std::cmp::Reverse(k.promise));
        if useful && self.ordered.len() < ORDERED_LIMIT {
            let order = kids.iter().map(|k| k.m).collect();
            self.ordered.insert(h, (occupied, order));
        }
        kids.retain(|k| k.quiet != 0);
        Ok(Ok(kids))
    }

    /// Does the table show the position hashed `h` to hold no mate within
    /// `depth` plies, `disc` discrepancies and `quiet` quiet plies?
    fn settled(&self, h: u64, depth: u32, disc: u32, quiet: u32) -> bool {
        self.table
            .get(&h)
            .is_some_and(|e| e.depth >= depth && e.disc >= disc && e.quiet >= quiet)
    }

    /// Is there a mate by the winner within `depth` plies from `pos`,
    /// leaving the heuristic's order at most `disc` times?
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &Chess,
        h: u64,
        depth: u32,
        disc: u32,
        quiet: u32,
        line: &mut Vec<Move>,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Stop> {
        meter.tick()?;
        if self.settled(h, depth, disc, quiet) {
            return Ok(false);
        }
        let kids = match self.children(pos, h, depth, disc, quiet, meter)? {
            Ok(kids) => kids,
            Err(mate) => {
                line.push(mate);
                return Ok(true);
            }
        };
        self.path.push(h);
        for (rank, kid) in kids.into_iter().enumerate() {
            let cost = u32::try_from(rank).unwrap_or(u32::MAX);
            if cost > disc {
                break;
            }
            let left = if disc == FULL { FULL } else { disc - cost };
            let after = hash_after(pos, h, &kid.m);
            if let Some(nh) = after {
                if self.path.contains(&nh) {
                    continue;
                }
                if self.settled(nh, depth - 1, left, kid.quiet) {
                    // Told by the hash alone, without making the move: a
                    // small part of a node, as the enumeration's look-ups.
                    meter.tick_light()?;
                    continue;
                }
            }
            let mut next = pos.clone();
            next.play_unchecked(kid.m);
            let nh = after.unwrap_or_else(|| hash(&next));
            if self.path.contains(&nh) {
                continue;
            }
            line.push(kid.m);
            match self.node(&next, nh, depth - 1, left, kid.quiet, line, meter) {
                Ok(true) => {
                    self.path.pop();
                    return Ok(true);
                }
                Ok(false) => {
                    line.pop();
                }
                Err(stop) => {
                    self.path.pop();
                    return Err(stop);
                }
            }
        }
        self.path.pop();
        if self.table.len() < TABLE_LIMIT {
            self.table.insert(h, Entry { depth, disc, quiet });
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The incremental hash after every legal move of a few thousand
    /// positions of pseudo-random games equals the full hash: a wrong one
    /// would let the searches skip positions they have not seen.
    #[test]
    fn incremental_hash_equals_full_hash() {
        let mut next_rand = crate::testing::test_rng(0x2545_F491_4F6C_DD1D);
        let mut checked = 0;
        for _game in 0..40 {
            let mut pos = Chess::default();
            for _ply in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let h = hash(&pos);
                for m in &moves {
                    let mut next = pos.clone();
                    next.play_unchecked(*m);
                    assert_eq!(next_hash(&pos, h, m, &next), hash(&next), "{m:?}");
                    checked += 1;
                }
                pos.play_unchecked(moves[next_rand(moves.len())]);
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
