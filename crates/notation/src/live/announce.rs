//! What a session says: typed announcements with their text in the chosen
//! lexicon's language. The words come from `arbiter-notation` (moves, the
//! arbiter's announcements, numbers with their agreement); this module only
//! adds the sentences a live game needs besides them.

use super::move_words::MoveWords;
use super::refusal::{Refusal, refusal_text};
use crate::announce::{self as words, Announcement as Said, Prompt};
use crate::clock::{Numerals, duration_with, ru_agree};
use crate::sides::{side_genitive_ru, side_name};
use crate::touch_words;
use crate::{Lexicon, SpokenLang, penalty, rejection};
use arbiter_laws::{ActionKind, GameResult};
use arbiter_rules::{PenaltyKind, Side, Termination, TouchDuty};
use serde::Serialize;

/// The kind of an announcement, for front ends that act on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Kind {
    /// The clock started; `side`'s clock runs.
    Started {
        /// Whose clock runs.
        side: Side,
    },
    /// A move was played (and completed): the text is the move in words.
    Move {
        /// Who moved.
        side: Side,
        /// The move in SAN (the rule set's own notation for Tavreli).
        san: String,
    },
    /// An input was refused.
    Refused {
        /// Why.
        refusal: Refusal,
    },
    /// A low-time alarm threshold was reached while `side` was thinking.
    LowTime {
        /// Whose time is low.
        side: Side,
        /// The alarm's threshold, in milliseconds left.
        threshold_ms: u64,
    },
    /// `side` completed a period's moves and is in period `period` now:
    /// `added_ms` were added to its clock (L-6.7).
    PeriodReached {
        /// The side that completed the period.
        side: Side,
        /// The period it is in now (1 = the first).
        period: u32,
        /// The time added to its clock.
        added_ms: u64,
    },
    /// `side` has had less than five minutes in this period: recording the
    /// moves is no longer required of it until the period ends (Art. 8.4).
    RecordingExempt {
        /// The side exempt.
        side: Side,
    },
    /// An illegal move was completed (Art. 7): the `count`th by `side`.
    IllegalMove {
        /// Who made it.
        side: Side,
        /// How many illegal moves that side has completed.
        count: u32,
    },
    /// A penalty or time correction the Laws recorded.
    Penalty {
        /// The side the penalty or correction concerns.
        side: Side,
        /// What was recorded.
        penalty: Penalised,
        /// The time it moves, when it moves time.
        ms: Option<i64>,
    },
    /// A draw offer was made.
    DrawOffered {
        /// Who offered.
        side: Side,
    },
    /// The open offer was declined.
    DrawDeclined {
        /// Who declined.
        side: Side,
    },
    /// `side`'s draw claim was found incorrect: play goes on (L-9.5c).
    ClaimRejected {
        /// The claimant.
        side: Side,
        /// The claim, as a draw offer (9.1.2.3), accepted the opponent's
        /// open offer: the game does not go on, so that is not said.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        agreed: bool,
        /// Why the claim was found incorrect (said in the player's
        /// language); `None` where the Laws gave no reason.
        #[serde(skip)]
        why: Option<arbiter_rules::WrongClaim>,
    },
    /// `side` made a quickplay-finish claim (2005 10.2, G-III.5) or, with
    /// `increment`, asked for an increment (G-III.4): the clocks are stopped
    /// and the claim waits for the arbiter.
    QuickplayClaimed {
        /// The claimant.
        side: Side,
        /// The claim asks for an increment, not a draw.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        increment: bool,
    },
    /// The clocks were stopped (6.11) or restarted.
    Paused,
    /// The clocks run again.
    Resumed,
    /// A player stopped the clocks to call the arbiter (FIDE Laws 2017,
    /// 6.12.2; 2005, 6.13).
    ArbiterCalled {
        /// The player who called.
        side: Side,
    },
    /// The clocks run again after a call of the arbiter, and who resumed.
    CallEnded {
        /// The arbiter, the opponent where no arbiter is present, or the
        /// wait for him running out.
        end: crate::lobby_words::CallEnd,
    },
    /// The lexicon (and so the language) of every later announcement
    /// changed; `lexicon` is its key (`ru`, `fide-de`…).
    LexiconChosen {
        /// The lexicon's key.
        lexicon: &'static str,
    },
    /// An engine failed; the game is paused until the arbiter resumes it.
    EngineFailed {
        /// The side the engine plays.
        side: Side,
        /// What failed, as the engine's client says it.
        error: String,
    },
    /// `side` touched a man with intent (L-4.3; Tavreli: `man` of a tower,
    /// from the top); `obligation` is what his touches oblige now.
    Touched {
        /// Who touched.
        side: Side,
        /// The square (`e2`).
        square: String,
        /// Tavreli: the man of the tower, from the top.
        #[serde(skip_serializing_if = "Option::is_none")]
        man: Option<u32>,
        /// What the touches oblige now.
        #[serde(skip_serializing_if = "Option::is_none")]
        obligation: Option<Obliged>,
    },
    /// `side` adjusted a man after saying so (L-4.2); `breach_of` is the
    /// article an adjustment out of turn broke.
    Adjusted {
        /// Who adjusted.
        side: Side,
        /// The square (`e2`).
        square: String,
        /// The article broken by an adjustment out of turn.
        #[serde(skip_serializing_if = "Option::is_none")]
        breach_of: Option<&'static str>,
    },
    /// `side`'s touch-move claim (L-4.8 and the edition's own number in
    /// `article`): upheld, the move is taken back and `obligation` binds
    /// the opponent; rejected, nothing changes.
    TouchMoveClaim {
        /// The claimant.
        side: Side,
        /// Whether the claim was upheld.
        upheld: bool,
        /// The article of the game's edition.
        article: &'static str,
        /// What binds the opponent after an upheld claim.
        #[serde(skip_serializing_if = "Option::is_none")]
        obligation: Option<Obliged>,
    },
    /// A blind player's game on two boards (Appendix D; 2005 Supplement):
    /// an announcement, a correction, boards that differ, a retrace, the
    /// assistant's words. Its words are `crate::appendix_d_words`.
    AppendixD {
        /// What is said.
        said: crate::appendix_d_words::Said,
    },
    /// The game ended.
    GameOver {
        /// The result.
        result: GameResult,
        /// How the game ended.
        termination: Termination,
        /// When, in milliseconds since the clock was started.
        at: u64,
        /// Whose flag fell, when the game ended on time with one flag
        /// down: a draw (6.9) is said with it, and with why.
        #[serde(skip_serializing_if = "Option::is_none")]
        flagged: Option<Side>,
    },
}

/// What a player's touches oblige him to do, with the article of the
/// game's edition (L-4.3, L-4.4; Tavreli 4.2, 4.3).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Obliged {
    /// The move obliged.
    #[serde(flatten)]
    pub duty: TouchDuty,
    /// The article that obliges it (`4.3`).
    pub article: &'static str,
}

/// What a penalty announcement names: one of the Laws' penalty kinds, or
/// an arbiter's action a front end reports as it stands. Serialised as its
/// key (`warning`, `two_hands` …), as the log writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Penalised {
    /// A penalty the Laws record (the report's `penalties[].kind`).
    Laws(PenaltyKind),
    /// An arbiter's action that is none of the Laws' penalty kinds (an
    /// irregularity of Art. 7 put right, two hands …): said by its name.
    Action(ActionKind),
}

impl Penalised {
    /// An arbiter's action as the announcement names it: the Laws' own
    /// kind when the action is one (`warning`, `add_time` …), so that it is
    /// said in the player's words, the action itself otherwise.
    pub fn of_action(action: ActionKind) -> Penalised {
        match action_key(action).parse::<PenaltyKind>() {
            Ok(kind) => Penalised::Laws(kind),
            Err(_) => Penalised::Action(action),
        }
    }
}

impl From<PenaltyKind> for Penalised {
    fn from(kind: PenaltyKind) -> Self {
        Penalised::Laws(kind)
    }
}

/// The action's key as the log writes it (`two_hands`).
fn action_key(action: ActionKind) -> String {
    match serde_json::to_value(action) {
        Ok(serde_json::Value::String(key)) => key,
        _ => format!("{action:?}"),
    }
}

/// One thing to print and speak, stamped with the game time it concerns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Announcement {
    /// Milliseconds since the clock was started (0 before it was).
    pub at: u64,
    /// What happened.
    #[serde(flatten)]
    pub kind: Kind,
    /// The sentence, in the session's language.
    pub text: String,
    /// A move's words in any lexicon (see [`Announcement::text_in`]).
    #[serde(skip)]
    pub words: Option<MoveWords>,
}

/// "Black: 50 seconds left" / «У чёрных осталось пятьдесят секунд». The
/// Russian verb agrees with the first number said: «осталась одна минута»,
/// «остался один час», «осталось две минуты».
pub fn low_time_text(lex: Lexicon, side: Side, ms: u64) -> String {
    let l = lex.language();
    let time = duration_with(l, ms, Numerals::Words);
    match l {
        SpokenLang::Ru => {
            // Verbs of being keep the neuter with 2–4 («осталось две минуты»).
            let verb = ru_agree(ms, ["остался", "осталась", "осталось", "осталось"]);
            format!("У {} {verb} {time}", side_genitive_ru(side))
        }
        SpokenLang::De => format!("{}: noch {time}", side_name(l, side)),
        SpokenLang::En => format!("{}: {time} left", side_name(l, side)),
    }
}

fn said(lex: Lexicon, a: Said) -> String {
    words::announce_with(&a, lex, Numerals::Words)
}

/// The sentence for an announcement kind (moves carry their own words).
pub fn text(lex: Lexicon, kind: &Kind) -> String {
    use SpokenLang::*;
    let l = lex.language();
    match kind {
        Kind::Started { side } => match l {
            Ru => format!("Часы запущены. Ход: {}", side_name(l, *side).to_lowercase()),
            De => format!("Die Uhr läuft. {} am Zug", side_name(l, *side)),
            En => format!("The clock is running. {} to move", side_name(l, *side)),
        },
        Kind::Move { san, .. } => san.clone(),
        Kind::Refused { refusal } => refusal_text(l, refusal),
        Kind::LowTime { side, threshold_ms } => low_time_text(lex, *side, *threshold_ms),
        Kind::PeriodReached {
            side,
            period,
            added_ms,
        } => said(
            lex,
            Said::PeriodReached {
                side: *side,
                period: *period,
                seconds: u32::try_from(added_ms / 1000).unwrap_or(u32::MAX),
            },
        ),
        Kind::RecordingExempt { side } => said(lex, Said::RecordingExempt(*side)),
        Kind::IllegalMove { side, count } => said(
            lex,
            Said::IllegalMove {
                side: *side,
                count: *count,
            },
        ),
        Kind::Penalty { side, penalty, ms } => penalty_text(lex, *side, *penalty, *ms),
        Kind::DrawOffered { side } => said(lex, Said::DrawOffered(*side)),
        Kind::DrawDeclined { side } => said(lex, Said::DrawDeclined(*side)),
        Kind::ClaimRejected { side, agreed, why } => {
            let t = said(lex, Said::ClaimRejected { side: *side });
            // The vocabulary's second sentence is "the game continues"; the
            // reason goes between the two.
            let reason = why
                .as_ref()
                .map(|w| crate::rejection::say_wrong_claim(w, l))
                .map(|r| {
                    // A clause after the colon: its first letter small.
                    let r = r.trim_end_matches('.');
                    let mut cs = r.chars();
                    cs.next()
                        .map(|c| c.to_lowercase().chain(cs).collect::<String>())
                        .unwrap_or_default()
                });
            match (agreed, t.split_once(". "), reason) {
                (true, Some((rejected, _)), None) => rejected.to_string(),
                (true, Some((rejected, _)), Some(r)) => format!("{rejected}: {r}"),
                (false, Some((rejected, goes_on)), Some(r)) => {
                    format!("{rejected}: {r}. {goes_on}")
                }
                (_, None, Some(r)) => format!("{t}: {r}"),
                _ => t,
            }
        }
        Kind::QuickplayClaimed { side, increment } => {
            let claim = if *increment {
                Said::IncrementRequested(*side)
            } else {
                Said::DrawClaimed {
                    side: *side,
                    reason: words::DrawReason::Quickplay,
                }
            };
            format!("{}. {}", said(lex, claim), said(lex, Said::ArbiterDecides))
        }
        Kind::Paused => words::prompt(&Prompt::Paused, lex),
        Kind::Resumed => words::prompt(&Prompt::Resumed, lex),
        Kind::ArbiterCalled { side } => {
            crate::lobby_words::arbiter_called(lex.language(), *side).to_string()
        }
        Kind::CallEnded { end } => crate::lobby_words::call_ended(lex.language(), *end).to_string(),
        Kind::LexiconChosen { .. } => words::prompt(&Prompt::LexiconChosen, lex),
        Kind::AppendixD { said } => crate::appendix_d_words::say(said, l),
        Kind::EngineFailed { side, error } => match l {
            Ru => format!(
                "Программа за {} не отвечает ({error}). Партия остановлена",
                side_genitive_ru(*side)
            ),
            De => format!(
                "Das Programm für {} antwortet nicht ({error}). Die Partie ist angehalten",
                side_name(l, *side)
            ),
            En => format!(
                "The engine playing {} failed ({error}). The game is paused",
                side_name(l, *side)
            ),
        },
        Kind::Touched { .. } | Kind::Adjusted { .. } | Kind::TouchMoveClaim { .. } => {
            touch_text(lex, kind)
        }
        Kind::GameOver {
            result,
            termination,
            flagged,
            ..
        } => game_over_text(lex, *result, *termination, *flagged),
    }
}

/// The sentences of Art. 4, from the words crate.
fn touch_text(lex: Lexicon, kind: &Kind) -> String {
    match kind {
        Kind::Touched {
            side,
            square,
            man,
            obligation,
        } => {
            let t = touch_words::touched(lex, *side, square, *man);
            match obligation {
                Some(o) => format!(
                    "{t}. {}",
                    touch_words::obligation(lex, *side, &o.duty, o.article)
                ),
                None => t,
            }
        }
        Kind::Adjusted {
            side,
            square,
            breach_of,
        } => touch_words::adjusted(lex, *side, square, *breach_of),
        Kind::TouchMoveClaim {
            side,
            article,
            obligation: Some(o),
            ..
        } => touch_words::claim_upheld(lex, *side, &o.duty, o.article, article),
        Kind::TouchMoveClaim { side, article, .. } => {
            touch_words::claim_rejected(lex, *side, article)
        }
        _ => String::new(),
    }
}

fn penalty_text(lex: Lexicon, side: Side, penalty: Penalised, ms: Option<i64>) -> String {
    let secs = |ms: i64| (ms.unsigned_abs() / 1000) as u32;
    let l = lex.language();
    // An arbiter's action that is none of the Laws' kinds is said by its name.
    let kind = match penalty {
        Penalised::Laws(kind) => kind,
        Penalised::Action(action) => {
            return format!(
                "{}: {}",
                side_name(l, side),
                action_key(action).replace('_', " ")
            );
        }
    };
    let added = |to: Side, ms: i64| {
        said(
            lex,
            Said::TimeAdded {
                side: to,
                seconds: secs(ms),
            },
        )
    };
    let named = |text: String| format!("{}. {text}", capitalised(penalty::name(kind, l)));
    match (kind, ms) {
        // Time given to the opponent of the offender (7.5.5, 9.5).
        (PenaltyKind::IllegalMove | PenaltyKind::IncorrectClaim, Some(ms)) => {
            added(side.other(), ms)
        }
        (PenaltyKind::AddTime, Some(ms)) => added(side, ms),
        // A quickplay decision (G-III): the claim's fate, then the time and
        // whose clock it goes to (the receiver is `side` when postponed,
        // the claimant's opponent otherwise).
        (PenaltyKind::QuickplayPostponedTime, Some(ms)) => named(added(side, ms)),
        (PenaltyKind::QuickplayRejected | PenaltyKind::QuickplayIncrement, Some(ms)) => {
            named(added(side.other(), ms))
        }
        (_, Some(ms)) => said(
            lex,
            Said::Penalty {
                side,
                seconds: secs(ms),
            },
        ),
        (_, None) => format!("{}: {}", side_name(l, side), penalty::name(kind, l)),
    }
}

/// The first letter in capitals, as a sentence begins.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// 6.9: the flag fell, but the opponent cannot checkmate by any series of
/// legal moves, so the game is drawn; the player hears whose flag and why.
fn cannot_mate(l: SpokenLang, flagged: Side) -> String {
    let other = flagged.other();
    match l {
        SpokenLang::Ru => format!("{} не могут поставить мат", side_name(l, other)),
        SpokenLang::De => format!("{} kann nicht mattsetzen", side_name(l, other)),
        SpokenLang::En => format!("{} cannot checkmate", side_name(l, other)),
    }
}

fn game_over_text(
    lex: Lexicon,
    r: GameResult,
    termination: Termination,
    flagged: Option<Side>,
) -> String {
    let winner = match r {
        GameResult::WhiteWins => Some(Side::White),
        GameResult::BlackWins => Some(Side::Black),
        _ => None,
    };
    let why = match (termination, winner) {
        (Termination::Checkmate, Some(w)) => Some(Said::Checkmate { winner: w }),
        (Termination::Stalemate, _) => Some(Said::Stalemate),
        (Termination::TimeForfeit, Some(w)) => Some(Said::FlagFell(w.other())),
        (Termination::TimeForfeit, None) => flagged.map(Said::FlagFell),
        (Termination::Resignation, Some(w)) => Some(Said::Resigned(w.other())),
        (Termination::Agreement, _) => Some(Said::DrawAccepted),
        (Termination::ThreefoldClaim | Termination::FiftyMovesClaim, _) => Some(Said::ClaimUpheld),
        _ => None,
    };
    // Every other ending (a dead position, the fivefold repetition, the
    // 75-move rule, a flag against a side that cannot mate …) is said by
    // its name: a player by ear learns why the game ended, not only how.
    let named = why
        .is_none()
        .then(|| capitalised(rejection::termination_words(termination, lex.language())));
    let result = match r {
        GameResult::WhiteWins => Some(words::GameResult::WhiteWins),
        GameResult::BlackWins => Some(words::GameResult::BlackWins),
        GameResult::Draw => Some(words::GameResult::Draw),
        _ => None,
    };
    // The vocabulary's mate, stalemate and upheld claim end in who won or
    // "Draw", which the result says next: only their first sentence is
    // said here, so that no one hears "Black wins. Result: Black wins" or "Draw. Result: draw".
    let said_once = |a: Said| {
        let t = said(lex, a);
        match (a, t.split_once(". ")) {
            (Said::Checkmate { .. } | Said::Stalemate | Said::ClaimUpheld, Some((first, _))) => {
                first.to_string()
            }
            _ => t,
        }
    };
    // A mate is said by the mating move itself ("… checkmate", the check word
    // of FIDE Laws Appendix D), just before: the ending says the result only,
    // so "checkmate" is heard once.
    let mut parts: Vec<String> = why
        .into_iter()
        .filter(|a| !matches!(a, Said::Checkmate { .. }))
        .map(said_once)
        .collect();
    parts.extend(named);
    if let (GameResult::Draw, Termination::TimeForfeit, Some(side)) = (r, termination, flagged) {
        parts.push(cannot_mate(lex.language(), side));
    }
    match result {
        Some(res) => parts.push(said(lex, Said::Result(res))),
        None => parts.push(format!(
            "{result_text} ({termination})",
            result_text = r.as_str(),
            termination = termination.as_str()
        )),
    }
    parts.join(". ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A measure without time (12.9) is said in the player's words, never
    /// as the key the log writes (`declare_lost`, `warning`).
    #[test]
    fn measures_without_time_are_said_in_words() {
        for (lex, white) in [
            (Lexicon::En, "White"),
            (Lexicon::Ru, "Белые"),
            (Lexicon::FideDe, "Weiß"),
        ] {
            for k in PenaltyKind::ALL {
                let t = text(
                    lex,
                    &Kind::Penalty {
                        side: Side::White,
                        penalty: k.into(),
                        ms: None,
                    },
                );
                assert!(t.starts_with(white), "{t}");
                assert!(!t.contains('_'), "{t}");
                if lex != Lexicon::En {
                    assert!(!t.contains(k.key()), "{lex:?}: {t}");
                }
            }
        }
    }

    /// An arbiter's action that is one of the Laws' penalty kinds is said
    /// as that kind; any other is said by its name. Either serialises as
    /// the key the log writes, and the game's end as the report's strings.
    #[test]
    fn typed_penalties_and_endings_serialise_as_their_keys() {
        let warning = Penalised::of_action(ActionKind::Warning);
        assert_eq!(warning, Penalised::Laws(PenaltyKind::Warning));
        let hands = Penalised::of_action(ActionKind::TwoHands);
        assert_eq!(hands, Penalised::Action(ActionKind::TwoHands));
        let said = |penalty| {
            let kind = Kind::Penalty {
                side: Side::White,
                penalty,
                ms: None,
            };
            (
                text(Lexicon::En, &kind),
                serde_json::to_string(&kind).unwrap(),
            )
        };
        let (t, json) = said(hands);
        assert_eq!(t, "White: two hands");
        assert_eq!(
            json,
            r#"{"kind":"penalty","side":"white","penalty":"two_hands","ms":null}"#
        );
        let (t, json) = said(warning);
        assert!(!t.contains('_') && t.starts_with("White"), "{t}");
        assert!(json.contains(r#""penalty":"warning""#), "{json}");
        let over = Kind::GameOver {
            result: GameResult::BlackWins,
            termination: Termination::TimeForfeit,
            at: 5,
            flagged: None,
        };
        assert_eq!(
            serde_json::to_string(&over).unwrap(),
            r#"{"kind":"game_over","result":"0-1","termination":"time_forfeit","at":5}"#
        );
    }

    /// G-III: a rejected quickplay claim gives the claimant's opponent the
    /// time, and the sentence says so (not that the claimant loses it).
    #[test]
    fn a_quickplay_rejection_says_who_gets_the_time() {
        let t = text(
            Lexicon::En,
            &Kind::Penalty {
                side: Side::White,
                penalty: PenaltyKind::QuickplayRejected.into(),
                ms: Some(120_000),
            },
        );
        assert!(t.contains("rejected") && t.contains("Black"), "{t}");
        assert!(!t.contains("loses"), "{t}");
    }

    /// A game that ends by a rule and not by a player (5.2.2, 9.6) is said
    /// with the rule, in every language.
    #[test]
    fn an_ending_by_rule_is_said_with_the_rule() {
        for (lex, rule) in [
            (Lexicon::En, "Dead position"),
            (Lexicon::Ru, "Мёртвая позиция"),
            (Lexicon::FideDe, "Tote Stellung"),
        ] {
            let t = text(
                lex,
                &Kind::GameOver {
                    result: GameResult::Draw,
                    termination: Termination::DeadPosition,
                    at: 0,
                    flagged: None,
                },
            );
            assert!(t.starts_with(rule), "{t}");
        }
        let t = text(
            Lexicon::En,
            &Kind::GameOver {
                result: GameResult::Draw,
                termination: Termination::SeventyFiveMoves,
                at: 0,
                flagged: None,
            },
        );
        assert!(t.contains("75"), "{t}");
    }

    #[test]
    fn russian_alarm_agrees_with_its_number() {
        let ru = Lexicon::Ru;
        assert_eq!(
            low_time_text(ru, Side::Black, 50_000),
            "У чёрных осталось пятьдесят секунд"
        );
        assert_eq!(
            low_time_text(ru, Side::White, 60_000),
            "У белых осталась одна минута"
        );
        assert_eq!(
            low_time_text(ru, Side::White, 21_000),
            "У белых осталась двадцать одна секунда"
        );
        assert_eq!(
            low_time_text(ru, Side::White, 3_600_000),
            "У белых остался один час"
        );
        assert_eq!(
            low_time_text(ru, Side::Black, 120_000),
            "У чёрных осталось две минуты"
        );
    }

    #[test]
    fn english_alarm() {
        assert_eq!(
            low_time_text(Lexicon::En, Side::Black, 50_000),
            "Black: 50 seconds left"
        );
    }

    /// The Russian words of 1, 2, 5, 11, 21, 22, 25 with each unit, written
    /// out by hand (feminine for минута and секунда, masculine for час), and
    /// the agreeing form of a short participle: masculine or feminine
    /// singular with 1 and 21, plural with 2–4 and 22–24, neuter with 5–20
    /// and 25.
    const RU_COUNTS: [(u64, &str, &str, &str, usize); 7] = [
        (1, "один час", "одна минута", "одна секунда", 0),
        (2, "два часа", "две минуты", "две секунды", 2),
        (5, "пять часов", "пять минут", "пять секунд", 3),
        (
            11,
            "одиннадцать часов",
            "одиннадцать минут",
            "одиннадцать секунд",
            3,
        ),
        (
            21,
            "двадцать один час",
            "двадцать одна минута",
            "двадцать одна секунда",
            0,
        ),
        (
            22,
            "двадцать два часа",
            "двадцать две минуты",
            "двадцать две секунды",
            2,
        ),
        (
            25,
            "двадцать пять часов",
            "двадцать пять минут",
            "двадцать пять секунд",
            3,
        ),
    ];

    fn penalty(kind: &str, side: Side, ms: i64) -> Kind {
        Kind::Penalty {
            side,
            penalty: kind.parse::<PenaltyKind>().unwrap().into(),
            ms: Some(ms),
        }
    }

    #[test]
    fn russian_time_sentences_agree_with_every_plural_form() {
        let ru = Lexicon::Ru;
        for (n, hours, minutes, seconds, form) in RU_COUNTS {
            // Hours only up to 23: a day is said in hours by no clock.
            let units = [
                (3_600_000, hours, true),
                (60_000, minutes, false),
                (1000, seconds, false),
            ];
            for (unit_ms, words, masculine) in units {
                if unit_ms == 3_600_000 && n > 23 {
                    continue;
                }
                let ms = n * unit_ms;
                let pick = |f: [&'static str; 4]| match (form, masculine) {
                    (0, true) => f[0],
                    (0, false) => f[1],
                    (i, _) => f[i],
                };
                let added = pick(["добавлен", "добавлена", "добавлены", "добавлено"]);
                assert_eq!(
                    text(ru, &penalty("add_time", Side::Black, ms as i64)),
                    format!("Чёрным {added} {words}")
                );
                let taken = pick(["снят", "снята", "сняты", "снято"]);
                assert_eq!(
                    text(ru, &penalty("deduct_time", Side::White, ms as i64)),
                    format!("Штраф: у белых {taken} {words}")
                );
                // «Осталось» keeps the neuter with 2–4 (a verb of being with
                // a measure of time).
                let left = ["остался", "осталась", "осталось", "осталось"];
                let left = match (form, masculine) {
                    (0, true) => left[0],
                    (0, false) => left[1],
                    _ => left[2],
                };
                assert_eq!(
                    low_time_text(ru, Side::White, ms),
                    format!("У белых {left} {words}")
                );
            }
        }
        // A compound time agrees with the first number said.
        assert_eq!(
            text(ru, &penalty("add_time", Side::Black, 90_000)),
            "Чёрным добавлена одна минута тридцать секунд"
        );
    }

    #[test]
    fn german_deduction_is_singular_only_for_exactly_one_unit() {
        let de = Lexicon::FideDe;
        let cases = [
            (1000, "Strafe: Weiß wird eine Sekunde abgezogen"),
            (60_000, "Strafe: Weiß wird eine Minute abgezogen"),
            (2000, "Strafe: Weiß werden 2 Sekunden abgezogen"),
            (
                90_000,
                "Strafe: Weiß werden eine Minute 30 Sekunden abgezogen",
            ),
        ];
        for (ms, said) in cases {
            assert_eq!(text(de, &penalty("deduct_time", Side::White, ms)), said);
        }
        assert_eq!(
            text(de, &penalty("add_time", Side::Black, 60_000)),
            "Schwarz erhält eine Minute zusätzlich"
        );
    }
}
