//! Every WebSocket frame that carries an event carries its announcements,
//! worded in the language the socket asked for (`lang=`, `lexicon=`): the
//! same sentences a session speaking that lexicon says.

mod common;

use arbiter_chess::Chess;
use arbiter_laws::RuleSet;
use arbiter_notation::Lexicon;
use arbiter_rules::Side;
use arbiter_server::client::WsClient;
use arbiter_session::{Kind, Reading, Variant, announce};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

/// The next frame that carries an event other than the clock's start
/// (logged just before White's first move, which carries the words).
async fn next_event(ws: &mut WsClient) -> Value {
    loop {
        let f = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a frame within 30 s")
            .expect("the socket is open");
        if !f["event"].is_null() && f["event"]["type"] != json!("start") {
            return f;
        }
    }
}

/// What a session speaking `lex` says of 1. e4 (the oracle is the
/// variant's own wording, not a sentence copied from the hall).
fn e4_in(lex: Lexicon) -> String {
    let rules = Chess::default();
    let start = rules.initial_position();
    let Reading::Legal { mv, .. } = rules.read_move(&start, "e4") else {
        panic!("e4 is legal");
    };
    rules.say_move(&start, &mv, lex)
}

/// The text of the frame's announcement of `kind`.
fn said(frame: &Value, kind: &str) -> String {
    let all = frame["announcements"]
        .as_array()
        .unwrap_or_else(|| panic!("{frame}"));
    let found = all.iter().find(|a| a["kind"] == kind);
    let text = found.and_then(|a| a["text"].as_str());
    text.unwrap_or_else(|| panic!("no {kind} in {frame}"))
        .to_string()
}

fn cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_announced_in_the_language_of_each_socket() {
    let db = Db::sqlite();
    let (running, c) = db.hall().await;
    let g = create(&c, json!({"black": "human"})).await;
    let (id, w) = (s(&g, "id"), s(&g, "white_token"));
    let queries = [
        ("lang=en", Lexicon::En),
        ("lang=ru", Lexicon::Ru),
        ("lang=de", Lexicon::FideDe),
        ("lang=ru&lexicon=ru-fide", Lexicon::RuFide),
        ("lexicon=nato", Lexicon::Nato),
        ("", Lexicon::En),
    ];
    let mut sockets = Vec::new();
    for (q, lex) in queries {
        let path = format!("/api/games/{id}/ws?{q}");
        let mut ws = WsClient::connect(running.addr, &path).await.expect("ws");
        let first = ws.next().await.expect("the state first");
        assert_eq!(first["event"], Value::Null);
        assert_eq!(first["announcements"], json!([]), "{first}");
        sockets.push((q, lex, ws));
    }
    let (st, v) = post(&c, id, w, mv("e4")).await;
    assert_eq!(st, 200, "{v}");
    let mut heard = Vec::new();
    for (q, lex, ws) in &mut sockets {
        let f = next_event(ws).await;
        // The keys every client reads are still there.
        assert_eq!(f["seq"], json!(2), "{f}");
        assert_eq!(f["event"]["move"], "e4", "{f}");
        assert_eq!(f["state"]["ply"], json!(1), "{f}");
        assert_eq!(said(&f, "move"), e4_in(*lex), "{q}: {f}");
        // The first move started the clock, said in the same words.
        let started = announce::text(*lex, &Kind::Started { side: Side::White });
        assert_eq!(said(&f, "started"), started, "{q}: {f}");
        heard.push((*q, said(&f, "move")));
    }
    let (en, ru, de) = (&heard[0].1, &heard[1].1, &heard[2].1);
    assert!(cyrillic(ru) && !cyrillic(en), "{ru} / {en}");
    assert!(en != ru && en != de && ru != de, "{heard:?}");
    // A reconnect with `since` reads the missed frame from the store, with
    // the same words.
    let mut again = WsClient::connect(running.addr, &format!("/api/games/{id}/ws?since=0&lang=ru"))
        .await
        .expect("ws");
    let f = next_event(&mut again).await;
    assert_eq!(
        (f["seq"].clone(), said(&f, "move")),
        (json!(2), ru.clone()),
        "{f}"
    );
    running.kill();
}
