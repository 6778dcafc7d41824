//! Open challenges: a player offers a game (a time control and a colour),
//! anyone accepts it with one action, and the hall creates the game.
//!
//! The challenges are kept in the memory of the instance that took them
//! (the [`Lobby`], an extension of the router): a challenge is an offer
//! that lives minutes, not a record of the game, so it needs no table;
//! the game it becomes is stored as every game is. An open challenge
//! expires [`CHALLENGE_TTL`] after it was made; an accepted one is kept
//! as long again, so the creator's page can read its seat.
//!
//! The creator learns of the acceptance by asking
//! `GET /api/challenges/{id}` with the challenge's token: the answer then
//! carries his seat in the new game (the lobby page asks every two
//! seconds while it waits).

use crate::error::ApiError;
use crate::hall::Hall;
use crate::http::{Opened, bearer, open_game, token};
use crate::request::parse_create;
use crate::shield::{ClientIp, Shield};
use arbiter_rules::Side;
use arbiter_store::{GameId, Token};
use axum::Extension;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How long an open challenge waits for someone to accept it.
pub const CHALLENGE_TTL: Duration = Duration::from_secs(30 * 60);
/// The most open challenges one instance keeps (a flood is refused).
const MAX_OPEN: usize = 500;
/// The longest name a challenger or an accepter may give.
const NAME_MAX: usize = 100;

/// The colour the creator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The creator plays White.
    White,
    /// The creator plays Black.
    Black,
    /// Drawn when the challenge is accepted.
    Random,
}

impl Colour {
    fn word(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
            Colour::Random => "random",
        }
    }
}

/// Where a challenge stands.
enum Stage {
    /// Waiting for an accepter.
    Open,
    /// Being turned into a game: a second accepter is refused.
    Accepting,
    /// The game exists: the creator's seat waits for his page to read it.
    Accepted { opened: Arc<Opened>, creator: Side },
}

/// One challenge.
struct Challenge {
    name: String,
    colour: Colour,
    time_control: String,
    variant: String,
    token: Token,
    made: Instant,
    made_ms: u64,
    stage: Stage,
    /// When the challenge stops being kept (moved on acceptance).
    until: Instant,
}

impl Challenge {
    fn public(&self, id: &str) -> Value {
        let status = match self.stage {
            Stage::Open => "open",
            Stage::Accepting | Stage::Accepted { .. } => "accepted",
        };
        let mut v = json!({
            "id": id,
            "name": self.name,
            "colour": self.colour.word(),
            "time_control": self.time_control,
            "variant": self.variant,
            "created_at_ms": self.made_ms,
            "expires_in_ms": u64::try_from(self.until.saturating_duration_since(Instant::now()).as_millis()).unwrap_or(u64::MAX),
            "status": status,
        });
        if let Stage::Accepted { opened, .. } = &self.stage {
            v["game_id"] = json!(opened.id.as_str());
            v["watch_url"] = json!(format!("/games/{}", opened.id));
        }
        v
    }
}

/// A rematch asked for after a game: who asked, and the new game once all
/// its people have.
pub(crate) struct Rematch {
    /// The sides that asked.
    pub asked: Vec<Side>,
    /// The sides that must ask (the seats held by people).
    pub needed: Vec<Side>,
    /// The new game, colours swapped: the old White's seat is its Black.
    pub opened: Option<Arc<Opened>>,
    /// Whether the new game is being created (a second request waits).
    pub creating: bool,
    /// When the offer stops being kept.
    pub until: Instant,
}

/// The lobby's memory: open challenges and rematch offers of this instance.
#[derive(Clone, Default)]
pub struct Lobby {
    challenges: Arc<Mutex<HashMap<String, Challenge>>>,
    pub(crate) rematches: Arc<Mutex<HashMap<String, Rematch>>>,
}

impl Lobby {
    /// An empty lobby.
    pub fn new() -> Lobby {
        Lobby::default()
    }

    fn book(&self) -> std::sync::MutexGuard<'_, HashMap<String, Challenge>> {
        // A poisoned lock held plain data: it is still consistent.
        let mut book = self
            .challenges
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        book.retain(|_, c| c.until > now);
        book
    }

    pub(crate) fn offers(&self) -> std::sync::MutexGuard<'_, HashMap<String, Rematch>> {
        let mut offers = self
            .rematches
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        offers.retain(|_, r| r.until > now);
        offers
    }
}

/// The body of `POST /api/challenges`.
#[derive(Deserialize, Default)]
struct NewChallenge {
    time_control: Option<String>,
    colour: Option<Colour>,
    name: Option<String>,
    variant: Option<String>,
}

/// The body of `POST /api/challenges/{id}/accept`.
#[derive(Deserialize, Default)]
struct Accept {
    name: Option<String>,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// A name as given, trimmed, or the default; too long is refused.
fn name_of(given: Option<String>, default: &str) -> Result<String, ApiError> {
    let n = given.map(|n| n.trim().to_string()).unwrap_or_default();
    if n.chars().count() > NAME_MAX {
        return Err(ApiError::bad_request(format!(
            "a name has at most {NAME_MAX} characters"
        )));
    }
    Ok(if n.is_empty() { default.to_string() } else { n })
}

fn body_of<T: for<'de> Deserialize<'de> + Default>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
}

/// The body a game between the two is created from: both seats people,
/// online, the challenge's variant and time control.
fn game_body(c: &Challenge, creator: Side, accepter: &str) -> Value {
    let (white, black) = match creator {
        Side::White => (c.name.as_str(), accepter),
        Side::Black => (accepter, c.name.as_str()),
    };
    json!({
        "variant": c.variant,
        "time_control": c.time_control,
        "white": "human", "black": "human",
        "white_name": white, "black_name": black,
    })
}

/// The side a random challenge gives its creator: a bit of a fresh token,
/// so neither player chooses it.
fn drawn(colour: Colour) -> Result<Side, ApiError> {
    Ok(match colour {
        Colour::White => Side::White,
        Colour::Black => Side::Black,
        Colour::Random => {
            let bit = token()?.as_str().bytes().fold(0u8, |a, b| a ^ b) & 1;
            if bit == 0 { Side::White } else { Side::Black }
        }
    })
}

/// `POST /api/challenges`: 201 with the challenge's id and the creator's
/// seat (`side` is the colour asked, `random` until drawn; `token` the
/// challenge's, to follow it and to withdraw it).
pub(crate) async fn create(
    Extension(lobby): Extension<Lobby>,
    Extension(shield): Extension<Arc<Shield>>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<Response, ApiError> {
    let b: NewChallenge = body_of(&body)?;
    // A challenge becomes a game: it counts against the address's rate of
    // creation as a game does.
    shield.create(ip)?;
    let colour = b.colour.unwrap_or(Colour::Random);
    let name = name_of(b.name, "Anonymous")?;
    let variant = b.variant.unwrap_or_else(|| "chess".into());
    let time_control = b.time_control.unwrap_or_else(|| "300+3".into());
    // Checked now, as the game will be created: a bad time control is
    // refused to the creator, not to the accepter half an hour later.
    let probe = json!({"variant": variant, "time_control": time_control, "white": "human", "black": "human"});
    parse_create(probe.to_string().as_bytes())?;
    let secret = token()?;
    let id = token()?.as_str().chars().take(10).collect::<String>();
    let made = Instant::now();
    let challenge = Challenge {
        name,
        colour,
        time_control,
        variant,
        token: secret.clone(),
        made,
        made_ms: now_ms(),
        stage: Stage::Open,
        until: made + CHALLENGE_TTL,
    };
    let mut book = lobby.book();
    if book.len() >= MAX_OPEN {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many open challenges; try again later",
        ));
    }
    let mut answer = challenge.public(&id);
    answer["seat"] = json!({
        "side": colour.word(),
        "token": secret.as_str(),
        "url": format!("/?challenge={id}&token={}", secret.as_str()),
    });
    book.insert(id, challenge);
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// `GET /api/challenges`: the open challenges, newest first.
pub(crate) async fn list(Extension(lobby): Extension<Lobby>) -> Json<Value> {
    let book = lobby.book();
    let mut open: Vec<(&String, &Challenge)> = book
        .iter()
        .filter(|(_, c)| matches!(c.stage, Stage::Open))
        .collect();
    open.sort_by(|a, b| b.1.made.cmp(&a.1.made).then(a.0.cmp(b.0)));
    Json(Value::Array(
        open.into_iter().map(|(id, c)| c.public(id)).collect(),
    ))
}

/// Compares two secrets without telling how much of them matched.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// `GET /api/challenges/{id}`: the challenge; with the creator's token
/// (Bearer) and once accepted, his seat in the new game.
pub(crate) async fn show(
    Extension(lobby): Extension<Lobby>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let book = lobby.book();
    let c = book.get(&id).ok_or_else(ApiError::not_found)?;
    let mut v = c.public(&id);
    let owner = bearer(&headers).is_some_and(|t| same(t, c.token.as_str()));
    if let (true, Stage::Accepted { opened, creator }) = (owner, &c.stage) {
        v["seat"] = opened.seat(*creator);
    }
    Ok(Json(v))
}

/// `DELETE /api/challenges/{id}`: the creator withdraws an open challenge.
pub(crate) async fn withdraw(
    Extension(lobby): Extension<Lobby>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let given = bearer(&headers).ok_or_else(ApiError::unauthorized)?;
    let mut book = lobby.book();
    let c = book.get(&id).ok_or_else(ApiError::not_found)?;
    if !same(given, c.token.as_str()) {
        return Err(ApiError::forbidden("not this challenge's token"));
    }
    if !matches!(c.stage, Stage::Open) {
        return Err(ApiError::refused("the challenge was already accepted"));
    }
    book.remove(&id);
    Ok(StatusCode::NO_CONTENT)
}

/// Marks an open challenge as being accepted and gives what the game is
/// made from; a challenge accepted already is refused (409).
fn take(lobby: &Lobby, id: &str, accepter: &str) -> Result<(Value, Side), ApiError> {
    let mut book = lobby.book();
    let c = book.get_mut(id).ok_or_else(ApiError::not_found)?;
    if !matches!(c.stage, Stage::Open) {
        return Err(ApiError::refused("the challenge was already accepted"));
    }
    let creator = drawn(c.colour)?;
    c.stage = Stage::Accepting;
    Ok((game_body(c, creator, accepter), creator))
}

/// `POST /api/challenges/{id}/accept`: 201 with the new game, the
/// accepter's seat (with its token) and the creator's seat's link without
/// its token (his page reads it with the challenge's token).
pub(crate) async fn accept(
    State(hall): State<Hall>,
    Extension(lobby): Extension<Lobby>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let b: Accept = body_of(&body)?;
    let accepter = name_of(b.name, "Anonymous")?;
    let (game, creator) = take(&lobby, &id, &accepter)?;
    let made = match parse_create(game.to_string().as_bytes()) {
        Ok(spec) => open_game(&hall, &spec, None).await,
        Err(e) => Err(e),
    };
    let mut book = lobby.book();
    let Some(c) = book.get_mut(&id) else {
        return Err(ApiError::not_found());
    };
    let opened = match made {
        Ok(o) => Arc::new(o),
        Err(e) => {
            // The game could not be made: the challenge is open again.
            c.stage = Stage::Open;
            return Err(e);
        }
    };
    c.stage = Stage::Accepted {
        opened: opened.clone(),
        creator,
    };
    c.until = Instant::now() + CHALLENGE_TTL;
    let gid: &GameId = &opened.id;
    let answer = json!({
        "id": id,
        "game_id": gid.as_str(),
        "seat": opened.seat(creator.other()),
        "opponent": {"side": creator.to_string(), "name": c.name, "url": format!("/games/{gid}?seat={creator}")},
        "watch_url": format!("/games/{gid}"),
        "status": "accepted",
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}
