//! Draw claims (Articles 9.2–9.5 of the FIDE Laws of Chess), on the toy
//! game: the threefold repetition and the 50 moves, right and wrong, with
//! and without an intended move, and what a wrong claim costs.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{ClaimKind, Event, GameResult, PenaltyKind, Side, Termination};
use common::*;

const H: &str = r#""edition":"2023","time_control":"5400""#;

/// 9.2.1.2 (OLD 9.2b): the player having the move may claim when the
/// position has just appeared for the third time; not at the second.
#[test]
fn l_9_2b_threefold_claim_when_the_position_stands_a_third_time() {
    let mut t = Table::new(H);
    t.plays(&shuffle(1));
    assert_eq!(t.game.repetitions(), 2);
    assert!(t.game.claimable().is_empty());
    t.plays(&shuffle(1));
    assert_eq!(t.game.repetitions(), 3);
    assert_eq!(t.game.claimable(), [ClaimKind::Threefold]);
    t.claim(Side::White, ClaimKind::Threefold, None).unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::Draw, Termination::ThreefoldClaim))
    );
    assert!(t.game.penalties().is_empty());
}

/// 9.2.1.1: the claim with an intended move that would make the third
/// occurrence is right; the move is not played on the board.
#[test]
fn l_9_2c_threefold_claim_with_the_intended_move() {
    let mut t = Table::new(H);
    let mut seven = shuffle(2);
    seven.pop();
    t.plays(&seven);
    assert_eq!(t.game.repetitions(), 2);
    assert_eq!(t.game.claimable(), [ClaimKind::Threefold]);
    t.claim(Side::Black, ClaimKind::Threefold, Some("back"))
        .unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::Draw, Termination::ThreefoldClaim))
    );
    assert_eq!(t.game.plies().len(), 7);
}

/// 9.5.3 (2017+): a wrong claim gives the opponent two minutes in standard
/// play; the game goes on and the intended move must be played.
/// 9.1.2.3 with 9.1.1 (OLD 9.1): the claim also counts as a draw offer.
#[test]
fn l_9_5c_a_wrong_claim_costs_time_and_the_intended_move_is_played() {
    for e in MODERN {
        let mut t = Table::new(&format!(r#""edition":"{e}","time_control":"5400""#));
        t.plays(&shuffle(1));
        t.claim(Side::White, ClaimKind::Threefold, Some("step"))
            .unwrap();
        assert_eq!(t.ended(), None, "{e}");
        assert_eq!(
            t.penalties(),
            [(Side::White, PenaltyKind::IncorrectClaim, Some(2 * MIN))],
            "{e}"
        );
        assert_eq!(
            t.game.move_texts().last().map(String::as_str),
            Some("step"),
            "{e}"
        );
        assert_eq!(t.turn(), Side::Black, "{e}");
        assert_eq!(t.game.draw_offer().map(|o| o.by), Some(Side::White), "{e}");
        // Black's clock has run two seconds (two plies of one second each).
        assert_eq!(t.left(Side::Black), 92 * MIN - 2_000, "{e}");
    }
}

/// 2005 art. 9.5(b): the opponent gets three minutes, and the claimant
/// loses half his remaining time, at most three minutes, when he has more
/// than two; between one and two minutes he is left one; under one,
/// nothing is taken.
#[test]
fn l_9_5c_in_2005_a_wrong_claim_also_cuts_the_claimants_time() {
    // (White's time left at the claim, what he keeps)
    for (left, kept) in [
        (90 * MIN, 87 * MIN),
        (4 * MIN, 2 * MIN),
        (90_000, MIN),
        (50_000, 50_000),
    ] {
        let tc = 90 * MIN / 1000;
        let mut t = Table::new(&format!(
            r#""edition":"2005","time_control":"{tc}","regime":"standard""#
        ));
        t.at = (90 * MIN - left) as u64;
        t.claim(Side::White, ClaimKind::FiftyMoves, None).unwrap();
        let cut = left - kept;
        let mut expected = vec![(Side::White, PenaltyKind::IncorrectClaim, Some(3 * MIN))];
        if cut > 0 {
            expected.push((Side::White, PenaltyKind::ClaimantTimeCut, Some(cut)));
        }
        assert_eq!(t.penalties(), expected, "{left}");
        let at = t.at - 1_000;
        assert_eq!(
            t.game.timing().remaining(Side::White, at),
            Some(kept),
            "{left}"
        );
        assert_eq!(
            t.game.timing().remaining(Side::Black, at),
            Some(93 * MIN),
            "{left}"
        );
    }
}

/// 9.1.2.3 with 9.2/9.3 (OLD 9.1c): a claim is a draw offer, which the
/// opponent may accept even though the claim was wrong.
#[test]
fn l_9_1e_a_wrong_claim_is_an_offer_the_opponent_may_accept() {
    let mut t = Table::new(H);
    t.plays(&shuffle(1));
    t.claim(Side::White, ClaimKind::Threefold, None).unwrap();
    t.apply(Event::AcceptDraw { side: Side::Black }).unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Agreement)));
}

/// A claim, being an offer, accepts the opponent's open offer.
#[test]
fn l_9_1e_a_claim_accepts_the_opponents_open_offer() {
    let mut t = Table::new(H);
    t.plays(&shuffle(1));
    t.apply(Event::OfferDraw { side: Side::Black }).unwrap();
    t.claim(Side::White, ClaimKind::FiftyMoves, None).unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Agreement)));
}

/// 9.2.1 and 9.3: only the player having the move claims.
#[test]
fn l_9_2_only_the_player_having_the_move_claims() {
    let mut t = Table::new(H);
    t.plays(&shuffle(2));
    let r = t.claim(Side::Black, ClaimKind::Threefold, None);
    assert!(
        matches!(
            r,
            Err(Rejection::DrawClaimNotOnMove {
                to_move: Side::White
            })
        ),
        "{r:?}"
    );
    assert!(t.game.penalties().is_empty());
}

/// 9.4: a player who has touched a piece to move it (here: made an
/// illegal move, not yet replaced) has lost the right to claim on that move.
#[test]
fn l_9_4_a_touched_piece_forfeits_the_claim_on_that_move() {
    let mut t = Table::new(H);
    t.plays(&shuffle(2));
    t.make("escape").unwrap();
    let r = t.claim(Side::White, ClaimKind::Threefold, None);
    assert!(
        matches!(r, Err(Rejection::TouchedPiece { side: Side::White })),
        "{r:?}"
    );
    assert_eq!(t.ended(), None);
}

/// 9.3 (OLD 9.3): the claim is right when the last 50 moves by each player
/// were made without a pawn move or a capture, as played (100 quiet plies).
#[test]
fn l_9_3_fifty_moves_claim_after_fifty_quiet_moves_each() {
    let mut t = Table::new(H);
    t.plays(&["push"]);
    t.plays(&walk(99));
    assert_eq!(t.game.quiet_plies(), 99);
    let mut u = Table::new(H);
    u.plays(&["push"]);
    u.plays(&walk(100));
    assert_eq!(u.game.claimable(), [ClaimKind::FiftyMoves]);
    u.claim(Side::Black, ClaimKind::FiftyMoves, None).unwrap();
    assert_eq!(
        u.ended(),
        Some((GameResult::Draw, Termination::FiftyMovesClaim))
    );
    // One ply short: wrong.
    t.claim(Side::White, ClaimKind::FiftyMoves, None).unwrap();
    assert_eq!(t.ended(), None);
    assert_eq!(t.game.penalties()[0].kind, PenaltyKind::IncorrectClaim);
}

/// 9.3: with 99 quiet plies, an intended quiet move makes the claim right;
/// an intended pawn move or capture does not (and must then be played).
#[test]
fn l_9_3_fifty_moves_claim_with_the_intended_move() {
    let start = "half=99 turn=b move=60";
    let mut t = Table::from(H, start);
    t.claim(Side::Black, ClaimKind::FiftyMoves, Some("step"))
        .unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::Draw, Termination::FiftyMovesClaim))
    );
    for intended in ["push", "take"] {
        let mut t = Table::from(H, start);
        t.claim(Side::Black, ClaimKind::FiftyMoves, Some(intended))
            .unwrap();
        assert_eq!(t.ended(), None, "{intended}");
        assert_eq!(t.game.move_texts(), [intended]);
        assert_eq!(t.game.quiet_plies(), 0);
    }
}

/// An intended move that is illegal makes the claim wrong; it is not
/// played. Text that is no move at all is refused, and costs nothing.
#[test]
fn an_intended_move_that_is_illegal_or_no_move() {
    let mut t = Table::from(H, "half=99 turn=b");
    let r = t.claim(Side::Black, ClaimKind::FiftyMoves, Some("fly"));
    assert!(
        matches!(r, Err(Rejection::MalformedIntended { column: 1, .. })),
        "{r:?}"
    );
    assert!(t.game.penalties().is_empty());
    t.claim(Side::Black, ClaimKind::FiftyMoves, Some("back"))
        .unwrap();
    assert_eq!(t.ended(), None);
    assert_eq!(t.game.penalties()[0].kind, PenaltyKind::IncorrectClaim);
    assert!(t.game.plies().is_empty());
}

/// A rule set may play without the 50- and 75-move rules: the claim is
/// then wrong however long the quiet play.
#[test]
fn without_move_count_rules_there_is_no_fifty_moves_claim() {
    let mut t = Table {
        game: game_with(
            Toy {
                move_count_rules: false,
            },
            H,
        ),
        at: 1_000,
    };
    t.plays(&walk(100));
    assert!(t.game.claimable().is_empty());
    t.claim(Side::White, ClaimKind::FiftyMoves, None).unwrap();
    assert_eq!(t.ended(), None);
    assert_eq!(t.game.penalties()[0].kind, PenaltyKind::IncorrectClaim);
}
