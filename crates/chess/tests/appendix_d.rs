//! A blind player's game on two boards in chess (the Laws from 2017,
//! Appendix D; the Laws 2005, Supplement items 1–10): an announcement names
//! the board's move whatever notation it is written in, a different one is
//! a difference of the boards at the press (D.2.9), and the refusal of a
//! press before the announcement cites each edition's own article, in both
//! directions.

mod common;
use common::Log;

const EDITIONS: [&str; 4] = ["2005", "2017", "2018", "2023"];

/// `side` announces `mv` at `at` ms.
fn announce(log: &mut Log, at: u64, side: &str, mv: &str) {
    log.raw(&format!(
        "{{\"at\":{at},\"type\":\"announce\",\"side\":\"{side}\",\"move\":\"{mv}\"}}"
    ));
}

#[test]
fn d_2_1_an_announcement_in_uci_names_the_same_move_as_san() {
    for e in EDITIONS {
        let mut log = Log::new(e, r#""visually_disabled":["white"]"#);
        log.made("white", "e4");
        announce(&mut log, 1_500, "white", "e2e4");
        log.at(2_000).press("white");
        let r = log.replay();
        assert!(r.rejected.is_empty(), "{e}: {:?}", r.rejected);
        assert!(!r.announcements[0].differs, "{e}");
        assert!(r.boards_differ.is_empty(), "{e}");
        assert_eq!(r.moves, ["e4"]);
    }
}

#[test]
fn d_2_9_a_different_announcement_at_the_press_leaves_the_boards_different() {
    for e in EDITIONS {
        let mut log = Log::new(e, r#""visually_disabled":["white"]"#);
        log.made("white", "e4");
        announce(&mut log, 1_500, "white", "d4");
        log.at(2_000).press("white");
        let r = log.replay();
        assert!(r.rejected.is_empty(), "{e}: {:?}", r.rejected);
        assert_eq!(r.boards_differ.len(), 1, "{e}");
        let art = if e == "2005" {
            "(Supplement 8)"
        } else {
            "(D.2.9)"
        };
        assert!(
            r.notes.iter().any(|n| n.contains(art)),
            "{e}: {:?}",
            r.notes
        );
    }
}

#[test]
fn d_2_4_the_refused_press_cites_the_editions_own_article() {
    for e in EDITIONS {
        let mut log = Log::new(e, r#""time_control":"600","visually_disabled":["white"]"#);
        log.made("white", "e4").press("white");
        let r = log.replay();
        assert_eq!(r.rejected.len(), 1, "{e}");
        let why = &r.rejected[0].reason;
        let (own, other) = if e == "2005" {
            ("(Supplement 3)", "D.2.4")
        } else {
            ("(D.2.4)", "Supplement")
        };
        assert!(why.contains(own) && !why.contains(other), "{e}: {why}");
        // The refused press stopped nothing: White's clock still runs
        // (the report reads it at the last accepted event, the move).
        let c = r.clock.unwrap();
        assert_eq!((c.white_ms, c.black_ms), (600_000 - 1_000, 600_000), "{e}");
    }
}

#[test]
fn d_2_9_a_retrace_takes_the_board_back() {
    let mut log = Log::new(
        "2023",
        r#""time_control":"600","visually_disabled":["black"]"#,
    );
    log.moves("e4");
    log.made("black", "e5");
    announce(&mut log, 2_500, "black", "e5");
    log.at(3_000).press("black");
    log.at(4_000)
        .mv("white", "Nf3")
        .arbiter(r#""action":"retrace","ply":1,"white_ms":599000,"black_ms":598000"#);
    let r = log.replay();
    assert!(r.rejected.is_empty(), "{:?}", r.rejected);
    assert_eq!(r.moves, ["e4"]);
    assert_eq!(
        r.fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(r.retraces[0].cancelled, ["e5", "Nf3"]);
    let c = r.clock.unwrap();
    assert_eq!((c.white_ms, c.black_ms), (599_000, 598_000));
}
