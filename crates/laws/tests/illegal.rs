//! Illegal moves (Article 7.5 of the FIDE Laws of Chess, Appendix A.5 for
//! rapid and blitz under reduced supervision), on the toy game. The toy's
//! plainest illegal move is `back` at the start: there is no step to take
//! back.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{ClaimKind, GameResult, PenaltyKind, PlyMove, Side, Termination};
use common::*;

fn header(edition: &str, tc: &str, supervision: &str) -> String {
    format!(r#""edition":"{edition}","time_control":"{tc}","supervision":"{supervision}""#)
}

/// White completes `n` illegal moves in a row (each acted upon at once).
fn illegal_moves(t: &mut Table, n: usize) {
    for _ in 0..n {
        t.play("back").unwrap();
    }
}

/// 7.5.5 (2017, 2018, 2023): the first completed illegal move gives the
/// opponent two minutes in standard play, the second loses. The position
/// before it stands and the offender moves again (7.5.1).
#[test]
fn l_7_5e_from_2017_the_first_illegal_move_costs_two_minutes_the_second_loses() {
    for e in MODERN {
        let mut t = Table::new(&header(e, "5400", "full"));
        illegal_moves(&mut t, 1);
        assert_eq!(
            t.penalties(),
            [(Side::White, PenaltyKind::IllegalMove, Some(2 * MIN))],
            "{e}"
        );
        assert_eq!(t.left(Side::Black), 92 * MIN, "{e}");
        assert_eq!(t.turn(), Side::White, "{e}: the offender moves again");
        assert!(t.game.plies().is_empty(), "{e}");
        assert_eq!(t.ended(), None, "{e}");
        illegal_moves(&mut t, 1);
        assert_eq!(
            t.ended(),
            Some((GameResult::BlackWins, Termination::IllegalMoves)),
            "{e}"
        );
        assert_eq!(t.game.illegal_count(Side::White), 2, "{e}");
    }
}

/// 2005 art. 7.4(b): two minutes to the opponent for each of the first two
/// illegal moves, the third loses.
#[test]
fn l_7_5e_in_2005_the_third_illegal_move_loses() {
    let mut t = Table::new(&header("2005", "5400", "full"));
    illegal_moves(&mut t, 2);
    assert_eq!(t.ended(), None);
    assert_eq!(
        t.penalties(),
        [(Side::White, PenaltyKind::IllegalMove, Some(2 * MIN)); 2]
    );
    assert_eq!(t.left(Side::Black), 94 * MIN);
    illegal_moves(&mut t, 1);
    assert_eq!(
        t.ended(),
        Some((GameResult::BlackWins, Termination::IllegalMoves))
    );
}

/// 7.5.5 (2017+): the loss is a draw when the opponent cannot checkmate
/// the offender by any series of legal moves. The 2005 art. 7.4(b) names
/// no such exception: the third illegal move loses all the same.
#[test]
fn l_7_5e_the_draw_when_the_opponent_cannot_mate_is_2017_only() {
    // Black has neither man nor pawn: he cannot mate.
    let start = "men=1,0 pawn=3,0";
    for e in EDITIONS {
        let mut t = Table::from(&header(e, "5400", "full"), start);
        let n = if e == "2005" { 3 } else { 2 };
        illegal_moves(&mut t, n);
        let expected = if e == "2005" {
            GameResult::BlackWins
        } else {
            GameResult::Draw
        };
        assert_eq!(
            t.ended(),
            Some((expected, Termination::IllegalMoves)),
            "{e}"
        );
    }
    // And where Black can mate, 2017+ is a loss (the exception is no rule).
    let mut t = Table::new(&header("2023", "5400", "full"));
    illegal_moves(&mut t, 2);
    assert_eq!(
        t.ended(),
        Some((GameResult::BlackWins, Termination::IllegalMoves))
    );
}

/// Appendix A.3 (2023) and B.2 (2017/2018): the penalty time is one minute
/// in blitz, and in 2023 also in rapid; 2017 and 2018 rapid keep two
/// (fully supervised games, where the arbiter acts at once). CFG-11: the
/// regulations may set their own.
#[test]
fn l_a_3_the_penalty_time_by_edition_and_regime() {
    // 30 minutes is rapid and 5 minutes blitz in every edition from 2017.
    for (e, tc, minutes) in [
        ("2017", "1800", 2),
        ("2018", "1800", 2),
        ("2023", "1800", 1),
        ("2017", "300", 1),
        ("2018", "300", 1),
        ("2023", "300", 1),
        ("2023", "5400", 2),
    ] {
        let mut t = Table::new(&header(e, tc, "full"));
        illegal_moves(&mut t, 1);
        assert_eq!(
            t.penalties(),
            [(Side::White, PenaltyKind::IllegalMove, Some(minutes * MIN))],
            "{e} {tc}"
        );
    }
    let mut t = Table::new(r#""edition":"2023","time_control":"5400","time_penalty_ms":30000"#);
    illegal_moves(&mut t, 1);
    assert_eq!(
        t.penalties(),
        [(Side::White, PenaltyKind::IllegalMove, Some(30_000))]
    );
}

/// 7.5.1: an illegal move is completed by the press; one replaced by a
/// legal move before it is nothing to punish.
#[test]
fn l_7_5a_an_illegal_move_replaced_before_the_press_is_not_punished() {
    let mut t = Table::new(&header("2023", "5400", "full"));
    t.make("back").unwrap();
    assert!(t.game.illegal_moves().is_empty());
    t.play("step").unwrap();
    assert!(t.game.illegal_moves().is_empty());
    assert!(t.game.penalties().is_empty());
    assert_eq!(t.game.move_texts(), ["step"]);
}

/// 7.5.3 (2017+; July 2017 7.8.1): pressing the clock without a move is an
/// illegal move; the 2005 Laws make it improper clock handling, not an
/// illegal move, so the press is refused and nothing counts.
#[test]
fn l_7_5c_a_press_without_a_move_is_illegal_from_2017_only() {
    for e in EDITIONS {
        let mut t = Table::new(&header(e, "5400", "full"));
        let r = t.press(Side::White);
        if e == "2005" {
            assert!(
                matches!(r, Err(Rejection::PressWithoutMoveIsNoMove { .. })),
                "{e} {r:?}"
            );
            assert_eq!(t.game.illegal_count(Side::White), 0);
        } else {
            r.unwrap();
            assert_eq!(
                t.penalties(),
                [(Side::White, PenaltyKind::IllegalMove, Some(2 * MIN))],
                "{e}"
            );
            assert_eq!(t.turn(), Side::White, "{e}");
        }
    }
}

/// 7.5.4 (2017+): two hands for one move, then the press, is punished as
/// an illegal move and counts on the same ladder ("two of any"); the 2005
/// Laws make it an Art. 4.1 offence only.
#[test]
fn l_7_5d_two_hands_count_on_the_ladder_from_2017_only() {
    for e in EDITIONS {
        let mut t = Table::new(&header(e, "5400", "full"));
        let r = t.arbiter(r#""action":"two_hands","side":"white""#);
        if e == "2005" {
            assert!(matches!(r, Err(Rejection::TwoHandsNotIllegal)), "{e} {r:?}");
            continue;
        }
        r.unwrap();
        assert_eq!(t.game.illegal_count(Side::White), 1, "{e}");
        assert_eq!(t.left(Side::Black), 92 * MIN, "{e}");
        illegal_moves(&mut t, 1);
        assert_eq!(
            t.ended(),
            Some((GameResult::BlackWins, Termination::IllegalMoves)),
            "{e}"
        );
    }
}

/// 7.5.2 (2017+): an unfinished promotion is an illegal move whose pawn
/// becomes a queen; the move stands. In 2005 (art. 7.4a) the position
/// before it is reinstated and the player moves again, choosing freely.
#[test]
fn l_7_5b_an_unfinished_promotion_becomes_a_queen_from_2017() {
    for e in EDITIONS {
        let mut t = Table::from(&header(e, "5400", "full"), "pawn=1,3");
        t.play("push").unwrap();
        assert_eq!(t.game.illegal_count(Side::White), 1, "{e}");
        if e == "2005" {
            assert_eq!(t.turn(), Side::White, "{e}");
            assert_eq!((t.pos().pawn, t.pos().men), ([1, 3], [1, 1]), "{e}");
            assert!(t.game.plies().is_empty(), "{e}");
        } else {
            assert_eq!(t.turn(), Side::Black, "{e}");
            assert_eq!((t.pos().pawn, t.pos().men), ([0, 3], [2, 1]), "{e}");
            assert_eq!(t.game.move_texts(), ["push=Q"], "{e}");
            assert_eq!(t.game.quiet_plies(), 0, "{e}: a pawn move");
        }
    }
}

/// A.5.2 (2018, 2023): under reduced supervision the arbiter acts on an
/// illegal move only when the opponent claims it before his own move; the
/// press switches the clocks as for any move, and on the claim the
/// offender's clock runs again and the ladder applies.
#[test]
fn l_a_5_2_reduced_play_acts_on_an_illegal_move_when_it_is_claimed() {
    for (e, minutes) in [("2018", 2), ("2023", 1)] {
        let mut t = Table::new(&header(e, "1800", "reduced"));
        t.at = 5_000;
        t.play("back").unwrap();
        assert!(t.game.penalties().is_empty(), "{e}");
        assert_eq!(t.game.illegal_count(Side::White), 0, "{e}");
        // The offender may not move again while the claim is open.
        let r = t.play("step");
        assert!(
            matches!(
                r,
                Err(Rejection::IllegalMoveOpen {
                    side: Side::White,
                    ..
                })
            ),
            "{e} {r:?}"
        );
        t.at = 9_000;
        t.claim(Side::Black, ClaimKind::IllegalMove, None).unwrap();
        assert_eq!(
            t.penalties(),
            [(Side::White, PenaltyKind::IllegalMove, Some(minutes * MIN))],
            "{e}"
        );
        // Black's clock ran from the press to the claim; White's runs again.
        t.at = 12_000;
        assert_eq!(t.left(Side::Black), 30 * MIN - 4_000 + minutes * MIN, "{e}");
        assert_eq!(t.left(Side::White), 30 * MIN - 5_000 - 3_000, "{e}");
        t.play("step").unwrap();
    }
}

/// A.4.2 of July 2017: in reduced rapid and blitz the first illegal move
/// claimed loses (a draw if the claimant cannot mate); from January 2018
/// it is 7.5.5's time.
#[test]
fn l_a_5_2_july_2017_the_first_claimed_illegal_move_loses() {
    for (start, expected) in [
        ("", GameResult::BlackWins),
        ("men=1,0 pawn=3,0", GameResult::Draw),
    ] {
        let mut t = Table::from(&header("2017", "1800", "reduced"), start);
        t.play("back").unwrap();
        t.claim(Side::Black, ClaimKind::IllegalMove, None).unwrap();
        assert_eq!(
            t.ended(),
            Some((expected, Termination::IllegalMoves)),
            "{start}"
        );
    }
}

/// OLD blitz rules (2005 Laws, Appendix B): the opponent may claim a win
/// at the first illegal move, before his own move; a draw if he cannot mate.
#[test]
fn l_a_5_2_old_blitz_the_first_claimed_illegal_move_loses() {
    // Five minutes is blitz under the 2005 Laws, reduced unless said.
    let mut t = Table::new(r#""edition":"2005","time_control":"300""#);
    t.play("back").unwrap();
    assert_eq!(t.ended(), None);
    t.claim(Side::Black, ClaimKind::IllegalMove, None).unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::BlackWins, Termination::IllegalMoves))
    );
}

/// A.5.2: an illegal move that nobody claimed before the opponent's move
/// stands and is a move of the game; it counts on no ladder, and a quiet
/// one adds to the 50/75-move count (9.3).
#[test]
fn l_a_5_2_an_unclaimed_illegal_move_stands() {
    let mut t = Table::from(&header("2023", "1800", "reduced"), "half=10");
    t.play("back").unwrap();
    // Text that is no move at all is refused as such; the claim stays open.
    let r = t.play_as(Side::Black, "jump");
    assert!(
        matches!(r, Err(Rejection::Malformed { column: 1, .. })),
        "{r:?}"
    );
    assert!(t.game.plies().is_empty());
    t.play_as(Side::Black, "step").unwrap();
    assert!(matches!(&t.game.plies()[0].mv, PlyMove::Unlawful(text) if text == "back"));
    assert_eq!(t.pos().steps, [-1, 1]);
    assert_eq!(t.game.quiet_plies(), 12);
    assert_eq!(t.game.illegal_count(Side::White), 0);
    assert!(!t.game.illegal_moves()[0].counted);
    assert_eq!(t.game.move_texts(), ["back", "step"]);
    // Too late now: the claim window closed with Black's move.
    let r = t.claim(Side::Black, ClaimKind::IllegalMove, None);
    assert!(
        matches!(r, Err(Rejection::NoIllegalMoveToClaim { .. })),
        "{r:?}"
    );
}

/// A.5.2 (2017+): an unclaimed press without a move stands too; the turn
/// has passed (written `--`).
#[test]
fn l_a_5_2_an_unclaimed_press_without_a_move_passes_the_turn() {
    let mut t = Table::new(&header("2023", "1800", "reduced"));
    t.press(Side::White).unwrap();
    t.play_as(Side::Black, "step").unwrap();
    assert!(matches!(t.game.plies()[0].mv, PlyMove::Pass));
    assert_eq!(t.game.move_texts(), ["--", "step"]);
    assert_eq!(t.pos().steps, [0, 1]);
    assert_eq!(t.turn(), Side::White);
}

/// An illegal move the rule set cannot show on a board (the toy's capture
/// of nothing) cannot stand: the opponent's move is refused, and the
/// claim stays open.
#[test]
fn an_illegal_move_that_cannot_stand_keeps_the_claim_open() {
    let mut t = Table::from(&header("2023", "1800", "reduced"), "men=1,0");
    t.play("take").unwrap();
    let r = t.play_as(Side::Black, "step");
    assert!(
        matches!(
            r,
            Err(Rejection::IllegalMoveCannotStand {
                side: Side::White,
                ..
            })
        ),
        "{r:?}"
    );
    t.claim(Side::Black, ClaimKind::IllegalMove, None).unwrap();
    assert_eq!(t.game.illegal_count(Side::White), 1);
}

/// A.5.2: the arbiter who sees the illegal move himself before the
/// opponent moves acts as on a claim; with nothing to act on he is refused.
#[test]
fn l_a_5_2_the_arbiter_may_act_on_an_illegal_move_he_sees() {
    let mut t = Table::new(&header("2023", "1800", "reduced"));
    let r = t.arbiter(r#""action":"illegal_move""#);
    assert!(
        matches!(r, Err(Rejection::NoIllegalMoveForArbiter)),
        "{r:?}"
    );
    t.play("back").unwrap();
    t.arbiter(r#""action":"illegal_move""#).unwrap();
    assert_eq!(t.game.illegal_count(Side::White), 1);
    assert_eq!(t.turn(), Side::White);
}

/// A.5.4: a pawn left unpromoted on its last rank by an unclaimed move is
/// watched until the next move is completed; if it is still there, the game
/// is drawn. A capture of it (the toy's `take` lands there) ends that.
#[test]
fn l_a_5_4_an_unpromoted_pawn_still_there_after_the_next_move_draws() {
    let h = header("2023", "1800", "reduced");
    let mut t = Table::from(&h, "pawn=1,3 half=7");
    t.play("push").unwrap();
    t.play_as(Side::Black, "step").unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Arbiter)));

    let mut t = Table::from(&h, "pawn=1,3 half=7");
    t.play("push").unwrap();
    t.play_as(Side::Black, "take").unwrap();
    assert_eq!(t.ended(), None);
    assert_eq!(t.game.quiet_plies(), 0);
    t.play("step").unwrap();
}
