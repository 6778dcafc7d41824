//! Scripted games on a manual clock, in English and Russian. Each one ends
//! by replaying the log it wrote through the Laws reader and fold.

mod common;

use arbiter_chess::Chess;
use arbiter_laws::{ClaimKind, Event};
use arbiter_notation::Lexicon;
use arbiter_rules::{Edition, Side, Termination};
use arbiter_session::{Input, Kind, Mode, Refusal};
use common::{Played, assert_replays_chess, header};

fn online(lex: Lexicon, control: Option<&str>) -> Played<Chess> {
    let mut p = Played::new(Chess::default(), header(control), Mode::Online, lex, vec![]);
    p.input(0, Input::Start);
    p
}

#[test]
fn a_mate_typed_in_russian_letters() {
    // Scholar's mate in Russian piece letters, the capture with a colon.
    let mut p = online(Lexicon::Ru, Some("300+2"));
    for (i, m) in ["e4", "e5", "Сc4", "Кc6", "Фh5", "Кf6", "Ф:f7#"]
        .iter()
        .enumerate()
    {
        let out = p.mv(1000 * (i as u64 + 1), m);
        assert_eq!(out.refused(), None, "{m}: {out:?}");
    }
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["termination"], "checkmate");
    // Logged in SAN, whatever letters were typed.
    assert_eq!(
        state["moves"],
        serde_json::json!(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"])
    );
    let texts = p.texts();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Результат: победа белых")),
        "{texts:?}"
    );
    // The clock stops at the mate: nothing more is due, a move is refused.
    assert_eq!(p.s.next_wake(), None);
    let out = p.mv(9000, "Кe7");
    assert_eq!(out.refused(), Some(&Refusal::GameOver));
    assert!(out.log.is_empty());
}

#[test]
fn a_mate_in_english_is_said_in_english() {
    let mut p = online(Lexicon::En, None);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        p.mv(0, m);
    }
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "0-1");
    assert!(
        p.texts()
            .iter()
            .any(|t| t.starts_with("Result: Black wins")),
        "{:?}",
        p.texts()
    );
}

#[test]
fn an_illegal_move_online_is_refused_without_penalty_and_not_logged() {
    for lex in [Lexicon::En, Lexicon::Ru] {
        let mut p = online(lex, Some("600+5"));
        let out = p.mv(2000, "e5");
        assert!(
            matches!(out.refused(), Some(Refusal::Illegal(_))),
            "{out:?}"
        );
        assert!(out.log.is_empty() && out.events.is_empty());
        let text = &out.announcements[0].text;
        match lex {
            Lexicon::Ru => assert!(text.starts_with("Невозможный ход, без штрафа"), "{text}"),
            _ => assert!(text.starts_with("Illegal move, no penalty"), "{text}"),
        }
        // Ambiguous: two knights can reach d2.
        for (i, m) in ["d4", "e6", "Nf3", "e5"].iter().enumerate() {
            p.mv(3000 + i as u64, m);
        }
        let out = p.mv(4000, "Nd2");
        assert!(
            matches!(out.refused(), Some(Refusal::Unreadable(r)) if r.is_ambiguous()),
            "{out:?}"
        );
        // Out of turn.
        let out = p.input(
            4100,
            Input::Move {
                side: Some(Side::Black),
                text: "e4".into(),
            },
        );
        assert_eq!(
            out.refused(),
            Some(&Refusal::NotYourMove {
                to_move: Side::White
            })
        );
        let state = assert_replays_chess(&p);
        assert_eq!(
            state["illegal_moves"],
            serde_json::json!({"white": 0, "black": 0})
        );
        assert_eq!(state["penalties"], serde_json::json!([]));
        assert_eq!(state["ply"], 4);
    }
}

#[test]
fn a_threefold_claim_with_an_intended_move_typed_in_russian() {
    let mut p = online(Lexicon::Ru, Some("600+0"));
    for (i, m) in ["Кf3", "Кf6", "Кg1", "Кg8", "Кf3", "Кf6", "Кg1"]
        .iter()
        .enumerate()
    {
        p.mv(1000 * (i as u64 + 1), m);
    }
    // Black writes Кg8 and claims: the start position would stand a third time (L-9.2c).
    let claim = Event::Claim {
        side: Side::Black,
        claim: ClaimKind::Threefold,
        intended: Some("Кg8".into()),
    };
    let out = p.input(9000, Input::Event(claim));
    assert_eq!(out.refused(), None, "{out:?}");
    assert!(out.log[0].contains("\"intended\":\"Ng8\""), "{:?}", out.log);
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "1/2-1/2");
    assert_eq!(state["termination"], "threefold_claim");
    assert!(
        p.texts()
            .iter()
            .any(|t| t.contains("Требование обосновано")),
        "{:?}",
        p.texts()
    );
}

#[test]
fn a_draw_offer_and_its_acceptance() {
    let mut p = online(Lexicon::En, Some("300+0"));
    p.mv(1000, "e4");
    p.mv(2000, "c5");
    p.input(2500, Input::Event(Event::OfferDraw { side: Side::White }));
    p.mv(3000, "Nf3");
    let out = p.input(4000, Input::Event(Event::AcceptDraw { side: Side::Black }));
    assert_eq!(out.refused(), None);
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "1/2-1/2");
    assert_eq!(state["termination"], "agreement");
    let texts = p.texts();
    assert!(
        texts.contains(&"White offers a draw".to_string()),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("Draw accepted")),
        "{texts:?}"
    );
    // White's clock ran 1000 ms + 1000 ms; Black's 1000 + 1000: 300 s each to start.
    assert_eq!(state["clock"]["white_ms"], 300_000 - 2000);
    assert_eq!(state["clock"]["black_ms"], 300_000 - 2000);
}

#[test]
fn nobody_presses_the_alarms_fire_at_their_thresholds_then_the_flag() {
    let mut p = Played::new(
        Chess::default(),
        header(Some("120+0")),
        Mode::Online,
        Lexicon::Ru,
        vec![60_000, 30_000],
    );
    p.input(0, Input::Start);
    p.mv(1000, "e4");
    // Black's 120 s run from 1000 ms: 60 s are left at 61000, 30 s at 91000,
    // and the flag falls at 121000.
    assert_eq!(p.s.next_wake(), Some(61_000));
    assert!(p.poll(60_999).announcements.is_empty());
    let out = p.poll(61_000);
    assert_eq!(out.announcements[0].text, "У чёрных осталась одна минута");
    assert_eq!(out.announcements[0].at, 61_000);
    assert_eq!(p.s.next_wake(), Some(91_000));
    let out = p.poll(91_000);
    assert_eq!(
        out.announcements[0].text,
        "У чёрных осталось тридцать секунд"
    );
    assert_eq!(p.s.next_wake(), Some(121_000));
    assert!(p.poll(120_999).events.is_empty());
    let out = p.poll(121_000);
    assert_eq!(out.events.len(), 1);
    assert_eq!(out.events[0].at, 121_000);
    assert_eq!(out.events[0].event, Event::Flag { side: Side::Black });
    assert!(matches!(
        out.announcements.last().unwrap().kind,
        Kind::GameOver {
            termination: Termination::TimeForfeit,
            at: 121_000,
            ..
        }
    ));
    assert_eq!(p.s.next_wake(), None);
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["clock"]["flag_at"], 121_000);
    assert_eq!(state["clock"]["black_ms"], 0);
}

#[test]
fn a_late_look_says_only_the_most_urgent_alarm_and_the_flag_at_its_instant() {
    let mut p = Played::new(
        Chess::default(),
        header(Some("120+0")),
        Mode::Online,
        Lexicon::En,
        vec![60_000, 30_000],
    );
    p.input(0, Input::Start);
    let out = p.poll(500_000);
    let kinds: Vec<_> = out.announcements.iter().map(|a| a.kind.clone()).collect();
    assert_eq!(
        kinds[0],
        Kind::LowTime {
            side: Side::White,
            threshold_ms: 30_000
        }
    );
    assert_eq!(out.announcements[0].text, "White: 30 seconds left");
    assert_eq!(out.events[0].at, 120_000);
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "0-1");
}

#[test]
fn an_input_after_the_flag_logs_the_flag_first_at_its_instant() {
    let mut p = online(Lexicon::En, Some("10+0"));
    p.mv(4000, "e4");
    // Black answers after his 10 s ran out at 14000.
    let out = p.mv(20_000, "e5");
    assert_eq!(out.events[0].at, 14_000);
    assert_eq!(out.refused(), Some(&Refusal::GameOver));
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["ply"], 1);
}

#[test]
fn an_increment_lifts_the_time_back_and_the_alarm_is_said_again() {
    let mut p = Played::new(
        Chess::default(),
        header(Some("65+10")),
        Mode::Online,
        Lexicon::En,
        vec![60_000],
    );
    p.input(0, Input::Start);
    p.poll(5_000); // White: 60 s left
    p.mv(6_000, "e4"); // 59 s + 10 s
    p.mv(7_000, "e5");
    assert_eq!(p.s.next_wake(), Some(7_000 + 9_000));
    let out = p.poll(16_000);
    assert_eq!(out.announcements[0].text, "White: one minute left");
    let lows = p
        .kinds()
        .iter()
        .filter(|k| {
            matches!(
                k,
                Kind::LowTime {
                    side: Side::White,
                    ..
                }
            )
        })
        .count();
    assert_eq!(lows, 2);
    assert_replays_chess(&p);
}

#[test]
fn a_start_with_black_to_move_runs_blacks_clock() {
    let mut h = header(Some("60+0"));
    h.start = Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".into());
    let mut p = Played::new(Chess::default(), h, Mode::Online, Lexicon::En, vec![]);
    let out = p.input(0, Input::Start);
    assert_eq!(
        out.announcements[0].kind,
        Kind::Started { side: Side::Black }
    );
    assert_eq!(p.s.next_wake(), Some(60_000));
    assert_eq!(p.mv(2000, "Kd7").refused(), None);
    p.mv(5000, "e4");
    let state = assert_replays_chess(&p);
    assert_eq!(state["clock"]["black_ms"], 58_000);
    assert_eq!(state["clock"]["white_ms"], 57_000);
    assert_eq!(state["moves"], serde_json::json!(["Kd7", "e4"]));
}

#[test]
fn nothing_is_played_before_the_clock_is_started_online() {
    let mut p = Played::new(
        Chess::default(),
        header(Some("60+0")),
        Mode::Online,
        Lexicon::Ru,
        vec![],
    );
    let out = p.mv(100, "e4");
    assert_eq!(out.refused(), Some(&Refusal::NotStarted));
    assert_eq!(out.announcements[0].text, "Часы ещё не запущены");
    assert_eq!(p.s.next_wake(), None);
}

#[test]
fn pause_and_resume_stop_the_clock_and_are_said() {
    let mut p = online(Lexicon::Ru, Some("60+0"));
    p.mv(1000, "e4");
    p.input(2000, Input::pause());
    assert_eq!(p.s.next_wake(), None);
    p.input(10_000, Input::resume());
    assert_eq!(p.s.next_wake(), Some(10_000 + 59_000));
    let texts = p.texts();
    assert!(texts.contains(&"Часы остановлены".to_string()), "{texts:?}");
    assert!(texts.contains(&"Часы запущены".to_string()), "{texts:?}");
    let state = assert_replays_chess(&p);
    assert_eq!(state["clock"]["black_ms"], 59_000);
}

#[test]
fn over_the_board_an_illegal_move_follows_the_ladder() {
    // 2023, standard: the first completed illegal move gives the opponent two
    // minutes (L-7.5.5), the second loses (L-7.5.5, 2017+).
    let mut h = header(Some("5400+30"));
    h.edition = Edition::E2023;
    let mut p = Played::new(Chess::default(), h, Mode::OverTheBoard, Lexicon::Ru, vec![]);
    // Black's press starts White's clock and logs nothing.
    let out = p.input(0, Input::Event(Event::Press { side: Side::Black }));
    assert!(out.log.is_empty());
    assert_eq!(
        out.announcements[0].kind,
        Kind::Started { side: Side::White }
    );
    // A knight that cannot reach e5, typed in Russian letters.
    let out = p.mv(3000, "Кe5");
    assert_eq!(out.refused(), None, "{out:?}");
    assert!(out.log[0].contains("\"move\":\"Ne5\""), "{:?}", out.log);
    assert!(p.kinds().contains(&Kind::IllegalMove {
        side: Side::White,
        count: 1
    }));
    let state = assert_replays_chess(&p);
    assert_eq!(state["ply"], 0);
    assert_eq!(state["penalties"][0]["kind"], "illegal_move");
    assert_eq!(state["penalties"][0]["ms"], 120_000);
    assert_eq!(state["clock"]["black_ms"], 5_400_000 + 120_000);
    assert!(
        p.texts().iter().any(|t| t == "Чёрным добавлены две минуты"),
        "{:?}",
        p.texts()
    );
    // Unreadable text is not a move: refused, no penalty.
    let out = p.mv(3500, "Zz9");
    assert!(matches!(out.refused(), Some(Refusal::Unreadable(_))));
    p.mv(4000, "e4");
    p.mv(5000, "e5");
    // In the Russian lexicon a Latin K is the knight (К): no knight reaches
    // e3, so this is the second illegal move, logged as the knight's.
    let out = p.mv(6000, "Ke3");
    assert!(out.log[0].contains("Ne3"), "{:?}", out.log);
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "0-1");
    assert_eq!(state["termination"], "illegal_moves");
    assert_eq!(state["illegal_moves"]["white"], 2);
}

#[test]
fn over_the_board_a_white_press_first_starts_the_clock_and_completes_the_move() {
    let mut h = header(Some("60+0"));
    h.clock_only = Some(true);
    let mut p = Played::new(Chess::default(), h, Mode::OverTheBoard, Lexicon::En, vec![]);
    let out = p.input(500, Input::Event(Event::Press { side: Side::White }));
    assert_eq!(out.events[0].at, 0);
    p.input(3500, Input::Event(Event::Press { side: Side::Black }));
    let state = assert_replays_chess(&p);
    assert_eq!(state["clock"]["white_ms"], 60_000);
    assert_eq!(state["clock"]["black_ms"], 57_000);
}

/// L-6.7: completing the period's moves adds the next period's time, and the
/// session says so at that press, with the Russian participle agreeing with
/// the time added. Art. 8.4: standard play without a 30 s increment; when
/// the thinking side falls under five minutes with nobody pressing, the
/// session wakes for it at that instant (after the five-minute alarm) and
/// says it once in the period.
#[test]
fn the_period_reached_and_the_recording_exemption_are_said_by_the_session() {
    let mut p = online(Lexicon::Ru, Some("2/5400:60"));
    for (i, m) in ["e4", "e5", "Nf3"].iter().enumerate() {
        p.mv(1000 * (i as u64 + 1), m);
    }
    let reached = Kind::PeriodReached {
        side: Side::White,
        period: 2,
        added_ms: 60_000,
    };
    let at = p.said.iter().position(|a| a.kind == reached).expect("said");
    assert_eq!(p.said[at].at, 3000);
    assert_eq!(
        p.said[at].text,
        "Белые прошли контроль времени. Период 2: добавлена одна минута"
    );
    assert!(!p.kinds().iter().any(|k| matches!(
        k,
        Kind::PeriodReached {
            side: Side::Black,
            ..
        }
    )));
    // Black has thought since 3000 with 5398 s: under five minutes from
    // 3000 + 5_098_000 + 1 on, and nobody presses.
    let mut p = Played::new(
        Chess::default(),
        header(Some("2/5400:60")),
        Mode::Online,
        Lexicon::En,
        vec![300_000],
    );
    p.input(0, Input::Start);
    p.mv(2000, "e4");
    let below = 2000 + 5_400_000 - 300_000;
    assert_eq!(p.s.next_wake(), Some(below));
    p.poll(below);
    assert_eq!(p.s.next_wake(), Some(below + 1));
    p.poll(below + 1);
    let tail: Vec<_> = p
        .said
        .iter()
        .rev()
        .take(2)
        .rev()
        .map(|a| (a.at, a.kind.clone()))
        .collect();
    assert_eq!(
        tail,
        vec![
            (
                below,
                Kind::LowTime {
                    side: Side::Black,
                    threshold_ms: 300_000
                }
            ),
            (below + 1, Kind::RecordingExempt { side: Side::Black }),
        ]
    );
    assert!(
        p.texts()
            .last()
            .unwrap()
            .starts_with("Black has less than five minutes in this period"),
        "{:?}",
        p.texts()
    );
    // Once in the period: the next wake is the flag.
    assert_eq!(p.s.next_wake(), Some(2000 + 5_400_000));
    p.poll(below + 60_000);
    assert_eq!(
        p.kinds()
            .iter()
            .filter(|k| matches!(k, Kind::RecordingExempt { .. }))
            .count(),
        1
    );
    assert_replays_chess(&p);
}

/// With 30 s added per move (8.4) or in rapid play (A.2) nothing is said.
#[test]
fn no_recording_exemption_with_a_30s_increment_or_in_rapid() {
    for control in ["5400+30", "900+10"] {
        let mut p = online(Lexicon::En, Some(control));
        p.mv(1000, "e4");
        p.poll(1000 + 5_400_000 - 1);
        assert!(
            !p.kinds()
                .iter()
                .any(|k| matches!(k, Kind::RecordingExempt { .. })),
            "{control}: {:?}",
            p.texts()
        );
    }
}

/// An incorrect claim (L-9.5c) is said as such before the time it costs,
/// and an offer made again is answered again: an input is never met with
/// silence.
#[test]
fn a_rejected_claim_and_a_repeated_offer_are_said() {
    for (lex, rejected, offered) in [
        (
            Lexicon::En,
            "Black's claim is rejected. The game continues",
            "Black offers a draw",
        ),
        (
            Lexicon::Ru,
            "Требование (чёрные) отклонено. Партия продолжается",
            "Чёрные предлагают ничью",
        ),
    ] {
        let mut p = online(lex, Some("900+10"));
        p.mv(1000, "e4");
        let claim = Event::Claim {
            side: Side::Black,
            claim: ClaimKind::Threefold,
            intended: None,
        };
        let out = p.input(2000, Input::Event(claim));
        let texts: Vec<&str> = out.announcements.iter().map(|a| a.text.as_str()).collect();
        // The Laws' reason goes between the refusal and "the game
        // continues" (the position would appear only once).
        let (head, goes_on) = rejected.split_once(". ").unwrap();
        let first = texts.first().copied().unwrap_or_default();
        assert!(first.starts_with(&format!("{head}: ")), "{texts:?}");
        assert!(first.ends_with(&format!(". {goes_on}")), "{texts:?}");
        assert!(texts.len() >= 2, "the time it costs is said too: {texts:?}");
        for at in [3000, 4000] {
            let out = p.input(at, Input::Event(Event::OfferDraw { side: Side::Black }));
            let texts: Vec<&str> = out.announcements.iter().map(|a| a.text.as_str()).collect();
            assert_eq!(texts, vec![offered], "{at}");
        }
        assert_replays_chess(&p);
    }
}

/// 2005 blitz under the OLD rules (reduced supervision): the software does
/// not call a flag (L-6.8, CFG-8); a seat that claims flags (an engine)
/// claims the opponent's the instant it falls, and the next wake is that
/// instant; a seat that does not leaves it to its player. Under 2023 the
/// same flag is called, with no claim in the log.
#[test]
fn a_claiming_seat_claims_a_flag_the_laws_leave_to_a_claim() {
    let blitz = |edition: Edition, claims: bool| {
        let mut h = header(Some("180+0"));
        h.edition = edition;
        let mut p = Played::new(Chess::default(), h, Mode::Online, Lexicon::En, vec![]);
        if claims {
            p.s.claim_flags_for(Side::Black);
        }
        p.input(0, Input::Start);
        p.mv(1_000, "e4");
        p.mv(2_000, "e5");
        // White's clock runs from 2000 with 179 s left: it falls at 181000.
        let wake = p.s.next_wake();
        p.poll(200_000);
        (wake, p)
    };
    let (wake, p) = blitz(Edition::E2005, true);
    assert_eq!(wake, Some(181_000));
    let state = assert_replays_chess(&p);
    assert_eq!(
        (&state["result"], &state["termination"]),
        (&"0-1".into(), &"time_forfeit".into())
    );
    let last: serde_json::Value = serde_json::from_str(p.log.last().unwrap()).unwrap();
    assert_eq!(last["type"], "claim");
    assert_eq!(
        (&last["side"], &last["claim"], &last["at"]),
        (&"black".into(), &"time".into(), &181_000.into())
    );
    let (wake, p) = blitz(Edition::E2005, false);
    assert_eq!(
        wake, None,
        "nothing to wake for: the flag waits for a claim"
    );
    assert_eq!(assert_replays_chess(&p)["result"], "*");
    let (_, p) = blitz(Edition::E2023, true);
    assert_eq!(assert_replays_chess(&p)["result"], "0-1");
    assert!(
        p.log.iter().all(|l| !l.contains("\"claim\"")),
        "{:?}",
        p.log
    );
}

/// The hall's game before White's first move: a move refused says why as any
/// move would (Black's is out of turn, White's illegal one is illegal), not
/// that a clock the players never started is not running; a legal White
/// move starts it.
#[test]
fn before_whites_first_move_a_move_is_refused_as_a_move() {
    let mut p = Played::new(
        Chess::default(),
        header(Some("60+0")),
        Mode::Online,
        Lexicon::En,
        vec![],
    );
    p.s.log_the_start();
    let black = |text: &str| Input::Move {
        side: Some(Side::Black),
        text: text.into(),
    };
    let out = p.input(100, black("e5"));
    assert_eq!(
        out.refused(),
        Some(&Refusal::NotYourMove {
            to_move: Side::White
        })
    );
    assert_eq!(out.announcements[0].text, "It is White's move");
    let out = p.mv(200, "e5");
    assert!(
        matches!(out.refused(), Some(Refusal::Illegal(_))),
        "{out:?}"
    );
    let out = p.mv(300, "xyz");
    assert!(
        matches!(out.refused(), Some(Refusal::Unreadable(_))),
        "{out:?}"
    );
    assert!(p.log.is_empty(), "nothing logged: {:?}", p.log);
    assert_eq!(p.mv(400, "e4").refused(), None);
    assert_eq!(p.log.len(), 2, "the start and White's move: {:?}", p.log);
}
