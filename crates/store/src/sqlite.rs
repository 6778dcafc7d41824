//! The SQLite backend: one file, one machine, one process writing.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::{Mutex, broadcast};

use crate::common::{
    AppendReq, EVENTS_PAGE, GameRow, HashRow, ID_ATTEMPTS, RENEW_CHUNK, batch_games,
    check_instance, check_line, db_seq, game_columns, lease_ms, match_seat, meta_json, plan,
    record, shared_methods, stored_events,
};
use crate::error::StoreError;
use crate::migrate::SQLITE_MIGRATIONS;
use crate::types::{GameId, GameLog, GameRecord, NewGame, Notice, Seat, Status, StoredEvent};

/// Row locks of a subquery: none in SQLite, whose one writer holds the
/// whole database.
macro_rules! row_locks {
    () => {
        ""
    };
}

/// The database's clock in milliseconds since the Unix epoch.
macro_rules! now_ms {
    () => {
        "CAST(unixepoch('subsec') * 1000 AS INTEGER)"
    };
}

/// How long a connection waits for another process's write lock (the
/// in-process mutex makes waits within one process rare).
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);
/// Connections in the pool: one writes at a time; WAL lets the rest read.
const POOL_SIZE: u32 = 4;

/// A SQLite store.
pub(crate) struct SqliteStore {
    pool: SqlitePool,
    /// Serialises this process's writers. SQLite allows one writer at a
    /// time anyway; queueing them here, fairly, replaces SQLite's
    /// busy-sleep retries, which waste time under contention.
    write: Mutex<()>,
    notices: broadcast::Sender<Notice>,
}

impl SqliteStore {
    /// Opens (creating if missing) the database at `path`, or an in-memory
    /// one when `path` is `None`, and migrates it.
    pub(crate) async fn open(
        path: Option<&Path>,
        notices: broadcast::Sender<Notice>,
    ) -> Result<SqliteStore, StoreError> {
        let options = SqliteConnectOptions::new()
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let (options, size) = match path {
            Some(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(StoreError::Io)?;
                }
                // WAL + synchronous=FULL: a commit is on disk (the WAL is
                // fsynced) before `commit` returns, so an acknowledged event
                // survives kill -9 and power loss.
                let options = options
                    .filename(path)
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Full);
                (options, POOL_SIZE)
            }
            // Every connection to ":memory:" is its own database: use one.
            None => (options.in_memory(true), 1),
        };
        let pool = SqlitePoolOptions::new()
            .max_connections(size)
            .min_connections(if path.is_none() { 1 } else { 0 })
            .idle_timeout(path.map(|_| Duration::from_secs(600)))
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        migrate(&pool).await?;
        Ok(SqliteStore {
            pool,
            write: Mutex::new(()),
            notices,
        })
    }

    pub(crate) async fn close(&self) {
        self.pool.close().await;
    }

    /// Commits a batch of appends in one transaction (one fsync for all);
    /// the answers follow [`plan`]. `Err`: the transaction failed and
    /// nothing of the batch was written.
    pub(crate) async fn append_batch(
        &self,
        items: &[AppendReq],
    ) -> Result<Vec<Result<u64, StoreError>>, StoreError> {
        let _write = self.write.lock().await;
        // IMMEDIATE takes the write lock at BEGIN, so another process cannot
        // slip an append in between our read of last_seq and our insert.
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let mut last = HashMap::new();
        for id in batch_games(items) {
            let seq: Option<i64> = sqlx::query_scalar("SELECT last_seq FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            if let Some(seq) = seq {
                last.insert(GameId::from_db(id.to_owned()), seq);
            }
        }
        let plan = plan(items, &last)?;
        for &(i, seq) in &plan.rows {
            sqlx::query("INSERT INTO events (game_id, seq, line) VALUES ($1, $2, $3)")
                .bind(items[i].id.as_str())
                .bind(seq)
                .bind(&items[i].line)
                .execute(&mut *tx)
                .await?;
        }
        for (id, seq) in &plan.last {
            sqlx::query("UPDATE games SET last_seq = $2 WHERE id = $1")
                .bind(id.as_str())
                .bind(seq)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        // Sent while the write lock is held, so notices of one game leave in
        // seq order. No receiver is not an error.
        for (i, answer) in plan.answers.iter().enumerate() {
            if let Ok(seq) = answer {
                let _ = self.notices.send(Notice::Appended {
                    game_id: items[i].id.clone(),
                    seq: *seq,
                });
            }
        }
        Ok(plan.answers)
    }

    shared_methods!();
    crate::tournaments::tournament_methods!();
    crate::challenges::lobby_methods!();

    /// The process's writer lock, held by every write: SQLite has one
    /// writer at a time, and queueing here is fairer than its busy-sleeps.
    async fn writing(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        Some(self.write.lock().await)
    }
}

/// Brings the schema up to date inside one IMMEDIATE transaction, so two
/// processes opening a new file at once do not both create it.
async fn migrate(pool: &SqlitePool) -> Result<(), StoreError> {
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    sqlx::raw_sql("CREATE TABLE IF NOT EXISTS arbiter_schema (version INTEGER NOT NULL)")
        .execute(&mut *tx)
        .await?;
    let current: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(version), 0) FROM arbiter_schema")
        .fetch_one(&mut *tx)
        .await?;
    crate::migrate::check_version(current, SQLITE_MIGRATIONS)?;
    for &(version, sql) in SQLITE_MIGRATIONS.iter().filter(|(v, _)| *v > current) {
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO arbiter_schema (version) VALUES ($1)")
            .bind(version)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}
