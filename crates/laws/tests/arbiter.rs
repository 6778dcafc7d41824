//! The arbiter's actions (Articles 6.10–6.11, 7.1–7.5, 11.8 and 12.9 of
//! the FIDE Laws of Chess, 13.4 of the 2005 Laws), on the toy game: the
//! clock, the penalties, the result, and the irregularities he puts right.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::{ClaimKind, Event, GameResult, PenaltyKind, RuleSet, Side, Termination};
use common::*;

fn header(e: &str) -> String {
    format!(r#""edition":"{e}","time_control":"5400""#)
}

/// 6.11.1 (OLD 6.11): the arbiter pauses both clocks and restarts them;
/// no time runs in between, and nobody can press meanwhile. Without a
/// clock there is nothing to pause.
#[test]
fn l_6_11_pause_stops_both_clocks_until_resume() {
    let mut t = Table::new(&header("2023"));
    t.plays(&["step"]);
    t.at = 2_000;
    t.arbiter(r#""action":"pause""#).unwrap();
    let r = t.arbiter(r#""action":"pause""#);
    assert!(r.is_err(), "paused twice: {r:?}");
    t.at = 5_000;
    let r = t.play("step");
    assert!(matches!(r, Err(Rejection::ClocksPaused)), "{r:?}");
    t.at = 10_000;
    t.arbiter(r#""action":"resume""#).unwrap();
    let r = t.arbiter(r#""action":"resume""#);
    assert!(r.is_err(), "resumed twice: {r:?}");
    t.at = 12_000;
    // Black's clock ran 1–2 s and 10–12 s.
    assert_eq!(t.left(Side::Black), 90 * MIN - 3_000);
    assert_eq!(t.left(Side::White), 90 * MIN - 1_000);

    let mut t = Table::new(r#""edition":"2023""#);
    let r = t.arbiter(r#""action":"pause""#);
    assert!(matches!(r, Err(Rejection::NoClockToPause)), "{r:?}");
    let r = t.arbiter(r#""action":"resume""#);
    assert!(matches!(r, Err(Rejection::NoClockToResume)), "{r:?}");
}

/// 12.9.2 and 12.9.3 (2005 13.4 b, c), 6.10.2: the arbiter adds time to a
/// player's clock or deducts it; the change is made and recorded, or
/// refused whole (no side, no amount, a negative one, no clock).
#[test]
fn l_12_9_2_the_arbiter_adds_and_deducts_time() {
    let mut t = Table::new(&header("2005"));
    t.at = 10_000;
    t.arbiter(r#""action":"add_time","side":"black","ms":60000"#)
        .unwrap();
    t.arbiter(r#""action":"deduct_time","side":"white","ms":30000"#)
        .unwrap();
    t.at = 20_000;
    assert_eq!(t.left(Side::Black), 91 * MIN);
    assert_eq!(t.left(Side::White), 90 * MIN - 20_000 - 30_000);
    assert_eq!(
        t.penalties(),
        [
            (Side::Black, PenaltyKind::AddTime, Some(60_000)),
            (Side::White, PenaltyKind::DeductTime, Some(30_000))
        ]
    );
    for (fields, _why) in [
        (r#""action":"add_time","ms":1000"#, "no side"),
        (r#""action":"add_time","side":"white""#, "no amount"),
        (
            r#""action":"deduct_time","side":"white","ms":-5"#,
            "negative",
        ),
    ] {
        let r = t.arbiter(fields);
        assert!(
            matches!(
                r,
                Err(Rejection::ActionNeedsSide { .. } | Rejection::ActionNeedsMs { .. })
            ),
            "{fields}: {r:?}"
        );
    }
    assert_eq!(t.game.penalties().len(), 2);
    let mut t = Table::new(r#""edition":"2023""#);
    let r = t.arbiter(r#""action":"add_time","side":"white","ms":1000"#);
    assert!(matches!(r, Err(Rejection::NoClockToChange)), "{r:?}");
}

/// 12.9 (2017+) has nine penalties; the 2005 13.4 has no fine and no
/// exclusion from rounds. The menu is the same in every other respect.
#[test]
fn l_12_9_the_penalty_menu_by_edition() {
    for e in EDITIONS {
        for (action, kind, modern_only) in [
            ("warning", PenaltyKind::Warning, false),
            ("fine", PenaltyKind::Fine, true),
            ("exclude_rounds", PenaltyKind::ExcludeRounds, true),
            ("expel", PenaltyKind::Expel, false),
        ] {
            let mut t = Table::new(&header(e));
            let r = t.arbiter(&format!(r#""action":"{action}","side":"black""#));
            if modern_only && e == "2005" {
                assert!(
                    matches!(r, Err(Rejection::PenaltyNotInEdition { .. })),
                    "{e} {action} {r:?}"
                );
                assert!(t.game.penalties().is_empty());
            } else {
                r.unwrap();
                assert_eq!(t.penalties(), [(Side::Black, kind, None)], "{e} {action}");
                assert_eq!(t.ended(), None, "{e} {action}: the game goes on");
            }
        }
        let mut t = Table::new(&header(e));
        let r = t.arbiter(r#""action":"warning""#);
        assert!(
            matches!(r, Err(Rejection::ActionNeedsSide { .. })),
            "{e} {r:?}"
        );
    }
}

/// 10.1 (OLD 11.1) and CFG-6: a win, a draw and a loss score as the
/// regulations say, 1, ½, 0 unless they say otherwise; 12.9.4 raises the
/// opponent of the offender to the game's maximum, 12.9.5 reduces the
/// offender's points (by a draw's score unless told).
#[test]
fn l_12_9_4_and_5_points_raised_and_reduced() {
    let mut t = Table::new(&header("2023"));
    t.plays(&["step", "step"]);
    t.apply(Event::OfferDraw { side: Side::White }).unwrap();
    t.apply(Event::AcceptDraw { side: Side::Black }).unwrap();
    assert_eq!(t.game.score(), Some([0.5, 0.5]));
    t.arbiter(r#""action":"increase_points","side":"black""#)
        .unwrap();
    assert_eq!(t.game.score(), Some([1.0, 0.5]));
    t.arbiter(r#""action":"reduce_points","side":"black""#)
        .unwrap();
    assert_eq!(t.game.score(), Some([1.0, 0.0]));
    let r = t.arbiter(r#""action":"reduce_points","side":"white","points":11"#);
    assert!(
        matches!(r, Err(Rejection::PointsOutOfRange { .. })),
        "{r:?}"
    );

    let three = r#","scoring":{"win":3,"draw":1,"loss":0}"#;
    let mut t = Table::new(&format!("{}{three}", header("2023")));
    t.make("mate").unwrap();
    assert_eq!(t.game.score(), Some([3.0, 0.0]));
}

/// 12.9.6 (2005 13.4 d): the arbiter declares the game lost; 11.8 (OLD
/// 12.9): if he declares it lost for both players, both lose, 0–0.
#[test]
fn l_12_9_6_a_game_declared_lost_and_l_11_8_both_lose() {
    let mut t = Table::new(&header("2023"));
    t.arbiter(r#""action":"declare_lost","side":"white""#)
        .unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::BlackWins, Termination::Arbiter))
    );
    assert_eq!(t.game.score(), Some([0.0, 1.0]));
    t.arbiter(r#""action":"declare_lost","side":"black""#)
        .unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::BothLose, Termination::Arbiter))
    );
    assert_eq!(t.game.score(), Some([0.0, 0.0]));
}

/// 11.8: both players declared lost score 0–0, even when the arbiter had
/// given the first loss's opponent a score of his own (12.9.6).
#[test]
fn l_11_8_both_lose_after_a_declared_score() {
    let mut t = Table::new(&header("2023"));
    t.arbiter(r#""action":"declare_lost","side":"white","points":0.5"#)
        .unwrap();
    assert_eq!(t.game.score(), Some([0.0, 0.5]));
    t.arbiter(r#""action":"declare_lost","side":"black""#)
        .unwrap();
    assert_eq!(
        t.ended(),
        Some((GameResult::BothLose, Termination::Arbiter))
    );
    assert_eq!(t.game.score(), Some([0.0, 0.0]));
}

/// The arbiter declares a result (a decision of Art. 12, of Guidelines
/// III, or a correction after the game): a final PGN result only.
#[test]
fn the_arbiter_declares_a_result() {
    let mut t = Table::new(&header("2023"));
    for (fields, _why) in [
        (r#""action":"declare_result""#, "missing"),
        (r#""action":"declare_result","result":"*""#, "unfinished"),
        (r#""action":"declare_result","result":"2-0""#, "unknown"),
    ] {
        let r = t.arbiter(fields);
        assert!(
            matches!(
                r,
                Err(Rejection::ResultMissing
                    | Rejection::ResultNotFinal
                    | Rejection::UnknownResult { .. })
            ),
            "{fields}: {r:?}"
        );
    }
    assert_eq!(t.ended(), None);
    t.make("mate").unwrap();
    t.arbiter(
        r#""action":"declare_result","result":"1/2-1/2","reason":"the mate was not made properly""#,
    )
    .unwrap();
    assert_eq!(t.ended(), Some((GameResult::Draw, Termination::Arbiter)));
    assert!(
        t.game
            .notes()
            .iter()
            .any(|n| n.contains("not made properly"))
    );
}

/// A finished game is changed only by a result or a penalty: the clock,
/// the irregularities of Art. 7 and the restoring of positions belong to a
/// game being played.
#[test]
fn after_the_end_only_results_and_penalties() {
    let mut t = Table::new(&header("2023"));
    t.apply(Event::Resign { side: Side::Black }).unwrap();
    for fields in [
        r#""action":"pause""#,
        r#""action":"add_time","side":"white","ms":1000"#,
        r#""action":"restore","ply":0"#,
        r#""action":"wrong_initial_position""#,
    ] {
        let r = t.arbiter(fields);
        assert!(
            matches!(r, Err(Rejection::GameOverForArbiter)),
            "{fields}: {r:?}"
        );
    }
    t.arbiter(r#""action":"warning","side":"black""#).unwrap();
}

/// 7.5.1 and 7.1 (OLD 7.4a): the arbiter reinstates the position after a
/// number of plies; the later moves are erased, and what the Laws count
/// (repetitions, the 50-move count) is counted again from the record.
#[test]
fn l_7_5a_restore_reinstates_an_earlier_position() {
    let mut t = Table::new(&header("2023"));
    t.plays(&shuffle(2));
    assert_eq!(t.game.repetitions(), 3);
    t.arbiter(r#""action":"restore","ply":4"#).unwrap();
    assert_eq!(t.game.plies().len(), 4);
    assert_eq!(t.pos(), &t.game.position_after(4));
    assert_eq!(t.game.repetitions(), 2);
    assert_eq!(t.game.quiet_plies(), 4);
    // Two occurrences are not three: the claim is now wrong.
    t.claim(Side::White, ClaimKind::Threefold, None).unwrap();
    assert_eq!(t.ended(), None);
    let r = t.arbiter(r#""action":"restore","ply":6"#);
    assert!(
        matches!(r, Err(Rejection::RestoreBeyond { ply: 6, played: 4 })),
        "{r:?}"
    );
    let r = t.arbiter(r#""action":"restore""#);
    assert!(matches!(r, Err(Rejection::RestoreNeedsPly)), "{r:?}");
}

/// 7.2.1 (OLD 7.2a): a wrong initial position annuls the game and a new one
/// is played; 7.2.2: a wrongly placed board only moves the position.
/// A.5.1 (reduced rapid and blitz): no such claim once each player has
/// made ten moves (three under the OLD rules).
#[test]
fn l_7_2_wrong_set_up_and_the_cut_off_in_reduced_play() {
    let mut t = Table::new(&header("2023"));
    t.plays(&walk(24));
    t.arbiter(r#""action":"board_orientation""#).unwrap();
    assert_eq!(t.game.plies().len(), 24, "play goes on");
    t.arbiter(r#""action":"wrong_initial_position""#).unwrap();
    assert!(t.game.plies().is_empty(), "a new game");
    assert_eq!(t.pos(), &Toy::default().initial_position());

    for (e, cutoff) in [("2005", 3), ("2017", 10), ("2023", 10)] {
        let h = format!(r#""edition":"{e}","time_control":"1200","supervision":"reduced""#);
        let mut t = Table::new(&h);
        t.plays(&walk(2 * cutoff - 1));
        t.arbiter(r#""action":"board_orientation""#).unwrap();
        t.plays(&walk(1));
        for action in ["board_orientation", "wrong_initial_position"] {
            let r = t.arbiter(&format!(r#""action":"{action}""#));
            assert!(
                matches!(r, Err(Rejection::SetupClaimTooLate { moves }) if moves as usize == cutoff),
                "{e} {action}: {r:?}"
            );
        }
    }
}

/// 7.3 (2017+): colours found reversed before each player has made ten
/// moves, the game is played again with the right colours; after that it
/// goes on. The 2005 Laws let it go on unless the arbiter rules otherwise.
#[test]
fn l_7_3_reversed_colours() {
    for e in EDITIONS {
        for (moves, restart) in [(9, None), (10, None), (9, Some(true))] {
            let mut t = Table::new(&header(e));
            t.plays(&walk(2 * moves));
            let extra = restart
                .map(|r| format!(r#","restart":{r}"#))
                .unwrap_or_default();
            t.arbiter(&format!(r#""action":"reversed_colours"{extra}"#))
                .unwrap();
            let replayed = if e == "2005" {
                restart == Some(true)
            } else {
                moves < 10
            };
            assert_eq!(
                t.game.colours_swapped(),
                replayed,
                "{e} {moves} {restart:?}"
            );
            let plies = if replayed { 0 } else { 2 * moves };
            assert_eq!(t.game.plies().len(), plies, "{e} {moves} {restart:?}");
        }
    }
}

/// 7.4 (OLD 7.3): displaced pieces are put back; the arbiter's record
/// keeps it, and nothing else changes.
#[test]
fn l_7_4_displaced_pieces_are_noted() {
    let mut t = Table::new(&header("2023"));
    t.plays(&["step"]);
    t.arbiter(r#""action":"displaced_pieces","side":"black""#)
        .unwrap();
    assert_eq!(t.game.notes().len(), 1);
    assert!(t.game.penalties().is_empty());
    assert_eq!(t.game.plies().len(), 1);
}
