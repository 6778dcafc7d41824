//! Why a position query got no answer, said in the player's language.

use std::fmt;

use shakmaty::Square;

use arbiter_rules::Lang;

use super::words::cut;

/// What went wrong with a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryErrorKind {
    /// The piece argument is no piece letter or word we know (cut to 32 characters).
    UnknownPiece(String),
    /// A Latin letter that is one piece in English and another in Russian (`K`: king or
    /// конь). Refused rather than guessed.
    AmbiguousPiece(String),
    /// The argument is not a square (cut to 32 characters).
    BadSquare(String),
    /// The argument of a scan is neither a file nor a rank (cut to 32 characters).
    BadLine(String),
    /// A command that needs an argument got none; the command word as typed.
    MissingArgument(String),
    /// A command that takes no argument got one; the command word as typed.
    UnexpectedArgument(String),
    /// Nothing stands on the square asked about.
    EmptySquare(Square),
    /// The piece on the square belongs to the side not to move: legal moves exist only
    /// for the side to move. The man is named when the error is said.
    NotToMove(Square, shakmaty::Piece),
    /// The move at this index (0 = first) of the game record is not legal.
    BadRecord(usize),
}

/// A query error with the language its message is said in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    /// What went wrong.
    pub kind: QueryErrorKind,
    /// The language of [`fmt::Display`].
    pub lang: Lang,
}

impl QueryError {
    /// An error whose message is in `lang`.
    pub fn new(kind: QueryErrorKind, lang: Lang) -> QueryError {
        QueryError { kind, lang }
    }

    /// The same error, said in another language.
    pub fn in_lang(mut self, lang: Lang) -> QueryError {
        self.lang = lang;
        self
    }
}

fn en(k: &QueryErrorKind) -> String {
    use QueryErrorKind::*;
    match k {
        UnknownPiece(s) => format!("Unknown piece: {s}. Use K Q R B N P, or a piece name"),
        AmbiguousPiece(s) => format!(
            "{s} is ambiguous: a king in English letters, a knight in Russian. Type Кр, N or К"
        ),
        BadSquare(s) => format!("Not a square: {s}"),
        BadLine(s) => format!("Not a file or a rank: {s}"),
        MissingArgument(c) => format!("{c}: what? This command needs an argument"),
        UnexpectedArgument(c) => format!("{c} takes no argument"),
        EmptySquare(sq) => format!("{sq} is empty"),
        NotToMove(sq, p) => format!(
            "The {} on {sq} is not on the move",
            super::words::piece_with_colour(Lang::En, p.color, p.role)
        ),
        BadRecord(i) => format!("Move {} of the record is not legal", i + 1),
    }
}

fn ru(k: &QueryErrorKind) -> String {
    use QueryErrorKind::*;
    match k {
        UnknownPiece(s) => {
            format!("Неизвестная фигура: {s}. Наберите Кр Ф Л С К п или название фигуры")
        }
        AmbiguousPiece(s) => {
            format!("{s} неоднозначно: по-английски король, по-русски конь. Наберите Кр, К или N")
        }
        BadSquare(s) => format!("Это не поле: {s}"),
        BadLine(s) => format!("Это не вертикаль и не горизонталь: {s}"),
        MissingArgument(c) => format!("{c}: чего? Этой команде нужен аргумент"),
        UnexpectedArgument(c) => format!("Команда {c} без аргументов"),
        EmptySquare(sq) => format!("Поле {sq} пусто"),
        NotToMove(sq, p) => format!(
            "{} на {sq} сейчас не ходит",
            super::words::capitalise(&super::words::piece_with_colour(Lang::Ru, p.color, p.role))
        ),
        BadRecord(i) => format!("Ход {} в записи невозможен", i + 1),
    }
}

fn de(k: &QueryErrorKind) -> String {
    use QueryErrorKind::*;
    match k {
        UnknownPiece(s) => {
            format!("Unbekannte Figur: {s}. Möglich sind K D T L S B oder ein Figurenname")
        }
        AmbiguousPiece(s) => format!(
            "{s} ist mehrdeutig: auf Englisch König, auf Russisch Springer. Bitte Кр, N oder К"
        ),
        BadSquare(s) => format!("Kein Feld: {s}"),
        BadLine(s) => format!("Weder Linie noch Reihe: {s}"),
        MissingArgument(c) => format!("{c}: was? Dieser Befehl braucht ein Argument"),
        UnexpectedArgument(c) => format!("{c} hat kein Argument"),
        EmptySquare(sq) => format!("{sq} ist leer"),
        NotToMove(sq, p) => format!(
            "{} auf {sq} ist nicht am Zug",
            super::words::capitalise(&super::words::piece_with_colour(Lang::De, p.color, p.role))
        ),
        BadRecord(i) => format!("Zug {} der Partie ist regelwidrig", i + 1),
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.lang {
            Lang::En => en(&self.kind),
            Lang::Ru => ru(&self.kind),
            Lang::De => de(&self.kind),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for QueryError {}

/// Builds an error, cutting the user's text.
pub(crate) fn bad(kind: fn(String) -> QueryErrorKind, text: &str, lang: Lang) -> QueryError {
    QueryError::new(kind(cut(text)), lang)
}
