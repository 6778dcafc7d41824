//! Per side: our verdict, nodes and time beside chasolver's time, over a
//! labelled file: `cargo run --release -p arbiter-unwinnable --example compare -- FILE [NODES]`
//! (`NO_PEER=1` leaves chasolver out: its column says `-`).
use std::str::FromStr;
use std::time::Instant;

use arbiter_unwinnable::{Budget, Horizon, can_mate_counted};
use shakmaty::{Chess, Color, fen::Fen};

/// A composed position's FEN read ([`arbiter_unwinnable::composed_position`]).
fn lenient(fen: Fen) -> Option<Chess> {
    arbiter_unwinnable::composed_position(fen).ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::read_to_string(&args[1]).expect("file");
    let nodes: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(Budget::DEFAULT.nodes);
    let peer = std::env::var_os("NO_PEER").is_none();
    for l in file.lines().filter(|l| !l.starts_with('#') && l.len() > 3) {
        let (want, fen) = l.split_at(2);
        let fen = fen.trim();
        let Some(pos) = lenient(fen.parse::<Fen>().unwrap()) else {
            continue;
        };
        let board = chess::Board::from_str(fen).unwrap();
        for (k, (side, cside)) in [
            (Color::White, chess::Color::White),
            (Color::Black, chess::Color::Black),
        ]
        .into_iter()
        .enumerate()
        {
            let t = Instant::now();
            let (v, used) = can_mate_counted(&pos, side, Horizon::Unbounded, Budget::nodes(nodes));
            let ours = t.elapsed().as_secs_f64() * 1e3;
            let t = Instant::now();
            let theirs = if peer {
                chasolver::winnability(&board, cside)
            } else {
                None
            };
            let tt = t.elapsed().as_secs_f64() * 1e3;
            let g = match v.can_mate() {
                Some(true) => 'Y',
                Some(false) => 'N',
                None => '?',
            };
            let w = if want.as_bytes()[k] == b'-' { 'N' } else { 'Y' };
            let c = match theirs {
                Some(chasolver::Winnability::Winnable { .. }) => 'Y',
                Some(_) => 'N',
                None => '?',
            };
            println!(
                "{w}\t{g}\t{c}\t{used}\t{ours:.2}\t{tt:.2}\t{:?}\t{fen}",
                side
            );
        }
    }
}
