//! A real `kill -9` and a real SIGTERM of `arbiter serve` with a player
//! thinking. A stop of the hall is an interruption of play (FIDE Laws 2023,
//! 6.12; 2005, 6.13): the time Black used before it stays used, the outage
//! is charged to nobody. The server process is started, White plays 1. e4
//! in a 20+0 game, Black thinks about 3 s, the process is stopped (SIGKILL,
//! or SIGTERM and its clean exit) and started again on the same database;
//! Black's flag must then fall when the 17 s he had left at the stop have
//! run out after the restart, give or take the Laws' 1 s, the log must say
//! so, and it must replay with `arbiter replay` to the state served. On
//! SQLite, and on PostgreSQL too when `ARBITER_TEST_PG_URL` is set.

mod common;

use arbiter_server::client::HttpClient;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The game's time: 20 s for all the moves.
const BASE_MS: u64 = 20_000;
/// How long Black thinks before the stop.
const THINK: Duration = Duration::from_millis(3_000);
/// How long the hall stays away.
const AWAY: Duration = Duration::from_millis(1_500);
/// The Laws' tolerance (the heartbeat's half second and the polling inside it).
const TOLERANCE_MS: u64 = 1_000;

#[derive(Clone, Copy, Debug)]
enum Stop {
    /// SIGKILL: nothing is written at the stop.
    Kill,
    /// SIGTERM: the hall marks the stop and gives its leases back.
    Term,
}

fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().expect("addr")
}

/// A server process, killed when the test lets it go (a failed
/// assertion included).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(addr: SocketAddr, db: &str) -> Server {
    Server(
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--addr", &addr.to_string(), "--database", db])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start arbiter serve"),
    )
}

/// Waits for `/api/health` (at most 30 s); the instant it first answered.
async fn healthy(c: &HttpClient) -> Instant {
    for _ in 0..600 {
        if let Ok((200, _)) = c.call("GET", "/api/health", None, None).await {
            return Instant::now();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("arbiter serve did not answer /api/health within 30 s");
}

/// Stops the server as `stop` says; returns once it has exited.
async fn stop_it(server: &mut Server, stop: Stop) {
    let child = &mut server.0;
    match stop {
        Stop::Kill => child.kill().expect("kill -9"),
        Stop::Term => {
            let sent = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()
                .expect("kill -TERM");
            assert!(sent.success(), "kill -TERM failed");
        }
    }
    for _ in 0..200 {
        if child.try_wait().expect("wait").is_some() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("arbiter serve did not exit within 10 s of {stop:?}");
}

/// Polls the game until it ends (at most `limit`): its state and when.
async fn ended(c: &HttpClient, id: &str, limit: Duration) -> (Value, Instant) {
    let start = Instant::now();
    loop {
        let (_, v) = c
            .json("GET", &format!("/api/games/{id}"), None, None)
            .await
            .expect("get the game");
        if !v["state"]["result"].is_null() && v["state"]["result"] != json!("*") {
            return (v["state"].clone(), Instant::now());
        }
        assert!(start.elapsed() < limit, "no end within {limit:?}: {v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `type` and `action` of an event, run together, and its instant.
fn kind_at(e: &Value) -> (String, u64) {
    let kind = format!(
        "{}{}",
        e["type"].as_str().unwrap_or(""),
        e["action"].as_str().unwrap_or("")
    );
    (kind, e["at"].as_u64().unwrap_or(u64::MAX))
}

/// One run on `db` (its name in messages: `name`).
async fn thinking_through_a_stop(db: String, name: &str, stop: Stop) {
    let addr = free_addr();
    let mut server = start(addr, &db);
    let c = HttpClient::new(addr);
    healthy(&c).await;
    let body = json!({"white": "human", "black": "human", "time_control": "20+0"});
    let (st, g) = c
        .json("POST", "/api/games", None, Some(&body))
        .await
        .expect("create");
    assert_eq!(st, 201, "{g}");
    let id = g["id"].as_str().expect("id").to_string();
    let white = g["white_token"].as_str().expect("white's token");
    let path = format!("/api/games/{id}/events");
    let e4 = json!({"type": "move", "move": "e4"});
    let (st, v) = c
        .json("POST", &path, Some(white), Some(&e4))
        .await
        .expect("e4");
    assert_eq!(st, 200, "{v}");
    let moved = Instant::now();
    tokio::time::sleep(THINK).await;
    let stopping = Instant::now();
    stop_it(&mut server, stop).await;
    let thought = stopping.duration_since(moved).as_millis() as u64;
    tokio::time::sleep(AWAY).await;
    let _again = start(addr, &db);
    let back = healthy(&c).await;
    let (state, flag) = ended(&c, &id, Duration::from_secs(30)).await;
    let what = format!("{name}, {stop:?}");
    assert_eq!(
        (state["result"].clone(), state["termination"].clone()),
        (json!("1-0"), json!("time_forfeit")),
        "{what}: {state}"
    );
    // By the Laws Black had `BASE_MS - thought` left when play stopped,
    // and it runs from the restart.
    let after = flag.duration_since(back).as_millis() as u64;
    let due = BASE_MS - thought;
    assert!(
        after.abs_diff(due) <= TOLERANCE_MS,
        "{what}: Black's flag fell {after} ms after the restart; the Laws say {due} ms"
    );
    let (_, log) = c
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("the log");
    let events: Vec<(String, u64)> = log
        .lines()
        .skip(1)
        .map(|l| kind_at(&serde_json::from_str(l).expect("a JSON line")))
        .collect();
    let kinds: Vec<&str> = events.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        kinds,
        ["start", "move", "arbiterpause", "arbiterresume", "flag"],
        "{what}:\n{log}"
    );
    let (moved_at, pause, resume, fell) = (events[1].1, events[2].1, events[3].1, events[4].1);
    // Charged for the thinking up to the stop, within 1 s.
    assert!(
        (pause - moved_at).abs_diff(thought) <= TOLERANCE_MS,
        "{what}: Black thought {thought} ms, the log charges {} ms:\n{log}",
        pause - moved_at
    );
    // Nothing for the outage: the resume stands at the restart, and Black's
    // time before the stop and after the restart is his 20 s exactly.
    assert!(
        resume - pause + TOLERANCE_MS >= AWAY.as_millis() as u64,
        "{what}: the outage is charged:\n{log}"
    );
    assert_eq!(
        (pause - moved_at) + (fell - resume),
        BASE_MS,
        "{what}:\n{log}"
    );
    // The log replays, as `arbiter replay` reads it, to the state served.
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join(format!("{id}.jsonl"));
    std::fs::write(&file, &log).expect("write the log");
    let replayed = common::replay(&file);
    assert_eq!(replayed, state, "{what}:\n{log}");
}

/// A fresh schema on `ARBITER_TEST_PG_URL` and the URL that uses it, when
/// the variable is set.
async fn postgres(case: &str) -> Option<(String, String, String)> {
    let base = std::env::var("ARBITER_TEST_PG_URL").ok()?;
    let schema = format!("kill9_{case}_{}", std::process::id());
    let admin = sqlx::PgPool::connect(&base).await.expect("connect");
    let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}");
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&admin)
        .await
        .expect("create the test schema");
    admin.close().await;
    let sep = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{sep}options=-c%20search_path%3D{schema}");
    Some((base, schema, url))
}

async fn drop_schema(base: &str, schema: &str) {
    let admin = sqlx::PgPool::connect(base).await.expect("connect");
    let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
    let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&admin)
        .await;
    admin.close().await;
}

/// The run on SQLite and, at the same time, on PostgreSQL.
async fn on_both(stop: Stop) {
    let dir = tempfile::tempdir().expect("tempdir");
    let sqlite = format!("sqlite://{}", dir.path().join("hall.sqlite").display());
    let case = format!("{stop:?}").to_lowercase();
    match postgres(&case).await {
        Some((base, schema, url)) => {
            tokio::join!(
                thinking_through_a_stop(sqlite, "sqlite", stop),
                thinking_through_a_stop(url, "postgres", stop)
            );
            drop_schema(&base, &schema).await;
        }
        None => thinking_through_a_stop(sqlite, "sqlite", stop).await,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_charges_the_thinking_before_it_and_not_the_outage() {
    on_both(Stop::Kill).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_charges_the_thinking_before_it_and_not_the_outage() {
    on_both(Stop::Term).await;
}
