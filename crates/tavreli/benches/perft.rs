//! Prints the figures the issue asks for (no criterion: one timed run per
//! figure is what the closing note reports, and it keeps the deps minimal).
//!
//! `cargo bench -p arbiter-tavreli` (or `--bench perft -- DEPTH`):
//! - perft nodes/s from the initial position and from the most tower-heavy
//!   position within the first 30 plies of the 20 records;
//! - the opponent's nodes/s and completed depth at 1 s per move.
use arbiter_laws::{MoveInput, RuleSet};
use arbiter_tavreli::search::{Engine, Limits};
use arbiter_tavreli::{Position, Tavreli, fen, pgn};
use std::time::{Duration, Instant};

fn tower_heavy() -> Position {
    let rules = Tavreli::default();
    let mut best = (0usize, Position::initial());
    for g in pgn::read_games(include_str!("../tests/data/games.pgn")) {
        let g = g.expect("records parse");
        let mut pos = rules.initial_position();
        // the middlegame: the first 30 plies (later positions are often
        // a few moves from mate and say little about search speed)
        for m in g.moves.iter().take(30) {
            let MoveInput::Legal(mv) = rules.parse_move(&pos, &m.text) else {
                break;
            };
            rules.play(&mut pos, &mv);
            // men standing in towers of two or more
            let stacked: usize = (0..64).map(|s| pos.height(s)).filter(|&h| h > 1).sum();
            let mut p = pos.clone();
            if stacked > best.0 && !p.legal_moves().is_empty() {
                best = (stacked, pos.clone());
            }
        }
    }
    best.1
}

fn perft_rate(name: &str, pos: &Position, depth: u32) {
    let mut p = pos.clone();
    let t = Instant::now();
    let n = p.perft(depth);
    let dt = t.elapsed().as_secs_f64();
    println!(
        "perft {name} depth {depth}: {n} nodes in {dt:.3} s = {:.2} M nodes/s",
        n as f64 / dt / 1e6
    );
}

/// Perft that also makes and unmakes every leaf move (no bulk counting at
/// the last ply), for an honest per-node cost.
fn perft_full(p: &mut Position, depth: u32, bufs: &mut [Vec<arbiter_tavreli::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (cur, rest) = bufs.split_first_mut().expect("buffer per ply");
    p.legal_moves_into(cur);
    let mut n = 0;
    for &m in cur.iter() {
        let u = p.make(m);
        n += perft_full(p, depth - 1, rest);
        p.unmake(m, u);
    }
    n
}

fn perft_full_rate(name: &str, pos: &Position, depth: u32) {
    let mut p = pos.clone();
    let mut bufs: Vec<Vec<_>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    let t = Instant::now();
    let n = perft_full(&mut p, depth, &mut bufs);
    let dt = t.elapsed().as_secs_f64();
    println!(
        "perft {name} depth {depth}, every leaf made/unmade: {n} nodes in {dt:.3} s = {:.2} M nodes/s",
        n as f64 / dt / 1e6
    );
}

fn main() {
    let depth: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(5);
    let init = Position::initial();
    let heavy = tower_heavy();
    println!("tower-heavy position: {}", fen::to_text(&heavy));
    perft_rate("initial", &init, depth);
    perft_rate("tower-heavy", &heavy, depth.saturating_sub(1).max(1));
    perft_full_rate("initial", &init, depth.saturating_sub(1).max(1));
    perft_full_rate("tower-heavy", &heavy, depth.saturating_sub(2).max(1));
    for (name, pos) in [("initial", &init), ("tower-heavy", &heavy)] {
        let mut e = Engine::new(64);
        let t = Instant::now();
        let r = e.search_until(pos, Limits::unbounded(), &|| {
            t.elapsed() >= Duration::from_secs(1)
        });
        let secs = t.elapsed().as_secs_f64();
        println!(
            "opponent {name}, 1 s: depth {} completed, {} nodes in {secs:.3} s = {:.2} M nodes/s",
            r.depth,
            r.nodes,
            r.nodes as f64 / secs / 1e6
        );
    }
}
