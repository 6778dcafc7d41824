//! The hall's storage: a game is its event log (`docs/event-log.md`), kept
//! in SQLite (one machine, the default) or PostgreSQL (several instances).
//!
//! One [`Store`] type serves both; every operation gives the same answer on
//! either. What the store guarantees:
//!
//! * **Appends are serialised per game and durable before they return.**
//!   [`Store::append`] numbers events 1, 2, 3 … without gaps or duplicates,
//!   even with many tasks and many instances appending to one game at once,
//!   and returns only after the commit (SQLite: WAL with `synchronous=FULL`;
//!   PostgreSQL: its commit). An acknowledged event survives `kill -9`.
//!   Appends arriving together (from many games) share one transaction, a
//!   group commit: one fsync for all of them, and each caller is answered
//!   only once that commit is done.
//! * **The log comes back byte for byte.** The header line and each event
//!   line are stored as given; [`GameLog::to_jsonl`] rebuilds the document
//!   `arbiter replay` reads. The header is kept in the games row, not as an
//!   event with seq 0.
//! * **Tokens are never stored.** Only their SHA-256; [`Store::verify_token`]
//!   compares in constant time.
//! * **One instance runs a game's clock.** Leases ([`Store::try_acquire`],
//!   [`Store::renew`], [`Store::release`], [`Store::claimable_games`]) are
//!   timed by the database's clock, so instances on different machines agree
//!   on when a lease has run out. The caller renews.
//! * **Commits are announced.** [`Store::subscribe`] delivers
//!   [`Notice::Appended`] after each commit: on PostgreSQL through
//!   `LISTEN/NOTIFY` from every instance, on SQLite from this process.
//!
//! # Example
//!
//! ```no_run
//! use arbiter_store::{GameMeta, NewGame, Notice, Seat, Store, Token};
//!
//! # async fn demo() -> Result<(), arbiter_store::StoreError> {
//! let store = Store::connect("sqlite://hall/arbiter.sqlite").await?;
//! let white = Token::generate()?;
//! let id = store
//!     .create_game(&NewGame {
//!         meta: GameMeta { variant: arbiter_rules::Variant::Chess, ..GameMeta::default() },
//!         header_line: r#"{"format":"arbiter-log","version":1}"#.into(),
//!         white_token: Some(white.clone()),
//!         ..NewGame::default()
//!     })
//!     .await?;
//! let mut notices = store.subscribe();
//! let seq = store
//!     .append(&id, r#"{"at":0,"type":"move","side":"white","move":"e4","press":true}"#, Some(1))
//!     .await?;
//! assert_eq!(seq, 1);
//! assert_eq!(notices.recv().await, Some(Notice::Appended { game_id: id.clone(), seq: 1 }));
//! assert_eq!(store.verify_token(&id, white.as_str()).await?, Some(Seat::White));
//! print!("{}", store.log(&id).await?.to_jsonl());
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

mod challenges;
mod common;
mod error;
mod migrate;
mod postgres;
mod sqlite;
mod token;
mod tournaments;
mod types;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use arbiter_rules::Side;
use sqlx::postgres::PgConnectOptions;
use tokio::sync::{broadcast, mpsc, oneshot};

use common::{AppendReq, BATCH_MAX};

pub use challenges::{
    Acceptance, Accepted, ChallengeColour, ChallengeId, ChallengeRecord, NewChallenge,
    RematchRecord,
};
pub use error::StoreError;
pub use token::{Token, short_digest};
pub use tournaments::{TournamentId, TournamentRecord, TournamentSeat};
pub use types::{
    GameId, GameLog, GameMeta, GameRecord, GameSettings, Interruption, Kind, NewGame, Notice, Seat,
    SeatKind, Status, StoredEvent,
};

/// Notices buffered per subscriber before it is told to resync.
const NOTICE_BUFFER: usize = 4096;

/// A connection to the hall's database: SQLite or PostgreSQL behind one
/// interface. Cheap to clone; clones share the pool.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    backend: Arc<Backend>,
    notices: broadcast::Sender<Notice>,
    /// The appends waiting for the writer task's next group commit.
    appends: mpsc::Sender<Pending>,
    /// Which database this is ([`Store::identity`]).
    identity: String,
}

/// An append waiting for its commit, and where its answer goes.
struct Pending {
    req: AppendReq,
    reply: oneshot::Sender<Result<u64, StoreError>>,
}

/// Appends queued before callers wait for room: a few batches' worth.
const APPEND_QUEUE: usize = 4 * BATCH_MAX;

enum Backend {
    Sqlite(sqlite::SqliteStore),
    Postgres(postgres::PgStore),
}

/// Calls the same method on whichever backend the store uses.
macro_rules! dispatch {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match &*$self.inner.backend {
            Backend::Sqlite(b) => b.$method($($arg),*).await,
            Backend::Postgres(b) => b.$method($($arg),*).await,
        }
    };
}

impl Store {
    /// Opens the database named by `url` and brings its schema up to date.
    ///
    /// * `sqlite://PATH` or `sqlite:PATH`: that file, created with its
    ///   directories if missing (a `?query` after the path is ignored; the
    ///   path is not percent-decoded, use [`Store::connect_sqlite`] for
    ///   unusual paths);
    /// * `sqlite::memory:`: a private in-memory database (for tests);
    /// * `postgres://…` or `postgresql://…`: PostgreSQL, with sqlx's URL
    ///   parameters, e.g. `?options=-c%20search_path%3Dhall` to use the
    ///   schema `hall`.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        let mut store = Store::connect_url(url).await?;
        if let Some(inner) = Arc::get_mut(&mut store.inner) {
            inner.identity = identity_of(url);
        }
        Ok(store)
    }

    /// Which database this store opened: a digest of its URL without its
    /// password, so that an instance's default id can name its database
    /// without revealing how to log into it. Empty for a store opened
    /// otherwise than by [`Store::connect`].
    pub fn identity(&self) -> &str {
        &self.inner.identity
    }

    async fn connect_url(url: &str) -> Result<Store, StoreError> {
        if url == "sqlite::memory:" || url == "sqlite://:memory:" {
            return Store::open_sqlite(None).await;
        }
        if let Some(rest) = url.strip_prefix("sqlite:") {
            let rest = rest.strip_prefix("//").unwrap_or(rest);
            let path = rest.split_once('?').map_or(rest, |(p, _)| p);
            if path.is_empty() {
                return Err(StoreError::InvalidUrl("sqlite:// needs a file path".into()));
            }
            return Store::open_sqlite(Some(Path::new(path))).await;
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            // The parse error never quotes the URL, which may hold a password.
            let options = PgConnectOptions::from_str(url).map_err(|e| {
                StoreError::InvalidUrl(format!("cannot read the PostgreSQL URL: {e}"))
            })?;
            let (sender, _) = broadcast::channel(NOTICE_BUFFER);
            let backend = postgres::PgStore::open(options, sender.clone()).await?;
            return Ok(Store::new(Backend::Postgres(backend), sender));
        }
        let scheme = url.split_once(':').map_or("(none)", |(s, _)| s);
        Err(StoreError::InvalidUrl(format!(
            "expected sqlite://PATH or postgres://…, not the scheme {:?}",
            error::cut(scheme)
        )))
    }

    /// Opens (creating if missing) the SQLite database in the file `path`.
    pub async fn connect_sqlite(path: &Path) -> Result<Store, StoreError> {
        Store::open_sqlite(Some(path)).await
    }

    async fn open_sqlite(path: Option<&Path>) -> Result<Store, StoreError> {
        let (sender, _) = broadcast::channel(NOTICE_BUFFER);
        let backend = sqlite::SqliteStore::open(path, sender.clone()).await?;
        Ok(Store::new(Backend::Sqlite(backend), sender))
    }

    fn new(backend: Backend, notices: broadcast::Sender<Notice>) -> Store {
        let backend = Arc::new(backend);
        let (appends, queue) = mpsc::channel(APPEND_QUEUE);
        // The writer ends when the last clone of this store is dropped (the
        // queue closes) and keeps the backend alive until then.
        tokio::spawn(write_loop(backend.clone(), queue));
        Store {
            inner: Arc::new(Inner {
                backend,
                notices,
                appends,
                identity: String::new(),
            }),
        }
    }

    /// `"sqlite"` or `"postgres"`, for logs.
    pub fn backend_name(&self) -> &'static str {
        match *self.inner.backend {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }

    /// Closes the pool, waiting for running operations; later operations on
    /// this store (and its clones) fail.
    pub async fn close(&self) {
        dispatch!(self.close())
    }

    /// Stores a new live game and returns its fresh random id. The header
    /// line must be one JSON object on one line (it is not otherwise
    /// checked: the session validates it). Tokens are stored as hashes.
    pub async fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        dispatch!(self.create_game(game, None))
    }

    /// Stores a new live game already leased to `instance_id` for `lease`,
    /// in the same statement: no other instance's claim pass can take the
    /// game between its creation and its creator's first lease.
    pub async fn create_game_leased(
        &self,
        game: &NewGame,
        instance_id: &str,
        lease: Duration,
    ) -> Result<GameId, StoreError> {
        dispatch!(self.create_game(game, Some((instance_id, lease))))
    }

    /// Appends one event line to a game's log in a transaction, and returns
    /// its seq once committed.
    ///
    /// `expected_seq`: `Some(n)` appends only if the event gets seq `n`
    /// (that is, the log ends at `n - 1`), else [`StoreError::Conflict`]
    /// and nothing is written; `None` appends whatever the seq.
    /// The line must be one JSON object without a line break, at most
    /// 64 KiB ([`StoreError::InvalidInput`]). Unknown id: `NotFound`.
    ///
    /// The append joins the next group commit: whatever other appends are
    /// waiting (any game, up to 256) are written in the same transaction,
    /// each numbered and checked on its own; one refused append does not
    /// refuse the others.
    pub async fn append(
        &self,
        game_id: &GameId,
        event_line: &str,
        expected_seq: Option<u64>,
    ) -> Result<u64, StoreError> {
        common::check_line(event_line, "event")?;
        let (reply, answer) = oneshot::channel();
        let req = AppendReq {
            id: game_id.clone(),
            line: event_line.to_owned(),
            expected: expected_seq,
        };
        let closed = || StoreError::Database(sqlx::Error::PoolClosed);
        self.inner
            .appends
            .send(Pending { req, reply })
            .await
            .map_err(|_| closed())?;
        answer.await.map_err(|_| closed())?
    }

    /// A game's row: metadata, status, last seq and lease.
    pub async fn game(&self, game_id: &GameId) -> Result<GameRecord, StoreError> {
        dispatch!(self.game(game_id))
    }

    /// The whole log: the header and every event in seq order.
    pub async fn log(&self, game_id: &GameId) -> Result<GameLog, StoreError> {
        dispatch!(self.log(game_id))
    }

    /// The events with seq greater than `after`, in order, at most
    /// [`EVENTS_PAGE`] of them (a page): a reader far behind calls again
    /// after the last seq it got, until the answer is empty. Unknown id:
    /// `NotFound`.
    pub async fn events_since(
        &self,
        game_id: &GameId,
        after: u64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        dispatch!(self.events_since(game_id, after))
    }

    /// Marks a game live or finished.
    pub async fn set_status(&self, game_id: &GameId, status: Status) -> Result<(), StoreError> {
        dispatch!(self.set_status(game_id, status))
    }

    /// The games with this status (all games for `None`), oldest first.
    pub async fn list(&self, status: Option<Status>) -> Result<Vec<GameRecord>, StoreError> {
        dispatch!(self.list(status))
    }

    /// The seat `token` belongs to in this game, or `None` if it is none of
    /// this game's tokens (a token of another game included). Unknown game:
    /// `NotFound`. Compared in constant time.
    pub async fn verify_token(
        &self,
        game_id: &GameId,
        token: &str,
    ) -> Result<Option<Seat>, StoreError> {
        dispatch!(self.verify_token(game_id, token))
    }

    /// Takes the game's clock lease for `lease` (at most a day) if nobody
    /// holds it, its lease has run out, or `instance_id` already holds it.
    /// `true` when this instance now holds it.
    pub async fn try_acquire(
        &self,
        game_id: &GameId,
        instance_id: &str,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        dispatch!(self.try_acquire(game_id, instance_id, lease))
    }

    /// Extends the lease to `lease` from now if `instance_id` still holds it
    /// (even if it ran out, provided nobody took it). `false`: another
    /// instance has taken the game; stop running its clock.
    pub async fn renew(
        &self,
        game_id: &GameId,
        instance_id: &str,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        dispatch!(self.renew(game_id, instance_id, lease))
    }

    /// Extends, in one statement per 500 games (in id order, so it never
    /// deadlocks with appends), the lease of every game `instance_id`
    /// holds (as [`Store::renew`] would one by one), and returns those
    /// games' ids, sorted. A game this instance runs but which is not in the
    /// answer has been taken by another instance: stop running its clock.
    pub async fn renew_all(
        &self,
        instance_id: &str,
        lease: Duration,
    ) -> Result<Vec<GameId>, StoreError> {
        dispatch!(self.renew_all(instance_id, lease))
    }

    /// Gives the lease up (at shutdown, or when the game ends). `false` if
    /// `instance_id` did not hold it.
    pub async fn release(&self, game_id: &GameId, instance_id: &str) -> Result<bool, StoreError> {
        dispatch!(self.release(game_id, instance_id))
    }

    /// The live games `instance_id` may run now: those nobody holds, those
    /// whose lease has run out (their owner died), and those it holds
    /// itself (it restarted under the same id). Oldest first. Pass each to
    /// [`Store::try_acquire`]; another instance may win the race.
    pub async fn claimable_games(&self, instance_id: &str) -> Result<Vec<GameId>, StoreError> {
        dispatch!(self.claimable(instance_id))
    }

    /// The same as [`Store::claimable_games`], under the name the hall's
    /// design uses.
    pub async fn live_games_unowned_or_expired(
        &self,
        instance_id: &str,
    ) -> Result<Vec<GameId>, StoreError> {
        self.claimable_games(instance_id).await
    }

    /// Says that the run `run_id` (one process of an instance) is alive now,
    /// by the database's clock: one row per run, written about twice a
    /// second, whatever the number of games the run keeps. A crash leaves
    /// the last mark, a clean stop writes one as it stops.
    pub async fn heartbeat(&self, run_id: &str) -> Result<(), StoreError> {
        dispatch!(self.heartbeat(run_id))
    }

    /// Forgets the heartbeats of runs older than `older_than` (at most a
    /// day) that no live game names any more; how many.
    pub async fn forget_runs(&self, older_than: Duration) -> Result<u64, StoreError> {
        dispatch!(self.forget_runs(older_than))
    }

    /// Records that the run `run_id` keeps the game's clock and that the
    /// log's instant is `at_ms` now: written when a run takes a game up and
    /// when its clock starts, so the run's heartbeat tells the instant play
    /// stopped if it dies ([`Store::interruption`]).
    pub async fn clock_runs(
        &self,
        game_id: &GameId,
        run_id: &str,
        at_ms: u64,
    ) -> Result<(), StoreError> {
        dispatch!(self.clock_runs(game_id, run_id, at_ms))
    }

    /// The log's instant at which the run that last kept the game's clock
    /// was last seen alive, and how long ago; `None` when no run recorded
    /// it (a game stored before version 2, or never started).
    pub async fn interruption(&self, game_id: &GameId) -> Result<Option<Interruption>, StoreError> {
        dispatch!(self.interruption(game_id))
    }

    /// The live games with no event created at least `older_than` ago (at
    /// most a day): games nobody started.
    pub async fn unstarted_games(&self, older_than: Duration) -> Result<Vec<GameId>, StoreError> {
        dispatch!(self.unstarted(older_than))
    }

    /// A receiver of a notice for every event committed from now on, in
    /// commit order (so in seq order within a game). PostgreSQL: from every
    /// instance on the same database and schema. SQLite: from this
    /// process's stores sharing this `Store` value (its clones).
    pub fn subscribe(&self) -> Subscription {
        Subscription {
            receiver: self.inner.notices.subscribe(),
        }
    }
}

/// Tournaments: their rows, their players' tokens and their games.
impl Store {
    /// Stores a new tournament with its state `data` (version 1) and the
    /// hash of its arbiter's token; returns its fresh random id.
    pub async fn create_tournament(
        &self,
        data: &str,
        arbiter: &Token,
    ) -> Result<TournamentId, StoreError> {
        dispatch!(self.create_tournament(data, arbiter))
    }

    /// A tournament's row. Unknown id: `NotFound`.
    pub async fn tournament(&self, id: &TournamentId) -> Result<TournamentRecord, StoreError> {
        dispatch!(self.tournament(id))
    }

    /// Replaces a tournament's state if its version is still `expected`,
    /// and returns the new version; [`StoreError::Conflict`] (with the
    /// version found as `next`) when another writer came first.
    pub async fn update_tournament(
        &self,
        id: &TournamentId,
        data: &str,
        expected: u64,
    ) -> Result<u64, StoreError> {
        dispatch!(self.update_tournament(id, data, expected))
    }

    /// Keeps the hash of the token of the player registered as `player`.
    pub async fn add_tournament_player(
        &self,
        id: &TournamentId,
        player: u16,
        token: &Token,
    ) -> Result<(), StoreError> {
        dispatch!(self.add_tournament_player(id, player, token))
    }

    /// Whose token `token` is in this tournament, compared in constant
    /// time; `None` for none of its tokens. Unknown tournament: `NotFound`.
    pub async fn verify_tournament_token(
        &self,
        id: &TournamentId,
        token: &str,
    ) -> Result<Option<TournamentSeat>, StoreError> {
        dispatch!(self.verify_tournament_token(id, token))
    }

    /// Stores a live game of the tournament between the registered players
    /// `players` (White, Black), leased to `instance_id`: its seats take
    /// the players' token hashes and its arbiter seat the tournament
    /// arbiter's, so the tokens given at registration play and judge it.
    /// The tokens of `game` are ignored. Unknown tournament: `NotFound`.
    pub async fn create_tournament_game(
        &self,
        tournament: &TournamentId,
        game: &NewGame,
        players: [u16; 2],
        instance_id: &str,
        lease: Duration,
    ) -> Result<GameId, StoreError> {
        dispatch!(self.create_tournament_game(tournament, game, players, (instance_id, lease)))
    }
}

/// The lobby: open challenges and rematch offers, shared by every
/// instance on the database and kept across restarts. Expired offers are
/// never read back, and are deleted by the next offer made.
impl Store {
    /// Stores an open challenge kept for `ttl`, and returns its fresh
    /// random id; `None` when `max_open` challenges are open already.
    pub async fn create_challenge(
        &self,
        challenge: &NewChallenge,
        ttl: Duration,
        max_open: usize,
    ) -> Result<Option<ChallengeId>, StoreError> {
        dispatch!(self.create_challenge(challenge, ttl, max_open))
    }

    /// A challenge, open or accepted. Unknown or expired: `NotFound`.
    pub async fn challenge(&self, id: &ChallengeId) -> Result<ChallengeRecord, StoreError> {
        dispatch!(self.challenge(id))
    }

    /// The open challenges, newest first (at most a thousand).
    pub async fn open_challenges(&self) -> Result<Vec<ChallengeRecord>, StoreError> {
        dispatch!(self.open_challenges())
    }

    /// Deletes an open challenge: `true` when it was open, `false` when it
    /// was accepted already. Unknown or expired: `NotFound`.
    pub async fn withdraw_challenge(&self, id: &ChallengeId) -> Result<bool, StoreError> {
        dispatch!(self.withdraw_challenge(id))
    }

    /// Accepts an open challenge: in one transaction, creates the game of
    /// `acceptance` (its creator's seat taking the challenge's token hash)
    /// and marks the challenge accepted, if it is still open. `None` when
    /// it is not (accepted by someone else, withdrawn or expired): exactly
    /// one of any number of concurrent accepts, on any instances, gets the
    /// game.
    pub async fn accept_challenge(
        &self,
        id: &ChallengeId,
        acceptance: &Acceptance<'_>,
    ) -> Result<Option<GameId>, StoreError> {
        dispatch!(self.accept_challenge(id, acceptance))
    }

    /// Records that `side` asks for a rematch of `game` (the offer is kept
    /// for `ttl` from the first request) and returns the offer.
    pub async fn ask_rematch(
        &self,
        game: &GameId,
        side: Side,
        ttl: Duration,
    ) -> Result<RematchRecord, StoreError> {
        dispatch!(self.ask_rematch(game, side, ttl))
    }

    /// The rematch offer of `game`, if one is kept.
    pub async fn rematch(&self, game: &GameId) -> Result<Option<RematchRecord>, StoreError> {
        dispatch!(self.rematch(game))
    }

    /// Creates the rematch of `old` once both sides asked, in one
    /// transaction with the offer's update: the new game (`game`'s header
    /// and arbiter token) takes the old game's players' token hashes,
    /// swapped, and is leased to `instance_id` for `lease`; the offer is
    /// then kept for `keep`. `None` when the offer is not complete or its
    /// game was made already (by this or another instance).
    pub async fn make_rematch(
        &self,
        old: &GameId,
        game: &NewGame,
        keep: Duration,
        instance_id: &str,
        lease: Duration,
    ) -> Result<Option<GameId>, StoreError> {
        dispatch!(self.make_rematch(old, game, keep, (instance_id, lease)))
    }
}

/// A database URL's digest, its password left out (`user:pass@host`
/// reads as `user@host`).
fn identity_of(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let rest = match rest.split_once('@') {
        Some((userinfo, host)) => {
            let user = userinfo.split_once(':').map_or(userinfo, |(u, _)| u);
            format!("{user}@{host}")
        }
        None => rest.to_owned(),
    };
    short_digest(&format!("{scheme}://{rest}"), 12)
}

/// Most events one [`Store::events_since`] call returns.
pub const EVENTS_PAGE: usize = common::EVENTS_PAGE;

/// The writer task: takes whatever appends are waiting (at most
/// [`BATCH_MAX`]), commits them in one transaction and answers each.
async fn write_loop(backend: Arc<Backend>, mut queue: mpsc::Receiver<Pending>) {
    let mut batch = Vec::with_capacity(BATCH_MAX);
    while queue.recv_many(&mut batch, BATCH_MAX).await > 0 {
        let (reqs, replies): (Vec<AppendReq>, Vec<_>) =
            batch.drain(..).map(|p| (p.req, p.reply)).unzip();
        let answers = match commit_batch(&backend, &reqs).await {
            Ok(answers) => answers,
            // The transaction failed as a whole (a lost connection, a
            // deadlock): each append is tried again alone, so one bad
            // append cannot fail its neighbours.
            Err(e) if reqs.len() == 1 => vec![Err(e)],
            Err(_) => {
                let mut answers = Vec::with_capacity(reqs.len());
                for req in reqs.chunks(1) {
                    answers.push(match commit_batch(&backend, req).await {
                        Ok(mut a) => a.pop().unwrap_or(Err(StoreError::NotFound)),
                        Err(e) => Err(e),
                    });
                }
                answers
            }
        };
        for (reply, answer) in replies.into_iter().zip(answers) {
            // A caller that stopped waiting is not an error: its event is
            // committed all the same, as if its answer had been lost.
            let _ = reply.send(answer);
        }
    }
}

async fn commit_batch(
    backend: &Backend,
    reqs: &[AppendReq],
) -> Result<Vec<Result<u64, StoreError>>, StoreError> {
    match backend {
        Backend::Sqlite(b) => b.append_batch(reqs).await,
        Backend::Postgres(b) => b.append_batch(reqs).await,
    }
}

/// Notices of committed events; see [`Store::subscribe`].
pub struct Subscription {
    receiver: broadcast::Receiver<Notice>,
}

impl Subscription {
    /// The next notice; [`Notice::Resync`] when some were lost; `None` once
    /// the store is gone.
    pub async fn recv(&mut self) -> Option<Notice> {
        match self.receiver.recv().await {
            Ok(notice) => Some(notice),
            Err(broadcast::error::RecvError::Lagged(_)) => Some(Notice::Resync),
            Err(broadcast::error::RecvError::Closed) => None,
        }
    }
}

/// Where `arbiter serve` keeps its SQLite file by default:
/// `$XDG_DATA_HOME/arbiter/arbiter.sqlite`, or
/// `$HOME/.local/share/arbiter/arbiter.sqlite` when `XDG_DATA_HOME` is unset,
/// empty or relative (as the XDG Base Directory specification says).
/// `None` when neither variable helps.
pub fn default_sqlite_path() -> Option<PathBuf> {
    data_path(
        std::env::var_os("XDG_DATA_HOME").as_deref(),
        std::env::var_os("HOME").as_deref(),
    )
}

/// [`default_sqlite_path`] as a `sqlite://` URL for [`Store::connect`]
/// (`None` also when the path is not UTF-8: use [`Store::connect_sqlite`]).
pub fn default_database_url() -> Option<String> {
    let path = default_sqlite_path()?;
    Some(format!("sqlite://{}", path.to_str()?))
}

fn data_path(xdg_data_home: Option<&OsStr>, home: Option<&OsStr>) -> Option<PathBuf> {
    let base = match xdg_data_home.map(Path::new) {
        Some(xdg) if xdg.is_absolute() => xdg.to_path_buf(),
        _ => {
            let home = Path::new(home.filter(|h| !h.is_empty())?);
            home.join(".local").join("share")
        }
    };
    Some(base.join("arbiter").join("arbiter.sqlite"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_path_follows_xdg() {
        let os = |s: &'static str| Some(OsStr::new(s));
        assert_eq!(
            data_path(os("/data"), os("/home/a")),
            Some(PathBuf::from("/data/arbiter/arbiter.sqlite"))
        );
        // Unset, empty or relative XDG_DATA_HOME: the spec's default.
        for xdg in [None, os(""), os("rel/dir")] {
            assert_eq!(
                data_path(xdg, os("/home/a")),
                Some(PathBuf::from("/home/a/.local/share/arbiter/arbiter.sqlite"))
            );
        }
        assert_eq!(data_path(None, None), None);
        assert_eq!(data_path(None, os("")), None);
    }

    #[test]
    fn game_ids_parse_strictly() {
        let id = GameId::generate().expect("CSPRNG");
        assert_eq!(id.as_str().len(), 16);
        assert_eq!(id.as_str().parse::<GameId>().ok(), Some(id));
        for bad in [
            "",
            "short",
            "has space in it!",
            "../../etc/passwd",
            &"a".repeat(65),
        ] {
            assert!(
                matches!(bad.parse::<GameId>(), Err(StoreError::NotFound)),
                "{bad:?}"
            );
        }
    }

    #[tokio::test]
    async fn unknown_urls_are_refused_without_echoing_them() {
        for url in ["mysql://u:secret@h/db", "", "sqlite://", "secret"] {
            let err = Store::connect(url).await.err().expect("refused");
            assert!(matches!(err, StoreError::InvalidUrl(_)), "{url:?}: {err}");
            assert!(!err.to_string().contains("secret"), "{err}");
        }
    }
}
