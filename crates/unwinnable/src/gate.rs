//! The check the Laws run after every move (5.2.2): cheap enough for every
//! ply of every game, exact where real games meet dead positions.
//!
//! Beyond the fast check ([`crate::quick_dead`]: material, frozen walls),
//! only the complete enumeration proves "unwinnable", and it finishes only
//! when the reachable positions are few, as in forced replies to a check
//! (the king must take the last piece). On an open board it spends its
//! whole budget and says nothing, so the per-move check looks one ply past
//! a check instead of searching. Not searching is the sound side to err
//! on: the position is then treated as alive.

use shakmaty::{Chess, Color, Position};

use crate::quick_dead;

/// Replies to a check looked at, at most: more than this and the side in
/// check is not forced into anything.
const FORCED: usize = 4;

/// `true` when it is proved that `side` cannot mate because the side to
/// move is in check and every reply leaves a position where the fast check
/// proves it (or ends the game without `side`'s mate).
fn forced_dead(pos: &Chess, side: Color) -> bool {
    if !pos.is_check() {
        return false;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() || moves.len() > FORCED {
        return false;
    }
    moves.iter().all(|m| {
        let mut next = pos.clone();
        next.play_unchecked(*m);
        if next.is_checkmate() {
            return pos.turn() != side;
        }
        next.is_stalemate() || quick_dead(&next, side)
    })
}

/// Is `pos` dead (FIDE Laws 5.2.2) by the checks cheap enough to run after
/// every move? `true` is proved; `false` means "treat as alive".
///
/// Per side: the fast check, then one ply past a check (forced replies).
/// It looks at no horizon: a position that only the 75-move rule makes
/// unwinnable is left to that rule, which ends the game a few plies later
/// under its own name.
pub fn dead_after_move(pos: &Chess) -> bool {
    // The side that just moved first (it usually has the material), and
    // the check looked at once, only when the material rules fail: on
    // almost every ply of a game that ends the question at once.
    let mut in_check = None;
    for side in [!pos.turn(), pos.turn()] {
        if quick_dead(pos, side) {
            continue;
        }
        if !few_men(pos, side)
            || !*in_check.get_or_insert_with(|| pos.is_check())
            || !forced_dead(pos, side)
        {
            return false;
        }
    }
    true
}

/// Whether one capture could leave `side` with material the material rules
/// call unable to mate: at most one man besides bishops and the king. The
/// look past a check is skipped otherwise (a forced reply that freezes a
/// wall is left to the search at a flag).
fn few_men(pos: &Chess, side: Color) -> bool {
    let board = pos.board();
    let men = board.by_color(side) & !board.kings();
    (men & !board.bishops()).count() <= 1
}
