//! A game cannot start from a position the Laws have already ended: the
//! side to move mated (L-5.1a) or stalemated (L-5.2a), neither side able
//! to mate (L-5.2b), or, where the edition ends games by itself, a halfmove
//! clock already at the 75-move rule (L-9.6b). Each case is tested in both
//! directions: beside each ended start is a near one that is still a game.
//! A stored log is still read from such a start, as it was written.

use arbiter_chess::Chess;
use arbiter_laws::log::{Header, parse_log};
use arbiter_laws::replay::{
    START_OVER, TAVRELI_RULES_ARE_NOT_CHESS, new_game, playable_start, replay,
};
use arbiter_laws::{HeaderError, Termination};
use arbiter_rules::Edition;

/// The editions of the Laws of chess.
const CHESS: [Edition; 4] = [
    Edition::E2005,
    Edition::E2017,
    Edition::E2018,
    Edition::E2023,
];

fn header(edition: Edition, fen: &str) -> Header {
    let mut h = Header::new("White", "Black", Some("900+10"));
    h.edition = edition;
    h.start = Some(fen.to_string());
    h
}

/// How the Laws would already have ended a game starting from `fen`.
fn over(edition: Edition, fen: &str) -> Option<Termination> {
    let game = new_game(Chess::default(), &header(edition, fen)).expect("a legal start");
    game.over_at_start()
}

/// The label chasolver's test set gives `fen` (which sides can still mate),
/// the independent oracle for the dead positions.
fn chasolver_label(fen: &str) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/unwinnability/positions.txt"
    );
    let text = std::fs::read_to_string(path).expect("chasolver test set");
    text.lines()
        .find(|l| l.len() > 3 && l[2..].trim() == fen.trim_end_matches(" 0 1"))
        .map(|l| l[..2].to_string())
        .expect("position in the test set")
}

#[test]
fn l_5_1a_a_mated_start_is_over_and_the_same_men_with_the_king_free_are_not() {
    for e in CHESS {
        assert_eq!(
            over(e, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"),
            Some(Termination::Checkmate),
            "{e:?}"
        );
        // The queen checks from a1 instead: b8 is free, so Black has a move.
        assert_eq!(over(e, "k7/8/1K6/8/8/8/8/Q7 b - - 0 1"), None, "{e:?}");
    }
}

#[test]
fn l_5_2a_a_stalemated_start_is_over_and_with_the_other_side_to_move_it_is_not() {
    for e in CHESS {
        assert_eq!(
            over(e, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"),
            Some(Termination::Stalemate),
            "{e:?}"
        );
        assert_eq!(over(e, "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1"), None, "{e:?}");
    }
}

#[test]
fn l_5_2b_a_dead_start_behind_a_locked_wall_is_over_and_one_with_a_way_through_is_not() {
    let dead = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";
    let alive = "4k3/8/8/p1p1p1p1/P1P1P3/8/8/4K3 w - - 0 1";
    assert_eq!(chasolver_label(dead), "--");
    for e in CHESS {
        assert_eq!(over(e, dead), Some(Termination::DeadPosition), "{e:?}");
        // White's h-file is open: the g5 pawn walks through and queens.
        assert_eq!(over(e, alive), None, "{e:?}");
    }
}

#[test]
fn l_9_6b_a_start_at_the_75_move_rule_is_over_only_where_the_edition_ends_games_by_itself() {
    let at_150 = "k7/8/1K6/8/8/8/8/6Q1 w - - 150 200";
    let at_149 = "k7/8/1K6/8/8/8/8/6Q1 w - - 149 200";
    for e in [Edition::E2017, Edition::E2018, Edition::E2023] {
        assert_eq!(
            over(e, at_150),
            Some(Termination::SeventyFiveMoves),
            "{e:?}"
        );
        // One quiet ply left: Qg8 mates on it, and a mate stands (L-9.6b).
        assert_eq!(over(e, at_149), None, "{e:?}");
    }
    // The 2005 Laws end no game by the move count alone.
    assert_eq!(over(Edition::E2005, at_150), None);
}

#[test]
fn a_new_game_refuses_an_ended_start_with_its_ending_and_a_stored_log_is_still_read() {
    let fen = "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1";
    let game = new_game(Chess::default(), &header(Edition::E2023, fen)).unwrap();
    let why = playable_start(&game).unwrap_err();
    assert!(matches!(
        why,
        HeaderError::OverAtStart(Termination::Checkmate)
    ));
    assert_eq!(
        why.to_string(),
        format!("header start: {START_OVER}checkmate")
    );
    let live = new_game(
        Chess::default(),
        &header(Edition::E2023, "k7/8/1K6/8/8/8/8/Q7 b - - 0 1"),
    )
    .unwrap();
    assert!(playable_start(&live).is_ok());
    // A log written from that start is folded as it stands: the game is
    // read from the header, as `arbiter replay` and a resumed hall game
    // read it.
    let line = serde_json::to_string(&header(Edition::E2023, fen)).unwrap();
    let log = parse_log(&format!("{line}\n")).expect("log");
    let (game, rejected) = replay(Chess::default(), &log).expect("folded");
    assert!(game.plies().is_empty() && rejected.is_empty());
    assert_eq!(game.over_at_start(), Some(Termination::Checkmate));
}

/// The Tavreli rules (the tournament rules of the Tavreli book) are Tavreli's: a new chess game
/// under them is refused, under any edition of the Laws of chess it is a
/// game; a stored log is still read as it was written.
#[test]
fn a_new_chess_game_is_not_played_under_the_tavreli_rules() {
    let start = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let game = new_game(Chess::default(), &header(Edition::Tavreli, start)).unwrap();
    let why = playable_start(&game).unwrap_err();
    assert!(matches!(why, HeaderError::VariantNotUnderEdition { .. }));
    assert_eq!(why.to_string(), TAVRELI_RULES_ARE_NOT_CHESS);
    for e in CHESS {
        let game = new_game(Chess::default(), &header(e, start)).unwrap();
        assert!(playable_start(&game).is_ok(), "{e:?}");
    }
    let line = serde_json::to_string(&header(Edition::Tavreli, start)).unwrap();
    let log = parse_log(&format!("{line}\n")).expect("log");
    let (game, rejected) = replay(Chess::default(), &log).expect("folded");
    assert!(rejected.is_empty() && game.outcome().is_none());
}
