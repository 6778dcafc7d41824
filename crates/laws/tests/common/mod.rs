//! What the tests of the fold share: the toy rule set and a table to play
//! it on. Games are made from a log header written as JSON, as every front
//! end makes them, so the tests go through the same door.
#![allow(dead_code)]

pub mod toy;

use arbiter_laws::event::{ClaimKind, Event, TimedEvent};
use arbiter_laws::game::Rejection;
use arbiter_laws::log::{parse_event, parse_header};
use arbiter_laws::replay::new_game;
use arbiter_laws::{Game, GameResult, RuleSet, Side, Termination};
#[allow(unused_imports)]
pub use toy::{Mv, Pos, State, Toy};

/// One minute in milliseconds.
pub const MIN: i64 = 60_000;

/// The FIDE editions, oldest first, as the log header writes them.
pub const EDITIONS: [&str; 4] = ["2005", "2017", "2018", "2023"];
/// The editions from 2017 on.
pub const MODERN: [&str; 3] = ["2017", "2018", "2023"];

/// A log header line with `fields` (JSON members, without braces) after
/// the format and version.
pub fn header_line(fields: &str) -> String {
    let sep = if fields.is_empty() { "" } else { "," };
    format!(r#"{{"format":"arbiter-log","version":1{sep}{fields}}}"#)
}

/// A game of the toy under the header `fields`.
pub fn game_with(rules: Toy, fields: &str) -> Game<Toy> {
    let header = parse_header(&header_line(fields)).expect("test header");
    new_game(rules, &header).expect("test game")
}

/// One event line (`{"at":…,"type":…}`) read as the log reader reads it.
pub fn event(line: &str) -> TimedEvent {
    parse_event(line).expect("test event")
}

/// A game on a table: events are stamped by a clock that moves on a
/// second after each one unless told otherwise.
pub struct Table {
    /// The game.
    pub game: Game<Toy>,
    /// The instant of the next event, in ms since White's clock started.
    pub at: u64,
}

impl Table {
    /// The penalties given so far: who, what, and the time involved.
    pub fn penalties(&self) -> Vec<(Side, arbiter_laws::PenaltyKind, Option<i64>)> {
        self.game
            .penalties()
            .iter()
            .map(|p| (p.side, p.kind, p.ms))
            .collect()
    }

    /// A game of the toy from its initial position under header `fields`.
    pub fn new(fields: &str) -> Self {
        Table {
            game: game_with(Toy::default(), fields),
            at: 1_000,
        }
    }

    /// A game of the toy from the position `start` (toy text).
    pub fn from(fields: &str, start: &str) -> Self {
        let sep = if fields.is_empty() { "" } else { "," };
        Table::new(&format!(r#"{fields}{sep}"start":"{start}""#))
    }

    /// The side having the move.
    pub fn turn(&self) -> Side {
        self.game.rules().turn(self.game.position())
    }

    /// The position on the board.
    pub fn pos(&self) -> &Pos {
        self.game.position()
    }

    /// Applies `ev` at the table's instant, then moves the instant on a second.
    pub fn apply(&mut self, ev: Event) -> Result<(), Rejection> {
        let r = self.game.apply(&TimedEvent {
            at: self.at,
            event: ev,
        });
        self.at += 1_000;
        r
    }

    /// Applies a JSON event line whose `at` is the table's instant:
    /// `fields` are its members after `at` (e.g. `"type":"arbiter","action":"pause"`).
    pub fn json(&mut self, fields: &str) -> Result<(), Rejection> {
        let ev = event(&format!(r#"{{"at":{},{fields}}}"#, self.at));
        self.at += 1_000;
        self.game.apply(&ev)
    }

    /// An arbiter's action, `fields` after the type (`"action":"warning","side":"white"`).
    pub fn arbiter(&mut self, fields: &str) -> Result<(), Rejection> {
        self.json(&format!(r#""type":"arbiter",{fields}"#))
    }

    /// The side to move makes `text` and presses.
    pub fn play(&mut self, text: &str) -> Result<(), Rejection> {
        let side = self.turn();
        self.apply(Event::Move {
            side,
            mv: text.into(),
            press: true,
            lag_ms: None,
        })
    }

    /// `side` makes `text` and presses (the side to move in the position
    /// is still the offender's while his illegal move may be claimed).
    pub fn play_as(&mut self, side: Side, text: &str) -> Result<(), Rejection> {
        self.apply(Event::Move {
            side,
            mv: text.into(),
            press: true,
            lag_ms: None,
        })
    }

    /// The side to move makes `text` without pressing.
    pub fn make(&mut self, text: &str) -> Result<(), Rejection> {
        let side = self.turn();
        self.apply(Event::Move {
            side,
            mv: text.into(),
            press: false,
            lag_ms: None,
        })
    }

    /// Plays every text in turn, each completed; each must be accepted.
    pub fn plays(&mut self, texts: &[&str]) {
        for t in texts {
            let ply = self.game.plies().len();
            self.play(t)
                .unwrap_or_else(|e| panic!("ply {ply} {t:?} refused: {e}"));
        }
    }

    /// `side` presses his clock.
    pub fn press(&mut self, side: Side) -> Result<(), Rejection> {
        self.apply(Event::Press { side })
    }

    /// `side` claims `claim`, with an intended move or none.
    pub fn claim(
        &mut self,
        side: Side,
        claim: ClaimKind,
        intended: Option<&str>,
    ) -> Result<(), Rejection> {
        self.apply(Event::Claim {
            side,
            claim,
            intended: intended.map(str::to_string),
        })
    }

    /// The result and the reason, once the game is over.
    pub fn ended(&self) -> Option<(GameResult, Termination)> {
        self.game.outcome().map(|o| (o.result, o.termination))
    }

    /// `side`'s clock at the table's instant.
    pub fn left(&self, side: Side) -> i64 {
        self.game
            .timing()
            .remaining(side, self.at)
            .expect("a clock")
    }
}

/// `n` rounds of the four plies that bring the initial position back:
/// each side steps out and each steps back.
pub fn shuffle(n: usize) -> Vec<&'static str> {
    ["step", "step", "back", "back"].repeat(n)
}

/// `n` quiet plies that never repeat a position: both sides walk on.
pub fn walk(n: usize) -> Vec<&'static str> {
    vec!["step"; n]
}
