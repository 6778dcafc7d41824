//! Open challenges: a player offers a game (a time control and a colour),
//! anyone accepts it with one action, and the hall creates the game.
//!
//! The challenges are kept in the store (`crates/store/src/challenges.rs`),
//! so every instance on one database lists the same ones, an accept may
//! land on any of them, and a restart loses none. An open challenge
//! expires [`CHALLENGE_TTL`] after it was made; an accepted one is kept as
//! long again, so the creator's page can read its seat.
//!
//! Exactly one accept wins: the store creates the game and marks the
//! challenge accepted in one transaction whose update is conditional on
//! the challenge still being open; every other accepter gets 409.
//!
//! The creator learns of the acceptance by asking
//! `GET /api/challenges/{id}` with the challenge's token (the lobby page
//! asks every two seconds while it waits): any instance reads the row, so
//! it does not matter which one took the accept. His seat in the new game
//! is played with the challenge's own token (the game's seat holds its
//! hash), so no token is kept anywhere but in his page.
//!
//! A player who gave no name is stored without one; each reader is told
//! "Anonymous" in his own language (`?lang=`, else `Accept-Language`).

use crate::error::ApiError;
use crate::hall::Hall;
use crate::http::{bearer, game_id, token};
use crate::request::{GameSpec, parse_create};
use crate::shield::{ClientIp, Shield};
use arbiter_notation::Lang;
use arbiter_notation::lobby_words::anonymous;
use arbiter_rules::Side;
use arbiter_store::{Acceptance, ChallengeRecord, GameId, NewChallenge, StoreError};
use axum::Extension;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The colour the creator asks for (`white`, `black` or `random`).
pub use arbiter_store::ChallengeColour as Colour;

/// How long an open challenge waits for someone to accept it.
pub const CHALLENGE_TTL: Duration = Duration::from_secs(30 * 60);
/// The most open challenges the hall keeps (a flood is refused).
const MAX_OPEN: usize = 500;
/// The longest name a challenger or an accepter may give.
const NAME_MAX: usize = 100;

/// The body of `POST /api/challenges`.
#[derive(Deserialize, Default)]
struct NewChallengeBody {
    time_control: Option<String>,
    colour: Option<Colour>,
    name: Option<String>,
    variant: Option<String>,
}

/// The body of `POST /api/challenges/{id}/accept`.
#[derive(Deserialize, Default)]
struct AcceptBody {
    name: Option<String>,
}

/// The query keys the lobby's reads take: the reader's language.
#[derive(Deserialize, Default)]
pub(crate) struct Reader {
    lang: Option<String>,
}

/// The reader's language: `?lang=` when it names one the hall speaks,
/// else the best of `Accept-Language`.
pub(crate) fn reader_lang(query: &Reader, headers: &HeaderMap) -> Lang {
    query
        .lang
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_else(|| crate::lang::of_request(headers).language())
}

/// A name as shown to a reader: the one given, or "Anonymous" in his
/// language.
pub(crate) fn shown(name: Option<&str>, lang: Lang) -> String {
    name.map_or_else(|| anonymous(lang).to_string(), str::to_string)
}

/// A name as given, trimmed; empty is no name; too long is refused.
fn name_of(given: Option<String>) -> Result<Option<String>, ApiError> {
    let n = given.map(|n| n.trim().to_string()).unwrap_or_default();
    if n.chars().count() > NAME_MAX {
        return Err(ApiError::bad_request(format!(
            "a name has at most {NAME_MAX} characters"
        )));
    }
    Ok((!n.is_empty()).then_some(n))
}

fn body_of<T: for<'de> Deserialize<'de> + Default>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
}

/// A player's seat in a game: `{"side","token","url"}`, as `POST
/// /api/games` links a seat.
pub(crate) fn seat(game: &GameId, side: Side, token: &str) -> Value {
    json!({
        "side": side.to_string(),
        "token": token,
        "url": format!("/games/{game}?token={token}&seat={side}"),
    })
}

/// What anyone is told of a challenge, its names in `lang`.
fn public(c: &ChallengeRecord, lang: Lang) -> Value {
    let mut v = json!({
        "id": c.id.as_str(),
        "name": shown(c.name.as_deref(), lang),
        "colour": c.colour.key(),
        "time_control": c.time_control,
        "variant": c.variant.key(),
        "created_at_ms": c.created_at_ms,
        "expires_in_ms": c.expires_in_ms,
        "status": if c.accepted.is_some() { "accepted" } else { "open" },
    });
    if let Some(a) = &c.accepted {
        v["game_id"] = json!(a.game_id.as_str());
        v["watch_url"] = json!(format!("/games/{}", a.game_id));
    }
    v
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

/// A challenge's id from the path; a malformed one is no challenge (404).
fn challenge_id(raw: &str) -> Result<GameId, ApiError> {
    game_id(raw)
}

/// `POST /api/challenges`: 201 with the challenge's id and the creator's
/// seat (`side` is the colour asked, `random` until drawn; `token` the
/// challenge's, to follow it, to withdraw it, and then to play).
pub(crate) async fn create(
    State(hall): State<Hall>,
    Extension(shield): Extension<Arc<Shield>>,
    ClientIp(ip): ClientIp,
    Query(reader): Query<Reader>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let b: NewChallengeBody = body_of(&body)?;
    // A challenge becomes a game: it counts against the address's rate of
    // creation as a game does.
    shield.create(ip)?;
    let colour = b.colour.unwrap_or(Colour::Random);
    let name = name_of(b.name)?;
    let time_control = b.time_control.unwrap_or_else(|| "300+3".into());
    // Checked now, as the game will be created: a bad time control is
    // refused to the creator, not to the accepter half an hour later.
    let probe = json!({"variant": b.variant.as_deref().unwrap_or("chess"), "time_control": time_control, "white": "human", "black": "human"});
    let spec = parse_create(probe.to_string().as_bytes())?;
    let secret = token()?;
    let made = hall
        .store()
        .create_challenge(
            &NewChallenge {
                name,
                colour,
                variant: spec.header.variant,
                time_control,
                token: secret.clone(),
            },
            CHALLENGE_TTL,
            MAX_OPEN,
        )
        .await?;
    let Some(id) = made else {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many open challenges; try again later",
        ));
    };
    let record = hall.store().challenge(&id).await?;
    let mut answer = public(&record, reader_lang(&reader, &headers));
    answer["seat"] = json!({
        "side": colour.key(),
        "token": secret.as_str(),
        "url": format!("/?challenge={id}&token={}", secret.as_str()),
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// `GET /api/challenges`: the open challenges, newest first, of every
/// instance on the database.
pub(crate) async fn list(
    State(hall): State<Hall>,
    Query(reader): Query<Reader>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let lang = reader_lang(&reader, &headers);
    let open = hall.store().open_challenges().await?;
    Ok(Json(Value::Array(
        open.iter().map(|c| public(c, lang)).collect(),
    )))
}

/// `GET /api/challenges/{id}`: the challenge; with the creator's token
/// (Bearer) and once accepted, his seat in the new game.
pub(crate) async fn show(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    Query(reader): Query<Reader>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let c = hall.store().challenge(&challenge_id(&raw)?).await?;
    let mut v = public(&c, reader_lang(&reader, &headers));
    let owner = bearer(&headers).filter(|t| c.is_creator(t));
    if let (Some(t), Some(a)) = (owner, &c.accepted) {
        v["seat"] = seat(&a.game_id, a.creator, t);
    }
    Ok(Json(v))
}

/// `DELETE /api/challenges/{id}`: the creator withdraws an open challenge.
pub(crate) async fn withdraw(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    headers: HeaderMap,
) -> Result<StatusCode, ApiError> {
    let given = bearer(&headers).ok_or_else(ApiError::unauthorized)?;
    let id = challenge_id(&raw)?;
    let c = hall.store().challenge(&id).await?;
    if !c.is_creator(given) {
        return Err(ApiError::forbidden("not this challenge's token"));
    }
    if c.accepted.is_some() || !hall.store().withdraw_challenge(&id).await? {
        return Err(ApiError::refused("the challenge was already accepted"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The game a challenge becomes: both seats people, online, its variant
/// and time control, the names as given (a player without one has none
/// in the log either: each page names him in its own language).
fn game_spec(
    c: &ChallengeRecord,
    creator: Side,
    accepter: Option<&str>,
) -> Result<GameSpec, ApiError> {
    let body = json!({
        "variant": c.variant.key(),
        "time_control": c.time_control,
        "white": "human", "black": "human",
    });
    let mut spec = parse_create(body.to_string().as_bytes())?;
    let (white, black) = match creator {
        Side::White => (c.name.as_deref(), accepter),
        Side::Black => (accepter, c.name.as_deref()),
    };
    spec.header.white = white.map(str::to_string);
    spec.header.black = black.map(str::to_string);
    Ok(spec)
}

/// Why an accept that found no open challenge is refused: accepted by
/// someone else (409), or gone (404).
async fn lost(hall: &Hall, id: &GameId) -> ApiError {
    match hall.store().challenge(id).await {
        Ok(_) => ApiError::refused("the challenge was already accepted"),
        Err(StoreError::NotFound) => ApiError::not_found(),
        Err(e) => e.into(),
    }
}

/// `POST /api/challenges/{id}/accept`: 201 with the new game, the
/// accepter's seat (with its token) and the creator's seat's link without
/// its token (his page reads it with the challenge's token).
pub(crate) async fn accept(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    Query(reader): Query<Reader>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let b: AcceptBody = body_of(&body)?;
    let accepter = name_of(b.name)?;
    let id = challenge_id(&raw)?;
    let c = hall.store().challenge(&id).await?;
    if c.accepted.is_some() {
        return Err(ApiError::refused("the challenge was already accepted"));
    }
    let creator = drawn(c.colour)?;
    let spec = game_spec(&c, creator, accepter.as_deref())?;
    let seat_token = token()?;
    let mut game = spec.new_game()?;
    match creator.other() {
        Side::White => game.white_token = Some(seat_token.clone()),
        Side::Black => game.black_token = Some(seat_token.clone()),
    }
    game.arbiter_token = Some(token()?);
    let cfg = hall.config();
    let acceptance = Acceptance {
        game: &game,
        creator,
        accepter_name: accepter.as_deref(),
        instance_id: &cfg.instance_id,
        lease: cfg.lease,
        keep: CHALLENGE_TTL,
    };
    let Some(gid) = hall.store().accept_challenge(&id, &acceptance).await? else {
        return Err(lost(&hall, &id).await);
    };
    // The claim loop would start it too; starting it now lets its page
    // open on a running game.
    if let Err(e) = hall.try_own(&gid).await {
        tracing::warn!(game = %gid, reason = %e.reason, "a new game did not start at once");
    }
    tracing::info!(game = %gid, challenge = %id, "challenge accepted");
    let lang = reader_lang(&reader, &headers);
    let answer = json!({
        "id": id.as_str(),
        "game_id": gid.as_str(),
        "seat": seat(&gid, creator.other(), seat_token.as_str()),
        "opponent": {"side": creator.to_string(), "name": shown(c.name.as_deref(), lang), "url": format!("/games/{gid}?seat={creator}")},
        "watch_url": format!("/games/{gid}"),
        "status": "accepted",
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}
