//! The FIDE Laws of Chess as a pure fold over a game's event log.
//!
//! No I/O and no wall clock: time arrives inside the events (`at`, in
//! milliseconds since White's clock was started). A game is its log
//! ([`log`]); its state is [`Game`], a fold over the events. The rules of
//! the game being played sit behind [`RuleSet`]: standard chess is the
//! `arbiter-chess` crate, over shakmaty, and Tavreli is `arbiter-tavreli`.
//! This crate depends on neither.

pub mod audit;
pub mod event;
pub mod game;
pub mod log;
pub mod outcome;
pub mod provisions;
pub mod repetition;
pub mod replay;
pub mod ruleset;
pub mod timing;
pub mod writer;

pub use arbiter_rules::{Edition, Regime, Side, Supervision};
pub use event::{ActionKind, ArbiterAction, ClaimKind, Event, TimedEvent};
pub use game::{Game, GameConfig, Penalty, Ply, PlyMove};
pub use outcome::{GameResult, Outcome, Scoring, Termination};
pub use provisions::Provisions;
pub use ruleset::{Mateability, MoveInput, RuleSet, Status};
