//! `arbiter-uci`: an async client for chess engines that speak UCI (the
//! Universal Chess Interface), such as Stockfish.
//!
//! An [`Engine`] is a child process driven over its stdin and stdout on
//! tokio. It is made for a live game, where an engine must never stall the
//! hall: every wait has a deadline, an engine that exits yields
//! [`EngineError::Crashed`], one that does not answer a search yields
//! [`EngineError::Hung`] (after `stop` was tried) and is killed, and lines of
//! output are cut at 16 KiB so an engine printing without end cannot grow
//! memory. Positions and moves are checked with shakmaty before they are
//! sent, so an engine is never asked about an illegal position.
//!
//! Strength comes from UCI options: [`EngineConfig::level`] maps a level
//! 1..=20 onto Stockfish's `Skill Level` (see [`skill_level`]), and
//! [`EngineConfig::elo`] sets `UCI_LimitStrength` and `UCI_Elo`.
//!
//! # The protocol subset used
//!
//! | we send | we expect |
//! |---|---|
//! | `uci` | `id name …`, `id author …`, `option name … type …` lines, then `uciok` |
//! | `setoption name N [value V]` | nothing (checked first against the declared options) |
//! | `isready` | `readyok` |
//! | `ucinewgame` | nothing (followed by `isready`) |
//! | `position startpos\|fen F [moves m1 m2 …]` | nothing |
//! | `go movetime MS` | `info … depth D … score cp X\|mate N … pv …` lines, then `bestmove M [ponder P]` or `bestmove (none)` |
//! | `stop` (only past the deadline) | `bestmove …` |
//! | `quit` | the process exits |
//!
//! Other lines (`info string`, `copyprotection`, unknown tokens) are
//! ignored, as the protocol asks. Pondering, `searchmoves`, clocks in `go`
//! (`wtime`/`btime`) and MultiPV are not used: the game's own clock decides
//! how long the engine may think and passes it as `movetime`.
//!
//! # Example
//!
//! ```no_run
//! use arbiter_uci::{Engine, EngineConfig};
//! use std::time::Duration;
//!
//! # async fn demo() -> Result<(), arbiter_uci::EngineError> {
//! let config = EngineConfig::stockfish()
//!     .level(5)?
//!     .option("Threads", "1")
//!     .option("Hash", "16");
//! let mut engine = Engine::spawn(config).await?;
//! let moves = vec!["e2e4".to_string(), "e7e5".to_string()];
//! let best = engine.best_move(None, &moves, Duration::from_millis(50)).await?;
//! println!("{} plays {} (score {:?})", engine.name().unwrap_or("?"), best.mv, best.score);
//! engine.quit().await?;
//! # Ok(())
//! # }
//! ```

mod config;
mod engine;
mod error;
mod line;
mod proto;

pub use config::{DEFAULT_ENGINE_PATH, EngineConfig, skill_level};
pub use engine::{BestMove, Engine};
pub use error::EngineError;
pub use proto::{EngineOption, OptionKind, Score};
pub use shakmaty::uci::UciMove;
