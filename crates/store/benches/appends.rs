//! Appends per second through `Store::append`, SQLite and PostgreSQL side by
//! side in one run: one game appended to in sequence (each append waits for
//! the previous commit, as one player's moves do), and 100 games appended to
//! at once (a busy hall).
//!
//! ```text
//! export "$(bash scripts/postgres.sh | tail -n 1)"
//! cargo bench -p arbiter-store --bench appends
//! ```
//!
//! Without `ARBITER_TEST_PG_URL` the PostgreSQL column says "skipped".

use std::time::Instant;

use arbiter_store::{GameMeta, NewGame, Store};

/// Appends to the single game.
const ONE_GAME_EVENTS: u64 = 500;
/// Games appended to concurrently, and appends to each.
const GAMES: usize = 100;
const PER_GAME: u64 = 20;

fn new_game() -> NewGame {
    NewGame {
        meta: GameMeta {
            variant: arbiter_rules::Variant::Chess,
            ..GameMeta::default()
        },
        header_line: r#"{"format":"arbiter-log","version":1,"time_control":"300+3"}"#.into(),
        ..NewGame::default()
    }
}

fn line(at: u64) -> String {
    format!(r#"{{"at":{at},"type":"move","side":"white","move":"e4","press":true}}"#)
}

/// Appends per second to one game, sequentially.
async fn one_game(store: &Store) -> f64 {
    let id = store.create_game(&new_game()).await.expect("create");
    let start = Instant::now();
    for seq in 1..=ONE_GAME_EVENTS {
        store
            .append(&id, &line(seq), Some(seq))
            .await
            .expect("append");
    }
    ONE_GAME_EVENTS as f64 / start.elapsed().as_secs_f64()
}

/// Appends per second over `GAMES` games, each with its own task.
async fn many_games(store: &Store) -> f64 {
    let mut ids = Vec::new();
    for _ in 0..GAMES {
        ids.push(store.create_game(&new_game()).await.expect("create"));
    }
    let start = Instant::now();
    let tasks: Vec<_> = ids
        .into_iter()
        .map(|id| {
            let store = store.clone();
            tokio::spawn(async move {
                for seq in 1..=PER_GAME {
                    store
                        .append(&id, &line(seq), Some(seq))
                        .await
                        .expect("append");
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("task");
    }
    (GAMES as u64 * PER_GAME) as f64 / start.elapsed().as_secs_f64()
}

async fn measure(store: &Store) -> [f64; 2] {
    [one_game(store).await, many_games(store).await]
}

async fn postgres() -> Option<(Store, String, String)> {
    let base = std::env::var("ARBITER_TEST_PG_URL").ok()?;
    let schema = format!("bench_{}", std::process::id());
    let admin = sqlx::PgPool::connect(&base).await.expect("connect");
    let create = format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}");
    sqlx::raw_sql(sqlx::AssertSqlSafe(create))
        .execute(&admin)
        .await
        .expect("schema");
    admin.close().await;
    let sep = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{sep}options=-c%20search_path%3D{schema}");
    Some((Store::connect(&url).await.expect("open"), base, schema))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let sqlite = Store::connect_sqlite(&dir.path().join("bench.sqlite"))
        .await
        .expect("open sqlite");
    let on_sqlite = measure(&sqlite).await;
    let on_postgres = match postgres().await {
        Some((store, base, schema)) => {
            let figures = measure(&store).await;
            store.close().await;
            let admin = sqlx::PgPool::connect(&base).await.expect("connect");
            let drop = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
            let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(drop))
                .execute(&admin)
                .await;
            Some(figures)
        }
        None => None,
    };
    let cell = |f: Option<f64>| f.map_or("skipped".to_owned(), |f| format!("{f:.0}"));
    println!(
        "appends/s (committed before returning)  {:>10} {:>10}",
        "sqlite", "postgres"
    );
    let rows = [
        format!("1 game, {ONE_GAME_EVENTS} appends in sequence"),
        format!("{GAMES} games x {PER_GAME} appends, concurrent"),
    ];
    for (i, row) in rows.iter().enumerate() {
        println!(
            "{row:<40} {:>10} {:>10}",
            format!("{:.0}", on_sqlite[i]),
            cell(on_postgres.map(|p| p[i]))
        );
    }
}
