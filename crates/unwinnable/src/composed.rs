//! Reading the positions of composed problems.

use shakmaty::Chess;

/// The position of a FEN as composers write them: more material, or a
/// check, than a game can reach is accepted (composed positions, such as
/// most of chasolver's hard test set, have them); other faults are not.
/// The analysis needs only legal moves, which such positions have.
pub fn composed_position(
    fen: shakmaty::fen::Fen,
) -> Result<Chess, Box<shakmaty::PositionError<Chess>>> {
    let e = match fen.into_position::<Chess>(shakmaty::CastlingMode::Standard) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let e = match e.ignore_too_much_material() {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    e.ignore_impossible_check().map_err(Box::new)
}
