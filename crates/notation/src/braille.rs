//! Braille (L-D.2.7: the blind player's score may be kept in braille).
//!
//! The chess cells follow the BAUK Braille Chess Code where its rules could be confirmed
//! (move numbers and ranks as *lower* digits without a numeric indicator; ♘ = ⠎; ⠜ before
//! a check sign) and `docs/braille.md` documents every cell, including our own choices.
//! Text (names, headers) is uncontracted: English letters as in UEB grade 1, Russian
//! letters as in Russian literary braille. Everything here is table-driven and pure;
//! BRF is the North American Braille ASCII mapping of the same 6-dot cells.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square};

use crate::error::{ErrorKind, NotationError};

/// Dot numbers → Unicode braille cell.
pub const fn cell(dots: &[u8]) -> char {
    let mut bits = 0u32;
    let mut i = 0;
    while i < dots.len() {
        bits |= 1 << (dots[i] - 1);
        i += 1;
    }
    match char::from_u32(0x2800 + bits) {
        Some(c) => c,
        None => ' ',
    }
}

/// Lower digits 0–9 (BAUK 1.3: move numbers and ranks are written low, no indicator).
const LOWER: [char; 10] = ['⠴', '⠂', '⠆', '⠒', '⠲', '⠢', '⠖', '⠶', '⠦', '⠔'];
/// Upper digits a–j, used after the numeric indicator ⠼ in plain text.
const UPPER: [char; 10] = ['⠚', '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊'];
const LATIN: [char; 26] = [
    '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊', '⠚', '⠅', '⠇', '⠍', '⠝', '⠕', '⠏', '⠟', '⠗', '⠎',
    '⠞', '⠥', '⠧', '⠺', '⠭', '⠽', '⠵',
];
/// Russian literary braille, а…я (with ё after е).
const CYRILLIC: [(char, char); 33] = [
    ('а', '⠁'),
    ('б', '⠃'),
    ('в', '⠺'),
    ('г', '⠛'),
    ('д', '⠙'),
    ('е', '⠑'),
    ('ё', '⠡'),
    ('ж', '⠚'),
    ('з', '⠵'),
    ('и', '⠊'),
    ('й', '⠯'),
    ('к', '⠅'),
    ('л', '⠇'),
    ('м', '⠍'),
    ('н', '⠝'),
    ('о', '⠕'),
    ('п', '⠏'),
    ('р', '⠗'),
    ('с', '⠎'),
    ('т', '⠞'),
    ('у', '⠥'),
    ('ф', '⠋'),
    ('х', '⠓'),
    ('ц', '⠉'),
    ('ч', '⠟'),
    ('ш', '⠱'),
    ('щ', '⠭'),
    ('ъ', '⠷'),
    ('ы', '⠮'),
    ('ь', '⠾'),
    ('э', '⠪'),
    ('ю', '⠳'),
    ('я', '⠫'),
];

/// Piece cells in moves (docs/braille.md §Pieces). The bishop carries the capital sign
/// ⠠ because ⠃ alone is the b-file: without it "Bxc3" and "bxc3" would be one text.
fn piece_cells(role: Role) -> &'static str {
    match role {
        Role::King => "⠅",
        Role::Queen => "⠟",
        Role::Rook => "⠗",
        Role::Bishop => "⠠⠃",
        Role::Knight => "⠎",
        Role::Pawn => "",
    }
}

const CAPTURE: char = '⠭';
const HYPHEN: char = '⠤';
const CHECK: &str = "⠜⠏";
const MATE: &str = "⠜⠏⠏";
/// "(=)", the draw-offer mark (L-C.12), as UEB writes "(", "=", ")".
pub const DRAW_OFFER: &str = "⠐⠣⠐⠶⠐⠜";
/// "(T)", the scoresheet's mark of a move made after an upheld touch-move
/// claim, as UEB writes "(", capital "T", ")".
pub const TOUCH_AFTER_CLAIM: &str = "⠐⠣⠠⠞⠐⠜";
/// "(T*)", the scoresheet's mark of a touch-move breach that stood, as UEB
/// writes "(", capital "T", "*", ")".
pub const TOUCH_BREACH: &str = "⠐⠣⠠⠞⠐⠔⠐⠜";

fn push_square(s: &mut String, sq: Square) {
    s.push(LATIN[sq.file().to_usize()]);
    s.push(LOWER[sq.rank().to_usize() + 1]);
}

/// Writes a number in lower digits (move numbers, BAUK 1.3).
pub fn lower_number(n: u32) -> String {
    n.to_string()
        .bytes()
        .map(|b| LOWER[(b - b'0') as usize])
        .collect()
}

/// A move in braille, short algebraic: `⠎⠋⠒` for Nf3, `⠑⠭⠙⠢` for exd5, `⠴⠤⠴` for 0-0.
pub fn move_to_braille(pos: &Chess, m: Move) -> String {
    let sp = SanPlus::from_move(pos.clone(), m);
    let mut s = String::new();
    match sp.san {
        San::Castle(CastlingSide::KingSide) => s.extend([LOWER[0], HYPHEN, LOWER[0]]),
        San::Castle(CastlingSide::QueenSide) => {
            s.extend([LOWER[0], HYPHEN, LOWER[0], HYPHEN, LOWER[0]])
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            s.push_str(piece_cells(role));
            if let Some(f) = file {
                s.push(LATIN[f.to_usize()]);
            }
            if let Some(r) = rank {
                s.push(LOWER[r.to_usize() + 1]);
            }
            if capture {
                s.push(CAPTURE);
            }
            push_square(&mut s, to);
            if let Some(p) = promotion {
                s.push_str(piece_cells(p));
            }
        }
        San::Put { .. } | San::Null => s.push(HYPHEN),
    }
    match sp.suffix {
        Some(Suffix::Check) => s.push_str(CHECK),
        Some(Suffix::Checkmate) => s.push_str(MATE),
        None => {}
    }
    s
}

/// Reads braille move cells (Unicode, or BRF ASCII) back into a written move that the
/// lenient parser understands (`⠠⠃⠭⠉⠒` → `Bxc3`).
pub fn braille_to_text(input: &str) -> Result<String, NotationError> {
    let cells: Vec<char> = if input
        .chars()
        .any(|c| ('\u{2800}'..='\u{28ff}').contains(&c))
    {
        input.chars().collect()
    } else {
        input
            .chars()
            .map(|c| from_brf_char(c).unwrap_or(c))
            .collect()
    };
    let mut out = String::new();
    let mut i = 0;
    while i < cells.len() {
        let c = cells[i];
        let next = cells.get(i + 1).copied();
        if c == '⠠' && next == Some('⠃') {
            out.push('B');
            i += 2;
            continue;
        }
        if c == '⠜' && next == Some('⠏') {
            if cells.get(i + 2) == Some(&'⠏') {
                out.push('#');
                i += 3;
            } else {
                out.push('+');
                i += 2;
            }
            continue;
        }
        let t = match c {
            '⠅' => 'K',
            '⠟' => 'Q',
            '⠗' => 'R',
            '⠎' => 'N',
            '⠭' => 'x',
            '⠤' => '-',
            ' ' | '⠀' => ' ',
            _ => {
                if let Some(d) = LOWER.iter().position(|&l| l == c) {
                    (b'0' + d as u8) as char
                } else if let Some(k) = LATIN[..8].iter().position(|&l| l == c) {
                    (b'a' + k as u8) as char
                } else {
                    return Err(NotationError::new(
                        ErrorKind::Syntax("not a braille chess cell"),
                        i,
                        input,
                    ));
                }
            }
        };
        out.push(t);
        i += 1;
    }
    Ok(out)
}

/// North American Braille ASCII: the BRF character of each 6-dot cell, indexed by the
/// cell's dot bits (dot 1 = bit 0 … dot 6 = bit 5).
const BRF: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// Unicode braille → BRF. Cells with dots 7/8 have no BRF form and become '?'.
pub fn to_brf(unicode: &str) -> String {
    unicode
        .chars()
        .map(|c| {
            let u = c as u32;
            if (0x2800..0x2840).contains(&u) {
                BRF[(u - 0x2800) as usize] as char
            } else if c == '\n' || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .collect()
}

fn from_brf_char(c: char) -> Option<char> {
    let up = c.to_ascii_uppercase() as u8;
    BRF.iter()
        .position(|&b| b == up)
        .and_then(|i| char::from_u32(0x2800 + i as u32))
}

/// Plain text (names, headers) in uncontracted braille: Latin as UEB grade 1 (capital
/// sign ⠠), Cyrillic as Russian literary braille, digits with the numeric indicator ⠼.
pub fn text_to_braille(text: &str) -> String {
    let mut s = String::new();
    let mut in_number = false;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            if !in_number {
                s.push('⠼');
                in_number = true;
            }
            s.push(UPPER[d as usize]);
            continue;
        }
        in_number = false;
        let lower = c.to_lowercase().next().unwrap_or(c);
        if c.is_ascii_alphabetic() {
            if c.is_ascii_uppercase() {
                s.push('⠠');
            }
            s.push(LATIN[(lower as u8 - b'a') as usize]);
        } else if let Some((_, b)) = CYRILLIC.iter().find(|(k, _)| *k == lower) {
            if c.is_uppercase() {
                s.push('⠠');
            }
            s.push(*b);
        } else {
            s.push(match c {
                ' ' => ' ',
                '\n' => '\n',
                '.' => '⠲',
                ',' => '⠂',
                ':' => '⠒',
                ';' => '⠆',
                '-' | '–' | '—' => '⠤',
                '/' => '⠌',
                '(' => '⠣',
                ')' => '⠜',
                '½' => '⠆',
                _ => '⠿',
            });
        }
    }
    s
}

/// The board as braille text, rank 8 first, one line per rank, for refreshable displays
/// (8-dot braille): a lower rank digit, a blank, then eight cells. A piece is its FEN letter
/// (k q r b n p); White's pieces add dot 7 (the computer-braille capital dot, as FEN uses
/// capitals); an empty square is ⠤. The last line names the files.
pub fn board_to_braille(pos: &Chess, from_black: bool) -> String {
    let board = pos.board();
    let mut lines = Vec::new();
    let ranks: Vec<u32> = if from_black {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let files: Vec<u32> = if from_black {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    for r in &ranks {
        let mut line = String::new();
        line.push(LOWER[*r as usize + 1]);
        line.push('⠀');
        for f in &files {
            let sq = Square::from_coords(shakmaty::File::new(*f), shakmaty::Rank::new(*r));
            match board.piece_at(sq) {
                None => line.push(HYPHEN),
                Some(p) => {
                    let letter = LATIN[(p.role.char() as u8 - b'a') as usize] as u32;
                    let bits = letter - 0x2800 + if p.color == Color::White { 0x40 } else { 0 };
                    line.push(char::from_u32(0x2800 + bits).unwrap_or('⠿'));
                }
            }
        }
        lines.push(line);
    }
    let mut footer = String::from("⠀⠀");
    for f in &files {
        footer.push(LATIN[*f as usize]);
    }
    lines.push(footer);
    lines.join("\n")
}

/// The page of an embosser: cells a line and lines a page. The common
/// braille page is 40 cells by 25 lines (11 by 11.5 inches), the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// Cells on a line (at least 1).
    pub cells: usize,
    /// Lines on a page (at least 1).
    pub lines: usize,
}

impl Default for Page {
    fn default() -> Page {
        Page {
            cells: 40,
            lines: 25,
        }
    }
}

/// BRF text laid out for an embosser: every line wrapped to `page.cells`
/// (at the last blank cell that fits, else cut), lines ended with CR LF,
/// and a form feed after every full page of `page.lines` lines, so that no
/// line runs off the paper and no page runs over the fold.
pub fn paginate_brf(brf: &str, page: Page) -> String {
    let cells = page.cells.max(1);
    let per_page = page.lines.max(1);
    let mut lines = Vec::new();
    for line in brf.lines() {
        wrap_into(line.trim_end_matches('\r'), cells, &mut lines);
    }
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 && i % per_page == 0 {
            out.push('\u{c}');
        }
        out.push_str(line);
        out.push_str("\r\n");
    }
    out
}

/// Cuts one line into pieces of at most `cells` cells, at a blank cell
/// where there is one (the blank itself is dropped).
fn wrap_into(line: &str, cells: usize, out: &mut Vec<String>) {
    let mut rest: Vec<char> = line.chars().collect();
    while rest.len() > cells {
        let cut = rest[..=cells]
            .iter()
            .rposition(|&c| c == ' ')
            .filter(|&p| p > 0);
        match cut {
            Some(p) => {
                out.push(rest[..p].iter().collect());
                rest.drain(..=p);
            }
            None => {
                out.push(rest[..cells].iter().collect());
                rest.drain(..cells);
            }
        }
    }
    out.push(rest.into_iter().collect());
}
