//! Tavreli records for the Laws audit (`arbiter audit --variant tavreli`).
//!
//! The federation's PGN ([`crate::pgn`]) is streamed one game at a time and each
//! game turned into the variant-free [`RecordedGame`] that
//! `arbiter_laws::audit::audit_game` judges with the [`Tavreli`](crate::Tavreli)
//! rule set. Clock readings come from `[%clk h:mm:ss]` comments (the same
//! syntax as chess PGN), so the audit can check the flag and the recording
//! duties (L-6, L-8.4) of a Tavreli game as it does for chess.
//!
//! ```
//! let pgn = "[Event \"?\"]\n\n1. e2-e3 {[%clk 0:59:58]} d7-d6 {[%clk 0:59:57]} *\n";
//! let games: Vec<_> = arbiter_tavreli::audit::games(pgn.as_bytes()).collect();
//! let g = games[0].as_ref().unwrap();
//! assert_eq!(g.moves, ["e2-e3", "d7-d6"]);
//! assert_eq!(g.clocks, [Some(3_598_000), Some(3_597_000)]);
//! ```

use crate::pgn::{Games, PgnGame};
use arbiter_laws::audit::{RecordedGame, parse_clk};
use arbiter_laws::log::LineError;
use std::io::BufRead;

/// The games of a Tavreli PGN source, numbered from 1 in the order read.
///
/// A game that cannot be read becomes a record with `read_error` set, so the
/// audit reports it and goes on to the next; an `Err` (a line longer than the
/// reader's bound, a read error of the source) ends the stream and is the
/// message to show. Memory stays bounded on endless input: one game at a time.
pub fn games<R: BufRead>(source: R) -> impl Iterator<Item = Result<RecordedGame, LineError>> {
    Games::new(source).enumerate().map(|(i, g)| match g {
        Err(e) => Err(e),
        Ok(Ok(g)) => Ok(record(i + 1, g)),
        Ok(Err(e)) => Ok(RecordedGame {
            number: i + 1,
            read_error: Some(e.to_string()),
            ..Default::default()
        }),
    })
}

/// One read game as the audit's record: the move texts, the clock reading
/// after each ply (a malformed `%clk` is noted and ignored, never fatal), the
/// tags, and the movetext result as a `Result` tag when the header has none.
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
