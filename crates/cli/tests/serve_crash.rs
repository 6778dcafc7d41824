//! Crash safety of `arbiter serve`: bot games play against a real server
//! process on 127.0.0.1, the server is killed with SIGKILL mid-load and
//! started again; every acknowledged event is in the log, and every game's
//! log replays with `arbiter replay --json` to the state the server reports.
//! Bounded: a fixed number of games and moves, and deadlines on every wait.

use arbiter_server::client::HttpClient;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const GAMES: usize = 8;
/// Acknowledged moves after which the server is killed.
const KILL_AFTER: usize = 120;
/// Moves a bot makes at most.
const MOVES_MAX: usize = 60;

fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().expect("addr")
}

fn start(addr: SocketAddr, db: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--addr", &addr.to_string(), "--database", db])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start arbiter serve")
}

async fn wait_healthy(c: &HttpClient) {
    for _ in 0..300 {
        if let Ok((200, _)) = c.call("GET", "/api/health", None, None).await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("arbiter serve did not answer /api/health within 30 s");
}

/// A legal move of the position, chosen by shakmaty, varied by `salt`.
fn bot_move(fen: &str, salt: usize) -> Option<String> {
    let pos: Chess = fen
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    let moves = pos.legal_moves();
    let m = moves.get(salt % moves.len().max(1))?;
    Some(UciMove::from_standard(*m).to_string())
}

/// Plays until the server stops answering; the acknowledged seqs and lines' moves.
async fn bot(c: HttpClient, g: Value, acked: Arc<AtomicUsize>) -> Vec<(u64, String)> {
    let id = g["id"].as_str().unwrap_or_default().to_string();
    let tokens = [
        g["white_token"].as_str().unwrap_or_default().to_string(),
        g["black_token"].as_str().unwrap_or_default().to_string(),
    ];
    let mut fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string();
    let mut ok = Vec::new();
    for i in 0..MOVES_MAX {
        let Some(m) = bot_move(&fen, i * 7 + id.len()) else {
            break;
        };
        let body = json!({"type": "move", "move": m});
        let r = c
            .json(
                "POST",
                &format!("/api/games/{id}/events"),
                Some(&tokens[i % 2]),
                Some(&body),
            )
            .await;
        match r {
            Ok((200, v)) => {
                ok.push((v["seq"].as_u64().unwrap_or(0), m));
                fen = v["state"]["fen"].as_str().unwrap_or_default().to_string();
                acked.fetch_add(1, Ordering::SeqCst);
                if v["state"]["result"] != json!("*") {
                    break;
                }
            }
            _ => break,
        }
    }
    ok
}

fn replay_json(log: &str, dir: &std::path::Path, name: &str) -> Value {
    let path = dir.join(format!("{name}.jsonl"));
    std::fs::write(&path, log).expect("write the log");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["replay", "--json"])
        .arg(&path)
        .output()
        .expect("arbiter replay");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("replay's JSON")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_acknowledged_is_lost_to_kill_9() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = format!("sqlite://{}", dir.path().join("hall.sqlite").display());
    let addr = free_addr();
    let mut child = start(addr, &db);
    let c = HttpClient::new(addr);
    wait_healthy(&c).await;
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let body = json!({"white": "human", "black": "human", "time_control": "3600+0"});
        let (st, g) = c
            .json("POST", "/api/games", None, Some(&body))
            .await
            .expect("create");
        assert_eq!(st, 201);
        games.push(g);
    }
    let acked = Arc::new(AtomicUsize::new(0));
    let bots: Vec<_> = games
        .iter()
        .map(|g| tokio::spawn(bot(c.clone(), g.clone(), acked.clone())))
        .collect();
    for _ in 0..600 {
        if acked.load(Ordering::SeqCst) >= KILL_AFTER {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child.kill().expect("kill -9"); // SIGKILL
    let _ = child.wait();
    let mut acknowledged = Vec::new();
    for b in bots {
        acknowledged.push(b.await.expect("bot"));
    }
    assert!(
        acknowledged.iter().map(Vec::len).sum::<usize>() > 0,
        "the load ran"
    );
    let mut child = start(addr, &db);
    wait_healthy(&c).await;
    for (g, acks) in games.iter().zip(&acknowledged) {
        let id = g["id"].as_str().unwrap_or_default();
        let (st, shown) = c
            .json("GET", &format!("/api/games/{id}"), None, None)
            .await
            .expect("get");
        assert_eq!(st, 200);
        let (_, log) = c
            .call("GET", &format!("/api/games/{id}/log"), None, None)
            .await
            .expect("log");
        let lines: Vec<&str> = log.lines().collect();
        for (seq, m) in acks {
            let line = lines.get(*seq as usize).unwrap_or(&"");
            let ev: Value = serde_json::from_str(line).unwrap_or(Value::Null);
            assert_eq!(ev["type"], json!("move"), "seq {seq} of {id}: {line}");
            let san_or_uci = ev["move"].as_str().unwrap_or_default();
            assert!(
                !san_or_uci.is_empty() && !m.is_empty(),
                "acknowledged seq {seq} is present"
            );
        }
        // The state the server reported at seq N is the replay of the first N events.
        let n = shown["seq"].as_u64().unwrap_or(0) as usize;
        let prefix: String = lines.iter().take(n + 1).map(|l| format!("{l}\n")).collect();
        assert_eq!(replay_json(&prefix, dir.path(), id), shown["state"], "{id}");
    }
    let _ = child.kill();
    let _ = child.wait();
}
