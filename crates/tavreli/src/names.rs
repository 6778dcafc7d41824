//! The English (transliterated) names of the men, which the move reader's
//! own messages (their `Display`) use. The names in every language, and
//! every sentence said about a Tavreli game, are in the words crate
//! (`arbiter-notation`, its `tavreli` module).

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
