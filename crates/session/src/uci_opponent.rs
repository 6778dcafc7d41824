//! A UCI engine (Stockfish) as an [`Opponent`]: the engine process is
//! started on the first request and kept for the game; a crashed engine is
//! started again on the next request.

use crate::opponent::{Opponent, OpponentError, OpponentMove, OpponentRequest};
use crate::time::BoxFuture;
use arbiter_uci::{Engine, EngineConfig, EngineError};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// A UCI engine playing one side at a fixed time per move.
pub struct UciOpponent {
    config: EngineConfig,
    movetime: Duration,
    engine: Arc<Mutex<Option<Engine>>>,
}

impl UciOpponent {
    /// An engine started from `config` when first asked, thinking
    /// `movetime` per move.
    pub fn new(config: EngineConfig, movetime: Duration) -> UciOpponent {
        UciOpponent {
            config,
            movetime,
            engine: Arc::new(Mutex::new(None)),
        }
    }

    /// Stockfish at `level` (1–20) thinking `movetime_ms` per move, with one
    /// thread and a small hash so that many games fit on one machine.
    pub fn stockfish(level: u8, movetime_ms: u64) -> Result<UciOpponent, OpponentError> {
        let config = EngineConfig::stockfish()
            .level(level)
            .map_err(|e| OpponentError::NoMove(e.to_string()))?
            .option("Threads", "1")
            .option("Hash", "16");
        Ok(UciOpponent::new(config, Duration::from_millis(movetime_ms)))
    }
}

fn engine_error(e: EngineError) -> OpponentError {
    match e {
        EngineError::Hung { .. } => OpponentError::Hung(e.to_string()),
        _ => OpponentError::Crashed(e.to_string()),
    }
}

impl Opponent for UciOpponent {
    fn choose(
        &mut self,
        request: OpponentRequest,
    ) -> BoxFuture<Result<OpponentMove, OpponentError>> {
        let slot = self.engine.clone();
        let config = self.config.clone();
        let movetime = self.movetime;
        Box::pin(async move {
            // An illegal move that stood has no UCI form: the engine is
            // then given the position alone.
            let (start, moves) = match request.moves {
                Some(m) => (request.start, m),
                None => (request.position, Vec::new()),
            };
            let mut guard = slot.lock().await;
            if guard.is_none() {
                *guard = Some(Engine::spawn(config).await.map_err(engine_error)?);
            }
            let engine = guard
                .as_mut()
                .ok_or_else(|| OpponentError::Crashed("no engine".into()))?;
            match engine.best_move(Some(&start), &moves, movetime).await {
                Ok(best) => Ok(OpponentMove {
                    text: best.mv.to_string(),
                }),
                Err(e) => {
                    // The process is gone after these errors: start anew next time.
                    *guard = None;
                    Err(engine_error(e))
                }
            }
        })
    }
}
