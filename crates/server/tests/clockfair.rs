//! Fair clocks across stops, crashes and failovers (FIDE Laws 2023, 6.12;
//! 2005, 6.13: an interruption), the start of the clock as an event, games
//! nobody starts, and an instance that keeps its identity across restarts.

mod common;

use arbiter_server::client::HttpClient;
use arbiter_server::{Hall, HallConfig, Running, launch};
use arbiter_store::Store;
use common::*;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// A hall on `db` listening on `addr` (a restart on the same address).
async fn hall_on(db: &Db, addr: SocketAddr) -> (Running, HttpClient) {
    let store = Store::connect(&db.url()).await.expect("open the store");
    let mut listener = None;
    for _ in 0..50 {
        match TcpListener::bind(addr).await {
            Ok(l) => {
                listener = Some(l);
                break;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    let running = launch(listener.expect("the address again"), store)
        .await
        .expect("launch");
    let client = HttpClient::new(running.addr);
    (running, client)
}

/// The log's events (its header left out).
async fn events(c: &HttpClient, id: &str) -> (String, Vec<Value>) {
    let (_, log) = c
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    let events = log
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    (log, events)
}

/// `type` and `action` of an event, run together.
fn kind(e: &Value) -> String {
    format!(
        "{}{}",
        e["type"].as_str().unwrap_or(""),
        e["action"].as_str().unwrap_or("")
    )
}

fn at(e: &Value) -> u64 {
    e["at"].as_u64().unwrap_or_else(|| panic!("at in {e}"))
}

/// Waits (at most `limit`) for the game to end on `c`; its state and when.
async fn ended(c: &HttpClient, id: &str, limit: Duration) -> (Value, Instant) {
    let start = Instant::now();
    loop {
        let (_, v) = c
            .json("GET", &format!("/api/games/{id}"), None, None)
            .await
            .expect("get");
        if v["state"]["result"] != json!("*") && !v["state"]["result"].is_null() {
            return (v["state"].clone(), Instant::now());
        }
        assert!(start.elapsed() < limit, "no end within {limit:?}: {v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The log replays (as `arbiter replay` reads it) to the state served.
fn replays_to(log: &str, state: &Value) {
    let parsed = arbiter_laws::log::parse_log(log).expect("log");
    let (game, rejected) =
        arbiter_laws::replay::replay(arbiter_chess::Chess::default(), &parsed).expect("replay");
    assert!(rejected.is_empty(), "{rejected:?}\n{log}");
    let replayed =
        serde_json::to_value(arbiter_laws::replay::report(&game, Vec::new())).expect("json");
    assert_eq!(&replayed, state, "{log}");
}

/// Black thinks `think`, the hall stops (`crash`: as kill -9; else as on
/// SIGTERM), stays away `away`, and comes back on the same address. In a
/// 6+0 game, Black's flag must fall `6 s - think` after the restart (give
/// or take a heartbeat), the log must say pause at the stop and resume at
/// the restart, and it must replay to the end served.
async fn stop_while_black_thinks(db: &Db, crash: bool) {
    let (running, c) = db.hall().await;
    let addr = running.addr;
    let g = create(&c, json!({"black": "human", "time_control": "6+0"})).await;
    let (id, w) = (s(&g, "id").to_string(), s(&g, "white_token").to_string());
    assert_eq!(post(&c, &id, &w, mv("e4")).await.0, 200);
    let think = Duration::from_millis(2_000);
    tokio::time::sleep(think).await;
    if crash {
        running.kill();
    } else {
        running.hall.shutdown().await;
        running.kill();
    }
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let (again, c) = hall_on(db, addr).await;
    let back = Instant::now();
    let (state, flag) = ended(&c, &id, Duration::from_secs(15)).await;
    assert_eq!(
        (state["result"].clone(), state["termination"].clone()),
        (json!("1-0"), json!("time_forfeit")),
        "{state}"
    );
    // Black had 4 s left when play stopped (a refund of the thinking time
    // would give him 6 s).
    let after = flag.duration_since(back).as_millis();
    assert!(
        (3_000..=5_000).contains(&after),
        "{} ({}): Black's flag fell {after} ms after the restart, not 4 s",
        db.name(),
        if crash { "kill" } else { "term" }
    );
    let (log, evs) = events(&c, &id).await;
    let kinds: Vec<String> = evs.iter().map(kind).collect();
    assert_eq!(
        kinds,
        ["start", "move", "arbiterpause", "arbiterresume", "flag"],
        "{log}"
    );
    let (e4, pause, resume, fell) = (at(&evs[1]), at(&evs[2]), at(&evs[3]), at(&evs[4]));
    assert_eq!(e4, 0, "online, White's first move starts the clock:\n{log}");
    assert!(
        (1_400..=2_600).contains(&pause),
        "the pause stands where play stopped, about 2 s:\n{log}"
    );
    assert!(
        resume >= pause + 1_400,
        "the resume stands at the restart:\n{log}"
    );
    // Black used exactly his 6 s: before the stop and after the restart.
    assert_eq!((pause - e4) + (fell - resume), 6_000, "{log}");
    replays_to(&log, &state);
    again.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_charges_the_time_used_before_it_and_not_the_outage() {
    for db in databases("cf_crash").await {
        stop_while_black_thinks(&db, true).await;
        db.cleanup().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clean_stop_charges_the_time_used_before_it_and_not_the_outage() {
    for db in databases("cf_term").await {
        stop_while_black_thinks(&db, false).await;
        db.cleanup().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_failover_the_flag_falls_when_the_time_left_at_the_kill_runs_out() {
    let Some(db) = Db::postgres("cf_failover").await else {
        return;
    };
    let ((a, ca), (b, cb)) = (db.hall().await, db.hall().await);
    let g = create(&ca, json!({"black": "human", "time_control": "4+0"})).await;
    let (id, w) = (s(&g, "id").to_string(), s(&g, "white_token").to_string());
    assert_eq!(post(&ca, &id, &w, mv("e4")).await.0, 200);
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    a.kill();
    let killed = Instant::now();
    let (state, flag) = ended(&cb, &id, Duration::from_secs(20)).await;
    assert_eq!(state["result"], json!("1-0"), "{state}");
    let (log, evs) = events(&cb, &id).await;
    let kinds: Vec<String> = evs.iter().map(kind).collect();
    assert_eq!(
        kinds,
        ["start", "move", "arbiterpause", "arbiterresume", "flag"],
        "{log}"
    );
    let (pause, resume, fell) = (at(&evs[2]), at(&evs[3]), at(&evs[4]));
    assert!((400..=1_600).contains(&pause), "{log}");
    // B took over after A's lease ran out; Black then had 3 s left.
    assert!(resume >= pause + 3_000, "{log}");
    assert_eq!(pause + (fell - resume), 4_000, "{log}");
    let expected = (resume - pause) + (fell - resume);
    let took = flag.duration_since(killed).as_millis() as u64;
    assert!(
        took.abs_diff(expected) <= 1_000,
        "the flag fell {took} ms after the kill; the log says {expected}:\n{log}"
    );
    replays_to(&log, &state);
    b.kill();
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_instance_takes_its_games_back_within_a_second_of_health() {
    let Some(db) = Db::postgres("cf_identity").await else {
        return;
    };
    let (a, ca) = db.hall().await;
    let addr = a.addr;
    let id_before = a.hall.config().instance_id.clone();
    let g = create(&ca, json!({"black": "human", "time_control": "600+0"})).await;
    let (id, w, bl) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    assert_eq!(post(&ca, id, w, mv("e4")).await.0, 200);
    a.kill();
    let (again, c) = hall_on(&db, addr).await;
    assert_eq!(
        again.hall.config().instance_id,
        id_before,
        "the same instance"
    );
    loop {
        if let Ok((200, _)) = c.call("GET", "/api/health", None, None).await {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let healthy = Instant::now();
    while again.hall.running_games() == 0 {
        assert!(
            healthy.elapsed() < Duration::from_secs(1),
            "its own game is not back within 1 s of /api/health"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (st, v) = post(&c, id, bl, mv("e5")).await;
    assert_eq!(st, 200, "{v}");
    assert!(healthy.elapsed() < Duration::from_secs(1), "{v}");
    again.kill();
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_the_clock_starts_with_whites_first_move_and_refusals_change_nothing() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"black": "human", "time_control": "5+0"})).await;
    let (id, w, b) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    // Black out of turn, White's illegal king move: refused, no clock runs.
    let (st, v) = post(&c, id, b, mv("e5")).await;
    assert!((400..500).contains(&st), "{st} {v}");
    let (st, v) = post(&c, id, w, mv("Ke2")).await;
    assert!((400..500).contains(&st), "{st} {v}");
    let (_, evs) = events(&c, id).await;
    assert!(evs.is_empty(), "a refusal logs nothing: {evs:?}");
    // Six seconds later White is still there with all his time.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let (_, v) = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get");
    assert_eq!(v["state"]["result"], json!("*"), "{v}");
    assert_eq!(post(&c, id, w, mv("e4")).await.0, 200);
    let (log, evs) = events(&c, id).await;
    let kinds: Vec<String> = evs.iter().map(kind).collect();
    assert_eq!(kinds, ["start", "move"], "{log}");
    assert_eq!(
        (at(&evs[0]), at(&evs[1])),
        (0, 0),
        "White is charged nothing"
    );
    // Then Black's clock runs: his flag falls 5 s after e4.
    let (state, _) = ended(&c, id, Duration::from_secs(10)).await;
    assert_eq!(state["result"], json!("1-0"), "{state}");
    let (log, _) = events(&c, id).await;
    replays_to(&log, &state);
    running.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_starts_is_abandoned_and_not_loaded_again() {
    let db = Db::sqlite();
    let start = |db: &Db| {
        let url = db.url();
        async move {
            let store = Store::connect(&url).await.expect("store");
            let listener = TcpListener::bind("127.0.0.1:0").await.expect("listen");
            let addr = listener.local_addr().expect("addr");
            let config = HallConfig {
                abandon_after: Duration::from_secs(2),
                ..HallConfig::single()
            };
            let hall = Hall::new(store, config);
            hall.start();
            let app = arbiter_server::router(hall.clone());
            let server = tokio::spawn(async move {
                let _ = axum::serve(listener, app).await;
            });
            (hall, server, HttpClient::new(addr))
        }
    };
    let (hall, server, c) = start(&db).await;
    let g = create(&c, json!({"black": "human", "time_control": "300+0"})).await;
    let id = s(&g, "id").to_string();
    let played = create(&c, json!({"black": "human", "time_control": "300+0"})).await;
    let (pid, pw) = (s(&played, "id"), s(&played, "white_token"));
    assert_eq!(post(&c, pid, pw, mv("d4")).await.0, 200);
    let (state, _) = ended(&c, &id, Duration::from_secs(8)).await;
    assert_eq!(state["result"], json!("0-0"), "{state}");
    let (log, evs) = events(&c, &id).await;
    assert_eq!(evs.len(), 1, "{log}");
    assert_eq!(kind(&evs[0]), "arbiterdeclare_result", "{log}");
    assert_eq!(evs[0]["result"], json!("-/-"), "{log}");
    assert_eq!(
        evs[0]["reason"],
        json!(arbiter_server::abandon::REASON),
        "{log}"
    );
    replays_to(&log, &state);
    // The game being played goes on.
    let (_, v) = c
        .json("GET", &format!("/api/games/{pid}"), None, None)
        .await
        .expect("get");
    assert_eq!(v["state"]["result"], json!("*"), "{v}");
    hall.kill();
    server.abort();
    // A restart loads the game being played only.
    let (hall, server, _c) = start(&db).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(hall.running_games(), 1);
    hall.kill();
    server.abort();
}

/// Copies bytes from `r` to `w`, each chunk `delay` after it was read: one
/// direction of a slow network.
async fn slow_pipe(
    mut r: tokio::net::tcp::OwnedReadHalf,
    mut w: tokio::net::tcp::OwnedWriteHalf,
    delay: Duration,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(tokio::time::Instant, Vec<u8>)>();
    tokio::spawn(async move {
        while let Some((read_at, bytes)) = rx.recv().await {
            tokio::time::sleep_until(read_at + delay).await;
            if w.write_all(&bytes).await.is_err() {
                return;
            }
        }
    });
    let mut buf = vec![0u8; 8192];
    while let Ok(n) = r.read(&mut buf).await {
        if n == 0
            || tx
                .send((tokio::time::Instant::now(), buf[..n].to_vec()))
                .is_err()
        {
            return;
        }
    }
}

/// A relay to `to` that delays every byte by `one_way` in each direction.
async fn slow_network(to: SocketAddr, one_way: Duration) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("listen");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        while let Ok((near, _)) = listener.accept().await {
            let Ok(far) = tokio::net::TcpStream::connect(to).await else {
                return;
            };
            let (nr, nw) = near.into_split();
            let (fr, fw) = far.into_split();
            tokio::spawn(slow_pipe(nr, fw, one_way));
            tokio::spawn(slow_pipe(fr, nw, one_way));
        }
    });
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lag_is_the_halls_own_measure_and_the_opponent_does_not_pay_for_it() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"black": "human", "time_control": "60+0"})).await;
    let (id, w, b) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    // Black's page is 150 ms away each way: its socket answers the hall's
    // pings 300 ms after they leave.
    let far = slow_network(running.addr, Duration::from_millis(150)).await;
    let mut ws =
        arbiter_server::client::WsClient::connect(far, &format!("/api/games/{id}/ws?token={b}"))
            .await
            .expect("Black's socket");
    let reader = tokio::spawn(async move { while ws.next().await.is_some() {} });
    assert_eq!(post(&c, id, w, mv("e4")).await.0, 200);
    tokio::time::sleep(Duration::from_millis(2_600)).await;
    // Black claims a huge lag: he gets the hall's measure, not his claim
    // (nor the quota, 3 × 390 ms in 60+0).
    let (st, v) = post(
        &c,
        id,
        b,
        json!({"type": "move", "move": "e5", "lag_ms": 1_000_000_000u64}),
    )
    .await;
    assert_eq!(st, 200, "{v}");
    // White has no socket: no measure, no compensation, whatever he says.
    let (st, v) = post(
        &c,
        id,
        w,
        json!({"type": "move", "move": "Nf3", "lag_ms": 500}),
    )
    .await;
    assert_eq!(st, 200, "{v}");
    // Black asks for less than the measure (and than the time since White's
    // move, which bounds any compensation): he gets what he asks.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (st, v) = post(
        &c,
        id,
        b,
        json!({"type": "move", "move": "Nc6", "lag_ms": 20}),
    )
    .await;
    assert_eq!(st, 200, "{v}");
    let (log, evs) = events(&c, id).await;
    let lag = |i: usize| evs[i]["lag_ms"].as_u64();
    let e5 = lag(2).unwrap_or_else(|| panic!("e5 compensated:\n{log}"));
    assert!(
        (250..=600).contains(&e5),
        "the measure, about 300 ms:\n{log}"
    );
    assert_eq!(lag(3), None, "{log}");
    assert_eq!(lag(4), Some(20), "{log}");
    // White's clock ran from the instant e5 reached the hall, not from the
    // compensated instant: at the arrival he still has his whole minute.
    let parsed = arbiter_laws::log::parse_log(&log).expect("log");
    let mut upto = parsed.clone();
    upto.lines.truncate(3);
    let (game, rejected) =
        arbiter_laws::replay::replay(arbiter_chess::Chess::default(), &upto).expect("replay");
    assert!(rejected.is_empty(), "{rejected:?}");
    let arrival = at(&evs[2]) + e5;
    assert_eq!(
        game.timing().remaining(arbiter_rules::Side::White, arrival),
        Some(60_000),
        "{log}"
    );
    let (_, v) = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get");
    replays_to(&log, &v["state"]);
    reader.abort();
    running.kill();
}

/// A game nobody has started rests (no task, only the state its readers
/// read) and its first request wakes it; what anyone sees is what a game
/// whose task had run from its creation would show: the state, a watcher's
/// frames, a refusal that starts nothing, and the clock started by White's
/// first move.
async fn rests_until_its_first_request(db: &Db) {
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"black": "human", "time_control": "5+0"})).await;
    let (id, w, b) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    let hall = &running.hall;
    assert_eq!((hall.running_games(), hall.resting_games()), (1, 1));
    let (_, shown) = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get");
    let (log, _) = events(&c, id).await;
    replays_to(&log, &shown["state"]);
    let path = format!("/api/games/{id}/ws?token={b}");
    let mut ws = arbiter_server::client::WsClient::connect(running.addr, &path)
        .await
        .expect("Black's socket");
    let first = ws.next().await.expect("the first frame");
    assert_eq!(first["state"], shown["state"], "{first}");
    // Black out of turn: refused, and nothing runs or is logged.
    let (st, v) = post(&c, id, b, mv("e5")).await;
    assert!((400..500).contains(&st), "{st} {v}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(post(&c, id, w, mv("e4")).await.0, 200);
    assert_eq!((hall.running_games(), hall.resting_games()), (1, 0));
    let heard = loop {
        let f = ws.next().await.expect("a frame");
        if f["event"]["type"] == json!("move") {
            break f;
        }
    };
    let (log, evs) = events(&c, id).await;
    let kinds: Vec<String> = evs.iter().map(kind).collect();
    assert_eq!(kinds, ["start", "move"], "{log}");
    assert_eq!((at(&evs[0]), at(&evs[1])), (0, 0), "{log}");
    let (_, now) = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get");
    assert_eq!(heard["state"], now["state"], "{heard}");
    replays_to(&log, &now["state"]);
    running.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_started_rests_until_its_first_request() {
    for db in databases("cf_rest").await {
        rests_until_its_first_request(&db).await;
        db.cleanup().await;
    }
}
