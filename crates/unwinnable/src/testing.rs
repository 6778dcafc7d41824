//! Helpers of the unit tests.

use std::str::FromStr;

use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Position};

/// A small pseudo-random generator for the unit tests' random games
/// (xorshift): `next(n)` is in `0..n`.
pub(crate) fn test_rng(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

/// The positions of chasolver's hard test set (composed ones included).
pub(crate) fn hard_set() -> Vec<Chess> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/unwinnability/positions.txt"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .map(|l| crate::composed_position(l[2..].trim().parse().unwrap()).unwrap())
        .collect()
}

/// chasolver's answer for `side` in `pos` (the independent oracle):
/// `Some(true)` winnable, `None` where it gives none.
pub(crate) fn chasolver_can_mate(pos: &Chess, side: Color) -> Option<bool> {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let board = chess::Board::from_str(&fen).unwrap();
    let c = match side {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    };
    chasolver::winnability(&board, c).map(|w| matches!(w, chasolver::Winnability::Winnable { .. }))
}

/// `pos` after up to `plies` random legal moves drawn with `next`.
pub(crate) fn random_walk(
    pos: &Chess,
    plies: usize,
    next: &mut impl FnMut(usize) -> usize,
) -> Chess {
    let mut p = pos.clone();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play_unchecked(moves[next(moves.len())]);
    }
    p
}

/// Whether every proof that a side cannot mate agrees with chasolver:
/// `proves` is asked for both sides of each of `starts` after a random
/// walk of up to 23 plies (drawn from `seed`), and wherever it holds,
/// chasolver must find that side unable to mate. Returns how often it
/// held, and of how many questions.
pub(crate) fn proofs_agree_with_chasolver(
    starts: &[Chess],
    seed: u64,
    proves: impl Fn(&Chess, Color) -> bool,
) -> (usize, usize) {
    let mut next_rand = test_rng(seed);
    let (mut held, mut checked) = (0, 0);
    for (game, start) in starts.iter().enumerate() {
        let p = random_walk(start, game % 24, &mut next_rand);
        for side in Color::ALL {
            checked += 1;
            if proves(&p, side) {
                held += 1;
                let fen = Fen::from_position(&p, EnPassantMode::Legal);
                assert_eq!(chasolver_can_mate(&p, side), Some(false), "{fen} {side:?}");
            }
        }
    }
    (held, checked)
}
