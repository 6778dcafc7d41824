//! Golden outputs: every command whose words or numbers a refactor of the
//! vocabulary, the clock or Tavreli could change, run on the shipped examples
//! and compared byte for byte with files recorded from the binary before that
//! refactor (`tests/golden/*.txt`). A refactor must leave every one of them
//! unchanged; a deliberate change of output is re-recorded, and reviewed as a
//! diff of those files, with
//!
//! ```text
//! ARBITER_BLESS=1 cargo test -p arbiter-cli --test golden
//! ```
//!
//! Each file holds the exit code, standard output and (unless the case says
//! otherwise) standard error of one run, so that error messages are kept too.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// One run of the binary: a file name, the arguments, standard input, and
/// whether standard error is part of the record (not for `say`, whose error
/// stream carries measurements of the sound espeak-ng made).
struct Case {
    name: String,
    args: Vec<String>,
    stdin: String,
    keep_stderr: bool,
}

fn case(name: &str, args: &[&str], stdin: &str) -> Case {
    Case {
        name: name.to_string(),
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: stdin.to_string(),
        keep_stderr: true,
    }
}

const LOG: &str = "data/logs/illegal-and-claim.jsonl";
const TAVRELI_GAMES: &str = "crates/tavreli/tests/data/games.pgn";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R2BK2R w KQkq - 0 1";
const PROMOTION_FEN: &str = "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1";

fn replay_cases(v: &mut Vec<Case>) {
    v.push(case("replay-text", &["replay", LOG], ""));
    v.push(case("replay-json", &["replay", LOG, "--json"], ""));
    v.push(case("replay-pgn", &["replay", LOG, "--pgn"], ""));
    for style in [
        "ru", "de", "fr", "es", "it", "nl", "pl", "en", "figurine", "san", "braille", "brf",
    ] {
        v.push(case(
            &format!("replay-scoresheet-{style}"),
            &["replay", LOG, "--scoresheet", style],
            "",
        ));
    }
    v.push(case(
        "replay-stdin-bad-line",
        &["replay", "-"],
        "{\"nope\":1}\n",
    ));
}

fn audit_cases(v: &mut Vec<Case>) {
    v.push(case(
        "audit-tavreli-text",
        &["audit", "--variant", "tavreli", TAVRELI_GAMES],
        "",
    ));
    v.push(case(
        "audit-tavreli-json",
        &["audit", "--variant", "tavreli", "--json", TAVRELI_GAMES],
        "",
    ));
    v.push(case(
        "audit-chess-lichess-text",
        &["audit", "data/games/lichess-sample.pgn"],
        "",
    ));
    v.push(case(
        "audit-chess-lichess-json-2005",
        &[
            "audit",
            "--json",
            "--edition",
            "2005",
            "data/games/lichess-sample.pgn",
        ],
        "",
    ));
}

fn notation_cases(v: &mut Vec<Case>) {
    let styles = [
        "uci",
        "san",
        "ru",
        "de",
        "figurine",
        "long",
        "fide-de",
        "ru-fide",
        "ru-spoken",
        "en-spoken",
        "nato",
        "braille",
        "fr",
        "es",
        "it",
        "nl",
        "pl",
        "long-ru",
        "long-de",
    ];
    for style in styles {
        v.push(case(
            &format!("notation-nf3-as-{style}"),
            &["notation", "--as", style, "Nf3"],
            "",
        ));
        v.push(case(
            &format!("notation-kiwipete-castle-as-{style}"),
            &["notation", "--fen", KIWIPETE, "--as", style, "O-O-O"],
            "",
        ));
        v.push(case(
            &format!("notation-promotion-capture-as-{style}"),
            &["notation", "--fen", PROMOTION_FEN, "--as", style, "bxa8=Q+"],
            "",
        ));
    }
    for (name, text) in [
        ("ru-letters", "Кf3"),
        ("ru-spoken", "конь жэ один эф три"),
        ("en-spoken", "knight g1 f3"),
        ("uci", "e2e4"),
    ] {
        v.push(case(
            &format!("notation-from-{name}"),
            &["notation", "--as", "san", text],
            "",
        ));
    }
    v.push(case(
        "notation-illegal",
        &["notation", "--as", "uci", "Ke2"],
        "",
    ));
    v.push(case(
        "notation-garbage",
        &["notation", "--as", "san", "xyzzy"],
        "",
    ));
}

fn say_cases(v: &mut Vec<Case>, wav: &str) {
    for lex in ["fide-de", "ru-fide", "ru", "en", "nato"] {
        for (what, args) in [
            ("move", vec!["--move", "Nf3"]),
            ("castle", vec!["--fen", KIWIPETE, "--move", "O-O"]),
            ("clock", vec!["--clock", "301000,1260000,21"]),
            ("clock-short", vec!["--clock", "61000,1000,1"]),
            ("clock-hours", vec!["--clock", "3723000,7200000,41"]),
        ] {
            let mut a = vec!["say", "--lexicon", lex, "--wav", wav];
            a.extend(args);
            let mut c = case(&format!("say-{what}-{lex}"), &a, "");
            c.keep_stderr = false;
            v.push(c);
        }
    }
}

fn clock_cases(v: &mut Vec<Case>) {
    let game = "@1000 w e4\n@2000 b e5\n@3500 w Nf3\n@4000 t\n@4500 m\n@5000 p\n@9000 p\n\
                @9500 add b 30\n@9600 deduct w 1.5\n@10000 b Nc6\n@11000 h\n@12000 t\n@13000 q\n";
    for lang in ["en", "ru"] {
        for control in ["40/5400+30:1800+30", "300+3", "7200d5", "60"] {
            let safe = control.replace(['/', ':', '+'], "_");
            v.push(case(
                &format!("clock-{lang}-{safe}"),
                &[
                    "clock",
                    "--manual-time",
                    "--lang",
                    lang,
                    "--control",
                    control,
                ],
                game,
            ));
        }
        // A flag falls in a one-minute game; a second flag for the other side.
        v.push(case(
            &format!("clock-{lang}-flag"),
            &["clock", "--manual-time", "--lang", lang, "--control", "60"],
            "@1000 w\n@2000 b\n@70000 t\n@70500 w\n@200000 t\n@200500 q\n",
        ));
        // Set up by the spoken prompts, then a few moves with the DGT convention.
        v.push(case(
            &format!("clock-{lang}-prompts"),
            &[
                "clock",
                "--manual-time",
                "--lang",
                lang,
                "--increment-before-move",
            ],
            &format!(
                "10\n5\n{}\n@1000 w e4\n@2000 b e5\n@4000 t\n@5000 m\n@6000 q\n",
                if lang == "ru" { "да" } else { "yes" }
            ),
        ));
        v.push(case(
            &format!("clock-{lang}-bad-command"),
            &[
                "clock",
                "--manual-time",
                "--lang",
                lang,
                "--control",
                "300+2",
            ],
            "@1000 frobnicate\n@2000 add w\n@3000 w Ke2\n@4000 q\n",
        ));
    }
    v.push(case(
        "clock-en-lexicon-nato",
        &[
            "clock",
            "--manual-time",
            "--lexicon",
            "nato",
            "--control",
            "300+2",
        ],
        "@1000 w e4\n@2000 m\n@3000 lexicon fide-de\n@4000 m\n@5000 q\n",
    ));
    v.push(case(
        "clock-bad-control",
        &["clock", "--manual-time", "--control", "40/"],
        "",
    ));
}

fn perft_play_cases(v: &mut Vec<Case>) {
    v.push(case("perft-startpos-3", &["perft", "startpos", "3"], ""));
    v.push(case("perft-kiwipete-2", &["perft", KIWIPETE, "2"], ""));
    v.push(case(
        "perft-tavreli-2",
        &["perft", "--variant", "tavreli", "2"],
        "",
    ));
    v.push(case(
        "perft-tavreli-moves-2",
        &[
            "perft",
            "--variant",
            "tavreli",
            "--moves",
            "1. e2-e3 d7-d6",
            "2",
        ],
        "",
    ));
    let session =
        "e2-e3\nboard\ne2\ntower e3\nmoves\nhistory\nposition\npgn\nundo\nhelp\nxx-yy\nquit\n";
    for lang in ["en", "ru", "de"] {
        // Level 1 looks one move ahead and does not depend on the time budget.
        v.push(case(
            &format!("play-tavreli-{lang}"),
            &[
                "play",
                "--variant",
                "tavreli",
                "--level",
                "1",
                "--lang",
                lang,
                "--manual-time",
            ],
            session,
        ));
    }
}

fn cases(wav: &str) -> Vec<Case> {
    let mut v = Vec::new();
    replay_cases(&mut v);
    audit_cases(&mut v);
    notation_cases(&mut v);
    say_cases(&mut v, wav);
    clock_cases(&mut v);
    perft_play_cases(&mut v);
    v
}

fn run(c: &Case) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(&c.args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the arbiter binary starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // A command may stop reading early (an error); the write error is fine.
    let _ = stdin.write_all(c.stdin.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("the arbiter binary ends");
    let mut s = format!(
        "$ arbiter {}\n== exit {:?}\n== stdout\n",
        c.args.join(" "),
        out.status.code()
    );
    s.push_str(&String::from_utf8_lossy(&out.stdout));
    if c.keep_stderr {
        s.push_str("== stderr\n");
        s.push_str(&String::from_utf8_lossy(&out.stderr));
    }
    s
}

#[test]
fn every_command_prints_what_it_printed_when_recorded() {
    let bless = std::env::var_os("ARBITER_BLESS").is_some_and(|v| v == "1");
    let tmp = std::env::temp_dir().join(format!("arbiter-golden-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let wav = tmp.join("say.wav");
    let wav = wav.to_str().expect("a UTF-8 temporary path");
    let dir = golden_dir();
    if bless {
        std::fs::create_dir_all(&dir).unwrap();
    }
    let mut failures = Vec::new();
    let all = cases(wav);
    for c in &all {
        // The WAV path changes from run to run; keep it out of the record.
        let got = run(c).replace(wav, "SAY.wav");
        let file = dir.join(format!("{}.txt", c.name));
        if bless {
            std::fs::write(&file, &got).unwrap();
            continue;
        }
        match std::fs::read_to_string(&file) {
            Ok(want) if want == got => {}
            Ok(want) => failures.push(format!(
                "{}: differs\n--- recorded\n{}\n--- now\n{}",
                c.name,
                cut(&want),
                cut(&got)
            )),
            Err(e) => failures.push(format!("{}: no golden file ({e})", c.name)),
        }
    }
    std::fs::remove_dir_all(&tmp).ok();
    assert!(
        failures.is_empty(),
        "{} of {} golden outputs changed (ARBITER_BLESS=1 re-records them):\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// The first lines of a long output, enough to see where it went wrong.
fn cut(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    if lines.len() <= 40 {
        return s.to_string();
    }
    format!(
        "{}\n… {} more lines",
        lines[..40].join("\n"),
        lines.len() - 40
    )
}
