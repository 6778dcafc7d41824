//! Prints how each of the 20 records ends under our rules: the final
//! position text, whether the side to move is in check, and its legal moves.
use arbiter_laws::{MoveInput, RuleSet};
use arbiter_tavreli::{Tavreli, fen, notation, pgn};

fn main() {
    let rules = Tavreli::default();
    for (i, g) in pgn::read_games(include_str!("../tests/data/games.pgn"))
        .into_iter()
        .enumerate()
    {
        let g = g.expect("record parses");
        let mut pos = rules.initial_position();
        for m in &g.moves {
            let MoveInput::Legal(mv) = rules.parse_move(&pos, &m.text) else {
                panic!()
            };
            rules.play(&mut pos, &mv);
        }
        let legal = pos.clone().legal_moves();
        println!(
            "game {:2}: last {:12} {:?} check={} legal={} {}",
            i + 1,
            g.moves.last().unwrap().text,
            rules.status(&pos),
            pos.in_check(),
            legal.len(),
            fen::to_text(&pos)
        );
        if legal.len() < 6 {
            let t: Vec<String> = legal
                .iter()
                .map(|&m| notation::move_plain(&pos, m))
                .collect();
            println!("          moves: {}", t.join(" "));
        }
    }
}
