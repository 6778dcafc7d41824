//! The words of a blind player's game on two boards (the Laws from 2017,
//! Appendix D; the Laws 2005, the Supplement's items 1–10), in English,
//! Russian and German: announcements and their corrections, the boards that
//! differ, the arbiter's retrace, the assistant's duties, and the refusals
//! of the Laws that concern them.
//!
//! Every sentence cites the article of the game's own edition: `D.2.4` from
//! 2017, `Supplement 3` in 2005 ([`Provisions::article_in`]). The move is
//! passed in as the caller has already said it (in the Appendix D lexicon
//! or the player's own), so this module needs no board.
//!
//! ```
//! use arbiter_notation::appendix_d_words::{Said, say};
//! use arbiter_rules::{Edition, Lang, Side};
//!
//! let s = Said::Announced {
//!     side: Side::White,
//!     words: "Springer Felix drei".into(),
//!     correction: true,
//!     edition: Edition::E2023,
//! };
//! assert_eq!(say(&s, Lang::En), "White corrects the announcement: Springer Felix drei (D.2.8)");
//! let old = Said::Announced {
//!     side: Side::White,
//!     words: "Springer Felix drei".into(),
//!     correction: true,
//!     edition: Edition::E2005,
//! };
//! assert_eq!(say(&old, Lang::Ru), "Белые исправляют объявление: Springer Felix drei (Supplement 7)");
//! ```

use crate::clock::duration_words;
use arbiter_rules::provisions::BlindRulesOfficial;
use arbiter_rules::{Article, Edition, Lang, Provisions, Regime, Rejection, Side, Supervision};
use serde::Serialize;

/// One thing said about the two boards, with what it needs to be said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "said", rename_all = "snake_case")]
pub enum Said {
    /// `side` announced his move (D.2.1), or corrected a slip of the
    /// tongue with a second announcement before the press (D.2.8).
    Announced {
        /// Who announced.
        side: Side,
        /// The move in words.
        words: String,
        /// A correction of an earlier announcement.
        correction: bool,
        /// The game's edition, for the article.
        edition: Edition,
    },
    /// `side` pressed with an announcement that names another move than
    /// the one on his board: the two boards differ (D.2.9).
    BoardsDiffer {
        /// Who pressed.
        side: Side,
        /// The announced move in words.
        words: String,
        /// The game's edition.
        edition: Edition,
    },
    /// The arbiter retraced the game to the point where both scoresheets
    /// agree and set the clocks (D.2.9).
    Retraced {
        /// Half-moves kept.
        ply: usize,
        /// White's time set, without a clock `None`.
        white_ms: Option<i64>,
        /// Black's time set, without a clock `None`.
        black_ms: Option<i64>,
        /// The side whose clock runs now.
        to_move: Side,
        /// The game's edition.
        edition: Edition,
    },
    /// The header puts `sides` under the rules for blind players: their
    /// press waits for their announcement (D.2.4), and in 2005 only the
    /// tactile clock is admitted (Supplement 5).
    InForce {
        /// The sides under the rules, White first.
        sides: Vec<Side>,
        /// The game's edition.
        edition: Edition,
    },
    /// The assistant answers the blind player's question (D.2.10(d)): the
    /// moves completed and the time each player has used.
    AssistantTells {
        /// Moves completed (by the side that has completed more).
        moves: u32,
        /// Time White has used, ms.
        white_used_ms: u64,
        /// Time Black has used, ms.
        black_used_ms: u64,
        /// The game's edition.
        edition: Edition,
    },
    /// The assistant claims the game for `claimant`: the opponent's flag
    /// has fallen (D.2.10(e)).
    AssistantClaimsFlag {
        /// The blind player the assistant claims for.
        claimant: Side,
        /// The game's edition.
        edition: Edition,
    },
    /// The assistant tells the arbiter that the sighted player touched one
    /// of the blind player's pieces (D.2.10(e)).
    AssistantReportsTouch {
        /// The blind player whose piece was touched.
        blind: Side,
        /// The square of the piece.
        square: String,
        /// The game's edition.
        edition: Edition,
    },
}

/// `rule`'s article in `edition`.
fn art(edition: Edition, rule: Article) -> &'static str {
    Provisions::article_in(edition, rule)
}

fn side_en(s: Side) -> &'static str {
    match s {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn side_ru(s: Side) -> &'static str {
    match s {
        Side::White => "Белые",
        Side::Black => "Чёрные",
    }
}

/// The Russian genitive: «у белых».
fn side_ru_gen(s: Side) -> &'static str {
    match s {
        Side::White => "белых",
        Side::Black => "чёрных",
    }
}

fn side_de(s: Side) -> &'static str {
    match s {
        Side::White => "Weiß",
        Side::Black => "Schwarz",
    }
}

/// Who settles the boards in `edition`: the arbiter (2017+, D.2.9) or the
/// controller (2005 Supplement, item 8).
fn official(lang: Lang, edition: Edition) -> &'static str {
    let p = Provisions::new(edition, Regime::Standard, Supervision::Full);
    match (p.blind_rules_official(), lang) {
        (BlindRulesOfficial::Arbiter, Lang::En) => "the arbiter",
        (BlindRulesOfficial::Arbiter, Lang::Ru) => "арбитр",
        (BlindRulesOfficial::Arbiter, Lang::De) => "der Schiedsrichter",
        (BlindRulesOfficial::Controller, Lang::En) => "the controller",
        (BlindRulesOfficial::Controller, Lang::Ru) => "контролёр",
        (BlindRulesOfficial::Controller, Lang::De) => "der Turnierleiter",
    }
}

/// A time set by the arbiter, in words ("1 minute 5 seconds").
fn time(lang: Lang, ms: Option<i64>) -> Option<String> {
    ms.map(|m| duration_words(lang, u64::try_from(m).unwrap_or(0)))
}

/// `s` said in `lang`.
pub fn say(s: &Said, lang: Lang) -> String {
    match s {
        Said::Announced {
            side,
            words,
            correction,
            edition,
        } => announced(lang, *side, words, *correction, *edition),
        Said::BoardsDiffer {
            side,
            words,
            edition,
        } => {
            let a = art(*edition, Article::BoardsDiffer);
            let who = official(lang, *edition);
            match lang {
                Lang::En => format!(
                    "{} announced {words}, but the move on the board is another: the two boards differ; {who} compares both scoresheets ({a})",
                    side_en(*side)
                ),
                Lang::Ru => format!(
                    "{} объявили {words}, но на доске сделан другой ход: позиции на двух досках различаются; {who} сверяет записи обоих игроков ({a})",
                    side_ru(*side)
                ),
                Lang::De => format!(
                    "{} hat {words} angesagt, aber auf dem Brett steht ein anderer Zug: die beiden Bretter weichen ab; {who} vergleicht beide Partieformulare ({a})",
                    side_de(*side)
                ),
            }
        }
        Said::Retraced {
            ply,
            white_ms,
            black_ms,
            to_move,
            edition,
        } => retraced(lang, *ply, [*white_ms, *black_ms], *to_move, *edition),
        Said::InForce { sides, edition } => in_force(lang, sides, *edition),
        Said::AssistantTells {
            moves,
            white_used_ms,
            black_used_ms,
            edition,
        } => {
            let a = art(*edition, Article::Assistant);
            let (w, b) = (
                duration_words(lang, *white_used_ms),
                duration_words(lang, *black_used_ms),
            );
            match lang {
                Lang::En => {
                    format!("Moves completed: {moves}. White has used {w}, Black {b} ({a})")
                }
                Lang::Ru => {
                    format!("Сделано ходов: {moves}. Белые затратили {w}, чёрные — {b} ({a})")
                }
                Lang::De => {
                    format!("Gespielte Züge: {moves}. Weiß hat {w} verbraucht, Schwarz {b} ({a})")
                }
            }
        }
        Said::AssistantClaimsFlag { claimant, edition } => {
            let a = art(*edition, Article::Assistant);
            let c = *claimant;
            match lang {
                Lang::En => format!(
                    "The assistant claims for {}: {}'s flag has fallen ({a})",
                    side_en(c),
                    side_en(c.other())
                ),
                Lang::Ru => format!(
                    "Ассистент заявляет за {}: у {} упал флажок ({a})",
                    side_ru_gen(c),
                    side_ru_gen(c.other())
                ),
                Lang::De => format!(
                    "Der Assistent reklamiert für {}: das Blättchen von {} ist gefallen ({a})",
                    side_de(c),
                    side_de(c.other())
                ),
            }
        }
        Said::AssistantReportsTouch {
            blind,
            square,
            edition,
        } => {
            let a = art(*edition, Article::Assistant);
            let who = official(lang, *edition);
            match lang {
                Lang::En => format!(
                    "To {who}: the sighted player touched one of {}'s pieces, on {square} ({a})",
                    side_en(*blind)
                ),
                Lang::Ru => format!(
                    "Сообщение: {who}, зрячий игрок коснулся фигуры {} на поле {square} ({a})",
                    side_ru_gen(*blind)
                ),
                Lang::De => format!(
                    "An {who}: der sehende Spieler hat eine Figur von {} berührt, auf {square} ({a})",
                    side_de(*blind)
                ),
            }
        }
    }
}

fn announced(lang: Lang, side: Side, words: &str, correction: bool, edition: Edition) -> String {
    if correction {
        let a = art(edition, Article::SlipOfTheTongue);
        return match lang {
            Lang::En => format!("{} corrects the announcement: {words} ({a})", side_en(side)),
            Lang::Ru => format!("{} исправляют объявление: {words} ({a})", side_ru(side)),
            Lang::De => format!("{} berichtigt die Ansage: {words} ({a})", side_de(side)),
        };
    }
    match lang {
        Lang::En => format!("{} announces: {words}", side_en(side)),
        Lang::Ru => format!("{} объявляют: {words}", side_ru(side)),
        Lang::De => format!("{} sagt an: {words}", side_de(side)),
    }
}

fn retraced(
    lang: Lang,
    ply: usize,
    clocks: [Option<i64>; 2],
    to_move: Side,
    edition: Edition,
) -> String {
    let a = art(edition, Article::BoardsDiffer);
    let who = official(lang, edition);
    let times = match (time(lang, clocks[0]), time(lang, clocks[1])) {
        (Some(w), Some(b)) => match lang {
            Lang::En => format!(" White {w}, Black {b}."),
            Lang::Ru => format!(" У белых {w}, у чёрных {b}."),
            Lang::De => format!(" Weiß {w}, Schwarz {b}."),
        },
        _ => String::new(),
    };
    match lang {
        Lang::En => format!(
            "The scoresheets disagree: {who} retraces the game to half-move {ply} and sets the clocks.{times} {} to move ({a})",
            side_en(to_move)
        ),
        Lang::Ru => format!(
            "Записи не совпадают: {who} возвращает партию к полуходу {ply} и выставляет часы.{times} Ход: {} ({a})",
            side_ru(to_move).to_lowercase()
        ),
        Lang::De => format!(
            "Die Partieformulare stimmen nicht überein: {who} führt die Partie auf Halbzug {ply} zurück und stellt die Uhren.{times} {} am Zug ({a})",
            side_de(to_move)
        ),
    }
}

fn in_force(lang: Lang, sides: &[Side], edition: Edition) -> String {
    let a = art(edition, Article::ClockAfterAnnouncement);
    let names = |f: fn(Side) -> &'static str, and: &str| {
        sides.iter().map(|s| f(*s)).collect::<Vec<_>>().join(and)
    };
    let p = Provisions::new(edition, Regime::Standard, Supervision::Full);
    // "White announces", "White and Black announce".
    let one = sides.len() == 1;
    let mut out = match lang {
        Lang::En => format!(
            "Rules for blind players: {} {} each move before pressing the clock ({a})",
            names(side_en, " and "),
            if one { "announces" } else { "announce" }
        ),
        Lang::Ru => format!(
            "Правила для незрячих: {} объявляют каждый ход, прежде чем нажать на часы ({a})",
            names(side_ru, " и ")
        ),
        Lang::De => format!(
            "Regeln für blinde Spieler: {} {} jeden Zug an, bevor die Uhr gedrückt wird ({a})",
            names(side_de, " und "),
            if one { "sagt" } else { "sagen" }
        ),
    };
    if !p.talking_clock_admitted() {
        let clock = art(edition, Article::BlindClock);
        let assistant = art(edition, Article::Assistant);
        out.push_str(&match lang {
            Lang::En => format!(
                ". These Laws admit only the tactile clock ({clock}); the times are told on request, as the assistant tells them ({assistant})"
            ),
            Lang::Ru => format!(
                ". Эти правила допускают только осязаемые часы ({clock}); время сообщается по просьбе, как его сообщает ассистент ({assistant})"
            ),
            Lang::De => format!(
                ". Diese Regeln lassen nur die tastbare Uhr zu ({clock}); die Zeiten werden auf Wunsch genannt, wie der Assistent sie nennt ({assistant})"
            ),
        });
    }
    out
}

/// A refusal of Appendix D said in Russian or German, `None` for any other
/// refusal or for English (whose words are the refusal's `Display`). The
/// articles are the default ones (2017+); [`crate::rejection::say_in`]
/// puts the game's own in.
pub fn rejection(r: &Rejection, lang: Lang) -> Option<String> {
    use Rejection::*;
    let text = match (r, lang) {
        (_, Lang::En) => return None,
        (NotUnderAppendixD, Lang::Ru) => "Ни один игрок этой партии не играет по правилам для незрячих (в заголовке visually_disabled пуст): объявлений и возврата ходов нет.".to_string(),
        (NotUnderAppendixD, Lang::De) => "Kein Spieler dieser Partie spielt nach den Regeln für blinde Spieler (visually_disabled im Kopf ist leer): es gibt keine Ansagen und keine Rückführung.".to_string(),
        (PressBeforeAnnouncement { side }, Lang::Ru) => format!(
            "{} не объявили ход: часы соперника можно пустить только после объявления хода (D.2.4); часы {} продолжают идти.",
            side_ru(*side),
            side_ru_gen(*side)
        ),
        (PressBeforeAnnouncement { side }, Lang::De) => format!(
            "{} hat den Zug nicht angesagt: die Uhr des Gegners darf erst nach der Ansage gedrückt werden (D.2.4); die Uhr von {} läuft weiter.",
            side_de(*side),
            side_de(*side)
        ),
        (NothingToAnnounce { side }, Lang::Ru) => format!(
            "У {} на доске нет хода, который можно объявить (D.2.3).",
            side_ru_gen(*side)
        ),
        (NothingToAnnounce { side }, Lang::De) => format!(
            "{} hat keinen Zug auf dem Brett, der angesagt werden könnte (D.2.3).",
            side_de(*side)
        ),
        (AnnounceAfterPress { side }, Lang::Ru) => format!(
            "{} уже нажали на часы: оговорка исправляется до того, как пущены часы соперника (D.2.8); если позиции на досках различаются, арбитр сверяет записи обоих игроков (D.2.9).",
            side_ru(*side)
        ),
        (AnnounceAfterPress { side }, Lang::De) => format!(
            "{} hat die Uhr schon gedrückt: ein Versprecher wird berichtigt, bevor die Uhr des Gegners läuft (D.2.8); weichen die Bretter ab, vergleicht der Schiedsrichter beide Partieformulare (D.2.9).",
            side_de(*side)
        ),
        (RetraceNeedsPly, Lang::Ru) => "Для возврата ходов нужен полуход, ply (D.2.9).".to_string(),
        (RetraceNeedsPly, Lang::De) => "Die Rückführung braucht einen Halbzug, ply (D.2.9).".to_string(),
        (RetraceBeyond { ply, played }, Lang::Ru) => format!(
            "Нельзя вернуться к полуходу {ply}: сыграно только {played} (D.2.9)."
        ),
        (RetraceBeyond { ply, played }, Lang::De) => format!(
            "Keine Rückführung auf Halbzug {ply}: gespielt wurden nur {played} (D.2.9)."
        ),
        (RetraceNeedsClocks, Lang::Ru) => "Для возврата ходов нужны white_ms и black_ms, не отрицательные: арбитр выставляет часы (D.2.9).".to_string(),
        (RetraceNeedsClocks, Lang::De) => "Die Rückführung braucht white_ms und black_ms, nicht negativ: der Schiedsrichter stellt die Uhren (D.2.9).".to_string(),
        _ => return None,
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every(edition: Edition) -> Vec<Said> {
        vec![
            Said::Announced {
                side: Side::White,
                words: "Bauer Eva vier".into(),
                correction: false,
                edition,
            },
            Said::Announced {
                side: Side::White,
                words: "Bauer Eva vier".into(),
                correction: true,
                edition,
            },
            Said::BoardsDiffer {
                side: Side::Black,
                words: "e5".into(),
                edition,
            },
            Said::Retraced {
                ply: 2,
                white_ms: Some(60_000),
                black_ms: Some(61_000),
                to_move: Side::White,
                edition,
            },
            Said::InForce {
                sides: vec![Side::White],
                edition,
            },
            Said::AssistantTells {
                moves: 3,
                white_used_ms: 5_000,
                black_used_ms: 7_000,
                edition,
            },
            Said::AssistantClaimsFlag {
                claimant: Side::White,
                edition,
            },
            Said::AssistantReportsTouch {
                blind: Side::White,
                square: "e4".into(),
                edition,
            },
        ]
    }

    /// Every sentence exists in the three languages, in each language's
    /// own words, and cites the edition's own article: Appendix D from
    /// 2017, the Supplement's items in 2005 (and so never the other's).
    #[test]
    fn every_sentence_in_every_language_with_its_editions_article() {
        for edition in [Edition::E2005, Edition::E2017, Edition::E2023] {
            for s in every(edition) {
                let en = say(&s, Lang::En);
                let ru = say(&s, Lang::Ru);
                let de = say(&s, Lang::De);
                assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
                assert_ne!(de, en);
                if matches!(
                    s,
                    Said::Announced {
                        correction: false,
                        ..
                    }
                ) {
                    continue;
                }
                for t in [&en, &ru, &de] {
                    if edition.is_modern() {
                        assert!(t.contains("(D.2."), "{t}");
                        assert!(!t.contains("Supplement"), "{t}");
                    } else {
                        assert!(t.contains("(Supplement "), "{t}");
                        assert!(!t.contains("D.2."), "{t}");
                    }
                }
            }
        }
    }

    /// 2005 Supplement 5 admits only the tactile clock, D.2.6 a talking
    /// one; D.2.9's arbiter is the 2005 Supplement's controller.
    #[test]
    fn the_2005_supplement_is_said_in_its_own_terms() {
        let old = say(
            &Said::InForce {
                sides: vec![Side::White],
                edition: Edition::E2005,
            },
            Lang::En,
        );
        assert!(
            old.contains("only the tactile clock (Supplement 5)"),
            "{old}"
        );
        let new = say(
            &Said::InForce {
                sides: vec![Side::White],
                edition: Edition::E2017,
            },
            Lang::En,
        );
        assert!(!new.contains("tactile"), "{new}");
        let retrace = |edition| {
            say(
                &Said::Retraced {
                    ply: 4,
                    white_ms: None,
                    black_ms: None,
                    to_move: Side::White,
                    edition,
                },
                Lang::En,
            )
        };
        assert!(retrace(Edition::E2005).contains("the controller"));
        assert!(retrace(Edition::E2023).contains("the arbiter"));
        assert!(!retrace(Edition::E2023).contains("controller"));
    }

    /// Every refusal of Appendix D has Russian and German words.
    #[test]
    fn every_refusal_in_russian_and_german() {
        let all = [
            Rejection::NotUnderAppendixD,
            Rejection::PressBeforeAnnouncement { side: Side::White },
            Rejection::NothingToAnnounce { side: Side::Black },
            Rejection::AnnounceAfterPress { side: Side::White },
            Rejection::RetraceNeedsPly,
            Rejection::RetraceBeyond { ply: 9, played: 4 },
            Rejection::RetraceNeedsClocks,
        ];
        for r in all {
            assert_eq!(rejection(&r, Lang::En), None);
            let ru = rejection(&r, Lang::Ru).unwrap();
            let de = rejection(&r, Lang::De).unwrap();
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            assert_ne!(de, r.to_string());
        }
        assert_eq!(rejection(&Rejection::RestoreNeedsPly, Lang::Ru), None);
    }
}
