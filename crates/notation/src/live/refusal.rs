//! Why an input was refused, typed, and the words for it in en, ru and de.
//!
//! Every refusal the session makes is a case here, and its whole sentence is
//! said in the session's language. The reasons that come from below it
//! (the Laws' rejections, the chess and Tavreli move readers) are typed and
//! spoken through one function each: [`rejection_text`],
//! [`notation_error_text`] and [`tavreli_error_text`].

use crate::{ErrorKind, Lang, NotationError};
use arbiter_laws::game::Rejection;
use arbiter_rules::{Edition, Side};
use arbiter_tavreli::NotationError as TavreliError;
use serde::{Serialize, Serializer};
use std::fmt::Display;

/// Why an input was refused. A refusal changes nothing and is never logged.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "refusal", content = "detail", rename_all = "snake_case")]
pub enum Refusal {
    /// The clock has not been started yet.
    NotStarted,
    /// The game is over.
    GameOver,
    /// It is the other side's move.
    NotYourMove {
        /// The side whose move it is.
        to_move: Side,
    },
    /// Text that is no move, or fits several legal moves.
    Unreadable(Misread),
    /// A move the rules forbid, refused without penalty: the software is the board.
    Illegal(Misread),
    /// A press without a move where the software is the board.
    PressWithoutMove,
    /// The Laws refuse the event (a claim out of turn, accepting no offer…).
    Laws(#[serde(serialize_with = "as_text")] LawsRefusal),
    /// The event could not be written as a log line (so it was not played).
    Unloggable(String),
    /// A touch, an adjustment or a touch-move claim in a game where the
    /// software is the board (online): there is no man to touch.
    NoTouchesOnline,
}

/// One of the Laws' rejections, with the edition of the game it was made
/// in: the articles it cites are that edition's own (the Laws 2005 and the
/// Tavreli rules number Art. 4, 7 and 13 their own way; 2017 and 2018 put
/// reduced play in A.4, 2023 in A.5). Its `Display` is the English text.
#[derive(Clone, Debug, PartialEq)]
pub struct LawsRefusal {
    /// Why the Laws refused.
    pub rejection: Rejection,
    /// The edition whose articles the words cite.
    pub edition: Edition,
}

impl Display for LawsRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.rejection.text_in(self.edition))
    }
}

/// What was wrong with a typed move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", content = "detail", rename_all = "snake_case")]
pub enum Misread {
    /// The notation reader's typed error (chess).
    Notation(#[serde(serialize_with = "as_text")] NotationError),
    /// A Latin `K` typed in a Russian lexicon that only the English king
    /// would fit: in Russian notation `K` is the knight (К), the king is Кр.
    LatinK {
        /// The move as typed (cut).
        text: String,
    },
    /// A Latin `C` typed in a Russian lexicon that only a Latin reading
    /// would fit (a pawn, the French knight): in Russian notation С is the
    /// bishop.
    LatinC {
        /// The move as typed (cut).
        text: String,
    },
    /// The Tavreli move reader's typed error.
    Tavreli(#[serde(serialize_with = "as_text")] TavreliError),
}

impl Misread {
    /// Whether the move fitted more than one reading.
    pub fn is_ambiguous(&self) -> bool {
        match self {
            Misread::Notation(e) => e.kind == ErrorKind::Ambiguous,
            Misread::LatinK { .. } | Misread::LatinC { .. } => true,
            Misread::Tavreli(_) => false,
        }
    }
}

fn as_text<S: Serializer, T: Display>(t: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&t.to_string())
}

/// The words for one of the Laws' rejections in `lang`: the one place a
/// rejection of the Laws core is turned into words. The core gives its
/// reasons as English text today, so they are said as they are.
pub fn rejection_text(r: &LawsRefusal, lang: Lang) -> String {
    crate::rejection::say_in(&r.rejection, lang, r.edition)
}

/// The Tavreli reader's error in `l`. English keeps the reader's own
/// wording (its `Display`).
pub fn tavreli_error_text(e: &TavreliError, l: Lang) -> String {
    let token = arbiter_laws::log::cut(e.token().trim(), 40);
    match (e, l) {
        (
            TavreliError::Malformed {
                problem, column, ..
            },
            Lang::En,
        ) => {
            format!("column {}: `{token}`: {problem}", column + 1)
        }
        (TavreliError::Illegal { reason, .. }, Lang::En) => format!("`{token}`: {reason}"),
        (
            TavreliError::Malformed {
                problem, column, ..
            },
            Lang::Ru,
        ) => format!(
            "«{token}» не читается (знак {}): {}",
            column + 1,
            crate::tavreli::reasons::malformed(problem, l)
        ),
        (
            TavreliError::Malformed {
                problem, column, ..
            },
            Lang::De,
        ) => format!(
            "„{token}“ nicht lesbar (Zeichen {}): {}",
            column + 1,
            crate::tavreli::reasons::malformed(problem, l)
        ),
        (TavreliError::Illegal { reason, .. }, Lang::Ru) => {
            format!("«{token}»: {}", crate::tavreli::reasons::illegal(reason, l))
        }
        (TavreliError::Illegal { reason, .. }, Lang::De) => {
            format!("„{token}“: {}", crate::tavreli::reasons::illegal(reason, l))
        }
    }
}

/// A side named as the subject of a clause ("белые", "Weiß", "White").
fn side_nom(l: Lang, s: Side) -> String {
    let name = crate::sides::side_name(l, s);
    match l {
        Lang::Ru => name.to_lowercase(),
        _ => name.to_string(),
    }
}

/// The sentence for a refusal, in `l`.
pub fn refusal_text(l: Lang, r: &Refusal) -> String {
    use Lang::*;
    match (r, l) {
        (Refusal::NotStarted, Ru) => "Часы ещё не запущены".into(),
        (Refusal::NotStarted, De) => "Die Uhr läuft noch nicht".into(),
        (Refusal::NotStarted, En) => "The clock has not been started".into(),
        (Refusal::GameOver, Ru) => "Партия окончена".into(),
        (Refusal::GameOver, De) => "Die Partie ist beendet".into(),
        (Refusal::GameOver, En) => "The game is over".into(),
        (Refusal::NotYourMove { to_move }, Ru) => format!("Сейчас ход: {}", side_nom(l, *to_move)),
        (Refusal::NotYourMove { to_move }, De) => format!("{} ist am Zug", side_nom(l, *to_move)),
        (Refusal::NotYourMove { to_move }, En) => format!("It is {}'s move", side_nom(l, *to_move)),
        (Refusal::Unreadable(m), Ru) => format!("Ход не понят: {}", misread_text(m, l)),
        (Refusal::Unreadable(m), De) => format!("Zug nicht verstanden: {}", misread_text(m, l)),
        (Refusal::Unreadable(m), En) => format!("Move not understood: {}", misread_text(m, l)),
        (Refusal::Illegal(m), Ru) => format!("Невозможный ход, без штрафа: {}", misread_text(m, l)),
        (Refusal::Illegal(m), De) => {
            format!("Regelwidriger Zug, ohne Strafe: {}", misread_text(m, l))
        }
        (Refusal::Illegal(m), En) => format!("Illegal move, no penalty: {}", misread_text(m, l)),
        (Refusal::PressWithoutMove, Ru) => "Сначала введите ход".into(),
        (Refusal::PressWithoutMove, De) => "Bitte zuerst einen Zug eingeben".into(),
        (Refusal::PressWithoutMove, En) => "Type a move first".into(),
        (Refusal::Laws(d), Ru) => format!("Отклонено: {}", rejection_text(d, l)),
        (Refusal::Laws(d), De) => format!("Abgelehnt: {}", rejection_text(d, l)),
        (Refusal::Laws(d), En) => format!("Refused: {}", rejection_text(d, l)),
        (Refusal::Unloggable(e), Ru) => format!("Не записать в протокол, ход не сделан: {e}"),
        (Refusal::Unloggable(e), De) => {
            format!("Nicht ins Protokoll schreibbar, nicht ausgeführt: {e}")
        }
        (Refusal::Unloggable(e), En) => format!("Cannot be logged, so not played: {e}"),
        (Refusal::NoTouchesOnline, _) => crate::touch_words::no_touches_online(l).into(),
    }
}

/// What was wrong with a typed move, in `l`.
pub fn misread_text(m: &Misread, l: Lang) -> String {
    match (m, l) {
        (Misread::Notation(e), _) => notation_error_text(e, l),
        (Misread::LatinK { text }, Lang::Ru) => {
            format!("«{text}» неоднозначно: в русской записи K — это конь (К), король — Кр")
        }
        (Misread::LatinK { text }, Lang::De) => format!(
            "„{text}“ ist mehrdeutig: in russischer Notation ist K der Springer (К), der König ist Кр"
        ),
        (Misread::LatinK { text }, Lang::En) => format!(
            "{text:?} is ambiguous: in Russian notation K is the knight (К), the king is Кр"
        ),
        (Misread::LatinC { text }, Lang::Ru) => {
            format!("«{text}» неоднозначно: в русской записи С — это слон, а слон так не ходит")
        }
        (Misread::LatinC { text }, Lang::De) => format!(
            "„{text}“ ist mehrdeutig: in russischer Notation ist С der Läufer, und kein Läufer kann so ziehen"
        ),
        (Misread::LatinC { text }, Lang::En) => format!(
            "{text:?} is ambiguous: in Russian notation С is the bishop, and no bishop can make that move"
        ),
        (Misread::Tavreli(e), _) => tavreli_error_text(e, l),
    }
}

/// The notation reader's error in `l` (English keeps the reader's own
/// wording).
pub fn notation_error_text(e: &NotationError, l: Lang) -> String {
    // An illegal move says which rule it breaks, in every language.
    if let (ErrorKind::Illegal, Some(why)) = (&e.kind, e.why) {
        return illegal_with_reason(e, why, l);
    }
    // A player told his move fits several hears which, not where the reader
    // stopped (the position is for the notation command's diagnosis).
    if (l, &e.kind) == (Lang::En, &ErrorKind::Ambiguous) {
        let input = arbiter_laws::log::cut(&e.input, 40);
        let mut t = format!("{input:?} fits several moves");
        if !e.candidates.is_empty() {
            t.push_str(&format!("; which one: {}", e.candidates.join(", ")));
        }
        return t;
    }
    if l == Lang::En {
        return e.to_string();
    }
    let ru = l == Lang::Ru;
    // Counted from 1, as people count (the offset itself is 0-based).
    let (input, at) = (arbiter_laws::log::cut(&e.input, 40), e.at.saturating_add(1));
    let quoted = if ru {
        format!("«{input}»")
    } else {
        format!("„{input}“")
    };
    let mut t = match (&e.kind, ru) {
        (ErrorKind::Empty, true) => "пустой ход".to_string(),
        (ErrorKind::Empty, false) => "leerer Zug".to_string(),
        (ErrorKind::Syntax(what), true) => {
            format!(
                "{quoted} не читается (знак {at}): {}",
                syntax_words(what, l)
            )
        }
        (ErrorKind::Syntax(what), false) => {
            format!(
                "{quoted} nicht lesbar (Zeichen {at}): {}",
                syntax_words(what, l)
            )
        }
        (ErrorKind::UnknownWord(w), true) => format!("незнакомое слово «{w}» (знак {at})"),
        (ErrorKind::UnknownWord(w), false) => format!("unbekanntes Wort „{w}“ (Zeichen {at})"),
        // The refusal already says the move is illegal; where in it does
        // not help a player who typed a whole move.
        (ErrorKind::Illegal, _) => quoted,
        (ErrorKind::Ambiguous, true) => format!("{quoted} подходит к нескольким ходам"),
        (ErrorKind::Ambiguous, false) => format!("{quoted} passt auf mehrere Züge"),
        (ErrorKind::BadPosition(why), true) => format!("неверная позиция: {why}"),
        (ErrorKind::BadPosition(why), false) => format!("ungültige Stellung: {why}"),
        (ErrorKind::UnknownStyle(s), true) => format!("неизвестная запись «{s}»"),
        (ErrorKind::UnknownStyle(s), false) => format!("unbekannte Notation „{s}“"),
    };
    if !e.candidates.is_empty() {
        let label = if ru {
            "возможные ходы"
        } else {
            "mögliche Züge"
        };
        t.push_str(&format!("; {label}: {}", e.candidates.join(", ")));
    }
    t
}

/// What the notation reader expected, in `l`. The reader names it in a
/// fixed English phrase; a phrase not known here is said as it is.
fn syntax_words(what: &str, l: Lang) -> &str {
    const WORDS: [(&str, &str, &str); 12] = [
        (
            "only annotations, no move",
            "только знаки оценки, хода нет",
            "nur Anmerkungszeichen, kein Zug",
        ),
        (
            "unknown piece letter",
            "неизвестная буква фигуры",
            "unbekannter Figurenbuchstabe",
        ),
        (
            "castling is 0-0 or 0-0-0",
            "рокировка пишется 0-0 или 0-0-0",
            "die Rochade ist 0-0 oder 0-0-0",
        ),
        (
            "no destination square (a file a–h followed by a rank 1–8)",
            "нет поля, куда идёт фигура (вертикаль a–h и горизонталь 1–8)",
            "kein Zielfeld (eine Linie a–h, dann eine Reihe 1–8)",
        ),
        (
            "unknown promotion piece",
            "неизвестная фигура превращения",
            "unbekannte Umwandlungsfigur",
        ),
        (
            "castling: say short/kurze/короткая or long/lange/длинная",
            "рокировка: скажите «короткая» или «длинная»",
            "Rochade: „kurze“ oder „lange“ sagen",
        ),
        (
            "short/long without castling",
            "«короткая» или «длинная» без слова «рокировка»",
            "„kurz“ oder „lang“ ohne „Rochade“",
        ),
        ("no square heard", "поле не услышано", "kein Feld gehört"),
        (
            "more than two squares",
            "больше двух полей",
            "mehr als zwei Felder",
        ),
        (
            "unexpected word before the destination",
            "лишнее слово перед полем, куда идёт фигура",
            "unerwartetes Wort vor dem Zielfeld",
        ),
        (
            "unexpected word after the destination",
            "лишнее слово после поля, куда идёт фигура",
            "unerwartetes Wort nach dem Zielfeld",
        ),
        (
            "not a braille chess cell",
            "не шахматный знак Брайля",
            "kein Braille-Schachzeichen",
        ),
    ];
    WORDS
        .iter()
        .find(|(en, _, _)| *en == what)
        .map_or(what, |&(en, ru, de)| match l {
            Lang::Ru => ru,
            Lang::De => de,
            Lang::En => en,
        })
}

/// «"e4-e6": эта фигура так не ходит; возможные ходы: …» — the move, the
/// reason the Laws refuse it, and the moves it may have meant.
fn illegal_with_reason(e: &NotationError, why: crate::illegal::IllegalWhy, l: Lang) -> String {
    let input = arbiter_laws::log::cut(&e.input, 40);
    let quoted = match l {
        Lang::En => format!("{input:?}"),
        Lang::Ru => format!("«{input}»"),
        Lang::De => format!("„{input}“"),
    };
    let mut t = format!("{quoted}: {}", crate::illegal::illegal_why_text(why, l));
    if !e.candidates.is_empty() {
        let head = match l {
            Lang::En => "candidates",
            Lang::Ru => "возможные ходы",
            Lang::De => "mögliche Züge",
        };
        t.push_str(&format!("; {head}: {}", e.candidates.join(", ")));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(l: Lang, r: Refusal) -> String {
        refusal_text(l, &r)
    }

    #[test]
    fn the_sessions_own_refusals_have_no_english_in_ru_and_de() {
        let e = NotationError::new(ErrorKind::Syntax("unknown piece letter"), 0, "Zf3");
        let cases = [
            Refusal::NotStarted,
            Refusal::GameOver,
            Refusal::NotYourMove {
                to_move: Side::Black,
            },
            Refusal::Unreadable(Misread::Notation(e.clone())),
            Refusal::Unreadable(Misread::LatinK { text: "Ke2".into() }),
            Refusal::Unreadable(Misread::LatinC { text: "Cd4".into() }),
            Refusal::Illegal(Misread::Notation(NotationError::new(
                ErrorKind::Illegal,
                0,
                "Ke2",
            ))),
            Refusal::PressWithoutMove,
            Refusal::Unloggable("x".into()),
        ];
        // English words any of the English sentences would carry.
        let english = [
            "move",
            "clock",
            "game",
            "illegal",
            "penalty",
            "refused",
            "ambiguous",
            "unknown",
            "cannot",
            "type",
            "letter",
            "knight",
            "king",
        ];
        for r in cases {
            for l in [Lang::Ru, Lang::De] {
                let t = refused(l, r.clone()).to_lowercase();
                for w in english {
                    assert!(!t.contains(w), "{l:?} {r:?}: {t:?} has {w:?}");
                }
                assert_ne!(t, refused(Lang::En, r.clone()).to_lowercase());
            }
        }
    }

    #[test]
    fn russian_and_german_refusals_say_the_reason() {
        let e = NotationError::new(ErrorKind::Syntax("unknown piece letter"), 0, "Zf3");
        assert_eq!(
            refused(Lang::Ru, Refusal::Unreadable(Misread::Notation(e.clone()))),
            "Ход не понят: «Zf3» не читается (знак 1): неизвестная буква фигуры"
        );
        // English counts from 1 too: Z is the first character.
        assert!(
            refused(Lang::En, Refusal::Unreadable(Misread::Notation(e.clone())))
                .contains("\"Zf3\" at character 1:")
        );
        assert_eq!(
            refused(Lang::De, Refusal::Unreadable(Misread::Notation(e))),
            "Zug nicht verstanden: „Zf3“ nicht lesbar (Zeichen 1): unbekannter Figurenbuchstabe"
        );
        let mut amb = NotationError::new(ErrorKind::Ambiguous, 0, "Nd2");
        amb.candidates = vec!["Nbd2".into(), "Nfd2".into()];
        assert_eq!(
            refused(
                Lang::Ru,
                Refusal::Unreadable(Misread::Notation(amb.clone()))
            ),
            "Ход не понят: «Nd2» подходит к нескольким ходам; возможные ходы: Nbd2, Nfd2"
        );
        assert_eq!(
            refused(Lang::De, Refusal::Unreadable(Misread::Notation(amb))),
            "Zug nicht verstanden: „Nd2“ passt auf mehrere Züge; mögliche Züge: Nbd2, Nfd2"
        );
        assert_eq!(
            refused(
                Lang::Ru,
                Refusal::NotYourMove {
                    to_move: Side::White
                }
            ),
            "Сейчас ход: белые"
        );
        assert_eq!(
            refused(
                Lang::De,
                Refusal::NotYourMove {
                    to_move: Side::White
                }
            ),
            "Weiß ist am Zug"
        );
        assert_eq!(
            refused(Lang::De, Refusal::GameOver),
            "Die Partie ist beendet"
        );
    }

    #[test]
    fn a_laws_rejection_is_said_by_one_call_inside_each_language_frame() {
        let r = LawsRefusal {
            rejection: Rejection::NoOfferToAccept { side: Side::White },
            edition: Edition::E2023,
        };
        for (l, frame) in [
            (Lang::En, "Refused: "),
            (Lang::Ru, "Отклонено: "),
            (Lang::De, "Abgelehnt: "),
        ] {
            assert_eq!(
                refused(l, Refusal::Laws(r.clone())),
                format!("{frame}{}", rejection_text(&r, l))
            );
        }
        // The Laws' reason is said in the player's language, not in English.
        assert_eq!(rejection_text(&r, Lang::En), r.to_string());
        assert_ne!(rejection_text(&r, Lang::Ru), r.to_string());
        assert_ne!(rejection_text(&r, Lang::De), r.to_string());
    }

    /// A refusal cites the articles of the game's own edition, in every
    /// language: reduced play's illegal-move claim is A.5.2 in 2023 and
    /// A.4.2 in 2017 (the appendix was renumbered in 2023).
    #[test]
    fn a_laws_rejection_cites_the_games_own_edition() {
        let said = |edition, l| {
            let r = LawsRefusal {
                rejection: Rejection::NoIllegalMoveToClaim { side: Side::Black },
                edition,
            };
            (refused(l, Refusal::Laws(r.clone())), r.to_string())
        };
        for l in [Lang::En, Lang::Ru, Lang::De] {
            let (modern, _) = said(Edition::E2023, l);
            let (older, _) = said(Edition::E2017, l);
            assert!(
                modern.contains("A.5.2") && !modern.contains("A.4.2"),
                "{modern}"
            );
            assert!(
                older.contains("A.4.2") && !older.contains("A.5.2"),
                "{older}"
            );
        }
        let (_, english) = said(Edition::E2017, Lang::En);
        assert!(english.contains("A.4.2"), "{english}");
    }

    #[test]
    fn every_syntax_phrase_of_the_notation_reader_has_words_in_ru_and_de() {
        // The reader's sources, read as text: a phrase added there without
        // words here fails this test.
        let sources = [
            include_str!("../written.rs"),
            include_str!("../spoken.rs"),
            include_str!("../braille.rs"),
        ];
        let mut seen = 0;
        for src in sources {
            for piece in src.split("ErrorKind::Syntax(\"").skip(1) {
                let Some((what, _)) = piece.split_once('"') else {
                    continue;
                };
                seen += 1;
                assert_ne!(syntax_words(what, Lang::Ru), what, "{what}");
                assert_ne!(syntax_words(what, Lang::De), what, "{what}");
            }
        }
        assert!(seen >= 12, "only {seen} phrases found");
    }

    /// Every reason the Tavreli reader gives, one of each kind. The match
    /// makes a kind added to the reader without a case here a compile error.
    fn every_tavreli_error() -> Vec<TavreliError> {
        use arbiter_tavreli::notation::{Illegal, Malformed};
        let malformed = [
            Malformed::Empty,
            Malformed::NotAMove,
            Malformed::ExpectedSquare {
                column: 0,
                found: "zz".into(),
            },
            Malformed::MissingDash,
            Malformed::TrailingText,
            Malformed::SameSquare,
            Malformed::UnclosedParen,
            Malformed::BadCount { digits: "q".into() },
            Malformed::ZeroCount,
            Malformed::TooManyMen { count: 41 },
        ];
        let illegal = [
            Illegal::Castling { long: true },
            Illegal::NoMan { square: 20 },
            Illegal::NotYours {
                square: 52,
                tower: true,
                owner: Side::Black,
                to_move: Side::White,
            },
            Illegal::TooFewMen {
                lift: 3,
                square: 12,
                height: 1,
            },
            Illegal::OntoVolkhv {
                square: 4,
                own: false,
            },
            Illegal::VolkhvAttacked,
            Illegal::CannotGo {
                kind: arbiter_tavreli::Kind::Luchnik,
                tower: false,
                from: 12,
                to: 36,
            },
        ];
        for m in &malformed {
            match m {
                Malformed::Empty
                | Malformed::NotAMove
                | Malformed::ExpectedSquare { .. }
                | Malformed::MissingDash
                | Malformed::TrailingText
                | Malformed::SameSquare
                | Malformed::UnclosedParen
                | Malformed::BadCount { .. }
                | Malformed::ZeroCount
                | Malformed::TooManyMen { .. } => {}
            }
        }
        for i in &illegal {
            match i {
                Illegal::Castling { .. }
                | Illegal::NoMan { .. }
                | Illegal::NotYours { .. }
                | Illegal::TooFewMen { .. }
                | Illegal::OntoVolkhv { .. }
                | Illegal::VolkhvAttacked
                | Illegal::CannotGo { .. } => {}
            }
        }
        let mut v: Vec<TavreliError> = malformed
            .into_iter()
            .map(|problem| TavreliError::Malformed {
                token: "e2-e4".into(),
                problem,
                column: 2,
            })
            .collect();
        v.extend(illegal.into_iter().map(|reason| TavreliError::Illegal {
            token: "e2-e4".into(),
            reason,
        }));
        v
    }

    #[test]
    fn every_reason_of_the_tavreli_reader_has_words_in_ru_and_de() {
        // English words any of the reader's reasons would carry.
        let english = [
            "expected", "square", "move", "tower", "castling", "column", "volkhv", "cannot",
            "belongs", "nothing", "found", "lift", "attacked", "empty", "without", "must",
            "luchnik", "there",
        ];
        for e in every_tavreli_error() {
            let en = misread_text(&Misread::Tavreli(e.clone()), Lang::En);
            assert!(en.contains(&e.reason()), "{en}");
            for l in [Lang::Ru, Lang::De] {
                let r = Refusal::Unreadable(Misread::Tavreli(e.clone()));
                let t = refused(l, r).to_lowercase();
                for w in english {
                    assert!(!t.contains(w), "{l:?} {e:?}: {t:?} has {w:?}");
                }
                assert!(t.contains("e2-e4"), "{t}");
            }
        }
        assert_eq!(
            tavreli_error_text(
                &TavreliError::Illegal {
                    token: "d1-e1".into(),
                    reason: arbiter_tavreli::notation::Illegal::OntoVolkhv {
                        square: 4,
                        own: true
                    }
                },
                Lang::Ru
            ),
            "«d1-e1»: на волхва ничего ставить нельзя: на e1 стоит ваш волхв"
        );
    }
}
