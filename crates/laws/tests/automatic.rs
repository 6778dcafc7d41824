//! The endings the Laws impose without a claim (Articles 5.2.2 and 9.6 of
//! the FIDE Laws of Chess): a dead position in every edition; fivefold
//! repetition and the 75-move rule from 2017 only. On the toy game.

mod common;

use arbiter_laws::{ClaimKind, GameResult, Side, Termination};
use common::*;

fn header(e: &str) -> String {
    format!(r#""edition":"{e}","time_control":"5400""#)
}

/// 9.6.1 (2017+): the fifth occurrence of a position ends the game at
/// once, and the move that makes it is complete without a press (6.2.1).
/// The 2005 Laws have no such rule: play goes on and the player having the
/// move may still claim the repetition (9.2).
#[test]
fn l_9_6a_fivefold_repetition_ends_the_game_from_2017_only() {
    for e in EDITIONS {
        let mut t = Table::new(&header(e));
        let mut plies = shuffle(4);
        let last = plies.pop().unwrap();
        t.plays(&plies);
        assert_eq!(t.ended(), None, "{e}: four times is not five");
        t.make(last).unwrap();
        assert_eq!(t.game.repetitions(), 5, "{e}");
        if e == "2005" {
            assert_eq!(t.ended(), None, "{e}");
            t.press(Side::Black).unwrap();
            t.claim(Side::White, ClaimKind::Threefold, None).unwrap();
            assert_eq!(
                t.ended(),
                Some((GameResult::Draw, Termination::ThreefoldClaim))
            );
        } else {
            assert_eq!(
                t.ended(),
                Some((GameResult::Draw, Termination::FivefoldRepetition)),
                "{e}"
            );
            assert!(t.game.plies()[15].completed_at.is_some(), "{e}");
        }
    }
}

/// 9.6.2 (2017+): 75 moves by each player without a pawn move or a
/// capture end the game; the 2005 Laws leave it to a claim (9.3).
#[test]
fn l_9_6b_seventy_five_moves_end_the_game_from_2017_only() {
    for e in EDITIONS {
        let mut t = Table::new(&header(e));
        t.plays(&walk(149));
        assert_eq!(t.ended(), None, "{e}");
        t.make("step").unwrap();
        assert_eq!(t.game.quiet_plies(), 150, "{e}");
        if e == "2005" {
            assert_eq!(t.ended(), None, "{e}");
            t.press(Side::Black).unwrap();
            t.claim(Side::White, ClaimKind::FiftyMoves, None).unwrap();
            assert_eq!(
                t.ended(),
                Some((GameResult::Draw, Termination::FiftyMovesClaim))
            );
        } else {
            assert_eq!(
                t.ended(),
                Some((GameResult::Draw, Termination::SeventyFiveMoves)),
                "{e}"
            );
        }
    }
}

/// 9.6.2: if the last move gave checkmate, the mate prevails.
#[test]
fn l_9_6b_a_mate_on_the_150th_quiet_ply_prevails() {
    let mut t = Table::from(&header("2023"), "half=149");
    t.make("mate").unwrap();
    assert_eq!(t.game.quiet_plies(), 150);
    assert_eq!(
        t.ended(),
        Some((GameResult::WhiteWins, Termination::Checkmate))
    );
}

/// A pawn move or a capture resets the count of the 50- and 75-move rules.
#[test]
fn l_9_3_a_pawn_move_or_a_capture_starts_the_count_again() {
    let mut t = Table::new(&header("2023"));
    t.plays(&walk(140));
    t.plays(&["push"]);
    assert_eq!(t.game.quiet_plies(), 0);
    t.plays(&walk(20));
    t.plays(&["take"]);
    assert_eq!(t.game.quiet_plies(), 0);
    t.plays(&walk(149));
    assert_eq!(t.ended(), None);
}

/// A rule set without the 50/75-move rules is never drawn by the count.
#[test]
fn without_move_count_rules_there_is_no_seventy_five_move_draw() {
    let mut t = Table {
        game: game_with(
            Toy {
                move_count_rules: false,
            },
            &header("2023"),
        ),
        at: 1_000,
    };
    t.plays(&walk(160));
    assert_eq!(t.ended(), None);
}

/// 5.2.2 (OLD 5.2b): a position where neither player can checkmate by any
/// series of legal moves is drawn at once, in every edition; while one of
/// them still can, play goes on.
#[test]
fn l_5_2b_a_dead_position_is_drawn_at_once() {
    for e in EDITIONS {
        let mut t = Table::from(&header(e), "men=1,1 pawn=0,0");
        t.plays(&["take"]);
        assert_eq!(t.ended(), None, "{e}: White can still mate");
        t.make("take").unwrap();
        assert_eq!(
            t.ended(),
            Some((GameResult::Draw, Termination::DeadPosition)),
            "{e}"
        );
        assert!(t.game.is_dead_position());
    }
}

/// 5.2.2 with 9.6.2 (2017+): a mate that needs more quiet plies than the
/// 75-move rule leaves cannot happen, so the position is dead; the 2005
/// Laws have no such bound.
#[test]
fn l_5_2b_the_75_move_rule_bounds_any_series_of_legal_moves_from_2017() {
    // Only White can mate, and his man needs 20 quiet plies to do it.
    let start = "men=1,0 pawn=0,0 reach=20,0 half=130";
    for e in EDITIONS {
        let mut t = Table::from(&header(e), start);
        assert_eq!(t.game.over_at_start(), None, "{e}: 20 plies are left");
        t.make("step").unwrap();
        let expected = (e != "2005").then_some((GameResult::Draw, Termination::DeadPosition));
        assert_eq!(t.ended(), expected, "{e}");
    }
}

/// A position set up where the Laws have already ended the game is over
/// before the first move: mated, stalemated, dead, or (2017+) past the
/// 75-move rule.
#[test]
fn a_start_the_laws_have_already_ended_is_over() {
    for e in EDITIONS {
        let over = |start: &str| Table::from(&header(e), start).game.over_at_start();
        assert_eq!(over(""), None, "{e}");
        assert_eq!(over("state=mate"), Some(Termination::Checkmate), "{e}");
        assert_eq!(
            over("turn=b state=stalemate"),
            Some(Termination::Stalemate),
            "{e}"
        );
        assert_eq!(
            over("men=0,0 pawn=0,0"),
            Some(Termination::DeadPosition),
            "{e}"
        );
        assert_eq!(
            over("men=0,0 pawn=1,0"),
            None,
            "{e}: a pawn can still become a man"
        );
        let seventy_five = (e != "2005").then_some(Termination::SeventyFiveMoves);
        assert_eq!(over("half=150"), seventy_five, "{e}");
        assert_eq!(over("half=149"), None, "{e}");
    }
}
