//! What a parsed text says about a move, before it is matched against the legal moves.
//!
//! Every notation (written, spoken, braille) is read into one or more [`Pattern`]s; the
//! legal moves of the position decide which one was meant. This is how we can be lenient
//! (missing `x`, missing `+`, any case, look-alike letters) and still never guess: a text
//! that fits two legal moves is reported as ambiguous with both (L-C.10).

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

/// Which piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoleSpec {
    /// A named piece (or pawn).
    Is(Role),
    /// Not said: allowed only when the departure square is complete (`g1f3`, UCI, or
    /// "жэ один эф три"), where the piece on it says what moves.
    Any,
}

/// A reading of a text as a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub role: RoleSpec,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub to: Option<Square>,
    /// `None` here means "no promotion said"; a promoting move then does not match, so a
    /// promotion without its piece is ambiguous (L-D.2.1: the piece must be announced).
    pub promotion: Option<Role>,
    pub castle: Option<CastlingSide>,
}

impl Pattern {
    pub fn castle(side: CastlingSide) -> Pattern {
        Pattern {
            role: RoleSpec::Is(Role::King),
            from_file: None,
            from_rank: None,
            to: None,
            promotion: None,
            castle: Some(side),
        }
    }

    /// Does the legal move `m` (played by `turn`) fit this reading? Castling also fits a
    /// king move written as e1-g1 (L-C.13 and UCI both allow that form).
    pub fn matches(&self, m: &Move, pos: &Chess) -> bool {
        if let Some(side) = self.castle {
            return m.castling_side() == Some(side);
        }
        let (from, to) = from_to(m, pos);
        let Some(want_to) = self.to else { return false };
        if to != want_to {
            return false;
        }
        match self.role {
            RoleSpec::Is(r) if r != m.role() => return false,
            _ => {}
        }
        if self.from_file.is_some_and(|f| f != from.file()) {
            return false;
        }
        if self.from_rank.is_some_and(|r| r != from.rank()) {
            return false;
        }
        self.promotion == m.promotion()
    }

    /// The promoting moves this pattern would match if it had named a piece: a promotion
    /// said without its piece is ambiguous between them (L-D.2.1), not illegal.
    pub fn unnamed_promotions(&self, pos: &Chess) -> Vec<Move> {
        if self.promotion.is_some() || self.castle.is_some() {
            return Vec::new();
        }
        pos.legal_moves()
            .iter()
            .filter(|m| {
                m.promotion().is_some()
                    && Pattern {
                        promotion: m.promotion(),
                        ..*self
                    }
                    .matches(m, pos)
            })
            .copied()
            .collect()
    }
}

/// The squares a player sees a move go from and to: for castling, the king's (e1→g1),
/// not shakmaty's king-takes-rook encoding.
pub fn from_to(m: &Move, pos: &Chess) -> (Square, Square) {
    match *m {
        Move::Castle { king, .. } => {
            let side = m.castling_side().unwrap_or(CastlingSide::KingSide);
            (king, side.king_to(pos.turn()))
        }
        Move::Normal { from, to, .. } | Move::EnPassant { from, to } => (from, to),
        Move::Put { to, .. } => (to, to),
    }
}

/// All legal moves matching any of `patterns`, without duplicates, in move-generation
/// order (stable, so candidate lists read the same every time).
pub fn matching(pos: &Chess, patterns: &[Pattern]) -> Vec<Move> {
    // When every pattern names a piece (other than the king, which castles) and a square,
    // shakmaty's `san_candidates` gives the few legal moves of that piece to that square
    // without generating all legal moves — the common case, and much faster.
    let narrow = patterns.iter().all(|p| {
        p.castle.is_none() && p.to.is_some() && matches!(p.role, RoleSpec::Is(r) if r != Role::King)
    });
    let mut out: Vec<Move> = Vec::new();
    if narrow {
        for p in patterns {
            if let (RoleSpec::Is(r), Some(to)) = (p.role, p.to) {
                for m in pos.san_candidates(r, to) {
                    if p.matches(&m, pos) && !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
        // Keep move-generation order, so candidate lists read the same either way.
        let legal = pos.legal_moves();
        out.sort_by_key(|m| legal.iter().position(|l| l == m));
        return out;
    }
    for m in pos.legal_moves() {
        if patterns.iter().any(|p| p.matches(&m, pos)) {
            out.push(m);
        }
    }
    out
}

/// The legal moves to show after an illegal input: those to the same square, else those
/// of the same piece, else none.
pub fn near_misses(pos: &Chess, p: &Pattern) -> Vec<Move> {
    let legal = pos.legal_moves();
    if let Some(side) = p.castle {
        return legal
            .iter()
            .filter(|m| m.role() == Role::King && m.castling_side() != Some(side.other()))
            .copied()
            .collect();
    }
    if let Some(to) = p.to {
        let v: Vec<Move> = legal
            .iter()
            .filter(|m| from_to(m, pos).1 == to)
            .copied()
            .collect();
        if !v.is_empty() {
            return v;
        }
    }
    if let RoleSpec::Is(r) = p.role {
        return legal.iter().filter(|m| m.role() == r).copied().collect();
    }
    Vec::new()
}
