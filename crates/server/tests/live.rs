//! The live hall: WebSocket watchers, a game against Stockfish through the
//! API, and two instances on one PostgreSQL.

mod common;

use arbiter_server::client::{HttpClient, WsClient};
use common::*;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use std::time::Duration;

/// Waits (bounded) for the next frame that carries an event other than
/// the clock's start (which comes with White's first move).
async fn next_event(ws: &mut WsClient) -> Value {
    loop {
        let f = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a frame within 30 s")
            .expect("the socket is open");
        if !f["event"].is_null() && f["event"]["type"] != json!("start") {
            return f;
        }
    }
}

const OPENING: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
];

async fn watch_and_reconnect(db: &Db) {
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"black": "human"})).await;
    let (id, w, b) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    let mut watcher = WsClient::connect(running.addr, &format!("/api/games/{id}/ws"))
        .await
        .expect("ws");
    let first = watcher.next().await.expect("the state first");
    assert_eq!(
        (first["seq"].clone(), first["event"].clone()),
        (json!(0), Value::Null)
    );
    assert_eq!(first["state"]["ply"], json!(0));
    // White plays over its own socket with acks; Black over HTTP.
    let mut white = WsClient::connect(
        running.addr,
        &format!("/api/games/{id}/ws?token={w}&since=0"),
    )
    .await
    .expect("ws");
    for (i, m) in OPENING.iter().enumerate() {
        if i % 2 == 0 {
            white
                .send(&json!({"type": "move", "move": m, "ack": i}))
                .await
                .expect("send");
            loop {
                let f = tokio::time::timeout(Duration::from_secs(30), white.next())
                    .await
                    .expect("answer")
                    .expect("open");
                if f.get("ack").is_some() {
                    assert_eq!(
                        (f["ack"].clone(), f["status"].clone()),
                        (json!(i), json!(200)),
                        "{f}"
                    );
                    break;
                }
            }
        } else {
            let (st, v) = post(&c, id, b, mv(m)).await;
            assert_eq!(st, 200, "{v}");
        }
    }
    let mut seen = Vec::new();
    for _ in 0..OPENING.len() {
        let f = next_event(&mut watcher).await;
        seen.push((
            f["seq"].as_u64().unwrap_or(0),
            f["event"]["move"].as_str().unwrap_or("").to_string(),
        ));
        assert_eq!(f["state"]["ply"].as_u64(), Some(seen.len() as u64));
    }
    let want: Vec<(u64, String)> = OPENING
        .iter()
        .enumerate()
        // Seq 1 is the clock's start, logged with White's first move.
        .map(|(i, m)| (i as u64 + 2, m.to_string()))
        .collect();
    assert_eq!(seen, want, "the watcher sees every move, in order");
    // A spectator cannot act.
    watcher
        .send(&json!({"type": "resign", "side": "white", "ack": "x"}))
        .await
        .expect("send");
    let f = tokio::time::timeout(Duration::from_secs(30), watcher.next())
        .await
        .expect("answer")
        .expect("open");
    assert_eq!(
        (f["ack"].clone(), f["status"].clone()),
        (json!("x"), json!(403))
    );
    // A reconnect with since misses nothing and repeats nothing.
    let mut again = WsClient::connect(running.addr, &format!("/api/games/{id}/ws?since=4"))
        .await
        .expect("ws");
    let (st, _) = post(&c, id, w, mv("Re1")).await;
    assert_eq!(st, 200);
    let mut seqs = Vec::new();
    for _ in 5..=11 {
        seqs.push(next_event(&mut again).await["seq"].as_u64().unwrap_or(0));
    }
    assert_eq!(seqs, (5..=11).collect::<Vec<u64>>());
    let (st, _) = c
        .call(
            "GET",
            &format!("/api/games/{id}/ws?token=forged"),
            None,
            None,
        )
        .await
        .expect("get");
    assert_eq!(st, 403);
    running.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_sees_every_move_in_order_and_a_reconnect_misses_nothing() {
    for db in databases("ws").await {
        watch_and_reconnect(&db).await;
        db.cleanup().await;
    }
}

/// White's move: a capture if there is one, else the first legal move, in
/// UCI (independent of our notation code: shakmaty chooses).
fn scripted_move(fen: &str) -> String {
    let pos: Chess = fen
        .parse::<Fen>()
        .expect("fen")
        .into_position(CastlingMode::Standard)
        .expect("position");
    let moves = pos.legal_moves();
    let m = moves
        .iter()
        .find(|m| m.is_capture())
        .or_else(|| moves.first())
        .expect("a legal move");
    UciMove::from_standard(*m).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_stockfish_through_the_api() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(
        &c,
        json!({"black": "engine", "engine_movetime_ms": 20, "time_control": "600+5"}),
    )
    .await;
    let (id, w) = (s(&g, "id"), s(&g, "white_token"));
    let mut ws = WsClient::connect(running.addr, &format!("/api/games/{id}/ws?since=0"))
        .await
        .expect("ws");
    let mut state = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get")
        .1["state"]
        .clone();
    for _ in 0..200 {
        if state["result"] != json!("*") {
            break;
        }
        let (st, v) = post(&c, id, w, mv(&scripted_move(s(&state, "fen")))).await;
        assert_eq!(st, 200, "{v}");
        state = v["state"].clone();
        if state["result"] != json!("*") {
            break;
        }
        // Stockfish answers on the server's side; the frame after ours is its move.
        loop {
            let f = next_event(&mut ws).await;
            if f["event"]["side"] == json!("black") || f["state"]["result"] != json!("*") {
                state = f["state"].clone();
                break;
            }
        }
    }
    if state["result"] == json!("*") {
        let (st, v) = post(&c, id, w, json!({"type": "resign"})).await;
        assert_eq!(st, 200);
        state = v["state"].clone();
    }
    assert_ne!(state["result"], json!("*"), "the game ended");
    let plies = state["ply"].as_u64().unwrap_or(0);
    assert!(plies >= 2, "Stockfish moved: {state}");
    running.kill();
}

async fn pg_pair(
    db: &Db,
) -> (
    (arbiter_server::Running, HttpClient),
    (arbiter_server::Running, HttpClient),
) {
    (db.hall().await, db.hall().await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_a_game_and_the_clock_survives_its_owner() {
    let Some(db) = Db::postgres("two").await else {
        return;
    };
    let ((a, ca), (b, cb)) = pg_pair(&db).await;
    // Created through A: A runs its clock.
    let g = create(
        &ca,
        json!({"black": "human", "time_control": "4+0", "regime": "blitz"}),
    )
    .await;
    let (id, w, bl) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    let mut watcher = WsClient::connect(b.addr, &format!("/api/games/{id}/ws?since=0"))
        .await
        .expect("ws on B");
    // A move through A reaches the watcher on B; a move through B is forwarded to A.
    assert_eq!(post(&ca, id, w, mv("e4")).await.0, 200);
    assert_eq!(next_event(&mut watcher).await["event"]["move"], json!("e4"));
    assert_eq!(post(&cb, id, bl, mv("e5")).await.0, 200);
    assert_eq!(next_event(&mut watcher).await["event"]["move"], json!("e5"));
    // Concurrent moves on one game, through both: exactly one is played.
    let tries: Vec<_> = (0..8)
        .map(|i| {
            let c = if i % 2 == 0 { ca.clone() } else { cb.clone() };
            let (id, w, m) = (
                id.to_string(),
                w.to_string(),
                ["Nf3", "d4", "Bc4", "Nc3"][i % 4],
            );
            tokio::spawn(async move { post(&c, &id, &w, mv(m)).await.0 })
        })
        .collect();
    let mut statuses = Vec::new();
    for t in tries {
        statuses.push(t.await.expect("join"));
    }
    assert_eq!(
        statuses.iter().filter(|&&s| s == 200).count(),
        1,
        "{statuses:?}"
    );
    let (_, log) = cb
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    assert_eq!(
        log.lines().count(),
        1 + 4,
        "header, the start and three moves, in one order:\n{log}"
    );
    // Kill A (no lease released). B takes the game over and its clock runs
    // there: Black's flag falls with nobody acting.
    a.kill();
    let mut state = Value::Null;
    for _ in 0..300 {
        state = cb
            .json("GET", &format!("/api/games/{id}"), None, None)
            .await
            .expect("get")
            .1["state"]
            .clone();
        if state["result"] != json!("*") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Black was to move when A died: Black's flag fell on B.
    assert_eq!(
        (state["result"].clone(), state["termination"].clone()),
        (json!("1-0"), json!("time_forfeit")),
        "{state}"
    );
    let (_, log) = cb
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    assert!(
        log.contains("\"action\":\"pause\"") && log.contains("the hall was stopped"),
        "the takeover is an arbiter's pause:\n{log}"
    );
    b.kill();
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lag_is_compensated_within_the_quota_and_replays_exactly() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"black": "human", "time_control": "180+0"})).await;
    let (id, w, b) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    assert_eq!(post(&c, id, w, mv("e4")).await.0, 200);
    // Black claims a minute of lag: 3+0 allows at most 3 × 870 ms at first.
    let (st, v) = post(
        &c,
        id,
        b,
        json!({"type": "move", "move": "e5", "lag_ms": 60000}),
    )
    .await;
    assert_eq!(st, 200, "{v}");
    let (st, bad) = post(
        &c,
        id,
        w,
        json!({"type": "move", "move": "Nf3", "lag_ms": -5}),
    )
    .await;
    assert_eq!(st, 400, "{bad}");
    let (_, log) = c
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let e5 = &lines[2];
    let comp = e5["lag_ms"].as_u64().unwrap_or(0);
    assert!(comp <= 2_610, "bounded by the quota: {e5}");
    assert!(
        e5["at"].as_u64() >= lines[1]["at"].as_u64(),
        "never before the previous event"
    );
    // The log replays to the reported state, clocks included.
    let parsed = arbiter_laws::log::parse_log(&log).expect("log");
    let (game, rejected) =
        arbiter_laws::replay::replay(arbiter_chess::Chess::default(), &parsed).expect("replay");
    assert!(rejected.is_empty());
    let replayed =
        serde_json::to_value(arbiter_laws::replay::report(&game, Vec::new())).expect("json");
    assert_eq!(replayed, v["state"]);
    running.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_hall_resumes_its_games_with_a_pause_that_charges_nobody() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"black": "human", "time_control": "600+0"})).await;
    let (id, w, b) = (
        s(&g, "id").to_string(),
        s(&g, "white_token"),
        s(&g, "black_token"),
    );
    assert_eq!(post(&c, &id, w, mv("d4")).await.0, 200);
    let before = post(&c, &id, b, mv("d5")).await.1;
    running.kill();
    let (again, c) = db.hall().await;
    let (st, v) = post(&c, &id, w, mv("c4")).await;
    assert_eq!(st, 200, "{v}");
    let (_, log) = c
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    let kinds: Vec<String> = log
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<Value>(l).expect("json"))
        .map(|e| {
            format!(
                "{}{}",
                e["type"].as_str().unwrap_or(""),
                e["action"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "start",
            "move",
            "move",
            "arbiterpause",
            "arbiterresume",
            "move"
        ]
    );
    // The pause stands where play stopped (a crash right after d5: the
    // last heartbeat, at most half a second before) and the resume at the
    // restart: the time the hall was away is charged to nobody.
    let ats: Vec<u64> = log
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<Value>(l).expect("json")["at"]
                .as_u64()
                .unwrap_or(0)
        })
        .collect();
    assert!(ats[3] >= ats[2] && ats[3] <= ats[2] + 1_000, "{log}");
    assert!(ats[4] >= ats[3], "{log}");
    assert_eq!(before["seq"], json!(3));
    again.kill();
}

/// The game's state as `client`'s instance reports it.
async fn state_of(client: &HttpClient, id: &str) -> Value {
    client
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get")
        .1["state"]
        .clone()
}

/// Waits (bounded: 60 s) until White is to move or the game is over: the
/// engine seat has answered.
async fn engine_answered(client: &HttpClient, id: &str) -> Value {
    for _ in 0..600 {
        let state = state_of(client, id).await;
        let white_to_move = s(&state, "fen").split(' ').nth(1) == Some("w");
        if state["result"] != json!("*") || white_to_move {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the engine did not answer within 60 s");
}

/// White's move through `client`, retried (bounded: 30 s) while the game is
/// changing hands (503).
async fn white_moves(client: &HttpClient, id: &str, token: &str, state: &Value) -> Value {
    let m = scripted_move(s(state, "fen"));
    for _ in 0..300 {
        let (st, v) = post(client, id, token, mv(&m)).await;
        match st {
            200 => return v["state"].clone(),
            503 => tokio::time::sleep(Duration::from_millis(100)).await,
            _ => panic!("{m}: {st} {v}"),
        }
    }
    panic!("no instance took the game within 30 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_game_goes_on_to_its_end_when_its_instance_dies() {
    let Some(db) = Db::postgres("engine_failover").await else {
        return;
    };
    let ((a, ca), (b, cb)) = pg_pair(&db).await;
    // Created through A: A runs the clock and Stockfish's seat.
    let g = create(
        &ca,
        json!({"black": "engine", "engine_movetime_ms": 20, "time_control": "900+5"}),
    )
    .await;
    let (id, w) = (s(&g, "id"), s(&g, "white_token"));
    let owner = |r: &arbiter_server::Running| r.hall.config().instance_id.clone();
    let record = a.hall.store().game(&id.parse().expect("id")).await;
    assert_eq!(record.expect("game").owner, Some(owner(&a)));
    let mut state = state_of(&ca, id).await;
    for _ in 0..3 {
        white_moves(&ca, id, w, &state).await;
        state = engine_answered(&ca, id).await;
    }
    // White moves, and A dies while Stockfish is to answer (or just has).
    state = white_moves(&ca, id, w, &state).await;
    let plies_before = state["ply"].as_u64().unwrap_or(0);
    a.kill();
    // B takes the clock and the engine seat: the engine's answer and every
    // later one come from B, and the game goes on to its end.
    state = engine_answered(&cb, id).await;
    for _ in 0..150 {
        if state["result"] != json!("*") {
            break;
        }
        state = white_moves(&cb, id, w, &state).await;
        if state["result"] != json!("*") {
            break;
        }
        state = engine_answered(&cb, id).await;
    }
    if state["result"] == json!("*") {
        let (st, v) = post(&cb, id, w, json!({"type": "resign"})).await;
        assert_eq!(st, 200, "{v}");
        state = v["state"].clone();
    }
    assert_ne!(state["result"], json!("*"), "the game ended: {state}");
    assert!(state["ply"].as_u64().unwrap_or(0) > plies_before + 1);
    // The log: the takeover is an arbiter's pause, the engine moved after
    // it, and the whole log replays (by the Laws) to the state B reports.
    let (_, log) = cb
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let pause = lines
        .iter()
        .position(|e| e["action"] == json!("pause"))
        .unwrap_or_else(|| panic!("no pause in the log:\n{log}"));
    assert!(log.contains("the hall was stopped"), "{log}");
    assert!(
        lines[pause..]
            .iter()
            .any(|e| e["type"] == json!("move") && e["side"] == json!("black")),
        "Stockfish moved on B after the takeover:\n{log}"
    );
    let parsed = arbiter_laws::log::parse_log(&log).expect("the log reads");
    let (game, rejected) =
        arbiter_laws::replay::replay(arbiter_chess::Chess::default(), &parsed).expect("replays");
    assert!(rejected.is_empty(), "{rejected:?}");
    let replayed =
        serde_json::to_value(arbiter_laws::replay::report(&game, Vec::new())).expect("json");
    assert_eq!(replayed, state_of(&cb, id).await, "the log replays");
    b.kill();
    db.cleanup().await;
}
