//! The federation's coordinate notation (tavreli-rules.md §5): `c1-d2`, `e2(1)-c3`
//! (the top *n* men), `0-0`, `0-0-0`, with optional `+` (check), a final `x`
//! (the deciding last move of a record) and `!`/`?` marks.
//!
//! Reading is lenient where records are: file letters in either case and the
//! Cyrillic look-alikes `а с е` (game 13 of the records writes `b7-с6` with a
//! Cyrillic `с`), `O`/`О` for castling zeros, and a `*` glued to the last
//! move. It is strict about meaning: every error names the token and why.

use crate::board::{Kind, Move, MoveKind, Position, V, square_name};
use arbiter_rules::Side;
use std::fmt;

/// Why a move token cannot be read or played. Typed, so that a front end
/// says it in its player's language; [`fmt::Display`] gives plain English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in this notation at all.
    Malformed {
        /// The token as given.
        token: String,
        /// Why.
        problem: Malformed,
        /// The 0-based column, in characters, where reading stopped.
        column: usize,
    },
    /// A well-formed move that this position does not allow.
    Illegal {
        /// The token as given (trimmed).
        token: String,
        /// Why.
        reason: Illegal,
    },
}

/// Why a token is not a move in the notation (§5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// Nothing was typed.
    Empty,
    /// Neither `from-to`, `from(n)-to`, `0-0` nor `0-0-0`.
    NotAMove,
    /// A square like `e2` was expected at `column`; `found` was written.
    ExpectedSquare {
        /// The 0-based column of the square.
        column: usize,
        /// The two characters found there.
        found: String,
    },
    /// No `-` between the squares.
    MissingDash,
    /// Text after the destination square.
    TrailingText,
    /// The destination is the origin.
    SameSquare,
    /// A `(` without its `)`.
    UnclosedParen,
    /// The `(n)` holds no number of men (`digits` is what it holds).
    BadCount {
        /// The text between the parentheses.
        digits: String,
    },
    /// `(0)`: a move lifts at least one man.
    ZeroCount,
    /// `(n)` with more men than the game has.
    TooManyMen {
        /// The number written.
        count: u32,
    },
}

/// Why a well-formed move is not legal in the position (§3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Castling is not possible (§3.1).
    Castling {
        /// `0-0-0`.
        long: bool,
    },
    /// No man stands on the origin.
    NoMan {
        /// The origin square.
        square: u8,
    },
    /// The man or tower on the origin is the opponent's.
    NotYours {
        /// The origin square.
        square: u8,
        /// A tower (more than one man) stands there.
        tower: bool,
        /// Whose it is.
        owner: Side,
        /// The side to move.
        to_move: Side,
    },
    /// More men lifted than the origin holds.
    TooFewMen {
        /// The men to lift.
        lift: u8,
        /// The origin square.
        square: u8,
        /// How many men stand there.
        height: usize,
    },
    /// Nothing may be placed on a volkhv (§3 point 2).
    OntoVolkhv {
        /// The destination square.
        square: u8,
        /// The volkhv is the mover's own.
        own: bool,
    },
    /// The move would leave the own volkhv attacked.
    VolkhvAttacked,
    /// The men lifted do not move that way.
    CannotGo {
        /// The kind of the top man.
        kind: Kind,
        /// A tower (more than one man) moves.
        tower: bool,
        /// The origin square.
        from: u8,
        /// The destination square.
        to: u8,
    },
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Malformed::Empty => write!(f, "empty move"),
            Malformed::NotAMove => {
                write!(f, "expected `from-to`, `from(n)-to`, `0-0` or `0-0-0`")
            }
            Malformed::ExpectedSquare { column, found } => write!(
                f,
                "expected a square like `e2` at column {column}, found `{found}`"
            ),
            Malformed::MissingDash => write!(f, "expected `-` between the squares"),
            Malformed::TrailingText => {
                write!(f, "unexpected text after the destination square")
            }
            Malformed::SameSquare => write!(f, "a move must leave its square"),
            Malformed::UnclosedParen => write!(f, "`(` without `)`"),
            Malformed::BadCount { digits } => {
                write!(f, "`({digits})` must be the number of men lifted")
            }
            Malformed::ZeroCount => {
                write!(f, "a move must lift at least one man: `(0)` is not a move")
            }
            Malformed::TooManyMen { count } => {
                write!(f, "no tower has {count} men (there are 32 men in all)")
            }
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let man = |tower: bool| if tower { "tower" } else { "man" };
        match self {
            Illegal::Castling { long } => write!(
                f,
                "{} castling is not possible here (§3.1: volkhv and ratoborets unmoved and alone, nothing between, no attacked square)",
                if *long { "long" } else { "short" }
            ),
            Illegal::NoMan { square } => {
                write!(f, "there is no man on {}", square_name(*square))
            }
            Illegal::NotYours {
                square,
                tower,
                owner,
                to_move,
            } => write!(
                f,
                "the {} on {} belongs to {}; it is {}'s move",
                man(*tower),
                square_name(*square),
                owner.name(),
                to_move.name()
            ),
            Illegal::TooFewMen {
                lift,
                square,
                height,
            } => write!(
                f,
                "cannot lift {lift} men: the {} on {} has only {height}",
                if *height > 1 { "tower" } else { "square" },
                square_name(*square)
            ),
            Illegal::OntoVolkhv { square, own } => write!(
                f,
                "nothing may be placed on a volkhv: {} stands on {}",
                if *own {
                    "your volkhv"
                } else {
                    "the enemy volkhv"
                },
                square_name(*square)
            ),
            Illegal::VolkhvAttacked => write!(f, "it would leave your own volkhv attacked"),
            Illegal::CannotGo {
                kind,
                tower,
                from,
                to,
            } => write!(
                f,
                "a {}-topped {} cannot go from {} to {}",
                kind_name(*kind),
                man(*tower),
                square_name(*from),
                square_name(*to)
            ),
        }
    }
}

impl NotationError {
    /// The reason, in plain English.
    pub fn reason(&self) -> String {
        match self {
            NotationError::Malformed { problem, .. } => problem.to_string(),
            NotationError::Illegal { reason, .. } => reason.to_string(),
        }
    }
    /// The token in error, as given.
    pub fn token(&self) -> &str {
        match self {
            NotationError::Malformed { token, .. } | NotationError::Illegal { token, .. } => token,
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed {
                token,
                problem,
                column,
            } => {
                write!(f, "malformed move `{token}` (column {column}): {problem}")
            }
            NotationError::Illegal { token, reason } => {
                write!(f, "illegal move `{token}`: {reason}")
            }
        }
    }
}
impl std::error::Error for NotationError {}

/// The syntax of a move token, before looking at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSyntax {
    /// `0-0` or `0-0-0` (§3.1).
    Castle {
        /// `0-0-0`: castling with the a-file ratoborets.
        long: bool,
    },
    /// `from-to` or `from(n)-to` (§5).
    Move {
        /// The origin square, 0 = a1 … 63 = h8.
        from: u8,
        /// `(n)`: the top `n` men are lifted; `None` lifts the whole stack.
        count: Option<u8>,
        /// The destination square.
        to: u8,
    },
}

/// A parsed token with its annotation marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token says to do.
    pub syntax: MoveSyntax,
    /// The token carried `+`.
    pub check_mark: bool,
    /// The token carried the final `x` (or `×`, `#`).
    pub final_mark: bool,
}

fn fold_char(c: char) -> char {
    match c {
        // Cyrillic files as they look (а с е) and as a Russian player says
        // them (а б ц д е ф г х, ж for "жэ"): Tavreli moves have no piece
        // letters, so every one of them is a file.
        'а' | 'А' => 'a',
        'б' | 'Б' | 'В' => 'b',
        'с' | 'С' | 'ц' | 'Ц' => 'c',
        'д' | 'Д' => 'd',
        'е' | 'Е' => 'e',
        'ф' | 'Ф' => 'f',
        'г' | 'Г' | 'ж' | 'Ж' => 'g',
        'х' | 'Х' | 'н' | 'Н' => 'h',
        'О' | 'о' | 'O' | 'o' => '0',
        '–' | '—' | '−' => '-',
        c => c.to_ascii_lowercase(),
    }
}

/// A file letter alone (`e`, `Е`, `ф`): its index 0..8.
pub fn parse_file(c: char) -> Option<u8> {
    let f = fold_char(c);
    ('a'..='h').contains(&f).then(|| f as u8 - b'a')
}

/// Reads a square like `e4` (any case, Cyrillic look-alike files accepted).
pub fn parse_square(s: &str) -> Option<u8> {
    let mut it = s.chars().map(fold_char);
    let f = it.next()?;
    let r = it.next()?;
    if it.next().is_some() || !('a'..='h').contains(&f) || !('1'..='8').contains(&r) {
        return None;
    }
    Some((r as u8 - b'1') * 8 + (f as u8 - b'a'))
}

fn malformed(token: &str, column: usize, problem: Malformed) -> NotationError {
    NotationError::Malformed {
        token: token.into(),
        problem,
        column,
    }
}

/// Parses the syntax of a move token (no position needed).
///
/// The token is read from its end first: the annotation marks (`+`, a final
/// `x`, `!`, `?`, a glued `*`), then castling or `from[(n)]-to` (§5).
pub fn parse_token(token: &str) -> Result<Token, NotationError> {
    let chars: Vec<char> = token.trim().chars().map(fold_char).collect();
    if chars.is_empty() {
        return Err(malformed(token, 0, Malformed::Empty));
    }
    let (end, check_mark, final_mark) = annotation_marks(&chars);
    let body: String = chars[..end].iter().collect();
    let syntax = if body == "0-0" || body == "0-0-0" {
        MoveSyntax::Castle {
            long: body.len() == 5,
        }
    } else {
        move_syntax(token, &body.chars().collect::<Vec<char>>())?
    };
    Ok(Token {
        syntax,
        check_mark,
        final_mark,
    })
}

/// Where the move proper ends, before the trailing marks; whether `+` and a
/// final mark (`x`, `×`, `#`) were among them.
fn annotation_marks(chars: &[char]) -> (usize, bool, bool) {
    let mut end = chars.len();
    let mut check_mark = false;
    let mut final_mark = false;
    while end > 0 {
        match chars[end - 1] {
            '+' => check_mark = true,
            'x' | '×' | '#' => final_mark = true,
            '!' | '?' | '*' => {}
            _ => break,
        }
        end -= 1;
    }
    (end, check_mark, final_mark)
}

/// `from-to` or `from(n)-to`, the marks already taken off (`b`, folded).
fn move_syntax(token: &str, b: &[char]) -> Result<MoveSyntax, NotationError> {
    let sq_at = |i: usize| -> Result<u8, NotationError> {
        let s: String = b.iter().skip(i).take(2).collect();
        parse_square(&s).ok_or_else(|| {
            malformed(
                token,
                i,
                Malformed::ExpectedSquare {
                    column: i,
                    // As typed, not as folded: `to`, not `t0`.
                    found: token.trim().chars().skip(i).take(2).collect(),
                },
            )
        })
    };
    if b.len() < 5 {
        return Err(malformed(token, 0, Malformed::NotAMove));
    }
    let from = sq_at(0)?;
    let (count, i) = if b.get(2) == Some(&'(') {
        lifted_count(token, b, 2)?
    } else {
        (None, 2)
    };
    if b.get(i) != Some(&'-') {
        return Err(malformed(token, i, Malformed::MissingDash));
    }
    let to = sq_at(i + 1)?;
    if b.len() != i + 3 {
        return Err(malformed(token, i + 3, Malformed::TrailingText));
    }
    if from == to {
        return Err(malformed(token, 0, Malformed::SameSquare));
    }
    Ok(MoveSyntax::Move { from, count, to })
}

/// The `(n)` of a partial tower move (§3 point 4: the top *n* men are lifted), read
/// from the `(` at `i`; the count and the column after the `)`.
fn lifted_count(token: &str, b: &[char], i: usize) -> Result<(Option<u8>, usize), NotationError> {
    let close = match b[i..].iter().position(|&c| c == ')') {
        Some(p) => i + p,
        None => return Err(malformed(token, i, Malformed::UnclosedParen)),
    };
    let digits: String = b[i + 1..close].iter().collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 3 {
        return Err(malformed(token, i + 1, Malformed::BadCount { digits }));
    }
    let n: u32 = digits.parse().unwrap_or(0);
    if n == 0 {
        return Err(malformed(token, i + 1, Malformed::ZeroCount));
    }
    if n > 32 {
        return Err(malformed(token, i + 1, Malformed::TooManyMen { count: n }));
    }
    Ok((Some(n as u8), close + 1))
}

fn kind_name(k: Kind) -> &'static str {
    crate::names::kind_name_en(k)
}

/// Resolves a token against a position: the legal move it names, or why not.
pub fn parse_move(pos: &Position, token: &str) -> Result<(Move, Token), NotationError> {
    let tok = parse_token(token)?;
    let mut p = pos.clone();
    let legal = p.legal_moves();
    match tok.syntax {
        MoveSyntax::Castle { long } => legal
            .iter()
            .find(|m| m.kind() == MoveKind::Castle && (m.to() % 8 == 2) == long)
            .map(|m| (*m, tok))
            .ok_or_else(|| castle_refused(token, long)),
        MoveSyntax::Move { from, count, to } => {
            find_move(pos, &legal, token, from, count, to).map(|m| (m, tok))
        }
    }
}

/// An illegal-move error for `token`.
fn illegal(token: &str, reason: Illegal) -> NotationError {
    NotationError::Illegal {
        token: token.trim().into(),
        reason,
    }
}

/// Why castling is not possible (§3.1).
fn castle_refused(token: &str, long: bool) -> NotationError {
    illegal(token, Illegal::Castling { long })
}

/// The legal move `from[(count)]-to` names: the mover must be the side to
/// move's and hold at least `count` men; a volkhv's two-square step is
/// castling; otherwise the most telling reason why not.
fn find_move(
    pos: &Position,
    legal: &[Move],
    token: &str,
    from: u8,
    count: Option<u8>,
    to: u8,
) -> Result<Move, NotationError> {
    let us = pos.side_to_move();
    let h = pos.height(from);
    let Some(top) = pos.top_man(from) else {
        return Err(illegal(token, Illegal::NoMan { square: from }));
    };
    if top.side != us {
        return Err(not_to_move(token, from, h, top.side, us));
    }
    let k = count.unwrap_or(h as u8);
    if k as usize > h {
        return Err(illegal(
            token,
            Illegal::TooFewMen {
                lift: k,
                square: from,
                height: h,
            },
        ));
    }
    if let Some(m) = legal
        .iter()
        .find(|m| m.from() == from && m.to() == to && m.count() == k)
    {
        return Ok(*m);
    }
    // A volkhv written as a two-square move is castling.
    if top.kind == Kind::Volkhv
        && k == 1
        && let Some(m) = legal
            .iter()
            .find(|m| m.kind() == MoveKind::Castle && m.from() == from && m.to() == to)
    {
        return Ok(*m);
    }
    Err(why_not(pos, token, (from, k, to), top.kind, h))
}

/// The man or tower on `from` is not the side to move's.
fn not_to_move(token: &str, from: u8, h: usize, owner: Side, us: Side) -> NotationError {
    illegal(
        token,
        Illegal::NotYours {
            square: from,
            tower: h > 1,
            owner,
            to_move: us,
        },
    )
}

/// Why the side to move's `from(k)-to` is not legal: a volkhv stands on the
/// destination (§3 point 2), the move would leave the own volkhv attacked, or the
/// men lifted do not move that way.
fn why_not(
    pos: &Position,
    token: &str,
    (from, k, to): (u8, u8, u8),
    top: Kind,
    h: usize,
) -> NotationError {
    let us = pos.side_to_move();
    if let Some(t) = pos.top_man(to)
        && t.kind == Kind::Volkhv
        && pos.kinds[V] >> to & 1 != 0
    {
        let own = t.side == us;
        return illegal(token, Illegal::OntoVolkhv { square: to, own });
    }
    let mut pseudo = Vec::new();
    pos.pseudo_moves(&mut pseudo);
    if pseudo
        .iter()
        .any(|m| m.from() == from && m.to() == to && m.count() == k)
    {
        return illegal(token, Illegal::VolkhvAttacked);
    }
    illegal(
        token,
        Illegal::CannotGo {
            kind: top,
            tower: h > 1,
            from,
            to,
        },
    )
}

/// Writes a move: `c1-d2`, `e2(1)-c3` when fewer than all men are lifted,
/// `0-0`/`0-0-0`; no check mark (see [`move_text`]).
pub fn move_plain(pos: &Position, mv: Move) -> String {
    if mv.kind() == MoveKind::Castle {
        return if mv.to() % 8 == 6 {
            "0-0".into()
        } else {
            "0-0-0".into()
        };
    }
    let h = pos.height(mv.from());
    if (mv.count() as usize) < h {
        format!(
            "{}({})-{}",
            square_name(mv.from()),
            mv.count(),
            square_name(mv.to())
        )
    } else {
        format!("{}-{}", square_name(mv.from()), square_name(mv.to()))
    }
}

/// The move as the federation writes it, with `+` when it gives check.
pub fn move_text(pos: &Position, mv: Move) -> String {
    let mut s = move_plain(pos, mv);
    let mut p = pos.clone();
    p.make(mv);
    if p.in_check() {
        s.push('+');
    }
    s
}
