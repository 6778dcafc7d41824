//! Standard chess as a [`RuleSet`] of the FIDE Laws, over shakmaty.
//!
//! shakmaty does the move generation, SAN, UCI and FEN. This crate only adds
//! what the Laws need on top: FIDE position identity (L-9.2a), the
//! dead-position seam (L-5.2b) with the exact analysis of
//! `arbiter-unwinnable` behind it, and PGN read and written through
//! pgn-reader ([`pgn`]). The Laws themselves (`arbiter-laws`) know no chess.
//!
//! Replaying a game's event log under the Laws:
//!
//! ```
//! use arbiter_chess::Chess;
//! use arbiter_laws::log::parse_log;
//! use arbiter_laws::replay::replay;
//!
//! let log = parse_log(concat!(
//!     r#"{"format":"arbiter-log","version":1,"white":"A","black":"B","time_control":"60+0"}"#, "\n",
//!     r#"{"at":1000,"type":"move","side":"white","move":"f3","press":true}"#, "\n",
//!     r#"{"at":2000,"type":"move","side":"black","move":"e5","press":true}"#, "\n",
//!     r#"{"at":3000,"type":"move","side":"white","move":"g4","press":true}"#, "\n",
//!     r#"{"at":4000,"type":"move","side":"black","move":"Qh4#","press":true}"#, "\n",
//! ))
//! .unwrap();
//! let (game, rejected) = replay(Chess::default(), &log).unwrap();
//! assert!(rejected.is_empty());
//! assert_eq!(game.outcome().unwrap().result.as_str(), "0-1");
//! ```

#![warn(missing_docs)]

use arbiter_laws::ruleset::{
    Mateability, MoveInput, MoveSquares, RuleSet, Status, TouchRole, TouchedMan,
};
use arbiter_rules::{Side, Variant};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist128;
use shakmaty::{
    CastlingMode, Chess as Board, Color, EnPassantMode, FromSetup, Move, Position,
    PositionErrorKinds, Setup,
};
use std::sync::Arc;

mod fen_error;
mod opposite_check;
pub mod pgn;

pub use fen_error::FenError;

/// Decides whether a side can still checkmate (L-5.2b, L-6.9, L-7.5e,
/// L-5.1b).
///
/// The default, [`Unwinnability`], is the exact analysis. Every answer must
/// be sound: `Impossible` only when it is proved, so an undecided question
/// leaves the game running and a flag a loss.
pub trait DeadPositionOracle: Send + Sync {
    /// Whether `side` can mate from `pos` when a rule ends the game after
    /// `quiet_plies_left` more plies without a capture or a pawn move
    /// (`None`: no such rule). Asked once, at a flag, an illegal move or a
    /// resignation.
    fn mateability(&self, pos: &Board, side: Side, quiet_plies_left: Option<u32>) -> Mateability;

    /// Whether `pos` is dead, asked after every move (L-5.2b): it may be
    /// cheaper than [`DeadPositionOracle::mateability`] and miss rare dead
    /// positions, but must never call a live one dead.
    fn dead_after_move(&self, pos: &Board, quiet_plies_left: Option<u32>) -> bool {
        Side::BOTH
            .iter()
            .all(|&s| self.mateability(pos, s, quiet_plies_left) == Mateability::Impossible)
    }
}

/// The static material test: sound but blind (behind a locked pawn wall it
/// sees material and calls the game alive), and blind to the horizon. Kept
/// for comparison and for positions shakmaty cannot search.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticMaterial;

impl DeadPositionOracle for StaticMaterial {
    fn mateability(&self, pos: &Board, side: Side, _: Option<u32>) -> Mateability {
        if pos.has_insufficient_material(color(side)) {
            Mateability::Impossible
        } else {
            Mateability::Possible
        }
    }
}

/// The exact analysis (arbiter-unwinnable), bounded by node counts so that
/// a replay or an audit gives the same answer on every machine (never by
/// wall time).
///
/// A flag, an illegal move or a resignation asks the full search within
/// the edition's horizon, with [`arbiter_unwinnable::Budget::DECISION`]
/// by default; an undetermined answer counts as "can still mate". After every move only the checks cheap enough for every ply run
/// (material, a frozen pawn wall, the replies forced by a check), so that
/// a replay costs little more than the moves themselves.
#[derive(Clone, Copy, Debug)]
pub struct Unwinnability {
    /// Nodes for one side's question at a flag, illegal move or resignation.
    pub decision_nodes: u64,
}

impl Default for Unwinnability {
    fn default() -> Self {
        Unwinnability {
            decision_nodes: arbiter_unwinnable::Budget::DECISION.nodes,
        }
    }
}

fn horizon(quiet_plies_left: Option<u32>) -> arbiter_unwinnable::Horizon {
    match quiet_plies_left {
        None => arbiter_unwinnable::Horizon::Unbounded,
        Some(n) => arbiter_unwinnable::Horizon::QuietPliesLeft(n),
    }
}

impl DeadPositionOracle for Unwinnability {
    fn mateability(&self, pos: &Board, side: Side, quiet_plies_left: Option<u32>) -> Mateability {
        let budget = arbiter_unwinnable::Budget::nodes(self.decision_nodes);
        match arbiter_unwinnable::can_mate_within(
            pos,
            color(side),
            horizon(quiet_plies_left),
            budget,
        ) {
            arbiter_unwinnable::Verdict::Unwinnable => Mateability::Impossible,
            _ => Mateability::Possible,
        }
    }

    fn dead_after_move(&self, pos: &Board, _: Option<u32>) -> bool {
        arbiter_unwinnable::dead_after_move(pos)
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
            oracle: Arc::new(Unwinnability::default()),
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
///
/// One position shakmaty cannot hold is kept too: the side NOT to move in
/// check, right after an unlawful move that stood (L-A.5.2). It is judged
/// by the `opposite_check` module until the next move.
#[derive(Clone, Debug)]
pub struct ChessPosition {
    board: Board,
    id: ChessIdentity,
    /// The real position when the side not to move is in check; `board` is
    /// then the last position shakmaty could hold (a stand-in only).
    exposed: Option<Box<Setup>>,
}

impl ChessPosition {
    /// A position shakmaty holds.
    pub fn new(board: Board) -> Self {
        let z: Zobrist128 = board.zobrist_hash(EnPassantMode::Legal);
        ChessPosition {
            board,
            id: z.0,
            exposed: None,
        }
    }
    /// The shakmaty position. Right after an unlawful move that left the
    /// mover's king in check (see [`ChessPosition::exposed_king`]) it is the
    /// last position shakmaty could hold, before that move.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The set-up when the side not to move stands in check (an unlawful
    /// move that stood, L-A.5.2); `None` in every ordinary position.
    pub fn exposed_king(&self) -> Option<&Setup> {
        self.exposed.as_deref()
    }
    /// The position a set-up describes: shakmaty's when it can hold it
    /// (forgiving lapsed castling rights, an impossible check, too much
    /// material), or the raw set-up when the only fault is that the side not
    /// to move is in check. `None` for anything else.
    #[allow(clippy::result_large_err)] // shakmaty's PositionError carries the position
    fn settle(setup: Setup, stand_in: &Board) -> Option<ChessPosition> {
        let ignorable = PositionErrorKinds::INVALID_CASTLING_RIGHTS
            | PositionErrorKinds::IMPOSSIBLE_CHECK
            | PositionErrorKinds::TOO_MUCH_MATERIAL;
        match Board::from_setup(setup.clone(), CastlingMode::Standard) {
            Ok(b) => Some(ChessPosition::new(b)),
            Err(e) => {
                let kinds = e.kinds() - ignorable;
                if kinds.is_empty() {
                    return e
                        .ignore_invalid_castling_rights()
                        .or_else(|e| e.ignore_impossible_check())
                        .or_else(|e| e.ignore_too_much_material())
                        .ok()
                        .map(ChessPosition::new);
                }
                if kinds != PositionErrorKinds::OPPOSITE_CHECK {
                    return None;
                }
                // Lapsed castling rights are dropped as shakmaty would.
                let mut setup = setup;
                setup.castling_rights = opposite_check::valid_castling_rights(&setup);
                Some(ChessPosition {
                    board: stand_in.clone(),
                    id: opposite_check::identity(&setup),
                    exposed: Some(Box::new(setup)),
                })
            }
        }
    }
}

/// What a move may change in the FIDE identity besides the men: the turn,
/// the castling rights and the en passant square that a legal capture can
/// use (L-9.2a).
///
/// shakmaty updates a Zobrist key move by move only for moves that touch
/// neither the king, a castling right nor an en passant square; in endings
/// most moves are king moves, and a full hash of the board after each of
/// them cost more than the rest of the identity. Here every move is updated,
/// with the same key as shakmaty's full hash (the unit tests compare them
/// after every ply of random games).
struct IdentityParts {
    turn: Color,
    castling: [[bool; 2]; 2],
    ep_file: Option<shakmaty::File>,
}

impl IdentityParts {
    fn of(board: &Board) -> Self {
        use shakmaty::CastlingSide;
        let castles = board.castles();
        IdentityParts {
            turn: board.turn(),
            castling: Color::ALL.map(|c| CastlingSide::ALL.map(|s| castles.has(c, s))),
            ep_file: board.legal_ep_square().map(|sq| sq.file()),
        }
    }

    /// The key of `after`, the position `mv` made from the one these parts
    /// were taken of, whose key was `id`.
    fn updated(&self, id: ChessIdentity, mv: Move, after: &Board) -> ChessIdentity {
        use shakmaty::zobrist::ZobristValue;
        use shakmaty::{CastlingSide, Square};
        let piece = Zobrist128::zobrist_for_piece;
        let us = self.turn;
        let mut z = Zobrist128(id);
        z ^= Zobrist128::zobrist_for_white_turn();
        match mv {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                z ^= piece(from, role.of(us));
                z ^= piece(to, promotion.unwrap_or(role).of(us));
                if let Some(captured) = capture {
                    z ^= piece(to, captured.of(!us));
                }
            }
            Move::EnPassant { from, to } => {
                z ^= piece(from, us.pawn());
                z ^= piece(to, us.pawn());
                z ^= piece(Square::from_coords(to.file(), from.rank()), (!us).pawn());
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                z ^= piece(king, us.king());
                z ^= piece(rook, us.rook());
                z ^= piece(
                    Square::from_coords(side.king_to_file(), king.rank()),
                    us.king(),
                );
                z ^= piece(
                    Square::from_coords(side.rook_to_file(), rook.rank()),
                    us.rook(),
                );
            }
            // No drops in standard chess; should one come, hash it all.
            Move::Put { .. } => return after.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0,
        }
        let now = IdentityParts::of(after);
        for (c, colour) in Color::ALL.into_iter().enumerate() {
            for (s, side) in CastlingSide::ALL.into_iter().enumerate() {
                if self.castling[c][s] != now.castling[c][s] {
                    z ^= Zobrist128::zobrist_for_castling_right(colour, side);
                }
            }
        }
        for file in [self.ep_file, now.ep_file].into_iter().flatten() {
            z ^= Zobrist128::zobrist_for_en_passant_file(file);
        }
        z.0
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
        // A pawn with an empty square ahead and off every line through the
        // king cannot be pinned, so its step is legal: most positions of a
        // game have one, and then the pinned men need not be found.
        let lines = rook_attacks(king, Bitboard::EMPTY) | bishop_attacks(king, Bitboard::EMPTY);
        let free_ahead = if us == Color::White {
            Bitboard((!occupied).0 >> 8)
        } else {
            Bitboard((!occupied).0 << 8)
        };
        if (ours & board.pawns() & free_ahead & !lines).any() {
            return true;
        }
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

/// `text.trim()`, without the Unicode scan when it starts and ends with a
/// printable ASCII character, as every move of a log does: it ran on every
/// ply and cost as much as reading the move.
fn trim(text: &str) -> &str {
    match text.as_bytes() {
        [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => text,
        [only] if only.is_ascii_graphic() => text,
        _ => text.trim(),
    }
}

/// Reads a move as UCI first (a SAN reader would take `g1f3` for a pawn
/// move), then SAN: the two notations of the event log.
fn parse_chess_move(cp: &ChessPosition, text: &str) -> MoveInput<Move> {
    let pos = &cp.board;
    let t = trim(text);
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

    fn variant(&self) -> Variant {
        Variant::Chess
    }

    fn initial_position(&self) -> ChessPosition {
        ChessPosition::new(Board::default())
    }

    type PositionError = FenError;

    fn parse_position(&self, text: &str) -> Result<ChessPosition, FenError> {
        let fen: Fen = text.trim().parse().map_err(|error| FenError::Syntax {
            text: text.to_string(),
            error,
        })?;
        fen.into_position(CastlingMode::Standard)
            .map(ChessPosition::new)
            .map_err(|error| FenError::Impossible {
                text: text.to_string(),
                error: Box::new(error),
            })
    }

    fn position_text(&self, pos: &ChessPosition) -> String {
        if let Some(s) = pos.exposed_king() {
            return match Fen::try_from_setup(s.clone()) {
                Ok(f) => f.to_string(),
                Err(_) => s.board.to_string(),
            };
        }
        Fen::from_position(&pos.board, EnPassantMode::Legal).to_string()
    }

    fn turn(&self, pos: &ChessPosition) -> Side {
        match pos.exposed_king() {
            Some(s) => side(s.turn),
            None => side(pos.board.turn()),
        }
    }

    fn fullmove_number(&self, pos: &ChessPosition) -> u32 {
        match pos.exposed_king() {
            Some(s) => s.fullmoves.get(),
            None => pos.board.fullmoves().get(),
        }
    }

    fn parse_move(&self, pos: &ChessPosition, text: &str) -> MoveInput<Move> {
        match pos.exposed_king() {
            Some(s) => parse_exposed_move(s, text),
            None => parse_chess_move(pos, text),
        }
    }

    fn legal_moves(&self, pos: &ChessPosition) -> Vec<Move> {
        match pos.exposed_king() {
            Some(s) => opposite_check::legal_moves(s),
            None => pos.board.legal_moves().to_vec(),
        }
    }

    fn play(&self, pos: &mut ChessPosition, mv: &Move) {
        if let Some(s) = pos.exposed_king() {
            // After a legal reply the side to move is the one in check, an
            // ordinary position; the raw set-up is kept only if it is not.
            let next = opposite_check::play(s, mv);
            *pos =
                ChessPosition::settle(next.clone(), &pos.board).unwrap_or_else(|| ChessPosition {
                    board: pos.board.clone(),
                    id: opposite_check::identity(&next),
                    exposed: Some(Box::new(next)),
                });
            return;
        }
        if let Some(z) =
            pos.board
                .update_zobrist_hash(Zobrist128(pos.id), *mv, EnPassantMode::Legal)
        {
            pos.board.play_unchecked(*mv);
            pos.id = z.0;
            return;
        }
        let before = IdentityParts::of(&pos.board);
        pos.board.play_unchecked(*mv);
        pos.id = before.updated(pos.id, *mv, &pos.board);
    }

    fn move_text(&self, pos: &ChessPosition, mv: &Move) -> String {
        if let Some(s) = pos.exposed_king() {
            return opposite_check::san(s, mv);
        }
        SanPlus::from_move(pos.board.clone(), *mv).to_string()
    }

    fn move_uci(&self, _pos: &ChessPosition, mv: &Move) -> String {
        mv.to_uci(CastlingMode::Standard).to_string()
    }

    fn is_check(&self, pos: &ChessPosition) -> bool {
        match pos.exposed_king() {
            Some(s) => opposite_check::king_attacked(&s.board, s.turn),
            None => pos.board.is_check(),
        }
    }

    fn status(&self, pos: &ChessPosition) -> Status {
        if let Some(s) = pos.exposed_king() {
            return match (
                opposite_check::legal_moves(s).is_empty(),
                opposite_check::king_attacked(&s.board, s.turn),
            ) {
                (false, _) => Status::Ongoing,
                (true, true) => Status::Checkmate,
                (true, false) => Status::Stalemate,
            };
        }
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
        if pos.exposed.is_some() {
            let mut p = pos.clone();
            self.play(&mut p, mv);
            return p.id;
        }
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
        self.mateability_within(pos, side, None)
    }

    fn mateability_within(
        &self,
        pos: &ChessPosition,
        side: Side,
        quiet_plies_left: Option<u32>,
    ) -> Mateability {
        match pos.exposed_king() {
            Some(s) => exposed_mateability(s, side),
            None => self.oracle.mateability(&pos.board, side, quiet_plies_left),
        }
    }

    fn is_dead_after_move(&self, pos: &ChessPosition, quiet_plies_left: Option<u32>) -> bool {
        match pos.exposed_king() {
            Some(s) => Side::BOTH
                .iter()
                .all(|&side| exposed_mateability(s, side) == Mateability::Impossible),
            None => self.oracle.dead_after_move(&pos.board, quiet_plies_left),
        }
    }

    fn halfmove_clock(&self, pos: &ChessPosition) -> u32 {
        match pos.exposed_king() {
            Some(s) => s.halfmoves,
            None => pos.board.halfmoves(),
        }
    }

    fn unfinished_promotion(&self, pos: &ChessPosition, text: &str) -> Option<Move> {
        use shakmaty::Role;
        let t = text.trim();
        if let Ok(UciMove::Normal {
            from,
            to,
            promotion: None,
        }) = t.parse::<UciMove>()
        {
            let uci = UciMove::Normal {
                from,
                to,
                promotion: Some(Role::Queen),
            };
            return match pos.exposed_king() {
                Some(s) => find_uci(s, &uci),
                None => uci.to_move(&pos.board).ok(),
            };
        }
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
        let queen = San::Normal {
            role: Role::Pawn,
            file,
            rank,
            capture,
            to,
            promotion: Some(Role::Queen),
        };
        match pos.exposed_king() {
            Some(s) => find_san(s, &queen).ok(),
            None => queen.to_move(&pos.board).ok(),
        }
    }

    fn leaves_unpromoted_pawn(&self, pos: &ChessPosition, text: &str) -> bool {
        let s = setup_of(pos);
        unlawful_squares(&s.board, s.turn, text.trim()).is_some_and(|(from, to, promotion)| {
            promotion.is_none()
                && s.board.role_at(from) == Some(shakmaty::Role::Pawn)
                && to.rank() == (!s.turn).backrank()
        })
    }

    fn play_unlawful(&self, pos: &ChessPosition, text: &str) -> Option<ChessPosition> {
        // `--` is how the record writes a press without a move that stood.
        if text.trim() == "--" {
            return self.pass(pos);
        }
        let setup = unlawful_position(setup_of(pos), text.trim())?;
        ChessPosition::settle(setup, &pos.board)
    }

    fn lands_on_unlawful_target(&self, before: &ChessPosition, text: &str, mv: &Move) -> bool {
        let s = setup_of(before);
        unlawful_squares(&s.board, s.turn, text.trim()).is_some_and(|(_, to, _)| mv.to() == to)
    }

    fn both_kings_in_check(&self, pos: &ChessPosition) -> bool {
        let s = setup_of(pos);
        [Color::White, Color::Black]
            .iter()
            .all(|&c| opposite_check::king_attacked(&s.board, c))
    }

    fn unlawful_reply_lands_on_unlawful_target(
        &self,
        before: &ChessPosition,
        text: &str,
        stand_in: &ChessPosition,
        reply: &str,
    ) -> bool {
        let (b, s) = (setup_of(before), setup_of(stand_in));
        let target = unlawful_squares(&b.board, b.turn, text.trim()).map(|(_, to, _)| to);
        let landing = unlawful_squares(&s.board, s.turn, reply.trim()).map(|(_, to, _)| to);
        target.is_some() && target == landing
    }

    fn square_key(&self, text: &str) -> Option<String> {
        let sq: shakmaty::Square = text.trim().to_ascii_lowercase().parse().ok()?;
        Some(sq.to_string())
    }

    fn touched_man(&self, pos: &ChessPosition, square: &str, man: u32) -> Option<TouchedMan> {
        use shakmaty::Role;
        let sq: shakmaty::Square = square.parse().ok()?;
        if man != 1 {
            return None;
        }
        let piece = setup_of(pos).board.piece_at(sq)?;
        Some(TouchedMan {
            owner: side(piece.color),
            role: match piece.role {
                Role::King => TouchRole::King,
                Role::Rook => TouchRole::Rook,
                _ => TouchRole::Other,
            },
        })
    }

    fn move_squares(&self, pos: &ChessPosition, mv: &Move) -> Option<MoveSquares> {
        let board = setup_of(pos).board;
        let (from, to, captures, rook) = match *mv {
            Move::Castle { king, rook } => {
                let side = shakmaty::CastlingSide::from_queen_side(rook < king);
                let to = shakmaty::Square::from_coords(side.king_to_file(), king.rank());
                (king, to, None, Some(rook.to_string()))
            }
            Move::EnPassant { from, to } => {
                let pawn = shakmaty::Square::from_coords(to.file(), from.rank());
                (from, to, Some(pawn.to_string()), None)
            }
            _ => {
                let (from, to) = (mv.from()?, mv.to());
                let captures = board.piece_at(to).map(|_| to.to_string());
                (from, to, captures, None)
            }
        };
        Some(MoveSquares {
            from: from.to_string(),
            to: to.to_string(),
            men: 1,
            captures,
            rook,
        })
    }

    fn unlawful_from_to(&self, pos: &ChessPosition, text: &str) -> Option<(String, String)> {
        let s = setup_of(pos);
        unlawful_squares(&s.board, s.turn, text.trim())
            .map(|(from, to, _)| (from.to_string(), to.to_string()))
    }

    fn unlawful_is_zeroing(&self, pos: &ChessPosition, text: &str) -> bool {
        use shakmaty::Role;
        let s = setup_of(pos);
        match unlawful_squares(&s.board, s.turn, text.trim()) {
            Some((from, to, _)) => {
                s.board.role_at(from) == Some(Role::Pawn) || s.board.piece_at(to).is_some()
            }
            // Not a move of one man: nothing is known to have been captured
            // or a pawn moved, so the count is kept.
            None => false,
        }
    }

    fn pass(&self, pos: &ChessPosition) -> Option<ChessPosition> {
        let mut setup = setup_of(pos);
        let us = setup.turn;
        setup.ep_square = None;
        setup.halfmoves = setup.halfmoves.saturating_add(1);
        if us == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        setup.turn = !us;
        // A player in check who passes leaves his king capturable: the
        // position shakmaty cannot hold, judged by `opposite_check`.
        ChessPosition::settle(setup, &pos.board)
    }
}

/// The set-up of a position, whichever way it is held.
fn setup_of(pos: &ChessPosition) -> Setup {
    match pos.exposed_king() {
        Some(s) => s.clone(),
        None => pos.board.to_setup(EnPassantMode::Legal),
    }
}

/// The legal move a UCI text names where the side not to move is in check.
fn find_uci(s: &Setup, uci: &UciMove) -> Option<Move> {
    opposite_check::legal_moves(s)
        .into_iter()
        .find(|m| m.to_uci(CastlingMode::Standard) == *uci)
}

/// The legal move a SAN text names where the side not to move is in check:
/// `Err(true)` when it fits more than one.
fn find_san(s: &Setup, san: &San) -> Result<Move, bool> {
    let mut found = opposite_check::legal_moves(s)
        .into_iter()
        .filter(|m| opposite_check::san_matches(san, m));
    match (found.next(), found.next()) {
        (Some(m), None) => Ok(m),
        (Some(_), Some(_)) => Err(true),
        _ => Err(false),
    }
}

/// Reads a move where the side not to move is in check (after an unlawful
/// move that stood, L-A.5.2), UCI first, then SAN, as [`parse_chess_move`].
/// A capture of the king is refused with its own reason: it is not a move
/// of chess, and the player should claim the illegal move instead.
fn parse_exposed_move(s: &Setup, text: &str) -> MoveInput<Move> {
    let t = text.trim();
    // Not an illegal move but no move at all: the Laws know no capture of
    // the king, so it cannot be made, punished or stand; the line is refused.
    let king_capture = |to| {
        opposite_check::is_king_square(s, to).then(|| MoveInput::Malformed {
            column: 0,
            reason: format!(
                "{t} would capture the king, which is not a move of chess (3.9): claim the illegal move that left it in check (A.5.2) or call the arbiter"
            ),
        })
    };
    let illegal = || MoveInput::Illegal {
        reason: format!("{t} is not a legal move in this position"),
    };
    if let Ok(uci) = t.parse::<UciMove>() {
        if let Some(m) = find_uci(s, &uci) {
            return MoveInput::Legal(m);
        }
        if let UciMove::Normal { to, .. } = uci {
            return king_capture(to).unwrap_or_else(illegal);
        }
        return illegal();
    }
    if let Ok(san) = t.parse::<SanPlus>() {
        return match find_san(s, &san.san) {
            Ok(m) => MoveInput::Legal(m),
            Err(true) => MoveInput::Malformed {
                reason: format!("ambiguous move {t:?}: it fits more than one legal move"),
                column: 0,
            },
            Err(false) => match san.san {
                San::Normal { to, .. } => king_capture(to).unwrap_or_else(illegal),
                _ => illegal(),
            },
        };
    }
    // Not a move at all: the ordinary reader names the column.
    match parse_chess_move(&ChessPosition::new(Board::default()), t) {
        MoveInput::Malformed { reason, column } => MoveInput::Malformed { reason, column },
        _ => illegal(),
    }
}

/// Whether `side` can still mate where the side not to move is in check:
/// the material rules see the same men with the turn passed (material does
/// not depend on it, a search would); when even that cannot be held, only
/// a bare king is certainly unable to mate (sound, as the oracle must be).
fn exposed_mateability(s: &Setup, side: Side) -> Mateability {
    let swapped = Setup {
        turn: !s.turn,
        ep_square: None,
        ..s.clone()
    };
    match lenient_board(swapped) {
        Some(b) => StaticMaterial.mateability(&b, side, None),
        None if s.board.by_color(color(side))
            == s.board.kings() & s.board.by_color(color(side)) =>
        {
            Mateability::Impossible
        }
        None => Mateability::Possible,
    }
}

/// The set-up after a move that breaks the rules of movement but *stands*
/// (L-A.5.2): the man is lifted from its square and put on the target, the
/// turn passes, castling rights of moved kings and rooks lapse. `None` when
/// the move names no single man or would capture a king.
fn unlawful_position(mut setup: Setup, text: &str) -> Option<Setup> {
    use shakmaty::Piece;
    let us = setup.turn;
    let (from, to, promotion) = unlawful_squares(&setup.board, us, text)?;
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
    if moved.role == shakmaty::Role::King {
        setup.castling_rights &= !shakmaty::Bitboard::from_rank(us.backrank());
    }
    // A pawn's two-square advance may be taken en passant (3.7.4.1) even
    // when the advance itself left the king in check.
    let double = moved.role == shakmaty::Role::Pawn
        && !unpromoted
        && from.file() == to.file()
        && from.rank().distance(to.rank()) == 2
        && from.rank() == us.fold_wb(shakmaty::Rank::Second, shakmaty::Rank::Seventh);
    setup.ep_square = if double {
        from.offset(us.fold_wb(8, -8))
    } else {
        None
    };
    setup.halfmoves = 0;
    if us == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !us;
    Some(setup)
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
    board: &shakmaty::Board,
    us: Color,
    text: &str,
) -> Option<(shakmaty::Square, shakmaty::Square, Option<shakmaty::Role>)> {
    use shakmaty::{Bitboard, Piece, Role, Square, attacks::attacks};
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
    match pos.exposed_king() {
        Some(s) => opposite_check::san(s, mv)
            .trim_end_matches(['+', '#'])
            .to_string(),
        None => San::from_move(&pos.board, *mv).to_string(),
    }
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

    /// The identity kept move by move is shakmaty's full hash of the
    /// position (L-9.2a), after every ply of random games from openings
    /// rich in castling, en passant captures and promotions.
    #[test]
    fn identity_follows_every_move() {
        let c = Chess::default();
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/1P4P1/8/2pP4/1p2Pp2/8/1p4p1/R3K2R w KQkq c6 0 1",
            "4k3/2p1p1p1/8/1P1P1P1P/8/8/8/4K3 b - - 0 1",
        ];
        let mut seed: u64 = 11;
        let (mut castles, mut en_passant, mut doubles, mut kings) = (0, 0, 0, 0);
        for _ in 0..150 {
            for fen in starts {
                let mut p = c.parse_position(fen).unwrap();
                for _ in 0..80 {
                    let moves = c.legal_moves(&p);
                    if moves.is_empty() {
                        break;
                    }
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let mv = moves[(seed >> 33) as usize % moves.len()];
                    match mv {
                        Move::Castle { .. } => castles += 1,
                        Move::EnPassant { .. } => en_passant += 1,
                        Move::Normal { role, from, to, .. } => {
                            doubles +=
                                usize::from(role == shakmaty::Role::Pawn && from.distance(to) == 2);
                            kings += usize::from(role == shakmaty::Role::King);
                        }
                        Move::Put { .. } => {}
                    }
                    c.play(&mut p, &mv);
                    let full: Zobrist128 = p.board().zobrist_hash(EnPassantMode::Legal);
                    assert_eq!(
                        c.identity(&p),
                        full.0,
                        "after {mv:?}: {}",
                        c.position_text(&p)
                    );
                }
            }
        }
        // Every kind of move shakmaty cannot update was met.
        assert!(
            castles > 0 && en_passant > 0 && doubles > 0 && kings > 0,
            "{castles} {en_passant} {doubles} {kings}"
        );
    }

    /// The shortcut test for a legal move agrees with shakmaty's full
    /// generation at every ply of random games (mates, stalemates, pins and
    /// checks included).
    #[test]
    fn has_legal_move_is_full_generation() {
        let mut seed: u64 = 3;
        let (mut none, mut checks) = (0, 0);
        for _ in 0..400 {
            let mut pos = Board::default();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                assert_eq!(has_legal_move(&pos), !moves.is_empty(), "{pos:?}");
                checks += usize::from(pos.is_check());
                if moves.is_empty() {
                    none += 1;
                    break;
                }
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(none > 0 && checks > 100, "{none} {checks}");
    }

    #[test]
    fn trim_is_str_trim() {
        for t in [
            "",
            " ",
            "e4",
            " e4",
            "e4 ",
            "\u{a0}Nf3\u{2003}",
            "x",
            "\t",
            "e4\n",
            "Nf3",
        ] {
            assert_eq!(trim(t), t.trim(), "{t:?}");
        }
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
