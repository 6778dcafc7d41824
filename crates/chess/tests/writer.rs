//! The log the writer produces replays to the game its events describe:
//! clocks, the side to move first and a flag at its exact instant.

use arbiter_chess::Chess;
use arbiter_laws::log::{Header, parse_log};
use arbiter_laws::replay::replay;
use arbiter_laws::writer::log_text;
use arbiter_laws::{Event, Side, TimedEvent};

#[test]
fn written_log_replays_like_the_events() {
    let h = Header::new("A", "B", Some("60+0"));
    let moves = ["f3", "e5", "g4", "Qh4#"];
    let events: Vec<TimedEvent> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| TimedEvent {
            at: 1000 * (i as u64 + 1),
            event: Event::Move {
                side: if i % 2 == 0 { Side::White } else { Side::Black },
                mv: (*m).into(),
                press: true,
                lag_ms: None,
            },
        })
        .collect();
    let log = parse_log(&log_text(&h, &events).unwrap()).unwrap();
    let (game, rejected) = replay(Chess::default(), &log).unwrap();
    assert!(rejected.is_empty(), "{rejected:?}");
    let o = game.outcome().unwrap();
    assert_eq!(o.result.as_str(), "0-1");
    assert_eq!(o.at, 4000);
}

#[test]
fn a_start_with_black_to_move_runs_blacks_clock_first() {
    let mut h = Header::new("A", "B", Some("60+0"));
    h.start = Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".into());
    let events = vec![
        TimedEvent {
            at: 3000,
            event: Event::Move {
                side: Side::Black,
                mv: "Kd7".into(),
                press: true,
                lag_ms: None,
            },
        },
        TimedEvent {
            at: 4000,
            event: Event::Move {
                side: Side::White,
                mv: "e4".into(),
                press: true,
                lag_ms: None,
            },
        },
    ];
    let log = parse_log(&log_text(&h, &events).unwrap()).unwrap();
    let (game, rejected) = replay(Chess::default(), &log).unwrap();
    assert!(rejected.is_empty(), "{rejected:?}");
    assert_eq!(game.timing().remaining(Side::Black, 4000), Some(57_000));
    assert_eq!(game.timing().remaining(Side::White, 4000), Some(59_000));
}

#[test]
fn a_flag_logged_at_its_exact_instant_ends_the_game_then() {
    let h = Header::new("A", "B", Some("10+0"));
    let flag = |at| TimedEvent {
        at,
        event: Event::Flag { side: Side::White },
    };
    let early = parse_log(&log_text(&h, &[flag(9_999)]).unwrap()).unwrap();
    let (_, rejected) = replay(Chess::default(), &early).unwrap();
    assert_eq!(rejected.len(), 1, "1 ms before the flag it has not fallen");
    let exact = parse_log(&log_text(&h, &[flag(10_000)]).unwrap()).unwrap();
    let (game, rejected) = replay(Chess::default(), &exact).unwrap();
    assert!(rejected.is_empty(), "{rejected:?}");
    let o = game.outcome().unwrap();
    assert_eq!((o.result.as_str(), o.at), ("0-1", 10_000));
}
