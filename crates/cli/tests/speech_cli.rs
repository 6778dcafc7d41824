//! The command-line contracts a blind player relies on: `arbiter notation`, `arbiter say`,
//! and the talking `arbiter clock` (spoken set-up, times on request, the
//! last move in words, real WAV files from espeak-ng).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn arbiter(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Duration in seconds and RMS amplitude (0..1), by the speech crate's WAV reader.
fn measure_wav(bytes: &[u8]) -> (f64, f64) {
    let s = arbiter_speech::wav::stats(bytes).expect("a 16-bit PCM WAV file");
    (s.duration_s, s.rms)
}

#[test]
fn notation_prints_one_line_in_the_style_and_exits_2_on_illegal() {
    let o = arbiter(&["notation", "--as", "ru", "Nf3"], "");
    assert_eq!(stdout(&o), "Кf3\n");
    let o = arbiter(&["notation", "--as", "san", "конь жэ один эф три"], "");
    assert_eq!(stdout(&o), "Nf3\n");
    let o = arbiter(&["notation", "--as", "fide-de", "e2e4"], "");
    assert!(
        stdout(&o).to_lowercase().contains("eva vier"),
        "{}",
        stdout(&o)
    );
    let o = arbiter(&["notation", "--as", "uci", "Ke2"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}

#[test]
fn say_writes_a_wav_that_is_speech() {
    let dir = std::env::temp_dir().join(format!("arbiter-say-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let short = dir.join("short.wav");
    let long = dir.join("long.wav");
    let o = arbiter(
        &[
            "say",
            "--move",
            "Nf3",
            "--lexicon",
            "ru",
            "--wav",
            short.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = arbiter(
        &[
            "say",
            "--clock",
            "301000,1260000,21",
            "--lexicon",
            "ru",
            "--wav",
            long.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (d1, r1) = measure_wav(&std::fs::read(&short).unwrap());
    let (d2, r2) = measure_wav(&std::fs::read(&long).unwrap());
    std::fs::remove_dir_all(&dir).ok();
    assert!(r1 > 0.01 && r2 > 0.01, "not silent: {r1} {r2}");
    assert!(
        d1 > 0.3 && d2 > d1 * 2.0,
        "longer text, longer sound: {d1} s vs {d2} s"
    );
}

#[test]
fn the_clock_is_set_by_spoken_prompts_and_talks_on_request() {
    let dir = std::env::temp_dir().join(format!("arbiter-clock-talk-{}", std::process::id()));
    let log = dir.join("game.jsonl");
    std::fs::create_dir_all(&dir).unwrap();
    let input = "10\n5\nда\n@1000 w e4\n@2000 b e5\n@3000 w Nf3\n@4000 t\n@5000 m\n@6000 q\n";
    let o = arbiter(
        &[
            "clock",
            "--lang",
            "ru",
            "--manual-time",
            "--wav-dir",
            dir.to_str().unwrap(),
            "--log",
            log.to_str().unwrap(),
        ],
        input,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    // The set-up was asked and read back in Russian.
    assert!(out.contains("Основное время в минутах"), "{out}");
    assert!(out.contains("десять минут плюс пять секунд"), "{out}");
    // "t": both times and the number of moves, with Russian agreement.
    // White's first press started the clock and completed 1. e4 at once
    // (6.6), so White has thought only 1000 ms (e5 to Nf3), with two
    // 5-second increments.
    assert!(out.contains("Белые: 10 минут 9 секунд"), "{out}");
    assert!(out.contains("Сделано 2 хода"), "{out}");
    // "m": the last move in words (RU-4).
    assert!(out.contains("конь жэ один эф три"), "{out}");
    // Every spoken line became a real, non-silent WAV file.
    let wavs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "wav"))
        .collect();
    assert!(wavs.len() >= 5, "{} WAV files", wavs.len());
    for w in &wavs {
        let (d, rms) = measure_wav(&std::fs::read(w.path()).unwrap());
        assert!(d > 0.2 && rms > 0.01, "{:?}: {d} s, rms {rms}", w.path());
    }
    // The log it wrote is a game `arbiter replay` reads: 600+5, three moves,
    // White's clock as above.
    let r = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["replay", log.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["ply"], 3);
    assert_eq!(v["clock"]["white_ms"], 600_000 - 1000 + 10_000);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_speaks_every_command_in_english_russian_and_german() {
    // One utterance per line said: the intro, the start, the move, then one
    // per command (the refused resignation asks and is answered; the pause
    // is said with how to restart the clocks), and the end of input.
    let script = "e4\nc\nl\no\np n\ns e\nq e4\nm g1\na f3\nh\nb\ndraw\nresign\nno\npause\npause\nhelp\npgn\n";
    let said = 22;
    for (lang, words) in [
        (
            "en",
            [
                "pawn e2 to e4",
                "Last move: White",
                "Attackers of f3",
                "Clock paused",
            ],
        ),
        (
            "ru",
            [
                "пешка е два е четыре",
                "Последний ход: белые",
                "атакуют",
                "Часы остановлены",
            ],
        ),
        (
            "de",
            [
                "Bauer Eva vier",
                "Letzter Zug: Weiß",
                "Angreifer auf Felix drei",
                "Uhr angehalten",
            ],
        ),
    ] {
        let dir =
            std::env::temp_dir().join(format!("arbiter-play-talk-{}-{lang}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let o = arbiter(
            &[
                "play",
                "--white",
                "human",
                "--black",
                "human",
                "--manual-time",
                "--lang",
                lang,
                "--wav-dir",
                dir.to_str().unwrap(),
            ],
            script,
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        for w in words {
            assert!(out.contains(w), "{lang}: {w:?}\n{out}");
        }
        let mut wavs: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "wav"))
            .collect();
        wavs.sort();
        assert_eq!(wavs.len(), said, "{lang}: {out}");
        for w in &wavs {
            let (d, rms) = measure_wav(&std::fs::read(w).unwrap());
            assert!(d > 0.2 && rms > 0.01, "{lang} {w:?}: {d} s, rms {rms}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// A WAV file that cannot be written (its folder is missing) is said to be
/// unwritable, with the system's reason, not a "bad WAV"; the exit is not 0
/// and nothing is left behind.
#[test]
fn say_to_a_wav_in_a_missing_folder_says_it_cannot_write_it() {
    let dir = std::env::temp_dir().join(format!("arbiter-say-missing-{}", std::process::id()));
    let path = dir.join("no-such-folder").join("x.wav");
    let o = arbiter(&["say", "--wav", path.to_str().unwrap(), "e4"], "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(err.contains("cannot write the file"), "{err}");
    assert!(err.contains("No such file or directory"), "{err}");
    assert!(!err.contains("bad WAV"), "{err}");
    assert!(!path.exists());
}
