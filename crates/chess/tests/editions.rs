//! The edition differences (FIDE 2005, 2017, 2018, 2023), each tested in both
//! directions: the same log under the edition that has the rule and under
//! one that does not must give different, named results.

mod common;
use arbiter_laws::Termination;
use common::{Log, kinds};

const E: [&str; 4] = ["2005", "2017", "2018", "2023"];

/// White: king and rook; Black: a lone king, which cannot mate anybody.
const KR_VS_K: &str = "\"start\":\"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"";
/// Both sides have a rook: either can mate.
const KR_VS_KR: &str = "\"start\":\"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"";

fn illegal_ladder(edition: &str, start: &str, n: usize) -> arbiter_laws::replay::Report {
    let mut log = Log::new(edition, start);
    for _ in 0..n {
        log.mv("white", "Ke3"); // a king two squares away: illegal (L-7.5a)
    }
    log.replay()
}

#[test]
fn l_7_5e_illegal_move_ladder_standard() {
    // 2005 (the Laws 2005, art. 7.4b): +2 min, +2 min, the third loses.
    let r = illegal_ladder("2005", KR_VS_KR, 2);
    assert_eq!(r.result.as_str(), "*");
    assert_eq!(r.illegal_moves.white, 2);
    assert_eq!(
        kinds(&r),
        vec![("white".into(), "illegal_move".into(), Some(120_000)); 2]
    );
    let r = illegal_ladder("2005", KR_VS_KR, 3);
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("0-1", Some(Termination::IllegalMoves))
    );
    // 2017, 2018, 2023 (7.5.5): the second loses.
    for e in ["2017", "2018", "2023"] {
        let r = illegal_ladder(e, KR_VS_KR, 1);
        assert_eq!(r.result.as_str(), "*", "{e}");
        assert_eq!(
            kinds(&r),
            vec![("white".into(), "illegal_move".into(), Some(120_000))]
        );
        let r = illegal_ladder(e, KR_VS_KR, 2);
        assert_eq!(
            (r.result.as_str(), r.termination),
            ("0-1", Some(Termination::IllegalMoves)),
            "{e}"
        );
    }
}

#[test]
fn l_7_5e_draw_when_opponent_cannot_mate_only_from_2017() {
    // Black has a lone king. 2017+: the loss becomes a draw; 2005: no such
    // exception in the seed (catalogue §7.1 Q3).
    for e in ["2017", "2018", "2023"] {
        let r = illegal_ladder(e, KR_VS_K, 2);
        assert_eq!(
            (r.result.as_str(), r.termination),
            ("1/2-1/2", Some(Termination::IllegalMoves)),
            "{e}"
        );
    }
    let r = illegal_ladder("2005", KR_VS_K, 3);
    assert_eq!(r.result.as_str(), "0-1");
}

#[test]
fn l_a_3_time_penalty_in_rapid_and_blitz() {
    // Rapid (15+0): 2 min in 2017/2018, 1 min in 2023 (A.3). Blitz (5+0): 1 min (B.2).
    for (e, tc, ms) in [
        ("2017", "900", 120_000),
        ("2018", "900", 120_000),
        ("2023", "900", 60_000),
        ("2017", "300", 60_000),
        ("2018", "300", 60_000),
        ("2023", "300", 60_000),
    ] {
        let mut log = Log::new(e, &format!("\"time_control\":\"{tc}\""));
        log.mv("white", "e5"); // a pawn cannot go three squares
        let r = log.replay();
        assert_eq!(
            kinds(&r),
            vec![("white".into(), "illegal_move".into(), Some(ms))],
            "{e} {tc}"
        );
        // The time went to Black's clock: 15 or 5 min plus the penalty.
        assert_eq!(
            r.clock.as_ref().unwrap().black_ms,
            tc.parse::<i64>().unwrap() * 1000 + ms,
            "{e} {tc}"
        );
    }
}

#[test]
fn l_a_5_2_reduced_rapid_first_illegal_move_july_2017_vs_2018() {
    let reduced = "\"time_control\":\"900\",\"supervision\":\"reduced\"";
    // The arbiter does not act by himself: without a claim nothing happens yet.
    let mut log = Log::new("2018", reduced);
    log.mv("white", "e5");
    let r = log.replay();
    assert!(r.penalties.is_empty());
    // July 2017 (the Laws 2017, A.4.2): on the opponent's claim the first loses.
    let mut log = Log::new("2017", reduced);
    log.mv("white", "e5").claim("black", "illegal_move", None);
    let r = log.replay();
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("0-1", Some(Termination::IllegalMoves))
    );
    // 2018: 7.5.5 applies: 2 min to the opponent in rapid, play goes on.
    let mut log = Log::new("2018", reduced);
    log.mv("white", "e5").claim("black", "illegal_move", None);
    let r = log.replay();
    assert_eq!(r.result.as_str(), "*");
    assert_eq!(
        kinds(&r),
        vec![("white".into(), "illegal_move".into(), Some(120_000))]
    );
}

#[test]
fn l_a_5_2_unclaimed_illegal_move_stands() {
    // Black moves instead of claiming: the illegal move stays on the board.
    let mut log = Log::new(
        "2023",
        "\"time_control\":\"900\",\"supervision\":\"reduced\"",
    );
    log.mv("white", "Bc4").mv("black", "e5"); // the bishop jumps over its own pawn
    let r = log.replay();
    assert!(r.rejected.is_empty(), "{:?}", r.rejected);
    assert!(
        r.fen
            .starts_with("rnbqkbnr/pppp1ppp/8/4p3/2B5/8/PPPPPPPP/RNBQK1NR w"),
        "{}",
        r.fen
    );
    assert!(r.penalties.is_empty());
    // In standard play the same move is punished at once and never stands.
    let mut log = Log::new("2023", "");
    log.mv("white", "Bc4").mv("black", "e5");
    let r = log.replay();
    assert_eq!(r.illegal_moves.white, 1);
    assert_eq!(
        r.rejected.len(),
        1,
        "Black cannot move: White must still move"
    );
}

#[test]
fn l_9_5c_incorrect_claim_penalty_by_edition() {
    // 2005 (the Laws 2005, art. 9.5b): +3 min to the opponent and the claimant's
    // time cut in three tiers (catalogue §7.1 Q2).
    for (tc, cut) in [
        ("5400", 180_000),
        ("3000", 180_000),
        ("300", 149_500),
        ("91", 30_000),
        ("50", 0),
    ] {
        let mut log = Log::new("2005", &format!("\"time_control\":\"{tc}\""));
        log.at(1000).claim("white", "threefold", None);
        let r = log.replay();
        let mut want = vec![(
            "white".to_string(),
            "incorrect_claim".to_string(),
            Some(180_000),
        )];
        if cut > 0 {
            want.push(("white".into(), "claimant_time_cut".into(), Some(cut)));
        }
        assert_eq!(kinds(&r), want, "2005 {tc}");
        let c = r.clock.unwrap();
        let base: i64 = tc.parse::<i64>().unwrap() * 1000;
        assert_eq!(c.white_ms, base - 1000 - cut, "2005 {tc}");
        assert_eq!(c.black_ms, base + 180_000, "2005 {tc}");
    }
    // 2017+: 2 min to the opponent, nothing taken from the claimant.
    for e in ["2017", "2018", "2023"] {
        let mut log = Log::new(e, "\"time_control\":\"5400\"");
        log.at(1000).claim("white", "fifty_moves", None);
        let r = log.replay();
        assert_eq!(
            kinds(&r),
            vec![("white".into(), "incorrect_claim".into(), Some(120_000))],
            "{e}"
        );
        assert_eq!(r.clock.unwrap().white_ms, 5_399_000, "{e}");
    }
    // 2023 rapid: 1 min (A.3); 2017 rapid: 2 min.
    for (e, ms) in [("2023", 60_000), ("2017", 120_000)] {
        let mut log = Log::new(e, "\"time_control\":\"900\"");
        log.claim("white", "threefold", None);
        assert_eq!(kinds(&log.replay())[0].2, Some(ms), "{e}");
    }
}

#[test]
fn l_9_6_fivefold_and_75_moves_automatic_from_2017() {
    let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
    for e in E {
        let mut log = Log::new(e, "");
        log.moves(&shuffle);
        let r = log.replay();
        if e == "2005" {
            assert_eq!(r.result.as_str(), "*", "2005 has no fivefold rule");
            assert_eq!(r.ply, 16);
        } else {
            assert_eq!(
                (r.result.as_str(), r.termination, r.ply),
                ("1/2-1/2", Some(Termination::FivefoldRepetition), 16),
                "{e}"
            );
        }
    }
    // 75 moves: a start position 149 half-moves after the last capture or pawn move.
    let start = "\"start\":\"6k1/5ppp/8/8/8/8/8/1R4K1 w - - 149 100\"";
    for e in E {
        let mut log = Log::new(e, start);
        log.mv("white", "Rb2");
        let r = log.replay();
        if e == "2005" {
            assert_eq!(r.result.as_str(), "*");
        } else {
            assert_eq!(
                (r.result.as_str(), r.termination),
                ("1/2-1/2", Some(Termination::SeventyFiveMoves)),
                "{e}"
            );
        }
        // A mate on the 150th half-move stands (L-9.6b).
        let mut log = Log::new(e, start);
        log.mv("white", "Rb8#");
        let r = log.replay();
        assert_eq!(
            (r.result.as_str(), r.termination),
            ("1-0", Some(Termination::Checkmate)),
            "{e}"
        );
    }
}

#[test]
fn l_5_2c_agreement_before_both_have_moved() {
    for e in E {
        let mut log = Log::new(e, "");
        log.mv("white", "e4")
            .event("offer_draw", "white")
            .event("accept_draw", "black");
        let r = log.replay();
        if e == "2005" {
            assert_eq!(
                (r.result.as_str(), r.termination),
                ("1/2-1/2", Some(Termination::Agreement))
            );
        } else {
            assert_eq!(r.result.as_str(), "*", "{e}");
            assert_eq!(r.rejected.len(), 1, "{e}");
        }
        // After a move each, every edition allows it.
        let mut log = Log::new(e, "");
        log.moves("e4 e5")
            .event("offer_draw", "white")
            .event("accept_draw", "black");
        assert_eq!(
            log.replay().termination,
            Some(Termination::Agreement),
            "{e}"
        );
    }
}

#[test]
fn l_5_1b_resignation_when_opponent_cannot_mate() {
    for e in E {
        let mut log = Log::new(e, KR_VS_K);
        log.event("resign", "white"); // Black, with a lone king, cannot mate
        let r = log.replay();
        let want = if e == "2023" { "1/2-1/2" } else { "0-1" };
        assert_eq!(
            (r.result.as_str(), r.termination),
            (want, Some(Termination::Resignation)),
            "{e}"
        );
        let mut log = Log::new(e, KR_VS_K);
        log.event("resign", "black");
        assert_eq!(log.replay().result.as_str(), "1-0", "{e}");
    }
}

#[test]
fn l_6_9b_both_flags_fallen() {
    // 15-minute games, reduced supervision. White's flag falls unnoticed at
    // 900 s; he then moves; Black's flag falls at 1801 s; Black's flag is claimed.
    let header = "\"time_control\":\"900\",\"supervision\":\"reduced\"";
    let run = |e: &str| {
        let mut log = Log::new(e, header);
        log.at(901_000)
            .mv("white", "e4")
            .at(1_802_000)
            .event("flag", "black");
        log.replay()
    };
    // 2005 rapid with flags only on claim: both down is a draw.
    let r = run("2005");
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("1/2-1/2", Some(Termination::TimeForfeit))
    );
    // 2018: the arbiter (the software) calls the first flag when it falls.
    let r = run("2018");
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("0-1", Some(Termination::TimeForfeit))
    );
    assert_eq!(r.clock.unwrap().flag_at, Some(900_000));
}

#[test]
fn l_6_8_flag_called_automatically_or_on_claim() {
    let header = "\"time_control\":\"900\",\"supervision\":\"reduced\"";
    for (e, auto) in [
        ("2005", false),
        ("2017", false),
        ("2018", true),
        ("2023", true),
    ] {
        let mut log = Log::new(e, header);
        log.at(901_000).mv("white", "e4");
        let r = log.replay();
        if auto {
            assert_eq!(r.termination, Some(Termination::TimeForfeit), "{e}");
        } else {
            assert_eq!(r.result.as_str(), "*", "{e}: nobody claimed the flag");
            assert_eq!(r.ply, 1);
        }
    }
}

/// The Laws 2017, A.4.5: «Если арбитр наблюдал падение флажка, он также
/// может объявить об этом». The arbiter's own call is the header setting
/// `arbiter_calls_flags`, off by default: then only a claim makes a flag count.
#[test]
fn l_6_8_july_2017_arbiter_may_call_a_flag_when_the_header_says_so() {
    let run = |e: &str, setting: &str| {
        let header = format!("\"time_control\":\"900\",\"supervision\":\"reduced\"{setting}");
        let mut log = Log::new(e, &header);
        log.at(901_000).mv("white", "e4");
        log.replay()
    };
    let on = ",\"arbiter_calls_flags\":true";
    let off = ",\"arbiter_calls_flags\":false";
    // July 2017, setting on: the fall at 900 s is called; White's later move is refused.
    let r = run("2017", on);
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("0-1", Some(Termination::TimeForfeit))
    );
    assert_eq!(r.ply, 0);
    assert_eq!(r.rejected.len(), 1);
    // July 2017, setting off or absent: nobody claimed, the game goes on.
    for setting in [off, ""] {
        let r = run("2017", setting);
        assert_eq!((r.result.as_str(), r.ply), ("*", 1), "{setting:?}");
    }
    // The OLD 2005 rules: the arbiter must not signal a flag, whatever the setting.
    for setting in [on, off] {
        let r = run("2005", setting);
        assert_eq!((r.result.as_str(), r.ply), ("*", 1), "2005 {setting:?}");
    }
    // 2018 and 2023: the arbiter "shall" call it, whatever the setting.
    for e in ["2018", "2023"] {
        for setting in [on, off] {
            let r = run(e, setting);
            assert_eq!(
                r.termination,
                Some(Termination::TimeForfeit),
                "{e} {setting:?}"
            );
        }
    }
    // Fully supervised July-2017 rapid: the arbiter watches, flags are called.
    let mut log = Log::new("2017", "\"time_control\":\"900\",\"supervision\":\"full\"");
    log.at(901_000).mv("white", "e4");
    assert_eq!(log.replay().termination, Some(Termination::TimeForfeit));
}

/// With the arbiter's call off, a July-2017 reduced flag still counts when the
/// opponent claims it (A.4.3: with time left on his own clock).
#[test]
fn l_a_4_3_july_2017_flag_counts_when_claimed() {
    let header = "\"time_control\":\"900\",\"supervision\":\"reduced\"";
    let mut log = Log::new("2017", header);
    log.at(901_000).mv("white", "e4").event("flag", "white");
    let r = log.replay();
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("0-1", Some(Termination::TimeForfeit))
    );
    // Claimed before the fall: refused, the game goes on.
    let mut log = Log::new("2017", header);
    log.at(899_000).event("flag", "white");
    let r = log.replay();
    assert_eq!((r.result.as_str(), r.rejected.len()), ("*", 1));
}

#[test]
fn l_6_7a_late_arrival() {
    for (e, at, loses) in [
        ("2005", 1_800_000, false),
        ("2005", 3_700_000, true),
        ("2023", 1_000, true),
        ("2017", 1_000, true),
    ] {
        let mut log = Log::new(e, "");
        log.at(at).event("arrive", "white");
        let r = log.replay();
        assert_eq!(
            r.result.as_str(),
            if loses { "0-1" } else { "*" },
            "{e} {at}"
        );
    }
    // The regulations' default time overrides the edition's.
    let mut log = Log::new("2023", "\"default_time\":900000");
    log.at(600_000).event("arrive", "black");
    assert_eq!(log.replay().result.as_str(), "*");
}

#[test]
fn l_7_5c_press_without_a_move() {
    for e in E {
        let mut log = Log::new(e, "\"time_control\":\"5400\"");
        log.press("white");
        let r = log.replay();
        if e == "2005" {
            assert_eq!(r.illegal_moves.white, 0);
            assert_eq!(r.rejected.len(), 1);
        } else {
            assert_eq!(r.illegal_moves.white, 1, "{e}");
            assert_eq!(kinds(&r)[0].1, "illegal_move");
        }
    }
}

#[test]
fn l_7_3_reversed_colours() {
    for e in E {
        let mut log = Log::new(e, "");
        log.moves("e4 e5 Nf3 Nc6")
            .arbiter("\"action\":\"reversed_colours\"");
        let r = log.replay();
        if e == "2005" {
            assert_eq!(r.ply, 4, "2005: the game continues");
        } else {
            assert_eq!(r.ply, 0, "{e}: replayed with the right colours");
        }
    }
    // From 2017, after ten moves each the game continues.
    let mut log = Log::new("2023", "");
    log.moves(&"Nf3 Nf6 Ng1 Ng8 ".repeat(2))
        .moves("e4 e5 d4 d5 c4 c6 a3 a6 h3 h6 b3 b6");
    log.arbiter("\"action\":\"reversed_colours\"");
    assert_eq!(log.replay().ply, 20);
}

#[test]
fn l_12_9_penalty_menu() {
    for e in E {
        let mut log = Log::new(e, "");
        log.arbiter("\"action\":\"fine\",\"side\":\"black\"")
            .arbiter("\"action\":\"warning\",\"side\":\"black\"");
        let r = log.replay();
        let got: Vec<String> = r.penalties.iter().map(|p| p.kind.to_string()).collect();
        if e == "2005" {
            assert_eq!(got, vec!["warning"], "13.4 has no fines");
        } else {
            assert_eq!(got, vec!["fine", "warning"], "{e}");
        }
    }
}

#[test]
fn quickplay_finish_in_the_laws_2005_only_announced_later() {
    for (e, announced, ok) in [
        ("2005", false, true),
        ("2023", false, false),
        ("2023", true, true),
        ("2017", true, true),
    ] {
        let extra = format!("\"time_control\":\"5400\",\"quickplay_finish\":{announced}");
        let mut log = Log::new(e, &extra);
        log.at(5_340_000)
            .claim("white", "quickplay_finish", None)
            .arbiter("\"action\":\"quickplay_accept\"");
        let r = log.replay();
        if ok {
            assert_eq!(r.result.as_str(), "1/2-1/2", "{e} {announced}");
        } else {
            assert_eq!(r.result.as_str(), "*", "{e} {announced}");
            assert_eq!(r.rejected.len(), 2);
        }
    }
    // Not with more than two minutes left.
    let mut log = Log::new("2005", "\"time_control\":\"5400\"");
    log.at(1000).claim("white", "quickplay_finish", None);
    assert_eq!(log.replay().rejected.len(), 1);
}

#[test]
fn l_7_5b_unfinished_promotion() {
    // White plays e8 and presses without putting a new piece on the board.
    let start = "\"start\":\"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"";
    for e in E {
        let mut log = Log::new(e, start);
        log.mv("white", "e8");
        let r = log.replay();
        assert_eq!(r.illegal_moves.white, 1, "{e}: an illegal move either way");
        if e == "2005" {
            // 7.4(a): the position before it is reinstated; White moves again.
            assert_eq!(r.ply, 0);
            assert!(r.fen.starts_with("8/4P3/"), "{}", r.fen);
        } else {
            // 7.5.2: the pawn becomes a queen, the move stands.
            assert_eq!(r.moves, vec!["e8=Q"], "{e}");
            assert!(r.fen.starts_with("4Q3/8/"), "{}", r.fen);
        }
    }
}

#[test]
fn l_7_5d_two_hands_and_cfg_11_penalty() {
    for e in E {
        let mut log = Log::new(e, "");
        log.mv("white", "e4")
            .arbiter("\"action\":\"two_hands\",\"side\":\"white\"");
        let r = log.replay();
        if e == "2005" {
            assert_eq!(r.illegal_moves.white, 0);
            assert_eq!(r.rejected.len(), 1);
        } else {
            assert_eq!(r.illegal_moves.white, 1, "{e}");
            assert_eq!(r.ply, 1, "{e}: the move itself stands");
        }
    }
    // CFG-11: the regulations may set their own penalty.
    let mut log = Log::new("2023", "\"time_penalty_ms\":90000");
    log.mv("white", "e5");
    assert_eq!(kinds(&log.replay())[0].2, Some(90_000));
}
