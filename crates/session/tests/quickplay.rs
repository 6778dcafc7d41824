//! Quickplay-finish claims in a live game (2005 10.2, G-III.4, G-III.5): the
//! claim is said as a claim for the arbiter, not as a claim found
//! incorrect; the clocks stop for him; his ruling is said and logged.

mod common;

use arbiter_chess::Chess;
use arbiter_laws::{ClaimKind, Event};
use arbiter_notation::Lexicon;
use arbiter_rules::{Edition, Side};
use arbiter_session::{Input, Kind, Mode, Refusal};
use common::{Played, assert_replays_chess, header};
use serde_json::json;

/// 90 minutes for the game, no increment: a quickplay finish (G-III.1).
/// White plays e4 at 1 s and is left with one minute at `CLAIM_AT`.
const CLAIM_AT: u64 = 5_400_000 - 1_000 + 2_000 - 60_000;

fn standard(edition: Edition, announced: bool, lex: Lexicon) -> Played<Chess> {
    let mut h = header(Some("5400"));
    h.edition = edition;
    h.quickplay_finish = announced.then_some(true);
    let mut p = Played::new(Chess::default(), h, Mode::Online, lex, vec![]);
    p.input(0, Input::Start);
    p.mv(1_000, "e4");
    p.mv(2_000, "e5");
    p
}

fn claim(p: &mut Played<Chess>, at: u64, claim: ClaimKind) -> Vec<String> {
    let ev = Event::Claim {
        side: Side::White,
        claim,
        intended: None,
    };
    let out = p.input(at, Input::Event(ev));
    out.announcements.into_iter().map(|a| a.text).collect()
}

fn arbiter(p: &mut Played<Chess>, at: u64, action: &str) -> Vec<String> {
    let ev: Event = serde_json::from_value(json!({"type": "arbiter", "action": action})).unwrap();
    let out = p.input(at, Input::Event(ev));
    out.announcements.into_iter().map(|a| a.text).collect()
}

#[test]
fn a_2005_quickplay_claim_stops_the_clocks_for_the_arbiter_who_rejects_it() {
    for (lex, claimed, paused) in [
        (
            Lexicon::En,
            "White claims a draw in the quickplay finish. The arbiter decides",
            "Clock paused",
        ),
        (
            Lexicon::Ru,
            "Белые требуют ничью в цейтноте при быстром завершении. Решение за судьёй",
            "Часы остановлены",
        ),
    ] {
        let mut p = standard(Edition::E2005, false, lex);
        let said = claim(&mut p, CLAIM_AT, ClaimKind::QuickplayFinish);
        // The recording exemption (8.4), due on the way, comes first.
        let at = |text: &str| said.iter().position(|t| t == text);
        assert!(
            at(claimed) < at(paused) && at(claimed).is_some(),
            "{said:?}"
        );
        assert!(p.s.is_paused());
        assert!(
            !p.kinds()
                .iter()
                .any(|k| matches!(k, Kind::ClaimRejected { .. })),
            "{:?}",
            p.kinds()
        );
        let state = assert_replays_chess(&p);
        assert_eq!(
            state["quickplay_claim"],
            json!({"side": "white", "claim": "quickplay_finish"})
        );
        // The clocks stood still while the arbiter came: White still has a minute.
        assert_eq!(p.s.clocks_at(CLAIM_AT + 600_000).unwrap()[0], 60_000);
        // 10.2c: rejected, the opponent gets two minutes; play resumes.
        let said = arbiter(&mut p, CLAIM_AT + 30_000, "quickplay_reject");
        assert!(!said.is_empty());
        arbiter(&mut p, CLAIM_AT + 31_000, "resume");
        let state = assert_replays_chess(&p);
        assert_eq!(state["quickplay_claim"], serde_json::Value::Null);
        assert_eq!(state["clock"]["black_ms"], 5_399_000 + 120_000);
        assert_eq!(state["penalties"][0]["kind"], "quickplay_rejected");
        assert!(!p.s.is_paused());
    }
}

#[test]
fn the_arbiter_accepts_a_quickplay_claim_and_the_game_is_drawn() {
    let mut p = standard(Edition::E2005, false, Lexicon::En);
    claim(&mut p, CLAIM_AT, ClaimKind::QuickplayFinish);
    arbiter(&mut p, CLAIM_AT + 20_000, "quickplay_accept");
    let state = assert_replays_chess(&p);
    assert_eq!(state["result"], "1/2-1/2");
    assert!(p.s.is_over());
}

/// From 2017 Guidelines III apply only when announced (G-III.2): without
/// the announcement the claim is refused and nothing stops; with it, the
/// increment request (G-III.4) goes to the arbiter too.
#[test]
fn from_2017_quickplay_claims_need_the_announcement() {
    let mut p = standard(Edition::E2023, false, Lexicon::En);
    let out = p.input(
        CLAIM_AT,
        Input::Event(Event::Claim {
            side: Side::White,
            claim: ClaimKind::Increment,
            intended: None,
        }),
    );
    assert!(
        matches!(out.refused(), Some(Refusal::Laws(_))),
        "{:?}",
        out.announcements
    );
    assert!(!p.s.is_paused());

    let mut p = standard(Edition::E2023, true, Lexicon::En);
    let said = claim(&mut p, CLAIM_AT, ClaimKind::Increment);
    let asked = "White asks for five seconds a move for both players. The arbiter decides";
    assert!(said.iter().any(|t| t == asked), "{said:?}");
    assert!(p.s.is_paused());
    arbiter(&mut p, CLAIM_AT + 20_000, "quickplay_increment");
    arbiter(&mut p, CLAIM_AT + 21_000, "resume");
    let state = assert_replays_chess(&p);
    assert_eq!(state["quickplay_claim"], serde_json::Value::Null);
    assert_eq!(state["clock"]["black_ms"], 5_399_000 + 120_000);
}

/// A claim with two minutes or more left is refused: no pause, no claim said.
#[test]
fn a_quickplay_claim_with_time_to_spare_is_refused_and_stops_nothing() {
    let mut p = standard(Edition::E2005, false, Lexicon::En);
    let out = p.input(
        100_000,
        Input::Event(Event::Claim {
            side: Side::White,
            claim: ClaimKind::QuickplayFinish,
            intended: None,
        }),
    );
    assert!(matches!(out.refused(), Some(Refusal::Laws(_))));
    assert!(!p.s.is_paused());
    assert_eq!(
        assert_replays_chess(&p)["quickplay_claim"],
        serde_json::Value::Null
    );
}

/// A refusal of the Laws cites the articles of the game's own edition, in
/// the player's language: claiming an illegal move that nobody made in
/// rapid under reduced supervision is refused under A.4.2 of the Laws
/// 2017, A.5.2 of the Laws 2023 (the appendix was renumbered) and the
/// rapidplay appendix (B) of the Laws 2005.
#[test]
fn a_refused_claim_cites_the_article_of_the_games_edition() {
    for (edition, own, others) in [
        (Edition::E2023, "A.5.2", ["A.4.2", "Appendix B"]),
        (Edition::E2017, "A.4.2", ["A.5.2", "Appendix B"]),
        (Edition::E2005, "Appendix B", ["A.5.2", "A.4.2"]),
    ] {
        for lex in [Lexicon::En, Lexicon::Ru, Lexicon::FideDe] {
            let mut h = header(Some("900+10"));
            h.edition = edition;
            h.supervision = Some(arbiter_rules::Supervision::Reduced);
            let mut p = Played::new(Chess::default(), h, Mode::Online, lex, vec![]);
            p.input(0, Input::Start);
            p.mv(1_000, "e4");
            let said = claim(&mut p, 2_000, ClaimKind::IllegalMove).join(" ");
            assert!(said.contains(own), "{edition} {lex:?}: {said}");
            for other in others {
                assert!(!said.contains(other), "{edition} {lex:?}: {said}");
            }
        }
    }
}
