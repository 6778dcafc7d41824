//! The spoken descriptions of towers and moves.
use arbiter_notation::tavreli::speech::{self, Lang};
use arbiter_tavreli::{fen, notation};

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
