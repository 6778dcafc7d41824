//! The vocabulary of the answers: the edition's horizon, a side's verdict,
//! whether a position is dead, and the answer of a game already over.

use shakmaty::{Chess, Color, Move, Position};

/// The number of plies without a capture or a pawn move after which the
/// 75-move rule (FIDE Laws 2017 onwards, Art. 9.6.2) ends the game: 75 moves
/// by each player.
pub const SEVENTY_FIVE_MOVE_PLIES: u32 = 150;

/// The edition's horizon: how many plies the game may still run without a
/// capture or a pawn move before a rule ends it on its own.
///
/// The 2005 Laws have no such rule (the 50-move rule needs a claim), so a
/// helpmate of any length counts. From 2017 the 75-move rule ends the game:
/// a helpmate that needs more quiet plies than are left does not count,
/// unless a capture or a pawn move on the way resets the count to
/// [`SEVENTY_FIVE_MOVE_PLIES`]. A mate on the last allowed ply still counts
/// (a checkmate takes precedence, Art. 9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Horizon {
    /// No rule ends the game on its own (the 2005 Laws).
    Unbounded,
    /// The 75-move rule: this many quiet plies are left now.
    QuietPliesLeft(u32),
}

impl Horizon {
    /// The 75-move horizon for a position whose halfmove clock (plies since
    /// the last capture or pawn move) is `halfmoves`.
    pub fn seventy_five_move_rule(halfmoves: u32) -> Horizon {
        Horizon::QuietPliesLeft(SEVENTY_FIVE_MOVE_PLIES.saturating_sub(halfmoves))
    }

    /// The quiet plies left, `u32::MAX` when unbounded.
    pub(crate) fn left(self) -> u32 {
        match self {
            Horizon::Unbounded => u32::MAX,
            Horizon::QuietPliesLeft(n) => n,
        }
    }
}

/// Whether a side can still checkmate its opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It can: `helpmate` is a series of legal moves from the position that
    /// ends in that side's checkmate (empty if the position is already that
    /// mate).
    Winnable {
        /// The moves, from the side to move on, ending in mate.
        helpmate: Vec<Move>,
    },
    /// It cannot, by any series of legal moves (proved).
    Unwinnable,
    /// The budget ran out before either could be shown.
    Undetermined,
}

impl Verdict {
    /// `Some(true)` if the side can mate, `Some(false)` if it cannot,
    /// `None` if undetermined.
    pub fn can_mate(&self) -> Option<bool> {
        match self {
            Verdict::Winnable { .. } => Some(true),
            Verdict::Unwinnable => Some(false),
            Verdict::Undetermined => None,
        }
    }
}

/// Whether the position is dead (FIDE Laws 5.2.2: neither player can
/// checkmate by any series of legal moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deadness {
    /// Neither side can mate: the game ends at once.
    Dead,
    /// At least one side can mate; `by` says which, with its helpmate.
    Alive {
        /// A side that can mate.
        by: Color,
        /// Its helpmate line.
        helpmate: Vec<Move>,
    },
    /// The budget ran out.
    Undetermined,
}

/// The game is over already, or the horizon has been reached.
pub(crate) fn terminal(pos: &Chess, side: Color, horizon: Horizon) -> Option<Verdict> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        // Mate of the side to move, or stalemate: nothing more can happen.
        return Some(if pos.is_check() && pos.turn() != side {
            Verdict::Winnable {
                helpmate: Vec::new(),
            }
        } else {
            Verdict::Unwinnable
        });
    }
    if horizon.left() == 0 {
        return Some(Verdict::Unwinnable);
    }
    None
}
