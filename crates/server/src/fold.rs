//! A stored log folded by the Laws, for any variant: the state a reader
//! sees (`arbiter replay --json`), the PGN, and a watcher's running copy.

use arbiter_chess::Chess;
use arbiter_chess::pgn::{pgn_date, write_pgn_dated};
use arbiter_laws::log::{Header, parse_event, parse_header};
use arbiter_laws::replay::{self, Report};
use arbiter_laws::{Game, TimedEvent};
use arbiter_store::GameLog;
use arbiter_tavreli::Tavreli;

/// The Laws fold of one game.
pub enum Fold {
    /// A chess game.
    Chess(Box<Game<Chess>>),
    /// A Tavreli game.
    Tavreli(Box<Game<Tavreli>>),
}

/// The Tavreli rules a header asks for (its 50-move rule may be off).
pub fn tavreli_rules(header: &Header) -> Tavreli {
    let mut rules = Tavreli::default();
    if let Some(on) = header.fifty_move_rule {
        rules.fifty_move_rule = on;
    }
    rules
}

impl Fold {
    /// An empty game as `header` describes it, as `arbiter replay` reads it.
    pub fn new(header: &Header) -> Result<Fold, String> {
        match header.variant {
            arbiter_laws::Variant::Tavreli => Ok(Fold::Tavreli(Box::new(
                replay::new_game(tavreli_rules(header), header).map_err(|e| e.to_string())?,
            ))),
            arbiter_laws::Variant::Chess => Ok(Fold::Chess(Box::new(
                replay::new_game(Chess::default(), header).map_err(|e| e.to_string())?,
            ))),
        }
    }

    /// Refuses a new game from a start the Laws have already ended
    /// ([`replay::playable_start`]).
    pub fn playable_start(&self) -> Result<(), String> {
        match self {
            Fold::Chess(g) => replay::playable_start(g),
            Fold::Tavreli(g) => replay::playable_start(g),
        }
        .map_err(|e| e.to_string())
    }

    /// A whole stored log, folded; the header comes back beside it.
    pub fn of_log(log: &GameLog) -> Result<(Header, Fold), String> {
        let header = parse_header(&log.header).map_err(|e| e.to_string())?;
        let mut fold = Fold::new(&header)?;
        for e in &log.events {
            // A line the Laws reject changes nothing, in replay as here.
            let _ = fold.apply_line(&e.line);
        }
        Ok((header, fold))
    }

    /// Applies one log line; the event read, or why it was rejected.
    pub fn apply_line(&mut self, line: &str) -> Result<TimedEvent, String> {
        let ev = parse_event(line).map_err(|e| e.to_string())?;
        match self {
            Fold::Chess(g) => g.apply(&ev)?,
            Fold::Tavreli(g) => g.apply(&ev)?,
        }
        Ok(ev)
    }

    /// The state: what `arbiter replay --json` prints for the log so far.
    pub fn report(&self) -> Report {
        match self {
            Fold::Chess(g) => replay::report(g, Vec::new()),
            Fold::Tavreli(g) => replay::report(g, Vec::new()),
        }
    }

    /// The game as PGN, as `arbiter replay --pgn` writes it, dated with
    /// the UTC day of `created_at_ms` (the hall's record of when the game
    /// was created; a log carries no date).
    pub fn pgn(&self, header: &Header, created_at_ms: i64) -> String {
        let w = header.white.as_deref().unwrap_or("?");
        let b = header.black.as_deref().unwrap_or("?");
        let tc = header.time_control.as_deref();
        let date = pgn_date(created_at_ms);
        match self {
            Fold::Chess(g) => write_pgn_dated(g, w, b, tc, Some(&date)),
            Fold::Tavreli(g) => write_pgn_dated(g, w, b, tc, Some(&date)),
        }
    }
}
