//! The hall's guard in front of every route: the client's address (the
//! forwarded one behind a trusted proxy), JSON bodies only on `/api`
//! (a cross-site form cannot create games), every `/api` refusal in JSON,
//! the browser-hardening headers on every answer, and the per-address
//! state of the [`Limits`]: game creation, unknown tokens, engine seats,
//! connections and WebSockets.

use crate::error::ApiError;
use crate::hall::Hall;
use crate::limit::{Buckets, Counts, Limits, Slot};
use arbiter_notation::hall_refusals::HallRefusal;
use arbiter_store::{GameId, Status};
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The Content-Security-Policy of every answer: scripts, styles and
/// connections from the hall only, no inline script, no framing. Styles
/// set by script (CSSOM) stay allowed; inline style attributes are allowed
/// too, since they run no code. One inline script is allowed by its hash:
/// axe-core 4.14.1 (`axe.min.js`, the version `tests/web` pins), which
/// accessibility checks inject into the page as an inline script; it
/// reads the page and changes nothing.
pub const CSP: &str = "default-src 'self'; \
script-src 'self' 'sha256-KTSJmUUM3yhJqOcLeRL8LahahJ2jnA0NU5T1HUqe2Vw='; \
style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
frame-ancestors 'none'";

/// The limits and what they count.
pub struct Shield {
    /// The limits.
    pub limits: Limits,
    creates: Buckets,
    bad_tokens: Buckets,
    conns: Arc<Counts>,
    sockets: Arc<Counts>,
    engines: Arc<Mutex<HashMap<String, IpAddr>>>,
    reservations: AtomicU64,
}

/// The client's address: the TCP peer, or behind a trusted proxy the last
/// address of `X-Forwarded-For`. Unspecified when the hall is driven
/// without a listener (an in-process test).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientIp, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<ClientIp>()
            .copied()
            .unwrap_or(ClientIp(IpAddr::V4(Ipv4Addr::UNSPECIFIED))))
    }
}

/// A reserved engine seat: given back when dropped before the game exists.
pub struct EngineTicket {
    key: String,
    ip: IpAddr,
    engines: Arc<Mutex<HashMap<String, IpAddr>>>,
    bound: bool,
}

impl EngineTicket {
    /// The game now exists: the seat is held until it ends.
    pub fn bind(mut self, id: &GameId) {
        let mut map = self.engines.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(&self.key);
        map.insert(id.as_str().to_owned(), self.ip);
        self.bound = true;
    }
}

impl Drop for EngineTicket {
    fn drop(&mut self) {
        if !self.bound {
            let mut map = self.engines.lock().unwrap_or_else(|p| p.into_inner());
            map.remove(&self.key);
        }
    }
}

/// The prefix of an engine seat reserved for a game not yet created.
const PENDING: &str = "pending ";

fn too_many(refusal: HallRefusal, wait: Duration) -> ApiError {
    let mut e = ApiError::hall(StatusCode::TOO_MANY_REQUESTS, "rate_limited", refusal);
    e.retry_after_s = Some(wait.as_secs().max(1));
    e
}

impl Shield {
    /// A shield with these limits.
    pub fn new(limits: Limits) -> Shield {
        Shield {
            creates: Buckets::new(limits.create_per_min, limits.create_burst),
            bad_tokens: Buckets::new(limits.bad_tokens_per_min, limits.bad_tokens_per_min),
            limits,
            conns: Arc::default(),
            sockets: Arc::default(),
            engines: Arc::default(),
            reservations: AtomicU64::new(0),
        }
    }

    /// One game created by `ip`, or 429 with when to retry.
    pub fn create(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.creates
            .take(ip)
            .map_err(|wait| too_many(HallRefusal::TooManyGames, wait))
    }

    /// Refuses, before any database read, an address that sent too many
    /// tokens no game has.
    pub fn token_gate(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.bad_tokens
            .peek(ip)
            .map_err(|wait| too_many(HallRefusal::TooManyUnknownTokens, wait))
    }

    /// Counts a request whose token no game has (or whose game does not exist).
    pub fn token_unknown(&self, ip: IpAddr) {
        let _ = self.bad_tokens.take(ip);
    }

    /// A connection from `ip`, or `None` when it holds too many (the
    /// proxy's own address is not counted when it is trusted).
    pub fn connection(&self, ip: IpAddr) -> Option<Slot> {
        let per = if self.limits.trust_proxy {
            usize::MAX
        } else {
            self.limits.conns_per_client
        };
        self.conns.acquire(ip, per, self.limits.conns_total)
    }

    /// A WebSocket for `ip`, or 429 when it holds too many.
    pub fn socket(&self, ip: IpAddr) -> Result<Slot, ApiError> {
        self.sockets
            .acquire(ip, self.limits.sockets_per_client, usize::MAX)
            .ok_or_else(|| {
                let most = self.limits.sockets_per_client;
                too_many(HallRefusal::Sockets { most }, Duration::from_secs(5))
            })
    }

    /// Reserves an engine seat for a game `ip` creates: 429 when the
    /// address has its share live, 503 when the instance has.
    /// Without a limit nothing is counted (`None`).
    pub async fn engine_seat(
        &self,
        hall: &Hall,
        ip: IpAddr,
    ) -> Result<Option<EngineTicket>, ApiError> {
        if self.limits.engines_per_client == usize::MAX && self.limits.engines_total == usize::MAX {
            return Ok(None);
        }
        self.forget_ended(hall).await;
        let mut map = self.engines.lock().unwrap_or_else(|p| p.into_inner());
        let mine = map.values().filter(|a| **a == ip).count();
        if mine >= self.limits.engines_per_client {
            let refusal = HallRefusal::EnginesOfClient { live: mine };
            return Err(too_many(refusal, Duration::from_secs(30)));
        }
        if map.len() >= self.limits.engines_total {
            let refusal = HallRefusal::EnginesOfHall { live: map.len() };
            let mut e = ApiError::hall(StatusCode::SERVICE_UNAVAILABLE, "unavailable", refusal);
            e.retry_after_s = Some(30);
            return Err(e);
        }
        let n = self.reservations.fetch_add(1, Ordering::Relaxed);
        let key = format!("{PENDING}{n}");
        map.insert(key.clone(), ip);
        Ok(Some(EngineTicket {
            key,
            ip,
            engines: self.engines.clone(),
            bound: false,
        }))
    }

    /// Gives back the engine seats of games that ended.
    async fn forget_ended(&self, hall: &Hall) {
        let ids: Vec<String> = {
            let map = self.engines.lock().unwrap_or_else(|p| p.into_inner());
            map.keys()
                .filter(|k| !k.starts_with(PENDING))
                .cloned()
                .collect()
        };
        for key in ids {
            let live = match key.parse::<GameId>() {
                Ok(id) => match hall.store().game(&id).await {
                    Ok(g) => g.status == Status::Live,
                    Err(_) => false,
                },
                Err(_) => false,
            };
            if !live {
                let mut map = self.engines.lock().unwrap_or_else(|p| p.into_inner());
                map.remove(&key);
            }
        }
    }

    /// The client's address for a request from `peer`.
    pub fn client_of(&self, headers: &HeaderMap, peer: Option<SocketAddr>) -> IpAddr {
        let direct = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.ip());
        if !self.limits.trust_proxy {
            return direct;
        }
        headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .next_back()
            .unwrap_or(direct)
    }

    /// Whether a WebSocket request's `Origin` is the hall's own (the
    /// authority of `Host`, or the forwarded host behind a trusted proxy)
    /// or one allowed; a request without `Origin` (no browser sends one) is
    /// accepted.
    pub fn origin_ok(&self, headers: &HeaderMap) -> bool {
        let Some(origin) = headers.get(header::ORIGIN) else {
            return true;
        };
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        let origin = origin.trim().trim_end_matches('/');
        if self
            .limits
            .allowed_origins
            .iter()
            .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
        {
            return true;
        }
        let host = if self.limits.trust_proxy {
            headers
                .get("x-forwarded-host")
                .or_else(|| headers.get(header::HOST))
        } else {
            headers.get(header::HOST)
        };
        let Some(host) = host.and_then(|h| h.to_str().ok()) else {
            return false;
        };
        authority_of(origin).is_some_and(|a| same_authority(&a, host))
    }
}

/// The `host[:port]` of an origin `scheme://host[:port]`, the scheme's
/// default port removed.
fn authority_of(origin: &str) -> Option<String> {
    let (scheme, rest) = origin.split_once("://")?;
    let rest = rest.to_ascii_lowercase();
    let default = match scheme.to_ascii_lowercase().as_str() {
        "http" => ":80",
        "https" => ":443",
        _ => return None,
    };
    Some(rest.strip_suffix(default).unwrap_or(&rest).to_owned())
}

fn same_authority(origin: &str, host: &str) -> bool {
    let host = host.trim().to_ascii_lowercase();
    let host = host
        .strip_suffix(":80")
        .or_else(|| host.strip_suffix(":443"))
        .unwrap_or(&host);
    origin == host
}

/// Whether a request may carry its body: JSON (`application/json`, or a
/// `+json` type), or no body and no type at all (`curl -X POST`).
fn json_body_ok(req: &Request) -> bool {
    let Some(kind) = req.headers().get(header::CONTENT_TYPE) else {
        let empty = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() == "0");
        let chunked = req.headers().contains_key(header::TRANSFER_ENCODING);
        return !chunked && (empty || !req.headers().contains_key(header::CONTENT_LENGTH));
    };
    let essence = kind
        .to_str()
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The hardening headers every answer carries.
fn harden(headers: &mut HeaderMap) {
    let set = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    for (name, value) in set {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

/// The guard in front of every route.
pub(crate) async fn front(shield: Arc<Shield>, mut req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0);
    let ip = shield.client_of(req.headers(), peer);
    req.extensions_mut().insert(ClientIp(ip));
    let api = req.uri().path().starts_with("/api/");
    let with_body = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    let lex = crate::lang::of_request(req.headers());
    let mut answer = if api && with_body && !json_body_ok(&req) {
        let refusal = HallRefusal::NotJson;
        ApiError::hall(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            refusal,
        )
        .into_response()
    } else {
        next.run(req).await
    };
    if api {
        answer = crate::error::json_refusals(answer).await;
    }
    // A typed refusal is worded in the request's language.
    if let Some(crate::error::Typed(e)) = answer.extensions_mut().remove() {
        answer = e.in_lang(lex).into_response_unlogged();
    }
    harden(answer.headers_mut());
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).expect("header"));
        }
        h
    }

    #[test]
    fn the_origin_must_be_the_halls_own_or_allowed() {
        let s = Shield::new(Limits {
            allowed_origins: vec!["https://club.example".into()],
            ..Limits::default()
        });
        let host = ("host", "127.0.0.1:8080");
        assert!(s.origin_ok(&headers(&[host])));
        assert!(s.origin_ok(&headers(&[host, ("origin", "http://127.0.0.1:8080")])));
        assert!(s.origin_ok(&headers(&[host, ("origin", "https://club.example/")])));
        assert!(!s.origin_ok(&headers(&[host, ("origin", "http://evil.example")])));
        assert!(!s.origin_ok(&headers(&[host, ("origin", "null")])));
        assert!(!s.origin_ok(&headers(&[host, ("origin", "http://127.0.0.1:9090")])));
        let web = [
            ("host", "hall.example"),
            ("origin", "https://hall.example:443"),
        ];
        assert!(s.origin_ok(&headers(&web)));
    }

    #[test]
    fn the_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let h = headers(&[("x-forwarded-for", "10.0.0.9, 203.0.113.7")]);
        let peer = Some(SocketAddr::from(([127, 0, 0, 1], 5000)));
        let direct = Shield::new(Limits::default());
        assert_eq!(direct.client_of(&h, peer), IpAddr::from([127, 0, 0, 1]));
        let proxied = Shield::new(Limits {
            trust_proxy: true,
            ..Limits::default()
        });
        assert_eq!(proxied.client_of(&h, peer), IpAddr::from([203, 0, 113, 7]));
        assert_eq!(
            proxied.client_of(&HeaderMap::new(), peer),
            IpAddr::from([127, 0, 0, 1])
        );
    }
}
