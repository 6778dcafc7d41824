//! One task per live game: the session driver ([`Driver`]), the one live
//! loop there is, runs the game's [`Session`] with its clock wake-ups (a
//! flag falls with nobody connected), its engine seat and its engine
//! deadline. The hall's part is its [`Outlet`]: every output is appended to
//! the store and committed before the request that made it is answered,
//! then published to the watchers and as the state every reader reads.

use crate::error::ApiError;
use crate::hub::Frame;
pub use crate::registry::Acted;
use crate::registry::{ActorEntry, Cmd, Ctx, Snapshot, State};
use crate::request::{DEFAULT_MOVETIME_MS, SeatKind, Submission, mode_of};
use arbiter_notation::Lexicon;
use arbiter_session::{
    ActionKind, ArbiterAction, Driver, Event, Halt, Header, Input, Kind as Said, LagQuotas,
    LiveTime, Mode, Opponent, Order, Outlet, Output, Request, Session, SessionConfig, Side,
    TimedEvent, Variant, parse_event, parse_header, pgn_of,
};
use arbiter_store::{GameId, GameMeta, GameSettings, Interruption, Status, Store};
use serde_json::Value;
use serde_json::value::RawValue;
use std::pin::Pin;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};

/// Requests waiting for one game before senders wait.
const QUEUE: usize = 64;
/// How long a finished game's task keeps answering after its last request.
const LINGER: Duration = Duration::from_secs(10);
/// How long past its move time an engine may think before it is taken to
/// hang: the UCI adapter's own handshake bound, so its watchdog speaks
/// first, and an opponent without one is still caught.
const ENGINE_GRACE_MS: u64 = 10_000;

/// A stored game, read back to be run.
pub(crate) struct Loaded {
    id: GameId,
    header: Header,
    meta: GameMeta,
    events: Vec<TimedEvent>,
    seq: u64,
    /// Where its clock was last seen running, if a run recorded it.
    interruption: Option<Interruption>,
}

/// The instants of an interruption in the log's time: play stopped at
/// `stop` (the last instant a run was seen keeping the clock, never before
/// the log's last event), and is taken up again at `back`.
#[derive(Clone, Copy, Debug)]
struct Takeover {
    stop: u64,
    back: u64,
}

impl Takeover {
    /// From the log's last instant and the store's record: without one,
    /// play is taken to have stopped at the last event (as logs written
    /// before heartbeats were).
    fn of(last_at: u64, seen: Option<Interruption>) -> Takeover {
        match seen {
            Some(i) => {
                let stop = i.last_seen_at.max(last_at);
                Takeover {
                    stop,
                    back: stop.saturating_add(i.away_ms),
                }
            }
            None => Takeover {
                stop: last_at,
                back: last_at,
            },
        }
    }
}

/// Reads a game's log and metadata from the store.
pub(crate) async fn load(store: &Store, id: &GameId) -> Result<Loaded, ApiError> {
    let record = store.game(id).await?;
    let log = store.log(id).await?;
    let interruption = store.interruption(id).await?;
    let header = parse_header(&log.header).map_err(|e| ApiError::internal(e.to_string()))?;
    let events = log
        .events
        .iter()
        .filter_map(|e| parse_event(&e.line).ok())
        .collect();
    Ok(Loaded {
        id: id.clone(),
        header,
        meta: record.meta,
        events,
        seq: log.events.last().map_or(0, |e| e.seq),
        interruption,
    })
}

/// Starts the task of a loaded game.
pub(crate) fn spawn(ctx: &Ctx, loaded: Loaded) -> Result<ActorEntry, ApiError> {
    let header = loaded.header.clone();
    arbiter_session::with_rules(&header, Start { ctx, loaded })
}

/// A game's task started with the rules its header names.
struct Start<'a> {
    ctx: &'a Ctx,
    loaded: Loaded,
}

impl arbiter_session::RulesJob for Start<'_> {
    type Output = Result<ActorEntry, ApiError>;
    fn run<R: Variant>(self, rules: R) -> Self::Output {
        start(self.ctx, rules, self.loaded)
    }
}

/// Sends an input to a game's task and waits for its answer; `None` when
/// the task has ended (the caller loads the game again).
pub(crate) async fn ask(
    tx: &mpsc::Sender<Cmd>,
    input: Submission,
) -> Option<Result<Acted, ApiError>> {
    let (reply, answer) = oneshot::channel();
    tx.send(Cmd::Act(Box::new((input, reply)))).await.ok()?;
    answer.await.ok()
}

/// Asks a game's task for its PGN; `None` when the task has ended.
pub(crate) async fn pgn(tx: &mpsc::Sender<Cmd>, created_at_ms: i64) -> Option<String> {
    let (reply, answer) = oneshot::channel();
    tx.send(Cmd::Pgn(Box::new((created_at_ms, reply))))
        .await
        .ok()?;
    answer.await.ok()
}

/// What the hall's outlet answers a request with.
type Answer = Result<Acted, ApiError>;

impl<R: Variant> From<Cmd> for Order<R, Answer> {
    fn from(cmd: Cmd) -> Order<R, Answer> {
        match cmd {
            Cmd::Act(act) => {
                let (submission, reply) = *act;
                Order::Request(Request {
                    input: submission.input,
                    reply: Some(reply),
                    lag_ms: submission.lag_ms,
                })
            }
            Cmd::Pgn(ask) => {
                let (created_at_ms, reply) = *ask;
                Order::Look(Box::new(move |s: &Session<R>| {
                    let _ = reply.send(pgn_of(s, created_at_ms));
                }))
            }
            Cmd::Stop => Order::Stop,
        }
    }
}

fn movetime_of(extra: &GameSettings) -> u64 {
    extra.engine_movetime_ms.unwrap_or(DEFAULT_MOVETIME_MS)
}

/// The engine of a seat, at the level the game was created with (a row
/// written without one: the variant's default, as `arbiter play`'s).
fn opponent(
    variant: arbiter_rules::Variant,
    extra: &GameSettings,
) -> Result<Box<dyn Opponent>, ApiError> {
    let level = extra
        .engine_level
        .and_then(|l| u8::try_from(l).ok())
        .unwrap_or(arbiter_session::any::defaults(variant).level);
    arbiter_session::any::hall_engine(variant, level, movetime_of(extra))
        .map_err(|e| ApiError::internal(e.to_string()))
}

/// The session of a loaded game, as its task runs it.
fn session_of<R: Variant>(rules: R, loaded: &Loaded) -> Result<Session<R>, ApiError> {
    let config = SessionConfig {
        header: loaded.header.clone(),
        mode: mode_of(loaded.meta.kind),
        lexicon: Lexicon::En,
        alarms_ms: [Vec::new(), Vec::new()],
    };
    let mut session = Session::resume(rules, config, &loaded.events)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    session.log_the_start();
    for side in Side::BOTH {
        if loaded.meta.extra.seat(side) == SeatKind::Engine {
            // An engine claims a flag the Laws leave to a claim.
            session.claim_flags_for(side);
        }
    }
    Ok(session)
}

/// Whether a loaded game may rest until its first request
/// ([`crate::registry::Registry`]): nothing is in its log yet (no clock
/// runs, nothing was interrupted) and no engine sits at it (an engine
/// with White moves at once, and its seat is watched).
pub(crate) fn may_rest(loaded: &Loaded) -> bool {
    loaded.events.is_empty()
        && Side::BOTH
            .iter()
            .all(|&side| loaded.meta.extra.seat(side) != SeatKind::Engine)
}

/// The state a resting game's readers read: the one its task would
/// publish on starting.
pub(crate) fn at_rest(loaded: &Loaded) -> Result<Snapshot, ApiError> {
    let state = arbiter_session::with_rules(&loaded.header, Resting(loaded))?;
    Ok(Snapshot {
        seq: loaded.seq,
        state,
    })
}

/// The state of a game at rest, built with the rules its header names.
struct Resting<'a>(&'a Loaded);

impl arbiter_session::RulesJob for Resting<'_> {
    type Output = Result<State, ApiError>;
    fn run<R: Variant>(self, rules: R) -> Self::Output {
        Ok(state_of(&session_of(rules, self.0)?))
    }
}

/// The session of a loaded game, its engine seats, and the driver that
/// runs it from the log's last instant.
fn driver<R: Variant>(
    rules: R,
    loaded: &Loaded,
) -> Result<(Driver<R, LiveTime>, Takeover), ApiError> {
    let session = session_of(rules, loaded)?;
    let mut seats: Vec<(Side, Box<dyn Opponent>)> = Vec::new();
    for side in Side::BOTH {
        if loaded.meta.extra.seat(side) == SeatKind::Engine {
            seats.push((side, opponent(loaded.header.variant, &loaded.meta.extra)?));
        }
    }
    let quotas = LagQuotas::of(&session, &loaded.events);
    // The time the game was away is charged to no one: the clock goes on
    // from the instant it is taken up again, after the stop's pause.
    let takeover = Takeover::of(session.game().last_at(), loaded.interruption);
    let time = LiveTime::starting_at(takeover.back);
    let timeout = movetime_of(&loaded.meta.extra).saturating_add(ENGINE_GRACE_MS);
    let mut d = Driver::new(session, time)
        .with_engine_timeout(timeout)
        .with_online_start()
        .with_lag_compensation(quotas)
        .with_linger(LINGER);
    for (side, o) in seats {
        d = d.with_opponent(side, o);
    }
    Ok((d, takeover))
}

fn start<R: Variant>(ctx: &Ctx, rules: R, loaded: Loaded) -> Result<ActorEntry, ApiError> {
    let (driver, takeover) = driver(rules, &loaded)?;
    let state = state_of(driver.session());
    let (snapshot_tx, snapshot) = watch::channel(Snapshot {
        seq: loaded.seq,
        state,
    });
    let (tx, rx) = mpsc::channel(QUEUE);
    let keeper = Keeper {
        ctx: ctx.clone(),
        id: loaded.id,
        seq: loaded.seq,
        snapshot: snapshot_tx,
        concluded: false,
        me: tx.clone(),
        time: LiveTime::starting_at(takeover.back),
        marked: None,
        takeover,
    };
    let resumed = !loaded.events.is_empty();
    let abort = tokio::spawn(keeper.run(Box::new(driver), resumed, rx)).abort_handle();
    Ok(ActorEntry {
        tx,
        abort,
        snapshot,
    })
}

/// The state as the text of its `serde_json::Value`, whose keys are in
/// the order every answer has always had them.
fn state_of<R: Variant>(session: &Session<R>) -> State {
    let value = serde_json::to_value(session.state()).unwrap_or(Value::Null);
    let text = serde_json::to_string(&value).unwrap_or_else(|_| "null".into());
    RawValue::from_string(text)
        .unwrap_or_else(|_| RawValue::NULL.to_owned())
        .into()
}

/// The driver's loop on the heap: made in a function of its own, so the
/// task's future holds no unboxed copy of it.
#[expect(
    clippy::boxed_local,
    reason = "the driver stays on the heap until its loop is boxed"
)]
fn drive<'a, R: Variant>(
    driver: Box<Driver<R, LiveTime>>,
    rx: mpsc::Receiver<Cmd>,
    keeper: &'a mut Keeper,
) -> Pin<Box<impl Future<Output = Session<R>> + 'a>> {
    Box::pin((*driver).drive(rx, keeper))
}

/// The hall's outlet: it commits, publishes, and ends a finished game.
struct Keeper {
    ctx: Ctx,
    id: GameId,
    /// The log's last seq.
    seq: u64,
    snapshot: watch::Sender<Snapshot>,
    /// The game was marked finished and its lease given up.
    concluded: bool,
    me: mpsc::Sender<Cmd>,
    /// The driver's time source (a copy: the same base).
    time: LiveTime,
    /// The session's clock origin last recorded in the store.
    marked: Option<u64>,
    /// Where play stopped and is taken up again.
    takeover: Takeover,
}

impl Keeper {
    /// Runs the game: the pause of a resumed game first, then the driver
    /// until the game has ended and lingered, or stopped.
    async fn run<R: Variant>(
        mut self,
        mut driver: Box<Driver<R, LiveTime>>,
        resumed: bool,
        rx: mpsc::Receiver<Cmd>,
    ) {
        // Each step's future is boxed, so the task an idle game parks is
        // the size of its waiting step, not of the largest one.
        if let Err(e) = Box::pin(self.begin(&mut driver, resumed)).await {
            tracing::warn!(game = %self.id, reason = %e.reason, "a game could not resume");
            return Box::pin(self.finish()).await;
        }
        let id = self.id.clone();
        if !drive(driver, rx, &mut self).await.is_over() {
            tracing::warn!(game = %id, "a game task stops");
        }
        Box::pin(self.finish()).await
    }

    /// On resuming a stored game: the time the hall was away is an
    /// interruption (6.12; 2005 6.13): a flag that had fallen by the stop
    /// is called at its instant, then the arbiter's pause stands at the
    /// instant play stopped (the run's last heartbeat) and the resume at
    /// the takeover, so the thinking time before the stop stays charged and
    /// the outage is charged to nobody. A new game against an engine that
    /// moves first starts its clock at once. A game already over is
    /// concluded.
    async fn begin<R: Variant>(
        &mut self,
        driver: &mut Driver<R, LiveTime>,
        resumed: bool,
    ) -> Result<(), ApiError> {
        let session = driver.session_mut();
        if session.is_over() {
            self.conclude().await;
            return Ok(());
        }
        if resumed && !session.is_paused() {
            let out = interrupted(session, self.takeover);
            let answer = match self.accept(out, session).await {
                Ok(_) => Ok(()),
                Err(Halt(answer)) => answer.map(|_| ()),
            };
            self.mark(session).await;
            return answer;
        }
        let engine_first = driver.has_opponent(driver.session().to_move());
        let now = driver.now_ms();
        let session = driver.session_mut();
        if session.origin().is_none() && session.mode() == Mode::Online && engine_first {
            let out = session.handle(now, Input::Start);
            if let Err(Halt(answer)) = self.accept(out, session).await {
                return answer.map(|_| ());
            }
        }
        self.mark(session).await;
        Ok(())
    }

    /// Records where the session's clock stands in this run, when it has
    /// started and the store does not know it yet ([`crate::heartbeat`]).
    async fn mark<R: Variant>(&mut self, session: &Session<R>) {
        let Some(origin) = session.origin() else {
            return;
        };
        if self.marked == Some(origin) || session.is_over() {
            return;
        }
        let at = arbiter_session::TimeSource::now_ms(&self.time).saturating_sub(origin);
        match self
            .ctx
            .store
            .clock_runs(&self.id, &self.ctx.run_id, at)
            .await
        {
            Ok(()) => self.marked = Some(origin),
            Err(e) => tracing::warn!(game = %self.id, error = %e, "cannot record the clock's run"),
        }
    }

    /// Marks a finished game so, and gives its lease up.
    async fn conclude(&mut self) {
        self.concluded = true;
        let store = &self.ctx.store;
        if let Err(e) = store.set_status(&self.id, Status::Finished).await {
            tracing::warn!(game = %self.id, error = %e, "cannot mark a game finished");
        }
        let _ = store.release(&self.id, &self.ctx.instance_id).await;
    }

    /// Appends the output's log lines, each committed before the next; the
    /// seq of each.
    async fn persist(&mut self, out: &Output) -> Result<Vec<u64>, ApiError> {
        let mut seqs = Vec::with_capacity(out.log.len());
        for line in &out.log {
            let seq = self
                .ctx
                .store
                .append(&self.id, line, Some(self.seq + 1))
                .await
                .map_err(|e| ApiError::unavailable(format!("the store failed: {e}")))?;
            self.seq = seq;
            seqs.push(seq);
        }
        Ok(seqs)
    }

    /// Tells the watchers of the committed events and publishes the state.
    /// The snapshot comes first: a watcher who read it hears every later
    /// frame, having subscribed before.
    fn publish(&self, out: Output, seqs: &[u64], state: State) {
        let text = state.clone();
        self.snapshot.send_replace(Snapshot {
            seq: self.seq,
            state,
        });
        // What the output said is heard with its last event, refusals
        // aside: they are for the one who acted.
        let mut said: Vec<_> = out
            .announcements
            .into_iter()
            .filter(|a| !matches!(a.kind, Said::Refused { .. }))
            .collect();
        let last = seqs.len().saturating_sub(1);
        let frames = seqs
            .iter()
            .zip(&out.log)
            .enumerate()
            .map(|(i, (&seq, line))| {
                let said = if i == last {
                    std::mem::take(&mut said)
                } else {
                    Vec::new()
                };
                Frame::new(seq, line, text.get(), said)
            })
            .collect();
        self.ctx.hub.publish(&self.id, frames);
    }

    /// Leaves the game: its lease is given up and the registry forgets it.
    async fn finish(self) {
        let _ = self
            .ctx
            .store
            .release(&self.id, &self.ctx.instance_id)
            .await;
        self.ctx.registry.forget(&self.id, &self.me);
    }
}

impl<R: Variant> Outlet<R> for Keeper {
    type Receipt = Answer;

    async fn accept(&mut self, out: Output, session: &Session<R>) -> Result<Answer, Halt<Answer>> {
        let refused = refusal(&out);
        let changed = !out.log.is_empty();
        let state = if changed {
            state_of(session)
        } else {
            self.snapshot.borrow().state.clone()
        };
        let over = session.is_over();
        let seqs = match Box::pin(self.persist(&out)).await {
            Ok(seqs) => seqs,
            Err(e) => {
                tracing::warn!(game = %self.id, reason = %e.reason, "a game task stops");
                return Err(Halt(Err(e)));
            }
        };
        if changed {
            self.publish(out, &seqs, state.clone());
        }
        if over && !self.concluded {
            Box::pin(self.conclude()).await;
        } else if self.marked.is_none() && session.origin().is_some() {
            Box::pin(self.mark(session)).await;
        }
        Ok(match refused {
            Some(said) => Err(ApiError::refused_said(said)),
            None => Ok(Acted {
                seq: self.seq,
                state,
            }),
        })
    }
}

/// What a game taken up after a stop logs: the flags that fell by the
/// stop, at their instants; then, if play goes on, the pause at the stop
/// and the resume at the takeover.
fn interrupted<R: Variant>(session: &mut Session<R>, t: Takeover) -> Output {
    let reason = "the hall was stopped; the time it was away is not charged";
    let mut out = session.poll(t.stop);
    if session.is_over() {
        return out;
    }
    for (at, action) in [(t.stop, ActionKind::Pause), (t.back, ActionKind::Resume)] {
        let more = session.handle(at, arbiter(action, reason));
        out.announcements.extend(more.announcements);
        out.events.extend(more.events);
        out.log.extend(more.log);
    }
    out
}

fn arbiter(action: ActionKind, reason: &str) -> Input {
    Input::Event(Event::Arbiter(ArbiterAction {
        reason: Some(reason.into()),
        ..ArbiterAction::new(action)
    }))
}

/// The refusal, if the output holds one (worded later, in the language
/// of the request).
fn refusal(out: &Output) -> Option<arbiter_notation::live::announce::Announcement> {
    out.announcements
        .iter()
        .find(|a| matches!(a.kind, Said::Refused { .. }))
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_session::Header;

    /// A 5+0 online game after 1. e4 at 0, Black to move.
    fn after_e4() -> Session<arbiter_chess::Chess> {
        let config = SessionConfig {
            header: Header::new("Anna", "Boris", Some("5+0")),
            mode: Mode::Online,
            lexicon: Lexicon::En,
            alarms_ms: [Vec::new(), Vec::new()],
        };
        let events: Vec<TimedEvent> = [
            r#"{"at":0,"type":"start"}"#,
            r#"{"at":0,"type":"move","side":"white","move":"e4","press":true}"#,
        ]
        .iter()
        .map(|l| parse_event(l).expect("event"))
        .collect();
        Session::resume(arbiter_chess::Chess::default(), config, &events).expect("session")
    }

    fn kinds(out: &Output) -> Vec<(u64, String)> {
        out.events
            .iter()
            .map(|e| {
                let v = serde_json::to_value(e).unwrap_or(Value::Null);
                let kind = format!(
                    "{}{}",
                    v["type"].as_str().unwrap_or(""),
                    v["action"].as_str().unwrap_or("")
                );
                (e.at, kind)
            })
            .collect()
    }

    #[test]
    fn play_stops_at_the_last_heartbeat_and_goes_on_at_the_takeover() {
        let mut s = after_e4();
        let out = interrupted(
            &mut s,
            Takeover::of(
                0,
                Some(Interruption {
                    last_seen_at: 3_000,
                    away_ms: 6_000,
                }),
            ),
        );
        assert_eq!(
            kinds(&out),
            [
                (3_000, "arbiterpause".into()),
                (9_000, "arbiterresume".into())
            ]
        );
        // Black has the 2 s he had at the stop.
        assert_eq!(s.clocks_at(9_000), Some([5_000, 2_000]));
    }

    #[test]
    fn a_flag_that_fell_before_the_stop_is_called_at_its_instant() {
        let mut s = after_e4();
        let out = interrupted(
            &mut s,
            Takeover::of(
                0,
                Some(Interruption {
                    last_seen_at: 5_400,
                    away_ms: 6_000,
                }),
            ),
        );
        assert_eq!(kinds(&out), [(5_000, "flag".into())]);
        assert!(s.is_over());
    }

    #[test]
    fn without_a_heartbeat_play_stopped_at_the_last_event() {
        let t = Takeover::of(700, None);
        assert_eq!((t.stop, t.back), (700, 700));
        // A heartbeat older than the last event: the event is later.
        let t = Takeover::of(
            700,
            Some(Interruption {
                last_seen_at: 500,
                away_ms: 1_000,
            }),
        );
        assert_eq!((t.stop, t.back), (700, 1_700));
    }
}
