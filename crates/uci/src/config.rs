//! How an engine is started and how strong it plays.

use crate::error::{EngineError, quote};
use crate::proto::{EngineOption, OptionKind};
use std::path::PathBuf;
use std::time::Duration;

/// Where Debian's `stockfish` package installs the engine.
pub const DEFAULT_ENGINE_PATH: &str = "/usr/games/stockfish";

/// How to start an engine and what to set before the first game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// The engine program.
    pub path: PathBuf,
    /// Arguments for the program (Stockfish needs none).
    pub args: Vec<String>,
    /// UCI options set in this order after the handshake, as
    /// `(name, value)`. Each must be declared by the engine and its value
    /// must fit the declaration, or [`crate::Engine::spawn`] fails. A button
    /// option takes an empty value.
    pub options: Vec<(String, String)>,
    /// How long to wait for `uciok`, and for each `readyok`. Stockfish loads
    /// its network before `readyok`, which takes a moment on a busy machine.
    pub handshake_timeout: Duration,
    /// How long past the move time an engine may take before it is sent
    /// `stop`. Engines overrun their move time by a few milliseconds
    /// routinely, and a loaded machine stretches that.
    pub grace: Duration,
    /// How long after `stop` the engine has to answer with `bestmove`
    /// before it is killed as hung.
    pub stop_wait: Duration,
}

impl EngineConfig {
    /// A configuration for the program at `path`, with no options and
    /// default timeouts (handshake 10 s, grace 1 s, stop wait 1 s).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        EngineConfig {
            path: path.into(),
            args: Vec::new(),
            options: Vec::new(),
            handshake_timeout: Duration::from_secs(10),
            grace: Duration::from_secs(1),
            stop_wait: Duration::from_secs(1),
        }
    }

    /// Stockfish at [`DEFAULT_ENGINE_PATH`].
    pub fn stockfish() -> Self {
        EngineConfig::new(DEFAULT_ENGINE_PATH)
    }

    /// Adds an option to set after the handshake.
    pub fn option(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.options.push((name.into(), value.into()));
        self
    }

    /// Sets `Skill Level` from a strength level 1..=20 (see [`skill_level`]).
    pub fn level(self, level: u8) -> Result<Self, EngineError> {
        let skill = skill_level(level).ok_or(EngineError::InvalidLevel { level })?;
        Ok(self.option("Skill Level", skill.to_string()))
    }

    /// Limits the engine to a rating: `UCI_LimitStrength` `true` and
    /// `UCI_Elo` `elo`. Stockfish 15.1 accepts 1350..=2850; a value outside
    /// the range the engine declares makes [`crate::Engine::spawn`] fail
    /// rather than silently play at another strength.
    pub fn elo(self, elo: u32) -> Self {
        self.option("UCI_LimitStrength", "true")
            .option("UCI_Elo", elo.to_string())
    }
}

/// Maps a strength level 1..=20 onto Stockfish's `Skill Level` 0..=20;
/// `None` outside 1..=20.
///
/// The 20 levels are spread evenly over the 21 skill values, rounded to the
/// nearest: level 1 is skill 0 (the weakest Stockfish plays) and level 20 is
/// skill 20 (full strength), each level is strictly stronger than the one
/// below, and only skill 10 is not used (levels 10 and 11 are skills 9 and
/// 11). So the ends of the scale mean what a player expects, and no two
/// levels play alike.
pub fn skill_level(level: u8) -> Option<u8> {
    if !(1..=20).contains(&level) {
        return None;
    }
    let step = u32::from(level - 1);
    // round(step * 20 / 19) in integers.
    u8::try_from((step * 20 + 19 / 2) / 19).ok()
}

/// Checks that a name and a value can be sent on one `setoption` line and
/// fit what the engine declared; returns the declaration.
pub(crate) fn check_option<'a>(
    declared: &'a [EngineOption],
    name: &str,
    value: &str,
) -> Result<&'a EngineOption, EngineError> {
    let option = declared
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| EngineError::UnknownOption { name: name.into() })?;
    let bad = |expected: String| EngineError::InvalidOptionValue {
        name: option.name.clone(),
        value: quote(value),
        expected,
    };
    // A line break would end the command early and smuggle in another.
    if value.contains(['\n', '\r']) {
        return Err(bad("a value on one line".into()));
    }
    match &option.kind {
        OptionKind::Check => {
            if value != "true" && value != "false" {
                return Err(bad("`true` or `false`".into()));
            }
        }
        OptionKind::Spin { min, max } => match value.trim().parse::<i64>() {
            Ok(n) if (*min..=*max).contains(&n) => {}
            _ => return Err(bad(format!("an integer in {min}..={max}"))),
        },
        OptionKind::Combo { vars } => {
            if !vars.iter().any(|v| v.eq_ignore_ascii_case(value.trim())) {
                return Err(bad(format!("one of {}", quote(&vars.join(", ")))));
            }
        }
        OptionKind::Button | OptionKind::String => {}
    }
    Ok(option)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_span_the_whole_skill_range() {
        assert_eq!(skill_level(1), Some(0));
        assert_eq!(skill_level(20), Some(20));
        assert_eq!(skill_level(10), Some(9));
        assert_eq!(skill_level(11), Some(11));
    }

    #[test]
    fn each_level_is_stronger_than_the_one_below() {
        let skills: Vec<u8> = (1..=20).filter_map(skill_level).collect();
        assert_eq!(skills.len(), 20);
        assert!(skills.windows(2).all(|w| w[0] < w[1]), "{skills:?}");
        assert!(skills.iter().all(|&s| s <= 20));
    }

    #[test]
    fn levels_outside_the_scale_are_refused() {
        assert_eq!(skill_level(0), None);
        assert_eq!(skill_level(21), None);
        assert!(matches!(
            EngineConfig::stockfish().level(0),
            Err(EngineError::InvalidLevel { level: 0 })
        ));
    }

    fn declared() -> Vec<EngineOption> {
        vec![
            EngineOption {
                name: "Skill Level".into(),
                kind: OptionKind::Spin { min: 0, max: 20 },
                default: Some("20".into()),
            },
            EngineOption {
                name: "UCI_LimitStrength".into(),
                kind: OptionKind::Check,
                default: Some("false".into()),
            },
            EngineOption {
                name: "EvalFile".into(),
                kind: OptionKind::String,
                default: None,
            },
        ]
    }

    #[test]
    fn option_values_are_checked_against_the_declaration() {
        let d = declared();
        assert!(check_option(&d, "skill level", "0").is_ok());
        assert!(check_option(&d, "UCI_LimitStrength", "true").is_ok());
        assert!(matches!(
            check_option(&d, "Skill Level", "21"),
            Err(EngineError::InvalidOptionValue { .. })
        ));
        assert!(matches!(
            check_option(&d, "UCI_LimitStrength", "yes"),
            Err(EngineError::InvalidOptionValue { .. })
        ));
        assert!(matches!(
            check_option(&d, "Skil Level", "3"),
            Err(EngineError::UnknownOption { .. })
        ));
        assert!(matches!(
            check_option(&d, "EvalFile", "a\nquit"),
            Err(EngineError::InvalidOptionValue { .. })
        ));
    }
}
