//! Standard chess as a [`RuleSet`], over shakmaty.
//!
//! shakmaty does the move generation, SAN, UCI and FEN. This module only adds
//! what the Laws need on top: FIDE position identity (L-9.2a) and the
//! dead-position interface (L-5.2b).

use crate::ruleset::{Mateability, MoveInput, RuleSet, Status};
use arbiter_edition::Side;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist128;
use shakmaty::{CastlingMode, Chess as Board, Color, EnPassantMode, FromSetup, Move, Position};
use std::sync::Arc;

/// Decides whether a side can still checkmate (L-5.2b, L-6.9).
///
/// The default, [`StaticMaterial`], is shakmaty's insufficient-material test:
/// sound (it never calls a winnable position dead) but incomplete (a locked
/// pawn wall can be dead and it will not see it). The exact unwinnability
/// analysis of a later issue plugs in here without touching the Laws layer.
pub trait DeadPositionOracle: Send + Sync {
    fn mateability(&self, pos: &Board, side: Side) -> Mateability;
}

/// The static material test (sound, incomplete). See [`DeadPositionOracle`].
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticMaterial;

impl DeadPositionOracle for StaticMaterial {
    fn mateability(&self, pos: &Board, side: Side) -> Mateability {
        if pos.has_insufficient_material(color(side)) {
            Mateability::Impossible
        } else {
            Mateability::Possible
        }
    }
}

/// Standard chess. Cheap to clone; the dead-position oracle is shared.
#[derive(Clone)]
pub struct Chess {
    oracle: Arc<dyn DeadPositionOracle>,
}

impl Default for Chess {
    fn default() -> Self {
        Chess {
            oracle: Arc::new(StaticMaterial),
        }
    }
}

impl std::fmt::Debug for Chess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Chess")
    }
}

impl Chess {
    /// Standard chess with another dead-position analysis.
    pub fn with_oracle(oracle: Arc<dyn DeadPositionOracle>) -> Self {
        Chess { oracle }
    }
}

pub(crate) fn color(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

pub(crate) fn side(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// FIDE identity of a chess position (L-9.2a): the placement, the side to
/// move, the castling rights and the en passant square only when a legal en
/// passant capture exists — never the raw FEN e.p. field.
///
/// It is a 128-bit Zobrist key over exactly those parts (shakmaty's
/// `EnPassantMode::Legal`); a false match needs a 2^-128 collision.
pub type ChessIdentity = u128;

/// A chess position with its FIDE identity kept up to date move by move
/// (shakmaty's incremental Zobrist update where it applies, a full hash
/// otherwise), so the repetition table costs no extra hashing per ply.
#[derive(Clone, Debug)]
pub struct ChessPosition {
    board: Board,
    id: ChessIdentity,
}

impl ChessPosition {
    pub fn new(board: Board) -> Self {
        let z: Zobrist128 = board.zobrist_hash(EnPassantMode::Legal);
        ChessPosition { board, id: z.0 }
    }
    /// The shakmaty position.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl From<Board> for ChessPosition {
    fn from(b: Board) -> Self {
        ChessPosition::new(b)
    }
}

/// Whether the side to move has any legal move, without generating them all
/// in the common case: a safe king step, or (not in check) a step of a man
/// that is not pinned, proves one exists. Only the rare rest falls back to
/// full move generation. This is what makes mate/stalemate detection after
/// every ply cheap (measured by the replay benchmark).
fn has_legal_move(pos: &Board) -> bool {
    use shakmaty::Bitboard;
    use shakmaty::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};
    let board = pos.board();
    let us = pos.turn();
    let them = !us;
    let Some(king) = board.king_of(us) else {
        return !pos.legal_moves().is_empty();
    };
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let theirs = board.by_color(them);
    let checkers = board.attacks_to(king, them, occupied);
    if checkers.is_empty() {
        // Our men pinned to the king: the only ones whose moves may be illegal.
        let snipers = (rook_attacks(king, Bitboard::EMPTY)
            & theirs
            & (board.rooks() | board.queens()))
            | (bishop_attacks(king, Bitboard::EMPTY) & theirs & (board.bishops() | board.queens()));
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occupied;
            if b.count() == 1 {
                pinned |= b & ours;
            }
        }
        let free = ours & !pinned;
        let pawns = free & board.pawns();
        let pushed = if us == Color::White {
            Bitboard(pawns.0 << 8)
        } else {
            Bitboard(pawns.0 >> 8)
        };
        if (pushed & !occupied).any() {
            return true;
        }
        for sq in free & board.knights() {
            if (knight_attacks(sq) & !ours).any() {
                return true;
            }
        }
        for sq in free & (board.queens() | board.rooks() | board.bishops()) {
            let piece = board.piece_at(sq).expect("own man");
            if (shakmaty::attacks::attacks(sq, piece, occupied) & !ours).any() {
                return true;
            }
        }
    }
    let without_king = occupied.without(king);
    for to in king_attacks(king) & !ours {
        if board.attacks_to(to, them, without_king).is_empty() {
            return true;
        }
    }
    !pos.legal_moves().is_empty()
}

/// Reads a move as UCI first (a SAN reader would take `g1f3` for a pawn
/// move), then SAN: the two notations of the event log.
fn parse_chess_move(cp: &ChessPosition, text: &str) -> MoveInput<Move> {
    let pos = &cp.board;
    let t = text.trim();
    if t.is_empty() {
        return MoveInput::Malformed {
            reason: "empty move".into(),
            column: 0,
        };
    }
    if let Ok(uci) = t.parse::<UciMove>() {
        return match uci.to_move(pos) {
            Ok(m) => MoveInput::Legal(m),
            Err(_) => MoveInput::Illegal {
                reason: format!("{t} is not a legal move in this position"),
            },
        };
    }
    if let Ok(san) = t.parse::<SanPlus>() {
        return match san.san.to_move(pos) {
            Ok(m) => MoveInput::Legal(m),
            Err(SanError::AmbiguousSan) => MoveInput::Malformed {
                reason: format!("ambiguous move {t:?}: it fits more than one legal move"),
                column: 0,
            },
            Err(SanError::IllegalSan) => MoveInput::Illegal {
                reason: format!("{t} is not a legal move in this position"),
            },
        };
    }
    let column = t
        .char_indices()
        .find(|(_, c)| !c.is_ascii_alphanumeric() && !"+#=-x".contains(*c))
        .map(|(i, _)| i)
        .unwrap_or(0);
    MoveInput::Malformed {
        reason: format!("{t:?} is neither SAN nor UCI"),
        column,
    }
}

impl RuleSet for Chess {
    type Position = ChessPosition;
    type Move = Move;
    type Identity = ChessIdentity;

    fn variant(&self) -> &'static str {
        "chess"
    }

    fn initial_position(&self) -> ChessPosition {
        ChessPosition::new(Board::default())
    }

    fn parse_position(&self, text: &str) -> Result<ChessPosition, String> {
        let fen: Fen = text
            .trim()
            .parse()
            .map_err(|e| format!("bad FEN {text:?}: {e}"))?;
        fen.into_position(CastlingMode::Standard)
            .map(ChessPosition::new)
            .map_err(|e| format!("impossible position in FEN {text:?}: {e}"))
    }

    fn position_text(&self, pos: &ChessPosition) -> String {
        Fen::from_position(&pos.board, EnPassantMode::Legal).to_string()
    }

    fn turn(&self, pos: &ChessPosition) -> Side {
        side(pos.board.turn())
    }

    fn fullmove_number(&self, pos: &ChessPosition) -> u32 {
        pos.board.fullmoves().get()
    }

    fn parse_move(&self, pos: &ChessPosition, text: &str) -> MoveInput<Move> {
        parse_chess_move(pos, text)
    }

    fn legal_moves(&self, pos: &ChessPosition) -> Vec<Move> {
        pos.board.legal_moves().to_vec()
    }

    fn play(&self, pos: &mut ChessPosition, mv: &Move) {
        let next = pos
            .board
            .update_zobrist_hash(Zobrist128(pos.id), *mv, EnPassantMode::Legal);
        pos.board.play_unchecked(*mv);
        pos.id = match next {
            Some(z) => z.0,
            None => pos.board.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0,
        };
    }

    fn move_text(&self, pos: &ChessPosition, mv: &Move) -> String {
        SanPlus::from_move(pos.board.clone(), *mv).to_string()
    }

    fn move_uci(&self, _pos: &ChessPosition, mv: &Move) -> String {
        mv.to_uci(CastlingMode::Standard).to_string()
    }

    fn is_check(&self, pos: &ChessPosition) -> bool {
        pos.board.is_check()
    }

    fn status(&self, pos: &ChessPosition) -> Status {
        if !has_legal_move(&pos.board) {
            if pos.board.is_check() {
                Status::Checkmate
            } else {
                Status::Stalemate
            }
        } else {
            Status::Ongoing
        }
    }

    fn is_zeroing(&self, _pos: &ChessPosition, mv: &Move) -> bool {
        mv.is_zeroing()
    }

    fn identity(&self, pos: &ChessPosition) -> ChessIdentity {
        pos.id
    }

    fn identity_after(&self, pos: &ChessPosition, mv: &Move) -> ChessIdentity {
        match pos
            .board
            .update_zobrist_hash(Zobrist128(pos.id), *mv, EnPassantMode::Legal)
        {
            Some(z) => z.0,
            None => {
                let mut p = pos.clone();
                self.play(&mut p, mv);
                p.id
            }
        }
    }

    fn mateability(&self, pos: &ChessPosition, side: Side) -> Mateability {
        self.oracle.mateability(&pos.board, side)
    }

    fn halfmove_clock(&self, pos: &ChessPosition) -> u32 {
        pos.board.halfmoves()
    }

    fn unfinished_promotion(&self, pos: &ChessPosition, text: &str) -> Option<Move> {
        use shakmaty::Role;
        let t = text.trim();
        let m = if let Ok(UciMove::Normal {
            from,
            to,
            promotion: None,
        }) = t.parse::<UciMove>()
        {
            UciMove::Normal {
                from,
                to,
                promotion: Some(Role::Queen),
            }
            .to_move(&pos.board)
            .ok()?
        } else {
            let san: SanPlus = t.parse().ok()?;
            let San::Normal {
                role: Role::Pawn,
                file,
                rank,
                capture,
                to,
                promotion: None,
            } = san.san
            else {
                return None;
            };
            San::Normal {
                role: Role::Pawn,
                file,
                rank,
                capture,
                to,
                promotion: Some(Role::Queen),
            }
            .to_move(&pos.board)
            .ok()?
        };
        Some(m)
    }

    fn play_unlawful(&self, pos: &ChessPosition, text: &str) -> Option<ChessPosition> {
        // `--` is how the record writes a press without a move that stood.
        if text.trim() == "--" {
            return self.pass(pos);
        }
        unlawful_position(&pos.board, text.trim()).map(ChessPosition::new)
    }

    fn lands_on_unlawful_target(&self, before: &ChessPosition, text: &str, mv: &Move) -> bool {
        unlawful_squares(&before.board, text.trim()).is_some_and(|(_, to, _)| mv.to() == to)
    }

    fn unlawful_is_zeroing(&self, pos: &ChessPosition, text: &str) -> bool {
        use shakmaty::Role;
        match unlawful_squares(&pos.board, text.trim()) {
            Some((from, to, _)) => {
                let board = pos.board.board();
                board.role_at(from) == Some(Role::Pawn) || board.piece_at(to).is_some()
            }
            // Not a move of one man: nothing is known to have been captured
            // or a pawn moved, so the count is kept.
            None => false,
        }
    }

    fn pass(&self, pos: &ChessPosition) -> Option<ChessPosition> {
        let mut setup = pos.board.to_setup(EnPassantMode::Legal);
        let us = setup.turn;
        setup.ep_square = None;
        setup.halfmoves = setup.halfmoves.saturating_add(1);
        if us == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        setup.turn = !us;
        // A player in check who passes leaves his king capturable: shakmaty
        // cannot hold that position (opposite check), and we answer `None`.
        lenient_board(setup).map(ChessPosition::new)
    }
}

/// The board after a move that breaks the rules of movement but *stands*
/// (L-A.5.2): the man is lifted from its square and put on the target, the
/// turn passes, castling rights of moved kings and rooks lapse. `None` when
/// the move names no single man, or the result cannot be played on (the
/// mover's king left capturable).
#[allow(clippy::result_large_err)] // shakmaty's PositionError carries the position
fn unlawful_position(pos: &Board, text: &str) -> Option<Board> {
    use shakmaty::Piece;
    let us = pos.turn();
    let (from, to, promotion) = unlawful_squares(pos, text)?;
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    let moved = setup.board.remove_piece_at(from)?;
    if moved.color != us {
        return None;
    }
    let placed = Piece {
        color: us,
        role: promotion.unwrap_or(moved.role),
    };
    let captured = setup.board.piece_at(to);
    if captured.is_some_and(|c| c.role == shakmaty::Role::King) {
        return None;
    }
    // A pawn left on its last rank (an unfinished promotion) cannot be held
    // by any position: it is lifted off, as a stand-in (L-A.5.4).
    let unpromoted = placed.role == shakmaty::Role::Pawn && to.rank() == (!us).backrank();
    if !unpromoted {
        setup.board.set_piece_at(to, placed);
    } else {
        setup.board.discard_piece_at(to);
    }
    setup.castling_rights = setup.castling_rights.without(from).without(to);
    setup.ep_square = None;
    setup.halfmoves = 0;
    if us == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !us;
    lenient_board(setup)
}

/// A board from a set-up, forgiving what a game played on after an unlawful
/// move may show (lapsed castling rights, an impossible check, too much
/// material) but never a king left capturable or a pawn on its last rank.
#[allow(clippy::result_large_err)] // shakmaty's PositionError carries the position
fn lenient_board(setup: shakmaty::Setup) -> Option<Board> {
    Board::from_setup(setup, CastlingMode::Standard)
        .or_else(|e| e.ignore_invalid_castling_rights())
        .or_else(|e| e.ignore_impossible_check())
        .or_else(|e| e.ignore_too_much_material())
        .ok()
}

/// The squares an unlawful move text names: from, to and any promotion
/// piece; `None` when it names no single man of the side to move.
fn unlawful_squares(
    pos: &Board,
    text: &str,
) -> Option<(shakmaty::Square, shakmaty::Square, Option<shakmaty::Role>)> {
    use shakmaty::{Bitboard, Piece, Role, Square, attacks::attacks};
    let us = pos.turn();
    let board = pos.board();
    let (from, to, promotion): (Square, Square, Option<Role>) = if let Ok(UciMove::Normal {
        from,
        to,
        promotion,
    }) = text.parse::<UciMove>()
    {
        (from, to, promotion)
    } else {
        let san: SanPlus = text.parse().ok()?;
        let San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } = san.san
        else {
            return None;
        };
        let piece = Piece { color: us, role };
        let candidates: Vec<Square> = board
            .by_piece(piece)
            .into_iter()
            .filter(|sq| file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r))
            .filter(|sq| role == Role::Pawn || attacks(*sq, piece, Bitboard::EMPTY).contains(to))
            .collect();
        if candidates.len() != 1 {
            return None;
        }
        (candidates[0], to, promotion)
    };
    (board.color_at(from) == Some(us)).then_some((from, to, promotion))
}

/// SAN of a move without the check suffix (for candidate lists).
pub fn san(pos: &ChessPosition, mv: &Move) -> String {
    San::from_move(&pos.board, *mv).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_san_uci_and_classifies_errors() {
        let c = Chess::default();
        let p = c.initial_position();
        assert!(matches!(c.parse_move(&p, "Nf3"), MoveInput::Legal(_)));
        assert!(matches!(c.parse_move(&p, "g1f3"), MoveInput::Legal(_)));
        assert!(matches!(c.parse_move(&p, "e5"), MoveInput::Illegal { .. }));
        assert!(matches!(
            c.parse_move(&p, "e2e5"),
            MoveInput::Illegal { .. }
        ));
        assert!(matches!(
            c.parse_move(&p, "hello"),
            MoveInput::Malformed { .. }
        ));
        assert!(matches!(c.parse_move(&p, ""), MoveInput::Malformed { .. }));
    }

    #[test]
    fn identity_ignores_unusable_en_passant_square() {
        // After 1.e4 the FEN e.p. field is e3, but no black pawn can take:
        // the position is the same as one with no e.p. square (L-9.2a).
        let c = Chess::default();
        let a = c
            .parse_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .unwrap();
        let b = c
            .parse_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap();
        assert_eq!(c.identity(&a), c.identity(&b));
        // With a black pawn on d4 the capture is legal: the positions differ.
        let x = c
            .parse_position("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .unwrap();
        let y = c
            .parse_position("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap();
        assert_ne!(c.identity(&x), c.identity(&y));
    }

    #[test]
    fn statuses() {
        let c = Chess::default();
        let mate = c
            .parse_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
            .unwrap();
        assert_eq!(c.status(&mate), Status::Checkmate);
        let stale = c.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(c.status(&stale), Status::Stalemate);
        let kk = c.parse_position("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").unwrap();
        assert_eq!(c.mateability(&kk, Side::White), Mateability::Impossible);
        assert_eq!(c.mateability(&kk, Side::Black), Mateability::Impossible);
    }
}
