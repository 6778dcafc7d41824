//! The async driver: one task per live game, the only live-game loop there
//! is (`arbiter play`, `arbiter clock` and the hall all run it). It feeds
//! inputs to the [`Session`], wakes by itself when an alarm or a flag is due
//! (no one needs to press), asks the opponents for their moves while their
//! clocks run, and pauses the game when an engine fails or hangs, so it
//! never stalls. Every output goes to an [`Outlet`] and a request is
//! answered only once the outlet took its output: a hall's outlet commits
//! it to the store first, as a server acknowledges only what it committed.

use crate::lag::LagQuotas;
use crate::opponent::{Opponent, OpponentError, OpponentMove};
use crate::session::{Input, Mode, Output, Session};
use crate::time::{BoxFuture, TimeSource};
use crate::variant::Variant;
use arbiter_rules::Side;
use std::future::Future;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// One input, and optionally a reply once it was handled. Its output goes
/// to the outlet like every other, in order; the reply carries the outlet's
/// receipt (for a channel, a copy of the output), so that a front end that
/// answers questions about the game waits for it and then finds everything
/// up to that input already delivered.
pub struct Request<A = Output> {
    /// What to give the session.
    pub input: Input,
    /// Where to send the receipt once the output was taken.
    pub reply: Option<oneshot::Sender<A>>,
    /// The network lag the sender of a move reports, in ms, to be taken
    /// back from his clock within his quota ([`Driver::with_lag_compensation`]).
    pub lag_ms: Option<u64>,
}

impl From<Input> for Request {
    fn from(input: Input) -> Request {
        Request {
            input,
            reply: None,
            lag_ms: None,
        }
    }
}

/// A question about the game, answered between two inputs.
pub type Look<R> = Box<dyn FnOnce(&Session<R>) + Send>;

/// What the driver is told.
pub enum Order<R: Variant, A = Output> {
    /// Handle an input.
    Request(Request<A>),
    /// Look at the session as it stands (to write its PGN, say).
    Look(Look<R>),
    /// Stop at once (another instance took the game): the session comes
    /// back as it stands, a pending engine move is dropped.
    Stop,
}

impl<R: Variant, A> From<Request<A>> for Order<R, A> {
    fn from(r: Request<A>) -> Order<R, A> {
        Order::Request(r)
    }
}

impl<R: Variant> From<Input> for Order<R> {
    fn from(input: Input) -> Order<R> {
        Order::Request(input.into())
    }
}

/// The outlet could not take an output: the driver answers the request
/// that made it with the receipt inside, if any, and stops.
pub struct Halt<A>(pub A);

/// Where the driver's outputs go, each before the request that made it is
/// answered.
pub trait Outlet<R: Variant>: Send {
    /// What a request is answered with once its output was taken.
    type Receipt: Send + 'static;

    /// Takes one output, with the session as it stands after it. An error
    /// stops the driver.
    fn accept(
        &mut self,
        out: Output,
        session: &Session<R>,
    ) -> impl Future<Output = Result<Self::Receipt, Halt<Self::Receipt>>> + Send;
}

/// A channel takes every output and never fails; the receipt is a copy.
impl<R: Variant> Outlet<R> for mpsc::UnboundedSender<Output> {
    type Receipt = Output;

    async fn accept(&mut self, out: Output, _session: &Session<R>) -> Result<Output, Halt<Output>> {
        // A front end that stopped listening still gets its replies.
        let _ = self.send(out.clone());
        Ok(out)
    }
}

/// An outlet lent to a driver stays its owner's.
impl<R: Variant, O: Outlet<R>> Outlet<R> for &mut O {
    type Receipt = O::Receipt;

    fn accept(
        &mut self,
        out: Output,
        session: &Session<R>,
    ) -> impl Future<Output = Result<Self::Receipt, Halt<Self::Receipt>>> + Send {
        (**self).accept(out, session)
    }
}

/// An engine's move being thought about.
struct Thinking {
    side: Side,
    /// Plies played when it was asked: an answer to an older position is dropped.
    plies: usize,
    answer: BoxFuture<Result<OpponentMove, OpponentError>>,
    /// The time source's ms after which the engine is taken to hang.
    deadline: Option<u64>,
}

/// A session with its time source and its engine seats.
pub struct Driver<R: Variant, T: TimeSource> {
    session: Session<R>,
    time: T,
    seats: [Option<Box<dyn Opponent>>; 2],
    engine_timeout_ms: Option<u64>,
    online_start: bool,
    lag: Option<LagQuotas>,
    linger: Option<Duration>,
}

/// Why the loop ended.
enum Ended {
    /// The inputs closed (or the game lingered long enough) and no engine thinks.
    Done,
    /// A stop order, or the outlet failed.
    Stopped,
}

impl<R: Variant, T: TimeSource> Driver<R, T> {
    /// A driver for `session` on `time`, with no engine seat.
    pub fn new(session: Session<R>, time: T) -> Self {
        Driver {
            session,
            time,
            seats: [None, None],
            engine_timeout_ms: None,
            online_start: false,
            lag: None,
            linger: None,
        }
    }

    /// `side` is played by `opponent`.
    pub fn with_opponent(mut self, side: Side, opponent: Box<dyn Opponent>) -> Self {
        self.seats[side.index()] = Some(opponent);
        self
    }

    /// An engine that has not answered after `ms` is taken to hang (a UCI
    /// adapter has its own watchdog; this one covers any opponent).
    pub fn with_engine_timeout(mut self, ms: u64) -> Self {
        self.engine_timeout_ms = Some(ms);
        self
    }

    /// Online, the clock starts with the first request, as on lichess:
    /// nobody loses time before the opponent has arrived.
    pub fn with_online_start(mut self) -> Self {
        self.online_start = true;
        self
    }

    /// A move's reported lag ([`Request::lag_ms`]) is taken back from its
    /// sender's clock within `quotas`.
    pub fn with_lag_compensation(mut self, quotas: LagQuotas) -> Self {
        self.lag = Some(quotas);
        self
    }

    /// Once the game is over, the driver still answers requests (a late
    /// move hears that the game is over, an arbiter may correct) until none
    /// came for `idle`, then returns.
    pub fn with_linger(mut self, idle: Duration) -> Self {
        self.linger = Some(idle);
        self
    }

    /// The session being driven.
    pub fn session(&self) -> &Session<R> {
        &self.session
    }

    /// The session, to give it inputs before the driver runs (a game taken
    /// up again from its log is paused and resumed at its last instant).
    pub fn session_mut(&mut self) -> &mut Session<R> {
        &mut self.session
    }

    /// Whether an opponent plays `side`.
    pub fn has_opponent(&self, side: Side) -> bool {
        self.seats[side.index()].is_some()
    }

    /// The time source's ms now.
    pub fn now_ms(&self) -> u64 {
        self.time.now_ms()
    }

    /// Runs the game until `inputs` closes (then waits for a pending engine
    /// move, as a player at the board would) and returns the session. Every
    /// output goes to `outputs`, in order.
    pub async fn run<I: Into<Order<R>> + Send>(
        self,
        inputs: mpsc::Receiver<I>,
        outputs: mpsc::UnboundedSender<Output>,
    ) -> Session<R> {
        self.drive(inputs, outputs).await
    }

    /// Runs the game until `inputs` closes (and no engine thinks), a
    /// [`Order::Stop`] comes, the outlet fails, or a finished game has
    /// lingered; returns the session. Every output goes to `outlet`, in
    /// order, and a request is answered with the outlet's receipt.
    ///
    /// An `async` block rather than an `async fn`: the block works on the
    /// driver it captured, where an `async fn` would keep its argument and
    /// a moved copy of it, a second session, in every parked game.
    #[expect(
        clippy::manual_async_fn,
        reason = "an async fn would keep the driver twice in its future"
    )]
    pub fn drive<O, I>(
        mut self,
        mut inputs: mpsc::Receiver<I>,
        mut outlet: O,
    ) -> impl Future<Output = Session<R>>
    where
        O: Outlet<R>,
        I: Into<Order<R, O::Receipt>> + Send,
    {
        async move {
            let mut thinking: Option<Thinking> = None;
            let mut open = true;
            let mut idle_from = tokio::time::Instant::now();
            let mut was_over = self.session.is_over();
            loop {
                // A game lingers from its end, or from its last request after.
                if self.session.is_over() && !was_over {
                    idle_from = tokio::time::Instant::now();
                }
                was_over = self.session.is_over();
                if thinking
                    .as_ref()
                    .is_some_and(|t| self.is_stale(t.side, t.plies))
                {
                    thinking = None;
                }
                if !open && thinking.is_none() {
                    return self.session;
                }
                if thinking.is_none() {
                    thinking = self.ask();
                }
                let wake = [
                    self.session.next_wake(),
                    thinking.as_ref().and_then(|t| t.deadline),
                ]
                .into_iter()
                .flatten()
                .min();
                let sleep = wake.map(|w| self.time.sleep_until(w));
                let linger = self
                    .linger
                    .filter(|_| self.session.is_over())
                    .map(|idle| idle_from + idle);
                let ended = tokio::select! {
                    biased;
                    _ = async { sleep.unwrap().await }, if wake.is_some() => {
                        self.woken(&mut thinking, &mut outlet).await
                    }
                    answer = async { thinking.as_mut().unwrap().answer.as_mut().await }, if thinking.is_some() => {
                        match thinking.take() {
                            Some(t) => self.engine_answered(t, answer, &mut outlet).await,
                            None => None,
                        }
                    }
                    order = inputs.recv(), if open => match order.map(Into::into) {
                        Some(Order::Request(r)) => {
                            idle_from = tokio::time::Instant::now();
                            self.requested(r, &mut outlet).await
                        }
                        Some(Order::Look(look)) => {
                            look(&self.session);
                            None
                        }
                        Some(Order::Stop) => Some(Ended::Stopped),
                        None => {
                            open = false;
                            None
                        }
                    },
                    _ = tokio::time::sleep_until(linger.unwrap_or_else(tokio::time::Instant::now)), if linger.is_some() => {
                        Some(Ended::Done)
                    }
                };
                match ended {
                    None => {}
                    Some(Ended::Done | Ended::Stopped) => return self.session,
                }
            }
        }
    }

    /// An alarm, a flag or an engine's deadline is due.
    async fn woken<O: Outlet<R>>(
        &mut self,
        thinking: &mut Option<Thinking>,
        outlet: &mut O,
    ) -> Option<Ended> {
        let now = self.time.now_ms();
        if let Some(t) = thinking.take_if(|t| t.deadline.is_some_and(|d| d <= now)) {
            let error = OpponentError::Hung("no move in time".into()).to_string();
            let out = self.session.engine_failed(now, t.side, &error);
            if outlet.accept(out, &self.session).await.is_err() {
                return Some(Ended::Stopped);
            }
        }
        let out = self.session.poll(now);
        outlet
            .accept(out, &self.session)
            .await
            .err()
            .map(|_| Ended::Stopped)
    }

    /// One request: handled, with an engine seat's answer to a draw offer,
    /// taken by the outlet, then answered.
    async fn requested<O: Outlet<R>>(
        &mut self,
        r: Request<O::Receipt>,
        outlet: &mut O,
    ) -> Option<Ended> {
        let now = self.time.now_ms();
        let mut out = Output::default();
        if self.online_start
            && !self.session.logs_the_start()
            && self.session.origin().is_none()
            && self.session.mode() == Mode::Online
        {
            out = self.session.handle(now, Input::Start);
        }
        let comp = match (&mut self.lag, r.lag_ms, &r.input) {
            (Some(q), Some(lag), Input::Move { side, .. }) => {
                q.take(&self.session, *side, lag, now)
            }
            _ => 0,
        };
        let handled = self
            .session
            .handle_lagged(now.saturating_sub(comp), r.input, comp);
        merge(&mut out, handled);
        self.answer_offers(&mut out);
        let (receipt, ended) = match outlet.accept(out, &self.session).await {
            Ok(receipt) => (receipt, None),
            Err(Halt(receipt)) => (receipt, Some(Ended::Stopped)),
        };
        if let Some(tx) = r.reply {
            let _ = tx.send(receipt);
        }
        ended
    }

    /// An engine seat answers a draw offer made to it at once.
    fn answer_offers(&mut self, out: &mut Output) {
        let now = self.time.now_ms();
        for side in Side::BOTH {
            if self.seats[side.index()].is_some()
                && let Some(more) = self.session.engine_answers_offer(now, side)
            {
                merge(out, more);
            }
        }
    }

    fn is_stale(&self, side: Side, plies: usize) -> bool {
        self.session.is_over()
            || self.session.to_move() != side
            || self.session.game().plies().len() != plies
    }

    /// Asks the engine of the side to move, if it has one and a move is wanted.
    fn ask(&mut self) -> Option<Thinking> {
        let now = self.time.now_ms();
        let request = self.session.opponent_request(now)?;
        let side = request.side;
        let engine = self.seats[side.index()].as_mut()?;
        Some(Thinking {
            side,
            plies: self.session.game().plies().len(),
            answer: engine.choose(request),
            deadline: self.engine_timeout_ms.map(|ms| now.saturating_add(ms)),
        })
    }

    async fn engine_answered<O: Outlet<R>>(
        &mut self,
        t: Thinking,
        answer: Result<OpponentMove, OpponentError>,
        outlet: &mut O,
    ) -> Option<Ended> {
        let now = self.time.now_ms();
        // A paused game or a changed position: the answer is for a game
        // that is not there any more; it is asked again when play resumes.
        if self.session.is_paused() || self.is_stale(t.side, t.plies) {
            let out = self.session.poll(now);
            return outlet
                .accept(out, &self.session)
                .await
                .err()
                .map(|_| Ended::Stopped);
        }
        let error = match answer {
            Ok(m) => {
                let out = self.session.handle(
                    now,
                    Input::Move {
                        side: Some(t.side),
                        text: m.text.clone(),
                    },
                );
                let refused = out.refused().cloned();
                if outlet.accept(out, &self.session).await.is_err() {
                    return Some(Ended::Stopped);
                }
                match refused {
                    None => return None,
                    Some(r) => format!("its move {:?} was refused: {r:?}", m.text),
                }
            }
            Err(e) => e.to_string(),
        };
        let out = self.session.engine_failed(now, t.side, &error);
        outlet
            .accept(out, &self.session)
            .await
            .err()
            .map(|_| Ended::Stopped)
    }
}

/// Appends `more` to `out`, as one output.
fn merge(out: &mut Output, more: Output) {
    out.announcements.extend(more.announcements);
    out.events.extend(more.events);
    out.log.extend(more.log);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::SessionConfig;
    use crate::time::ManualTime;
    use arbiter_chess::Chess;
    use arbiter_laws::Event;
    use arbiter_laws::log::Header;
    use arbiter_notation::Lexicon;
    use std::sync::{Arc, Mutex};

    fn session() -> Session<Chess> {
        let config = SessionConfig {
            header: Header::new("Anna", "Boris", Some("60+0")),
            mode: Mode::Online,
            lexicon: Lexicon::En,
            alarms_ms: [vec![], vec![]],
        };
        Session::new(Chess::default(), config).expect("a playable start")
    }

    /// Counts the outputs that carry log lines; fails on the `fail_at`th.
    struct Store {
        lines: Arc<Mutex<Vec<String>>>,
        fail_at: usize,
    }

    impl Outlet<Chess> for Store {
        type Receipt = usize;
        async fn accept(&mut self, out: Output, _: &Session<Chess>) -> Result<usize, Halt<usize>> {
            let mut lines = self.lines.lock().expect("lines");
            if !out.log.is_empty() && lines.len() + 1 == self.fail_at {
                return Err(Halt(usize::MAX));
            }
            lines.extend(out.log);
            Ok(lines.len())
        }
    }

    async fn asked(tx: &mpsc::Sender<Request<usize>>, text: &str, lag_ms: Option<u64>) -> usize {
        let (reply, answer) = oneshot::channel();
        let input = Input::Move {
            side: None,
            text: text.into(),
        };
        let r = Request {
            input,
            reply: Some(reply),
            lag_ms,
        };
        tx.send(r).await.expect("the driver runs");
        answer.await.expect("an answer")
    }

    #[tokio::test]
    async fn a_request_is_answered_after_its_output_was_taken_and_a_failing_outlet_stops() {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let outlet = Store {
            lines: lines.clone(),
            fail_at: 3,
        };
        let time = ManualTime::new();
        let driver = Driver::new(session(), time.clone())
            .with_online_start()
            .with_lag_compensation(LagQuotas::of(&session(), &[]));
        let (tx, rx) = mpsc::channel::<Request<usize>>(4);
        let task = tokio::spawn(driver.drive(rx, outlet));
        // The first request starts the clock (online) and is answered once
        // its line was taken.
        assert_eq!(asked(&tx, "e4", None).await, 1);
        assert_eq!(lines.lock().expect("lines").len(), 1);
        time.set(2_000);
        // Black reports 500 ms of lag: its move is stamped that much earlier
        // and its event says so.
        assert_eq!(asked(&tx, "e5", Some(500)).await, 2);
        let e5 = lines.lock().expect("lines")[1].clone();
        let ev = arbiter_laws::log::parse_event(&e5).expect("an event");
        assert_eq!(ev.at, 1_500, "{e5}");
        assert!(
            matches!(
                ev.event,
                Event::Move {
                    lag_ms: Some(500),
                    ..
                }
            ),
            "{e5}"
        );
        // The outlet fails: the request hears the halt, and the driver
        // stops although its inputs are still open.
        assert_eq!(asked(&tx, "Nf3", None).await, usize::MAX);
        let session = task.await.expect("the driver returns");
        assert_eq!(session.game().plies().len(), 3);
    }

    #[tokio::test(start_paused = true)]
    async fn a_finished_game_lingers_then_the_driver_returns() {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let outlet = Store { lines, fail_at: 0 };
        let driver = Driver::new(session(), ManualTime::new())
            .with_online_start()
            .with_linger(Duration::from_secs(10));
        let (tx, rx) = mpsc::channel::<Request<usize>>(4);
        let task = tokio::spawn(driver.drive(rx, outlet));
        let (reply, answer) = oneshot::channel();
        let resign = Input::Event(Event::Resign { side: Side::White });
        tx.send(Request {
            input: resign,
            reply: Some(reply),
            lag_ms: None,
        })
        .await
        .expect("sent");
        assert_eq!(answer.await.expect("answered"), 1);
        let started = tokio::time::Instant::now();
        let session = task
            .await
            .expect("the driver returns while the channel is open");
        assert!(session.is_over());
        assert!(started.elapsed() >= Duration::from_secs(10));
        drop(tx);
    }
}
