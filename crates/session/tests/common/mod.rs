//! Shared by the scripted games: every log a session writes must replay
//! through the Laws reader and fold to the state the session reports.
#![allow(dead_code)]

use arbiter_chess::Chess;
use arbiter_laws::log::{Header, parse_log};
use arbiter_laws::replay::{replay, report};
use arbiter_notation::Lexicon;
use arbiter_session::{Announcement, Input, Kind, Mode, Output, Session, SessionConfig, Variant};
use arbiter_tavreli::Tavreli;

/// A session and everything it has written and said so far.
pub struct Played<R: Variant> {
    pub s: Session<R>,
    pub log: Vec<String>,
    pub said: Vec<Announcement>,
}

impl<R: Variant> Played<R> {
    pub fn new(rules: R, header: Header, mode: Mode, lexicon: Lexicon, alarms: Vec<u64>) -> Self {
        let config = SessionConfig {
            header,
            mode,
            lexicon,
            alarms_ms: [alarms.clone(), alarms],
        };
        let s = Session::new(rules, config).unwrap();
        Played {
            s,
            log: Vec::new(),
            said: Vec::new(),
        }
    }

    pub fn keep(&mut self, out: Output) -> Output {
        assert_eq!(out.log.len(), out.events.len());
        self.log.extend(out.log.iter().cloned());
        self.said.extend(out.announcements.iter().cloned());
        out
    }

    pub fn input(&mut self, now: u64, i: Input) -> Output {
        let out = self.s.handle(now, i);
        self.keep(out)
    }

    pub fn mv(&mut self, now: u64, text: &str) -> Output {
        self.input(
            now,
            Input::Move {
                side: None,
                text: text.into(),
            },
        )
    }

    pub fn poll(&mut self, now: u64) -> Output {
        let out = self.s.poll(now);
        self.keep(out)
    }

    pub fn log_text(&self) -> String {
        let mut t = self.s.header_line().unwrap();
        t.push('\n');
        for l in &self.log {
            t.push_str(l);
            t.push('\n');
        }
        t
    }

    pub fn texts(&self) -> Vec<String> {
        self.said.iter().map(|a| a.text.clone()).collect()
    }

    pub fn kinds(&self) -> Vec<Kind> {
        self.said.iter().map(|a| a.kind.clone()).collect()
    }
}

/// The log replays with no line rejected, to exactly the session's report
/// (result, termination, clocks, moves, penalties, position).
pub fn assert_replays_chess(p: &Played<Chess>) -> serde_json::Value {
    let log = parse_log(&p.log_text()).unwrap();
    let (game, rejected) = replay(Chess::default(), &log).unwrap();
    assert!(rejected.is_empty(), "{rejected:?}\n{}", p.log_text());
    let replayed = serde_json::to_value(report(&game, rejected)).unwrap();
    let live = serde_json::to_value(p.s.state()).unwrap();
    assert_eq!(replayed, live, "\n{}", p.log_text());
    live
}

/// The same for Tavreli.
pub fn assert_replays_tavreli(text: &str, live: serde_json::Value) {
    let log = parse_log(text).unwrap();
    let (game, rejected) = replay(Tavreli::default(), &log).unwrap();
    assert!(rejected.is_empty(), "{rejected:?}\n{text}");
    let replayed = serde_json::to_value(report(&game, rejected)).unwrap();
    assert_eq!(replayed, live, "\n{text}");
}

pub fn header(control: Option<&str>) -> Header {
    Header::new("Анна", "Boris", control)
}
