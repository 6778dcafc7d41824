//! The lobby's API: open challenges (made, listed, accepted once, followed
//! by the creator, withdrawn), the rematch with colours swapped, and the
//! finished games newest first with their results in words.

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
    let db = Db::sqlite();
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
    assert!(
        listed
            .iter()
            .any(|x| x["id"] == id.as_str() && x["name"] == "Anna" && x["time_control"] == "180+2")
    );
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
}

#[tokio::test]
async fn a_challenge_is_checked_and_can_be_withdrawn() {
    let db = Db::sqlite();
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
}

#[tokio::test]
async fn a_rematch_swaps_colours_when_both_ask() {
    let db = Db::sqlite();
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
