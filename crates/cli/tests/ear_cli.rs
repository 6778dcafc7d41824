//! The game by ear, end to end: a bare press is stamped at its own Enter
//! (the typing of the move made on the board is charged to no one); what
//! the synthesiser is given is words (a stub speech program logs it); a
//! takeback gives the clock's move count back; the help is in one
//! language.

mod common;

use common::{arbiter, clock, scratch};
use std::path::{Path, PathBuf};

#[test]
fn a_bare_press_is_stamped_at_its_enter_not_when_the_move_is_typed() {
    // White presses at 3 s with a bare Enter and takes 20 s to type Nf3:
    // White's clock stopped at 3 s, Black's ran from then.
    let (r, v) = clock(
        &["--control", "300+0", "--lang", "ru"],
        "@0 b\n@1000 w e4\n@2000 b e5\n@3000\n@23000 Кf3\n@24000 t\n",
        "ear-bare-press",
    );
    assert!(r.out.contains("какой ход сделан на доске"), "{}", r.out);
    assert_eq!(v["moves"], serde_json::json!(["e4", "e5", "Nf3"]));
    // White used 1 s (0→1) + 1 s (2→3): 298 s left, not the 278 s of a
    // press stamped when Nf3 was typed. (The clocks are read at the last
    // event, the press at 3 s.)
    assert_eq!(v["clock"]["white_ms"], 298_000, "{v}");
    assert_eq!(v["clock"]["black_ms"], 299_000, "{v}");
}

#[test]
fn a_skip_after_a_bare_press_is_stamped_at_the_press() {
    let (_, v) = clock(
        &["--control", "300+0"],
        "@0 b\n@1000 w e4\n@2000 b e5\n@3000\n@9000 skip\n@10000 t\n",
        "ear-bare-skip",
    );
    assert_eq!(v["clock"]["white_ms"], 298_000, "{v}");
    assert_eq!(v["clock"]["black_ms"], 299_000, "{v}");
}

/// A speech program that logs each text it is given, one per line.
fn logging_speaker(dir: &Path) -> (PathBuf, PathBuf) {
    let p = dir.join("speaker");
    let log = dir.join("said.log");
    std::fs::write(
        &p,
        format!(
            "#!/bin/sh\ntext=$(cat)\nprintf '%s\\n' \"$text\" >> {}\n",
            log.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    (p, log)
}

/// `play` with speech through the logging speaker, one line every
/// 300 ms (a typed line hushes the answer being said); what was said.
fn spoken_play(args: &[&str], lines: &[&str], name: &str) -> (String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = scratch(name);
    let (speaker, log) = logging_speaker(&dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("play")
        .args(args)
        .args(["--speak", "--manual-time"])
        .env("ARBITER_ESPEAK", &speaker)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The introduction is said before the first line (a line typed would
    // hush it).
    std::thread::sleep(std::time::Duration::from_millis(1500));
    for l in lines {
        writeln!(input, "{l}").unwrap();
        input.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    let said = std::fs::read_to_string(&log).unwrap_or_default();
    (String::from_utf8_lossy(&out.stdout).into_owned(), said)
}

#[test]
fn what_is_spoken_is_words_while_the_screen_keeps_notation() {
    let (screen, said) = spoken_play(
        &["--white", "human", "--black", "human", "--lang", "ru"],
        &["e4", "e5", "Кf6", "m g8", "pgn", "b"],
        "ear-spoken-words",
    );
    // The screen: algebraic notation.
    assert!(
        screen.contains("Кa3, Кc3") || screen.contains("Кe2"),
        "{screen}"
    );
    assert!(screen.contains("15 мин"), "{screen}");
    // The voice: words, no Latin squares, no clock comments.
    assert!(said.contains("пятнадцать минут"), "{said}");
    assert!(said.contains("конь а три"), "{said}");
    assert!(said.contains("Чёрный конь на жэ восемь"), "{said}");
    assert!(said.contains("Запись партии выведена на экран"), "{said}");
    assert!(said.contains("Горизонталь восемь"), "{said}");
    assert!(!said.contains("%clk") && !said.contains("[Event"), "{said}");
    for sq in ["a3", "c3", "g8", "e4"] {
        assert!(!said.contains(sq), "{sq} spoken as letters: {said}");
    }
}

#[test]
fn an_illegal_move_and_a_wrong_claim_say_why() {
    let r = arbiter(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "human",
            "--lang",
            "ru",
            "--manual-time",
        ],
        "@1000 e2-e5\n@2000 Ke2\n@3000 Кf3\n@4000 Кf6\n@5000 требую\n",
    );
    assert!(
        r.out.contains("«e2-e5»: эта фигура так не ходит"),
        "{}",
        r.out
    );
    assert!(r.out.contains("на e2 стоит ваша фигура"), "{}", r.out);
    assert!(
        r.out
            .contains("отклонено: позиция повторилась бы только один раз"),
        "{}",
        r.out
    );
}

#[test]
fn the_help_is_in_the_players_language_only() {
    let r = arbiter(
        &[
            "play", "--white", "human", "--black", "human", "--lang", "ru",
        ],
        "помощь\n",
    );
    let help: String = r.out.lines().filter(|l| l.starts_with("c, ")).collect();
    assert!(help.contains("часы"), "{}", r.out);
    assert!(!help.contains("uhr") && !help.contains("clock"), "{help}");
    assert!(
        !r.out.contains("brett") && !r.out.contains("angreifer"),
        "{}",
        r.out
    );
    let c = arbiter(
        &[
            "clock",
            "--control",
            "300+0",
            "--lang",
            "ru",
            "--manual-time",
        ],
        "@0 h\n",
    );
    assert!(c.out.contains("b или старт"), "{}", c.out);
    assert!(
        !c.out.contains("add ") && !c.out.contains("deduct"),
        "{}",
        c.out
    );
}

/// A takeback restores the position before the player's last move and the
/// engine's answer: the moves played count back with it (the clock is
/// asked before and after, in words of the player's language).
#[test]
fn a_takeback_counts_the_moves_back() {
    for (lang, before, after) in [
        ("en", "1 move played", "0 moves played"),
        ("ru", "Сделан 1 ход", "Сделано 0 ходов"),
    ] {
        let r = arbiter(
            &[
                "play",
                "--color",
                "white",
                "--level",
                "1",
                "--ms-per-move",
                "50",
                "--manual-time",
                "--lang",
                lang,
            ],
            "@1000 e4\n@2000 c\n@3000 takeback\n@4000 c\n@5000 quit\n",
        );
        assert_eq!(r.code, Some(0), "{}", r.err);
        let (first, rest) = r
            .out
            .split_once(before)
            .unwrap_or_else(|| panic!("{}", r.out));
        assert!(!first.is_empty());
        assert!(rest.contains(after), "{lang}: {}", r.out);
    }
}
