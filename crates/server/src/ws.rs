//! `GET /api/games/{id}/ws?token=…&since=N&lang=en|ru|de&lexicon=…`: a
//! frame `{"seq","event","state","announcements"}` per committed event, its
//! announcements (`[{"kind","text"}]`) worded in the socket's language;
//! with `since`, the missed ones first; without it, the current state first
//! (`"event":null`, no announcement). Players send events as on POST, with
//! `{"ack":K}` echoed in the answer; spectators (no token) may only watch.
//! The server pings every 20 s, a player's socket every 2 s with its
//! instant, to measure his round trip (`crate::rtt`).

use crate::error::ApiError;
use crate::hall::Hall;
use crate::http::game_id;
use crate::hub::read_log;
use crate::shield::{ClientIp, Shield};
use arbiter_notation::Lexicon;
use arbiter_store::GameId;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(20);
/// The largest message a client may send.
const MESSAGE_MAX: usize = 16 * 1024;
/// The read buffer of a socket. The library's default, 128 KiB, is zeroed
/// on every read and held by every open socket: a client sends at most
/// `MESSAGE_MAX`, so a small buffer costs a second read at worst.
const READ_BUFFER: usize = 4 * 1024;

/// The query of the WebSocket route.
#[derive(Deserialize)]
pub(crate) struct WsQuery {
    token: Option<String>,
    since: Option<u64>,
    /// `en`, `ru` or `de`: the language of the announcements.
    lang: Option<String>,
    /// The words of the moves, as `arbiter play --lexicon` takes them; it
    /// sets the language too. Without it, the language's own lexicon.
    lexicon: Option<String>,
}

/// The lexicon a socket asked for: `lexicon=` when it names one, else the
/// one of `lang=`, else English.
fn lexicon_of(q: &WsQuery) -> Lexicon {
    let lang = q.lang.as_deref().and_then(|l| match l {
        "en" | "ru" | "de" => Lexicon::from_key(l),
        _ => None,
    });
    q.lexicon
        .as_deref()
        .and_then(Lexicon::from_key)
        .or(lang)
        .unwrap_or(Lexicon::En)
}

/// Checks the page's origin, the address's open sockets, the game and the
/// token, then upgrades.
pub(crate) async fn handler(
    State(hall): State<Hall>,
    Extension(shield): Extension<Arc<Shield>>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(raw): Path<String>,
    Query(q): Query<WsQuery>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    if !shield.origin_ok(&headers) {
        return Err(ApiError::forbidden(
            "a WebSocket is opened only by the hall's own pages (Origin)",
        ));
    }
    let slot = shield.socket(ip)?;
    let id = game_id(&raw)?;
    let lex = lexicon_of(&q);
    // An arbiter's socket tells the hall an arbiter is present (6.12.2).
    let mut console = false;
    let token = match q.token.filter(|t| !t.is_empty()) {
        None => {
            hall.store().game(&id).await?;
            None
        }
        Some(t) => {
            shield.token_gate(ip)?;
            let known = hall.store().game(&id).await.map_err(ApiError::from);
            let seat = match known {
                Ok(_) => hall.store().verify_token(&id, &t).await?,
                Err(e) => {
                    shield.token_unknown(ip);
                    return Err(e);
                }
            };
            if seat.is_none() {
                shield.token_unknown(ip);
                return Err(ApiError::unknown_token());
            }
            console = seat == Some(arbiter_store::Seat::Arbiter);
            Some(t)
        }
    };
    let since = q.since;
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(rejection) => return Ok(rejection.into_response()),
    };
    Ok(upgrade
        .max_message_size(MESSAGE_MAX)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            let _slot = slot;
            let _present = console.then(|| crate::call::console(&id));
            if let Err(e) = run(hall, id, token, since, lex, socket).await {
                tracing::debug!(reason = %e, "a WebSocket closed");
            }
        }))
}

async fn send(socket: &mut WebSocket, text: String) -> Result<(), String> {
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .map_err(|e| e.to_string())
}

/// Sends what the watcher has not seen: the events after `since`, read
/// from the store, or the current state (the one the game's task published,
/// or the stored log's). Returns the last seq sent.
async fn backlog(
    hall: &Hall,
    id: &GameId,
    since: Option<u64>,
    lex: Lexicon,
    socket: &mut WebSocket,
) -> Result<u64, String> {
    if since.is_none()
        && let Some(s) = hall.registry().snapshot(id)
    {
        let first = json!({"seq": s.seq, "event": null, "state": &*s.state, "announcements": []});
        send(socket, first.to_string()).await?;
        return Ok(s.seq);
    }
    let log = hall.store().log(id).await.map_err(|e| e.to_string())?;
    let last = log.events.last().map_or(0, |e| e.seq);
    let (game, frames) = read_log(&log, since.or(Some(u64::MAX))).map_err(|e| e.reason)?;
    for f in frames {
        send(socket, f.text(lex).to_string()).await?;
    }
    if since.is_none() {
        let state = serde_json::to_value(game.state()).unwrap_or(Value::Null);
        let first = json!({"seq": last, "event": null, "state": state, "announcements": []});
        send(socket, first.to_string()).await?;
    }
    Ok(last)
}

async fn run(
    hall: Hall,
    id: GameId,
    token: Option<String>,
    since: Option<u64>,
    lex: Lexicon,
    mut socket: WebSocket,
) -> Result<(), String> {
    let local = hall.registry().snapshot(&id).map(|s| s.seq);
    let mut frames = hall.hub().watch(&id, local).await.map_err(|e| e.reason)?;
    let mut last = backlog(&hall, &id, since, lex, &mut socket).await?;
    let mut closing = hall.closing();
    // A player's socket is pinged often, with the hall's instant, so that
    // his round trip is measured (crate::rtt); a spectator's rarely.
    let every = if token.is_some() {
        crate::rtt::PING_EVERY
    } else {
        PING_EVERY
    };
    let mut ping = tokio::time::interval(every);
    let mut sent: Option<[u8; 8]> = None;
    loop {
        tokio::select! {
            f = frames.recv() => match f {
                Ok(f) if f.seq > last => {
                    last = f.seq;
                    send(&mut socket, f.text(lex).to_string()).await?;
                }
                Ok(_) => {}
                // Too slow: the client reconnects with `since` and misses nothing.
                Err(RecvError::Lagged(_)) => return Err("the watcher fell behind".into()),
                Err(RecvError::Closed) => return Ok(()),
            },
            m = socket.recv() => match m {
                Some(Ok(Message::Text(t))) => {
                    let answer = answer(&hall, &id, token.as_deref(), t.as_str().as_bytes(), lex).await;
                    send(&mut socket, answer.to_string()).await?;
                }
                Some(Ok(Message::Close(_))) | None => return Ok(()),
                Some(Ok(Message::Pong(p))) => {
                    if let (Some(t), Some(s)) = (token.as_deref(), sent)
                        && p.as_ref() == s
                    {
                        sent = None;
                        hall.rtt().pong(t, s);
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.to_string()),
            },
            _ = ping.tick() => {
                let payload = hall.rtt().ping();
                sent = Some(payload);
                socket.send(Message::Ping(payload.to_vec().into())).await.map_err(|e| e.to_string())?;
            }
            _ = closing.changed() => {
                let _ = socket.send(Message::Close(None)).await;
                return Ok(());
            }
        }
    }
}

/// The answer to an event sent over the socket, with its `ack` echoed and
/// a refusal of the Laws worded in the socket's language.
async fn answer(hall: &Hall, id: &GameId, token: Option<&str>, text: &[u8], lex: Lexicon) -> Value {
    let ack = serde_json::from_slice::<Value>(text)
        .ok()
        .and_then(|v| v.get("ack").cloned())
        .unwrap_or(Value::Null);
    let result = match token {
        None => Err(ApiError::forbidden(
            "spectators watch; only a player or the arbiter acts",
        )),
        Some(t) => hall
            .submit(id, t, text, false)
            .await
            .map_err(|e| e.in_lang(lex)),
    };
    match result {
        Ok(a) => json!({"ack": ack, "status": 200, "seq": a.seq, "state": &*a.state}),
        Err(e) => {
            tracing::info!(game = %id, status = e.status.as_u16(), reason = %e.reason, "refused over the WebSocket");
            json!({"ack": ack, "status": e.status.as_u16(), "error": e.error, "reason": e.reason})
        }
    }
}
