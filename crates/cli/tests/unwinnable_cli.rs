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
    let line = v["white"]["helpmate"].as_array().unwrap();
    // Shortened for reading: the search's own line for this ending runs
    // to 39 plies, a king walk and a rook's checks from square to square.
    assert!(!line.is_empty() && line.len() <= 20, "{line:?}");
    let (_, pos) = replay_counting(fen, line);
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
/// and Black's long helpmate (a white queen given up to a black pawn,
/// which runs on to a new black queen) is found with the nodes White did
/// not need, where Black asked alone stays undetermined. Both labels come
/// from chasolver's hard set.
#[test]
fn both_sides_asked_share_the_default_budget() {
    let fen = "k5b1/Pp3p2/1P3Pp1/6P1/8/8/8/4K3 w - - 0 1";
    let out = arbiter(&[fen]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "WB");
    let alone = arbiter(&[fen, "--side", "black"]);
    assert!(alone.status.success());
    assert_eq!(last_line(&alone), "??");
}

/// Replays `line` (SAN, from `--json`) from `fen` and returns the quiet
/// plies counted at each step's end and the final position: the
/// halfmove clock as the Laws keep it, reset by a capture or pawn move.
fn replay_counting(fen: &str, line: &[serde_json::Value]) -> (Vec<u32>, Chess) {
    let mut pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let mut clocks = Vec::new();
    for san in line {
        let san: San = san
            .as_str()
            .unwrap()
            .trim_end_matches(['+', '#'])
            .parse()
            .unwrap();
        let m = san.to_move(&pos).expect("a legal move");
        pos.play_unchecked(m);
        clocks.push(pos.halfmoves());
    }
    (clocks, pos)
}

fn json_of(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

/// Queen and king against king, one quiet ply before the 75-move rule
/// (L-9.6b) ends the game, and no mate in one: the position alone lets
/// White mate, the editions with that rule do not.
const ONE_PLY_LEFT: &str = "7k/8/8/8/8/8/8/1Q4K1 w - - 149 100";

#[test]
fn the_75_move_rule_bounds_the_mate_only_in_the_editions_that_have_it() {
    for args in [vec![], vec!["--edition", "2005"]] {
        let out = arbiter(&[&[ONE_PLY_LEFT], &args[..]].concat());
        assert!(out.status.success());
        assert_eq!(last_line(&out), "W-", "{args:?}");
    }
    for edition in ["2017", "2018", "2023"] {
        let out = arbiter(&[ONE_PLY_LEFT, "--edition", edition]);
        assert!(out.status.success());
        assert_eq!(last_line(&out), "--", "{edition}");
        // The words name the rule as the reason.
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("75-move rule"), "{text}");
    }
}

#[test]
fn json_shows_the_mate_the_horizon_cuts_off() {
    let out = arbiter(&[ONE_PLY_LEFT, "--edition", "2023", "--json"]);
    assert!(out.status.success());
    let v = json_of(&out);
    assert_eq!(v["label"], "--");
    assert_eq!(v["edition"], "2023");
    assert_eq!(v["quiet_plies_left"], 1);
    assert_eq!(v["white"]["verdict"], "unwinnable");
    assert!(v["white"].get("helpmate").is_none());
    let line = v["white"]["helpmate_beyond_horizon"].as_array().unwrap();
    let (clocks, end) = replay_counting(ONE_PLY_LEFT, line);
    assert!(end.is_checkmate());
    // It is cut off: it runs past the 150th quiet ply.
    assert!(clocks.iter().any(|&c| c > 150), "{clocks:?}");
    // Black, who cannot mate at all, has no such line.
    assert_eq!(v["black"]["verdict"], "unwinnable");
    assert!(v["black"].get("helpmate_beyond_horizon").is_none());
    // Without an edition nothing of the horizon is printed.
    let v = json_of(&arbiter(&[ONE_PLY_LEFT, "--json"]));
    assert!(v.get("edition").is_none() && v.get("quiet_plies_left").is_none());
    assert_eq!(v["white"]["verdict"], "winnable");
    // 2005 has no automatic end: no quiet plies counted.
    let v = json_of(&arbiter(&[ONE_PLY_LEFT, "--edition", "2005", "--json"]));
    assert_eq!(v["quiet_plies_left"], serde_json::Value::Null);
}

#[test]
fn a_mate_on_the_last_ply_or_a_reset_of_the_count_still_counts() {
    for fen in [
        // Qb8# on the 150th quiet ply: the mate takes precedence (9.6.2).
        "7k/8/6K1/8/8/8/8/1Q6 w - - 149 100",
        // A pawn move resets the count, and the pawn queens.
        "7k/8/8/8/8/8/P7/K7 w - - 149 100",
    ] {
        let out = arbiter(&[fen, "--edition", "2023", "--json"]);
        assert!(out.status.success());
        let v = json_of(&out);
        assert_eq!(v["label"], "W-", "{fen}");
        let line = v["white"]["helpmate"].as_array().unwrap();
        let (clocks, end) = replay_counting(fen, line);
        assert!(end.is_checkmate(), "{fen}");
        // The line keeps to the horizon: the count never passes 150.
        assert!(clocks.iter().all(|&c| c <= 150), "{fen}: {clocks:?}");
    }
}

#[test]
fn the_horizon_bounds_black_too_and_a_count_already_run_out_ends_the_game() {
    let fen = "1q4k1/8/8/8/8/8/8/7K b - - 149 100";
    let out = arbiter(&[fen, "--side", "black"]);
    assert_eq!(last_line(&out), "?B");
    let out = arbiter(&[fen, "--side", "black", "--edition", "2023"]);
    assert_eq!(last_line(&out), "?-");
    // At 150 quiet plies the rule has ended the game already.
    let out = arbiter(&["7k/8/8/8/8/8/8/1Q4K1 w - - 150 100", "--edition", "2023"]);
    assert_eq!(last_line(&out), "--");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("already ended"), "{text}");
}

#[test]
fn an_edition_that_is_not_chess_or_unknown_exits_2() {
    for edition in ["tavreli", "1999", ""] {
        let out = arbiter(&[ONE_PLY_LEFT, "--edition", edition]);
        assert_eq!(out.status.code(), Some(2), "{edition}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--edition"), "{err}");
        assert!(out.stdout.is_empty());
    }
}
