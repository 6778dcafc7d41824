//! The names of the men in English and Russian. The lowest layer of the
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
