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

/// The engine while it searches. A search whose answer nobody waits for
/// any more (its future dropped: the game ended, or the position changed)
/// kills the process, so it stops using a core at once rather than at the
/// end of its time per move; the next move starts a new one.
struct Searching {
    guard: tokio::sync::OwnedMutexGuard<Option<Engine>>,
    done: bool,
}

impl Drop for Searching {
    fn drop(&mut self) {
        if !self.done {
            *self.guard = None;
        }
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
            let mut search = Searching {
                guard: slot.lock_owned().await,
                done: false,
            };
            if search.guard.is_none() {
                *search.guard = Some(Engine::spawn(config).await.map_err(failure)?);
            }
            let engine = search
                .guard
                .as_mut()
                .ok_or_else(|| OpponentError::Crashed("no engine".into()))?;
            let answer = engine.best_move(Some(&fen), &moves, movetime).await;
            search.done = true;
            match answer {
                Ok(best) => Ok(OpponentMove {
                    text: best.mv.to_string(),
                }),
                Err(e) => {
                    // The process is gone after these errors: start anew next time.
                    *search.guard = None;
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

    /// Whether process `pid` has ended (gone, or a zombie not yet reaped).
    fn ended(pid: &str) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
        }
    }

    /// A search whose future is dropped (the game ended) kills the engine
    /// within 2 s rather than letting it think out its time per move.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_dropped_search_kills_the_engine() {
        let dir = std::env::temp_dir().join(format!("arbiter-uci-drop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (pid_file, go_file) = (dir.join("pid"), dir.join("go"));
        // Only shell builtins, so that killing the shell kills it all; `go`
        // thinks for ever.
        let script = format!(
            r#"echo $$ > '{}'
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name Fake"; echo uciok ;;
    isready) echo readyok ;;
    go*) echo go > '{}'; while :; do :; done ;;
    quit) exit 0 ;;
  esac
done
"#,
            pid_file.display(),
            go_file.display()
        );
        let path = dir.join("engine.sh");
        std::fs::write(&path, script).unwrap();
        let mut config = EngineConfig::new("sh");
        config.args = vec![path.display().to_string()];
        let mut o = UciOpponent::new(config, Duration::from_secs(10));
        let thinking = tokio::spawn(o.choose(request(vec![])));
        let started = std::time::Instant::now();
        while !go_file.exists() {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the engine never searched"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let pid = std::fs::read_to_string(&pid_file)
            .unwrap()
            .trim()
            .to_owned();
        assert!(!ended(&pid));
        thinking.abort();
        let dropped = std::time::Instant::now();
        while !ended(&pid) {
            assert!(
                dropped.elapsed() < Duration::from_secs(2),
                "the engine still thinks"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
