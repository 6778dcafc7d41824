//! What the hall answers beyond the contract's transcript: an engine seat
//! answers a draw offer (L-9.1) as the CLI's does.

mod common;

use arbiter_chess::Chess;
use arbiter_laws::Event;
use arbiter_laws::log::parse_log;
use arbiter_laws::replay::replay;
use arbiter_rules::Side;
use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_seat_declines_a_draw_offer_and_the_log_says_so() {
    for db in databases("answers_offer").await {
        let (running, c) = db.hall().await;
        // The default game: a human (White) against the engine.
        let g = create(&c, json!({})).await;
        let (id, w) = (s(&g, "id"), s(&g, "white_token"));
        let (st, v) = post(&c, id, w, json!({"type": "offer_draw"})).await;
        assert_eq!(st, 200, "{v}");
        assert!(v["state"]["draw_offer"].is_null(), "answered: {v}");
        assert_eq!(v["state"]["result"], "*", "declined, not agreed: {v}");
        let (st, text) = c
            .call("GET", &format!("/api/games/{id}/log"), None, None)
            .await
            .expect("log");
        assert_eq!(st, 200);
        let log = parse_log(&text).unwrap();
        let declined = log.lines.iter().any(
            |(_, e)| matches!(e, Ok(t) if t.event == Event::DeclineDraw { side: Side::Black }),
        );
        assert!(declined, "{text}");
        let (game, rejected) = replay(Chess::default(), &log).unwrap();
        assert!(rejected.is_empty(), "{rejected:?}");
        assert!(game.draw_offer().is_none());
        running.kill();
        db.cleanup().await;
    }
}

/// A key the hall does not know is not refused (scripts may send more than
/// it reads) but named in the 201 answer, so a misspelt `colour` is seen;
/// an answer with nothing ignored has no such key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_request_names_the_keys_it_ignored() {
    for db in databases("answers_ignored").await {
        let (running, c) = db.hall().await;
        let g = create(&c, json!({"colour": "black", "white": "human", "whte": 1})).await;
        assert_eq!(g["ignored_keys"], json!(["colour", "whte"]), "{g}");
        // The keys it knows were read all the same.
        assert!(g["white_token"].is_string(), "{g}");
        let plain = create(&c, json!({"white": "human", "black": "human"})).await;
        assert!(plain.get("ignored_keys").is_none(), "{plain}");
        assert!(plain["black_token"].is_string(), "{plain}");
        running.kill();
        db.cleanup().await;
    }
}
