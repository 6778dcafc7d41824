//! A blind player's game on two boards, on the toy game: the Laws from
//! 2017, Appendix D (D.2.1 announcements, D.2.3–D.2.5 when a move is made
//! and the clock may be pressed, D.2.8 a slip of the tongue, D.2.9 boards
//! that differ and the arbiter's retrace), and the Laws 2005's Supplement
//! for visually handicapped players, items 1–10, which numbers the same
//! rules its own way and names a "controller" where 2017 names the arbiter.

mod common;

use arbiter_laws::game::Rejection;
use arbiter_laws::log::parse_header;
use arbiter_laws::replay::report;
use arbiter_laws::{Edition, Event, Side};
use common::*;

/// White blind (or `sides`), the edition `e`, 90 minutes.
fn header(e: &str, sides: &str) -> String {
    format!(r#""edition":"{e}","time_control":"5400","visually_disabled":[{sides}]"#)
}

fn announce(t: &mut Table, side: Side, mv: &str) -> Result<(), Rejection> {
    t.apply(Event::Announce {
        side,
        mv: mv.into(),
    })
}

/// D.2.4 (2005 Supplement, item 3): the blind player's press before his
/// announcement is refused, and his clock goes on running as if nothing
/// had been pressed; once announced, the press completes the move. The
/// same press without Appendix D is accepted (the other direction).
#[test]
fn d_2_4_a_press_before_the_announcement_is_refused_and_the_clock_runs_on() {
    for e in EDITIONS {
        let mut t = Table::new(&header(e, r#""white""#));
        t.at = 1_000;
        t.make("step").unwrap();
        t.at = 2_000;
        let r = t.press(Side::White);
        assert_eq!(
            r,
            Err(Rejection::PressBeforeAnnouncement { side: Side::White }),
            "{e}"
        );
        assert!(t.game.press_waits_for_announcement(Side::White));
        t.at = 3_000;
        // White's clock has run since 0: the refused press stopped nothing.
        assert_eq!(t.left(Side::White), 90 * MIN - 3_000, "{e}");
        assert_eq!(t.left(Side::Black), 90 * MIN, "{e}");
        announce(&mut t, Side::White, "step").unwrap();
        t.at = 4_000;
        t.press(Side::White).unwrap();
        t.at = 6_000;
        assert_eq!(t.left(Side::White), 90 * MIN - 4_000, "{e}");
        assert_eq!(t.left(Side::Black), 90 * MIN - 2_000, "{e}");
        assert_eq!(t.game.announcements().len(), 1);

        // Without Appendix D the same press completes the move.
        let mut t = Table::new(&format!(r#""edition":"{e}","time_control":"5400""#));
        t.make("step").unwrap();
        t.press(Side::White).unwrap();
        assert_eq!(t.turn(), Side::Black, "{e}");
    }
}

/// D.2.4: a move and its press at once is a press before any announcement
/// of the move; the whole event is refused and the move is not made.
#[test]
fn d_2_4_a_move_with_its_press_is_refused_for_the_blind_player() {
    let mut t = Table::new(&header("2023", r#""white""#));
    let r = t.play("step");
    assert_eq!(
        r,
        Err(Rejection::PressBeforeAnnouncement { side: Side::White })
    );
    assert!(t.game.plies().is_empty());
}

/// D.2.5 (2005 Supplement, item 4): the sighted player's move is made by
/// the ordinary rules: his press needs no announcement, though he may
/// announce, and his announcement is recorded.
#[test]
fn d_2_5_the_sighted_players_press_needs_no_announcement() {
    let mut t = Table::new(&header("2017", r#""white""#));
    t.make("step").unwrap();
    announce(&mut t, Side::White, "step").unwrap();
    t.press(Side::White).unwrap();
    t.play("step").unwrap();
    assert_eq!(t.turn(), Side::White);
    t.make("step").unwrap();
    announce(&mut t, Side::White, "step").unwrap();
    t.press(Side::White).unwrap();
    t.make("back").unwrap();
    announce(&mut t, Side::Black, "back").unwrap();
    t.press(Side::Black).unwrap();
    assert_eq!(t.game.plies().len(), 4);
    let sides: Vec<Side> = t.game.announcements().iter().map(|a| a.side).collect();
    assert_eq!(sides, [Side::White, Side::White, Side::Black]);
    // Both blind: Black's press waits too.
    let mut t = Table::new(&header("2023", r#""white","black""#));
    t.make("step").unwrap();
    announce(&mut t, Side::White, "step").unwrap();
    t.press(Side::White).unwrap();
    t.make("step").unwrap();
    assert_eq!(
        t.press(Side::Black),
        Err(Rejection::PressBeforeAnnouncement { side: Side::Black })
    );
}

/// D.2.8 (2005 Supplement, item 7): a slip of the tongue corrected by a
/// second announcement before the press: the correction stands, the
/// boards agree, nothing is noted for the arbiter.
#[test]
fn d_2_8_a_slip_of_the_tongue_is_corrected_before_the_press() {
    let mut t = Table::new(&header("2023", r#""white""#));
    t.make("step").unwrap();
    // The toy's pawn stands three steps away: "push" is a legal move, but
    // not the one on the board.
    announce(&mut t, Side::White, "push").unwrap();
    announce(&mut t, Side::White, "step").unwrap();
    t.press(Side::White).unwrap();
    let a = t.game.announcements();
    assert_eq!(a.len(), 2);
    assert!(a[0].differs && !a[0].correction);
    assert!(!a[1].differs && a[1].correction);
    assert_eq!(a[1].ply, Some(0));
    assert!(t.game.boards_differ().is_empty());
    assert!(t.game.notes().is_empty(), "{:?}", t.game.notes());
}

/// D.2.8, D.2.9 (2005 Supplement, items 7 and 8): after the press an
/// announcement corrects nothing and is refused; a press whose standing
/// announcement names another move than the board's leaves the boards
/// different, noted for the arbiter (2017+) or the controller (2005), with
/// each edition's own article.
#[test]
fn d_2_9_after_the_press_the_boards_differ() {
    for (e, art, who) in [
        ("2005", "(Supplement 8)", "controller"),
        ("2017", "(D.2.9)", "arbiter"),
        ("2023", "(D.2.9)", "arbiter"),
    ] {
        let mut t = Table::new(&header(e, r#""white""#));
        t.make("step").unwrap();
        announce(&mut t, Side::White, "push").unwrap();
        t.press(Side::White).unwrap();
        let r = announce(&mut t, Side::White, "step");
        assert_eq!(r, Err(Rejection::AnnounceAfterPress { side: Side::White }));
        let said = r.unwrap_err().text_in(e.parse::<Edition>().unwrap());
        if e == "2005" {
            assert!(
                said.contains("(Supplement 7)") && said.contains(art),
                "{said}"
            );
        } else {
            assert!(said.contains("(D.2.8)") && said.contains(art), "{said}");
        }
        assert_eq!(t.game.boards_differ().len(), 1, "{e}");
        let note = t.game.notes().join(" ");
        assert!(note.contains(art) && note.contains(who), "{e}: {note}");
        assert!(!note.contains(if who == "arbiter" {
            "controller"
        } else {
            "arbiter"
        }));
    }
}

/// D.2.1, D.2.3: an announcement names a move on the board; before any is
/// made there is nothing to announce, and a game with nobody under the
/// rules for blind players takes no announcement at all.
#[test]
fn d_2_3_an_announcement_needs_a_move_on_the_board() {
    let mut t = Table::new(&header("2023", r#""white""#));
    assert_eq!(
        announce(&mut t, Side::White, "step"),
        Err(Rejection::NothingToAnnounce { side: Side::White })
    );
    let mut t = Table::new(r#""edition":"2023","time_control":"5400""#);
    t.make("step").unwrap();
    assert_eq!(
        announce(&mut t, Side::White, "step"),
        Err(Rejection::NotUnderAppendixD)
    );
}

/// The refusal of a press cites each edition's own article: D.2.4 from
/// 2017, the Supplement's item 3 in 2005, in every language.
#[test]
fn each_edition_cites_its_own_article_for_the_press() {
    let r = Rejection::PressBeforeAnnouncement { side: Side::White };
    assert!(r.text_in(Edition::E2023).contains("(D.2.4)"));
    assert!(r.text_in(Edition::E2017).contains("(D.2.4)"));
    let old = r.text_in(Edition::E2005);
    assert!(
        old.contains("(Supplement 3)") && !old.contains("D.2"),
        "{old}"
    );
    assert_eq!(r.article(), "L-D.2.4");
}

/// D.2.9 (2005 Supplement, item 8): the scoresheets disagree, so the
/// arbiter retraces the moves to the last point where they agree and sets
/// the clocks; play goes on from there with the clock of the side to move
/// running, and the moves after it are gone.
#[test]
fn d_2_9_the_arbiter_retraces_and_sets_the_clocks() {
    let mut t = Table::new(&header("2023", r#""white""#));
    for _ in 0..2 {
        t.make("step").unwrap();
        announce(&mut t, Side::White, "step").unwrap();
        t.press(Side::White).unwrap();
        t.play("step").unwrap();
    }
    assert_eq!(t.game.plies().len(), 4);
    assert_eq!(
        t.arbiter(r#""action":"retrace","ply":5,"white_ms":60000,"black_ms":60000"#),
        Err(Rejection::RetraceBeyond { ply: 5, played: 4 })
    );
    assert_eq!(
        t.arbiter(r#""action":"retrace","ply":2,"white_ms":60000"#),
        Err(Rejection::RetraceNeedsClocks)
    );
    assert_eq!(
        t.arbiter(r#""action":"retrace","white_ms":1,"black_ms":1"#),
        Err(Rejection::RetraceNeedsPly)
    );
    t.at = 20_000;
    t.arbiter(r#""action":"retrace","ply":2,"white_ms":3000000,"black_ms":3100000"#)
        .unwrap();
    assert_eq!(t.game.plies().len(), 2);
    assert_eq!(t.turn(), Side::White);
    let c = t.game.timing().clock().unwrap();
    assert_eq!(c.on_move(), Side::White);
    assert_eq!(c.moves_completed(Side::White), 1);
    assert_eq!(c.moves_completed(Side::Black), 1);
    t.at = 25_000;
    assert_eq!(t.left(Side::White), 3_000_000 - 5_000);
    assert_eq!(t.left(Side::Black), 3_100_000);
    let rt = &t.game.retraces()[0];
    assert_eq!((rt.ply, rt.cancelled.len()), (2, 2));
    // Play goes on: White's move again waits for its announcement.
    t.make("step").unwrap();
    assert!(t.press(Side::White).is_err());
    announce(&mut t, Side::White, "step").unwrap();
    t.press(Side::White).unwrap();
    // The report lists the announcements and the retrace.
    let json = serde_json::to_value(report(&t.game, Vec::new())).unwrap();
    assert_eq!(json["retraces"][0]["ply"], 2);
    assert_eq!(json["retraces"][0]["white_ms"], 3_000_000);
    assert_eq!(json["visually_disabled"][0], "white");
    assert_eq!(json["announcements"].as_array().unwrap().len(), 3);
}

/// A retrace is Appendix D's: refused in a game with nobody under it, and
/// once the game is over.
#[test]
fn d_2_9_a_retrace_needs_appendix_d() {
    let mut t = Table::new(r#""edition":"2023","time_control":"5400""#);
    t.plays(&["step", "step"]);
    assert_eq!(
        t.arbiter(r#""action":"retrace","ply":0,"white_ms":1000,"black_ms":1000"#),
        Err(Rejection::NotUnderAppendixD)
    );
    // Without a clock the times are not needed.
    let mut t = Table::new(r#""edition":"2023","visually_disabled":["black"]"#);
    t.plays(&["step"]);
    t.make("step").unwrap();
    announce(&mut t, Side::Black, "step").unwrap();
    t.press(Side::Black).unwrap();
    t.arbiter(r#""action":"retrace","ply":1"#).unwrap();
    assert_eq!(t.game.plies().len(), 1);
    assert_eq!(t.turn(), Side::Black);
}

/// The header's keys are typed: absent means nobody; a side that is no
/// side is refused; both read back as written.
#[test]
fn the_header_keys_are_typed() {
    let h = parse_header(&header_line(r#""edition":"2023""#)).unwrap();
    assert!(h.visually_disabled.is_empty() && h.assistant.is_empty());
    let h = parse_header(&header_line(
        r#""visually_disabled":["white","black"],"assistant":["black"]"#,
    ))
    .unwrap();
    assert_eq!(h.visually_disabled, [Side::White, Side::Black]);
    assert_eq!(h.assistant, [Side::Black]);
    let line = arbiter_laws::writer::header_line(&h).unwrap();
    assert!(
        line.contains(r#""visually_disabled":["white","black"]"#),
        "{line}"
    );
    assert!(parse_header(&header_line(r#""visually_disabled":["grey"]"#)).is_err());
    assert!(parse_header(&header_line(r#""assistant":"white""#)).is_err());
}
