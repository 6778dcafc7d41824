//! The event log: JSON Lines, versioned (docs/event-log.md).
//!
//! Line 1 is the header; every other non-blank line is one event. A bad
//! header stops the replay (nothing can be judged without it); a bad event
//! line is rejected with its line number and the replay goes on, because a
//! log is evidence and one unreadable line must not lose the rest.

use crate::event::TimedEvent;
use crate::outcome::Scoring;
use arbiter_edition::{Edition, Regime, Supervision};
use serde::{Deserialize, Serialize};

/// The log format name in the header.
pub const FORMAT: &str = "arbiter-log";
/// The newest log version this library reads and writes.
pub const VERSION: u32 = 1;

/// The header: line 1 of every log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub edition: Edition,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// The starting position (FEN for chess); default: the initial position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// `chess` (default) or `tavreli`.
    #[serde(default = "default_variant")]
    pub variant: String,
    /// Default: derived from the time control (L-6.3g).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regime: Option<Regime>,
    /// For rapid and blitz (CFG-3). Default: full.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supervision: Option<Supervision>,
    /// The regulations' default time in ms (L-6.7a, CFG-4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_time: Option<i64>,
    /// Guidelines III announced (CFG-7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quickplay_finish: Option<bool>,
    /// Increment credited `at_press` (default) or `before_move` (CFG-9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment_timing: Option<String>,
    /// Points for win, draw, loss (CFG-6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
    /// No draw offers before this move (CFG-5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offers_from_move: Option<u32>,
    /// Tavreli: whether the 50-move rule applies (tavreli-rules.md §8 Q15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fifty_move_rule: Option<bool>,
    /// CFG-11: the regulations' time penalty (ms) for illegal moves and
    /// incorrect claims, instead of the edition's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_penalty_ms: Option<i64>,
    /// The log comes from a clock that does not see the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_only: Option<bool>,
}

fn default_variant() -> String {
    "chess".to_string()
}

impl Header {
    /// A header for a new log with the default edition.
    pub fn new(white: &str, black: &str, time_control: Option<&str>) -> Self {
        Header {
            format: FORMAT.into(),
            version: VERSION,
            edition: Edition::default(),
            time_control: time_control.map(str::to_string),
            white: Some(white.into()),
            black: Some(black.into()),
            start: None,
            variant: default_variant(),
            regime: None,
            supervision: None,
            default_time: None,
            quickplay_finish: None,
            increment_timing: None,
            scoring: None,
            draw_offers_from_move: None,
            fifty_move_rule: None,
            time_penalty_ms: None,
            clock_only: None,
        }
    }
}

/// A log that could be read: its header and each event line, read or not.
#[derive(Clone, Debug)]
pub struct Log {
    pub header: Header,
    /// (1-based line number, the event or why the line is unreadable).
    pub lines: Vec<(usize, Result<TimedEvent, String>)>,
}

/// Why a log cannot be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for LogError {}

/// Reads the header line.
pub fn parse_header(line: &str) -> Result<Header, LogError> {
    let h: Header = serde_json::from_str(line).map_err(|e| LogError {
        line: 1,
        column: e.column(),
        message: format!("bad header: {e}"),
    })?;
    if h.format != FORMAT {
        return Err(LogError {
            line: 1,
            column: 0,
            message: format!("format is {:?}, expected {FORMAT:?}", h.format),
        });
    }
    if h.version == 0 || h.version > VERSION {
        return Err(LogError {
            line: 1,
            column: 0,
            message: format!(
                "log version {} is not supported (this reader knows 1 to {VERSION})",
                h.version
            ),
        });
    }
    if h.variant != "chess" && h.variant != "tavreli" {
        return Err(LogError {
            line: 1,
            column: 0,
            message: format!("unknown variant {:?} (chess or tavreli)", h.variant),
        });
    }
    Ok(h)
}

/// Reads one event line.
pub fn parse_event(line: &str) -> Result<TimedEvent, String> {
    serde_json::from_str::<TimedEvent>(line).map_err(|e| format!("column {}: {e}", e.column()))
}

/// Reads a whole log. Blank lines are skipped.
pub fn parse_log(text: &str) -> Result<Log, LogError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((i, first)) = lines.next() else {
        return Err(LogError {
            line: 1,
            column: 0,
            message: "empty log: line 1 must be the header".into(),
        });
    };
    let header = parse_header(first).map_err(|mut e| {
        e.line = i + 1;
        e
    })?;
    let lines = lines.map(|(i, l)| (i + 1, parse_event(l))).collect();
    Ok(Log { header, lines })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_events() {
        let log = parse_log(
            "{\"format\":\"arbiter-log\",\"version\":1,\"edition\":\"2017\",\"white\":\"A\",\"black\":\"B\"}\n\
             {\"at\":10,\"type\":\"move\",\"side\":\"white\",\"move\":\"e4\",\"press\":true}\n\
             \n\
             {\"at\":20,\"type\":\"teleport\",\"side\":\"black\"}\n\
             not json\n",
        )
        .unwrap();
        assert_eq!(log.header.edition, Edition::E2017);
        assert_eq!(log.lines.len(), 3);
        assert!(log.lines[0].1.is_ok());
        assert_eq!(log.lines[1].0, 4);
        assert!(log.lines[1].1.as_ref().unwrap_err().contains("teleport"));
        assert!(log.lines[2].1.is_err());
    }

    #[test]
    fn bad_headers() {
        assert!(parse_log("").is_err());
        assert!(parse_log("{\"format\":\"pgn\",\"version\":1}").is_err());
        assert!(parse_log("{\"format\":\"arbiter-log\",\"version\":9}").is_err());
        assert!(
            parse_log("{\"format\":\"arbiter-log\",\"version\":1,\"edition\":\"1999\"}").is_err()
        );
        let e = parse_log("{\"format\":").unwrap_err();
        assert_eq!(e.line, 1);
    }
}
