//! Whether every move of the loser's leaves the winner without a legal
//! move: then the game ends right after it (in stalemate, or in the
//! loser's mate), and no position below can be the winner's mate, so the
//! complete enumeration need not play those moves.
//!
//! Where the winner has nothing but pawns and a king shut in for good, it
//! spends its last pushes while the loser's king walks: in
//! `1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8` w, a tenth of the positions Black's
//! enumeration met were Black to move with no move left, each reached by a
//! walk of White's king from a position where Black's pawns were already
//! blocked.
//!
//! The test is a sufficient one, worked out from the loser's legal moves
//! and the board alone: it plays no move. There the complete enumeration
//! took 230,000 nodes instead of 243,000, and the one kept to a plan
//! 33,500 instead of 37,500. On the hard set of chasolver's tests, each
//! side asked alone on the default budget, 32 sides were left
//! undetermined instead of 35 and the sides spent 5,041 nodes on average
//! instead of 5,098; both sides asked, 8 undetermined either way; the
//! real games' positions spent as many (116 a side).

use shakmaty::attacks::{king_attacks, pawn_attacks};
use shakmaty::{Bitboard, Chess, Color, MoveList, Position, Role};

/// Whether no move of `moves` (the loser's legal moves from `pos`, the
/// loser to move) can leave `winner` a legal move. Holds only where the
/// winner has nothing but pawns and a king, and
///
/// - every winner's pawn has in front of it a winner's man (a loser's
///   move that takes it puts a man there in its stead) or a loser's man
///   that has no move;
/// - no loser's man but the king stands where a winner's pawn attacks,
///   and no loser's move ends there or passes there (a double step the
///   pawn could take en passant);
/// - every square next to the winner's king is attacked, past no square
///   a move could fill, by a loser's man that has no move (it stays, and
///   so does its attack), or holds a winner's man that no loser's move
///   takes.
///
/// In check, the winner would need a king's move, a capture by a pawn of
/// a man on a square it attacks, or a push between: none is left.
pub(crate) fn winner_shut_after(pos: &Chess, winner: Color, moves: &MoveList) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(winner) else {
        return false;
    };
    if !crate::plan::pawns_only(pos, winner) {
        return false;
    }
    if moves.iter().any(|m| m.is_castle()) {
        // The rook lands where the test does not look.
        return false;
    }
    let loser = !winner;
    let pawns = board.pawns() & board.by_color(winner);
    let moving = moves
        .iter()
        .filter_map(|m| m.from())
        .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq));
    let still = board.by_color(loser) & !moving;
    let attacked = pawns
        .into_iter()
        .fold(Bitboard::EMPTY, |b, sq| b | pawn_attacks(winner, sq));
    if (attacked & board.by_color(loser) & !board.kings()).any() {
        return false;
    }
    let step: i32 = if winner == Color::White { 8 } else { -8 };
    for sq in pawns {
        let Some(front) = sq.offset(step) else {
            return false;
        };
        if !(board.by_color(winner) | still).contains(front) {
            return false;
        }
    }
    for m in moves {
        if m.role() == Role::King {
            continue;
        }
        let passed = match (m.from(), m.role()) {
            (Some(from), Role::Pawn) if from.distance(m.to()) == 2 => from.offset(-step),
            _ => None,
        };
        if attacked.contains(m.to()) || passed.is_some_and(|p| attacked.contains(p)) {
            return false;
        }
    }
    let taken = moves
        .iter()
        .filter(|m| m.is_capture())
        .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.to()));
    let held = held_for_good(pos, still);
    king_attacks(king)
        .into_iter()
        .all(|t| held.contains(t) || (board.by_color(winner).contains(t) && !taken.contains(t)))
}

/// The squares that the loser's men in `still` (men with no move) attack
/// whatever the loser plays: a pawn's, a knight's or a king's, or a line
/// piece's next to it (no man can come between).
fn held_for_good(pos: &Chess, still: Bitboard) -> Bitboard {
    let board = pos.board();
    let mut held = Bitboard::EMPTY;
    for sq in still {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        held |= match piece.role {
            Role::Pawn => pawn_attacks(piece.color, sq),
            Role::Knight | Role::King => shakmaty::attacks::attacks(sq, piece, board.occupied()),
            _ => shakmaty::attacks::attacks(sq, piece, board.occupied()) & king_attacks(sq),
        };
    }
    held
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::composed_position;

    /// The test agrees with playing every move: wherever it holds, no
    /// move of the loser's leaves the winner a legal move; over random
    /// games from positions where a king is shut in, it holds often.
    #[test]
    fn shut_means_no_move_after_any() {
        let mut next_rand = crate::testing::test_rng(0x005E_ED0F_5117);
        let starts = [
            "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1",
            "6k1/p1p1p1P1/6PB/6P1/8/8/PKP1P3/8 w - - 0 1",
            "1k6/1P1p1p1p/BP5p/1P6/8/8/3P1PKP/8 w - - 0 1",
            "8/3p1p1p/1p6/1P6/BP6/KP6/PP1P1P1P/k7 w - - 0 1",
            "k7/Pp1p1p1p/1P6/8/8/8/3P1PKP/8 w - - 0 1",
        ];
        let (mut held, mut checked) = (0, 0);
        for (game, fen) in (0..400).zip(starts.iter().cycle()) {
            let mut pos = composed_position(fen.parse().unwrap()).unwrap();
            for _ply in 0..(40 + game % 40) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for winner in Color::ALL {
                    if pos.turn() == winner {
                        continue;
                    }
                    checked += 1;
                    if winner_shut_after(&pos, winner, &moves) {
                        held += 1;
                        for m in &moves {
                            let mut next = pos.clone();
                            next.play_unchecked(*m);
                            assert!(next.legal_moves().is_empty(), "{m:?}");
                        }
                    }
                }
                pos.play_unchecked(moves[next_rand(moves.len())]);
            }
        }
        assert!(held > 200, "{held} of {checked}");
    }
}
