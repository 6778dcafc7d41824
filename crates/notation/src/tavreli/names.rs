//! The names of the men in English, Russian and German. The lowest layer of
//! Tavreli's words: the spoken descriptions and the reader's refusals both
//! name men. English is the rule set's own (its messages use it).

use arbiter_tavreli::board::Kind;

pub use arbiter_tavreli::names::kind_name_en;

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
