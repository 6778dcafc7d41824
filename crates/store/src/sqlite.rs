//! The SQLite backend: one file, one machine, one process writing.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::{Mutex, broadcast};

use crate::common::{
    AppendReq, EVENTS_PAGE, GameRow, HashRow, ID_ATTEMPTS, batch_games, check_instance, check_line,
    db_seq, game_columns, lease_ms, match_seat, meta_json, plan, record, stored_events,
};
use crate::error::StoreError;
use crate::migrate::SQLITE_MIGRATIONS;
use crate::types::{GameId, GameLog, GameRecord, NewGame, Notice, Seat, Status, StoredEvent};

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

    pub(crate) async fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        check_line(&game.header_line, "header")?;
        let meta = meta_json(&game.meta)?;
        let hash = |t: &Option<crate::Token>| t.as_ref().map(|t| t.hash().to_vec());
        let _write = self.write.lock().await;
        let mut last_err = None;
        for _ in 0..ID_ATTEMPTS {
            let id = GameId::generate()?;
            let result = sqlx::query(concat!(
                "INSERT INTO games (id, created_at, variant, status, metadata, header, ",
                "white_hash, black_hash, arbiter_hash) VALUES ($1, ",
                now_ms!(),
                ", $2, 'live', $3, $4, $5, $6, $7)"
            ))
            .bind(id.as_str())
            .bind(&game.meta.variant)
            .bind(&meta)
            .bind(&game.header_line)
            .bind(hash(&game.white_token))
            .bind(hash(&game.black_token))
            .bind(hash(&game.arbiter_token))
            .execute(&self.pool)
            .await;
            match result {
                Ok(_) => return Ok(id),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    last_err = Some(sqlx::Error::Database(e));
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(last_err.map_or(StoreError::NotFound, StoreError::Database))
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

    pub(crate) async fn game(&self, id: &GameId) -> Result<GameRecord, StoreError> {
        let row: Option<GameRow> = sqlx::query_as(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE id = $1"
        ))
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await?;
        record(row.ok_or(StoreError::NotFound)?)
    }

    pub(crate) async fn log(&self, id: &GameId) -> Result<GameLog, StoreError> {
        let header: Option<String> = sqlx::query_scalar("SELECT header FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await?;
        let header = header.ok_or(StoreError::NotFound)?;
        // The header never changes and events only grow, so reading them in
        // a second statement still gives a log that was true at some instant.
        let events = self.events_after(id, 0, i64::MAX).await?;
        Ok(GameLog { header, events })
    }

    pub(crate) async fn events_since(
        &self,
        id: &GameId,
        after: u64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let Some(after) = db_seq(after) else {
            self.game(id).await?;
            return Ok(Vec::new());
        };
        let page = i64::try_from(EVENTS_PAGE).unwrap_or(i64::MAX);
        let events = self.events_after(id, after, page).await?;
        if events.is_empty() {
            self.game(id).await?;
        }
        Ok(events)
    }

    async fn events_after(
        &self,
        id: &GameId,
        after: i64,
        limit: i64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT seq, line FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        )
        .bind(id.as_str())
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        stored_events(rows)
    }

    pub(crate) async fn set_status(&self, id: &GameId, status: Status) -> Result<(), StoreError> {
        let _write = self.write.lock().await;
        let done = sqlx::query("UPDATE games SET status = $2 WHERE id = $1")
            .bind(id.as_str())
            .bind(status.as_str())
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub(crate) async fn list(&self, status: Option<Status>) -> Result<Vec<GameRecord>, StoreError> {
        let rows: Vec<GameRow> = sqlx::query_as(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE $1 IS NULL OR status = $1 ORDER BY created_at, id"
        ))
        .bind(status.map(Status::as_str))
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(record).collect()
    }

    pub(crate) async fn verify_token(
        &self,
        id: &GameId,
        token: &str,
    ) -> Result<Option<Seat>, StoreError> {
        let row: Option<HashRow> =
            sqlx::query_as("SELECT white_hash, black_hash, arbiter_hash FROM games WHERE id = $1")
                .bind(id.as_str())
                .fetch_optional(&self.pool)
                .await?;
        Ok(match_seat(row.ok_or(StoreError::NotFound)?, token))
    }

    pub(crate) async fn try_acquire(
        &self,
        id: &GameId,
        instance_id: &str,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let guard = self.write.lock().await;
        let done = sqlx::query(concat!(
            "UPDATE games SET owner = $2, lease_until = ",
            now_ms!(),
            " + $3 WHERE id = $1 AND (owner IS NULL OR owner = $2 OR lease_until <= ",
            now_ms!(),
            ")"
        ))
        .bind(id.as_str())
        .bind(instance_id)
        .bind(lease_ms(lease))
        .execute(&self.pool)
        .await?;
        drop(guard);
        self.changed_or_exists(id, done.rows_affected()).await
    }

    pub(crate) async fn renew(
        &self,
        id: &GameId,
        instance_id: &str,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let guard = self.write.lock().await;
        let done = sqlx::query(concat!(
            "UPDATE games SET lease_until = ",
            now_ms!(),
            " + $3 WHERE id = $1 AND owner = $2"
        ))
        .bind(id.as_str())
        .bind(instance_id)
        .bind(lease_ms(lease))
        .execute(&self.pool)
        .await?;
        drop(guard);
        self.changed_or_exists(id, done.rows_affected()).await
    }

    pub(crate) async fn renew_all(
        &self,
        instance_id: &str,
        lease: Duration,
    ) -> Result<Vec<GameId>, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let guard = self.write.lock().await;
        let ids: Vec<String> = sqlx::query_scalar(concat!(
            "UPDATE games SET lease_until = ",
            now_ms!(),
            " + $2 WHERE owner = $1 RETURNING id"
        ))
        .bind(instance_id)
        .bind(lease_ms(lease))
        .fetch_all(&self.pool)
        .await?;
        drop(guard);
        let mut ids: Vec<GameId> = ids.into_iter().map(GameId::from_db).collect();
        ids.sort();
        Ok(ids)
    }

    pub(crate) async fn release(&self, id: &GameId, instance_id: &str) -> Result<bool, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let guard = self.write.lock().await;
        let done = sqlx::query(
            "UPDATE games SET owner = NULL, lease_until = NULL WHERE id = $1 AND owner = $2",
        )
        .bind(id.as_str())
        .bind(instance_id)
        .execute(&self.pool)
        .await?;
        drop(guard);
        self.changed_or_exists(id, done.rows_affected()).await
    }

    pub(crate) async fn claimable(&self, instance_id: &str) -> Result<Vec<GameId>, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let ids: Vec<String> = sqlx::query_scalar(concat!(
            "SELECT id FROM games WHERE status = 'live' AND ",
            "(owner IS NULL OR owner = $1 OR lease_until <= ",
            now_ms!(),
            ") ORDER BY created_at, id"
        ))
        .bind(instance_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(GameId::from_db).collect())
    }

    /// `true` when an update changed the row; otherwise `false` if the game
    /// exists and `NotFound` if it does not.
    async fn changed_or_exists(&self, id: &GameId, rows: u64) -> Result<bool, StoreError> {
        if rows > 0 {
            return Ok(true);
        }
        self.game(id).await.map(|_| false)
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
