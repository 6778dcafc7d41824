//! Development aid: each side of a list (the notes' TSV: side in column 7,
//! FEN in column 8) with the nodes its verdict took:
//! `cargo run --release -p arbiter-unwinnable --example sides -- FILE [NODES]`.
use arbiter_unwinnable::{Budget, Horizon, can_mate_counted};
use shakmaty::{Chess, Color, fen::Fen};

/// A composed position's FEN read ([`arbiter_unwinnable::composed_position`]).
fn lenient(fen: Fen) -> Option<Chess> {
    arbiter_unwinnable::composed_position(fen).ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::read_to_string(&args[1]).expect("file");
    let nodes: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(125_000);
    let (mut found, mut total) = (0, 0);
    for (i, l) in file.lines().enumerate() {
        let cols: Vec<&str> = l.split('\t').collect();
        let side = if cols[6] == "White" {
            Color::White
        } else {
            Color::Black
        };
        let Some(pos) = lenient(cols[7].parse::<Fen>().unwrap()) else {
            continue;
        };
        let t = std::time::Instant::now();
        let (v, used) = can_mate_counted(&pos, side, Horizon::Unbounded, Budget::nodes(nodes));
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let mark = match v.can_mate() {
            Some(true) => 'Y',
            Some(false) => 'N',
            None => '?',
        };
        total += 1;
        if mark == 'Y' {
            found += 1;
        }
        println!(
            "{i}\t{mark}\t{used}\t{ms:.1}\t{}\t{}\t{}",
            cols[5], cols[6], cols[7]
        );
    }
    println!("found={found} of {total}");
}
