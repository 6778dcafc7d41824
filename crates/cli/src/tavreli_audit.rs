//! Reading Tavreli records for `arbiter audit --variant tavreli`: the
//! federation's PGN (arbiter_tavreli::pgn) turned into the generic records
//! the Laws audit takes.

use arbiter_laws::audit::{RecordedGame, parse_clk};
use std::io::Read;

/// Reads a whole Tavreli PGN source. A game that cannot be read becomes a
/// record with `read_error`, so the audit reports it and goes on.
pub fn read_pgn(mut source: Box<dyn Read>) -> Result<Vec<Result<RecordedGame, String>>, String> {
    let mut text = String::new();
    source
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    Ok(arbiter_tavreli::pgn::read_games(&text)
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            Ok(match g {
                Ok(g) => RecordedGame {
                    number: i + 1,
                    moves: g.moves.iter().map(|m| m.text.clone()).collect(),
                    clocks: g
                        .moves
                        .iter()
                        .map(|m| m.comments.iter().find_map(|c| parse_clk(c)))
                        .collect(),
                    tags: {
                        let mut t = g.tags.clone();
                        if let Some(r) = &g.result
                            && !t.iter().any(|(k, _)| k == "Result")
                        {
                            t.push(("Result".into(), r.clone()));
                        }
                        t
                    },
                    read_error: None,
                },
                Err(e) => RecordedGame {
                    number: i + 1,
                    read_error: Some(format!("line {}: {:?}: {}", e.line, e.token, e.reason)),
                    ..Default::default()
                },
            })
        })
        .collect())
}
