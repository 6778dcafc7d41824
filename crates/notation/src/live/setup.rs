//! The set-up said before play: the game, its time control, the Laws that
//! govern it and its regime in words, who plays which colour, and how to
//! start and get help. Every front end says the same set-up for the same
//! game, so a blind player hears at the start what a sighted one reads off
//! the board and the clock.

use crate::{DescribeTimeControl, Lang};
use arbiter_clock::TimeControl;
use arbiter_rules::{Edition, Regime, Side};

/// Who plays one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person; the name, when one is known.
    Human(Option<String>),
    /// An engine, its name, strength and time per move.
    Engine {
        /// The engine's name.
        name: String,
        /// Its strength.
        level: u8,
        /// Its time per move.
        movetime_ms: u64,
    },
}

/// Which front end says the set-up: it decides how play starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// `arbiter play`: the software is the board; a move is typed.
    Play,
    /// `arbiter clock`: a clock beside a board; Black's press starts it.
    Clock,
}

pub(crate) fn pick(l: Lang, en: String, ru: String, de: String) -> String {
    match l {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    }
}

/// The game's name: the variant played, whatever rules govern it (a
/// Tavreli game may be played under a FIDE edition).
fn game_name(l: Lang, variant: arbiter_rules::Variant) -> &'static str {
    match (variant, l) {
        (arbiter_rules::Variant::Tavreli, Lang::Ru) => "Таврели",
        (arbiter_rules::Variant::Tavreli, _) => "Tavreli",
        (_, Lang::Ru) => "Шахматы",
        (_, Lang::De) => "Schach",
        (_, Lang::En) => "Chess",
    }
}

/// The rules that govern the game, in words: the FIDE Laws of a year, or
/// the Tavreli tournament rules.
pub fn edition_words(l: Lang, edition: Edition) -> String {
    let year = edition.key();
    match (edition, l) {
        (Edition::Tavreli, Lang::En) => "federation tournament rules".into(),
        (Edition::Tavreli, Lang::Ru) => "турнирные правила федерации".into(),
        (Edition::Tavreli, Lang::De) => "Turnierregeln des Verbands".into(),
        (_, Lang::En) => format!("FIDE Laws of Chess, {year} edition"),
        (_, Lang::Ru) => format!("правила ФИДЕ {year} года"),
        (_, Lang::De) => format!("FIDE-Schachregeln, Fassung {year}"),
    }
}

/// The regime (Appendices A and B) in words.
pub fn regime_words(l: Lang, regime: Regime) -> &'static str {
    match (regime, l) {
        (Regime::Standard, Lang::En) => "standard play",
        (Regime::Rapid, Lang::En) => "rapid",
        (Regime::Blitz, Lang::En) => "blitz",
        (Regime::Standard, Lang::Ru) => "классические шахматы",
        (Regime::Rapid, Lang::Ru) => "быстрые шахматы",
        (Regime::Blitz, Lang::Ru) => "блиц",
        (Regime::Standard, Lang::De) => "Standardpartie",
        (Regime::Rapid, Lang::De) => "Schnellschach",
        (Regime::Blitz, Lang::De) => "Blitzschach",
    }
}

/// "You play White against Stockfish (level 10, 1000 ms a move)." and the
/// like: who plays which colour.
pub fn players_text(l: Lang, players: &[Player; 2]) -> String {
    use Player::*;
    let engine = |name: &str, level: u8, ms: u64| {
        pick(
            l,
            format!("{name} (level {level}, {ms} ms a move)"),
            format!("{name} (уровень {level}, {ms} мс на ход)"),
            format!("{name} (Stufe {level}, {ms} ms pro Zug)"),
        )
    };
    match players {
        [Human(None), Human(None)] => pick(
            l,
            "White and Black both play at this keyboard.".into(),
            "Белые и чёрные играют за одной клавиатурой.".into(),
            "Weiß und Schwarz spielen an einer Tastatur.".into(),
        ),
        [
            Engine {
                name,
                level,
                movetime_ms,
            },
            Engine { .. },
        ] => {
            let e = engine(name, *level, *movetime_ms);
            pick(
                l,
                format!("{e} plays both sides."),
                format!("{e} играет за обе стороны."),
                format!("{e} spielt beide Seiten."),
            )
        }
        [
            Human(None),
            Engine {
                name,
                level,
                movetime_ms,
            },
        ] => {
            let e = engine(name, *level, *movetime_ms);
            pick(
                l,
                format!("You play White against {e}."),
                format!("Вы играете белыми против {e}."),
                format!("Sie spielen Weiß gegen {e}."),
            )
        }
        [
            Engine {
                name,
                level,
                movetime_ms,
            },
            Human(None),
        ] => {
            let e = engine(name, *level, *movetime_ms);
            pick(
                l,
                format!("You play Black against {e}."),
                format!("Вы играете чёрными против {e}."),
                format!("Sie spielen Schwarz gegen {e}."),
            )
        }
        [w, b] => {
            let name = |p: &Player, side: Side| match p {
                Human(Some(n)) => n.clone(),
                Engine {
                    name,
                    level,
                    movetime_ms,
                } => engine(name, *level, *movetime_ms),
                Human(None) => crate::sides::side_name(l, side).to_string(),
            };
            let (w, b) = (name(w, Side::White), name(b, Side::Black));
            pick(
                l,
                format!("White: {w}, Black: {b}."),
                format!("Белые: {w}, чёрные: {b}."),
                format!("Weiß: {w}, Schwarz: {b}."),
            )
        }
    }
}

/// How play starts and how to get help.
fn start_text(l: Lang, front: Front) -> String {
    let s = match (front, l) {
        (Front::Play, Lang::En) => "Type a move, or help.",
        (Front::Play, Lang::Ru) => "Введите ход или «помощь».",
        (Front::Play, Lang::De) => "Zug eingeben, oder hilfe.",
        (Front::Clock, Lang::En) => {
            "The clock starts when Black presses (b) or on start. Type h for help."
        }
        (Front::Clock, Lang::Ru) => "Часы пускает нажатие чёрных (b) или start. Помощь: h.",
        (Front::Clock, Lang::De) => {
            "Die Uhr startet, wenn Schwarz drückt (b), oder mit start. Hilfe: h."
        }
    };
    s.to_string()
}

/// The time control as written and in words: "900+10 (15 min per game,
/// 10 s increment per move)"; "no time control" without one.
fn control_text(l: Lang, control: Option<&str>) -> String {
    let Some(text) = control else {
        return TimeControl::Untimed.describe(l);
    };
    match text.parse::<TimeControl>() {
        Ok(tc) => format!("{tc} ({})", tc.describe(l)),
        Err(_) => text.to_string(),
    }
}

/// What the set-up says of the game itself: the variant, the time control
/// as the header writes it, the rules that govern it and its regime (none
/// for rules without regimes, such as the Tavreli rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game<'a> {
    /// The variant played.
    pub variant: arbiter_rules::Variant,
    /// The time control as the header writes it (`900+10`), if any.
    pub control: Option<&'a str>,
    /// The rules that govern the game.
    pub edition: Edition,
    /// The regime (Appendices A and B), when the rules have regimes.
    pub regime: Option<Regime>,
}

/// The set-up in `l`: "Chess, 900+10 (…), FIDE Laws of Chess, 2023
/// edition, rapid. You play White against Stockfish (…). Type a move, or
/// help."
pub fn setup_text(l: Lang, game: Game<'_>, players: &[Player; 2], front: Front) -> String {
    let name = game_name(l, game.variant);
    let control = control_text(l, game.control);
    let rules = edition_words(l, game.edition);
    let regime = match game.regime {
        Some(r) => format!(", {}", regime_words(l, r)),
        None => String::new(),
    };
    // Over the board nobody plays at the keyboard: unnamed players are
    // simply White and Black, and need no sentence.
    let who = match (front, players) {
        (Front::Clock, [Player::Human(None), Player::Human(None)]) => String::new(),
        _ => format!("{} ", players_text(l, players)),
    };
    let start = start_text(l, front);
    format!("{name}, {control}, {rules}{regime}. {who}{start}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tavreli_is_named_for_its_own_rules_not_the_fide_laws() {
        for l in [Lang::En, Lang::Ru, Lang::De] {
            let t = edition_words(l, Edition::Tavreli);
            assert!(!t.contains("FIDE") && !t.contains("ФИДЕ"), "{t}");
            assert!(!t.contains("tavreli"), "{t}");
        }
        assert_eq!(
            edition_words(Lang::Ru, Edition::E2017),
            "правила ФИДЕ 2017 года"
        );
    }

    #[test]
    fn who_plays_which_colour_is_said() {
        let sf = Player::Engine {
            name: "Stockfish".into(),
            level: 3,
            movetime_ms: 500,
        };
        assert_eq!(
            players_text(Lang::Ru, &[Player::Human(None), sf.clone()]),
            "Вы играете белыми против Stockfish (уровень 3, 500 мс на ход)."
        );
        assert_eq!(
            players_text(Lang::De, &[sf, Player::Human(None)]),
            "Sie spielen Schwarz gegen Stockfish (Stufe 3, 500 ms pro Zug)."
        );
        assert_eq!(
            players_text(
                Lang::En,
                &[
                    Player::Human(Some("Ann".into())),
                    Player::Human(Some("Bob".into()))
                ]
            ),
            "White: Ann, Black: Bob."
        );
    }
}
