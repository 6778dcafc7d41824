//! `arbiter play` scripted through `--manual-time`, in English, Russian and
//! German: every typed move is checked, refused with the reason or logged
//! in SAN and said back; the commands answer in the chosen language; every
//! log replays (`arbiter replay --json`) to the moves and result the program
//! printed.

mod common;

use common::{Run, arbiter, scratch, scripted};

const TWO: [&str; 5] = ["play", "--white", "human", "--black", "human"];

fn two(extra: &[&str]) -> Vec<String> {
    TWO.iter().chain(extra).map(|s| s.to_string()).collect()
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn a_mate_typed_in_russian_letters_is_logged_in_san_and_announced() {
    let dir = scratch("ru-mate");
    let args = two(&["--lang", "ru", "--control", "300+2"]);
    let script = "@1000 e4\n@2000 e5\n@3000 Сc4\n@4000 Кc6\n@5000 Фh5\n@6000 Кf6\n@7000 Ф:f7#\n@8000 Кe7\nh\n";
    let (r, v) = scripted(&refs(&args), script, &dir);
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["termination"], "checkmate");
    assert_eq!(
        v["moves"],
        serde_json::json!(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"])
    );
    assert!(r.out.contains("Результат: победа белых"), "{}", r.out);
    // After the mate a move is refused; `h` and `pgn` still answer.
    assert!(r.out.contains("Партия окончена"), "{}", r.out);
    assert!(
        r.out.contains("4. ферзь аш пять берёт эф семь, мат"),
        "{}",
        r.out
    );
    // The clocks stop at the mate (7000): White thought 4 × 1000 ms, Black
    // 3 × 1000 ms; +2 s for each completed move, and the mate ends the game
    // before its press (5.1.1), so it earns none.
    assert_eq!(v["clock"]["white_ms"], 300_000 - 4000 + 3 * 2000);
    assert_eq!(v["clock"]["black_ms"], 300_000 - 3000 + 3 * 2000);
}

#[test]
fn an_illegal_move_is_refused_with_the_reason_and_no_penalty() {
    for (lang, said) in [
        ("en", "Illegal move, no penalty"),
        ("ru", "Невозможный ход, без штрафа"),
        ("de", "Regelwidriger Zug, ohne Strafe"),
    ] {
        let dir = scratch(&format!("illegal-{lang}"));
        let args = two(&["--lang", lang]);
        let (r, v) = scripted(&refs(&args), "@500 e5\n@1000 Ke2\n@1500 e4\n", &dir);
        assert!(r.out.contains(said), "{lang}: {}", r.out);
        assert_eq!(r.out.matches(said).count(), 2, "{}", r.out);
        assert_eq!(v["moves"], serde_json::json!(["e4"]));
        assert_eq!(
            v["illegal_moves"],
            serde_json::json!({"white": 0, "black": 0})
        );
        assert_eq!(v["penalties"], serde_json::json!([]));
    }
}

#[test]
fn russian_piece_letters_k_is_the_knight_kr_the_king() {
    let dir = scratch("ru-letters");
    let args = two(&["--lang", "ru", "--lexicon", "ru"]);
    let (r, v) = scripted(
        &refs(&args),
        "@100 e4\n@200 e5\n@300 Крe2\n@400 Кf6\n",
        &dir,
    );
    assert_eq!(
        v["moves"],
        serde_json::json!(["e4", "e5", "Ke2", "Nf6"]),
        "{}",
        r.out
    );
    assert!(r.out.contains("король е один е два"), "{}", r.out);
}

/// A Latin `C` is the look-alike of the Russian bishop «С»: in Russian it
/// is read as the bishop, or refused as ambiguous where only a Latin
/// reading fits (`Cc4` read as a pawn move, `Cd4` as the French knight),
/// never silently played as another piece.
#[test]
fn a_latin_c_in_russian_is_the_bishop_or_refused_never_another_piece() {
    let dir = scratch("lookalike-c");
    let args = two(&["--lang", "ru"]);
    // 3. Cc4 is the bishop; after 4... d6 no bishop reaches d4 but the
    // knight on f3 does: Cd4 is refused, then Сd3 (Cyrillic) is played.
    let script = "@100 e4\n@200 e5\n@300 Nf3\n@400 Nc6\n@500 Cc4\n@600 d6\n@700 Cd4\n@800 Cb3\n";
    let (r, v) = scripted(&refs(&args), script, &dir);
    let moves = serde_json::json!(["e4", "e5", "Nf3", "Nc6", "Bc4", "d6", "Bb3"]);
    assert_eq!(v["moves"], moves, "{}", r.out);
    assert!(
        r.out.contains(
            "Ход не понят: «Cd4» неоднозначно: в русской записи С — это слон, а слон так не ходит"
        ),
        "{}",
        r.out
    );
    // In English the same text is no Russian bishop.
    let dir = scratch("lookalike-c-en");
    let (_, v) = scripted(&refs(&two(&[])), "@100 e4\n@200 e5\n@300 Cc4\n", &dir);
    assert_ne!(v["moves"][2], "Bc4", "{v}");
}

#[test]
fn a_latin_k_in_russian_is_the_knight_or_refused_never_the_king() {
    let dir = scratch("lookalike");
    let args = two(&["--lang", "ru"]);
    // After 2. Nf3 Nc6 no knight reaches e2: a Latin Ke2 is refused as
    // ambiguous, not read as the king; Kc3 and Kf6 are knights.
    let script = "@100 e4\n@200 e5\n@300 Nf3\n@400 Nc6\n@500 Ke2\n@600 Kc3\n@700 Kf6\n";
    let (r, v) = scripted(&refs(&args), script, &dir);
    let moves = serde_json::json!(["e4", "e5", "Nf3", "Nc6", "Nc3", "Nf6"]);
    assert_eq!(v["moves"], moves, "{}", r.out);
    assert!(
        r.out
            .contains("«Ke2» неоднозначно: в русской записи K — это конь (К), король — Кр"),
        "{}",
        r.out
    );
}

#[test]
fn the_sessions_refusals_are_said_wholly_in_russian_and_german() {
    let script = "@100 e5\n@200 Zf3\n@300 e4\n@400 e4\n";
    for (lang, said) in [
        (
            "ru",
            [
                "Невозможный ход, без штрафа: «e5»; возможные ходы: a3,",
                "Ход не понят: «Zf3» не читается (знак 1): неизвестная буква фигуры",
                "Невозможный ход, без штрафа: «e4»; возможные ходы: a6,",
            ],
        ),
        (
            "de",
            [
                "Regelwidriger Zug, ohne Strafe: „e5“; mögliche Züge: a3,",
                "Zug nicht verstanden: „Zf3“ nicht lesbar (Zeichen 1): unbekannter Figurenbuchstabe",
                "Regelwidriger Zug, ohne Strafe: „e4“; mögliche Züge: a6,",
            ],
        ),
    ] {
        let dir = scratch(&format!("refusals-{lang}"));
        let (r, v) = scripted(&refs(&two(&["--lang", lang])), script, &dir);
        for s in said {
            assert!(r.out.contains(s), "{lang}: {s}\n{}", r.out);
        }
        for english in [
            "illegal",
            "candidates",
            "cannot read",
            "unknown piece",
            "character",
        ] {
            assert!(!r.out.to_lowercase().contains(english), "{lang}: {}", r.out);
        }
        assert_eq!(v["moves"], serde_json::json!(["e4"]));
    }
}

#[test]
fn play_says_its_set_up_in_words_before_the_clock_starts() {
    let dir = scratch("setup-ru");
    let (r, _) = scripted(&refs(&two(&["--lang", "ru"])), "", &dir);
    let first = r.out.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        "Шахматы, 900+10 (15 мин на партию, добавление 10 с за ход), правила ФИДЕ 2023 года, \
         быстрые шахматы. Белые и чёрные играют за одной клавиатурой. Введите ход или «помощь»."
    );
    // 5 min + 60 moves × 3 s = 8 min, at most 10: blitz (App. B.1); the
    // 2017 Laws are named by their own year.
    let dir = scratch("setup-de");
    let args = two(&["--lang", "de", "--control", "300+3", "--edition", "2017"]);
    let (r, _) = scripted(&refs(&args), "", &dir);
    assert!(
        r.out
            .starts_with("Schach, 300+3 (5 Min. für die Partie, 3 Sek. Zeitzuschlag pro Zug), FIDE-Schachregeln, Fassung 2017, Blitzschach. Weiß und Schwarz spielen an einer Tastatur."),
        "{}",
        r.out
    );
}

/// CFG-1: `--edition` chooses the Laws of a chess game, and without it
/// the game is judged by the 2023 Laws. The same unfounded draw claim at
/// 12 minutes a game is rapid from 2017 (L-6.3g: blitz is 10 minutes at
/// most) and costs one minute in 2023, two in 2017/18 (L-9.5c, A.4/B.4);
/// under the 2005 Laws 12 minutes is blitz (under 15) and the claim costs
/// three minutes to the opponent and half the claimant's time, at most
/// three minutes (2005 9.5(b)). The session says it live, and the log
/// replays to it.
#[test]
fn chess_is_judged_by_the_edition_chosen_and_2023_by_default() {
    let script = "@1000 e4\n@2000 e5\n@3000 claim\n";
    for (edition, regime, said, penalties) in [
        (
            None,
            "rapid",
            "Black receives one minute extra",
            vec![60_000],
        ),
        (
            Some("2023"),
            "rapid",
            "Black receives one minute extra",
            vec![60_000],
        ),
        (
            Some("2018"),
            "rapid",
            "Black receives 2 minutes extra",
            vec![120_000],
        ),
        (
            Some("2017"),
            "rapid",
            "Black receives 2 minutes extra",
            vec![120_000],
        ),
        (
            Some("2005"),
            "blitz",
            "Black receives 3 minutes extra",
            vec![180_000, 180_000],
        ),
    ] {
        let dir = scratch(&format!("edition-{}", edition.unwrap_or("default")));
        let mut args = two(&["--control", "720+0"]);
        if let Some(e) = edition {
            args.extend(["--edition".to_string(), e.to_string()]);
        }
        let (r, v) = scripted(&refs(&args), script, &dir);
        let want = edition.unwrap_or("2023");
        let log = std::fs::read_to_string(dir.join("game.jsonl")).unwrap();
        let header: serde_json::Value =
            serde_json::from_str(log.lines().next().unwrap_or_default()).unwrap();
        assert_eq!(header["edition"], want, "{log}");
        assert_eq!(v["edition"], want);
        assert_eq!(v["regime"], regime, "{want}");
        assert!(r.out.contains(said), "{want}: {}", r.out);
        let ms: Vec<i64> = v["penalties"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["ms"].as_i64().unwrap_or(-1))
            .collect();
        assert_eq!(ms, penalties, "{want}: {}", v["penalties"]);
        assert_eq!(v["penalties"][0]["kind"], "incorrect_claim");
        if penalties.len() == 2 {
            assert_eq!(v["penalties"][1]["kind"], "claimant_time_cut");
        }
    }
}

#[test]
fn a_threefold_claim_with_an_intended_move_typed_in_russian() {
    let dir = scratch("threefold");
    let args = two(&["--lang", "ru", "--control", "600+0"]);
    // The knights go out and back twice; Black claims with Кg8, after which
    // the start position would stand a third time (L-9.2c).
    let script = "@1000 Кf3\n@2000 Кf6\n@3000 Кg1\n@4000 Кg8\n@5000 Кf3\n@6000 Кf6\n@7000 Кg1\n@8000 требую Кg8\n";
    let (r, v) = scripted(&refs(&args), script, &dir);
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["termination"], "threefold_claim");
    assert!(r.out.contains("Требование обосновано"), "{}", r.out);
    let log = std::fs::read_to_string(dir.join("game.jsonl")).unwrap();
    assert!(log.contains("\"intended\":\"Ng8\""), "{log}");
}

#[test]
fn a_draw_offer_and_its_acceptance() {
    let dir = scratch("draw");
    let args = two(&["--control", "300+0"]);
    // No agreement before both have moved (5.2.3): White offers before his
    // second move, and Black, to move, accepts.
    let script = "@1000 e4\n@2000 e5\n@2500 draw\n@3000 Nf3\n@4000 draw\n";
    let (r, v) = scripted(&refs(&args), script, &dir);
    assert!(r.out.contains("White offers a draw"), "{}", r.out);
    assert!(r.out.contains("Draw accepted"), "{}", r.out);
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["termination"], "agreement");
    // Each side thought 2 × 1000 ms.
    assert_eq!(v["clock"]["white_ms"], 300_000 - 2000);
    assert_eq!(v["clock"]["black_ms"], 300_000 - 2000);
}

#[test]
fn nobody_presses_the_alarm_comes_at_its_threshold_then_the_flag() {
    let dir = scratch("flag");
    let args = two(&["--control", "60+0", "--alarm", "30"]);
    // Black's 60 s run from 1000: 30 s are left at 31000, the flag falls at 61000.
    let script = "@1000 e4\n@30999 c\n@31000 c\n@60999 c\n@61000 c\n";
    let (r, v) = scripted(&refs(&args), script, &dir);
    let out = &r.out;
    let lines: Vec<&str> = out.lines().collect();
    let clocks: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains("1 move played"))
        .collect();
    let alarm = lines
        .iter()
        .position(|l| *l == "Black: 30 seconds left")
        .expect(out);
    // Not yet at 30999, said at 31000 before that line is answered, once.
    assert!(clocks[0] < alarm && alarm < clocks[1], "{out}");
    assert_eq!(out.matches("seconds left").count(), 1, "{out}");
    assert_eq!(v["termination"], "time_forfeit");
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["clock"]["flag_at"], 61_000, "{v}");
    assert!(out.contains("Black's flag has fallen"), "{out}");
}

#[test]
fn resignation_asks_for_confirmation() {
    let dir = scratch("resign");
    let args = two(&["--lang", "ru"]);
    let (r, v) = scripted(
        &refs(&args),
        "@100 e4\n@200 сдаюсь\n@300 нет\n@400 e5\n@500 сдаюсь\n@600 да\n",
        &dir,
    );
    assert!(r.out.contains("Не сдаётесь"), "{}", r.out);
    // White resigned, to move after 1. e4 e5.
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["termination"], "resignation");
}

#[test]
fn the_tavreli_opponent_answers_and_the_log_replays() {
    let dir = scratch("tavreli");
    let (r, v) = scripted(
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
        ],
        "c1-d2\n",
        &dir,
    );
    assert!(r.out.contains("against arbiter Tavreli"), "{}", r.out);
    assert_eq!(v["variant"], "tavreli");
    // The engine's move was checked by the Laws like any typed move.
    assert_eq!(v["ply"], 2, "{}", r.out);
    assert_eq!(v["moves"][0], "c1-d2");
    assert!(r.out.contains("Black: black"), "{}", r.out);
}

#[test]
fn a_start_position_with_black_to_move_works() {
    let dir = scratch("black-to-move");
    let args = two(&[
        "--start",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "--control",
        "60+0",
    ]);
    let (r, v) = scripted(&refs(&args), "@1000 e5\n@3000 Nf3\n", &dir);
    assert!(r.out.contains("Black to move"), "{}", r.out);
    assert_eq!(v["moves"], serde_json::json!(["e5", "Nf3"]));
    assert_eq!(v["clock"]["black_ms"], 60_000 - 1000);
    assert_eq!(v["clock"]["white_ms"], 60_000 - 2000);
}

#[test]
fn every_command_answers_in_english_russian_and_german() {
    let script = "e4\nc\nl\no\np n\ns e\nq e4\nm g1\na f3\nh\nb\nhelp\npause\npause\n";
    for (lang, expect) in [
        (
            "en",
            [
                "15 minutes",
                "Last move:",
                "both play",
                "knights",
                "File e",
                "e4: White pawn",
                "Attackers of f3",
                "1. pawn e2",
                "8 r n b q k b n r",
                "both clocks",
                "paused",
            ],
        ),
        (
            "ru",
            [
                "15 минут",
                "Последний ход:",
                "одной клавиатурой",
                "кон",
                "е",
                "пешка",
                "атакуют",
                "1. пешка е два",
                "8 л",
                "часы",
                "остановлены",
            ],
        ),
        (
            "de",
            [
                "15 Minuten",
                "Letzter Zug:",
                "einer Tastatur",
                "Springer",
                "Linie Eva",
                "Eva vier: weißer Bauer",
                "Angreifer",
                "1. Bauer Eva vier",
                "8 ",
                "uhr",
                "angehalten",
            ],
        ),
    ] {
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
            ],
            script,
        );
        assert_eq!(r.code, Some(0), "{}", r.err);
        for e in expect {
            assert!(r.out.contains(e), "{lang}: {e:?} missing\n{}", r.out);
        }
    }
}

#[test]
fn options_are_checked_with_a_reason() {
    for (args, why) in [
        (
            &["play", "--variant", "go"][..],
            "--variant must be chess or tavreli",
        ),
        (
            &["play", "--white", "robot"],
            "--white must be human or engine",
        ),
        (&["play", "--lang", "fr"], "--lang must be en, ru or de"),
        (
            &["play", "--variant", "tavreli", "--level", "7"],
            "--level must be 1 to 6",
        ),
        (&["play", "--level", "21"], "--level must be 1 to 20"),
        (&["play", "--alarm", "0"], "is not a number of seconds"),
    ] {
        let r = arbiter(args, "");
        assert_eq!(r.code, Some(2), "{args:?}");
        assert!(r.err.contains(why), "{args:?}: {}", r.err);
    }
    let r = arbiter(&["play", "--engine", "/nonexistent/engine"], "");
    assert_eq!(r.code, Some(1));
    assert!(r.err.contains("/nonexistent/engine"), "{}", r.err);
    let r = arbiter(
        &[
            "play", "--white", "human", "--black", "human", "--start", "8/8/8",
        ],
        "",
    );
    assert_eq!(r.code, Some(2), "{}", r.err);
}

#[test]
fn time_stamps_need_manual_time_and_never_go_back() {
    let r = arbiter(
        &["play", "--white", "human", "--black", "human"],
        "@100 e4\n",
    );
    assert!(
        r.out.contains("@MS time stamps need --manual-time"),
        "{}",
        r.out
    );
    let r = arbiter(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "human",
            "--manual-time",
        ],
        "@100 e4\n@50 e5\n",
    );
    assert!(r.out.contains("time went backwards"), "{}", r.out);
}

/// L-6.7: the press that completes a period's moves adds the next period's
/// time, and `play` says so in the player's language, the time in words
/// with the Russian participle agreeing with it (masculine for one hour,
/// feminine for one minute, neuter for thirty minutes).
#[test]
fn reaching_the_next_period_is_said_with_the_time_added_in_words() {
    let script = "@1000 e4\n@2000 e5\n@3000 Nf3\n@4000 Nc6\n";
    for (lang, control, white, black) in [
        (
            "ru",
            "2/5400:1800",
            "Белые прошли контроль времени. Период 2: добавлено тридцать минут",
            "Чёрные прошли контроль времени. Период 2: добавлено тридцать минут",
        ),
        (
            "ru",
            "2/5400:60",
            "Белые прошли контроль времени. Период 2: добавлена одна минута",
            "Чёрные прошли контроль времени. Период 2: добавлена одна минута",
        ),
        (
            "ru",
            "2/5400:3600",
            "Белые прошли контроль времени. Период 2: добавлен один час",
            "Чёрные прошли контроль времени. Период 2: добавлен один час",
        ),
        (
            "en",
            "2/5400:1800",
            "White reached the time control. Period 2: 30 minutes added",
            "Black reached the time control. Period 2: 30 minutes added",
        ),
        (
            "de",
            "2/5400:60",
            "Weiß hat die Zeitkontrolle erreicht. Periode 2: eine Minute wird gutgeschrieben",
            "Schwarz hat die Zeitkontrolle erreicht. Periode 2: eine Minute wird gutgeschrieben",
        ),
    ] {
        let dir = scratch(&format!("period-{lang}-{}", control.len()));
        let args = two(&["--lang", lang, "--control", control]);
        let (r, v) = scripted(&refs(&args), script, &dir);
        let lines: Vec<&str> = r.out.lines().collect();
        let w = lines.iter().position(|l| *l == white).expect(&r.out);
        let b = lines.iter().position(|l| *l == black).expect(&r.out);
        assert!(w < b, "{}", r.out);
        assert_eq!(r.out.matches(white).count(), 1, "{}", r.out);
        assert_eq!(v["moves"], serde_json::json!(["e4", "e5", "Nf3", "Nc6"]));
    }
}

/// Art. 8.4: in standard play without a 30 s increment, the thinking side
/// is told, at the instant it falls under five minutes, that recording is
/// no longer required, while nobody presses.
#[test]
fn the_recording_exemption_is_said_while_nobody_presses() {
    // Black's 90 min run from 1000: 5 min are left at 5_101_000, less from
    // 5_101_001 on.
    let script = "@1000 e4\n@5101000 c\n@5101001 c\n@5200000 c\n";
    for (lang, said, clock) in [
        (
            "en",
            "Black has less than five minutes in this period: recording the moves is no longer required (Article 8.4)",
            "1 move played",
        ),
        (
            "ru",
            "У чёрных меньше пяти минут в этом периоде: записывать ходы больше не обязательно (статья 8.4)",
            "Сделан 1 ход",
        ),
        (
            "de",
            "Schwarz hat weniger als fünf Minuten in dieser Periode: Mitschreiben ist nicht mehr Pflicht (Artikel 8.4)",
            "1 Zug gespielt",
        ),
    ] {
        let dir = scratch(&format!("exempt-{lang}"));
        let args = two(&["--lang", lang, "--control", "40/5400:1800", "--alarm", "10"]);
        let (r, _) = scripted(&refs(&args), script, &dir);
        let lines: Vec<&str> = r.out.lines().collect();
        let clocks: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].contains(clock))
            .collect();
        let at = lines.iter().position(|l| *l == said).expect(&r.out);
        assert_eq!(clocks.len(), 3, "{}", r.out);
        assert!(clocks[0] < at && at < clocks[1], "{}", r.out);
        assert_eq!(r.out.matches(said).count(), 1, "{}", r.out);
    }
    // Rapid play: players need not record at all (A.2), nothing is said.
    let dir = scratch("exempt-rapid");
    let args = two(&["--control", "900+0"]);
    let (r, _) = scripted(&refs(&args), "@1000 e4\n@800000 c\n", &dir);
    assert!(!r.out.contains("recording"), "{}", r.out);
}

/// The Tavreli reader's reasons are said in the player's language, never
/// in English inside a Russian or German refusal.
#[test]
fn tavreli_refusal_reasons_are_said_in_russian_and_german() {
    let args = [
        "play",
        "--variant",
        "tavreli",
        "--white",
        "human",
        "--black",
        "human",
    ];
    for (lang, said) in [
        (
            "ru",
            [
                "Невозможный ход, без штрафа: «e2-e5»: таврель (сверху ратник) не может пойти с e2 на e5",
                "Ход не понят: «e2e4» не читается (знак 1): ожидается «откуда-куда», «откуда(n)-куда», 0-0 или 0-0-0",
                "Невозможный ход, без штрафа: «d1-e1»: на волхва ничего ставить нельзя: на e1 стоит ваш волхв",
            ],
        ),
        (
            "de",
            [
                "Regelwidriger Zug, ohne Strafe: „e2-e5“: ein Stein mit Ratnik obenauf kann nicht von e2 nach e5 ziehen",
                "Zug nicht verstanden: „e2e4“ nicht lesbar (Zeichen 1): erwartet wird „von-nach“, „von(n)-nach“, 0-0 oder 0-0-0",
                "Regelwidriger Zug, ohne Strafe: „d1-e1“: auf einen Wolchw darf nichts gestellt werden: auf e1 steht Ihr eigener Wolchw",
            ],
        ),
    ] {
        let dir = scratch(&format!("tavreli-refusal-{lang}"));
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--lang", lang]);
        let (r, v) = scripted(&a, "@100 e2-e5\n@200 e2e4\n@300 d1-e1\n@400 e2-e3\n", &dir);
        for s in said {
            assert!(r.out.lines().any(|l| l == s), "{lang}: {s}\n{}", r.out);
        }
        for english in ["cannot", "expected", "volkhv", "column"] {
            assert!(!r.out.contains(english), "{lang}: {english}\n{}", r.out);
        }
        assert_eq!(v["moves"], serde_json::json!(["e2-e3"]));
    }
}

/// `arbiter play --variant tavreli --lang de`: the moves, the towers, the
/// board and the answers to questions are German, not English.
#[test]
fn tavreli_is_said_in_german() {
    let dir = scratch("tavreli-de");
    let args = [
        "play",
        "--variant",
        "tavreli",
        "--white",
        "human",
        "--black",
        "human",
        "--lang",
        "de",
    ];
    let script = "@100 e2-e3\n@200 d8-d7\n@300 q d7\n@400 l\n@500 m e3\n@600 p Wsadnik\n@700 b\n";
    let (r, v) = scripted(&args, script, &dir);
    for s in [
        "Weiß: weißer Ratnik von e2 nach e3",
        "Schwarz: schwarzer Knjas von d8 nach d7, stellt sich auf den schwarzen Ratnik",
        "auf d7 ein Turm aus zwei Steinen: oben ein schwarzer Knjas, darunter ein schwarzer Ratnik",
        "Letzter Zug: Schwarz, schwarzer Knjas von d8 nach d7, stellt sich auf den schwarzen Ratnik.",
        "Weißer Ratnik auf e3, 1 Zug:",
        "weißer Ratnik von e3 nach e4",
        "Weiß: Wsadnik, 2: b1, g1. Schwarz: Wsadnik, 2: b8, g8.",
        "Reihe 6: leer",
        "Reihe 3: auf e3 ein weißer Ratnik",
    ] {
        assert!(r.out.lines().any(|l| l == s), "{s}\n{}", r.out);
    }
    for english in [
        "from", "tower", "takes", "prisoner", "empty", "rank", "onto",
    ] {
        assert!(!r.out.contains(english), "{english}\n{}", r.out);
    }
    assert_eq!(v["moves"], serde_json::json!(["e2-e3", "d8-d7"]));
}

/// At the end of input the program waits for the engine's pending move,
/// writes it, and exits 0 with the game unfinished (`*`).
#[test]
fn end_of_input_waits_for_the_engines_move_then_leaves_the_game_unfinished() {
    let dir = scratch("eof-engine");
    let log = dir.join("eof.jsonl");
    let r = arbiter(
        &[
            "play",
            "--variant",
            "tavreli",
            "--color",
            "white",
            "--level",
            "1",
            "--engine-movetime",
            "50",
            "--manual-time",
            "--log",
            log.to_str().unwrap(),
        ],
        "c1-d2\n",
    );
    assert_eq!(r.code, Some(0), "{}\n{}", r.out, r.err);
    let v = common::replay(&log);
    assert_eq!(v["ply"], 2, "{}", r.out);
    assert_eq!(v["result"], "*");
    assert!(
        r.out
            .contains("End of input: the game is left unfinished. To go on with it, start arbiter play again with --resume"),
        "{}",
        r.out
    );
}

/// A one-letter question about a square that does not exist (`q z9`) is
/// answered about the square, in the player's language, and costs nothing;
/// `Q e4` (a capital, a move) and `b c4` are still read as moves.
#[test]
fn a_question_about_no_square_is_answered_about_the_square() {
    for (lang, said) in [("en", "Not a square: z9"), ("ru", "Это не поле: z9")] {
        let dir = scratch(&format!("no-square-{lang}"));
        let args = two(&["--lang", lang, "--control", "300+2"]);
        let (r, v) = scripted(&refs(&args), "@1000 q z9\n@2000 e4\n", &dir);
        assert!(r.out.contains(said), "{}", r.out);
        assert_eq!(v["moves"], serde_json::json!(["e4"]), "{}", r.out);
        assert_eq!(v["penalties"], serde_json::json!([]), "{}", r.out);
    }
}

/// A player who stops the clocks (6.11) is told how to start them again:
/// the same word, which toggles, in his language. Once restarted, his move
/// is taken and only the running time is charged. German asks for the
/// resignation's confirmation with German quotation marks.
#[test]
fn a_paused_player_is_told_how_to_restart_the_clocks() {
    for (lang, hint) in [
        ("en", "Type pause again to restart the clocks."),
        ("ru", "Чтобы снова пустить часы, наберите «пауза»."),
        ("de", "Zum Weiterspielen wieder „pause“ eingeben."),
    ] {
        let dir = scratch(&format!("pause-hint-{lang}"));
        let args = two(&["--lang", lang, "--control", "300+0"]);
        let script = "@1000 e4\n@2000 pause\n@9000 pause\n@10000 e5\n";
        let (r, v) = scripted(&refs(&args), script, &dir);
        assert_eq!(r.out.matches(hint).count(), 1, "{lang}: {}", r.out);
        // Black thought 1000 ms before the pause and 1000 ms after it.
        assert_eq!(v["clock"]["black_ms"], 300_000 - 2000, "{lang}");
        assert_eq!(v["moves"], serde_json::json!(["e4", "e5"]));
    }
    let r = arbiter(&refs(&two(&["--lang", "de"])), "aufgeben\n");
    assert!(r.out.contains("Zur Bestätigung „ja“ eingeben"), "{}", r.out);
}

/// `arbiter play` for two players at the keyboard, in `lang`, from `start`,
/// with no input.
fn two_humans_from(lang: &str, start: &str) -> Run {
    arbiter(&refs(&two(&["--lang", lang, "--start", start])), "")
}

/// A bad `--start` is refused in the language the player chose.
#[test]
fn a_bad_start_position_is_refused_in_the_players_language() {
    for (lang, said) in [
        ("ru", "начальная позиция --start не годится: "),
        ("de", "Ausgangsstellung --start unbrauchbar: "),
        ("en", "header start: "),
    ] {
        let r = two_humans_from(lang, "8/8/8");
        assert_eq!(r.code, Some(2), "{lang}: {}", r.err);
        assert!(
            r.err.contains(said) && r.err.contains("8/8/8"),
            "{lang}: {}",
            r.err
        );
    }
    // The fault itself is said in the player's words too, not in the board
    // library's English.
    for (lang, start, reason) in [
        ("ru", "8/8/8", "не читается расстановка фигур"),
        (
            "de",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "unmögliche Stellung: leeres Brett",
        ),
    ] {
        let r = two_humans_from(lang, start);
        assert_eq!(r.code, Some(2), "{lang}: {}", r.err);
        assert!(
            r.err.contains(reason) && r.err.contains(start),
            "{lang}: {}",
            r.err
        );
        for english in ["invalid", "illegal", "empty board", "bad FEN"] {
            assert!(!r.err.contains(english), "{lang}: {}", r.err);
        }
    }
}

/// A `--start` the Laws have already ended (L-5.1a, L-5.2a, L-5.2b) is
/// refused with its ending, in the player's language, and nothing is
/// played; the same men with a move left start a game.
#[test]
fn a_start_already_over_is_refused_with_its_ending() {
    for (lang, fen, said) in [
        (
            "en",
            "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
            "already over in this position (checkmate)",
        ),
        (
            "ru",
            "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
            "партия в ней уже окончена (пат)",
        ),
        (
            "de",
            "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1",
            "schon beendet (tote Stellung)",
        ),
    ] {
        let r = two_humans_from(lang, fen);
        assert_eq!(r.code, Some(2), "{lang}: {}", r.err);
        assert!(r.err.contains(said), "{lang}: {}", r.err);
    }
    let args = two(&["--manual-time", "--start", "k7/8/1K6/8/8/8/8/Q7 b - - 0 1"]);
    let r = arbiter(&refs(&args), "@1000 Kb8\n");
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("king a8 to b8"), "{}", r.out);
}

/// In 2005 blitz the software does not call a flag (the OLD rules, reduced
/// supervision: L-6.8, CFG-8): the opponent claims it with `claim time`,
/// at a shared keyboard whoever is not to move; a claim before the flag
/// has fallen is refused and the game goes on. Under the 2023 Laws the
/// same flag is called without a claim.
#[test]
fn a_flag_that_waits_for_a_claim_can_be_claimed() {
    let blitz = |edition: &str, lang: &str, script: &str| {
        let args = two(&["--manual-time", "--edition", edition]);
        let mut args = refs(&args);
        args.extend(["--control", "180+0", "--lang", lang]);
        arbiter(&args, script)
    };
    // Black's clock runs out after 1. e4; nobody calls it.
    let r = blitz(
        "2005",
        "en",
        "@1000 e4\n@2000 claim time\n@200000 c\n@200500 claim time\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(
        r.out.contains("Refused: black's flag has not fallen"),
        "{}",
        r.out
    );
    assert!(r.out.contains("Black: 0 seconds"), "{}", r.out);
    assert!(
        r.out
            .contains("Black's flag has fallen. Result: White wins"),
        "{}",
        r.out
    );
    let r = blitz("2005", "ru", "@1000 e4\n@2000 e5\n@200500 требую время\n");
    assert!(
        r.out.contains("Флажок упал: белые") && r.out.contains("победа чёрных"),
        "{}",
        r.out
    );
    let r = blitz("2023", "en", "@1000 e4\n@200000 c\n");
    assert!(r.out.contains("Black's flag has fallen"), "{}", r.out);
}

/// A quickplay-finish claim needs an arbiter to judge "normal means" (2005
/// 10.2, G-III.5), and none watches a game at one keyboard: as with no
/// arbiter in the venue (2005 Appendix D, G-III.6) the claim ends play, the
/// final position is written down and the record keeps the claim, its
/// result pending. A claim with two minutes or more left is refused, its
/// time said in words, and play goes on; `claim 50 MOVE` is still the
/// fifty-move claim (found incorrect after one move).
#[test]
fn a_quickplay_claim_with_no_arbiter_ends_play_pending_and_fifty_is_read_as_fifty() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("g.jsonl");
    let args = two(&["--manual-time", "--edition", "2005"]);
    let mut args = refs(&args);
    args.extend(["--control", "5400", "--log", log.to_str().unwrap()]);
    let r = arbiter(&args, "@1000 e4\n@5341000 claim quickplay\n@5342000 Nf6\n");
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("No arbiter is present"), "{}", r.out);
    assert!(
        r.out
            .contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "the final position: {}",
        r.out
    );
    assert!(!r.out.contains("End of input"), "{}", r.out);
    assert!(r.out.contains("1. e4 {[%clk"), "the score: {}", r.out);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains(r#""claim":"quickplay_finish""#), "{text}");
    assert!(!text.contains("Nf6"), "play ended at the claim: {text}");
    // The record replays to the claim awaiting its ruling, result pending.
    let replay = arbiter(&["replay", "--json", log.to_str().unwrap()], "");
    assert!(
        replay
            .out
            .contains(r#""quickplay_claim":{"side":"black","claim":"quickplay_finish"}"#),
        "{}",
        replay.out
    );
    assert!(replay.out.contains(r#""result":"*""#), "{}", replay.out);
    // Early, the Laws refuse the claim, in words, and the game goes on.
    let r = arbiter(
        &args,
        "@1000 e4\n@2000 claim quickplay\n@3000 claim 50 Nf6\n",
    );
    assert!(
        r.out
            .contains("black has 1 hour 29 minutes 59 seconds left"),
        "{}",
        r.out
    );
    assert!(!r.out.contains("No arbiter is present"), "{}", r.out);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains("quickplay_finish"), "{text}");
    assert!(
        text.contains(r#""claim":"fifty_moves","intended":"Nf6""#),
        "{text}"
    );
    let mut ru = args;
    ru.truncate(ru.len() - 4);
    ru.extend(["--control", "5400", "--lang", "ru"]);
    let r = arbiter(&ru, "@1000 e4\n@5341000 требую цейтнот\n");
    assert!(r.out.contains("Судьи нет на месте"), "{}", r.out);
}

/// The first line names the game played, whichever rules govern it: a
/// Tavreli game under a FIDE edition is still Tavreli, under its own rules
/// by default; chess is not played under the Tavreli rules (exit 2, nothing
/// played).
#[test]
fn the_game_is_named_by_what_is_played_and_chess_refuses_the_tavreli_rules() {
    let tavreli = |more: &[&str]| {
        let mut a = vec!["play", "--variant", "tavreli", "--white", "human"];
        a.extend(["--black", "human"]);
        a.extend(more);
        arbiter(&a, "")
    };
    for (more, first) in [
        (
            &[][..],
            "Tavreli, 5400d30 (90 min for the game, 30 s delay per move), federation tournament rules.",
        ),
        (
            &["--edition", "2005"][..],
            "Tavreli, 5400d30 (90 min for the game, 30 s delay per move), FIDE Laws of Chess, 2005 edition, standard play.",
        ),
        (
            &["--edition", "2023", "--lang", "ru"][..],
            "Таврели, 5400d30",
        ),
    ] {
        let r = tavreli(more);
        assert_eq!(r.code, Some(0), "{more:?}: {}", r.err);
        assert!(r.out.starts_with(first), "{more:?}: {}", r.out);
    }
    let r = arbiter(&refs(&two(&["--edition", "tavreli"])), "e4\n");
    assert_eq!(r.code, Some(2), "{}", r.out);
    assert!(r.err.contains("Tavreli tournament rules"), "{}", r.err);
    assert!(!r.out.contains("e2"), "nothing is played: {}", r.out);
    let r = arbiter(&refs(&two(&["--edition", "2005"])), "");
    assert!(r.out.starts_with("Chess, "), "{}", r.out);
}

/// `help` in a Tavreli game names the letters and the men of the towers (the
/// vsadnik, the helgi), in the player's language, not chess's knights; `p` reads
/// them back.
#[test]
fn tavreli_help_names_the_men_of_the_towers() {
    let args = [
        "play",
        "--variant",
        "tavreli",
        "--white",
        "human",
        "--black",
        "human",
    ];
    for (lang, man, piece) in [
        ("en", "N vsadnik", "knight"),
        ("ru", "N всадник", "кони"),
        ("de", "N Wsadnik", "Springer"),
    ] {
        let dir = scratch(&format!("tavreli-help-{lang}"));
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--lang", lang]);
        let (r, _) = scripted(&a, "help\np H\n", &dir);
        assert!(r.out.contains(man), "{lang}: {}", r.out);
        assert!(r.out.contains("H "), "{lang}: {}", r.out);
        assert!(!r.out.contains(piece), "{lang}: {}", r.out);
    }
}

/// A game stopped part-way (`quit`, a closed terminal) goes on with
/// `--resume LOG`: the log gets the later moves after its own, the clocks go
/// on from the log's last instant, and a game played in two sittings is
/// recorded exactly as the same game played in one (the flag that falls
/// after the break included, L-6.9).
#[test]
fn a_game_taken_up_again_from_its_log_is_the_game_played_in_one_sitting() {
    let dir = scratch("resume");
    let (whole, split) = (dir.join("whole.jsonl"), dir.join("split.jsonl"));
    let first = "@1000 e4\n@2000 e5\n@3000 Nf3\n";
    let second = "@4000 Nc6\n@5000 Bb5\n@70000 a6\n";
    let mut args = two(&["--manual-time", "--control", "60"]);
    args.extend(["--log".into(), whole.to_str().unwrap().into()]);
    let r = arbiter(&refs(&args), &format!("{first}{second}"));
    assert_eq!(r.code, Some(0), "{}", r.err);
    args.pop();
    args.push(split.to_str().unwrap().into());
    let r = arbiter(&refs(&args), &format!("{first}quit\n"));
    assert_eq!(r.code, Some(0), "{}", r.err);
    let resumed = arbiter(
        &refs(&two(&[
            "--manual-time",
            "--resume",
            split.to_str().unwrap(),
        ])),
        &format!("@2500 c\n{second}"),
    );
    assert_eq!(resumed.code, Some(0), "{}", resumed.err);
    assert!(
        resumed
            .out
            .contains("The stored game goes on after 3 half-moves; Black to move."),
        "{}",
        resumed.out
    );
    // Black's clock has run from 3 s to the last instant stored, 3 s.
    assert!(resumed.out.contains("Black: 59 seconds"), "{}", resumed.out);
    assert!(
        resumed
            .out
            .contains("time went backwards (@2500 is before @3000)"),
        "{}",
        resumed.out
    );
    assert!(resumed.out.contains("flag has fallen"), "{}", resumed.out);
    let (a, b) = (
        std::fs::read_to_string(&whole).unwrap(),
        std::fs::read_to_string(&split).unwrap(),
    );
    assert_eq!(a, b, "one sitting and two give one record");
    let replay = |p: &std::path::Path| arbiter(&["replay", "--json", p.to_str().unwrap()], "").out;
    assert_eq!(replay(&whole), replay(&split));
    assert!(
        replay(&split).contains(r#""result":"1-0""#),
        "{}",
        replay(&split)
    );
}

/// What cannot be taken up again is said and the log is left as it was: a
/// last line cut short, a game already over (its ending said again), the
/// log's own settings given again, a quickplay claim still waiting for the
/// arbiter (play stops again, the claim kept). A whole last line that lost
/// its newline still takes the next line after it.
#[test]
fn a_log_that_cannot_go_on_is_left_as_it_was() {
    let dir = scratch("resume-refused");
    let log = dir.join("g.jsonl");
    let path = log.to_str().unwrap();
    let mut args = two(&["--manual-time", "--log", path]);
    args.extend(["--control".into(), "300+2".into()]);
    let r = arbiter(&refs(&args), "@1000 e4\n@2000 e5\n");
    assert_eq!(r.code, Some(0), "{}", r.err);
    let stored = std::fs::read_to_string(&log).unwrap();
    let resume = |stdin: &str, more: &[&str]| {
        let a = two(&[&["--manual-time", "--resume", path], more].concat());
        arbiter(&refs(&a), stdin)
    };
    // The log's own settings are not chosen again.
    let r = resume("@3000 Nf3\n", &["--edition", "2005"]);
    assert_eq!(r.code, Some(2), "{}", r.out);
    assert!(r.err.contains("--resume"), "{}", r.err);
    assert_eq!(std::fs::read_to_string(&log).unwrap(), stored);
    // A line cut short by a crash.
    std::fs::write(&log, format!("{stored}{{\"at\":3000,\"type\":\"mo")).unwrap();
    let r = resume("@3000 Nf3\n", &[]);
    assert_eq!(r.code, Some(2), "{}", r.out);
    assert!(r.err.contains("line 4"), "{}", r.err);
    assert!(r.err.contains("not taken up again"), "{}", r.err);
    // A whole last line without its newline.
    std::fs::write(&log, stored.trim_end()).unwrap();
    let r = resume("@3000 Nf3\n", &[]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(
        text.ends_with("\"move\":\"Nf3\",\"press\":true}\n"),
        "{text}"
    );
    // Over: said again in the player's language, nothing added.
    let r = resume("@4000 resign\n@4100 yes\n", &[]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    let over = std::fs::read_to_string(&log).unwrap();
    let r = resume("@5000 Nc6\n", &["--lang", "ru"]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("Эта партия уже закончена"), "{}", r.out);
    assert!(r.out.contains("Чёрные сдались"), "{}", r.out);
    assert_eq!(std::fs::read_to_string(&log).unwrap(), over);
    // A claim that waits for the arbiter still waits.
    let args = two(&[
        "--manual-time",
        "--edition",
        "2005",
        "--control",
        "5400",
        "--log",
        path,
    ]);
    let r = arbiter(&refs(&args), "@1000 e4\n@5341000 claim quickplay\n");
    assert!(r.out.contains("No arbiter is present"), "{}", r.out);
    let pending = std::fs::read_to_string(&log).unwrap();
    let r = resume("@5342000 Nf6\n", &[]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("No arbiter is present"), "{}", r.out);
    assert!(!r.out.contains("End of input"), "{}", r.out);
    assert_eq!(std::fs::read_to_string(&log).unwrap(), pending);
}
