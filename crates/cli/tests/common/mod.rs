//! Shared by the live-game tests: run `arbiter` with a script on stdin, and
//! check that the log it wrote replays through `arbiter replay --json` with
//! no line rejected.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub struct Run {
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
}

pub fn arbiter(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: o.status.code(),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// `arbiter ARGS` with nothing on stdin: the exit code (-1 when a signal
/// ended it), stdout and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Writes `text` as the file `name` in this test binary's directory of
/// report files; its path. Each test names its own file.
pub fn trf_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("arbiter-trf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-live-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `arbiter replay --json LOG`, with no line rejected.
pub fn replay(log: &std::path::Path) -> serde_json::Value {
    let r = arbiter(&["replay", "--json", log.to_str().unwrap()], "");
    assert_eq!(r.code, Some(0), "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(
        v["rejected"],
        serde_json::json!([]),
        "{}",
        std::fs::read_to_string(log).unwrap()
    );
    v
}

/// The moves and the result of the last PGN the program printed.
pub fn last_pgn(out: &str) -> (Vec<String>, String) {
    let start = out.rfind("[Event ").expect("a PGN was printed");
    let pgn = &out[start..];
    let result = pgn
        .lines()
        .find_map(|l| l.strip_prefix("[Result \""))
        .and_then(|r| r.strip_suffix("\"]"))
        .unwrap()
        .to_string();
    let body: String = pgn
        .lines()
        .skip_while(|l| l.starts_with('['))
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut text = String::new();
    let mut depth = 0;
    for c in body.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => text.push(c),
            _ => {}
        }
    }
    let moves = text
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*", "(=)"].contains(t))
        .map(str::to_string)
        .collect();
    (moves, result)
}

/// Runs a scripted game with a log; `pgn` is typed last. The log replays
/// with no line rejected, to the moves and the result the program itself
/// printed in its PGN.
pub fn scripted(args: &[&str], script: &str, dir: &std::path::Path) -> (Run, serde_json::Value) {
    let log = dir.join("game.jsonl");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--manual-time", "--log", log.to_str().unwrap()]);
    let r = arbiter(&all, &format!("{script}pgn\n"));
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    let v = replay(&log);
    let (moves, result) = last_pgn(&r.out);
    assert_eq!(serde_json::json!(moves), v["moves"], "{}", r.out);
    assert_eq!(serde_json::json!(result), v["result"], "{}", r.out);
    (r, v)
}

/// `arbiter clock --manual-time` with `args` and the script, its log in a
/// scratch directory of `name`: the run (exit 0 asserted) and the replay.
pub fn clock(args: &[&str], script: &str, name: &str) -> (Run, serde_json::Value) {
    let dir = scratch(name);
    let log = dir.join("clock.jsonl");
    let mut all = vec!["clock", "--manual-time", "--log", log.to_str().unwrap()];
    all.extend_from_slice(args);
    let r = arbiter(&all, script);
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    (r, replay(&log))
}
