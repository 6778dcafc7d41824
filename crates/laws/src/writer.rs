//! The event-log writer: the inverse of [`crate::log`]'s reader.
//!
//! Every line is produced by serialising the very types the reader parses
//! ([`Header`], [`TimedEvent`]), so whatever is written reads back as the
//! same value. JSON escapes control characters, so a line never contains a
//! newline whatever a player typed. Pure: it returns text; writing the text
//! to a file is the caller's business.

use crate::event::TimedEvent;
use crate::log::Header;
use std::fmt;

/// Why a line could not be written (serde_json refuses a value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError {
    /// serde_json's reason, in English.
    pub message: String,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write the log line: {}", self.message)
    }
}

impl std::error::Error for WriteError {}

fn to_line<T: serde::Serialize>(value: &T) -> Result<String, WriteError> {
    serde_json::to_string(value).map_err(|e| WriteError {
        message: e.to_string(),
    })
}

/// Line 1 of a log, without its newline.
pub fn header_line(header: &Header) -> Result<String, WriteError> {
    to_line(header)
}

/// One event line, without its newline.
pub fn event_line(event: &TimedEvent) -> Result<String, WriteError> {
    to_line(event)
}

/// A whole log as text: the header, then one line per event, each ending in
/// a newline.
pub fn log_text(header: &Header, events: &[TimedEvent]) -> Result<String, WriteError> {
    let mut out = header_line(header)?;
    out.push('\n');
    for ev in events {
        out.push_str(&event_line(ev)?);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{ActionKind, ArbiterAction, ClaimKind, Event};
    use crate::log::parse_log;
    use arbiter_rules::{Edition, Regime, Side};

    fn every_event() -> Vec<TimedEvent> {
        let s = Side::Black;
        let arb = ArbiterAction {
            action: ActionKind::AddTime,
            side: Some(Side::White),
            ms: Some(120_000),
            result: Some("1/2-1/2".into()),
            reason: Some("line\nbreak \"quoted\"".into()),
            points: Some(0.5),
            ply: Some(3),
            restart: Some(true),
            white_ms: None,
            black_ms: None,
        };
        let events = vec![
            Event::Move {
                side: Side::White,
                mv: "Кf3".into(),
                press: true,
                lag_ms: None,
            },
            Event::Move {
                side: s,
                mv: "e5\n{\"at\":1}".into(),
                press: false,
                lag_ms: None,
            },
            Event::Press { side: s },
            Event::OfferDraw { side: s },
            Event::AcceptDraw { side: s },
            Event::DeclineDraw { side: s },
            Event::Claim {
                side: s,
                claim: ClaimKind::Threefold,
                intended: Some("Nf3".into()),
            },
            Event::Claim {
                side: s,
                claim: ClaimKind::Time,
                intended: None,
            },
            Event::Claim {
                side: s,
                claim: ClaimKind::TouchMove,
                intended: None,
            },
            Event::Touch {
                side: s,
                square: "e2".into(),
                man: None,
            },
            Event::Touch {
                side: s,
                square: "a2".into(),
                man: Some(2),
            },
            Event::Adjust {
                side: s,
                square: "g1".into(),
            },
            Event::Resign { side: s },
            Event::Flag { side: s },
            Event::Arrive { side: s },
            Event::Arbiter(arb),
            Event::Arbiter(ArbiterAction::new(ActionKind::Pause)),
            Event::Announce {
                side: Side::White,
                mv: "Nf3".into(),
            },
            Event::Arbiter(ArbiterAction {
                ply: Some(4),
                white_ms: Some(61_000),
                black_ms: Some(0),
                ..ArbiterAction::new(ActionKind::Retrace)
            }),
        ];
        events
            .into_iter()
            .enumerate()
            .map(|(i, event)| TimedEvent {
                at: i as u64 * 1000 + u64::from(i == 5) * u64::MAX / 2,
                event,
            })
            .collect()
    }

    #[test]
    fn every_event_reads_back_as_written() {
        let mut h = Header::new("Анна", "Boris \"B\"", Some("300+3"));
        h.edition = Edition::E2017;
        h.regime = Some(Regime::Blitz);
        h.start = Some("8/8/8/8/8/8/8/K6k b - - 0 1".into());
        h.visually_disabled = vec![Side::White];
        h.assistant = vec![Side::White, Side::Black];
        let events = every_event();
        let text = log_text(&h, &events).unwrap();
        // One line per value: an embedded newline cannot split an event.
        assert_eq!(text.lines().count(), events.len() + 1);
        let log = parse_log(&text).unwrap();
        assert_eq!(log.header, h);
        let read: Vec<TimedEvent> = log.lines.into_iter().map(|(_, e)| e.unwrap()).collect();
        assert_eq!(read, events);
    }

    #[test]
    fn a_move_without_press_omits_the_key_and_means_the_same() {
        let ev = TimedEvent {
            at: 7,
            event: Event::Move {
                side: Side::White,
                mv: "e4".into(),
                press: false,
                lag_ms: None,
            },
        };
        let line = event_line(&ev).unwrap();
        assert!(!line.contains("press"), "{line}");
        assert_eq!(crate::log::parse_event(&line).unwrap(), ev);
    }
}
