//! The talking clock is safe and the end of the game is said: a bare
//! press after typed moves asks for the move made on the board and is
//! never ruled an illegal move by itself; a bare White press before the
//! start is refused with the reason; alarm marks at or above the starting
//! time never sound; `q` asks to be confirmed; after the end the result,
//! what can still be asked and how to leave are said (`clock` and `play`).

mod common;

use common::{clock, scratch, scripted};

#[test]
fn a_bare_press_after_typed_moves_asks_for_the_move_and_costs_nothing() {
    // Two bare presses (Enter, then `w`) used to be two illegal moves and
    // the game lost (7.5.5).
    let (r, v) = clock(
        &["--control", "300+0", "--lang", "ru"],
        "@0 b\n@1000 w e4\n@2000 b e5\n@3000\n@4000 w\n@5000 Кf3\n",
        "safe-ask",
    );
    assert!(r.out.contains("какой ход сделан на доске"), "{}", r.out);
    assert!(!r.out.contains("Невозможный ход"), "{}", r.out);
    assert_eq!(v["illegal_moves"]["white"], 0);
    assert_eq!(v["result"], "*");
    assert_eq!(v["moves"], serde_json::json!(["e4", "e5", "Nf3"]));
}

#[test]
fn after_a_skip_the_clock_goes_on_without_the_board() {
    let (r, v) = clock(
        &["--control", "300+0"],
        "@0 b\n@1000 w e4\n@2000 b e5\n@3000\n@3500 skip\n@4000\n@5000\n@6000 t\n",
        "safe-skip",
    );
    assert!(r.out.contains("no longer follows the board"), "{}", r.out);
    assert!(!r.out.contains("Illegal"), "{}", r.out);
    assert_eq!(v["illegal_moves"]["white"], 0);
    assert_eq!(v["illegal_moves"]["black"], 0);
    // White pressed at 3000 (the bare Enter; the skip at 3500 only says
    // the move is not typed), Black at 4000, White at 5000.
    assert_eq!(v["clock"]["white_ms"], 300_000 - 1000 - 1000 - 1000);
    assert_eq!(v["clock"]["black_ms"], 300_000 - 1000 - 1000);
    assert!(r.out.contains("Black to move."), "{}", r.out);
}

#[test]
fn a_press_without_a_move_is_named_by_the_laws_article() {
    let (r, v) = clock(
        &["--control", "300+0", "--lang", "de"],
        "@0 b\n@1000 w e4\n@2000 b e5\n@3000\n@3500 ohne zug\n",
        "safe-nomove",
    );
    assert!(r.out.contains("ohne Zug (FIDE-Regeln 7.5.3)"), "{}", r.out);
    assert_eq!(v["illegal_moves"]["white"], 1);
}

#[test]
fn a_bare_white_press_before_the_start_is_refused_with_the_reason() {
    let (r, v) = clock(
        &["--control", "300+3"],
        "@1000 w\n@2000 t\n@3000 w e4\n",
        "safe-white",
    );
    assert!(
        r.out.contains(
            "Refused: White's press does not start the clock. Black's press (b) or start starts it"
        ),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("White 5:00, Black 5:00. White to move."),
        "{}",
        r.out
    );
    // `w MOVE` before the start still records White's first move.
    assert_eq!(v["moves"], serde_json::json!(["e4"]));
}

#[test]
fn alarm_marks_at_or_above_the_starting_time_never_sound() {
    // 5+3: the five-minute mark is the starting time itself.
    let (r, _) = clock(
        &["--control", "300+3", "--alarm", "300,290"],
        "@0 b\n@3000 t\n@12000 t\n",
        "safe-alarm",
    );
    assert!(
        !r.out.contains("5:00 left") && !r.out.contains("5 minutes"),
        "{}",
        r.out
    );
    assert!(r.out.contains("4 minutes 50 seconds"), "{}", r.out);
}

#[test]
fn quit_asks_to_be_confirmed_in_the_players_language() {
    let (r, _) = clock(
        &["--control", "300+0", "--lang", "ru"],
        "@0 b\n@1000 q\n@2000 t\n@3000 q\n@4000 да\n@5000 t\n",
        "safe-quit",
    );
    assert!(
        r.out.contains("Выйти? Наберите q ещё раз или «да»"),
        "{}",
        r.out
    );
    assert!(r.out.contains("Выхода нет; часы идут дальше."), "{}", r.out);
    // The confirmed quit stops the clock: the last `t` is never answered.
    assert_eq!(r.out.matches("Белые 4:").count(), 1, "{}", r.out);
}

#[test]
fn after_the_mate_the_clock_says_the_game_is_over() {
    let (r, v) = clock(
        &["--control", "300+0"],
        "@0 b\n@1000 w f3\n@2000 b e5\n@3000 w g4\n@4000 b Qh4\n@5000 t\n",
        "safe-over",
    );
    assert_eq!(v["result"], "0-1");
    let over = "The game is over: Black wins. You can still ask t for the times and m for the last move; q leaves.";
    // Once at the mate, once for `t` (which no longer says who is to move).
    assert_eq!(r.out.matches(over).count(), 2, "{}", r.out);
    let after = r.out.split("Checkmate").nth(1).unwrap_or_default();
    assert!(!after.contains("to move"), "{}", r.out);
}

#[test]
fn after_the_end_play_says_so_and_refuses_to_resign_in_the_players_language() {
    let dir = scratch("safe-play-over");
    let args = [
        "play", "--white", "human", "--black", "human", "--lang", "de",
    ];
    let script = "@1000 f3\n@2000 e5\n@3000 g4\n@4000 Dh4\n@5000 uhr\n@6000 aufgeben\n";
    let (r, v) = scripted(&args, script, &dir);
    assert_eq!(v["result"], "0-1");
    assert!(
        r.out.contains("Die Partie ist beendet: Schwarz gewinnt."),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("Abgelehnt: die Partie ist beendet."),
        "{}",
        r.out
    );
    assert!(
        !r.out.contains("Aufgeben?") && !r.out.contains("Resign?"),
        "{}",
        r.out
    );
    let after = r.out.split("Matt.").nth(1).unwrap_or_default();
    assert!(!after.contains("am Zug"), "{}", r.out);
}

#[test]
fn input_that_ends_before_the_game_offers_resume_in_words() {
    let dir = scratch("safe-play-eof");
    let args = [
        "play", "--white", "human", "--black", "human", "--lang", "ru",
    ];
    let (r, _) = scripted(&args, "@1000 e4\n", &dir);
    assert!(r.out.contains("--resume"), "{}", r.out);
    assert!(!r.out.contains("(*)"), "{}", r.out);
}

#[test]
fn the_help_says_exactly_what_enter_does() {
    let (r, _) = clock(&["--control", "300+0"], "@0 h\n", "safe-help");
    assert!(
        r.out.contains(
            "Enter = the side to move presses (once moves are typed, the clock asks for the move made on the board"
        ),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("skip = go on without following the board"),
        "{}",
        r.out
    );
}
