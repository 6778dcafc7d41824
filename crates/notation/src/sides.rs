//! The sides named in each language: the one place "White", «Белые» and
//! "Weiß" are written, for every sentence of every crate (announcements,
//! refusals, the set-up, the answers to position commands, Tavreli's words).

use arbiter_rules::{Lang, Side};

/// Anything that names one side of the board: the Laws' [`Side`] and the
/// chess library's [`shakmaty::Color`], so that both kinds of caller name a
/// side through [`side_name`].
pub trait Sided: Copy {
    /// The side this stands for.
    fn side(self) -> Side;
}

impl Sided for Side {
    fn side(self) -> Side {
        self
    }
}

impl Sided for shakmaty::Color {
    fn side(self) -> Side {
        match self {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }
}

/// A side as the subject of a sentence, capitalised: "White", «Белые», "Weiß".
pub fn side_name(lang: Lang, side: impl Sided) -> &'static str {
    match (lang, side.side()) {
        (Lang::En, Side::White) => "White",
        (Lang::En, Side::Black) => "Black",
        (Lang::Ru, Side::White) => "Белые",
        (Lang::Ru, Side::Black) => "Чёрные",
        (Lang::De, Side::White) => "Weiß",
        (Lang::De, Side::Black) => "Schwarz",
    }
}

/// A side in the Russian genitive, as in «У белых осталось…», «ход чёрных»
/// (the other languages say the side by its name).
pub fn side_genitive_ru(side: impl Sided) -> &'static str {
    match side.side() {
        Side::White => "белых",
        Side::Black => "чёрных",
    }
}

/// A side in the Russian dative, as in «Чёрным добавлено…», «принадлежит
/// белым».
pub fn side_dative_ru(side: impl Sided) -> &'static str {
    match side.side() {
        Side::White => "белым",
        Side::Black => "чёрным",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_kinds_of_side_are_named_alike() {
        for l in [Lang::En, Lang::Ru, Lang::De] {
            assert_eq!(
                side_name(l, Side::White),
                side_name(l, shakmaty::Color::White)
            );
            assert_eq!(
                side_name(l, Side::Black),
                side_name(l, shakmaty::Color::Black)
            );
            assert_ne!(side_name(l, Side::White), side_name(l, Side::Black));
        }
        assert_eq!(side_name(Lang::Ru, Side::Black), "Чёрные");
        assert_eq!(side_genitive_ru(Side::White), "белых");
        assert_eq!(side_dative_ru(Side::Black), "чёрным");
    }
}
