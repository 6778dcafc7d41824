//! Files typed in Cyrillic as a Russian player says them (а б ц д е ф г х,
//! ж for g), in moves and in the squares of commands.

use arbiter_notation::describe::parse_square;
use arbiter_notation::{Lang, Style, parse, position_from_fen, render};

fn san(fen: Option<&str>, text: &str) -> String {
    let pos = position_from_fen(fen).unwrap();
    let (m, _) = parse(&pos, text, None).unwrap_or_else(|e| panic!("{text}: {e}"));
    render(&pos, m, Style::San)
}

#[test]
fn cyrillic_files_in_moves() {
    assert_eq!(san(None, "Кф3"), "Nf3");
    assert_eq!(san(None, "Кф3!"), "Nf3");
    assert_eq!(san(None, "д2-д4"), "d4");
    assert_eq!(san(None, "б4"), "b4");
    assert_eq!(san(None, "г3"), "g3");
    assert_eq!(san(None, "ж3"), "g3");
    assert_eq!(san(None, "х4"), "h4");
    assert_eq!(san(None, "Кб1-ц3"), "Nc3");
    // A rook on a1 with an empty first rank goes to d1.
    let rook = "4k3/8/8/8/8/8/4K3/R7 w - - 0 1";
    assert_eq!(san(Some(rook), "Лд1"), "Rd1");
    assert_eq!(san(Some(rook), "Лх1"), "Rh1");
    // A bishop on d4 takes on c5: long form with the Russian capture sign.
    let bishop = "4k3/8/8/2p5/3B4/8/8/4K3 w - - 0 1";
    assert_eq!(san(Some(bishop), "Сд4:ц5"), "Bxc5");
    assert_eq!(san(Some(bishop), "сд4:ц5"), "Bxc5");
    // `х` stays the capture sign between two squares.
    let pawns = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(san(Some(pawns), "ехд5"), "exd5");
    assert_eq!(san(Some(pawns), "е4хд5"), "exd5");
}

#[test]
fn cyrillic_files_in_squares_of_commands() {
    use shakmaty::Square;
    assert_eq!(parse_square("е4", Lang::Ru).unwrap(), Square::E4);
    assert_eq!(parse_square("г1", Lang::Ru).unwrap(), Square::G1);
    assert_eq!(parse_square("ф3", Lang::Ru).unwrap(), Square::F3);
    assert_eq!(parse_square("д8", Lang::Ru).unwrap(), Square::D8);
    assert_eq!(parse_square("х7", Lang::Ru).unwrap(), Square::H7);
}
