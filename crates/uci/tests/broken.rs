//! Broken engines. A real engine that crashes, hangs or prints nonsense on
//! demand cannot be had, so each test writes a tiny shell script that speaks
//! just enough UCI to get to the search and then misbehaves in one way.
//! The scripts run through `sh` (not executed directly), so no test races
//! another over a file still open for writing.

use arbiter_uci::{Engine, EngineConfig, EngineError};
use std::future::Future;
use std::os::unix::process::ExitStatusExt;
use std::time::Duration;
use tempfile::TempDir;

/// Only a guard against a hang: the point of these tests is that every call
/// returns an error instead of hanging; none asserts how long it took.
const GUARD: Duration = Duration::from_secs(60);

async fn guarded<T>(what: &str, fut: impl Future<Output = T>) -> T {
    match tokio::time::timeout(GUARD, fut).await {
        Ok(value) => value,
        Err(_) => panic!("{what} hung"),
    }
}

/// A fake engine: answers the handshake, runs `on_go` for `go` and `on_stop`
/// for `stop`. Only shell builtins, so that killing the shell kills it all.
fn fake_engine(on_go: &str, on_stop: &str) -> (TempDir, EngineConfig) {
    let script = format!(
        r#"while IFS= read -r line; do
  case "$line" in
    uci) echo "id name Fake"; echo "option name Skill Level type spin default 20 min 0 max 20"; echo uciok ;;
    isready) echo readyok ;;
    go*) {on_go} ;;
    stop) {on_stop} ;;
    quit) exit 0 ;;
  esac
done
"#
    );
    script_engine(&script)
}

fn script_engine(script: &str) -> (TempDir, EngineConfig) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("engine.sh");
    std::fs::write(&path, script).unwrap_or_else(|e| panic!("{e}"));
    let mut config = EngineConfig::new("sh");
    config.args = vec![path.display().to_string()];
    // Short waits keep the suite quick; they are not asserted.
    config.handshake_timeout = Duration::from_secs(5);
    config.grace = Duration::from_millis(100);
    config.stop_wait = Duration::from_millis(200);
    (dir, config)
}

async fn spawn(config: EngineConfig) -> Engine {
    guarded("spawn", Engine::spawn(config))
        .await
        .unwrap_or_else(|e| panic!("the fake engine did not start: {e}"))
}

async fn ask(engine: &mut Engine) -> Result<arbiter_uci::BestMove, EngineError> {
    guarded(
        "best_move",
        engine.best_move(None, &[], Duration::from_millis(50)),
    )
    .await
}

#[tokio::test]
async fn the_fake_engine_itself_works() {
    // Without this, the failures below could be the script's fault.
    let (_dir, config) = fake_engine("echo 'bestmove e2e4'", ":");
    let mut engine = spawn(config).await;
    assert_eq!(engine.name(), Some("Fake"));
    let best = ask(&mut engine).await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(best.mv.to_string(), "e2e4");
}

#[tokio::test]
async fn an_engine_exiting_mid_search_has_crashed() {
    let (_dir, config) = fake_engine("echo 'info depth 1 score cp 13 pv e2e4'; exit 3", ":");
    let mut engine = spawn(config).await;
    match ask(&mut engine).await {
        Err(EngineError::Crashed { status: Some(s) }) => assert_eq!(s.code(), Some(3)),
        other => panic!("{other:?}"),
    }
    let again = ask(&mut engine).await;
    assert!(matches!(again, Err(EngineError::Closed)), "{again:?}");
}

#[tokio::test]
async fn an_engine_killed_by_a_signal_has_crashed() {
    let (_dir, config) = fake_engine("kill -9 $$", ":");
    let mut engine = spawn(config).await;
    match ask(&mut engine).await {
        Err(EngineError::Crashed { status: Some(s) }) => assert_eq!(s.signal(), Some(9)),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn an_engine_that_never_answers_go_is_hung_and_killed() {
    let (_dir, config) = fake_engine(":", ":");
    let mut engine = spawn(config).await;
    let reply = ask(&mut engine).await;
    assert!(matches!(reply, Err(EngineError::Hung { .. })), "{reply:?}");
    let again = ask(&mut engine).await;
    assert!(matches!(again, Err(EngineError::Closed)), "{again:?}");
    // The process is gone: quit reaps a killed process.
    let status = guarded("quit", engine.quit()).await;
    assert!(
        matches!(status, Ok(s) if s.signal() == Some(9)),
        "{status:?}"
    );
}

#[tokio::test]
async fn an_engine_that_overruns_is_stopped_and_its_move_kept() {
    // Ignores the move time but obeys `stop`: proves `stop` is sent.
    let (_dir, config) = fake_engine(":", "echo 'bestmove d2d4'");
    let mut engine = spawn(config).await;
    let best = ask(&mut engine).await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(best.mv.to_string(), "d2d4");
}

#[tokio::test]
async fn an_endless_line_is_hung_not_a_memory_leak() {
    let (_dir, config) = fake_engine(
        "while :; do printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; done",
        ":",
    );
    let mut engine = spawn(config).await;
    let reply = ask(&mut engine).await;
    assert!(matches!(reply, Err(EngineError::Hung { .. })), "{reply:?}");
}

#[tokio::test]
async fn an_unreadable_bestmove_is_a_protocol_error() {
    let (_dir, config) = fake_engine("echo 'bestmove banana'", ":");
    let mut engine = spawn(config).await;
    match ask(&mut engine).await {
        Err(EngineError::Protocol { line }) => assert_eq!(line, "bestmove banana"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_program_that_never_says_uciok_times_out() {
    let (_dir, mut config) = script_engine("echo 'hello'\nwhile IFS= read -r line; do :; done\n");
    config.handshake_timeout = Duration::from_millis(300);
    let reply = guarded("spawn", Engine::spawn(config)).await;
    assert!(
        matches!(
            reply,
            Err(EngineError::Timeout {
                waiting_for: "uciok",
                ..
            })
        ),
        "{reply:?}"
    );
}

#[tokio::test]
async fn a_program_that_exits_at_once_has_crashed() {
    let (_dir, config) = script_engine("exit 7\n");
    match guarded("spawn", Engine::spawn(config)).await {
        Err(EngineError::Crashed { status: Some(s) }) => assert_eq!(s.code(), Some(7)),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn options_the_engine_does_not_declare_are_refused() {
    let (_dir, config) = fake_engine(":", ":");
    let reply = guarded("spawn", Engine::spawn(config.option("UCI_Elo", "1500"))).await;
    assert!(
        matches!(reply, Err(EngineError::UnknownOption { ref name }) if name == "UCI_Elo"),
        "{reply:?}"
    );
}
