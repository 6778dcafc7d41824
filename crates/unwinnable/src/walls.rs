//! What the extension search's second flavour knows of pawn walls.
//!
//! The hard helpmates of composed positions are walls of pawns locked
//! head-on, with a king or a bishop that must find the one way round or
//! through them: a bishop that must reach the corner where the mate fits
//! (a lone bishop mates only in a corner of its colour), a king that must
//! walk round the chain rather than stand behind it, a loser's pawn that
//! must take and so open a door. The first two are measured here, around
//! the locked pawns (which stay where they are for most of such a line);
//! the idea of measuring a bishop's way to the mating corner around the
//! pawns that never move comes from the CHA algorithm (Ambrona, "A
//! Practical Algorithm for Chess Unwinnability", FUN 2022), and so does
//! the idea of [`fatal_moves`]; the measures here are ours.

use shakmaty::attacks::{bishop_attacks, king_attacks, pawn_attacks};
use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Position, Square};

/// How many locked pawns make a wall worth the second flavour's measures:
/// fewer, and the rewards they give only send the search after aimless
/// bishop and king moves (the positions of real games rarely need them).
pub(crate) const MIN_LOCKED: usize = 4;

/// "Unreachable" in a table of distances.
pub(crate) const FAR: u8 = u8::MAX;

/// A move by where it starts and where it ends.
pub(crate) type Route = (Option<Square>, Square);

/// The moves of `root` after which the fast checks prove that `winner`
/// can no longer mate (a capture that leaves a locked wall, a push that
/// locks it). The same move made later in the line (the same man from
/// the same square to the same one) usually kills the position just as
/// well, so the search punishes it wherever it comes.
pub(crate) fn fatal_moves(root: &Chess, winner: Color) -> Vec<Route> {
    let mut fatal = Vec::new();
    for m in root.legal_moves() {
        let mut next = root.clone();
        next.play_unchecked(m);
        if crate::quick_dead(&next, winner) || crate::reach::structure(&next, winner) {
            fatal.push(route(&m));
        }
    }
    fatal
}

/// Where `m` starts and ends.
pub(crate) fn route(m: &Move) -> Route {
    (m.from(), m.to())
}

/// The pawns blocked head-on by a pawn of the other colour (both of them).
pub(crate) fn locked(board: &Board) -> Bitboard {
    let white = board.pawns() & board.white();
    let black = board.pawns() & board.black();
    (white & black.shift(-8)) | (black & white.shift(8))
}

/// The corners of `corners` and the edge squares beside them: where a
/// bishop mates from, or shuts the king in.
pub(crate) fn corner_squares(corners: Bitboard) -> Bitboard {
    corners.into_iter().fold(Bitboard::EMPTY, |seeds, c| {
        seeds | (king_attacks(c) & Bitboard::EDGES) | Bitboard::from_square(c)
    })
}

/// Bishop moves from each square to a mating corner in `corners` or a
/// square beside one on the edge (where a bishop shuts the king in), with
/// the `locked` pawns in the way; [`FAR`] where no way goes round them.
pub(crate) fn bishop_distances(locked: Bitboard, corners: Bitboard) -> [u8; 64] {
    let seeds = corner_squares(corners);
    let mut dist = [FAR; 64];
    let mut seen = Bitboard::EMPTY;
    let mut front = seeds & !locked;
    let mut d = 0u8;
    while front.any() {
        let mut next = Bitboard::EMPTY;
        for s in front {
            dist[usize::from(s)] = d;
            next |= bishop_attacks(s, locked) & !locked;
        }
        seen |= front;
        front = next & !seen;
        d = d.saturating_add(1);
    }
    dist
}

/// The most squares a boxed-in king reaches ([`boxed`]).
const BOXED: usize = 4;

/// Whether the king of `winner` is boxed in by its own pieces: walking
/// over squares free of its own men and of pawns, and not attacked by the
/// loser's pawns, it reaches at most [`BOXED`] squares, and more once its
/// pieces are gone. They must then go, which in a helpmate is often the
/// loser's work (a king shut in by pawns alone is not freed so).
pub(crate) fn boxed(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let Some(k) = board.king_of(winner) else {
        return false;
    };
    let theirs = board.pawns() & board.by_color(!winner);
    let attacked = theirs
        .into_iter()
        .fold(Bitboard::EMPTY, |b, s| b | pawn_attacks(!winner, s));
    let open = !(board.pawns() | attacked);
    let pieces = board.by_color(winner) & !board.pawns();
    reach_at_most(k, open & !pieces) && !reach_at_most(k, open)
}

/// Whether a king on `k`, stepping over the squares `free`, reaches at
/// most [`BOXED`] squares.
fn reach_at_most(k: Square, free: Bitboard) -> bool {
    let mut reach = Bitboard::from_square(k);
    loop {
        let grown = reach | (king_grow(reach) & free);
        if grown == reach || grown.count() > BOXED {
            return grown.count() <= BOXED;
        }
        reach = grown;
    }
}

/// The squares a king on any of `b` reaches in one step (or stands on).
pub(crate) fn king_grow(b: Bitboard) -> Bitboard {
    let ew = b
        | (b & !Bitboard::from_file(File::H)).shift(1)
        | (b & !Bitboard::from_file(File::A)).shift(-1);
    ew | ew.shift(8) | ew.shift(-8)
}

/// King steps from a square to a target, around the pawns.
pub(crate) struct Walk {
    /// `within[i]`: the squares at most `i` steps from the target.
    within: [Bitboard; 16],
}

impl Walk {
    /// The walking distances to `target` around `walls` (the pawns: a king
    /// walks round a locked chain, not through it).
    pub(crate) fn to(target: Square, walls: Bitboard) -> Walk {
        let mut within = [Bitboard::EMPTY; 16];
        let mut reach = Bitboard::from_square(target);
        let mut settled = false;
        for w in within.iter_mut() {
            *w = reach;
            if !settled {
                let grown = king_grow(reach) & !walls;
                settled = grown == reach;
                reach = grown;
            }
        }
        Walk { within }
    }

    /// Steps from `sq` (16 when further than 15 or walled off).
    pub(crate) fn steps(&self, sq: Square) -> usize {
        self.within
            .iter()
            .position(|b| b.contains(sq))
            .unwrap_or(self.within.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        pos.board().clone()
    }

    /// Taking the loser's last pawn with the winner's lone knight leaves
    /// too little to mate: fatal; stepping aside is not.
    #[test]
    fn capture_of_the_last_pawn_is_fatal() {
        let pos: Chess = "7k/8/8/8/8/2p5/8/KN6 w - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let fatal = fatal_moves(&pos, shakmaty::Color::White);
        assert!(fatal.contains(&(Some(Square::B1), Square::C3)));
        assert!(!fatal.contains(&(Some(Square::B1), Square::A3)));
        assert!(!fatal.contains(&(Some(Square::A1), Square::A2)));
    }

    /// Only pawns facing an enemy pawn head-on count as locked.
    #[test]
    fn locked_pawns_face_each_other() {
        let b = board("4k3/8/8/3p4/3P3p/8/6P1/4K3 w - - 0 1");
        assert_eq!(locked(&b), Bitboard::from_square(Square::D4) | Square::D5);
    }

    /// A bishop on a long diagonal is one move from the corner region; a
    /// locked chain on that diagonal makes it go round.
    #[test]
    fn bishop_goes_round_the_chain() {
        let dark = Bitboard::from_square(Square::A1) | Square::H8;
        let open = bishop_distances(Bitboard::EMPTY, dark);
        assert_eq!(open[usize::from(Square::A1)], 0);
        assert_eq!(open[usize::from(Square::D4)], 1);
        let chain = Bitboard::from_square(Square::C3) | Square::F6;
        let walled = bishop_distances(chain, dark);
        assert!(walled[usize::from(Square::D4)] > 1);
        assert_eq!(walled[usize::from(Square::C3)], FAR);
    }

    /// A king shut in by its own bishop and the squares the loser's pawns
    /// attack is boxed; one shut in by pawns alone, or free, is not.
    #[test]
    fn a_king_behind_its_own_bishop_is_boxed() {
        let pos = |fen: &str| -> Chess {
            fen.parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap()
        };
        let black = shakmaty::Color::Black;
        assert!(boxed(
            &pos("k1b5/1p1p4/1P1Pb3/B7/8/8/8/K7 w - - 0 1"),
            black
        ));
        assert!(!boxed(&pos("k7/1p1p4/1P1Pb3/B7/8/8/8/K7 w - - 0 1"), black));
        let white = shakmaty::Color::White;
        assert!(!boxed(
            &pos("5b1b/8/1k1p1p2/3PpP2/3pKp2/3P1P2/8/3B1B2 w - - 0 1"),
            white
        ));
    }

    /// A king walks round a wall: a file of pawns from the first rank to
    /// the seventh leaves only the eighth rank to cross.
    #[test]
    fn king_walks_round_a_wall() {
        let wall =
            Bitboard::from_file(shakmaty::File::D) & !Bitboard::from_rank(shakmaty::Rank::Eighth);
        let w = Walk::to(Square::A1, wall);
        assert_eq!(w.steps(Square::C1), 2);
        // Up the e-file to e7 (6), over to d8 (7), down to a1 (7 more).
        assert_eq!(w.steps(Square::E1), 14);
        assert_eq!(Walk::to(Square::A1, Bitboard::EMPTY).steps(Square::E1), 4);
    }
}
