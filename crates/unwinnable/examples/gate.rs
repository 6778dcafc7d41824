//! How the per-move check [`arbiter_unwinnable::dead_after_move`] does on a
//! labelled file: of the positions the label calls dead (`--`), how many it
//! proves, and how many the fast check alone proves:
//! `cargo run --release -p arbiter-unwinnable --example gate -- FILE [x]`
//! (`x` prints the dead positions it misses, `f` those only the forced
//! line proves with no check on the board).
use arbiter_unwinnable::{dead_after_move, quick_dead_position};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::read_to_string(&args[1]).expect("file");
    let (mut dead, mut quick, mut per_move, mut wrong) = (0, 0, 0, 0);
    for l in file.lines().filter(|l| !l.starts_with('#') && l.len() > 3) {
        let Ok(fen) = l[2..].trim().parse::<Fen>() else {
            continue;
        };
        let Ok(pos) = fen.into_position::<Chess>(CastlingMode::Standard) else {
            continue;
        };
        let said = dead_after_move(&pos);
        if l.starts_with("--") {
            dead += 1;
            quick += usize::from(quick_dead_position(&pos));
            per_move += usize::from(said);
            let mode = args.get(2).map(String::as_str);
            if !said && mode == Some("x") {
                println!("missed {l}");
            }
            if said && mode == Some("f") && !quick_dead_position(&pos) && !pos.is_check() {
                println!("forced {l}");
            }
        } else if said {
            wrong += 1;
            println!("WRONG {l}");
        }
    }
    println!(
        "dead: {dead}; proved by the fast check: {quick}; by the per-move check: {per_move}; live called dead: {wrong}"
    );
}
