//! A 9-round Swiss of 24 players played end to end in the hall by scripted
//! clients, on SQLite and on PostgreSQL: created, registered, each round
//! paired, each game played to a result (a resignation, an agreed draw, the
//! arbiter's declared result, a forfeit), the standings read and the TRF
//! downloaded and read back by `arbiter-tournament`. An event as an
//! arbiter runs it (a withdrawal, a half-point bye, a late entry), its
//! report file paired again by `arbiter-tournament` to the same next
//! round, and a double round robin played through.

mod common;

use arbiter_server::client::HttpClient;
use arbiter_tournament::{berger, dutch, trf};
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
            let close = json!({"open": false});
            let reg = format!("{base}/registration");
            assert_eq!(
                status(&c, "POST", &reg, Some(&tokens[&1]), Some(&close)).await,
                403
            );
            ok(&c, "POST", &reg, Some(&arbiter), Some(&close)).await;
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
        "/api/tournaments/{id}/players/{n}/withdraw",
        "/api/tournaments/{id}/players/{n}/byes",
        "/api/tournaments/{id}/registration",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} documented");
    }
}

/// The hall's round as `(white, black)` starting ranks and the bye's.
fn hall_pairing(r: &Value) -> (Vec<(u64, u64)>, Option<u64>) {
    let boards = r["boards"]
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
    (boards, r["bye"]["rank"].as_u64())
}

/// Reads the report file, checks it reads back identically, and pairs its
/// next round as `arbiter pair` does (the library call).
async fn trf_next(c: &HttpClient, base: &str) -> (String, (Vec<(u64, u64)>, Option<u64>)) {
    let (code, text) = c
        .call("GET", &format!("{base}/trf"), None, None)
        .await
        .expect("trf");
    assert_eq!(code, 200);
    let t = trf::parse(&text).expect("the TRF reads back");
    assert_eq!(trf::write(&t), text, "written back identically");
    let p = dutch::pair(&t, t.paired_rounds() + 1).expect("arbiter pair pairs it");
    let boards = p
        .boards
        .iter()
        .map(|b| (u64::from(b.white), u64::from(b.black)))
        .collect();
    (text, (boards, p.bye.map(u64::from)))
}

/// The `001` line of the player with starting rank `rank`.
fn trf_line(text: &str, rank: u64) -> String {
    let head = format!("001 {rank:>4} ");
    text.lines()
        .find(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no 001 line for {rank} in\n{text}"))
        .to_owned()
}

/// The columns of round `round` of a `001` line.
fn trf_round(line: &str, round: usize) -> String {
    let at = 91 + 10 * (round - 1);
    line.get(at..at + 8).unwrap_or("").to_owned()
}

/// The starting rank of registration number `n`, as the hall says now.
async fn rank_of(c: &HttpClient, base: &str, n: u64) -> u64 {
    let t = ok(c, "GET", base, None, None).await;
    t["players"][usize::try_from(n - 1).expect("n")]["rank"]
        .as_u64()
        .expect("ranked")
}

/// Plays every game of a paired round, adding each side's points to the
/// oracle (a forfeit board of a round robin is already decided).
async fn play_round(
    c: &HttpClient,
    r: &Value,
    tokens: &BTreeMap<u64, String>,
    arbiter: &str,
    oracle: &mut BTreeMap<u64, f64>,
) {
    let round = usize::try_from(r["round"].as_u64().expect("round")).expect("r");
    for (i, b) in r["boards"].as_array().expect("boards").iter().enumerate() {
        let (w, bl) = (
            b["white"]["player"].as_u64().expect("w"),
            b["black"]["player"].as_u64().expect("b"),
        );
        let Some(game) = b["game"].as_str() else {
            continue;
        };
        let how = (round + i) % 3;
        let (pw, pb) = play(c, game, [&tokens[&w], &tokens[&bl], arbiter], how).await;
        *oracle.entry(w).or_default() += pw;
        *oracle.entry(bl).or_default() += pb;
    }
    if let Some(p) = r["bye"]["player"].as_u64() {
        *oracle.entry(p).or_default() += 1.0;
    }
}

/// Pairs the next round in the hall and checks it against `arbiter pair`
/// on the report file read just before.
async fn pair_and_compare(c: &HttpClient, base: &str, arbiter: &str) -> (Value, String) {
    let (text, expected) = trf_next(c, base).await;
    let r = ok(c, "POST", &format!("{base}/rounds"), Some(arbiter), None).await;
    assert_eq!(
        hall_pairing(&r),
        expected,
        "round {}: the hall and the report file pair alike",
        r["round"]
    );
    (r, text)
}

/// A Swiss of seven players and a late entry, as the test drives it:
/// Petrova (registration 2) takes a half-point bye in round 3, a late
/// entry joins in round 2, Ivanov (registration 5) withdraws after round 2.
struct Event<'a> {
    c: &'a HttpClient,
    base: String,
    arbiter: String,
    tokens: BTreeMap<u64, String>,
    oracle: BTreeMap<u64, f64>,
}

const PETROVA: u64 = 2;
const IVANOV: u64 = 5;

impl<'a> Event<'a> {
    async fn open(c: &'a HttpClient) -> Event<'a> {
        let body =
            json!({"name": "Club Swiss", "system": "dutch", "rounds": 5, "max_half_byes": 1});
        let created = ok(c, "POST", "/api/tournaments", None, Some(&body)).await;
        let base = format!("/api/tournaments/{}", created["id"].as_str().expect("id"));
        let arbiter = created["arbiter_token"].as_str().expect("t").to_owned();
        assert_eq!(ok(c, "GET", &base, None, None).await["max_half_byes"], 1);
        let mut e = Event {
            c,
            base,
            arbiter,
            tokens: BTreeMap::new(),
            oracle: BTreeMap::new(),
        };
        for i in 0..7u64 {
            e.register(&format!("Player{i}, A"), 2000 + 20 * i).await;
        }
        e
    }

    async fn register(&mut self, name: &str, rating: u64) -> u64 {
        let body = json!({"name": name, "rating": rating});
        let v = ok(
            self.c,
            "POST",
            &format!("{}/players", self.base),
            None,
            Some(&body),
        )
        .await;
        let n = v["player"].as_u64().expect("n");
        self.tokens
            .insert(n, v["token"].as_str().expect("t").to_owned());
        self.oracle.insert(n, 0.0);
        n
    }

    /// The status of a request with player `who`'s token (0: none).
    async fn code(&self, method: &str, path: &str, who: u64, body: Option<&Value>) -> u16 {
        status(
            self.c,
            method,
            path,
            self.tokens.get(&who).map(String::as_str),
            body,
        )
        .await
    }

    /// Petrova's byes: refused to others and past the limit, cancelled,
    /// and asked for round 3 at last.
    async fn petrova_asks_a_bye(&self) {
        let byes = format!("{}/players/{PETROVA}/byes", self.base);
        let half3 = json!({"round": 3, "points": "half"});
        assert_eq!(self.code("POST", &byes, 0, Some(&half3)).await, 401);
        assert_eq!(self.code("POST", &byes, 1, Some(&half3)).await, 403);
        let all = json!({"round": 3, "points": "all"});
        assert_eq!(self.code("POST", &byes, PETROVA, Some(&all)).await, 400);
        assert_eq!(
            self.code("POST", &byes, PETROVA, Some(&json!({"round": 6})))
                .await,
            409
        );
        let asked = ok(
            self.c,
            "POST",
            &byes,
            Some(&self.tokens[&PETROVA]),
            Some(&json!({"round": 4})),
        )
        .await;
        assert_eq!(asked["points"], "half");
        // The event allows one half-point bye: a second is refused.
        let (code, v) = self
            .c
            .json("POST", &byes, Some(&self.tokens[&PETROVA]), Some(&half3))
            .await
            .expect("r");
        assert_eq!(code, 409, "{v}");
        assert!(
            v["reason"]
                .as_str()
                .expect("reason")
                .contains("1 half-point byes"),
            "{v}"
        );
        let cancel = format!("{byes}?round=4");
        assert_eq!(self.code("DELETE", &cancel, PETROVA, None).await, 200);
        assert_eq!(
            self.code("DELETE", &cancel, PETROVA, None).await,
            409,
            "cancelled once"
        );
        assert_eq!(self.code("POST", &byes, PETROVA, Some(&half3)).await, 201);
    }

    async fn pair(&self) -> (Value, String) {
        pair_and_compare(self.c, &self.base, &self.arbiter).await
    }

    async fn play(&mut self, r: &Value) {
        play_round(self.c, r, &self.tokens, &self.arbiter, &mut self.oracle).await;
    }

    /// Round 1; a late entry registers while it is played and joins in
    /// round 2, his round 1 an unpaired zero.
    async fn late_entry_joins(&mut self) {
        let (r1, _) = self.pair().await;
        let late = self.register("Latecomer, L", 2200).await;
        let past = format!("{}/players/{late}/byes", self.base);
        assert_eq!(
            self.code("POST", &past, late, Some(&json!({"round": 1})))
                .await,
            409,
            "a past round is not his to change"
        );
        self.play(&r1).await;
        let (r2, text) = self.pair().await;
        let rank = rank_of(self.c, &self.base, late).await;
        assert_eq!(rank, 1, "ranked again by rating before round 4 (C.04.2)");
        assert_eq!(trf_round(&trf_line(&text, rank), 1), "0000 - Z");
        let (boards, _) = hall_pairing(&r2);
        assert!(
            boards.iter().any(|(w, b)| *w == rank || *b == rank),
            "the late entry plays round 2"
        );
        self.play(&r2).await;
    }

    /// Ivanov withdraws after round 2 with his own token; round 3 leaves
    /// him and Petrova out, the TRF and the words say why.
    async fn ivanov_withdraws(&mut self) {
        let wd = format!("{}/players/{IVANOV}/withdraw", self.base);
        assert_eq!(self.code("POST", &wd, 1, None).await, 403);
        assert_eq!(
            self.code("POST", &wd, IVANOV, Some(&json!({"from_round": 1})))
                .await,
            409
        );
        let w = ok(self.c, "POST", &wd, Some(&self.tokens[&IVANOV]), None).await;
        assert_eq!(w["withdrawn_from"], 3);
        let (r3, text) = self.pair().await;
        let ivanov = rank_of(self.c, &self.base, IVANOV).await;
        let petrova = rank_of(self.c, &self.base, PETROVA).await;
        for round in 3..=5 {
            assert_eq!(
                trf_round(&trf_line(&text, ivanov), round),
                "0000 - Z",
                "withdrawn in round {round}"
            );
        }
        assert_eq!(trf_round(&trf_line(&text, petrova), 3), "0000 - H");
        let (boards, bye) = hall_pairing(&r3);
        let out = [ivanov, petrova];
        assert!(
            boards
                .iter()
                .all(|(w, b)| !out.contains(w) && !out.contains(b))
        );
        assert!(!bye.is_some_and(|p| out.contains(&p)));
        assert_eq!(boards.len(), 3, "eight players less two: three boards");
        let said = r3["words"].to_string();
        assert!(
            said.contains("Player4, A withdrew")
                && said.contains("Player1, A: half-point bye, round 3"),
            "{said}"
        );
        let kinds: Vec<&str> = r3["absent"]
            .as_array()
            .expect("absent")
            .iter()
            .filter_map(|a| a["kind"].as_str())
            .collect();
        assert_eq!(kinds, ["half_bye", "withdrawn"]);
        let page = format!("{}/players/{PETROVA}?lang=de", self.base);
        let page = ok(self.c, "GET", &page, Some(&self.tokens[&PETROVA]), None).await;
        assert_eq!(
            page["words"][0],
            "Player1, A: spielfrei mit halbem Punkt, Runde 3"
        );
        let cancel = format!("{}/players/{PETROVA}/byes?round=3", self.base);
        assert_eq!(
            self.code("DELETE", &cancel, PETROVA, None).await,
            409,
            "round 3 is paired"
        );
        self.play(&r3).await;
        *self.oracle.get_mut(&PETROVA).expect("p") += 0.5;
    }
}

/// A Swiss as an arbiter runs it: a half-point bye asked for round 3, a
/// late entry joining in round 2, a withdrawal after round 2; each round
/// the report file, read back and paired by the library, gives the same
/// pairing as the hall, and the standings the points the test expects.
async fn real_event(db: Db) {
    let (_hall, c) = db.hall().await;
    let mut e = Event::open(&c).await;
    e.petrova_asks_a_bye().await;
    e.late_entry_joins().await;
    e.ivanov_withdraws().await;
    for round in 4..=5 {
        let (r, _) = e.pair().await;
        if round == 5 {
            // Withdrawing once the last round is paired: from that round,
            // and his game there stays to be played (or forfeited).
            let wd = format!("{}/players/1/withdraw", e.base);
            let w = ok(&c, "POST", &wd, Some(&e.tokens[&1]), None).await;
            assert_eq!(w["withdrawn_from"], 5);
        }
        e.play(&r).await;
    }
    let st = ok(&c, "GET", &format!("{}/standings", e.base), None, None).await;
    assert_eq!(st["round"], 5);
    for row in st["standings"].as_array().expect("rows") {
        let n = row["player"].as_u64().expect("n");
        assert_eq!(row["points"].as_f64(), Some(e.oracle[&n]), "player {n}");
        let withdrawn = match n {
            IVANOV => json!(3),
            1 => json!(5),
            _ => Value::Null,
        };
        assert_eq!(row["withdrawn_from"], withdrawn, "player {n}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn withdrawals_byes_and_late_entries_on_sqlite() {
    real_event(Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn withdrawals_byes_and_late_entries_on_postgres() {
    if let Some(db) = Db::postgres("tournament_event").await {
        real_event(db).await;
    }
}

/// A POST asked with `Accept-Language: ru`: the status and the body.
async fn in_russian(
    addr: std::net::SocketAddr,
    path: &str,
    token: &str,
    body: &str,
) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Language: ru\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("read");
    let text = String::from_utf8_lossy(&out).into_owned();
    let code = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (code, body.to_owned())
}

/// Round 6 of the double round robin: the board of the withdrawn player
/// 4 has no game and a forfeit; its winner.
fn forfeit_winner(r: &Value) -> u64 {
    let b = r["boards"]
        .as_array()
        .expect("b")
        .iter()
        .find(|b| b["white"]["player"] == 4 || b["black"]["player"] == 4)
        .expect("his board");
    assert!(b["game"].is_null(), "no game against a withdrawn player");
    let (won, winner) = if b["white"]["player"] == 4 {
        ("0-1", &b["black"])
    } else {
        ("1-0", &b["white"])
    };
    assert_eq!(b["result"], won);
    winner["player"].as_u64().expect("p")
}

/// A double round robin of four: six rounds by the Berger tables, the
/// second cycle with colours reversed, each pair meeting once with each
/// colour; a withdrawal before the last round makes its board a forfeit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_round_robin_is_played_through() {
    let db = Db::sqlite();
    let (hall, c) = db.hall().await;
    assert_eq!(
        status(
            &c,
            "POST",
            "/api/tournaments",
            None,
            Some(&json!({"system": "dutch", "double": true}))
        )
        .await,
        400
    );
    let v = ok(
        &c,
        "POST",
        "/api/tournaments",
        None,
        Some(&json!({"system": "berger", "double": true})),
    )
    .await;
    let base = format!("/api/tournaments/{}", v["id"].as_str().expect("id"));
    let arbiter = v["arbiter_token"].as_str().expect("t").to_owned();
    let mut tokens = BTreeMap::new();
    for i in 0..4u64 {
        let p = ok(
            &c,
            "POST",
            &format!("{base}/players"),
            None,
            Some(&json!({"name": format!("P{i}"), "rating": 1500 - i})),
        )
        .await;
        tokens.insert(
            p["player"].as_u64().expect("n"),
            p["token"].as_str().expect("t").to_owned(),
        );
    }
    let mut oracle = BTreeMap::new();
    let mut games: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    for round in 1..=6usize {
        if round == 6 {
            ok(
                &c,
                "POST",
                &format!("{base}/players/4/withdraw"),
                Some(&arbiter),
                None,
            )
            .await;
        }
        let r = ok(&c, "POST", &format!("{base}/rounds"), Some(&arbiter), None).await;
        if round == 1 {
            assert_eq!(ok(&c, "GET", &base, None, None).await["rounds"], 6);
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
            let path = format!("{base}/players/1/byes");
            let (code, said) = in_russian(hall.addr, &path, &tokens[&1], r#"{"round": 3}"#).await;
            assert_eq!(code, 409, "{said}");
            assert!(
                said.contains("круговой турнир"),
                "refused in Russian: {said}"
            );
        }
        let (boards, bye) = hall_pairing(&r);
        assert_eq!(bye, None);
        let table = berger::round(4, round, true).expect("table");
        let expected: Vec<(u64, u64)> = table
            .boards
            .iter()
            .map(|b| (u64::from(b.white), u64::from(b.black)))
            .collect();
        assert_eq!(
            boards, expected,
            "round {round}: arbiter pair --system berger --double"
        );
        for (w, b) in &boards {
            *games.entry((*w, *b)).or_default() += 1;
        }
        if round == 6 {
            *oracle.entry(forfeit_winner(&r)).or_default() += 1.0;
        }
        play_round(&c, &r, &tokens, &arbiter, &mut oracle).await;
    }
    // Each pair met twice, once with each colour.
    for a in 1..=4u64 {
        for b in (a + 1)..=4 {
            assert_eq!(
                (games.get(&(a, b)), games.get(&(b, a))),
                (Some(&1), Some(&1)),
                "{a} and {b}"
            );
        }
    }
    let st = ok(&c, "GET", &format!("{base}/standings"), None, None).await;
    assert_eq!(st["round"], 6);
    for row in st["standings"].as_array().expect("rows") {
        let n = row["player"].as_u64().expect("n");
        assert_eq!(
            row["points"].as_f64(),
            Some(oracle.get(&n).copied().unwrap_or(0.0)),
            "player {n}"
        );
    }
    let (_, text) = c
        .call("GET", &format!("{base}/trf"), None, None)
        .await
        .expect("trf");
    let t = trf::parse(&text).expect("reads back");
    assert_eq!(t.paired_rounds(), 6);
}
