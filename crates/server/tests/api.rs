//! The HTTP contract, action by action and refusal by refusal, on SQLite and
//! on PostgreSQL: both must give the same transcript.

mod common;

use arbiter_chess::Chess;
use arbiter_laws::log::{Header, parse_log};
use arbiter_laws::replay::{new_game, replay, report};
use arbiter_server::client::HttpClient;
use common::*;
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// The keys of `arbiter replay --json`, from the Laws' own report.
fn report_keys() -> BTreeSet<String> {
    let game = new_game(Chess::default(), &Header::new("a", "b", Some("60+0"))).expect("game");
    let v = serde_json::to_value(report(&game, Vec::new())).expect("json");
    v.as_object().expect("object").keys().cloned().collect()
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default()
}

/// One line of the transcript: what a step answered, without ids, tokens
/// and clock readings (which depend on the moment).
fn line(step: &str, status: u16, v: &Value) -> String {
    let st = &v["state"];
    format!(
        "{step}: {status} {} moves={} result={} illegal={} penalties={}",
        v["error"],
        st["moves"],
        st["result"],
        st["illegal_moves"],
        st["penalties"].as_array().map_or(0, Vec::len)
    )
}

/// The documented error body: `{"error": WORD, "reason": TEXT}`, nothing else.
fn assert_json_error(text: &str, word: &str) {
    let v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    assert_eq!(v["error"], json!(word), "{text}");
    assert!(!s(&v, "reason").is_empty(), "{text}");
    assert_eq!(keys(&v).len(), 2, "{text}");
}

/// Refusals the framework makes before a handler runs answer in JSON too.
async fn framework_refusals(c: &HttpClient, t: &mut Vec<String>) {
    let g = create(c, json!({"black": "human"})).await;
    let (id, w) = (s(&g, "id"), s(&g, "white_token"));
    let cases: [(&str, String, u16, &str); 7] = [
        (
            "GET",
            format!("/api/games/{id}/events"),
            405,
            "method_not_allowed",
        ),
        (
            "DELETE",
            format!("/api/games/{id}"),
            405,
            "method_not_allowed",
        ),
        ("PUT", "/api/games".into(), 405, "method_not_allowed"),
        ("GET", "/api/no/such/route".into(), 404, "not_found"),
        (
            "GET",
            format!("/api/games/{id}/ws?since=soon"),
            400,
            "malformed",
        ),
        // A plain GET, not a WebSocket upgrade.
        (
            "GET",
            format!("/api/games/{id}/ws?token={w}"),
            400,
            "malformed",
        ),
        (
            "GET",
            "/api/games?status=1&status=2".into(),
            400,
            "malformed",
        ),
    ];
    for (method, path, status, word) in cases {
        let (st, text) = c.call(method, &path, None, None).await.expect("call");
        assert_eq!(st, status, "{method} {path}: {text}");
        assert_json_error(&text, word);
        t.push(format!(
            "{method} {}: {st} {word}",
            path.replace(id, "ID").replace(w, "TOKEN")
        ));
    }
}

/// An engine seat shows the level it plays at: the one asked for, else the
/// default `arbiter play` has, from the one table both read; a level
/// outside the variant's range is refused as `arbiter play --level` is.
async fn engine_levels(c: &HttpClient, default_game: &str) {
    use arbiter_session::any::defaults;
    let get = |id: String| async move {
        let (st, v) = c
            .json("GET", &format!("/api/games/{id}"), None, None)
            .await
            .expect("get");
        assert_eq!(st, 200, "{v}");
        v
    };
    let shown = get(default_game.to_string()).await;
    let chess = defaults(arbiter_rules::Variant::Chess);
    assert_eq!(
        shown["engines"],
        json!({"black": {"engine_level": chess.level, "engine_movetime_ms": chess.movetime_ms}})
    );
    let tavreli = defaults(arbiter_rules::Variant::Tavreli);
    for (body, level) in [
        (
            json!({"engine_level": 3, "white": "engine", "black": "human"}),
            3,
        ),
        (json!({"variant": "tavreli"}), tavreli.level),
    ] {
        let g = create(c, body.clone()).await;
        let shown = get(s(&g, "id").to_string()).await;
        let seat = if body["white"] == "engine" {
            "white"
        } else {
            "black"
        };
        assert_eq!(
            shown["engines"][seat]["engine_level"],
            json!(level),
            "{body}"
        );
        assert_eq!(keys(&shown["engines"]).len(), 1, "{shown}");
    }
    for (variant, top) in [
        ("chess", *chess.levels.end()),
        ("tavreli", *tavreli.levels.end()),
    ] {
        for bad in [0, top + 1] {
            let body = json!({"variant": variant, "engine_level": bad});
            let (st, v) = c
                .json("POST", "/api/games", None, Some(&body))
                .await
                .expect("post");
            assert_eq!(st, 400, "{body} -> {v}");
            assert!(s(&v, "reason").contains(&format!("1 to {top}")), "{v}");
        }
    }
    let (st, v) = c
        .json("POST", "/api/games", None, Some(&json!({"variant": "go"})))
        .await
        .expect("post");
    assert_eq!(st, 400, "{v}");
    assert!(s(&v, "reason").contains("unknown variant"), "{v}");
}

async fn creation(c: &HttpClient, t: &mut Vec<String>) {
    let (st, v) = c
        .json("GET", "/api/health", None, None)
        .await
        .expect("health");
    assert_eq!((st, v.clone()), (200, json!({"ok": true})));
    t.push(format!("health {st} {v}"));
    // Defaults: human (White) against the engine: Black's token and link are null.
    let d = create(c, json!({})).await;
    let want: BTreeSet<String> = [
        "id",
        "white_token",
        "black_token",
        "arbiter_token",
        "white_url",
        "black_url",
        "arbiter_url",
        "watch_url",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(keys(&d), want);
    assert!(
        d["black_token"].is_null() && d["black_url"].is_null(),
        "{d}"
    );
    assert!(s(&d, "white_token").len() >= 22, "128 bits or more");
    assert!(s(&d, "white_url").contains(s(&d, "white_token")));
    let otb = create(c, json!({"kind": "over_the_board", "black": "human"})).await;
    assert!(otb["black_token"].is_string());
    // Each invitation names its seat, so the player lands on his side; the
    // arbiter's link has none (he sits at neither side).
    for (g, seat) in [(&d, "white"), (&otb, "white"), (&otb, "black")] {
        let (id, token) = (s(g, "id"), s(g, &format!("{seat}_token")));
        assert_eq!(
            s(g, &format!("{seat}_url")),
            format!("/games/{id}?token={token}&seat={seat}")
        );
    }
    let id = s(&otb, "id");
    assert_eq!(
        s(&otb, "arbiter_url"),
        format!("/games/{id}/arbiter?token={}", s(&otb, "arbiter_token"))
    );
    // The link form without the seat still opens the game page.
    let (st, page) = c
        .call(
            "GET",
            &format!("/games/{id}?token={}", s(&otb, "black_token")),
            None,
            None,
        )
        .await
        .expect("page");
    assert!(st == 200 && page.contains("<html"), "{st}");
    t.push("invitations name their seats".into());
    engine_levels(c, s(&d, "id")).await;
    for (body, status) in [
        (json!({"edition": "1999"}), 400),
        (json!({"white": "robot"}), 400),
        (json!({"start": "8/8/8/8 w"}), 400),
        (json!({"kind": "over_the_board"}), 400),
        // A start the Laws have already ended (L-5.1a, L-5.2b): no move
        // could be made in it; the same wall with a way through is a game.
        (json!({"start": "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"}), 400),
        (
            json!({"start": "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"}),
            400,
        ),
        (
            json!({"start": "4k3/8/8/p1p1p1p1/P1P1P3/8/8/4K3 w - - 0 1"}),
            201,
        ),
    ] {
        let (st, v) = c
            .json("POST", "/api/games", None, Some(&body))
            .await
            .expect("post");
        assert_eq!(st, status, "{body} -> {v}");
        t.push(line(&format!("create {body}"), st, &v));
    }
    // A game without an edition is judged by its variant's own rules: the
    // 2023 Laws for chess, the Tavreli rules for
    // Tavreli, which may still name a FIDE edition; chess under the
    // Tavreli rules is refused.
    // The time control too: `arbiter play`'s, 900+10 for chess and the
    // Tavreli rules' own 5400d30 (a delay, art. 6.2) for Tavreli.
    for (body, edition, control) in [
        (json!({"black": "human"}), "2023", "900+10"),
        (
            json!({"variant": "tavreli", "black": "human"}),
            "tavreli",
            "5400d30",
        ),
        (
            json!({"variant": "tavreli", "black": "human", "edition": "2005", "time_control": "300+2"}),
            "2005",
            "300+2",
        ),
        (
            json!({"black": "human", "edition": "2017"}),
            "2017",
            "900+10",
        ),
    ] {
        let g = create(c, body.clone()).await;
        let (st, v) = c
            .json("GET", &format!("/api/games/{}", s(&g, "id")), None, None)
            .await
            .expect("show");
        assert_eq!((st, s(&v["state"], "edition")), (200, edition), "{body}");
        let (st, log) = c
            .call(
                "GET",
                &format!("/api/games/{}/log", s(&g, "id")),
                None,
                None,
            )
            .await
            .expect("log");
        let head: Value = serde_json::from_str(log.lines().next().unwrap_or("")).expect("header");
        assert_eq!((st, s(&head, "time_control")), (200, control), "{body}");
        t.push(format!("rules of {body}: {edition}, {control}"));
    }
    let body = json!({"black": "human", "edition": "tavreli"});
    let (st, v) = c
        .json("POST", "/api/games", None, Some(&body))
        .await
        .expect("post");
    assert_eq!(st, 400, "{v}");
    assert!(s(&v, "reason").contains("Tavreli tournament rules"), "{v}");
    t.push(line("chess under the Tavreli rules", st, &v));
    let (st, _) = c
        .call("POST", "/api/games", None, Some(b"{not json"))
        .await
        .expect("post");
    assert_eq!(st, 400);
    let big = format!("{{\"white_name\":\"{}\"}}", "x".repeat(20_000));
    let (st, text) = c
        .call("POST", "/api/games", None, Some(big.as_bytes()))
        .await
        .expect("post");
    assert_eq!(st, 413);
    assert_json_error(&text, "too_large");
    t.push(format!("oversized {st} {text}"));
}

/// Every refusal of `POST /events`.
async fn refusals(
    c: &HttpClient,
    id: &str,
    white: &str,
    black: &str,
    other: &str,
    t: &mut Vec<String>,
) {
    let path = format!("/api/games/{id}/events");
    let e4 = mv("e4").to_string();
    let cases: Vec<(&str, String, Option<&str>, String, u16)> = vec![
        ("no token", path.clone(), None, e4.clone(), 401),
        (
            "a stranger's token",
            path.clone(),
            Some("not-a-token-of-any-game"),
            e4.clone(),
            403,
        ),
        (
            "another game's token",
            path.clone(),
            Some(other),
            e4.clone(),
            403,
        ),
        (
            "unknown id",
            "/api/games/AAAAAAAAAAAAAAAA/events".into(),
            Some(white),
            e4.clone(),
            404,
        ),
        (
            "malformed id",
            "/api/games/..%2F..%2Fetc/events".into(),
            Some(white),
            e4.clone(),
            404,
        ),
        (
            "malformed JSON",
            path.clone(),
            Some(white),
            "{\"type\":".into(),
            400,
        ),
        (
            "not an object",
            path.clone(),
            Some(white),
            "[1,2]".into(),
            400,
        ),
        (
            "unknown event",
            path.clone(),
            Some(white),
            json!({"type":"castle_queenside"}).to_string(),
            400,
        ),
        (
            "a move without its text",
            path.clone(),
            Some(white),
            json!({"type":"move"}).to_string(),
            400,
        ),
        (
            "a player's arbiter action",
            path.clone(),
            Some(white),
            json!({"type":"arbiter","action":"pause"}).to_string(),
            403,
        ),
        (
            "acting for the opponent",
            path.clone(),
            Some(black),
            json!({"type":"resign","side":"white"}).to_string(),
            403,
        ),
        (
            "out of turn",
            path.clone(),
            Some(black),
            mv("e5").to_string(),
            409,
        ),
        (
            "an illegal move",
            path.clone(),
            Some(white),
            mv("e5").to_string(),
            409,
        ),
        (
            "no move at all",
            path.clone(),
            Some(white),
            mv("hello").to_string(),
            409,
        ),
        (
            "a press online",
            path.clone(),
            Some(white),
            json!({"type":"press"}).to_string(),
            409,
        ),
    ];
    let huge = format!("{{\"type\":\"move\",\"move\":\"{}\"}}", "e".repeat(20_000));
    let (st, text) = c
        .call("POST", &path, Some(white), Some(huge.as_bytes()))
        .await
        .expect("post");
    assert_eq!(st, 413, "an oversized event");
    assert_json_error(&text, "too_large");
    t.push(format!("oversized event: {st}"));
    for (what, p, token, body, status) in cases {
        let (st, text) = c
            .call("POST", &p, token, Some(body.as_bytes()))
            .await
            .expect("post");
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert_eq!(st, status, "{what}: {text}");
        assert!(
            v["reason"].as_str().is_some_and(|r| !r.is_empty()),
            "{what}: a reason: {text}"
        );
        t.push(format!("{what}: {st} {}", v["error"]));
    }
}

/// A game through every kind of action, then reading it back.
async fn game(c: &HttpClient, t: &mut Vec<String>) {
    let g = create(c, json!({"white": "human", "black": "human", "time_control": "300+3", "white_name": "Anna", "black_name": "Boris"})).await;
    let other = create(c, json!({"black": "human"})).await;
    let (id, w, b, a) = (
        s(&g, "id"),
        s(&g, "white_token"),
        s(&g, "black_token"),
        s(&g, "arbiter_token"),
    );
    refusals(c, id, w, b, s(&other, "white_token"), t).await;
    let steps: Vec<(&str, &str, Value, u16)> = vec![
        ("SAN", w, mv("e4"), 200),
        ("UCI", b, mv("e7e5"), 200),
        ("Russian letters", w, mv("Кf3"), 200),
        ("spoken words", b, mv("knight c6"), 200),
        ("draw offer", w, json!({"type":"offer_draw"}), 200),
        ("declined", b, json!({"type":"decline_draw"}), 200),
        (
            "a claim not on move",
            b,
            json!({"type":"claim","claim":"threefold"}),
            409,
        ),
        ("arbiter without side", a, mv("Bb5"), 400),
        (
            "arbiter adds time",
            a,
            json!({"type":"arbiter","action":"add_time","side":"black","ms":10000}),
            200,
        ),
        (
            "arbiter pauses",
            a,
            json!({"type":"arbiter","action":"pause"}),
            200,
        ),
        (
            "arbiter resumes",
            a,
            json!({"type":"arbiter","action":"resume"}),
            200,
        ),
        (
            "arbiter warns",
            a,
            json!({"type":"arbiter","action":"warning","side":"white"}),
            200,
        ),
        (
            "move with a claim of threefold and an intended move",
            w,
            json!({"type":"claim","claim":"threefold","intended":"Bb5"}),
            200,
        ),
    ];
    let mut last = Value::Null;
    for (what, token, ev, status) in steps {
        let (st, v) = post(c, id, token, ev.clone()).await;
        assert_eq!(st, status, "{what}: {ev} -> {v}");
        if st == 200 {
            assert_eq!(
                keys(&v),
                ["seq", "state"].into_iter().map(String::from).collect()
            );
            assert_eq!(keys(&v["state"]), report_keys(), "{what}");
            last = v.clone();
        }
        t.push(line(what, st, &v));
    }
    // The illegal move earlier cost nothing: the server is the board.
    assert_eq!(
        last["state"]["illegal_moves"],
        json!({"white": 0, "black": 0})
    );
    // An incorrect claim: the intended move is played (L-9.4) and costs time.
    assert_eq!(
        last["state"]["moves"],
        json!(["e4", "e5", "Nf3", "Nc6", "Bb5"])
    );
    let (st, shown) = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get");
    assert_eq!(st, 200);
    assert_eq!(shown, last, "GET answers what the last POST did");
    reading(c, id, &shown, t).await;
    let (st, v) = post(c, id, w, json!({"type":"resign"})).await;
    assert_eq!((st, s(&v["state"], "result")), (200, "0-1"));
    let (st, v) = post(c, id, b, mv("a6")).await;
    assert_eq!(st, 409, "after the end: {v}");
    t.push(line("after resigning", st, &v));
    let listed = |status: &'static str| async move {
        let (st, v) = c
            .json("GET", &format!("/api/games?status={status}"), None, None)
            .await
            .expect("list");
        assert_eq!(st, 200);
        v.as_array()
            .expect("a list")
            .iter()
            .map(|g| g["id"].as_str().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    let mut finished = listed("finished").await;
    for _ in 0..50 {
        if finished.iter().any(|x| x == id) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        finished = listed("finished").await;
    }
    assert!(finished.iter().any(|x| x == id));
    assert!(!listed("live").await.iter().any(|x| x == id));
    assert!(listed("live").await.iter().any(|x| x == s(&other, "id")));
    let (st, _) = c
        .json("GET", "/api/games?status=sleeping", None, None)
        .await
        .expect("list");
    assert_eq!(st, 400);
}

/// The log replays to the state the server reports; the PGN has the moves.
async fn reading(c: &HttpClient, id: &str, shown: &Value, t: &mut Vec<String>) {
    let (st, text) = c
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    assert_eq!(st, 200);
    let log = parse_log(&text).expect("the log reads");
    let (g, rejected) = replay(Chess::default(), &log).expect("replays");
    assert!(rejected.is_empty(), "{rejected:?}");
    let replayed = serde_json::to_value(report(&g, Vec::new())).expect("json");
    assert_eq!(replayed, shown["state"]);
    let (st, pgn) = c
        .call("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await
        .expect("pgn");
    assert_eq!(st, 200);
    assert!(
        pgn.contains("1. e4") && pgn.contains("Bb5") && pgn.contains("[White \"Anna\"]"),
        "{pgn}"
    );
    // Dated with the UTC day the hall created the game, which was today.
    let (_, list) = c.json("GET", "/api/games", None, None).await.expect("list");
    let created = list
        .as_array()
        .and_then(|a| a.iter().find(|g| g["id"] == id))
        .and_then(|g| g["created_at_ms"].as_i64())
        .expect("listed with its creation time");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as i64;
    assert!((0..3_600_000).contains(&(now - created)), "{created} {now}");
    let date = arbiter_chess::pgn::pgn_date(created);
    assert!(pgn.contains(&format!("[Date \"{date}\"]")), "{pgn}");
    for p in ["", "/log", "/pgn"] {
        let (st, _) = c
            .call(
                "GET",
                &format!("/api/games/AAAAAAAAAAAAAAAA{p}"),
                None,
                None,
            )
            .await
            .expect("get");
        assert_eq!(st, 404);
        t.push(format!("unknown game{p}: {st}"));
    }
}

async fn rate_limit(c: &HttpClient, t: &mut Vec<String>) {
    let g = create(c, json!({"black": "human"})).await;
    let (id, w) = (s(&g, "id").to_string(), s(&g, "white_token").to_string());
    // 20 requests at once are within the limit.
    let burst = |n: usize| {
        let (c, id, w) = (c.clone(), id.clone(), w.clone());
        async move {
            let calls = (0..n).map(|_| {
                let (c, id, w) = (c.clone(), id.clone(), w.clone());
                tokio::spawn(async move {
                    c.call(
                        "POST",
                        &format!("/api/games/{id}/events"),
                        Some(&w),
                        Some(b"{"),
                    )
                    .await
                    .map(|r| r.0)
                })
            });
            let mut out = Vec::new();
            for h in calls {
                out.push(h.await.expect("join").expect("call"));
            }
            out
        }
    };
    let first = burst(20).await;
    assert!(first.iter().all(|&s| s == 400), "{first:?}");
    let flood = burst(300).await;
    assert!(flood.contains(&429), "300 at once are over the limit");
    t.push("rate limit: 20 at once pass, 300 at once meet 429".to_string());
}

/// A quickplay-finish claim (G-III.5) where the event announced Guidelines
/// III: it waits in the state for the arbiter, who rules on it. Without the
/// announcement a 2023 game refuses it (G-III.2).
async fn quickplay(c: &HttpClient, t: &mut Vec<String>) {
    for announced in [true, false] {
        let g = create(
            c,
            json!({"white": "human", "black": "human", "time_control": "100",
            "regime": "standard", "edition": "2023", "quickplay_finish": announced}),
        )
        .await;
        let (id, w, b, a) = (
            s(&g, "id"),
            s(&g, "white_token"),
            s(&g, "black_token"),
            s(&g, "arbiter_token"),
        );
        assert_eq!(post(c, id, w, mv("e4")).await.0, 200);
        assert_eq!(post(c, id, b, mv("e5")).await.0, 200);
        let claim = json!({"type": "claim", "claim": "quickplay_finish"});
        let (st, v) = post(c, id, w, claim).await;
        t.push(line(
            &format!("quickplay claim, announced {announced}"),
            st,
            &v,
        ));
        if !announced {
            assert_eq!(st, 409, "{v}");
            continue;
        }
        assert_eq!(st, 200, "{v}");
        assert_eq!(
            v["state"]["quickplay_claim"],
            json!({"side": "white", "claim": "quickplay_finish"})
        );
        let reject = json!({"type": "arbiter", "action": "quickplay_reject"});
        let (st, v) = post(c, id, a, reject).await;
        t.push(line("quickplay rejected", st, &v));
        assert_eq!(st, 200, "{v}");
        assert_eq!(v["state"]["quickplay_claim"], Value::Null);
        assert_eq!(v["state"]["penalties"][0]["kind"], "quickplay_rejected");
        assert_eq!(v["state"]["penalties"][0]["ms"], 120_000);
    }
}

/// A person who gives no name (or a blank one) has none in the log, the
/// PGN or the list, so every page names the side in its reader's language;
/// an engine seat without a name is "Engine"; a name given is kept.
async fn names(c: &HttpClient, t: &mut Vec<String>) {
    let cases = [
        (json!({"white": "human", "black": "human"}), None, None),
        (
            json!({"white": "human", "black": "human", "white_name": "  ", "black_name": "Boris"}),
            None,
            Some("Boris"),
        ),
        (json!({"white": "human"}), None, Some("Engine")),
    ];
    for (body, white, black) in cases {
        let g = create(c, body.clone()).await;
        let id = s(&g, "id");
        let (st, log) = c
            .call("GET", &format!("/api/games/{id}/log"), None, None)
            .await
            .expect("log");
        assert_eq!(st, 200, "{log}");
        let header = parse_log(&log).expect("the log reads").header;
        assert_eq!(
            (header.white.as_deref(), header.black.as_deref()),
            (white, black),
            "{body}: {log}"
        );
        let (_, pgn) = c
            .call("GET", &format!("/api/games/{id}/pgn"), None, None)
            .await
            .expect("pgn");
        let tag = |side: &str, name: Option<&str>| format!("[{side} \"{}\"]", name.unwrap_or("?"));
        assert!(
            pgn.contains(&tag("White", white)) && pgn.contains(&tag("Black", black)),
            "{body}: {pgn}"
        );
        let (_, list) = c
            .json("GET", "/api/games?limit=1000", None, None)
            .await
            .expect("list");
        let row = list
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["id"] == json!(id)))
            .unwrap_or_else(|| panic!("{id} in {list}"));
        assert_eq!(
            (&row["white"], &row["black"]),
            (&json!(white), &json!(black))
        );
        t.push(format!("names {body}: {white:?} {black:?}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_contract_is_the_same_on_sqlite_and_postgres() {
    let mut transcripts = Vec::new();
    for db in databases("api").await {
        let (running, c) = db.hall().await;
        let mut t = Vec::new();
        creation(&c, &mut t).await;
        framework_refusals(&c, &mut t).await;
        game(&c, &mut t).await;
        names(&c, &mut t).await;
        quickplay(&c, &mut t).await;
        rate_limit(&c, &mut t).await;
        let (st, doc) = c
            .json("GET", "/api/openapi.json", None, None)
            .await
            .expect("openapi");
        assert_eq!(st, 200);
        for route in [
            "/api/health",
            "/api/games",
            "/api/games/{id}",
            "/api/games/{id}/events",
            "/api/games/{id}/log",
            "/api/games/{id}/pgn",
            "/api/games/{id}/ws",
            "/api/openapi.json",
        ] {
            assert!(doc["paths"][route].is_object(), "openapi lacks {route}");
        }
        running.kill();
        transcripts.push((db.name(), t));
        db.cleanup().await;
    }
    if let [(_, a), (_, b)] = &transcripts[..] {
        assert_eq!(a, b, "SQLite and PostgreSQL answer alike");
    }
}
