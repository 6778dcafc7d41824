//! What a session says: typed announcements with their text in the chosen
//! lexicon's language. The words come from `arbiter-notation` (moves, the
//! arbiter's announcements, numbers with their agreement); this module only
//! adds the sentences a live game needs besides them.

use arbiter_laws::GameResult;
use arbiter_notation::announce::{self as words, Announcement as Said, Prompt};
use arbiter_notation::clock::{Numerals, RuPlural, Unit, duration_with, ru_plural};
use arbiter_notation::{Lexicon, SpokenLang};
use arbiter_rules::Side;
use serde::Serialize;

/// Why an input was refused. A refusal changes nothing and is never logged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", content = "detail", rename_all = "snake_case")]
pub enum Refusal {
    /// The clock has not been started yet.
    NotStarted,
    /// The game is over.
    GameOver,
    /// It is the other side's move.
    NotYourMove { to_move: Side },
    /// Text that is no move, or fits several legal moves.
    Unreadable(String),
    /// A move the rules forbid, refused without penalty: the software is the board.
    Illegal(String),
    /// A press without a move where the software is the board.
    PressWithoutMove,
    /// The Laws refuse the event (a claim out of turn, accepting no offer…).
    Laws(String),
}

/// The kind of an announcement, for front ends that act on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Kind {
    /// The clock started; `side`'s clock runs.
    Started { side: Side },
    /// A move was played (and completed): the text is the move in words.
    Move { side: Side, san: String },
    /// An input was refused.
    Refused { refusal: Refusal },
    /// A low-time alarm threshold was reached while `side` was thinking.
    LowTime { side: Side, threshold_ms: u64 },
    /// An illegal move was completed (Art. 7): the `count`th by `side`.
    IllegalMove { side: Side, count: u32 },
    /// A penalty or time correction the Laws recorded.
    Penalty {
        side: Side,
        penalty: String,
        ms: Option<i64>,
    },
    /// A draw offer was made.
    DrawOffered { side: Side },
    /// The open offer was declined.
    DrawDeclined { side: Side },
    /// The clocks were stopped (6.11) or restarted.
    Paused,
    /// The clocks run again.
    Resumed,
    /// An engine failed; the game is paused until the arbiter resumes it.
    EngineFailed { side: Side, error: String },
    /// The game ended.
    GameOver {
        result: String,
        termination: String,
        at: u64,
    },
}

/// One thing to print and speak, stamped with the game time it concerns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Announcement {
    /// Milliseconds since the clock was started (0 before it was).
    pub at: u64,
    #[serde(flatten)]
    pub kind: Kind,
    /// The sentence, in the session's language.
    pub text: String,
}

fn side_name(l: SpokenLang, s: Side) -> &'static str {
    match (l, s) {
        (SpokenLang::Ru, Side::White) => "Белые",
        (SpokenLang::Ru, Side::Black) => "Чёрные",
        (SpokenLang::De, Side::White) => "Weiß",
        (SpokenLang::De, Side::Black) => "Schwarz",
        (SpokenLang::En, Side::White) => "White",
        (SpokenLang::En, Side::Black) => "Black",
    }
}

/// "Black: 50 seconds left" / «У чёрных осталось пятьдесят секунд». The
/// Russian verb agrees with the first number said: «осталась одна минута»,
/// «остался один час», «осталось две минуты».
pub fn low_time_text(lex: Lexicon, side: Side, ms: u64) -> String {
    let l = lex.language();
    let time = duration_with(l, ms, Numerals::Words);
    match l {
        SpokenLang::Ru => {
            let total = ms / 1000;
            let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
            let (n, unit) = match (h, m) {
                (h, _) if h > 0 => (h, Unit::Hour),
                (_, m) if m > 0 => (m, Unit::Minute),
                _ => (s, Unit::Second),
            };
            let verb = match (ru_plural(n), unit) {
                (RuPlural::One, Unit::Hour) => "остался",
                (RuPlural::One, _) => "осталась",
                _ => "осталось",
            };
            let whose = match side {
                Side::White => "белых",
                Side::Black => "чёрных",
            };
            format!("У {whose} {verb} {time}")
        }
        SpokenLang::De => format!("{}: noch {time}", side_name(l, side)),
        SpokenLang::En => format!("{}: {time} left", side_name(l, side)),
    }
}

/// The sentence for a refusal.
pub fn refusal_text(lex: Lexicon, r: &Refusal) -> String {
    use SpokenLang::*;
    let l = lex.language();
    match (r, l) {
        (Refusal::NotStarted, Ru) => "Часы ещё не запущены".into(),
        (Refusal::NotStarted, De) => "Die Uhr läuft noch nicht".into(),
        (Refusal::NotStarted, En) => "The clock has not been started".into(),
        (Refusal::GameOver, Ru) => "Партия окончена".into(),
        (Refusal::GameOver, De) => "Die Partie ist beendet".into(),
        (Refusal::GameOver, En) => "The game is over".into(),
        (Refusal::NotYourMove { to_move }, Ru) => {
            format!("Сейчас ход: {}", side_name(l, *to_move).to_lowercase())
        }
        (Refusal::NotYourMove { to_move }, De) => format!("{} ist am Zug", side_name(l, *to_move)),
        (Refusal::NotYourMove { to_move }, En) => {
            format!("It is {}'s move", side_name(l, *to_move))
        }
        (Refusal::Unreadable(d), Ru) => format!("Ход не понят: {d}"),
        (Refusal::Unreadable(d), De) => format!("Zug nicht verstanden: {d}"),
        (Refusal::Unreadable(d), En) => format!("Move not understood: {d}"),
        (Refusal::Illegal(d), Ru) => format!("Невозможный ход, без штрафа: {d}"),
        (Refusal::Illegal(d), De) => format!("Regelwidriger Zug, ohne Strafe: {d}"),
        (Refusal::Illegal(d), En) => format!("Illegal move, no penalty: {d}"),
        (Refusal::PressWithoutMove, Ru) => "Сначала введите ход".into(),
        (Refusal::PressWithoutMove, De) => "Bitte zuerst einen Zug eingeben".into(),
        (Refusal::PressWithoutMove, En) => "Type a move first".into(),
        (Refusal::Laws(d), Ru) => format!("Отклонено: {d}"),
        (Refusal::Laws(d), De) => format!("Abgelehnt: {d}"),
        (Refusal::Laws(d), En) => format!("Refused: {d}"),
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
        Kind::Refused { refusal } => refusal_text(lex, refusal),
        Kind::LowTime { side, threshold_ms } => low_time_text(lex, *side, *threshold_ms),
        Kind::IllegalMove { side, count } => said(
            lex,
            Said::IllegalMove {
                side: *side,
                count: *count,
            },
        ),
        Kind::Penalty { side, penalty, ms } => penalty_text(lex, *side, penalty, *ms),
        Kind::DrawOffered { side } => said(lex, Said::DrawOffered(*side)),
        Kind::DrawDeclined { side } => said(lex, Said::DrawDeclined(*side)),
        Kind::Paused => words::prompt(&Prompt::Paused, lex),
        Kind::Resumed => words::prompt(&Prompt::Resumed, lex),
        Kind::EngineFailed { side, error } => match l {
            Ru => format!(
                "Программа за {} не отвечает ({error}). Партия остановлена",
                side_gen(*side)
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
        Kind::GameOver {
            result,
            termination,
            ..
        } => game_over_text(lex, result, termination),
    }
}

fn side_gen(s: Side) -> &'static str {
    match s {
        Side::White => "белых",
        Side::Black => "чёрных",
    }
}

fn penalty_text(lex: Lexicon, side: Side, penalty: &str, ms: Option<i64>) -> String {
    let secs = |ms: i64| (ms.unsigned_abs() / 1000) as u32;
    match (penalty, ms) {
        // Time given to the opponent of the offender (7.5.5, 9.5).
        ("illegal_move" | "incorrect_claim", Some(ms)) => said(
            lex,
            Said::TimeAdded {
                side: side.other(),
                seconds: secs(ms),
            },
        ),
        ("add_time", Some(ms)) => said(
            lex,
            Said::TimeAdded {
                side,
                seconds: secs(ms),
            },
        ),
        (_, Some(ms)) => said(
            lex,
            Said::Penalty {
                side,
                seconds: secs(ms),
            },
        ),
        (other, None) => {
            let l = lex.language();
            let who = side_name(l, side);
            match l {
                SpokenLang::Ru => format!("{who}: {other}"),
                _ => format!("{who}: {}", other.replace('_', " ")),
            }
        }
    }
}

fn game_over_text(lex: Lexicon, result: &str, termination: &str) -> String {
    let r = GameResult::parse(result).unwrap_or(GameResult::Ongoing);
    let winner = match r {
        GameResult::WhiteWins => Some(Side::White),
        GameResult::BlackWins => Some(Side::Black),
        _ => None,
    };
    let why = match (termination, winner) {
        ("checkmate", Some(w)) => Some(Said::Checkmate { winner: w }),
        ("stalemate", _) => Some(Said::Stalemate),
        ("time_forfeit", Some(w)) => Some(Said::FlagFell(w.other())),
        ("resignation", Some(w)) => Some(Said::Resigned(w.other())),
        ("agreement", _) => Some(Said::DrawAccepted),
        ("threefold_claim" | "fifty_moves_claim", _) => Some(Said::ClaimUpheld),
        _ => None,
    };
    let result = match r {
        GameResult::WhiteWins => Some(words::GameResult::WhiteWins),
        GameResult::BlackWins => Some(words::GameResult::BlackWins),
        GameResult::Draw => Some(words::GameResult::Draw),
        _ => None,
    };
    let mut parts: Vec<String> = why.into_iter().map(|a| said(lex, a)).collect();
    match result {
        Some(res) => parts.push(said(lex, Said::Result(res))),
        None => parts.push(format!(
            "{result_text} ({termination})",
            result_text = r.as_str()
        )),
    }
    parts.join(". ")
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
