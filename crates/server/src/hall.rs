//! The hall's shared state: the store, the registry of the game tasks this
//! instance runs, the watchers' hub, the rate limiter, and the background
//! tasks that claim games (after a restart, or when another instance died).

use crate::actor;
use crate::error::ApiError;
use crate::hub::Hub;
use crate::limit::RateLimiter;
use crate::proxy::Forwarder;
use crate::registry::{Acted, ActorEntry, Cmd, Ctx, Registry};
use crate::request::{Actor, parse_event_body};
use arbiter_rules::Side;
use arbiter_store::{GameId, Seat, Store};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::task::AbortHandle;

/// How long a game nobody starts waits before it is abandoned, by default
/// ten minutes ([`crate::abandon`]).
pub const ABANDON_AFTER: Duration = Duration::from_secs(600);

/// A fresh run id: the instance's id and a random suffix, so a restart
/// under the same instance id does not overwrite the last mark of the run
/// that died before its games are taken up again ([`crate::heartbeat`]).
pub(crate) fn run_id(instance_id: &str) -> String {
    let suffix = arbiter_store::Token::generate()
        .map(|t| t.as_str()[..12].to_owned())
        .unwrap_or_else(|_| format!("{:x}", std::process::id()));
    format!("{instance_id}#{suffix}")
}

/// Verified tokens remembered before the memory is cleared: a token and its
/// game never change, so a verified pair needs no second database read; the
/// bound keeps the memory of a long-running hall in check.
const TOKENS_KNOWN: usize = 50_000;

/// How this instance shares games with others.
#[derive(Clone, Debug)]
pub struct HallConfig {
    /// This instance's lease holder id: `URL RANDOM` on PostgreSQL (the URL
    /// is where other instances forward requests for its games).
    pub instance_id: String,
    /// How long a game's lease lasts.
    pub lease: Duration,
    /// How often the owner renews it.
    pub renew_every: Duration,
    /// How often the instance looks for games nobody runs.
    pub claim_every: Duration,
    /// How long a game nobody started waits before it is abandoned (zero:
    /// never; at most a day). See [`crate::abandon`].
    pub abandon_after: Duration,
}

impl HallConfig {
    /// One instance on its own database (SQLite): a stable id, so that a
    /// restart resumes its own games at once, and leases of a day, renewed
    /// hourly, because nobody else could take them.
    pub fn single() -> HallConfig {
        HallConfig {
            instance_id: "local".into(),
            lease: Duration::from_secs(86_400),
            renew_every: Duration::from_secs(3_600),
            claim_every: Duration::from_secs(5),
            abandon_after: ABANDON_AFTER,
        }
    }

    /// One of several instances on PostgreSQL, reachable at `url`: leases of
    /// 6 s renewed every 2 s, and a claim pass every second, so a dead
    /// owner's games are taken over within 7 s.
    pub fn shared(url: &str) -> Result<HallConfig, String> {
        let suffix = arbiter_store::Token::generate().map_err(|e| e.to_string())?;
        Ok(HallConfig::shared_as(url, &suffix.as_str()[..12]))
    }

    /// [`HallConfig::shared`] under a stable `name`: a restart with the
    /// same name is the same instance, which takes its own games back at
    /// once instead of waiting for their leases to run out.
    pub fn shared_as(url: &str, name: &str) -> HallConfig {
        HallConfig {
            instance_id: format!("{url} {name}"),
            lease: Duration::from_secs(6),
            renew_every: Duration::from_secs(2),
            claim_every: Duration::from_secs(1),
            abandon_after: ABANDON_AFTER,
        }
    }

    /// The base URL of the instance holding `owner`, if it says one.
    pub fn url_of(owner: &str) -> Option<&str> {
        owner.split_once(' ').map(|(url, _)| url)
    }
}

/// What `arbiter serve` may set beyond the address and the database.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// `--instance-id`: this instance's name on PostgreSQL (default: derived
    /// from the listen address and the database, so a restart with the same
    /// flags is the same instance).
    pub instance_id: Option<String>,
    /// `--abandon-after`: how long a game nobody started waits before it is
    /// abandoned ([`crate::abandon`]; zero: never).
    pub abandon_after: Duration,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            instance_id: None,
            abandon_after: ABANDON_AFTER,
        }
    }
}

impl ServeOptions {
    /// `config` as these options change it.
    pub fn apply(&self, mut config: HallConfig) -> HallConfig {
        if let Some(name) = self
            .instance_id
            .as_deref()
            .filter(|_| config.lease < Duration::from_secs(3_600))
        {
            let url = HallConfig::url_of(&config.instance_id)
                .unwrap_or_default()
                .to_owned();
            config.instance_id = format!("{url} {name}");
        }
        config.abandon_after = self.abandon_after.min(Duration::from_secs(86_400));
        config
    }
}

/// The hall; cheap to clone.
#[derive(Clone)]
pub struct Hall {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    config: HallConfig,
    ctx: Ctx,
    tokens: Mutex<HashMap<String, (GameId, Seat)>>,
    tasks: Mutex<Vec<AbortHandle>>,
    limiter: RateLimiter,
    forwarder: Forwarder,
    closing: watch::Sender<bool>,
    rtt: crate::rtt::Rtt,
}

impl Hall {
    /// A hall on `store`; call [`Hall::start`] to run its background tasks.
    pub fn new(store: Store, config: HallConfig) -> Hall {
        Hall {
            inner: Arc::new(Inner {
                ctx: Ctx {
                    store: store.clone(),
                    instance_id: config.instance_id.as_str().into(),
                    run_id: run_id(&config.instance_id).into(),
                    registry: Registry::default(),
                    hub: Hub::new(store.clone()),
                },
                tokens: Mutex::new(HashMap::new()),
                store,
                config,
                tasks: Mutex::new(Vec::new()),
                limiter: RateLimiter::default(),
                forwarder: Forwarder::new(),
                closing: watch::channel(false).0,
                rtt: crate::rtt::Rtt::default(),
            }),
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }
    /// The configuration.
    pub fn config(&self) -> &HallConfig {
        &self.inner.config
    }
    /// This run's id (the instance id and a suffix of this process), under
    /// which its heartbeat is written ([`crate::heartbeat`]).
    pub fn run_id(&self) -> &str {
        &self.inner.ctx.run_id
    }
    pub(crate) fn hub(&self) -> &Hub {
        &self.inner.ctx.hub
    }
    pub(crate) fn registry(&self) -> &Registry {
        &self.inner.ctx.registry
    }
    /// The players' round trips measured here ([`crate::rtt`]).
    pub(crate) fn rtt(&self) -> &crate::rtt::Rtt {
        &self.inner.rtt
    }
    pub(crate) fn limiter(&self) -> &RateLimiter {
        &self.inner.limiter
    }
    /// A receiver that turns `true` when the hall shuts down.
    pub(crate) fn closing(&self) -> watch::Receiver<bool> {
        self.inner.closing.subscribe()
    }
    /// How many games this instance holds now: those whose task runs and
    /// those resting until their first request.
    pub fn running_games(&self) -> usize {
        self.registry().held()
    }

    /// How many of the games held here rest until their first request: a
    /// game nobody has started and no engine plays keeps no task, only the
    /// state its readers read.
    pub fn resting_games(&self) -> usize {
        self.registry().resting_len()
    }

    fn actors(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, ActorEntry>> {
        self.inner.ctx.registry.lock()
    }

    /// Starts the watchers' hub, the lease renewal and the claim loop,
    /// which at once resumes the live games this instance may run.
    pub fn start(&self) {
        let registry = self.registry().clone();
        let runs_here = move |id: &GameId| registry.runs(id);
        let hub = tokio::spawn(self.hub().clone().run(runs_here)).abort_handle();
        let claim = tokio::spawn(self.clone().claim_loop()).abort_handle();
        let renew = tokio::spawn(self.clone().renew_loop()).abort_handle();
        let beat = tokio::spawn(self.clone().heartbeat_loop()).abort_handle();
        let abandon = tokio::spawn(self.clone().abandon_loop()).abort_handle();
        let mut tasks = self.inner.tasks.lock().unwrap_or_else(|p| p.into_inner());
        tasks.extend([hub, claim, renew, beat, abandon]);
    }

    /// Renews the leases of all the games this instance runs, in one
    /// statement per period (one per game would cost thousands of writes a
    /// second at 10,000 games), and stops the games another instance took.
    async fn renew_loop(self) {
        let cfg = self.config();
        let every = cfg.renew_every;
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            tick.tick().await;
            match self.store().renew_all(&cfg.instance_id, cfg.lease).await {
                Ok(held) => self.stop_lost(held.into_iter().collect()).await,
                Err(e) => tracing::warn!(error = %e, "cannot renew the leases"),
            }
        }
    }

    /// Stops the games running here that another instance now holds. A game
    /// missing from `held` whose lease nobody holds (it ended and gave its
    /// lease up, and still answers late requests) runs on.
    async fn stop_lost(&self, held: HashSet<GameId>) {
        let mut missing: Vec<GameId> = self.actors().keys().cloned().collect();
        missing.extend(self.registry().resting_ids());
        missing.retain(|id| !held.contains(id));
        for id in missing {
            let owner = match self.store().game(&id).await {
                Ok(record) => record.owner,
                Err(_) => continue,
            };
            if owner.is_none() || owner.as_deref() == Some(&self.config().instance_id) {
                continue;
            }
            tracing::warn!(game = %id, "another instance took the game; it stops here");
            if self.registry().unrest(&id) {
                continue;
            }
            let entry = self.actors().get(&id).cloned();
            if let Some(e) = entry
                && e.tx.try_send(Cmd::Stop).is_err()
            {
                e.abort.abort();
                self.inner.ctx.registry.forget(&id, &e.tx);
            }
        }
    }

    /// The seat of `token` in the game `id`: from memory when this hall has
    /// verified the pair before, else from the store.
    async fn seat_of(&self, id: &GameId, token: &str) -> Result<Option<Seat>, ApiError> {
        let known = |t: &HashMap<String, (GameId, Seat)>| {
            t.get(token).filter(|(g, _)| g == id).map(|&(_, seat)| seat)
        };
        if let Some(seat) = known(&self.tokens()) {
            return Ok(Some(seat));
        }
        let seat = self.store().verify_token(id, token).await?;
        if let Some(seat) = seat {
            let mut tokens = self.tokens();
            if tokens.len() >= TOKENS_KNOWN {
                tokens.clear();
            }
            tokens.insert(token.to_owned(), (id.clone(), seat));
        }
        Ok(seat)
    }

    fn tokens(&self) -> std::sync::MutexGuard<'_, HashMap<String, (GameId, Seat)>> {
        self.inner.tokens.lock().unwrap_or_else(|p| p.into_inner())
    }

    async fn claim_loop(self) {
        let mut tick = tokio::time::interval(self.config().claim_every);
        loop {
            tick.tick().await;
            let ids = match self
                .store()
                .claimable_games(&self.config().instance_id)
                .await
            {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot list claimable games");
                    continue;
                }
            };
            for id in ids {
                if !self.registry().runs(&id)
                    && let Err(e) = self.try_hold(&id).await
                {
                    tracing::warn!(game = %id, reason = %e.reason, "cannot take a game");
                }
            }
        }
    }

    pub(crate) fn local(&self, id: &GameId) -> Option<mpsc::Sender<Cmd>> {
        self.actors().get(id).map(|e| e.tx.clone())
    }

    /// Takes the game's lease and starts its task here (a game resting
    /// here wakes); `false` when another instance holds it.
    pub(crate) async fn try_own(&self, id: &GameId) -> Result<bool, ApiError> {
        self.take(id, true).await
    }

    /// Takes the game's lease and holds it here: at rest if it may wait
    /// for its first request (the registry's rest), else with its task started;
    /// `false` when another instance holds it.
    pub(crate) async fn try_hold(&self, id: &GameId) -> Result<bool, ApiError> {
        if self.registry().runs(id) {
            return Ok(true);
        }
        self.take(id, false).await
    }

    async fn take(&self, id: &GameId, wake: bool) -> Result<bool, ApiError> {
        // A hall that is stopping starts nothing: a request still being
        // served, or a claim pass under way, must not bring a game back to
        // life here (its clock would run on an instance that is gone).
        if *self.inner.closing.borrow() {
            return Ok(false);
        }
        let cfg = self.config();
        if !self
            .store()
            .try_acquire(id, &cfg.instance_id, cfg.lease)
            .await?
        {
            return Ok(false);
        }
        let loaded = actor::load(self.store(), id).await?;
        let rest = match !wake && actor::may_rest(&loaded) {
            true => Some(actor::at_rest(&loaded)?),
            false => None,
        };
        let mut actors = self.actors();
        if *self.inner.closing.borrow() {
            return Ok(false);
        }
        if actors.contains_key(id) {
            return Ok(true);
        }
        if let Some(snapshot) = rest {
            drop(actors);
            self.registry().rest(id, snapshot);
            return Ok(true);
        }
        let entry = actor::spawn(&self.inner.ctx, loaded)?;
        self.registry().insert(&mut actors, id, entry);
        tracing::info!(game = %id, "running a game");
        Ok(true)
    }

    /// One event from `token`'s holder (POST or WebSocket): checked,
    /// applied by the game's owner (here, or forwarded to the instance that
    /// runs it), committed, then answered.
    pub async fn submit(
        &self,
        id: &GameId,
        token: &str,
        body: &[u8],
        forwarded: bool,
    ) -> Result<Acted, ApiError> {
        if !self.limiter().check(token) {
            return Err(ApiError::too_many());
        }
        let seat = self.seat_of(id, token).await?;
        let actor = match seat {
            Some(Seat::White) => Actor::Player(Side::White),
            Some(Seat::Black) => Actor::Player(Side::Black),
            Some(Seat::Arbiter) => Actor::Arbiter,
            None => return Err(ApiError::unknown_token()),
        };
        // A player's call of the arbiter, and its resume where no arbiter
        // is present, are the call module's (6.12.2).
        let mut submission = match crate::call::stand_in(id, actor, body) {
            Some(s) => s,
            None => parse_event_body(body, actor)?,
        };
        if actor == Actor::Arbiter && crate::request::is_player_action(body) {
            let kind = self.store().game(id).await?.meta.kind;
            crate::request::arbiter_may_act_for_player(kind)?;
        }
        // The lag a move is compensated by is the hall's own measure of the
        // player's socket; what the client says may only lower it.
        submission.lag_ms = crate::rtt::compensation(self.rtt().measure(token), submission.lag_ms);
        for _ in 0..3 {
            if let Some(tx) = self.local(id) {
                match actor::ask(&tx, submission.clone()).await {
                    Some(answer) => {
                        if answer.is_ok() {
                            let hall = self.clone();
                            crate::call::after(move |id| hall.local(id), id, &submission.input);
                        }
                        return answer;
                    }
                    None => continue,
                }
            }
            if self.try_own(id).await? {
                continue;
            }
            if forwarded {
                break;
            }
            return self.forward(id, token, body).await;
        }
        Err(ApiError::unavailable(
            "the game is changing hands between instances; retry in a second",
        ))
    }

    async fn forward(&self, id: &GameId, token: &str, body: &[u8]) -> Result<Acted, ApiError> {
        let record = self.store().game(id).await?;
        let url = record.owner.as_deref().and_then(HallConfig::url_of);
        let Some(url) = url else {
            return Err(ApiError::unavailable(
                "no instance runs this game yet; retry",
            ));
        };
        self.inner.forwarder.forward(url, id, token, body).await
    }

    /// Tells open WebSockets to close (before a graceful shutdown).
    pub fn closing_now(&self) -> bool {
        self.inner.closing.send(true).is_ok()
    }

    /// Stops at once, as a crash would: no lease is released (another
    /// instance takes the games when their leases run out).
    pub fn kill(&self) {
        let _ = self.inner.closing.send(true);
        for t in self
            .inner
            .tasks
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .drain(..)
        {
            t.abort();
        }
        for (_, e) in self.actors().drain() {
            e.abort.abort();
        }
        self.registry().drain_resting();
    }

    /// Stops cleanly: tasks end and leases are given back, so another
    /// instance (or the next start) resumes the games at once.
    pub async fn shutdown(&self) {
        let mut ids: Vec<GameId> = self.actors().keys().cloned().collect();
        ids.extend(self.registry().resting_ids());
        self.kill();
        // The games' clocks stopped with their tasks: this mark is the
        // instant play stopped, from which the next run resumes them.
        self.beat().await;
        for id in ids {
            let _ = self.store().release(&id, &self.config().instance_id).await;
        }
    }
}
