//! The one place that chooses code by the variant a game is played in.
//!
//! Everything else (the terminal game, the replay, the audit, the hall, the
//! page) is written once, generic over [`crate::Variant`], and hands the
//! work to [`with_rules`] or [`with_variant`] as a [`RulesJob`]: this module
//! builds the variant's rule set and runs the job with it. What a variant
//! brings beyond its rules — the defaults of a new game, its engine — is
//! answered here too, from [`defaults`] and [`engine`]. A third variant is
//! one more arm in each `match` of this module and one more
//! `impl Variant`; nothing outside changes.

use crate::opponent::{Opponent, TavreliOpponent};
use crate::uci_opponent::UciOpponent;
use crate::variant::Variant;
use arbiter_chess::Chess;
use arbiter_laws::log::Header;
use arbiter_rules::Variant as Key;
use arbiter_tavreli::Tavreli;
use std::fmt;
use std::ops::RangeInclusive;
use std::path::Path;
use std::time::Duration;

/// Work done with a variant's rule set, written once for every variant.
pub trait RulesJob {
    /// What the work gives.
    type Output;
    /// Does the work with the rule set the game is played under.
    fn run<R: Variant>(self, rules: R) -> Self::Output;
}

/// Runs `job` with the rule set `header` names, with the settings the
/// header gives it (Tavreli's fifty-move rule may be switched off).
pub fn with_rules<J: RulesJob>(header: &Header, job: J) -> J::Output {
    match header.variant {
        Key::Chess => job.run(Chess::default()),
        Key::Tavreli => {
            let mut rules = Tavreli::default();
            if let Some(on) = header.fifty_move_rule {
                rules.fifty_move_rule = on;
            }
            job.run(rules)
        }
    }
}

/// Runs `job` with `variant`'s rule set as it is by default.
pub fn with_variant<J: RulesJob>(variant: Key, job: J) -> J::Output {
    match variant {
        Key::Chess => job.run(Chess::default()),
        Key::Tavreli => job.run(Tavreli::default()),
    }
}

/// Refuses a new game whose start cannot be played: a position the
/// variant cannot read, or one the Laws have already ended
/// ([`arbiter_laws::replay::playable_start`]).
pub fn playable_start(header: &Header) -> Result<(), Unplayable> {
    struct Start<'a>(&'a Header);
    impl RulesJob for Start<'_> {
        type Output = Result<(), Unplayable>;
        fn run<R: Variant>(self, rules: R) -> Result<(), Unplayable> {
            let game = arbiter_laws::replay::new_game(rules, self.0)
                .map_err(|e| Unplayable(e.to_string()))?;
            arbiter_laws::replay::playable_start(&game).map_err(|e| Unplayable(e.to_string()))
        }
    }
    with_rules(header, Start(header))
}

/// Why a new game cannot be played from its header: the Laws' reason, in
/// their English words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable(pub String);

impl fmt::Display for Unplayable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unplayable {}

/// Why an engine seat's engine could not be started.
#[derive(Debug)]
pub enum EngineStart {
    /// The level cannot be given to the engine.
    Level(arbiter_uci::EngineError),
    /// The program did not start, or did not speak UCI.
    Program {
        /// The program asked for.
        path: std::path::PathBuf,
        /// What went wrong.
        error: arbiter_uci::EngineError,
    },
}

impl fmt::Display for EngineStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineStart::Level(e) => write!(f, "{e}"),
            EngineStart::Program { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for EngineStart {}

/// The engine's time per move when none is asked for, in ms, in `arbiter
/// play` and in the hall alike.
pub const ENGINE_MOVETIME_MS: u64 = 1000;

/// What a new game of a variant is when nothing else is asked for, and
/// the engine levels it has: the one table `arbiter play` and `POST
/// /api/games` both read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defaults {
    /// The variant these are the defaults of.
    pub variant: Key,
    /// The time control (PGN `TimeControl` syntax with the delay
    /// extension).
    pub time_control: &'static str,
    /// The engine's levels: Stockfish's Skill Level for chess, the built-in
    /// engine's depth for Tavreli.
    pub levels: RangeInclusive<u8>,
    /// The engine's level when none is asked for.
    pub level: u8,
    /// The engine's time per move when none is asked for, in ms.
    pub movetime_ms: u64,
    /// The name an engine seat is given when it has none.
    pub engine_name: &'static str,
    /// Whether the start position is written in FEN (so that a refused
    /// start is explained as a FEN).
    pub start_is_fen: bool,
}

/// The defaults of `variant`. Chess: fifteen minutes and ten seconds a
/// move, Stockfish at level 10 of 1–20. Tavreli: its tournament rules' own
/// control, the built-in engine at level 4 of 1–6.
pub fn defaults(variant: Key) -> Defaults {
    match variant {
        Key::Chess => Defaults {
            variant,
            time_control: "900+10",
            levels: 1..=20,
            level: 10,
            movetime_ms: ENGINE_MOVETIME_MS,
            engine_name: "Stockfish",
            start_is_fen: true,
        },
        Key::Tavreli => Defaults {
            variant,
            time_control: arbiter_tavreli::default_time_control(),
            levels: 1..=6,
            level: 4,
            movetime_ms: ENGINE_MOVETIME_MS,
            engine_name: "arbiter",
            start_is_fen: false,
        },
    }
}

/// An engine level outside the variant's range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelOutOfRange {
    /// The level asked for.
    pub level: u8,
    /// The variant.
    pub variant: Key,
    /// The levels it has.
    pub levels: RangeInclusive<u8>,
}

impl fmt::Display for LevelOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level {} is not one of {}'s engine levels, {} to {}",
            self.level,
            self.variant,
            self.levels.start(),
            self.levels.end()
        )
    }
}

impl std::error::Error for LevelOutOfRange {}

impl Defaults {
    /// The level asked for, or the default; refused when outside the range.
    pub fn level(&self, asked: Option<u8>) -> Result<u8, LevelOutOfRange> {
        let level = asked.unwrap_or(self.level);
        if self.levels.contains(&level) {
            Ok(level)
        } else {
            Err(LevelOutOfRange {
                level,
                variant: self.variant,
                levels: self.levels.clone(),
            })
        }
    }
}

/// An engine seat: how strong, how fast, and (chess) which UCI program.
#[derive(Clone, Copy, Debug)]
pub struct EngineSeat<'a> {
    /// The level, within the variant's [`Defaults::levels`].
    pub level: u8,
    /// The time per move, in ms.
    pub movetime_ms: u64,
    /// The UCI engine for chess; `None` is Stockfish where Debian puts it.
    pub program: Option<&'a Path>,
}

/// Starts the engine of a seat, before the game, so that a missing engine
/// is said at once and not on its first move: the opponent and the name it
/// gives itself.
pub async fn engine(
    variant: Key,
    seat: EngineSeat<'_>,
) -> Result<(Box<dyn Opponent>, String), EngineStart> {
    match variant {
        Key::Chess => {
            let path = seat
                .program
                .unwrap_or(Path::new(arbiter_uci::DEFAULT_ENGINE_PATH));
            let config = arbiter_uci::EngineConfig::new(path)
                .level(seat.level)
                .map_err(EngineStart::Level)?;
            let o = UciOpponent::spawn(config, Duration::from_millis(seat.movetime_ms))
                .await
                .map_err(|error| EngineStart::Program {
                    path: path.to_path_buf(),
                    error,
                })?;
            let name = o.name().await.unwrap_or_else(|| "the engine".into());
            Ok((Box::new(o), name))
        }
        Key::Tavreli => Ok((
            Box::new(TavreliOpponent::new(seat.level, seat.movetime_ms)),
            "arbiter Tavreli".into(),
        )),
    }
}

/// The engine of a hall's seat, started when it is first asked for a move
/// (a hall starts many games and must not wait on each engine here).
pub fn hall_engine(
    variant: Key,
    level: u8,
    movetime_ms: u64,
) -> Result<Box<dyn Opponent>, crate::OpponentError> {
    let levels = defaults(variant).levels;
    let level = level.clamp(*levels.start(), *levels.end());
    match variant {
        Key::Chess => UciOpponent::stockfish(level, movetime_ms).map(|o| Box::new(o) as _),
        Key::Tavreli => Ok(Box::new(TavreliOpponent::new(level, movetime_ms))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The variant each job is run with, read back from the rule set.
    struct Which;
    impl RulesJob for Which {
        type Output = Key;
        fn run<R: Variant>(self, rules: R) -> Key {
            rules.variant()
        }
    }

    #[test]
    fn each_variant_runs_with_its_own_rules() {
        for v in Key::ALL {
            assert_eq!(with_variant(v, Which), v);
            let mut h = Header::new("A", "B", None);
            h.variant = v;
            assert_eq!(with_rules(&h, Which), v);
        }
    }

    #[test]
    fn the_default_level_is_within_the_range_and_the_range_is_enforced() {
        for v in Key::ALL {
            let d = defaults(v);
            assert_eq!(d.variant, v);
            assert!(d.levels.contains(&d.level), "{v}");
            assert_eq!(d.level(None), Ok(d.level));
            assert_eq!(d.level(Some(*d.levels.end())), Ok(*d.levels.end()));
            let over = d.level(Some(d.levels.end() + 1)).unwrap_err();
            assert!(
                over.to_string()
                    .contains(&format!("1 to {}", d.levels.end()))
            );
            assert!(d.level(Some(0)).is_err());
            assert!(d.time_control.parse::<arbiter_clock::TimeControl>().is_ok());
        }
        assert_ne!(defaults(Key::Chess).levels, defaults(Key::Tavreli).levels);
    }
}
