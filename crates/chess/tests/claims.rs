//! Claims (L-9.2, L-9.3, L-9.5), the draw-offer lifecycle (L-9.1), illegal
//! moves made but not completed, and bad input in the log.

mod common;
use arbiter_laws::Termination;
use common::{Log, kinds};

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn l_9_2b_threefold_claim_when_the_position_has_appeared_three_times() {
    let mut log = Log::new("2023", "");
    log.moves(&format!("{SHUFFLE} {SHUFFLE}"))
        .claim("white", "threefold", None);
    let r = log.replay();
    assert_eq!(
        (r.result.as_str(), r.termination, r.ply),
        ("1/2-1/2", Some(Termination::ThreefoldClaim), 8)
    );
}

#[test]
fn l_9_2c_threefold_claim_with_an_intended_move() {
    // After 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 the intended 4.Ng1 would make the
    // position after 2.Ng1 appear a second time only: wrong. Black's intended
    // 4...Ng8 after 4.Ng1 makes the initial position appear a third time: right.
    let mut log = Log::new("2023", "\"time_control\":\"5400\"");
    log.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6")
        .claim("white", "threefold", Some("Ng1"));
    let r = log.replay();
    assert_eq!(r.result.as_str(), "*");
    assert_eq!(
        kinds(&r),
        vec![("white".into(), "incorrect_claim".into(), Some(120_000))]
    );
    // The intended move must now be played (9.5.3): it was made on the board.
    assert_eq!(r.ply, 7);
    assert_eq!(r.moves.last().map(String::as_str), Some("Ng1"));

    let mut log = Log::new("2023", "");
    log.moves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
        .claim("black", "threefold", Some("Ng8"));
    let r = log.replay();
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("1/2-1/2", Some(Termination::ThreefoldClaim))
    );
    assert!(r.penalties.is_empty());
}

#[test]
fn l_9_2a_en_passant_makes_positions_differ_so_the_claim_is_refused() {
    // 1...d5 leaves a legal e.p. capture (exd6): that position differs from the
    // same placement reached later without the right (9.2.2.1).
    let start = "\"start\":\"rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"";
    let mut log = Log::new("2023", start);
    log.moves_from("black", "d5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
        .claim("white", "threefold", None);
    let r = log.replay();
    assert_eq!(r.result.as_str(), "*", "only two occurrences count");
    assert_eq!(kinds(&r)[0].1, "incorrect_claim");
    // One more round trip makes it three without the e.p. position: correct.
    let mut log = Log::new("2023", start);
    log.moves_from(
        "black",
        "d5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    )
    .claim("white", "threefold", None);
    assert_eq!(log.replay().termination, Some(Termination::ThreefoldClaim));
}

#[test]
fn l_9_3_fifty_move_claims() {
    let start = "\"start\":\"6k1/8/8/8/8/8/8/R5K1 w - - 99 80\"";
    // 99 half-moves: only with an intended move that is not a pawn move or capture.
    let mut log = Log::new("2023", start);
    log.claim("white", "fifty_moves", Some("Ra2"));
    assert_eq!(log.replay().termination, Some(Termination::FiftyMovesClaim));
    let mut log = Log::new("2023", start);
    log.claim("white", "fifty_moves", None);
    let r = log.replay();
    assert_eq!(r.result.as_str(), "*");
    assert_eq!(kinds(&r)[0].1, "incorrect_claim");
    // Only the player having the move may claim.
    let mut log = Log::new("2023", start);
    log.claim("black", "fifty_moves", None);
    let r = log.replay();
    assert!(r.penalties.is_empty());
    assert_eq!(r.rejected.len(), 1);
}

#[test]
fn l_9_1c_draw_offer_lifecycle() {
    // An offer stands until answered; a move by the opponent rejects it.
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .event("offer_draw", "white")
        .mv("black", "Nf6");
    let r = log.replay();
    assert!(
        r.rejected
            .iter()
            .any(|x| x.reason.contains("it is white's move"))
    );
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .made("white", "Nf3")
        .event("offer_draw", "white")
        .press("white")
        .mv("black", "Nc6")
        .event("accept_draw", "black");
    let r = log.replay();
    assert_eq!(r.result.as_str(), "*", "Black's move rejected the offer");
    assert_eq!(r.rejected.len(), 1);
    // Made after his own move, the offer stays open while the opponent thinks.
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .made("white", "Nf3")
        .event("offer_draw", "white")
        .press("white")
        .event("accept_draw", "black");
    assert_eq!(log.replay().termination, Some(Termination::Agreement));
    // Declined: gone.
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .event("offer_draw", "black")
        .event("decline_draw", "white")
        .event("accept_draw", "white");
    assert_eq!(log.replay().result.as_str(), "*");
    // One cannot accept one's own offer.
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .event("offer_draw", "black")
        .event("accept_draw", "black");
    assert_eq!(log.replay().result.as_str(), "*");
}

#[test]
fn l_9_1e_a_claim_is_a_draw_offer() {
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .claim("white", "threefold", None)
        .event("accept_draw", "black");
    let r = log.replay();
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("1/2-1/2", Some(Termination::Agreement))
    );
}

#[test]
fn l_7_5a_an_illegal_move_corrected_before_the_press_is_not_punished() {
    let mut log = Log::new("2023", "");
    log.made("white", "e5").made("white", "e4").press("white");
    let r = log.replay();
    assert_eq!(r.illegal_moves.white, 0);
    assert_eq!(r.ply, 1);
    assert!(r.penalties.is_empty());
}

#[test]
fn checkmate_ends_without_a_press_and_later_events_are_rejected() {
    let mut log = Log::new("2023", "");
    log.moves("f3 e5 g4")
        .made("black", "Qh4#")
        .event("resign", "white");
    let r = log.replay();
    assert_eq!(
        (r.result.as_str(), r.termination, r.ply),
        ("0-1", Some(Termination::Checkmate), 4)
    );
    assert_eq!(r.rejected.len(), 1);
}

#[test]
fn bad_input_is_rejected_with_its_line_and_the_log_goes_on() {
    let mut log = Log::new("2023", "\"time_control\":\"300+2\"");
    log.mv("white", "e4")
        .raw("{\"at\":500,\"type\":\"move\",\"side\":\"black\",\"move\":\"e5\"}") // time going backwards
        .raw("this is not json")
        .raw("{\"at\":3000,\"type\":\"teleport\",\"side\":\"black\"}")
        .raw("{\"at\":3000,\"type\":\"move\",\"side\":\"white\",\"move\":\"d4\"}") // wrong side
        .raw("{\"at\":3000,\"type\":\"move\",\"side\":\"black\",\"move\":\"Zz9\"}") // unreadable
        .raw("{\"at\":3000,\"type\":\"move\",\"side\":\"black\",\"move\":\"N\"}")
        .raw("{\"at\":4000,\"type\":\"move\",\"side\":\"black\",\"move\":\"e5\",\"press\":true}");
    let r = log.replay();
    let lines: Vec<usize> = r.rejected.iter().map(|x| x.line).collect();
    assert_eq!(lines, vec![3, 4, 5, 6, 7, 8]);
    assert!(r.rejected[0].reason.contains("backwards"));
    assert!(r.rejected[3].reason.contains("black's move"));
    assert_eq!(
        r.ply, 2,
        "the valid events around the bad ones were applied"
    );
}

#[test]
fn arbiter_results_points_and_double_loss() {
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .arbiter("\"action\":\"declare_lost\",\"side\":\"white\"")
        .arbiter("\"action\":\"declare_lost\",\"side\":\"black\"");
    let r = log.replay();
    assert_eq!(r.result.as_str(), "0-0");
    let s = r.score.unwrap();
    assert_eq!((s.white, s.black), (0.0, 0.0));
    // Announced alternative points (CFG-6).
    let mut log = Log::new("2023", "\"scoring\":{\"win\":3,\"draw\":1,\"loss\":0}");
    log.event("resign", "black");
    let s = log.replay().score.unwrap();
    assert_eq!((s.white, s.black), (3.0, 0.0));
    // A forfeit declared by the arbiter.
    let mut log = Log::new("2023", "");
    log.arbiter("\"action\":\"declare_result\",\"result\":\"+/-\",\"reason\":\"Black absent\"");
    assert_eq!(log.replay().result.as_str(), "1-0");
    // 12.9.4: the opponent's points raised to the maximum.
    let mut log = Log::new("2023", "");
    log.moves("e4 e5")
        .event("offer_draw", "white")
        .event("accept_draw", "black")
        .arbiter("\"action\":\"increase_points\",\"side\":\"black\"");
    let s = log.replay().score.unwrap();
    assert_eq!((s.white, s.black), (1.0, 0.5));
}

#[test]
fn restore_reinstates_an_earlier_position() {
    let mut log = Log::new("2023", "");
    log.moves("e4 e5 Nf3 Nc6")
        .arbiter("\"action\":\"restore\",\"ply\":2")
        .mv("white", "d4");
    let r = log.replay();
    assert_eq!(r.moves, vec!["e4", "e5", "d4"]);
}

#[test]
fn clock_only_logs_count_presses_as_moves_and_never_punish() {
    // A log from `arbiter clock`: bare presses complete unrecorded moves.
    let mut log = Log::new("2023", "\"time_control\":\"300+3\",\"clock_only\":true");
    log.press("white")
        .press("black")
        .mv("white", "e4")
        .press("black");
    let r = log.replay();
    assert!(r.rejected.is_empty(), "{:?}", r.rejected);
    assert_eq!(r.illegal_moves.white + r.illegal_moves.black, 0);
    assert!(r.penalties.is_empty());
    // Each press credited the 3 s increment: both clocks gained.
    let c = r.clock.unwrap();
    assert!(
        c.white_ms > 300_000 - 5_000 && c.black_ms > 300_000 - 5_000,
        "{c:?}"
    );
    // The same log without the header key: from 2017 a bare press is an illegal move.
    let mut log = Log::new("2023", "\"time_control\":\"300+3\"");
    log.press("white");
    assert_eq!(log.replay().illegal_moves.white, 1);
}
