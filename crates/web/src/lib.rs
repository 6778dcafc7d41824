//! The accessible web hall: four pages (the lobby, the game page, the arbiter console
//! and the archive) and their scripts and styles, embedded in the binary so that
//! `arbiter serve` needs no files and no CDN; and stateless endpoints that put a game
//! into words with the same functions as `arbiter play`, so the page never composes a
//! sentence about the game itself.
//!
//! The pages talk to the server's game API (`/api/games…`); they hold no game logic.

#![warn(missing_docs)]

mod console;
mod context;
pub mod reason;
pub mod record;
pub mod steps;
mod tavreli;
pub mod words;

use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;

/// One embedded file: its name under `/assets/`, its type and its bytes.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static str,
}

macro_rules! asset {
    ($name:literal, $mime:literal) => {
        Asset {
            name: $name,
            mime: $mime,
            body: include_str!(concat!("../assets/", $name)),
        }
    };
}

static ASSETS: &[Asset] = &[
    asset!("hall.css", "text/css; charset=utf-8"),
    asset!("i18n.js", "text/javascript; charset=utf-8"),
    asset!("common.js", "text/javascript; charset=utf-8"),
    asset!("lobby.js", "text/javascript; charset=utf-8"),
    asset!("game.js", "text/javascript; charset=utf-8"),
    asset!("board.js", "text/javascript; charset=utf-8"),
    asset!("arbiter.js", "text/javascript; charset=utf-8"),
    asset!("record.js", "text/javascript; charset=utf-8"),
    asset!("challenges.js", "text/javascript; charset=utf-8"),
    asset!("viewer.js", "text/javascript; charset=utf-8"),
    asset!("rematch.js", "text/javascript; charset=utf-8"),
    asset!("tournament.js", "text/javascript; charset=utf-8"),
];

const LOBBY: &str = include_str!("../assets/lobby.html");
const GAME: &str = include_str!("../assets/game.html");
const ARBITER: &str = include_str!("../assets/arbiter.html");
const RECORD: &str = include_str!("../assets/record.html");
const VIEWER: &str = include_str!("../assets/viewer.html");
const TOURNAMENT: &str = include_str!("../assets/tournament.html");

/// The largest words request: a long game's moves, or a long game's log.
const BODY_LIMIT: usize = record::MAX_LOG + (64 << 10);

fn html(body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|a| a.name == name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            a.body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}

async fn describe(Json(req): Json<words::DescribeRequest>) -> Json<words::DescribeAnswer> {
    Json(words::describe_text(&req))
}

async fn board(Json(req): Json<words::BoardRequest>) -> Response {
    match words::board(&req) {
        Ok(b) => Json(b).into_response(),
        Err(e) => refused(e),
    }
}

/// A request the words endpoints cannot serve: 400 with the hall's error
/// body, `{"error":"malformed","reason":…}`, as every `/api` refusal.
fn refused(reason: impl std::fmt::Display) -> Response {
    let body = json!({ "error": "malformed", "reason": reason.to_string() });
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

async fn steps(Json(req): Json<context::Context>) -> Response {
    match steps::steps(&req) {
        Ok(s) => Json(s).into_response(),
        Err(e) => refused(e),
    }
}

async fn archive(Json(req): Json<record::RecordRequest>) -> Response {
    match record::record(&req) {
        Ok(r) => Json(r).into_response(),
        Err(e) => refused(e),
    }
}

/// `POST /api/lowtime`: the low-time alarm's sentence.
#[derive(serde::Deserialize)]
struct LowTime {
    lexicon: Option<String>,
    side: arbiter_rules::Side,
    ms: u64,
}

async fn arbiter_reason(Json(req): Json<reason::ReasonRequest>) -> Json<reason::ReasonAnswer> {
    Json(reason::reason(&req))
}

async fn console_words(Json(req): Json<console::ConsoleRequest>) -> Json<console::ConsoleAnswer> {
    Json(console::console(&req))
}

async fn lowtime(Json(req): Json<LowTime>) -> Json<serde_json::Value> {
    let lex = req
        .lexicon
        .as_deref()
        .and_then(arbiter_notation::Lexicon::from_key)
        .unwrap_or(arbiter_notation::Lexicon::En);
    let text = arbiter_session::announce::low_time_text(lex, req.side, req.ms);
    Json(json!({ "text": text }))
}

async fn help(Path(lang): Path<String>) -> Json<serde_json::Value> {
    let l = match lang.as_str() {
        "ru" => arbiter_notation::SpokenLang::Ru,
        "de" => arbiter_notation::SpokenLang::De,
        _ => arbiter_notation::SpokenLang::En,
    };
    Json(json!({ "text": arbiter_notation::describe::help_text(l) }))
}

/// The pages, their assets and the words endpoints, for the server to `merge`:
///
/// - `GET /` the lobby; `GET /games/{id}` the game page; `GET /games/{id}/arbiter` the
///   arbiter console (its token in `?token=`); `GET /games/{id}/record` the archive;
///   `GET /tournaments/{id}` a tournament's page (`/tournaments/new` creates one);
///   `GET /assets/{file}`;
/// - `POST /api/describe` a typed command in words, `POST /api/board` the 64 cell names,
///   `POST /api/record` the score and audit of a log, `POST /api/lowtime` the low-time
///   alarm's sentence, `GET /api/help/{lang}` the command help, `POST /api/steps` each
///   move of a record said in a lexicon (the viewer at `GET /games/{id}/view`), `POST
///   /api/reason` an arbiter's action with the reason typed in the console, `POST
///   /api/console` the console's result and penalties in words. The announcements of a
///   live game come with the hall's WebSocket frames, worded in the socket's language.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(|| async { html(LOBBY) }))
        .route("/games/{id}", get(|| async { html(GAME) }))
        .route("/games/{id}/arbiter", get(|| async { html(ARBITER) }))
        .route("/games/{id}/record", get(|| async { html(RECORD) }))
        .route("/games/{id}/view", get(|| async { html(VIEWER) }))
        .route("/tournaments/{id}", get(|| async { html(TOURNAMENT) }))
        .route("/assets/{name}", get(asset))
        .route("/api/describe", post(describe))
        .route("/api/board", post(board))
        .route("/api/record", post(archive))
        .route("/api/lowtime", post(lowtime))
        .route("/api/help/{lang}", get(help))
        .route("/api/steps", post(steps))
        .route("/api/reason", post(arbiter_reason))
        .route("/api/console", post(console_words))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}
