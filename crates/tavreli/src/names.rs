//! The names of the men in English, Russian and German. The lowest layer of the
//! crate's words: the move notation (its messages) and the spoken descriptions
//! both name men, and neither has to depend on the other for it.

use crate::board::Kind;

/// The English (transliterated) name of a kind of man: "volkhv", "ratnik".
pub fn kind_name_en(k: Kind) -> &'static str {
    match k {
        Kind::Volkhv => "volkhv",
        Kind::Knyaz => "knyaz",
        Kind::Ratoborets => "ratoborets",
        Kind::Luchnik => "luchnik",
        Kind::Vsadnik => "vsadnik",
        Kind::Ratnik => "ratnik",
        Kind::Helgi => "helgi",
    }
}

/// The Russian name of a kind of man: "волхв", "ратник".
pub fn kind_name_ru(k: Kind) -> &'static str {
    match k {
        Kind::Volkhv => "волхв",
        Kind::Knyaz => "князь",
        Kind::Ratoborets => "ратоборец",
        Kind::Luchnik => "лучник",
        Kind::Vsadnik => "всадник",
        Kind::Ratnik => "ратник",
        Kind::Helgi => "хелги",
    }
}

/// The German name of a kind of man, transliterated from the Russian as
/// German spelling does (Duden): "Wolchw", "Knjas", "Ratoborez". One place
/// names the kinds in German, for the spoken moves and the reader's refusals
/// alike.
pub fn kind_name_de(k: Kind) -> &'static str {
    match k {
        Kind::Volkhv => "Wolchw",
        Kind::Knyaz => "Knjas",
        Kind::Ratoborets => "Ratoborez",
        Kind::Luchnik => "Lutschnik",
        Kind::Vsadnik => "Wsadnik",
        Kind::Ratnik => "Ratnik",
        Kind::Helgi => "Helgi",
    }
}
