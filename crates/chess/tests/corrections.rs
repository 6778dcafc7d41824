//! Four rulings where the software once disagreed with the sources, each
//! tested in both directions: an impossible position after the next move
//! (the Laws 2017 and 2018, A.4.4; the Laws 2023, A.5.4), a flag brought
//! down by the arbiter's deduction (L-6.8, L-6.9), the article a refusal or
//! a note cites (each edition's own number), and the words of a wrong
//! 50-move claim (L-9.3).

mod common;
use arbiter_laws::Termination;
use common::Log;

const EDITIONS: [&str; 4] = ["2005", "2017", "2018", "2023"];
const REDUCED: &str = "\"time_control\":\"900\",\"supervision\":\"reduced\"";

/// Nc1-d3+ checks Black's king and opens the first rank to the rook on a1:
/// both kings in check, and nobody claims it.
const BOTH_IN_CHECK: &str = "\"start\":\"8/8/8/4k3/8/8/8/r1N1K3 w - - 0 1\"";

#[test]
fn a_4_4_both_kings_still_in_check_after_an_illegal_reply_draw() {
    // The Laws 2017, A.4.4: «подождать до тех пор, пока не будет завершён
    // следующий ход. Тогда, если на доске все ещё сохраняется невозможная
    // позиция, он должен объявить, что партия закончилась вничью». Black's
    // Kf4 walks into the knight's attack and leaves the rook on the first
    // rank: both kings are still in check when it is completed.
    for e in EDITIONS {
        let h = format!("{REDUCED},{BOTH_IN_CHECK}");
        let mut log = Log::new(e, &h);
        log.mv("white", "Nd3").mv("black", "Kf4");
        let r = log.replay();
        assert!(r.rejected.is_empty(), "{e}: {:?}", r.rejected);
        assert_eq!(
            (r.result.as_str(), r.termination),
            ("1/2-1/2", Some(Termination::Arbiter)),
            "{e}: {:?}",
            r.notes
        );
        assert_eq!(r.moves, ["Nd3", "Kf4"], "{e}: the reply stands");
        // Ra2 is illegal too (Black's king stays in check), but it lifts the
        // check on White's king: the impossible position is gone, the
        // illegal move waits for a claim as any other (A.4.2).
        let mut log = Log::new(e, &h);
        log.mv("white", "Nd3").mv("black", "Ra2");
        let r = log.replay();
        assert_eq!((r.result.as_str(), r.moves.len()), ("*", 1), "{e}");
    }
}

#[test]
fn a_4_4_a_pawn_still_unpromoted_after_an_illegal_reply_draws() {
    // e7-e8 names no piece and stands; Black's reply Rc7 is no rook move at
    // all. The pawn still stands on the last rank when it is completed.
    let start = "\"start\":\"k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1\"";
    for e in EDITIONS {
        let mut log = Log::new(e, &format!("{REDUCED},{start}"));
        log.mv("white", "e8").mv("black", "Rc7");
        let r = log.replay();
        assert!(r.rejected.is_empty(), "{e}: {:?}", r.rejected);
        assert_eq!(
            (r.result.as_str(), r.termination),
            ("1/2-1/2", Some(Termination::Arbiter)),
            "{e}: {:?}",
            r.notes
        );
    }
    // The same illegal reply in fully supervised rapid: the arbiter acts on
    // the unfinished promotion at once, no impossible position stands.
    let mut log = Log::new(
        "2023",
        &format!("\"time_control\":\"900\",\"supervision\":\"full\",{start}"),
    );
    log.mv("white", "e8").mv("black", "Rc7");
    assert_eq!(log.replay().result.as_str(), "*");
}

#[test]
fn a_4_4_cites_each_editions_article() {
    for (e, art) in [
        ("2017", "(A.4.4)"),
        ("2018", "(A.4.4)"),
        ("2023", "(A.5.4)"),
    ] {
        let mut log = Log::new(e, &format!("{REDUCED},{BOTH_IN_CHECK}"));
        log.mv("white", "Nd3").mv("black", "Kf4");
        let r = log.replay();
        assert!(
            r.notes.iter().any(|n| n.ends_with(art)),
            "{e}: {:?}",
            r.notes
        );
    }
}

/// White: king and rook; Black: a lone king, who cannot mate.
const KR_VS_K: &str = "\"time_control\":\"5400\",\"start\":\"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"";

#[test]
fn l_6_8_a_flag_brought_down_by_a_deduction_is_judged_at_once() {
    // The arbiter deducts all of White's time at 1 s. Black cannot mate
    // (the Laws 2023, 6.9): a draw, whether or not anything follows.
    let deduct = "\"action\":\"deduct_time\",\"side\":\"white\",\"ms\":5400000";
    let mut log = Log::new("2023", KR_VS_K);
    log.at(1000).arbiter(deduct);
    let last = log.replay();
    assert_eq!(
        (last.result.as_str(), last.termination),
        ("1/2-1/2", Some(Termination::TimeForfeit))
    );
    log.mv("black", "Kd7");
    let followed = log.replay();
    assert_eq!(followed.result, last.result);
    assert_eq!(followed.termination, last.termination);
    // A flag event reporting that same fall is the same observation.
    let mut log = Log::new("2023", KR_VS_K);
    log.at(1000).arbiter(deduct).event("flag", "white");
    let r = log.replay();
    assert!(r.rejected.is_empty(), "{:?}", r.rejected);
    assert_eq!(r.result.as_str(), "1/2-1/2");
    // A deduction that leaves time on the clock ends nothing.
    let mut log = Log::new("2023", KR_VS_K);
    log.at(1000)
        .arbiter("\"action\":\"deduct_time\",\"side\":\"white\",\"ms\":5000000");
    assert_eq!(log.replay().result.as_str(), "*");
    // Reduced blitz where the arbiter does not call flags: only a claim
    // ends the game (A.4.5 "may").
    let h = "\"time_control\":\"300\",\"supervision\":\"reduced\",\"start\":\"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"";
    let mut log = Log::new("2017", h);
    log.at(1000)
        .arbiter("\"action\":\"deduct_time\",\"side\":\"white\",\"ms\":300000");
    assert_eq!(log.replay().result.as_str(), "*");
}

#[test]
fn refusals_cite_the_illegal_move_window_of_their_own_edition() {
    // A claim of an illegal move with none open: A.5.2 in 2023, A.4.2 in
    // 2017 and 2018; the 2005 Laws have no such appendix (the old
    // rapidplay appendix, Appendix B).
    for (e, art) in [
        ("2005", "(Appendix B)"),
        ("2017", "(A.4.2)"),
        ("2018", "(A.4.2)"),
        ("2023", "(A.5.2)"),
    ] {
        let mut log = Log::new(e, REDUCED);
        log.mv("white", "e4").claim("black", "illegal_move", None);
        let r = log.replay();
        assert_eq!(r.rejected.len(), 1, "{e}");
        assert!(
            r.rejected[0].reason.ends_with(art),
            "{e}: {}",
            r.rejected[0].reason
        );
    }
}

#[test]
fn refusals_cite_the_setup_cutoff_of_their_own_edition() {
    for (e, art) in [
        ("2005", "(Appendix B)"),
        ("2017", "(A.4.1)"),
        ("2023", "(A.5.1)"),
    ] {
        let mut log = Log::new(e, REDUCED);
        log.moves("e4 e5 d4 d5 c4 c5 b4 b5 a4 a5 h4 h5 g4 g5 f4 f5 Nc3 Nc6 Nf3 Nf6")
            .arbiter("\"action\":\"wrong_initial_position\"");
        let r = log.replay();
        assert_eq!(r.rejected.len(), 1, "{e}: {:?}", r.rejected);
        assert!(
            r.rejected[0].reason.ends_with(art),
            "{e}: {}",
            r.rejected[0].reason
        );
    }
}

#[test]
fn notes_cite_the_irregularities_of_their_own_edition() {
    // A wrong initial position: 2005 7.1(a), 2017+ 7.2.1. Reversed colours:
    // 2005 7.2, 2017+ 7.3.
    for (e, wrong, reversed) in [
        ("2005", "(7.1(a))", "(7.2)"),
        ("2017", "(7.2.1)", "(7.3)"),
        ("2023", "(7.2.1)", "(7.3)"),
    ] {
        let mut log = Log::new(e, "");
        log.mv("white", "e4")
            .arbiter("\"action\":\"wrong_initial_position\"")
            .arbiter("\"action\":\"reversed_colours\"");
        let r = log.replay();
        assert!(r.notes[0].ends_with(wrong), "{e}: {:?}", r.notes);
        assert!(r.notes[1].ends_with(reversed), "{e}: {:?}", r.notes);
    }
}

#[test]
fn a_penalty_outside_the_edition_cites_its_list() {
    // A fine is not in the 2005 list (13.4); the list is 12.9 from 2017.
    let mut log = Log::new("2005", "");
    log.arbiter("\"action\":\"fine\",\"side\":\"white\"");
    let r = log.replay();
    assert_eq!(r.rejected.len(), 1);
    assert!(r.rejected[0].reason.ends_with("(13.4)"), "{:?}", r.rejected);
    let why = arbiter_rules::Rejection::PenaltyNotInEdition {
        kind: arbiter_rules::PenaltyKind::Fine,
        edition: arbiter_rules::Edition::E2017,
    };
    assert!(
        why.text_in(arbiter_rules::Edition::E2017)
            .ends_with("(12.9)")
    );
}

#[test]
fn l_9_3_a_wrong_chess_claim_still_speaks_of_pawns_and_captures() {
    let mut log = Log::new("2023", "");
    log.mv("white", "Nf3").claim("black", "fifty_moves", None);
    let r = log.replay();
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("half-moves without capture or pawn move")),
        "{:?}",
        r.notes
    );
}
