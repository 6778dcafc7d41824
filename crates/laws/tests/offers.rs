//! Draw offers (Article 9.1 and 5.2.3 of the FIDE Laws of Chess), on the
//! toy game: when an offer is made, how long it stands, and when an
//! agreement may end the game.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{Event, GameResult, Side, Termination};
use common::*;

fn offer(t: &mut Table, side: Side) -> Result<(), Rejection> {
    t.apply(Event::OfferDraw { side })
}

fn accept(t: &mut Table, side: Side) -> Result<(), Rejection> {
    t.apply(Event::AcceptDraw { side })
}

fn decline(t: &mut Table, side: Side) -> Result<(), Rejection> {
    t.apply(Event::DeclineDraw { side })
}

fn offered_by(t: &Table) -> Option<Side> {
    t.game.draw_offer().map(|o| o.by)
}

const H: &str = r#""edition":"2023","time_control":"5400""#;

/// 9.1.2.1 and 9.1.2.4 (OLD 9.1b): the right moment is between one's move
/// and the press; the offer is written "(=)" with that move (8.1.4, 9.1.2.4).
/// The opponent accepts it and the game is drawn by agreement (5.2.3).
#[test]
fn l_9_1b_an_offer_made_with_a_move_is_recorded_and_may_be_accepted() {
    let mut t = Table::new(H);
    t.plays(&["step", "step"]);
    t.make("step").unwrap();
    offer(&mut t, Side::White).unwrap();
    t.press(Side::White).unwrap();
    assert!(t.game.plies()[2].draw_offer);
    assert!(!t.game.plies()[1].draw_offer);
    assert_eq!(offered_by(&t), Some(Side::White));
    accept(&mut t, Side::Black).unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Agreement)));
    assert_eq!(offered_by(&t), None, "the game's end closes the offer");
}

/// 9.1.2.3 (OLD 9.1c): the offer stands until the opponent accepts it,
/// rejects it orally, or touches a piece to move it; declined, it is gone.
#[test]
fn l_9_1c_a_declined_offer_is_gone() {
    let mut t = Table::new(H);
    t.plays(&["step", "step"]);
    offer(&mut t, Side::Black).unwrap();
    decline(&mut t, Side::White).unwrap();
    assert_eq!(offered_by(&t), None);
    let r = accept(&mut t, Side::White);
    assert!(
        matches!(r, Err(Rejection::NoOfferToAccept { side: Side::White })),
        "{r:?}"
    );
    let r = decline(&mut t, Side::White);
    assert!(
        matches!(r, Err(Rejection::NoOfferToDecline { .. })),
        "{r:?}"
    );
}

/// 9.1.2.3: the opponent who moves instead of answering rejects the offer;
/// the offerer's own move leaves it open (he offered before moving, and the
/// opponent may look at the move first).
#[test]
fn l_9_1c_the_opponents_move_rejects_the_offer_the_offerers_does_not() {
    let mut t = Table::new(H);
    t.plays(&["step", "step"]);
    offer(&mut t, Side::White).unwrap();
    t.play("step").unwrap();
    assert_eq!(
        offered_by(&t),
        Some(Side::White),
        "his own move leaves it open"
    );
    assert!(
        t.game.plies()[2].draw_offer,
        "(=) goes with the offerer's next move"
    );
    t.play("step").unwrap();
    assert_eq!(offered_by(&t), None, "the opponent's move rejects it");
    let r = accept(&mut t, Side::Black);
    assert!(matches!(r, Err(Rejection::NoOfferToAccept { .. })), "{r:?}");
}

/// 9.1.2.3: touching a piece to move it rejects the offer, even when the
/// move made is illegal and taken back (7.5.1 does not bring it back).
#[test]
fn l_9_1c_an_illegal_move_made_rejects_the_offer() {
    let mut t = Table::new(H);
    t.plays(&["step", "step"]);
    offer(&mut t, Side::Black).unwrap();
    t.make("escape").unwrap();
    t.make("back").unwrap();
    assert_eq!(offered_by(&t), None);
}

/// A player may not accept his own offer.
#[test]
fn an_offer_is_accepted_by_the_opponent_only() {
    let mut t = Table::new(H);
    t.plays(&["step", "step"]);
    offer(&mut t, Side::White).unwrap();
    let r = accept(&mut t, Side::White);
    assert!(
        matches!(r, Err(Rejection::OwnOffer { side: Side::White })),
        "{r:?}"
    );
    let r = decline(&mut t, Side::White);
    assert!(
        matches!(r, Err(Rejection::NoOfferToDecline { .. })),
        "{r:?}"
    );
    assert_eq!(offered_by(&t), Some(Side::White));
}

/// 9.1.2.3: the offer cannot be withdrawn; one offered back is taken as an
/// acceptance.
#[test]
fn l_9_1_an_offer_offered_back_is_agreed() {
    let mut t = Table::new(H);
    t.plays(&["step", "step"]);
    offer(&mut t, Side::White).unwrap();
    offer(&mut t, Side::Black).unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Agreement)));
}

/// 5.2.3 and 9.1.1 (2017+): a draw may be agreed only once both players
/// have made a move; the offer itself stays valid. The 2005 Laws set no
/// such condition.
#[test]
fn l_5_2c_agreement_before_each_has_moved_from_2017_only() {
    for e in EDITIONS {
        let mut t = Table::new(&format!(r#""edition":"{e}","time_control":"5400""#));
        t.plays(&["step"]);
        offer(&mut t, Side::White).unwrap();
        let r = accept(&mut t, Side::Black);
        if e == "2005" {
            r.unwrap();
            assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Agreement)));
            continue;
        }
        assert!(matches!(r, Err(Rejection::AgreementTooEarly)), "{e} {r:?}");
        assert_eq!(offered_by(&t), Some(Side::White), "{e}: the offer stays");
        // Offered back it is no agreement either: Black's offer now waits.
        offer(&mut t, Side::Black).unwrap();
        assert_eq!(t.ended(), None, "{e}");
        t.make("step").unwrap();
        accept(&mut t, Side::White).unwrap();
        assert_eq!(
            t.ended(),
            Some((GameResult::Draw, Termination::Agreement)),
            "{e}"
        );
    }
}

/// 9.1.1 (CFG-5): the regulations may forbid offers before a given move.
#[test]
fn cfg_5_no_offers_before_the_move_the_regulations_set() {
    let mut t = Table::new(r#""edition":"2023","time_control":"5400","draw_offers_from_move":3"#);
    t.plays(&["step", "step"]);
    let r = offer(&mut t, Side::White);
    assert!(
        matches!(
            r,
            Err(Rejection::OffersNotYet {
                from_move: 3,
                number: 2
            })
        ),
        "{r:?}"
    );
    assert_eq!(offered_by(&t), None);
    t.plays(&["step", "step"]);
    offer(&mut t, Side::White).unwrap();
    assert_eq!(offered_by(&t), Some(Side::White));
}
