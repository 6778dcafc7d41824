//! Reading Tavreli records for `arbiter audit --variant tavreli`: the
//! federation's PGN (arbiter_tavreli::pgn), streamed one game at a time and
//! turned into the generic records the Laws audit takes.

use arbiter_laws::audit::{RecordedGame, parse_clk};
use arbiter_tavreli::pgn::{Games, PgnGame};
use std::io::BufRead;

/// The games of a Tavreli PGN source. A game that cannot be read becomes a
/// record with `read_error`, so the audit reports it and goes on; an `Err`
/// (a line too long, a read error) ends the stream.
pub fn games<R: BufRead>(source: R) -> impl Iterator<Item = Result<RecordedGame, String>> {
    Games::new(source).enumerate().map(|(i, g)| match g {
        Err(e) => Err(e.to_string()),
        Ok(Ok(g)) => Ok(record(i + 1, g)),
        Ok(Err(e)) => Ok(RecordedGame {
            number: i + 1,
            read_error: Some(e.to_string()),
            ..Default::default()
        }),
    })
}

fn record(number: usize, g: PgnGame) -> RecordedGame {
    let mut notes = Vec::new();
    let clocks = g
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut reading = None;
            for c in &m.comments {
                match parse_clk(c) {
                    Some(Ok(ms)) => reading = Some(ms),
                    Some(Err(e)) => notes.push(format!("ply {}: {e}; ignored", i + 1)),
                    None => {}
                }
            }
            reading
        })
        .collect();
    let mut tags = g.tags;
    if let Some(r) = &g.result
        && !tags.iter().any(|(k, _)| k == "Result")
    {
        tags.push(("Result".into(), r.clone()));
    }
    RecordedGame {
        number,
        moves: g.moves.into_iter().map(|m| m.text).collect(),
        clocks,
        tags,
        read_error: None,
        notes,
    }
}
