//! `arbiter clock` on the session, scripted through `--manual-time`: it
//! waits for its start, checks typed moves (the Laws' ladder for illegal
//! ones), logs in SAN, sees mate, and fires the low-time alarm while the
//! player thinks. Every log replays (`arbiter replay --json`).

mod common;

use common::{arbiter, replay, scratch};

fn clock(args: &[&str], script: &str, dir: &std::path::Path) -> (common::Run, serde_json::Value) {
    let log = dir.join("clock.jsonl");
    let mut all = vec!["clock", "--manual-time", "--log", log.to_str().unwrap()];
    all.extend_from_slice(args);
    let r = arbiter(&all, script);
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    let v = replay(&log);
    (r, v)
}

#[test]
fn the_clock_waits_until_black_presses() {
    let dir = scratch("clock-start");
    let (r, v) = clock(
        &["--control", "300+0"],
        "@5000 t\n@6000 b\n@9000 t\n@10000 w e4\n",
        &dir,
    );
    // Five seconds before the start cost nothing; three after it, White's.
    assert!(
        r.out.contains("White 5:00, Black 5:00. White to move."),
        "{}",
        r.out
    );
    assert!(r.out.contains("White 4:57, Black 5:00"), "{}", r.out);
    assert_eq!(v["clock"]["white_ms"], 300_000 - 4000);
    assert_eq!(v["moves"], serde_json::json!(["e4"]));
}

#[test]
fn white_pressing_first_starts_the_game_with_his_move() {
    let dir = scratch("clock-white-first");
    let (_, v) = clock(&["--control", "300+3"], "@2000 w e4\n@3000 b Кf6\n", &dir);
    let log = std::fs::read_to_string(dir.join("clock.jsonl")).unwrap();
    // 1. e4 completed at the start instant (0), Black's move 1000 ms later,
    // logged in SAN although typed with a Russian letter.
    assert!(
        log.contains(r#"{"at":0,"type":"move","side":"white","move":"e4","press":true}"#),
        "{log}"
    );
    assert!(log.contains(r#""move":"Nf6""#), "{log}");
    assert_eq!(v["moves"], serde_json::json!(["e4", "Nf6"]));
    assert_eq!(v["clock"]["black_ms"], 300_000 - 1000 + 3000);
    assert_eq!(v["clock"]["white_ms"], 300_000 + 3000);
}

#[test]
fn an_illegal_typed_move_follows_the_laws_ladder() {
    let dir = scratch("clock-illegal");
    // Blitz, 2023 Laws: the first completed illegal move gives the opponent
    // one minute (A.4.2 with 7.5.5); the second loses the game (7.5.5).
    let (r, v) = clock(
        &["--control", "300+0"],
        "@0 b\n@1000 w e5\n@2000 w Ke2\n",
        &dir,
    );
    assert!(r.out.contains("Illegal move"), "{}", r.out);
    assert_eq!(v["illegal_moves"]["white"], 2);
    assert_eq!(v["penalties"][0]["ms"], 60_000);
    assert_eq!(v["result"], "0-1");
}

#[test]
fn mate_ends_the_game_and_is_announced() {
    for (lang, said) in [
        ("en", "Result: Black wins"),
        ("ru", "Результат: победа чёрных"),
    ] {
        let dir = scratch(&format!("clock-mate-{lang}"));
        let (r, v) = clock(
            &["--control", "300+0", "--lang", lang],
            "@0 b\n@1000 w f3\n@2000 b e5\n@3000 w g4\n@4000 b Qh4#\n@5000 w\n",
            &dir,
        );
        assert!(r.out.contains(said), "{}", r.out);
        assert_eq!(v["result"], "0-1");
        assert_eq!(v["termination"], "checkmate");
        // The press after the mate changes nothing: the clocks stopped at 4000.
        assert_eq!(v["clock"]["white_ms"], 300_000 - 2000);
        assert_eq!(v["ply"], 4);
    }
}

#[test]
fn the_alarm_fires_while_the_player_thinks_and_then_the_flag() {
    let dir = scratch("clock-alarm");
    // Bare presses (no board): a clock-only log. Black's clock runs from 1000
    // with 60 s: 30 s are left at 31000, the flag falls at 61000.
    let (r, v) = clock(
        &["--control", "60+0", "--alarm", "30", "--lang", "ru"],
        "@0 b\n@1000 w\n@30999 t\n@31000 t\n@70000 t\n",
        &dir,
    );
    let lines: Vec<&str> = r.out.lines().collect();
    let times: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("Белые 0:59"))
        .collect();
    let alarm = lines
        .iter()
        .position(|l| *l == "У чёрных осталось тридцать секунд")
        .expect(&r.out);
    // Not yet at 30999; said at 31000, before that line is answered.
    assert!(times[0] < alarm && alarm < times[1], "{}", r.out);
    assert_eq!(v["termination"], "time_forfeit");
    assert_eq!(v["clock"]["flag_at"], 61_000);
    let log = std::fs::read_to_string(dir.join("clock.jsonl")).unwrap();
    assert!(
        log.lines().next().unwrap().contains("\"clock_only\":true"),
        "{log}"
    );
}

#[test]
fn set_up_help_and_refusals_are_said_in_the_language() {
    let r = arbiter(&["clock", "--lang", "de"], "h\nabc\n10\n0\nja\nq\n");
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("Eine Zahl von 1 bis 600"), "{}", r.out);
    assert!(r.out.contains("ist keine Zahl"), "{}", r.out);
    assert!(r.out.contains("arbiter clock: Schach, 600 "), "{}", r.out);
    let r = arbiter(
        &[
            "clock",
            "--control",
            "300+0",
            "--lang",
            "ru",
            "--manual-time",
        ],
        "w e5\nfly\n",
    );
    // The refusal is wholly Russian: no English reason inside it.
    assert!(
        r.out.contains("Отклонено: неизвестная команда «fly»")
            || r.out.contains("Отклонено: неизвестная команда \"fly\""),
        "{}",
        r.out
    );
    assert!(!r.out.contains("unknown command"), "{}", r.out);
}

#[test]
fn a_lexicon_chosen_mid_game_governs_every_later_announcement() {
    let dir = scratch("lexicon-switch");
    let (r, _) = clock(
        &["--lang", "ru", "--control", "300+3"],
        "@0 b\n@1000 w e4\n@1500 lexicon en\n@2000 b e5\n@2500 add b 60\n@3000 w Zz\n",
        &dir,
    );
    let (before, after) = r
        .out
        .split_once("Moves announced in English")
        .expect(&r.out);
    assert!(before.contains("Часы запущены"), "{}", r.out);
    // The move said back, the clock's own line, the arbiter's time and the
    // refusal: all in English once English was chosen.
    for said in [
        "pawn e7 to e5",
        "Black: move 1 e5.",
        "Black receives one minute extra",
        "Move not understood: cannot read \"Zz\"",
    ] {
        assert!(after.contains(said), "{said}\n{}", r.out);
    }
    assert!(
        !after.chars().any(|c| ('а'..='я').contains(&c)),
        "{}",
        r.out
    );
}

/// L-D.2.6 set-up scripted under `--manual-time`: every line of a script
/// carries its `@MS` stamp, the answers to the spoken questions too. They
/// are read as the answers (10 minutes, 5 seconds), not refused as "not a
/// number", and the game is then timed from the stamps.
#[test]
fn a_scripted_spoken_set_up_reads_its_answers_past_the_time_stamps() {
    let dir = scratch("setup-manual");
    let log = dir.join("clock.jsonl");
    let r = arbiter(
        &[
            "clock",
            "--manual-time",
            "--lang",
            "de",
            "--log",
            log.to_str().unwrap(),
        ],
        "@0 10\n@0 5\n@0 ja\n@0 b\n@4000 w e4\n",
    );
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    assert!(!r.out.contains("keine Zahl"), "{}", r.out);
    assert!(r.out.contains("arbiter clock: Schach, 600+5 "), "{}", r.out);
    let v = replay(&log);
    // White thought 4 s of 600 and received the 5 s increment.
    assert_eq!(v["clock"]["white_ms"], 600_000 - 4000 + 5000);
    assert_eq!(v["moves"], serde_json::json!(["e4"]));
    // A refused answer quotes it as German does.
    let r = arbiter(&["clock", "--lang", "de"], "abc\nq\n");
    assert!(r.out.contains("„abc“ ist keine Zahl"), "{}", r.out);
}

/// The press line writes the move in the letters of the clock's language
/// (App. C.3), whatever letters were typed: `Sf6` for a German, `Кf6` for
/// a Russian, never the English `Nf6` they would not read. The log keeps
/// SAN.
#[test]
fn the_press_line_writes_the_move_in_the_languages_letters() {
    for (lang, typed_king, knight, king) in [
        ("de", "Ke2", "Zug 1 Sf6.", "Zug 2 Ke2."),
        ("ru", "Крe2", "ход 1 Кf6.", "ход 2 Крe2."),
        ("en", "Ke2", "move 1 Nf6.", "move 2 Ke2."),
    ] {
        let dir = scratch(&format!("press-letters-{lang}"));
        let script = format!("@0 b\n@1000 w e4\n@2000 b Nf6\n@3000 w {typed_king}\n");
        let (r, v) = clock(&["--control", "300+0", "--lang", lang], &script, &dir);
        assert!(r.out.contains(knight), "{lang}: {}", r.out);
        assert!(r.out.contains(king), "{lang}: {}", r.out);
        if lang != "en" {
            assert!(!r.out.contains(" Nf6."), "{lang}: {}", r.out);
        }
        assert_eq!(v["moves"], serde_json::json!(["e4", "Nf6", "Ke2"]));
    }
}

/// The clock's own line writes the side to move as `arbiter play` and the
/// start announcement do: "Ход: чёрные", lower case after the colon.
#[test]
fn the_russian_clock_line_writes_the_side_to_move_in_lower_case() {
    let dir = scratch("clock-ru-case");
    let (r, _) = clock(
        &["--lang", "ru", "--control", "300+3"],
        "@0 b\n@1000 w e4\n@2000 b e5\n",
        &dir,
    );
    assert!(r.out.contains("Ход: чёрные."), "{}", r.out);
    assert!(r.out.contains("Ход: белые."), "{}", r.out);
    assert!(
        !r.out.contains("Ход: Чёрные") && !r.out.contains("Ход: Белые"),
        "{}",
        r.out
    );
}
