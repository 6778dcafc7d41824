//! Art. 4 through `arbiter clock`: touches, adjustments and touch-move
//! claims typed at the keyboard (L-4.2, L-4.3, L-4.8), and the same game
//! read from a sensor board's stream (`--board`, docs/board-stream.md).
//! Each log replays (`arbiter replay --json`) to the claims as ruled live,
//! and the two front ends write the same log.

mod common;

use common::{arbiter, replay, scratch};

/// The keyboard's game: White touches the knight on g1 and the pawn on e2,
/// plays e4 (a breach of 4.3: the knight was touched first and can move),
/// Black's claim is upheld and White must move the knight; later White's
/// claim finds no breach and is rejected (2023 Laws, 4.3 and 4.8).
const KEYS: &str = "@0 b\n@1000 touch g1\n@1800 touch e2\n@2000 w e4\n@3000 claim touch\n\
@4000 touch g1\n@4200 w Nf3\n@5000 touch e7\n@6000 b e5\n@7000 claim touch\n@8100 adjust d1\n@9000 q\n";

/// The same game on a sensor board: the lifts and drops make the touches
/// and the moves; the presses and the claims come from the keyboard.
const BOARD: &str = "@1000 lift g1\n@1500 drop g1\n@1800 lift e2\n@1900 drop e4\n\
@3100 lift e4\n@3200 drop e2\n@4000 lift g1\n@4100 drop f3\n@5000 lift e7\n@5500 drop e5\n\
@8000 adjust d1\n@8100 lift d1\n@8200 drop d1\n";
const BOARD_KEYS: &str =
    "@0 b\n@2000 w\n@3000 claim touch\n@4200 w\n@6000 b\n@7000 claim touch\n@9000 q\n";

fn run(dir: &std::path::Path, extra: &[&str], keys: &str) -> (common::Run, String) {
    let log = dir.join("clock.jsonl");
    let mut args = vec![
        "clock",
        "--manual-time",
        "--control",
        "300+0",
        "--log",
        log.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let r = arbiter(&args, keys);
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    (r, std::fs::read_to_string(&log).unwrap())
}

fn check_report(v: &serde_json::Value) {
    assert_eq!(v["moves"], serde_json::json!(["Nf3", "e5"]), "{v}");
    let claims = &v["touch_move_claims"];
    assert_eq!(claims[0]["side"], "black", "{v}");
    assert_eq!(claims[0]["upheld"], true, "{v}");
    assert_eq!(claims[1]["side"], "white", "{v}");
    assert_eq!(claims[1]["upheld"], false, "{v}");
    let breach = &v["touch_move_breaches"][0];
    assert_eq!(breach["side"], "white", "{v}");
    assert_eq!(breach["article"], "4.3", "{v}");
    assert_eq!(breach["claimed"], true, "{v}");
    assert!(breach["obligation"].as_str().unwrap().contains("g1"), "{v}");
    let touches = v["touches"].as_array().unwrap();
    assert_eq!(touches.len(), 5, "{v}");
    assert_eq!(touches[4]["kind"], "adjust", "{v}");
    assert_eq!(v["result"], "*");
}

#[test]
fn touches_and_claims_at_the_keyboard_are_said_and_replay() {
    let dir = scratch("touch-keys");
    let (r, _) = run(&dir, &[], KEYS);
    for said in [
        "White touched the piece on g1. White must move the piece on g1 (4.3)",
        "Black's touch-move claim is upheld (4.8): White's move is taken back. White must move the piece on g1 (4.3)",
        "White's touch-move claim is rejected: no breach by Black is open to it (4.8)",
        "White adjusts the piece on d1 (j'adoube)",
    ] {
        assert!(r.out.contains(said), "{said}\n{}", r.out);
    }
    // The claim is no draw claim: nothing of a draw is said.
    assert!(!r.out.contains("draw"), "{}", r.out);
    check_report(&replay(&dir.join("clock.jsonl")));
    // The scoresheet marks the move made after the upheld claim.
    let sheet = arbiter(
        &[
            "replay",
            "--scoresheet",
            "san",
            dir.join("clock.jsonl").to_str().unwrap(),
        ],
        "",
    );
    assert!(
        sheet.out.contains("Nf3 (T)"),
        "{}\n{}",
        sheet.out,
        sheet.err
    );
    let text = arbiter(&["replay", dir.join("clock.jsonl").to_str().unwrap()], "");
    assert!(text.out.contains("Touch-move claim at"), "{}", text.out);
}

#[test]
fn russian_words_claim_and_say_it() {
    let dir = scratch("touch-ru");
    let keys = "@0 b\n@1000 трогаю g1\n@2000 w e4\n@3000 взялся — ходи\n@4000 q\n";
    let (r, _) = run(&dir, &["--lang", "ru"], keys);
    assert!(
        r.out
            .contains("Требование чёрных «тронул — ходи» удовлетворено (4.8)"),
        "{}",
        r.out
    );
    let v = replay(&dir.join("clock.jsonl"));
    assert_eq!(v["touch_move_claims"][0]["upheld"], true, "{v}");
}

#[test]
fn a_sensor_board_plays_the_same_game() {
    let dir = scratch("touch-board");
    let (_, keys_log) = run(&dir, &[], KEYS);
    let board = dir.join("board.txt");
    std::fs::write(&board, BOARD).unwrap();
    let (r, board_log) = run(&dir, &["--board", board.to_str().unwrap()], BOARD_KEYS);
    for said in [
        "On the board: e2 to e4. Press the clock",
        "The board differs from the game on e2, e4",
        "The board agrees with the game again",
    ] {
        assert!(r.out.contains(said), "{said}\n{}", r.out);
    }
    assert_eq!(board_log, keys_log);
    check_report(&replay(&dir.join("clock.jsonl")));
}

/// With `--board -` the stream shares standard input with the keyboard.
#[test]
fn the_board_may_share_standard_input() {
    let dir = scratch("touch-board-stdin");
    let script = "@0 b\n@1000 lift e2\n@1100 drop e4\n@2000 w\n@3000 lift e5\n@4000 q\n";
    let (r, _) = run(&dir, &["--board", "-"], script);
    assert!(
        r.out.contains("The board differs from the game on e5"),
        "{}",
        r.out
    );
    let v = replay(&dir.join("clock.jsonl"));
    assert_eq!(v["moves"], serde_json::json!(["e4"]), "{v}");
    // Without a board, a lift is refused with the reason.
    let (r, _) = run(&dir, &[], "@0 b\n@1000 lift e2\n@2000 q\n");
    assert!(r.out.contains("No sensor board is followed"), "{}", r.out);
}
