//! The position commands of a Tavreli game in words: where men stand, what stands on a
//! square or along a line, the legal moves of a tower, the attackers of a square, the
//! moves so far. The same commands as chess (`arbiter play`, the web page), built on the
//! tower descriptions of [`super::speech`]: a tower is always read top first.
//!
//! The command line itself (which texts are commands) is read by the notation crate's
//! `describe::command_word`; this module reads the Tavreli arguments ([`parse_men`],
//! [`arbiter_tavreli::notation::parse_square`]) and answers. The board is [`super::speech::board`].
//!
//! Pure: no I/O.

use arbiter_rules::Side;

use crate::sides::side_name;

use super::speech::{Lang, describe_move, kind_name_de, kind_name_en, kind_name_ru, man, tower};
use arbiter_tavreli::board::{Kind, Move, Position, square_name};

pub use arbiter_tavreli::queries::{MenQuery, QueryError};
use arbiter_tavreli::queries::{attackers_of, moves_from, replay, squares_of};

/// Why a query has no answer, in `lang`.
pub fn error_text(e: &QueryError, lang: Lang) -> String {
    match (e, lang) {
        (QueryError::EmptySquare(s), Lang::Ru) => format!("Поле {} пусто", square_name(*s)),
        (QueryError::EmptySquare(s), Lang::De) => format!("{} ist leer", square_name(*s)),
        (QueryError::NotToMove(s), Lang::Ru) => {
            format!("Таврель на {} сейчас не ходит", square_name(*s))
        }
        (QueryError::NotToMove(s), Lang::De) => {
            format!("Der Stein auf {} ist nicht am Zug", square_name(*s))
        }
        (QueryError::BadRecord(i), Lang::Ru) => format!("Ход {} в записи невозможен", i + 1),
        (QueryError::BadRecord(i), Lang::De) => {
            format!("Zug {} der Partie ist regelwidrig", i + 1)
        }
        // English is the rule set's own message.
        (e, Lang::En) => e.to_string(),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn kind_name(k: Kind, lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => kind_name_ru(k),
        Lang::De => kind_name_de(k),
        Lang::En => kind_name_en(k),
    }
}

/// The letters of the position text that [`parse_men`] reads, in the order of
/// [`Kind::ALL`].
const MEN_LETTERS: &str = "KQRBNPH";

/// What the help says of the `p` command: its argument and what it does, in `lang`, with
/// the letters [`parse_men`] reads and the kinds they stand for ("K volkhv, … N
/// vsadnik"), so that a player learns the words of this board, not of chess.
pub fn men_help(lang: Lang) -> (&'static str, String) {
    let letters: Vec<String> = Kind::ALL
        .iter()
        .zip(MEN_LETTERS.chars())
        .map(|(&k, c)| format!("{c} {}", kind_name(k, lang)))
        .collect();
    let letters = letters.join(", ");
    match lang {
        Lang::En => (
            "[MAN]",
            format!(
                "where the men stand, the top of each tower: {letters}; capital White's, small Black's; a name for both sides (vsadnik), white all White's"
            ),
        ),
        Lang::Ru => (
            "[ТАВРЕЛЬ]",
            format!(
                "где стоят таврели, верхние в башнях: {letters}; заглавная — белые, строчная — чёрные; название — обе стороны (всадник), белые — все белые"
            ),
        ),
        Lang::De => (
            "[STEIN]",
            format!(
                "wo die Steine stehen, die obersten der Türme: {letters}; groß weiße, klein schwarze; ein Name beide Seiten (Wsadnik), weiß alle weißen"
            ),
        ),
    }
}

/// Reads a `p` argument: kind names in Russian, English or German ("всадник", "vsadnik",
/// "Wsadnik"), the position-text letters (K Q R B N P H: upper case White, lower case
/// Black, as in the position text), colour words ("белые", "white", "weiß"), or a colour
/// and a kind.
pub fn parse_men(text: &str) -> Option<MenQuery> {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| w.to_lowercase().replace('ё', "е"))
        .collect();
    if words.len() == 1 {
        let mut cs = text.trim().chars();
        if let (Some(c), None) = (cs.next(), cs.next()) {
            let i = MEN_LETTERS.find(c.to_ascii_uppercase())?;
            let side = if c.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            return Some(MenQuery {
                side: Some(side),
                kind: Some(Kind::from_index(i)),
            });
        }
    }
    if words.is_empty() || words.len() > 2 {
        return None;
    }
    let mut q = MenQuery {
        side: None,
        kind: None,
    };
    for w in &words {
        let side = match w.as_str() {
            "white" | "белые" | "белых" | "weiß" | "weiss" => Some(Side::White),
            "black" | "черные" | "черных" | "schwarz" => Some(Side::Black),
            _ => None,
        };
        let kind = Kind::ALL.into_iter().find(|&k| {
            kind_name_en(k) == w.as_str()
                || kind_name_ru(k).replace('ё', "е") == *w
                || kind_name_de(k).to_lowercase() == *w
        });
        match (side, kind) {
            (Some(s), _) if q.side.is_none() => q.side = Some(s),
            (_, Some(k)) if q.kind.is_none() => q.kind = Some(k),
            _ => return None,
        }
    }
    Some(q)
}

/// `p`: where the men asked for stand, counting only the men in control (on top); a
/// captive inside a tower is heard with `q`. "White: vsadnik, 2: b1, g1."
pub fn pieces(pos: &Position, q: MenQuery, lang: Lang) -> String {
    let sides = match q.side {
        Some(s) => vec![s],
        None => vec![Side::White, Side::Black],
    };
    let kinds: Vec<Kind> = q.kind.map_or(Kind::ALL.to_vec(), |k| vec![k]);
    let mut out = Vec::new();
    for side in sides {
        let lists: Vec<String> = kinds
            .iter()
            .map(|&k| (k, squares_of(pos, side, k)))
            .filter(|(_, sq)| !sq.is_empty() || q.kind.is_some())
            .map(|(k, sq)| {
                let names: Vec<String> = sq.iter().map(|&s| square_name(s)).collect();
                if names.is_empty() {
                    format!("{}, 0", kind_name(k, lang))
                } else {
                    format!(
                        "{}, {}: {}",
                        kind_name(k, lang),
                        names.len(),
                        names.join(", ")
                    )
                }
            })
            .collect();
        out.push(format!("{}: {}.", side_name(lang, side), lists.join("; ")));
    }
    out.join(" ")
}

/// `q`: the square in words, the tower top first ("на e4 башня из двух: …").
pub fn square(pos: &Position, sq: u8, lang: Lang) -> String {
    tower(pos, sq, lang).unwrap_or_else(|| match lang {
        Lang::Ru => format!("на {} пусто", square_name(sq)),
        Lang::De => format!("{} ist leer", square_name(sq)),
        Lang::En => format!("{} is empty", square_name(sq)),
    })
}

/// `s`: a file (`Ok(file 0..8)`, rank 1 to 8) or a rank (`Err(rank 0..8)`, a to h), square
/// by square, runs of empty squares grouped: "on e1 a White volkhv; e2–e3 empty; …".
pub fn scan(pos: &Position, line: Result<u8, u8>, lang: Lang) -> String {
    let squares: Vec<u8> = match line {
        Ok(f) => (0..8).map(|r| r * 8 + f % 8).collect(),
        Err(r) => (0..8).map(|f| (r % 8) * 8 + f).collect(),
    };
    let empty = |a: u8, b: u8| {
        let word = match lang {
            Lang::Ru => "пусто",
            Lang::De => "leer",
            Lang::En => "empty",
        };
        if a == b {
            format!("{} {word}", square_name(a))
        } else {
            format!("{}–{} {word}", square_name(a), square_name(b))
        }
    };
    let mut parts = Vec::new();
    let mut run: Option<(u8, u8)> = None;
    for s in squares {
        match tower(pos, s, lang) {
            None => run = Some((run.map_or(s, |(a, _)| a), s)),
            Some(t) => {
                if let Some((a, b)) = run.take() {
                    parts.push(empty(a, b));
                }
                parts.push(t);
            }
        }
    }
    if let Some((a, b)) = run {
        parts.push(empty(a, b));
    }
    parts.join("; ")
}

/// `m`: the legal moves of the tower (or the man) on `sq`, each in words on a line of its
/// own (a move's description may itself contain "; ": "…; на d2 остаётся белый ратник").
pub fn moves(pos: &Position, sq: u8, lang: Lang) -> Result<String, QueryError> {
    let (top, legal) = moves_from(pos, sq)?;
    let said: Vec<String> = legal
        .into_iter()
        .map(|m| describe_move(pos, m, lang))
        .collect();
    let who = capitalise(&man(&top, lang));
    let n = said.len();
    Ok(match lang {
        Lang::Ru if n == 0 => format!("{who} на {}: ходов нет.", square_name(sq)),
        Lang::De if n == 0 => format!("{who} auf {}: keine Züge.", square_name(sq)),
        Lang::En if n == 0 => format!("{who} on {}: no legal moves.", square_name(sq)),
        Lang::Ru => format!(
            "{who} на {}, ходов: {n}:\n{}",
            square_name(sq),
            said.join("\n")
        ),
        Lang::De => format!(
            "{who} auf {}, {n} {}:\n{}",
            square_name(sq),
            if n == 1 { "Zug" } else { "Züge" },
            said.join("\n")
        ),
        Lang::En => format!(
            "{who} on {}, {n} moves:\n{}",
            square_name(sq),
            said.join("\n")
        ),
    })
}

/// `a`: the men of both sides that attack `sq` (only top men attack, §3.4).
pub fn attackers(pos: &Position, sq: u8, lang: Lang) -> String {
    let side = |by: Side| {
        let names: Vec<String> = attackers_of(pos, sq, by)
            .into_iter()
            .map(|(k, s)| format!("{} {}", kind_name(k, lang), square_name(s)))
            .collect();
        let none = match lang {
            Lang::Ru => "нет",
            Lang::De => "keine",
            Lang::En => "none",
        };
        let list = if names.is_empty() {
            none.to_string()
        } else {
            names.join(", ")
        };
        format!("{}: {list}.", side_name(lang, by))
    };
    let head = match lang {
        Lang::Ru => format!("Поле {} атакуют.", square_name(sq)),
        Lang::De => format!("Angreifer auf {}.", square_name(sq)),
        Lang::En => format!("Attackers of {}.", square_name(sq)),
    };
    format!("{head} {} {}", side(Side::White), side(Side::Black))
}

/// `h`: the moves so far, one move per line ("1. …", "1... …"): a move's description may
/// itself contain "; ", so White's and Black's moves do not share a line.
pub fn history(start: &Position, record: &[Move], lang: Lang) -> Result<String, QueryError> {
    let played = replay(start, record)?;
    if played.is_empty() {
        return Ok(match lang {
            Lang::Ru => "Ходов ещё не было.".into(),
            Lang::De => "Noch keine Züge.".into(),
            Lang::En => "No moves yet.".into(),
        });
    }
    let lines: Vec<String> = played
        .iter()
        .map(|(pos, m)| {
            let dots = if pos.side_to_move() == Side::White {
                "."
            } else {
                "..."
            };
            format!("{}{dots} {}", pos.fullmove(), describe_move(pos, *m, lang))
        })
        .collect();
    Ok(lines.join("\n"))
}

/// `l`: the last move in words with who played it.
pub fn last_move(start: &Position, record: &[Move], lang: Lang) -> Result<String, QueryError> {
    let played = replay(start, record)?;
    let Some((pos, m)) = played.last() else {
        return history(start, record, lang);
    };
    let who = side_name(lang, pos.side_to_move());
    let said = describe_move(pos, *m, lang);
    Ok(match lang {
        Lang::Ru => format!("Последний ход: {}, {said}.", who.to_lowercase()),
        Lang::De => format!("Letzter Zug: {who}, {said}."),
        Lang::En => format!("Last move: {who}, {said}."),
    })
}

#[cfg(test)]
mod tests {
    use super::super::speech::tests::english_words;
    use super::*;
    use arbiter_tavreli::{fen, notation};

    const TOWER3: &str = "7k/8/8/8/4(bprQ)3/8/8/K7 w - - 0 1";

    fn pos(f: &str) -> Position {
        fen::parse(f).expect("position text")
    }

    fn sq(s: &str) -> u8 {
        notation::parse_square(s).expect("square")
    }

    const ALL: MenQuery = MenQuery {
        side: None,
        kind: None,
    };

    /// 1. e2-e3 d8-d7 from the start (the knyaz steps onto his own ratnik).
    fn two_moves() -> (Position, Vec<Move>) {
        let start = Position::initial();
        let mut p = start.clone();
        let mut record = Vec::new();
        for t in ["e2-e3", "d8-d7"] {
            let (m, _) = notation::parse_move(&p, t).expect("legal");
            p.make(m);
            record.push(m);
        }
        (start, record)
    }

    #[test]
    fn german_pieces_squares_and_scans() {
        let p = pos(TOWER3);
        assert_eq!(
            pieces(&p, ALL, Lang::De),
            "Weiß: Wolchw, 1: a1; Knjas, 1: e4. Schwarz: Wolchw, 1: h8."
        );
        let none = MenQuery {
            side: Some(Side::White),
            kind: Some(Kind::Vsadnik),
        };
        assert_eq!(pieces(&p, none, Lang::De), "Weiß: Wsadnik, 0.");
        assert_eq!(square(&p, sq("e5"), Lang::De), "e5 ist leer");
        assert_eq!(
            square(&p, sq("e4"), Lang::De),
            "auf e4 ein Turm aus drei Steinen: oben ein weißer Knjas, darunter ein schwarzer Ratnik, ein schwarzer Lutschnik"
        );
        assert_eq!(
            scan(&p, Ok(4), Lang::De),
            "e1–e3 leer; auf e4 ein Turm aus drei Steinen: oben ein weißer Knjas, darunter ein schwarzer Ratnik, ein schwarzer Lutschnik; e5–e8 leer"
        );
        assert_eq!(
            scan(&p, Err(7), Lang::De),
            "a8–g8 leer; auf h8 ein schwarzer Wolchw"
        );
    }

    #[test]
    fn german_moves_attackers_and_refusals() {
        let p = pos(TOWER3);
        assert_eq!(
            error_text(&moves(&p, sq("h8"), Lang::De).unwrap_err(), Lang::De),
            "Der Stein auf h8 ist nicht am Zug"
        );
        assert_eq!(
            error_text(&moves(&p, sq("e5"), Lang::De).unwrap_err(), Lang::De),
            "e5 ist leer"
        );
        assert_eq!(
            error_text(&QueryError::BadRecord(0), Lang::De),
            "Zug 1 der Partie ist regelwidrig"
        );
        // One move: "1 Zug", singular.
        let one = pos("k7/8/8/8/8/1r6/8/K7 w - - 0 1");
        assert_eq!(
            moves(&one, sq("a1"), Lang::De).unwrap(),
            "Weißer Wolchw auf a1, 1 Zug:\nweißer Wolchw von a1 nach a2"
        );
        let stalemated = pos("k7/8/1Q6/8/8/8/8/K7 b - - 0 1");
        assert_eq!(
            moves(&stalemated, sq("a8"), Lang::De).unwrap(),
            "Schwarzer Wolchw auf a8: keine Züge."
        );
        let all = moves(&p, sq("e4"), Lang::De).unwrap();
        assert!(all.starts_with("Weißer Knjas auf e4, "), "{all}");
        assert!(all.lines().next().unwrap().ends_with(" Züge:"), "{all}");
        assert_eq!(
            attackers(&p, sq("e5"), Lang::De),
            "Angreifer auf e5. Weiß: Knjas e4. Schwarz: keine."
        );
    }

    #[test]
    fn german_history_and_last_move() {
        let start = Position::initial();
        assert_eq!(history(&start, &[], Lang::De).unwrap(), "Noch keine Züge.");
        let (start, record) = two_moves();
        assert_eq!(
            history(&start, &record, Lang::De).unwrap(),
            "1. weißer Ratnik von e2 nach e3\n1... schwarzer Knjas von d8 nach d7, stellt sich auf den schwarzen Ratnik"
        );
        assert_eq!(
            last_move(&start, &record, Lang::De).unwrap(),
            "Letzter Zug: Schwarz, schwarzer Knjas von d8 nach d7, stellt sich auf den schwarzen Ratnik."
        );
        let bad = [record[1]];
        assert_eq!(
            error_text(&history(&start, &bad, Lang::De).unwrap_err(), Lang::De),
            "Zug 1 der Partie ist regelwidrig"
        );
    }

    #[test]
    fn german_men_arguments_are_read() {
        let q = |side, kind| Some(MenQuery { side, kind });
        assert_eq!(parse_men("Wsadnik"), q(None, Some(Kind::Vsadnik)));
        assert_eq!(
            parse_men("weiß Lutschnik"),
            q(Some(Side::White), Some(Kind::Luchnik))
        );
        assert_eq!(parse_men("weiss"), q(Some(Side::White), None));
        assert_eq!(
            parse_men("schwarz Wolchw"),
            q(Some(Side::Black), Some(Kind::Volkhv))
        );
        assert_eq!(parse_men("Bauer"), None);
    }

    /// Every answer of every command, in German, has no English word; the
    /// same answers in English do (so the check can fail).
    #[test]
    fn no_english_word_in_any_german_answer() {
        let (start, record) = two_moves();
        let mut p = start.clone();
        for &m in &record {
            p.make(m);
        }
        for pos in [p, pos(TOWER3), pos("k7/8/1Q6/8/8/8/8/K7 b - - 0 1")] {
            let answers = |l: Lang| {
                let mut v = vec![pieces(&pos, ALL, l), board_text(&pos, l)];
                for s in 0..64 {
                    v.push(square(&pos, s, l));
                    v.push(attackers(&pos, s, l));
                    v.push(moves(&pos, s, l).unwrap_or_else(|e| error_text(&e, l)));
                }
                for i in 0..8 {
                    v.push(scan(&pos, Ok(i), l));
                    v.push(scan(&pos, Err(i), l));
                }
                v
            };
            for (de, en) in answers(Lang::De).iter().zip(answers(Lang::En)) {
                assert_eq!(english_words(de), Vec::<&str>::new(), "{de}");
                assert!(!english_words(&en).is_empty(), "{en}");
            }
        }
        for l in [
            history(&start, &record, Lang::De),
            last_move(&start, &record, Lang::De),
        ] {
            let l = l.unwrap();
            assert_eq!(english_words(&l), Vec::<&str>::new(), "{l}");
        }
    }

    fn board_text(pos: &Position, l: Lang) -> String {
        super::super::speech::board(pos, l).join("\n")
    }
}
