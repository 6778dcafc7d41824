//! Print the heuristic's favourite line (development aid).
use shakmaty::{CastlingMode, Chess, Color, fen::Fen, san::SanPlus};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let pos: Chess = a[1]
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let side = if a[2] == "w" {
        Color::White
    } else {
        Color::Black
    };
    let mut p = pos.clone();
    for (m, s) in arbiter_unwinnable::greedy_line(&pos, side, 30) {
        print!("{}({s}) ", SanPlus::from_move_and_play_unchecked(&mut p, m));
    }
    println!();
}
