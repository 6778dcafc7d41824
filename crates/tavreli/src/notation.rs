//! The federation's coordinate notation (tavreli-rules.md §5): `c1-d2`, `e2(1)-c3`
//! (the top *n* men), `0-0`, `0-0-0`, with optional `+` (check), a final `x`
//! (the deciding last move of a record) and `!`/`?` marks.
//!
//! Reading is lenient where records are: file letters in either case and the
//! Cyrillic look-alikes `а с е` (game 13 of the records writes `b7-с6` with a
//! Cyrillic `с`), `O`/`О` for castling zeros, and a `*` glued to the last
//! move. It is strict about meaning: every error names the token and why.

use crate::board::{Kind, Move, MoveKind, Position, V, square_name};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in this notation at all.
    Malformed {
        token: String,
        reason: String,
        /// The same reason in Russian, for `--lang ru`.
        ru: String,
        column: usize,
    },
    /// A well-formed move that this position does not allow.
    Illegal {
        token: String,
        reason: String,
        /// The same reason in Russian, for `--lang ru`.
        ru: String,
    },
}

impl NotationError {
    pub fn reason(&self) -> &str {
        match self {
            NotationError::Malformed { reason, .. } | NotationError::Illegal { reason, .. } => {
                reason
            }
        }
    }
    /// The reason in the player's language.
    pub fn reason_in(&self, lang: arbiter_rules::Lang) -> &str {
        match (self, lang) {
            (
                NotationError::Malformed { ru, .. } | NotationError::Illegal { ru, .. },
                arbiter_rules::Lang::Ru,
            ) => ru,
            _ => self.reason(),
        }
    }
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
                reason,
                column,
                ..
            } => {
                write!(f, "malformed move `{token}` (column {column}): {reason}")
            }
            NotationError::Illegal { token, reason, .. } => {
                write!(f, "illegal move `{token}`: {reason}")
            }
        }
    }
}
impl std::error::Error for NotationError {}

/// The syntax of a move token, before looking at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSyntax {
    Castle { long: bool },
    Move { from: u8, count: Option<u8>, to: u8 },
}

/// A parsed token with its annotation marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub syntax: MoveSyntax,
    /// The token carried `+`.
    pub check_mark: bool,
    /// The token carried the final `x` (or `×`, `#`).
    pub final_mark: bool,
}

fn fold_char(c: char) -> char {
    match c {
        'а' | 'А' => 'a',
        'с' | 'С' => 'c',
        'е' | 'Е' => 'e',
        'О' | 'о' | 'O' | 'o' => '0',
        '–' | '—' | '−' => '-',
        c => c.to_ascii_lowercase(),
    }
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

fn malformed(
    token: &str,
    column: usize,
    reason: impl Into<String>,
    ru: impl Into<String>,
) -> NotationError {
    NotationError::Malformed {
        token: token.into(),
        reason: reason.into(),
        ru: ru.into(),
        column,
    }
}

/// Parses the syntax of a move token (no position needed).
pub fn parse_token(token: &str) -> Result<Token, NotationError> {
    let chars: Vec<char> = token.trim().chars().map(fold_char).collect();
    if chars.is_empty() {
        return Err(malformed(token, 0, "empty move", "пустой ход"));
    }
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
    let body: String = chars[..end].iter().collect();
    if body == "0-0" || body == "0-0-0" {
        return Ok(Token {
            syntax: MoveSyntax::Castle {
                long: body.len() == 5,
            },
            check_mark,
            final_mark,
        });
    }
    let b: Vec<char> = body.chars().collect();
    let sq_at = |i: usize| -> Result<u8, NotationError> {
        let s: String = b.iter().skip(i).take(2).collect();
        parse_square(&s).ok_or_else(|| {
            malformed(
                token,
                i,
                format!("expected a square like `e2` at column {i}, found `{s}`"),
                format!("в позиции {i} ожидается поле, например `e2`, а написано `{s}`"),
            )
        })
    };
    if b.len() < 5 {
        return Err(malformed(
            token,
            0,
            "expected `from-to`, `from(n)-to`, `0-0` or `0-0-0`",
            "ожидается `откуда-куда`, `откуда(n)-куда`, `0-0` или `0-0-0`",
        ));
    }
    let from = sq_at(0)?;
    let mut i = 2;
    let mut count = None;
    if b.get(i) == Some(&'(') {
        let close = match b[i..].iter().position(|&c| c == ')') {
            Some(p) => i + p,
            None => return Err(malformed(token, i, "`(` without `)`", "`(` без `)`")),
        };
        let digits: String = b[i + 1..close].iter().collect();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 3 {
            return Err(malformed(
                token,
                i + 1,
                format!("`({digits})` must be the number of men lifted"),
                format!("в `({digits})` должно быть число снимаемых таврелей"),
            ));
        }
        let n: u32 = digits.parse().unwrap_or(0);
        if n == 0 {
            return Err(malformed(
                token,
                i + 1,
                "a move must lift at least one man: `(0)` is not a move",
                "ход должен снять хотя бы одну таврель: `(0)` не ход",
            ));
        }
        if n > 32 {
            return Err(malformed(
                token,
                i + 1,
                format!("no tower has {n} men (there are 32 men in all)"),
                format!("башни из {n} таврелей не бывает (всего таврелей 32)"),
            ));
        }
        count = Some(n as u8);
        i = close + 1;
    }
    if b.get(i) != Some(&'-') {
        return Err(malformed(
            token,
            i,
            "expected `-` between the squares",
            "между полями нужен `-`",
        ));
    }
    let to = sq_at(i + 1)?;
    if b.len() != i + 3 {
        return Err(malformed(
            token,
            i + 3,
            "unexpected text after the destination square",
            "лишний текст после поля назначения",
        ));
    }
    if from == to {
        return Err(malformed(
            token,
            0,
            "a move must leave its square",
            "ход не может вернуться на своё поле",
        ));
    }
    Ok(Token {
        syntax: MoveSyntax::Move { from, count, to },
        check_mark,
        final_mark,
    })
}

fn kind_name(k: Kind) -> &'static str {
    crate::names::kind_name_en(k)
}

/// Resolves a token against a position: the legal move it names, or why not.
pub fn parse_move(pos: &Position, token: &str) -> Result<(Move, Token), NotationError> {
    let tok = parse_token(token)?;
    let mut p = pos.clone();
    let legal = p.legal_moves();
    let illegal = |reason: String, ru: String| NotationError::Illegal {
        token: token.trim().into(),
        reason,
        ru,
    };
    let us = pos.side_to_move();
    match tok.syntax {
        MoveSyntax::Castle { long } => {
            let found = legal
                .iter()
                .find(|m| m.kind() == MoveKind::Castle && (m.to() % 8 == 2) == long)
                .copied();
            match found {
                Some(m) => Ok((m, tok)),
                None => Err(illegal(
                    format!(
                        "{} castling is not possible here (§3.1: volkhv and ratoborets unmoved and alone, nothing between, no attacked square)",
                        if long { "long" } else { "short" }
                    ),
                    format!(
                        "{} рокировка здесь невозможна (волхв и ратоборец не ходили и стоят одни, между ними пусто, поля не под боем)",
                        if long {
                            "длинная"
                        } else {
                            "короткая"
                        }
                    ),
                )),
            }
        }
        MoveSyntax::Move { from, count, to } => {
            let h = pos.height(from);
            let top = match pos.top_man(from) {
                Some(t) => t,
                None => {
                    return Err(illegal(
                        format!("there is no man on {}", square_name(from)),
                        format!("на {} нет таврели", square_name(from)),
                    ));
                }
            };
            if top.side != us {
                return Err(illegal(
                    format!(
                        "the {} on {} belongs to {}; it is {}'s move",
                        if h > 1 { "tower" } else { "man" },
                        square_name(from),
                        top.side.name(),
                        us.name()
                    ),
                    format!(
                        "{} на {} принадлежит {}; сейчас ход {}",
                        if h > 1 {
                            "башня"
                        } else {
                            "таврель"
                        },
                        square_name(from),
                        if top.side == arbiter_rules::Side::White {
                            "белым"
                        } else {
                            "чёрным"
                        },
                        if us == arbiter_rules::Side::White {
                            "белых"
                        } else {
                            "чёрных"
                        }
                    ),
                ));
            }
            let k = count.unwrap_or(h as u8);
            if k as usize > h {
                return Err(illegal(
                    format!(
                        "cannot lift {k} men: the {} on {} has only {h}",
                        if h > 1 { "tower" } else { "square" },
                        square_name(from)
                    ),
                    format!("нельзя снять {k}: на {} всего {h}", square_name(from)),
                ));
            }
            if let Some(m) = legal
                .iter()
                .find(|m| m.from() == from && m.to() == to && m.count() == k)
            {
                return Ok((*m, tok));
            }
            // A volkhv written as a two-square move is castling.
            if top.kind == Kind::Volkhv
                && k == 1
                && let Some(m) = legal
                    .iter()
                    .find(|m| m.kind() == MoveKind::Castle && m.from() == from && m.to() == to)
            {
                return Ok((*m, tok));
            }
            if let Some(t) = pos.top_man(to)
                && t.kind == Kind::Volkhv
                && pos.kinds[V] >> to & 1 != 0
            {
                return Err(illegal(
                    format!(
                        "nothing may be placed on a volkhv: {} stands on {}",
                        if t.side == us {
                            "your volkhv"
                        } else {
                            "the enemy volkhv"
                        },
                        square_name(to)
                    ),
                    format!(
                        "на волхва ничего ставить нельзя: на {} стоит {}",
                        square_name(to),
                        if t.side == us {
                            "ваш волхв"
                        } else {
                            "волхв противника"
                        }
                    ),
                ));
            }
            let mut pseudo = Vec::new();
            pos.pseudo_moves(&mut pseudo);
            if pseudo
                .iter()
                .any(|m| m.from() == from && m.to() == to && m.count() == k)
            {
                return Err(illegal(
                    "it would leave your own volkhv attacked".into(),
                    "после хода ваш волхв окажется под боем".into(),
                ));
            }
            Err(illegal(
                format!(
                    "a {}-topped {} cannot go from {} to {}",
                    kind_name(top.kind),
                    if h > 1 { "tower" } else { "man" },
                    square_name(from),
                    square_name(to)
                ),
                format!(
                    "{} (сверху {}) не может пойти с {} на {}",
                    if h > 1 {
                        "башня"
                    } else {
                        "таврель"
                    },
                    crate::names::kind_name_ru(top.kind),
                    square_name(from),
                    square_name(to)
                ),
            ))
        }
    }
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
