//! The test harness: a hall on a fresh SQLite file or a fresh PostgreSQL
//! schema, served on 127.0.0.1.

#![allow(dead_code)]

use arbiter_server::client::HttpClient;
use arbiter_server::{Running, launch};
use arbiter_store::Store;
use serde_json::{Value, json};
use std::path::PathBuf;
use tokio::net::TcpListener;

/// Where a test's database lives.
pub enum Db {
    Sqlite {
        _dir: tempfile::TempDir,
        path: PathBuf,
    },
    Postgres {
        base: String,
        schema: String,
    },
}

impl Db {
    pub fn sqlite() -> Db {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("hall.sqlite");
        Db::Sqlite { _dir: dir, path }
    }

    /// A fresh schema on `ARBITER_TEST_PG_URL`; `None` (said loudly) when
    /// `ARBITER_SKIP_PG=1`; a clear failure when neither is set.
    pub async fn postgres(case: &str) -> Option<Db> {
        let base = match std::env::var("ARBITER_TEST_PG_URL") {
            Ok(url) => url,
            Err(_) if std::env::var("ARBITER_SKIP_PG").as_deref() == Ok("1") => {
                eprintln!("SKIPPED: the PostgreSQL half of {case} (ARBITER_SKIP_PG=1)");
                return None;
            }
            Err(_) => panic!(
                "ARBITER_TEST_PG_URL is unset. Start PostgreSQL with \
                 `export \"$(bash scripts/postgres.sh | tail -n 1)\"`, \
                 or set ARBITER_SKIP_PG=1 to skip the PostgreSQL half of the hall tests"
            ),
        };
        let schema = format!("hall_{case}_{}", std::process::id());
        let admin = sqlx::PgPool::connect(&base)
            .await
            .expect("connect to ARBITER_TEST_PG_URL");
        let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}");
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
            .execute(&admin)
            .await
            .expect("create the test schema");
        admin.close().await;
        Some(Db::Postgres { base, schema })
    }

    pub fn url(&self) -> String {
        match self {
            Db::Sqlite { path, .. } => format!("sqlite://{}", path.display()),
            Db::Postgres { base, schema } => {
                let sep = if base.contains('?') { '&' } else { '?' };
                format!("{base}{sep}options=-c%20search_path%3D{schema}")
            }
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Db::Sqlite { .. } => "sqlite",
            Db::Postgres { .. } => "postgres",
        }
    }

    /// Starts a hall (one instance) on this database.
    pub async fn hall(&self) -> (Running, HttpClient) {
        let store = Store::connect(&self.url()).await.expect("open the store");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("listen");
        let running = launch(listener, store).await.expect("launch");
        let client = HttpClient::new(running.addr);
        (running, client)
    }

    pub async fn cleanup(self) {
        if let Db::Postgres { base, schema } = &self {
            let admin = sqlx::PgPool::connect(base).await.expect("connect");
            let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
            let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                .execute(&admin)
                .await;
            admin.close().await;
        }
    }
}

/// Both databases (PostgreSQL unless skipped).
pub async fn databases(case: &str) -> Vec<Db> {
    let mut v = vec![Db::sqlite()];
    v.extend(Db::postgres(case).await);
    v
}

/// Creates a game; its answer.
pub async fn create(c: &HttpClient, body: Value) -> Value {
    let (status, v) = c
        .json("POST", "/api/games", None, Some(&body))
        .await
        .expect("create");
    assert_eq!(status, 201, "{v}");
    v
}

/// Posts an event with a token; status and answer.
pub async fn post(c: &HttpClient, id: &str, token: &str, event: Value) -> (u16, Value) {
    c.json(
        "POST",
        &format!("/api/games/{id}/events"),
        Some(token),
        Some(&event),
    )
    .await
    .expect("post")
}

pub fn mv(text: &str) -> Value {
    json!({"type": "move", "move": text})
}

pub fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} in {v}"))
}
