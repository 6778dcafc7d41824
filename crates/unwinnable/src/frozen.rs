//! The frozen pawn structure: a wall of blocked pawns that no piece can
//! ever break, and what the pieces can still reach behind it.
//!
//! The argument is an over-approximation, so every "cannot" it proves is
//! true: each piece is assumed to move freely over every square not held by
//! a pawn (other pieces can always step aside), and the structure counts as
//! frozen only when no pawn can push, no pawn can ever capture (no enemy
//! piece can reach a square it attacks) and no pawn can ever be captured.
//! Inside a frozen structure nothing ever promotes, so the winner's pieces
//! are the ones on the board; a mate needs the loser's king on a square of
//! its region that a winner's piece can attack, with every flight square
//! covered or blockable. If no such square exists, the side cannot mate.

use shakmaty::attacks::{king_attacks, pawn_attacks};
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Piece, Position, Role, Square};

/// Squares attacked by the pawns of `color` in `pawns`.
fn pawn_cover(color: Color, pawns: Bitboard) -> Bitboard {
    let mut cover = Bitboard::EMPTY;
    for sq in pawns {
        cover |= pawn_attacks(color, sq);
    }
    cover
}

/// The fixed facts of a frozen structure: its pawns and the pieces
/// jammed among them for ever.
struct Wall {
    /// Every fixed pawn and piece.
    pawns: Bitboard,
    /// Fixed men of each colour, indexed by `Color as usize` (black 0,
    /// white 1).
    own: [Bitboard; 2],
    /// Squares each colour's fixed men may attack (a superset: a jammed
    /// slider's ray counts as open).
    cover: [Bitboard; 2],
    /// Squares each colour's fixed men always attack, whatever moves in
    /// between (a subset: pawns, knights, a slider's next square), which a
    /// king can never enter.
    sure: [Bitboard; 2],
}

impl Wall {
    /// The structure of `pos` if every pawn is blocked head-on and no pawn
    /// can capture at once; `None` otherwise.
    fn of(pos: &Chess) -> Option<Wall> {
        let board = pos.board();
        let pawns = board.pawns();
        if pos.ep_square(EnPassantMode::Legal).is_some() {
            return None;
        }
        let white = pawns & board.white();
        let black = pawns & board.black();
        // Every pawn must have a pawn right in front of it; a chain of own
        // pawns ends against an enemy pawn, so none of them can ever push.
        if (white.shift(8) & !pawns).any() || (black.shift(-8) & !pawns).any() {
            return None;
        }
        let cover = [
            pawn_cover(Color::Black, black),
            pawn_cover(Color::White, white),
        ];
        if (cover[1] & black).any() || (cover[0] & white).any() {
            return None;
        }
        Some(
            Wall {
                pawns,
                own: [black, white],
                cover,
                sure: cover,
            }
            .with_stuck_pieces(board),
        )
    }

    /// Pieces jammed for ever among their own pawns and other jammed pieces
    /// of their colour join the wall: none of them can ever make the first
    /// move. Found as the largest such set: start from every piece and drop
    /// each that has a square to go to, until none does.
    fn with_stuck_pieces(self, board: &Board) -> Wall {
        let mut stuck = board.occupied() & !board.pawns() & !board.kings();
        loop {
            let fixed = self.pawns | stuck;
            let mut dropped = false;
            for sq in stuck {
                let Some(piece) = board.piece_at(sq) else {
                    continue;
                };
                let own = board.by_color(piece.color) & fixed;
                if (shakmaty::attacks::attacks(sq, piece, fixed) & !own).any() {
                    stuck.discard(sq);
                    dropped = true;
                }
            }
            if !dropped {
                break;
            }
        }
        let fixed = self.pawns | stuck;
        let mut wall = self;
        for color in [Color::Black, Color::White] {
            let c = color as usize;
            let mine = stuck & board.by_color(color);
            wall.own[c] |= mine;
            for sq in mine {
                if let Some(piece) = board.piece_at(sq) {
                    let hits = shakmaty::attacks::attacks(sq, piece, fixed);
                    wall.cover[c] |= hits;
                    wall.sure[c] |= if piece.role == Role::Knight {
                        hits
                    } else {
                        hits & king_attacks(sq)
                    };
                }
            }
        }
        wall.pawns = fixed;
        wall
    }

    /// Where a piece of `piece.color` standing on `from` can ever go, and
    /// what it attacks from there; `None` if it could break the wall
    /// (capture a pawn, or stand where an enemy pawn could capture it).
    /// The attacks are those the flood works out anyway, as it visits
    /// every square of the reach once.
    fn piece_reach(&self, piece: Piece, from: Square) -> Option<(Bitboard, Bitboard)> {
        let c = piece.color as usize;
        let danger = self.cover[1 - c] | self.own[1 - c];
        if danger.contains(from) {
            return None;
        }
        // A slide is a run of steps over empty squares, so the squares a
        // piece can ever reach are those joined to its own by its steps
        // over squares the wall leaves empty, and what it attacks from
        // them is every square one step from one of them: the flood steps
        // its whole frontier at once.
        let mut reach = Bitboard::from_square(from);
        loop {
            let grown = reach | (piece_spread(piece.role, reach) & !self.pawns);
            if grown == reach {
                break;
            }
            reach = grown;
        }
        let attack = piece_spread(piece.role, reach);
        if (attack & !self.own[c] & danger).any() {
            return None;
        }
        Some((reach, attack))
    }

    /// The squares a king of `color` on `from` can ever stand on, `None`
    /// if it could capture an enemy pawn that no pawn defends.
    fn king_reach(&self, color: Color, from: Square) -> Option<Bitboard> {
        let c = color as usize;
        let enemy = self.own[1 - c];
        // A man always defended by a fixed one can never be taken by a king.
        let defended = enemy & self.sure[1 - c];
        let walls = self.own[c] | self.sure[1 - c] | defended;
        // The whole frontier steps at once: this runs after many moves of
        // a search, and a square at a time it was the dearest part.
        let mut reach = Bitboard::from_square(from);
        loop {
            let grown = reach | (king_spread(reach) & !walls);
            if grown == reach {
                break;
            }
            reach = grown;
        }
        // From some square of its reach the king could take an enemy man.
        if (king_spread(reach) & !walls & enemy).any() {
            return None;
        }
        Some(reach)
    }
}

/// The squares off files A, B, G and H, as a shift across the board
/// must not wrap round to the other edge.
const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;

/// Every square a king on one of `squares` attacks (and those squares).
fn king_spread(squares: Bitboard) -> Bitboard {
    let b = squares.0;
    let row = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    Bitboard(row | (row << 8) | (row >> 8))
}

/// Every square one step of a piece of `role` (not a king's nor a
/// pawn's) from one of `squares`: a knight's jump, or the next square
/// along one of a slider's lines.
fn piece_spread(role: Role, squares: Bitboard) -> Bitboard {
    let b = squares.0;
    let (east, west) = ((b << 1) & NOT_A, (b >> 1) & NOT_H);
    let diagonal = (east << 8) | (east >> 8) | (west << 8) | (west >> 8);
    let straight = east | west | (b << 8) | (b >> 8);
    Bitboard(match role {
        Role::Bishop => diagonal,
        Role::Rook => straight,
        Role::Queen => diagonal | straight,
        Role::Knight => {
            let one = east | west;
            let two = ((b << 2) & NOT_AB) | ((b >> 2) & NOT_GH);
            (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
        }
        Role::King => king_spread(squares).0 & !b,
        // Never asked: a pawn's reach is its file, not a flood.
        Role::Pawn => 0,
    })
}

/// Everything the pieces of one colour can do inside a frozen wall.
#[derive(Default)]
struct Side {
    /// Squares some non-king piece can stand on.
    stand: Bitboard,
    /// Squares some non-king piece can attack.
    attack: Bitboard,
    /// Squares the king can stand on.
    king: Bitboard,
    /// Each non-king piece and the squares it can stand on.
    pieces: Vec<(Piece, Bitboard)>,
}

/// The reach of every piece of `color`, `None` if any could break the wall.
fn side_reach(wall: &Wall, board: &Board, color: Color) -> Option<Side> {
    let mut side = Side::default();
    for sq in board.by_color(color) & !board.pawns() {
        let role = board.role_at(sq)?;
        if role == Role::King {
            side.king |= wall.king_reach(color, sq)?;
            continue;
        }
        let piece = Piece { color, role };
        let (reach, attack) = wall.piece_reach(piece, sq)?;
        side.pieces.push((piece, reach));
        side.stand |= reach;
        side.attack |= attack;
    }
    Some(side)
}

/// `true` when the pawn structure of `pos` is frozen for ever and `winner`
/// can never mate inside it.
pub(crate) fn frozen_unwinnable(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    // The cheapest test first, as this runs after every move of a game:
    // one pawn with an empty square ahead and nothing is frozen.
    let pawns = board.pawns();
    let (white, black) = (pawns & board.white(), pawns & board.black());
    if pawns.is_empty() || (white.shift(8) & !pawns).any() || (black.shift(-8) & !pawns).any() {
        return false;
    }
    if pos.is_check() {
        return false;
    }
    let Some(wall) = Wall::of(pos) else {
        return false;
    };
    // A fixed piece or pawn that attacks an enemy one could take it.
    if (wall.cover[1] & wall.own[0]).any() || (wall.cover[0] & wall.own[1]).any() {
        return false;
    }
    let (Some(w), Some(l)) = (
        side_reach(&wall, board, winner),
        side_reach(&wall, board, !winner),
    ) else {
        return false;
    };
    let wi = winner as usize;
    // What the winner can ever control: its pieces' attacks, its king's
    // reach, its pawns' attacks, and its pawns themselves (each defended
    // by a pawn, or the wall would not be frozen for the loser's king).
    let mut fixed = wall.cover[wi] | wall.own[wi];
    for k in w.king {
        fixed |= king_attacks(k);
    }
    let control = fixed | w.attack;
    // Where the loser can put a blocker: its pawns stand for ever; each of
    // its pieces can fill one square it reaches.
    let blockers = Blockers {
        pawns: wall.own[1 - wi],
        stand: l.stand,
        count: l.pieces.len(),
    };
    let checks = l.king & w.attack;
    if let [(piece, reach)] = w.pieces[..] {
        // One piece gives the check and covers what it covers from that
        // one square: the union over all its squares would be too kind.
        return !lone_piece_mates(&wall, piece, reach, checks, fixed, &blockers);
    }
    !checks
        .into_iter()
        .any(|k| blockers.seal(king_attacks(k) & !control))
}

/// What the loser can put on its own king's flight squares.
struct Blockers {
    pawns: Bitboard,
    stand: Bitboard,
    count: usize,
}

impl Blockers {
    /// Can the loser fill all of `open` (flight squares nobody covers)?
    /// Its pawns fill theirs; the rest need one distinct piece each.
    fn seal(&self, open: Bitboard) -> bool {
        let need = open & !self.pawns;
        need.is_subset(self.stand) && need.count() <= self.count
    }
}

/// Can a lone winner's `piece`, standing somewhere in `reach`, check the
/// king on one of `checks` with every flight square covered by `fixed`
/// (the winner's king and pawns), by the piece itself, or filled by the
/// loser?
fn lone_piece_mates(
    wall: &Wall,
    piece: Piece,
    reach: Bitboard,
    checks: Bitboard,
    fixed: Bitboard,
    blockers: &Blockers,
) -> bool {
    for s in reach {
        let hits = shakmaty::attacks::attacks(s, piece, wall.pawns);
        for k in checks & hits {
            if blockers.seal(king_attacks(k) & !(fixed | hits)) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test_rng;

    /// A random wall: men of both colours on about a quarter of the
    /// board, and random squares covered.
    fn random_wall(next: &mut impl FnMut(usize) -> usize) -> Wall {
        let mut bits = |quarter: bool| {
            let mut b = Bitboard::EMPTY;
            for sq in Square::ALL {
                if next(if quarter { 4 } else { 6 }) == 0 {
                    b.add(sq);
                }
            }
            b
        };
        let (men, split, c0, c1) = (bits(true), bits(false), bits(false), bits(false));
        let white = men & !split;
        let black = men & split;
        Wall {
            pawns: men,
            own: [black, white],
            cover: [c0, c1],
            sure: [c0 & bits(true), c1 & bits(true)],
        }
    }

    /// The reach worked out a square at a time, as the flood's meaning
    /// says: from each square reached, every square the piece attacks
    /// over the wall's men, stopping at the first that could break it.
    fn piece_reach_by_square(
        wall: &Wall,
        piece: Piece,
        from: Square,
    ) -> Option<(Bitboard, Bitboard)> {
        let c = piece.color as usize;
        let danger = wall.cover[1 - c] | wall.own[1 - c];
        let (mut reach, mut attack) = (Bitboard::from_square(from), Bitboard::EMPTY);
        let mut frontier = reach;
        while let Some(sq) = frontier.pop_front() {
            let hits = shakmaty::attacks::attacks(sq, piece, wall.pawns);
            attack |= hits;
            let to = hits & !wall.own[c];
            if (to & danger).any() || danger.contains(from) {
                return None;
            }
            frontier |= to & !reach;
            reach |= to;
        }
        Some((reach, attack))
    }

    /// The king's reach a square at a time.
    fn king_reach_by_square(wall: &Wall, color: Color, from: Square) -> Option<Bitboard> {
        let c = color as usize;
        let enemy = wall.own[1 - c];
        let walls = wall.own[c] | wall.sure[1 - c] | (enemy & wall.sure[1 - c]);
        let mut reach = Bitboard::from_square(from);
        let mut frontier = reach;
        while let Some(sq) = frontier.pop_front() {
            let to = king_attacks(sq) & !walls;
            if (to & enemy).any() {
                return None;
            }
            frontier |= to & !reach;
            reach |= to;
        }
        Some(reach)
    }

    /// The floods that step a whole frontier at once agree with the
    /// square-at-a-time walk on random walls, for every piece, square and
    /// colour, both where the piece stays inside and where it breaks out.
    #[test]
    fn the_frontier_flood_agrees_with_the_walk_square_by_square() {
        let mut next = test_rng(0x5eed_f00d);
        let (mut inside, mut breaks) = (0, 0);
        for _ in 0..400 {
            let wall = random_wall(&mut next);
            for from in Square::ALL {
                for color in [Color::Black, Color::White] {
                    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                        let piece = Piece { color, role };
                        let want = piece_reach_by_square(&wall, piece, from);
                        assert_eq!(wall.piece_reach(piece, from), want, "{piece:?} {from}");
                        if want.is_some() {
                            inside += 1
                        } else {
                            breaks += 1
                        }
                    }
                    // A king is never one of the wall's men.
                    if !wall.pawns.contains(from) {
                        let want = king_reach_by_square(&wall, color, from);
                        assert_eq!(wall.king_reach(color, from), want, "king {from}");
                    }
                }
            }
        }
        assert!(inside > 1000 && breaks > 1000, "{inside} {breaks}");
    }
}
