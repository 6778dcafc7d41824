//! The PostgreSQL backend: many instances share one database.

use std::collections::HashMap;
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use tokio::sync::broadcast;
use tokio::task::JoinHandle;

use crate::common::{
    AppendReq, EVENTS_PAGE, GameRow, HashRow, ID_ATTEMPTS, RENEW_CHUNK, batch_games,
    check_instance, check_line, db_seq, game_columns, lease_ms, match_seat, meta_json, plan,
    record, shared_methods, stored_events,
};
use crate::error::StoreError;
use crate::migrate::POSTGRES_MIGRATIONS;
use crate::types::{GameId, GameLog, GameRecord, NewGame, Notice, Seat, Status, StoredEvent};

/// Row locks of a subquery, taken in its order.
macro_rules! row_locks {
    () => {
        " FOR UPDATE"
    };
}

/// The database's clock in milliseconds since the Unix epoch.
/// `clock_timestamp()`, not `now()`: `now()` is the start of the
/// transaction, which may be long before a lock was granted.
macro_rules! now_ms {
    () => {
        "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    };
}

/// Connections in the pool; one more is held by the listener.
const POOL_SIZE: u32 = 10;
/// The advisory lock that serialises migrations of concurrent instances
/// (the bytes of "arbiter\0").
const MIGRATION_LOCK: i64 = 0x6172_6269_7465_7200;
/// PostgreSQL's longest identifier, which bounds a channel name.
const IDENT_MAX: usize = 63;
/// Wait before retrying a listener that failed for another reason than a
/// lost connection (the database is down): bounded retry rate.
const LISTEN_RETRY: Duration = Duration::from_secs(1);

/// A PostgreSQL store.
pub(crate) struct PgStore {
    pool: PgPool,
    /// `NOTIFY` channel of this schema: instances sharing a database but
    /// not a schema do not hear each other.
    channel: String,
    listener: JoinHandle<()>,
}

impl Drop for PgStore {
    fn drop(&mut self) {
        self.listener.abort();
    }
}

impl PgStore {
    /// Connects, migrates and starts listening; when this returns, every
    /// later commit by any instance is delivered to `notices`.
    pub(crate) async fn open(
        options: PgConnectOptions,
        notices: broadcast::Sender<Notice>,
    ) -> Result<PgStore, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .connect_with(options)
            .await?;
        migrate(&pool).await?;
        let schema: Option<String> = sqlx::query_scalar("SELECT current_schema()")
            .fetch_one(&pool)
            .await?;
        let schema = schema.ok_or_else(|| {
            StoreError::InvalidUrl("the search_path names no existing schema".into())
        })?;
        let mut channel = format!("arbiter_{schema}");
        while channel.len() > IDENT_MAX {
            channel.pop();
        }
        let mut listener = PgListener::connect_with(&pool).await?;
        listener.listen(&channel).await?;
        let listener = tokio::spawn(forward(listener, notices));
        Ok(PgStore {
            pool,
            channel,
            listener,
        })
    }

    pub(crate) async fn close(&self) {
        self.pool.close().await;
        self.listener.abort();
    }

    /// Commits a batch of appends in one transaction; the answers follow
    /// [`plan`]. `Err`: the transaction failed and nothing of the batch was
    /// written.
    pub(crate) async fn append_batch(
        &self,
        items: &[AppendReq],
    ) -> Result<Vec<Result<u64, StoreError>>, StoreError> {
        let mut tx = self.pool.begin().await?;
        // The row locks serialise appends to one game across every instance
        // sharing the database; other games are not held up. Taken in id
        // order, so two instances' batches cannot deadlock.
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT id, last_seq FROM games WHERE id = ANY($1) ORDER BY id FOR UPDATE",
        )
        .bind(batch_games(items))
        .fetch_all(&mut *tx)
        .await?;
        let last: HashMap<GameId, i64> = rows
            .into_iter()
            .map(|(id, seq)| (GameId::from_db(id), seq))
            .collect();
        let plan = plan(items, &last)?;
        if plan.rows.is_empty() {
            tx.rollback().await?;
            return Ok(plan.answers);
        }
        let ids: Vec<&str> = plan
            .rows
            .iter()
            .map(|&(i, _)| items[i].id.as_str())
            .collect();
        let seqs: Vec<i64> = plan.rows.iter().map(|&(_, seq)| seq).collect();
        let lines: Vec<&str> = plan
            .rows
            .iter()
            .map(|&(i, _)| items[i].line.as_str())
            .collect();
        sqlx::query(
            "INSERT INTO events (game_id, seq, line) \
             SELECT * FROM UNNEST($1::TEXT[], $2::BIGINT[], $3::TEXT[])",
        )
        .bind(&ids)
        .bind(&seqs)
        .bind(&lines)
        .execute(&mut *tx)
        .await?;
        let (games, lasts): (Vec<&str>, Vec<i64>) = plan
            .last
            .iter()
            .map(|(id, seq)| (id.as_str(), *seq))
            .unzip();
        sqlx::query(
            "UPDATE games SET last_seq = v.seq \
             FROM UNNEST($1::TEXT[], $2::BIGINT[]) AS v(id, seq) WHERE games.id = v.id",
        )
        .bind(&games)
        .bind(&lasts)
        .execute(&mut *tx)
        .await?;
        // Queued in the transaction: PostgreSQL delivers them only if the
        // commit succeeds, in commit order, and in the order queued.
        let payloads: Vec<String> = plan
            .rows
            .iter()
            .map(|&(i, seq)| format!("{seq} {}", items[i].id))
            .collect();
        sqlx::query(
            "SELECT pg_notify($1, p) FROM UNNEST($2::TEXT[]) WITH ORDINALITY AS t(p, n) ORDER BY n",
        )
        .bind(&self.channel)
        .bind(&payloads)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(plan.answers)
    }

    shared_methods!();
    crate::tournaments::tournament_methods!();
    crate::challenges::lobby_methods!();

    /// No writer lock: PostgreSQL's row locks serialise what must be.
    async fn writing(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        None
    }
}

/// Forwards this schema's notifications to the subscribers until the pool
/// closes. A lost connection is re-established by `PgListener`; what was
/// sent meanwhile is lost, so subscribers are told to resync.
async fn forward(mut listener: PgListener, notices: broadcast::Sender<Notice>) {
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => {
                if let Some(notice) = parse_payload(notification.payload()) {
                    let _ = notices.send(notice);
                }
            }
            Ok(None) => {
                let _ = notices.send(Notice::Resync);
            }
            Err(sqlx::Error::PoolClosed) => return,
            Err(_) => {
                let _ = notices.send(Notice::Resync);
                tokio::time::sleep(LISTEN_RETRY).await;
            }
        }
    }
}

/// Reads `"SEQ GAME_ID"`; anything else (sent by someone else on our
/// channel) is ignored.
fn parse_payload(payload: &str) -> Option<Notice> {
    let (seq, id) = payload.split_once(' ')?;
    Some(Notice::Appended {
        game_id: id.parse().ok()?,
        seq: seq.parse().ok()?,
    })
}

/// Brings the schema up to date. The advisory lock makes instances that
/// start together migrate one after another; PostgreSQL's DDL is
/// transactional, so a failed migration leaves nothing half done.
async fn migrate(pool: &PgPool) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *tx)
        .await?;
    sqlx::raw_sql("CREATE TABLE IF NOT EXISTS arbiter_schema (version BIGINT NOT NULL)")
        .execute(&mut *tx)
        .await?;
    let current: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(version), 0) FROM arbiter_schema")
        .fetch_one(&mut *tx)
        .await?;
    crate::migrate::check_version(current, POSTGRES_MIGRATIONS)?;
    for &(version, sql) in POSTGRES_MIGRATIONS.iter().filter(|(v, _)| *v > current) {
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO arbiter_schema (version) VALUES ($1)")
            .bind(version)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_round_trip_and_strangers_are_ignored() {
        let id: GameId = "abcdEFGH1234-_xy".parse().expect("valid id");
        assert_eq!(
            parse_payload(&format!("17 {id}")),
            Some(Notice::Appended {
                game_id: id,
                seq: 17
            })
        );
        for bad in ["", "17", "x abcdEFGH1234", "17 bad/id!", "-1 abcdEFGH1234"] {
            assert_eq!(parse_payload(bad), None, "{bad:?}");
        }
    }
}
