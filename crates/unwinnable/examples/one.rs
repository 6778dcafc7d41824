//! Analyse one position for one side and print the helpmate in SAN:
//! `cargo run --release -p arbiter-unwinnable --example one -- FEN w|b [NODES]`.
use arbiter_unwinnable::*;
use shakmaty::{CastlingMode, Chess, Color, fen::Fen, san::SanPlus};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let pos: Chess = match a[1]
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
    {
        Ok(p) => p,
        // Composed positions may hold more material than a game can.
        Err(e) => e.ignore_too_much_material().unwrap(),
    };
    let side = if a[2] == "w" {
        Color::White
    } else {
        Color::Black
    };
    let nodes = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(150000);
    let t = std::time::Instant::now();
    let v = can_mate(&pos, side, Budget::nodes(nodes));
    println!("{:?}", t.elapsed());
    if let Verdict::Winnable { helpmate } = &v {
        let mut p = pos.clone();
        for m in helpmate {
            print!("{} ", SanPlus::from_move_and_play_unchecked(&mut p, *m));
        }
        println!();
    } else {
        println!("{v:?}");
    }
}
