//! The schema, as numbered migrations run at connect.
//!
//! Each backend has its own list because the column types differ; the two
//! lists must describe the same tables. A migration is never edited once
//! released: a change is a new, higher-numbered entry in both lists.
//!
//! The log header (line 1) is kept in `games.header`, not as an event with
//! seq 0, so `events` holds exactly the lines that are numbered by seq.

use crate::error::StoreError;

/// SQLite's migrations: `(version, SQL)`.
pub(crate) const SQLITE_MIGRATIONS: &[(i64, &str)] = &[
    (
        1,
        "CREATE TABLE games (
        id           TEXT    NOT NULL PRIMARY KEY,
        created_at   INTEGER NOT NULL,
        variant      TEXT    NOT NULL,
        status       TEXT    NOT NULL CHECK (status IN ('live', 'finished')),
        metadata     TEXT    NOT NULL,
        header       TEXT    NOT NULL,
        white_hash   BLOB,
        black_hash   BLOB,
        arbiter_hash BLOB,
        owner        TEXT,
        lease_until  INTEGER,
        last_seq     INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX games_by_status ON games (status, created_at, id);
    CREATE TABLE events (
        game_id TEXT    NOT NULL REFERENCES games (id),
        seq     INTEGER NOT NULL CHECK (seq >= 1),
        line    TEXT    NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;",
    ),
    (
        2,
        "CREATE TABLE tournaments (
        id           TEXT    NOT NULL PRIMARY KEY,
        created_at   INTEGER NOT NULL,
        arbiter_hash BLOB    NOT NULL,
        data         TEXT    NOT NULL,
        version      INTEGER NOT NULL
    );
    CREATE TABLE tournament_players (
        tournament_id TEXT    NOT NULL REFERENCES tournaments (id),
        player        INTEGER NOT NULL,
        token_hash    BLOB    NOT NULL,
        PRIMARY KEY (tournament_id, player)
    ) WITHOUT ROWID;",
    ),
    (3, SQLITE_RUNS),
    (4, SQLITE_LOBBY),
];

/// Version 3: when each run of an instance was last seen alive (its
/// heartbeat), and for each game the run that keeps its clock and where
/// that run's clock stood (`clock_origin`: the database's instant of the
/// log's `at = 0` in that run), so a game taken up after a crash or a
/// stop is paused at the instant its clock was last seen running.
const SQLITE_RUNS: &str = "CREATE TABLE runs (
        id      TEXT    NOT NULL PRIMARY KEY,
        seen_at INTEGER NOT NULL
    );
    ALTER TABLE games ADD COLUMN run_id TEXT;
    ALTER TABLE games ADD COLUMN clock_origin INTEGER;";

/// Version 4: the lobby's open challenges and rematch offers, shared by
/// every instance on the database and kept across restarts. A challenge's
/// creator holds the token whose hash is `token_hash`; once accepted, that
/// hash is the creator's seat in the new game (`game_id`), so no token is
/// ever stored. A name is `NULL` when none was given: the reader's
/// language names the player. Times are the database's milliseconds.
const SQLITE_LOBBY: &str = "CREATE TABLE challenges (
        id            TEXT    NOT NULL PRIMARY KEY,
        created_at    INTEGER NOT NULL,
        expires_at    INTEGER NOT NULL,
        state         TEXT    NOT NULL CHECK (state IN ('open', 'accepted')),
        name          TEXT,
        colour        TEXT    NOT NULL CHECK (colour IN ('white', 'black', 'random')),
        variant       TEXT    NOT NULL,
        time_control  TEXT    NOT NULL,
        token_hash    BLOB    NOT NULL,
        game_id       TEXT    REFERENCES games (id),
        creator_side  TEXT    CHECK (creator_side IN ('white', 'black')),
        accepter_name TEXT
    );
    CREATE INDEX challenges_by_state ON challenges (state, created_at, id);
    CREATE INDEX challenges_by_expiry ON challenges (expires_at);
    CREATE TABLE rematches (
        game_id     TEXT    NOT NULL PRIMARY KEY REFERENCES games (id),
        expires_at  INTEGER NOT NULL,
        white_asked INTEGER,
        black_asked INTEGER,
        new_game_id TEXT    REFERENCES games (id)
    );
    CREATE INDEX rematches_by_expiry ON rematches (expires_at);";

/// PostgreSQL's migrations: `(version, SQL)`.
pub(crate) const POSTGRES_MIGRATIONS: &[(i64, &str)] = &[
    (
        1,
        "CREATE TABLE games (
        id           TEXT   NOT NULL PRIMARY KEY,
        created_at   BIGINT NOT NULL,
        variant      TEXT   NOT NULL,
        status       TEXT   NOT NULL CHECK (status IN ('live', 'finished')),
        metadata     TEXT   NOT NULL,
        header       TEXT   NOT NULL,
        white_hash   BYTEA,
        black_hash   BYTEA,
        arbiter_hash BYTEA,
        owner        TEXT,
        lease_until  BIGINT,
        last_seq     BIGINT NOT NULL DEFAULT 0
    );
    CREATE INDEX games_by_status ON games (status, created_at, id);
    CREATE TABLE events (
        game_id TEXT   NOT NULL REFERENCES games (id),
        seq     BIGINT NOT NULL CHECK (seq >= 1),
        line    TEXT   NOT NULL,
        PRIMARY KEY (game_id, seq)
    );",
    ),
    (
        2,
        "CREATE TABLE tournaments (
        id           TEXT    NOT NULL PRIMARY KEY,
        created_at   BIGINT  NOT NULL,
        arbiter_hash BYTEA   NOT NULL,
        data         TEXT    NOT NULL,
        version      BIGINT  NOT NULL
    );
    CREATE TABLE tournament_players (
        tournament_id TEXT    NOT NULL REFERENCES tournaments (id),
        player        BIGINT  NOT NULL,
        token_hash    BYTEA   NOT NULL,
        PRIMARY KEY (tournament_id, player)
    );",
    ),
    (
        3,
        "CREATE TABLE runs (
        id      TEXT   NOT NULL PRIMARY KEY,
        seen_at BIGINT NOT NULL
    );
    ALTER TABLE games ADD COLUMN run_id TEXT;
    ALTER TABLE games ADD COLUMN clock_origin BIGINT;",
    ),
    (
        4,
        "CREATE TABLE challenges (
        id            TEXT   NOT NULL PRIMARY KEY,
        created_at    BIGINT NOT NULL,
        expires_at    BIGINT NOT NULL,
        state         TEXT   NOT NULL CHECK (state IN ('open', 'accepted')),
        name          TEXT,
        colour        TEXT   NOT NULL CHECK (colour IN ('white', 'black', 'random')),
        variant       TEXT   NOT NULL,
        time_control  TEXT   NOT NULL,
        token_hash    BYTEA  NOT NULL,
        game_id       TEXT   REFERENCES games (id),
        creator_side  TEXT   CHECK (creator_side IN ('white', 'black')),
        accepter_name TEXT
    );
    CREATE INDEX challenges_by_state ON challenges (state, created_at, id);
    CREATE INDEX challenges_by_expiry ON challenges (expires_at);
    CREATE TABLE rematches (
        game_id     TEXT   NOT NULL PRIMARY KEY REFERENCES games (id),
        expires_at  BIGINT NOT NULL,
        white_asked BIGINT,
        black_asked BIGINT,
        new_game_id TEXT   REFERENCES games (id)
    );
    CREATE INDEX rematches_by_expiry ON rematches (expires_at);",
    ),
];

/// Refuses a database whose schema is newer than this program knows: it
/// might store games in a way we would misread.
pub(crate) fn check_version(current: i64, migrations: &[(i64, &str)]) -> Result<(), StoreError> {
    let latest = migrations.iter().map(|(v, _)| *v).max().unwrap_or(0);
    if current > latest {
        return Err(StoreError::Corrupt(format!(
            "the database schema is version {current}; this arbiter knows up to {latest}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_backends_have_the_same_migration_numbers() {
        let numbers = |m: &[(i64, &str)]| m.iter().map(|(v, _)| *v).collect::<Vec<_>>();
        assert_eq!(numbers(SQLITE_MIGRATIONS), numbers(POSTGRES_MIGRATIONS));
        assert!(check_version(2, SQLITE_MIGRATIONS).is_ok());
        assert!(matches!(
            check_version(99, SQLITE_MIGRATIONS),
            Err(StoreError::Corrupt(_))
        ));
    }
}
