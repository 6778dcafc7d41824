//! The async driver: an engine plays through the same Laws and clock, a
//! failing engine pauses the game instead of stalling it, and the real
//! clock-live time base wakes the game for a flag that nobody reports.

mod common;

use arbiter_chess::Chess;
use arbiter_laws::log::{Header, parse_log};
use arbiter_laws::replay::{replay, report};
use arbiter_laws::{Event, RuleSet};
use arbiter_notation::Lexicon;
use arbiter_rules::Side;
use arbiter_session::{
    BoxFuture, Driver, Input, Kind, LiveTime, ManualTime, Mode, Opponent, OpponentError,
    OpponentMove, OpponentRequest, Output, Session, SessionConfig, TavreliOpponent,
};
use arbiter_tavreli::Tavreli;
use arbiter_tavreli::search::Limits;
use tokio::sync::mpsc;

fn config(control: &str, lex: Lexicon, variant: &str) -> SessionConfig {
    let mut header = Header::new("Human", "Engine", Some(control));
    header.variant = variant.parse().expect("a variant");
    SessionConfig {
        header,
        mode: Mode::Online,
        lexicon: lex,
        alarms_ms: [vec![], vec![]],
    }
}

/// Waits for outputs until one satisfies `done`; returns all of them.
async fn until(
    rx: &mut mpsc::UnboundedReceiver<Output>,
    done: impl Fn(&Output) -> bool,
) -> Vec<Output> {
    let mut seen = Vec::new();
    while let Some(o) = rx.recv().await {
        let stop = done(&o);
        seen.push(o);
        if stop {
            break;
        }
    }
    seen
}

fn log_of(header: String, outs: &[Output]) -> String {
    let mut t = header + "\n";
    for o in outs {
        for l in &o.log {
            t.push_str(l);
            t.push('\n');
        }
    }
    t
}

#[tokio::test]
async fn the_tavreli_opponent_plays_through_the_laws_and_the_clock() {
    let rules = Tavreli::default();
    let session = Session::new(rules, config("300+2", Lexicon::Ru, "tavreli")).unwrap();
    let header = session.header_line().unwrap();
    let time = ManualTime::new();
    let engine = TavreliOpponent::with_limits(Limits::nodes(3000), 1);
    let driver = Driver::new(session, time.clone()).with_opponent(Side::Black, Box::new(engine));
    let (tx, rx) = mpsc::channel(8);
    let (otx, mut orx) = mpsc::unbounded_channel();
    let task = tokio::spawn(driver.run(rx, otx));
    tx.send(Input::Start).await.unwrap();
    // A mirror of the board, kept from what is announced only.
    let mut pos = rules.initial_position();
    let mut outs = until(&mut orx, |o| !o.announcements.is_empty()).await;
    for i in 0..3u64 {
        time.set(1000 * (2 * i + 1));
        let mine = rules.legal_moves(&pos)[0];
        let text = rules.move_text(&pos, &mine);
        tx.send(Input::Move { side: None, text }).await.unwrap();
        let got = until(&mut orx, |o| {
            o.announcements.iter().any(|a| {
                matches!(
                    a.kind,
                    Kind::Move {
                        side: Side::Black,
                        ..
                    }
                )
            })
        })
        .await;
        for a in got.iter().flat_map(|o| o.announcements.iter()) {
            if let Kind::Move { san, .. } = &a.kind {
                // Every announced move, the engine's included, is legal on the mirror.
                let (m, _) = arbiter_tavreli::notation::parse_move(&pos, san).unwrap();
                rules.play(&mut pos, &m);
                assert!(!a.text.is_empty());
            }
        }
        outs.extend(got);
    }
    drop(tx);
    let session = task.await.unwrap();
    let state = serde_json::to_value(session.state()).unwrap();
    assert_eq!(state["ply"], 6);
    assert_eq!(state["variant"], "tavreli");
    assert_eq!(state["fen"], rules.position_text(&pos));
    common::assert_replays_tavreli(&log_of(header, &outs), state);
}

/// An engine that never answers.
struct Silent;
impl Opponent for Silent {
    fn choose(&mut self, _: OpponentRequest) -> BoxFuture<Result<OpponentMove, OpponentError>> {
        Box::pin(std::future::pending())
    }
}

/// An engine whose process died.
struct Dead;
impl Opponent for Dead {
    fn choose(&mut self, _: OpponentRequest) -> BoxFuture<Result<OpponentMove, OpponentError>> {
        Box::pin(async { Err(OpponentError::Crashed("exit status 134".into())) })
    }
}

/// An engine that answers with an illegal move.
struct Wrong;
impl Opponent for Wrong {
    fn choose(&mut self, req: OpponentRequest) -> BoxFuture<Result<OpponentMove, OpponentError>> {
        assert_eq!(req.moves.as_deref(), Some(&["e2e4".to_string()][..]));
        Box::pin(async {
            Ok(OpponentMove {
                text: "e7e4".into(),
            })
        })
    }
}

async fn failing_engine(
    engine: Box<dyn Opponent>,
    hang: bool,
) -> (Vec<Output>, String, Session<Chess>) {
    let session = Session::new(Chess::default(), config("60+0", Lexicon::En, "chess")).unwrap();
    let header = session.header_line().unwrap();
    let time = ManualTime::new();
    let driver = Driver::new(session, time.clone())
        .with_opponent(Side::Black, engine)
        .with_engine_timeout(5_000);
    let (tx, rx) = mpsc::channel(8);
    let (otx, mut orx) = mpsc::unbounded_channel();
    let task = tokio::spawn(driver.run(rx, otx));
    tx.send(Input::Start).await.unwrap();
    time.set(1000);
    tx.send(Input::Move {
        side: None,
        text: "e4".into(),
    })
    .await
    .unwrap();
    let mut outs = Vec::new();
    if hang {
        outs = until(&mut orx, |o| !o.log.is_empty()).await;
        time.set(6_000);
    }
    outs.extend(
        until(&mut orx, |o| {
            o.announcements
                .iter()
                .any(|a| matches!(a.kind, Kind::EngineFailed { .. }))
        })
        .await,
    );
    drop(tx);
    let session = task.await.unwrap();
    (outs, header, session)
}

#[tokio::test]
async fn an_engine_that_hangs_crashes_or_errs_pauses_the_game_and_says_so() {
    for (engine, hang, why) in [
        (
            Box::new(Silent) as Box<dyn Opponent>,
            true,
            "does not answer",
        ),
        (Box::new(Dead), false, "crashed"),
        (Box::new(Wrong), false, "refused"),
    ] {
        let (outs, header, session) = failing_engine(engine, hang).await;
        assert!(session.is_paused(), "{why}");
        let failed = outs
            .iter()
            .flat_map(|o| o.announcements.iter())
            .find(|a| {
                matches!(
                    a.kind,
                    Kind::EngineFailed {
                        side: Side::Black,
                        ..
                    }
                )
            })
            .unwrap();
        assert!(
            failed.text.contains(why) && failed.text.contains("paused"),
            "{}",
            failed.text
        );
        let log = log_of(header, &outs);
        assert!(log.contains("\"action\":\"pause\""), "{log}");
        let parsed = parse_log(&log).unwrap();
        let (game, rejected) = replay(Chess::default(), &parsed).unwrap();
        assert!(rejected.is_empty());
        assert_eq!(
            serde_json::to_value(report(&game, rejected)).unwrap(),
            serde_json::to_value(session.state()).unwrap()
        );
    }
}

#[tokio::test]
async fn the_live_clock_wakes_the_game_for_a_flag_nobody_reports() {
    // One second for White, who never moves.
    let session = Session::new(Chess::default(), config("1+0", Lexicon::En, "chess")).unwrap();
    let driver = Driver::new(session, LiveTime::new());
    let (tx, rx) = mpsc::channel(8);
    let (otx, mut orx) = mpsc::unbounded_channel();
    let task = tokio::spawn(driver.run(rx, otx));
    tx.send(Input::Start).await.unwrap();
    let outs = until(&mut orx, |o| !o.events.is_empty()).await;
    let flag = outs.iter().flat_map(|o| o.events.iter()).next().unwrap();
    assert_eq!(flag.event, Event::Flag { side: Side::White });
    drop(tx);
    let session = task.await.unwrap();
    assert_eq!(
        serde_json::to_value(session.state()).unwrap()["result"],
        "0-1"
    );
}

/// L-9.1: a draw offer to an engine seat is answered at once, in the
/// player's language and in the log, so a blind player is not left waiting.
#[tokio::test]
async fn an_engine_seat_answers_a_draw_offer_in_the_players_language() {
    for (lex, word) in [
        (Lexicon::Ru, "отклоняют ничью"),
        (Lexicon::FideDe, "lehnt das Remis ab"),
        (Lexicon::En, "declines the draw"),
    ] {
        let session = Session::new(Chess::default(), config("60+0", lex, "chess")).unwrap();
        let header = session.header_line().unwrap();
        let time = ManualTime::new();
        let driver =
            Driver::new(session, time.clone()).with_opponent(Side::Black, Box::new(Silent));
        let (tx, rx) = mpsc::channel(8);
        let (otx, mut orx) = mpsc::unbounded_channel();
        let task = tokio::spawn(driver.run(rx, otx));
        tx.send(Input::Start).await.unwrap();
        time.set(1000);
        let e4 = Input::Move {
            side: None,
            text: "e4".into(),
        };
        tx.send(e4).await.unwrap();
        let offer = Input::Event(Event::OfferDraw { side: Side::White });
        tx.send(offer).await.unwrap();
        // A sentinel: whatever answers the offer comes before its output.
        tx.send(Input::SetLexicon(lex)).await.unwrap();
        let outs = until(&mut orx, |o| {
            o.announcements
                .iter()
                .any(|a| matches!(a.kind, Kind::LexiconChosen { .. }))
        })
        .await;
        task.abort();
        let declined = outs
            .iter()
            .flat_map(|o| o.announcements.iter())
            .find(|a| matches!(a.kind, Kind::DrawDeclined { side: Side::Black }));
        let declined = declined.unwrap_or_else(|| panic!("no answer to the offer in {lex:?}"));
        assert!(declined.text.contains(word), "{}", declined.text);
        let log = log_of(header, &outs);
        assert!(log.contains("\"decline_draw\""), "{log}");
        let (game, rejected) = replay(Chess::default(), &parse_log(&log).unwrap()).unwrap();
        assert!(rejected.is_empty(), "{rejected:?}");
        assert!(game.draw_offer().is_none() && game.outcome().is_none());
    }
}

/// A new game refuses a start the Laws have already ended (L-5.2b: a dead
/// position behind a locked wall); a stored game from such a start is
/// still resumed, as `arbiter replay` reads it.
#[test]
fn a_new_session_refuses_a_start_already_over_and_a_stored_one_resumes() {
    let mut cfg = config("900+10", Lexicon::En, "chess");
    cfg.header.start = Some("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1".into());
    let why = Session::new(Chess::default(), cfg.clone())
        .err()
        .expect("refused");
    assert!(
        why.to_string()
            .ends_with("already over in this position: dead_position"),
        "{why}"
    );
    assert!(Session::resume(Chess::default(), cfg.clone(), &[]).is_ok());
    // A way through for White's h-pawn: a game.
    cfg.header.start = Some("4k3/8/8/p1p1p1p1/P1P1P3/8/8/4K3 w - - 0 1".into());
    assert!(Session::new(Chess::default(), cfg).is_ok());
}
