//! The command's contract under bad input and failing output, checked on the
//! built binary: exit 0 success, 1 failure, 2 bad input; never a panic; a
//! closed pipe ends quietly; memory stays bounded on endless input; every
//! message names the line or the file and cuts what it quotes.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_arbiter")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-bad-input-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = child.stdin.take().unwrap();
    // The command may stop reading early (that is the point of some tests).
    let _ = w.write_all(stdin);
    drop(w);
    child.wait_with_output().unwrap()
}

/// Runs a shell line with `$A` set to the binary (for ulimit, redirections
/// from devices and closed pipes).
fn sh(script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("A", bin())
        .output()
        .unwrap()
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn no_panic(o: &Output) {
    assert!(!err(o).contains("panicked"), "{}", err(o));
    assert_ne!(code(o), 101, "{}", err(o));
    assert!(
        o.status.code().is_some(),
        "killed by a signal: {:?}",
        o.status
    );
}

const HEADER: &str =
    r#"{"format":"arbiter-log","version":1,"time_control":"300+2","white":"A","black":"B"}"#;

fn log_text(events: &[&str]) -> String {
    let mut s = format!("{HEADER}\n");
    for e in events {
        s.push_str(e);
        s.push('\n');
    }
    s
}

// ---- endless and odd input: bounded memory, exit 2, the line named ----

/// 400 MB of address space: far more than any command needs, far less than
/// what reading /dev/zero whole would take.
const LIMIT: &str = "ulimit -v 400000";

#[test]
fn dev_zero_is_refused_with_bounded_memory_by_every_reader() {
    for cmd in [
        "$A audit /dev/zero",
        "$A audit - < /dev/zero",
        "$A audit --variant tavreli /dev/zero",
        "$A replay /dev/zero",
        "$A replay - < /dev/zero",
        "$A clock --control 300+3 < /dev/zero",
        "$A play < /dev/zero",
    ] {
        let o = sh(&format!("{LIMIT}; {cmd}"));
        no_panic(&o);
        assert_eq!(code(&o), 2, "{cmd}: {}", err(&o));
        assert!(err(&o).contains("line 1"), "{cmd}: {}", err(&o));
        assert!(err(&o).contains("65536"), "{cmd}: {}", err(&o));
    }
}

#[test]
fn a_directory_is_refused_at_once() {
    let dir = std::env::temp_dir();
    let d = dir.to_str().unwrap();
    for cmd in [
        format!("$A audit {d}"),
        format!("$A audit - < {d}"),
        format!("$A audit --variant tavreli {d}"),
        format!("$A replay {d}"),
        format!("$A replay - < {d}"),
        format!("$A clock --control 300+3 < {d}"),
        format!("$A play < {d}"),
    ] {
        let o = sh(&format!("{LIMIT}; {cmd}"));
        no_panic(&o);
        assert_eq!(code(&o), 2, "{cmd}: {}", err(&o));
        let e = err(&o);
        assert!(e.contains("directory"), "{cmd}: {e}");
        assert!(e.lines().count() <= 3, "{cmd} repeats itself: {e}");
    }
}

#[test]
fn perft_refuses_depths_above_the_maximum() {
    for args in [
        &["perft", "startpos", "13"][..],
        &["perft", "startpos", "5000"],
        &["perft", "--variant", "tavreli", "4294967295"],
        &["perft", "startpos", "99999999999999999999"],
    ] {
        let o = run(args, b"");
        no_panic(&o);
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(err(&o).contains("12"), "{args:?}: {}", err(&o));
    }
    // Below the maximum it counts (20 moves from the initial position).
    let o = run(&["perft", "startpos", "1"], b"");
    assert_eq!((code(&o), out(&o).trim()), (0, "20"), "{}", err(&o));
}

// ---- output failures ----

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_device_is_reported() {
    let pgn = scratch("many.pgn");
    std::fs::write(&pgn, "1. e4 e5 *\n\n".repeat(20_000)).unwrap();
    let log = scratch("log.jsonl");
    std::fs::write(
        &log,
        log_text(&[r#"{"at":1,"type":"move","side":"white","move":"e4","press":true}"#]),
    )
    .unwrap();
    let (p, l) = (pgn.display(), log.display());
    for cmd in [
        format!("$A audit {p}"),
        format!("$A audit --json {p}"),
        format!("$A replay {l}"),
        format!("$A replay --pgn {l}"),
        "$A perft startpos 3".to_string(),
        "$A notation e4 --as ru".to_string(),
        "$A unwinnable 8/8/8/8/8/2k5/8/K5Q1 w - - 0 1".to_string(),
        "$A unwinnable --json 8/8/8/8/8/2k5/8/K5Q1 w - - 0 1".to_string(),
        "$A say hello".to_string(),
    ] {
        // `exec 1>&-` is not a pipe; a reader that has gone away is.
        let o = sh(&format!("(sleep 0.3; {cmd}; echo \"rc=$?\" >&2) | true"));
        no_panic(&o);
        assert!(err(&o).contains("rc=0"), "{cmd} | true: {}", err(&o));
        assert!(!err(&o).contains("Broken pipe"), "{cmd}: {}", err(&o));
        if cmd.contains("say hello") {
            continue; // speaks after printing: needs a sound device
        }
        let o = sh(&format!("{cmd} > /dev/full"));
        no_panic(&o);
        assert_eq!(code(&o), 1, "{cmd} > /dev/full: {}", err(&o));
        assert!(err(&o).contains("standard output"), "{cmd}: {}", err(&o));
    }
}

#[test]
fn a_file_size_limit_is_an_error_and_the_clock_log_stays_whole() {
    let pgn = scratch("limit.pgn");
    std::fs::write(&pgn, "1. e4 e5 *\n\n".repeat(5_000)).unwrap();
    let outf = scratch("limited.txt");
    // SIGXFSZ ignored (as a batch system may do): the write fails with EFBIG.
    let o = sh(&format!(
        "trap '' XFSZ; ulimit -f 8; $A audit {} > {}",
        pgn.display(),
        outf.display()
    ));
    no_panic(&o);
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(err(&o).contains("standard output"), "{}", err(&o));

    let log = scratch("clock.jsonl");
    let presses = "w\nb\n".repeat(400);
    let script = scratch("presses.txt");
    std::fs::write(&script, format!("{presses}q\n")).unwrap();
    let o = sh(&format!(
        "trap '' XFSZ; ulimit -f 8; $A clock --control 300+3 --manual-time --log {} < {} > /dev/null",
        log.display(),
        script.display()
    ));
    no_panic(&o);
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(err(&o).contains(&log.display().to_string()), "{}", err(&o));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.ends_with('\n'),
        "a partial last line: {:?}",
        &text[text.len() - 20..]
    );
    for l in text.lines() {
        serde_json::from_str::<serde_json::Value>(l).unwrap();
    }
    // And the log the clock kept replays.
    let o = run(&["replay", log.to_str().unwrap()], b"");
    assert_eq!(code(&o), 0, "{}", err(&o));
}

#[test]
fn a_log_on_a_full_device_names_the_file() {
    let o = run(
        &["clock", "--control", "300+3", "--log", "/dev/full"],
        b"w\nq\n",
    );
    no_panic(&o);
    assert_eq!(code(&o), 1);
    assert!(err(&o).contains("/dev/full"), "{}", err(&o));
}

// ---- audit: exit codes and what the PGN hides ----

#[test]
fn audit_exit_code_tells_whether_the_batch_is_clean() {
    let good = "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let o = run(&["audit", "-"], good.as_bytes());
    assert_eq!(code(&o), 0, "{}", out(&o));
    let bad = format!("{good}\n[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n");
    let o = run(&["audit", "-"], bad.as_bytes());
    assert_eq!(code(&o), 1, "{}", out(&o));
    let o = run(&["audit", "--json", "-"], bad.as_bytes());
    assert_eq!(code(&o), 1);
    let o = run(&["audit", "/no/such/file.pgn"], b"");
    assert_eq!(code(&o), 2);
    assert!(err(&o).contains("/no/such/file.pgn"));
    let help = out(&run(&["audit", "--help"], b""));
    assert!(
        help.contains("0 when every game agrees")
            && help.contains("1 when some game does not agree")
            && help.contains("2 when the input cannot be read"),
        "{help}"
    );
}

#[test]
fn unreadable_move_tokens_are_reported_with_ply_and_column() {
    let long = "Q".repeat(50_000);
    for (movetext, ply, col, shown) in [
        (
            "1. e4 foo e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
            2,
            7,
            "foo",
        ),
        (
            "1. e4 e5 2. Zz9 Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
            3,
            13,
            "Zz9",
        ),
        (
            "1. e4 e5 2. Qh5 @@@ Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
            4,
            17,
            "@@@",
        ),
        (
            &format!("1. e4 {long} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
            2,
            7,
            "QQQQ",
        ),
    ] {
        let pgn = format!("[Result \"1-0\"]\n\n{movetext}\n");
        let o = run(&["audit", "-"], pgn.as_bytes());
        no_panic(&o);
        assert_eq!(code(&o), 1, "{movetext:.40}: {}", out(&o));
        let text = out(&o);
        let game = text.lines().next().unwrap();
        assert!(game.contains("DOES NOT AGREE"), "{game:.300}");
        assert!(
            game.contains(&format!(
                "ply {ply} (line 3, column {col}): unreadable move"
            )),
            "{game:.300}"
        );
        assert!(game.contains(shown));
        assert!(
            game.len() < 400,
            "the token is not cut: {} bytes",
            game.len()
        );
    }
}

#[test]
fn garbage_open_variations_and_long_tags_are_read_right() {
    let garbage: Vec<u8> = (0u8..=255).cycle().take(4000).collect();
    let o = run(&["audit", "-"], &garbage);
    no_panic(&o);
    assert_eq!(code(&o), 1, "binary garbage must not agree: {}", out(&o));
    assert!(out(&o).contains("error"), "{}", out(&o));

    let o = run(&["audit", "-"], b"[Result \"*\"]\n\n1. e4 (1. d4 d5 e5 *\n");
    assert_eq!(code(&o), 1);
    assert!(out(&o).contains("variation is not closed"), "{}", out(&o));

    let tag = "x".repeat(70_000 / 2);
    let pgn = format!("[Event \"{tag}\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
    let o = run(&["audit", "--json", "-"], pgn.as_bytes());
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert_eq!(
        out(&o).lines().count(),
        1,
        "the game was split: {}",
        out(&o)
    );

    let tag = "x".repeat(70_000);
    let pgn = format!("[Result \"*\"]\n\n1. e4 *\n\n[Event \"{tag}\"]\n\n1. d4 *\n");
    let o = run(&["audit", "--json", "-"], pgn.as_bytes());
    assert_eq!(code(&o), 2);
    assert_eq!(out(&o).lines().count(), 1, "the game before is kept");
    assert!(
        err(&o).contains("line 5 is longer than 65536"),
        "{}",
        err(&o)
    );
}

#[test]
fn clock_comments_are_strict_and_bad_ones_are_noted() {
    // A wrongly read `1e9:00:00` was one second: a false flag at ply 1.
    for bad in ["1e9:00:00", "1x:00:00", "0:99:00"] {
        let pgn = format!(
            "[Result \"1/2-1/2\"]\n[TimeControl \"300+2\"]\n\n1. e4 {{[%clk {bad}]}} e5 {{[%clk 0:05:00]}} 1/2-1/2\n"
        );
        let o = run(&["audit", "--json", "-"], pgn.as_bytes());
        let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
        assert!(v["flag"].is_null(), "{bad}: {v}");
        let note = v["notes"][0].as_str().unwrap_or_default();
        assert!(
            note.starts_with("ply 1:") && note.contains(bad),
            "{bad}: {v}"
        );
    }
    // A real reading below the increment is still a flag.
    let pgn =
        "[Result \"1/2-1/2\"]\n[TimeControl \"300+2\"]\n\n1. e4 {[%clk 0:00:00.5]} e5 1/2-1/2\n";
    let o = run(&["audit", "--json", "-"], pgn.as_bytes());
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["flag"]["ply"], 1, "{v}");
}

// ---- names and options ----

#[test]
fn names_with_control_characters_cannot_forge_pgn_or_scoresheets() {
    let header = r#"{"format":"arbiter-log","version":1,"white":"Eve\"]\n\n[Event \"forged\"]\n\n1. e4 *\n\n[White \"X","black":"B\u0007\r"}"#;
    let log = format!(
        "{header}\n{{\"at\":1,\"type\":\"move\",\"side\":\"white\",\"move\":\"e4\",\"press\":true}}\n"
    );
    let o = run(&["replay", "--pgn", "-"], log.as_bytes());
    assert_eq!(code(&o), 0, "{}", err(&o));
    let pgn = out(&o);
    assert_eq!(
        pgn.lines().filter(|l| l.starts_with("[Event")).count(),
        1,
        "{pgn}"
    );
    assert_eq!(
        pgn.lines().filter(|l| l.starts_with("[White")).count(),
        1,
        "{pgn}"
    );
    assert!(!pgn.contains('\u{7}') && !pgn.contains('\r'), "{pgn:?}");
    let again = run(&["audit", "--json", "-"], pgn.as_bytes());
    assert_eq!(out(&again).lines().count(), 1, "{}", out(&again));

    let o = run(&["replay", "--scoresheet", "san", "-"], log.as_bytes());
    assert_eq!(code(&o), 0, "{}", err(&o));
    let sheet = out(&o);
    assert!(
        !sheet.contains('\u{7}') && !sheet.contains('\r'),
        "{sheet:?}"
    );
    assert!(!sheet.lines().any(|l| l.starts_with("[Event")), "{sheet}");
}

#[test]
fn options_after_the_text_are_options() {
    let o = run(&["notation", "Nf3", "--as", "ru"], b"");
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert_eq!(out(&o).trim(), "Кf3");
    let wav = scratch("after.wav");
    let o = run(&["say", "hello", "--wav", wav.to_str().unwrap()], b"");
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert_eq!(out(&o).trim(), "hello", "the option was spoken");
    let bytes = std::fs::read(&wav).unwrap();
    let st = arbiter_speech::wav::stats(&bytes).unwrap();
    assert!(st.duration_s > 0.2, "{st:?}");
    // A text starting with `-` still goes after `--`.
    let o = run(&["notation", "--as", "san", "--", "e4"], b"");
    assert_eq!(code(&o), 0);
}

#[test]
fn say_never_reads_a_device_back() {
    for dev in ["/dev/full", "/dev/zero"] {
        let o = sh(&format!("{LIMIT}; $A say hi --wav {dev}"));
        no_panic(&o);
        assert_eq!(code(&o), 2, "{dev}: {}", err(&o));
        assert!(err(&o).contains("not a regular file"), "{}", err(&o));
    }
}

#[test]
fn values_are_checked_with_a_reason() {
    for (args, why) in [
        (
            &["clock", "--control", "300+3", "--alarm", "abc"][..],
            "\"abc\" is not a number of seconds from 1 to 86400",
        ),
        (
            &["clock", "--control", "300+3", "--alarm", "-1,0"],
            "\"-1\" is not a number of seconds",
        ),
        (
            &["clock", "--control", "300+3", "--alarm", "60,0"],
            "\"0\" is not a number of seconds",
        ),
        (&["clock", "--control", "300+3", "--rate", "0"], "80 to 450"),
        (&["say", "--rate", "0", "hi"], "80 to 450"),
    ] {
        let o = run(args, b"q\n");
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(err(&o).contains(why), "{args:?}: {}", err(&o));
    }
    let o = run(
        &["clock", "--control", "300+3", "--manual-time"],
        // The clock runs only once started (over the board: Black's press or `start`).
        b"start\nadd white 999999999999\ndeduct b 86401\nadd w 86400\nq\n",
    );
    assert_eq!(code(&o), 0);
    let text = out(&o);
    assert_eq!(text.matches("more than the 86400").count(), 2, "{text}");
    assert!(
        text.contains("White 1:") || text.contains("White 24:"),
        "{text}"
    );
}

// ---- messages ----

#[test]
fn long_inputs_are_cut_in_messages() {
    // One argument may hold at most 128 KiB on Linux.
    let huge = "Z".repeat(100_000);
    let o = run(&["notation", "--as", "san", &huge], b"");
    assert_eq!(code(&o), 2);
    assert!(err(&o).len() < 500, "{} bytes", err(&o).len());
    let control = format!("300+{}", "9".repeat(100_000));
    let o = run(&["clock", "--control", &control], b"q\n");
    assert_eq!(code(&o), 2);
    assert!(err(&o).len() < 500, "{} bytes", err(&o).len());
    assert!(err(&o).contains('^'));
    let o = run(&["perft", &huge, "1"], b"");
    assert_eq!(code(&o), 2);
    assert!(err(&o).len() < 500, "{} bytes", err(&o).len());
    let o = run(
        &["clock", "--control", "300+3"],
        format!("{}\nq\n", "x".repeat(60_000)).as_bytes(),
    );
    assert_eq!(code(&o), 0);
    assert!(out(&o).len() < 1_000, "{} bytes", out(&o).len());
}

#[test]
fn a_log_line_that_is_not_utf8_is_rejected_alone_and_named() {
    let mut log = b"\xEF\xBB\xBF".to_vec();
    log.extend_from_slice(HEADER.as_bytes());
    log.extend_from_slice(
        b"\n{\"at\":1,\"type\":\"move\",\"side\":\"white\",\"move\":\"e4\",\"press\":true}\n",
    );
    log.extend_from_slice(
        b"{\"at\":2,\"type\":\"move\",\"side\":\"black\",\"move\":\"e5\xff\",\"press\":true}\n",
    );
    log.extend_from_slice(
        b"{\"at\":3,\"type\":\"move\",\"side\":\"black\",\"move\":\"e5\",\"press\":true}\n",
    );
    let o = run(&["replay", "--json", "-"], &log);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["ply"], 2, "{v}");
    let rejected = &v["rejected"][0];
    assert_eq!(rejected["line"], 3, "{v}");
    assert!(
        rejected["reason"].as_str().unwrap().contains("not UTF-8"),
        "{v}"
    );
}

#[test]
fn serde_errors_name_the_log_line_and_the_column_only() {
    let log = log_text(&[
        r#"{"at":1,"type":"move","side":"white","move":"e4","press":true}"#,
        r#"{"at":2,"type":"move","side":7}"#,
    ]);
    let o = run(&["replay", "-"], log.as_bytes());
    assert_eq!(code(&o), 0);
    let line = out(&o)
        .lines()
        .find(|l| l.starts_with("Rejected line"))
        .unwrap()
        .to_string();
    assert!(line.starts_with("Rejected line 3: column "), "{line}");
    assert_eq!(line.matches("line").count(), 1, "{line}");
    let o = run(
        &["replay", "-"],
        b"{\"format\":\"arbiter-log\",\"version\":\"x\"}\n",
    );
    assert_eq!(code(&o), 2);
    assert!(err(&o).contains("line 1, column"), "{}", err(&o));
    assert_eq!(err(&o).matches("line").count(), 1, "{}", err(&o));
}

#[test]
fn the_clock_refuses_a_line_that_is_not_text_and_goes_on() {
    let o = run(
        &["clock", "--control", "300+3", "--manual-time"],
        b"w e4\n\xff\xfe\nb e5\nt\nq\n",
    );
    assert_eq!(code(&o), 0, "{}", err(&o));
    let text = out(&o);
    assert!(
        text.contains("Refused: line 2 is not UTF-8 text."),
        "{text}"
    );
    assert!(
        text.contains("Black: move 1 e5"),
        "the rest was dropped: {text}"
    );
}

#[test]
fn spoken_set_up_says_why_an_answer_is_refused() {
    let o = run(
        &["clock", "--lexicon", "en"],
        b"abc\n0\n900\n10\n-2\n5\n\nq\n",
    );
    assert_eq!(code(&o), 0, "{}", err(&o));
    let text = out(&o);
    assert!(
        text.contains("\"abc\" is not a number. Give a whole number from 1 to 600."),
        "{text}"
    );
    assert!(text.contains("0 is out of range: 1 to 600."), "{text}");
    assert!(text.contains("900 is out of range: 1 to 600."), "{text}");
    assert!(
        text.contains("\"-2\" is not a number. Give a whole number from 0 to 600."),
        "{text}"
    );
    assert!(text.contains("600+5"), "{text}");
    let o = run(&["clock", "--lexicon", "ru"], b"abc\n");
    assert!(out(&o).contains("от 1 до 600"), "{}", out(&o));
}

#[test]
fn play_reports_a_full_device_and_ends_quietly_on_a_closed_pipe() {
    let o = sh("printf 'quit\\n' | $A play > /dev/full");
    no_panic(&o);
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(err(&o).contains("standard output"), "{}", err(&o));
    let o = sh("(sleep 0.3; printf 'help\\nhelp\\nquit\\n' | $A play; echo \"rc=$?\" >&2) | true");
    no_panic(&o);
    assert!(err(&o).contains("rc=0"), "{}", err(&o));
}

#[test]
fn tavreli_audit_is_streamed_with_strict_clocks_and_exit_codes() {
    let good = "[Variant \"Tavreli\"]\n[Result \"*\"]\n\n1. c1-d2 {[%clk 1x:00:00]} d8-e7 *\n";
    let o = run(&["audit", "--variant", "tavreli", "-"], good.as_bytes());
    assert_eq!(code(&o), 0, "{}", out(&o));
    assert!(
        out(&o).contains("note: ply 1: [%clk 1x:00:00] is not a clock reading"),
        "{}",
        out(&o)
    );
    let bad = format!("{good}\n[Variant \"Tavreli\"]\n[Result \"*\"]\n\n1. c1-d2 z9-z9 *\n");
    let o = run(&["audit", "--variant", "tavreli", "-"], bad.as_bytes());
    assert_eq!(code(&o), 1, "{}", out(&o));
    assert_eq!(out(&o).lines().count(), 3, "{}", out(&o));
    let huge = format!("[Variant \"Tavreli\"]\n\n1. {} *\n", "x".repeat(60_000));
    let o = run(&["audit", "--variant", "tavreli", "-"], huge.as_bytes());
    assert_eq!(code(&o), 1);
    assert!(
        out(&o).len() < 1_000,
        "the token is not cut: {} bytes",
        out(&o).len()
    );
}

#[test]
fn a_failing_stderr_is_no_panic() {
    for cmd in [
        "$A perft startpos 99",
        "$A play --level 21",
        "$A clock --control x",
        "$A audit /no/such/file",
        "$A replay /no/such/file",
        "$A notation --as klingon e4",
        "$A unwinnable garbage",
        "$A unwinnable --side grey 8/8/8/8/8/2k5/8/K5Q1 w - - 0 1",
    ] {
        let o = sh(&format!("{cmd} 2>/dev/full"));
        assert_eq!(code(&o), 2, "{cmd}");
    }
}

#[test]
fn help_is_output_like_any_other() {
    let o = sh("$A audit --help > /dev/full");
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(err(&o).contains("standard output"), "{}", err(&o));
    let o = sh("(sleep 0.3; $A --help; echo \"rc=$?\" >&2) | true");
    assert!(err(&o).contains("rc=0"), "{}", err(&o));
    let o = run(&["audit", "--bogus"], b"");
    assert_eq!(code(&o), 2);
    assert!(
        !err(&o).contains('\u{1b}'),
        "escape codes in: {:?}",
        err(&o)
    );
}

#[test]
fn replay_shows_the_game_up_to_a_line_too_long() {
    let long = "x".repeat(70_000);
    let log = log_text(&[
        r#"{"at":1,"type":"move","side":"white","move":"e4","press":true}"#,
        &long,
        r#"{"at":3,"type":"move","side":"black","move":"e5","press":true}"#,
    ]);
    let o = run(&["replay", "--json", "-"], log.as_bytes());
    assert_eq!(code(&o), 2);
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["ply"], 1, "{v}");
    assert!(
        err(&o).contains("standard input: line 3: the line is longer than 65536 bytes"),
        "{}",
        err(&o)
    );
}

/// `--variant` is the same flag in every subcommand that has it: chess or
/// tavreli, exactly as logs write them; anything else is bad input (exit 2)
/// with the same words, quoted and cut, before any file is opened.
#[test]
fn every_variant_flag_takes_chess_or_tavreli_and_says_so_otherwise() {
    let long = "x".repeat(5000);
    for cmd in [
        &["perft", "1"][..],
        &["audit", "/nonexistent.pgn"],
        &["play", "--white", "human", "--black", "human"],
    ] {
        for bad in ["go", "Chess", "TAVRELI", "", long.as_str()] {
            let mut args = cmd.to_vec();
            args.extend(["--variant", bad]);
            let o = run(&args, b"");
            no_panic(&o);
            assert_eq!(code(&o), 2, "{args:?}");
            let e = err(&o);
            assert!(
                e.contains("--variant must be chess or tavreli"),
                "{cmd:?}: {e}"
            );
            assert!(
                !e.contains("nonexistent"),
                "{cmd:?}: the flag is checked first: {e}"
            );
            assert!(e.len() < 300, "{cmd:?}: the quoted value is cut: {e}");
        }
        // Both names are taken (the play game ends at once on empty input).
        for good in ["chess", "tavreli"] {
            let mut args = cmd.to_vec();
            args.extend(["--variant", good]);
            let o = run(&args, b"");
            no_panic(&o);
            assert!(!err(&o).contains("--variant"), "{args:?}: {}", err(&o));
        }
    }
    // Chess is the default: the chess perft of the start position.
    let o = run(&["perft", "startpos", "1"], b"");
    assert_eq!(out(&o), "20\n");
    let o = run(&["perft", "--variant", "chess", "startpos", "1"], b"");
    assert_eq!(out(&o), "20\n");
}
