//! PGN reading and writing.
use arbiter_tavreli::{Position, pgn};

#[test]
fn pgn_reader_handles_comments_numbers_variations_and_results() {
    let text = r#"[Event "Test \"quoted\""]
[Variant "Tavreli"]

{opening comment} 1. e2-e4 {a ratnik} e7-e5 2. g1-f3 (2. d2-d4 d7-d5) 2... b8-c6 ; line comment
3. f3(1)-g5 $1 1-0

[Event "Second"]
[Variant "Таврели"]

1.c1-d2 d8-e7 *
"#;
    let games = pgn::read_games(text);
    assert_eq!(games.len(), 2);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.tag("Event"), Some("Test \"quoted\""));
    let toks: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(toks, ["e2-e4", "e7-e5", "g1-f3", "b8-c6", "f3(1)-g5"]);
    assert_eq!(g.leading_comments, ["opening comment"]);
    assert_eq!(g.moves[0].comments, ["a ratnik"]);
    assert_eq!(g.moves[3].comments, ["line comment"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    let g2 = games[1].as_ref().unwrap();
    assert!(g2.is_tavreli());
    assert_eq!(g2.moves.len(), 2);
    assert_eq!(g2.moves[0].text, "c1-d2");
}

#[test]
fn pgn_errors_name_line_and_token() {
    let bad = "[Event \"x\"\n\n1. e2-e4 *\n";
    let e = pgn::read_games(bad).remove(0).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.reason.contains("]"));
    let bad2 = "[Event \"x\"]\n\n1. e2-e4 { never closed\n";
    let e = pgn::read_games(bad2).remove(0).unwrap_err();
    assert!(e.reason.contains("comment"), "{e}");
    let bad3 = "[Event \"x\"]\n\n1. e2-e4 * e7-e5\n";
    assert!(pgn::read_games(bad3).remove(0).is_err());
}

#[test]
fn pgn_writer_round_trips_the_records() {
    let src = include_str!("data/games.pgn");
    for g in pgn::read_games(src) {
        let g = g.unwrap();
        let written = pgn::write_game(&g);
        let again = pgn::read_games(&written).remove(0).unwrap();
        let strip = |g: &pgn::PgnGame| {
            (
                g.tags.clone(),
                g.result.clone(),
                g.moves
                    .iter()
                    .map(|m| (m.text.clone(), m.comments.clone()))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(strip(&again), strip(&g));
        assert!(
            written
                .lines()
                .all(|l| l.chars().count() <= 79 || l.starts_with('['))
        );
    }
    let _ = Position::initial();
}
