//! The rematch: after a game, each player asks for another with the
//! colours swapped; when both have, the hall creates it (same variant,
//! rules and time control) and each player's page reads his new seat with
//! his old token.
//!
//! The offers are kept in the store, for
//! [`crate::challenge::CHALLENGE_TTL`], so the two players may ask on
//! different instances, and a restart keeps them. The new game's seats
//! hold the old game's players' token hashes, swapped: each player plays
//! the rematch with the token he already has, and his page, which asks
//! every two seconds, finds his seat whichever instance made the game.
//! The store makes the game in one transaction with a conditional update
//! of the offer, so two players completing it at once on two instances
//! make one game.

use crate::challenge::{CHALLENGE_TTL, seat};
use crate::error::ApiError;
use crate::hall::Hall;
use crate::http::{bearer, game_id, token};
use crate::request::GameSpec;
use arbiter_rules::Side;
use arbiter_store::{GameId, RematchRecord, Seat, SeatKind, Status};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde_json::{Value, json};

/// The side a player's token holds in this game (the arbiter's and no
/// token are refused: a rematch is the players' to ask).
async fn player(hall: &Hall, id: &GameId, headers: &HeaderMap) -> Result<Side, ApiError> {
    let token = bearer(headers).ok_or_else(ApiError::unauthorized)?;
    match hall.store().verify_token(id, token).await? {
        Some(Seat::White) => Ok(Side::White),
        Some(Seat::Black) => Ok(Side::Black),
        Some(Seat::Arbiter) => Err(ApiError::forbidden("a rematch is asked by a player")),
        None => Err(ApiError::forbidden("not a token of this game")),
    }
}

/// The new game's spec: the old header with the names swapped, the seats
/// swapped, the engine's settings kept.
async fn swapped(hall: &Hall, id: &GameId) -> Result<GameSpec, ApiError> {
    let record = hall.store().game(id).await?;
    let log = hall.store().log(id).await?;
    let mut header = arbiter_session::parse_header(&log.header)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    std::mem::swap(&mut header.white, &mut header.black);
    let extra = &record.meta.extra;
    let defaults = arbiter_session::any::defaults(header.variant);
    Ok(GameSpec {
        header,
        kind: record.meta.kind,
        seats: [extra.seat(Side::Black), extra.seat(Side::White)],
        movetime_ms: extra.engine_movetime_ms.unwrap_or(defaults.movetime_ms),
        level: extra
            .engine_level
            .and_then(|l| u8::try_from(l).ok())
            .unwrap_or(defaults.level),
        ignored_keys: Vec::new(),
    })
}

/// What a player (or anyone, without `me`) is told of the offer: with
/// `me`, the token he asked with, which plays his seat in the new game.
fn view(offer: Option<&RematchRecord>, me: Option<(Side, &str)>) -> Value {
    let mut v = match offer {
        None => json!({"status": "none", "asked": []}),
        Some(r) => {
            let asked: Vec<String> = r.asked.iter().map(Side::to_string).collect();
            let status = if r.new_game.is_some() {
                "ready"
            } else {
                "offered"
            };
            json!({"status": status, "asked": asked})
        }
    };
    if let Some(new) = offer.and_then(|r| r.new_game.as_ref()) {
        v["game_id"] = json!(new.as_str());
        v["watch_url"] = json!(format!("/games/{new}"));
        // The old White plays Black in the new game.
        if let Some((side, token)) = me {
            v["seat"] = seat(new, side.other(), token);
        }
    }
    if let Some((side, _)) = me {
        v["you"] = json!(side.to_string());
    }
    v
}

/// `GET /api/games/{id}/rematch`: the offer; with a player's token and
/// once both asked, his seat in the new game.
pub(crate) async fn show(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&raw)?;
    let me = match bearer(&headers) {
        Some(t) => Some((player(&hall, &id, &headers).await?, t)),
        None => None,
    };
    let offer = hall.store().rematch(&id).await?;
    Ok(Json(view(offer.as_ref(), me)))
}

/// Makes the new game once both asked and nobody made it yet; another
/// request (here or on another instance) that made it first is no error.
async fn complete(hall: &Hall, id: &GameId, offer: &RematchRecord) -> Result<(), ApiError> {
    if offer.asked.len() < 2 || offer.new_game.is_some() {
        return Ok(());
    }
    let spec = swapped(hall, id).await?;
    let mut game = spec.new_game()?;
    game.arbiter_token = Some(token()?);
    let cfg = hall.config();
    let made = hall
        .store()
        .make_rematch(id, &game, CHALLENGE_TTL, &cfg.instance_id, cfg.lease)
        .await?;
    if let Some(new) = made {
        if let Err(e) = hall.try_own(&new).await {
            tracing::warn!(game = %new, reason = %e.reason, "a rematch did not start at once");
        }
        tracing::info!(game = %new, of = %id, "rematch created");
    }
    Ok(())
}

/// `POST /api/games/{id}/rematch` with a player's token: asks for the
/// rematch; the answer is the offer, with the new seat once both asked.
pub(crate) async fn post(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&raw)?;
    let side = player(&hall, &id, &headers).await?;
    let token = bearer(&headers).unwrap_or_default();
    let record = hall.store().game(&id).await?;
    if record.status != Status::Finished {
        return Err(ApiError::refused("a rematch is asked after the game"));
    }
    // A game against the engine is played again from the lobby, where the
    // hall counts the engine's seats; a rematch is between two people.
    if Side::BOTH
        .into_iter()
        .any(|s| record.meta.extra.seat(s) != SeatKind::Human)
    {
        return Err(ApiError::refused(
            "a rematch is between two people; a new game against the engine is made in the lobby",
        ));
    }
    let offer = hall.store().ask_rematch(&id, side, CHALLENGE_TTL).await?;
    complete(&hall, &id, &offer).await?;
    let offer = hall.store().rematch(&id).await?;
    Ok(Json(view(offer.as_ref(), Some((side, token)))))
}
