//! Words for towers and moves, for screen readers and speech synthesis.
//!
//! A blind player cannot look at the sides of a tower, so every stack is read
//! top first (the man in control first, as a sighted player sees it), and a
//! move says what it carries, what it lands on and what it leaves behind.

use crate::board::{Kind, ManInfo, Move, MoveKind, Position, square_name};
use arbiter_rules::Side;

/// The language of the words: one enum for every crate that speaks.
pub use arbiter_rules::Lang;

/// The languages Tavreli has words for: English and Russian. German, which has
/// the FIDE spoken chess names but no Tavreli vocabulary, is refused here, so that
/// a player who asks for it is told instead of hearing English.
pub const LANGS: [Lang; 2] = [Lang::En, Lang::Ru];

/// Reads a language name (`ru`, `english`…) among [`LANGS`].
pub fn parse_lang(s: &str) -> Option<Lang> {
    Lang::parse(s).filter(|l| LANGS.contains(l))
}

pub use crate::names::{kind_name_en, kind_name_ru};

/// Accusative (for "берёт в плен …"); хелги is indeclinable.
fn kind_acc_ru(k: Kind) -> &'static str {
    match k {
        Kind::Volkhv => "волхва",
        Kind::Knyaz => "князя",
        Kind::Ratoborets => "ратоборца",
        Kind::Luchnik => "лучника",
        Kind::Vsadnik => "всадника",
        Kind::Ratnik => "ратника",
        Kind::Helgi => "хелги",
    }
}

/// Instrumental (for "становится …").
fn kind_instr_ru(k: Kind) -> &'static str {
    match k {
        Kind::Volkhv => "волхвом",
        Kind::Knyaz => "князем",
        Kind::Ratoborets => "ратоборцем",
        Kind::Luchnik => "лучником",
        Kind::Vsadnik => "всадником",
        Kind::Ratnik => "ратником",
        Kind::Helgi => "хелги",
    }
}

/// Хелги is feminine in Russian texts ("хелги объявила мат").
fn feminine(k: Kind) -> bool {
    k == Kind::Helgi
}

fn color_ru(side: Side, fem: bool, acc: bool) -> &'static str {
    match (side, fem, acc) {
        (Side::White, false, false) => "белый",
        (Side::Black, false, false) => "чёрный",
        (Side::White, true, false) => "белая",
        (Side::Black, true, false) => "чёрная",
        (Side::White, false, true) => "белого",
        (Side::Black, false, true) => "чёрного",
        (Side::White, true, true) => "белую",
        (Side::Black, true, true) => "чёрную",
    }
}

/// One man in words: "белый князь", "white ratnik (promoted helgi)".
pub fn man(m: &ManInfo, lang: Lang) -> String {
    match lang {
        Lang::Ru => {
            let mut s = format!(
                "{} {}",
                color_ru(m.side, feminine(m.kind), false),
                kind_name_ru(m.kind)
            );
            if m.promoted {
                s.push_str(" (превращённый ратник)");
            }
            s
        }
        Lang::En | Lang::De => {
            let mut s = format!("{} {}", m.side.name(), kind_name_en(m.kind));
            if m.promoted {
                s.push_str(" (promoted ratnik)");
            }
            s
        }
    }
}

fn man_acc_ru(m: &ManInfo) -> String {
    format!(
        "{} {}",
        color_ru(m.side, feminine(m.kind), true),
        kind_acc_ru(m.kind)
    )
}

/// Genitive of a cardinal number, for "башня из трёх".
fn count_gen_ru(n: usize) -> String {
    const UNITS: [&str; 10] = [
        "",
        "одного",
        "двух",
        "трёх",
        "четырёх",
        "пяти",
        "шести",
        "семи",
        "восьми",
        "девяти",
    ];
    const TEENS: [&str; 10] = [
        "десяти",
        "одиннадцати",
        "двенадцати",
        "тринадцати",
        "четырнадцати",
        "пятнадцати",
        "шестнадцати",
        "семнадцати",
        "восемнадцати",
        "девятнадцати",
    ];
    match n {
        0..=9 => UNITS[n].to_string(),
        10..=19 => TEENS[n - 10].to_string(),
        20..=39 => {
            let tens = if n < 30 {
                "двадцати"
            } else {
                "тридцати"
            };
            if n.is_multiple_of(10) {
                tens.to_string()
            } else {
                format!("{tens} {}", UNITS[n % 10])
            }
        }
        _ => n.to_string(),
    }
}

fn count_en(n: usize) -> String {
    const W: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    if n <= 20 {
        W[n].to_string()
    } else {
        n.to_string()
    }
}

/// The stack on `sq` in words, top first; `None` for an empty square.
///
/// "на e4 башня из трёх: сверху белый князь, под ним чёрный ратник, белый лучник"
pub fn tower(pos: &Position, sq: u8, lang: Lang) -> Option<String> {
    let st = pos.stack(sq);
    let top = st.last()?;
    let name = square_name(sq);
    if st.len() == 1 {
        return Some(match lang {
            Lang::Ru => format!("на {name} {}", man(top, lang)),
            Lang::En | Lang::De => format!("on {name} a {}", man(top, lang)),
        });
    }
    let rest: Vec<String> = st
        .iter()
        .rev()
        .skip(1)
        .map(|m| match lang {
            Lang::Ru => man(m, lang),
            Lang::En | Lang::De => format!("a {}", man(m, lang)),
        })
        .collect();
    Some(match lang {
        Lang::Ru => format!(
            "на {name} башня из {}: сверху {}, под {} {}",
            count_gen_ru(st.len()),
            man(top, lang),
            if feminine(top.kind) {
                "ней"
            } else {
                "ним"
            },
            rest.join(", ")
        ),
        Lang::En | Lang::De => format!(
            "on {name} a tower of {}: on top a {}, below it {}",
            count_en(st.len()),
            man(top, lang),
            rest.join(", ")
        ),
    })
}

/// The board rank by rank, from rank 8 down, one line per rank, every
/// occupied square described; empty ranks say so.
pub fn board(pos: &Position, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    for rank in (0..8u8).rev() {
        let parts: Vec<String> = (0..8u8)
            .filter_map(|f| tower(pos, rank * 8 + f, lang))
            .collect();
        let head = match lang {
            Lang::Ru => format!("{}-я горизонталь", rank + 1),
            Lang::En | Lang::De => format!("rank {}", rank + 1),
        };
        if parts.is_empty() {
            lines.push(format!(
                "{head}: {}",
                match lang {
                    Lang::Ru => "пусто",
                    Lang::En | Lang::De => "empty",
                }
            ));
        } else {
            lines.push(format!("{head}: {}", parts.join("; ")));
        }
    }
    lines
}

/// A move in words, said from the position before it: what moves (a man, a
/// whole tower or its top men, §3 point 4), what it lands on (a capture takes
/// the enemy prisoner, §3 point 1), what it leaves behind and who is promoted
/// (§3.3), then check, mate or stalemate (§3.4).
pub fn describe_move(pos: &Position, mv: Move, lang: Lang) -> String {
    let mut after = pos.clone();
    after.make(mv);
    let mover = match pos.top_man(mv.from()) {
        Some(m) => m,
        None => return crate::notation::move_plain(pos, mv),
    };
    let mut s = what_moves(pos, mv, &mover, lang);
    s.push_str(&landing(pos, mv, &mover, lang));
    s.push_str(&left_and_promoted(pos, &after, mv, &mover, lang));
    s.push_str(status_after(&mut after, lang));
    s
}

/// Castling, or the man or tower that goes and from where to where.
fn what_moves(pos: &Position, mv: Move, mover: &ManInfo, lang: Lang) -> String {
    let from = square_name(mv.from());
    let to = square_name(mv.to());
    let h = pos.height(mv.from());
    let k = mv.count() as usize;
    match (mv.kind(), lang) {
        (MoveKind::Castle, Lang::Ru) => if mv.to() % 8 == 6 {
            "короткая рокировка"
        } else {
            "длинная рокировка"
        }
        .to_string(),
        (MoveKind::Castle, Lang::En | Lang::De) => if mv.to() % 8 == 6 {
            "short castling"
        } else {
            "long castling"
        }
        .to_string(),
        (_, Lang::Ru) => {
            if h == 1 {
                format!("{} с {from} на {to}", man(mover, lang))
            } else if k == h {
                format!(
                    "башня из {} ({} сверху) с {from} на {to}",
                    count_gen_ru(h),
                    man(mover, lang)
                )
            } else {
                format!(
                    "{} снимает {} из {} с {from} на {to}",
                    man(mover, lang),
                    if k == 1 {
                        "одного".to_string()
                    } else {
                        count_gen_ru(k)
                    },
                    count_gen_ru(h)
                )
            }
        }
        (_, Lang::En | Lang::De) => {
            if h == 1 {
                format!("{} from {from} to {to}", man(mover, lang))
            } else if k == h {
                format!(
                    "tower of {} ({} on top) from {from} to {to}",
                    count_en(h),
                    man(mover, lang)
                )
            } else {
                format!(
                    "{} lifts the top {} of {} from {from} to {to}",
                    man(mover, lang),
                    count_en(k),
                    count_en(h)
                )
            }
        }
    }
}

/// What the move lands on: an enemy taken prisoner (also en passant, §3.2),
/// or an own man stood upon; a promoted ratnik taken or covered turns back
/// into a ratnik (§3.3). Empty for castling and an empty square.
fn landing(pos: &Position, mv: Move, mover: &ManInfo, lang: Lang) -> String {
    let mut s = String::new();
    if mv.kind() == MoveKind::EnPassant {
        let victim_sq = if mover.side == Side::White {
            mv.to() - 8
        } else {
            mv.to() + 8
        };
        if let Some(v) = pos.top_man(victim_sq) {
            s.push_str(&match lang {
                Lang::Ru => format!(", пленение на проходе: берёт в плен {}", man_acc_ru(&v)),
                Lang::En | Lang::De => {
                    format!(", en passant: takes the {} prisoner", man(&v, lang))
                }
            });
        }
    } else if let Some(t) = pos.top_man(mv.to())
        && mv.kind() != MoveKind::Castle
    {
        if t.side != mover.side {
            s.push_str(&match lang {
                Lang::Ru => format!(", берёт в плен {}", man_acc_ru(&t)),
                Lang::En | Lang::De => format!(", takes the {} prisoner", man(&t, lang)),
            });
        } else {
            s.push_str(&match lang {
                Lang::Ru => format!(", встаёт на {}", man_acc_ru(&t)),
                Lang::En | Lang::De => format!(", onto the {}", man(&t, lang)),
            });
        }
        if t.promoted {
            s.push_str(match lang {
                Lang::Ru => " (превращённый ратник снова становится ратником)",
                Lang::En | Lang::De => " (the promoted ratnik turns back into a ratnik)",
            });
        }
    }
    s
}

/// The man left on top of the origin when only part of a tower moved, and
/// every ratnik promoted by the move on either square (§3.3).
fn left_and_promoted(
    pos: &Position,
    after: &Position,
    mv: Move,
    mover: &ManInfo,
    lang: Lang,
) -> String {
    let mut s = String::new();
    let from = square_name(mv.from());
    if (mv.count() as usize) < pos.height(mv.from())
        && let Some(left) = after.top_man(mv.from())
    {
        s.push_str(&match lang {
            Lang::Ru => format!("; на {from} остаётся {}", man(&left, lang)),
            Lang::En | Lang::De => format!("; left on {from}: {}", man(&left, lang)),
        });
    }
    for sq in [mv.from(), mv.to()] {
        if let (Some(b), Some(a)) = (pos.top_man(sq), after.top_man(sq)) {
            let became = a.promoted && !(b.id == a.id && b.promoted);
            if became {
                s.push_str(&match lang {
                    Lang::Ru => format!(
                        "; ратник на {} становится {}",
                        square_name(sq),
                        kind_instr_ru(a.kind)
                    ),
                    Lang::En | Lang::De => format!(
                        "; the ratnik on {} becomes a {}",
                        square_name(sq),
                        kind_name_en(a.kind)
                    ),
                });
            }
        } else if let (None, Some(a)) = (pos.top_man(sq), after.top_man(sq))
            && a.promoted
            && !mover.promoted
        {
            s.push_str(&match lang {
                Lang::Ru => format!("; ратник становится {}", kind_instr_ru(a.kind)),
                Lang::En | Lang::De => format!("; the ratnik becomes a {}", kind_name_en(a.kind)),
            });
        }
    }
    s
}

/// Check, checkmate or stalemate after the move (§3.4), or nothing.
fn status_after(after: &mut Position, lang: Lang) -> &'static str {
    if after.in_check() {
        let mate = !after.has_legal_move();
        match (lang, mate) {
            (Lang::Ru, true) => ", мат",
            (Lang::Ru, false) => ", шах",
            (Lang::En | Lang::De, true) => ", checkmate",
            (Lang::En | Lang::De, false) => ", check",
        }
    } else if !after.has_legal_move() {
        match lang {
            Lang::Ru => ", пат",
            Lang::En | Lang::De => ", stalemate",
        }
    } else {
        ""
    }
}
