//! A game by ear that speech never holds: a stub speech program that takes
//! real time (a fixed time per word, as espeak-ng on a sound device takes
//! as long as its words last) stands in for espeak-ng, and the moves are
//! typed at real instants. The log's move times must follow the typing, not
//! the speaking; alarms must be said on time; speech that reaches no device
//! must be said so; a line too long is refused and the game goes on.

mod common;

use common::{arbiter, scratch};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A speech program that takes `per_word` seconds a word and logs what it
/// says, with the wall time in ms, to `dir/said.log`.
fn slow_speaker(dir: &Path, per_word: f64) -> PathBuf {
    let p = dir.join("slow-speaker");
    let log = dir.join("said.log");
    std::fs::write(
        &p,
        format!(
            "#!/bin/sh\ntext=$(cat)\nn=$(echo \"$text\" | wc -w)\n\
             echo \"start $(date +%s%3N) $text\" | head -c 200 >> {log}; echo >> {log}\n\
             sleep $(awk \"BEGIN{{print $n*{per_word}}}\")\n",
            log = log.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// A speech program that, like espeak-ng with no sound card, exits 0 and
/// says on its error output that it could not open the device.
fn deaf_speaker(dir: &Path) -> PathBuf {
    let p = dir.join("deaf-speaker");
    std::fs::write(
        &p,
        "#!/bin/sh\ncat >/dev/null\necho 'ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default' >&2\necho 'error: No such file or directory' >&2\nexit 0\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// Runs `arbiter ARGS` with `ARBITER_ESPEAK=speaker`, typing each line at
/// its offset from the start; returns stdout's lines with the instant each
/// arrived, and the exit code.
fn typed(args: &[&str], speaker: &Path, script: &[(u64, &str)]) -> (Vec<(Duration, String)>, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env("ARBITER_ESPEAK", speaker)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    let out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        BufReader::new(out)
            .lines()
            .map_while(Result::ok)
            .map(|l| (t0.elapsed(), l))
            .collect::<Vec<_>>()
    });
    let mut input = child.stdin.take().unwrap();
    for (at, line) in script {
        let due = t0 + Duration::from_millis(*at);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }
    drop(input);
    let code = child.wait().unwrap().code().unwrap_or(-1);
    (reader.join().unwrap(), code)
}

fn log_moves(log: &Path) -> Vec<(String, u64)> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "move")
        .map(|v| {
            (
                v["move"].as_str().unwrap_or_default().to_string(),
                v["at"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn speech_that_takes_its_time_does_not_hold_the_game() {
    let dir = scratch("speech-beside");
    let speaker = slow_speaker(&dir, 0.3);
    let log = dir.join("game.jsonl");
    let (out, code) = typed(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "human",
            "--control",
            "180+2",
            "--speak",
            "--log",
            log.to_str().unwrap(),
        ],
        &speaker,
        &[
            (1000, "e4"),
            (1500, "help"),
            (2000, "e5"),
            (2500, "p"),
            (3000, "Nf3"),
            (3500, "h"),
            (4000, "Nc6"),
            (4300, "quit"),
        ],
    );
    assert_eq!(code, 0, "{out:?}");
    let moves = log_moves(&log);
    assert_eq!(moves.len(), 4, "{moves:?}");
    // Each move is stamped half a second apart as typed, although every
    // answer between them takes many seconds to say (at 0.3 s a word).
    for w in moves.windows(2) {
        let gap = w[1].1 - w[0].1;
        assert!((800..=1400).contains(&gap), "{moves:?}");
    }
    // The text is written when the line is answered, not after it was said.
    let e5 = out.iter().find(|(_, l)| l.contains("e5")).expect("e5 said");
    assert!(e5.0 < Duration::from_millis(3500), "{e5:?}");
}

#[test]
fn an_alarm_is_said_on_time_and_cuts_a_long_answer() {
    let dir = scratch("speech-alarm");
    let speaker = slow_speaker(&dir, 0.3);
    let (out, code) = typed(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "human",
            "--control",
            "6+0",
            "--alarm",
            "3",
            "--speak",
        ],
        &speaker,
        // The help (a long answer) is asked 1 s in; the alarm is due 3 s
        // after White's clock started.
        &[(1000, "help"), (6500, "quit")],
    );
    assert_eq!(code, 0, "{out:?}");
    let said = String::from_utf8_lossy(&std::fs::read(dir.join("said.log")).unwrap()).into_owned();
    let first: u64 = said
        .lines()
        .next()
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .expect("the introduction was spoken");
    let alarm_line = out
        .iter()
        .find(|(_, l)| l.contains("seconds left"))
        .unwrap_or_else(|| panic!("no alarm in {out:?}"));
    assert!(
        alarm_line.0 < Duration::from_millis(4500),
        "the alarm was written late: {alarm_line:?}"
    );
    let alarm_said = said
        .lines()
        .filter(|l| l.contains("seconds left"))
        .find_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .expect("the alarm was spoken");
    // Spoken within a second of being due (3 s after the introduction
    // started being said), not after the help's many seconds of words.
    assert!(alarm_said - first < 4500, "{said}");
}

#[test]
fn speech_that_reaches_no_device_is_said_and_say_exits_1() {
    let dir = scratch("speech-deaf");
    let deaf = deaf_speaker(&dir);
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["say", "--lexicon", "ru", "Кf3"])
        .env("ARBITER_ESPEAK", &deaf)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("звукового устройства"), "{err}");
    assert!(err.contains("--wav-dir"), "{err}");
    for cmd in ["play", "clock"] {
        let mut args = vec![cmd, "--speak", "--lang", "de"];
        if cmd == "clock" {
            args.extend(["--control", "60+0"]);
        } else {
            args.extend(["--white", "human", "--black", "human"]);
        }
        let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(&args)
            .env("ARBITER_ESPEAK", &deaf)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("kein Audiogerät"), "{cmd}: {err}");
    }
    // A speaker that works passes the check.
    let ok = slow_speaker(&dir, 0.0);
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["say", "hello"])
        .env("ARBITER_ESPEAK", &ok)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_line_too_long_is_refused_and_the_game_goes_on() {
    let dir = scratch("long-line");
    let log = dir.join("game.jsonl");
    let long = "x".repeat(70_000);
    for (lang, words) in [("en", "more than 65536"), ("ru", "больше 65536")] {
        let r = arbiter(
            &[
                "play",
                "--white",
                "human",
                "--black",
                "human",
                "--manual-time",
                "--lang",
                lang,
                "--log",
                log.to_str().unwrap(),
            ],
            &format!("@1000 e4\n{long}\n@2000 e5\n"),
        );
        assert_eq!(r.code, Some(0), "{}", r.err);
        assert!(r.out.contains(words), "{}", r.out);
        assert_eq!(log_moves(&log).len(), 2, "{}", r.out);
    }
    // A line that never ends within a mebibyte is unreadable: exit 2.
    let endless = "y".repeat(1024 * 1024 + 10);
    let r = arbiter(
        &["play", "--white", "human", "--black", "human"],
        &format!("e4\n{endless}"),
    );
    assert_eq!(r.code, Some(2), "{}", r.err);
}

#[test]
fn takeback_and_rematch_against_the_engine() {
    let dir = scratch("takeback");
    let log = dir.join("game.jsonl");
    let r = arbiter(
        &[
            "play",
            "--variant",
            "tavreli",
            "--color",
            "white",
            "--level",
            "1",
            "--ms-per-move",
            "50",
            "--manual-time",
            "--lang",
            "ru",
            "--log",
            log.to_str().unwrap(),
        ],
        "@1000 c1-d2\n@2000 возврат\n@3000 реванш\n@4000 quit\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("Взято назад: 2 полухода"), "{}", r.out);
    assert!(r.out.contains("Реванш"), "{}", r.out);
    // The takeback is the arbiter's restore of the position, in the log.
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.lines()
            .any(|l| l.contains("\"restore\"") && l.contains("\"ply\":0")),
        "{text}"
    );
    let v = common::replay(&log);
    assert_eq!(v["ply"], 0, "{v}");
    // The rematch has a log of its own, colours swapped: the engine is White.
    let again = dir.join("game.rematch1.jsonl");
    let head = std::fs::read_to_string(&again).unwrap();
    let header: serde_json::Value = serde_json::from_str(head.lines().next().unwrap()).unwrap();
    assert_ne!(header["white"], "Player", "{head}");
    assert_eq!(header["black"], "Player", "{head}");
    let v = common::replay(&again);
    assert!(v["ply"].as_u64().unwrap() >= 1, "the engine opened: {v}");
}

#[test]
fn cyrillic_file_letters_are_read_in_chess_and_tavreli() {
    let dir = scratch("cyrillic");
    let log = dir.join("game.jsonl");
    let r = arbiter(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "human",
            "--manual-time",
            "--lang",
            "ru",
            "--log",
            log.to_str().unwrap(),
        ],
        "@1000 д2-д4\n@2000 Кф6\n@3000 ц4\n@4000 г6\n@5000 q ф6\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    let moves: Vec<String> = log_moves(&log).into_iter().map(|(m, _)| m).collect();
    assert_eq!(moves, ["d4", "Nf6", "c4", "g6"], "{}", r.out);
    // Tavreli: a scan of a file typed in Cyrillic answers as the Latin one.
    let scan = |file: &str| {
        let r = arbiter(
            &[
                "play",
                "--variant",
                "tavreli",
                "--white",
                "human",
                "--black",
                "human",
                "--lang",
                "ru",
            ],
            &format!("скан {file}\n"),
        );
        r.out
    };
    let latin = scan("f");
    assert!(!latin.contains("Не понято"), "{latin}");
    assert_eq!(scan("ф"), latin);
    assert_eq!(scan("е"), scan("e"));
}

#[test]
fn the_screen_reader_mode_redraws_nothing() {
    // `--live` redraws a status line in place; for a screen reader (asked
    // for, or output that is not a terminal with nothing spoken) every
    // announcement is a plain line and nothing is redrawn.
    for extra in [&["--screen-reader"][..], &[][..]] {
        let mut args = vec!["clock", "--control", "60+0", "--live"];
        args.extend_from_slice(extra);
        let dir = scratch("screen-reader");
        let speaker = slow_speaker(&dir, 0.0);
        let (out, code) = typed(&args, &speaker, &[(300, "b"), (800, "w"), (1300, "t")]);
        assert_eq!(code, 0, "{out:?}");
        let text: String = out.iter().map(|(_, l)| format!("{l}\n")).collect();
        assert!(!text.contains('\r') && !text.contains('\u{1b}'), "{text:?}");
        assert!(text.lines().count() >= 3, "{text}");
    }
}
