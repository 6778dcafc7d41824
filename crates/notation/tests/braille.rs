//! Braille golden files for a short game: the sample game of Appendix C (L-C.14), with the
//! draw offer after 11.Kb1 (L-C.12). The golden files were checked by hand, cell by cell,
//! against the table in docs/braille.md (see the decoding comments in `cells_by_hand`).
//! Set UPDATE_GOLDEN=1 to rewrite them after a deliberate change — then review the diff.

use arbiter_notation::braille::{board_to_braille, braille_to_text, to_brf};
use arbiter_notation::scoresheet::{
    ScoreHeader, ScoreMove, scoresheet_braille, scoresheet_brf, scoresheet_text,
};
use arbiter_notation::{LetterSet, Style, position_from_fen};

pub const LC14: &[&str] = &[
    "e4",
    "e5",
    "Nf3",
    "Nf6",
    "d4",
    "exd4",
    "e5",
    "Ne4",
    "Qxd4",
    "d5",
    "exd6 e.p.",
    "Nxd6",
    "Bg5",
    "Nc6",
    "Qe3+",
    "Be7",
    "Nbd2",
    "0-0",
    "0-0-0",
    "Re8",
    "Kb1",
];

fn moves() -> Vec<ScoreMove> {
    LC14.iter()
        .enumerate()
        .map(|(i, m)| ScoreMove {
            mv: m.to_string(),
            clock_ms: Some(5_400_000 - 60_000 * i as u64),
            draw_offered: i == LC14.len() - 1,
            touch: None,
        })
        .collect()
}

fn header() -> ScoreHeader {
    ScoreHeader {
        event: "Appendix C".into(),
        date: "2023-01-01".into(),
        round: "1".into(),
        white: "White".into(),
        black: "Black".into(),
        result: String::new(),
    }
}

fn golden(name: &str, got: &str) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing golden {path}"));
    assert_eq!(got, want, "{name} differs from the reviewed golden file");
}

#[test]
fn braille_scoresheet_matches_golden() {
    golden(
        "lc14.braille.txt",
        &scoresheet_braille(None, &moves(), &header()).unwrap(),
    );
    golden(
        "lc14.brf",
        &scoresheet_brf(None, &moves(), &header()).unwrap(),
    );
    golden(
        "lc14.ru.txt",
        &scoresheet_text(None, &moves(), &header(), Style::Letters(LetterSet::Ru)).unwrap(),
    );
    golden(
        "lc14.board.txt",
        &board_to_braille(&position_from_fen(None).unwrap(), false),
    );
}

/// Independent of the golden files: a few cells written out by hand from docs/braille.md.
#[test]
fn cells_by_hand() {
    let s = scoresheet_braille(None, &moves(), &header()).unwrap();
    let lines: Vec<&str> = s.lines().collect();
    // Header: Event, White, Black, Date.
    assert_eq!(lines.len(), 4 + 11);
    // 1. e4 e5: lower 1 (dot 2), e (dots 1-5), lower 4 (dots 2-5-6), e, lower 5 (dots 2-6).
    assert_eq!(lines[4], "⠂ ⠑⠲ ⠑⠢");
    // 2. Nf3 Nf6: knight = ⠎ (BAUK), f = dots 1-2-4, lower 3 = dots 2-5, lower 6 = dots 2-3-5.
    assert_eq!(lines[5], "⠆ ⠎⠋⠒ ⠎⠋⠖");
    // 6. exd6 e.p. Nxd6: capture ⠭ (dots 1-3-4-6), no e.p. mark.
    assert_eq!(lines[9], "⠖ ⠑⠭⠙⠖ ⠎⠭⠙⠖");
    // 7. Bg5: the bishop with capital sign (dot 6) then b (dots 1-2).
    assert_eq!(lines[10], "⠶ ⠠⠃⠛⠢ ⠎⠉⠖");
    // 8. Qe3+ Be7: check = ⠜⠏.
    assert_eq!(lines[11], "⠦ ⠟⠑⠒⠜⠏ ⠠⠃⠑⠶");
    // 10. 0-0-0: lower zeros (dots 3-5-6) and hyphens (dots 3-6); 10 = lower 1, lower 0.
    assert_eq!(lines[13], "⠂⠴ ⠴⠤⠴⠤⠴ ⠗⠑⠦");
    // 11. Kb1 (=): the draw-offer mark in UEB parentheses and equals.
    assert_eq!(lines[14], "⠂⠂ ⠅⠃⠂ ⠐⠣⠐⠶⠐⠜");
    // BRF of "⠆ ⠎⠋⠒ ⠎⠋⠖" in North American Braille ASCII.
    assert_eq!(to_brf("⠆ ⠎⠋⠒ ⠎⠋⠖"), "2 SF3 SF6");
    // Reading braille back.
    assert_eq!(braille_to_text("⠠⠃⠭⠉⠒").unwrap(), "Bxc3");
    assert_eq!(braille_to_text("⠃⠭⠉⠒").unwrap(), "bxc3");
    assert_eq!(braille_to_text("SF3").unwrap(), "Nf3");
}

#[test]
fn initial_board_in_braille() {
    let b = board_to_braille(&position_from_fen(None).unwrap(), false);
    let lines: Vec<&str> = b.lines().collect();
    assert_eq!(lines.len(), 9);
    // Rank 8: black pieces r n b q k b n r, no dot 7.
    assert_eq!(lines[0], "⠦⠀⠗⠝⠃⠟⠅⠃⠝⠗");
    // Rank 4: empty squares.
    assert_eq!(lines[4], "⠲⠀⠤⠤⠤⠤⠤⠤⠤⠤");
    // Rank 1: white pieces carry dot 7 (U+2840).
    assert_eq!(lines[7], "⠂⠀⡗⡝⡃⡟⡅⡃⡝⡗");
}
