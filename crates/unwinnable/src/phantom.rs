//! A proof by enumeration in which the pieces are "phantoms": the
//! positions are enumerated with every queen, rook, bishop and knight
//! taken off the board, each replaced by what it could ever do.
//!
//! The pieces are what makes the plain enumeration explode: a few bishops
//! that roam while a king walks between two squares give millions of
//! positions, yet the mate turns on the kings alone (whose turn it is
//! when the loser's king stands on its one mating square), or never comes
//! as the winner's only men, king and pawns that cannot move, never give
//! check. Here a state is the two kings, the pawns, the side to move and
//! the en passant square; each side's phantoms
//!
//! - may always move instead of its king and pawns (a waiting move), and
//!   take any enemy pawn on a square they could attack;
//! - attack on every square a piece of theirs could ever attack (all
//!   squares of its colour for a bishop, the whole board for the others),
//!   and stand on those squares, where the enemy pawns may take them; the
//!   winner's check and cover the loser's king there, the loser's may
//!   block their own king's squares there;
//! - never block a move nor a line, nor stop a king: a king may go
//!   wherever no king or pawn of the other side attacks.
//!
//! Every legal move of the real game is then a move between the states
//! of its positions, so the states reached hold every position the real
//! game can reach. The winner's mate needs a move of the winner that can
//! give check (a phantom's move, or one that opens a phantom's line to the
//! king past the kings and pawns, or a pawn's) into a state where every
//! square beside the loser's king may be shut to it; if no such move is
//! met in the states reached, the winner cannot mate. A promotion would
//! bring a new piece to the board, so it ends the attempt without a
//! proof, as do castling rights and a slice of the budget that runs out.

use std::collections::{HashSet, VecDeque};

use shakmaty::attacks::{bishop_attacks, king_attacks, pawn_attacks, rook_attacks};
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Position, Rank, Square};

use crate::meter::Meter;

/// A position with the phantoms taken off: kings, pawns, the side to move
/// and the square an en passant capture may go to.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    /// The loser's king.
    lk: Square,
    /// The loser's pawns.
    lp: Bitboard,
    /// The winner's king.
    wk: Square,
    /// The winner's pawns.
    wp: Bitboard,
    /// Whether the loser is to move.
    loser_to_move: bool,
    /// The en passant target square, if a pawn just moved two squares.
    ep: Option<Square>,
}

/// What one side's phantoms can do.
struct Phantoms {
    /// Whether there are any (otherwise the winner has no waiting move).
    any: bool,
    /// Squares they could ever attack (and stand on).
    attack: Bitboard,
    /// Whether one of them moves along diagonals, along ranks and files.
    diagonal: bool,
    straight: bool,
}

/// The most states the enumeration may generate. Where it proves
/// something the states are few (two kings, one of them shut in, and
/// pawns that cannot move): the positions of the hard set it proves take
/// 800; elsewhere (kings and pawns free on an open board) it would spend
/// the slice of the plain enumeration for nothing.
const MOST_NODES: u32 = 2048;

/// Both sides' phantoms.
struct Both {
    /// The winner's.
    w: Phantoms,
    /// The loser's.
    l: Phantoms,
}

/// Why the enumeration stopped without a proof.
struct NoProof;

/// `true` when it is proved that `winner` can never mate from `pos` by
/// the enumeration with phantoms; `false` when that is not shown (the
/// loser has pieces, a promotion or a possible mate is met, the meter's
/// slice runs out).
pub(crate) fn unwinnable(pos: &Chess, winner: Color, meter: &mut Meter<'_>) -> bool {
    let board = pos.board();
    let loser = !winner;
    if !pos.castles().is_empty() {
        return false;
    }
    let (Some(lk), Some(wk)) = (board.king_of(loser), board.king_of(winner)) else {
        return false;
    };
    let both = Both {
        w: phantoms(pos, winner),
        l: phantoms(pos, loser),
    };
    if !(both.w.any || both.l.any) || room(pos, loser, lk) * room(pos, winner, wk) > ROOM {
        // Without phantoms the states are the positions themselves, with
        // a looser test of check: the plain enumeration does better. With
        // both kings free, the states are too many.
        return false;
    }
    attempt(pos, winner, &both, meter)
}

/// The enumeration from `pos` with the phantoms `both`, whether or not
/// the kings look shut in.
fn attempt(pos: &Chess, winner: Color, both: &Both, meter: &mut Meter<'_>) -> bool {
    let board = pos.board();
    let loser = !winner;
    let (Some(lk), Some(wk)) = (board.king_of(loser), board.king_of(winner)) else {
        return false;
    };
    let root = State {
        lk,
        lp: board.by_color(loser) & board.pawns(),
        wk,
        wp: board.by_color(winner) & board.pawns(),
        loser_to_move: pos.turn() == loser,
        ep: pos.ep_square(EnPassantMode::Always),
    };
    enumerate(root, winner, both, meter).is_ok()
}

/// The most the product of the two kings' rooms (see [`room`]) may be.
/// A king between two squares against one that roams gives about 90.
const ROOM: usize = 128;

/// How many squares the king of `color` on `king` could walk to, past
/// squares its own pawns hold or the other side's pawns attack now. Only
/// a filter on when to try: where both kings roam, the states (every
/// square of both kings) outgrow the nodes the attempt may spend.
fn room(pos: &Chess, color: Color, king: Square) -> usize {
    let board = pos.board();
    let blocked = (board.by_color(!color) & board.pawns())
        .into_iter()
        .fold(board.by_color(color) & board.pawns(), |b, p| {
            b | pawn_attacks(!color, p)
        });
    let mut room = Bitboard::from(king);
    loop {
        let grown = room
            .into_iter()
            .fold(room, |r, sq| r | (king_attacks(sq) & !blocked));
        if grown == room {
            return room.count();
        }
        room = grown;
    }
}

/// The phantoms of `color`'s pieces other than its king and pawns.
fn phantoms(pos: &Chess, color: Color) -> Phantoms {
    let board = pos.board();
    let pieces = board.by_color(color) & !board.kings() & !board.pawns();
    let mut attack = Bitboard::EMPTY;
    for sq in pieces & board.bishops() {
        attack |= if sq.is_dark() {
            Bitboard::DARK_SQUARES
        } else {
            Bitboard::LIGHT_SQUARES
        };
    }
    if !(pieces & !board.bishops()).is_empty() {
        attack = Bitboard::FULL;
    }
    Phantoms {
        any: !pieces.is_empty(),
        attack,
        diagonal: !(pieces & (board.bishops() | board.queens())).is_empty(),
        straight: !(pieces & (board.rooks() | board.queens())).is_empty(),
    }
}

/// Breadth-first over the states reachable from `root`: `Ok` when every
/// one was expanded without meeting a possible mate.
fn enumerate(
    root: State,
    winner: Color,
    both: &Both,
    meter: &mut Meter<'_>,
) -> Result<(), NoProof> {
    let mut seen = HashSet::new();
    seen.insert(root);
    let mut queue = VecDeque::from([root]);
    let mut left = MOST_NODES;
    while let Some(at) = queue.pop_front() {
        let mut next = Vec::new();
        expand(&at, winner, both, &mut next)?;
        for (state, check) in next {
            meter.tick().map_err(|_| NoProof)?;
            left = left.checked_sub(1).ok_or(NoProof)?;
            if check && covered(&state, winner, both) {
                return Err(NoProof);
            }
            if seen.insert(state) {
                queue.push_back(state);
            }
        }
    }
    Ok(())
}

/// The squares `color`'s king and pawns attack in `s`.
fn attacked_by(s: &State, color: Color, winner: Color) -> Bitboard {
    let (king, pawns) = if color == winner {
        (s.wk, s.wp)
    } else {
        (s.lk, s.lp)
    };
    pawns
        .into_iter()
        .fold(king_attacks(king), |a, p| a | pawn_attacks(color, p))
}

/// Whether every square beside the loser's king in `s` may be shut to
/// it: its own pawn's or a square one of its phantoms may stand on, or
/// covered by the winner's king or pawns or a winner's phantom.
fn covered(s: &State, winner: Color, both: &Both) -> bool {
    let cover = attacked_by(s, winner, winner) | both.w.attack | both.l.attack | s.lp;
    (king_attacks(s.lk) & !cover).is_empty()
}

/// Whether `from`, once empty, may let a phantom check the loser's king
/// on `king`: `from` lies on a line of a phantom's kind from `king`, with
/// no king or pawn of `men` (the men after the move) between them.
fn opens_line(from: Square, king: Square, men: Bitboard, phantoms: &Phantoms) -> bool {
    phantoms.attack.contains(king)
        && ((phantoms.diagonal && bishop_attacks(king, men).contains(from))
            || (phantoms.straight && rook_attacks(king, men).contains(from)))
}

/// The moves from `s` of the side to move, each with whether it may give
/// check (only the winner's can): its king's and pawns', and its
/// phantoms' (a waiting move, or taking a pawn on their squares).
fn expand(
    s: &State,
    winner: Color,
    both: &Both,
    out: &mut Vec<(State, bool)>,
) -> Result<(), NoProof> {
    let by_winner = !s.loser_to_move;
    let (mine, theirs) = if by_winner {
        (&both.w, &both.l)
    } else {
        (&both.l, &both.w)
    };
    let mover = if by_winner { winner } else { !winner };
    let (king, own, other, enemy_king) = if by_winner {
        (s.wk, s.wp, s.lp, s.lk)
    } else {
        (s.lk, s.lp, s.wp, s.wk)
    };
    let make = |king: Square, own: Bitboard, other: Bitboard, ep: Option<Square>| {
        let mut n = *s;
        n.loser_to_move = by_winner;
        n.ep = ep;
        if by_winner {
            (n.wk, n.wp, n.lp) = (king, own, other);
        } else {
            (n.lk, n.lp, n.wp) = (king, own, other);
        }
        n
    };
    // A move of the winner that empties `from` may open a phantom's line
    // to the loser's king, if no man stands between them after the move.
    let opens = |from: Square, n: &State| {
        let men = n.lp | n.wp | Bitboard::from(n.lk) | Bitboard::from(n.wk);
        by_winner && opens_line(from, n.lk, men, &both.w)
    };
    let danger = attacked_by(s, !mover, winner);
    for to in king_attacks(king) & !own & !danger {
        let n = make(to, own, other.without(to), None);
        out.push((n, opens(king, &n)));
    }
    let occupied = own | other | Bitboard::from(s.lk) | Bitboard::from(s.wk);
    let step = if mover == Color::White { 8 } else { -8 };
    let (start, last) = if mover == Color::White {
        (Rank::Second, Rank::Eighth)
    } else {
        (Rank::Seventh, Rank::First)
    };
    for from in own {
        // (target, man taken, en passant square left behind)
        let mut targets = Vec::new();
        if let Some(to) = from.offset(step).filter(|t| !occupied.contains(*t)) {
            targets.push((to, None, None));
            if from.rank() == start
                && let Some(two) = to.offset(step).filter(|t| !occupied.contains(*t))
            {
                targets.push((two, None, Some(to)));
            }
        }
        for to in pawn_attacks(mover, from) {
            if other.contains(to) {
                targets.push((to, Some(to), None));
            } else if s.ep == Some(to) {
                if let Some(t) = to.offset(-step).filter(|t| other.contains(*t)) {
                    targets.push((to, Some(t), None));
                }
            } else if theirs.attack.contains(to) && !occupied.contains(to) {
                // The pawn takes a phantom standing there.
                targets.push((to, None, None));
            }
        }
        for (to, taken, ep) in targets {
            if to.rank() == last {
                return Err(NoProof);
            }
            let rest = taken.map_or(other, |t| other.without(t));
            let n = make(king, own.without(from).with(to), rest, ep);
            let check = by_winner
                && (pawn_attacks(mover, to).contains(enemy_king)
                    || opens(from, &n)
                    || taken.is_some_and(|t| t != to && opens(t, &n)));
            out.push((n, check));
        }
    }
    if mine.any {
        let check = by_winner && mine.attack.contains(s.lk);
        let wait = make(king, own, other, None);
        out.push((wait, check));
        for p in other & mine.attack {
            out.push((make(king, own, other.without(p), None), check));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// Composed positions may hold more bishops than a game can.
    fn position(fen: &str) -> Chess {
        match fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
        {
            Ok(p) => p,
            Err(e) => e.ignore_too_much_material().unwrap(),
        }
    }

    fn proves(fen: &str, winner: Color) -> bool {
        unwinnable(
            &position(fen),
            winner,
            &mut Meter::new(Budget::nodes(1_000_000)),
        )
    }

    /// The enumeration itself, past the filter on the kings' room.
    fn attempts(fen: &str, winner: Color) -> bool {
        let pos = position(fen);
        let both = Both {
            w: phantoms(&pos, winner),
            l: phantoms(&pos, !winner),
        };
        attempt(
            &pos,
            winner,
            &both,
            &mut Meter::new(Budget::nodes(1_000_000)),
        )
    }

    #[test]
    fn the_cage_with_the_tempo_against_the_bishops_is_proved() {
        assert!(proves(
            "8/8/k6p/5p1P/3b1p2/2b2PpK/6P1/8 w - -",
            Color::Black
        ));
        // White has only its king and pawns that can never move (the
        // bishops, all on dark squares, never stand where they could
        // take): White never gives check.
        assert!(proves(
            "8/8/3b3p/2b2p1P/1b1b1p1K/2b2Pp1/1b4P1/4bkb1 w - -",
            Color::White
        ));
    }

    #[test]
    fn a_mate_the_phantoms_could_give_stops_the_proof() {
        // Black to move mates with Bd8: the enumeration runs (White has
        // only its king and pawns, the king is shut in, Black has
        // bishops) and must meet the possible mate.
        assert!(!proves("8/2b5/7p/5p1P/5p1K/5Pp1/6Pk/8 b - -", Color::Black));
        // g7 mates: Black's own bishop and pawn shut its king in, which
        // the loser's phantom may do.
        assert!(!attempts("6bk/7p/5KP1/8/8/8/8/8 w - -", Color::White));
    }

    #[test]
    fn a_promotion_or_no_phantom_is_no_proof() {
        // Black's knight may be taken by h5xg6, and the pawn promotes:
        // the attempt ends unproved.
        assert!(!attempts(
            "8/8/k5np/5p1P/3b1p2/2b2PpK/6P1/8 w - -",
            Color::White
        ));
        // White's a-pawn can run to promote.
        assert!(!proves(
            "8/8/k6p/5p1P/3b1p2/2b2PpK/P5P1/8 w - -",
            Color::Black
        ));
        // Kings and pawns only: left to the plain enumeration (which
        // proves this one).
        assert!(!proves("8/8/k6p/5p1P/5p2/5PpK/6P1/8 w - -", Color::Black));
    }
}
