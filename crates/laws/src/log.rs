//! The event log: JSON Lines, versioned (docs/event-log.md).
//!
//! Line 1 is the header; every other non-blank line is one event. A bad
//! header stops the replay (nothing can be judged without it); a bad event
//! line is rejected with its line number and the replay goes on, because a
//! log is evidence and one unreadable line must not lose the rest.

use crate::event::TimedEvent;
use crate::outcome::Scoring;
use arbiter_clock::IncrementTiming;
use arbiter_rules::{Edition, Regime, Supervision, Variant};
use serde::{Deserialize, Serialize};

/// The log format name in the header.
pub const FORMAT: &str = "arbiter-log";
/// The newest log version this library reads and writes.
pub const VERSION: u32 = 1;

/// The header: line 1 of every log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT`]; anything else is not an arbiter log.
    pub format: String,
    /// The log version, 1 to [`VERSION`]; any other is refused.
    pub version: u32,
    /// Default: the variant's own rules (2023 for chess, `tavreli` for Tavreli).
    #[serde(default)]
    pub edition: Edition,
    /// The time control in PGN `TimeControl` syntax, seconds, with the delay
    /// extension (`900`, `300+3`, `40/5400+30:1800+30`, `7200d5`, L-6.3a–d);
    /// absent, `?` or `-`: no clock. One that cannot be read stops the replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// The name of the player with White.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// The name of the player with Black.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// The starting position (FEN for chess); default: the initial position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// `chess` (default) or `tavreli`; always written. Read as a text
    /// first, so that a log naming no known variant is refused by
    /// [`parse_header`] in its own words, after the format and the version.
    #[serde(default, deserialize_with = "variant_text")]
    pub variant: Variant,
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
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "known_increment_timing"
    )]
    pub increment_timing: Option<IncrementTiming>,
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
    /// July-2017 reduced rapid/blitz: the arbiter calls a flag he sees
    /// (the Laws 2017, A.4.5, "can"). Default off: a flag counts only when claimed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter_calls_flags: Option<bool>,
    /// The sides that play under the rules for blind and visually disabled
    /// players (Appendix D from 2017; the 2005 Supplement): `["white"]`,
    /// `["black"]` or both. Absent or empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub visually_disabled: Vec<arbiter_rules::Side>,
    /// The sides that have an assistant (D.2.10; 2005 Supplement, item 9).
    /// Absent or empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assistant: Vec<arbiter_rules::Side>,
    /// `true` (the hall's logs): a move's `lag_ms` is also given back to the
    /// opponent at that move, so his clock runs from the instant the move
    /// reached the hall, not from the compensated instant `at`: the mover's
    /// lag is credited to the mover and debited to nobody. Absent: the
    /// opponent's clock runs from `at` (logs written before this key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lag_from_arrival: Option<bool>,
    /// An `increment_timing` the reader does not know, as [`parse_header`]
    /// read it: the header is still read, and the clock refuses the value
    /// where it reads the header ([`crate::timing::Timing::from_header`]),
    /// so the refusal comes where and as it always came.
    #[serde(skip)]
    pub(crate) unknown_increment_timing: Option<String>,
}

/// Reads `increment_timing` as a text: a known timing is kept, any other
/// text is left to [`parse_header`], which keeps it for the clock to refuse.
fn known_increment_timing<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<IncrementTiming>, D::Error> {
    let text = Option::<String>::deserialize(d)?;
    Ok(text.and_then(|t| timing_of(&t)))
}

/// The timing a header's key names: `at_press` or `before_move`.
fn timing_of(key: &str) -> Option<IncrementTiming> {
    match key {
        "at_press" => Some(IncrementTiming::AtPress),
        "before_move" => Some(IncrementTiming::BeforeMove),
        _ => None,
    }
}

/// The variant as a text (a number or a list is refused as any non-text
/// is), then read: a text that names no variant is refused.
fn variant_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
    let text = String::deserialize(d)?;
    text.parse::<Variant>().map_err(serde::de::Error::custom)
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
            variant: Variant::default(),
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
            arbiter_calls_flags: None,
            visually_disabled: Vec::new(),
            assistant: Vec::new(),
            lag_from_arrival: None,
            unknown_increment_timing: None,
        }
    }
}

/// A log that could be read: its header and each event line, read or not.
#[derive(Clone, Debug)]
pub struct Log {
    /// The header (line 1).
    pub header: Header,
    /// (1-based line number, the event or why the line is unreadable).
    pub lines: Vec<(usize, Result<TimedEvent, LineFault>)>,
}

/// Why one event line of a log cannot be read. The other lines are read
/// on: one bad line never costs the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineFault {
    /// The line is not UTF-8 text; `column` (1-based) is where it stops being so.
    NotUtf8 {
        /// 1-based column of the first byte that is not UTF-8.
        column: usize,
    },
    /// The line is text but not an event.
    NotAnEvent {
        /// 1-based column where the JSON reader stopped.
        column: usize,
        /// The JSON reader's reason, in English.
        reason: String,
    },
}

impl std::fmt::Display for LineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineFault::NotUtf8 { column } => {
                write!(f, "column {column}: the line is not UTF-8 text")
            }
            LineFault::NotAnEvent { column, reason } => write!(f, "column {column}: {reason}"),
        }
    }
}

impl std::error::Error for LineFault {}

impl From<BadEvent> for LineFault {
    fn from(e: BadEvent) -> Self {
        LineFault::NotAnEvent {
            column: e.0.column(),
            reason: serde_reason(&e.0),
        }
    }
}

/// Why a log cannot be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    /// 1-based line number of the fault.
    pub line: usize,
    /// 1-based column of the fault; 0 when the whole line is at fault.
    pub column: usize,
    /// What is wrong, in English, with long input cut short.
    pub message: String,
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Column 0 means the whole line is at fault.
        match self.column {
            0 => write!(f, "line {}: {}", self.line, self.message),
            c => write!(f, "line {}, column {c}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for LogError {}

/// The longest line any reader of this workspace accepts, in bytes without
/// the line end: 64 KiB. A real log line or PGN line is a few hundred bytes;
/// the bound keeps memory fixed on endless input such as `/dev/zero`.
pub const MAX_LINE: usize = 64 * 1024;

/// Why a line-bounded reader stopped.
#[derive(Debug)]
pub enum LineError {
    /// The line is longer than the bound: the input is not what it claims.
    TooLong {
        /// 1-based number of the line.
        line: usize,
        /// The bound in bytes.
        max: usize,
    },
    /// The source failed while this line was being read.
    Io {
        /// 1-based number of the line.
        line: usize,
        /// The error from the source.
        error: std::io::Error,
    },
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::TooLong { line, max } => {
                write!(f, "line {line} is longer than {max} bytes")
            }
            LineError::Io { line, error } => write!(f, "line {line}: cannot read: {error}"),
        }
    }
}

impl std::error::Error for LineError {}

/// Reads lines of at most `max` bytes from a buffered source, holding at most
/// one line in memory. Line ends (`\n`, `\r\n`) are removed; bytes are given
/// as they are, so the caller decides what invalid UTF-8 means. After an
/// error the reader yields nothing more.
pub struct LineReader<R> {
    inner: R,
    max: usize,
    line: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: std::io::BufRead> LineReader<R> {
    /// A reader with the bound `max` (usually [`MAX_LINE`]).
    pub fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            line: 0,
            buf: Vec::new(),
            done: false,
        }
    }

    /// The number of the last line returned (0 before the first).
    pub fn line_number(&self) -> usize {
        self.line
    }

    /// The next line and its 1-based number; `None` at the end of input.
    pub fn next_line(&mut self) -> Option<Result<(usize, &[u8]), LineError>> {
        if self.done {
            return None;
        }
        self.buf.clear();
        self.line += 1;
        let mut ended = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.done = true;
                    return Some(Err(LineError::Io {
                        line: self.line,
                        error,
                    }));
                }
            };
            if chunk.is_empty() {
                break;
            }
            let (take, found) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            // Never hold more than the bound (plus its line end).
            let room = self.max.saturating_add(2).saturating_sub(self.buf.len());
            let take_now = take.min(room);
            self.buf.extend_from_slice(&chunk[..take_now]);
            self.inner.consume(take_now);
            if found && take_now == take {
                ended = true;
                break;
            }
            if self.buf.len() > self.max.saturating_add(1) {
                break;
            }
        }
        if self.buf.is_empty() && !ended {
            self.done = true;
            return None;
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        if self.buf.len() > self.max {
            self.done = true;
            return Some(Err(LineError::TooLong {
                line: self.line,
                max: self.max,
            }));
        }
        Some(Ok((self.line, &self.buf)))
    }
}

/// serde_json ends its messages with "at line L column C" of the text it
/// was given; the log has its own line numbers, so only the reason stays.
fn serde_reason(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Reads the header line.
pub fn parse_header(line: &str) -> Result<Header, LogError> {
    let h: Header = serde_json::from_str(line).map_err(|e| {
        unknown_variant(line).unwrap_or_else(|| LogError {
            line: 1,
            column: e.column(),
            message: format!("bad header: {}", serde_reason(&e)),
        })
    })?;
    checked(&h.format, h.version)?;
    let mut h = h;
    let variant = h.variant;
    // A log that names no edition is judged by its variant's own rules: the
    // Tavreli rules (the tournament rules of the Tavreli book) for a Tavreli
    // game.
    #[derive(Deserialize)]
    struct Named {
        edition: Option<serde::de::IgnoredAny>,
        increment_timing: Option<String>,
    }
    if let Ok(named) = serde_json::from_str::<Named>(line) {
        if named.edition.is_none() {
            h.edition = Edition::default_for_variant(variant);
        }
        h.unknown_increment_timing = named
            .increment_timing
            .filter(|key| timing_of(key).is_none());
    }
    Ok(h)
}

/// The format and version checks of a header, in that order.
fn checked(format: &str, version: u32) -> Result<(), LogError> {
    if format != FORMAT {
        return Err(LogError {
            line: 1,
            column: 0,
            message: format!("format is {:?}, expected {FORMAT:?}", cut(format, 40)),
        });
    }
    if version == 0 || version > VERSION {
        return Err(LogError {
            line: 1,
            column: 0,
            message: format!(
                "log version {version} is not supported (this reader knows 1 to {VERSION})"
            ),
        });
    }
    Ok(())
}

/// The refusal of a header whose variant is a text that names no variant
/// (after its format and version, which are judged first); `None` when
/// the header fails for another reason, which serde's message then says.
fn unknown_variant(line: &str) -> Option<LogError> {
    #[derive(Deserialize)]
    struct Named {
        format: String,
        version: u32,
        variant: String,
    }
    let n = serde_json::from_str::<Named>(line).ok()?;
    if n.variant.parse::<Variant>().is_ok() {
        return None;
    }
    Some(
        checked(&n.format, n.version)
            .err()
            .unwrap_or_else(|| LogError {
                line: 1,
                column: 0,
                message: format!(
                    "unknown variant {:?} (chess or tavreli)",
                    cut(&n.variant, 40)
                ),
            }),
    )
}

/// At most `max` characters of `s`, with `…` where it was cut, so that an
/// error quoting a user's input stays readable whatever its length.
pub fn cut(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((i, _)) => format!("{}…", &s[..i]),
    }
}

/// Reads one event line.
pub fn parse_event(line: &str) -> Result<TimedEvent, BadEvent> {
    serde_json::from_str::<TimedEvent>(line).map_err(BadEvent)
}

/// An event line that is not an event: the JSON reader's refusal. Its
/// message names the column, never serde's own line number (the log has
/// its own).
#[derive(Debug)]
pub struct BadEvent(pub serde_json::Error);

impl std::fmt::Display for BadEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.0.column(), serde_reason(&self.0))
    }
}

impl std::error::Error for BadEvent {}

/// Reads a whole log held in memory. Blank lines are skipped.
pub fn parse_log(text: &str) -> Result<Log, LogError> {
    read_log(text.as_bytes(), usize::MAX)
}

/// Reads a log from a stream, one bounded line at a time (lines of at most
/// `max_line` bytes; [`MAX_LINE`] for user input). A UTF-8 byte order mark
/// before the header is skipped. A line that is not UTF-8 is rejected alone,
/// like any other unreadable event line. A line over the bound, or a read
/// error, stops the reading: the error names the line.
pub fn read_log<R: std::io::BufRead>(source: R, max_line: usize) -> Result<Log, LogError> {
    match read_log_partial(source, max_line)? {
        (log, None) => Ok(log),
        (_, Some(stop)) => Err(stop),
    }
}

/// Like [`read_log`], but a line over the bound or a read error after the
/// header keeps the lines read before it: the log so far and why the
/// reading stopped, so a replay can still show the game up to there.
pub fn read_log_partial<R: std::io::BufRead>(
    source: R,
    max_line: usize,
) -> Result<(Log, Option<LogError>), LogError> {
    let mut reader = LineReader::new(source, max_line);
    let stop = |e: LineError| {
        let line = match &e {
            LineError::TooLong { line, .. } | LineError::Io { line, .. } => *line,
        };
        let message = match e {
            LineError::TooLong { max, .. } => format!("the line is longer than {max} bytes"),
            LineError::Io { error, .. } => format!("cannot read: {error}"),
        };
        LogError {
            line,
            column: 0,
            message,
        }
    };
    let header = loop {
        let Some(next) = reader.next_line() else {
            return Err(LogError {
                line: 1,
                column: 0,
                message: "empty log: line 1 must be the header".into(),
            });
        };
        let (n, bytes) = next.map_err(stop)?;
        let bytes = if n == 1 {
            bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
        } else {
            bytes
        };
        let text = std::str::from_utf8(bytes).map_err(|e| LogError {
            line: n,
            column: e.valid_up_to() + 1,
            message: "the header is not UTF-8 text".into(),
        })?;
        if text.trim().is_empty() {
            continue;
        }
        break parse_header(text).map_err(|mut e| {
            e.line = n;
            e
        })?;
    };
    let mut lines = Vec::new();
    while let Some(next) = reader.next_line() {
        let (n, bytes) = match next {
            Ok(l) => l,
            Err(e) => return Ok((Log { header, lines }, Some(stop(e)))),
        };
        let parsed = match std::str::from_utf8(bytes) {
            Err(e) => Err(LineFault::NotUtf8 {
                column: e.valid_up_to() + 1,
            }),
            Ok(t) if t.trim().is_empty() => continue,
            Ok(t) => parse_event(t).map_err(LineFault::from),
        };
        lines.push((n, parsed));
    }
    Ok((Log { header, lines }, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

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
        let fault = log.lines[1].1.as_ref().unwrap_err();
        assert!(matches!(fault, LineFault::NotAnEvent { .. }));
        assert!(fault.to_string().contains("teleport"));
        assert!(log.lines[2].1.is_err());
    }

    /// The variant is typed, written as its key whatever it is, and a text
    /// naming none is refused in the header's own words, after the format
    /// and the version, as it was when the field was a text.
    #[test]
    fn the_variant_is_typed_and_refused_in_its_own_words() {
        let base = r#"{"format":"arbiter-log","version":1"#;
        for v in Variant::ALL {
            let h = parse_header(&format!("{base},\"variant\":\"{}\"}}", v.key())).unwrap();
            assert_eq!(h.variant, v);
            let line = serde_json::to_string(&h).unwrap();
            assert!(
                line.contains(&format!("\"variant\":\"{}\"", v.key())),
                "{line}"
            );
        }
        assert_eq!(
            parse_header(&format!("{base}}}")).unwrap().variant,
            Variant::Chess
        );
        let e = parse_header(&format!("{base},\"variant\":\"go\"}}")).unwrap_err();
        assert_eq!(
            (e.column, e.message.as_str()),
            (0, "unknown variant \"go\" (chess or tavreli)")
        );
        let e = parse_header(r#"{"format":"pgn","version":1,"variant":"go"}"#).unwrap_err();
        assert!(e.message.starts_with("format is"), "{}", e.message);
        let e = parse_header(r#"{"format":"arbiter-log","version":7,"variant":"go"}"#).unwrap_err();
        assert!(e.message.starts_with("log version 7"), "{}", e.message);
        let e = parse_header(&format!("{base},\"variant\":5}}")).unwrap_err();
        assert!(
            e.message.starts_with("bad header: invalid type"),
            "{}",
            e.message
        );
        assert!(e.column > 0);
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

    const HEAD: &str = "{\"format\":\"arbiter-log\",\"version\":1}";

    #[test]
    fn bom_is_skipped_and_bad_utf8_rejects_only_its_line() {
        let mut text = b"\xEF\xBB\xBF".to_vec();
        text.extend_from_slice(HEAD.as_bytes());
        text.extend_from_slice(b"\n{\"at\":1,\"type\":\"press\",\"side\":\"white\"}\n\xFF\xFE\n");
        let log = read_log(&text[..], MAX_LINE).unwrap();
        assert_eq!(log.lines.len(), 2);
        assert!(log.lines[0].1.is_ok());
        assert_eq!(log.lines[1].0, 3);
        let fault = log.lines[1].1.as_ref().unwrap_err();
        assert!(matches!(fault, LineFault::NotUtf8 { .. }));
        assert!(fault.to_string().contains("not UTF-8"));
    }

    #[test]
    fn serde_errors_name_the_column_only() {
        let log = parse_log(&format!(
            "{HEAD}\n\n{{\"at\":1,\"type\":\"press\",\"side\":7}}"
        ))
        .unwrap();
        let (n, r) = &log.lines[0];
        assert_eq!(*n, 3);
        let e = r.as_ref().unwrap_err().to_string();
        assert!(e.starts_with("column "), "{e}");
        assert!(!e.contains("line"), "{e}");
    }

    #[test]
    fn a_line_over_the_bound_stops_and_is_named() {
        let text = format!("{HEAD}\n{}\n", "x".repeat(100));
        let e = read_log(text.as_bytes(), 50).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("longer than 50"));
        // Endless input without a line end is bounded too.
        let zeros = std::io::repeat(0).take(10_000_000);
        let e = read_log(std::io::BufReader::new(zeros), 1000).unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn line_reader_keeps_lines_whole() {
        let mut r = LineReader::new(&b"ab\r\ncd\n\nlast"[..], 10);
        let mut got = Vec::new();
        while let Some(l) = r.next_line() {
            let (n, b) = l.unwrap();
            got.push((n, b.to_vec()));
        }
        assert_eq!(
            got,
            vec![
                (1, b"ab".to_vec()),
                (2, b"cd".to_vec()),
                (3, vec![]),
                (4, b"last".to_vec())
            ]
        );
        assert_eq!(cut("abcdef", 3), "abc…");
        assert_eq!(cut("abc", 3), "abc");
    }
}
