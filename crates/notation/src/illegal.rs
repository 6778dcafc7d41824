//! Why a well-formed move is illegal, typed, and its words in en, ru, de:
//! a blind player who typed `e4-e6` hears "that piece cannot move there",
//! not only "illegal move".
//!
//! The reason is found from the reading of the text (piece, departure
//! squares given, arrival) and the position, by the movement rules of
//! FIDE Laws 2023, Article 3: no man of the player's on the departure
//! square, no such man at all, the arrival square held by his own man, a
//! move the man cannot make (3.2–3.7), or one that would leave or place
//! his own king in check (3.9), or castling that is not allowed (3.8.2).

use shakmaty::{Bitboard, Chess, Color, Piece, Position, Role, Square, attacks};

use crate::Lang;
use crate::pattern::{Pattern, RoleSpec};

/// Why no legal move fits a well-formed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalWhy {
    /// The departure square given is empty.
    NoPiece(Square),
    /// The man on the departure square is the opponent's.
    NotYours(Square),
    /// The player has no man of that kind that could be meant.
    NoSuchPiece(Role),
    /// The arrival square holds one of the player's own men.
    OwnPieceThere(Square),
    /// No man of the kind named moves that way (Article 3.2–3.7).
    CannotMoveThere,
    /// The move would leave or place the player's own king in check (3.9).
    KingInCheck,
    /// Castling is not allowed now (3.8.2: the king or rook has moved, the
    /// king is in check, passes or lands on an attacked square, or a man
    /// stands between).
    CastlingNotAllowed,
}

/// Why the reading `p` fits no legal move in `pos`.
pub(crate) fn why_illegal(pos: &Chess, p: &Pattern) -> IllegalWhy {
    if p.castle.is_some() {
        return IllegalWhy::CastlingNotAllowed;
    }
    let board = pos.board();
    let us = pos.turn();
    if let (Some(f), Some(r)) = (p.from_file, p.from_rank) {
        let sq = Square::from_coords(f, r);
        match board.piece_at(sq) {
            None => return IllegalWhy::NoPiece(sq),
            Some(piece) if piece.color != us => return IllegalWhy::NotYours(sq),
            Some(_) => {}
        }
    }
    let Some(to) = p.to else {
        return IllegalWhy::CannotMoveThere;
    };
    let movers: Vec<Square> = board
        .by_color(us)
        .into_iter()
        .filter(|&sq| {
            let role = board.role_at(sq);
            let named = match p.role {
                RoleSpec::Is(r) => role == Some(r),
                RoleSpec::Any => true,
            };
            named
                && p.from_file.is_none_or(|f| f == sq.file())
                && p.from_rank.is_none_or(|r| r == sq.rank())
        })
        .collect();
    if movers.is_empty() {
        return match p.role {
            RoleSpec::Is(r) => IllegalWhy::NoSuchPiece(r),
            RoleSpec::Any => IllegalWhy::CannotMoveThere,
        };
    }
    if board.color_at(to) == Some(us) {
        return IllegalWhy::OwnPieceThere(to);
    }
    let geometric = movers.iter().any(|&from| {
        board
            .piece_at(from)
            .is_some_and(|piece| reaches(pos, piece, from, to))
    });
    if geometric {
        IllegalWhy::KingInCheck
    } else {
        IllegalWhy::CannotMoveThere
    }
}

/// Whether `piece` on `from` could go to `to` by its movement alone
/// (Article 3.2–3.7), the king's safety aside.
fn reaches(pos: &Chess, piece: Piece, from: Square, to: Square) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    if piece.role != Role::Pawn {
        return attacks::attacks(from, piece, occupied).contains(to);
    }
    let them: Bitboard = board.by_color(!piece.color);
    let ep = pos
        .maybe_ep_square()
        .map_or(Bitboard::EMPTY, Bitboard::from);
    if attacks::pawn_attacks(piece.color, from).intersects((them | ep) & Bitboard::from(to)) {
        return true;
    }
    let dir = if piece.color == Color::White { 8 } else { -8 };
    let one = from.offset(dir);
    if one == Some(to) {
        return !occupied.contains(to);
    }
    let start = from.rank()
        == match piece.color {
            Color::White => shakmaty::Rank::Second,
            Color::Black => shakmaty::Rank::Seventh,
        };
    start
        && one.is_some_and(|o| !occupied.contains(o))
        && one.and_then(|o| o.offset(dir)) == Some(to)
        && !occupied.contains(to)
}

/// The reason in `lang`, as a clause after «Невозможный ход…: "e4-e6"».
pub fn illegal_why_text(why: IllegalWhy, lang: Lang) -> String {
    use IllegalWhy::*;
    match (why, lang) {
        (NoPiece(s), Lang::En) => format!("there is no piece on {s}"),
        (NoPiece(s), Lang::Ru) => format!("на {s} нет фигуры"),
        (NoPiece(s), Lang::De) => format!("auf {s} steht keine Figur"),
        (NotYours(s), Lang::En) => format!("the piece on {s} is your opponent's"),
        (NotYours(s), Lang::Ru) => format!("на {s} фигура соперника"),
        (NotYours(s), Lang::De) => format!("auf {s} steht eine Figur des Gegners"),
        (NoSuchPiece(r), _) => no_such_piece(r, lang),
        (OwnPieceThere(s), Lang::En) => format!("your own piece stands on {s}"),
        (OwnPieceThere(s), Lang::Ru) => format!("на {s} стоит ваша фигура"),
        (OwnPieceThere(s), Lang::De) => format!("auf {s} steht eine eigene Figur"),
        (CannotMoveThere, Lang::En) => "that piece cannot move there".into(),
        (CannotMoveThere, Lang::Ru) => "эта фигура так не ходит".into(),
        (CannotMoveThere, Lang::De) => "diese Figur kann nicht dorthin ziehen".into(),
        (KingInCheck, Lang::En) => "your king would be in check".into(),
        (KingInCheck, Lang::Ru) => "ваш король оказался бы под шахом".into(),
        (KingInCheck, Lang::De) => "Ihr König stünde im Schach".into(),
        (CastlingNotAllowed, Lang::En) => "castling is not allowed now".into(),
        (CastlingNotAllowed, Lang::Ru) => "рокировка сейчас невозможна".into(),
        (CastlingNotAllowed, Lang::De) => "die Rochade ist jetzt nicht erlaubt".into(),
    }
}

fn no_such_piece(r: Role, lang: Lang) -> String {
    let (en, ru, de) = match r {
        Role::King => ("king", "короля, который мог", "keinen König, der"),
        Role::Queen => ("queen", "ферзя, который мог", "keine Dame, die"),
        Role::Rook => ("rook", "ладьи, которая могла", "keinen Turm, der"),
        Role::Bishop => ("bishop", "слона, который мог", "keinen Läufer, der"),
        Role::Knight => ("knight", "коня, который мог", "keinen Springer, der"),
        Role::Pawn => ("pawn", "пешки, которая могла", "keinen Bauern, der"),
    };
    match lang {
        Lang::En => format!("you have no {en} that could make this move"),
        Lang::Ru => format!("у вас нет {ru} бы так пойти"),
        Lang::De => format!("Sie haben {de} diesen Zug machen könnte"),
    }
}
