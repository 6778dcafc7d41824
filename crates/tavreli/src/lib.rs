//! Tavreli (таврели, "русские шахматы"): chess whose captured men stay on the
//! board under their captor, forming towers. This crate is the rule set of
//! `docs/tavreli-rules.md` (every §8 resolution adopted), its
//! notation, position text, PGN and a computer opponent. Its words for
//! people (towers and moves described, answers to position commands, the
//! reader's reasons in English, Russian and German) are the words crate's
//! (`arbiter-notation`, its `tavreli` module).
//!
//! The Laws of Chess (clocks, claims, penalties, repetition, the 50-move rule)
//! come from `arbiter-laws` through [`Tavreli`]'s [`RuleSet`] implementation;
//! nothing in the Laws layer knows about towers.
//!
//! Making a tower move and printing the position: a ratnik steps forward, the
//! black knyaz lands on his own ratnik and the two stand as one tower (§3
//! point 2):
//!
//! ```
//! use arbiter_tavreli::{board::Position, fen, notation::parse_move};
//!
//! let mut pos = Position::initial();
//! for token in ["e2-e3", "d8-d7"] {
//!     // the federation's notation (§5); an illegal token is an error naming why
//!     let (mv, _) = parse_move(&pos, token).unwrap();
//!     pos.make(mv);
//! }
//! let d7 = arbiter_tavreli::notation::parse_square("d7").unwrap();
//! assert_eq!(pos.height(d7), 2); // the knyaz stands on his ratnik: a tower of two
//!
//! // The position text (docs/tavreli-position.md): a stack in parentheses,
//! // bottom first; a ratnik with its promotion mark (`pq`: it becomes a knyaz).
//! assert_eq!(
//!     fen::to_text(&pos),
//!     "rnb1kbnr/prpnpb(pqq)phpbpnpr/8/8/8/4PH3/PRPNPBPQ1PBPNPR/RNBQKBNR w KQkq - 0 2"
//! );
//! // The tower in words, for a screen reader, is the words crate's
//! // (`arbiter_notation::tavreli::speech::tower`).
//! ```
//!
//! Squares are `u8` indices, 0 = a1 … 63 = h8 (rank × 8 + file). A player's
//! text (moves, position texts, PGN) is read into typed errors
//! ([`NotationError`], [`PositionError`], [`pgn::PgnError`]) that name the
//! token and the reason.
//!
//! Rule citations in comments: `§3.3` and `§8 Q16` refer to tavreli-rules.md sections,
//! `L-9.2` to the Laws catalogue.

#![warn(missing_docs)]

pub mod audit;
pub mod board;
pub mod fen;
pub mod names;
pub mod notation;
pub mod pgn;
pub mod queries;
pub mod search;

pub use board::{Kind, ManInfo, Move, MoveKind, Position, Undo};
pub use fen::PositionError;
pub use notation::NotationError;

use arbiter_laws::{Mateability, MoveInput, MoveSquares, RuleSet, Status, TouchRole, TouchedMan};
use arbiter_rules::{Side, Variant};

/// The edition of the Laws a Tavreli game is judged by unless the organiser
/// chooses a FIDE edition: the Tavreli rules (the tournament rules
/// of the Tavreli book, articles 4–10, docs/tavreli-rules.md §10).
pub const EDITION: arbiter_rules::Edition = arbiter_rules::Edition::Tavreli;

/// The time control a Tavreli game is offered by default (`arbiter play
/// --variant tavreli`): 90 minutes with a 30-second delay per move. Art. 6.2 of the
/// Tavreli rules makes the per-move time of an electronic clock a delay (`d`):
/// the main time falls only after it is spent, and what is left of it is not
/// banked. The Tavreli rules give no figures; these are the usual standard-play
/// ones, and a 30 s addition also keeps the 8.4 recording duty in force.
pub fn default_time_control() -> &'static str {
    "5400d30"
}

/// The Tavreli rule set with its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tavreli {
    /// §8 Q15: the 50-move rule (no ratnik move and no move onto an occupied
    /// square for 50 moves by each side). It rests on one book excerpt only,
    /// so it is a setting; on by default because §8 adopts it.
    pub fifty_move_rule: bool,
}

impl Default for Tavreli {
    fn default() -> Self {
        Tavreli {
            fifty_move_rule: true,
        }
    }
}

/// "The same position" for repetition (§8 Q16, L-9.2b): every stack bottom to
/// top with owner, kind, ratnik mark and promoted flag; the side to move;
/// castling rights; en passant only when a capture is possible; and each
/// ratnik's double-step right (a ratnik can return to its start square in a
/// tower, so unlike chess this is not implied by the squares).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Identity {
    stacks: Vec<u8>,
    side: Side,
    castling: [bool; 4],
    ep: Option<u8>,
}

/// The identity of a position (free function so the opponent and tests can use it).
pub fn identity(pos: &Position) -> Identity {
    let mut stacks = Vec::with_capacity(96);
    for sq in 0..64u8 {
        let st = pos.stack(sq);
        stacks.push(st.len() as u8);
        for m in st {
            let code = match m.mark {
                Some(mark) => {
                    0x40 | (m.promoted as u8) << 5
                        | ((!m.moved && !m.promoted) as u8) << 4
                        | mark as u8
                }
                None => m.kind as u8,
            };
            stacks.push(code | (m.side.index() as u8) << 7);
        }
    }
    // castling rights as the position text writes them (docs/tavreli-position.md)
    let right = |side: u32, rook: u32| {
        let volkhv_home = pos.volkhv_square(if side == 0 { Side::White } else { Side::Black })
            == Some(if side == 0 { 4 } else { 60 });
        volkhv_home
            && pos.moved >> (side * 16 + 4) & 1 == 0
            && pos.moved >> (side * 16 + rook) & 1 == 0
    };
    let castling = [right(0, 7), right(0, 0), right(1, 7), right(1, 0)];
    let ep = pos.ep_square().filter(|_| {
        let mut p = pos.clone();
        p.legal_moves()
            .iter()
            .any(|m| m.kind() == MoveKind::EnPassant)
    });
    Identity {
        stacks,
        side: pos.side_to_move(),
        castling,
        ep,
    }
}

/// Whether a move resets the 50-move count (§8 Q15): the lifted group is
/// topped by an unpromoted ratnik, or the move lands on an occupied square.
/// Castling lands on empty squares and resets nothing.
pub fn is_zeroing(pos: &Position, mv: Move) -> bool {
    if mv.kind() == MoveKind::Castle {
        return false;
    }
    let lands_on_man = pos.height(mv.to()) > 0;
    let ratnik = pos
        .top_man(mv.from())
        .is_some_and(|m| m.kind == Kind::Ratnik);
    lands_on_man || ratnik
}

/// Whether a move resets the FIDE 9.3 count read with Tavreli's words: the
/// lifted group is topped by an unpromoted ratnik (a "pawn move"), or it
/// lands on a stack topped by an enemy man (a capture). A step onto one's
/// own men is neither; [`builds_tower`] tells it apart.
pub fn is_pawn_move_or_capture(pos: &Position, mv: Move) -> bool {
    if mv.kind() == MoveKind::Castle {
        return false;
    }
    let Some(mover) = pos.top_man(mv.from()) else {
        return false;
    };
    let captures = mv.kind() == MoveKind::EnPassant
        || pos.top_man(mv.to()).is_some_and(|t| t.side != mover.side);
    mover.kind == Kind::Ratnik || captures
}

/// Whether a move builds a new tower (the Tavreli rules, art. 5.5, 9.3): it lands on
/// a square where men already stand, own or enemy. Castling lands on empty
/// squares; en passant lands on the empty square passed over and is a
/// ratnik move in any case.
pub fn builds_tower(pos: &Position, mv: Move) -> bool {
    mv.kind() != MoveKind::Castle && pos.height(mv.to()) > 0
}

impl RuleSet for Tavreli {
    type Position = Position;
    type Move = Move;
    type Identity = Identity;

    fn variant(&self) -> Variant {
        Variant::Tavreli
    }

    fn initial_position(&self) -> Position {
        Position::initial()
    }

    type PositionError = fen::PositionError;

    fn parse_position(&self, text: &str) -> Result<Position, fen::PositionError> {
        fen::parse(text)
    }

    fn position_text(&self, pos: &Position) -> String {
        fen::to_text(pos)
    }

    fn turn(&self, pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn fullmove_number(&self, pos: &Position) -> u32 {
        pos.fullmove()
    }

    fn parse_move(&self, pos: &Position, text: &str) -> MoveInput<Move> {
        match notation::parse_move(pos, text) {
            Ok((m, _)) => MoveInput::Legal(m),
            Err(NotationError::Malformed {
                token,
                problem,
                column,
            }) => MoveInput::Malformed {
                reason: format!("`{token}`: {problem}"),
                column,
            },
            Err(NotationError::Illegal { token, reason }) => MoveInput::Illegal {
                reason: format!("`{token}`: {reason}"),
            },
        }
    }

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        pos.clone().legal_moves()
    }

    fn play(&self, pos: &mut Position, mv: &Move) {
        pos.make(*mv);
    }

    fn move_text(&self, pos: &Position, mv: &Move) -> String {
        notation::move_text(pos, *mv)
    }

    /// The federation notation without marks (`e2(1)-c3`, `0-0`): it is
    /// already unambiguous and machine-readable.
    fn move_uci(&self, pos: &Position, mv: &Move) -> String {
        notation::move_plain(pos, *mv)
    }

    fn is_check(&self, pos: &Position) -> bool {
        pos.in_check()
    }

    fn status(&self, pos: &Position) -> Status {
        let mut p = pos.clone();
        if p.has_legal_move() {
            Status::Ongoing
        } else if p.in_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// The FIDE reading (a ratnik move or a capture); under the Tavreli
    /// rules the Laws add [`builds_tower`] to it, which gives §8 Q15.
    fn is_zeroing(&self, pos: &Position, mv: &Move) -> bool {
        is_pawn_move_or_capture(pos, *mv)
    }

    fn builds_tower(&self, pos: &Position, mv: &Move) -> bool {
        builds_tower(pos, *mv)
    }

    /// Never: a captor can step back off the tower it built, a carried
    /// ratnik can be carried back, so no Tavreli move rules out an earlier
    /// position coming back (L-9.2, §8 Q16).
    fn is_irreversible(&self, _pos: &Position, _mv: &Move) -> bool {
        false
    }

    fn identity(&self, pos: &Position) -> Identity {
        identity(pos)
    }

    /// Conservative (§8 Q17: no insufficient-material rule): a side can mate
    /// unless it has no man at all besides its volkhv, buried men included
    /// (a buried man can be freed when the tower above it splits).
    fn mateability(&self, pos: &Position, side: Side) -> Mateability {
        let own_men = (0..64u8)
            .flat_map(|sq| pos.stack(sq))
            .filter(|m| m.side == side && m.kind != Kind::Volkhv)
            .count();
        if own_men == 0 {
            Mateability::Impossible
        } else {
            Mateability::Possible
        }
    }

    fn has_move_count_rules(&self) -> bool {
        self.fifty_move_rule
    }

    fn halfmove_clock(&self, pos: &Position) -> u32 {
        pos.halfmove_clock()
    }

    /// An illegal move that stands (L-A.5.2): the top `n` men are lifted and
    /// put on the target square as written, whatever their kind allows.
    /// `None` when the text names no own stack, lifts more men than it has,
    /// lands on a volkhv (a man on a volkhv cannot be represented, §3 point 2)
    /// or leaves the mover's volkhv attacked (it could never be answered).
    fn square_key(&self, text: &str) -> Option<String> {
        notation::parse_square(text.trim()).map(board::square_name)
    }

    /// Men are counted from the top of the stack (1 = the top man), as
    /// the touch event's `man` counts them.
    fn touched_man(&self, pos: &Position, square: &str, man: u32) -> Option<TouchedMan> {
        let sq = notation::parse_square(square)?;
        let stack = pos.stack(sq);
        let depth = usize::try_from(man).ok().filter(|&m| m >= 1)?;
        let m = stack.get(stack.len().checked_sub(depth)?)?;
        Some(TouchedMan {
            owner: m.side,
            role: match m.kind {
                Kind::Volkhv => TouchRole::King,
                Kind::Ratoborets => TouchRole::Rook,
                _ => TouchRole::Other,
            },
        })
    }

    fn move_squares(&self, pos: &Position, mv: &Move) -> Option<MoveSquares> {
        let (from, to) = (mv.from(), mv.to());
        let mover = pos.top_man(from)?.side;
        let enemy_on = |sq: u8| pos.top_man(sq).filter(|m| m.side != mover).map(|_| sq);
        let (captures, rook) = match mv.kind() {
            // §3.2: the ratnik that double-stepped is the one taken.
            MoveKind::EnPassant => {
                let victim = if mover == Side::White { to - 8 } else { to + 8 };
                (Some(victim), None)
            }
            // §3.1: the ratoborets of the side the volkhv goes to.
            MoveKind::Castle => (None, Some(if to > from { from + 3 } else { from - 4 })),
            _ => (enemy_on(to), None),
        };
        Some(MoveSquares {
            from: board::square_name(from),
            to: board::square_name(to),
            men: u32::from(mv.count()),
            captures: captures.map(board::square_name),
            rook: rook.map(board::square_name),
        })
    }

    fn unlawful_from_to(&self, _pos: &Position, text: &str) -> Option<(String, String)> {
        // The squares the text names, first and last ("g1-g5", "a1:a3").
        let chars: Vec<char> = text.trim().chars().collect();
        let squares: Vec<u8> = chars
            .windows(2)
            .filter_map(|w| notation::parse_square(&w.iter().collect::<String>()))
            .collect();
        match squares.as_slice() {
            [from, .., to] => Some((board::square_name(*from), board::square_name(*to))),
            _ => None,
        }
    }

    fn play_unlawful(&self, pos: &Position, text: &str) -> Option<Position> {
        let tok = notation::parse_token(text).ok()?;
        let notation::MoveSyntax::Move { from, count, to } = tok.syntax else {
            return None;
        };
        let h = pos.height(from);
        let top = pos.top_man(from)?;
        let k = count.unwrap_or(h as u8);
        if top.side != pos.side_to_move()
            || k as usize > h
            || pos.top_man(to).is_some_and(|t| t.kind == Kind::Volkhv)
        {
            return None;
        }
        let mut p = pos.clone();
        p.make(Move::new(from, to, k, MoveKind::Normal));
        let us = pos.side_to_move();
        let ks = p.volkhv_square(us)?;
        (!p.is_attacked(ks, us.other())).then_some(p)
    }
}
