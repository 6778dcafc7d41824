//! PGN reading/writing and the spoken descriptions.
use arbiter_tavreli::speech::{self, Lang};
use arbiter_tavreli::{Position, fen, notation, pgn};

#[test]
fn tower_is_described_as_the_issue_says() {
    // the issue's own example sentence, bottom to top: white luchnik,
    // black ratnik, white knyaz
    let p = fen::parse("7k/8/8/8/4(BPRQ)3/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(
        speech::tower(&p, notation::parse_square("e4").unwrap(), Lang::Ru).unwrap(),
        "на e4 башня из трёх: сверху белый князь, под ним белый ратник, белый лучник"
    );
    let p = fen::parse("7k/8/8/8/4(BprQ)3/8/8/K7 w - - 0 1").unwrap();
    assert_eq!(
        speech::tower(&p, notation::parse_square("e4").unwrap(), Lang::Ru).unwrap(),
        "на e4 башня из трёх: сверху белый князь, под ним чёрный ратник, белый лучник"
    );
    assert_eq!(
        speech::tower(&p, notation::parse_square("e4").unwrap(), Lang::En).unwrap(),
        "on e4 a tower of three: on top a white knyaz, below it a black ratnik, a white luchnik"
    );
    assert!(speech::tower(&p, 0, Lang::Ru).is_none() || p.height(0) > 0);
    // a helgi on top is feminine: "под ней"
    let h = fen::parse("7k/8/8/8/4(nH~)3/8/8/K7 w - - 0 1").unwrap();
    let d = speech::tower(&h, notation::parse_square("e4").unwrap(), Lang::Ru).unwrap();
    assert!(d.contains("белая хелги") && d.contains("под ней"), "{d}");
}

#[test]
fn move_descriptions_say_capture_split_and_promotion() {
    let p = fen::parse("7k/8/8/8/8/8/4(rN)3/4K3 w - - 0 1").unwrap();
    let (m, _) = notation::parse_move(&p, "e2-c3").unwrap();
    let d = speech::describe_move(&p, m, Lang::En);
    assert!(
        d.starts_with("tower of two (white vsadnik on top) from e2 to c3"),
        "{d}"
    );
    // game 3's mate, in Russian: the split leaves a ratnik that becomes the helgi
    let q = fen::parse("K6k/8/8/8/8/8/8/6(phn)1 b - - 0 1").unwrap();
    let (m, _) = notation::parse_move(&q, "g1(1)-e2").unwrap();
    let d = speech::describe_move(&q, m, Lang::Ru);
    assert!(d.contains("ратник на g1 становится хелги"), "{d}");
}

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
