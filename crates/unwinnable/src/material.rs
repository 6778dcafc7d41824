//! The fast, sound check: static material rules and the frozen pawn wall.

use shakmaty::{Chess, Color, Position};

/// `true` only when it is proved that `side` can never checkmate from `pos`;
/// `false` means "not shown", never "winnable".
///
/// Two cheap rules: the material rules (a lone king; a lone knight against a
/// bare king or a queen; bishops all on one colour with no knight or pawn on
/// the board — the rules lichess uses, through shakmaty), and the frozen
/// pawn wall: every pawn is blocked and can never capture or be captured,
/// and the winner's pieces can never reach a square from which they could
/// give a mate inside the loser king's region. It never calls a position
/// dead that a full search would find alive.
pub fn quick_dead(pos: &Chess, side: Color) -> bool {
    pos.has_insufficient_material(side) || crate::frozen::frozen_unwinnable(pos, side)
}

/// [`quick_dead`] for both sides: `true` proves the position dead
/// (FIDE Laws 5.2.2); `false` means the full search must decide.
pub fn quick_dead_position(pos: &Chess) -> bool {
    quick_dead(pos, Color::White) && quick_dead(pos, Color::Black)
}
