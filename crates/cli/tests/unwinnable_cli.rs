//! `arbiter unwinnable`: the label is the last line, `--json` carries each
//! side's verdict and a helpmate in SAN that replays to mate, a bad FEN
//! exits 2 with a message, and a closed pipe ends quietly.

use std::process::{Command, Output, Stdio};

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("unwinnable")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn last_line(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().last().unwrap_or_default().to_string()
}

/// A locked wall across the board: each king is shut in its own half and
/// the bishops cannot cross (chasolver's set labels it `--`).
const WALL: &str = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";

#[test]
fn a_locked_wall_is_dead_for_both_sides() {
    let out = arbiter(&[WALL]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "--");
}

#[test]
fn the_label_names_the_side_that_can_mate() {
    // King and rook against a bare king: only White can mate.
    let out = arbiter(&["8/8/8/4k3/8/8/8/R3K3", "w", "-", "-", "0", "1"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "W-");
}

#[test]
fn json_gives_verdicts_and_a_helpmate_that_mates() {
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
    let out = arbiter(&[fen, "--json"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "W-");
    let text = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(v["label"], "W-");
    assert_eq!(v["white"]["verdict"], "winnable");
    assert_eq!(v["black"]["verdict"], "unwinnable");
    let mut pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let line = v["white"]["helpmate"].as_array().unwrap();
    // Shortened for reading: the search's own line for this ending runs
    // to 39 plies, a king walk and a rook's checks from square to square.
    assert!(!line.is_empty() && line.len() <= 20, "{line:?}");
    for san in line {
        let san: San = san
            .as_str()
            .unwrap()
            .trim_end_matches(['+', '#'])
            .parse()
            .unwrap();
        let m = san.to_move(&pos).expect("a legal move");
        pos.play_unchecked(m);
    }
    assert!(pos.is_checkmate());
}

#[test]
fn side_limits_the_question_and_leaves_the_other_open() {
    let out = arbiter(&[WALL, "--side", "black"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "?-");
    let out = arbiter(&[WALL, "--side", "purple"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_deadline_still_ends_in_a_label() {
    let out = arbiter(&[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--budget-ms",
        "200",
    ]);
    assert!(out.status.success());
    let label = last_line(&out);
    assert_eq!(label.len(), 2);
    assert!(matches!(label.as_bytes()[0], b'W' | b'?'), "{label}");
    assert!(matches!(label.as_bytes()[1], b'B' | b'?'), "{label}");
}

/// A wall of bishops of one colour that the default node budget leaves
/// undetermined (chasolver: neither side can mate): a deadline is spent
/// across every step of the analysis, not on the first alone, so a
/// generous one settles it.
#[test]
fn a_deadline_spends_its_time_on_the_whole_analysis() {
    let fen = "1k6/b1b5/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1";
    let out = arbiter(&[fen, "--budget-ms", "20000"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "--");
}

#[test]
fn a_bad_fen_exits_2_and_says_why() {
    let out = arbiter(&["8/8/8/zz w - - 0 1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad FEN") && err.contains("8/8/8/zz"), "{err}");
    assert!(out.stdout.is_empty());
    // Two white kings: a FEN that parses but is no position.
    let out = arbiter(&["K6K/8/8/8/8/8/8/k7 w - - 0 1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["unwinnable", WALL, "--json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Both sides on the default budget share it: White mates at once here,
/// and Black's long helpmate (a pawn run to a new queen, with White's
/// help) is found with the nodes White did not need, where Black asked
/// alone stays undetermined. Both labels come from chasolver's hard set.
#[test]
fn both_sides_asked_share_the_default_budget() {
    let fen = "6k1/p3p1P1/p1p3PB/p5P1/8/4P3/PKP5/8 w - - 0 1";
    let out = arbiter(&[fen]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "WB");
    let alone = arbiter(&[fen, "--side", "black"]);
    assert!(alone.status.success());
    assert_eq!(last_line(&alone), "??");
}
