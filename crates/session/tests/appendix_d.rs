//! A blind player's game in the session (the Laws from 2017, Appendix D;
//! the Laws 2005, the Supplement for visually handicapped players): the
//! press that waits for the announcement, said in the player's language
//! with the edition's own article, the announcement said in the Appendix D
//! names, and the assistant's duties (D.2.10; 2005 Supplement, item 9).

mod common;

use arbiter_chess::Chess;
use arbiter_notation::Lexicon;
use arbiter_notation::appendix_d_words::Said;
use arbiter_rules::{Edition, Side};
use arbiter_session::{Event, Input, Kind, Mode};
use common::{Played, assert_replays_chess, header};

fn made(side: Side, mv: &str) -> Input {
    Input::Event(Event::Move {
        side,
        mv: mv.into(),
        press: false,
        lag_ms: None,
    })
}

fn announce(side: Side, mv: &str) -> Input {
    Input::Event(Event::Announce {
        side,
        mv: mv.into(),
    })
}

fn press(side: Side) -> Input {
    Input::Event(Event::Press { side })
}

fn said(p: &Played<Chess>) -> Vec<Said> {
    p.kinds()
        .into_iter()
        .filter_map(|k| match k {
            Kind::AppendixD { said } => Some(said),
            _ => None,
        })
        .collect()
}

/// 2005, 15 minutes (rapid, reduced supervision: a flag counts when
/// claimed). White is blind and has an assistant; the session speaks the
/// Appendix D names (German, `fide-de`).
#[test]
fn the_2005_supplement_with_an_assistant() {
    let mut h = header(Some("900"));
    h.edition = Edition::E2005;
    h.visually_disabled = vec![Side::White];
    h.assistant = vec![Side::White];
    let mut p = Played::new(
        Chess::default(),
        h,
        Mode::OverTheBoard,
        Lexicon::FideDe,
        vec![],
    );
    p.input(0, Input::Start);
    p.input(1_000, made(Side::White, "e4"));
    // Supplement 3: the press waits for the announcement; said in German
    // with the 2005 numbering, and nothing is logged.
    let out = p.input(2_000, press(Side::White));
    assert!(out.log.is_empty());
    let refused = &out.announcements[0].text;
    assert!(refused.contains("(Supplement 3)"), "{refused}");
    assert!(
        refused.contains("Weiß hat den Zug nicht angesagt"),
        "{refused}"
    );
    // The announcement in the Appendix D names: read back to e4.
    let out = p.input(3_000, announce(Side::White, "Bauer Eva vier"));
    assert!(out.log[0].contains(r#""type":"announce","side":"white","move":"e4""#));
    p.input(4_000, press(Side::White));
    // The sighted player touches the blind player's pawn: his assistant
    // tells the controller (2005; the arbiter from 2017).
    let out = p.input(
        4_500,
        Input::Event(Event::Touch {
            side: Side::Black,
            square: "e4".into(),
            man: None,
        }),
    );
    let touch = out
        .announcements
        .iter()
        .map(|a| a.text.clone())
        .collect::<Vec<_>>();
    assert!(
        touch
            .iter()
            .any(|t| t.contains("der Turnierleiter") && t.contains("e4")),
        "{touch:?}"
    );
    p.mv(5_000, "e5");
    // Only when he asks: the moves and the time used (Supplement 9(d)).
    let out = p.s.assistant_tells(5_500, Side::White);
    assert!(out.log.is_empty());
    match &out.announcements[0].kind {
        Kind::AppendixD {
            said:
                Said::AssistantTells {
                    moves,
                    white_used_ms,
                    black_used_ms,
                    ..
                },
        } => {
            assert_eq!(*moves, 1);
            // White: 0–4 s and 5–5.5 s; Black: 4–5 s.
            assert_eq!((*white_used_ms, *black_used_ms), (4_500, 1_000));
        }
        other => panic!("{other:?}"),
    }
    // The sighted player has no assistant: nothing is said to him.
    assert!(
        p.s.assistant_tells(5_500, Side::Black)
            .announcements
            .is_empty()
    );
    p.input(6_000, made(Side::White, "Nf3"));
    p.input(6_500, announce(Side::White, "Nf3"));
    p.input(7_000, press(Side::White));
    // Black's flag falls while nobody is watching: the assistant claims
    // the game for White at once (Supplement 9(e)).
    p.poll(1_000_000);
    let all = said(&p);
    assert!(
        all.iter().any(|s| matches!(
            s,
            Said::AssistantClaimsFlag {
                claimant: Side::White,
                ..
            }
        )),
        "{all:?}"
    );
    let v = assert_replays_chess(&p);
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["announcements"].as_array().unwrap().len(), 2);
}

/// Online the software is the board: a move is its press, whatever the
/// event says; over the board a move may wait for its press (D.2.3).
#[test]
fn a_move_waits_for_its_press_only_over_the_board() {
    for (mode, pressed) in [(Mode::Online, true), (Mode::OverTheBoard, false)] {
        let mut p = Played::new(
            Chess::default(),
            header(Some("300")),
            mode,
            Lexicon::En,
            vec![],
        );
        p.input(0, Input::Start);
        let out = p.input(1_000, made(Side::White, "e4"));
        assert_eq!(out.log[0].contains(r#""press":true"#), pressed, "{mode:?}");
    }
}
