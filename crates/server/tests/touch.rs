//! Art. 4 in the hall: over the board the arbiter's console records the
//! touches and adjustments he sees, the players claim a breach of the
//! touch-move rule and the Laws rule on it (L-4.3, L-4.8); an online game
//! has no touches, since the server is the board, and says so.

mod common;

use common::*;
use serde_json::{Value, json};

fn touch(side: &str, square: &str) -> Value {
    json!({"type": "touch", "side": side, "square": square})
}

fn claim_touch() -> Value {
    json!({"type": "claim", "claim": "touch_move"})
}

/// Over the board: a touch recorded by the arbiter binds (L-4.3); the move
/// that breaks it stands until the opponent's claim takes it back (L-4.8);
/// a claim with no breach open is rejected and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arbiter_records_touches_and_the_laws_rule_on_claims() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(
        &c,
        json!({"kind": "over_the_board", "white": "human", "black": "human"}),
    )
    .await;
    let (id, w, b, a) = (
        s(&g, "id"),
        s(&g, "white_token"),
        s(&g, "black_token"),
        s(&g, "arbiter_token"),
    );
    let (st, v) = post(&c, id, w, mv("e4")).await;
    assert_eq!(st, 200, "{v}");
    // A player's page does not report his hand: the arbiter records it.
    let (st, v) = post(&c, id, b, touch("black", "g8")).await;
    assert_eq!(st, 403, "{v}");
    let (st, v) = post(&c, id, a, touch("black", "g8")).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["touches"][0]["square"], "g8", "{v}");
    let ob = v["state"]["touch_obligation"].as_str().unwrap_or("");
    assert!(ob.contains("g8") && ob.contains("(4.3)"), "{v}");
    // Black plays another man: the move stands, open to White's claim.
    let (st, v) = post(&c, id, b, mv("d5")).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["moves"], json!(["e4", "d5"]), "{v}");
    let (st, v) = post(&c, id, w, claim_touch()).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["touch_move_claims"][0]["upheld"], true, "{v}");
    assert_eq!(v["state"]["moves"], json!(["e4"]), "{v}");
    // Black meets the obligation; a second claim finds nothing open.
    let (st, v) = post(&c, id, b, mv("Nf6")).await;
    assert_eq!(st, 200, "{v}");
    let (st, v) = post(&c, id, w, claim_touch()).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["touch_move_claims"][1]["upheld"], false, "{v}");
    assert_eq!(v["state"]["moves"], json!(["e4", "Nf6"]), "{v}");
    // An adjustment (L-4.2) by the player having the move.
    let adjust = json!({"type": "adjust", "side": "white", "square": "e4"});
    let (st, v) = post(&c, id, a, adjust).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["state"]["touches"][1]["kind"], "adjust", "{v}");
    // The log replays to the same claims.
    let (st, log) = c
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    assert_eq!(st, 200);
    assert_eq!(log.matches("\"touch_move\"").count(), 2, "{log}");
    running.kill();
}

/// Online the server is the board: a touch, an adjustment and a
/// touch-move claim are refused with the reason, and nothing is logged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_game_refuses_touches_with_the_reason() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"white": "human", "black": "human"})).await;
    let (id, w, a) = (s(&g, "id"), s(&g, "white_token"), s(&g, "arbiter_token"));
    let (st, v) = post(&c, id, w, mv("e4")).await;
    assert_eq!(st, 200, "{v}");
    for (token, ev) in [
        (w, claim_touch()),
        (a, touch("black", "e7")),
        (
            a,
            json!({"type": "adjust", "side": "black", "square": "e7"}),
        ),
    ] {
        let (st, v) = post(&c, id, token, ev.clone()).await;
        assert_eq!(st, 409, "{ev}: {v}");
        let reason = v["reason"].as_str().unwrap_or("");
        assert!(reason.contains("the server is the board"), "{v}");
    }
    let (_, v) = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("game");
    assert!(v["state"].get("touches").is_none(), "{v}");
    running.kill();
}
