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
/// visited without meeting its mate.
fn forced_dead(pos: &Chess, side: Color) -> bool {
    // A game already over (mate, stalemate) is not a dead position: the
    // rules for those end it under their own names.
    let replies = pos.legal_moves().len();
    if replies == 0 || replies > FORCED_REPLIES {
        return false;
    }
    let mut meter = Meter::new(Budget::nodes(FORCED_NODES));
    matches!(
        exhaust::exhaust(pos, side, Horizon::Unbounded, &mut meter),
        exhaust::Outcome::NoMate
    )
}

/// Is `pos` dead (FIDE Laws 5.2.2) by the checks cheap enough to run after
/// every move? `true` is proved; `false` means "treat as alive".
///
/// Per side: the fast check, then the small enumeration of a forced line.
/// It looks at no horizon: a position that only the 75-move rule makes
/// unwinnable is left to that rule, which ends the game a few plies later
/// under its own name.
pub fn dead_after_move(pos: &Chess) -> bool {
    // The side that just moved first: it usually has the material, and
    // on almost every ply of a game that ends the question at once.
    for side in [!pos.turn(), pos.turn()] {
        if quick_dead(pos, side) {
            continue;
        }
        if !few_men(pos, side) || !forced_dead(pos, side) {
            return false;
        }
    }
    true
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
