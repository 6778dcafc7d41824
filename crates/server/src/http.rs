//! The HTTP routes of the hall (the contract is in `openapi.json`).

use crate::actor;
use crate::error::ApiError;
use crate::hall::Hall;
use crate::proxy::FORWARDED;
use crate::request::{SeatKind, parse_create};
use crate::shield::{ClientIp, Shield};
use arbiter_rules::Side;
use arbiter_session::Follower;
use arbiter_store::{GameId, GameSettings, NewGame, Status, Token};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Extension, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// Reads a game id from the path; a malformed one is no game (404).
pub(crate) fn game_id(raw: &str) -> Result<GameId, ApiError> {
    raw.parse().map_err(|_| ApiError::not_found())
}

/// Any other path under `/api/`: no such resource, in JSON.
pub(crate) async fn no_route() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such API route")
}

/// `GET /api/health`.
pub(crate) async fn health() -> Json<Value> {
    Json(json!({"ok": true}))
}

/// `GET /api/openapi.json`.
pub(crate) async fn openapi() -> Json<Value> {
    Json(crate::openapi::document())
}

pub(crate) fn token() -> Result<Token, ApiError> {
    Token::generate().map_err(|e| ApiError::internal(e.to_string()))
}

/// `POST /api/games`: within the address's rate of creation, and for a
/// game with an engine, within the engine seats of the address and of the
/// instance; the engine's time per move is cut to the hall's cap.
pub(crate) async fn create(
    State(hall): State<Hall>,
    Extension(shield): Extension<Arc<Shield>>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> Result<Response, ApiError> {
    let mut spec = parse_create(&body)?;
    let engine_seat = admit(&hall, &shield, ip, &mut spec).await?;
    let opened = open_game(&hall, &spec, engine_seat).await?;
    let mut body = opened.body();
    if !spec.ignored_keys.is_empty() {
        body["ignored_keys"] = json!(spec.ignored_keys);
    }
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// A game just created: its id and its tokens (none for an engine seat).
pub(crate) struct Opened {
    /// The new game.
    pub id: GameId,
    /// White's and Black's tokens.
    pub seats: [Option<Token>; 2],
    /// The arbiter's token.
    pub arbiter: Token,
}

impl Opened {
    /// The answer of `POST /api/games`: tokens and links.
    pub fn body(&self) -> Value {
        let [white, black] = &self.seats;
        let id = &self.id;
        json!({
            "id": id.as_str(),
            "white_token": white.as_ref().map(Token::as_str),
            "black_token": black.as_ref().map(Token::as_str),
            "arbiter_token": self.arbiter.as_str(),
            "white_url": invite(id, "", white, Some("white")),
            "black_url": invite(id, "", black, Some("black")),
            "arbiter_url": invite(id, "/arbiter", &Some(self.arbiter.clone()), None),
            "watch_url": format!("/games/{id}"),
        })
    }
}

/// Creates and starts a game from a checked spec (the lobby's challenges
/// and rematches create theirs through the store's lobby, whose seats keep
/// the tokens their players hold); an engine's seat ticket is bound to the
/// new game.
pub(crate) async fn open_game(
    hall: &Hall,
    spec: &crate::request::GameSpec,
    engine_seat: Option<crate::shield::EngineTicket>,
) -> Result<Opened, ApiError> {
    let human = |i: usize| spec.seats[i] == SeatKind::Human;
    let white = human(0).then(token).transpose()?;
    let black = human(1).then(token).transpose()?;
    let arbiter = token()?;
    let game = NewGame {
        white_token: white.clone(),
        black_token: black.clone(),
        arbiter_token: Some(arbiter.clone()),
        ..spec.new_game()?
    };
    // Created already leased to this instance: another instance's claim
    // pass must not take the game between its creation and its start.
    let cfg = hall.config();
    let id = hall
        .store()
        .create_game_leased(&game, &cfg.instance_id, cfg.lease)
        .await?;
    if let Some(seat) = engine_seat {
        seat.bind(&id);
    }
    // The claim loop would start it too; starting it now lets an engine
    // that has White move at once (a game between people rests until its
    // first request).
    if let Err(e) = hall.try_hold(&id).await {
        tracing::warn!(game = %id, reason = %e.reason, "a new game did not start at once");
    }
    tracing::info!(game = %id, "game created");
    Ok(Opened {
        id,
        seats: [white, black],
        arbiter,
    })
}

/// Lets a new game in within the address's limits: its rate of creation,
/// and for a game with an engine, the engine seats (held until the game
/// ends) and the engine's time per move, cut to the hall's cap.
async fn admit(
    hall: &Hall,
    shield: &Shield,
    ip: std::net::IpAddr,
    spec: &mut crate::request::GameSpec,
) -> Result<Option<crate::shield::EngineTicket>, ApiError> {
    shield.create(ip)?;
    if !spec.seats.contains(&SeatKind::Engine) {
        return Ok(None);
    }
    spec.movetime_ms = spec.movetime_ms.min(shield.limits.engine_movetime_max_ms);
    shield.engine_seat(hall, ip).await
}

/// The link that brings a seat's holder to the game: the token, and for a
/// player the seat (`&seat=white|black`), so the page seats him on his side
/// at once, the board turned towards him. A link without the seat still
/// works: the page then asks which side the token plays.
fn invite(id: &GameId, page: &str, token: &Option<Token>, seat: Option<&str>) -> Option<String> {
    let token = token.as_ref()?;
    let seat = seat.map_or(String::new(), |s| format!("&seat={s}"));
    Some(format!("/games/{id}{page}?token={}{seat}", token.as_str()))
}

/// The bearer token of a request, if it has one.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// `POST /api/games/{id}/events`. An address that sent too many tokens no
/// game has is refused before the token is looked up.
pub(crate) async fn events(
    State(hall): State<Hall>,
    Extension(shield): Extension<Arc<Shield>>,
    ClientIp(ip): ClientIp,
    Path(raw): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    shield.token_gate(ip)?;
    let id = game_id(&raw).inspect_err(|_| shield.token_unknown(ip))?;
    let token = bearer(&headers).ok_or_else(ApiError::unauthorized)?;
    let forwarded = headers.contains_key(FORWARDED);
    let lex = crate::lang::of_request(&headers);
    let acted = hall
        .submit(&id, token, &body, forwarded)
        .await
        .map_err(|e| {
            if e.is_unknown_token() {
                shield.token_unknown(ip);
            }
            e.in_lang(lex)
        })?;
    Ok(Json(json!({"seq": acted.seq, "state": &*acted.state})))
}

/// A stored game nobody runs here, read back: its last seq and the game.
pub(crate) async fn stored(hall: &Hall, id: &GameId) -> Result<(u64, Follower), ApiError> {
    crate::hub::stored(hall.store(), id).await
}

/// `GET /api/games/{id}`: the state the game's task published, or the
/// stored log read back when no task runs it here.
pub(crate) async fn show(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&raw)?;
    let mut body = match hall.registry().snapshot(&id) {
        Some(s) => json!({"seq": s.seq, "state": &*s.state}),
        None => {
            let (seq, game) = stored(&hall, &id).await?;
            json!({"seq": seq, "state": game.state()})
        }
    };
    // A game between people answers as it always has: `seq` and `state`.
    let engines = engines(&hall.store().game(&id).await?.meta.extra);
    if !engines.is_empty() {
        body["engines"] = Value::Object(engines);
    }
    Ok(Json(body))
}

/// Each engine seat's level and time per move, as the game was created
/// with them: `{"black":{"engine_level":10,"engine_movetime_ms":1000}}`.
fn engines(extra: &GameSettings) -> serde_json::Map<String, Value> {
    let mut seats = serde_json::Map::new();
    for side in Side::BOTH {
        if extra.seat(side) == SeatKind::Engine {
            seats.insert(
                side.to_string(),
                json!({
                    "engine_level": extra.engine_level,
                    "engine_movetime_ms": extra.engine_movetime_ms,
                }),
            );
        }
    }
    seats
}

/// `GET /api/games/{id}/log`: the JSON Lines `arbiter replay` reads.
pub(crate) async fn log(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&raw)?;
    let log = hall.store().log(&id).await?;
    let kind = [(header::CONTENT_TYPE, "application/x-ndjson; charset=utf-8")];
    Ok((kind, log.to_jsonl()).into_response())
}

/// `GET /api/games/{id}/pgn`, dated with the day the game was created.
pub(crate) async fn pgn(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&raw)?;
    let created_at_ms = hall.store().game(&id).await?.created_at_ms;
    let live = match hall.local(&id) {
        Some(tx) => actor::pgn(&tx, created_at_ms).await,
        None => None,
    };
    let text = match live {
        Some(text) => text,
        None => stored(&hall, &id).await?.1.pgn(created_at_ms),
    };
    let kind = [(
        header::CONTENT_TYPE,
        "application/x-chess-pgn; charset=utf-8",
    )];
    Ok((kind, text).into_response())
}

/// The query of `GET /api/games`.
#[derive(Deserialize)]
pub(crate) struct ListQuery {
    status: Option<String>,
    /// Rows in a page (default 100).
    limit: Option<usize>,
    /// Where the page starts, as the previous page's `Link` said.
    cursor: Option<usize>,
    /// `recent`: newest first (the lobby's finished games).
    order: Option<String>,
    /// The language of a finished game's `result_text`.
    lang: Option<String>,
}

/// `GET /api/games?status=live|finished&order=recent&lang=&limit=N&cursor=C`:
/// a JSON array, oldest first unless `order=recent`, a page at a time (the
/// next page in the `Link` header); finished games with their result.
pub(crate) async fn list(
    State(hall): State<Hall>,
    Query(q): Query<ListQuery>,
    Query(pairs): Query<Vec<(String, String)>>,
) -> Result<Response, ApiError> {
    let rows = list_rows(&hall, &q).await?;
    let (mut rows, next) = crate::paging::page(rows, q.limit, q.cursor);
    let lang = crate::listing::language(q.lang.as_deref());
    crate::listing::add_results(&hall, &mut rows, lang).await;
    let mut answer = Json(Value::Array(rows)).into_response();
    if let Some(next) = next {
        let link = crate::paging::next_link("/api/games", &pairs, next);
        if let Ok(v) = header::HeaderValue::from_str(&link) {
            answer.headers_mut().insert(header::LINK, v);
        }
    }
    Ok(answer)
}

/// Every row of the listing, filtered by its query.
async fn list_rows(hall: &Hall, q: &ListQuery) -> Result<Vec<Value>, ApiError> {
    let status = match q.status.as_deref() {
        None | Some("") | Some("all") => None,
        Some(s) => Some(
            s.parse::<Status>()
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ),
    };
    let mut games = hall.store().list(status).await?;
    crate::listing::arrange(&mut games, q.order.as_deref())?;
    let rows: Vec<Value> = games.iter().map(crate::listing::row).collect();
    Ok(rows)
}
