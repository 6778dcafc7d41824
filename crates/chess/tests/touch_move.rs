//! Art. 4 (the act of moving the pieces) in every edition: touches in the
//! log, the move they oblige, the opponent's claim, and what a touch does
//! to a draw claim (9.4) and an open offer (9.1). Each edition difference
//! is tested in both directions.

mod common;
use arbiter_laws::Termination;
use arbiter_laws::replay::Report;
use common::Log;

const EDITIONS: [&str; 4] = ["2005", "2017", "2018", "2023"];

/// The article of the claim rule in each edition: 2017+ 4.8, 2005 4.7.
fn claim_article(e: &str) -> &'static str {
    if e == "2005" { "4.7" } else { "4.8" }
}

fn upheld(r: &Report) -> Vec<bool> {
    r.touch_move_claims.iter().map(|c| c.upheld).collect()
}

#[test]
fn l_4_3_a_touched_own_man_must_move_and_a_right_claim_takes_the_move_back() {
    for e in EDITIONS {
        // White touches the knight on g1 and plays e4: the move stands until
        // Black claims; the claim takes it back and White must move the
        // knight (2017+ 4.3.1; 2005 4.3(a)).
        let mut log = Log::new(e, "");
        log.touch("white", "g1").mv("white", "e4");
        let r = log.replay();
        assert_eq!(r.moves, ["e4"], "{e}");
        assert_eq!(r.touch_move_breaches.len(), 1, "{e}");
        log.claim("black", "touch_move", None);
        let r = log.replay();
        assert!(r.rejected.is_empty(), "{e}: {:?}", r.rejected);
        assert!(r.moves.is_empty(), "{e}: {:?}", r.moves);
        assert_eq!(upheld(&r), [true], "{e}");
        assert!(
            r.touch_move_claims[0].reason.contains(claim_article(e)),
            "{e}"
        );
        let obligation = r.touch_obligation.as_deref().unwrap_or("");
        assert!(
            obligation.starts_with("move the man on g1 (4.3)"),
            "{e}: {obligation}"
        );
        // The knight moves: nothing to claim any more.
        log.mv("white", "Nf3").claim("black", "touch_move", None);
        let r = log.replay();
        assert_eq!(r.moves, ["Nf3"], "{e}");
        assert_eq!(upheld(&r), [true, false], "{e}");
        // The offender's own claim is wrong and leaves the opponent's open.
        let mut log = Log::new(e, "");
        log.touch("white", "g1")
            .mv("white", "e4")
            .claim("white", "touch_move", None)
            .claim("black", "touch_move", None);
        assert_eq!(upheld(&log.replay()), [false, true], "{e}");
        // The other direction: the knight touched is the knight moved.
        let mut log = Log::new(e, "");
        log.touch("white", "g1")
            .mv("white", "Nf3")
            .claim("black", "touch_move", None);
        let r = log.replay();
        assert_eq!((r.moves.len(), upheld(&r)), (1, vec![false]), "{e}");
        assert!(r.touch_move_breaches.is_empty(), "{e}");
    }
}

#[test]
fn l_4_8_the_claim_is_lost_once_the_claimant_touches_a_man() {
    for e in EDITIONS {
        let mut log = Log::new(e, "");
        log.touch("white", "g1")
            .mv("white", "e4")
            .touch("black", "e7")
            .claim("black", "touch_move", None);
        let r = log.replay();
        assert_eq!(r.moves, ["e4"], "{e}");
        assert_eq!(upheld(&r), [false], "{e}");
        let reason = &r.touch_move_claims[0].reason;
        assert!(
            reason.ends_with(&format!("({})", claim_article(e))),
            "{e}: {reason}"
        );
        // After an illegal move of his own (he touched his king), likewise.
        let mut log = Log::new(e, "");
        log.touch("white", "g1")
            .mv("white", "e4")
            .mv("black", "Ke7")
            .claim("black", "touch_move", None);
        assert_eq!(upheld(&log.replay()), [false], "{e}");
        // After his own move, likewise.
        let mut log = Log::new(e, "");
        log.touch("white", "g1")
            .mv("white", "e4")
            .mv("black", "e5")
            .claim("black", "touch_move", None);
        assert_eq!(upheld(&log.replay()), [false], "{e}");
    }
}

#[test]
fn l_4_3_a_touched_opponents_man_must_be_captured() {
    for e in EDITIONS {
        let mut log = Log::new(e, "");
        log.moves("e4 d5").touch("white", "d5").mv("white", "Nf3");
        log.claim("black", "touch_move", None);
        let r = log.replay();
        assert_eq!((r.moves.len(), upheld(&r)), (2, vec![true]), "{e}");
        assert!(
            r.touch_obligation
                .as_deref()
                .unwrap_or("")
                .starts_with("capture the man on d5"),
            "{e}: {:?}",
            r.touch_obligation
        );
        log.mv("white", "exd5");
        assert_eq!(log.replay().moves.len(), 3, "{e}");
    }
}

#[test]
fn l_4_3_men_of_both_colours_2005_either_2017_the_first_touched() {
    // After 1.e4 d5 White touches Black's pawn on d5 first, then his own
    // knight, which cannot take it. 2017+ 4.3.3: the first man touched that
    // can be moved or captured, the pawn: Nf3 breaks the rule. 2005 4.3(c):
    // move the own man or capture the other: Nf3 is lawful.
    for (e, breach) in [
        ("2005", false),
        ("2017", true),
        ("2018", true),
        ("2023", true),
    ] {
        let mut log = Log::new(e, "");
        log.moves("e4 d5")
            .touch("white", "d5")
            .touch("white", "g1")
            .mv("white", "Nf3");
        assert_eq!(
            log.replay().touch_move_breaches.len(),
            usize::from(breach),
            "{e}"
        );
    }
}

#[test]
fn l_4_3_more_men_of_a_colour_2005_one_of_each_2017_one_or_more() {
    // White touches his bishop on c1 (it cannot move), his knight on g1,
    // then Black's pawn on d5. 2017+ (one or more of each): the first man
    // that can be moved or captured is the knight, so exd5 breaks the rule
    // and Nf3 keeps it. 2005 (one of each): the bishop and the pawn count;
    // the bishop cannot move, so the pawn must be taken: Nf3 breaks it.
    for (e, knight_ok) in [("2005", false), ("2017", true), ("2023", true)] {
        for (mv, ok) in [("Nf3", knight_ok), ("exd5", !knight_ok)] {
            let mut log = Log::new(e, "");
            log.moves("e4 d5")
                .touch("white", "c1")
                .touch("white", "g1")
                .touch("white", "d5")
                .mv("white", mv);
            let r = log.replay();
            assert_eq!(r.touch_move_breaches.is_empty(), ok, "{e} {mv}: {r:?}");
        }
    }
}

const CASTLING: &str = "\"start\":\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"";

#[test]
fn l_4_4_king_then_rook_must_castle_rook_then_king_may_not() {
    for e in EDITIONS {
        // King, then rook (2017+ 4.4.1; 2005 4.4(a)): castle on that side.
        for (mv, breach) in [("O-O", false), ("Kf1", true), ("Rh2", true)] {
            let mut log = Log::new(e, CASTLING);
            log.touch("white", "e1")
                .touch("white", "h1")
                .mv("white", mv);
            let r = log.replay();
            assert_eq!(r.touch_move_breaches.len(), usize::from(breach), "{e} {mv}");
        }
        // Rook, then king (2017+ 4.4.2; 2005 4.4(b)): no castling on that
        // side on this move; the rook must move (4.3).
        for (mv, breach) in [("O-O", true), ("Rh2", false), ("Kf1", true)] {
            let mut log = Log::new(e, CASTLING);
            log.touch("white", "h1")
                .touch("white", "e1")
                .mv("white", mv);
            let r = log.replay();
            assert_eq!(r.touch_move_breaches.len(), usize::from(breach), "{e} {mv}");
        }
    }
}

#[test]
fn l_4_4_castling_that_is_illegal_binds_another_king_move() {
    // Black's rook on f8 guards f1: castling short is illegal. King, then
    // the h1 rook (2017+ 4.4.3; 2005 4.4(c)): another king move, castling
    // long included.
    let start = "\"start\":\"r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1\"";
    for e in EDITIONS {
        for (mv, breach) in [("O-O-O", false), ("Kd1", false), ("Rh2", true)] {
            let mut log = Log::new(e, start);
            log.touch("white", "e1")
                .touch("white", "h1")
                .mv("white", mv);
            let r = log.replay();
            assert_eq!(r.touch_move_breaches.len(), usize::from(breach), "{e} {mv}");
        }
    }
}

#[test]
fn l_4_5_nothing_touched_can_move_any_move() {
    for e in EDITIONS {
        // The bishop on c1 is shut in at the start: White is free.
        let mut log = Log::new(e, "");
        log.touch("white", "c1").mv("white", "e4");
        let r = log.replay();
        assert!(r.touch_move_breaches.is_empty(), "{e}");
        // The other direction: the knight on b1 can move.
        let mut log = Log::new(e, "");
        log.touch("white", "b1").mv("white", "e4");
        assert_eq!(log.replay().touch_move_breaches.len(), 1, "{e}");
    }
}

#[test]
fn l_7_5_1_the_move_replacing_an_illegal_one_is_bound_by_4_3() {
    for e in EDITIONS {
        // Ng1-e2 lands on White's own pawn: illegal. Its replacement must be
        // a knight move (7.5.1; 2005 7.4(a)).
        for (mv, breach) in [("e4", true), ("Nf3", false)] {
            let mut log = Log::new(e, "");
            log.mv("white", "Ne2").mv("white", mv);
            let r = log.replay();
            assert_eq!(r.touch_move_breaches.len(), usize::from(breach), "{e} {mv}");
        }
    }
}

#[test]
fn l_9_4_a_touch_loses_the_draw_claim_from_2017_only() {
    // The start position stands for the third time, White to move. He
    // touches his knight, then claims: from 2017 he has lost the claim on
    // this move (9.4 "touches a piece as in Article 4.3"); in 2005 only a
    // move made loses it (9.4 «делает ход»).
    for (e, drawn) in [
        ("2005", true),
        ("2017", false),
        ("2018", false),
        ("2023", false),
    ] {
        let mut log = Log::new(e, "");
        log.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
            .touch("white", "g1")
            .claim("white", "threefold", None);
        let r = log.replay();
        let got = r.termination == Some(Termination::ThreefoldClaim);
        assert_eq!(got, drawn, "{e}: {:?}", r.rejected);
    }
}

#[test]
fn l_9_1_a_touch_with_intent_rejects_an_open_offer() {
    for e in EDITIONS {
        let mut log = Log::new(e, "");
        log.moves("e4 e5 Nf3").event("offer_draw", "white");
        log.touch("black", "g8").event("accept_draw", "black");
        let r = log.replay();
        assert_eq!(r.result.as_str(), "*", "{e}");
        assert_eq!(r.rejected.len(), 1, "{e}: the offer is gone");
        // Without the touch the offer stands and is accepted.
        let mut log = Log::new(e, "");
        log.moves("e4 e5 Nf3").event("offer_draw", "white");
        log.event("accept_draw", "black");
        assert_eq!(log.replay().result.as_str(), "1/2-1/2", "{e}");
    }
}

#[test]
fn l_4_2_adjusting_binds_nothing_and_out_of_turn_is_noted() {
    for e in EDITIONS {
        let mut log = Log::new(e, "");
        log.adjust("white", "g1").mv("white", "e4");
        let r = log.replay();
        assert!(r.touch_move_breaches.is_empty(), "{e}");
        assert!(r.notes.is_empty(), "{e}: {:?}", r.notes);
        log.adjust("white", "d2");
        let r = log.replay();
        assert_eq!(r.touches.len(), 2, "{e}");
        assert!(r.touches[1].out_of_turn, "{e}");
        assert!(r.notes[0].contains("(4.2)"), "{e}: {:?}", r.notes);
    }
}

#[test]
fn touches_that_name_nothing_are_refused_with_a_reason() {
    let mut log = Log::new("2023", "");
    log.touch("white", "z9")
        .touch("white", "e4")
        .touch("black", "e7");
    let r = log.replay();
    assert_eq!(r.rejected.len(), 3, "{:?}", r.rejected);
    assert!(r.rejected[0].reason.contains("no square"));
    assert!(r.rejected[1].reason.contains("no man"));
    assert!(r.rejected[2].reason.contains("white's move"));
    assert!(r.touches.is_empty());
}

#[test]
fn a_log_without_touches_reports_no_touch_keys() {
    let mut log = Log::new("2023", "");
    log.moves("e4 e5");
    let json = serde_json::to_string(&log.replay()).unwrap();
    assert!(!json.contains("touch"), "{json}");
}
