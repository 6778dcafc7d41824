//! Why a draw claim was found incorrect (L-9.5c): typed, so that every
//! front end can say it in the player's language (`arbiter_notation`'s
//! `rejection::say_wrong_claim`). Its `Display` is the English of the
//! arbiter's notes.

use std::fmt;

/// What the 50-move count counts (L-9.3): the moves that reset it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCount {
    /// Chess: a capture or a pawn move (L-9.3).
    PawnOrCapture,
    /// Tavreli under a FIDE edition: a ratnik move or a capture, read as
    /// chess reads its pawn and capture.
    RatnikOrCapture,
    /// Tavreli under its own rules (the Tavreli rules, art. 5.5 and 9.3):
    /// a ratnik move or a move that builds a new tower.
    RatnikOrNewTower,
}

/// Why a draw claim under 9.2 or 9.3 was found incorrect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrongClaim {
    /// The position would appear `count` times, not three (L-9.2).
    Repetition {
        /// How often it would have appeared.
        count: u32,
    },
    /// Fewer than 100 quiet half-moves (L-9.3).
    FiftyMoves {
        /// The half-moves counted.
        plies: u32,
        /// What resets the count in this game.
        counts: MoveCount,
    },
    /// The game is played without the 50-move rule.
    NoMoveCountRule,
    /// The intended move is illegal and the position now does not justify
    /// the claim either; the rule set's reason, in English.
    IllegalIntended {
        /// Why the move is illegal.
        reason: String,
    },
}

impl fmt::Display for WrongClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrongClaim::Repetition { count } => write!(
                f,
                "the position would appear {count} time(s), not three (9.2)"
            ),
            WrongClaim::FiftyMoves { plies, counts } => {
                let without = match counts {
                    MoveCount::PawnOrCapture => "without capture or pawn move",
                    MoveCount::RatnikOrCapture => "without a ratnik move or a capture",
                    MoveCount::RatnikOrNewTower => {
                        "without a ratnik move and without building a new tower"
                    }
                };
                write!(f, "only {plies} half-moves {without}, not 100 (9.3)")
            }
            WrongClaim::NoMoveCountRule => {
                f.write_str("the 50-move rule is not in force for this game")
            }
            WrongClaim::IllegalIntended { reason } => {
                write!(f, "the intended move is illegal: {reason}")
            }
        }
    }
}
