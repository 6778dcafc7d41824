//! Which of the loser's moves the enumeration kept to a plan visits.
//!
//! Where the winner has few pieces, or only pieces jammed among pawns,
//! its mate comes from a new queen, and its pawns can change file only by
//! taking something: the loser must give up a man to them. The helpmates
//! of chasolver's hard set follow one plan: the loser's king takes a pawn
//! of the winner's that blocks one of its own pawns, that pawn runs to a
//! new piece, the new piece goes where a pawn of the winner's takes it,
//! and that pawn runs to its own promotion and mates (`…f3+ Kxf3 … f8=B
//! … Bh6 … Be3 dxe3 … e1=Q#`); or a piece of the loser's already on the
//! board goes where it is taken (the ten bishops' walls); or, where the
//! winner has nothing but pawns round its king, the king takes what the
//! loser gives up beside it and walks out to escort its own pawn
//! (`…d1=Q h6 Qxa4+ Kxa4 … b8=Q#`). The complete
//! enumeration finds such a line only after every walk of the loser's
//! king and pieces, hundreds of thousands of positions; kept to the moves
//! that serve the plan, it meets the capture by the winner's pawn within a
//! few thousand to a few hundred thousand, and the short rest is left to
//! the searches.
//!
//! Nothing is proved from the kept moves alone: what they find is a line
//! of legal moves, and a search that finds none says nothing.

use shakmaty::attacks::{attacks, pawn_attacks};
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

/// Whether the plan can serve at all: the loser has a king that can move
/// (to take a pawn of the winner's) or a piece (to give up). A loser with
/// neither moves only its pawns, and then the plan keeps every move: the
/// complete enumeration does the same work and proves what it finds none.
pub(crate) fn applies(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let loser = !winner;
    let pieces = board.by_color(loser) & !board.pawns() & !board.kings();
    pieces.any() || !no_square(pos, loser)
}

/// Whether the loser's `m`, from `pos` with the loser to move, serves the
/// plan: a capture or a promotion; a move of a pawn that runs free, or of
/// one that steps onto a square the winner's king or pawn attacks (given
/// up there, [`given_up`]); a step of the king nearer the winner's
/// nearest pawn (to take it), or waiting near it, or, where the winner
/// has nothing but pawns, a step that keeps as far from it (a tempo); a
/// move of a piece onto a square a pawn of the winner's attacks, or
/// nearer one by that piece's own moves (to be taken there); and, where
/// the loser's king has no square, one tempo move of each piece that can
/// reach no such square ([`Toward::tempo`]).
///
/// The pawn given up and the king's tempo step were added for two
/// helpmates of the hard set of chasolver's tests that the plan's kept
/// moves did not hold, and that the complete enumeration found only past
/// the pool of a label:
/// `2b5/1p6/pPp3k1/…` w, where Black's a-pawn, blocked by White's,
/// steps beside White's king to be taken so that White's a-pawn runs
/// (`…Kb4 a5+ Kxa5 Bd7 Kb4 … a8=Q#`), found in 45,700 nodes instead of
/// 250,200; and `1k6/1P1p3p/BP3p2/…` b, where White's king takes the
/// queen and must lose a move on the first rank before Black's f-pawn
/// comes to it (`Kxh1 f5 Kg1 f4 Kg2 f3+ Kxf3 …`), found in 137,100
/// instead of 267,800. A tempo step of the king kept where the winner
/// has pieces too cost a bishops' wall (`B1B1B3/pBpBpBp1/…` w: its plan
/// needed 190,800 nodes instead of 153,500, more than a label leaves it);
/// there the winner can spend its own tempo with a piece.
pub(crate) fn serves(pos: &Chess, winner: Color, m: &Move, toward: &mut Toward) -> bool {
    if m.is_capture() || m.is_promotion() {
        return true;
    }
    let Some(from) = m.from() else {
        return false;
    };
    let to = m.to();
    if m.role() == Role::Pawn {
        return runs_free(pos, winner, from) || given_up(pos, winner, to);
    }
    if m.role() == Role::King {
        let pawns = pos.board().pawns() & pos.board().by_color(winner);
        let near = |sq: Square| pawns.into_iter().map(|p| p.distance(sq)).min();
        return match (near(from), near(to)) {
            // Nearer the pawn to take, or waiting beside it for it to come.
            (Some(a), Some(b)) if b < a || b <= WAIT => true,
            // A step as far from it, for the tempo, where the winner has
            // no piece to spend one with.
            (Some(a), Some(b)) if b == a && pawns_only(pos, winner) => true,
            // Out of the way of its own pawn's run.
            _ => in_the_way(pos, winner, from) && !in_the_way(pos, winner, to),
        };
    }
    let piece = shakmaty::Piece {
        color: !winner,
        role: m.role(),
    };
    toward.nearer(piece, from, to) || toward.tempo(pos, winner, piece, from, to)
}

/// Whether a loser's pawn stepping to `to` is given up there: the
/// winner's king or one of its pawns attacks the square. A pawn that
/// cannot run (a pawn of the winner's ahead on its file) serves the plan
/// only so: taken by the king, it frees the winner's pawn behind it;
/// taken by a pawn, it moves that pawn to another file.
fn given_up(pos: &Chess, winner: Color, to: Square) -> bool {
    let board = pos.board();
    let takers = board.by_color(winner) & (board.pawns() | board.kings());
    (board.attacks_to(to, winner, board.occupied()) & takers).any()
}

/// How near the winner's nearest pawn the loser's king may step to and
/// fro, waiting for it to come within reach.
const WAIT: u32 = 2;

/// Whether `sq` is on the way of a loser's pawn that runs free.
fn in_the_way(pos: &Chess, winner: Color, sq: Square) -> bool {
    let board = pos.board();
    let mine = board.pawns() & board.by_color(!winner) & Bitboard::from_file(sq.file());
    mine.into_iter().any(|p| {
        let ahead = match winner {
            Color::White => sq.rank() < p.rank(),
            Color::Black => sq.rank() > p.rank(),
        };
        ahead && runs_free(pos, winner, p)
    })
}

/// Whether the loser's pawn on `from` has no pawn of the winner's ahead
/// on its file: it can run to a new piece.
fn runs_free(pos: &Chess, winner: Color, from: Square) -> bool {
    let board = pos.board();
    let theirs = board.pawns() & board.by_color(winner) & Bitboard::from_file(from.file());
    let ahead = |p: Square| match winner {
        // The loser is Black: its pawns run down the board.
        Color::White => p.rank() < from.rank(),
        Color::Black => p.rank() > from.rank(),
    };
    !theirs.into_iter().any(ahead)
}

/// For the loser's pieces, how many of its own moves each square is from
/// a square that a pawn of the winner's attacks (where it can be taken).
/// A piece's map is worked out the first time one of its moves is asked
/// about: pieces jammed among the pawns, or with only captures to play,
/// never need one, and the breadth-first walk over the board is the
/// dearest part of choosing the loser's moves.
pub(crate) struct Toward {
    /// The squares a pawn of the winner's attacks.
    targets: Bitboard,
    /// Every man on the board.
    occupied: Bitboard,
    /// The maps worked out so far, by the square of the piece standing
    /// there now: the moves that piece needs from any square; `u8::MAX`
    /// where it cannot get there.
    maps: Vec<(Square, [u8; 64])>,
    /// Whether the loser's king has no square ([`no_square`]), once
    /// asked.
    shut: Option<bool>,
}

impl Toward {
    /// The maps for the pieces of the loser's in `pos`, none worked out
    /// yet.
    pub(crate) fn new(pos: &Chess, winner: Color) -> Self {
        let board = pos.board();
        let mut targets = Bitboard::EMPTY;
        for p in board.pawns() & board.by_color(winner) {
            targets |= pawn_attacks(winner, p);
        }
        Toward {
            targets,
            occupied: board.occupied(),
            maps: Vec::new(),
            shut: None,
        }
    }

    /// Whether `piece`, on `from`, comes nearer a square where it can be
    /// taken by going to `to`.
    fn nearer(&mut self, piece: shakmaty::Piece, from: Square, to: Square) -> bool {
        let d = self.map(piece, from);
        d[to as usize] < d[from as usize]
    }

    /// Whether the loser's quiet move of `piece` from `from` to `to` is
    /// that piece's one tempo move: the piece can reach no square where a
    /// pawn of the winner's takes it, the loser's king has no square (so
    /// the loser moves only to wait while the winner walks), and `to` is
    /// the first empty square (in the order of the squares) the piece
    /// reaches. Without it, where no move of the loser's serves the plan,
    /// all its moves were kept, and such a piece wandered over every
    /// square it reaches while the winner's king made its walk: the
    /// walks were enumerated once for each of its squares. Going to and
    /// fro between two squares spends the same tempo; once the winner's
    /// pawn moves so that the piece can reach a square where it is taken,
    /// its moves nearer that square serve as before. On the hard set of
    /// chasolver's tests, `5kBN/1p1p1PRQ/…` w (White's king walks to
    /// d5 while Black's bishop waits, `…Kxd5 … dxc6 …`) was found in
    /// 128,700 nodes instead of 478,500, and `BbK1kb2/…` b in 227,500
    /// instead of 909,800: both sides asked together, the undetermined
    /// sides of the hard set went from 8 to 6 and its nodes a side from
    /// 5,218 to 5,149 on average; the real games' positions spent as many
    /// (116). Kept also where the loser's king has a square, such moves
    /// cost more than they found: one side asked alone on the default
    /// budget, 41 sides of the hard set were left undetermined instead of
    /// 40, and its nodes a side went from 5,129 to 5,203 on average.
    fn tempo(
        &mut self,
        pos: &Chess,
        winner: Color,
        piece: shakmaty::Piece,
        from: Square,
        to: Square,
    ) -> bool {
        if self.map(piece, from)[from as usize] != u8::MAX
            || !*self.shut.get_or_insert_with(|| no_square(pos, !winner))
        {
            return false;
        }
        let first = (attacks(from, piece, self.occupied) & !self.occupied).first();
        first == Some(to)
    }

    /// The map of the piece `piece` standing on `from`, worked out the
    /// first time it is asked for.
    fn map(&mut self, piece: shakmaty::Piece, from: Square) -> &[u8; 64] {
        let at = match self.maps.iter().position(|(sq, _)| *sq == from) {
            Some(at) => at,
            None => {
                let map = distances(piece, self.targets, self.occupied.without(from));
                self.maps.push((from, map));
                self.maps.len() - 1
            }
        };
        &self.maps[at].1
    }
}

/// Breadth first from `targets` by the moves of `piece` (a piece's
/// attacks are symmetric: from `a` it reaches `b` where from `b` it would
/// reach `a`), over the board's `occupied` squares.
fn distances(piece: shakmaty::Piece, targets: Bitboard, occupied: Bitboard) -> [u8; 64] {
    let mut d = [u8::MAX; 64];
    let mut frontier = targets;
    let mut seen = targets;
    let mut step = 0u8;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            d[sq as usize] = step;
            if !occupied.contains(sq) {
                next |= attacks(sq, piece, occupied);
            }
        }
        next &= !seen;
        seen |= next;
        frontier = next;
        step = step.saturating_add(1);
    }
    d
}

/// Whether `m`, the winner's move from `pos`, is a pawn taking a piece of
/// the loser's, or the king of a winner with nothing but pawns doing so,
/// or the king of a winner with pieces taking a pawn: the first step of
/// the plan done, the rest left to the searches.
///
/// The king's capture of a pawn is the winner's breach into the loser's
/// wall, as [`king_took_a_pawn`] is the loser's: behind it the winner's
/// pawn or piece finishes in a few hundred nodes of the searches
/// (`5kBN/1p1p1PRQ/…` w, `…Kxd5 Bb3+ Kc5 Bxf7 d5 …`; `1b3kBR/…` b,
/// `…Kxg5 … g7#`), where the enumeration would first walk every other
/// man of the winner's as far: found in 66,200 and 364,400 nodes (one
/// side asked) instead of 128,700 and over 2,000,000. On the hard set,
/// both sides asked, as many sides were settled (all but 6) and the
/// nodes a side went from 5,149 to 5,129 on average (5,783 to 5,763 with
/// a decision's budget); the real games' positions spent as many (116).
/// Where the winner has only pawns its king's captures are too many to
/// hand each over (as for the loser's king).
pub(crate) fn took_a_piece(pos: &Chess, winner: Color, m: &Move) -> bool {
    let Some(taken) = m.capture() else {
        return false;
    };
    match m.role() {
        Role::Pawn => taken != Role::Pawn,
        Role::King => (taken == Role::Pawn) != pawns_only(pos, winner),
        _ => false,
    }
}

/// The winner's king's walks to the pawns it would take ([`breach`]).
pub(crate) struct Breach {
    /// `within[i]`: the squares at most `i` steps from such a pawn.
    within: [Bitboard; 16],
    /// The squares between the king and such a pawn on its shortest walks.
    way: Bitboard,
}

impl Breach {
    /// Whether the winner's quiet `m` clears its king's way to a pawn it
    /// would take: the king steps nearer it, or a piece of the winner's
    /// leaves a square of one of the king's shortest walks there for a
    /// square off them.
    pub(crate) fn cleared_by(&self, m: &Move) -> bool {
        let Some(from) = m.from() else {
            return false;
        };
        if m.role() == Role::King {
            return self.steps(m.to()) < self.steps(from);
        }
        self.way.contains(from) && !self.way.contains(m.to())
    }

    /// Steps from `sq` to the nearest pawn to take (16 when further than
    /// 15 or walled off).
    fn steps(&self, sq: Square) -> usize {
        self.within
            .iter()
            .position(|b| b.contains(sq))
            .unwrap_or(self.within.len())
    }
}

/// The breadth-first layers of a king's walk from `start` over `free`:
/// `within[i]` holds the squares at most `i` steps away, up to the first
/// layer that meets `stop` or the `most`-th (the rest left empty: only
/// the walk up to the king is asked about), with that layer's number
/// (16 where none met `stop`). Worked out for each state the enumeration
/// kept to a plan expands, so it stops as soon as it can.
fn layers(start: Bitboard, free: Bitboard, stop: Bitboard, most: usize) -> ([Bitboard; 16], usize) {
    let mut within = [Bitboard::EMPTY; 16];
    let mut reach = start;
    for (i, w) in within.iter_mut().enumerate().take(most) {
        *w = reach;
        if reach.intersects(stop) {
            return (within, i);
        }
        let grown = reach | (crate::walls::king_grow(reach) & free);
        if grown == reach {
            break;
        }
        reach = grown;
    }
    (within, 16)
}

/// The walks of the winner's king to the loser's pawns that block a pawn
/// of the winner's head-on with nothing but empty files beyond (taken,
/// that pawn runs to mate or a new queen), round every pawn and every
/// square a pawn of the loser's attacks; the winner's pieces and the
/// loser's do not bar the way (they can go). `None` where no such pawn is
/// within reach, or the king stands beside one already.
pub(crate) fn breach(pos: &Chess, winner: Color) -> Option<Breach> {
    let board = pos.board();
    let king = board.king_of(winner)?;
    let theirs = board.pawns() & board.by_color(!winner);
    let guarded = theirs
        .into_iter()
        .fold(Bitboard::EMPTY, |b, s| b | pawn_attacks(!winner, s));
    let targets = blocking(pos, winner) & !guarded;
    if targets.is_empty() {
        return None;
    }
    let free = !(board.pawns() | guarded) | targets;
    let (within, d) = layers(targets, free, Bitboard::from_square(king), 16);
    if d <= 1 || d >= 16 {
        return None;
    }
    let (from_king, _) = layers(Bitboard::from_square(king), free, Bitboard::EMPTY, d);
    let exact = |l: &[Bitboard; 16], i: usize| l[i] & !l[i - 1];
    let way = (1..d).fold(Bitboard::EMPTY, |w, i| {
        w | (exact(&from_king, i) & exact(&within, d - i))
    });
    Some(Breach { within, way })
}

/// The loser's pawns that stand right in front of a pawn of the winner's
/// with no pawn beyond them on their file.
fn blocking(pos: &Chess, winner: Color) -> Bitboard {
    let board = pos.board();
    let mine = board.pawns() & board.by_color(winner);
    let theirs = board.pawns() & board.by_color(!winner);
    let forward = if winner == Color::White { 8 } else { -8 };
    theirs
        .into_iter()
        .filter(|&p| {
            p.offset(-forward).is_some_and(|b| mine.contains(b))
                && runs_free_past(board.pawns(), winner, p)
        })
        .collect()
}

/// Whether no pawn stands beyond `sq` on its file, going the winner's way.
fn runs_free_past(pawns: Bitboard, winner: Color, sq: Square) -> bool {
    let file = pawns & Bitboard::from_file(sq.file());
    file.into_iter().all(|p| match winner {
        Color::White => p.rank() <= sq.rank(),
        Color::Black => p.rank() >= sq.rank(),
    })
}

/// Whether `m`, the loser's move from `pos`, is a pawn of its taking the
/// winner's last piece (neither king nor pawn), where the loser has
/// nothing but pawns beside its king: the capture leaves a pawn ending.
///
/// A winner with only pawns facing a king shut in among its own pawns
/// must keep the loser in moves (a loser with none is stalemated): its
/// new piece goes where a blocked pawn of the loser's takes it, and that
/// pawn, on a new file, has pushes to spend while the winner's next pawn
/// runs to mate. Breadth first, the complete enumeration meets that
/// capture long before the mate, which lies behind every walk of the
/// winner's king and second new piece; from the capture, the searches
/// find the rest within a few hundred nodes. So the complete enumeration
/// of the analysis hands each such capture to a short look of the
/// searches ([`crate::exhaust::Exhaust::handing_over_sacrifices`]).
/// Black's helpmate in `8/p1p1p1p1/6P1/6PK/6PP/6P1/P1P1P3/k7` w (`…a1=Q
/// e6 Qf6 gxf6 gxf6 g5 f5 …`), one side asked, was found in 82,600
/// nodes instead of 671,500, within what a label leaves it. On the hard
/// set of chasolver's tests, both sides asked, 3 labels were left
/// undetermined instead of 4, with the slowest as slow; one side asked
/// alone on the default budget, 16 sides instead of 17, and the nodes a
/// side went from 4,568 to 4,553 on average. Handed over where the taken
/// piece was any of the winner's, not its last: as many settled (4,549
/// nodes a side), but the looks ran in the walls of bishops too, where
/// the slowest label measured 59 to 62 ms instead of 55. With the long
/// look of the plan's hand-over (3,000 nodes instead of 400, any piece):
/// as many settled (4,544), but the labels' p99 went from 24 to 32 ms and
/// their slowest from 58 to 81.
pub(crate) fn sacrifice_taken(pos: &Chess, winner: Color, m: &Move) -> bool {
    let board = pos.board();
    let pieces = board.by_color(winner) & !board.pawns() & !board.kings();
    m.role() == Role::Pawn
        && m.capture().is_some_and(|taken| taken != Role::Pawn)
        && pieces.count() == 1
        && pawns_only(pos, !winner)
}

/// Whether `color` has nothing but pawns beside its king.
pub(crate) fn pawns_only(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    (board.by_color(color) & !board.pawns() & !board.kings()).is_empty()
}

/// Whether `m`, the loser's move from `pos`, is its king taking a pawn of
/// the winner's while the winner has a piece: a breach in a wall that
/// held the winner's pieces in (the bishops' walls), after which the
/// searches may find the rest. Where the winner has only pawns its
/// king's captures are too many to hand each one over.
pub(crate) fn king_took_a_pawn(pos: &Chess, winner: Color, m: &Move) -> bool {
    m.role() == Role::King && m.capture() == Some(Role::Pawn) && !pawns_only(pos, winner)
}

/// Whether, once the loser's king has taken a pawn with `m`
/// ([`king_took_a_pawn`]), no piece of `winner`'s (beside its king and
/// pawns) has a move: all jammed among its own men.
pub(crate) fn jammed_after(pos: &Chess, winner: Color, m: &Move) -> bool {
    let Some(from) = m.from() else {
        return false;
    };
    let board = pos.board();
    let mine = board.by_color(winner).without(m.to());
    let occupied = board.occupied().without(from);
    (mine & !board.pawns() & !board.kings())
        .into_iter()
        .all(|sq| {
            board
                .piece_at(sq)
                .is_none_or(|p| (attacks(sq, p, occupied) & !mine).is_empty())
        })
}

/// Whether the king of `color` has no square to go to now: each
/// neighbour holds a man of its own or is attacked by the other side.
pub(crate) fn no_square(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    let Some(k) = board.king_of(color) else {
        return false;
    };
    let occupied = board.occupied().without(k);
    (shakmaty::attacks::king_attacks(k) & !board.by_color(color))
        .into_iter()
        .all(|s| board.attacks_to(s, !color, occupied).any())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::composed_position;

    /// A new bishop of White's (the loser) on h6 goes to e3, where Black's
    /// d4 pawn takes it; its other moves come no nearer.
    #[test]
    fn a_new_piece_heads_for_a_square_where_it_is_taken() {
        let pos = composed_position("1k6/1P6/BP5B/1P6/3p3p/7p/4K2P/8 w - - 0 1".parse().unwrap())
            .unwrap();
        let mut toward = Toward::new(&pos, Color::Black);
        let mut keeps = |uci: &str| {
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            serves(&pos, Color::Black, &m, &mut toward)
        };
        assert!(keeps("h6e3"));
        assert!(!keeps("h6g5"));
        assert!(!keeps("h6g7"));
        // The king steps nearer d4 (two away), or waits two away, but
        // does not step further.
        assert!(keeps("e2d3"));
        assert!(keeps("e2f3"));
        assert!(!keeps("e2d1"));
    }

    /// The position of `fen` and its move `uci`.
    fn position_and_move(fen: &str, uci: &str) -> (Chess, Move) {
        after_line(fen, "", uci)
    }

    /// A piece taken by the winner's pawn hands the rest to the searches,
    /// and one taken by its king where it has nothing but pawns (the king
    /// walks out through the gap); a pawn taken does not.
    #[test]
    fn a_piece_taken_by_a_pawn_or_a_lone_king_is_handed_over() {
        let took = |fen: &str, uci: &str| {
            let (pos, m) = position_and_move(fen, uci);
            took_a_piece(&pos, Color::White, &m)
        };
        let shut_in = "7k/1p6/1P6/KP6/qP6/1P6/8/8 w - - 0 1";
        assert!(took(shut_in, "a5a4"));
        assert!(took(shut_in, "b3a4"));
        assert!(!took("7k/1p6/1P6/KP6/pP6/1P6/8/8 w - - 0 1", "a5a4"));
        assert!(!took("7k/1p6/1P6/KP6/qP6/1P6/8/7B w - - 0 1", "a5a4"));
    }

    /// The king of a winner with pieces taking a pawn hands the rest over
    /// (its breach into the loser's wall), not taking a piece.
    #[test]
    fn a_pawn_taken_by_the_king_of_a_winner_with_pieces_is_handed_over() {
        let took = |fen: &str, uci: &str| {
            let (pos, m) = position_and_move(fen, uci);
            took_a_piece(&pos, Color::White, &m)
        };
        assert!(took("7k/1p6/1P6/KP6/pP6/1P6/8/7B w - - 0 1", "a5a4"));
        assert!(!took("7k/1p6/1P6/KP6/qP6/1P6/8/7B w - - 0 1", "a5a4"));
    }

    /// The loser's king taking a pawn of the winner's hands the rest to the
    /// searches where the winner has a piece (the bishops' wall), not where
    /// it has only pawns.
    #[test]
    fn a_kings_breach_is_handed_over_where_the_winner_has_a_piece() {
        let took = |fen: &str, uci: &str| {
            let (pos, m) = position_and_move(fen, uci);
            king_took_a_pawn(&pos, Color::White, &m)
        };
        assert!(took(
            "4B1B1/p1pBpBp1/PkP1P1P1/8/8/8/8/2K5 b - - 0 1",
            "b6a6"
        ));
        assert!(!took(
            "4B1B1/p1pBpBp1/PkP1P1P1/8/8/8/8/2K5 b - - 0 1",
            "b6b5"
        ));
        assert!(!took("8/p1p1p1p1/PkP1P1P1/8/8/8/8/2K5 b - - 0 1", "b6a6"));
    }

    /// The position after `line` (SAN) from `fen`, and the move `uci`
    /// there.
    fn after_line(fen: &str, line: &str, uci: &str) -> (Chess, Move) {
        let mut pos = composed_position(fen.parse().unwrap()).unwrap();
        for san in line.split_whitespace() {
            let m = san
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
        }
        let m = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        (pos, m)
    }

    /// Whether the plan keeps the loser's `uci` after `line` from `fen`.
    fn kept_after(fen: &str, winner: Color, line: &str, uci: &str) -> bool {
        let (pos, m) = after_line(fen, line, uci);
        serves(&pos, winner, &m, &mut Toward::new(&pos, winner))
    }

    /// A pawn of the loser's that cannot run is kept where it steps onto
    /// a square the winner's king attacks (given up there, so that the
    /// winner's own pawn behind it runs: `…Kb4 a5+ Kxa5 … a8=Q#`), not
    /// elsewhere.
    #[test]
    fn a_blocked_pawn_is_kept_where_it_is_given_up() {
        let fen = "2b5/1p6/pPp3k1/2Pp3p/P2PpBpP/4P1P1/5K2/8 w - - 0 1";
        assert!(!kept_after(fen, Color::White, "Ke1", "a6a5"));
        assert!(kept_after(
            fen,
            Color::White,
            "Ke1 Bf5 Kd2 Be6 Kc3 Bf5 Kb4",
            "a6a5"
        ));
    }

    /// The loser's king may step sideways, as far from the winner's
    /// nearest pawn as it was, where the winner has nothing but pawns (a
    /// tempo: `Kxh1 f5 Kg1 f4 Kg2 f3+ Kxf3 …`), not where the winner has
    /// a piece to spend one with.
    #[test]
    fn a_kings_tempo_is_kept_against_pawns_only() {
        let fen = "1k6/1P1p3p/BP3p2/1P5p/8/3P4/5P1P/6Kq w - - 0 1";
        assert!(kept_after(fen, Color::Black, "Kxh1 f5", "h1g1"));
        let with_a_knight = "nk6/1P1p3p/BP3p2/1P5p/8/3P4/5P1P/6Kq w - - 0 1";
        assert!(!kept_after(with_a_knight, Color::Black, "Kxh1 f5", "h1g1"));
    }

    /// White's king walks to g5 (the pawn that blocks its g-pawn) by d4
    /// or d3, e4 and f5: its step to d4, and its bishop's leaving d3 for
    /// b1, clear the way; the bishops on c6 and f3, off the walk, do
    /// not.
    #[test]
    fn the_moves_that_clear_the_kings_walk_are_seen() {
        let fen = "1b3kBR/4pP1P/1pBpP2P/1P1P1Bp1/1pK1B1P1/1P1B1B2/8/8 b - - 0 1";
        let clears = |uci: &str| {
            let (pos, m) = after_line(fen, "Ba7", uci);
            breach(&pos, Color::White).is_some_and(|b| b.cleared_by(&m))
        };
        assert!(clears("c4d4"));
        assert!(clears("d3b1"));
        assert!(!clears("f3e2"));
        assert!(!clears("c6d7"));
    }

    /// White's g-pawn taking Black's queen, its last piece, where White has
    /// nothing but pawns, hands the line over (a pawn ending is left);
    /// not where Black keeps a knight, nor where White has a piece, nor a
    /// pawn taken.
    #[test]
    fn the_winners_last_piece_taken_by_a_pawn_is_handed_over() {
        let taken = |fen: &str, uci: &str| {
            let (pos, m) = position_and_move(fen, uci);
            sacrifice_taken(&pos, Color::Black, &m)
        };
        let given_up = "8/2p1p1p1/2P1PqP1/6PK/6PP/1k4P1/8/8 w - - 0 1";
        assert!(taken(given_up, "g5f6"));
        assert!(!taken(
            "8/2p1p1p1/2P1PqP1/6PK/6PP/1k4P1/8/7n w - - 0 1",
            "g5f6"
        ));
        assert!(!taken(
            "8/2p1p1p1/2P1PqP1/6PK/6PP/1k4P1/8/7N w - - 0 1",
            "g5f6"
        ));
        assert!(!taken(
            "8/2p1p1p1/2P1PpP1/6PK/6PP/1k4P1/8/8 w - - 0 1",
            "g5f6"
        ));
    }

    /// Black's king has no square and its bishop on d1 can reach no
    /// square White's pawns attack: of its moves only the one to the
    /// first empty square it reaches (c2) is kept, a tempo; where the
    /// king has a square, none.
    #[test]
    fn a_piece_that_only_waits_keeps_one_move() {
        let fen = "5kBN/1p1p1PRQ/1P1P2PP/3p1p1p/3P1P1P/8/8/2BbB1BK w - - 0 1";
        assert!(kept_after(fen, Color::White, "Kg2", "d1c2"));
        assert!(!kept_after(fen, Color::White, "Kg2", "d1e2"));
        assert!(!kept_after(fen, Color::White, "Kg2", "d1a4"));
        let free = "5kBN/1p1p2RQ/1P1P2PP/3p1p1p/3P1P1P/8/8/2BbB1BK w - - 0 1";
        assert!(!kept_after(free, Color::White, "Kg2", "d1c2"));
    }

    /// Black's king taking a pawn where White's only piece, a bishop on
    /// a5, stays shut in by its own b-pawns leaves White's pieces jammed
    /// (a short look after it); in a bishops' wall where one bishop still
    /// has a square, not.
    #[test]
    fn a_breach_among_jammed_pieces_is_seen() {
        let (pos, m) = after_line(
            "8/1p1p1p1p/1P6/BP6/KP6/PP6/3P1P1P/k7 w - - 0 1",
            "d3 Kb2 f3 Kc3 d4",
            "c3d4",
        );
        assert!(king_took_a_pawn(&pos, Color::White, &m));
        assert!(jammed_after(&pos, Color::White, &m));
        let (pos, m) = position_and_move("4B1B1/p1pBpBp1/PkP1P1P1/8/8/8/8/2K5 b - - 0 1", "b6a6");
        assert!(king_took_a_pawn(&pos, Color::White, &m));
        assert!(!jammed_after(&pos, Color::White, &m));
    }
}
