//! Moves and presses (Articles 1, 4.7, 5.1–5.2, 6.2 of the FIDE Laws of
//! Chess), on the toy game: what the fold does with a move made, a move
//! completed, a move out of turn or no move at all.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{Event, GameResult, PlyMove, RuleSet, Side, Termination};
use common::*;

const CLOCK: &str = r#""edition":"2023","time_control":"5400""#;

/// 1.2 (OLD 1.1): White moves first, then the players alternate; a move by
/// the player who does not have the move is refused and changes nothing.
#[test]
fn l_1_1_the_players_alternate() {
    let mut t = Table::new(CLOCK);
    let e = t.apply(Event::Move {
        side: Side::Black,
        mv: "step".into(),
        press: true,
        lag_ms: None,
    });
    assert!(
        matches!(
            e,
            Err(Rejection::NotYourMove {
                side: Side::Black,
                to_move: Side::White
            })
        ),
        "{e:?}"
    );
    assert!(t.game.plies().is_empty());
    t.play("step").unwrap();
    assert_eq!(t.turn(), Side::Black);
    let e = t.apply(Event::Move {
        side: Side::White,
        mv: "step".into(),
        press: true,
        lag_ms: None,
    });
    assert!(matches!(e, Err(Rejection::NotYourMove { .. })), "{e:?}");
    t.play("step").unwrap();
    assert_eq!(t.pos().steps, [1, 1]);
    assert_eq!(t.pos().fullmove, 2);
}

/// 6.2.1 (OLD 6.7a): a move made on the board is completed by the press;
/// the time between the two is the mover's own (6.2.2).
#[test]
fn l_6_2a_the_press_completes_the_move_and_the_time_till_then_is_the_movers() {
    let mut t = Table::new(CLOCK);
    t.at = 3_000;
    t.make("step").unwrap();
    let ply = &t.game.plies()[0];
    assert_eq!((ply.made_at, ply.completed_at), (3_000, None));
    t.at = 5_000;
    t.press(Side::White).unwrap();
    let ply = &t.game.plies()[0];
    assert_eq!(ply.completed_at, Some(5_000));
    // White's clock ran from 0 to the press; Black's from the press on.
    t.at = 9_000;
    assert_eq!(t.left(Side::White), 90 * MIN - 5_000);
    assert_eq!(t.left(Side::Black), 90 * MIN - 4_000);
    assert_eq!(ply.clock_after, Some(90 * MIN - 5_000));
}

/// 6.2.2: a player must always be allowed to press after his move, even
/// when the opponent has already replied on the board.
#[test]
fn l_6_2b_a_player_may_press_after_the_opponent_has_replied() {
    let mut t = Table::new(CLOCK);
    t.make("step").unwrap();
    t.make("step").unwrap();
    t.press(Side::White).unwrap();
    t.press(Side::Black).unwrap();
    assert!(t.game.plies().iter().all(|p| p.completed_at.is_some()));
    assert!(t.game.illegal_moves().is_empty());
}

/// A press that completes nothing (no move made, and not the player's
/// turn) is refused; the clocks do not move.
#[test]
fn a_press_with_nothing_to_complete_is_refused() {
    let mut t = Table::new(CLOCK);
    let e = t.press(Side::Black);
    assert!(
        matches!(e, Err(Rejection::NothingToComplete { side: Side::Black })),
        "{e:?}"
    );
    t.play("step").unwrap();
    let e = t.press(Side::White);
    assert!(
        matches!(e, Err(Rejection::NothingToComplete { side: Side::White })),
        "{e:?}"
    );
}

/// Text that names no move is bad input, not an illegal move (3.10 vs
/// 7.5): refused with its 1-based column, nothing counted.
#[test]
fn text_that_is_no_move_is_refused_not_punished() {
    let mut t = Table::new(CLOCK);
    let e = t.play("jump");
    assert!(
        matches!(e, Err(Rejection::Malformed { column: 1, .. })),
        "{e:?}"
    );
    let e = t.play("push=R");
    assert!(
        matches!(e, Err(Rejection::Malformed { column: 6, .. })),
        "{e:?}"
    );
    assert!(t.game.illegal_moves().is_empty());
    assert!(t.game.penalties().is_empty());
    assert!(t.game.plies().is_empty());
}

/// The log's time only grows (6.6: `at` counts from White's start).
#[test]
fn an_event_earlier_than_the_last_is_refused() {
    let mut t = Table::new(CLOCK);
    t.at = 10_000;
    t.play("step").unwrap();
    t.at = 9_999;
    let e = t.play("step");
    assert!(
        matches!(
            e,
            Err(Rejection::TimeGoesBackwards {
                at: 9_999,
                last_at: 10_000
            })
        ),
        "{e:?}"
    );
    assert_eq!(t.game.plies().len(), 1);
}

/// 5.1.1 (OLD 5.1a) and 6.2.1.1: checkmate ends the game at once, and the
/// mating move is complete without a press; nothing but the arbiter may act
/// after it. Either side may mate.
#[test]
fn l_5_1a_checkmate_wins_at_once_without_a_press() {
    for (moves, winner) in [
        (vec![], GameResult::WhiteWins),
        (vec!["step"], GameResult::BlackWins),
    ] {
        let mut t = Table::new(CLOCK);
        t.plays(&moves);
        t.at = 20_000;
        t.make("mate").unwrap();
        assert_eq!(t.ended(), Some((winner, Termination::Checkmate)));
        let o = t.game.outcome().unwrap();
        assert_eq!(o.at, 20_000);
        assert_eq!(t.game.plies().last().unwrap().completed_at, Some(20_000));
        let e = t.play("step");
        assert!(matches!(e, Err(Rejection::GameOver { .. })), "{e:?}");
        // The clocks stopped at the mate.
        let left = t.game.timing().remaining(Side::White, 30_000);
        assert_eq!(left, t.game.timing().remaining(Side::White, 90_000));
    }
}

/// 5.2.1 (OLD 5.2a): stalemate is a draw at once.
#[test]
fn l_5_2a_stalemate_draws_at_once() {
    let mut t = Table::new(CLOCK);
    t.plays(&["step"]);
    t.make("smother").unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Stalemate)));
    assert_eq!(t.game.score(), Some([0.5, 0.5]));
}

/// 3.9: a king in check must be got out of it; the only lawful answer of
/// the toy is `escape`, and a move that leaves the king in check is
/// illegal (punished, 7.5), not ignored.
#[test]
fn l_3_9_a_king_in_check_must_leave_it() {
    let mut t = Table::new(CLOCK);
    t.play("check").unwrap();
    assert!(t.game.rules().legal_moves(t.pos()) == vec![Mv::Escape]);
    t.play("step").unwrap();
    assert_eq!(t.game.illegal_count(Side::Black), 1);
    assert_eq!(t.turn(), Side::Black, "the position before it stands");
    t.play("escape").unwrap();
    assert_eq!(t.turn(), Side::White);
    assert_eq!(t.pos().state, State::Play);
}

/// The record: each ply in the rule set's notation, with who moved.
#[test]
fn the_record_keeps_each_ply_in_order() {
    let mut t = Table::new(CLOCK);
    t.plays(&["step", "push", "back", "take"]);
    assert_eq!(t.game.move_texts(), ["step", "push", "back", "take"]);
    let sides: Vec<Side> = t.game.plies().iter().map(|p| p.side).collect();
    assert_eq!(sides, [Side::White, Side::Black, Side::White, Side::Black]);
    assert!(matches!(t.game.plies()[3].mv, PlyMove::Legal(Mv::Take)));
    assert_eq!(t.pos().men, [0, 1]);
    // The position after any prefix of the record.
    assert_eq!(t.game.position_after(2).pawn, [3, 2]);
    assert_eq!(&t.game.position_after(4), t.pos());
}

/// Guidelines I: a game set up with Black to move starts Black's clock.
#[test]
fn a_start_with_black_to_move_runs_blacks_clock() {
    let mut t = Table::from(CLOCK, "turn=b move=30");
    t.at = 7_000;
    assert_eq!(t.left(Side::Black), 90 * MIN - 7_000);
    assert_eq!(t.left(Side::White), 90 * MIN);
    t.play("step").unwrap();
    assert_eq!(t.pos().fullmove, 31);
}

/// A log from a clock that does not see the board (`clock_only`): each
/// press completes a move, whatever the text says; moves that fit the
/// board are followed, the others kept as notes. Art. 7 is not applied,
/// since nobody showed the software an illegal move.
#[test]
fn a_clock_only_log_counts_presses_and_never_punishes() {
    let mut t = Table::new(r#""edition":"2023","time_control":"5400","clock_only":true"#);
    t.at = 4_000;
    t.press(Side::White).unwrap();
    t.at = 10_000;
    t.apply(Event::Move {
        side: Side::Black,
        mv: "jump".into(),
        press: true,
        lag_ms: None,
    })
    .unwrap();
    t.at = 12_000;
    t.play("back").unwrap();
    t.at = 15_000;
    t.press(Side::Black).unwrap();
    t.at = 18_000;
    t.play("step").unwrap();
    assert!(t.game.illegal_moves().is_empty());
    assert!(t.game.penalties().is_empty());
    assert_eq!(t.game.notes().len(), 2, "{:?}", t.game.notes());
    assert_eq!(t.game.move_texts(), ["step"]);
    // White's clock ran 0–4 s, 10–12 s and 15–18 s; Black's 4–10 s,
    // 12–15 s, and from 18 s on.
    assert_eq!(
        t.game.timing().remaining(Side::White, 20_000),
        Some(90 * MIN - 9_000)
    );
    assert_eq!(
        t.game.timing().remaining(Side::Black, 20_000),
        Some(90 * MIN - 11_000)
    );
}
