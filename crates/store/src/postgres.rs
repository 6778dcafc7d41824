//! The PostgreSQL backend: many instances share one database.

use std::collections::HashMap;
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use tokio::sync::broadcast;
use tokio::task::JoinHandle;

use crate::common::{
    AppendReq, EVENTS_PAGE, GameRow, HashRow, ID_ATTEMPTS, batch_games, check_instance, check_line,
    db_seq, game_columns, lease_ms, match_seat, meta_json, plan, record, stored_events,
};
use crate::error::StoreError;
use crate::migrate::POSTGRES_MIGRATIONS;
use crate::types::{GameId, GameLog, GameRecord, NewGame, Notice, Seat, Status, StoredEvent};

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

    pub(crate) async fn create_game(&self, game: &NewGame) -> Result<GameId, StoreError> {
        check_line(&game.header_line, "header")?;
        let meta = meta_json(&game.meta)?;
        let hash = |t: &Option<crate::Token>| t.as_ref().map(|t| t.hash().to_vec());
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
            " FROM games WHERE $1::TEXT IS NULL OR status = $1 ORDER BY created_at, id"
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
        // One UPDATE: the row lock makes the check and the take atomic, so
        // of two instances racing for an expired lease exactly one wins.
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
        self.changed_or_exists(id, done.rows_affected()).await
    }

    pub(crate) async fn renew(
        &self,
        id: &GameId,
        instance_id: &str,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let instance_id = check_instance(instance_id)?;
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
        self.changed_or_exists(id, done.rows_affected()).await
    }

    pub(crate) async fn renew_all(
        &self,
        instance_id: &str,
        lease: Duration,
    ) -> Result<Vec<GameId>, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let ids: Vec<String> = sqlx::query_scalar(concat!(
            "UPDATE games SET lease_until = ",
            now_ms!(),
            " + $2 WHERE owner = $1 RETURNING id"
        ))
        .bind(instance_id)
        .bind(lease_ms(lease))
        .fetch_all(&self.pool)
        .await?;
        let mut ids: Vec<GameId> = ids.into_iter().map(GameId::from_db).collect();
        ids.sort();
        Ok(ids)
    }

    pub(crate) async fn release(&self, id: &GameId, instance_id: &str) -> Result<bool, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let done = sqlx::query(
            "UPDATE games SET owner = NULL, lease_until = NULL WHERE id = $1 AND owner = $2",
        )
        .bind(id.as_str())
        .bind(instance_id)
        .execute(&self.pool)
        .await?;
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
