//! A game is its log: the header and the events, folded by
//! `arbiter_laws::replay` under any rule set, here the toy game. What a
//! replay keeps (each refused line with its number, the report) and that a
//! log written by the writer replays as the events it was written from.

mod common;

use arbiter_laws::log::parse_log;
use arbiter_laws::replay::{replay, report};
use arbiter_laws::writer::log_text;
use arbiter_laws::{ClaimKind, Event, GameResult, Side, Termination, TimedEvent};
use common::*;

/// A 2023 rapid game of the toy from a set-up position: a move, an
/// unreadable line, a move out of turn, a wrong claim, an illegal move, a
/// resignation, and a move after the end.
const LOG: &str = r#"{"format":"arbiter-log","version":1,"edition":"2023","time_control":"1800","start":"men=1,1 pawn=2,2 move=12"}
{"at":1000,"type":"move","side":"white","move":"push","press":true}
this is not JSON
{"at":2000,"type":"move","side":"white","move":"step","press":true}
{"at":3000,"type":"claim","side":"black","claim":"threefold"}
{"at":4000,"type":"move","side":"black","move":"back","press":true}
{"at":5000,"type":"resign","side":"black"}
{"at":6000,"type":"move","side":"black","move":"step","press":true}
"#;

/// The log is folded line by line; each line the game refuses is named
/// with its number, and the others count.
#[test]
fn a_log_replays_through_the_toy_rule_set() {
    let log = parse_log(LOG).expect("log");
    let (game, rejected) = replay(Toy::default(), &log).expect("replay");
    let lines: Vec<usize> = rejected.iter().map(|r| r.line).collect();
    // Line 3 is unreadable, line 4 is out of turn, line 8 after the end.
    assert_eq!(lines, [3, 4, 8]);
    let r = report(&game, rejected);
    assert_eq!(r.result, GameResult::WhiteWins);
    assert_eq!(r.ply, 1);
    assert_eq!(r.moves, ["push"]);
    // 9.5.3 and 7.5.5 with A.3 (2023 rapid): Black's wrong claim gave
    // White a minute, his illegal `back` another.
    assert_eq!(r.illegal_moves.black, 1);
    assert_eq!(r.penalties.len(), 2);
    assert_eq!(
        r.fen,
        "turn=b men=1,1 pawn=1,2 steps=0,0 reach=0,0 state=play half=0 move=12"
    );
    let clock = r.clock.expect("a clock");
    assert_eq!(clock.white_ms, 30 * MIN - 1_000 + 2 * MIN);
    assert_eq!(clock.black_ms, 30 * MIN - 4_000);
    assert_eq!(r.score.map(|s| (s.white, s.black)), Some((1.0, 0.0)));
}

/// The writer's log replays exactly as the events it was written from
/// were applied one by one.
#[test]
fn a_written_log_replays_like_its_events() {
    let fields = r#""edition":"2005","time_control":"5400","start":"pawn=1,3""#;
    let evs = vec![
        (
            1_000,
            Event::Move {
                side: Side::White,
                mv: "push=Q".into(),
                press: true,
                lag_ms: None,
            },
        ),
        (2_000, Event::OfferDraw { side: Side::Black }),
        (
            3_000,
            Event::Move {
                side: Side::Black,
                mv: "back".into(),
                press: true,
                lag_ms: None,
            },
        ),
        (
            4_000,
            Event::Move {
                side: Side::Black,
                mv: "take".into(),
                press: false,
                lag_ms: None,
            },
        ),
        (5_000, Event::Press { side: Side::Black }),
        (
            6_000,
            Event::Claim {
                side: Side::White,
                claim: ClaimKind::FiftyMoves,
                intended: Some("step".into()),
            },
        ),
        (7_000, Event::Flag { side: Side::Black }),
    ];
    let evs: Vec<TimedEvent> = evs
        .into_iter()
        .map(|(at, event)| TimedEvent { at, event })
        .collect();
    let mut direct = game_with(Toy::default(), fields);
    let refused: Vec<bool> = evs.iter().map(|e| direct.apply(e).is_err()).collect();
    assert_eq!(refused, [false, false, false, false, false, false, true]);

    let header = arbiter_laws::log::parse_header(&header_line(fields)).expect("header");
    let text = log_text(&header, &evs).expect("written");
    let log = parse_log(&text).expect("read back");
    let (game, rejected) = replay(Toy::default(), &log).expect("replay");
    let lines: Vec<usize> = rejected.iter().map(|r| r.line).collect();
    assert_eq!(lines, [8]);
    let a = serde_json::to_value(report(&game, vec![])).unwrap();
    let b = serde_json::to_value(report(&direct, vec![])).unwrap();
    assert_eq!(a, b);
    // White's claim, a wrong one, is also an offer (2005 art. 9.1c): it
    // accepts Black's, which his own moves left open.
    let o = game.outcome().expect("over");
    assert_eq!(
        (o.result, o.termination),
        (GameResult::Draw, Termination::Agreement)
    );
    assert_eq!(game.move_texts(), ["push=Q", "take"]);
    assert_eq!(game.position().men, [1, 1]);
}

/// A header the game cannot start from stops the replay: a start position
/// the rule set cannot read, a time control nobody can.
#[test]
fn a_header_that_cannot_start_a_game_stops_the_replay() {
    for fields in [
        r#""start":"men=one""#,
        r#""start":"colour=green""#,
        r#""time_control":"fast""#,
    ] {
        let log = parse_log(&header_line(fields)).expect("log");
        assert!(replay(Toy::default(), &log).is_err(), "{fields}");
    }
}
