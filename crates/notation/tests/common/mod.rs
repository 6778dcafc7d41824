//! Positions from real games (tests/data/lichess-sample.pgn, copied from the shared data).
use shakmaty::san::San;
use shakmaty::{Chess, Position};

/// Every position (before each move) of the sample games, in order.
pub fn positions() -> Vec<Chess> {
    let pgn = include_str!("../data/lichess-sample.pgn");
    let mut out = Vec::new();
    let mut pos = Chess::default();
    for line in pgn.lines() {
        if line.starts_with("[Event ") {
            pos = Chess::default();
            continue;
        }
        if line.starts_with('[') || line.trim().is_empty() {
            continue;
        }
        // Strip {comments}.
        let mut text = String::new();
        let mut depth = 0;
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => text.push(c),
                _ => {}
            }
        }
        for tok in text.split_whitespace() {
            let tok = tok.trim_end_matches(['!', '?']);
            if tok.is_empty()
                || tok.ends_with('.')
                || tok.starts_with('$')
                || matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*")
            {
                continue;
            }
            let san: San = tok.parse().unwrap_or_else(|_| panic!("bad SAN {tok}"));
            let m = san
                .to_move(&pos)
                .unwrap_or_else(|_| panic!("illegal SAN {tok}"));
            out.push(pos.clone());
            pos = pos.play(m).expect("legal");
        }
    }
    out
}
