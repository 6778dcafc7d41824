//! The quickplay finish (Article 10.2 of the FIDE Laws of Chess 2005;
//! Guidelines III of 2017, 2018 and 2023), on the toy game: who may claim,
//! when, and what the arbiter's decisions do to the clocks.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{ClaimKind, Event, GameResult, PenaltyKind, PendingClaim, Side, Termination};
use common::*;

/// 90 minutes, all moves, no increment; `announced`: Guidelines III were
/// announced before the event (G-III.2.1).
fn header(e: &str, tc: &str, announced: bool) -> String {
    format!(r#""edition":"{e}","time_control":"{tc}","quickplay_finish":{announced}"#)
}

/// A game where White, to move, has one minute left of a `tc` game.
fn with_a_minute_left(e: &str, tc: &str, total: i64, announced: bool) -> Table {
    let mut t = Table::new(&header(e, tc, announced));
    t.at = (total - MIN) as u64;
    t
}

fn claim(t: &mut Table, side: Side, kind: ClaimKind) -> Result<(), Rejection> {
    t.claim(side, kind, None)
}

fn pending(t: &Table) -> Option<PendingClaim> {
    t.game.quickplay_claim()
}

/// 2005 art. 10.2: the claim is in the Laws; G-III.2 (2017+): only when
/// announced. Never with an increment (G-III.2, the 2005 10.1 "all the
/// remaining moves in a finite time"), never in blitz.
#[test]
fn g_iii_2_who_may_make_a_quickplay_claim() {
    for e in EDITIONS {
        for announced in [false, true] {
            let mut t = with_a_minute_left(e, "5400", 90 * MIN, announced);
            let r = claim(&mut t, Side::White, ClaimKind::QuickplayFinish);
            if e == "2005" || announced {
                r.unwrap();
                let p = PendingClaim {
                    side: Side::White,
                    claim: ClaimKind::QuickplayFinish,
                };
                assert_eq!(pending(&t), Some(p), "{e} {announced}");
                assert_eq!(t.ended(), None, "{e} {announced}");
            } else {
                assert!(matches!(r, Err(Rejection::NoQuickplayFinish)), "{e} {r:?}");
            }
        }
        let mut t = with_a_minute_left(e, "5400+30", 90 * MIN, true);
        let r = claim(&mut t, Side::White, ClaimKind::QuickplayFinish);
        assert!(
            matches!(r, Err(Rejection::NoQuickplayFinish)),
            "{e} increment {r:?}"
        );
        // Five minutes is blitz in every edition.
        let mut t = with_a_minute_left(e, "300", 5 * MIN, true);
        let r = claim(&mut t, Side::White, ClaimKind::QuickplayFinish);
        assert!(
            matches!(r, Err(Rejection::NoQuickplayFinish)),
            "{e} blitz {r:?}"
        );
    }
}

/// G-III.5 (2005 10.2): the player having the move, with less than two
/// minutes left and before his flag falls, in the period where all the
/// remaining moves are played (G-III.1).
#[test]
fn g_iii_5_the_claimant_has_the_move_and_less_than_two_minutes() {
    let mut t = with_a_minute_left("2005", "5400", 90 * MIN, false);
    let r = claim(&mut t, Side::Black, ClaimKind::QuickplayFinish);
    assert!(
        matches!(
            r,
            Err(Rejection::QuickplayNotOnMove {
                to_move: Side::White
            })
        ),
        "{r:?}"
    );
    let mut t = Table::new(&header("2005", "5400", false));
    t.at = (87 * MIN) as u64;
    let r = claim(&mut t, Side::White, ClaimKind::QuickplayFinish);
    assert!(
        matches!(
            r,
            Err(Rejection::QuickplayTimeLeft {
                side: Side::White,
                ..
            })
        ),
        "{r:?}"
    );
    // 40 moves in 90 minutes, then 30 minutes for the rest: not yet the end.
    let mut t = with_a_minute_left("2005", "40/5400:1800", 90 * MIN, false);
    let r = claim(&mut t, Side::White, ClaimKind::QuickplayFinish);
    assert!(
        matches!(r, Err(Rejection::QuickplayNotFinalPeriod { .. })),
        "{r:?}"
    );
    assert_eq!(pending(&t), None);
}

/// G-III.5.1 (2005 10.2a): the arbiter agrees: a draw.
#[test]
fn g_iii_5_the_arbiter_upholds_the_claim() {
    let mut t = with_a_minute_left("2023", "5400", 90 * MIN, true);
    let r = t.arbiter(r#""action":"quickplay_accept""#);
    assert!(matches!(r, Err(Rejection::NoQuickplayPending)), "{r:?}");
    claim(&mut t, Side::White, ClaimKind::QuickplayFinish).unwrap();
    t.arbiter(r#""action":"quickplay_accept""#).unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Arbiter)));
    assert_eq!(pending(&t), None);
}

/// G-III.5.3 (2005 10.2c): the arbiter rejects the claim: the opponent gets
/// two minutes and the game goes on.
#[test]
fn g_iii_5_the_arbiter_rejects_the_claim() {
    for e in EDITIONS {
        let mut t = with_a_minute_left(e, "5400", 90 * MIN, true);
        claim(&mut t, Side::White, ClaimKind::QuickplayFinish).unwrap();
        t.arbiter(r#""action":"quickplay_reject""#).unwrap();
        assert_eq!(
            t.penalties(),
            [(Side::White, PenaltyKind::QuickplayRejected, Some(2 * MIN))],
            "{e}"
        );
        assert_eq!(t.left(Side::Black), 92 * MIN, "{e}");
        assert_eq!((pending(&t), t.ended()), (None, None), "{e}");
    }
}

/// G-III.5.2 (2017+): a postponed decision may give the *opponent* two
/// minutes; the 2005 art. 10.2(b) gives them to the claimant. Either way the
/// claim waits for the arbiter's final word.
#[test]
fn g_iii_5_a_postponed_decision_gives_two_minutes_by_edition() {
    for e in EDITIONS {
        let mut t = with_a_minute_left(e, "5400", 90 * MIN, true);
        claim(&mut t, Side::White, ClaimKind::QuickplayFinish).unwrap();
        t.arbiter(r#""action":"quickplay_postpone""#).unwrap();
        let to = if e == "2005" {
            Side::White
        } else {
            Side::Black
        };
        assert_eq!(
            t.penalties(),
            [(to, PenaltyKind::QuickplayPostponedTime, Some(2 * MIN))],
            "{e}"
        );
        assert_eq!(
            t.game.timing().remaining(Side::Black, t.at),
            Some(if e == "2005" { 90 * MIN } else { 92 * MIN }),
            "{e}"
        );
        assert!(pending(&t).is_some(), "{e}");
        t.arbiter(r#""action":"quickplay_accept""#).unwrap();
        assert_eq!(
            t.ended(),
            Some((GameResult::Draw, Termination::Arbiter)),
            "{e}"
        );
    }
}

/// G-III.4 (2017+ only): the player with less than two minutes may ask
/// for a five-second increment for both; granted, the opponent also gets
/// two minutes. The 2005 Laws have no such request.
#[test]
fn g_iii_4_the_increment_request_from_2017_only() {
    for e in EDITIONS {
        let mut t = with_a_minute_left(e, "5400", 90 * MIN, true);
        let r = claim(&mut t, Side::White, ClaimKind::Increment);
        if e == "2005" {
            assert!(matches!(r, Err(Rejection::NoIncrementRequest)), "{e} {r:?}");
            // Nor may the arbiter grant one on a claim for a draw.
            claim(&mut t, Side::White, ClaimKind::QuickplayFinish).unwrap();
            let r = t.arbiter(r#""action":"quickplay_increment""#);
            assert!(matches!(r, Err(Rejection::NoIncrementToGive)), "{e} {r:?}");
            continue;
        }
        r.unwrap();
        let p = PendingClaim {
            side: Side::White,
            claim: ClaimKind::Increment,
        };
        assert_eq!(pending(&t), Some(p), "{e}");
        t.arbiter(r#""action":"quickplay_increment""#).unwrap();
        assert_eq!(
            t.penalties(),
            [(Side::White, PenaltyKind::QuickplayIncrement, Some(2 * MIN))],
            "{e}"
        );
        assert_eq!(pending(&t), None, "{e}");
        // White moves a second later and is credited five seconds.
        let at = t.at;
        t.play("step").unwrap();
        assert_eq!(
            t.game.timing().remaining(Side::White, at),
            Some(MIN - 2_000 + 5_000),
            "{e}"
        );
        assert_eq!(
            t.game.timing().remaining(Side::Black, at),
            Some(92 * MIN),
            "{e}"
        );
    }
}

/// 9.1.2.3 with G-III.4 (2017+) and 2005 art. 9.1(c) with 10.2: the
/// increment request, and the 2005 quickplay claim, are also draw offers
/// the opponent may accept.
#[test]
fn l_9_1e_a_quickplay_claim_is_an_offer() {
    for (e, kind) in [
        ("2005", ClaimKind::QuickplayFinish),
        ("2017", ClaimKind::Increment),
        ("2023", ClaimKind::Increment),
    ] {
        // Each has moved (5.2.3); White has a minute left.
        let mut t = Table::new(&header(e, "5400", true));
        t.plays(&["step", "step"]);
        t.at = (89 * MIN + 1_000) as u64;
        claim(&mut t, Side::White, kind).unwrap();
        t.apply(Event::AcceptDraw { side: Side::Black }).unwrap();
        assert_eq!(
            t.ended(),
            Some((GameResult::Draw, Termination::Agreement)),
            "{e}"
        );
    }
}

/// 9.1.2.3 (2017+) names the claims of 9.2 and 9.3 as draw offers, and
/// G-III.4 its request; a G-III.5 claim is none, so there is no offer to
/// accept (the 2005 art. 9.1(c) names 10.2, tested above).
#[test]
fn l_9_1e_a_g_iii_5_claim_is_no_offer_from_2017() {
    for e in MODERN {
        let mut t = with_a_minute_left(e, "5400", 90 * MIN, true);
        claim(&mut t, Side::White, ClaimKind::QuickplayFinish).unwrap();
        assert_eq!(t.game.draw_offer(), None, "{e}");
        let r = t.apply(Event::AcceptDraw { side: Side::Black });
        assert!(
            matches!(r, Err(Rejection::NoOfferToAccept { .. })),
            "{e} {r:?}"
        );
    }
}
