//! `hall-load`: N bot games on one hall over WebSocket on 127.0.0.1, on
//! SQLite or PostgreSQL. Prints the games held, moves per second, the move
//! round trip (send → acknowledgement) at p50/p99, and the memory per idle
//! game, beside the goals (10,000 games; p99 ≤ 10 ms at 1,000 moves/s;
//! ≤ 16 KiB per idle game). Bounded: N games, M moving, S seconds.
//!
//! `hall-load [sqlite|postgres] [N idle games] [M moving games] [S seconds] [moves/s per game] [new|started]`
//! (PostgreSQL from `ARBITER_TEST_PG_URL`). An idle game is `new` by
//! default: created and untouched, it rests in the hall as its state alone
//! until its first request. With `started`, White plays 1. e4 in each, so
//! every idle game runs its task with Black's clock running: the memory of
//! a game in play between two moves.

use arbiter_server::client::{HttpClient, WsClient};
use arbiter_store::Store;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use std::time::{Duration, Instant};

fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

fn arg<T: std::str::FromStr>(i: usize, default: T) -> T {
    std::env::args()
        .nth(i)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn pick(fen: &str, salt: usize) -> Option<String> {
    let pos: Chess = fen
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    let moves = pos.legal_moves();
    let m = moves.get(salt % moves.len().max(1))?;
    Some(UciMove::from_standard(*m).to_string())
}

async fn create(c: &HttpClient) -> Result<Value, String> {
    let body = json!({"white": "human", "black": "human", "time_control": "5400+30"});
    match c.json("POST", "/api/games", None, Some(&body)).await? {
        (201, v) => Ok(v),
        (s, v) => Err(format!("create: {s} {v}")),
    }
}

/// White's 1. e4 in a new game: its clock starts, Black's runs.
async fn start(c: &HttpClient, g: &Value) -> Result<(), String> {
    let id = g["id"].as_str().unwrap_or_default();
    let token = g["white_token"].as_str();
    let e4 = json!({"type": "move", "move": "e4"});
    let path = format!("/api/games/{id}/events");
    match c.json("POST", &path, token, Some(&e4)).await? {
        (200, _) => Ok(()),
        (s, v) => Err(format!("e4: {s} {v}")),
    }
}

/// One moving game: both players on their own sockets, paced at `rate`
/// moves a second; the round trip of every move.
async fn mover(
    addr: std::net::SocketAddr,
    g: Value,
    until: Instant,
    rate: f64,
) -> Result<Vec<Duration>, String> {
    let id = g["id"].as_str().unwrap_or_default();
    let mut ws = Vec::new();
    for side in ["white_token", "black_token"] {
        let t = g[side].as_str().unwrap_or_default();
        ws.push(WsClient::connect(addr, &format!("/api/games/{id}/ws?token={t}")).await?);
        ws.last_mut().ok_or("ws")?.next().await;
    }
    let mut fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string();
    let mut times = Vec::new();
    let pace = Duration::from_secs_f64(1.0 / rate.max(0.01));
    let mut i = 0usize;
    while Instant::now() < until {
        let Some(m) = pick(&fen, i * 13 + 5) else {
            break;
        };
        let sock = &mut ws[i % 2];
        let sent = Instant::now();
        sock.send(&json!({"type": "move", "move": m, "ack": i}))
            .await?;
        let answer = loop {
            let f = sock.next().await.ok_or("closed")?;
            if f.get("ack") == Some(&json!(i)) {
                break f;
            }
        };
        times.push(sent.elapsed());
        if answer["status"] != json!(200) || answer["state"]["result"] != json!("*") {
            break;
        }
        fen = answer["state"]["fen"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        i += 1;
        tokio::time::sleep(pace.saturating_sub(sent.elapsed())).await;
    }
    Ok(times)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), String> {
    let backend: String = arg(1, "sqlite".to_string());
    let (idle, moving, seconds, rate): (usize, usize, u64, f64) =
        (arg(2, 100), arg(3, 10), arg(4, 10), arg(5, 2.0));
    let in_play = arg(6, "new".to_string()) == "started";
    let dir = std::env::temp_dir().join(format!("hall-load-{}", std::process::id()));
    let url = match backend.as_str() {
        "postgres" => {
            std::env::var("ARBITER_TEST_PG_URL").map_err(|_| "set ARBITER_TEST_PG_URL")?
        }
        _ => format!("sqlite://{}", dir.join("hall.sqlite").display()),
    };
    let store = Store::connect(&url).await.map_err(|e| e.to_string())?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| e.to_string())?;
    let running = arbiter_server::launch(listener, store).await?;
    let c = HttpClient::new(running.addr);
    let before = rss_bytes();
    let started = Instant::now();
    // Sixteen creators at once, as many players arriving would.
    let creators: Vec<_> = (0..16)
        .map(|k| {
            let c = c.clone();
            tokio::spawn(async move {
                for _ in (k..idle).step_by(16) {
                    let g = create(&c).await?;
                    if in_play {
                        start(&c, &g).await?;
                    }
                }
                Ok::<(), String>(())
            })
        })
        .collect();
    for t in creators {
        t.await.map_err(|e| e.to_string())??;
    }
    let made = started.elapsed();
    let per_game = (rss_bytes().saturating_sub(before)) as f64 / idle.max(1) as f64;
    let mut games = Vec::new();
    for _ in 0..moving {
        games.push(create(&c).await?);
    }
    let held = running.hall.running_games();
    let until = Instant::now() + Duration::from_secs(seconds);
    let t0 = Instant::now();
    let tasks: Vec<_> = games
        .into_iter()
        .map(|g| tokio::spawn(mover(running.addr, g, until, rate)))
        .collect();
    let mut times = Vec::new();
    // A game's first move also starts its task (a new game rests until then),
    // so the first moves and the later ones are reported apart too.
    let mut firsts = Vec::new();
    let mut later = Vec::new();
    for t in tasks {
        match t.await {
            Ok(Ok(mut v)) => {
                if let Some((first, rest)) = v.split_first() {
                    firsts.push(*first);
                    later.extend_from_slice(rest);
                }
                times.append(&mut v);
            }
            Ok(Err(e)) => eprintln!("a mover stopped: {e}"),
            Err(e) => eprintln!("a mover failed: {e}"),
        }
    }
    let elapsed = t0.elapsed().as_secs_f64();
    times.sort();
    firsts.sort();
    later.sort();
    let kind = if in_play { "started" } else { "new" };
    println!(
        "hall-load on {backend}: {idle} idle ({kind}) + {moving} moving games, {seconds} s, {rate} moves/s per moving game"
    );
    println!("  games held          {held:>10}      goal 10000");
    println!(
        "  created per second  {:>10.0}",
        idle as f64 / made.as_secs_f64().max(1e-9)
    );
    println!(
        "  moves per second    {:>10.0}      goal 1000",
        times.len() as f64 / elapsed
    );
    println!("  round trip p50 ms   {:>10.2}", percentile(&times, 0.50));
    println!(
        "  round trip p99 ms   {:>10.2}      goal <= 10",
        percentile(&times, 0.99)
    );
    println!(
        "  first moves p50/p99 ms {:>7.2} / {:.2} (each starts its game's task)",
        percentile(&firsts, 0.50),
        percentile(&firsts, 0.99)
    );
    println!("  later moves p99 ms  {:>10.2}", percentile(&later, 0.99));
    println!(
        "  memory per idle game {:>9.1} KiB  goal <= 16 KiB (RSS growth / N)",
        per_game / 1024.0
    );
    // The games end with the run, so a later run's claim pass does not load them.
    let store = running.hall.store().clone();
    running.kill();
    for g in store
        .list(Some(arbiter_store::Status::Live))
        .await
        .unwrap_or_default()
    {
        let _ = store
            .set_status(&g.id, arbiter_store::Status::Finished)
            .await;
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
