//! The databases the store's tests run on: a fresh SQLite file, or a fresh
//! PostgreSQL schema on `ARBITER_TEST_PG_URL` (`scripts/postgres.sh`);
//! `ARBITER_SKIP_PG=1` skips the PostgreSQL half, loudly.

#![allow(dead_code)]

use std::path::PathBuf;

use arbiter_store::Store;

/// Where a test's database lives.
pub enum Db {
    /// A file in a temporary directory, removed with it.
    Sqlite {
        _dir: tempfile::TempDir,
        path: PathBuf,
    },
    /// A schema of its own, dropped by [`Db::cleanup`].
    Postgres { base: String, schema: String },
}

impl Db {
    /// A SQLite file at `file` (which may name directories still to be
    /// made) under a fresh temporary directory.
    pub fn sqlite(file: &str) -> Db {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join(file);
        Db::Sqlite { _dir: dir, path }
    }

    /// A fresh schema `{prefix}_{case}_{process id}` for the test `case`;
    /// `None` (said loudly) when `ARBITER_SKIP_PG=1`; a clear failure when
    /// neither is set.
    pub async fn postgres(prefix: &str, case: &str) -> Option<Db> {
        let base = pg_base_url(case)?;
        let schema = format!("{prefix}_{case}_{}", std::process::id());
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

    /// The URL the store connects to.
    pub fn url(&self) -> String {
        match self {
            Db::Sqlite { path, .. } => format!("sqlite://{}", path.display()),
            Db::Postgres { base, schema } => {
                let sep = if base.contains('?') { '&' } else { '?' };
                format!("{base}{sep}options=-c%20search_path%3D{schema}")
            }
        }
    }

    /// A store on this database.
    pub async fn open(&self) -> Store {
        Store::connect(&self.url()).await.expect("open the store")
    }

    /// Drops the PostgreSQL schema (the SQLite file goes with its
    /// directory).
    pub async fn cleanup(&self) {
        if let Db::Postgres { base, schema } = self {
            let admin = sqlx::PgPool::connect(base).await.expect("connect");
            let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
            let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                .execute(&admin)
                .await;
            admin.close().await;
        }
    }
}

/// `ARBITER_TEST_PG_URL`; `None` when the PostgreSQL half of `case` is
/// skipped.
fn pg_base_url(case: &str) -> Option<String> {
    if let Ok(url) = std::env::var("ARBITER_TEST_PG_URL") {
        return Some(url);
    }
    if std::env::var("ARBITER_SKIP_PG").as_deref() == Ok("1") {
        eprintln!("SKIPPED: the PostgreSQL half of {case} (ARBITER_SKIP_PG=1)");
        return None;
    }
    panic!(
        "ARBITER_TEST_PG_URL is unset. Start PostgreSQL with \
         `export \"$(bash scripts/postgres.sh | tail -n 1)\"`, \
         or set ARBITER_SKIP_PG=1 to skip the PostgreSQL half of the store tests"
    );
}
