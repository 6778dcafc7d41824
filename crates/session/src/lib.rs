//! `arbiter-session`: the one place where a live game runs.
//!
//! A [`Session`] joins the Laws fold ([`arbiter_laws::Game`]: every decision
//! of the Laws is made there, none here), the event-log writer
//! ([`arbiter_laws::writer`]), announcements in words
//! ([`arbiter_notation`]) and the live clock: it takes inputs (moves in any
//! notation, presses, offers, claims, resignations, pauses, arbiter actions)
//! and the passing of time, and gives back the state (the report of
//! `arbiter replay --json`), typed announcements with their text, and the
//! log lines to append. The [`Driver`] runs a session in real time over
//! `arbiter-clock-live`'s monotonic clock, wakes when an alarm or a flag is
//! due, and lets [`Opponent`]s play.
//!
//! ```
//! use arbiter_chess::Chess;
//! use arbiter_laws::log::Header;
//! use arbiter_notation::Lexicon;
//! use arbiter_session::{Input, Mode, Session, SessionConfig};
//!
//! let config = SessionConfig {
//!     header: Header::new("Anna", "Boris", Some("60+0")),
//!     mode: Mode::Online,
//!     lexicon: Lexicon::Ru,
//!     alarms_ms: [vec![30_000], vec![30_000]],
//! };
//! let mut s = Session::new(Chess::default(), config).unwrap();
//! s.handle(0, Input::Start);
//! let out = s.handle(1_500, Input::Move { side: None, text: "Кf3".into() });
//! assert_eq!(out.events[0].at, 1_500);
//! assert!(out.log[0].contains("\"move\":\"Nf3\""));
//! // Nobody presses: Black's alarm fires at its threshold, 30 s before the flag.
//! assert_eq!(s.next_wake(), Some(1_500 + 30_000));
//! let out = s.poll(31_500);
//! assert_eq!(out.announcements[0].text, "У чёрных осталось тридцать секунд");
//! ```

pub mod any;
pub mod assistant;
pub mod driver;
pub mod follow;
pub mod lag;
pub mod opponent;
pub mod query;
pub mod session;
mod setup_text;
pub mod time;
pub mod uci_opponent;
pub mod variant;

// The session's words live in the words crate; their types keep their
// paths here, so a front end names them as the session's own.
pub use arbiter_notation::live::said as spoken;
pub use arbiter_notation::live::{announce, claim_words, move_words, refusal, setup};
pub use arbiter_notation::tavreli::reasons::help as tavreli_help;

pub use announce::{Announcement, Kind, Obliged, Penalised};
pub use any::{Defaults, RulesJob, with_rules, with_variant};
pub use assistant::Assistant;
pub use driver::{Driver, Halt, Look, Order, Outlet, Request};
pub use follow::{FollowError, Follower, pgn_of};
pub use lag::{LagQuota, LagQuotas};
pub use move_words::MoveWords;
pub use opponent::{
    ClockView, Opponent, OpponentError, OpponentMove, OpponentRequest, TavreliOpponent,
};
pub use query::Cmd;
pub use refusal::{LawsRefusal, Misread, Refusal};
pub use session::{Input, Mode, Output, Session, SessionConfig};
pub use setup::{Front, Player};
pub use spoken::Said;
pub use time::{BoxFuture, LiveTime, ManualTime, TimeSource};
pub use uci_opponent::UciOpponent;
pub use variant::{Reading, Variant};

// What a front end needs of the Laws, reached through the session: the
// log's reading and writing, its events and the state it folds to.
pub use arbiter_laws::log::{Header, parse_event, parse_header};
pub use arbiter_laws::replay::Report;
pub use arbiter_laws::writer;
pub use arbiter_laws::{ActionKind, ArbiterAction, Event, TimedEvent};
pub use arbiter_rules::{Edition, Regime, Side, Supervision};

// The rule sets a front end starts a game with.
pub use arbiter_chess::Chess;
pub use arbiter_tavreli::default_time_control as tavreli_default_time_control;

/// The Laws, for the front ends that reach them only through the session.
pub use arbiter_laws as laws;
/// The Tavreli rule set and its words, for the page's Tavreli words.
pub use arbiter_tavreli as tavreli;
