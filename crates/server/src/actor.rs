//! One task per live game: it owns the game's [`Session`], its clock
//! wake-ups (a flag falls with nobody connected) and its engine seat.
//! Requests reach it through a channel; every accepted action is appended
//! to the store, committed, before it is answered (the watchers learn of it
//! from the store's commit notice).

use crate::error::ApiError;
use crate::lag::{LagQuota, annotate};
pub use crate::registry::Acted;
use crate::registry::{ActorEntry, Cmd, Ctx};
use crate::request::{SeatKind, Submission, mode_of};
use arbiter_laws::log::{Header, parse_event, parse_header};
use arbiter_laws::{ActionKind, ArbiterAction, Event, Side, TimedEvent};
use arbiter_notation::Lexicon;
use arbiter_session::{
    Input, Kind as Said, Mode, Opponent, OpponentError, OpponentMove, Output, Session,
    SessionConfig, Variant,
};
use arbiter_store::{GameId, GameMeta, GameSettings, Status, Store};
use serde_json::Value;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Requests waiting for one game before senders wait.
const QUEUE: usize = 64;
/// How long a finished game's task keeps answering after its last request.
const LINGER: Duration = Duration::from_secs(10);

/// A stored game, read back to be run.
pub(crate) struct Loaded {
    id: GameId,
    header: Header,
    meta: GameMeta,
    events: Vec<TimedEvent>,
    /// The lag compensations written in the log, in order.
    lags: Vec<(Side, u64)>,
    seq: u64,
}

/// The `lag_ms` a log line carries, with the side of its move.
fn lag_of(line: &str) -> Option<(Side, u64)> {
    let v: Value = serde_json::from_str(line).ok()?;
    let comp = v.get("lag_ms")?.as_u64()?;
    let side = serde_json::from_value(v.get("side")?.clone()).ok()?;
    Some((side, comp))
}

/// Reads a game's log and metadata from the store.
pub(crate) async fn load(store: &Store, id: &GameId) -> Result<Loaded, ApiError> {
    let record = store.game(id).await?;
    let log = store.log(id).await?;
    let header = parse_header(&log.header).map_err(|e| ApiError::internal(e.to_string()))?;
    let events = log
        .events
        .iter()
        .filter_map(|e| parse_event(&e.line).ok())
        .collect();
    let lags = log.events.iter().filter_map(|e| lag_of(&e.line)).collect();
    Ok(Loaded {
        id: id.clone(),
        header,
        meta: record.meta,
        events,
        lags,
        seq: log.events.last().map_or(0, |e| e.seq),
    })
}

/// Starts the task of a loaded game.
pub(crate) fn spawn(ctx: &Ctx, loaded: Loaded) -> Result<ActorEntry, ApiError> {
    let (tx, rx) = mpsc::channel(QUEUE);
    let header = loaded.header.clone();
    let start = Start {
        ctx,
        loaded,
        tx: tx.clone(),
        rx,
    };
    let abort = arbiter_session::with_rules(&header, start)?;
    Ok(ActorEntry { tx, abort })
}

/// A game's task started with its variant's rules.
struct Start<'a> {
    ctx: &'a Ctx,
    loaded: Loaded,
    tx: mpsc::Sender<Cmd>,
    rx: mpsc::Receiver<Cmd>,
}

impl arbiter_session::RulesJob for Start<'_> {
    type Output = Result<tokio::task::AbortHandle, ApiError>;
    fn run<R: Variant>(self, rules: R) -> Self::Output {
        let actor = GameActor::new(self.ctx, rules, self.loaded, self.tx)?;
        Ok(tokio::spawn(actor.run(self.rx)).abort_handle())
    }
}

/// Sends an input to a game's task and waits for its answer; `None` when
/// the task has ended (the caller loads the game again).
pub(crate) async fn ask(
    tx: &mpsc::Sender<Cmd>,
    input: Submission,
) -> Option<Result<Acted, ApiError>> {
    let (reply, answer) = oneshot::channel();
    let input = Box::new(input);
    tx.send(Cmd::Act { input, reply }).await.ok()?;
    answer.await.ok()
}

/// The game time: `base` ms at `anchor`, running with the monotonic clock.
struct GameClock {
    anchor: Instant,
    base: u64,
}

impl GameClock {
    fn now(&self) -> u64 {
        let ms = u64::try_from(self.anchor.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.base.saturating_add(ms)
    }
    fn instant(&self, at: u64) -> Instant {
        self.anchor + Duration::from_millis(at.saturating_sub(self.base))
    }
}

/// An engine's move being thought about.
struct Thinking {
    side: Side,
    plies: usize,
    answer: arbiter_session::BoxFuture<Result<OpponentMove, OpponentError>>,
}

struct GameActor<R: Variant> {
    ctx: Ctx,
    id: GameId,
    session: Session<R>,
    seq: u64,
    clock: GameClock,
    seats: [Option<Box<dyn Opponent>>; 2],
    resumed: bool,
    lag: [LagQuota; 2],
    me: mpsc::Sender<Cmd>,
}

/// Each side's lag quota, as the log's compensations left it.
fn quotas<R: Variant>(session: &Session<R>, lags: &[(Side, u64)]) -> [LagQuota; 2] {
    // The quota depends on the time control: read it from a fresh game.
    let fresh = arbiter_laws::replay::new_game(session.game().rules().clone(), session.header());
    let quota = |side: Side| {
        let Ok(g) = &fresh else {
            return LagQuota::new(0, 0);
        };
        let base = g.timing().remaining(side, 0).unwrap_or(0).max(0) as u64;
        let inc = g.timing().clock().map_or(0, |c| c.increment_ms(side));
        LagQuota::new(base, inc)
    };
    let mut q = [quota(Side::White), quota(Side::Black)];
    for &(side, comp) in lags {
        q[side.index()].compensate(comp);
    }
    q
}

fn opponent(
    variant: arbiter_session::laws::Variant,
    extra: &GameSettings,
) -> Result<Box<dyn Opponent>, ApiError> {
    let defaults = arbiter_session::any::defaults(variant);
    let movetime = extra.engine_movetime_ms.unwrap_or(defaults.movetime_ms);
    let level = extra
        .engine_level
        .and_then(|l| u8::try_from(l).ok())
        .unwrap_or(defaults.level);
    arbiter_session::any::hall_engine(variant, level, movetime)
        .map_err(|e| ApiError::internal(e.to_string()))
}

impl<R: Variant> GameActor<R> {
    fn new(
        ctx: &Ctx,
        rules: R,
        loaded: Loaded,
        me: mpsc::Sender<Cmd>,
    ) -> Result<GameActor<R>, ApiError> {
        let config = SessionConfig {
            header: loaded.header.clone(),
            mode: mode_of(loaded.meta.kind),
            lexicon: Lexicon::En,
            alarms_ms: [Vec::new(), Vec::new()],
        };
        let mut session = Session::resume(rules, config, &loaded.events)
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let mut seats: [Option<Box<dyn Opponent>>; 2] = [None, None];
        for (i, side) in Side::BOTH.into_iter().enumerate() {
            if loaded.meta.extra.seat(side) == SeatKind::Engine {
                seats[i] = Some(opponent(loaded.header.variant, &loaded.meta.extra)?);
                // An engine claims a flag the Laws leave to a claim.
                session.claim_flags_for(Side::BOTH[i]);
            }
        }
        let base = session.game().last_at();
        let lag = quotas(&session, &loaded.lags);
        Ok(GameActor {
            ctx: ctx.clone(),
            id: loaded.id,
            session,
            seq: loaded.seq,
            clock: GameClock {
                anchor: Instant::now(),
                base,
            },
            seats,
            resumed: !loaded.events.is_empty(),
            lag,
            me,
        })
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        if let Err(e) = self.begin().await {
            tracing::warn!(game = %self.id, reason = %e.reason, "a game could not resume");
            return self.finish().await;
        }
        let mut thinking: Option<Thinking> = None;
        while !self.session.is_over() {
            if thinking.as_ref().is_some_and(|t| self.is_stale(t)) {
                thinking = None;
            }
            if thinking.is_none() {
                thinking = self.ask();
            }
            let wake = self.session.next_wake().map(|w| self.clock.instant(w));
            let step = tokio::select! {
                biased;
                _ = async { tokio::time::sleep_until(wake.unwrap_or_else(Instant::now)).await }, if wake.is_some() => {
                    let out = self.session.poll(self.clock.now());
                    self.persist(&out).await
                }
                answer = async { thinking.as_mut().map(|t| t.answer.as_mut()).unwrap().await }, if thinking.is_some() => {
                    match thinking.take() {
                        Some(t) => self.engine_answered(t, answer).await,
                        None => Ok(()),
                    }
                }
                cmd = rx.recv() => match cmd {
                    Some(Cmd::Act { input, reply }) => {
                        let r = self.act(*input).await;
                        let fatal = matches!(&r, Err(e) if e.status.is_server_error());
                        let _ = reply.send(r);
                        if fatal { Err(ApiError::internal("the store failed")) } else { Ok(()) }
                    }
                    Some(Cmd::Stop) => Err(ApiError::unavailable("another instance took the game")),
                    None => Err(ApiError::internal("closed")),
                },
            };
            if let Err(e) = step {
                tracing::warn!(game = %self.id, reason = %e.reason, "a game task stops");
                return self.finish().await;
            }
        }
        self.conclude().await;
        self.linger(&mut rx).await;
        self.finish().await
    }

    /// A game that has ended still answers for a while (a late move gets
    /// its 409, an arbiter may correct), then its task ends.
    async fn linger(&mut self, rx: &mut mpsc::Receiver<Cmd>) {
        while let Ok(Some(Cmd::Act { input, reply })) =
            tokio::time::timeout(LINGER, rx.recv()).await
        {
            let r = self.act(*input).await;
            let _ = reply.send(r);
        }
    }

    /// Marks a finished game so, and gives its lease up.
    async fn conclude(&mut self) {
        let store = &self.ctx.store;
        if let Err(e) = store.set_status(&self.id, Status::Finished).await {
            tracing::warn!(game = %self.id, error = %e, "cannot mark a game finished");
        }
        let _ = store.release(&self.id, &self.ctx.instance_id).await;
    }

    /// On resuming a stored game: the time the hall was away is an arbiter's
    /// pause (6.11; 2023 6.12), so nobody is charged for it. A new game
    /// against an engine that moves first starts its clock at once.
    async fn begin(&mut self) -> Result<(), ApiError> {
        let now = self.clock.now();
        let live = !self.session.is_over() && !self.session.is_paused();
        if self.resumed && live {
            let reason = "the hall was stopped; the time it was away is not charged";
            let mut out = self.session.handle(now, arbiter(ActionKind::Pause, reason));
            let more = self
                .session
                .handle(now, arbiter(ActionKind::Resume, reason));
            out.log.extend(more.log);
            return self.persist(&out).await;
        }
        let engine_first = self.seats[self.session.to_move().index()].is_some();
        if self.session.origin().is_none() && self.session.mode() == Mode::Online && engine_first {
            self.session.handle(now, Input::Start);
        }
        Ok(())
    }

    async fn act(&mut self, submission: Submission) -> Result<Acted, ApiError> {
        let now = self.clock.now();
        // Online, the clock starts with the first action, as on lichess:
        // nobody loses time before the opponent has arrived.
        if self.session.origin().is_none() && self.session.mode() == Mode::Online {
            self.session.handle(now, Input::Start);
        }
        let (comp, side) = self.compensation(&submission, now);
        let mut out = self.session.handle(now - comp, submission.input);
        if comp > 0 {
            for (ev, line) in out.events.iter().zip(out.log.iter_mut()) {
                if matches!(&ev.event, Event::Move { side: s, .. } if Some(*s) == side) {
                    *line = annotate(line, comp);
                }
            }
        }
        // An engine seat answers a draw offer at once, as the CLI's does.
        for seat in Side::BOTH {
            if self.seats[seat.index()].is_some()
                && let Some(more) = self.session.engine_answers_offer(now, seat)
            {
                out.announcements.extend(more.announcements);
                out.events.extend(more.events);
                out.log.extend(more.log);
            }
        }
        self.persist(&out).await?;
        if let Some(text) = refusal(&out) {
            return Err(ApiError::refused(text));
        }
        Ok(self.acted())
    }

    /// How much of a move's reported lag is taken back, within the side's
    /// quota and never before the previous event (online moves only).
    fn compensation(&mut self, s: &Submission, now: u64) -> (u64, Option<Side>) {
        let (Some(lag), Input::Move { side, .. }, Some(origin)) =
            (s.lag_ms, &s.input, self.session.origin())
        else {
            return (0, None);
        };
        let side = side.unwrap_or(self.session.to_move());
        let since_last = now
            .saturating_sub(origin)
            .saturating_sub(self.session.game().last_at());
        if self.session.mode() != Mode::Online || side != self.session.to_move() {
            return (0, None);
        }
        let comp = self.lag[side.index()].compensate(lag.min(since_last));
        (comp, Some(side))
    }

    fn acted(&self) -> Acted {
        Acted {
            seq: self.seq,
            state: serde_json::to_value(self.session.state()).unwrap_or(Value::Null),
        }
    }

    /// Appends the output's log lines, each committed before the next.
    async fn persist(&mut self, out: &Output) -> Result<(), ApiError> {
        for line in &out.log {
            let seq = self
                .ctx
                .store
                .append(&self.id, line, Some(self.seq + 1))
                .await
                .map_err(|e| ApiError::unavailable(format!("the store failed: {e}")))?;
            self.seq = seq;
        }
        Ok(())
    }

    fn is_stale(&self, t: &Thinking) -> bool {
        self.session.is_over()
            || self.session.to_move() != t.side
            || self.session.game().plies().len() != t.plies
    }

    fn ask(&mut self) -> Option<Thinking> {
        let request = self.session.opponent_request(self.clock.now())?;
        let side = request.side;
        let engine = self.seats[side.index()].as_mut()?;
        Some(Thinking {
            side,
            plies: self.session.game().plies().len(),
            answer: engine.choose(request),
        })
    }

    async fn engine_answered(
        &mut self,
        t: Thinking,
        answer: Result<OpponentMove, OpponentError>,
    ) -> Result<(), ApiError> {
        let now = self.clock.now();
        if self.session.is_paused() || self.is_stale(&t) {
            return Ok(());
        }
        let error = match answer {
            Ok(m) => {
                let input = Input::Move {
                    side: Some(t.side),
                    text: m.text.clone(),
                };
                let out = self.session.handle(now, input);
                self.persist(&out).await?;
                match refusal(&out) {
                    None => return Ok(()),
                    Some(r) => format!("its move {:?} was refused: {r}", m.text),
                }
            }
            Err(e) => e.to_string(),
        };
        tracing::warn!(game = %self.id, %error, "an engine failed; the game is paused");
        let out = self.session.engine_failed(now, t.side, &error);
        self.persist(&out).await
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

fn arbiter(action: ActionKind, reason: &str) -> Input {
    Input::Event(Event::Arbiter(ArbiterAction {
        action,
        side: None,
        ms: None,
        result: None,
        reason: Some(reason.into()),
        points: None,
        ply: None,
        restart: None,
    }))
}

/// The words of a refusal, if the output holds one.
fn refusal(out: &Output) -> Option<String> {
    out.announcements
        .iter()
        .find(|a| matches!(a.kind, Said::Refused { .. }))
        .map(|a| a.text.clone())
}
