//! Errors as HTTP answers: a status and `{"error","reason"}`; every refusal
//! is logged.

use arbiter_notation::ErrorKind;
use arbiter_notation::Lexicon;
use arbiter_notation::hall_refusals::{HallRefusal, hall_refusal_text};
use arbiter_notation::live::announce::{Announcement, Kind};
use arbiter_notation::live::refusal::{Misread, Refusal};
use arbiter_store::StoreError;
use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Longest reason quoted back to a client.
const REASON_MAX: usize = 300;

/// A refused or failed request.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short machine word (`malformed`, `forbidden`, `refused` …; a body
    /// over the limit is `too_large`, a method a route does not take
    /// `method_not_allowed`, a body that is not JSON `unsupported_media_type`).
    pub error: &'static str,
    /// Why, in words.
    pub reason: String,
    /// For a refusal by a limit: when to retry, in seconds (`Retry-After`).
    pub retry_after_s: Option<u64>,
    /// For a refusal by the Laws: the session's typed refusal, so the
    /// reason can be worded in the request's language ([`ApiError::in_lang`]).
    pub said: Option<Box<Announcement>>,
    /// For one of the hall's own refusals: which, so it too can be worded
    /// in the request's language.
    pub hall: Option<HallRefusal>,
}

impl ApiError {
    /// An error with its status, word and reason (cut to a bounded length).
    pub fn new(status: StatusCode, error: &'static str, reason: impl Into<String>) -> ApiError {
        let mut reason: String = reason.into();
        if reason.len() > REASON_MAX {
            let mut cut = REASON_MAX;
            while !reason.is_char_boundary(cut) {
                cut -= 1;
            }
            reason.truncate(cut);
            reason.push('…');
        }
        ApiError {
            status,
            error,
            reason,
            retry_after_s: None,
            said: None,
            hall: None,
        }
    }
    /// 400: the request cannot be read.
    pub fn bad_request(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "malformed", reason)
    }
    /// 401: no token.
    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "an Authorization: Bearer token is required",
        )
    }
    /// 403: a token that may not do this.
    pub fn forbidden(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", reason)
    }
    /// 403: a token no seat of the game has.
    pub fn unknown_token() -> ApiError {
        ApiError::hall(
            StatusCode::FORBIDDEN,
            "forbidden",
            HallRefusal::UnknownToken,
        )
    }
    /// Whether this answers a token or a game that does not exist (counted
    /// against the address's allowance of unknown tokens).
    pub fn is_unknown_token(&self) -> bool {
        self.status == StatusCode::NOT_FOUND || self.hall == Some(HallRefusal::UnknownToken)
    }
    /// 404: no such game.
    pub fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }
    /// 409: the Laws (or the board) refuse the action.
    pub fn refused(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "refused", reason)
    }
    /// 409: the Laws refuse, with the session's typed refusal (worded in
    /// English until [`ApiError::in_lang`] words it for the request).
    pub fn refused_said(said: Announcement) -> ApiError {
        let mut e = ApiError::refused(hall_words(&said, Lexicon::En));
        e.said = Some(Box::new(said));
        e
    }
    /// One of the hall's own refusals (worded in English until
    /// [`ApiError::in_lang`] words it for the request).
    pub fn hall(status: StatusCode, error: &'static str, refusal: HallRefusal) -> ApiError {
        let mut e = ApiError::new(
            status,
            error,
            hall_refusal_text(&refusal, Lexicon::En.language()),
        );
        e.hall = Some(refusal);
        e
    }
    /// The refusal with its reason in `lex`'s language, when it is typed
    /// (the Laws' or the hall's own; other reasons stay as they are).
    pub fn in_lang(self, lex: Lexicon) -> ApiError {
        let words = match (&self.said, &self.hall) {
            (Some(said), _) => hall_words(said, lex),
            (None, Some(r)) => hall_refusal_text(r, lex.language()),
            (None, None) => return self,
        };
        ApiError {
            reason: ApiError::new(self.status, self.error, words).reason,
            ..self
        }
    }
    /// 429: over the token's rate.
    pub fn too_many() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests with this token; slow down",
        )
    }
    /// 503: the game cannot be reached now; retry.
    pub fn unavailable(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", reason)
    }
    /// 500: the store failed.
    pub fn internal(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", reason)
    }

    /// The JSON body of the answer.
    pub fn body(&self) -> serde_json::Value {
        json!({"error": self.error, "reason": self.reason})
    }
}

/// A refusal's sentence as the hall says it: a move that no legal move
/// fits lists no candidates (from the start, "e5" would list every pawn
/// move); only an ambiguous one names the moves it fits, where they help.
fn hall_words(said: &Announcement, lex: Lexicon) -> String {
    let mut said = said.clone();
    if let Kind::Refused {
        refusal: Refusal::Illegal(Misread::Notation(e)) | Refusal::Unreadable(Misread::Notation(e)),
    } = &mut said.kind
        && e.kind != ErrorKind::Ambiguous
    {
        e.candidates.clear();
    }
    said.text_in(lex)
}

/// The longest body of a framework refusal read back to be quoted.
const QUOTED_MAX: usize = 1024;

/// Turns an error answer that is not JSON (the framework's refusals are
/// plain text or empty: a body over the limit, a method the route does not
/// take, a query that cannot be read, a WebSocket request without its
/// upgrade) into the hall's JSON error body, keeping its status and its
/// headers (`Allow` on a 405). Other answers pass untouched.
pub(crate) async fn json_refusals(answer: Response) -> Response {
    let status = answer.status();
    let is_json = answer
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return answer;
    }
    let (mut parts, body) = answer.into_parts();
    let text = axum::body::to_bytes(body, QUOTED_MAX)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let reason = match text.trim() {
        "" => status.canonical_reason().unwrap_or("refused").to_owned(),
        t => t.to_owned(),
    };
    let error = ApiError::new(status, word_for(status), reason);
    let json = error.into_response();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_TYPE);
    let (json_parts, json_body) = json.into_parts();
    parts.headers.extend(json_parts.headers);
    Response::from_parts(parts, json_body)
}

/// The error word of a status the framework answered with.
fn word_for(status: StatusCode) -> &'static str {
    match status {
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::CONFLICT => "refused",
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        StatusCode::TOO_MANY_REQUESTS => "rate_limited",
        StatusCode::SERVICE_UNAVAILABLE => "unavailable",
        s if s.is_server_error() => "internal",
        _ => "malformed",
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NotFound => ApiError::not_found(),
            other => ApiError::internal(other.to_string()),
        }
    }
}

/// A refusal whose reason is typed, kept on its answer so the guard in
/// front of the routes words it in the request's language.
#[derive(Clone)]
pub(crate) struct Typed(pub ApiError);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::warn!(status = self.status.as_u16(), error = self.error, reason = %self.reason, "request failed");
        } else {
            tracing::info!(status = self.status.as_u16(), error = self.error, reason = %self.reason, "request refused");
        }
        self.into_response_unlogged()
    }
}

impl ApiError {
    /// The answer without a line in the log: for a refusal already logged
    /// once and now only worded again in the request's language.
    pub(crate) fn into_response_unlogged(self) -> Response {
        let mut answer = (self.status, Json(self.body())).into_response();
        if let Some(s) = self.retry_after_s {
            answer.headers_mut().insert(header::RETRY_AFTER, s.into());
        }
        if self.said.is_some() || self.hall.is_some() {
            answer.extensions_mut().insert(Typed(self));
        }
        answer
    }
}
