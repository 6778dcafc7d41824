//! The words position answers are built from. Piece names, square names and number words
//! come from the move announcer ([`crate::spoken`]) and the talking clock
//! ([`crate::clock`]); only what they lack is here: plurals, colour adjectives that agree
//! with the piece, and the count of pieces ("два коня", "одна пешка").

use shakmaty::{Color, File, Rank, Role, Square};

use crate::numbers::{RuPlural, ru_number_words, ru_plural};
use crate::spoken::{Lexicon, file_word, piece_word, rank_word, square_words};
use arbiter_rules::Lang;

pub use crate::sides::side_name;

/// The language of the sentences and the lexicon of the squares and moves in them.
///
/// Both are chosen apart, as `arbiter play --lang ru --lexicon en` allows: the sentences
/// are Russian, squares and moves are said as the English announcer says them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wording {
    /// The language of the sentences, piece names and error messages.
    pub lang: Lang,
    /// How squares and moves are said (FIDE Appendix D, Russian practice, English, NATO).
    pub lexicon: Lexicon,
}

impl Wording {
    /// A wording in `lang` with squares and moves said in `lexicon`.
    pub fn new(lang: Lang, lexicon: Lexicon) -> Wording {
        Wording { lang, lexicon }
    }

    /// The lexicon's own language (`ru` → Russian, `fide-de` → German, `nato` → English).
    pub fn of(lexicon: Lexicon) -> Wording {
        Wording::new(lexicon.language(), lexicon)
    }

    /// A square in the lexicon: "e4", "е четыре", "Eva vier", "echo 4".
    pub(crate) fn square(self, sq: Square) -> String {
        square_words(self.lexicon, sq)
    }

    pub(crate) fn file(self, f: File) -> String {
        file_word(self.lexicon, f)
    }

    pub(crate) fn rank(self, r: Rank) -> String {
        rank_word(self.lexicon, r)
    }

    /// The singular name of a piece in the sentence language (the announcer's word).
    pub(crate) fn piece(self, role: Role) -> &'static str {
        piece_word(lexicon_of(self.lang), role)
    }
}

/// The lexicon whose piece words are the ordinary ones of a language.
pub(crate) fn lexicon_of(lang: Lang) -> Lexicon {
    match lang {
        Lang::En => Lexicon::En,
        Lang::Ru => Lexicon::Ru,
        Lang::De => Lexicon::FideDe,
    }
}

/// Russian: is the noun feminine (ладья, пешка)? German: die Dame. The others are
/// masculine in both languages.
fn feminine(lang: Lang, role: Role) -> bool {
    match lang {
        Lang::Ru => matches!(role, Role::Rook | Role::Pawn),
        Lang::De => role == Role::Queen,
        Lang::En => false,
    }
}

/// Russian noun forms the announcer does not need: genitive singular (after 2–4),
/// genitive plural (after 5 and more, and "нет"), nominative plural.
fn ru_forms(role: Role) -> [&'static str; 3] {
    match role {
        Role::King => ["короля", "королей", "короли"],
        Role::Queen => ["ферзя", "ферзей", "ферзи"],
        Role::Rook => ["ладьи", "ладей", "ладьи"],
        Role::Bishop => ["слона", "слонов", "слоны"],
        Role::Knight => ["коня", "коней", "кони"],
        Role::Pawn => ["пешки", "пешек", "пешки"],
    }
}

/// German plurals, spelt as the Appendix D names they extend (Koenig, Laeufer).
fn de_plural(role: Role) -> &'static str {
    match role {
        Role::King => "Koenige",
        Role::Queen => "Damen",
        Role::Rook => "Tuerme",
        Role::Bishop => "Laeufer",
        Role::Knight => "Springer",
        Role::Pawn => "Bauern",
    }
}

/// The plural of a piece name ("knights", "кони", "Springer").
pub(crate) fn plural(lang: Lang, role: Role) -> String {
    match lang {
        Lang::Ru => ru_forms(role)[2].to_string(),
        Lang::De => de_plural(role).to_string(),
        Lang::En => format!("{}s", piece_word(Lexicon::En, role)),
    }
}

/// Every plural and Russian case form, for reading a piece argument ("knights", "коней").
pub(crate) fn role_of_plural(word: &str) -> Option<Role> {
    let w = word.to_lowercase().replace('ё', "е");
    Role::ALL.into_iter().find(|&r| {
        ru_forms(r).contains(&w.as_str())
            || de_plural(r).to_lowercase() == w
            || plural(Lang::En, r) == w
    })
}

/// "2 knights", "два коня", "одна пешка", "пять пешек", "eine Dame"; zero is "no
/// knights", "коней нет", "keine Springer". Russian numbers are in words, agreeing in
/// gender, because a speech engine cannot choose "одна" over "один" from a digit.
pub fn count_pieces(lang: Lang, n: usize, role: Role) -> String {
    let fem = feminine(lang, role);
    let sing = piece_word(lexicon_of(lang), role);
    match (lang, n) {
        (Lang::Ru, 0) => format!("{} нет", ru_forms(role)[1]),
        (Lang::Ru, _) => {
            let noun = match ru_plural(n as u64) {
                RuPlural::One => sing,
                RuPlural::Few => ru_forms(role)[0],
                RuPlural::Many => ru_forms(role)[1],
            };
            format!("{} {noun}", ru_number_words(n as u64, fem))
        }
        (Lang::De, 0) => format!("keine {}", de_plural(role)),
        (Lang::De, 1) => format!("{} {sing}", if fem { "eine" } else { "ein" }),
        (Lang::De, _) => format!("{n} {}", de_plural(role)),
        (Lang::En, 0) => format!("no {}", plural(lang, role)),
        (Lang::En, 1) => format!("one {sing}"),
        (Lang::En, _) => format!("{n} {}", plural(lang, role)),
    }
}

/// A piece with its colour, agreeing in gender: "White knight", "белая ладья", "weiße
/// Dame", "schwarzer Bauer".
pub fn piece_with_colour(lang: Lang, c: Color, role: Role) -> String {
    let fem = feminine(lang, role);
    let adj = match (lang, c, fem) {
        (Lang::En, _, _) => side_name(lang, c),
        (Lang::Ru, Color::White, false) => "белый",
        (Lang::Ru, Color::White, true) => "белая",
        (Lang::Ru, Color::Black, false) => "чёрный",
        (Lang::Ru, Color::Black, true) => "чёрная",
        (Lang::De, Color::White, false) => "weißer",
        (Lang::De, Color::White, true) => "weiße",
        (Lang::De, Color::Black, false) => "schwarzer",
        (Lang::De, Color::Black, true) => "schwarze",
    };
    format!("{adj} {}", piece_word(lexicon_of(lang), role))
}

/// Colour words accepted in a piece argument ("white", "белые", "чёрных", "weiß").
pub(crate) fn colour_of_word(word: &str) -> Option<Color> {
    let w = word.to_lowercase().replace('ё', "е");
    match w.as_str() {
        "white" | "белые" | "белых" | "белый" | "белая" | "weiß" | "weiss" | "weiße" | "weisse" => {
            Some(Color::White)
        }
        "black" | "черные" | "черных" | "черный" | "черная" | "schwarz" | "schwarze" => {
            Some(Color::Black)
        }
        _ => None,
    }
}

/// Upper-cases the first letter of a sentence.
pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Cuts a user's text for an error message, so that a pasted page stays one line.
pub(crate) fn cut(text: &str) -> String {
    const MAX: usize = 32;
    let t = text.trim();
    if t.chars().count() <= MAX {
        t.to_string()
    } else {
        t.chars().take(MAX).collect::<String>() + "…"
    }
}
