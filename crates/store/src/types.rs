//! The values the store takes and gives: ids, seats, statuses, metadata,
//! stored games, logs and notices.

use std::fmt;
use std::str::FromStr;

use arbiter_rules::{Edition, Side, Variant};
use serde::{Deserialize, Serialize};

use crate::error::StoreError;
use crate::token::{base64url, random_bytes};

/// Random bytes in a new game id: 96 bits, so ids cannot be guessed and
/// never collide in practice (a collision is retried anyway).
const GAME_ID_BYTES: usize = 12;
/// Shortest and longest id [`GameId::from_str`] accepts. Wider than what
/// [`GameId::generate`] makes, so a later, longer id format stays readable.
const GAME_ID_MIN: usize = 8;
const GAME_ID_MAX: usize = 64;

/// A game's id: URL-safe base64 (`A–Z a–z 0–9 - _`), 16 characters when the
/// store makes it.
///
/// Parsing never panics: any string that is not of this form is
/// [`StoreError::NotFound`], because no stored game can have it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// A new random id from the operating system's CSPRNG.
    pub fn generate() -> Result<GameId, StoreError> {
        let bytes = random_bytes::<GAME_ID_BYTES>()?;
        Ok(GameId(base64url(&bytes)))
    }

    /// The id as text, as it appears in URLs.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Wraps a string read back from the database, which the store wrote.
    pub(crate) fn from_db(s: String) -> GameId {
        GameId(s)
    }
}

impl FromStr for GameId {
    type Err = StoreError;

    fn from_str(s: &str) -> Result<GameId, StoreError> {
        let ok_len = (GAME_ID_MIN..=GAME_ID_MAX).contains(&s.len());
        let ok_chars = s
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok_len && ok_chars {
            Ok(GameId(s.to_owned()))
        } else {
            Err(StoreError::NotFound)
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who a token speaks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The player of the white pieces.
    White,
    /// The player of the black pieces.
    Black,
    /// The arbiter of the game.
    Arbiter,
}

/// Whether a game is still being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Being played: its clock runs on one instance.
    Live,
    /// Over: its log is complete (an arbiter may still append corrections).
    Finished,
}

impl Status {
    /// The word stored in the database and used by the HTTP API.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Live => "live",
            Status::Finished => "finished",
        }
    }

    pub(crate) fn from_db(s: &str) -> Result<Status, StoreError> {
        match s {
            "live" => Ok(Status::Live),
            "finished" => Ok(Status::Finished),
            other => Err(StoreError::Corrupt(format!("unknown status {other:?}"))),
        }
    }
}

impl FromStr for Status {
    type Err = StoreError;

    fn from_str(s: &str) -> Result<Status, StoreError> {
        match s {
            "live" => Ok(Status::Live),
            "finished" => Ok(Status::Finished),
            _ => Err(StoreError::InvalidInput(format!(
                "status must be live or finished, not {:?}",
                crate::error::cut(s)
            ))),
        }
    }
}

/// How a game is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The server is the board.
    #[default]
    Online,
    /// A player's device records the moves and runs the clock.
    OverTheBoard,
}

/// What is known about a game besides its log. Stored as JSON in the games
/// row, so the hall may keep more in [`GameMeta::extra`] without a
/// migration.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameMeta {
    /// `chess` or `tavreli` (also the header's `variant`).
    pub variant: Variant,
    /// Online or over the board.
    pub kind: Kind,
    /// White's name, if given.
    pub white_name: Option<String>,
    /// Black's name, if given.
    pub black_name: Option<String>,
    /// The time control in the log header's syntax, if the game has a clock.
    pub time_control: Option<String>,
    /// The hall's settings of the game: edition, who plays each seat, the
    /// engine's time and level.
    #[serde(default, deserialize_with = "settings_or_default")]
    pub extra: GameSettings,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person, with a token.
    #[default]
    Human,
    /// The engine: Stockfish for chess, the built-in engine for Tavreli.
    Engine,
}

/// The hall's settings of one game, kept beside its metadata under the key
/// `extra`. Every key may be missing (a row written before it existed, or
/// by another writer): the reader then takes the hall's default.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameSettings {
    /// The edition of the Laws the game is judged by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<Edition>,
    /// Who plays White.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<SeatKind>,
    /// Who plays Black.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<SeatKind>,
    /// The engine's time per move, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_movetime_ms: Option<u64>,
    /// The engine's level (Stockfish 1–20, Tavreli 1–6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_level: Option<u64>,
    /// Whether the quickplay finish (Guidelines III) was announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quickplay_finish: Option<bool>,
}

impl GameSettings {
    /// Who plays `side`'s seat; a person when the row does not say.
    pub fn seat(&self, side: Side) -> SeatKind {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
        .unwrap_or_default()
    }
}

/// `extra` as rows have stored it: an object, or `null` in a row written
/// with no settings at all.
fn settings_or_default<'de, D: serde::Deserializer<'de>>(d: D) -> Result<GameSettings, D::Error> {
    Ok(Option::<GameSettings>::deserialize(d)?.unwrap_or_default())
}

/// A new game as given to [`Store::create_game`](crate::Store::create_game).
///
/// Tokens are given in the clear and only their SHA-256 is stored; a seat
/// without a token (an engine's, or no arbiter) can never be acted for.
#[derive(Clone, Debug, Default)]
pub struct NewGame {
    /// The metadata.
    pub meta: GameMeta,
    /// Line 1 of the event log, exactly as [`Store::log`](crate::Store::log)
    /// will return it.
    pub header_line: String,
    /// White's token, if White is a person.
    pub white_token: Option<crate::Token>,
    /// Black's token, if Black is a person.
    pub black_token: Option<crate::Token>,
    /// The arbiter's token.
    pub arbiter_token: Option<crate::Token>,
}

/// A stored game without its events.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Its id.
    pub id: GameId,
    /// When it was created, in milliseconds since the Unix epoch by the
    /// database's clock.
    pub created_at_ms: i64,
    /// Live or finished.
    pub status: Status,
    /// The metadata given at creation.
    pub meta: GameMeta,
    /// The seq of its last event; 0 when it has none.
    pub last_seq: u64,
    /// The instance that holds its clock lease, if any (it may have expired).
    pub owner: Option<String>,
    /// When that lease ends, in milliseconds since the Unix epoch by the
    /// database's clock.
    pub lease_until_ms: Option<i64>,
}

/// One stored event: its seq and its line exactly as appended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// 1 for the first event after the header, then 2, 3 … without gaps.
    pub seq: u64,
    /// The JSON line, without a line break.
    pub line: String,
}

/// A whole event log: the header line and the events in seq order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLog {
    /// Line 1, exactly as given to `create_game`.
    pub header: String,
    /// Every event, seq 1, 2, 3 … in order.
    pub events: Vec<StoredEvent>,
}

impl GameLog {
    /// The log as a JSON Lines document (`docs/event-log.md`): the header and
    /// each event on its own line, each line ended by `\n`. Feeding this to
    /// `arbiter replay` replays the game.
    pub fn to_jsonl(&self) -> String {
        let len =
            self.header.len() + 1 + self.events.iter().map(|e| e.line.len() + 1).sum::<usize>();
        let mut out = String::with_capacity(len);
        out.push_str(&self.header);
        out.push('\n');
        for event in &self.events {
            out.push_str(&event.line);
            out.push('\n');
        }
        out
    }
}

/// What a [`Subscription`](crate::Subscription) delivers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// An event was committed to a game's log.
    Appended {
        /// The game.
        game_id: GameId,
        /// The seq of the committed event.
        seq: u64,
    },
    /// Notices may have been lost (the subscriber fell behind, or the
    /// connection to PostgreSQL was re-established). Re-read the games you
    /// follow with [`Store::events_since`](crate::Store::events_since).
    Resync,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row as the hall wrote it while `extra` was a free JSON object:
    /// every setting reads back typed, and is written back with the same
    /// keys and values.
    #[test]
    fn metadata_written_before_the_settings_were_typed_reads_back() {
        let old = r#"{"variant":"tavreli","kind":"online","white_name":"A","black_name":"Engine","time_control":"900+10","extra":{"black":"engine","edition":"tavreli","engine_level":4,"engine_movetime_ms":700,"quickplay_finish":false,"white":"human"}}"#;
        let meta: GameMeta = serde_json::from_str(old).unwrap();
        assert_eq!(meta.variant, Variant::Tavreli);
        assert_eq!(meta.extra.edition, Some(Edition::Tavreli));
        assert_eq!(meta.extra.seat(Side::White), SeatKind::Human);
        assert_eq!(meta.extra.seat(Side::Black), SeatKind::Engine);
        assert_eq!(meta.extra.engine_level, Some(4));
        assert_eq!(meta.extra.engine_movetime_ms, Some(700));
        assert_eq!(meta.extra.quickplay_finish, Some(false));
        let again: serde_json::Value = serde_json::to_value(&meta).unwrap();
        let before: serde_json::Value = serde_json::from_str(old).unwrap();
        assert_eq!(again, before);
    }

    /// A row with no settings (`null`, or no key at all) reads as the
    /// defaults: both seats people.
    #[test]
    fn metadata_without_settings_reads_as_defaults() {
        for old in [
            r#"{"variant":"chess","kind":"online","white_name":null,"black_name":null,"time_control":null,"extra":null}"#,
            r#"{"variant":"chess","kind":"over_the_board","white_name":null,"black_name":null,"time_control":null}"#,
        ] {
            let meta: GameMeta = serde_json::from_str(old).unwrap();
            assert_eq!(meta.extra, GameSettings::default());
            assert_eq!(meta.extra.seat(Side::Black), SeatKind::Human);
        }
        let bad = r#"{"variant":"go","kind":"online","white_name":null,"black_name":null,"time_control":null}"#;
        assert!(serde_json::from_str::<GameMeta>(bad).is_err());
    }
}

/// Where a game's clock was last seen running, as the store knows it from
/// the heartbeat of the run that kept it ([`crate::Store::interruption`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interruption {
    /// The log's instant (ms since the clock's start) at which that run
    /// was last seen alive: play stopped then, give or take a heartbeat.
    pub last_seen_at: u64,
    /// How long ago that was, by the database's clock (ms).
    pub away_ms: u64,
}
