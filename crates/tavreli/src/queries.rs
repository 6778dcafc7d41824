//! The position commands of a Tavreli game as typed answers: which men a
//! `p` command asks for, the squares of a kind, the legal moves of a tower,
//! the attackers of a square, the record replayed. The words crate
//! (`arbiter-notation`, its `tavreli::queries`) says the answers.
//!
//! Pure: no I/O.

use arbiter_rules::Side;

use crate::board::{Kind, ManInfo, Move, Position};

/// Which men `p` lists: both `None` lists every man in control of a tower or square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenQuery {
    /// One side, or both.
    pub side: Option<Side>,
    /// One kind, or all.
    pub kind: Option<Kind>,
}

/// Why a query has no answer. `Display` is the English; the words crate
/// says it in every language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// Nothing stands on the square.
    EmptySquare(u8),
    /// The man on top of the square belongs to the side not to move.
    NotToMove(u8),
    /// The move at this index (0 = first) of the record is not legal.
    BadRecord(usize),
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::board::square_name;
        match self {
            QueryError::EmptySquare(s) => write!(f, "{} is empty", square_name(*s)),
            QueryError::NotToMove(s) => {
                write!(f, "The man on {} is not on the move", square_name(*s))
            }
            QueryError::BadRecord(i) => write!(f, "Move {} of the record is not legal", i + 1),
        }
    }
}

impl std::error::Error for QueryError {}

/// The squares whose top man is `side`'s `kind`, by file then rank.
pub fn squares_of(pos: &Position, side: Side, kind: Kind) -> Vec<u8> {
    let mut v: Vec<u8> = (0..64u8)
        .filter(|&s| {
            pos.top_man(s)
                .is_some_and(|m| m.side == side && m.kind == kind)
        })
        .collect();
    v.sort_by_key(|s| (s % 8, s / 8));
    v
}

/// The man in control of `sq` and its legal moves, when it is the side to
/// move's.
pub fn moves_from(pos: &Position, sq: u8) -> Result<(ManInfo, Vec<Move>), QueryError> {
    let top = pos.top_man(sq).ok_or(QueryError::EmptySquare(sq))?;
    if top.side != pos.side_to_move() {
        return Err(QueryError::NotToMove(sq));
    }
    let mut p = pos.clone();
    let moves = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == sq)
        .collect();
    Ok((top, moves))
}

/// The men of `by` that attack `sq` (only top men attack, §3.4): each
/// kind with its square, in the order of the squares.
pub fn attackers_of(pos: &Position, sq: u8, by: Side) -> Vec<(Kind, u8)> {
    let mut bb = pos.attackers(sq, by.index(), pos.occupied());
    let mut out = Vec::new();
    while bb != 0 {
        let s = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        if let Some(m) = pos.top_man(s) {
            out.push((m.kind, s));
        }
    }
    out
}

/// Replays a record, giving each move with the position before it.
pub fn replay(start: &Position, record: &[Move]) -> Result<Vec<(Position, Move)>, QueryError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(record.len());
    for (i, &m) in record.iter().enumerate() {
        if !pos.legal_moves().contains(&m) {
            return Err(QueryError::BadRecord(i));
        }
        out.push((pos.clone(), m));
        pos.make(m);
    }
    Ok(out)
}
