//! Words of the game by ear that stand for text only a screen shows well:
//! the PGN, said as where it is and how long the game is, never read out
//! tag by tag with its clock comments.

use crate::Lang;

/// Said instead of the PGN (which is printed): the record is on the
/// screen, and how many moves it has.
pub fn pgn_on_screen(lang: Lang, moves: usize) -> String {
    match lang {
        Lang::En => format!(
            "The game's record is on the screen. Moves: {moves}. Type history for the moves in words."
        ),
        Lang::Ru => format!(
            "Запись партии выведена на экран. Ходов: {moves}. Ходы словами: команда «история»."
        ),
        Lang::De => format!(
            "Die Partienotation steht auf dem Bildschirm. Züge: {moves}. Die Züge in Worten: Befehl „partie“."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn said_in_three_languages_without_pgn_letters() {
        for lang in [Lang::En, Lang::Ru, Lang::De] {
            let t = pgn_on_screen(lang, 12);
            assert!(t.contains("12"), "{t}");
            assert!(!t.contains("PGN") && !t.contains('{'), "{t}");
        }
    }
}
