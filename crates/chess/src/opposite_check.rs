//! The one position shakmaty cannot hold: the side NOT to move is in check.
//!
//! In reduced supervision a move that left the mover's own king in check
//! and that nobody claimed before the opponent moved *stands*, and the game
//! goes on from the position as it stands (L-A.5.2, the Laws 2017, A.4.2). The
//! opponent then moves while the mover's king is attacked. shakmaty refuses
//! to build such a position (its `OPPOSITE_CHECK` cannot be ignored), so this
//! module judges it from the raw [`Setup`] with shakmaty's public attack
//! tables only: the moves of the pieces (Art. 3), castling by its conditions
//! (Art. 3.8.2), and the rule that a move must not leave one's own king
//! attacked (Art. 3.9).
//!
//! Capturing the opponent's king is not a move of chess (the king is never
//! captured, Art. 1.2 and 3.9): it is never listed, and the text of such a
//! capture is refused with that reason — the player may claim the illegal
//! move instead, or the arbiter steps in.
//!
//! The judge works for any set-up with one king a side; it is used only
//! until the next move makes the position one shakmaty holds again.

use shakmaty::attacks::{attacks, between, king_attacks, pawn_attacks};
use shakmaty::zobrist::{Zobrist128, ZobristValue};
use shakmaty::{Bitboard, CastlingSide, Color, File, Move, Piece, Rank, Role, Setup, Square};

/// The file of the rook a king castles with (standard chess only).
fn rook_file(side: CastlingSide) -> File {
    match side {
        CastlingSide::KingSide => File::H,
        CastlingSide::QueenSide => File::A,
    }
}

/// Whether `color`'s king stands attacked on `board`.
pub(crate) fn king_attacked(board: &shakmaty::Board, color: Color) -> bool {
    board
        .king_of(color)
        .is_some_and(|k| board.attacks_to(k, !color, board.occupied()).any())
}

/// The squares of the opponent's king: no man may move there (see the
/// module comment).
fn their_king(s: &Setup) -> Bitboard {
    s.board.kings() & s.board.by_color(!s.turn)
}

/// The legal moves of the side to move (Art. 3, 3.9), never a capture of
/// the opponent's king.
pub(crate) fn legal_moves(s: &Setup) -> Vec<Move> {
    let mut moves = Vec::new();
    pseudo_legal(s, &mut moves);
    castling(s, &mut moves);
    moves.retain(|m| !king_attacked(&play(s, m).board, s.turn));
    moves
}

fn push_pawn_move(moves: &mut Vec<Move>, s: &Setup, from: Square, to: Square) {
    let capture = s.board.role_at(to);
    if to.rank() == (!s.turn).backrank() {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            moves.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: Some(role),
            });
        }
    } else {
        moves.push(Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion: None,
        });
    }
}

fn pawn_moves(s: &Setup, from: Square, moves: &mut Vec<Move>) {
    let us = s.turn;
    let board = &s.board;
    let occupied = board.occupied();
    let step = us.fold_wb(8, -8);
    if let Some(one) = from.offset(step)
        && !occupied.contains(one)
    {
        push_pawn_move(moves, s, from, one);
        let start = us.fold_wb(Rank::Second, Rank::Seventh);
        if from.rank() == start
            && let Some(two) = one.offset(step)
            && !occupied.contains(two)
        {
            push_pawn_move(moves, s, from, two);
        }
    }
    let targets = pawn_attacks(us, from) & board.by_color(!us) & !their_king(s);
    for to in targets {
        push_pawn_move(moves, s, from, to);
    }
    // En passant: the square passed over by a pawn that just moved two.
    if let Some(ep) = s.ep_square
        && pawn_attacks(us, from).contains(ep)
        && !occupied.contains(ep)
        && board.piece_at(Square::from_coords(ep.file(), from.rank()))
            == Some(Piece {
                color: !us,
                role: Role::Pawn,
            })
    {
        moves.push(Move::EnPassant { from, to: ep });
    }
}

fn pseudo_legal(s: &Setup, moves: &mut Vec<Move>) {
    let board = &s.board;
    let ours = board.by_color(s.turn);
    let occupied = board.occupied();
    for from in ours {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        if piece.role == Role::Pawn {
            pawn_moves(s, from, moves);
            continue;
        }
        let targets = match piece.role {
            Role::King => king_attacks(from),
            _ => attacks(from, piece, occupied),
        } & !ours
            & !their_king(s);
        for to in targets {
            moves.push(Move::Normal {
                role: piece.role,
                from,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
    }
}

/// Castling (Art. 3.8.2): the right is kept, the king and that rook stand
/// on their first squares, the squares between them are empty, and the
/// king is not in check and neither passes nor lands on an attacked square.
fn castling(s: &Setup, moves: &mut Vec<Move>) {
    let us = s.turn;
    let board = &s.board;
    let back = us.backrank();
    let Some(king) = board.king_of(us) else {
        return;
    };
    if king != Square::from_coords(File::E, back) || king_attacked(board, us) {
        return;
    }
    let occupied = board.occupied();
    let rooks = s.castling_rights & Bitboard::from_rank(back) & board.rooks() & board.by_color(us);
    for rook in rooks {
        let side = if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        if rook.file() != rook_file(side) || (between(king, rook) & occupied).any() {
            continue;
        }
        let king_to = Square::from_coords(side.king_to_file(), back);
        let path = between(king, king_to).with(king_to);
        if path
            .into_iter()
            .all(|sq| board.attacks_to(sq, !us, occupied).is_empty())
        {
            moves.push(Move::Castle { king, rook });
        }
    }
}

/// The set-up after `mv` (trusted to be a move of the side to move): the
/// men, castling rights, en passant square, both counters and the turn.
pub(crate) fn play(s: &Setup, mv: &Move) -> Setup {
    let us = s.turn;
    let mut n = s.clone();
    n.ep_square = None;
    match *mv {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            n.board.discard_piece_at(from);
            n.board.set_piece_at(
                to,
                Piece {
                    color: us,
                    role: promotion.unwrap_or(role),
                },
            );
            n.castling_rights = n.castling_rights.without(from).without(to);
            if role == Role::King {
                n.castling_rights &= !Bitboard::from_rank(us.backrank());
            }
            if role == Role::Pawn && from.rank().distance(to.rank()) == 2 {
                n.ep_square = from.offset(us.fold_wb(8, -8));
            }
        }
        Move::EnPassant { from, to } => {
            n.board.discard_piece_at(from);
            n.board
                .discard_piece_at(Square::from_coords(to.file(), from.rank()));
            n.board.set_piece_at(to, Role::Pawn.of(us));
        }
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            let back = us.backrank();
            n.board.discard_piece_at(king);
            n.board.discard_piece_at(rook);
            n.board.set_piece_at(
                Square::from_coords(side.king_to_file(), back),
                Role::King.of(us),
            );
            n.board.set_piece_at(
                Square::from_coords(side.rook_to_file(), back),
                Role::Rook.of(us),
            );
            n.castling_rights &= !Bitboard::from_rank(back);
        }
        Move::Put { .. } => {}
    }
    n.halfmoves = if mv.is_zeroing() {
        0
    } else {
        n.halfmoves.saturating_add(1)
    };
    if us == Color::Black {
        n.fullmoves = n.fullmoves.saturating_add(1);
    }
    n.turn = !us;
    n
}

/// The castling rights that can still be used some day: the king on its
/// first square and the rook in its corner (standard chess).
pub(crate) fn valid_castling_rights(s: &Setup) -> Bitboard {
    let mut rights = Bitboard::EMPTY;
    for color in Color::ALL {
        let back = color.backrank();
        let king = Square::from_coords(File::E, back);
        if s.board.piece_at(king) != Some(Role::King.of(color)) {
            continue;
        }
        for side in CastlingSide::ALL {
            let rook = Square::from_coords(rook_file(side), back);
            if s.castling_rights.contains(rook)
                && s.board.piece_at(rook) == Some(Role::Rook.of(color))
            {
                rights = rights.with(rook);
            }
        }
    }
    rights
}

/// FIDE identity (L-9.2a) by the very Zobrist keys shakmaty uses for the
/// positions it holds: the men, the side to move, the castling rights and
/// the en passant file only when an en passant capture is legal.
pub(crate) fn identity(s: &Setup) -> u128 {
    let mut z = Zobrist128::default();
    for (sq, piece) in &s.board {
        z ^= Zobrist128::zobrist_for_piece(sq, piece);
    }
    if s.turn == Color::White {
        z ^= Zobrist128::zobrist_for_white_turn();
    }
    for rook in valid_castling_rights(s) {
        let color = if rook.rank() == Rank::First {
            Color::White
        } else {
            Color::Black
        };
        let side = if rook.file() == File::H {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        z ^= Zobrist128::zobrist_for_castling_right(color, side);
    }
    if let Some(ep) = s.ep_square
        && legal_moves(s)
            .iter()
            .any(|m| matches!(m, Move::EnPassant { .. }))
    {
        z ^= Zobrist128::zobrist_for_en_passant_file(ep.file());
    }
    z.0
}

/// Standard Algebraic Notation of a legal move (Appendix C), with `+` or `#`
/// by the position it leaves. Written here because shakmaty's SAN needs a
/// position it can hold.
pub(crate) fn san(s: &Setup, mv: &Move) -> String {
    let legal = legal_moves(s);
    let mut t = match *mv {
        Move::Castle { king, rook } => {
            if rook.file() > king.file() {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        Move::EnPassant { from, to } => format!("{}x{to}", from.file().char()),
        Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion,
        } => {
            let mut t = String::new();
            if capture.is_some() {
                t.push(from.file().char());
                t.push('x');
            }
            t.push_str(&to.to_string());
            if let Some(p) = promotion {
                t.push('=');
                t.push(p.upper_char());
            }
            t
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            ..
        } => {
            let rivals: Vec<Square> = legal
                .iter()
                .filter(|m| m.role() == role && m.to() == to && m.from() != Some(from))
                .filter_map(|m| m.from())
                .collect();
            let mut t = role.upper_char().to_string();
            if !rivals.is_empty() {
                if rivals.iter().all(|r| r.file() != from.file()) {
                    t.push(from.file().char());
                } else if rivals.iter().all(|r| r.rank() != from.rank()) {
                    t.push(from.rank().char());
                } else {
                    t.push_str(&from.to_string());
                }
            }
            if capture.is_some() {
                t.push('x');
            }
            t.push_str(&to.to_string());
            t
        }
        Move::Put { .. } => String::new(),
    };
    let after = play(s, mv);
    if king_attacked(&after.board, after.turn) {
        t.push(if legal_moves(&after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    t
}

/// Whether `to` holds the king of the side not to move (a capture of it is
/// refused, see the module comment).
pub(crate) fn is_king_square(s: &Setup, to: Square) -> bool {
    their_king(s).contains(to)
}

/// The legal move that a SAN text names, matched leniently on the capture
/// mark (`Nf3` and `Nxf3` alike), as a reader of a scoresheet would.
pub(crate) fn san_matches(san: &shakmaty::san::San, mv: &Move) -> bool {
    use shakmaty::san::San;
    match *san {
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            let promo_ok = match mv {
                Move::Normal { promotion: p, .. } => *p == promotion,
                _ => promotion.is_none(),
            };
            mv.role() == role
                && !mv.is_castle()
                && mv.to() == to
                && promo_ok
                && mv.from().is_some_and(|f| {
                    file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
                })
        }
        San::Castle(side) => mv.castling_side() == Some(side),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
    use std::process::Command;

    fn setup(fen: &str) -> Setup {
        fen.parse::<Fen>().expect("FEN").into_setup()
    }

    fn ucis(s: &Setup) -> Vec<String> {
        let mut v: Vec<String> = legal_moves(s)
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        v.sort();
        v
    }

    /// The python-chess oracle (scripts/setup.sh puts it in `.venv`).
    fn python() -> std::path::PathBuf {
        let venv = std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../.venv/bin/python3"
        ));
        if venv.exists() {
            venv
        } else {
            "python3".into()
        }
    }

    /// Art. 3 and 3.9 against python-chess on positions made by a random
    /// king-exposing move after a random game: the same legal replies (no
    /// capture of the king) and the same SAN for each.
    #[test]
    fn replies_agree_with_python_chess() {
        let script = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/oracle/opposite_check.py"
        );
        let out = Command::new(python())
            .args([script, "400", "8"])
            .output()
            .expect("python3 must be installed (scripts/setup.sh)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let (mut positions, mut ep, mut castles) = (0, 0, 0);
        for line in text.lines() {
            let (fen, replies): (String, Vec<(String, String)>) =
                serde_json::from_str(line).expect("oracle line");
            let s = setup(&fen);
            assert!(
                king_attacked(&s.board, !s.turn),
                "{fen}: not an exposed king"
            );
            let expected: Vec<String> = replies.iter().map(|(u, _)| u.clone()).collect();
            assert_eq!(ucis(&s), expected, "{fen}");
            for m in legal_moves(&s) {
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                let want = &replies.iter().find(|(u, _)| *u == uci).expect("listed").1;
                assert_eq!(&san(&s, &m), want, "{fen} {uci}");
                ep += usize::from(matches!(m, Move::EnPassant { .. }));
                castles += usize::from(m.is_castle());
            }
            positions += 1;
        }
        assert_eq!(positions, 403);
        assert!(
            ep >= 2 && castles >= 2,
            "{ep} en passant, {castles} castlings"
        );
        eprintln!("{positions} positions, {ep} en passant and {castles} castling replies");
    }

    /// In positions shakmaty holds, the judge is shakmaty's move generator
    /// and the identity is shakmaty's Zobrist key (L-9.2a), so repetition
    /// counts run on across the exposed position and back.
    #[test]
    fn agrees_with_shakmaty_where_it_can_hold_the_position() {
        for fen in [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/P7/8/8/8/8/6k1/K7 w - - 0 1",
        ] {
            let s = setup(fen);
            let pos: Chess = s.clone().position(CastlingMode::Standard).expect("legal");
            let mut theirs: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
            theirs.sort();
            assert_eq!(ucis(&s), theirs, "{fen}");
            let z: Zobrist128 = pos.zobrist_hash(EnPassantMode::Legal);
            assert_eq!(identity(&s), z.0, "{fen}");
            for m in pos.legal_moves() {
                let after: Chess = pos.clone().play(m).expect("legal");
                let z: Zobrist128 = after.zobrist_hash(EnPassantMode::Legal);
                assert_eq!(identity(&play(&s, &m)), z.0, "{fen} {m}");
                let want = shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string();
                assert_eq!(san(&s, &m), want, "{fen} {m}");
            }
        }
    }

    /// Castling (3.8.2) is refused when the king would pass an attacked
    /// square, and a capture of the exposed king is never a move.
    #[test]
    fn castling_conditions_and_no_king_capture() {
        // Black's king on e8 stands open to the queen on h5 and White is to
        // move: White castles either way, but never takes the king.
        let s = setup("r3k2r/8/8/7Q/8/8/8/R3K2R w KQkq - 0 1");
        assert!(!king_attacked(&s.board, Color::White));
        let all = ucis(&s);
        assert!(all.contains(&"e1g1".to_string()) && all.contains(&"e1c1".to_string()));
        assert!(
            !all.iter().any(|u| u.ends_with("e8")),
            "the king is never captured"
        );
        // A black rook on f2 guards f1: castling short passes an attacked
        // square; long castling stays (b1 may be attacked, the king does not
        // pass it).
        let s = setup("r3k2r/8/8/7Q/8/8/5r2/R3K2R w KQkq - 0 1");
        assert!(!ucis(&s).contains(&"e1g1".to_string()));
        let s = setup("r3k2r/8/8/7Q/8/8/1r6/R3K2R w KQkq - 0 1");
        assert!(ucis(&s).contains(&"e1c1".to_string()));
        assert!(is_king_square(&s, Square::E8));
    }
}
