//! Opponents: anything that chooses a move for one side. An engine's move
//! goes through the same Laws and the same clock as a person's: the session
//! asks, the engine thinks on its own clock, and its answer is read and
//! checked like typed text.

use crate::time::BoxFuture;
use arbiter_rules::{Side, Variant};
use arbiter_tavreli::search::{Engine, Limits};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The clocks as an engine sees them (UCI `wtime`/`btime`/`winc`/`binc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub white_ms: i64,
    pub black_ms: i64,
    pub white_increment_ms: u64,
    pub black_increment_ms: u64,
}

/// What an opponent is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpponentRequest {
    /// The game the position is of.
    pub variant: Variant,
    /// The starting position's text (FEN for chess).
    pub start: String,
    /// The moves played since `start`, in machine notation (UCI for chess),
    /// or `None` when one of them cannot be written so (an illegal move that
    /// stood, L-A.5.2): then only `position` describes the game.
    pub moves: Option<Vec<String>>,
    /// The current position's text (FEN for chess).
    pub position: String,
    /// The side to play.
    pub side: Side,
    /// The clocks, when the game has one.
    pub clock: Option<ClockView>,
}

/// An opponent's answer: a move in any notation the variant reads (UCI for
/// a UCI engine, the federation notation for Tavreli).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpponentMove {
    pub text: String,
}

/// Why an opponent gave no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentError {
    /// The engine process died or closed its pipes.
    Crashed(String),
    /// The engine did not answer in time.
    Hung(String),
    /// The engine answered without a move (none is legal, or it refused).
    NoMove(String),
}

impl fmt::Display for OpponentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpponentError::Crashed(m) => write!(f, "crashed: {m}"),
            OpponentError::Hung(m) => write!(f, "does not answer: {m}"),
            OpponentError::NoMove(m) => write!(f, "gave no move: {m}"),
        }
    }
}

impl std::error::Error for OpponentError {}

/// Something that chooses moves. The future is `'static` so a driver can
/// hold it beside the session while inputs keep arriving; an implementation
/// moves what it needs (an `Arc` of its engine) into it.
pub trait Opponent: Send {
    /// Chooses a move for `request.side`.
    fn choose(
        &mut self,
        request: OpponentRequest,
    ) -> BoxFuture<Result<OpponentMove, OpponentError>>;
}

/// Raises its flag when dropped: the search it belongs to stops.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The built-in Tavreli engine (`arbiter-tavreli`'s search) as an opponent.
pub struct TavreliOpponent {
    engine: Arc<Mutex<Engine>>,
    limits: Limits,
    /// Wall-clock time per move; the search is pure, so the deadline is
    /// read here and passed to it as its "should stop" callback.
    per_move: Option<Duration>,
}

impl TavreliOpponent {
    /// Level 1–6 with at most `ms_per_move` per move, as `arbiter play` offers.
    pub fn new(level: u8, ms_per_move: u64) -> TavreliOpponent {
        TavreliOpponent {
            per_move: Some(Duration::from_millis(ms_per_move.max(1))),
            ..TavreliOpponent::with_limits(Limits::level(level.clamp(1, 6)), 32)
        }
    }

    /// Any search limits, with a transposition table of about `table_mb` MB
    /// (tests use a node limit, which is deterministic).
    pub fn with_limits(limits: Limits, table_mb: usize) -> TavreliOpponent {
        TavreliOpponent {
            engine: Arc::new(Mutex::new(Engine::new(table_mb))),
            limits,
            per_move: None,
        }
    }
}

impl Opponent for TavreliOpponent {
    fn choose(
        &mut self,
        request: OpponentRequest,
    ) -> BoxFuture<Result<OpponentMove, OpponentError>> {
        let engine = self.engine.clone();
        let (limits, per_move) = (self.limits, self.per_move);
        Box::pin(async move {
            let pos = arbiter_tavreli::fen::parse(&request.position)
                .map_err(|e| OpponentError::NoMove(format!("position: {e}")))?;
            // A search whose answer nobody waits for any more (the game
            // ended, the position changed) stops at once, not at its
            // deadline: dropping this future raises the flag.
            let abandoned = StopOnDrop(Arc::new(AtomicBool::new(false)));
            let cancel = abandoned.0.clone();
            // The search is CPU-bound: off the async threads, so the clock
            // and every other game keep running while it thinks.
            let found = tokio::task::spawn_blocking(move || {
                let mut e = engine.lock().unwrap_or_else(|p| p.into_inner());
                let deadline = per_move.map(|d| Instant::now() + d);
                let stop = || {
                    cancel.load(Ordering::Relaxed) || deadline.is_some_and(|t| Instant::now() >= t)
                };
                e.search_until(&pos, limits, &stop)
                    .best
                    .map(|m| arbiter_tavreli::notation::move_plain(&pos, m))
            })
            .await
            .map_err(|e| OpponentError::Crashed(e.to_string()))?;
            found
                .map(|text| OpponentMove { text })
                .ok_or_else(|| OpponentError::NoMove("no legal move".into()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search dropped mid-way stops within 2 s, not at its deadline: the
    /// engine's lock, held while it searches, is free again.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_dropped_search_stops_at_once() {
        let mut o = TavreliOpponent::new(6, 60_000);
        let engine = o.engine.clone();
        let position = arbiter_tavreli::fen::to_text(&arbiter_tavreli::board::Position::initial());
        let request = OpponentRequest {
            variant: Variant::Tavreli,
            start: position.clone(),
            moves: None,
            position,
            side: Side::White,
            clock: None,
        };
        let thinking = tokio::spawn(o.choose(request));
        let started = Instant::now();
        while engine.try_lock().is_ok() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the search never started"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        thinking.abort();
        let dropped = Instant::now();
        while engine.try_lock().is_err() {
            assert!(
                dropped.elapsed() < Duration::from_secs(2),
                "the search goes on"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
