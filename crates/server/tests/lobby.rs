//! The lobby's API: open challenges (made, listed, accepted once, followed
//! by the creator, withdrawn), the rematch with colours swapped, and the
//! finished games newest first with their results in words. Challenges and
//! rematch offers live in the store: each case runs on SQLite and on
//! PostgreSQL, a restart keeps them, and two instances on one PostgreSQL
//! share them (one accept of many wins, wherever it lands).

mod common;

use arbiter_server::client::HttpClient;
use common::*;
use serde_json::{Value, json};

async fn call(
    c: &HttpClient,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    c.json(method, path, token, body.as_ref())
        .await
        .expect("call")
}

/// Fool's mate from the seats of a game: White's and Black's tokens.
async fn fools_mate(c: &HttpClient, id: &str, white: &str, black: &str) {
    for (tok, m) in [(white, "f3"), (black, "e5"), (white, "g4"), (black, "Qh4")] {
        let (st, v) = post(c, id, tok, mv(m)).await;
        assert_eq!(st, 200, "{m}: {v}");
    }
}

#[tokio::test]
async fn a_challenge_is_accepted_once_and_its_creator_finds_his_seat() {
    for db in databases("lobby_once").await {
        let (_hall, c) = db.hall().await;
        let (st, made) = call(
            &c,
            "POST",
            "/api/challenges",
            None,
            Some(json!({"time_control": "180+2", "colour": "black", "name": "Anna"})),
        )
        .await;
        assert_eq!(st, 201, "{made}");
        let id = s(&made, "id").to_string();
        assert_eq!(made["seat"]["side"], "black");
        let creator = s(&made["seat"], "token").to_string();

        let (_, open) = call(&c, "GET", "/api/challenges", None, None).await;
        let listed = open.as_array().expect("array");
        assert!(listed.iter().any(|x| x["id"] == id.as_str()
            && x["name"] == "Anna"
            && x["time_control"] == "180+2"));
        assert!(
            listed.iter().all(|x| x.get("seat").is_none()),
            "no token in the list: {open}"
        );

        // Before acceptance the creator has no game seat yet.
        let (_, before) = call(
            &c,
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&creator),
            None,
        )
        .await;
        assert_eq!(before["status"], "open");
        assert!(before.get("seat").is_none());

        let (st, got) = call(
            &c,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
            Some(json!({"name": "Boris"})),
        )
        .await;
        assert_eq!(st, 201, "{got}");
        assert_eq!(got["seat"]["side"], "white");
        let game = s(&got, "game_id").to_string();
        let accepter = s(&got["seat"], "token").to_string();
        assert!(
            !got.to_string().contains(&creator),
            "the creator's secret is not given away"
        );
        // The second accepter is refused.
        let (st, again) = call(
            &c,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
            Some(json!({"name": "Carl"})),
        )
        .await;
        assert_eq!(st, 409, "{again}");
        // Gone from the open list.
        let (_, open) = call(&c, "GET", "/api/challenges", None, None).await;
        assert!(
            !open
                .as_array()
                .expect("array")
                .iter()
                .any(|x| x["id"] == id.as_str())
        );

        // A stranger sees the game, not the seat; the creator gets his seat.
        let (_, seen) = call(&c, "GET", &format!("/api/challenges/{id}"), None, None).await;
        assert_eq!(seen["status"], "accepted");
        assert!(seen.get("seat").is_none(), "{seen}");
        let (_, mine) = call(
            &c,
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&creator),
            None,
        )
        .await;
        assert_eq!(mine["seat"]["side"], "black");
        assert!(s(&mine["seat"], "url").starts_with(&format!("/games/{game}?token=")));
        let black = s(&mine["seat"], "token").to_string();

        // The names and time control reached the game; the seats play it.
        let (_, list) = call(&c, "GET", "/api/games?status=live", None, None).await;
        let row = list
            .as_array()
            .expect("array")
            .iter()
            .find(|g| g["id"] == game.as_str())
            .cloned()
            .expect("listed");
        assert_eq!(
            (
                row["white"].as_str(),
                row["black"].as_str(),
                row["time_control"].as_str()
            ),
            (Some("Boris"), Some("Anna"), Some("180+2"))
        );
        fools_mate(&c, &game, &accepter, &black).await;
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_challenge_is_checked_and_can_be_withdrawn() {
    for db in databases("lobby_checked").await {
        let (_hall, c) = db.hall().await;
        let (st, _) = call(
            &c,
            "POST",
            "/api/challenges",
            None,
            Some(json!({"time_control": "soon"})),
        )
        .await;
        assert_eq!(st, 400);
        let (st, _) = call(
            &c,
            "POST",
            "/api/challenges",
            None,
            Some(json!({"colour": "green"})),
        )
        .await;
        assert_eq!(st, 400);
        let (st, made) = call(&c, "POST", "/api/challenges", None, Some(json!({}))).await;
        assert_eq!(st, 201, "{made}");
        assert_eq!(made["seat"]["side"], "random");
        let id = s(&made, "id").to_string();
        let (st, _) = call(
            &c,
            "DELETE",
            &format!("/api/challenges/{id}"),
            Some("not-it"),
            None,
        )
        .await;
        assert_eq!(st, 403);
        let (st, _) = call(
            &c,
            "DELETE",
            &format!("/api/challenges/{id}"),
            Some(s(&made["seat"], "token")),
            None,
        )
        .await;
        assert_eq!(st, 204);
        let (st, _) = call(
            &c,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
            None,
        )
        .await;
        assert_eq!(st, 404);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_rematch_swaps_colours_when_both_ask() {
    for db in databases("lobby_rematch").await {
        let (_hall, c) = db.hall().await;
        let g = create(&c, json!({"white": "human", "black": "human", "white_name": "Anna", "black_name": "Boris", "time_control": "300+0"})).await;
        let (id, w, b) = (
            s(&g, "id").to_string(),
            s(&g, "white_token").to_string(),
            s(&g, "black_token").to_string(),
        );
        let (st, _) = call(
            &c,
            "POST",
            &format!("/api/games/{id}/rematch"),
            Some(&w),
            None,
        )
        .await;
        assert_eq!(st, 409, "not before the end");
        fools_mate(&c, &id, &w, &b).await;
        let (st, _) = call(
            &c,
            "POST",
            &format!("/api/games/{id}/rematch"),
            Some(s(&g, "arbiter_token")),
            None,
        )
        .await;
        assert_eq!(st, 403);
        let (st, first) = call(
            &c,
            "POST",
            &format!("/api/games/{id}/rematch"),
            Some(&b),
            None,
        )
        .await;
        assert_eq!(st, 200, "{first}");
        assert_eq!(first["status"], "offered");
        assert_eq!(first["asked"], json!(["black"]));
        let (_, seen) = call(
            &c,
            "GET",
            &format!("/api/games/{id}/rematch"),
            Some(&w),
            None,
        )
        .await;
        assert_eq!(seen["asked"], json!(["black"]));
        let (_, second) = call(
            &c,
            "POST",
            &format!("/api/games/{id}/rematch"),
            Some(&w),
            None,
        )
        .await;
        assert_eq!(second["status"], "ready", "{second}");
        assert_eq!(second["seat"]["side"], "black", "the old White plays Black");
        let new = s(&second, "game_id").to_string();
        let (_, pushed) = call(
            &c,
            "GET",
            &format!("/api/games/{id}/rematch"),
            Some(&b),
            None,
        )
        .await;
        assert_eq!(pushed["game_id"], new.as_str());
        assert_eq!(pushed["seat"]["side"], "white");
        let (_, list) = call(&c, "GET", "/api/games?status=live", None, None).await;
        let row = list
            .as_array()
            .expect("array")
            .iter()
            .find(|x| x["id"] == new.as_str())
            .cloned()
            .expect("listed");
        assert_eq!(
            (
                row["white"].as_str(),
                row["black"].as_str(),
                row["time_control"].as_str()
            ),
            (Some("Boris"), Some("Anna"), Some("300+0"))
        );
        // The new game is played by the swapped tokens.
        let nw = s(&pushed["seat"], "token").to_string();
        let nb = s(&second["seat"], "token").to_string();
        fools_mate(&c, &new, &nw, &nb).await;
        db.cleanup().await;
    }
}

#[tokio::test]
async fn finished_games_come_newest_first_with_their_results_in_words() {
    for db in databases("lobby_recent").await {
        let (_hall, c) = db.hall().await;
        let mut ids = Vec::new();
        for _ in 0..2 {
            let g = create(&c, json!({"white": "human", "black": "human"})).await;
            fools_mate(&c, s(&g, "id"), s(&g, "white_token"), s(&g, "black_token")).await;
            ids.push(s(&g, "id").to_string());
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let (_, oldest) = call(&c, "GET", "/api/games?status=finished", None, None).await;
        let (_, recent) = call(
            &c,
            "GET",
            "/api/games?status=finished&order=recent&lang=ru",
            None,
            None,
        )
        .await;
        let order = |v: &Value| {
            v.as_array()
                .expect("array")
                .iter()
                .map(|g| g["id"].as_str().unwrap_or("").to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(order(&oldest), ids, "{}", db.name());
        let mut rev = ids.clone();
        rev.reverse();
        assert_eq!(order(&recent), rev, "{}", db.name());
        let first = &recent[0];
        assert_eq!(first["result"], "0-1");
        assert_eq!(first["termination"], "checkmate");
        assert!(
            s(first, "result_text").starts_with("Победа чёрных"),
            "{first}"
        );
        let (_, de) = call(
            &c,
            "GET",
            "/api/games?status=finished&order=recent&lang=de",
            None,
            None,
        )
        .await;
        assert!(s(&de[0], "result_text").starts_with("Schwarz gewinnt"));
        let (st, _) = call(&c, "GET", "/api/games?order=sideways", None, None).await;
        assert_eq!(st, 400);
        db.cleanup().await;
    }
}

/// A GET with an `Accept-Language` header; the status and the JSON answer.
async fn get_in(addr: std::net::SocketAddr, path: &str, lang: &str) -> (u16, Value) {
    use http_body_util::{BodyExt, Full};
    use hyper_util::client::legacy::Client;
    use hyper_util::rt::TokioExecutor;
    let client: Client<_, Full<axum::body::Bytes>> =
        Client::builder(TokioExecutor::new()).build_http();
    let request = hyper::Request::builder()
        .uri(format!("http://{addr}{path}"))
        .header("accept-language", lang)
        .body(Full::default())
        .expect("request");
    let answer = client.request(request).await.expect("answer");
    let status = answer.status().as_u16();
    let bytes = answer.into_body().collect().await.expect("body").to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Makes a challenge; its id and the creator's token.
async fn challenge(c: &HttpClient, body: Value) -> (String, String) {
    let (st, made) = call(c, "POST", "/api/challenges", None, Some(body)).await;
    assert_eq!(st, 201, "{made}");
    (
        s(&made, "id").to_string(),
        s(&made["seat"], "token").to_string(),
    )
}

/// The open challenge `id` as `GET /api/challenges` lists it, if listed.
async fn listed(c: &HttpClient, query: &str, id: &str) -> Option<Value> {
    let (st, open) = call(c, "GET", &format!("/api/challenges{query}"), None, None).await;
    assert_eq!(st, 200, "{open}");
    open.as_array()
        .expect("array")
        .iter()
        .find(|x| x["id"] == id)
        .cloned()
}

/// The live game `id` as `GET /api/games` lists it.
async fn live_row(c: &HttpClient, id: &str) -> Value {
    let (_, list) = call(c, "GET", "/api/games?status=live", None, None).await;
    list.as_array()
        .expect("array")
        .iter()
        .find(|g| g["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("{id} not listed: {list}"))
}

#[tokio::test]
async fn a_player_without_a_name_is_stored_without_one_and_named_in_the_readers_language() {
    for db in databases("lobby_anon").await {
        let (hall, c) = db.hall().await;
        let (id, creator) = challenge(&c, json!({"colour": "white", "name": "  "})).await;
        // Stored without a name: not the English word.
        let stored = hall
            .hall
            .store()
            .challenge(&id.parse().expect("id"))
            .await
            .expect("stored");
        assert_eq!(stored.name, None, "{}", db.name());
        // Each reader hears it in his own language; `lang` wins over the header.
        let en = listed(&c, "", &id).await.expect("listed");
        assert_eq!(en["name"], "Anonymous");
        let ru = listed(&c, "?lang=ru", &id).await.expect("listed");
        assert_eq!(ru["name"], "Аноним");
        let (_, de) = get_in(hall.addr, "/api/challenges", "de-AT,de;q=0.9").await;
        let de = de
            .as_array()
            .expect("array")
            .iter()
            .find(|x| x["id"] == id.as_str())
            .cloned()
            .expect("listed");
        assert_eq!(de["name"], "Anonym");
        let (_, ru_de) = get_in(hall.addr, &format!("/api/challenges/{id}?lang=ru"), "de").await;
        assert_eq!(ru_de["name"], "Аноним");
        // A nameless accepter: the opponent is named in the accepter's language,
        // and the game keeps no name for either (each page names them).
        let (st, got) = call(
            &c,
            "POST",
            &format!("/api/challenges/{id}/accept?lang=de"),
            None,
            None,
        )
        .await;
        assert_eq!(st, 201, "{got}");
        assert_eq!(got["opponent"]["name"], "Anonym");
        let game = s(&got, "game_id").to_string();
        let row = live_row(&c, &game).await;
        assert_eq!((&row["white"], &row["black"]), (&Value::Null, &Value::Null));
        let stored = hall
            .hall
            .store()
            .challenge(&id.parse().expect("id"))
            .await
            .expect("stored");
        let accepted = stored.accepted.expect("accepted");
        assert_eq!(accepted.accepter_name, None);
        // A given name is shown as given, in every language.
        let (named, _) = challenge(&c, json!({"name": "Вера"})).await;
        for q in ["", "?lang=ru", "?lang=de"] {
            assert_eq!(listed(&c, q, &named).await.expect("listed")["name"], "Вера");
        }
        // The creator still plays with the challenge's token.
        let (_, mine) = call(
            &c,
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&creator),
            None,
        )
        .await;
        assert_eq!(mine["seat"]["token"], creator.as_str());
        assert_eq!(post(&c, &game, &creator, mv("e4")).await.0, 200);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn challenges_and_rematch_offers_survive_a_restart() {
    for db in databases("lobby_restart").await {
        let (first, c) = db.hall().await;
        let (id, creator) = challenge(
            &c,
            json!({"time_control": "600+5", "colour": "black", "name": "Anna"}),
        )
        .await;
        // A finished game with one rematch request pending.
        let g = create(&c, json!({"white": "human", "black": "human"})).await;
        let (gid, w, b) = (
            s(&g, "id").to_string(),
            s(&g, "white_token").to_string(),
            s(&g, "black_token").to_string(),
        );
        fools_mate(&c, &gid, &w, &b).await;
        let (st, _) = call(
            &c,
            "POST",
            &format!("/api/games/{gid}/rematch"),
            Some(&w),
            None,
        )
        .await;
        assert_eq!(st, 200);
        // The hall stops as a crash would, and starts again on its database.
        first.kill();
        drop(first);
        let (_again, c) = db.hall().await;
        let kept = listed(&c, "", &id).await.expect("still listed");
        assert_eq!(kept["name"], "Anna");
        assert_eq!(kept["time_control"], "600+5");
        let (st, got) = call(
            &c,
            "POST",
            &format!("/api/challenges/{id}/accept"),
            None,
            Some(json!({"name": "Boris"})),
        )
        .await;
        assert_eq!(st, 201, "{} {got}", db.name());
        let game = s(&got, "game_id").to_string();
        let (_, mine) = call(
            &c,
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&creator),
            None,
        )
        .await;
        assert_eq!(mine["seat"]["side"], "black");
        let accepter = s(&got["seat"], "token").to_string();
        assert_eq!(post(&c, &game, &accepter, mv("e4")).await.0, 200);
        assert_eq!(post(&c, &game, &creator, mv("e5")).await.0, 200);
        // The rematch request was kept: Black's completes it.
        let (_, seen) = call(
            &c,
            "GET",
            &format!("/api/games/{gid}/rematch"),
            Some(&b),
            None,
        )
        .await;
        assert_eq!(seen["asked"], json!(["white"]), "{seen}");
        let (_, done) = call(
            &c,
            "POST",
            &format!("/api/games/{gid}/rematch"),
            Some(&b),
            None,
        )
        .await;
        assert_eq!(done["status"], "ready", "{done}");
        assert_eq!(done["seat"]["side"], "white");
        db.cleanup().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_the_lobby_and_one_accept_of_twenty_wins() {
    let Some(db) = Db::postgres("lobby_two").await else {
        return;
    };
    let (a, ca) = db.hall().await;
    let (b, cb) = db.hall().await;
    assert_ne!(a.hall.config().instance_id, b.hall.config().instance_id);
    let (id, creator) = challenge(&ca, json!({"colour": "white", "name": "Anna"})).await;
    // Made on A, listed on B.
    assert!(listed(&cb, "", &id).await.is_some());
    // Twenty accepts at once, spread over both instances: exactly one wins.
    let tries: Vec<_> = (0..20)
        .map(|i| {
            let c = if i % 2 == 0 { ca.clone() } else { cb.clone() };
            let path = format!("/api/challenges/{id}/accept");
            tokio::spawn(async move {
                let body = json!({"name": format!("P{i}")});
                c.json("POST", &path, None, Some(&body))
                    .await
                    .expect("accept")
            })
        })
        .collect();
    let mut won = Vec::new();
    let mut statuses = Vec::new();
    for t in tries {
        let (st, v) = t.await.expect("join");
        statuses.push(st);
        if st == 201 {
            won.push(v);
        }
    }
    assert_eq!(won.len(), 1, "{statuses:?}");
    assert!(
        statuses.iter().all(|&st| st == 201 || st == 409),
        "{statuses:?}"
    );
    let game = s(&won[0], "game_id").to_string();
    let accepter = s(&won[0]["seat"], "token").to_string();
    // The creator hears of it on either instance at once (his page asks every
    // two seconds, so within about two seconds).
    let asked = std::time::Instant::now();
    for c in [&ca, &cb] {
        let (_, mine) = call(
            c,
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&creator),
            None,
        )
        .await;
        assert_eq!(mine["seat"]["side"], "white", "{mine}");
        assert_eq!(mine["game_id"], game.as_str());
    }
    assert!(asked.elapsed() < std::time::Duration::from_secs(2));
    // Gone from both lists; one game made, played through both instances.
    assert!(listed(&ca, "", &id).await.is_none());
    assert!(listed(&cb, "", &id).await.is_none());
    let (_, live) = call(&ca, "GET", "/api/games?status=live", None, None).await;
    assert_eq!(live.as_array().expect("array").len(), 1, "{live}");
    for (c, tok, m) in [
        (&cb, creator.as_str(), "f4"),
        (&ca, accepter.as_str(), "e5"),
        (&ca, creator.as_str(), "g4"),
        (&cb, accepter.as_str(), "Qh4"),
    ] {
        let (st, v) = post(c, &game, tok, mv(m)).await;
        assert_eq!(st, 200, "{m}: {v}");
    }
    // The rematch asked on A and agreed on B: each player's page, on either
    // instance, finds its seat; both asking at once make one game.
    let (w, bl) = (creator.clone(), accepter.clone());
    let (ga, gb) = (game.clone(), game.clone());
    let (ca2, cb2) = (ca.clone(), cb.clone());
    let one = tokio::spawn(async move {
        call(
            &ca2,
            "POST",
            &format!("/api/games/{ga}/rematch"),
            Some(&w),
            None,
        )
        .await
    });
    let two = tokio::spawn(async move {
        call(
            &cb2,
            "POST",
            &format!("/api/games/{gb}/rematch"),
            Some(&bl),
            None,
        )
        .await
    });
    let (one, two) = (one.await.expect("join"), two.await.expect("join"));
    assert_eq!((one.0, two.0), (200, 200), "{one:?} {two:?}");
    let mut seen = Vec::new();
    for (c, tok) in [(&ca, &creator), (&cb, &accepter)] {
        let (_, v) = call(
            c,
            "GET",
            &format!("/api/games/{game}/rematch"),
            Some(tok),
            None,
        )
        .await;
        assert_eq!(v["status"], "ready", "{v}");
        seen.push(v);
    }
    assert_eq!(seen[0]["game_id"], seen[1]["game_id"]);
    assert_eq!(
        seen[0]["seat"]["side"], "black",
        "the old White plays Black"
    );
    let (_, live) = call(&cb, "GET", "/api/games?status=live", None, None).await;
    assert_eq!(
        live.as_array().expect("array").len(),
        1,
        "one rematch: {live}"
    );
    let new = s(&seen[0], "game_id").to_string();
    assert_eq!(post(&cb, &new, &accepter, mv("e4")).await.0, 200);
    assert_eq!(post(&ca, &new, &creator, mv("e5")).await.0, 200);
    drop((a, b));
    db.cleanup().await;
}
