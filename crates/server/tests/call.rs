//! A player's call of the arbiter (FIDE Laws 2017, 6.12.2): the clocks stop
//! and everyone hears who called; the arbiter resumes, or, where no arbiter's
//! console is connected, the caller's opponent or the end of the wait does,
//! and both players hear which.

mod common;

use arbiter_server::client::{HttpClient, WsClient};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

/// The announcements of the next frame that has any, as (kind, text).
async fn heard(ws: &mut WsClient) -> Vec<(String, String)> {
    for _ in 0..20 {
        let f = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a frame in time")
            .expect("open socket");
        let said: Vec<(String, String)> = f["announcements"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|x| (s(x, "kind").to_string(), s(x, "text").to_string()))
                    .collect()
            })
            .unwrap_or_default();
        if !said.is_empty() {
            return said;
        }
    }
    panic!("nothing was said");
}

fn kinds(said: &[(String, String)]) -> Vec<&str> {
    said.iter().map(|(k, _)| k.as_str()).collect()
}

async fn socket(
    c: &HttpClient,
    addr: std::net::SocketAddr,
    id: &str,
    token: &str,
    lang: &str,
) -> WsClient {
    let _ = c;
    let mut ws = WsClient::connect(
        addr,
        &format!("/api/games/{id}/ws?token={token}&lang={lang}"),
    )
    .await
    .expect("ws");
    ws.next().await.expect("the first frame");
    ws
}

fn clock(v: &Value, side: &str) -> i64 {
    v["state"]["clock"][format!("{side}_ms")]
        .as_i64()
        .expect("clock")
}

#[tokio::test]
async fn a_call_stops_the_clocks_and_the_opponent_or_the_wait_resumes_where_no_arbiter_is() {
    arbiter_server::call::set_wait(Duration::from_millis(600));
    let db = Db::sqlite();
    let (hall, c) = db.hall().await;
    let g = create(
        &c,
        json!({"white": "human", "black": "human", "time_control": "300+0"}),
    )
    .await;
    let (id, w, b) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    let mut black = socket(&c, hall.addr, id, b, "ru").await;
    for (tok, m) in [(w, "e4"), (b, "e5")] {
        assert_eq!(post(&c, id, tok, mv(m)).await.0, 200);
        heard(&mut black).await;
    }
    let (st, v) = post(&c, id, w, json!({"type": "call_arbiter"})).await;
    assert_eq!(st, 200, "{v}");
    let said = heard(&mut black).await;
    assert_eq!(kinds(&said), ["arbiter_called"]);
    assert!(said[0].1.starts_with("Белые вызывают арбитра"), "{said:?}");
    // Stopped: White's clock does not run while the arbiter is called.
    let before = clock(&v, "white");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, now) = c
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .expect("get");
    assert_eq!(clock(&now, "white"), before, "the clocks are stopped");
    // The caller cannot resume himself; his opponent can, with no arbiter here.
    let resume = json!({"type": "arbiter", "action": "resume"});
    assert_eq!(post(&c, id, w, resume.clone()).await.0, 403);
    let (st, v) = post(&c, id, b, resume.clone()).await;
    assert_eq!(st, 200, "{v}");
    let said = heard(&mut black).await;
    assert_eq!(kinds(&said), ["call_ended"]);
    assert!(said[0].1.contains("чёрные возобновляют"), "{said:?}");
    // The log records who resumed, as the arbiter's resume with the hall's reason.
    let (_, log) = c
        .call("GET", &format!("/api/games/{id}/log"), None, None)
        .await
        .expect("log");
    assert!(log.contains("call_arbiter"), "{log}");
    assert!(log.contains("resumed by the opponent"), "{log}");

    // Nobody resumes: the wait runs out and the hall resumes, said to both.
    let (st, _) = post(&c, id, b, json!({"type": "call_arbiter"})).await;
    assert_eq!(st, 200);
    assert_eq!(kinds(&heard(&mut black).await), ["arbiter_called"]);
    let said = heard(&mut black).await;
    assert_eq!(kinds(&said), ["call_ended"]);
    assert!(said[0].1.contains("две минуты"), "{said:?}");
    assert_eq!(post(&c, id, w, mv("Nf3")).await.0, 200, "the game goes on");
}

#[tokio::test]
async fn with_an_arbiter_present_only_the_arbiter_resumes() {
    let db = Db::sqlite();
    let (hall, c) = db.hall().await;
    let g = create(
        &c,
        json!({"white": "human", "black": "human", "time_control": "300+0"}),
    )
    .await;
    let (id, w, b, a) = (
        s(&g, "id"),
        s(&g, "white_token"),
        s(&g, "black_token"),
        s(&g, "arbiter_token"),
    );
    let mut console = socket(&c, hall.addr, id, a, "de").await;
    assert_eq!(post(&c, id, w, mv("e4")).await.0, 200);
    heard(&mut console).await;
    assert_eq!(
        post(&c, id, b, json!({"type": "call_arbiter"})).await.0,
        200
    );
    let said = heard(&mut console).await;
    assert_eq!(kinds(&said), ["arbiter_called"]);
    assert!(
        said[0].1.starts_with("Schwarz ruft den Schiedsrichter"),
        "{said:?}"
    );
    let resume = json!({"type": "arbiter", "action": "resume"});
    assert_eq!(
        post(&c, id, w, resume.clone()).await.0,
        403,
        "the arbiter is here: he rules"
    );
    assert_eq!(post(&c, id, a, resume).await.0, 200);
    let said = heard(&mut console).await;
    assert_eq!(kinds(&said), ["call_ended"]);
    assert!(
        said[0].1.starts_with("Der Schiedsrichter setzt"),
        "{said:?}"
    );
    drop(console);
}

#[tokio::test]
async fn no_call_after_the_game() {
    let db = Db::sqlite();
    let (_hall, c) = db.hall().await;
    let g = create(
        &c,
        json!({"white": "human", "black": "human", "time_control": "300+0"}),
    )
    .await;
    let (id, w, b) = (s(&g, "id"), s(&g, "white_token"), s(&g, "black_token"));
    for (tok, m) in [(w, "e4"), (b, "e5")] {
        assert_eq!(post(&c, id, tok, mv(m)).await.0, 200);
    }
    let (st, v) = post(&c, id, w, json!({"type": "resign"})).await;
    assert_eq!(st, 200, "{v}");
    let (st, v) = post(&c, id, b, json!({"type": "call_arbiter"})).await;
    assert_eq!(st, 409, "{v}");
}
