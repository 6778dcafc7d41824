//! A 9-round Swiss of 24 players played end to end in the hall by scripted
//! clients, on SQLite and on PostgreSQL: created, registered, each round
//! paired, each game played to a result (a resignation, an agreed draw, the
//! arbiter's declared result, a forfeit), the standings read and the TRF
//! downloaded and read back by `arbiter-tournament`.

mod common;

use arbiter_server::client::HttpClient;
use arbiter_tournament::trf;
use common::*;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

const PLAYERS: usize = 24;
const ROUNDS: usize = 9;

async fn ok(
    c: &HttpClient,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Value {
    let (status, v) = c.json(method, path, token, body).await.expect("request");
    assert!(
        (200..300).contains(&status),
        "{method} {path}: {status} {v}"
    );
    v
}

async fn status(
    c: &HttpClient,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> u16 {
    c.json(method, path, token, body).await.expect("request").0
}

/// Plays one game to a result chosen by `how`, and returns the points
/// White and Black must get (the test's own oracle).
async fn play(c: &HttpClient, game: &str, tokens: [&str; 3], how: usize) -> (f64, f64) {
    let [white, black, arbiter] = tokens;
    let ev = format!("/api/games/{game}/events");
    if how == 4 {
        // The arbiter declares a result before any move: a forfeit.
        ok(
            c,
            "POST",
            &ev,
            Some(arbiter),
            Some(&json!({"type":"arbiter","action":"declare_result","result":"0-1"})),
        )
        .await;
        return (0.0, 1.0);
    }
    ok(
        c,
        "POST",
        &ev,
        Some(white),
        Some(&json!({"type":"move","move":"e4"})),
    )
    .await;
    ok(
        c,
        "POST",
        &ev,
        Some(black),
        Some(&json!({"type":"move","move":"e5"})),
    )
    .await;
    match how {
        0 => {
            ok(c, "POST", &ev, Some(black), Some(&json!({"type":"resign"}))).await;
            (1.0, 0.0)
        }
        1 => {
            ok(c, "POST", &ev, Some(white), Some(&json!({"type":"resign"}))).await;
            (0.0, 1.0)
        }
        2 => {
            ok(
                c,
                "POST",
                &ev,
                Some(white),
                Some(&json!({"type":"offer_draw"})),
            )
            .await;
            ok(
                c,
                "POST",
                &ev,
                Some(black),
                Some(&json!({"type":"accept_draw"})),
            )
            .await;
            (0.5, 0.5)
        }
        _ => {
            ok(
                c,
                "POST",
                &ev,
                Some(arbiter),
                Some(&json!({"type":"arbiter","action":"declare_result","result":"1-0"})),
            )
            .await;
            (1.0, 0.0)
        }
    }
}

async fn swiss(db: Db) {
    let (_hall, c) = db.hall().await;
    let created = ok(&c, "POST", "/api/tournaments", None, Some(&json!({
        "name": "Hall Open", "system": "dutch", "rounds": ROUNDS, "time_control": "600+5", "edition": "2023"
    }))).await;
    let id = created["id"].as_str().expect("id").to_owned();
    let arbiter = created["arbiter_token"].as_str().expect("token").to_owned();
    assert_eq!(
        created["registration_url"],
        format!("/tournaments/{id}#register")
    );
    let base = format!("/api/tournaments/{id}");
    assert_eq!(
        status(
            &c,
            "POST",
            &format!("{base}/players"),
            None,
            Some(&json!({}))
        )
        .await,
        400
    );
    let mut tokens: BTreeMap<u64, String> = BTreeMap::new();
    for i in 0..PLAYERS {
        let body = json!({"name": format!("Player{i:02}, A"), "rating": 2000 + 10 * i, "fide_id": format!("{}", 4_100_000 + i)});
        let v = ok(&c, "POST", &format!("{base}/players"), None, Some(&body)).await;
        tokens.insert(
            v["player"].as_u64().expect("n"),
            v["token"].as_str().expect("t").to_owned(),
        );
    }
    let rounds_path = format!("{base}/rounds");
    assert_eq!(status(&c, "POST", &rounds_path, None, None).await, 401);
    assert_eq!(
        status(&c, "POST", &rounds_path, Some(&tokens[&1]), None).await,
        403
    );
    let mut oracle: BTreeMap<u64, f64> = tokens.keys().map(|k| (*k, 0.0)).collect();
    let mut met: BTreeSet<(u64, u64)> = BTreeSet::new();
    for round in 1..=ROUNDS {
        let r = ok(&c, "POST", &rounds_path, Some(&arbiter), None).await;
        assert_eq!(r["round"], round);
        let boards = r["boards"].as_array().expect("boards").clone();
        assert_eq!(boards.len(), PLAYERS / 2);
        assert!(r["bye"].is_null());
        if round == 1 {
            assert_eq!(
                status(
                    &c,
                    "POST",
                    &format!("{base}/players"),
                    None,
                    Some(&json!({"name": "Late, L"}))
                )
                .await,
                409
            );
            assert_eq!(
                status(&c, "POST", &rounds_path, Some(&arbiter), None).await,
                409,
                "round 1 is not over"
            );
            // The top seed (the highest rating) plays board 1.
            assert_eq!(
                boards[0]["white"]["rank"]
                    .as_u64()
                    .min(boards[0]["black"]["rank"].as_u64()),
                Some(1)
            );
        }
        for (i, b) in boards.iter().enumerate() {
            let (w, bl) = (
                b["white"]["player"].as_u64().expect("w"),
                b["black"]["player"].as_u64().expect("b"),
            );
            assert!(
                met.insert((w.min(bl), w.max(bl))),
                "round {round}: {w} and {bl} met before"
            );
            let page = ok(
                &c,
                "GET",
                &format!("{base}/players/{w}"),
                Some(&tokens[&w]),
                None,
            )
            .await;
            let next = &page["next_game"];
            assert_eq!(next["game"], b["game"]);
            assert_eq!(next["colour"], "white");
            assert!(next["url"].as_str().expect("url").contains(&tokens[&w]));
            let game = b["game"].as_str().expect("game");
            let how = if round == 2 && i == 0 {
                4
            } else {
                (round + i) % 4
            };
            let (pw, pb) = play(&c, game, [&tokens[&w], &tokens[&bl], &arbiter], how).await;
            *oracle.get_mut(&w).expect("w") += pw;
            *oracle.get_mut(&bl).expect("b") += pb;
        }
    }
    assert_eq!(
        status(&c, "POST", &rounds_path, Some(&arbiter), None).await,
        409,
        "every round is paired"
    );
    assert_eq!(
        status(
            &c,
            "GET",
            &format!("{base}/players/1"),
            Some(&tokens[&2]),
            None
        )
        .await,
        403
    );
    let t = ok(&c, "GET", &base, None, None).await;
    assert_eq!(t["status"], "finished");
    let st = ok(&c, "GET", &format!("{base}/standings"), None, None).await;
    assert_eq!(st["round"], ROUNDS);
    let rows = st["standings"].as_array().expect("rows");
    assert_eq!(rows.len(), PLAYERS);
    for row in rows {
        let n = row["player"].as_u64().expect("player");
        assert_eq!(row["points"].as_f64(), Some(oracle[&n]), "player {n}");
        assert!(row["tiebreaks"]["BH:C1"].is_number());
    }
    let ranks: Vec<f64> = rows
        .iter()
        .map(|r| r["points"].as_f64().expect("p"))
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] >= w[1]), "ranked by points");
    let (code, text) = c
        .call("GET", &format!("{base}/trf"), None, None)
        .await
        .expect("trf");
    assert_eq!(code, 200);
    let back = trf::parse(&text).expect("the TRF reads back");
    assert_eq!(back.players.len(), PLAYERS);
    assert_eq!(back.paired_rounds(), ROUNDS);
    assert_eq!(back.name(), Some("Hall Open"));
    assert_eq!(trf::write(&back), text, "written back identically");
    for row in rows {
        let rank = u16::try_from(row["id"].as_u64().expect("id")).expect("rank");
        assert_eq!(
            Some(back.points_after(rank, ROUNDS).as_f64()),
            row["points"].as_f64()
        );
    }
    // The forfeit of round 2, board 1 is a forfeit in the report file.
    assert!(
        text.contains(" - -") || text.contains(" w -") || text.contains(" b -"),
        "{text}"
    );
    words(&c, &base).await;
}

/// The pairings and standings in words and braille.
async fn words(c: &HttpClient, base: &str) {
    let ru = ok(c, "GET", &format!("{base}/rounds/1?lang=ru"), None, None).await;
    let line = ru["words"][1].as_str().expect("line");
    assert!(line.starts_with("Тур 1, доска 1: белые — "), "{line}");
    let de = ok(c, "GET", &format!("{base}/standings?lang=de"), None, None).await;
    assert!(
        de["words"][0]
            .as_str()
            .expect("heading")
            .starts_with("Tabelle nach Runde 9")
    );
    let (code, brf) = c
        .call("GET", &format!("{base}/standings?format=brf"), None, None)
        .await
        .expect("brf");
    assert_eq!(code, 200);
    assert!(brf.is_ascii());
    assert!(
        brf.split("\r\n")
            .all(|l| l.trim_start_matches('\u{c}').chars().count() <= 40)
    );
    assert_eq!(
        c.json("GET", &format!("{base}/rounds/10"), None, None)
            .await
            .expect("r")
            .0,
        404
    );
    assert_eq!(
        c.json("GET", &format!("{base}/standings?tiebreak=XX"), None, None)
            .await
            .expect("r")
            .0,
        400
    );
    assert_eq!(
        c.json("GET", "/api/tournaments/nosuchtournament", None, None)
            .await
            .expect("r")
            .0,
        404
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_is_played_in_the_hall_on_sqlite() {
    swiss(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_is_played_in_the_hall_on_postgres() {
    if let Some(db) = Db::postgres("tournament").await {
        swiss(db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_pairs_by_the_berger_tables() {
    let db = Db::sqlite();
    let (_hall, c) = db.hall().await;
    let v = ok(
        &c,
        "POST",
        "/api/tournaments",
        None,
        Some(&json!({"system": "berger"})),
    )
    .await;
    let (id, arbiter) = (
        v["id"].as_str().expect("id"),
        v["arbiter_token"].as_str().expect("t"),
    );
    for i in 0..5 {
        ok(
            &c,
            "POST",
            &format!("/api/tournaments/{id}/players"),
            None,
            Some(&json!({"name": format!("P{i}"), "rating": 1500 - i})),
        )
        .await;
    }
    let r = ok(
        &c,
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        Some(arbiter),
        None,
    )
    .await;
    // Berger table for 6 (5 and a bye), round 1: 1-6 (the bye), 2-5, 3-4.
    assert_eq!(r["bye"]["rank"], 1);
    let pairs: Vec<(u64, u64)> = r["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|b| {
            (
                b["white"]["rank"].as_u64().expect("w"),
                b["black"]["rank"].as_u64().expect("b"),
            )
        })
        .collect();
    assert_eq!(pairs, vec![(2, 5), (3, 4)]);
    assert_eq!(
        ok(&c, "GET", &format!("/api/tournaments/{id}"), None, None).await["rounds"],
        5
    );
    let doc = ok(&c, "GET", "/api/openapi.json", None, None).await;
    for path in [
        "/api/tournaments",
        "/api/tournaments/{id}/rounds/{n}",
        "/api/tournaments/{id}/trf",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} documented");
    }
}
