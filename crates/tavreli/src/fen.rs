//! The Tavreli position text: FEN extended with stacks (`docs/tavreli-position.md`).
//!
//! `RNBQKBNR` style letters, but a square may hold a stack written bottom to
//! top in parentheses, and a ratnik is written with its promotion mark (the
//! mark is part of the man, tavreli-rules.md §1), so the text names every man a
//! position needs to play on identically.

use crate::board::{B, BASE, H, MARK, N, NO_SQ, NONE, P, Position, Q, R, V, square_name};
use std::fmt;

/// A malformed position text: the offending token and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The part of the text in error, as given.
    pub token: String,
    /// Why it cannot be read, in English.
    pub reason: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position text: `{}`: {}", self.token, self.reason)
    }
}
impl std::error::Error for PositionError {}

fn err<T>(token: impl Into<String>, reason: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError {
        token: token.into(),
        reason: reason.into(),
    })
}

const LETTERS: [char; 7] = ['K', 'Q', 'R', 'B', 'N', 'P', 'H'];

fn kind_letter(k: usize) -> char {
    LETTERS[k]
}

fn man_token(pos: &Position, m: u8, sq: u8, bottom: bool) -> String {
    let white = m < 16;
    let case = |c: char| if white { c } else { c.to_ascii_lowercase() };
    let base = BASE[(m & 15) as usize] as usize;
    let mut s = String::new();
    if base == P {
        let mark = MARK[(m & 15) as usize] as usize;
        if pos.promoted >> m & 1 != 0 {
            s.push(case(kind_letter(mark)));
            s.push('~');
        } else {
            s.push(case('P'));
            s.push(case(kind_letter(mark)));
            let moved = pos.moved >> m & 1 != 0;
            if moved && bottom && unmoved_site(m, sq) {
                s.push('\'');
            }
        }
    } else {
        s.push(case(kind_letter(base)));
    }
    s
}

/// Whether a ratnik could be unmoved on `sq`: its own start rank and a file
/// whose ratnik carries the same mark.
fn unmoved_site(m: u8, sq: u8) -> bool {
    let start_rank = if m < 16 { 1 } else { 6 };
    sq / 8 == start_rank && MARK[8 + (sq % 8) as usize] == MARK[(m & 15) as usize]
}

/// Writes the position text.
pub fn to_text(pos: &Position) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let st = stack_ids(pos, sq);
            if st.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            if st.len() > 1 {
                s.push('(');
            }
            for (i, &m) in st.iter().enumerate() {
                s.push_str(&man_token(pos, m, sq, i == 0));
            }
            if st.len() > 1 {
                s.push(')');
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if pos.side == 0 { 'w' } else { 'b' });
    s.push(' ');
    let mut c = String::new();
    for (side, ch) in [(0u8, ['K', 'Q']), (1, ['k', 'q'])] {
        let vk = side * 16 + 4;
        if pos.moved >> vk & 1 == 0
            && pos.volkhv_square_raw(side) == Some(if side == 0 { 4 } else { 60 })
        {
            if pos.moved >> (side * 16 + 7) & 1 == 0 {
                c.push(ch[0]);
            }
            if pos.moved >> (side * 16) & 1 == 0 {
                c.push(ch[1]);
            }
        }
    }
    s.push_str(if c.is_empty() { "-" } else { &c });
    s.push(' ');
    s.push_str(&square_name(pos.ep));
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    s
}

fn stack_ids(pos: &Position, sq: u8) -> Vec<u8> {
    let mut v = Vec::new();
    let mut m = pos.top_id(sq);
    while m != NONE {
        v.push(m);
        m = pos.below[m as usize];
    }
    v.reverse();
    v
}

/// A man as read, before it gets its identity.
#[derive(Clone, Copy, Debug)]
struct Spec {
    white: bool,
    kind: usize,
    /// For ratniks: the mark.
    mark: Option<usize>,
    promoted: bool,
    moved_mark: bool,
}

/// Reads a position text. Never panics; errors name the token and reason.
///
/// The text has the format's own parts, read in turn: the board (ranks, towers,
/// men), the side to move, the castling rights, the en passant square and the
/// two counters; then every man gets his identity (which of the 16 he is), and
/// the position is checked as a whole.
pub fn parse(text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return err("", "empty position text");
    }
    if fields.len() != 4 && fields.len() != 6 {
        return err(
            text,
            format!(
                "expected 6 fields (board, side, castling, en passant, halfmove clock, move number), found {}",
                fields.len()
            ),
        );
    }
    let board = fields[0];
    let men = parse_board(board)?;
    let side = match fields[1] {
        "w" => 0u8,
        "b" => 1,
        t => return err(t, "side to move must be `w` or `b`"),
    };
    let castling = fields[2];
    check_castling_field(castling)?;
    let ep = match fields[3] {
        "-" => NO_SQ,
        t => match crate::notation::parse_square(t) {
            Some(s) => s,
            None => return err(t, "en passant field must be a square or `-`"),
        },
    };
    let (halfmove, fullmove) = parse_counters(&fields)?;
    let (id_of, moved) = identities(&men, castling, board)?;
    let mut pos = Position::empty();
    let mut promoted = 0u32;
    // build stacks bottom-up
    let mut order: Vec<usize> = (0..men.len()).collect();
    order.sort_by_key(|&i| (men[i].0, men[i].1));
    for &i in &order {
        let id = id_of[i].unwrap_or(0);
        pos.push_man(men[i].0, id);
        if men[i].2.promoted {
            promoted |= 1 << id;
        }
    }
    pos.moved = (moved | castling_lost(castling)) & crate::board::TRACKED;
    pos.promoted = promoted;
    pos.side = side;
    pos.ep = ep;
    pos.halfmove = halfmove;
    pos.fullmove = fullmove;
    pos.refresh();
    check_stacks(&pos, board)?;
    check_en_passant(&pos, side, ep, fields[3])?;
    let them = (side ^ 1) as usize;
    let ks = pos.volkhv_sq(them);
    if pos.attackers(ks, side as usize, pos.occ) != 0 {
        return err(
            board,
            format!(
                "the side not to move ({}) is in check",
                side_name(them as u8)
            ),
        );
    }
    Ok(pos)
}

/// A man of the board as read: his square, his level from the bottom, what he is.
type Placed = (u8, usize, Spec);

/// The board field: 8 ranks separated by `/`.
fn parse_board(board: &str) -> Result<Vec<Placed>, PositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return err(
            board,
            format!(
                "the board needs 8 ranks separated by `/`, found {}",
                ranks.len()
            ),
        );
    }
    let mut men: Vec<Placed> = Vec::new();
    for (ri, rtext) in ranks.iter().enumerate() {
        parse_rank(ri, rtext, &mut men)?;
    }
    Ok(men)
}

/// One rank, top rank first (`ri` 0 is rank 8): digits for empty squares,
/// letters for lone men, `( … )` for a tower.
fn parse_rank(ri: usize, rtext: &str, men: &mut Vec<Placed>) -> Result<(), PositionError> {
    let rank = 7 - ri as u8;
    let mut file = 0u8;
    let chars: Vec<char> = rtext.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if file >= 8 {
            return err(
                rtext,
                format!("rank {} describes more than 8 squares", rank + 1),
            );
        }
        if let Some(d) = c.to_digit(10) {
            if !(1..=8).contains(&d) || file as u32 + d > 8 {
                return err(
                    rtext,
                    format!("rank {}: `{}` empty squares do not fit", rank + 1, c),
                );
            }
            file += d as u8;
            i += 1;
            continue;
        }
        let sq = rank * 8 + file;
        if c == '(' {
            let close = match chars[i..].iter().position(|&x| x == ')') {
                Some(p) => i + p,
                None => {
                    return err(
                        rtext,
                        format!("stack on {} has no closing `)`", square_name(sq)),
                    );
                }
            };
            let inner: String = chars[i + 1..close].iter().collect();
            let specs = parse_men(&inner, sq)?;
            if specs.is_empty() {
                return err(
                    format!("({inner})"),
                    format!("empty stack on {}", square_name(sq)),
                );
            }
            for (lvl, s) in specs.into_iter().enumerate() {
                men.push((sq, lvl, s));
            }
            i = close + 1;
        } else {
            // one man: letter plus its suffixes
            let mut j = i + 1;
            if matches!(c, 'P' | 'p') && j < chars.len() {
                j += 1;
            }
            while j < chars.len() && matches!(chars[j], '~' | '\'') {
                j += 1;
            }
            let tok: String = chars[i..j].iter().collect();
            let specs = parse_men(&tok, sq)?;
            for s in specs {
                men.push((sq, 0, s));
            }
            i = j;
        }
        file += 1;
    }
    if file != 8 {
        return err(
            rtext,
            format!("rank {} describes {} squares, not 8", rank + 1, file),
        );
    }
    Ok(())
}

/// The castling field: `-`, or each of `KQkq` at most once.
fn check_castling_field(castling: &str) -> Result<(), PositionError> {
    if castling != "-"
        && (castling.is_empty() || !castling.chars().all(|c| "KQkq".contains(c)) || {
            let mut v: Vec<char> = castling.chars().collect();
            v.dedup();
            v.len() != castling.len()
        })
    {
        return err(
            castling,
            "castling field must be `-` or letters from `KQkq`",
        );
    }
    Ok(())
}

/// The halfmove clock and the move number (absent in the 4-field form).
fn parse_counters(fields: &[&str]) -> Result<(u32, u32), PositionError> {
    Ok(if fields.len() == 6 {
        let h: u32 = fields[4].parse().map_err(|_| PositionError {
            token: fields[4].into(),
            reason: "halfmove clock must be a number".into(),
        })?;
        let f: u32 = fields[5].parse().map_err(|_| PositionError {
            token: fields[5].into(),
            reason: "move number must be a number".into(),
        })?;
        if f == 0 || f > 100_000 {
            return err(fields[5], "move number must be between 1 and 100000");
        }
        if h > 100_000 {
            return err(fields[4], "halfmove clock too large");
        }
        (h, f)
    } else {
        (0, 1)
    })
}

/// Marks identity `id` as taken; false when it already was.
fn take(used: &mut u32, id: u8) -> bool {
    if *used >> id & 1 != 0 {
        false
    } else {
        *used |= 1 << id;
        true
    }
}

/// Which of his side's 16 men each man is (by index into `men`), and the
/// identities that have certainly moved. The volkhvs first, then the corner
/// ratoborets the castling rights fix, then the ratniks still on their start
/// squares, then everyone else from the pool of his kind.
fn identities(
    men: &[Placed],
    castling: &str,
    board: &str,
) -> Result<(Vec<Option<u8>>, u32), PositionError> {
    let mut id_of: Vec<Option<u8>> = vec![None; men.len()];
    let mut used = 0u32;
    identify_volkhvs(men, board, &mut id_of, &mut used)?;
    identify_corners(men, castling, &mut id_of, &mut used)?;
    identify_home_ratniks(men, &mut id_of, &mut used);
    let moved = identify_rest(men, &mut id_of, &mut used)?;
    Ok((id_of, moved))
}

/// Each side has exactly one volkhv.
fn identify_volkhvs(
    men: &[Placed],
    board: &str,
    id_of: &mut [Option<u8>],
    used: &mut u32,
) -> Result<(), PositionError> {
    for side_i in 0..2u8 {
        let vs: Vec<usize> = (0..men.len())
            .filter(|&i| men[i].2.kind == V && men[i].2.white == (side_i == 0))
            .collect();
        if vs.len() != 1 {
            return err(
                board,
                format!(
                    "{} must have exactly one volkhv, found {}",
                    side_name(side_i),
                    vs.len()
                ),
            );
        }
        id_of[vs[0]] = Some(side_i * 16 + 4);
        take(used, side_i * 16 + 4);
    }
    Ok(())
}

/// Castling rights fix the corner ratoborets (and need the volkhv at home).
fn identify_corners(
    men: &[Placed],
    castling: &str,
    id_of: &mut [Option<u8>],
    used: &mut u32,
) -> Result<(), PositionError> {
    for c in castling.chars().filter(|&c| c != '-') {
        let side_i = if c.is_ascii_uppercase() { 0u8 } else { 1 };
        let home = if side_i == 0 { 4u8 } else { 60 };
        let vi = id_of
            .iter()
            .position(|&x| x == Some(side_i * 16 + 4))
            .unwrap_or(0);
        if men[vi].0 != home || men.iter().filter(|m| m.0 == home).count() != 1 {
            return err(
                castling,
                format!(
                    "`{c}` needs the {} volkhv alone on {}",
                    side_name(side_i),
                    square_name(home)
                ),
            );
        }
        let (rsq, rid) = if c.eq_ignore_ascii_case(&'K') {
            (home + 3, 7u8)
        } else {
            (home - 4, 0)
        };
        let ri = men
            .iter()
            .position(|m| m.0 == rsq && m.1 == 0 && m.2.kind == R && m.2.white == (side_i == 0));
        match ri {
            Some(ri) => {
                id_of[ri] = Some(side_i * 16 + rid);
                take(used, side_i * 16 + rid);
            }
            None => {
                return err(
                    castling,
                    format!(
                        "`{c}` needs an unmoved {} ratoborets at the bottom of {}",
                        side_name(side_i),
                        square_name(rsq)
                    ),
                );
            }
        }
    }
    Ok(())
}

/// Unmoved ratniks on their start squares keep their own identity.
fn identify_home_ratniks(men: &[Placed], id_of: &mut [Option<u8>], used: &mut u32) {
    for i in 0..men.len() {
        let (sq, lvl, s) = men[i];
        if let Some(mark) = s.mark {
            let side_i = if s.white { 0u8 } else { 1 };
            let start_rank = if s.white { 1 } else { 6 };
            let f = sq % 8;
            if !s.promoted
                && !s.moved_mark
                && lvl == 0
                && sq / 8 == start_rank
                && MARK[8 + f as usize] as usize == mark
            {
                let id = side_i * 16 + 8 + f;
                if take(used, id) {
                    id_of[i] = Some(id);
                }
            }
        }
    }
}

/// Everyone else takes the first free identity of his kind and counts as moved.
fn identify_rest(
    men: &[Placed],
    id_of: &mut [Option<u8>],
    used: &mut u32,
) -> Result<u32, PositionError> {
    let mut moved = 0u32;
    for i in 0..men.len() {
        if id_of[i].is_some() {
            continue;
        }
        let s = men[i].2;
        let side_i = if s.white { 0u8 } else { 1 };
        let pool: Vec<u8> = match s.mark {
            Some(mark) => (8..16u8)
                .filter(|&j| MARK[j as usize] as usize == mark)
                .collect(),
            None => (0..8u8)
                .filter(|&j| BASE[j as usize] as usize == s.kind)
                .collect(),
        };
        let got = pool
            .into_iter()
            .map(|j| side_i * 16 + j)
            .find(|&id| take(used, id));
        match got {
            Some(id) => {
                id_of[i] = Some(id);
                moved |= 1 << id;
            }
            None => {
                return err(
                    describe_spec(&s),
                    format!(
                        "too many {} men of this kind (a side has the orthodox 16 men)",
                        side_name(side_i)
                    ),
                );
            }
        }
    }
    Ok(moved)
}

/// The identities the castling field says have moved: a volkhv without any
/// right, a corner ratoborets without his.
fn castling_lost(castling: &str) -> u32 {
    let mut moved = 0u32;
    for side_i in 0..2u8 {
        let vk = side_i * 16 + 4;
        let has_right = castling
            .chars()
            .any(|c| c != '-' && (c.is_ascii_uppercase() == (side_i == 0)));
        if !has_right {
            moved |= 1 << vk;
        }
        for rid in [0u8, 7] {
            let id = side_i * 16 + rid;
            let letter = match (side_i, rid) {
                (0, 7) => 'K',
                (0, _) => 'Q',
                (_, 7) => 'k',
                _ => 'q',
            };
            if !castling.contains(letter) {
                moved |= 1 << id;
            }
        }
    }
    moved
}

/// What no tower may hold: a man on a volkhv, a covered promoted ratnik, an
/// unpromoted ratnik on top of his last rank.
fn check_stacks(pos: &Position, board: &str) -> Result<(), PositionError> {
    for sq in 0..64u8 {
        let st = stack_ids(pos, sq);
        for (lvl, &m) in st.iter().enumerate() {
            let is_top = lvl + 1 == st.len();
            if BASE[(m & 15) as usize] as usize == V && !is_top {
                return err(
                    board,
                    format!(
                        "a man stands on the volkhv on {}: nothing may be placed on a volkhv",
                        square_name(sq)
                    ),
                );
            }
            if pos.promoted >> m & 1 != 0 && !is_top {
                return err(
                    board,
                    format!(
                        "a promoted ratnik on {} is covered: a covered ratnik is demoted",
                        square_name(sq)
                    ),
                );
            }
            let last = if m < 16 { 7 } else { 0 };
            if is_top
                && BASE[(m & 15) as usize] as usize == P
                && pos.promoted >> m & 1 == 0
                && sq / 8 == last
            {
                return err(
                    board,
                    format!(
                        "the ratnik on top of {} stands on its last rank and must be written promoted (`~`)",
                        square_name(sq)
                    ),
                );
            }
        }
    }
    Ok(())
}

/// An en passant square needs a ratnik of the side that just moved, which can
/// have double-stepped past it.
fn check_en_passant(pos: &Position, side: u8, ep: u8, token: &str) -> Result<(), PositionError> {
    if ep != NO_SQ {
        let (rank_ok, victim) = if side == 1 {
            (ep / 8 == 2, ep + 8)
        } else {
            (ep / 8 == 5, ep.wrapping_sub(8))
        };
        let vm = if victim < 64 {
            pos.top_id(victim)
        } else {
            NONE
        };
        let ok = rank_ok
            && pos.occ >> ep & 1 == 0
            && vm != NONE
            && (vm < 16) == (side == 1)
            && BASE[(vm & 15) as usize] as usize == P
            && pos.promoted >> vm & 1 == 0;
        if !ok {
            return err(
                token,
                "no ratnik of the side that just moved can have double-stepped past this square",
            );
        }
    }
    Ok(())
}

fn side_name(s: u8) -> &'static str {
    if s == 0 { "White" } else { "Black" }
}

fn describe_spec(s: &Spec) -> String {
    let mut t = String::new();
    let l = |c: char| if s.white { c } else { c.to_ascii_lowercase() };
    match s.mark {
        Some(m) if s.promoted => {
            t.push(l(kind_letter(m)));
            t.push('~');
        }
        Some(m) => {
            t.push(l('P'));
            t.push(l(kind_letter(m)));
        }
        None => t.push(l(kind_letter(s.kind))),
    }
    t
}

/// Parses a run of man tokens (one square's stack, bottom first).
fn parse_men(text: &str, sq: u8) -> Result<Vec<Spec>, PositionError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let white = c.is_ascii_uppercase();
        let lower = c.to_ascii_lowercase();
        let here = || format!("on {}", square_name(sq));
        let kind = match lower {
            'k' => V,
            'q' => Q,
            'r' => R,
            'b' => B,
            'n' => N,
            'p' => P,
            'h' => H,
            _ => {
                return err(
                    c.to_string(),
                    format!("not a man letter ({}); use K Q R B N P H", here()),
                );
            }
        };
        i += 1;
        let mut spec = Spec {
            white,
            kind,
            mark: None,
            promoted: false,
            moved_mark: false,
        };
        if kind == P {
            let mc = match chars.get(i) {
                Some(&m) => m,
                None => {
                    return err(
                        c.to_string(),
                        format!("a ratnik {} needs its promotion mark (R N B Q H)", here()),
                    );
                }
            };
            if mc.is_ascii_uppercase() != white {
                return err(
                    format!("{c}{mc}"),
                    format!(
                        "the mark of a ratnik {} must have the ratnik's case",
                        here()
                    ),
                );
            }
            let mark = match mc.to_ascii_lowercase() {
                'r' => R,
                'n' => N,
                'b' => B,
                'q' => Q,
                'h' => H,
                _ => {
                    return err(
                        format!("{c}{mc}"),
                        format!("`{mc}` is not a promotion mark {}; use R N B Q H", here()),
                    );
                }
            };
            spec.mark = Some(mark);
            i += 1;
            if chars.get(i) == Some(&'\'') {
                spec.moved_mark = true;
                i += 1;
            }
        } else if chars.get(i) == Some(&'~') {
            if kind == V {
                return err(format!("{c}~"), "a volkhv is never a promoted ratnik");
            }
            spec.mark = Some(kind);
            spec.promoted = true;
            spec.kind = kind;
            i += 1;
        } else if kind == H {
            return err(
                c.to_string(),
                format!(
                    "a helgi {} exists only as a promoted ratnik: write `H~`",
                    here()
                ),
            );
        }
        if chars.get(i) == Some(&'~') || chars.get(i) == Some(&'\'') {
            return err(text, format!("misplaced `{}` {}", chars[i], here()));
        }
        out.push(spec);
    }
    Ok(out)
}

impl Position {
    pub(crate) fn volkhv_square_raw(&self, side: u8) -> Option<u8> {
        let b = self.kinds[V] & self.colors[side as usize];
        (b != 0).then(|| b.trailing_zeros() as u8)
    }
}

// A position prints as its text in debug output (assertion messages, logs):
// the text format lives here, so the board module does not depend on it.
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", to_text(self))
    }
}
