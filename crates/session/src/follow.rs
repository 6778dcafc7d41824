//! A stored game read back, for any variant: a session fed with the events
//! of its log as they stand, so that a reader of a game nobody runs here
//! sees the state `arbiter replay --json` prints, its PGN, and hears the
//! same announcements the game's own session made.

use crate::announce::Kind;
use crate::session::{Mode, Output, Session, SessionConfig};
use crate::variant::Variant;
use arbiter_chess::pgn::{pgn_date, write_pgn_dated};
use arbiter_laws::TimedEvent;
use arbiter_laws::header_error::HeaderError;
use arbiter_laws::log::Header;
use arbiter_laws::replay::{self, Report};
use arbiter_notation::Lexicon;
use std::fmt;

/// The game as PGN, as `arbiter replay --pgn` writes it, dated with the UTC
/// day of `created_at_ms` (a log carries no date).
pub fn pgn_of<R: Variant>(session: &Session<R>, created_at_ms: i64) -> String {
    let header = session.header();
    let w = header.white.as_deref().unwrap_or("?");
    let b = header.black.as_deref().unwrap_or("?");
    let tc = header.time_control.as_deref();
    let date = pgn_date(created_at_ms);
    write_pgn_dated(session.game(), w, b, tc, Some(&date))
}

/// What a follower needs of a session, whatever its variant.
trait Followed: Send {
    fn follow(&mut self, ev: &TimedEvent) -> Output;
    fn state(&self) -> Report;
    fn pgn(&self, created_at_ms: i64) -> String;
    fn playable_start(&self) -> Result<(), HeaderError>;
}

impl<R: Variant> Followed for Session<R> {
    fn follow(&mut self, ev: &TimedEvent) -> Output {
        Session::follow(self, ev)
    }
    fn state(&self) -> Report {
        Session::state(self)
    }
    fn pgn(&self, created_at_ms: i64) -> String {
        pgn_of(self, created_at_ms)
    }
    fn playable_start(&self) -> Result<(), HeaderError> {
        replay::playable_start(self.game())
    }
}

/// Why a stored game cannot be read back.
#[derive(Debug)]
pub enum FollowError {
    /// The header names a variant no rule set plays.
    UnknownVariant(String),
    /// The header describes no game the Laws can set up.
    Header(HeaderError),
}

impl From<HeaderError> for FollowError {
    fn from(e: HeaderError) -> FollowError {
        FollowError::Header(e)
    }
}

impl fmt::Display for FollowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FollowError::UnknownVariant(v) => write!(f, "unknown variant {v:?}"),
            FollowError::Header(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FollowError {}

/// A session opened on no event yet, with the rules its header names.
struct Open(SessionConfig);

impl crate::any::RulesJob for Open {
    type Output = Result<Box<dyn Followed>, FollowError>;
    fn run<R: Variant>(self, rules: R) -> Self::Output {
        Ok(Box::new(Session::resume(rules, self.0, &[])?))
    }
}

/// A stored game, followed event by event.
pub struct Follower {
    session: Box<dyn Followed>,
}

impl Follower {
    /// An empty game as `header` describes it, as `arbiter replay` reads it.
    pub fn new(header: &Header) -> Result<Follower, FollowError> {
        let config = SessionConfig {
            header: header.clone(),
            mode: Mode::Online,
            lexicon: Lexicon::En,
            alarms_ms: [Vec::new(), Vec::new()],
        };
        let session = crate::any::with_rules(header, Open(config))?;
        Ok(Follower { session })
    }

    /// Gives the next event of the log to the game; what it made the game
    /// say (nothing for an event the Laws reject: it changes nothing, in
    /// replay as here). Refusals are not said: they are for the one who
    /// acted, and a stored event was not refused.
    pub fn follow(&mut self, ev: &TimedEvent) -> Output {
        let mut out = self.session.follow(ev);
        out.announcements
            .retain(|a| !matches!(a.kind, Kind::Refused { .. }));
        out
    }

    /// The state: what `arbiter replay --json` prints for the log so far.
    pub fn state(&self) -> Report {
        self.session.state()
    }

    /// Refuses a new game from a start the Laws have already ended (mate,
    /// stalemate, a dead position, the 75-move rule): no move could be
    /// made from it ([`replay::playable_start`]).
    pub fn playable_start(&self) -> Result<(), HeaderError> {
        self.session.playable_start()
    }

    /// The game as PGN ([`pgn_of`]).
    pub fn pgn(&self, created_at_ms: i64) -> String {
        self.session.pgn(created_at_ms)
    }
}
