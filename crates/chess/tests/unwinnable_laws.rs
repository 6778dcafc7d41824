//! The exact unwinnability analysis in the Laws: the flag (L-6.9), the
//! resignation of 2023 (L-5.1b), the dead position after a move (L-5.2b)
//! and the 75-move horizon of the editions (L-9.6b), each in both
//! directions. The positions behind a locked wall are taken from
//! chasolver's published test set, whose label (which sides can still mate)
//! is the independent oracle here.

mod common;
use arbiter_laws::Termination;
use std::sync::Arc;

use arbiter_chess::{Chess, StaticMaterial};
use arbiter_laws::log::parse_log;
use arbiter_laws::replay::{replay, report};
use common::Log;

/// White: king, a light bishop, pawns a4 c4 e4 g4; Black: king, two dark
/// bishops, pawns a5 c5 e5 g5. The wall is locked, so Black's bishops can
/// never reach White's king: only White can mate, though the material
/// rules see two bishops and pawns and call Black able to mate.
const WALL: &str = "8/4k3/3b1b2/p1pBp1p1/P1P1P1P1/8/4K3/8 w - - 0 1";
/// The same without White's g-pawn: Black's g-pawn walks to g1 and
/// queens, so Black can mate.
const BROKEN: &str = "8/4k3/3b1b2/p1pBp1p1/P1P1P3/8/4K3/8 w - - 0 1";

/// The label chasolver's test set gives the placement of `fen`.
fn chasolver_label(fen: &str) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/unwinnability/positions.txt"
    );
    let text = std::fs::read_to_string(path).expect("chasolver test set");
    let placement = fen.split(' ').next().unwrap();
    text.lines()
        .find(|l| l.len() > 3 && l[2..].trim().starts_with(placement))
        .map(|l| l[..2].to_string())
        .expect("position in the test set")
}

fn start(fen: &str) -> String {
    format!("\"start\":\"{fen}\",\"time_control\":\"60\"")
}

fn flag(edition: &str, fen: &str) -> (&'static str, Option<Termination>) {
    let mut log = Log::new(edition, &start(fen));
    log.at(61_000).event("flag", "white");
    let r = log.replay();
    (r.result.as_str(), r.termination)
}

#[test]
fn the_oracle_agrees_that_only_white_can_mate_behind_the_wall() {
    assert_eq!(chasolver_label(WALL), "W-");
}

#[test]
fn l_6_9_flag_behind_a_locked_wall_is_a_draw_and_with_a_way_through_a_loss() {
    for e in ["2005", "2017", "2018", "2023"] {
        // White's flag falls; Black cannot mate by any series of legal moves.
        assert_eq!(
            flag(e, WALL),
            ("1/2-1/2", Some(Termination::TimeForfeit)),
            "{e}"
        );
        // With the g-file open Black can queen and mate: White loses.
        assert_eq!(
            flag(e, BROKEN),
            ("0-1", Some(Termination::TimeForfeit)),
            "{e}"
        );
    }
}

#[test]
fn the_static_material_test_alone_scores_the_walled_flag_as_a_loss() {
    // What the exact analysis changes: the material rules see two bishops.
    let mut log = Log::new("2023", &start(WALL));
    log.at(61_000).event("flag", "white");
    let parsed = parse_log(&log.text()).unwrap();
    let (game, rejected) = replay(Chess::with_oracle(Arc::new(StaticMaterial)), &parsed).unwrap();
    assert_eq!(report(&game, rejected).result.as_str(), "0-1");
}

#[test]
fn l_5_1b_resignation_behind_the_wall_draws_in_2023_only() {
    let resign = |e: &str, fen: &str| {
        let mut log = Log::new(e, &start(fen));
        log.event("resign", "white");
        log.replay().result.as_str()
    };
    assert_eq!(resign("2023", WALL), "1/2-1/2");
    assert_eq!(resign("2017", WALL), "0-1");
    assert_eq!(resign("2018", WALL), "0-1");
    // With a way through Black can mate: a loss in 2023 too.
    assert_eq!(resign("2023", BROKEN), "0-1");
}

/// Black's king on b8 has no square and never will (White's b-pawns and
/// bishop are jammed in front of it), so Black has nothing but three
/// pawn moves a turn; White's king may take them and free a file for a
/// new White piece that a Black pawn could take and queen with, but Black
/// runs out of pawn moves first. Black cannot mate: only a count of the
/// tempo shows it (the winner's pushes left against the loser's fastest
/// way to free its pawns), made at each position of the complete
/// enumeration.
const TEMPO: &str = "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1";
/// The same with one more Black pawn on h5: the tempo it adds lets Black
/// queen and mate.
const TEMPO_PLUS: &str = "1k6/1P1p1p1p/BP6/1P5p/8/8/3P1PKP/8 w - - 0 1";

#[test]
fn l_6_9_a_flag_is_a_draw_where_only_a_count_of_tempo_shows_no_mate() {
    assert_eq!(chasolver_label(TEMPO), "W-");
    assert_eq!(chasolver_label(TEMPO_PLUS), "WB");
    for e in ["2005", "2023"] {
        assert_eq!(
            flag(e, TEMPO),
            ("1/2-1/2", Some(Termination::TimeForfeit)),
            "{e}"
        );
        assert_eq!(
            flag(e, TEMPO_PLUS),
            ("0-1", Some(Termination::TimeForfeit)),
            "{e}"
        );
    }
}

/// Kings and pawns; Black's g-pawn on g6 leaves a gap: White's f5 and h5
/// pawns attack it and it attacks them, so the wall can still break.
const GAP: &str = "4k3/8/1p1p1ppp/pPpPpP1P/P1P1P1P1/8/8/4K3 b - - 0 1";

#[test]
fn l_5_2b_a_move_that_locks_the_wall_ends_the_game_at_once() {
    for e in ["2005", "2023"] {
        // ...g5 closes the last file: no pawn can move or capture again and
        // neither king can pass: dead at once.
        let mut log = Log::new(e, &start(GAP));
        log.mv("black", "g5");
        let r = log.replay();
        assert_eq!(
            (r.result.as_str(), r.termination, r.ply),
            ("1/2-1/2", Some(Termination::DeadPosition), 1),
            "{e}"
        );
        // ...Kd7 keeps the gap (fxg6 or hxg6 still opens it): play goes on.
        let mut log = Log::new(e, &start(GAP));
        log.mv("black", "Kd7").mv("white", "Kd2");
        let r = log.replay();
        assert_eq!((r.result.as_str(), r.termination), ("*", None), "{e}");
    }
}

/// Black has king and rook, White a lone king in the centre; White to
/// move, with 148 plies already played without a capture or pawn move.
const LATE: &str = "k7/8/8/8/4K3/8/8/7r w - - 148 120";

#[test]
fn l_9_6b_horizon_decides_the_flag_from_2017_but_not_in_2005() {
    // 2005 (no 75-move rule): Black can mate some day, so White loses.
    assert_eq!(flag("2005", LATE), ("0-1", Some(Termination::TimeForfeit)));
    // 2017 on: two quiet plies are left before the 75-move rule ends the
    // game, and no mate of a king in the centre takes one reply: a draw.
    for e in ["2017", "2018", "2023"] {
        assert_eq!(
            flag(e, LATE),
            ("1/2-1/2", Some(Termination::TimeForfeit)),
            "{e}"
        );
    }
    // The same men with the count at zero: the rook has time, a loss.
    let early = LATE.replace(" 148 ", " 0 ");
    assert_eq!(
        flag("2023", &early),
        ("0-1", Some(Termination::TimeForfeit))
    );
}

#[test]
fn l_7_5e_second_illegal_move_behind_the_wall_is_a_draw() {
    let ladder = |e: &str, fen: &str, n: usize| {
        let mut log = Log::new(e, &start(fen));
        for _ in 0..n {
            log.mv("white", "Ke4"); // onto White's own pawn: illegal (L-7.5a)
        }
        let r = log.replay();
        (r.result.as_str(), r.termination)
    };
    let draw = ("1/2-1/2", Some(Termination::IllegalMoves));
    let loss = ("0-1", Some(Termination::IllegalMoves));
    assert_eq!(ladder("2023", WALL, 2), draw);
    assert_eq!(ladder("2023", BROKEN, 2), loss);
}
