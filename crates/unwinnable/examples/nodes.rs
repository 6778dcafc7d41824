//! Nodes spent per side over a labelled file (a load-independent measure
//! of speed): `cargo run --release -p arbiter-unwinnable --example nodes -- FILE [EVERY] [NODES] [SHOW]`,
//! printing each side that spent at least SHOW nodes.
use arbiter_unwinnable::{Budget, Horizon, Verdict, can_mate_counted};
use shakmaty::{CastlingMode, Chess, Color, fen::Fen};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::read_to_string(&args[1]).expect("file");
    let every: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let budget = Budget::nodes(
        args.get(3)
            .and_then(|s| s.parse().ok())
            .unwrap_or(Budget::DEFAULT.nodes),
    );
    // Sides that spent at least this many nodes are printed.
    let show: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(u64::MAX);
    let (mut n, mut total, mut undet) = (0u64, 0u64, 0u64);
    let mut buckets = [0u64; 8];
    for l in file
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .step_by(every)
    {
        let Ok(fen) = l[2..].trim().parse::<Fen>() else {
            continue;
        };
        let Ok(pos) = fen.into_position::<Chess>(CastlingMode::Standard) else {
            continue;
        };
        for side in [Color::White, Color::Black] {
            let (v, used) = can_mate_counted(&pos, side, Horizon::Unbounded, budget);
            if used >= show {
                println!("{used:>8} {side:?} {:?} {}", v.can_mate(), l.trim());
            }
            n += 1;
            total += used;
            if v == Verdict::Undetermined {
                undet += 1;
            }
            let b = (used.max(1) as f64).log10() as usize;
            buckets[b.min(7)] += 1;
        }
    }
    println!(
        "sides={n} avg_nodes={:.0} undet={undet} share_of_nodes_in_undet={:.2} log10 buckets={buckets:?}",
        total as f64 / n as f64,
        (undet * budget.nodes) as f64 / total as f64
    );
}
