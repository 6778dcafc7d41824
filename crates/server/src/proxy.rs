//! Forwarding an action to the instance that runs the game: that instance
//! alone stamps the game's time and appends its events.

use crate::error::ApiError;
use crate::registry::{Acted, State};
use arbiter_store::GameId;
use axum::body::Bytes;
use axum::http::{Request, StatusCode, header};
use http_body_util::{BodyExt, Full, Limited};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use serde_json::value::RawValue;
use std::time::Duration;

/// The header that marks a forwarded request, so it is never forwarded twice.
pub const FORWARDED: &str = "x-arbiter-forwarded";
/// How long the owner may take to answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// The largest answer read back.
const ANSWER_MAX: usize = 1 << 20;

/// An HTTP client to the other instances.
pub(crate) struct Forwarder {
    client: Client<HttpConnector, Full<Bytes>>,
}

impl Forwarder {
    pub(crate) fn new() -> Forwarder {
        Forwarder {
            client: Client::builder(TokioExecutor::new()).build_http(),
        }
    }

    /// Posts the event to `url`'s instance and gives back its answer.
    pub(crate) async fn forward(
        &self,
        url: &str,
        id: &GameId,
        token: &str,
        body: &[u8],
    ) -> Result<Acted, ApiError> {
        let unavailable = |e: String| {
            ApiError::unavailable(format!(
                "the instance running this game does not answer ({e}); retry"
            ))
        };
        let request = Request::post(format!("{url}/api/games/{id}/events"))
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json")
            .header(FORWARDED, "1")
            .body(Full::new(Bytes::copy_from_slice(body)))
            .map_err(|e| unavailable(e.to_string()))?;
        let answer = tokio::time::timeout(TIMEOUT, self.client.request(request))
            .await
            .map_err(|_| unavailable("timeout".into()))?
            .map_err(|e| unavailable(e.to_string()))?;
        let status = answer.status();
        let bytes = Limited::new(answer.into_body(), ANSWER_MAX)
            .collect()
            .await
            .map_err(|e| unavailable(e.to_string()))?
            .to_bytes();
        let v: Value = serde_json::from_slice(&bytes).map_err(|e| unavailable(e.to_string()))?;
        if status == StatusCode::OK {
            return Ok(Acted {
                seq: v.get("seq").and_then(Value::as_u64).unwrap_or(0),
                state: state_of(v.get("state")),
            });
        }
        let reason = v.get("reason").and_then(Value::as_str).unwrap_or("");
        let word = v.get("error").and_then(Value::as_str).unwrap_or("");
        Err(ApiError::new(status, word_of(word), reason))
    }
}

/// The error words an instance answers with, as static text.
fn word_of(word: &str) -> &'static str {
    [
        "malformed",
        "unauthorized",
        "forbidden",
        "not_found",
        "refused",
        "rate_limited",
        "unavailable",
        "too_large",
        "unsupported_media_type",
        "method_not_allowed",
        "internal",
    ]
    .into_iter()
    .find(|w| *w == word)
    .unwrap_or("internal")
}

/// The state an instance answered with, as the text it is kept as.
fn state_of(state: Option<&Value>) -> State {
    let text = state.map_or_else(|| "null".into(), Value::to_string);
    RawValue::from_string(text)
        .unwrap_or_else(|_| RawValue::NULL.to_owned())
        .into()
}
