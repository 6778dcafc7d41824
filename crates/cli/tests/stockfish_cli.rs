//! `arbiter play` against the real Stockfish (Debian's `/usr/games/stockfish`):
//! ten games at a short move time, engine against engine and a scripted
//! human against the engine. Every move of every log is checked by an
//! independent oracle (python-chess when it is installed, else shakmaty's
//! SAN reader), and every log replays to the state the program printed.

mod common;

use common::{last_pgn, replay, scratch};
use std::process::{Command, Stdio};

const STOCKFISH: &str = arbiter_uci::DEFAULT_ENGINE_PATH;

fn python_chess() -> Option<String> {
    for py in [".venv/bin/python3", "../../.venv/bin/python3", "python3"] {
        let ok = Command::new(py)
            .args(["-c", "import chess"])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Some(py.to_string());
        }
    }
    None
}

/// Plays `moves` from the start with an independent reader; returns the
/// board and side-to-move fields of the final FEN and whether it is mate.
fn oracle(moves: &[String]) -> (String, bool) {
    if let Some(py) = python_chess() {
        let script = "import chess, json, sys\nb = chess.Board()\nfor m in json.load(sys.stdin): b.push_san(m)\nprint(' '.join(b.fen().split()[:2]), b.is_checkmate())\n";
        let mut child = Command::new(py)
            .args(["-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(serde_json::to_string(moves).unwrap().as_bytes())
            .unwrap();
        let o = child.wait_with_output().unwrap();
        assert!(
            o.status.success(),
            "python-chess refused a move: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let text = String::from_utf8(o.stdout).unwrap();
        let (fen, mate) = text.trim().rsplit_once(' ').unwrap();
        return (fen.to_string(), mate == "True");
    }
    use shakmaty::{Chess, Position, san::San};
    let mut pos = Chess::default();
    for m in moves {
        let mv = m.parse::<San>().unwrap().to_move(&pos).expect(m);
        pos.play_unchecked(mv);
    }
    let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string();
    let two: Vec<&str> = fen.split(' ').take(2).collect();
    (two.join(" "), pos.is_checkmate())
}

fn game(args: &[&str], script: &str, name: &str) {
    let dir = scratch(name);
    let log = dir.join("game.jsonl");
    let mut all = vec!["play", "--manual-time", "--log", log.to_str().unwrap()];
    all.extend_from_slice(args);
    let r = common::arbiter(&all, &format!("{script}pgn\n"));
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    let v = replay(&log);
    let moves: Vec<String> = serde_json::from_value(v["moves"].clone()).unwrap();
    assert!(!moves.is_empty(), "{}", r.out);
    let (fen, mate) = oracle(&moves);
    let replayed: Vec<&str> = v["fen"].as_str().unwrap().split(' ').take(2).collect();
    assert_eq!(fen, replayed.join(" "), "{name}");
    assert_eq!(mate, v["termination"] == "checkmate", "{name}: {v}");
    assert!(!r.out.contains("failed"), "{name}: {}", r.out);
    if script.is_empty() {
        // Engine against engine: played to the end, and the log says so.
        assert_ne!(v["result"], "*", "{name}: {}", r.out);
    } else {
        // The PGN typed last was printed after the engine's last answer.
        let (pgn_moves, result) = last_pgn(&r.out);
        assert_eq!(serde_json::json!(pgn_moves), v["moves"], "{name}");
        assert_eq!(serde_json::json!(result), v["result"], "{name}");
    }
}

/// `arbiter play --manual-time` against Stockfish with `args`, fed
/// `script`, its log in a scratch directory `name`: the run and the log's
/// path; `None` (said) where Stockfish is not installed.
fn scripted_against_stockfish(
    name: &str,
    args: &[&str],
    script: &str,
) -> Option<(common::Run, std::path::PathBuf)> {
    if !std::path::Path::new(STOCKFISH).exists() {
        eprintln!("skipped: no Stockfish at {STOCKFISH}");
        return None;
    }
    let log = scratch(name).join("game.jsonl");
    let mut all = vec!["play", "--manual-time", "--log", log.to_str().unwrap()];
    all.extend_from_slice(args);
    all.extend(["--engine-movetime", "20"]);
    let r = common::arbiter(&all, script);
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    Some((r, log))
}

#[test]
fn ten_games_against_stockfish_every_move_legal_every_log_replays() {
    if !std::path::Path::new(STOCKFISH).exists() {
        eprintln!("skipped: no Stockfish at {STOCKFISH}");
        return;
    }
    for level in ["1", "5", "10", "15", "20"] {
        game(
            &[
                "--white",
                "engine",
                "--black",
                "engine",
                "--engine-movetime",
                "5",
                "--level",
                level,
            ],
            "",
            &format!("sf-both-{level}"),
        );
    }
    // A scripted human: some of these moves will be illegal after the
    // engine's answers, and are refused without penalty.
    let white = "e4\nNf3\nBc4\nd3\nO-O\nNc3\nh3\nBe3\nQd2\na3\n";
    let black = "e5\nNc6\nNf6\nd6\nBe7\nO-O\nh6\nBe6\nQd7\na6\n";
    for (i, (color, script)) in [
        ("white", white),
        ("black", black),
        ("white", "d4\nc4\nNc3\nNf3\ne3\n"),
        ("black", "c5\nNc6\ng6\nBg7\nd6\n"),
        ("white", "Кf3\ng3\nСg2\nO-O\nd3\n"),
    ]
    .iter()
    .enumerate()
    {
        game(
            &[
                "--color",
                color,
                "--engine-movetime",
                "20",
                "--level",
                "3",
                "--lang",
                if i % 2 == 0 { "en" } else { "ru" },
            ],
            script,
            &format!("sf-human-{i}"),
        );
    }
}

/// Under `--manual-time` the time stands while the engine thinks: its move
/// is made at the instant of the line that gave it the move (the start, or
/// the human's move), never at the next line's stamp, which would charge the
/// engine the human's own thinking time. Here Stockfish (White) answers at
/// 0 and at 1000 ms, so its clock shows the whole minute; Black thought
/// 1000 ms for 1...e5 and is thinking since.
#[test]
fn an_engine_move_is_made_at_the_time_of_the_line_that_asked_for_it() {
    let args = ["--color", "black", "--control", "60+0"];
    let Some((_, log)) = scripted_against_stockfish("engine-stamp", &args, "@1000 e5\n@50000 c\n")
    else {
        return;
    };
    let text = std::fs::read_to_string(&log).unwrap();
    let ats: Vec<(String, u64)> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| {
            (
                v["side"].as_str().unwrap().to_string(),
                v["at"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [("white", 0), ("black", 1000), ("white", 1000)];
    let expected: Vec<(String, u64)> = expected.iter().map(|(s, a)| (s.to_string(), *a)).collect();
    assert_eq!(ats, expected, "{text}");
    let v = replay(&log);
    assert_eq!(v["clock"]["white_ms"], 60_000, "{v}");
    assert_eq!(v["clock"]["black_ms"], 60_000 - 1000, "{v}");
}

/// In 2005 blitz nobody calls a flag (L-6.8, the OLD rules): the engine
/// claims the human's the instant it falls, as a player at the board
/// would, and the log records its claim there.
#[test]
fn the_engine_claims_a_flag_the_laws_leave_to_a_claim() {
    let args = [
        "--color",
        "white",
        "--edition",
        "2005",
        "--control",
        "180+0",
    ];
    // White moves at 1000; Stockfish answers at once; White's clock then
    // runs out at 180000 with White to move.
    let script = "@1000 e4\n@2000 c\n@200000 c\n";
    let Some((r, log)) = scripted_against_stockfish("engine-claims-flag", &args, script) else {
        return;
    };
    assert!(r.out.contains("White's flag has fallen"), "{}", r.out);
    let text = std::fs::read_to_string(&log).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["type"], "claim", "{text}");
    assert_eq!(
        (&last["side"], &last["claim"], &last["at"]),
        (&"black".into(), &"time".into(), &180_000.into()),
        "{text}"
    );
    let v = replay(&log);
    assert_eq!(
        (&v["result"], &v["termination"]),
        (&"0-1".into(), &"time_forfeit".into()),
        "{v}"
    );
}
