//! Written notation: printing and lenient parsing (Appendix C, L-C.1–C.13).
//!
//! Printing follows the FIDE forms for national letters and long algebraic (promotion
//! without "=", castling with zeros, L-C.11, L-C.13) and the PGN form for English SAN
//! (so that it equals what other software prints, e.g. python-chess).
//!
//! Parsing reads a text into every plausible [`Pattern`] (see `pattern.rs`), each with a
//! score that says how much leniency it needed; the legal moves decide.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, File, Move, Rank, Role, Square};

use crate::error::{ErrorKind, NotationError};
use crate::letters::{LetterSet, TABLES, figurine, role_of_figurine};
use crate::pattern::{Pattern, RoleSpec, from_to, matching, near_misses};

/// Which letters a written move uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Letters {
    /// A language's letters (L-C.3).
    National(LetterSet),
    /// Figurines (♔♕♖♗♘), the same for every language.
    Figurine,
}

impl Letters {
    fn piece(self, role: Role) -> &'static str {
        match self {
            Letters::National(l) => l.letter(role),
            Letters::Figurine if role == Role::Pawn => "",
            Letters::Figurine => figurine(role),
        }
    }
    fn capture(self) -> &'static str {
        match self {
            Letters::National(l) => l.table().capture,
            Letters::Figurine => "x",
        }
    }
}

fn suffix(pos: &Chess, m: Move) -> &'static str {
    match SanPlus::from_move(pos.clone(), m).suffix {
        Some(Suffix::Check) => "+",
        Some(Suffix::Checkmate) => "#",
        None => "",
    }
}

/// English SAN exactly as PGN writes it (`Nf3`, `exd5`, `e8=Q+`, `O-O`).
pub fn san(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// Short algebraic in national letters or figurines, FIDE style (L-C.8–C.13): `Кf3`,
/// `С:e5`, `e8Ф`, `0-0-0`.
pub fn short(pos: &Chess, m: Move, letters: Letters) -> String {
    let mut s = String::new();
    match San::from_move(pos, m) {
        San::Castle(CastlingSide::KingSide) => s.push_str("0-0"),
        San::Castle(CastlingSide::QueenSide) => s.push_str("0-0-0"),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            s.push_str(letters.piece(role));
            if let Some(f) = file {
                s.push(f.char());
            }
            if let Some(r) = rank {
                s.push(r.char());
            }
            if capture {
                s.push_str(letters.capture());
            }
            push_square(&mut s, to);
            if let Some(p) = promotion {
                s.push_str(letters.piece(p));
            }
        }
        San::Put { .. } | San::Null => s.push_str("--"),
    }
    s.push_str(suffix(pos, m));
    s
}

/// Long algebraic (L-C.8 "long form"): `e2-e4`, `Ng1xf3`, `Кg1:f3`, `e7-e8Q`.
pub fn long(pos: &Chess, m: Move, letters: Letters) -> String {
    let mut s = String::new();
    match m.castling_side() {
        Some(CastlingSide::KingSide) => s.push_str("0-0"),
        Some(CastlingSide::QueenSide) => s.push_str("0-0-0"),
        None => {
            let (from, to) = from_to(&m, pos);
            s.push_str(letters.piece(m.role()));
            push_square(&mut s, from);
            s.push_str(if m.is_capture() {
                letters.capture()
            } else {
                "-"
            });
            push_square(&mut s, to);
            if let Some(p) = m.promotion() {
                s.push_str(letters.piece(p));
            }
        }
    }
    s.push_str(suffix(pos, m));
    s
}

pub(crate) fn push_square(s: &mut String, sq: Square) {
    s.push(sq.file().char());
    s.push(sq.rank().char());
}

/// A file letter, Latin or a Cyrillic look-alike (`а с е` and capitals `А В С Е Н`), or
/// the Cyrillic letter a Russian player types for the file as he says it (`а б ц д е ф г
/// х`, and `ж` for g, said "жэ"), with the leniency it costs: 0 for a lower-case Latin
/// letter, 1 otherwise. `х` is a file only before a rank (`Лх1`); elsewhere it is the
/// capture sign (`ед:ц5`, `ехд5`), which the callers read first.
pub(crate) fn file_char(c: char) -> Option<(File, u32)> {
    let (l, pen) = match c {
        'a'..='h' => (c, 0),
        'A'..='H' => (c.to_ascii_lowercase(), 1),
        'а' | 'А' => ('a', 1),
        'В' | 'б' => ('b', 1),
        'с' | 'С' | 'ц' => ('c', 1),
        'д' => ('d', 1),
        'е' | 'Е' => ('e', 1),
        'ф' => ('f', 1),
        'г' | 'ж' => ('g', 1),
        'Н' | 'н' | 'х' => ('h', 1),
        _ => return None,
    };
    File::from_char(l).map(|f| (f, pen))
}

pub(crate) fn rank_char(c: char) -> Option<Rank> {
    match c {
        '1'..='8' => Rank::from_char(c),
        _ => None,
    }
}

const SEPARATORS: &[char] = &['x', 'X', '×', ':', '-', '–', '—', 'х', 'Х', ' ', '\u{a0}'];
const ANNOTATIONS: &[char] = &[
    '+', '#', '!', '?', '‼', '⁇', '⁈', '⁉', '†', '‡', ' ', '\u{a0}',
];
const EP_SUFFIXES: &[&str] = &[
    "e.p.", "e. p.", "e.p", "ep", "е.п.", "е. п.", "е.п", "еп", "в.п.", "в.п", "вп",
];

/// One reading of a written move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    pub pattern: Pattern,
    /// Leniency spent (lower is stricter), times 16, plus the language's rank in the list.
    pub score: u32,
    pub lang: Option<LetterSet>,
    pub figurine: bool,
    /// A full departure square was given (long algebraic or UCI).
    pub long: bool,
}

fn eq_ci(a: char, b: char) -> bool {
    a == b || a.to_lowercase().eq(b.to_lowercase())
}

/// Does `chars[at..]` start with `word`? Returns (length in chars, case penalty).
fn starts_with(chars: &[char], at: usize, end: usize, word: &str) -> Option<(usize, u32)> {
    let mut pen = 0;
    let mut i = at;
    for w in word.chars() {
        if i >= end {
            return None;
        }
        let c = chars[i];
        if c != w {
            if eq_ci(c, w) {
                pen = 1;
            } else {
                return None;
            }
        }
        i += 1;
    }
    Some((i - at, pen))
}

/// Reads `text` into readings, most literal first. `langs` are the piece-letter tables to
/// try, in order of preference.
///
/// The text is read along the parts of a written move (L-C.1–C.13): a move number
/// in front, annotations behind, then castling or the destination square, the
/// promotion piece after it, and before it the piece and the origin square.
pub(crate) fn readings(text: &str, langs: &[LetterSet]) -> Result<Vec<Reading>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut lo = 0;
    let mut hi = chars.len();
    while lo < hi && chars[lo].is_whitespace() {
        lo += 1;
    }
    while hi > lo && chars[hi - 1].is_whitespace() {
        hi -= 1;
    }
    if lo == hi {
        return Err(NotationError::new(ErrorKind::Empty, 0, text));
    }
    let lo = skip_move_number(&chars, lo, hi);
    let hi = strip_annotations(&chars, lo, hi);
    if lo == hi {
        return Err(NotationError::new(
            ErrorKind::Syntax("only annotations, no move"),
            lo,
            text,
        ));
    }
    if let Some(castling) = castling_reading(&chars, lo, hi, text) {
        return castling;
    }
    let (ti, to, to_pen) = destination(&chars, lo, hi, text)?;
    let promos = promotions(&chars, ti, hi, langs, text)?;

    // The part before the destination: [piece] [from-file] [from-rank] [separator].
    let mut le = ti;
    while le > lo && SEPARATORS.contains(&chars[le - 1]) {
        le -= 1;
    }
    let mut out = Vec::new();
    let tokens = piece_tokens(&chars, lo, le, langs);
    let lead_is_piece = lead_is_piece(&chars, lo, hi, &tokens);
    for (n, role, pen, li, fig, lang) in tokens {
        let rest: Vec<char> = chars[lo + n..le]
            .iter()
            .copied()
            .filter(|c| !SEPARATORS.contains(c))
            .collect();
        let Some((from_file, from_rank, fpen)) = origin(&rest) else {
            continue;
        };
        if n == 0 && fpen > 0 && lead_is_piece {
            continue;
        }
        let role = match role {
            Some(r) => RoleSpec::Is(r),
            None if from_file.is_some() && from_rank.is_some() => RoleSpec::Any,
            None if from_rank.is_some() => continue,
            None => RoleSpec::Is(Role::Pawn),
        };
        let penalty = pen + fpen + to_pen;
        for promotion in &promos {
            out.push(Reading {
                pattern: Pattern {
                    role,
                    from_file,
                    from_rank,
                    to: Some(to),
                    promotion: *promotion,
                    castle: None,
                },
                score: penalty * 16 + li,
                lang,
                figurine: fig,
                long: from_file.is_some() && from_rank.is_some(),
            });
        }
    }
    if out.is_empty() {
        return Err(NotationError::new(
            ErrorKind::Syntax("unknown piece letter"),
            lo,
            text,
        ));
    }
    out.sort_by_key(|r| r.score);
    Ok(out)
}

/// Is the first letter a piece letter, written as one? `Bb5`, `Dd5` or `Сc4`
/// name a bishop or a queen, never a pawn of the b-, d- or c-file: a capital
/// file letter is forgiven only in a text written in capitals (`E2-E4`,
/// `BXC4`), so that a piece move mistyped is refused rather than played as a
/// pawn move the player did not mean.
fn lead_is_piece(chars: &[char], lo: usize, hi: usize, tokens: &[Token]) -> bool {
    let named = tokens
        .iter()
        .any(|&(n, role, pen, ..)| n > 0 && pen == 0 && role.is_some_and(|r| r != Role::Pawn));
    named && chars[lo + 1..hi].iter().any(|c| c.is_lowercase())
}

/// A move number in front ("12.", "12..."), as copied from a scoresheet: where the
/// move itself starts.
fn skip_move_number(chars: &[char], mut lo: usize, hi: usize) -> usize {
    if chars[lo].is_ascii_digit() {
        let mut j = lo;
        while j < hi && chars[j].is_ascii_digit() {
            j += 1;
        }
        if j < hi && chars[j] == '.' {
            while j < hi && (chars[j] == '.' || chars[j] == '…' || chars[j].is_whitespace()) {
                j += 1;
            }
            lo = j;
        }
    }
    lo
}

/// Annotations at the end: check, mate, !?, the draw-offer mark (L-C.12) and e.p.
/// (L-C.13: all optional, so they are read and ignored; legality decides). Returns
/// where the move itself ends.
fn strip_annotations(chars: &[char], lo: usize, mut hi: usize) -> usize {
    loop {
        let before = hi;
        while hi > lo && ANNOTATIONS.contains(&chars[hi - 1]) {
            hi -= 1;
        }
        if hi >= lo + 3 && chars[hi - 3..hi] == ['(', '=', ')'] {
            hi -= 3;
        }
        for suf in EP_SUFFIXES {
            let n = suf.chars().count();
            if hi > lo + n {
                let tail: String = chars[hi - n..hi].iter().collect::<String>().to_lowercase();
                let prev = chars[hi - n - 1];
                if tail == *suf && (prev.is_ascii_digit() || prev == ' ') {
                    hi -= n;
                    break;
                }
            }
        }
        if hi == before {
            break;
        }
    }
    hi
}

/// Castling: 0-0, O-O, о-о (Cyrillic), with or without hyphens (L-C.13). `None`
/// when the text is no castling.
fn castling_reading(
    chars: &[char],
    lo: usize,
    hi: usize,
    text: &str,
) -> Option<Result<Vec<Reading>, NotationError>> {
    let core: Vec<char> = chars[lo..hi]
        .iter()
        .copied()
        .filter(|c| !matches!(c, '-' | '–' | '—' | ' '))
        .collect();
    if !core.is_empty()
        && core
            .iter()
            .all(|c| matches!(c, '0' | 'o' | 'O' | 'о' | 'О'))
    {
        let side = match core.len() {
            2 => CastlingSide::KingSide,
            3 => CastlingSide::QueenSide,
            _ => {
                return Some(Err(NotationError::new(
                    ErrorKind::Syntax("castling is 0-0 or 0-0-0"),
                    lo,
                    text,
                )));
            }
        };
        let pen = u32::from(core.iter().any(|&c| c != '0' && c != 'O'));
        return Some(Ok(vec![Reading {
            pattern: Pattern::castle(side),
            score: pen * 16,
            lang: None,
            figurine: false,
            long: false,
        }]));
    }
    None
}

/// The destination: the last file letter followed by a rank digit. Returns its
/// index in `chars`, the square and the file letter's case penalty.
fn destination(
    chars: &[char],
    lo: usize,
    hi: usize,
    text: &str,
) -> Result<(usize, Square, u32), NotationError> {
    let mut ti = None;
    for i in (lo + 1..hi).rev() {
        if rank_char(chars[i]).is_some() && file_char(chars[i - 1]).is_some() {
            ti = Some(i - 1);
            break;
        }
    }
    let Some(ti) = ti else {
        return Err(NotationError::new(
            ErrorKind::Syntax("no destination square (a file a–h followed by a rank 1–8)"),
            hi,
            text,
        ));
    };
    let (to_file, to_pen) = file_char(chars[ti]).expect("checked");
    let to = Square::from_coords(to_file, rank_char(chars[ti + 1]).expect("checked"));
    Ok((ti, to, to_pen))
}

/// Promotion: =Q, Q, (Q), /Q, in any language's letters or a figurine (L-C.11).
/// `[None]` when nothing follows the destination.
fn promotions(
    chars: &[char],
    ti: usize,
    hi: usize,
    langs: &[LetterSet],
    text: &str,
) -> Result<Vec<Option<Role>>, NotationError> {
    let promo_chars: Vec<(usize, char)> = (ti + 2..hi)
        .map(|i| (i, chars[i]))
        .filter(|(_, c)| !matches!(c, '=' | '/' | '(' | ')' | ' ' | '-'))
        .collect();
    let mut promos: Vec<Option<Role>> = Vec::new();
    if promo_chars.is_empty() {
        promos.push(None);
    } else {
        let word: Vec<char> = promo_chars.iter().map(|(_, c)| *c).collect();
        if word.len() == 1
            && let Some(r) = role_of_figurine(word[0])
        {
            promos.push(Some(r));
        }
        for l in langs.iter().chain(LetterSet::ALL.iter()) {
            for (role, spellings) in &l.table().pieces {
                for sp in *spellings {
                    if let Some((n, _)) = starts_with(&word, 0, word.len(), sp)
                        && n == word.len()
                        && !promos.contains(&Some(*role))
                    {
                        promos.push(Some(*role));
                    }
                }
            }
        }
        if promos.is_empty() {
            return Err(NotationError::new(
                ErrorKind::Syntax("unknown promotion piece"),
                promo_chars[0].0,
                text,
            ));
        }
    }
    Ok(promos)
}

/// (length of piece token, role, case penalty, language rank, figurine, language)
type Token = (usize, Option<Role>, u32, u32, bool, Option<LetterSet>);

/// Every way the text before the origin square can name a piece: none (a pawn, or
/// a long move), a figurine, or a letter of one of `langs`.
fn piece_tokens(chars: &[char], lo: usize, le: usize, langs: &[LetterSet]) -> Vec<Token> {
    let mut tokens: Vec<Token> = vec![(0, None, 0, 0, false, None)];
    if le > lo
        && let Some(r) = role_of_figurine(chars[lo])
    {
        tokens.push((1, Some(r), 0, 0, true, None));
    }
    for (li, l) in langs.iter().enumerate() {
        let t = l.table();
        let pieces = t.pieces.iter().map(|(r, s)| (*r, *s));
        let pawns = std::iter::once((Role::Pawn, t.pawn));
        for (role, spellings) in pieces.chain(pawns) {
            for sp in spellings {
                if let Some((n, pen)) = starts_with(chars, lo, le, sp) {
                    tokens.push((n, Some(role), pen, li as u32, false, Some(*l)));
                }
            }
        }
    }
    tokens
}

/// The origin square's file and rank as far as given, and the file letter's case
/// penalty; `None` when the characters are no origin.
fn origin(rest: &[char]) -> Option<(Option<File>, Option<Rank>, u32)> {
    Some(match rest {
        [] => (None, None, 0),
        [c] => {
            if let Some((f, p)) = file_char(*c) {
                (Some(f), None, p)
            } else if let Some(r) = rank_char(*c) {
                (None, Some(r), 0)
            } else {
                return None;
            }
        }
        [a, b] => match (file_char(*a), rank_char(*b)) {
            (Some((f, p)), Some(r)) => (Some(f), Some(r), p),
            _ => return None,
        },
        _ => return None,
    })
}

/// A text that fitted no single legal move: the error, the candidate moves to show, and
/// the strictest reading (whose language the candidates are printed in).
pub(crate) struct Unresolved {
    pub error: NotationError,
    pub candidates: Vec<Move>,
    pub reading: Option<Reading>,
}

fn unresolved(
    kind: ErrorKind,
    text: &str,
    candidates: Vec<Move>,
    reading: Option<Reading>,
) -> Box<Unresolved> {
    Box::new(Unresolved {
        error: NotationError::new(kind, 0, text),
        candidates,
        reading,
    })
}

/// The outcome of matching readings: the move, and the reading that found it.
pub(crate) fn resolve(
    pos: &Chess,
    text: &str,
    readings: &[Reading],
) -> Result<(Move, Reading), Box<Unresolved>> {
    let mut i = 0;
    while i < readings.len() {
        let score = readings[i].score;
        let mut j = i;
        while j < readings.len() && readings[j].score == score {
            j += 1;
        }
        let pats: Vec<Pattern> = readings[i..j].iter().map(|r| r.pattern).collect();
        let found = matching(pos, &pats);
        if found.len() == 1 {
            let m = found[0];
            let r = readings[i..j]
                .iter()
                .find(|r| r.pattern.matches(&m, pos))
                .copied()
                .unwrap_or(readings[i]);
            return Ok((m, r));
        }
        if found.len() > 1 {
            return Err(unresolved(
                ErrorKind::Ambiguous,
                text,
                found,
                Some(readings[i]),
            ));
        }
        i = j;
    }
    for r in readings {
        let promos = r.pattern.unnamed_promotions(pos);
        if !promos.is_empty() {
            return Err(unresolved(ErrorKind::Ambiguous, text, promos, Some(*r)));
        }
    }
    let first = readings.first().copied();
    let near = first
        .map(|r| near_misses(pos, &r.pattern))
        .unwrap_or_default();
    let mut u = unresolved(ErrorKind::Illegal, text, near, first);
    u.error.why = first.map(|r| crate::illegal::why_illegal(pos, &r.pattern));
    Err(u)
}

/// The char offset of the destination square in `text` (where an illegal or ambiguous
/// move "goes wrong"), or 0.
pub(crate) fn destination_offset(text: &str) -> usize {
    let chars: Vec<char> = text.chars().collect();
    for i in (1..chars.len()).rev() {
        if rank_char(chars[i]).is_some() && file_char(chars[i - 1]).is_some() {
            return i - 1;
        }
    }
    0
}

/// The languages a text could be written in, for auto-detection: a text with Cyrillic
/// piece letters is tried as Russian first.
pub(crate) fn all_langs() -> Vec<LetterSet> {
    TABLES.iter().map(|t| t.lang).collect()
}

/// The fast path for the common case: a short move written strictly in one language's
/// letters (`Кf3`, `С:e5`, `exd5`, `e8Ф`) is read byte by byte straight into a shakmaty
/// `San` and resolved by shakmaty (`san_candidates`), without building readings. Anything
/// unusual (look-alike letters, castling, long form, lower-case pieces, a wrong capture
/// sign, ambiguity, illegality) returns `None` and goes through the lenient reader, which
/// also builds the error with candidates. Both agree whenever the fast path answers: it
/// only accepts the strictest reading (score 0) of a text.
pub(crate) fn fast(pos: &Chess, text: &str, lang: LetterSet) -> Option<Move> {
    let t = lang.table();
    let b = text.as_bytes();
    let core = text.trim_end_matches(['+', '#']);
    let castle = match core {
        "0-0" | "O-O" => Some(CastlingSide::KingSide),
        "0-0-0" | "O-O-O" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = castle {
        return San::Castle(side).to_move(pos).ok();
    }
    let mut i = 0;
    let mut role = Role::Pawn;
    if !b.first()?.is_ascii_lowercase() {
        let (r, sp) = t.pieces.iter().find(|(_, sp)| text.starts_with(sp[0]))?;
        role = *r;
        i = sp[0].len();
    }
    // Coordinates in order (files as 'a'.., ranks as '1'..), at most four.
    let mut coords = [0u8; 4];
    let mut nc = 0;
    let mut capture = false;
    let mut promotion = None;
    while i < b.len() {
        let c = b[i];
        match c {
            b'a'..=b'h' | b'1'..=b'8' if promotion.is_none() => {
                *coords.get_mut(nc)? = c;
                nc += 1;
            }
            b'x' | b':' => capture = true,
            b'+' | b'#' | b'=' => {}
            _ if nc >= 2 && promotion.is_none() => {
                let (r, sp) = t
                    .pieces
                    .iter()
                    .find(|(_, sp)| b[i..].starts_with(sp[0].as_bytes()))?;
                promotion = Some(*r);
                i += sp[0].len();
                continue;
            }
            _ => return None,
        }
        i += 1;
    }
    let file = |c: u8| shakmaty::File::from_char(c as char);
    let rank = |c: u8| Rank::from_char(c as char);
    let sq = |f: u8, r: u8| Some(Square::from_coords(file(f)?, rank(r)?));
    let (df, dr, to) = match coords[..nc] {
        [f, r] => (None, None, sq(f, r)?),
        [a, f, r] if a.is_ascii_lowercase() => (Some(file(a)?), None, sq(f, r)?),
        [a, f, r] => (None, Some(rank(a)?), sq(f, r)?),
        [a, b2, f, r] => (Some(file(a)?), Some(rank(b2)?), sq(f, r)?),
        _ => return None,
    };
    San::Normal {
        role,
        file: df,
        rank: dr,
        capture,
        to,
        promotion,
    }
    .to_move(pos)
    .ok()
}
