//! A UCI engine (Stockfish by default) as an [`Opponent`]: the session asks,
//! the engine answers in UCI, and the answer is read and checked against the
//! position like any typed move. The process is kept for the game; one that
//! crashed or hung is started again on the next request.

use crate::opponent::{Opponent, OpponentError, OpponentMove, OpponentRequest};
use crate::time::BoxFuture;
use arbiter_rules::Variant;
use arbiter_uci::{Engine, EngineConfig, EngineError};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// A UCI engine that plays one side with a fixed time per move.
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

    /// Starts the engine of `config` now (handshake and options done here, so
    /// a missing or misconfigured engine is an error before the game begins).
    pub async fn spawn(config: EngineConfig, movetime: Duration) -> Result<Self, EngineError> {
        let engine = Engine::spawn(config.clone()).await?;
        Ok(UciOpponent {
            config,
            movetime,
            engine: Arc::new(Mutex::new(Some(engine))),
        })
    }

    /// Stockfish at `level` (1–20) thinking `movetime_ms` per move, with one
    /// thread and a small hash so that many games fit on one machine; started
    /// when first asked.
    pub fn stockfish(level: u8, movetime_ms: u64) -> Result<UciOpponent, OpponentError> {
        let config = EngineConfig::stockfish()
            .level(level)
            .map_err(|e| OpponentError::NoMove(e.to_string()))?
            .option("Threads", "1")
            .option("Hash", "16");
        Ok(UciOpponent::new(config, Duration::from_millis(movetime_ms)))
    }

    /// The engine's name, as it gave it (once it has been started).
    pub async fn name(&self) -> Option<String> {
        let guard = self.engine.lock().await;
        guard.as_ref()?.name().map(str::to_string)
    }
}

/// The session's view of an engine failure: a dead engine and a hung one
/// both pause the game; the rest are reported as "no move".
fn failure(e: EngineError) -> OpponentError {
    match e {
        EngineError::Crashed { .. } | EngineError::Closed | EngineError::Spawn { .. } => {
            OpponentError::Crashed(e.to_string())
        }
        EngineError::Hung { .. } | EngineError::Timeout { .. } => {
            OpponentError::Hung(e.to_string())
        }
        other => OpponentError::NoMove(other.to_string()),
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
            if request.variant != Variant::Chess {
                return Err(OpponentError::NoMove(format!(
                    "a UCI engine plays chess, not {}",
                    request.variant
                )));
            }
            // The moves since the start when they can all be written in UCI
            // (the engine then sees the repetitions); otherwise the position.
            let (fen, moves) = match request.moves {
                Some(m) => (request.start, m),
                None => (request.position, Vec::new()),
            };
            let mut guard = slot.lock().await;
            if guard.is_none() {
                *guard = Some(Engine::spawn(config).await.map_err(failure)?);
            }
            let engine = guard
                .as_mut()
                .ok_or_else(|| OpponentError::Crashed("no engine".into()))?;
            match engine.best_move(Some(&fen), &moves, movetime).await {
                Ok(best) => Ok(OpponentMove {
                    text: best.mv.to_string(),
                }),
                Err(e) => {
                    // The process is gone after these errors: start anew next time.
                    *guard = None;
                    Err(failure(e))
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::Side;

    fn request(moves: Vec<String>) -> OpponentRequest {
        OpponentRequest {
            variant: Variant::Chess,
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            moves: Some(moves),
            position: String::new(),
            side: Side::Black,
            clock: None,
        }
    }

    #[tokio::test]
    async fn stockfish_answers_with_a_legal_move_or_the_test_says_why_not() {
        if !std::path::Path::new(arbiter_uci::DEFAULT_ENGINE_PATH).exists() {
            eprintln!("no Stockfish at {}", arbiter_uci::DEFAULT_ENGINE_PATH);
            return;
        }
        let mut o = UciOpponent::spawn(EngineConfig::stockfish(), Duration::from_millis(20))
            .await
            .unwrap();
        // After 1. f3 e5 2. g4 Black mates in one: any engine finds Qh4#.
        let m = o
            .choose(request(vec!["f2f3".into(), "e7e5".into(), "g2g4".into()]))
            .await
            .unwrap();
        assert_eq!(m.text, "d8h4");
    }

    #[tokio::test]
    async fn a_missing_engine_is_an_error_before_the_game() {
        let r = UciOpponent::spawn(
            EngineConfig::new("/nonexistent/engine"),
            Duration::from_millis(20),
        )
        .await;
        assert!(matches!(r, Err(EngineError::Spawn { .. })));
    }
}
