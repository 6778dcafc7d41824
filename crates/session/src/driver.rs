//! The async driver: one task per live game. It feeds inputs to the
//! [`Session`], wakes by itself when an alarm or a flag is due (no one needs
//! to press), asks the opponents for their moves while their clocks run,
//! and pauses the game when an engine fails, so it never stalls.

use crate::opponent::{Opponent, OpponentError, OpponentMove};
use crate::session::{Input, Output, Session};
use crate::time::{BoxFuture, TimeSource};
use crate::variant::Variant;
use arbiter_rules::Side;
use tokio::sync::{mpsc, oneshot};

/// One input, and optionally a reply once it was handled. Its output goes
/// to the output channel like every other, in order; the reply carries a
/// copy, so that a front end that answers questions about the game waits
/// for it and then finds on the channel everything up to that input.
pub struct Request {
    /// What to give the session.
    pub input: Input,
    /// Where to send a copy of its output once it was handled.
    pub reply: Option<oneshot::Sender<Output>>,
}

impl From<Input> for Request {
    fn from(input: Input) -> Request {
        Request { input, reply: None }
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
}

impl<R: Variant, T: TimeSource> Driver<R, T> {
    /// A driver for `session` on `time`, with no engine seat.
    pub fn new(session: Session<R>, time: T) -> Self {
        Driver {
            session,
            time,
            seats: [None, None],
            engine_timeout_ms: None,
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

    /// The session being driven.
    pub fn session(&self) -> &Session<R> {
        &self.session
    }

    /// Runs the game until `inputs` closes (then waits for a pending engine
    /// move, as a player at the board would) and returns the session. Every
    /// output goes to `outputs`, in order.
    pub async fn run<I: Into<Request> + Send>(
        mut self,
        mut inputs: mpsc::Receiver<I>,
        outputs: mpsc::UnboundedSender<Output>,
    ) -> Session<R> {
        let mut open = true;
        let mut thinking: Option<Thinking> = None;
        loop {
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
            tokio::select! {
                biased;
                _ = async { sleep.unwrap().await }, if wake.is_some() => {
                    let now = self.time.now_ms();
                    if let Some(t) = thinking.take_if(|t| t.deadline.is_some_and(|d| d <= now)) {
                        let error = OpponentError::Hung("no move in time".into()).to_string();
                        let _ = outputs.send(self.session.engine_failed(now, t.side, &error));
                    }
                    let _ = outputs.send(self.session.poll(now));
                }
                answer = async { thinking.as_mut().unwrap().answer.as_mut().await }, if thinking.is_some() => {
                    if let Some(t) = thinking.take() {
                        self.engine_answered(t, answer, &outputs);
                    }
                }
                input = inputs.recv(), if open => match input {
                    Some(i) => {
                        let now = self.time.now_ms();
                        let r: Request = i.into();
                        let out = self.session.handle(now, r.input);
                        if let Some(tx) = r.reply {
                            let _ = tx.send(out.clone());
                        }
                        let _ = outputs.send(out);
                        self.answer_offers(&outputs);
                    }
                    None => open = false,
                },
            }
        }
    }

    /// An engine seat answers a draw offer made to it at once.
    fn answer_offers(&mut self, outputs: &mpsc::UnboundedSender<Output>) {
        let now = self.time.now_ms();
        for side in Side::BOTH {
            if self.seats[side.index()].is_some()
                && let Some(out) = self.session.engine_answers_offer(now, side)
            {
                let _ = outputs.send(out);
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

    fn engine_answered(
        &mut self,
        t: Thinking,
        answer: Result<OpponentMove, OpponentError>,
        outputs: &mpsc::UnboundedSender<Output>,
    ) {
        let now = self.time.now_ms();
        // A paused game or a changed position: the answer is for a game
        // that is not there any more; it is asked again when play resumes.
        if self.session.is_paused() || self.is_stale(t.side, t.plies) {
            let _ = outputs.send(self.session.poll(now));
            return;
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
                let _ = outputs.send(out);
                match refused {
                    None => return,
                    Some(r) => format!("its move {:?} was refused: {r:?}", m.text),
                }
            }
            Err(e) => e.to_string(),
        };
        let _ = outputs.send(self.session.engine_failed(now, t.side, &error));
    }
}
