//! Small helpers to write event logs in tests.
#![allow(dead_code)]

use arbiter_chess::Chess;
use arbiter_laws::log::parse_log;
use arbiter_laws::replay::{Report, replay, report};

/// A log under construction: a header and events, each stamped one second
/// after the previous one unless given a time.
pub struct Log {
    header: String,
    lines: Vec<String>,
    at: u64,
}

impl Log {
    /// `extra` is more header JSON, e.g. `"\"time_control\":\"300+0\""`.
    pub fn new(edition: &str, extra: &str) -> Self {
        let sep = if extra.is_empty() { "" } else { "," };
        Log {
            header: format!(
                "{{\"format\":\"arbiter-log\",\"version\":1,\"edition\":\"{edition}\",\"white\":\"W\",\"black\":\"B\"{sep}{extra}}}"
            ),
            lines: Vec::new(),
            at: 0,
        }
    }
    fn push(&mut self, body: &str) -> &mut Self {
        self.at += 1000;
        self.lines.push(format!("{{\"at\":{},{body}}}", self.at));
        self
    }
    /// Sets the time of the next event (ms).
    pub fn at(&mut self, at: u64) -> &mut Self {
        self.at = at.saturating_sub(1000);
        self
    }
    /// A move made and completed at once.
    pub fn mv(&mut self, side: &str, m: &str) -> &mut Self {
        self.push(&format!(
            "\"type\":\"move\",\"side\":\"{side}\",\"move\":\"{m}\",\"press\":true"
        ))
    }
    /// Moves alternating from White, each completed at once.
    pub fn moves(&mut self, list: &str) -> &mut Self {
        let mut side = "white";
        for m in list.split_whitespace() {
            self.mv(side, m);
            side = if side == "white" { "black" } else { "white" };
        }
        self
    }
    /// Moves alternating, starting with the given side.
    pub fn moves_from(&mut self, first: &str, list: &str) -> &mut Self {
        let mut side = first.to_string();
        for m in list.split_whitespace() {
            self.mv(&side.clone(), m);
            side = if side == "white" {
                "black".into()
            } else {
                "white".into()
            };
        }
        self
    }
    pub fn made(&mut self, side: &str, m: &str) -> &mut Self {
        self.push(&format!(
            "\"type\":\"move\",\"side\":\"{side}\",\"move\":\"{m}\""
        ))
    }
    pub fn press(&mut self, side: &str) -> &mut Self {
        self.push(&format!("\"type\":\"press\",\"side\":\"{side}\""))
    }
    pub fn event(&mut self, typ: &str, side: &str) -> &mut Self {
        self.push(&format!("\"type\":\"{typ}\",\"side\":\"{side}\""))
    }
    pub fn claim(&mut self, side: &str, claim: &str, intended: Option<&str>) -> &mut Self {
        let i = intended
            .map(|m| format!(",\"intended\":\"{m}\""))
            .unwrap_or_default();
        self.push(&format!(
            "\"type\":\"claim\",\"side\":\"{side}\",\"claim\":\"{claim}\"{i}"
        ))
    }
    /// A man touched with intent (L-4.3).
    pub fn touch(&mut self, side: &str, square: &str) -> &mut Self {
        self.push(&format!(
            "\"type\":\"touch\",\"side\":\"{side}\",\"square\":\"{square}\""
        ))
    }
    /// A man adjusted after saying so (L-4.2).
    pub fn adjust(&mut self, side: &str, square: &str) -> &mut Self {
        self.push(&format!(
            "\"type\":\"adjust\",\"side\":\"{side}\",\"square\":\"{square}\""
        ))
    }
    pub fn arbiter(&mut self, fields: &str) -> &mut Self {
        self.push(&format!("\"type\":\"arbiter\",{fields}"))
    }
    pub fn raw(&mut self, line: &str) -> &mut Self {
        self.lines.push(line.to_string());
        self
    }
    pub fn text(&self) -> String {
        let mut s = self.header.clone();
        for l in &self.lines {
            s.push('\n');
            s.push_str(l);
        }
        s.push('\n');
        s
    }
    pub fn replay(&self) -> Report {
        let log = parse_log(&self.text()).expect("log parses");
        let (game, rejected) = replay(Chess::default(), &log).expect("header is usable");
        report(&game, rejected)
    }
}

/// Penalty kinds of a report, in order.
pub fn kinds(r: &Report) -> Vec<(String, String, Option<i64>)> {
    r.penalties
        .iter()
        .map(|p| (p.side.to_string(), p.kind.to_string(), p.ms))
        .collect()
}
