//! The hall's additions to the log: the clock's `start` event (L-6.6), and
//! the header's `lag_from_arrival`, under which a move's compensated lag is
//! debited to nobody. Both directions: with and without each.

mod common;

use arbiter_laws::log::parse_log;
use arbiter_laws::replay::replay;
use arbiter_laws::{Game, Side};
use common::*;

const START: &str = r#""time_control":"60","start":"men=1,1 pawn=2,2 move=12""#;

fn replayed(fields: &str, events: &[&str]) -> (Game<Toy>, Vec<usize>) {
    let mut text = header_line(fields);
    for e in events {
        text.push('\n');
        text.push_str(e);
    }
    let log = parse_log(&text).expect("log");
    let (game, rejected) = replay(Toy::default(), &log).expect("replay");
    (game, rejected.iter().map(|r| r.line).collect())
}

const PUSH: &str = r#"{"at":0,"type":"move","side":"white","move":"push","press":true}"#;

#[test]
fn the_start_stands_at_zero_before_anything_and_changes_no_clock() {
    let start = r#"{"at":0,"type":"start"}"#;
    let (with, refused) = replayed(START, &[start, PUSH]);
    assert!(refused.is_empty(), "{refused:?}");
    let (without, _) = replayed(START, &[PUSH]);
    for at in [0, 5_000, 30_000] {
        for side in Side::BOTH {
            assert_eq!(
                with.timing().remaining(side, at),
                without.timing().remaining(side, at)
            );
        }
    }
    // After a move, or at any later instant, the clock has already started.
    let (_, refused) = replayed(START, &[PUSH, start]);
    assert_eq!(refused, [3]);
    let (_, refused) = replayed(START, &[r#"{"at":5,"type":"start"}"#]);
    assert_eq!(refused, [2]);
}

#[test]
fn under_lag_from_arrival_the_opponent_runs_from_the_arrival() {
    // White's move reached the hall at 1300; 300 ms were taken back from
    // his clock, so it is stamped 1000.
    let lagged =
        r#"{"at":1000,"type":"move","side":"white","move":"push","press":true,"lag_ms":300}"#;
    let from_arrival = format!(r#"{START},"lag_from_arrival":true"#);
    let (game, refused) = replayed(&from_arrival, &[lagged]);
    assert!(refused.is_empty(), "{refused:?}");
    assert_eq!(game.timing().remaining(Side::White, 1_300), Some(59_000));
    assert_eq!(game.timing().remaining(Side::Black, 1_300), Some(60_000));
    // A log without the key: Black's clock ran from the stamped instant.
    let (old, _) = replayed(START, &[lagged]);
    assert_eq!(old.timing().remaining(Side::Black, 1_300), Some(59_700));
    // A move without lag changes nothing under the key.
    let plain = r#"{"at":1000,"type":"move","side":"white","move":"push","press":true}"#;
    let (game, _) = replayed(&from_arrival, &[plain]);
    assert_eq!(game.timing().remaining(Side::Black, 1_300), Some(59_700));
}
