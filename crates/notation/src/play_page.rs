//! Sentences of the hall's game page about a game that has ended, which the
//! position answers do not give: the clock command after the end says the
//! final times and that the game is over, never whose move it is.

use crate::Lang;
use crate::Lexicon;
use crate::clock::{Numerals, talking_clock_with};
use arbiter_rules::Side;

/// Who won, in words (never the score read out), from a PGN result
/// (`1-0`, `0-1`, `1/2-1/2`); `None` for a game still going.
pub fn result_in_words(l: Lang, result: &str) -> Option<&'static str> {
    Some(match (result, l) {
        ("1-0", Lang::En) => "White wins",
        ("1-0", Lang::Ru) => "победа белых",
        ("1-0", Lang::De) => "Weiß gewinnt",
        ("0-1", Lang::En) => "Black wins",
        ("0-1", Lang::Ru) => "победа чёрных",
        ("0-1", Lang::De) => "Schwarz gewinnt",
        ("1/2-1/2", Lang::En) => "a draw",
        ("1/2-1/2", Lang::Ru) => "ничья",
        ("1/2-1/2", Lang::De) => "Remis",
        ("0-0", Lang::En) => "both players lose",
        ("0-0", Lang::Ru) => "поражение обоим",
        ("0-0", Lang::De) => "beide verlieren",
        _ => return None,
    })
}

/// The clock command of a finished game: the final times, then that the game
/// is over and how it ended ("… The game is over: White wins."), so that a
/// spectator who asks after the mate does not hear "White to move".
pub fn clocks_over(
    l: Lang,
    white_ms: u64,
    black_ms: u64,
    moves_completed: u32,
    result: &str,
    numerals: Numerals,
) -> String {
    let lex = match l {
        Lang::En => Lexicon::En,
        Lang::Ru => Lexicon::Ru,
        Lang::De => Lexicon::FideDe,
    };
    let clock = talking_clock_with(
        lex,
        white_ms,
        black_ms,
        moves_completed,
        Side::White,
        numerals,
    );
    let how = result_in_words(l, result);
    let over = match (l, how) {
        (Lang::En, Some(h)) => format!("The game is over: {h}."),
        (Lang::Ru, Some(h)) => format!("Партия окончена: {h}."),
        (Lang::De, Some(h)) => format!("Die Partie ist beendet: {h}."),
        (Lang::En, None) => "The game is over.".to_string(),
        (Lang::Ru, None) => "Партия окончена.".to_string(),
        (Lang::De, None) => "Die Partie ist beendet.".to_string(),
    };
    format!("{clock} {over}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_finished_clock_names_no_side_to_move() {
        for l in [Lang::En, Lang::Ru, Lang::De] {
            let t = clocks_over(l, 60_000, 30_000, 20, "1-0", Numerals::Digits);
            assert!(
                !t.contains("to move") && !t.contains("Ход ") && !t.contains("am Zug"),
                "{t}"
            );
        }
        let en = clocks_over(Lang::En, 60_000, 30_000, 20, "0-1", Numerals::Digits);
        assert!(en.ends_with("The game is over: Black wins."), "{en}");
        assert_eq!(result_in_words(Lang::Ru, "1-0"), Some("победа белых"));
        assert_eq!(result_in_words(Lang::En, "*"), None);
    }
}
