//! Reading the arguments of position commands: a piece (letter or word, with or without a
//! colour), a square, a file or a rank — with the letters of [`crate::LetterSet`]'s tables and
//! the words of the spoken lexicons, so that a query accepts what a move accepts.

use shakmaty::{Color, File, Rank, Role, Square};

use crate::letters::LetterSet;
use crate::spoken::{coordinates, piece_of_word};
use arbiter_rules::Lang;

use super::error::{QueryError, QueryErrorKind, bad};
use super::words::{colour_of_word, role_of_plural};

/// Which pieces `p` lists. Both `None`: every piece of both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceQuery {
    /// One side, or both.
    pub color: Option<Color>,
    /// One kind of piece, or all.
    pub role: Option<Role>,
}

impl PieceQuery {
    /// Every piece of both sides.
    pub const ALL: PieceQuery = PieceQuery {
        color: None,
        role: None,
    };
}

/// A file or a rank, for a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// A file, scanned from rank 1 to rank 8.
    File(File),
    /// A rank, scanned from the a-file to the h-file.
    Rank(Rank),
}

/// Reads a piece argument.
///
/// * Latin letters are FEN letters: upper case White, lower case Black (as in lichess's
///   blind mode): `N` White knights, `n` Black knights. With `lang` German, the German
///   letters K D T L S come first (`d` = Black queens) and the English Q R B N P after.
/// * Russian letters (Кр Ф Л С К п, either case) name the piece of both sides: Russian
///   print has no case convention for colour.
/// * With `lang` Russian, a Latin `K` is refused as ambiguous (king in English, конь in
///   Russian) and a Latin `C` is read as the Russian С (слон), as the move reader does.
/// * Words in any lexicon, singular or plural, with an optional colour word before or
///   after: "knights", "white knight", "чёрные кони", "Springer", "белые", "black".
pub fn parse_piece(text: &str, lang: Lang) -> Result<PieceQuery, QueryError> {
    let unknown = || bad(QueryErrorKind::UnknownPiece, text, lang);
    let Some(t) = short(text) else {
        return Err(unknown());
    };
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.len() == 1
        && let Some(q) = piece_letters(words[0], lang)?
    {
        return Ok(q);
    }
    if words.is_empty() || words.len() > 2 {
        return Err(unknown());
    }
    let mut q = PieceQuery::ALL;
    for w in words {
        if let Some(c) = colour_of_word(w) {
            if q.color.replace(c).is_some() {
                return Err(unknown());
            }
        } else if let Some(r) = piece_of_word(w).or_else(|| role_of_plural(w)) {
            if q.role.replace(r).is_some() {
                return Err(unknown());
            }
        } else {
            return Err(unknown());
        }
    }
    Ok(q)
}

/// A piece letter: `Ok(None)` if the text is no letter (it may be a word).
fn piece_letters(w: &str, lang: Lang) -> Result<Option<PieceQuery>, QueryError> {
    let ru = LetterSet::Ru.table();
    let lower = w.to_lowercase();
    for (role, spellings) in ru.pieces.iter().chain([(Role::Pawn, ru.pawn)].iter()) {
        if spellings.iter().any(|s| s.to_lowercase() == lower) {
            return Ok(Some(PieceQuery {
                color: None,
                role: Some(*role),
            }));
        }
    }
    let mut chars = w.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Ok(None);
    };
    if !c.is_ascii_alphabetic() {
        return Ok(None);
    }
    let color = Some(if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    });
    let up = c.to_ascii_uppercase().to_string();
    if lang == Lang::Ru {
        match up.as_str() {
            "K" => return Err(bad(QueryErrorKind::AmbiguousPiece, w, lang)),
            "C" => {
                return Ok(Some(PieceQuery {
                    color: None,
                    role: Some(Role::Bishop),
                }));
            }
            _ => {}
        }
    }
    let order: &[LetterSet] = if lang == Lang::De {
        &[LetterSet::De, LetterSet::En]
    } else {
        &[LetterSet::En]
    };
    for l in order {
        let t = l.table();
        let found = t
            .pieces
            .iter()
            .find(|(_, s)| s[0] == up)
            .map(|(r, _)| *r)
            .or_else(|| t.pawn.contains(&up.as_str()).then_some(Role::Pawn));
        if let Some(role) = found {
            return Ok(Some(PieceQuery {
                color,
                role: Some(role),
            }));
        }
    }
    Ok(None)
}

/// Reads a square: "e4", "E4", Cyrillic look-alikes ("е4", "с5"), or spoken ("е
/// четыре", "Eva vier", "echo four", "e four").
pub fn parse_square(text: &str, lang: Lang) -> Result<Square, QueryError> {
    match short(text).and_then(coordinates) {
        Some((Some(f), Some(r))) => Ok(Square::from_coords(f, r)),
        _ => Err(bad(QueryErrorKind::BadSquare, text, lang)),
    }
}

/// Reads a file ("e", "е", "эф", "Eva", "echo") or a rank ("4", "четыре", "vier", "four").
pub fn parse_line(text: &str, lang: Lang) -> Result<Line, QueryError> {
    match short(text).and_then(coordinates) {
        Some((Some(f), None)) => Ok(Line::File(f)),
        Some((None, Some(r))) => Ok(Line::Rank(r)),
        _ => Err(bad(QueryErrorKind::BadLine, text, lang)),
    }
}

/// The trimmed argument if it is short enough to be one (the longest, "Густав зибен" or
/// "knights black", is far below 48 characters): longer input is refused unread.
fn short(text: &str) -> Option<&str> {
    let t = text.trim();
    t.chars().nth(48).is_none().then_some(t)
}
