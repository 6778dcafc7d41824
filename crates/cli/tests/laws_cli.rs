//! The command-line contracts of replay, audit and perft that scripts rely on:
//! keys, exit codes and bad input, checked on the built binary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn arbiter(args: &[&str], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    c.args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn replay_json_has_the_contract_keys() {
    let v = json(&arbiter(
        &["replay", "data/logs/illegal-and-claim.jsonl", "--json"],
        None,
    ));
    for k in [
        "result",
        "termination",
        "ply",
        "fen",
        "clock",
        "illegal_moves",
        "penalties",
        "rejected",
    ] {
        assert!(v.get(k).is_some(), "missing key {k}");
    }
    // Black's incorrect claim is also an offer (9.1.2.3); White's offer made
    // with his claim is still open (9.1.2.1), so it agrees the draw.
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["termination"], "agreement");
    assert_eq!(v["ply"], 7);
    let c = &v["clock"];
    for k in ["white_ms", "black_ms", "period", "flag_at"] {
        assert!(c.get(k).is_some(), "clock lacks {k}");
    }
    assert_eq!(c["period"]["white"], 1);
    assert_eq!(v["illegal_moves"]["white"], 1);
    let p = &v["penalties"][0];
    assert_eq!(
        (
            p["at"].as_u64(),
            p["side"].as_str(),
            p["kind"].as_str(),
            p["ms"].as_i64()
        ),
        (
            Some(5000),
            Some("white"),
            Some("illegal_move"),
            Some(120_000)
        )
    );
}

#[test]
fn replay_reads_stdin_and_a_log_without_clock_has_null_clock() {
    let log = "{\"format\":\"arbiter-log\",\"version\":1}\n{\"at\":1,\"type\":\"move\",\"side\":\"white\",\"move\":\"f3\",\"press\":true}\n{\"at\":2,\"type\":\"move\",\"side\":\"black\",\"move\":\"e5\",\"press\":true}\n{\"at\":3,\"type\":\"move\",\"side\":\"white\",\"move\":\"g4\",\"press\":true}\n{\"at\":4,\"type\":\"move\",\"side\":\"black\",\"move\":\"Qh4\",\"press\":true}\n";
    let v = json(&arbiter(&["replay", "-", "--json"], Some(log)));
    assert!(v["clock"].is_null());
    assert_eq!(
        (
            v["result"].as_str(),
            v["termination"].as_str(),
            v["ply"].as_u64()
        ),
        (Some("0-1"), Some("checkmate"), Some(4))
    );
}

#[test]
fn replay_bad_header_is_exit_2_with_the_line() {
    let out = arbiter(
        &["replay", "-"],
        Some("{\"format\":\"arbiter-log\",\"version\":7}\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
    let out = arbiter(&["replay", "no/such/file.jsonl"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn replay_pgn_is_read_back_by_python_chess() {
    let out = arbiter(
        &["replay", "data/logs/illegal-and-claim.jsonl", "--pgn"],
        None,
    );
    assert!(out.status.success());
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("[TimeControl \"40/5400+30:1800+30\"]"));
    assert!(pgn.contains("[%clk"));
    assert!(pgn.contains("(=)"));
    let py = Command::new(python3())
        .args(["-c", "import sys, chess.pgn\ng = chess.pgn.read_game(sys.stdin)\nprint(len(list(g.mainline_moves())), g.headers['Result'], len(g.errors))"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(pgn.as_bytes())?;
            c.wait_with_output()
        })
        .expect("python3 with chess (scripts/setup.sh)");
    // A draw agreed by Black's incorrect claim offered back (9.1.2.3).
    assert_eq!(String::from_utf8_lossy(&py.stdout).trim(), "7 1/2-1/2 0");
}

#[test]
fn audit_json_one_object_per_game_and_threads_agree() {
    let one = arbiter(&["audit", "data/games/lichess-sample.pgn", "--json"], None);
    let two = arbiter(
        &[
            "audit",
            "data/games/lichess-sample.pgn",
            "--json",
            "--threads",
            "2",
        ],
        None,
    );
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout, "threads change nothing but speed");
    let lines: Vec<serde_json::Value> = String::from_utf8(one.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 438);
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["game"], i + 1);
        for k in [
            "recorded",
            "result",
            "termination",
            "ply",
            "agrees",
            "claimable",
            "error",
        ] {
            assert!(v.get(k).is_some(), "game {} lacks {k}", i + 1);
        }
    }
    let forfeits = lines
        .iter()
        .filter(|v| v["termination"] == "time_forfeit")
        .count();
    assert_eq!(
        forfeits, 138,
        "the sample's 138 time forfeits are found from the Termination tag"
    );
}

#[test]
fn audit_reports_bad_games_and_goes_on() {
    let pgn = "[Event \"1\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n\
               [Event \"2\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
               [Event \"3\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n\
               [Event \"4\"]\n[Result \"1/2-1/2\"]\n[Termination \"time forfeit\"]\n[FEN \"8/8/4k3/8/8/3NK3/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Nf4+ Kf5 1/2-1/2\n";
    let out = arbiter(&["audit", "-", "--json"], Some(pgn));
    let v: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 4);
    assert!(
        v[0]["error"].as_str().unwrap().contains("ply 3"),
        "{}",
        v[0]
    );
    assert!(v[0]["error"].as_str().unwrap().contains("Ke3"));
    assert_eq!(
        (
            v[1]["result"].as_str(),
            v[1]["ply"].as_u64(),
            v[1]["agrees"].as_bool()
        ),
        (Some("0-1"), Some(4), Some(true))
    );
    assert_eq!(
        (v[2]["result"].as_str(), v[2]["agrees"].as_bool()),
        (Some("0-1"), Some(false))
    );
    // L-6.9: a knight cannot mate: the time forfeit is a draw.
    assert_eq!(
        (
            v[3]["result"].as_str(),
            v[3]["termination"].as_str(),
            v[3]["agrees"].as_bool()
        ),
        (Some("1/2-1/2"), Some("dead_position"), Some(true))
    );
}

#[test]
fn audit_edition_changes_the_verdict() {
    // Resigning when the opponent cannot mate: a draw in 2023 only.
    let pgn = "[Result \"1-0\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n[SetUp \"1\"]\n\n1... Kd7 1-0\n";
    let white_resigns = pgn.replace("1-0", "0-1");
    for (e, want) in [("2023", "1/2-1/2"), ("2017", "0-1")] {
        let out = arbiter(
            &["audit", "-", "--json", "--edition", e],
            Some(&white_resigns),
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["result"], want, "{e}");
    }
}

#[test]
fn audit_tavreli_records_all_replay() {
    let out = arbiter(
        &[
            "audit",
            "--variant",
            "tavreli",
            "crates/tavreli/tests/data/games.pgn",
            "--json",
        ],
        None,
    );
    let v: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 20);
    for g in &v {
        assert!(g["error"].is_null(), "{g}");
    }
    assert_eq!(
        (v[2]["termination"].as_str(), v[2]["result"].as_str()),
        (Some("checkmate"), Some("0-1"))
    );
}

#[test]
fn perft_chess() {
    let out = arbiter(&["perft", "startpos", "4"], None);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "197281");
    let out = arbiter(&["perft", "not a fen", "2"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn replay_tavreli_log_under_the_same_laws() {
    // One Laws core for both games: it replays Tavreli logs — moves in the federation
    // notation, the clock, an illegal move (a placement on a volkhv is never
    // allowed) punished as in chess, and a draw offer accepted. The organiser
    // chose the FIDE Laws (without an edition the Tavreli rules apply).
    let log = "{\"format\":\"arbiter-log\",\"version\":1,\"variant\":\"tavreli\",\"edition\":\"2023\",\"time_control\":\"900+5\"}\n\
        {\"at\":1000,\"type\":\"move\",\"side\":\"white\",\"move\":\"c1-d2\",\"press\":true}\n\
        {\"at\":2000,\"type\":\"move\",\"side\":\"black\",\"move\":\"d8-e7\",\"press\":true}\n\
        {\"at\":3000,\"type\":\"move\",\"side\":\"white\",\"move\":\"d2-d9\",\"press\":true}\n\
        {\"at\":4000,\"type\":\"move\",\"side\":\"white\",\"move\":\"a1-a5\",\"press\":true}\n\
        {\"at\":5000,\"type\":\"move\",\"side\":\"white\",\"move\":\"g1-f3\",\"press\":true}\n\
        {\"at\":6000,\"type\":\"offer_draw\",\"side\":\"black\"}\n\
        {\"at\":7000,\"type\":\"accept_draw\",\"side\":\"white\"}\n";
    let v = json(&arbiter(&["replay", "-", "--json"], Some(log)));
    assert_eq!(v["variant"], "tavreli");
    assert_eq!(v["ply"], 3, "{v}");
    assert_eq!(
        (v["result"].as_str(), v["termination"].as_str()),
        (Some("1/2-1/2"), Some("agreement"))
    );
    // d2-d9 names no square: bad input, rejected; a1-a5 jumps over the ratnik: illegal, +2 min... in rapid 1 min (A.3).
    assert_eq!(v["rejected"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["illegal_moves"]["white"], 1);
    assert_eq!(v["penalties"][0]["ms"], 60_000);
}

#[test]
fn replay_writes_scoresheets_in_national_letters_and_braille() {
    let out = arbiter(
        &[
            "replay",
            "data/logs/illegal-and-claim.jsonl",
            "--scoresheet",
            "ru",
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Кf3") && text.contains("Кg8"), "{text}");
    assert!(text.contains("Кg1 (=)"), "the draw offer is marked: {text}");
    assert!(text.contains("1:30:29"), "clock readings: {text}");
    let out = arbiter(
        &[
            "replay",
            "data/logs/illegal-and-claim.jsonl",
            "--scoresheet",
            "braille",
        ],
        None,
    );
    let b = String::from_utf8(out.stdout).unwrap();
    assert!(
        b.contains("⠎⠋⠒"),
        "knight f3 in braille (docs/braille.md): {b}"
    );
    let out = arbiter(
        &[
            "replay",
            "data/logs/illegal-and-claim.jsonl",
            "--scoresheet",
            "brf",
        ],
        None,
    );
    assert!(out.stdout.is_ascii() && out.stdout.windows(2).any(|w| w == b"\r\n"));
    let out = arbiter(
        &[
            "replay",
            "data/logs/illegal-and-claim.jsonl",
            "--scoresheet",
            "klingon",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
}

/// The Python with python-chess: the project's `.venv` (scripts/setup.sh),
/// else `python3` from the PATH.
fn python3() -> std::path::PathBuf {
    let venv = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../.venv/bin/python3"
    ));
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

/// The summary of a text audit agrees with its numbers: one game is "1
/// game: 1 agrees", never "1 games: 1 agree".
#[test]
fn audit_summary_agrees_in_number() {
    let one = "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    let out = String::from_utf8(arbiter(&["audit", "-"], Some(one)).stdout).unwrap();
    assert!(
        out.contains("1 game: 1 agrees with the Laws, 0 do not, 0 with errors"),
        "{out}"
    );
    let two = format!("{one}[Result \"0-1\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 0-1\n\n");
    let out = String::from_utf8(arbiter(&["audit", "-"], Some(&two)).stdout).unwrap();
    assert!(
        out.contains("2 games: 1 agrees with the Laws, 1 does not, 0 with errors"),
        "{out}"
    );
}
