//! Resignation, flags and arrival (Articles 5.1.2, 6.7–6.9 of the FIDE Laws
//! of Chess, Appendix A.5 for rapid and blitz), on the toy game.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{ClaimKind, Event, GameResult, PenaltyKind, Side, Termination};
use common::*;

fn header(e: &str, tc: &str) -> String {
    format!(r#""edition":"{e}","time_control":"{tc}""#)
}

/// Black has neither man nor pawn: he cannot checkmate White.
const BLACK_CANNOT_MATE: &str = "men=1,0 pawn=3,0";

fn resign(t: &mut Table, side: Side) {
    t.apply(Event::Resign { side }).unwrap();
}

/// 5.1.2 (OLD 5.1b): the player who resigns loses at once.
#[test]
fn l_5_1b_the_player_who_resigns_loses() {
    for (side, result) in [
        (Side::White, GameResult::BlackWins),
        (Side::Black, GameResult::WhiteWins),
    ] {
        let mut t = Table::new(&header("2023", "5400"));
        t.plays(&["step"]);
        resign(&mut t, side);
        assert_eq!(t.ended(), Some((result, Termination::Resignation)));
        let r = t.play("step");
        assert!(matches!(r, Err(Rejection::GameOver { .. })), "{r:?}");
    }
}

/// 5.1.2 (2023 only): resigning when the opponent cannot checkmate by any
/// series of legal moves is a draw; in 2005, 2017 and 2018 it loses.
#[test]
fn l_5_1b_resigning_to_an_opponent_who_cannot_mate_draws_in_2023_only() {
    for e in EDITIONS {
        let mut t = Table::from(&header(e, "5400"), BLACK_CANNOT_MATE);
        resign(&mut t, Side::White);
        let result = if e == "2023" {
            GameResult::Draw
        } else {
            GameResult::BlackWins
        };
        assert_eq!(t.ended(), Some((result, Termination::Resignation)), "{e}");
    }
}

/// 6.8 and 6.9 (OLD 6.9): a flag is fallen when the player's time is up;
/// he loses. A flag reported before it fell is refused. In standard play
/// the arbiter (the software) calls it himself: any later event ends the
/// game at the flag's instant.
#[test]
fn l_6_9_the_player_whose_flag_falls_loses() {
    let mut t = Table::new(&header("2023", "5400"));
    t.at = 90 * MIN as u64 - 1;
    let r = t.apply(Event::Flag { side: Side::White });
    assert!(
        matches!(
            r,
            Err(Rejection::FlagNotFallen {
                side: Side::White,
                left: 1
            })
        ),
        "{r:?}"
    );
    t.at = 90 * MIN as u64;
    t.apply(Event::Flag { side: Side::White }).unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::BlackWins, Termination::TimeForfeit))
    );

    let mut t = Table::new(&header("2005", "5400"));
    t.plays(&["step"]);
    t.at = 100 * MIN as u64;
    let r = t.apply(Event::OfferDraw { side: Side::White });
    assert!(matches!(r, Err(Rejection::GameOver { .. })), "{r:?}");
    assert_eq!(
        t.ended(),
        Some((GameResult::WhiteWins, Termination::TimeForfeit))
    );
    assert_eq!(t.game.outcome().unwrap().at, 90 * MIN as u64 + 1_000);
}

/// 6.9 (every edition): the game is drawn if the opponent cannot checkmate
/// the player whose flag fell; the other way round it is a loss.
#[test]
fn l_6_9_a_flag_is_a_draw_when_the_opponent_cannot_mate() {
    for e in EDITIONS {
        let mut t = Table::from(&header(e, "5400"), BLACK_CANNOT_MATE);
        t.at = 90 * MIN as u64;
        t.apply(Event::Flag { side: Side::White }).unwrap();
        assert_eq!(
            t.ended(),
            Some((GameResult::Draw, Termination::TimeForfeit)),
            "{e}"
        );

        let mut t = Table::from(&header(e, "5400"), &format!("{BLACK_CANNOT_MATE} turn=b"));
        t.at = 90 * MIN as u64;
        t.apply(Event::Flag { side: Side::Black }).unwrap();
        assert_eq!(
            t.ended(),
            Some((GameResult::WhiteWins, Termination::TimeForfeit)),
            "{e}"
        );
    }
}

/// 6.9 with 9.6.2 (2017+): "any series of legal moves" ends at the 75-move
/// rule, so a mate that needs more quiet plies than are left cannot
/// happen and the flag draws; the 2005 Laws set no such bound.
#[test]
fn l_6_9_the_75_move_horizon_decides_the_flag_from_2017_only() {
    // Black's man needs 40 quiet plies to mate; 30 are left.
    let start = "men=1,1 pawn=0,0 reach=0,40 half=120";
    for e in EDITIONS {
        let mut t = Table::from(&header(e, "5400"), start);
        t.at = 90 * MIN as u64;
        t.apply(Event::Flag { side: Side::White }).unwrap();
        let result = if e == "2005" {
            GameResult::BlackWins
        } else {
            GameResult::Draw
        };
        assert_eq!(t.ended(), Some((result, Termination::TimeForfeit)), "{e}");
    }
}

/// 6.8 and A.5.5: in reduced rapid play a flag counts only when a player
/// claims it under the OLD rules (2005) and July 2017 (unless the arbiter
/// is to call flags, A.4.5 "can"); from 2018 the arbiter shall call it.
#[test]
fn l_6_8_in_reduced_rapid_who_calls_the_flag() {
    // 20 minutes: rapid in every edition.
    for (e, extra, called) in [
        ("2005", "", false),
        ("2017", "", false),
        ("2017", r#","arbiter_calls_flags":true"#, true),
        ("2018", "", true),
        ("2023", "", true),
    ] {
        let h = format!(r#"{},"supervision":"reduced"{extra}"#, header(e, "1200"));
        let mut t = Table::new(&h);
        t.at = 25 * MIN as u64;
        let r = t.apply(Event::OfferDraw { side: Side::Black });
        if called {
            assert!(
                matches!(r, Err(Rejection::GameOver { .. })),
                "{e}{extra} {r:?}"
            );
        } else {
            r.unwrap();
            assert_eq!(t.ended(), None, "{e}{extra}");
            t.claim(Side::Black, ClaimKind::Time, None).unwrap();
        }
        assert_eq!(
            t.ended(),
            Some((GameResult::BlackWins, Termination::TimeForfeit)),
            "{e}{extra}"
        );
        assert_eq!(t.game.outcome().unwrap().at, 20 * MIN as u64, "{e}{extra}");
    }
}

/// Both flags down, seen only on a claim (6.9 and G-III.3; OLD rapid and
/// blitz, 2005 art. B.6): the OLD rules draw; July 2017 A.4.3 refuses the
/// claim of a player whose own flag is down.
#[test]
fn l_6_9b_both_flags_down_on_a_claim() {
    for (e, drawn) in [("2005", true), ("2017", false)] {
        let h = format!(r#"{},"supervision":"reduced""#, header(e, "1200"));
        let mut t = Table::new(&h);
        // White's flag falls unseen; he moves on; then Black's falls.
        t.at = 21 * MIN as u64;
        t.plays(&["step"]);
        t.at = 45 * MIN as u64;
        let r = t.claim(Side::White, ClaimKind::Time, None);
        if drawn {
            r.unwrap();
            assert_eq!(
                t.ended(),
                Some((GameResult::Draw, Termination::TimeForfeit)),
                "{e}"
            );
        } else {
            assert!(
                matches!(
                    r,
                    Err(Rejection::ClaimantFlagDown {
                        claimant: Side::White
                    })
                ),
                "{e} {r:?}"
            );
            assert_eq!(t.ended(), None, "{e}");
        }
    }
}

/// 6.7.1 (2017+): a player who arrives after the default time loses; the
/// regulations fix it, zero if they do not. The 2005 art. 6.7 gives one
/// hour.
#[test]
fn l_6_7a_a_player_arriving_after_the_default_time_loses() {
    // (edition, regulations' default time, arrival, loses)
    for (e, default, at, loses) in [
        ("2023", "", 0, false),
        ("2023", "", 1, true),
        ("2017", "", 30_000, true),
        ("2023", r#","default_time":900000"#, 15 * MIN as u64, false),
        (
            "2023",
            r#","default_time":900000"#,
            15 * MIN as u64 + 1,
            true,
        ),
        ("2005", "", 60 * MIN as u64, false),
        ("2005", "", 60 * MIN as u64 + 1, true),
    ] {
        let mut t = Table::new(&format!("{}{default}", header(e, "5400")));
        t.at = at;
        t.apply(Event::Arrive { side: Side::Black }).unwrap();
        if loses {
            assert_eq!(
                t.ended(),
                Some((GameResult::WhiteWins, Termination::Arbiter)),
                "{e} {at}"
            );
            assert_eq!(t.game.penalties()[0].kind, PenaltyKind::LateArrival);
        } else {
            assert_eq!(t.ended(), None, "{e} {at}");
            let r = t.apply(Event::Arrive { side: Side::Black });
            assert!(
                matches!(r, Err(Rejection::AlreadyArrived { .. })),
                "{e} {r:?}"
            );
        }
    }
}
