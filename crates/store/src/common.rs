//! What both backends share: input checks and turning rows into values.

use std::collections::HashMap;
use std::time::Duration;

use crate::error::{StoreError, cut};
use crate::token::{ct_eq, token_hash};
use crate::types::{GameId, GameMeta, GameRecord, Seat, Status, StoredEvent};

/// Longest line (header or event) the store accepts. A log line is a few
/// hundred bytes; the bound keeps one bad client from filling the disk.
pub(crate) const LINE_MAX: usize = 64 * 1024;
/// Longest instance id; an instance id is a host name and a process id or a
/// UUID.
const INSTANCE_MAX: usize = 200;
/// Longest lease: a day. Leases are seconds; the bound keeps `now + lease`
/// inside a 64-bit integer on both databases.
const LEASE_MAX: Duration = Duration::from_secs(24 * 60 * 60);
/// How many times `create_game` draws a new id after a collision. With 96
/// random bits even the second draw is never needed in practice.
pub(crate) const ID_ATTEMPTS: usize = 4;

/// Most events [`crate::Store::events_since`] returns at once: a watcher
/// far behind reads its backlog in pages, so one request never holds a
/// whole long log in memory twice.
pub(crate) const EVENTS_PAGE: usize = 1000;
/// Leases renewed by one statement of [`crate::Store::renew_all`].
pub(crate) const RENEW_CHUNK: usize = 500;
/// Most appends committed in one transaction (one group commit).
pub(crate) const BATCH_MAX: usize = 256;

/// One append waiting for a group commit: the line was already checked.
#[derive(Debug, Clone)]
pub(crate) struct AppendReq {
    pub(crate) id: GameId,
    pub(crate) line: String,
    pub(crate) expected: Option<u64>,
}

/// What a group commit writes: each append's answer, and the rows of
/// those that were accepted.
#[derive(Debug)]
pub(crate) struct Plan {
    /// One answer per append, in order: its seq, or why nothing is written.
    pub(crate) answers: Vec<Result<u64, StoreError>>,
    /// The accepted appends: (index into the batch, seq as stored).
    pub(crate) rows: Vec<(usize, i64)>,
    /// Each game's new last seq, one per game that got a row.
    pub(crate) last: Vec<(GameId, i64)>,
}

/// Numbers a batch of appends, in order, from each game's last seq as the
/// transaction read it (`last`; a game missing from it does not exist).
/// Appends to one game in one batch follow each other; a refused append
/// (unknown game, or not the seq its writer expected) writes nothing and
/// does not stop the others. The same plan for both backends, so they
/// number alike.
pub(crate) fn plan(items: &[AppendReq], last: &HashMap<GameId, i64>) -> Result<Plan, StoreError> {
    let mut now: HashMap<&GameId, i64> = HashMap::new();
    let mut answers = Vec::with_capacity(items.len());
    let mut rows = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let Some(&stored) = now.get(&item.id).or_else(|| last.get(&item.id)) else {
            answers.push(Err(StoreError::NotFound));
            continue;
        };
        let next = seq_from_db(stored)? + 1;
        if let Some(expected) = item.expected
            && expected != next
        {
            answers.push(Err(StoreError::Conflict { expected, next }));
            continue;
        }
        let next_db = db_seq(next).ok_or_else(|| StoreError::Corrupt("seq overflow".into()))?;
        now.insert(&item.id, next_db);
        rows.push((i, next_db));
        answers.push(Ok(next));
    }
    let mut last: Vec<(GameId, i64)> = now.into_iter().map(|(id, s)| (id.clone(), s)).collect();
    last.sort();
    Ok(Plan {
        answers,
        rows,
        last,
    })
}

/// The distinct games of a batch, sorted: both backends read (and
/// PostgreSQL locks) them in this order, so two instances' batches never
/// wait for each other in a cycle.
pub(crate) fn batch_games(items: &[AppendReq]) -> Vec<&str> {
    let mut ids: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Event rows as read back.
pub(crate) fn stored_events(rows: Vec<(i64, String)>) -> Result<Vec<StoredEvent>, StoreError> {
    rows.into_iter()
        .map(|(seq, line)| {
            Ok(StoredEvent {
                seq: seq_from_db(seq)?,
                line,
            })
        })
        .collect()
}

/// The columns every game query selects, in [`GameRow`]'s order.
macro_rules! game_columns {
    () => {
        "id, created_at, status, metadata, last_seq, owner, lease_until"
    };
}
pub(crate) use game_columns;

/// A games row as selected by [`game_columns!`].
pub(crate) type GameRow = (
    String,
    i64,
    String,
    String,
    i64,
    Option<String>,
    Option<i64>,
);

/// The three token hashes of a game.
pub(crate) type HashRow = (Option<Vec<u8>>, Option<Vec<u8>>, Option<Vec<u8>>);

/// Checks that `line` can be one line of a JSON Lines log: one JSON object,
/// no line break, not too long.
pub(crate) fn check_line(line: &str, what: &str) -> Result<(), StoreError> {
    if line.len() > LINE_MAX {
        return Err(StoreError::InvalidInput(format!(
            "the {what} line is {} bytes; at most {LINE_MAX} are stored",
            line.len()
        )));
    }
    if line.contains(['\n', '\r']) {
        return Err(StoreError::InvalidInput(format!(
            "the {what} line contains a line break: {}",
            cut(line)
        )));
    }
    if !line.trim_start().starts_with('{') {
        return Err(StoreError::InvalidInput(format!(
            "the {what} line is not a JSON object: {}",
            cut(line)
        )));
    }
    serde_json::from_str::<serde::de::IgnoredAny>(line).map_err(|e| {
        StoreError::InvalidInput(format!(
            "the {what} line is not JSON ({e} at column {}): {}",
            e.column(),
            cut(line)
        ))
    })?;
    Ok(())
}

/// Checks an instance id and returns it.
pub(crate) fn check_instance(instance_id: &str) -> Result<&str, StoreError> {
    if instance_id.is_empty() || instance_id.len() > INSTANCE_MAX {
        return Err(StoreError::InvalidInput(format!(
            "an instance id has 1 to {INSTANCE_MAX} bytes, not {}",
            instance_id.len()
        )));
    }
    Ok(instance_id)
}

/// A lease in milliseconds, at most [`LEASE_MAX`].
pub(crate) fn lease_ms(lease: Duration) -> i64 {
    // LEASE_MAX is 86_400_000 ms, which fits in i64.
    i64::try_from(lease.min(LEASE_MAX).as_millis()).unwrap_or(i64::MAX)
}

/// A seq as the database stores it; `None` when no stored seq can be that
/// large.
pub(crate) fn db_seq(seq: u64) -> Option<i64> {
    i64::try_from(seq).ok()
}

/// A seq read from the database.
pub(crate) fn seq_from_db(seq: i64) -> Result<u64, StoreError> {
    u64::try_from(seq).map_err(|_| StoreError::Corrupt(format!("negative seq {seq}")))
}

/// The metadata as stored.
pub(crate) fn meta_json(meta: &GameMeta) -> Result<String, StoreError> {
    serde_json::to_string(meta)
        .map_err(|e| StoreError::InvalidInput(format!("metadata cannot be stored: {e}")))
}

/// A games row as a [`GameRecord`].
pub(crate) fn record(row: GameRow) -> Result<GameRecord, StoreError> {
    let (id, created_at_ms, status, metadata, last_seq, owner, lease_until_ms) = row;
    let meta = serde_json::from_str(&metadata)
        .map_err(|e| StoreError::Corrupt(format!("metadata of game {id}: {e}")))?;
    Ok(GameRecord {
        id: GameId::from_db(id),
        created_at_ms,
        status: Status::from_db(&status)?,
        meta,
        last_seq: seq_from_db(last_seq)?,
        owner,
        lease_until_ms,
    })
}

/// The seat whose stored hash matches `token`. Every seat is compared, in
/// constant time, whichever matches, so timing tells nothing.
pub(crate) fn match_seat(hashes: HashRow, token: &str) -> Option<Seat> {
    let presented = token_hash(token)?;
    let (white, black, arbiter) = hashes;
    let mut found = None;
    for (seat, stored) in [
        (Seat::White, white),
        (Seat::Black, black),
        (Seat::Arbiter, arbiter),
    ] {
        if let Some(stored) = stored
            && ct_eq(&stored, &presented)
        {
            found = found.or(Some(seat));
        }
    }
    found
}

/// The operations both backends run with the same SQL, written once. Each
/// backend expands it inside its `impl`, where `self.pool` is its pool,
/// `now_ms!()` its clock expression and `self.writing()` its writer lock
/// (SQLite: the process's one writer; PostgreSQL: none, row locks do it).
macro_rules! shared_methods {
    () => {
    pub(crate) async fn create_game(
        &self,
        game: &NewGame,
        lease: Option<(&str, Duration)>,
    ) -> Result<GameId, StoreError> {
        check_line(&game.header_line, "header")?;
        let (owner, lease_for) = match lease {
            Some((instance_id, lease)) => (Some(check_instance(instance_id)?), Some(lease_ms(lease))),
            None => (None, None),
        };
        let meta = meta_json(&game.meta)?;
        let hash = |t: &Option<crate::Token>| t.as_ref().map(|t| t.hash().to_vec());
        let _write = self.writing().await;
        let mut last_err = None;
        for _ in 0..ID_ATTEMPTS {
            let id = GameId::generate()?;
            let result = sqlx::query(concat!(
                "INSERT INTO games (id, created_at, variant, status, metadata, header, ",
                "white_hash, black_hash, arbiter_hash, owner, lease_until) VALUES ($1, ",
                now_ms!(),
                ", $2, 'live', $3, $4, $5, $6, $7, $8, ",
                now_ms!(),
                " + $9)"
            ))
            .bind(id.as_str())
            .bind(game.meta.variant.key())
            .bind(&meta)
            .bind(&game.header_line)
            .bind(hash(&game.white_token))
            .bind(hash(&game.black_token))
            .bind(hash(&game.arbiter_token))
            .bind(owner)
            .bind(lease_for)
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
        let _write = self.writing().await;
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
            " FROM games WHERE CAST($1 AS TEXT) IS NULL OR status = $1 ORDER BY created_at, id"
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
        // One UPDATE: the row lock (PostgreSQL) or the write lock (SQLite)
        // makes the check and the take atomic, so of two instances racing
        // for an expired lease exactly one wins.
        let guard = self.writing().await;
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
        let guard = self.writing().await;
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
        let chunk = i64::try_from(RENEW_CHUNK).unwrap_or(i64::MAX);
        let mut held: Vec<GameId> = Vec::new();
        // In chunks, each its own statement, locking rows in id order as
        // appends do: a renewal never holds thousands of games' rows at
        // once, and never waits for an append in a cycle (a deadlock).
        loop {
            let after = held.last().map_or("", GameId::as_str).to_owned();
            let guard = self.writing().await;
            let mut ids: Vec<String> = sqlx::query_scalar(concat!(
                "UPDATE games SET lease_until = ",
                now_ms!(),
                " + $2 WHERE id IN (SELECT id FROM games WHERE owner = $1 AND id > $3 ",
                "ORDER BY id LIMIT $4",
                row_locks!(),
                ") RETURNING id"
            ))
            .bind(instance_id)
            .bind(lease_ms(lease))
            .bind(&after)
            .bind(chunk)
            .fetch_all(&self.pool)
            .await?;
            drop(guard);
            let full = ids.len() >= RENEW_CHUNK;
            ids.sort_unstable();
            held.extend(ids.into_iter().map(GameId::from_db));
            if !full {
                return Ok(held);
            }
        }
    }

    pub(crate) async fn release(&self, id: &GameId, instance_id: &str) -> Result<bool, StoreError> {
        let instance_id = check_instance(instance_id)?;
        let guard = self.writing().await;
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

    pub(crate) async fn heartbeat(&self, run_id: &str) -> Result<(), StoreError> {
        let run_id = check_instance(run_id)?;
        let _write = self.writing().await;
        sqlx::query(concat!(
            "INSERT INTO runs (id, seen_at) VALUES ($1, ",
            now_ms!(),
            ") ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at"
        ))
        .bind(run_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub(crate) async fn forget_runs(&self, older_than: Duration) -> Result<u64, StoreError> {
        let _write = self.writing().await;
        let done = sqlx::query(concat!(
            "DELETE FROM runs WHERE seen_at < ",
            now_ms!(),
            " - $1 AND id NOT IN (SELECT run_id FROM games WHERE status = 'live' ",
            "AND run_id IS NOT NULL)"
        ))
        .bind(lease_ms(older_than))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    pub(crate) async fn clock_runs(
        &self,
        id: &GameId,
        run_id: &str,
        at_ms: u64,
    ) -> Result<(), StoreError> {
        let run_id = check_instance(run_id)?;
        let at = i64::try_from(at_ms).map_err(|_| StoreError::InvalidInput("at out of range".into()))?;
        let _write = self.writing().await;
        sqlx::query(concat!(
            "UPDATE games SET run_id = $2, clock_origin = ",
            now_ms!(),
            " - $3 WHERE id = $1"
        ))
        .bind(id.as_str())
        .bind(run_id)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub(crate) async fn interruption(
        &self,
        id: &GameId,
    ) -> Result<Option<crate::types::Interruption>, StoreError> {
        let row: Option<(i64, i64)> = sqlx::query_as(concat!(
            "SELECT r.seen_at - g.clock_origin, ",
            now_ms!(),
            " - r.seen_at FROM games g JOIN runs r ON r.id = g.run_id ",
            "WHERE g.id = $1 AND g.clock_origin IS NOT NULL"
        ))
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|(seen, away)| crate::types::Interruption {
            last_seen_at: u64::try_from(seen).unwrap_or(0),
            away_ms: u64::try_from(away).unwrap_or(0),
        }))
    }

    pub(crate) async fn unstarted(&self, older_than: Duration) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<String> = sqlx::query_scalar(concat!(
            "SELECT id FROM games WHERE status = 'live' AND last_seq = 0 AND created_at <= ",
            now_ms!(),
            " - $1 ORDER BY created_at, id"
        ))
        .bind(lease_ms(older_than))
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
    };
}
pub(crate) use shared_methods;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_must_be_single_json_objects() {
        assert!(check_line(r#"{"type":"resign","side":"white","at":5}"#, "event").is_ok());
        for bad in [
            "",
            "[1,2]",
            "42",
            "{\"a\":1}\n{\"b\":2}",
            "{\"a\":1}\r",
            "{\"a\":",
            "{\"a\":1} trailing",
        ] {
            assert!(
                matches!(check_line(bad, "event"), Err(StoreError::InvalidInput(_))),
                "{bad:?} must be refused"
            );
        }
        let long = format!("{{\"a\":\"{}\"}}", "x".repeat(LINE_MAX));
        let err = check_line(&long, "event").expect_err("too long");
        assert!(err.to_string().len() < 200, "the message cuts the input");
    }

    fn req(id: &GameId, expected: Option<u64>) -> AppendReq {
        AppendReq {
            id: id.clone(),
            line: "{}".into(),
            expected,
        }
    }

    #[test]
    fn a_batch_numbers_each_game_on_from_its_last_seq() {
        let a: GameId = "aaaaaaaaaaaaaaaa".parse().expect("id");
        let b: GameId = "bbbbbbbbbbbbbbbb".parse().expect("id");
        let gone: GameId = "zzzzzzzzzzzzzzzz".parse().expect("id");
        let last = HashMap::from([(a.clone(), 4), (b.clone(), 0)]);
        let items = [
            req(&a, Some(5)),
            req(&b, None),
            req(&a, Some(5)), // a already got 5 in this batch
            req(&gone, None),
            req(&a, Some(6)),
            req(&b, Some(2)),
        ];
        let p = plan(&items, &last).expect("plan");
        let got: Vec<String> = p
            .answers
            .iter()
            .map(|r| match r {
                Ok(s) => s.to_string(),
                Err(StoreError::Conflict { expected, next }) => format!("c{expected}/{next}"),
                Err(StoreError::NotFound) => "nf".into(),
                Err(e) => e.to_string(),
            })
            .collect();
        assert_eq!(got, ["5", "1", "c5/6", "nf", "6", "2"]);
        assert_eq!(p.rows, [(0, 5), (1, 1), (4, 6), (5, 2)]);
        assert_eq!(p.last, [(a, 6), (b, 2)]);
        assert_eq!(
            batch_games(&items),
            ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "zzzzzzzzzzzzzzzz"]
        );
    }

    #[test]
    fn leases_are_bounded() {
        assert_eq!(lease_ms(Duration::from_millis(5000)), 5000);
        assert_eq!(lease_ms(Duration::MAX), 86_400_000);
    }
}
