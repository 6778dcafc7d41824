//! The words of Art. 4 (touch-move) in en, ru and de: a man touched with
//! intent, a man adjusted, what the touches oblige, a move that broke the
//! obligation, and the opponent's claim upheld or rejected (L-4.2–L-4.8;
//! the Laws 2005, 4.2–4.7; the Tavreli rules, art. 4.1–4.5).
//!
//! Each function takes plain typed parameters (the side, the square as the
//! log writes it, the [`TouchDuty`], the article of the game's edition), so
//! any front end says the same sentence. Squares are said in the lexicon
//! (`Eva zwei` in fide-de, `е два` in ru); a square that is not a chess
//! square is said as written.

use crate::Lexicon;
use crate::spoken::square_words;
use arbiter_rules::{Lang, Side, TouchDuty};

/// A square in the words of `lex`, or as written when it is none.
fn sq(lex: Lexicon, square: &str) -> String {
    match square.parse::<shakmaty::Square>() {
        Ok(s) => square_words(lex, s),
        Err(_) => square.to_string(),
    }
}

/// The side as the subject of a sentence: "White", «Белые», "Weiß".
fn subject(l: Lang, s: Side) -> &'static str {
    match (l, s) {
        (Lang::Ru, Side::White) => "Белые",
        (Lang::Ru, Side::Black) => "Чёрные",
        (Lang::De, Side::White) => "Weiß",
        (Lang::De, Side::Black) => "Schwarz",
        (Lang::En, Side::White) => "White",
        (Lang::En, Side::Black) => "Black",
    }
}

/// Russian genitive plural: «белых», «чёрных».
fn ru_gen(s: Side) -> &'static str {
    match s {
        Side::White => "белых",
        Side::Black => "чёрных",
    }
}

/// English ordinals for the man of a tower: 1st, 2nd, 3rd, 4th, 11th.
fn en_ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What the duty obliges, as an infinitive phrase of `l` (English "move
/// the piece on e2", Russian «пойти фигурой с е два», German "die Figur
/// auf Eva zwei ziehen", the verb last).
pub fn duty_phrase(lex: Lexicon, duty: &TouchDuty) -> String {
    let s = |q: &str| sq(lex, q);
    use TouchDuty::*;
    match (lex.language(), duty) {
        (Lang::En, MoveMan { square }) => format!("move the piece on {}", s(square)),
        (Lang::En, CaptureMan { square }) => format!("capture the piece on {}", s(square)),
        (Lang::En, CaptureWith { target, with }) => format!(
            "capture the piece on {} with the piece on {}",
            s(target),
            s(with)
        ),
        (Lang::En, MoveOrCapture { own, opponent }) => format!(
            "move the piece on {} or capture the piece on {}",
            s(own),
            s(opponent)
        ),
        (Lang::En, Castle { rook }) => format!("castle with the rook on {}", s(rook)),
        (Lang::En, CastleOtherSide { king }) => {
            format!("castle on the other side with the king on {}", s(king))
        }
        (Lang::En, MoveKing { king }) => format!("move the king on {}", s(king)),
        (Lang::Ru, MoveMan { square }) => format!("пойти фигурой с поля {}", s(square)),
        (Lang::Ru, CaptureMan { square }) => format!("взять фигуру на поле {}", s(square)),
        (Lang::Ru, CaptureWith { target, with }) => format!(
            "взять фигуру на поле {} фигурой с поля {}",
            s(target),
            s(with)
        ),
        (Lang::Ru, MoveOrCapture { own, opponent }) => format!(
            "пойти фигурой с поля {} или взять фигуру на поле {}",
            s(own),
            s(opponent)
        ),
        (Lang::Ru, Castle { rook }) => format!("сделать рокировку с ладьёй {}", s(rook)),
        (Lang::Ru, CastleOtherSide { king }) => format!(
            "сделать рокировку в другую сторону королём с поля {}",
            s(king)
        ),
        (Lang::Ru, MoveKing { king }) => format!("пойти королём с поля {}", s(king)),
        (Lang::De, MoveMan { square }) => format!("die Figur auf {} ziehen", s(square)),
        (Lang::De, CaptureMan { square }) => format!("die Figur auf {} schlagen", s(square)),
        (Lang::De, CaptureWith { target, with }) => format!(
            "die Figur auf {} mit der Figur auf {} schlagen",
            s(target),
            s(with)
        ),
        (Lang::De, MoveOrCapture { own, opponent }) => format!(
            "die Figur auf {} ziehen oder die Figur auf {} schlagen",
            s(own),
            s(opponent)
        ),
        (Lang::De, Castle { rook }) => format!("mit dem Turm auf {} rochieren", s(rook)),
        (Lang::De, CastleOtherSide { king }) => {
            format!("mit dem König auf {} zur anderen Seite rochieren", s(king))
        }
        (Lang::De, MoveKing { king }) => format!("den König auf {} ziehen", s(king)),
    }
}

/// "White touched the piece on e4" (L-4.3); for a Tavreli tower with `man`
/// above 1, "the 2nd man from the top on e4" (the Tavreli rules, art. 4.2).
pub fn touched(lex: Lexicon, side: Side, square: &str, man: Option<u32>) -> String {
    let l = lex.language();
    let who = subject(l, side);
    let at = sq(lex, square);
    match (l, man.filter(|&n| n > 1)) {
        (Lang::En, None) => format!("{who} touched the piece on {at}"),
        (Lang::En, Some(n)) => format!(
            "{who} touched the {} man from the top on {at}",
            en_ordinal(n)
        ),
        (Lang::Ru, None) => format!("{who} коснулись фигуры на поле {at}"),
        (Lang::Ru, Some(n)) => format!("{who} коснулись {n}-й сверху фигуры на поле {at}"),
        (Lang::De, None) => format!("{who} berührt die Figur auf {at}"),
        (Lang::De, Some(n)) => format!("{who} berührt die {n}. Figur von oben auf {at}"),
    }
}

/// "White must move the piece on e2 (4.3)": what the touches oblige, with
/// the article of the game's edition.
pub fn obligation(lex: Lexicon, side: Side, duty: &TouchDuty, article: &str) -> String {
    let l = lex.language();
    let who = subject(l, side);
    let what = duty_phrase(lex, duty);
    match l {
        Lang::En => format!("{who} must {what} ({article})"),
        Lang::Ru => format!("{who} должны {what} ({article})"),
        Lang::De => format!("{who} muss {what} ({article})"),
    }
}

/// "White adjusts the piece on e2 (j'adoube)" (L-4.2; the Tavreli rules,
/// art. 4.1). With `out_of_turn`, the article the adjustment broke: only
/// the player having the move may adjust, and the arbiter may penalise.
pub fn adjusted(lex: Lexicon, side: Side, square: &str, out_of_turn: Option<&str>) -> String {
    let l = lex.language();
    let who = subject(l, side);
    let at = sq(lex, square);
    let said = match l {
        Lang::En => format!("{who} adjusts the piece on {at} (j'adoube)"),
        Lang::Ru => format!("{who} поправляют фигуру на поле {at}"),
        Lang::De => format!("{who} rückt die Figur auf {at} zurecht (j'adoube)"),
    };
    let Some(article) = out_of_turn else {
        return said;
    };
    match l {
        Lang::En => format!(
            "{said}, but it is not their move: only the player having the move may adjust ({article}); the arbiter may penalise it"
        ),
        Lang::Ru => format!(
            "{said}, но сейчас не их ход: поправлять фигуры может только игрок, чья очередь хода ({article}); арбитр может наказать"
        ),
        Lang::De => format!(
            "{said}, ist aber nicht am Zug: nur der Spieler am Zug darf zurechtrücken ({article}); der Schiedsrichter kann bestrafen"
        ),
    }
}

/// A move that broke the touch-move rule, as the record lists it: "White's
/// move broke the touch-move rule: White had to move the piece on e2
/// (4.3)". The software does not step in: this is said in the report, and
/// live only when the opponent claims (docs/decisions.md).
pub fn breach(lex: Lexicon, side: Side, duty: &TouchDuty, article: &str) -> String {
    let l = lex.language();
    let who = subject(l, side);
    let what = duty_phrase(lex, duty);
    match l {
        Lang::En => {
            format!("{who}'s move broke the touch-move rule: {who} had to {what} ({article})")
        }
        Lang::Ru => format!(
            "Ход {} нарушил правило «тронул — ходи»: {} должны были {what} ({article})",
            ru_gen(side),
            who.to_lowercase()
        ),
        Lang::De => format!(
            "Der Zug von {who} verstieß gegen „berührt – geführt“: {who} hätte {what} müssen ({article})"
        ),
    }
}

/// A touch-move claim upheld (L-4.8; the Laws 2005, 4.7; the Tavreli rules,
/// art. 4.5): the breaking move is taken back and the offender must meet
/// the obligation. `claim_article` is the article of the claim, `duty` and
/// `article` what the offender must do now.
pub fn claim_upheld(
    lex: Lexicon,
    claimant: Side,
    duty: &TouchDuty,
    article: &str,
    claim_article: &str,
) -> String {
    let l = lex.language();
    let offender = claimant.other();
    let must = obligation(lex, offender, duty, article);
    match l {
        Lang::En => format!(
            "{}'s touch-move claim is upheld ({claim_article}): {}'s move is taken back. {must}",
            subject(l, claimant),
            subject(l, offender)
        ),
        Lang::Ru => format!(
            "Требование {} «тронул — ходи» удовлетворено ({claim_article}): ход {} отменён. {must}",
            ru_gen(claimant),
            ru_gen(offender)
        ),
        Lang::De => format!(
            "Die Reklamation „berührt – geführt“ von {} ist berechtigt ({claim_article}): der Zug von {} wird zurückgenommen. {must}",
            subject(l, claimant),
            subject(l, offender)
        ),
    }
}

/// A touch-move claim rejected: no breach of the opponent's is open to it
/// (none was made, or the claimant has since touched a man or moved). It
/// changes nothing and costs nothing, unless the arbiter decides.
pub fn claim_rejected(lex: Lexicon, claimant: Side, claim_article: &str) -> String {
    let l = lex.language();
    let offender = claimant.other();
    match l {
        Lang::En => format!(
            "{}'s touch-move claim is rejected: no breach by {} is open to it ({claim_article}). The game continues",
            subject(l, claimant),
            subject(l, offender)
        ),
        Lang::Ru => format!(
            "Требование {} «тронул — ходи» отклонено: нарушения {}, о котором можно заявить, нет ({claim_article}). Игра продолжается",
            ru_gen(claimant),
            ru_gen(offender)
        ),
        Lang::De => format!(
            "Die Reklamation „berührt – geführt“ von {} wird abgelehnt: kein Verstoß von {} ist offen ({claim_article}). Die Partie geht weiter",
            subject(l, claimant),
            subject(l, offender)
        ),
    }
}

/// Why an online game refuses a touch, an adjustment or a touch-move
/// claim: the server is the board, and a move is made only when it is sent.
pub fn no_touches_online(l: Lang) -> &'static str {
    match l {
        Lang::En => {
            "An online game has no touches: the server is the board, and a move is made only when it is sent"
        }
        Lang::Ru => {
            "В партии по сети нет касаний фигур: доска — это сервер, и ход сделан, только когда он отправлен"
        }
        Lang::De => {
            "Eine Online-Partie kennt kein Berühren: der Server ist das Brett, ein Zug ist erst mit dem Absenden ausgeführt"
        }
    }
}

/// A move made on a sensor board, waiting for the press: "On the board:
/// e2 to e4. Press the clock". `from` and `to` as the log writes squares.
pub fn board_move(lex: Lexicon, from: &str, to: &str) -> String {
    let (f, t) = (sq(lex, from), sq(lex, to));
    match lex.language() {
        Lang::En => format!("On the board: {f} to {t}. Press the clock"),
        Lang::Ru => format!("На доске ход {f} — {t}. Нажмите часы"),
        Lang::De => format!("Auf dem Brett: {f} nach {t}. Bitte die Uhr drücken"),
    }
}

/// A sensor board whose men stand otherwise than the game's (for Appendix
/// D, the two boards differ): the squares that differ.
pub fn board_differs(lex: Lexicon, squares: &[String]) -> String {
    let list: Vec<String> = squares.iter().map(|q| sq(lex, q)).collect();
    let list = list.join(", ");
    match lex.language() {
        Lang::En => format!("The board differs from the game on {list}"),
        Lang::Ru => format!("Позиция на доске расходится с партией: {list}"),
        Lang::De => format!("Das Brett weicht von der Partie ab: {list}"),
    }
}

/// The sensor board agrees with the game again.
pub fn board_agrees(l: Lang) -> &'static str {
    match l {
        Lang::En => "The board agrees with the game again",
        Lang::Ru => "Позиция на доске снова совпадает с партией",
        Lang::De => "Das Brett stimmt wieder mit der Partie überein",
    }
}

/// A `lift` or `drop` line when no sensor board is followed.
pub fn no_board(l: Lang) -> &'static str {
    match l {
        Lang::En => "No sensor board is followed: start the clock with --board FILE",
        Lang::Ru => "Датчики доски не подключены: запустите часы с --board ФАЙЛ",
        Lang::De => "Kein Sensorbrett angeschlossen: die Uhr mit --board DATEI starten",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEXICONS: [Lexicon; 3] = [Lexicon::En, Lexicon::Ru, Lexicon::FideDe];

    fn duties() -> Vec<TouchDuty> {
        let s = |x: &str| x.to_string();
        vec![
            TouchDuty::MoveMan { square: s("e2") },
            TouchDuty::CaptureMan { square: s("d5") },
            TouchDuty::CaptureWith {
                target: s("d5"),
                with: s("e4"),
            },
            TouchDuty::MoveOrCapture {
                own: s("e4"),
                opponent: s("d5"),
            },
            TouchDuty::Castle { rook: s("h1") },
            TouchDuty::CastleOtherSide { king: s("e1") },
            TouchDuty::MoveKing { king: s("e1") },
        ]
    }

    /// Every sentence exists in the three languages, names the squares in
    /// the lexicon and cites the article it is given.
    #[test]
    fn every_sentence_in_every_language() {
        for lex in LEXICONS {
            for d in duties() {
                let ob = obligation(lex, Side::White, &d, "4.3");
                assert!(ob.ends_with("(4.3)"), "{ob}");
                let up = claim_upheld(lex, Side::Black, &d, "4.4", "4.8");
                assert!(up.contains("(4.8)") && up.ends_with("(4.4)"), "{up}");
                let br = breach(lex, Side::White, &d, "4.3");
                assert!(br.contains("(4.3)"), "{br}");
            }
            let no = claim_rejected(lex, Side::Black, "4.7");
            assert!(no.contains("(4.7)"), "{no}");
            let t = touched(lex, Side::White, "e2", None);
            let a = adjusted(lex, Side::Black, "e7", Some("4.2"));
            assert!(a.contains("(4.2)"), "{a}");
            match lex.language() {
                Lang::Ru => {
                    assert_eq!(t, "Белые коснулись фигуры на поле е два");
                    assert!(no.starts_with("Требование чёрных"), "{no}");
                }
                Lang::De => {
                    assert_eq!(t, "Weiß berührt die Figur auf Eva zwei");
                    assert!(a.starts_with("Schwarz rückt"), "{a}");
                }
                Lang::En => {
                    assert_eq!(t, "White touched the piece on e2");
                    assert!(no.starts_with("Black's touch-move claim is rejected"));
                }
            }
        }
    }

    /// A Tavreli touch names the man of the tower from the top; the top
    /// man (1, or none given) is said as a piece.
    #[test]
    fn a_man_inside_a_tower_is_named_from_the_top() {
        let en = touched(Lexicon::En, Side::Black, "c5", Some(2));
        assert_eq!(en, "Black touched the 2nd man from the top on c5");
        assert_eq!(
            touched(Lexicon::En, Side::Black, "c5", Some(1)),
            touched(Lexicon::En, Side::Black, "c5", None)
        );
        assert!(touched(Lexicon::Ru, Side::Black, "c5", Some(3)).contains("3-й сверху"));
        assert!(touched(Lexicon::FideDe, Side::Black, "c5", Some(3)).contains("3. Figur von oben"));
        assert_eq!(en_ordinal(11), "11th");
        assert_eq!(en_ordinal(22), "22nd");
    }

    /// An adjustment in turn cites nothing and blames no one.
    #[test]
    fn an_adjustment_in_turn_is_only_said() {
        for lex in LEXICONS {
            let a = adjusted(lex, Side::White, "e2", None);
            assert!(!a.contains("4.2") && !a.contains(','), "{a}");
        }
    }

    /// The German infinitive goes last: "hätte … ziehen müssen".
    #[test]
    fn german_breach_keeps_the_verb_last() {
        let d = TouchDuty::MoveMan {
            square: "e2".into(),
        };
        let br = breach(Lexicon::FideDe, Side::White, &d, "4.3");
        assert!(
            br.ends_with("hätte die Figur auf Eva zwei ziehen müssen (4.3)"),
            "{br}"
        );
        for l in [Lang::En, Lang::Ru, Lang::De] {
            assert!(no_touches_online(l).len() > 20);
            assert!(board_agrees(l).len() > 20 && no_board(l).contains("--board"));
        }
        assert_eq!(
            board_move(Lexicon::Ru, "e2", "e4"),
            "На доске ход е два — е четыре. Нажмите часы"
        );
        let d = board_differs(Lexicon::En, &["f1".into(), "h1".into()]);
        assert_eq!(d, "The board differs from the game on f1, h1");
    }
}
