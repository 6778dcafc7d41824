//! Errors as HTTP answers: a status and `{"error","reason"}`; every refusal
//! is logged.

use arbiter_store::StoreError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// Longest reason quoted back to a client.
const REASON_MAX: usize = 300;

/// A refused or failed request.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short machine word (`malformed`, `forbidden`, `refused` …).
    pub error: &'static str,
    /// Why, in words.
    pub reason: String,
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
    /// 404: no such game.
    pub fn not_found() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game")
    }
    /// 409: the Laws (or the board) refuse the action.
    pub fn refused(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "refused", reason)
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

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NotFound => ApiError::not_found(),
            other => ApiError::internal(other.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::warn!(status = self.status.as_u16(), error = self.error, reason = %self.reason, "request failed");
        } else {
            tracing::info!(status = self.status.as_u16(), error = self.error, reason = %self.reason, "request refused");
        }
        (self.status, Json(self.body())).into_response()
    }
}
