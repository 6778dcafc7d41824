//! The check the Laws run after every move (5.2.2): cheap enough for every
//! ply of every game, exact where real games meet dead positions.
//!
//! Beyond the fast check ([`crate::quick_dead`]: material, frozen walls),
//! the complete enumeration of the reachable positions proves "unwinnable"
//! when those positions are few: forced lines, checked or not, where every
//! sequence of legal moves runs into a dead end (the king must take the
//! last piece; the only moves lead to a frozen wall). It runs with a small
//! fixed budget and only when one capture could leave the side without
//! mating material and the side to move has at most a few moves, so on almost every ply of a game it costs nothing and
//! on an open board it stops at once and says nothing. Not proving is the
//! sound side to err on: the position is then treated as alive.

use shakmaty::{Chess, Color, Position};

use crate::meter::Meter;
use crate::{Budget, Horizon, exhaust, quick_dead};

/// Positions the enumeration may generate: enough for a forced line of a
/// few plies (every reply capturing into a dead end, a king with one
/// square), far too few for an open board, where it stops at once.
const FORCED_NODES: u64 = 256;

/// Legal moves the side to move may have for the line to count as forced.
/// In the endings of real games one side often keeps a single rook or
/// knight, so the material trigger alone fires on many plies; enumerating
/// there, with a board still open, spent the whole budget for nothing and
/// made the full-law replay four times slower than raw move generation.
/// A forced line starts with a forced move: a king with one square, a
/// capture that must be made, a check with few replies.
const FORCED_REPLIES: usize = 4;

/// `true` when it is proved that `side` cannot mate because every
/// position reachable from `pos` (a handful, as the moves are forced) is
/// visited without meeting its mate. The caller has checked that the side
/// to move has between one and [`FORCED_REPLIES`] legal moves.
fn forced_dead(pos: &Chess, side: Color) -> bool {
    let mut meter = Meter::new(Budget::nodes(FORCED_NODES));
    matches!(
        exhaust::exhaust(pos, side, Horizon::Unbounded, &mut meter),
        exhaust::Outcome::NoMate
    )
}

/// Whether a forced line may start here: a game already over (mate,
/// stalemate) is not a dead position, as the rules for those end it under
/// their own names, and with more than [`FORCED_REPLIES`] moves the line
/// is not forced.
fn forced_start(pos: &Chess) -> bool {
    let replies = pos.legal_moves().len();
    replies != 0 && replies <= FORCED_REPLIES
}

/// Is `pos` dead (FIDE Laws 5.2.2) by the checks cheap enough to run after
/// every move? `true` is proved; `false` means "treat as alive".
///
/// Per side: the fast check, then the small enumeration of a forced line.
/// It looks at no horizon: a position that only the 75-move rule makes
/// unwinnable is left to that rule, which ends the game a few plies later
/// under its own name.
///
/// The position is dead only when both sides are, so every cheap check of
/// both sides runs before any enumeration: in the endings of real games one
/// side often keeps a lone rook (an enumeration would be asked for it)
/// while the other keeps a rook and pawns, alive by the cheap checks alone.
/// The answer is the same as checking side by side; only the cost differs.
pub fn dead_after_move(pos: &Chess) -> bool {
    // The side that just moved first: it usually has the material, and
    // on almost every ply of a game that ends the question at once.
    let mut enumerate = [None; 2];
    for (slot, side) in enumerate.iter_mut().zip([!pos.turn(), pos.turn()]) {
        if quick_dead(pos, side) {
            continue;
        }
        if !few_men(pos, side) {
            return false;
        }
        *slot = Some(side);
    }
    if enumerate == [None, None] {
        return true;
    }
    forced_start(pos)
        && enumerate
            .into_iter()
            .flatten()
            .all(|side| !mates_a_bare_king(pos, side) && forced_dead(pos, side))
}

/// Whether `pos` is `side`'s king and one queen, rook or pawn against a
/// bare king that is to move and cannot take that man now. The enumeration
/// never proves such a position dead (a unit test runs it on every placement
/// of the three men; castling rights or an en passant square only add
/// positions to visit), so it is not run: in the endings of real games these
/// positions came on many plies in a row, and each run spent the whole
/// budget.
fn mates_a_bare_king(pos: &Chess, side: Color) -> bool {
    use shakmaty::Role;
    let board = pos.board();
    if pos.turn() == side || board.occupied().count() != 3 {
        return false;
    }
    let theirs = board.by_color(!side);
    let man = board.by_color(side) & !board.kings();
    let Some(sq) = man.single_square() else {
        return false;
    };
    theirs == theirs & board.kings()
        && matches!(
            board.role_at(sq),
            Some(Role::Queen | Role::Rook | Role::Pawn)
        )
        && pos.legal_moves().iter().all(|m| m.to() != sq)
}

/// Whether one capture could leave `side` with material the material rules
/// call unable to mate: at most one man besides bishops and the king. The
/// enumeration is skipped otherwise (a forced line that freezes a wall is
/// left to the full search at a flag).
fn few_men(pos: &Chess, side: Color) -> bool {
    let board = pos.board();
    let men = board.by_color(side) & !board.kings();
    (men & !board.bishops()).count() <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Board, CastlingMode, Piece, Role, Setup, Square};

    /// The per-move check as first written, side by side: the reordered
    /// check must give the same answer on every position, as only its cost
    /// may differ.
    fn side_by_side(pos: &Chess) -> bool {
        for side in [!pos.turn(), pos.turn()] {
            if quick_dead(pos, side) {
                continue;
            }
            if !few_men(pos, side) || !forced_start(pos) || !forced_dead(pos, side) {
                return false;
            }
        }
        true
    }

    /// Sparse positions (two kings and up to four men of either colour),
    /// where the enumeration of forced lines runs, from a fixed generator.
    fn sparse(seed: &mut u64) -> Option<Chess> {
        let mut next = |n: u64| {
            *seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (*seed >> 33) % n
        };
        let mut board = Board::empty();
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ];
        let mut men = vec![Color::White.king(), Color::Black.king()];
        for _ in 0..next(5) {
            let colour = if next(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            men.push(Piece {
                color: colour,
                role: roles[next(5) as usize],
            });
        }
        for man in men {
            let empty: Vec<Square> = (!board.occupied()).into_iter().collect();
            board.set_piece_at(empty[next(empty.len() as u64) as usize], man);
        }
        let mut setup = Setup::empty();
        setup.board = board;
        setup.turn = if next(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        setup.position(CastlingMode::Standard).ok()
    }

    #[test]
    fn cheap_checks_first_give_the_same_answer() {
        let mut seed = 7;
        let (mut positions, mut dead, mut forced) = (0, 0, 0);
        while positions < 20_000 {
            let Some(pos) = sparse(&mut seed) else {
                continue;
            };
            positions += 1;
            let said = dead_after_move(&pos);
            dead += usize::from(said);
            forced += usize::from(said && !crate::quick_dead_position(&pos));
            assert_eq!(said, side_by_side(&pos), "{:?}", pos.board());
        }
        // Both answers occur, and some dead positions only the enumeration
        // proves, so the comparison has tested something.
        assert!(dead > 0 && dead < positions, "{dead} of {positions}");
        assert!(forced > 0, "no position proved by a forced line");
    }

    /// Every position [`mates_a_bare_king`] takes out of the enumeration:
    /// with White's king and one queen, rook or pawn against Black's bare
    /// king, Black to move with at most a few moves (the only positions the
    /// enumeration would see), the enumeration never proves "cannot mate".
    /// The check is symmetric in the colours, so White's side suffices.
    #[test]
    fn a_bare_king_never_stops_a_queen_rook_or_pawn() {
        let mut checked = 0;
        for role in [Role::Queen, Role::Rook, Role::Pawn] {
            for wk in Square::ALL {
                for bk in Square::ALL {
                    for man in Square::ALL {
                        if wk == bk || man == wk || man == bk {
                            continue;
                        }
                        let mut board = Board::empty();
                        board.set_piece_at(wk, Color::White.king());
                        board.set_piece_at(bk, Color::Black.king());
                        board.set_piece_at(man, role.of(Color::White));
                        let mut setup = Setup::empty();
                        setup.board = board;
                        setup.turn = Color::Black;
                        let Ok(pos) = setup.position::<Chess>(CastlingMode::Standard) else {
                            continue;
                        };
                        if !forced_start(&pos) || !mates_a_bare_king(&pos, Color::White) {
                            continue;
                        }
                        checked += 1;
                        assert!(!forced_dead(&pos, Color::White), "{:?}", pos.board());
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
