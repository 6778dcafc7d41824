//! The lobby in the store: open challenges and rematch offers, shared by
//! every instance on one database and kept across restarts.
//!
//! A challenge is a row with the hash of its creator's token; the accept
//! is one transaction that creates the game and turns the row from `open`
//! to `accepted` with a conditional update (`… WHERE state = 'open'`), so
//! of any number of accepters on any number of instances exactly one
//! wins. The new game's seat of the creator takes the challenge's token
//! hash: the creator plays with the token he already holds, and no token
//! is ever stored. A rematch's new game takes the old game's players'
//! hashes, swapped, in the same way.
//!
//! Every offer expires: a read never returns an expired row, and the
//! writes that make offers delete the expired ones first, so whichever
//! instance makes an offer sweeps them.

use std::time::Duration;

use arbiter_rules::{Side, Variant};
use serde::{Deserialize, Serialize};

use crate::error::StoreError;
use crate::token::{Token, ct_eq, token_hash};
use crate::types::{GameId, NewGame};

/// A challenge's id: the same form as a game's.
pub type ChallengeId = GameId;

/// The longest name or time control the lobby stores, in characters: the
/// hall refuses longer ones first; the bound keeps the rows small whoever
/// writes them.
const TEXT_MAX: usize = 200;
/// Most open challenges one read lists.
pub(crate) const OPEN_LIST_MAX: i64 = 1000;

/// The colour a challenge's creator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChallengeColour {
    /// The creator plays White.
    White,
    /// The creator plays Black.
    Black,
    /// Drawn when the challenge is accepted.
    Random,
}

impl ChallengeColour {
    /// The word stored and used by the HTTP API.
    pub fn key(self) -> &'static str {
        match self {
            ChallengeColour::White => "white",
            ChallengeColour::Black => "black",
            ChallengeColour::Random => "random",
        }
    }

    fn from_db(s: &str) -> Result<ChallengeColour, StoreError> {
        match s {
            "white" => Ok(ChallengeColour::White),
            "black" => Ok(ChallengeColour::Black),
            "random" => Ok(ChallengeColour::Random),
            other => Err(StoreError::Corrupt(format!(
                "unknown challenge colour {other:?}"
            ))),
        }
    }
}

/// A challenge to store.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    /// The creator's name; `None` when he gave none.
    pub name: Option<String>,
    /// The colour he asks for.
    pub colour: ChallengeColour,
    /// The variant of the game.
    pub variant: Variant,
    /// The time control, in the log header's syntax.
    pub time_control: String,
    /// The creator's secret: only its hash is stored.
    pub token: Token,
}

/// An accepted challenge's game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The game the challenge became.
    pub game_id: GameId,
    /// The side the creator plays in it.
    pub creator: Side,
    /// The accepter's name; `None` when he gave none.
    pub accepter_name: Option<String>,
}

/// A stored challenge, as read back (never an expired one).
#[derive(Clone, Debug)]
pub struct ChallengeRecord {
    /// Its id.
    pub id: ChallengeId,
    /// The creator's name; `None` when he gave none.
    pub name: Option<String>,
    /// The colour asked.
    pub colour: ChallengeColour,
    /// The variant.
    pub variant: Variant,
    /// The time control.
    pub time_control: String,
    /// When it was made, in the database's milliseconds since the epoch.
    pub created_at_ms: i64,
    /// How long it is still kept.
    pub expires_in_ms: u64,
    /// Its game, once accepted; `None` while it is open.
    pub accepted: Option<Accepted>,
    token_hash: Vec<u8>,
}

impl ChallengeRecord {
    /// Whether `token` is the creator's, compared in constant time.
    pub fn is_creator(&self, token: &str) -> bool {
        token_hash(token).is_some_and(|h| ct_eq(&self.token_hash, &h))
    }
}

/// What an accept stores: the game, and who plays which side.
#[derive(Clone, Copy, Debug)]
pub struct Acceptance<'a> {
    /// The new game: its header, metadata, the accepter's token on the
    /// accepter's side and the arbiter's token. The creator's side takes
    /// the challenge's token hash, whatever `game` holds there.
    pub game: &'a NewGame,
    /// The side the creator plays.
    pub creator: Side,
    /// The accepter's name; `None` when he gave none.
    pub accepter_name: Option<&'a str>,
    /// The instance the new game is leased to.
    pub instance_id: &'a str,
    /// For how long.
    pub lease: Duration,
    /// How long the accepted challenge is kept, so its creator can read
    /// his seat.
    pub keep: Duration,
}

/// A rematch offer after a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchRecord {
    /// The sides that asked, in the order they asked.
    pub asked: Vec<Side>,
    /// The new game, once every side asked and it was made.
    pub new_game: Option<GameId>,
    /// How long the offer is still kept.
    pub expires_in_ms: u64,
}

/// A challenges row, as the lobby's queries select it.
pub(crate) type ChallengeRow = (
    String,
    i64,
    i64,
    String,
    Option<String>,
    String,
    String,
    String,
    Vec<u8>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// The columns every challenge query selects, in [`ChallengeRow`]'s order
/// (the third is the time left: the backend's clock is spliced in).
macro_rules! challenge_columns {
    ($now:expr) => {
        concat!(
            "SELECT id, created_at, expires_at - ",
            $now,
            ", state, name, colour, variant, time_control, token_hash, game_id, ",
            "creator_side, accepter_name FROM challenges"
        )
    };
}
pub(crate) use challenge_columns;

fn side_from_db(s: &str) -> Result<Side, StoreError> {
    match s {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        other => Err(StoreError::Corrupt(format!("unknown side {other:?}"))),
    }
}

/// The word a side is stored as.
pub(crate) fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// A challenges row as a [`ChallengeRecord`].
pub(crate) fn challenge_record(row: ChallengeRow) -> Result<ChallengeRecord, StoreError> {
    let (id, created, left, state, name, colour, variant, tc, hash, game, side, accepter) = row;
    let accepted = match (state.as_str(), game, side) {
        ("open", _, _) => None,
        ("accepted", Some(game), Some(side)) => Some(Accepted {
            game_id: GameId::from_db(game),
            creator: side_from_db(&side)?,
            accepter_name: accepter,
        }),
        _ => {
            return Err(StoreError::Corrupt(format!(
                "challenge {id} is {state:?} without its game"
            )));
        }
    };
    Ok(ChallengeRecord {
        name,
        colour: ChallengeColour::from_db(&colour)?,
        variant: variant
            .parse()
            .map_err(|e| StoreError::Corrupt(format!("challenge {id}: {e}")))?,
        time_control: tc,
        created_at_ms: created,
        expires_in_ms: u64::try_from(left).unwrap_or(0),
        accepted,
        token_hash: hash,
        id: GameId::from_db(id),
    })
}

/// A rematch row (when each side asked, the new game, the time left) as a
/// [`RematchRecord`]; the sides in the order they asked, White first on a
/// tie.
pub(crate) fn rematch_record(
    row: (Option<i64>, Option<i64>, Option<String>, i64),
) -> RematchRecord {
    let (white, black, new_game, left) = row;
    let mut asked: Vec<(i64, Side)> = [(white, Side::White), (black, Side::Black)]
        .into_iter()
        .filter_map(|(at, side)| at.map(|at| (at, side)))
        .collect();
    asked.sort_by_key(|&(at, side)| (at, side == Side::Black));
    RematchRecord {
        asked: asked.into_iter().map(|(_, s)| s).collect(),
        new_game: new_game.map(GameId::from_db),
        expires_in_ms: u64::try_from(left).unwrap_or(0),
    }
}

/// Refuses a text too long to store.
pub(crate) fn check_text(text: Option<&str>, what: &str) -> Result<(), StoreError> {
    match text {
        Some(t) if t.chars().count() > TEXT_MAX => Err(StoreError::InvalidInput(format!(
            "a {what} has at most {TEXT_MAX} characters"
        ))),
        _ => Ok(()),
    }
}

/// The hash of the token `game` holds for `side`; a game without one
/// cannot be played from that seat, so it is refused.
pub(crate) fn seat_hash(game: &NewGame, side: Side) -> Result<Vec<u8>, StoreError> {
    let token = match side {
        Side::White => &game.white_token,
        Side::Black => &game.black_token,
    };
    token.as_ref().map(|t| t.hash().to_vec()).ok_or_else(|| {
        StoreError::InvalidInput(format!("the accepter's seat ({side}) has no token"))
    })
}

/// How a lobby transaction begins: on SQLite (the backend with a writer
/// lock) `IMMEDIATE`, so it holds the database's write lock from its first
/// read, and a second process on the file waits instead of failing on a
/// stale snapshot; on PostgreSQL plainly, its row locks deciding.
pub(crate) fn begin_writing<T>(writer_lock: &Option<T>) -> &'static str {
    if writer_lock.is_some() {
        "BEGIN IMMEDIATE"
    } else {
        "BEGIN"
    }
}

/// The methods of both backends for the lobby, in the same SQL; expanded
/// inside each backend's `impl` as `shared_methods!` is.
macro_rules! lobby_methods {
    () => {
    /// Deletes the expired challenges and rematch offers; the caller holds
    /// the writer lock.
    async fn sweep_lobby(&self) -> Result<(), StoreError> {
        sqlx::query(concat!("DELETE FROM challenges WHERE expires_at <= ", now_ms!()))
            .execute(&self.pool)
            .await?;
        sqlx::query(concat!("DELETE FROM rematches WHERE expires_at <= ", now_ms!()))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(crate) async fn create_challenge(
        &self,
        c: &crate::NewChallenge,
        ttl: Duration,
        max_open: usize,
    ) -> Result<Option<GameId>, StoreError> {
        crate::challenges::check_text(c.name.as_deref(), "name")?;
        crate::challenges::check_text(Some(&c.time_control), "time control")?;
        let max = i64::try_from(max_open).unwrap_or(i64::MAX);
        let _write = self.writing().await;
        self.sweep_lobby().await?;
        let id = GameId::generate()?;
        let done = sqlx::query(concat!(
            "INSERT INTO challenges (id, created_at, expires_at, state, name, colour, variant, ",
            "time_control, token_hash) SELECT $1, ",
            now_ms!(),
            ", ",
            now_ms!(),
            " + $2, 'open', $3, $4, $5, $6, $7 WHERE (SELECT COUNT(*) FROM challenges ",
            "WHERE state = 'open') < $8"
        ))
        .bind(id.as_str())
        .bind(lease_ms(ttl))
        .bind(c.name.as_deref())
        .bind(c.colour.key())
        .bind(c.variant.key())
        .bind(&c.time_control)
        .bind(c.token.hash().to_vec())
        .bind(max)
        .execute(&self.pool)
        .await?;
        Ok((done.rows_affected() == 1).then_some(id))
    }

    pub(crate) async fn challenge(
        &self,
        id: &GameId,
    ) -> Result<crate::ChallengeRecord, StoreError> {
        let row: Option<crate::challenges::ChallengeRow> = sqlx::query_as(concat!(
            crate::challenges::challenge_columns!(now_ms!()),
            " WHERE id = $1 AND expires_at > ",
            now_ms!()
        ))
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await?;
        crate::challenges::challenge_record(row.ok_or(StoreError::NotFound)?)
    }

    pub(crate) async fn open_challenges(&self) -> Result<Vec<crate::ChallengeRecord>, StoreError> {
        let rows: Vec<crate::challenges::ChallengeRow> = sqlx::query_as(concat!(
            crate::challenges::challenge_columns!(now_ms!()),
            " WHERE state = 'open' AND expires_at > ",
            now_ms!(),
            " ORDER BY created_at DESC, id LIMIT $1"
        ))
        .bind(crate::challenges::OPEN_LIST_MAX)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(crate::challenges::challenge_record)
            .collect()
    }

    pub(crate) async fn withdraw_challenge(&self, id: &GameId) -> Result<bool, StoreError> {
        let guard = self.writing().await;
        let done = sqlx::query(concat!(
            "DELETE FROM challenges WHERE id = $1 AND state = 'open' AND expires_at > ",
            now_ms!()
        ))
        .bind(id.as_str())
        .execute(&self.pool)
        .await?;
        drop(guard);
        if done.rows_affected() == 1 {
            return Ok(true);
        }
        self.challenge(id).await.map(|_| false)
    }

    pub(crate) async fn accept_challenge(
        &self,
        id: &GameId,
        a: &crate::Acceptance<'_>,
    ) -> Result<Option<GameId>, StoreError> {
        check_line(&a.game.header_line, "header")?;
        crate::challenges::check_text(a.accepter_name, "name")?;
        let owner = check_instance(a.instance_id)?;
        let meta = meta_json(&a.game.meta)?;
        let accepter = crate::challenges::seat_hash(a.game, a.creator.other())?;
        let arbiter = a.game.arbiter_token.as_ref().map(|t| t.hash().to_vec());
        let creator = crate::challenges::side_key(a.creator);
        let game_id = GameId::generate()?;
        let write = self.writing().await;
        let mut tx = self.pool.begin_with(crate::challenges::begin_writing(&write)).await?;
        // The game first, its creator's seat read from the open challenge.
        let made = sqlx::query(concat!(
            "INSERT INTO games (id, created_at, variant, status, metadata, header, ",
            "white_hash, black_hash, arbiter_hash, owner, lease_until) SELECT $1, ",
            now_ms!(),
            ", $2, 'live', $3, $4, ",
            "CASE WHEN $5 = 'white' THEN c.token_hash ELSE $6 END, ",
            "CASE WHEN $5 = 'black' THEN c.token_hash ELSE $6 END, $7, $8, ",
            now_ms!(),
            " + $9 FROM challenges c WHERE c.id = $10 AND c.state = 'open' AND c.expires_at > ",
            now_ms!()
        ))
        .bind(game_id.as_str())
        .bind(a.game.meta.variant.key())
        .bind(&meta)
        .bind(&a.game.header_line)
        .bind(creator)
        .bind(&accepter)
        .bind(arbiter)
        .bind(owner)
        .bind(lease_ms(a.lease))
        .bind(id.as_str())
        .execute(&mut *tx)
        .await?;
        // Then the one conditional update that decides: a second accepter
        // waits for the first one's row lock and then finds it accepted.
        let won = made.rows_affected() == 1
            && sqlx::query(concat!(
                "UPDATE challenges SET state = 'accepted', game_id = $2, creator_side = $3, ",
                "accepter_name = $4, expires_at = ",
                now_ms!(),
                " + $5 WHERE id = $1 AND state = 'open' AND expires_at > ",
                now_ms!()
            ))
            .bind(id.as_str())
            .bind(game_id.as_str())
            .bind(creator)
            .bind(a.accepter_name)
            .bind(lease_ms(a.keep))
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
        if !won {
            tx.rollback().await?;
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(game_id))
    }

    pub(crate) async fn ask_rematch(
        &self,
        game: &GameId,
        side: arbiter_rules::Side,
        ttl: Duration,
    ) -> Result<crate::RematchRecord, StoreError> {
        let guard = self.writing().await;
        self.sweep_lobby().await?;
        sqlx::query(concat!(
            "INSERT INTO rematches (game_id, expires_at, white_asked, black_asked) VALUES ($1, ",
            now_ms!(),
            " + $2, CASE WHEN $3 = 'white' THEN ",
            now_ms!(),
            " END, CASE WHEN $3 = 'black' THEN ",
            now_ms!(),
            " END) ON CONFLICT (game_id) DO UPDATE SET ",
            "white_asked = COALESCE(rematches.white_asked, excluded.white_asked), ",
            "black_asked = COALESCE(rematches.black_asked, excluded.black_asked)"
        ))
        .bind(game.as_str())
        .bind(lease_ms(ttl))
        .bind(crate::challenges::side_key(side))
        .execute(&self.pool)
        .await?;
        drop(guard);
        self.rematch(game)
            .await?
            .ok_or_else(|| StoreError::Corrupt("a rematch offer vanished as it was made".into()))
    }

    pub(crate) async fn rematch(
        &self,
        game: &GameId,
    ) -> Result<Option<crate::RematchRecord>, StoreError> {
        let row: Option<(Option<i64>, Option<i64>, Option<String>, i64)> = sqlx::query_as(concat!(
            "SELECT white_asked, black_asked, new_game_id, expires_at - ",
            now_ms!(),
            " FROM rematches WHERE game_id = $1 AND expires_at > ",
            now_ms!()
        ))
        .bind(game.as_str())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(crate::challenges::rematch_record))
    }

    pub(crate) async fn make_rematch(
        &self,
        old: &GameId,
        game: &NewGame,
        keep: Duration,
        lease: (&str, Duration),
    ) -> Result<Option<GameId>, StoreError> {
        check_line(&game.header_line, "header")?;
        let owner = check_instance(lease.0)?;
        let meta = meta_json(&game.meta)?;
        let arbiter = game.arbiter_token.as_ref().map(|t| t.hash().to_vec());
        let new_id = GameId::generate()?;
        let write = self.writing().await;
        let mut tx = self.pool.begin_with(crate::challenges::begin_writing(&write)).await?;
        // The old White's token plays Black in the new game, and the other
        // way round.
        let made = sqlx::query(concat!(
            "INSERT INTO games (id, created_at, variant, status, metadata, header, ",
            "white_hash, black_hash, arbiter_hash, owner, lease_until) SELECT $1, ",
            now_ms!(),
            ", $2, 'live', $3, $4, o.black_hash, o.white_hash, $5, $6, ",
            now_ms!(),
            " + $7 FROM games o JOIN rematches r ON r.game_id = o.id WHERE o.id = $8 ",
            "AND r.new_game_id IS NULL AND r.white_asked IS NOT NULL ",
            "AND r.black_asked IS NOT NULL AND r.expires_at > ",
            now_ms!()
        ))
        .bind(new_id.as_str())
        .bind(game.meta.variant.key())
        .bind(&meta)
        .bind(&game.header_line)
        .bind(arbiter)
        .bind(owner)
        .bind(lease_ms(lease.1))
        .bind(old.as_str())
        .execute(&mut *tx)
        .await?;
        let won = made.rows_affected() == 1
            && sqlx::query(concat!(
                "UPDATE rematches SET new_game_id = $2, expires_at = ",
                now_ms!(),
                " + $3 WHERE game_id = $1 AND new_game_id IS NULL"
            ))
            .bind(old.as_str())
            .bind(new_id.as_str())
            .bind(lease_ms(keep))
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
        if !won {
            tx.rollback().await?;
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(new_id))
    }
    };
}
pub(crate) use lobby_methods;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rematch_sides_come_in_the_order_asked() {
        let r = rematch_record((Some(20), Some(10), None, 5));
        assert_eq!(r.asked, [Side::Black, Side::White]);
        let r = rematch_record((Some(10), None, Some("abcdefgh".into()), -3));
        assert_eq!(r.asked, [Side::White]);
        assert_eq!(r.expires_in_ms, 0);
        assert_eq!(r.new_game.map(|g| g.to_string()), Some("abcdefgh".into()));
        assert_eq!(rematch_record((None, None, None, 1)).asked, []);
    }

    #[test]
    fn colours_round_trip_and_strangers_are_corrupt() {
        for c in [
            ChallengeColour::White,
            ChallengeColour::Black,
            ChallengeColour::Random,
        ] {
            assert_eq!(ChallengeColour::from_db(c.key()).ok(), Some(c));
        }
        assert!(matches!(
            ChallengeColour::from_db("green"),
            Err(StoreError::Corrupt(_))
        ));
    }
}
