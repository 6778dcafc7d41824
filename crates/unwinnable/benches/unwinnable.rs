//! Side by side with chasolver, in one run, on both labelled sets: the
//! time to label a position (both sides asked together, as the command
//! line does: `can_mate_each` on the default budget), as average, p99 and
//! maximum, and the number of undetermined answers; then the fast check's
//! average time.
//!
//! `cargo bench -p arbiter-unwinnable --bench unwinnable` runs every
//! position; `UNWINNABLE_BENCH_EVERY=N` takes every N-th one instead.

use std::hint::black_box;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use arbiter_unwinnable::{Budget, Horizon, Verdict, can_mate_each, quick_dead};
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color};

/// One labelled position in both libraries' forms.
struct Case {
    ours: Chess,
    theirs: chess::Board,
}

/// A composed position's FEN read ([`arbiter_unwinnable::composed_position`]).
fn lenient(fen: Fen) -> Option<Chess> {
    arbiter_unwinnable::composed_position(fen).ok()
}

fn load(name: &str, every: usize) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/unwinnability")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the data file");
    text.lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .step_by(every)
        .filter_map(|l| {
            let fen = l[2..].trim();
            let ours = lenient(fen.parse::<Fen>().ok()?)?;
            let theirs = chess::Board::from_str(fen).ok()?;
            Some(Case { ours, theirs })
        })
        .collect()
}

/// Average, p99 and maximum of a set of durations, in microseconds.
fn stats(mut t: Vec<Duration>) -> (f64, f64, f64) {
    t.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let avg = t.iter().map(|d| us(*d)).sum::<f64>() / t.len().max(1) as f64;
    let p99 = t.get(t.len() * 99 / 100).map_or(0.0, |d| us(*d));
    let max = t.last().map_or(0.0, |d| us(*d));
    (avg, p99, max)
}

fn run_ours(cases: &[Case]) -> (Vec<Duration>, usize) {
    let mut times = Vec::with_capacity(cases.len());
    let mut undetermined = 0;
    for c in cases {
        let t = Instant::now();
        let verdicts = can_mate_each(&c.ours, Horizon::Unbounded, Budget::DEFAULT);
        for side in [Color::White, Color::Black] {
            if verdicts[side] == Verdict::Undetermined {
                undetermined += 1;
            }
        }
        times.push(t.elapsed());
    }
    (times, undetermined)
}

fn run_theirs(cases: &[Case]) -> (Vec<Duration>, usize) {
    let mut times = Vec::with_capacity(cases.len());
    let mut undetermined = 0;
    for c in cases {
        let t = Instant::now();
        for side in [chess::Color::White, chess::Color::Black] {
            if chasolver::winnability(&c.theirs, side).is_none() {
                undetermined += 1;
            }
        }
        times.push(t.elapsed());
    }
    (times, undetermined)
}

fn main() {
    let every = std::env::var("UNWINNABLE_BENCH_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1usize)
        .max(1);
    println!(
        "per position, both sides asked; times in µs; default budget {} nodes",
        Budget::DEFAULT.nodes
    );
    println!(
        "{:<14} {:<10} {:>7} {:>10} {:>10} {:>11} {:>6}",
        "set", "solver", "n", "avg", "p99", "max", "undet"
    );
    for name in ["lichess.txt", "positions.txt"] {
        let cases = load(name, every);
        for (solver, (times, undet)) in [
            ("arbiter", run_ours(&cases)),
            ("chasolver", run_theirs(&cases)),
        ] {
            let (avg, p99, max) = stats(times);
            println!(
                "{name:<14} {solver:<10} {:>7} {avg:>10.1} {p99:>10.1} {max:>11.1} {undet:>6}",
                cases.len()
            );
        }
    }
    let cases = load("lichess.txt", every);
    let reps = 20;
    let t = Instant::now();
    for _ in 0..reps {
        for c in &cases {
            black_box(quick_dead(black_box(&c.ours), Color::White));
            black_box(quick_dead(black_box(&c.ours), Color::Black));
        }
    }
    let ours = t.elapsed().as_secs_f64() * 1e6 / (reps * cases.len() * 2) as f64;
    let t = Instant::now();
    for _ in 0..reps {
        for c in &cases {
            black_box(chasolver::is_unwinnable_fast(
                black_box(&c.theirs),
                chess::Color::White,
            ));
            black_box(chasolver::is_unwinnable_fast(
                black_box(&c.theirs),
                chess::Color::Black,
            ));
        }
    }
    let theirs = t.elapsed().as_secs_f64() * 1e6 / (reps * cases.len() * 2) as f64;
    println!(
        "fast check (one side, lichess set): arbiter quick_dead {ours:.3} µs, chasolver is_unwinnable_fast {theirs:.3} µs"
    );
}
