//! Label a file of chasolver test positions and print disagreements:
//! `cargo run --release -p arbiter-unwinnable --example labels -- FILE [EVERY] [NODES]`.

use arbiter_unwinnable::{Budget, Horizon, label};
use shakmaty::Chess;
use shakmaty::fen::Fen;
use std::time::Instant;

/// A composed position's FEN read ([`arbiter_unwinnable::composed_position`]).
fn lenient(fen: Fen) -> Option<Chess> {
    arbiter_unwinnable::composed_position(fen).ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::read_to_string(&args[1]).expect("file");
    let every: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let nodes: u64 = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Budget::DEFAULT.nodes);
    // `SLOW=MS` prints every position that took longer.
    let slow: Option<f64> = std::env::var("SLOW").ok().and_then(|s| s.parse().ok());
    let (mut n, mut wrong, mut undet) = (0, 0, 0);
    let mut times = Vec::new();
    for (i, l) in file
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .enumerate()
    {
        if i % every != 0 {
            continue;
        }
        let (want, fen) = l.split_at(2);
        let pos: Chess = lenient(fen.trim().parse::<Fen>().unwrap()).unwrap();
        let t = Instant::now();
        let got = label(&pos, Horizon::Unbounded, Budget::nodes(nodes));
        let dt = t.elapsed().as_secs_f64() * 1e3;
        times.push(dt);
        if slow.is_some_and(|s| dt > s) {
            println!("SLOW {got} {fen} {dt:.1}ms");
        }
        n += 1;
        if got.contains('?') {
            undet += 1;
            println!("UNDET {got} want {want} {fen} {dt:.1}ms");
        }
        if got
            .chars()
            .zip(want.chars())
            .any(|(g, w)| g != '?' && g != w)
        {
            wrong += 1;
            println!("WRONG {got} want {want} {fen}");
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let avg = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "n={n} wrong={wrong} undet={undet} avg={avg:.3}ms p99={:.2}ms max={:.2}ms",
        times[times.len() * 99 / 100],
        times[times.len() - 1]
    );
}
