//! The FIDE Laws of Chess as a pure fold over a game's event log.
//!
//! No I/O and no wall clock: time arrives inside the events (`at`, in
//! milliseconds since White's clock was started). A game is its log
//! ([`log`]); its state is [`Game`], a fold over the events. The rules of
//! the game being played sit behind [`RuleSet`]: standard chess is the
//! `arbiter-chess` crate, over shakmaty, and Tavreli is `arbiter-tavreli`.
//! This crate depends on neither.
//!
//! Replaying a log needs a rule set; reading one does not. The header alone
//! says which Laws judge the game, from the one table ([`Provisions`]):
//!
//! ```
//! use arbiter_laws::log::parse_log;
//! use arbiter_laws::replay::config_from_header;
//! use arbiter_laws::{Edition, Regime};
//!
//! let text = r#"{"format":"arbiter-log","version":1,"edition":"2017","time_control":"900","supervision":"reduced"}
//! {"at":1000,"type":"resign","side":"white"}
//! "#;
//! let log = parse_log(text).unwrap();
//! assert_eq!(log.header.edition, Edition::E2017);
//! let (config, _clock) = config_from_header(&log.header).unwrap();
//! // 15 minutes is rapid (A.1); reduced supervision: a flag counts on a claim (A.4.5).
//! assert_eq!(config.provisions.regime, Regime::Rapid);
//! assert!(!config.provisions.flag_called_automatically());
//! assert_eq!(log.lines.len(), 1);
//! ```

#![warn(missing_docs)]

pub mod appendix_d;
pub mod audit;
pub mod event;
pub mod game;
pub mod header_error;
pub mod log;
pub mod outcome;
pub mod provisions;
pub mod repetition;
pub mod replay;
pub mod ruleset;
pub mod timing;
pub mod touch;
pub mod writer;

pub use arbiter_rules::{Edition, PenaltyKind, Regime, Side, Supervision, Variant};
pub use event::{ActionKind, ArbiterAction, ClaimKind, Event, TimedEvent};
pub use game::{Game, GameConfig, Penalty, PendingClaim, Ply, PlyMove};
pub use header_error::HeaderError;
pub use outcome::{GameResult, Outcome, Scoring, Termination};
pub use provisions::Provisions;
pub use ruleset::{Mateability, MoveInput, MoveSquares, RuleSet, Status, TouchRole, TouchedMan};
