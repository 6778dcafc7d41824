//! Tournaments in the hall: a tournament is one row holding its state as
//! the server writes it (a JSON document with the report file inside), a
//! version for optimistic updates, and the hashes of its tokens (the
//! arbiter's in the row, each player's in `tournament_players`). Its games
//! are ordinary games whose seats carry the players' token hashes, so a
//! player plays every round with the one token he registered with.

use crate::types::GameId;

/// A tournament's id: the same form as a game's.
pub type TournamentId = GameId;

/// Who holds a tournament token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentSeat {
    /// The tournament's arbiter.
    Arbiter,
    /// The player with this registration number.
    Player(u16),
}

/// A tournament's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRecord {
    /// Its id.
    pub id: TournamentId,
    /// Its state, as the server last wrote it.
    pub data: String,
    /// Its version: 1 when created, one more at each update.
    pub version: u64,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_at_ms: i64,
}

/// The methods of both backends for tournaments, in the same SQL; expanded
/// inside each backend's `impl` as `shared_methods!` is.
macro_rules! tournament_methods {
    () => {
    pub(crate) async fn create_tournament(
        &self,
        data: &str,
        arbiter: &crate::Token,
    ) -> Result<GameId, StoreError> {
        let _write = self.writing().await;
        let mut last_err = None;
        for _ in 0..ID_ATTEMPTS {
            let id = GameId::generate()?;
            let result = sqlx::query(concat!(
                "INSERT INTO tournaments (id, created_at, arbiter_hash, data, version) VALUES ($1, ",
                now_ms!(),
                ", $2, $3, 1)"
            ))
            .bind(id.as_str())
            .bind(arbiter.hash().to_vec())
            .bind(data)
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

    pub(crate) async fn tournament(
        &self,
        id: &GameId,
    ) -> Result<crate::TournamentRecord, StoreError> {
        let row: Option<(String, i64, i64)> =
            sqlx::query_as("SELECT data, version, created_at FROM tournaments WHERE id = $1")
                .bind(id.as_str())
                .fetch_optional(&self.pool)
                .await?;
        let (data, version, created_at_ms) = row.ok_or(StoreError::NotFound)?;
        Ok(crate::TournamentRecord {
            id: id.clone(),
            data,
            version: u64::try_from(version)
                .map_err(|_| StoreError::Corrupt("a negative tournament version".into()))?,
            created_at_ms,
        })
    }

    pub(crate) async fn update_tournament(
        &self,
        id: &GameId,
        data: &str,
        expected: u64,
    ) -> Result<u64, StoreError> {
        let version = i64::try_from(expected).map_err(|_| StoreError::Conflict {
            expected,
            next: 0,
        })?;
        let _write = self.writing().await;
        let done = sqlx::query(
            "UPDATE tournaments SET data = $2, version = version + 1 WHERE id = $1 AND version = $3",
        )
        .bind(id.as_str())
        .bind(data)
        .bind(version)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            return Ok(expected + 1);
        }
        let now: Option<i64> = sqlx::query_scalar("SELECT version FROM tournaments WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await?;
        let now = now.ok_or(StoreError::NotFound)?;
        Err(StoreError::Conflict {
            expected,
            next: u64::try_from(now).unwrap_or(0),
        })
    }

    pub(crate) async fn add_tournament_player(
        &self,
        id: &GameId,
        player: u16,
        token: &crate::Token,
    ) -> Result<(), StoreError> {
        let _write = self.writing().await;
        sqlx::query(
            "INSERT INTO tournament_players (tournament_id, player, token_hash) VALUES ($1, $2, $3)",
        )
        .bind(id.as_str())
        .bind(i64::from(player))
        .bind(token.hash().to_vec())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub(crate) async fn verify_tournament_token(
        &self,
        id: &GameId,
        token: &str,
    ) -> Result<Option<crate::TournamentSeat>, StoreError> {
        let arbiter: Option<Vec<u8>> =
            sqlx::query_scalar("SELECT arbiter_hash FROM tournaments WHERE id = $1")
                .bind(id.as_str())
                .fetch_optional(&self.pool)
                .await?;
        let arbiter = arbiter.ok_or(StoreError::NotFound)?;
        let Some(presented) = crate::token::token_hash(token) else {
            return Ok(None);
        };
        let players: Vec<(i64, Vec<u8>)> = sqlx::query_as(
            "SELECT player, token_hash FROM tournament_players WHERE tournament_id = $1",
        )
        .bind(id.as_str())
        .fetch_all(&self.pool)
        .await?;
        // Every hash is compared, in constant time, whichever matches.
        let mut found = crate::token::ct_eq(&arbiter, &presented)
            .then_some(crate::TournamentSeat::Arbiter);
        for (player, hash) in players {
            if crate::token::ct_eq(&hash, &presented) {
                let n = u16::try_from(player).unwrap_or(0);
                found = found.or(Some(crate::TournamentSeat::Player(n)));
            }
        }
        Ok(found)
    }

    pub(crate) async fn create_tournament_game(
        &self,
        tournament: &GameId,
        game: &NewGame,
        players: [u16; 2],
        lease: (&str, Duration),
    ) -> Result<GameId, StoreError> {
        check_line(&game.header_line, "header")?;
        let owner = check_instance(lease.0)?;
        let meta = meta_json(&game.meta)?;
        let _write = self.writing().await;
        let mut last_err = None;
        for _ in 0..ID_ATTEMPTS {
            let id = GameId::generate()?;
            let result = sqlx::query(concat!(
                crate::challenges::insert_live_game!(now_ms!()),
                "(SELECT token_hash FROM tournament_players WHERE tournament_id = $5 AND player = $6), ",
                "(SELECT token_hash FROM tournament_players WHERE tournament_id = $5 AND player = $7), ",
                "t.arbiter_hash, $8, ",
                now_ms!(),
                " + $9 FROM tournaments t WHERE t.id = $5"
            ))
            .bind(id.as_str())
            .bind(game.meta.variant.key())
            .bind(&meta)
            .bind(&game.header_line)
            .bind(tournament.as_str())
            .bind(i64::from(players[0]))
            .bind(i64::from(players[1]))
            .bind(owner)
            .bind(lease_ms(lease.1))
            .execute(&self.pool)
            .await;
            match result {
                Ok(done) if done.rows_affected() == 1 => return Ok(id),
                Ok(_) => return Err(StoreError::NotFound),
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    last_err = Some(sqlx::Error::Database(e));
                }
                Err(e) => return Err(e.into()),
            }
        }
        Err(last_err.map_or(StoreError::NotFound, StoreError::Database))
    }
    };
}
pub(crate) use tournament_methods;
