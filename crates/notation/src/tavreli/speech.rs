//! Words for towers and moves, for screen readers and speech synthesis.
//!
//! A blind player cannot look at the sides of a tower, so every stack is read
//! top first (the man in control first, as a sighted player sees it), and a
//! move says what it carries, what it lands on and what it leaves behind.

use arbiter_rules::Side;
use arbiter_tavreli::board::{Kind, ManInfo, Move, MoveKind, Position, square_name};

/// The language of the words: one enum for every crate that speaks.
pub use arbiter_rules::Lang;

/// The languages Tavreli has words for: English, Russian and German. The kinds
/// keep their Russian names in each (transliterated in English and German), as
/// the tournament rules give them.
pub const LANGS: [Lang; 3] = [Lang::En, Lang::Ru, Lang::De];

/// Reads a language name (`ru`, `english`…) among [`LANGS`].
pub fn parse_lang(s: &str) -> Option<Lang> {
    Lang::parse(s).filter(|l| LANGS.contains(l))
}

pub use super::names::{kind_name_de, kind_name_en, kind_name_ru};

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

/// The German case a man is named in: the subject, or the object of "nimmt …
/// gefangen" and "stellt sich auf …".
#[derive(Clone, Copy, PartialEq, Eq)]
enum CaseDe {
    Nom,
    Acc,
}

/// The German article before a man: none ("weißer Ratnik von e2 nach e3"),
/// indefinite ("auf e4 ein weißer Ratnik") or definite ("nimmt den schwarzen
/// Ratnik gefangen").
#[derive(Clone, Copy, PartialEq, Eq)]
enum ArtDe {
    None,
    Indef,
    Def,
}

/// One man in German with the article and case the sentence needs. Helgi is
/// feminine, as in Russian ("die Helgi", a woman's name); the other kinds are
/// masculine nouns whose accusative is their nominative, so only the article
/// and the colour's ending change ("ein weißer Ratnik", "den weißen Ratnik").
fn man_de(m: &ManInfo, art: ArtDe, case: CaseDe) -> String {
    let fem = feminine(m.kind);
    let article = match (art, fem, case) {
        (ArtDe::None, ..) => "",
        (ArtDe::Indef, false, CaseDe::Nom) => "ein ",
        (ArtDe::Indef, false, CaseDe::Acc) => "einen ",
        (ArtDe::Indef, true, _) => "eine ",
        (ArtDe::Def, false, CaseDe::Nom) => "der ",
        (ArtDe::Def, false, CaseDe::Acc) => "den ",
        (ArtDe::Def, true, _) => "die ",
    };
    // Feminine nominative and accusative end in -e with every article; the
    // masculine accusative in -en; the masculine nominative in -er unless the
    // definite article already shows the gender.
    let ending = match (fem, case, art) {
        (true, ..) => "e",
        (false, CaseDe::Acc, _) => "en",
        (false, CaseDe::Nom, ArtDe::Def) => "e",
        (false, CaseDe::Nom, _) => "er",
    };
    let colour = match m.side {
        Side::White => "weiß",
        Side::Black => "schwarz",
    };
    let mut s = format!("{article}{colour}{ending} {}", kind_name_de(m.kind));
    if m.promoted {
        s.push_str(" (verwandelter Ratnik)");
    }
    s
}

/// "zum Wsadnik", "zur Helgi": what a ratnik becomes (zu + dative).
fn to_kind_de(k: Kind) -> String {
    let zu = if feminine(k) { "zur" } else { "zum" };
    format!("{zu} {}", kind_name_de(k))
}

/// A cardinal number in German words, as it stands before "Steinen"
/// ("aus drei Steinen", "aus einundzwanzig Steinen"): no tower holds more
/// than the 32 men of the game.
fn count_de(n: usize) -> String {
    const UNITS: [&str; 20] = [
        "null",
        "eins",
        "zwei",
        "drei",
        "vier",
        "fünf",
        "sechs",
        "sieben",
        "acht",
        "neun",
        "zehn",
        "elf",
        "zwölf",
        "dreizehn",
        "vierzehn",
        "fünfzehn",
        "sechzehn",
        "siebzehn",
        "achtzehn",
        "neunzehn",
    ];
    match n {
        0..=19 => UNITS[n].to_string(),
        20..=39 => {
            let tens = if n < 30 { "zwanzig" } else { "dreißig" };
            match n % 10 {
                0 => tens.to_string(),
                1 => format!("einund{tens}"),
                u => format!("{}und{tens}", UNITS[u]),
            }
        }
        _ => n.to_string(),
    }
}

/// One man in words: "белый князь", "white ratnik (promoted helgi)",
/// "weißer Knjas".
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
        Lang::De => man_de(m, ArtDe::None, CaseDe::Nom),
        Lang::En => {
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

/// The accusative of a count of men, as the object of «снимает»: the
/// men are animate, so one to four (and 21–24, 31–34…) take the genitive
/// form («снимает двух», «двадцать одного»), five and more and the teens
/// the nominative («снимает шесть», «одиннадцать») — Russian grammar's
/// rule for animate nouns after a numeral.
pub(crate) fn count_acc_ru(n: usize) -> String {
    const ANIMATE: [&str; 5] = ["", "одного", "двух", "трёх", "четырёх"];
    let (unit, teen) = (n % 10, (11..=19).contains(&(n % 100)));
    let nominative = crate::numbers::ru_number_words(n as u64, false);
    if teen || !(1..=4).contains(&unit) {
        return nominative;
    }
    match nominative.rsplit_once(' ') {
        Some((tens, _)) => format!("{tens} {}", ANIMATE[unit]),
        None => ANIMATE[unit].to_string(),
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
            Lang::De => format!("auf {name} {}", man_de(top, ArtDe::Indef, CaseDe::Nom)),
            Lang::En => format!("on {name} a {}", man(top, lang)),
        });
    }
    let rest: Vec<String> = st
        .iter()
        .rev()
        .skip(1)
        .map(|m| match lang {
            Lang::Ru => man(m, lang),
            Lang::De => man_de(m, ArtDe::Indef, CaseDe::Nom),
            Lang::En => format!("a {}", man(m, lang)),
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
        Lang::De => format!(
            "auf {name} ein Turm aus {} Steinen: oben {}, darunter {}",
            count_de(st.len()),
            man_de(top, ArtDe::Indef, CaseDe::Nom),
            rest.join(", ")
        ),
        Lang::En => format!(
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
            Lang::De => format!("Reihe {}", rank + 1),
            Lang::En => format!("rank {}", rank + 1),
        };
        if parts.is_empty() {
            lines.push(format!(
                "{head}: {}",
                match lang {
                    Lang::Ru => "пусто",
                    Lang::De => "leer",
                    Lang::En => "empty",
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
        None => return arbiter_tavreli::notation::move_plain(pos, mv),
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
        (MoveKind::Castle, Lang::De) => if mv.to() % 8 == 6 {
            "kurze Rochade"
        } else {
            "lange Rochade"
        }
        .to_string(),
        (_, Lang::De) => what_moves_de(mover, h, k, &from, &to),
        (MoveKind::Castle, Lang::En) => if mv.to() % 8 == 6 {
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
                    count_acc_ru(k),
                    count_gen_ru(h)
                )
            }
        }
        (_, Lang::En) => {
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

/// The man or tower that goes, in German: "weißer Ratnik von e2 nach e3",
/// "Turm aus zwei Steinen (schwarzer Knjas obenauf) von d7 nach d5",
/// "weißer Knjas zieht mit den oberen zwei von drei Steinen von d7 nach d5".
fn what_moves_de(mover: &ManInfo, h: usize, k: usize, from: &str, to: &str) -> String {
    let who = man_de(mover, ArtDe::None, CaseDe::Nom);
    if h == 1 {
        format!("{who} von {from} nach {to}")
    } else if k == h {
        format!(
            "Turm aus {} Steinen ({who} obenauf) von {from} nach {to}",
            count_de(h)
        )
    } else if k == 1 {
        let top = if feminine(mover.kind) {
            "oberste"
        } else {
            "oberster"
        };
        format!(
            "{who} zieht als {top} von {} Steinen allein von {from} nach {to}",
            count_de(h)
        )
    } else {
        format!(
            "{who} zieht mit den oberen {} von {} Steinen von {from} nach {to}",
            count_de(k),
            count_de(h)
        )
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
                Lang::De => format!(
                    ", en passant: nimmt {} gefangen",
                    man_de(&v, ArtDe::Def, CaseDe::Acc)
                ),
                Lang::En => {
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
                Lang::De => format!(", nimmt {} gefangen", man_de(&t, ArtDe::Def, CaseDe::Acc)),
                Lang::En => format!(", takes the {} prisoner", man(&t, lang)),
            });
        } else {
            s.push_str(&match lang {
                Lang::Ru => format!(", встаёт на {}", man_acc_ru(&t)),
                Lang::De => format!(", stellt sich auf {}", man_de(&t, ArtDe::Def, CaseDe::Acc)),
                Lang::En => format!(", onto the {}", man(&t, lang)),
            });
        }
        if t.promoted {
            s.push_str(match lang {
                Lang::Ru => " (превращённый ратник снова становится ратником)",
                Lang::De => " (der verwandelte Ratnik wird wieder ein gewöhnlicher Ratnik)",
                Lang::En => " (the promoted ratnik turns back into a ratnik)",
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
            Lang::De => format!(
                "; auf {from} bleibt {} zurück",
                man_de(&left, ArtDe::Indef, CaseDe::Nom)
            ),
            Lang::En => format!("; left on {from}: {}", man(&left, lang)),
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
                    Lang::De => format!(
                        "; der Ratnik auf {} wird {}",
                        square_name(sq),
                        to_kind_de(a.kind)
                    ),
                    Lang::En => format!(
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
                Lang::De => format!("; der Ratnik wird {}", to_kind_de(a.kind)),
                Lang::En => format!("; the ratnik becomes a {}", kind_name_en(a.kind)),
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
            (Lang::De, true) => ", Matt",
            (Lang::De, false) => ", Schach",
            (Lang::En, true) => ", checkmate",
            (Lang::En, false) => ", check",
        }
    } else if !after.has_legal_move() {
        match lang {
            Lang::Ru => ", пат",
            Lang::De => ", Patt",
            Lang::En => ", stalemate",
        }
    } else {
        ""
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use arbiter_tavreli::{fen, notation};

    /// The English words of our Tavreli sentences, as whole words and case
    /// sensitive: German writes its nouns (Ratnik, Helgi) with a capital, so a
    /// lower-case "ratnik" or "helgi" is English.
    const ENGLISH: [&str; 40] = [
        "from",
        "to",
        "tower",
        "takes",
        "prisoner",
        "empty",
        "rank",
        "on",
        "top",
        "below",
        "it",
        "a",
        "of",
        "lifts",
        "left",
        "onto",
        "the",
        "becomes",
        "check",
        "checkmate",
        "stalemate",
        "castling",
        "short",
        "long",
        "white",
        "black",
        "White",
        "Black",
        "promoted",
        "turns",
        "back",
        "into",
        "ratnik",
        "helgi",
        "knyaz",
        "volkhv",
        "moves",
        "none",
        "is",
        "yet",
    ];

    /// The English words found in `s`.
    pub(crate) fn english_words(s: &str) -> Vec<&str> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| ENGLISH.contains(w))
            .collect()
    }

    fn pos(f: &str) -> Position {
        fen::parse(f).expect("position text")
    }

    fn sq(s: &str) -> u8 {
        notation::parse_square(s).expect("square")
    }

    /// The German description of `token` played in `f`.
    fn de(f: &str, token: &str) -> String {
        let p = pos(f);
        let (mv, _) = notation::parse_move(&p, token).expect("legal move");
        describe_move(&p, mv, Lang::De)
    }

    const TOWER3: &str = "7k/8/8/8/4(bprQ)3/8/8/K7 w - - 0 1";
    const START: &str = "rnbqkbnr/prpnpbpqphpbpnpr/8/8/8/8/PRPNPBPQPHPBPNPR/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn german_is_a_language_of_tavreli() {
        assert!(LANGS.contains(&Lang::De));
        assert_eq!(parse_lang("de"), Some(Lang::De));
        assert_eq!(parse_lang("German"), Some(Lang::De));
    }

    #[test]
    fn german_towers_count_in_words_and_decline_the_colour() {
        let p = pos(TOWER3);
        assert_eq!(
            tower(&p, sq("e4"), Lang::De).unwrap(),
            "auf e4 ein Turm aus drei Steinen: oben ein weißer Knjas, darunter ein schwarzer Ratnik, ein schwarzer Lutschnik"
        );
        assert_eq!(
            tower(&p, sq("h8"), Lang::De).unwrap(),
            "auf h8 ein schwarzer Wolchw"
        );
        // The helgi is feminine: "eine weiße", not "ein weißer".
        let h = pos("7k/8/8/8/4(nH~)3/8/8/K7 w - - 0 1");
        assert_eq!(
            tower(&h, sq("e4"), Lang::De).unwrap(),
            "auf e4 ein Turm aus zwei Steinen: oben eine weiße Helgi (verwandelter Ratnik), darunter ein schwarzer Wsadnik"
        );
        assert_eq!(
            man(&h.top_man(sq("e4")).unwrap(), Lang::De),
            "weiße Helgi (verwandelter Ratnik)"
        );
        assert_eq!(count_de(2), "zwei");
        assert_eq!(count_de(21), "einundzwanzig");
        assert_eq!(count_de(32), "zweiunddreißig");
        assert_eq!(count_de(30), "dreißig");
    }

    #[test]
    fn the_german_board_names_every_rank() {
        let b = board(&pos(TOWER3), Lang::De);
        assert_eq!(b.len(), 8);
        assert_eq!(b[0], "Reihe 8: auf h8 ein schwarzer Wolchw");
        assert_eq!(b[1], "Reihe 7: leer");
        assert_eq!(
            b[4],
            "Reihe 4: auf e4 ein Turm aus drei Steinen: oben ein weißer Knjas, darunter ein schwarzer Ratnik, ein schwarzer Lutschnik"
        );
        assert_eq!(b[7], "Reihe 1: auf a1 ein weißer Wolchw");
    }

    #[test]
    fn german_moves_say_what_goes_what_it_lands_on_and_what_is_left() {
        // §3 point 4: a whole tower, or its top men.
        assert_eq!(
            de(TOWER3, "e4-e5"),
            "Turm aus drei Steinen (weißer Knjas obenauf) von e4 nach e5, Schach"
        );
        assert_eq!(
            de(TOWER3, "e4(1)-e5"),
            "weißer Knjas zieht als oberster von drei Steinen allein von e4 nach e5; auf e4 bleibt ein schwarzer Ratnik zurück, Schach"
        );
        assert_eq!(
            de(TOWER3, "e4(2)-e5"),
            "weißer Knjas zieht mit den oberen zwei von drei Steinen von e4 nach e5; auf e4 bleibt ein schwarzer Lutschnik zurück, Schach"
        );
        // A helgi leaving her tower alone is "die oberste".
        let h = pos("7k/8/8/8/4(nH~)3/8/8/K7 w - - 0 1");
        let mut g = h.clone();
        let lone = g
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == sq("e4") && m.count() == 1)
            .expect("the helgi can leave alone");
        let said = describe_move(&h, lone, Lang::De);
        assert!(
            said.starts_with("weiße Helgi (verwandelter Ratnik) zieht als oberste von zwei Steinen allein von e4 nach "),
            "{said}"
        );
        assert!(
            said.contains("; auf e4 bleibt ein schwarzer Wsadnik zurück"),
            "{said}"
        );
        // A step onto one's own man (the accusative of "auf").
        assert_eq!(
            de(START, "d1-d2"),
            "weißer Knjas von d1 nach d2, stellt sich auf den weißen Ratnik"
        );
    }

    #[test]
    fn german_captures_take_prisoners_and_promotions_decline_the_kind() {
        // §3 point 1: a capture takes the enemy prisoner.
        assert_eq!(
            de("4k3/8/8/3pq4/4PH3/8/8/4K3 w - - 0 1", "e4-d5"),
            "weißer Ratnik von e4 nach d5, nimmt den schwarzen Ratnik gefangen"
        );
        // §3.2 en passant.
        assert_eq!(
            de("4k3/8/8/3pqPH3/8/8/8/4K3 w - d6 0 1", "e5-d6"),
            "weißer Ratnik von e5 nach d6, en passant: nimmt den schwarzen Ratnik gefangen"
        );
        // §3.3 a promoted ratnik taken turns back; the helgi is feminine.
        assert_eq!(
            de("4k3/8/8/3h~4/8/2N5/8/4K3 w - - 0 1", "c3-d5"),
            "weißer Wsadnik von c3 nach d5, nimmt die schwarze Helgi (verwandelter Ratnik) gefangen (der verwandelte Ratnik wird wieder ein gewöhnlicher Ratnik)"
        );
        // §3.3 promotion: "zur Helgi" (feminine), "zum Wsadnik" (masculine).
        assert_eq!(
            de("k7/4PH3/8/8/8/8/8/4K3 w - - 0 1", "e7-e8"),
            "weißer Ratnik von e7 nach e8; der Ratnik wird zur Helgi, Schach"
        );
        assert_eq!(
            de("k7/6PN1/8/8/8/8/8/4K3 w - - 0 1", "g7-g8"),
            "weißer Ratnik von g7 nach g8; der Ratnik wird zum Wsadnik"
        );
        // A split that leaves a ratnik on its last rank promotes it there.
        let d = de("K6k/8/8/8/8/8/8/6(phn)1 b - - 0 1", "g1(1)-e2");
        assert!(d.contains("; der Ratnik auf g1 wird zur Helgi"), "{d}");
    }

    #[test]
    fn german_castling_check_mate_and_stalemate() {
        assert_eq!(de("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "0-0"), "kurze Rochade");
        assert_eq!(
            de("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "0-0-0"),
            "lange Rochade"
        );
        // §3.4
        assert_eq!(
            de("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1-a8"),
            "weißer Ratoborez von a1 nach a8, Schach"
        );
        assert_eq!(
            de("k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1-h8"),
            "weißer Ratoborez von h1 nach h8, Matt"
        );
        assert_eq!(
            de("k7/8/8/1Q6/8/8/8/K7 w - - 0 1", "b5-b6"),
            "weißer Knjas von b5 nach b6, Patt"
        );
    }

    /// Every legal move of positions with towers, captures, en passant,
    /// promotion and castling, and every square and rank of them, is said
    /// with no English word in German, and with some in English (so the
    /// check can fail).
    #[test]
    fn no_english_word_in_any_german_sentence() {
        let positions = [
            START,
            TOWER3,
            "7k/8/8/8/4(nH~)3/8/8/K7 w - - 0 1",
            "4k3/8/8/3pqPH3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/3h~4/8/2N5/8/4K3 w - - 0 1",
            "k7/4PH3/8/8/8/8/8/4K3 w - - 0 1",
            "K6k/8/8/8/8/8/8/6(phn)1 b - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "k7/8/1K6/8/8/8/8/7R w - - 0 1",
            "k7/8/8/1Q6/8/8/8/K7 w - - 0 1",
        ];
        let mut said = 0;
        for f in positions {
            let p = pos(f);
            let mut g = p.clone();
            for mv in g.legal_moves() {
                let d = describe_move(&p, mv, Lang::De);
                assert_eq!(english_words(&d), Vec::<&str>::new(), "{f}: {d}");
                assert!(!english_words(&describe_move(&p, mv, Lang::En)).is_empty());
                said += 1;
            }
            for line in board(&p, Lang::De) {
                assert_eq!(english_words(&line), Vec::<&str>::new(), "{f}: {line}");
            }
            for s in 0..64 {
                if let Some(t) = tower(&p, s, Lang::De) {
                    assert_eq!(english_words(&t), Vec::<&str>::new(), "{t}");
                }
            }
        }
        assert!(said > 100, "{said}");
    }
}

#[cfg(test)]
mod count_tests {
    use super::count_acc_ru;

    /// Every form of the count agrees with «снимает … из N»: an
    /// independent table, one row per class of Russian numerals.
    #[test]
    fn the_count_taken_agrees_in_case() {
        let table = [
            (1, "одного"),
            (2, "двух"),
            (3, "трёх"),
            (4, "четырёх"),
            (5, "пять"),
            (6, "шесть"),
            (9, "девять"),
            (10, "десять"),
            (11, "одиннадцать"),
            (12, "двенадцать"),
            (13, "тринадцать"),
            (14, "четырнадцать"),
            (20, "двадцать"),
            (21, "двадцать одного"),
            (22, "двадцать двух"),
            (24, "двадцать четырёх"),
            (25, "двадцать пять"),
            (30, "тридцать"),
            (31, "тридцать одного"),
        ];
        for (n, want) in table {
            assert_eq!(count_acc_ru(n), want, "{n}");
        }
    }
}
