//! A player's call of the arbiter (FIDE Laws 2017, 6.12.2; 2005, 6.13), on
//! the toy game: both clocks stop at the call and run again at the
//! arbiter's resume; a call after the game, or while stopped, is refused;
//! the event is written and read back as the log format says.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{Event, Side, TimedEvent};
use common::*;

const MIN: i64 = 60_000;

#[test]
fn l_6_12_2_a_call_stops_both_clocks_until_the_arbiter_resumes() {
    let mut t = Table::new(r#""edition":"2017","time_control":"5400""#);
    t.plays(&["step"]);
    t.at = 2_000;
    t.apply(Event::CallArbiter { side: Side::Black }).unwrap();
    let r = t.apply(Event::CallArbiter { side: Side::White });
    assert!(r.is_err(), "called while stopped: {r:?}");
    t.at = 5_000;
    let r = t.play("step");
    assert!(matches!(r, Err(Rejection::ClocksPaused)), "{r:?}");
    t.at = 10_000;
    t.arbiter(r#""action":"resume""#).unwrap();
    t.at = 12_000;
    // Black's clock ran 1–2 s and 10–12 s only.
    assert_eq!(t.left(Side::Black), 90 * MIN - 3_000);
    assert_eq!(t.left(Side::White), 90 * MIN - 1_000);
}

#[test]
fn no_call_after_the_game_and_none_without_a_clock() {
    let mut t = Table::new(r#""edition":"2005","time_control":"5400""#);
    t.apply(Event::Resign { side: Side::White }).unwrap();
    let r = t.apply(Event::CallArbiter { side: Side::Black });
    assert!(matches!(r, Err(Rejection::GameOver { .. })), "{r:?}");
    let mut t = Table::new(r#""edition":"2023""#);
    let r = t.apply(Event::CallArbiter { side: Side::White });
    assert!(matches!(r, Err(Rejection::NoClockToPause)), "{r:?}");
}

#[test]
fn the_call_is_written_as_the_log_format_says() {
    let ev = TimedEvent {
        at: 42,
        event: Event::CallArbiter { side: Side::White },
    };
    let line = arbiter_laws::writer::event_line(&ev).expect("written");
    assert_eq!(line, r#"{"at":42,"type":"call_arbiter","side":"white"}"#);
    let back = arbiter_laws::log::parse_event(&line).expect("read back");
    assert_eq!(back, ev);
}
