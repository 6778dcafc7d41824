//! Shorter helpmate lines, for people to read.
//!
//! The searches find a helpmate by following moves that look like progress
//! as far as they go, so the line they give wanders: a king walks round and
//! back, a rook checks from three squares before it mates, and from the
//! opening position the line runs to a hundred plies. The verdict needs
//! only some line; an arbiter reading "White can still mate: …" wants a
//! short one. [`shorten_helpmate`] looks, from each position of the line,
//! at every position a few plies away for one that stands later in the
//! line or is already the winner's mate, and takes the shortcut.

use std::collections::HashMap;

use shakmaty::{Chess, Color, Move, Position};

use crate::Horizon;
use crate::search::{hash, quiet_after};

/// The deepest shortcut looked for: a shortcut of `d` plies is looked for
/// only after every position of the line has been tried with `d - 1`.
const DEEPEST: usize = 3;

/// A shortcut from one position of the line: the moves, and the index of
/// the position of the line they reach (the line's length for a mate off
/// the line).
struct Shortcut {
    moves: Vec<Move>,
    to: usize,
}

/// `helpmate`, a line of legal moves from `pos` ending in a checkmate, made
/// as short as shortcuts of at most three plies make it, spending at most
/// about `nodes` generated positions; the result is again a legal line from
/// `pos` that ends in the same side's mate and, under `horizon`, lets no
/// more quiet plies pass than are left (else `helpmate` comes back as it
/// is).
///
/// ```
/// use arbiter_unwinnable::{Budget, Horizon, Verdict, can_mate, composed_position, shorten_helpmate};
/// use shakmaty::{Color, Position};
///
/// let pos = composed_position("8/8/8/4k3/8/8/8/R3K3 w - - 0 1".parse().unwrap()).unwrap();
/// let Verdict::Winnable { helpmate } = can_mate(&pos, Color::White, Budget::DEFAULT) else {
///     panic!("a rook mates");
/// };
/// let short = shorten_helpmate(&pos, &helpmate, Horizon::Unbounded, 200_000);
/// assert!(short.len() <= helpmate.len());
/// let mut p = pos.clone();
/// for m in &short {
///     p.play_unchecked(*m);
/// }
/// assert!(p.is_checkmate() && p.turn() == Color::Black);
/// ```
pub fn shorten_helpmate(pos: &Chess, helpmate: &[Move], horizon: Horizon, nodes: u64) -> Vec<Move> {
    let Some(positions) = replay(pos, helpmate) else {
        return helpmate.to_vec();
    };
    let Some(last) = positions.last().filter(|p| p.is_checkmate()) else {
        return helpmate.to_vec();
    };
    let winner = !last.turn();
    let mut line = helpmate.to_vec();
    let mut spent = 0u64;
    // Again while a pass cuts: a cut can bring two positions of the line
    // within reach of each other.
    loop {
        let before = line.len();
        for depth in 1..=DEEPEST {
            let mut i = 0;
            while i < line.len() && spent < nodes {
                let Some(positions) = replay(pos, &line) else {
                    return helpmate.to_vec();
                };
                let index = last_index(&positions);
                match shortcut(&positions, i, depth, winner, &index, &mut spent, nodes) {
                    Some(cut) => {
                        line.splice(i..cut.to, cut.moves);
                    }
                    None => i += 1,
                }
            }
        }
        if line.len() == before || spent >= nodes {
            break;
        }
    }
    if keeps_to(&line, horizon) && ends_in_mate_of(pos, &line, winner) {
        line
    } else {
        helpmate.to_vec()
    }
}

/// The positions along `line` from `pos` (the first is `pos`), or `None`
/// if a move of it is not legal.
fn replay(pos: &Chess, line: &[Move]) -> Option<Vec<Chess>> {
    let mut out = Vec::with_capacity(line.len() + 1);
    let mut p = pos.clone();
    out.push(p.clone());
    for m in line {
        if !p.is_legal(*m) {
            return None;
        }
        p.play_unchecked(*m);
        out.push(p.clone());
    }
    Some(out)
}

/// Each position's hash, with the last index it stands at in the line.
fn last_index(positions: &[Chess]) -> HashMap<u64, usize> {
    positions
        .iter()
        .enumerate()
        .map(|(j, p)| (hash(p), j))
        .collect()
}

/// The best shortcut of at most `depth` plies from `positions[i]`: the one
/// that saves the most plies, found breadth first (so the shortest of
/// those that save as many).
fn shortcut(
    positions: &[Chess],
    i: usize,
    depth: usize,
    winner: Color,
    index: &HashMap<u64, usize>,
    spent: &mut u64,
    nodes: u64,
) -> Option<Shortcut> {
    let end = positions.len() - 1;
    let mut level = vec![(positions[i].clone(), Vec::new())];
    let mut best: Option<Shortcut> = None;
    let saving = |c: &Shortcut| c.to - i - c.moves.len();
    for d in 1..=depth {
        let mut next = Vec::new();
        for (p, path) in &level {
            for m in p.legal_moves() {
                *spent += 1;
                if *spent > nodes {
                    return best;
                }
                let mut q = p.clone();
                q.play_unchecked(m);
                let mut moves: Vec<Move> = path.clone();
                moves.push(m);
                let to = if q.turn() != winner && q.is_checkmate() {
                    Some(end)
                } else {
                    index.get(&hash(&q)).copied().filter(|&j| j > i + d)
                };
                if let Some(to) = to {
                    let cut = Shortcut { moves, to };
                    if to > i + d && best.as_ref().is_none_or(|b| saving(&cut) > saving(b)) {
                        best = Some(cut);
                    }
                } else if d < depth {
                    next.push((q, moves));
                }
            }
        }
        level = next;
    }
    best
}

/// Whether `line` lets no more quiet plies pass than `horizon`
/// leaves before its last move (a mate on the last allowed ply counts).
fn keeps_to(line: &[Move], horizon: Horizon) -> bool {
    let mut quiet = horizon.left();
    for m in line {
        if quiet == 0 {
            return false;
        }
        quiet = quiet_after(m, quiet);
    }
    true
}

/// Whether `line` is legal from `pos` and ends in the mate of `winner`'s
/// opponent.
fn ends_in_mate_of(pos: &Chess, line: &[Move], winner: Color) -> bool {
    replay(pos, line)
        .and_then(|ps| ps.last().cloned())
        .is_some_and(|p| p.is_checkmate() && p.turn() != winner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::composed_position;

    fn position(fen: &str) -> Chess {
        composed_position(fen.parse().unwrap()).unwrap()
    }

    /// The moves of `ucis` played from `pos`.
    fn line_of(pos: &Chess, ucis: &[&str]) -> Vec<Move> {
        let mut p = pos.clone();
        ucis.iter()
            .map(|s| {
                let m = s
                    .parse::<shakmaty::uci::UciMove>()
                    .unwrap()
                    .to_move(&p)
                    .unwrap();
                p.play_unchecked(m);
                m
            })
            .collect()
    }

    /// A line that walks a rook out and back, and the king with it,
    /// before the mate loses the walk.
    #[test]
    fn a_walk_out_and_back_is_cut() {
        let pos = position("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let line = line_of(&pos, &["h1h2", "a8b8", "h2h1", "b8a8", "h1h8"]);
        assert!(ends_in_mate_of(&pos, &line, Color::White));
        let short = shorten_helpmate(&pos, &line, Horizon::Unbounded, 100_000);
        assert_eq!(short.len(), 1, "{short:?}");
        assert!(ends_in_mate_of(&pos, &short, Color::White));
    }

    /// No more quiet plies may pass than the horizon leaves.
    #[test]
    fn the_horizon_is_kept() {
        let pos = position("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let line = line_of(&pos, &["h1h2", "a8b8", "h2h1", "b8a8", "h1h8"]);
        assert!(keeps_to(&line, Horizon::QuietPliesLeft(5)));
        assert!(!keeps_to(&line, Horizon::QuietPliesLeft(4)));
        assert!(!keeps_to(&line[4..], Horizon::QuietPliesLeft(0)));
    }

    /// A line that is not legal or ends in no mate comes back as it is.
    #[test]
    fn a_line_that_is_no_helpmate_comes_back_unchanged() {
        let pos = position("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let line = line_of(&pos, &["h1h2"]);
        assert_eq!(
            shorten_helpmate(&pos, &line, Horizon::Unbounded, 1000),
            line
        );
        let wrong_side = line_of(&pos, &["h1h2", "a8b8"]);
        assert_eq!(
            shorten_helpmate(&pos, &wrong_side, Horizon::Unbounded, 1000),
            wrong_side
        );
    }
}
