//! PGN for standard chess: reading records for audits (through pgn-reader)
//! and writing a replayed game (Art. 8, Appendix C).
//!
//! pgn-reader skips tokens it cannot read as SAN; such a gap almost always
//! makes the next move illegal, and the audit reports that ply.

use crate::audit::{RecordedGame, parse_clk};
use crate::game::Game;
use crate::ruleset::RuleSet;
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use std::io::Read;
use std::ops::ControlFlow;

struct Collector {
    number: usize,
}

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = RecordedGame;
    type Output = RecordedGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.number += 1;
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(RecordedGame {
            number: self.number,
            tags,
            ..Default::default()
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        game.moves.push(san.to_string());
        game.clocks.push(None);
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        game: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if let Some(last) = game.clocks.last_mut()
            && let Ok(text) = std::str::from_utf8(comment.as_bytes())
            && let Some(ms) = parse_clk(text)
        {
            *last = Some(ms);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _game: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

/// Streams the games of a PGN source, one [`RecordedGame`] at a time.
/// A read error ends the stream with an `Err`.
pub struct PgnGames<R: Read> {
    reader: Reader<R>,
    collector: Collector,
    failed: bool,
}

impl<R: Read> PgnGames<R> {
    pub fn new(source: R) -> Self {
        PgnGames {
            reader: Reader::new(source),
            collector: Collector { number: 0 },
            failed: false,
        }
    }
}

impl<R: Read> Iterator for PgnGames<R> {
    type Item = Result<RecordedGame, String>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.reader.read_game(&mut self.collector) {
            Ok(Some(g)) => Some(Ok(g)),
            Ok(None) => None,
            Err(e) => {
                // A broken tag section: report it for the game being read and
                // go on with the next one (pgn-reader resynchronises).
                let n = self.collector.number;
                Some(Ok(RecordedGame {
                    number: n,
                    read_error: Some(format!("unreadable PGN: {e}")),
                    ..Default::default()
                }))
            }
        }
    }
}

/// Writes a replayed game as PGN: the Seven Tag Roster, `TimeControl`,
/// `Termination`, `[%clk]` after each completed move and `(=)` for draw
/// offers (L-9.1d, Appendix C).
pub fn write_pgn<R: RuleSet>(
    game: &Game<R>,
    white: &str,
    black: &str,
    time_control: Option<&str>,
) -> String {
    let rules = game.rules();
    let result = game.outcome().map(|o| o.result.as_str()).unwrap_or("*");
    let mut out = String::new();
    let esc = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", esc(v)));
    tag("Event", "?");
    tag("Site", "?");
    tag("Date", "????.??.??");
    tag("Round", "-");
    tag("White", white);
    tag("Black", black);
    tag("Result", result);
    if rules.variant() != "chess" {
        let v = rules.variant();
        let mut c = v.chars();
        let cap: String = c
            .next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default();
        tag("Variant", &cap);
    }
    let start_text = rules.position_text(game.start_position());
    if start_text != rules.position_text(&rules.initial_position()) {
        tag("SetUp", "1");
        tag("FEN", &start_text);
    }
    if let Some(tc) = time_control {
        tag("TimeControl", tc);
    }
    if let Some(o) = game.outcome() {
        tag("Termination", termination_tag(o.termination));
    }
    out.push('\n');
    let texts = game.move_texts();
    let mut line = String::new();
    let mut words: Vec<String> = Vec::new();
    let mut number = rules.fullmove_number(game.start_position());
    for (i, (p, text)) in game.plies().iter().zip(texts).enumerate() {
        if p.side == arbiter_edition::Side::White {
            if i > 0 {
                number += 1;
            }
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        let mut w = text;
        if p.draw_offer {
            w.push_str(" (=)");
        }
        words.push(w);
        if let Some(left) = p.clock_after {
            words.push(format!("{{[%clk {}]}}", clk(left)));
        }
    }
    words.push(result.to_string());
    for w in words {
        if line.len() + w.len() + 1 > 79 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(&w);
        line.push(' ');
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

fn clk(ms: i64) -> String {
    let ms = ms.max(0);
    let s = ms / 1000;
    let tenths = (ms % 1000) / 100;
    if tenths > 0 {
        format!("{}:{:02}:{:02}.{}", s / 3600, (s / 60) % 60, s % 60, tenths)
    } else {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    }
}

fn termination_tag(t: crate::outcome::Termination) -> &'static str {
    use crate::outcome::Termination::*;
    match t {
        TimeForfeit => "time forfeit",
        Arbiter | IllegalMoves => "rules infraction",
        _ => "normal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_games_tags_moves_and_clocks() {
        let pgn = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%clk 0:02:59.5] } 2. Qh5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let games: Vec<_> = PgnGames::new(pgn.as_bytes()).map(|g| g.unwrap()).collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, vec!["e4", "e5", "Qh5"]);
        assert_eq!(games[0].clocks, vec![Some(180_000), Some(179_500), None]);
        assert_eq!(games[0].tag("result"), Some("1-0"));
        assert_eq!(games[1].number, 2);
        assert_eq!(clk(3_723_400), "1:02:03.4");
    }
}
