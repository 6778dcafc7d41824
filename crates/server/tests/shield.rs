//! A stranger cannot exhaust the hall, and a browser cannot be turned
//! against it: the limits per client address (127.0.0.x are different
//! clients), the header-read timeout under a slowloris, the hardening
//! headers, JSON bodies only, the WebSocket's origin, paging of the list,
//! and the arbiter's token that plays for nobody online. Requests are
//! written by hand on sockets bound to chosen loopback addresses.

mod common;

use arbiter_server::{Limits, launch_with};
use arbiter_store::Store;
use common::Db;
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};

/// An answer read off the wire.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

fn ip(last: u8) -> IpAddr {
    IpAddr::from([127, 0, 0, last])
}

async fn connect(from: IpAddr, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::new(from, 0)).expect("bind");
    socket.connect(to).await.expect("connect")
}

/// One request on its own connection (`Connection: close`), from `from`.
async fn request(
    to: SocketAddr,
    from: IpAddr,
    head: &str,
    extra: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut s = connect(from, to).await;
    let mut text = format!("{head} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n");
    for (k, v) in extra {
        text.push_str(&format!("{k}: {v}\r\n"));
    }
    text.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    s.write_all(text.as_bytes()).await.expect("write");
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut raw)).await;
    parse(&String::from_utf8_lossy(&raw))
}

fn parse(raw: &str) -> Answer {
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((raw, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_owned()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

const JSON: (&str, &str) = ("Content-Type", "application/json");

async fn create(to: SocketAddr, from: IpAddr, body: Value) -> Answer {
    request(to, from, "POST /api/games", &[JSON], &body.to_string()).await
}

async fn hall(limits: Limits) -> (arbiter_server::Running, Db) {
    let db = Db::sqlite();
    let store = Store::connect(&db.url()).await.expect("store");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("listen");
    let running = launch_with(listener, store, limits).await.expect("launch");
    (running, db)
}

const PEOPLE: &str = r#"{"white":"human","black":"human"}"#;

#[tokio::test]
async fn creating_games_is_limited_per_address_with_retry_after() {
    let (h, _db) = hall(Limits::default()).await;
    let people: Value = serde_json::from_str(PEOPLE).expect("json");
    for n in 0..20 {
        let a = create(h.addr, ip(2), people.clone()).await;
        assert_eq!(a.status, 201, "game {n}: {}", a.body);
    }
    let refused = create(h.addr, ip(2), people.clone()).await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert_eq!(refused.json()["error"], "rate_limited", "{}", refused.body);
    let wait: u64 = refused
        .header("retry-after")
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!((1..=6).contains(&wait), "{wait}");
    // The hall's own refusals are worded in the request's language too.
    let body = PEOPLE;
    let ru = request(
        h.addr,
        ip(2),
        "POST /api/games",
        &[JSON, ("Accept-Language", "ru")],
        body,
    )
    .await;
    assert_eq!(
        (ru.status, ru.json()["error"].clone()),
        (429, json!("rate_limited"))
    );
    let reason = ru.json()["reason"].as_str().unwrap_or("").to_owned();
    assert!(reason.contains("партий"), "{reason}");
    let de = request(
        h.addr,
        ip(2),
        "POST /api/games",
        &[("Content-Type", "text/plain"), ("Accept-Language", "de")],
        body,
    )
    .await;
    assert_eq!(de.status, 415);
    assert!(
        de.json()["reason"]
            .as_str()
            .unwrap_or("")
            .contains("muss JSON sein"),
        "{}",
        de.body
    );
    // Another loopback address is another client.
    assert_eq!(create(h.addr, ip(3), people).await.status, 201);
}

#[tokio::test]
async fn unknown_tokens_are_limited_per_address() {
    let (h, _db) = hall(Limits::default()).await;
    let g = create(h.addr, ip(4), serde_json::from_str(PEOPLE).expect("json"))
        .await
        .json();
    let id = g["id"].as_str().expect("id").to_owned();
    let post = |from: IpAddr, token: String| {
        let head = format!("POST /api/games/{id}/events");
        async move {
            let auth = format!("Bearer {token}");
            let body = json!({"type": "move", "move": "e4"}).to_string();
            request(
                h.addr,
                from,
                &head,
                &[JSON, ("Authorization", &auth)],
                &body,
            )
            .await
        }
    };
    for n in 0..30 {
        let a = post(ip(5), format!("forged{n}")).await;
        assert_eq!(a.status, 403, "{}", a.body);
    }
    let a = post(ip(5), "forged-again".into()).await;
    assert_eq!(a.status, 429, "{}", a.body);
    assert!(a.header("retry-after").is_some());
    // Even the right token waits from this address; another goes on.
    let white = g["white_token"].as_str().expect("token").to_owned();
    assert_eq!(post(ip(5), white.clone()).await.status, 429);
    assert_eq!(post(ip(6), white).await.status, 200);
}

#[tokio::test]
async fn engine_seats_are_limited_per_address_and_per_instance_and_come_back() {
    let limits = Limits {
        engines_total: 3,
        ..Limits::default()
    };
    let (h, _db) = hall(limits).await;
    // Tavreli: the engine is in the process; Black's seat waits for White.
    let engine = json!({"variant": "tavreli", "white": "human", "black": "engine", "engine_movetime_ms": 60000, "engine_level": 1});
    let first = create(h.addr, ip(7), engine.clone()).await;
    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(create(h.addr, ip(7), engine.clone()).await.status, 201);
    let third = create(h.addr, ip(7), engine.clone()).await;
    assert_eq!(third.status, 429, "{}", third.body);
    assert!(
        third.json()["reason"]
            .as_str()
            .unwrap_or("")
            .contains("engine")
    );
    assert_eq!(create(h.addr, ip(8), engine.clone()).await.status, 201);
    let full = create(h.addr, ip(9), engine.clone()).await;
    assert_eq!(full.status, 503, "{}", full.body);
    // The engine's time per move is cut to the cap.
    let id = first.json()["id"].as_str().expect("id").to_owned();
    let shown = request(h.addr, ip(7), &format!("GET /api/games/{id}"), &[], "").await;
    assert_eq!(
        shown.json()["engines"]["black"]["engine_movetime_ms"],
        10_000,
        "{}",
        shown.body
    );
    // A game that ends gives its seat back: White moves (the clock starts,
    // the engine thinks) and resigns.
    let white = format!(
        "Bearer {}",
        first.json()["white_token"].as_str().expect("token")
    );
    let path = format!("POST /api/games/{id}/events");
    for body in [r#"{"type":"move","move":"e2-e3"}"#, r#"{"type":"resign"}"#] {
        let a = request(
            h.addr,
            ip(7),
            &path,
            &[JSON, ("Authorization", &white)],
            body,
        )
        .await;
        assert_eq!(a.status, 200, "{body}: {}", a.body);
    }
    assert_eq!(create(h.addr, ip(7), engine).await.status, 201);
}

/// Whether the server closed `s` within `within` (a read gives 0 or fails).
async fn closed(s: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test]
async fn a_slowloris_is_cut_and_health_answers_meanwhile() {
    let limits = Limits {
        header_timeout: Duration::from_secs(2),
        ..Limits::default()
    };
    let (h, _db) = hall(limits).await;
    // 200 connections from four addresses: nothing, half a request line,
    // partial headers.
    let mut idle = Vec::new();
    for n in 0..200u32 {
        let mut s = connect(ip(20 + (n % 4) as u8), h.addr).await;
        let part: &[u8] = match n % 3 {
            0 => b"",
            1 => b"GET /api/hea",
            _ => b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ",
        };
        s.write_all(part).await.expect("write");
        idle.push(s);
    }
    let started = Instant::now();
    let health = request(h.addr, ip(1), "GET /api/health", &[], "").await;
    assert_eq!(health.status, 200);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // The header-read timeout closes every one of them.
    for (n, s) in idle.iter_mut().enumerate() {
        assert!(
            closed(s, Duration::from_secs(6)).await,
            "connection {n} still open"
        );
    }
}

#[tokio::test]
async fn connections_per_address_are_capped_and_idle_keep_alive_is_closed() {
    let limits = Limits {
        header_timeout: Duration::from_secs(2),
        ..Limits::default()
    };
    let (h, _db) = hall(limits).await;
    let mut held = Vec::new();
    for _ in 0..64 {
        held.push(connect(ip(30), h.addr).await);
    }
    let mut over = connect(ip(30), h.addr).await;
    assert!(
        closed(&mut over, Duration::from_millis(1500)).await,
        "the 65th stays open"
    );
    let other = request(h.addr, ip(31), "GET /api/health", &[], "").await;
    assert_eq!(other.status, 200);
    drop(held);
    // A keep-alive connection that answered once and then idles is closed.
    let mut s = connect(ip(32), h.addr).await;
    let req = format!("GET /api/health HTTP/1.1\r\nHost: {}\r\n\r\n", h.addr);
    s.write_all(req.as_bytes()).await.expect("write");
    let mut buf = [0u8; 2048];
    let n = s.read(&mut buf).await.expect("read");
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    assert!(
        closed(&mut s, Duration::from_secs(6)).await,
        "idle keep-alive stays open"
    );
}

const UPGRADE: [(&str, &str); 4] = [
    ("Upgrade", "websocket"),
    ("Connection", "Upgrade"),
    ("Sec-WebSocket-Version", "13"),
    ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
];

/// Opens a WebSocket by hand; the status and the socket, kept open.
async fn upgrade(
    to: SocketAddr,
    from: IpAddr,
    path: &str,
    origin: Option<&str>,
) -> (u16, TcpStream) {
    let mut s = connect(from, to).await;
    let mut text = format!("GET {path} HTTP/1.1\r\nHost: {to}\r\n");
    for (k, v) in UPGRADE {
        text.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(o) = origin {
        text.push_str(&format!("Origin: {o}\r\n"));
    }
    text.push_str("\r\n");
    s.write_all(text.as_bytes()).await.expect("write");
    let mut buf = [0u8; 1024];
    let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut buf))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or(0);
    (parse(&String::from_utf8_lossy(&buf[..n])).status, s)
}

#[tokio::test]
async fn websockets_check_the_origin_and_are_capped_per_address() {
    let limits = Limits {
        sockets_per_client: 2,
        ..Limits::default()
    };
    let (h, _db) = hall(limits).await;
    let g = create(h.addr, ip(40), serde_json::from_str(PEOPLE).expect("json"))
        .await
        .json();
    let path = format!("/api/games/{}/ws", g["id"].as_str().expect("id"));
    let own = format!("http://{}", h.addr);
    let (evil, _) = upgrade(h.addr, ip(41), &path, Some("http://evil.example")).await;
    assert_eq!(evil, 403);
    let (a, _a) = upgrade(h.addr, ip(41), &path, Some(&own)).await;
    let (b, _b) = upgrade(h.addr, ip(41), &path, None).await;
    assert_eq!((a, b), (101, 101));
    let (c, _c) = upgrade(h.addr, ip(41), &path, None).await;
    assert_eq!(c, 429);
    let (d, _d) = upgrade(h.addr, ip(42), &path, None).await;
    assert_eq!(d, 101);
}

#[tokio::test]
async fn every_answer_is_hardened_and_bodies_must_be_json() {
    let (h, _db) = hall(Limits::default()).await;
    for path in ["/", "/api/health", "/api/nothing", "/assets/common.js"] {
        let a = request(h.addr, ip(50), &format!("GET {path}"), &[], "").await;
        let csp = a.header("content-security-policy").unwrap_or("");
        assert!(
            csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"),
            "{path}: {csp}"
        );
        let scripts = csp
            .split(';')
            .find(|d| d.trim().starts_with("script-src"))
            .unwrap_or("");
        assert!(!scripts.contains("unsafe"), "{csp}");
        assert_eq!(a.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(
            a.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(a.header("referrer-policy"), Some("no-referrer"), "{path}");
    }
    // A cross-site form sends text/plain or a form type: refused, in JSON.
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let a = request(
            h.addr,
            ip(51),
            "POST /api/games",
            &[("Content-Type", kind)],
            PEOPLE,
        )
        .await;
        assert_eq!(a.status, 415, "{kind}: {}", a.body);
        assert_eq!(a.json()["error"], "unsupported_media_type", "{}", a.body);
    }
    let typeless = request(h.addr, ip(51), "POST /api/games", &[], PEOPLE).await;
    assert_eq!(typeless.status, 415, "{}", typeless.body);
    // JSON, with a charset, or no body at all (`curl -X POST`), is taken.
    let ok = request(
        h.addr,
        ip(51),
        "POST /api/games",
        &[("Content-Type", "application/json; charset=utf-8")],
        PEOPLE,
    )
    .await;
    assert_eq!(ok.status, 201, "{}", ok.body);
    let empty = request(h.addr, ip(51), "POST /api/games", &[], "").await;
    assert_eq!(empty.status, 201, "{}", empty.body);
}

#[tokio::test]
async fn the_list_pages_with_a_link_to_the_next() {
    let (h, _db) = hall(Limits::default()).await;
    let mut made = Vec::new();
    for _ in 0..5 {
        let g = create(h.addr, ip(60), serde_json::from_str(PEOPLE).expect("json")).await;
        made.push(g.json()["id"].as_str().expect("id").to_owned());
    }
    let mut seen = Vec::new();
    let mut next = Some("/api/games?status=live&limit=2".to_owned());
    let mut pages = 0;
    while let Some(path) = next.take() {
        let a = request(h.addr, ip(60), &format!("GET {path}"), &[], "").await;
        assert_eq!(a.status, 200, "{}", a.body);
        let rows = a.json();
        let rows = rows.as_array().expect("the body stays an array");
        assert!(rows.len() <= 2);
        seen.extend(
            rows.iter()
                .map(|r| r["id"].as_str().unwrap_or("").to_owned()),
        );
        next = a.header("link").map(|l| {
            assert!(
                l.ends_with("rel=\"next\"") && l.contains("status=live") && l.contains("limit=2"),
                "{l}"
            );
            l[1..l.find('>').expect(">")].to_owned()
        });
        pages += 1;
    }
    let all = request(h.addr, ip(60), "GET /api/games", &[], "").await;
    let listed: Vec<String> = all
        .json()
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| r["id"].as_str().unwrap_or("").to_owned())
        .collect();
    assert!(all.header("link").is_none());
    // The pages give the whole list's order, each game once. Games made in
    // the same millisecond are ordered by id, not by the order they were
    // made in, so the set made is compared as a set.
    assert_eq!((pages, &seen), (3, &listed));
    let (mut seen, mut made) = (seen, made);
    seen.sort();
    made.sort();
    assert_eq!(seen, made);
}

async fn event(h: SocketAddr, id: &str, token: &str, body: Value) -> Answer {
    let auth = format!("Bearer {token}");
    request(
        h,
        ip(70),
        &format!("POST /api/games/{id}/events"),
        &[JSON, ("Authorization", &auth)],
        &body.to_string(),
    )
    .await
}

#[tokio::test]
async fn the_arbiters_token_plays_for_nobody_online_and_records_over_the_board() {
    let (h, _db) = hall(Limits::default()).await;
    let g = create(h.addr, ip(70), serde_json::from_str(PEOPLE).expect("json"))
        .await
        .json();
    let (id, arbiter) = (
        g["id"].as_str().expect("id"),
        g["arbiter_token"].as_str().expect("token"),
    );
    for body in [
        json!({"type": "move", "move": "e4", "side": "white"}),
        json!({"type": "offer_draw", "side": "white"}),
        json!({"type": "resign", "side": "black"}),
        json!({"type": "claim", "claim": "threefold", "side": "white"}),
    ] {
        let a = event(h.addr, id, arbiter, body.clone()).await;
        assert_eq!(a.status, 403, "{body}: {}", a.body);
        assert!(
            a.json()["reason"].as_str().unwrap_or("").contains("online"),
            "{}",
            a.body
        );
    }
    // The arbiter's own actions stay his.
    let pause = event(
        h.addr,
        id,
        arbiter,
        json!({"type": "arbiter", "action": "pause"}),
    )
    .await;
    assert_ne!(pause.status, 403, "{}", pause.body);
    // Over the board the arbiter records the moves played at the board.
    let otb = json!({"kind": "over_the_board", "white": "human", "black": "human"});
    let g = create(h.addr, ip(70), otb).await.json();
    let (id, arbiter) = (
        g["id"].as_str().expect("id"),
        g["arbiter_token"].as_str().expect("token"),
    );
    let a = event(
        h.addr,
        id,
        arbiter,
        json!({"type": "arbiter", "action": "start"}),
    )
    .await;
    let _ = a;
    let a = event(
        h.addr,
        id,
        arbiter,
        json!({"type": "move", "move": "e4", "side": "white"}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
}

/// Whether an answer is the hall's JSON error with this status.
fn json_error(a: &Answer, status: u16, what: &str) {
    assert_eq!(a.status, status, "{what}: {}", a.body);
    let kind = a.header("content-type").unwrap_or("");
    assert!(
        kind.starts_with("application/json"),
        "{what}: {kind} {}",
        a.body
    );
    let v = a.json();
    assert!(
        v["error"].is_string() && v["reason"].is_string(),
        "{what}: {}",
        a.body
    );
}

/// Every `/api` route of the OpenAPI document (the page's own included) is
/// walked with a wrong method, a body that is not JSON and a malformed
/// body: each refusal is the documented JSON error.
#[tokio::test]
async fn every_api_refusal_is_json() {
    let (h, _db) = hall(Limits::unlimited()).await;
    let g = create(h.addr, ip(80), serde_json::from_str(PEOPLE).expect("json"))
        .await
        .json();
    let id = g["id"].as_str().expect("id").to_owned();
    let auth = format!("Bearer {}", g["white_token"].as_str().expect("token"));
    let doc = request(h.addr, ip(80), "GET /api/openapi.json", &[], "")
        .await
        .json();
    let paths = doc["paths"].as_object().expect("paths");
    for page in [
        "/api/describe",
        "/api/board",
        "/api/record",
        "/api/lowtime",
        "/api/help/{lang}",
    ] {
        assert!(
            paths.contains_key(page),
            "{page} is not in the OpenAPI document"
        );
    }
    let mut walked = 0;
    for (template, ops) in paths {
        let path = template.replace("{id}", &id).replace("{lang}", "en");
        let posts = ops.get("post").is_some();
        // A route that takes both POST and DELETE (a tournament's byes) is
        // asked with PUT.
        let wrong = if posts && ops.get("delete").is_none() {
            "DELETE"
        } else {
            "PUT"
        };
        let a = request(h.addr, ip(80), &format!("{wrong} {path}"), &[JSON], "{}").await;
        json_error(&a, 405, &format!("{wrong} {template}"));
        assert!(ops.get(wrong.to_ascii_lowercase()).is_none());
        if !posts {
            continue;
        }
        let with = |kind: &'static str| [("Content-Type", kind), ("Authorization", auth.as_str())];
        let a = request(
            h.addr,
            ip(80),
            &format!("POST {path}"),
            &with("text/plain"),
            "{}",
        )
        .await;
        json_error(&a, 415, &format!("text/plain to {template}"));
        for body in ["{", "[1,2]", "\"x\""] {
            let a = request(
                h.addr,
                ip(80),
                &format!("POST {path}"),
                &with("application/json"),
                body,
            )
            .await;
            // Refused (a route may refuse on its resource or its state
            // before it reads the body), never served, and always in JSON.
            assert!(
                (400..500).contains(&a.status),
                "{template} {body}: {} {}",
                a.status,
                a.body
            );
            json_error(&a, a.status, &format!("{body} to {template}"));
        }
        walked += 1;
    }
    assert!(walked >= 6, "{walked} routes with a body");
    // A query that cannot be read, and a route that does not exist.
    let a = request(h.addr, ip(80), "GET /api/games?limit=many", &[], "").await;
    json_error(&a, 400, "limit=many");
    let a = request(h.addr, ip(80), "GET /api/nothing/here", &[], "").await;
    json_error(&a, 404, "no route");
}

/// A move refused by the Laws, answered in the language the request asks.
async fn refused_move(h: SocketAddr, id: &str, token: &str, text: &str, lang: &str) -> String {
    let auth = format!("Bearer {token}");
    let body = json!({"type": "move", "move": text}).to_string();
    let head = format!("POST /api/games/{id}/events");
    let extra = [
        JSON,
        ("Authorization", auth.as_str()),
        ("Accept-Language", lang),
    ];
    let a = request(h, ip(90), &head, &extra, &body).await;
    assert_eq!(a.status, 409, "{text} in {lang}: {}", a.body);
    assert_eq!(a.json()["error"], "refused");
    a.json()["reason"].as_str().unwrap_or("").to_owned()
}

#[tokio::test]
async fn refusals_are_in_the_requests_language_with_candidates_only_when_ambiguous() {
    let (h, _db) = hall(Limits::unlimited()).await;
    let g = create(h.addr, ip(90), serde_json::from_str(PEOPLE).expect("json"))
        .await
        .json();
    let id = g["id"].as_str().expect("id");
    let (white, black) = (
        g["white_token"].as_str().expect("token"),
        g["black_token"].as_str().expect("token"),
    );
    let e4 = event(h.addr, id, white, json!({"type": "move", "move": "e4"})).await;
    assert_eq!(e4.status, 200, "{}", e4.body);
    let ru = refused_move(h.addr, id, black, "d4", "ru-RU,ru;q=0.9,en;q=0.5").await;
    assert!(ru.contains("Невозможный ход") && ru.contains("d4"), "{ru}");
    let de = refused_move(h.addr, id, black, "d4", "de").await;
    assert!(de.contains("Regelwidriger Zug"), "{de}");
    let en = refused_move(h.addr, id, black, "d4", "fr").await;
    assert!(en.starts_with("Illegal move"), "{en}");
    // "d4" fits no legal move: no list of every pawn move of Black's.
    for text in [&ru, &de, &en] {
        assert!(
            !text.contains("d5") && !text.contains("d6") && !text.contains("a6"),
            "{text}"
        );
    }
    // Two knights reach d2: the moves it fits are named, where they help.
    let start =
        json!({"white": "human", "black": "human", "start": "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"});
    let g = create(h.addr, ip(90), start).await.json();
    let id = g["id"].as_str().expect("id");
    let (white, black) = (
        g["white_token"].as_str().expect("token"),
        g["black_token"].as_str().expect("token"),
    );
    for (token, text) in [(white, "Ke2"), (black, "Kd8")] {
        let a = event(h.addr, id, token, json!({"type": "move", "move": text})).await;
        assert_eq!(a.status, 200, "{text}: {}", a.body);
    }
    let ru = refused_move(h.addr, id, white, "Nd2", "ru").await;
    assert!(
        ru.contains("возможные ходы") && ru.contains("bd2") && ru.contains("fd2"),
        "{ru}"
    );
    let en = refused_move(h.addr, id, white, "Nd2", "en").await;
    assert!(
        en.contains("fits several moves") && en.contains("Nbd2") && en.contains("Nfd2"),
        "{en}"
    );
}
