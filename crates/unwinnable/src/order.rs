//! The heuristic that orders the helpmate search: how close a position
//! looks to the winner's mate. Both sides cooperate, so both prefer the
//! same positions: the loser's king on the edge with few flight squares and
//! its own pieces round it, the winner's pieces near it, the winner's pawns
//! on their way to promotion and its material kept.

use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Role, Square};

/// Distance in king moves.
fn dist(a: Square, b: Square) -> i32 {
    a.distance(b) as i32
}

/// The squares a king on any of `b` reaches in one step.
fn king_grow(b: Bitboard) -> Bitboard {
    let ew = b
        | (b & !Bitboard::from_file(File::H)).shift(1)
        | (b & !Bitboard::from_file(File::A)).shift(-1);
    ew | ew.shift(8) | ew.shift(-8)
}

/// King moves from `a` to `b` around `walls` (the pawns: a king walks
/// round a locked chain, not through it); 15 if there is no way.
fn walk(a: Square, b: Square, walls: Bitboard) -> i32 {
    let mut reach = Bitboard::from_square(a);
    for steps in 0..15 {
        if reach.contains(b) {
            return steps;
        }
        reach = king_grow(reach) & (!walls | Bitboard::from_square(b));
    }
    15
}

/// How far `sq` is from the nearest edge (0 on the edge, 3 in the centre).
fn edge(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    f.min(7 - f).min(r).min(7 - r)
}

/// How far `sq` is from the nearest corner, in king moves.
fn corner(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    f.min(7 - f).max(r.min(7 - r))
}

/// How far a pawn of `color` on `sq` has come (0 on its own second rank).
fn advance(color: Color, sq: Square) -> i32 {
    let r = sq.rank() as i32;
    match color {
        Color::White => r - 1,
        Color::Black => 6 - r,
    }
}

/// What a pawn of the winner gains where no pawn stands ahead of it on
/// its file, besides [`PASSED_STEP`] a rank. In the pawn endings of
/// composed positions the mate is usually a promotion, and the winner's
/// king must first take the pawns that block the file (the loser's pawns
/// walk into its reach): without this the order sees no gain in the
/// captures until the pawn runs. Measured with no step, a weight of 9 to
/// 12 settled the most sides of chasolver's hard set (6 two thirds as
/// many, 15 and 20 fewer).
const PASSED: i32 = 12;

/// What a pawn with a clear file gains a rank it has come, beside the 3
/// every pawn gains: so the order runs it before the others. With 6 the
/// hard set of chasolver's tests left 14 sides fewer undetermined than
/// with none; 2 and 4 settled fewer, 9 and 14 as many.
const PASSED_STEP: i32 = 6;

/// Whether no pawn of either side stands ahead of the pawn of `color` on
/// `sq`, on its file.
fn open_file(board: &Board, color: Color, sq: Square) -> bool {
    let rank = sq.rank();
    !(board.pawns() & Bitboard::from_file(sq.file()))
        .into_iter()
        .any(|p| match color {
            Color::White => p.rank() > rank,
            Color::Black => p.rank() < rank,
        })
}

/// The winner's pieces: material kept and closeness to the loser's king.
fn winner_terms(board: &Board, winner: Color, lk: Square) -> i32 {
    let mut s = 0;
    for sq in board.by_color(winner) {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        s += match role {
            Role::Queen => 40 - dist(sq, lk),
            Role::Rook => 20 - dist(sq, lk),
            Role::Bishop => 12 - dist(sq, lk),
            Role::Knight => 12 - 3 * dist(sq, lk),
            Role::Pawn => {
                4 + 3 * advance(winner, sq)
                    + (PASSED + PASSED_STEP * advance(winner, sq))
                        * i32::from(open_file(board, winner, sq))
            }
            Role::King => -8 * (walk(sq, lk, board.pawns()) - 2).abs(),
        };
    }
    s
}

/// The loser's king: on the edge, hemmed in by its own pieces, with few
/// flight squares the winner does not cover.
fn loser_terms(board: &Board, winner: Color, lk: Square) -> i32 {
    let own = board.by_color(!winner);
    let around = king_attacks(lk);
    let occupied = board.occupied();
    let mut flights = 0;
    for sq in around & !own {
        if board.attacks_to(sq, winner, occupied).is_empty() {
            flights += 1;
        }
    }
    let blockers = (around & own).count() as i32;
    -8 * edge(lk) - 2 * corner(lk) - 3 * flights + 3 * blockers + (own.count() as i32)
}

/// How promising `pos` is for a mate by `winner`: higher is better.
/// `corners`: the corners where the winner's bishops can mate, if all
/// stand on one colour (the loser's king must go to one of them).
pub(crate) fn promise(pos: &Chess, winner: Color, corners: Option<Bitboard>) -> i32 {
    let board = pos.board();
    let Some(lk) = board.king_of(!winner) else {
        return 0;
    };
    let to_corner = corners
        .and_then(|c| c.into_iter().map(|sq| dist(sq, lk)).min())
        .unwrap_or(0);
    winner_terms(board, winner, lk) + loser_terms(board, winner, lk) - 4 * to_corner
}
