//! The seam between the Laws and the game being played.
//!
//! The Laws of Chess (claims, offers, penalties, clocks, the log) speak of
//! positions, moves and "the same position" without caring how men move.
//! [`RuleSet`] is everything the Laws layer asks of a game: standard chess
//! implements it over shakmaty (the `arbiter-chess` crate), and Tavreli, whose men
//! stack into towers, implements it in its own crate. Nothing in the Laws layer
//! names a shakmaty type, so a variant never needs a special case there.

use arbiter_rules::{Side, Variant};
use std::fmt;
use std::hash::Hash;

/// How a move given as text relates to the position (L-7.5).
///
/// A move the player could physically make but the rules forbid is *illegal*:
/// the Laws punish it, they do not ignore it. Text that names no move at all
/// is *malformed*: that is bad input and is rejected with a reason.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveInput<M> {
    /// A legal move.
    Legal(M),
    /// A well-formed move that the rules forbid in this position.
    Illegal {
        /// Why the rules forbid it, in English.
        reason: String,
    },
    /// Text that is not a move in any notation the rule set reads, or that is
    /// ambiguous. `column` is the 0-based character offset of the problem.
    Malformed {
        /// What is wrong with the text, in English.
        reason: String,
        /// 0-based character offset of the problem in the text.
        column: usize,
    },
}

/// Whether a side can still checkmate "by any series of legal moves" (L-5.2b,
/// L-6.9, L-9.6a). The static analysis is sound but incomplete, so it may answer
/// `Unknown`; the Laws then treat the side as able to mate, and an arbiter
/// may decide otherwise (catalogue \[AUTO*\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mateability {
    /// The side has a mating sequence, or the analysis cannot rule one out.
    Possible,
    /// No series of legal moves lets this side checkmate.
    Impossible,
}

/// The status of a position on its own, before any claim or clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is checkmated (L-5.1a).
    Checkmate,
    /// The side to move is stalemated (L-5.2a).
    Stalemate,
}

/// What a touched man is, as far as Art. 4 cares: whose, and whether it
/// is the king or a rook (castling, L-4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TouchedMan {
    /// The man's owner.
    pub owner: Side,
    /// King, rook or any other man.
    pub role: TouchRole,
}

/// The part a touched man may play in castling (L-4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchRole {
    /// The king (Tavreli: the volkhv).
    King,
    /// A rook (Tavreli: a ratoborets).
    Rook,
    /// Any other man.
    Other,
}

/// The squares a move concerns, for Art. 4: where its man stood and goes,
/// how many men it lifts (Tavreli towers; 1 in chess), the man it captures
/// and, for castling, the rook's square. Squares are written as
/// [`RuleSet::square_key`] writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSquares {
    /// The square of the man moved (for castling, the king's).
    pub from: String,
    /// Where it goes (for castling, the king's destination).
    pub to: String,
    /// Men lifted from the top of `from`.
    pub men: u32,
    /// The square of the man captured, if any (en passant: the pawn's).
    pub captures: Option<String>,
    /// For castling: the rook's square.
    pub rook: Option<String>,
}

/// The rule set of a game: chess, or a variant played under the same Laws.
///
/// Methods take `&self` so an implementation may carry settings (for example
/// Tavreli's optional 50-move rule, tavreli-rules.md §8 Q15).
pub trait RuleSet: Send + Sync {
    /// A position of the game: the men on the board, the side to move and
    /// whatever else decides the legal moves.
    type Position: Clone + fmt::Debug + Send + Sync;
    /// A legal move in some position.
    type Move: Clone + PartialEq + fmt::Debug + Send + Sync;
    /// FIDE position identity (L-9.2b): equal exactly when the same player has
    /// the move, the same men stand on the same squares and all possible moves
    /// are the same (castling rights; en passant only when it is legal).
    type Identity: Eq + Hash + Clone + fmt::Debug + Send + Sync;

    /// Which game this is: the log header's and the report's `"variant"`.
    fn variant(&self) -> Variant;

    /// Why a text is not a position the game can start from; its `Display`
    /// says it in English.
    type PositionError: std::error::Error + Send + Sync + 'static;

    /// The initial position of the game (L-2.1 for chess).
    fn initial_position(&self) -> Self::Position;
    /// Reads the variant's position text (FEN for chess).
    fn parse_position(&self, text: &str) -> Result<Self::Position, Self::PositionError>;
    /// The position as text that [`RuleSet::parse_position`] reads back (FEN
    /// for chess).
    fn position_text(&self, pos: &Self::Position) -> String;

    /// The side having the move (L-1.1).
    fn turn(&self, pos: &Self::Position) -> Side;
    /// The number of the move about to be played (1 at the start of a game).
    fn fullmove_number(&self, pos: &Self::Position) -> u32;

    /// Reads a move in any notation the rule set accepts (SAN or UCI for chess).
    fn parse_move(&self, pos: &Self::Position, text: &str) -> MoveInput<Self::Move>;
    /// Every legal move of the side having the move (L-3.10); empty on mate
    /// or stalemate.
    fn legal_moves(&self, pos: &Self::Position) -> Vec<Self::Move>;
    /// Plays a legal move. Calling it with an illegal move is a logic error.
    fn play(&self, pos: &mut Self::Position, mv: &Self::Move);
    /// The move in the rule set's standard written notation (SAN for chess).
    fn move_text(&self, pos: &Self::Position, mv: &Self::Move) -> String;
    /// The move in a machine notation (UCI for chess).
    fn move_uci(&self, pos: &Self::Position, mv: &Self::Move) -> String;

    /// Whether the side having the move is in check (L-3.9).
    fn is_check(&self, pos: &Self::Position) -> bool;
    /// Whether the side having the move is mated, stalemated or can play on
    /// (L-5.1a, L-5.2a).
    fn status(&self, pos: &Self::Position) -> Status;
    /// True when the move resets the 50/75-move count (a capture or a pawn move, L-9.3).
    fn is_zeroing(&self, pos: &Self::Position, mv: &Self::Move) -> bool;
    /// The position's identity for repetition (L-9.2a, L-9.6a).
    fn identity(&self, pos: &Self::Position) -> Self::Identity;
    /// The identity of the position after a legal move, without keeping that
    /// position (intended-move claims, L-9.2c). Override when it can be had
    /// more cheaply than by playing the move on a copy.
    fn identity_after(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Identity {
        let mut p = pos.clone();
        self.play(&mut p, mv);
        self.identity(&p)
    }
    /// Whether `side` can still checkmate (the dead-position interface, L-5.2b).
    fn mateability(&self, pos: &Self::Position, side: Side) -> Mateability;
    /// [`RuleSet::mateability`] when a rule ends the game after
    /// `quiet_plies_left` more plies without a capture or a pawn move (the
    /// 75-move rule, L-9.6b); `None` when none does. The default ignores it.
    fn mateability_within(
        &self,
        pos: &Self::Position,
        side: Side,
        quiet_plies_left: Option<u32>,
    ) -> Mateability {
        let _ = quiet_plies_left;
        self.mateability(pos, side)
    }
    /// The dead position after a move (L-5.2b), asked after every ply, so a
    /// rule set may answer by cheaper means than two full mateability
    /// questions as long as it never calls a live position dead. The
    /// default asks [`RuleSet::mateability_within`] for both sides.
    fn is_dead_after_move(&self, pos: &Self::Position, quiet_plies_left: Option<u32>) -> bool {
        Side::BOTH
            .iter()
            .all(|&s| self.mateability_within(pos, s, quiet_plies_left) == Mateability::Impossible)
    }
    /// Half-moves since the last capture or pawn move in a starting position
    /// given as text (the FEN halfmove field), so a game set up mid-way
    /// keeps its 50/75-move count (L-9.3).
    fn halfmove_clock(&self, pos: &Self::Position) -> u32 {
        let _ = pos;
        0
    }
    /// Whether the 50-move and 75-move rules apply to this rule set at all
    /// (always for chess; a setting for Tavreli, tavreli-rules.md §8 Q15).
    fn has_move_count_rules(&self) -> bool {
        true
    }
    /// For a move text that takes a pawn to its last rank without naming the
    /// new piece (an unfinished promotion, L-7.5b): the legal move that
    /// promotes it to a queen. `None` for every other text.
    fn unfinished_promotion(&self, pos: &Self::Position, text: &str) -> Option<Self::Move> {
        let _ = (pos, text);
        None
    }
    /// Whether an unlawful move `text` leaves a pawn on its last rank, an
    /// impossible position the arbiter watches until the next move is
    /// completed (L-A.5.4) — whether or not the same move with a queen would
    /// be legal. The default asks [`RuleSet::unfinished_promotion`].
    fn leaves_unpromoted_pawn(&self, pos: &Self::Position, text: &str) -> bool {
        self.unfinished_promotion(pos, text).is_some()
    }
    /// The position after an illegal move that *stands* because nobody
    /// claimed it in time (reduced rapid/blitz, L-A.5.2), or `None` when the
    /// rule set cannot represent it (for chess: a move that names no single
    /// man, or would capture a king; a king left in check is held). For
    /// an unfinished promotion (a pawn left on its last rank, which no
    /// position may hold) it is a stand-in with that pawn lifted off, on which
    /// the opponent's next move is judged (L-A.5.4).
    fn play_unlawful(&self, pos: &Self::Position, text: &str) -> Option<Self::Position> {
        let _ = (pos, text);
        None
    }
    /// Whether `mv` builds a new tower: the moving men land on other men and
    /// stay on them (Tavreli, where a capture and a step onto one's own men
    /// both do). Rules that ask it: the Tavreli rules, art. 5.5 and 9.3. `false` for
    /// rule sets without towers.
    fn builds_tower(&self, pos: &Self::Position, mv: &Self::Move) -> bool {
        let _ = (pos, mv);
        false
    }
    /// Whether no position before `mv` can occur again after it, so the
    /// repetition record may be forgotten (L-9.2). By default the moves that
    /// reset the 50-move count, as in chess; a rule set where a capture can
    /// be undone (Tavreli: the captor steps back off the tower) says `false`.
    fn is_irreversible(&self, pos: &Self::Position, mv: &Self::Move) -> bool {
        self.is_zeroing(pos, mv)
    }
    /// Whether an unlawful move that stands resets the 50/75-move count: it
    /// is a move of the game (L-9.3, L-9.6b) and resets it only if it moved a
    /// pawn or captured. The default, for rule sets that cannot tell, resets.
    fn unlawful_is_zeroing(&self, pos: &Self::Position, text: &str) -> bool {
        let _ = (pos, text);
        true
    }
    /// Whether `mv`, played on the stand-in left by an unlawful move `text`
    /// made from `before`, lands on the square that move went to: it captures
    /// a pawn left unpromoted there (L-A.5.4). `false` by default.
    fn lands_on_unlawful_target(
        &self,
        before: &Self::Position,
        text: &str,
        mv: &Self::Move,
    ) -> bool {
        let _ = (before, text, mv);
        false
    }
    /// Whether both kings stand in check, an impossible position the
    /// arbiter watches until the next move is completed (L-A.5.4). `false`
    /// by default.
    fn both_kings_in_check(&self, pos: &Self::Position) -> bool {
        let _ = pos;
        false
    }
    /// Whether the unlawful move `reply`, made on `stand_in` (the position
    /// left by the unlawful move `text` made from `before`), lands on the
    /// square `text` went to: an illegal reply that takes a pawn left
    /// unpromoted there (L-A.5.4). `false` by default.
    fn unlawful_reply_lands_on_unlawful_target(
        &self,
        before: &Self::Position,
        text: &str,
        stand_in: &Self::Position,
        reply: &str,
    ) -> bool {
        let _ = (before, text, stand_in, reply);
        false
    }
    /// A square as the touch events name it, written the one way the rule
    /// set writes it (`e4`); `None` when the text names no square. The
    /// default knows no squares, so touches are refused.
    fn square_key(&self, text: &str) -> Option<String> {
        let _ = text;
        None
    }
    /// The man `man` (counted from the top, 1 = the top man) on `square`,
    /// if there is one.
    fn touched_man(&self, pos: &Self::Position, square: &str, man: u32) -> Option<TouchedMan> {
        let _ = (pos, square, man);
        None
    }
    /// The squares a legal move concerns (Art. 4).
    fn move_squares(&self, pos: &Self::Position, mv: &Self::Move) -> Option<MoveSquares> {
        let _ = (pos, mv);
        None
    }
    /// The square of the man an illegal move `text` moved and the square it
    /// went to: the man touched, whose replacement move is governed by the
    /// touch-move rule (L-7.5a). `None` when the text names no single man.
    fn unlawful_from_to(&self, pos: &Self::Position, text: &str) -> Option<(String, String)> {
        let _ = (pos, text);
        None
    }
    /// The position after the side to move pressed the clock without moving
    /// and nobody claimed it (L-7.5c, L-A.5.2): the same men, the other side
    /// to move. `None` when the rule set cannot represent it or has no such
    /// notion (chess holds it even when the passer's king was in check).
    fn pass(&self, pos: &Self::Position) -> Option<Self::Position> {
        let _ = pos;
        None
    }
}
