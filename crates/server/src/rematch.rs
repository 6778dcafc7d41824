//! The rematch: after a game, each player asks for another with the
//! colours swapped; when every person of the game has asked, the hall
//! creates it (same variant, rules and time control) and each player's
//! page reads his new seat with his old token.
//!
//! The offers live with the challenges in the [`Lobby`] of the instance
//! that took them, for [`crate::challenge::CHALLENGE_TTL`].

use crate::challenge::{CHALLENGE_TTL, Lobby, Rematch};
use crate::error::ApiError;
use crate::hall::Hall;
use crate::http::{Opened, bearer, game_id, open_game};
use crate::request::GameSpec;
use arbiter_rules::Side;
use arbiter_store::{GameId, Seat, SeatKind, Status};
use axum::Extension;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;

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

/// What a player (or anyone, without `me`) is told of the offer.
fn view(offer: Option<&Rematch>, me: Option<Side>) -> Value {
    let mut v = view_of(offer, me);
    if let Some(side) = me {
        v["you"] = json!(side.to_string());
    }
    v
}

fn view_of(offer: Option<&Rematch>, me: Option<Side>) -> Value {
    let Some(r) = offer else {
        return json!({"status": "none", "asked": []});
    };
    let asked: Vec<String> = r.asked.iter().map(Side::to_string).collect();
    let mut v =
        json!({"status": if r.opened.is_some() { "ready" } else { "offered" }, "asked": asked});
    if let Some(o) = &r.opened {
        v["game_id"] = json!(o.id.as_str());
        v["watch_url"] = json!(format!("/games/{}", o.id));
        // The old White plays Black in the new game.
        if let Some(side) = me {
            v["seat"] = o.seat(side.other());
        }
    }
    v
}

/// `GET /api/games/{id}/rematch`: the offer; with a player's token and
/// once both asked, his seat in the new game.
pub(crate) async fn show(
    State(hall): State<Hall>,
    Extension(lobby): Extension<Lobby>,
    Path(raw): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&raw)?;
    let me = match bearer(&headers) {
        Some(_) => Some(player(&hall, &id, &headers).await?),
        None => None,
    };
    let offers = lobby.offers();
    Ok(Json(view(offers.get(id.as_str()), me)))
}

/// Records the side's request; `true` when this request completes the
/// offer and the caller must create the game.
fn ask(lobby: &Lobby, id: &GameId, side: Side, needed: Vec<Side>) -> bool {
    let mut offers = lobby.offers();
    let r = offers.entry(id.as_str().to_string()).or_insert(Rematch {
        asked: Vec::new(),
        needed,
        opened: None,
        creating: false,
        until: Instant::now() + CHALLENGE_TTL,
    });
    if !r.asked.contains(&side) {
        r.asked.push(side);
    }
    let complete = r.needed.iter().all(|s| r.asked.contains(s));
    if complete && r.opened.is_none() && !r.creating {
        r.creating = true;
        return true;
    }
    false
}

/// `POST /api/games/{id}/rematch` with a player's token: asks for the
/// rematch; the answer is the offer, with the new seat once both asked.
pub(crate) async fn post(
    State(hall): State<Hall>,
    Extension(lobby): Extension<Lobby>,
    Path(raw): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&raw)?;
    let side = player(&hall, &id, &headers).await?;
    let record = hall.store().game(&id).await?;
    if record.status != Status::Finished {
        return Err(ApiError::refused("a rematch is asked after the game"));
    }
    // A game against the engine is played again from the lobby, where the
    // hall counts the engine's seats; a rematch is between two people.
    let needed: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|s| record.meta.extra.seat(*s) == SeatKind::Human)
        .collect();
    if needed.len() < 2 {
        return Err(ApiError::refused(
            "a rematch is between two people; a new game against the engine is made in the lobby",
        ));
    }
    if ask(&lobby, &id, side, needed) {
        let made: Result<Opened, ApiError> = match swapped(&hall, &id).await {
            Ok(spec) => open_game(&hall, &spec, None).await,
            Err(e) => Err(e),
        };
        let mut offers = lobby.offers();
        if let Some(r) = offers.get_mut(id.as_str()) {
            r.creating = false;
            match made {
                Ok(o) => r.opened = Some(Arc::new(o)),
                Err(e) => return Err(e),
            }
        }
    }
    let offers = lobby.offers();
    Ok(Json(view(offers.get(id.as_str()), Some(side))))
}
