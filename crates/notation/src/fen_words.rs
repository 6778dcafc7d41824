//! Why a FEN is no position to start from, in the player's language. The board
//! library (shakmaty) gives its reasons typed, with English `Display`s; a player who
//! chose Russian or German hears them in his own words.

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{CastlingMode, Chess, PositionErrorKinds};

use crate::Lang;

/// Why `fen` is no legal chess position, in `lang`: which part of it does not read,
/// or what makes the position impossible (no king, a pawn on the last rank…).
/// English keeps the board library's own words. `None` for a legal position.
pub fn fen_refusal(fen: &str, lang: Lang) -> Option<String> {
    let parsed = match Fen::from_ascii(fen.trim().as_bytes()) {
        Ok(f) => f,
        Err(e) => {
            return Some(match lang {
                Lang::En => e.to_string(),
                _ => unreadable(&e, lang).to_string(),
            });
        }
    };
    let e = parsed
        .into_position::<Chess>(CastlingMode::Standard)
        .err()?;
    if lang == Lang::En {
        return Some(e.to_string());
    }
    let reasons: Vec<&str> = IMPOSSIBLE
        .iter()
        .filter(|(kind, _, _)| e.kinds().contains(*kind))
        .map(|&(_, ru, de)| if lang == Lang::Ru { ru } else { de })
        .collect();
    let head = if lang == Lang::Ru {
        "невозможная позиция"
    } else {
        "unmögliche Stellung"
    };
    Some(format!("{head}: {}", reasons.join(", ")))
}

/// The part of a FEN that does not read, in Russian or German.
fn unreadable(e: &ParseFenError, lang: Lang) -> &'static str {
    let (ru, de) = match e {
        ParseFenError::InvalidFen => ("FEN не читается", "FEN nicht lesbar"),
        ParseFenError::InvalidBoard => (
            "не читается расстановка фигур",
            "die Figurenstellung ist nicht lesbar",
        ),
        ParseFenError::InvalidPocket => (
            "не читается запас фигур",
            "der Figurenvorrat ist nicht lesbar",
        ),
        ParseFenError::InvalidTurn => (
            "не читается, чей ход (w или b)",
            "nicht lesbar, wer am Zug ist (w oder b)",
        ),
        ParseFenError::InvalidCastling => (
            "не читаются права на рокировку",
            "die Rochaderechte sind nicht lesbar",
        ),
        ParseFenError::InvalidEpSquare => (
            "не читается поле взятия на проходе",
            "das En-passant-Feld ist nicht lesbar",
        ),
        ParseFenError::InvalidRemainingChecks => (
            "не читается число оставшихся шахов",
            "die Zahl der verbleibenden Schachs ist nicht lesbar",
        ),
        ParseFenError::InvalidHalfmoveClock => (
            "не читается счётчик полуходов",
            "der Halbzugzähler ist nicht lesbar",
        ),
        ParseFenError::InvalidFullmoves => {
            ("не читается номер хода", "die Zugnummer ist nicht lesbar")
        }
    };
    if lang == Lang::Ru { ru } else { de }
}

/// What makes a position impossible, in Russian and German, in the board library's
/// order.
const IMPOSSIBLE: [(PositionErrorKinds, &str, &str); 10] = [
    (
        PositionErrorKinds::EMPTY_BOARD,
        "пустая доска",
        "leeres Brett",
    ),
    (
        PositionErrorKinds::MISSING_KING,
        "нет короля",
        "ein König fehlt",
    ),
    (
        PositionErrorKinds::TOO_MANY_KINGS,
        "лишний король",
        "zu viele Könige",
    ),
    (
        PositionErrorKinds::PAWNS_ON_BACKRANK,
        "пешка на первой или последней горизонтали",
        "ein Bauer auf der ersten oder letzten Reihe",
    ),
    (
        PositionErrorKinds::INVALID_CASTLING_RIGHTS,
        "такой рокировки быть не может",
        "unmögliche Rochaderechte",
    ),
    (
        PositionErrorKinds::INVALID_EP_SQUARE,
        "взятие на проходе на этом поле невозможно",
        "unmögliches En-passant-Feld",
    ),
    (
        PositionErrorKinds::OPPOSITE_CHECK,
        "шах стороне, которая не ходит",
        "Schach für die Seite, die nicht am Zug ist",
    ),
    (
        PositionErrorKinds::IMPOSSIBLE_CHECK,
        "невозможный шах",
        "unmögliches Schach",
    ),
    (
        PositionErrorKinds::TOO_MUCH_MATERIAL,
        "слишком много фигур",
        "zu viel Material",
    ),
    (
        PositionErrorKinds::VARIANT,
        "нарушено правило варианта",
        "eine Regel der Variante ist verletzt",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Each reason comes from what is wrong with the FEN, in the player's words,
    /// and never in English inside a Russian or German sentence.
    #[test]
    fn reasons_follow_the_fault_in_every_language() {
        assert_eq!(
            fen_refusal(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                Lang::Ru
            ),
            None
        );
        let ru = |f: &str| fen_refusal(f, Lang::Ru).unwrap_or_default();
        let de = |f: &str| fen_refusal(f, Lang::De).unwrap_or_default();
        assert_eq!(ru("8/8/8"), "не читается расстановка фигур");
        assert_eq!(
            de("k7/8/8/8/8/8/8/K7 x - - 0 1"),
            "nicht lesbar, wer am Zug ist (w oder b)"
        );
        assert_eq!(
            ru("8/8/8/8/8/8/8/8 w - - 0 1"),
            "невозможная позиция: пустая доска, нет короля"
        );
        assert_eq!(
            de("k6P/8/8/8/8/8/8/K7 w - - 0 1"),
            "unmögliche Stellung: ein Bauer auf der ersten oder letzten Reihe"
        );
        for f in [
            "8/8/8",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "k7/8/8/8/8/8/8/KK6 w - - 0 1",
        ] {
            for s in [ru(f), de(f)] {
                assert!(
                    !s.contains("invalid") && !s.contains("king") && !s.is_empty(),
                    "{s}"
                );
            }
        }
        assert!(
            fen_refusal("8/8/8", Lang::En)
                .unwrap_or_default()
                .contains("invalid board")
        );
    }
}
