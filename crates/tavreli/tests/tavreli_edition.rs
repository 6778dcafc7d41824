//! The Tavreli rules (the tournament rules of the Tavreli book, articles
//! 4–10) as the edition
//! `tavreli`: each answer in both directions, the same Tavreli log judged
//! under `tavreli` and under FIDE 2023 (docs/tavreli-rules.md §10 names the
//! test of each row).

use arbiter_laws::Termination;
use arbiter_laws::log::parse_log;
use arbiter_laws::replay::{Report, replay, report};
use arbiter_laws::timing::Timing;
use arbiter_tavreli::Tavreli;

/// White: volkhv and ratoborets; Black: a lone volkhv, who cannot mate.
const R_VS_LONE: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
/// Both sides have a ratoborets: either can mate.
const R_VS_R: &str = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";

/// A Tavreli log under construction; `edition` `None` leaves the key out.
struct Log {
    header: String,
    lines: Vec<String>,
    at: u64,
}

impl Log {
    fn new(edition: Option<&str>, extra: &str) -> Self {
        let ed = edition
            .map(|e| format!(",\"edition\":\"{e}\""))
            .unwrap_or_default();
        Log {
            header: format!(
                "{{\"format\":\"arbiter-log\",\"version\":1,\"variant\":\"tavreli\"{ed}{extra}}}"
            ),
            lines: Vec::new(),
            at: 0,
        }
    }
    /// A log starting from `start`, with a time control when `tc` is not empty.
    fn from(edition: &str, start: &str, tc: &str) -> Self {
        let tc = if tc.is_empty() {
            String::new()
        } else {
            format!(",\"time_control\":\"{tc}\"")
        };
        Log::new(Some(edition), &format!(",\"start\":\"{start}\"{tc}"))
    }
    /// The next event one second after the previous one, or at `at` when set.
    fn push(&mut self, body: &str) -> &mut Self {
        self.at += 1000;
        self.lines.push(format!("{{\"at\":{},{body}}}", self.at));
        self
    }
    fn at(&mut self, at: u64) -> &mut Self {
        self.at = at - 1000;
        self
    }
    fn mv(&mut self, side: &str, m: &str) -> &mut Self {
        self.push(&format!(
            "\"type\":\"move\",\"side\":\"{side}\",\"move\":\"{m}\",\"press\":true"
        ))
    }
    fn moves(&mut self, list: &str) -> &mut Self {
        let mut white = true;
        for m in list.split_whitespace() {
            self.mv(if white { "white" } else { "black" }, m);
            white = !white;
        }
        self
    }
    fn event(&mut self, typ: &str, side: &str) -> &mut Self {
        self.push(&format!("\"type\":\"{typ}\",\"side\":\"{side}\""))
    }
    fn claim(&mut self, side: &str, claim: &str, intended: Option<&str>) -> &mut Self {
        let i = intended
            .map(|m| format!(",\"intended\":\"{m}\""))
            .unwrap_or_default();
        self.push(&format!(
            "\"type\":\"claim\",\"side\":\"{side}\",\"claim\":\"{claim}\"{i}"
        ))
    }
    /// A man touched with intent, `man` counted from the top of the tower.
    fn touch(&mut self, side: &str, square: &str, man: Option<u32>) -> &mut Self {
        let man = man.map(|n| format!(",\"man\":{n}")).unwrap_or_default();
        self.push(&format!(
            "\"type\":\"touch\",\"side\":\"{side}\",\"square\":\"{square}\"{man}"
        ))
    }
    fn arbiter(&mut self, body: &str) -> &mut Self {
        self.push(&format!("\"type\":\"arbiter\",\"action\":{body}"))
    }
    fn replay(&self) -> Report {
        let mut text = self.header.clone();
        for l in &self.lines {
            text.push('\n');
            text.push_str(l);
        }
        let log = parse_log(&text).expect("log");
        let (game, rejected) = replay(Tavreli::default(), &log).expect("replay");
        report(&game, rejected)
    }
}

fn kinds(r: &Report) -> Vec<(String, String, Option<i64>)> {
    r.penalties
        .iter()
        .map(|p| (p.side.to_string(), p.kind.to_string(), p.ms))
        .collect()
}

fn clocks(r: &Report) -> (i64, i64) {
    let c = r.clock.as_ref().expect("a clock");
    (c.white_ms, c.black_ms)
}

#[test]
fn a_tavreli_log_without_an_edition_is_judged_by_the_tavreli_rules() {
    assert_eq!(Log::new(None, "").replay().edition.key(), "tavreli");
    // The organiser may choose a FIDE edition.
    assert_eq!(Log::new(Some("2023"), "").replay().edition.key(), "2023");
    assert_eq!(Log::new(Some("2005"), "").replay().edition.key(), "2005");
    // A chess log without an edition keeps the current FIDE Laws.
    let chess = "{\"format\":\"arbiter-log\",\"version\":1}";
    let log = parse_log(chess).unwrap();
    assert_eq!(log.header.edition, arbiter_laws::Edition::E2023);
    assert_eq!(arbiter_tavreli::EDITION, arbiter_laws::Edition::Tavreli);
}

/// A new Tavreli game may be played under its own rules or under any FIDE
/// edition (only chess is refused the Tavreli rules).
#[test]
fn a_new_tavreli_game_may_name_any_edition() {
    for key in ["tavreli", "2005", "2017", "2018", "2023"] {
        let mut h = arbiter_laws::log::Header::new("White", "Black", Some("5400d30"));
        h.variant = arbiter_laws::Variant::Tavreli;
        h.edition = key.parse().unwrap();
        let game = arbiter_laws::replay::new_game(Tavreli::default(), &h).unwrap();
        let playable = arbiter_laws::replay::playable_start(&game);
        assert!(playable.is_ok(), "{key}: {playable:?}");
    }
}

/// The Tavreli rules, art. 7.4: three illegal moves (a volkhv two squares away), each
/// put right with no penalty; FIDE 2023 7.5.5: the second loses.
#[test]
fn art_7_4_illegal_moves_cost_no_time_and_never_lose() {
    let ladder = |edition: &str, n: usize| {
        let mut log = Log::from(edition, R_VS_R, "5400");
        for _ in 0..n {
            log.mv("white", "e1-e3");
        }
        log.replay()
    };
    let r = ladder("tavreli", 3);
    assert_eq!(r.result.as_str(), "*");
    assert_eq!(r.illegal_moves.white, 3, "still counted in the report");
    assert!(kinds(&r).is_empty(), "{:?}", kinds(&r));
    // 6.13 by default: nothing given back, the offender's clock ran on.
    assert_eq!(clocks(&r), (5_400_000 - 3_000, 5_400_000));
    assert_eq!(r.ply, 0, "the position before each stands");
    // The offender then moves on as usual.
    let mut log = Log::from("tavreli", R_VS_R, "5400");
    log.mv("white", "e1-e3")
        .mv("white", "e1-e3")
        .mv("white", "e1-e2");
    assert_eq!(log.replay().ply, 1);

    let r = ladder("2023", 1);
    assert_eq!(
        kinds(&r),
        vec![("white".into(), "illegal_move".into(), Some(120_000))]
    );
    let r = ladder("2023", 2);
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("0-1", Some(Termination::IllegalMoves))
    );
}

/// The same under 2023 rapid (2023 A.3: one minute, the second loses).
#[test]
fn art_7_4_against_2023_rapid() {
    for (edition, result) in [("tavreli", "*"), ("2023", "0-1")] {
        let mut log = Log::from(edition, R_VS_R, "1500+10");
        log.mv("white", "e1-e3").mv("white", "e1-e3");
        let r = log.replay();
        assert_eq!(r.result.as_str(), result, "{edition}");
        assert_eq!(r.illegal_moves.white, 2, "{edition}");
    }
}

/// The Tavreli rules, art. 6.9: the flag loses, with no exception for an opponent who
/// cannot mate; 2023 6.9 draws.
#[test]
fn art_6_9_flag_loses_even_against_a_lone_volkhv() {
    for (edition, start, result) in [
        ("tavreli", R_VS_LONE, "0-1"),
        ("2023", R_VS_LONE, "1/2-1/2"),
        ("tavreli", R_VS_R, "0-1"),
        ("2023", R_VS_R, "0-1"),
    ] {
        let mut log = Log::from(edition, start, "5400");
        log.at(5_400_001).event("flag", "white");
        let r = log.replay();
        assert_eq!(
            (r.result.as_str(), r.termination),
            (result, Some(Termination::TimeForfeit)),
            "{edition} {start}"
        );
    }
}

/// The Tavreli rules, art. 6.8: the software that sees a flag fall is the arbiter; it
/// calls the flag at the next event, with no claim, in rapid as in standard.
#[test]
fn art_6_8_flag_seen_by_the_software_is_called() {
    for edition in ["tavreli", "2023"] {
        let mut log = Log::from(edition, R_VS_R, "1500");
        log.at(1_600_000).event("offer_draw", "black");
        let r = log.replay();
        assert_eq!(
            (r.result.as_str(), r.termination),
            ("0-1", Some(Termination::TimeForfeit)),
            "{edition}"
        );
    }
}

/// The Tavreli rules, art. 9.5: half the claimant's time, at most 3 min, is taken; the
/// opponent gets 3 min; the announced move is played. 2023 9.5.3: +2 min to
/// the opponent (standard), nothing taken.
#[test]
fn art_9_5_incorrect_claim() {
    let claim = |edition: &str, tc: &str, at: u64| {
        let mut log = Log::from(edition, R_VS_R, tc);
        log.at(at).claim("white", "threefold", Some("e1-e2"));
        log.replay()
    };
    let r = claim("tavreli", "5400", 1_000);
    assert_eq!(
        kinds(&r),
        vec![
            ("white".into(), "incorrect_claim".into(), Some(180_000)),
            ("white".into(), "claimant_time_cut".into(), Some(180_000)),
        ]
    );
    assert_eq!(
        clocks(&r),
        (5_400_000 - 1_000 - 180_000, 5_400_000 + 180_000)
    );
    assert_eq!(r.ply, 1, "the announced move is played");
    assert_eq!(r.moves, vec!["e1-e2".to_string()]);
    let r = claim("2023", "5400", 1_000);
    assert_eq!(
        kinds(&r),
        vec![("white".into(), "incorrect_claim".into(), Some(120_000))]
    );
    assert_eq!(clocks(&r), (5_400_000 - 1_000, 5_400_000 + 120_000));
    assert_eq!(r.ply, 1);
    // 90 s left: half is 45 s (the 2005 text would leave him one minute, a
    // cut of 30 s; the seed has no such rule).
    let r = claim("tavreli", "5400", 5_400_000 - 90_000);
    assert_eq!(
        kinds(&r)[1],
        ("white".into(), "claimant_time_cut".into(), Some(45_000))
    );
    let r = claim("2005", "5400", 5_400_000 - 90_000);
    assert_eq!(
        kinds(&r)[1],
        ("white".into(), "claimant_time_cut".into(), Some(30_000))
    );
}

/// The Tavreli rules, art. 6.6: more than one hour late loses; 2023 6.7.1 with silent
/// regulations: any lateness loses.
#[test]
fn art_6_6_late_arrival_one_hour() {
    for (edition, at, result) in [
        ("tavreli", 30 * 60_000, "*"),
        ("2023", 30 * 60_000, "0-1"),
        ("tavreli", 60 * 60_000 + 1, "0-1"),
    ] {
        let mut log = Log::from(edition, R_VS_R, "");
        log.at(at).event("arrive", "white");
        assert_eq!(log.replay().result.as_str(), result, "{edition} at {at}");
    }
}

/// The Tavreli rules, art. 5.5 and 9.3: a move that builds a tower (here a
/// ratoborets stepping onto his own vsadnik) restarts the 50-move count;
/// under FIDE 2023 9.3 it is neither a capture nor a pawn move.
#[test]
fn art_9_3_fifty_moves_count_towers() {
    let start = "4k3/8/8/8/8/8/N7/R3K3 w - - 99 80";
    let claim = |edition: &str, intended: &str| {
        let mut log = Log::from(edition, start, "5400");
        log.claim("white", "fifty_moves", Some(intended));
        log.replay()
    };
    let r = claim("tavreli", "a1-a2");
    assert_eq!(
        r.result.as_str(),
        "*",
        "a tower was built: the count starts again"
    );
    assert_eq!(kinds(&r)[0].1, "incorrect_claim");
    assert_eq!(r.ply, 1);
    let r = claim("2023", "a1-a2");
    assert_eq!(
        (r.result.as_str(), r.termination),
        ("1/2-1/2", Some(Termination::FiftyMovesClaim))
    );
    // A quiet move completes the fifty under both.
    for edition in ["tavreli", "2023"] {
        assert_eq!(
            claim(edition, "a1-b1").result.as_str(),
            "1/2-1/2",
            "{edition}"
        );
    }
    // Played, not claimed: after the tower the count is 1, not 100.
    for (edition, result) in [("tavreli", "*"), ("2023", "1/2-1/2")] {
        let mut log = Log::from(edition, start, "5400");
        log.mv("white", "a1-a2").mv("black", "e8-d8");
        log.claim("white", "fifty_moves", None);
        assert_eq!(log.replay().result.as_str(), result, "{edition}");
    }
}

/// Art. 5.4 and 9.2 of the Tavreli rules make repetition a claim only; FIDE 2023 9.6.1 ends the
/// game by itself at the fifth occurrence.
#[test]
fn art_9_2_no_automatic_fivefold() {
    let shuffle = "g1-f3 g8-f6 f3-g1 f6-g8 ".repeat(4);
    for (edition, result) in [("tavreli", "*"), ("2023", "1/2-1/2")] {
        let mut log = Log::new(Some(edition), "");
        log.moves(&shuffle);
        let r = log.replay();
        assert_eq!(r.result.as_str(), result, "{edition}");
    }
    // Under the Tavreli rules the fifth occurrence can still be claimed.
    let mut log = Log::new(Some("tavreli"), "");
    log.moves(&shuffle).claim("white", "threefold", None);
    assert_eq!(log.replay().termination, Some(Termination::ThreefoldClaim));
}

/// The Tavreli rules, art. 9.1: an offer at another time than between one's move and
/// the press stands but breaks 12.5 (a warning); a draw may be agreed
/// before any move. 2023: no automatic warning, and no agreement before both
/// have moved (5.2.3).
#[test]
fn art_9_1_draw_offers() {
    for (edition, result, warned) in [("tavreli", "1/2-1/2", true), ("2023", "*", false)] {
        let mut log = Log::new(Some(edition), "");
        log.event("offer_draw", "white")
            .event("accept_draw", "black");
        let r = log.replay();
        assert_eq!(r.result.as_str(), result, "{edition}");
        assert_eq!(
            kinds(&r) == vec![("white".into(), "warning".into(), None)],
            warned,
            "{edition}: {:?}",
            kinds(&r)
        );
    }
    // Made between the move and the press: no warning.
    let mut log = Log::new(Some("tavreli"), "");
    log.push("\"type\":\"move\",\"side\":\"white\",\"move\":\"g1-f3\"")
        .event("offer_draw", "white")
        .event("press", "white");
    let r = log.replay();
    assert!(kinds(&r).is_empty(), "{:?}", kinds(&r));
    assert_eq!(r.draw_offer, Some(arbiter_laws::Side::White));
}

/// The Tavreli rules, art. 7.2: reversed colours, play goes on unless the arbiter
/// decides otherwise; 2023 7.3: replayed when fewer than ten moves each.
#[test]
fn art_7_2_reversed_colours() {
    for (edition, ply) in [("tavreli", 2), ("2023", 0)] {
        let mut log = Log::new(Some(edition), "");
        log.moves("g1-f3 g8-f6").arbiter("\"reversed_colours\"");
        assert_eq!(log.replay().ply, ply, "{edition}");
    }
    let mut log = Log::new(Some("tavreli"), "");
    log.moves("g1-f3 g8-f6")
        .arbiter("\"reversed_colours\",\"restart\":true");
    assert_eq!(log.replay().ply, 0, "the arbiter may decide otherwise");
}

/// The Tavreli rules, art. 7.1: a wrong initial set-up annuls the game, a wrongly
/// placed board does not (the same in 2023 7.2).
#[test]
fn art_7_1_set_up_and_board() {
    for edition in ["tavreli", "2023"] {
        let mut log = Log::new(Some(edition), "");
        log.moves("g1-f3 g8-f6").arbiter("\"board_orientation\"");
        assert_eq!(log.replay().ply, 2, "{edition}");
        log.arbiter("\"wrong_initial_position\"");
        assert_eq!(log.replay().ply, 0, "{edition}");
    }
}

/// 13.4 (cited by the Tavreli rules, art. 6.7): the 2005 list has no fine and no
/// exclusion from rounds; 2023 12.9 has both.
#[test]
fn art_13_4_penalty_list() {
    for action in ["fine", "exclude_rounds"] {
        for (edition, accepted) in [("tavreli", false), ("2023", true)] {
            let mut log = Log::new(Some(edition), "");
            log.arbiter(&format!("\"{action}\",\"side\":\"white\""));
            let r = log.replay();
            assert_eq!(r.rejected.is_empty(), accepted, "{edition} {action}");
        }
    }
    let mut log = Log::new(Some("tavreli"), "");
    log.arbiter("\"expel\",\"side\":\"white\"");
    assert!(log.replay().rejected.is_empty());
}

/// The Tavreli rules stop after art. 10.1; we follow the 2005 art. 10.2: a player
/// with under two minutes in the last period may claim a draw without any
/// announcement. 2023: only when Guidelines III were announced.
#[test]
fn art_10_quickplay_finish_claim() {
    for (edition, accepted) in [("tavreli", true), ("2023", false)] {
        let mut log = Log::from(edition, R_VS_R, "5400");
        log.at(5_400_000 - 60_000)
            .claim("white", "quickplay_finish", None);
        let r = log.replay();
        assert_eq!(
            r.rejected.is_empty(),
            accepted,
            "{edition}: {:?}",
            r.rejected
        );
    }
    // The G-III.4 increment request is not in the older text.
    let mut log = Log::from("tavreli", R_VS_R, "5400");
    log.at(5_400_000 - 60_000).claim("white", "increment", None);
    assert!(!log.replay().rejected.is_empty());
}

/// The Tavreli rules, art. 6.2: per-move time is a delay; the default offered for a
/// Tavreli game has one. Under it the main time falls only after the delay,
/// and unused delay is not banked.
#[test]
fn art_6_2_per_move_time_is_a_delay() {
    let tc = Timing::parse_control(arbiter_tavreli::default_time_control()).unwrap();
    let p = &tc.periods()[0];
    assert!(p.delay_ms > 0 && p.increment_ms == 0, "{p:?}");
    let mut log = Log::new(None, ",\"time_control\":\"5400d30\"");
    log.at(20_000).mv("white", "g1-f3"); // inside the delay: nothing spent
    log.at(90_000).mv("black", "g8-f6"); // 70 s: 40 s of main time
    let r = log.replay();
    assert_eq!(clocks(&r), (5_400_000, 5_400_000 - 40_000));
}

/// The Tavreli rules, art. 6.5: White's clock starts the game (2023 6.6 alike).
#[test]
fn art_6_5_whites_clock_starts() {
    for edition in ["tavreli", "2023"] {
        let mut log = Log::from(edition, R_VS_R, "5400");
        log.at(7_000).mv("white", "e1-e2");
        assert_eq!(clocks(&log.replay()), (5_400_000 - 7_000, 5_400_000));
    }
}

/// The Tavreli rules, art. 6.11: both flags down and which fell first unknown, play
/// goes on; 2023 (G-III.3.1) draws in the last period. The software watching
/// a game calls the first flag at once (6.8), so in a log the order is always
/// known and the first flag loses; the rule is the table's answer for the
/// same millisecond.
#[test]
fn art_6_11_both_flags() {
    use arbiter_laws::{Edition, Provisions, Regime, Supervision};
    let tavreli = Provisions::new(Edition::Tavreli, Regime::Standard, Supervision::Full);
    let fide = Provisions::new(Edition::E2023, Regime::Standard, Supervision::Full);
    assert!(tavreli.both_flags_play_on() && tavreli.flag_order_from_clock());
    assert!(!fide.both_flags_play_on() && fide.flag_order_from_clock());
    for edition in ["tavreli", "2023"] {
        let mut log = Log::from(edition, R_VS_R, "5400");
        log.at(1_000)
            .arbiter("\"deduct_time\",\"side\":\"white\",\"ms\":5399000");
        log.at(1_000)
            .arbiter("\"deduct_time\",\"side\":\"black\",\"ms\":5400000");
        let r = log.replay();
        assert_eq!(
            (r.result.as_str(), r.termination),
            ("0-1", Some(Termination::TimeForfeit)),
            "{edition}: the first flag is called before the second can fall"
        );
    }
}

/// The Tavreli rules, art. 9.4: a move made without a claim forfeits the claim on that
/// move (in a log, a move made and not yet completed; 2023 9.4 alike).
#[test]
fn art_9_4_a_move_made_forfeits_the_claim() {
    let start = "4k3/8/8/8/8/8/N7/R3K3 w - - 100 80";
    for edition in ["tavreli", "2023"] {
        let mut log = Log::from(edition, start, "5400");
        log.push("\"type\":\"move\",\"side\":\"white\",\"move\":\"a1-b1\"");
        log.claim("white", "fifty_moves", None);
        let r = log.replay();
        assert_eq!((r.result.as_str(), r.rejected.len()), ("*", 1), "{edition}");
        let mut log = Log::from(edition, start, "5400");
        log.claim("white", "fifty_moves", None);
        assert_eq!(log.replay().result.as_str(), "1/2-1/2", "{edition}");
    }
}

/// The Tavreli rules know no reduced supervision: even in a rapid game whose
/// header says `reduced`, the software calls a flag (2005 reduced rapid waits
/// for a claim) and acts on an illegal move itself (2023 reduced rapid waits
/// for a claim, A.5.2).
#[test]
fn no_reduced_supervision_under_the_tavreli_rules() {
    let header = |edition: &str| {
        format!(
            ",\"edition\":\"{edition}\",\"start\":\"{R_VS_R}\",\"time_control\":\"1500\",\"supervision\":\"reduced\""
        )
    };
    for (edition, result) in [("tavreli", "0-1"), ("2005", "*")] {
        let mut log = Log::new(None, &header(edition));
        log.at(1_600_000).event("offer_draw", "black");
        let r = log.replay();
        assert_eq!(
            (r.regime.key(), r.result.as_str()),
            ("rapid", result),
            "{edition}"
        );
    }
    for (edition, counted) in [("tavreli", 1), ("2023", 0)] {
        let mut log = Log::new(None, &header(edition));
        log.mv("white", "e1-e3");
        let r = log.replay();
        assert_eq!(
            (r.regime.key(), r.illegal_moves.white),
            ("rapid", counted),
            "{edition}"
        );
    }
}

/// The audit of a record applies the same 6.9: a record that says a lone
/// volkhv won on time agrees with the Tavreli rules, not with 2023.
#[test]
fn art_6_9_in_the_audit_of_a_record() {
    use arbiter_laws::Edition;
    use arbiter_laws::audit::{AuditOptions, RecordedGame, audit_game};
    let tag = |k: &str, v: &str| (k.to_string(), v.to_string());
    let rec = RecordedGame {
        number: 1,
        tags: vec![
            tag("Variant", "Tavreli"),
            tag("FEN", "r3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            tag("Result", "1-0"),
            tag("Termination", "time forfeit"),
        ],
        moves: vec!["e1-e2".into()],
        ..Default::default()
    };
    for (edition, result, agrees) in [
        (Edition::Tavreli, "1-0", true),
        (Edition::E2023, "1/2-1/2", false),
    ] {
        let opts = AuditOptions {
            edition,
            regime: None,
        };
        let a = audit_game(Tavreli::default(), opts, &rec);
        assert_eq!(
            (a.result.as_str(), a.agrees),
            (result, agrees),
            "{edition}: {a:?}"
        );
    }
}

/// Each note cites the Tavreli rules' own article: a wrong initial array is
/// art. 7.1 (2023: 7.2.1), a wrongly placed board 7.1 (2023: 7.2.2),
/// reversed colours 7.2 (2023: 7.3).
#[test]
fn art_7_1_and_7_2_are_cited_by_their_own_numbers() {
    for (edition, board, wrong, reversed) in [
        ("tavreli", "(7.1)", "(7.1)", "(7.2)"),
        ("2023", "(7.2.2)", "(7.2.1)", "(7.3)"),
    ] {
        let mut log = Log::new(Some(edition), "");
        log.moves("g1-f3 g8-f6")
            .arbiter("\"board_orientation\"")
            .arbiter("\"wrong_initial_position\"")
            .arbiter("\"reversed_colours\"");
        let notes = log.replay().notes;
        assert!(notes[0].ends_with(board), "{edition}: {notes:?}");
        assert!(notes[1].ends_with(wrong), "{edition}: {notes:?}");
        assert!(notes[2].ends_with(reversed), "{edition}: {notes:?}");
    }
}

/// A wrong 50-move claim says what the count counts: under the Tavreli
/// rules (art. 9.3) ratnik moves and new towers, under FIDE 2023 ratnik
/// moves and captures; never chess's "pawn move".
#[test]
fn art_9_3_a_wrong_claim_speaks_of_ratniks_and_towers() {
    for (edition, words) in [
        (
            "tavreli",
            "without a ratnik move and without building a new tower",
        ),
        ("2023", "without a ratnik move or a capture"),
    ] {
        let mut log = Log::new(Some(edition), "");
        log.moves("g1-f3").claim("black", "fifty_moves", None);
        let notes = log.replay().notes;
        assert!(
            notes
                .iter()
                .any(|n| n.contains(words) && !n.contains("pawn")),
            "{edition}: {notes:?}"
        );
    }
}

/// The notes cite the Tavreli rules by their title, never a file name.
#[test]
fn art_7_4_notes_cite_the_tavreli_rules_by_title() {
    let mut log = Log::new(Some("tavreli"), "");
    log.mv("white", "g1-g5");
    let notes = log.replay().notes;
    assert!(
        notes
            .iter()
            .any(|n| n.ends_with("(the Tavreli rules, art. 7.4)")),
        "{notes:?}"
    );
    assert!(notes.iter().all(|n| !n.contains("seed")), "{notes:?}");
}

/// The Tavreli rules, art. 4.2: a man touched inside a tower binds the
/// move of the group from the top down to it; the claim is the opponent's
/// until he touches a man himself (4.5).
#[test]
fn art_4_2_a_man_inside_a_tower_binds_the_group() {
    let start = "4k3/8/8/8/8/8/N7/R3K3 w - - 0 1";
    for (mv, breach) in [("a2(1)-a3", true), ("a2(2)-a3", false), ("e1-d1", true)] {
        let mut log = Log::from("tavreli", start, "");
        log.moves("a1-a2 e8-d8")
            .touch("white", "a2", Some(2))
            .mv("white", mv);
        let r = log.replay();
        assert!(r.rejected.is_empty(), "{mv}: {:?}", r.rejected);
        assert_eq!(r.touch_move_breaches.len(), usize::from(breach), "{mv}");
        if breach {
            assert_eq!(r.touch_move_breaches[0].article, "4.2", "{mv}");
            log.claim("black", "touch_move", None);
            let r = log.replay();
            assert_eq!(r.ply, 2, "{mv}: taken back");
            assert!(r.touch_move_claims[0].reason.ends_with("4.5)"), "{mv}");
        }
    }
    // Touching the top man binds only the top man: a2(1)-a3 keeps it.
    let mut log = Log::from("tavreli", start, "");
    log.moves("a1-a2 e8-d8")
        .touch("white", "a2", None)
        .mv("white", "a2(1)-a3");
    assert!(log.replay().touch_move_breaches.is_empty());
}

/// The Tavreli rules, art. 4.3: volkhv, then ratoborets, castling on that
/// side impossible: castle on the other side if possible. The Laws (2023
/// 4.4.3) allow any other king move.
#[test]
fn art_4_3_failed_castling_castles_the_other_side_first() {
    let start = "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1";
    for (edition, breach) in [("tavreli", true), ("2023", false)] {
        let mut log = Log::from(edition, start, "");
        log.touch("white", "e1", None)
            .touch("white", "h1", None)
            .mv("white", "e1-d1");
        let r = log.replay();
        assert!(r.rejected.is_empty(), "{edition}: {:?}", r.rejected);
        assert_eq!(
            r.touch_move_breaches.len(),
            usize::from(breach),
            "{edition}"
        );
        let mut log = Log::from(edition, start, "");
        log.touch("white", "e1", None)
            .touch("white", "h1", None)
            .mv("white", "0-0-0");
        assert!(log.replay().touch_move_breaches.is_empty(), "{edition}");
    }
}

/// The Tavreli rules, art. 9.1: an offer is rejected orally or by a move;
/// a touch does not reject it (FIDE 2023 9.1.2.1: it does).
#[test]
fn art_9_1_a_touch_does_not_reject_an_offer() {
    for (edition, result) in [("tavreli", "1/2-1/2"), ("2023", "*")] {
        let mut log = Log::new(Some(edition), "");
        log.moves("g1-f3 g8-f6 b1-c3").event("offer_draw", "white");
        log.touch("black", "b8", None).event("accept_draw", "black");
        assert_eq!(log.replay().result.as_str(), result, "{edition}");
    }
}

/// The Tavreli rules, art. 9.4: only a move made loses the draw claim on
/// that move; a touch does not (FIDE 2023 9.4: it does).
#[test]
fn art_9_4_a_touch_keeps_the_draw_claim() {
    let shuffle = "g1-f3 g8-f6 f3-g1 f6-g8 ".repeat(2);
    for (edition, drawn) in [("tavreli", true), ("2023", false)] {
        let mut log = Log::new(Some(edition), "");
        log.moves(&shuffle)
            .touch("white", "g1", None)
            .claim("white", "threefold", None);
        let r = log.replay();
        assert_eq!(
            r.termination == Some(Termination::ThreefoldClaim),
            drawn,
            "{edition}: {:?}",
            r.rejected
        );
    }
}
