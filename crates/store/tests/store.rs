//! One suite, two databases: every case runs on SQLite (a temporary file)
//! and on PostgreSQL (its own schema), and must give the same answers.
//!
//! PostgreSQL comes from `scripts/postgres.sh`, which prints the
//! `ARBITER_TEST_PG_URL` these tests read. Without it they fail, unless
//! `ARBITER_SKIP_PG=1` says to skip the PostgreSQL half (loudly).

use std::collections::{BTreeMap, BTreeSet};
use std::io::BufRead;
use std::process::{Command, Stdio};
use std::time::Duration;

use arbiter_store::{
    GameId, GameMeta, GameSettings, Kind, NewGame, Notice, Seat, SeatKind, Status, Store,
    StoreError, Subscription, Token,
};

mod common;

use common::Db;

/// Bound on waiting for a notice, so a missing notice fails the test instead
/// of hanging it. Not a timing assertion: a notice normally comes at once.
const NOTICE_WAIT: Duration = Duration::from_secs(30);
/// Five seconds: the hall's lease.
const LEASE: Duration = Duration::from_secs(5);

// ---------------------------------------------------------------- harness

struct Harness {
    db: Db,
}

impl Harness {
    fn sqlite() -> Harness {
        // A directory that does not exist yet: connect must create it.
        Harness {
            db: Db::sqlite("new dir/arbiter.sqlite"),
        }
    }

    /// `None` (after saying so) when PostgreSQL is skipped.
    async fn postgres(case: &str) -> Option<Harness> {
        Some(Harness {
            db: Db::postgres("t", case).await?,
        })
    }

    fn url(&self) -> String {
        self.db.url()
    }

    async fn open(&self) -> Store {
        self.db.open().await
    }

    /// The three stored token hashes of a game, read around the store.
    async fn raw_hashes(&self, id: &GameId) -> Vec<Option<Vec<u8>>> {
        type Row = (Option<Vec<u8>>, Option<Vec<u8>>, Option<Vec<u8>>);
        let sql = "SELECT white_hash, black_hash, arbiter_hash FROM games WHERE id = $1";
        let row: Row = match &self.db {
            Db::Sqlite { path, .. } => {
                let options = sqlx::sqlite::SqliteConnectOptions::new().filename(path);
                let pool = sqlx::SqlitePool::connect_with(options)
                    .await
                    .expect("raw sqlite");
                let row = sqlx::query_as(sql).bind(id.as_str()).fetch_one(&pool).await;
                pool.close().await;
                row.expect("row")
            }
            Db::Postgres { .. } => {
                let pool = sqlx::PgPool::connect(&self.url())
                    .await
                    .expect("raw postgres");
                let row = sqlx::query_as(sql).bind(id.as_str()).fetch_one(&pool).await;
                pool.close().await;
                row.expect("row")
            }
        };
        vec![row.0, row.1, row.2]
    }

    async fn cleanup(self) {
        self.db.cleanup().await;
    }
}

/// The SHA-256 of `text` in hex, by coreutils' `sha256sum`: an oracle
/// independent of the store's hashing.
fn sha256sum(text: &str) -> String {
    use std::io::Write;
    let mut child = Command::new("sha256sum")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sha256sum (coreutils)");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(text.as_bytes()).expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("sha256sum output");
    let out = String::from_utf8(out.stdout).expect("utf-8");
    out.split_whitespace().next().expect("a hash").to_owned()
}

/// Runs each named case on SQLite and on PostgreSQL.
macro_rules! both {
    ($($case:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let h = super::Harness::sqlite();
                    super::$case(&h).await;
                    h.cleanup().await;
                }
            )*
        }
        mod on_postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let Some(h) = super::Harness::postgres(stringify!($case)).await else {
                        return;
                    };
                    super::$case(&h).await;
                    h.cleanup().await;
                }
            )*
        }
    };
}

both!(
    create_and_read_back,
    appends_are_numbered_from_one_in_order,
    expected_seq_conflicts_write_nothing,
    log_round_trip_is_byte_identical,
    bad_input_is_refused_and_unknown_ids_are_not_found,
    list_by_status,
    tokens_verify_per_seat_and_game,
    concurrent_appends_are_gap_free,
    concurrent_appends_from_two_pools_are_gap_free,
    optimistic_appends_with_expected_seq_never_clash,
    notices_follow_commits,
    lease_moves_to_another_instance_after_expiry,
    a_game_created_leased_is_its_creators_from_the_start,
    one_of_racing_instances_wins_an_expired_lease,
    data_survives_reopening,
    acknowledged_events_survive_kill_9,
    renew_all_renews_exactly_this_instances_games,
    renew_all_renews_more_games_than_one_statement_takes,
    events_since_comes_in_pages,
    appends_committed_together_are_answered_each_on_its_own,
);

// ---------------------------------------------------------------- helpers

const HEADER: &str = r#"{"format":"arbiter-log","version":1,"edition":"2023","time_control":"300+3","white":"Anna","black":"Boris"}"#;

fn meta() -> GameMeta {
    GameMeta {
        variant: arbiter_rules::Variant::Chess,
        kind: Kind::Online,
        white_name: Some("Anna".into()),
        black_name: Some("Boris".into()),
        time_control: Some("300+3".into()),
        extra: GameSettings {
            edition: Some(arbiter_rules::Edition::E2023),
            black: Some(SeatKind::Engine),
            ..GameSettings::default()
        },
    }
}

fn new_game() -> NewGame {
    NewGame {
        meta: meta(),
        header_line: HEADER.into(),
        ..NewGame::default()
    }
}

fn event(at: u64) -> String {
    format!(r#"{{"at":{at},"type":"press","side":"white"}}"#)
}

async fn next_notice(sub: &mut Subscription) -> Notice {
    tokio::time::timeout(NOTICE_WAIT, sub.recv())
        .await
        .expect("a notice within the bound")
        .expect("the store is open")
}

/// Checks that the log of `id` is exactly seqs 1..=n, each with the line
/// `lines[seq]`.
async fn assert_log_matches(store: &Store, id: &GameId, lines: &BTreeMap<u64, String>) {
    let log = store.log(id).await.expect("log");
    let seqs: Vec<u64> = log.events.iter().map(|e| e.seq).collect();
    let want: Vec<u64> = (1..=lines.len() as u64).collect();
    assert_eq!(seqs, want, "seqs must be 1..=n without gaps or duplicates");
    for e in &log.events {
        assert_eq!(Some(&e.line), lines.get(&e.seq), "line at seq {}", e.seq);
    }
}

// ---------------------------------------------------------------- cases

async fn create_and_read_back(h: &Harness) {
    let store = h.open().await;
    let id = store.create_game(&new_game()).await.expect("create");
    let other = store.create_game(&new_game()).await.expect("create");
    assert_ne!(id, other, "ids are fresh");
    assert_eq!(
        id.as_str().parse::<GameId>().ok(),
        Some(id.clone()),
        "ids are URL-safe"
    );

    let game = store.game(&id).await.expect("game");
    assert_eq!(game.id, id);
    assert_eq!(game.meta, meta());
    assert_eq!(game.status, Status::Live);
    assert_eq!(game.last_seq, 0);
    assert_eq!((game.owner, game.lease_until_ms), (None, None));
    // The database clock: after 2020-01-01 and before 2200-01-01.
    assert!((1_577_836_800_000..7_258_118_400_000).contains(&game.created_at_ms));

    let log = store.log(&id).await.expect("log");
    assert_eq!(log.header, HEADER);
    assert!(log.events.is_empty());
    assert_eq!(log.to_jsonl(), format!("{HEADER}\n"));
    assert!(store.events_since(&id, 0).await.expect("events").is_empty());
}

async fn appends_are_numbered_from_one_in_order(h: &Harness) {
    let store = h.open().await;
    let id = store.create_game(&new_game()).await.expect("create");
    let mut seqs = Vec::new();
    for at in [0, 1500, 2750] {
        seqs.push(store.append(&id, &event(at), None).await.expect("append"));
    }
    assert_eq!(seqs, [1, 2, 3]);
    assert_eq!(store.game(&id).await.expect("game").last_seq, 3);

    let since = store.events_since(&id, 1).await.expect("since 1");
    assert_eq!(since.iter().map(|e| e.seq).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(since[0].line, event(1500));
    assert!(
        store
            .events_since(&id, 3)
            .await
            .expect("since 3")
            .is_empty()
    );
    assert!(
        store
            .events_since(&id, u64::MAX)
            .await
            .expect("since max")
            .is_empty()
    );

    // Another game's numbering is its own.
    let other = store.create_game(&new_game()).await.expect("create");
    assert_eq!(
        store.append(&other, &event(0), None).await.expect("append"),
        1
    );
}

async fn expected_seq_conflicts_write_nothing(h: &Harness) {
    let store = h.open().await;
    let id = store.create_game(&new_game()).await.expect("create");
    assert_eq!(
        store.append(&id, &event(1), Some(1)).await.expect("first"),
        1
    );
    for stale in [0, 1, 3, u64::MAX] {
        match store.append(&id, &event(99), Some(stale)).await {
            Err(StoreError::Conflict { expected, next }) => {
                assert_eq!((expected, next), (stale, 2));
            }
            other => panic!("expected a conflict for {stale}, got {other:?}"),
        }
    }
    let log = store.log(&id).await.expect("log");
    assert_eq!(log.events.len(), 1, "a refused append writes nothing");
    assert_eq!(
        store.append(&id, &event(2), Some(2)).await.expect("second"),
        2
    );
}

async fn log_round_trip_is_byte_identical(h: &Harness) {
    let store = h.open().await;
    // Odd spacing, key order, escapes and non-ASCII must come back unchanged.
    let header = r#"{ "format" : "arbiter-log", "version":1, "white":"Ёжиков \"Ёж\"", "black":"Łukasz\u00e9" }"#;
    let lines = [
        r#"{"type":"move","at":0,"side":"white","move":"e4","press":true}"#,
        r#"  {"at":1200,"type":"offer_draw","side":"black"}"#,
        r#"{"at":1300,"type":"arbiter","action":"warning","side":"white","reason":"телефон 📱\t"} "#,
        r#"{"at":1400,"type":"move","side":"black","move":"Лс8"}"#,
    ];
    let id = store
        .create_game(&NewGame {
            header_line: header.into(),
            ..new_game()
        })
        .await
        .expect("create");
    for line in lines {
        store.append(&id, line, None).await.expect("append");
    }
    let want: String = std::iter::once(header)
        .chain(lines)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(store.log(&id).await.expect("log").to_jsonl(), want);
}

async fn bad_input_is_refused_and_unknown_ids_are_not_found(h: &Harness) {
    let store = h.open().await;
    for malformed in [
        "",
        "../../etc",
        "a b c d e f g h",
        "' OR 1=1 --",
        "ééééééééé",
    ] {
        assert!(matches!(
            malformed.parse::<GameId>(),
            Err(StoreError::NotFound)
        ));
    }
    let unknown: GameId = "AAAAAAAAAAAAAAAA".parse().expect("well-formed");
    let nf = |r: Result<(), StoreError>, what: &str| {
        assert!(matches!(r, Err(StoreError::NotFound)), "{what}: {r:?}");
    };
    nf(
        store.append(&unknown, &event(0), None).await.map(drop),
        "append",
    );
    nf(
        store.append(&unknown, &event(0), Some(1)).await.map(drop),
        "append expected",
    );
    nf(store.game(&unknown).await.map(drop), "game");
    nf(store.log(&unknown).await.map(drop), "log");
    nf(
        store.events_since(&unknown, 0).await.map(drop),
        "events_since",
    );
    nf(
        store.events_since(&unknown, u64::MAX).await.map(drop),
        "events_since max",
    );
    nf(
        store.set_status(&unknown, Status::Finished).await,
        "set_status",
    );
    nf(
        store.verify_token(&unknown, "x").await.map(drop),
        "verify_token",
    );
    nf(
        store.try_acquire(&unknown, "a", LEASE).await.map(drop),
        "try_acquire",
    );
    nf(store.renew(&unknown, "a", LEASE).await.map(drop), "renew");
    nf(store.release(&unknown, "a").await.map(drop), "release");

    let id = store.create_game(&new_game()).await.expect("create");
    let long = format!(r#"{{"at":0,"type":"x","pad":"{}"}}"#, "x".repeat(70_000));
    for bad in [
        "",
        "not json",
        "[1]",
        "{\"at\":0}\n{\"at\":1}",
        "{\"at\":",
        long.as_str(),
    ] {
        let r = store.append(&id, bad, None).await;
        assert!(
            matches!(r, Err(StoreError::InvalidInput(_))),
            "{:.40}: {r:?}",
            bad
        );
    }
    assert_eq!(
        store.game(&id).await.expect("game").last_seq,
        0,
        "nothing stored"
    );
    let bad_header = NewGame {
        header_line: "format: arbiter-log".into(),
        ..new_game()
    };
    assert!(matches!(
        store.create_game(&bad_header).await,
        Err(StoreError::InvalidInput(_))
    ));
    let long_instance = "i".repeat(201);
    for instance in ["", long_instance.as_str()] {
        let r = store.try_acquire(&id, instance, LEASE).await;
        assert!(matches!(r, Err(StoreError::InvalidInput(_))), "{r:?}");
    }
    assert!(matches!(
        "running".parse::<Status>(),
        Err(StoreError::InvalidInput(_))
    ));
}

async fn list_by_status(h: &Harness) {
    let store = h.open().await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(store.create_game(&new_game()).await.expect("create"));
    }
    store
        .set_status(&ids[1], Status::Finished)
        .await
        .expect("finish");
    let listed = |games: Vec<arbiter_store::GameRecord>| {
        games.into_iter().map(|g| g.id).collect::<BTreeSet<_>>()
    };
    let live = listed(store.list(Some(Status::Live)).await.expect("live"));
    let finished = listed(store.list(Some(Status::Finished)).await.expect("finished"));
    let all = store.list(None).await.expect("all");
    assert_eq!(live, BTreeSet::from([ids[0].clone(), ids[2].clone()]));
    assert_eq!(finished, BTreeSet::from([ids[1].clone()]));
    assert_eq!(all.len(), 3);
    assert!(
        all.windows(2)
            .all(|w| w[0].created_at_ms <= w[1].created_at_ms),
        "oldest first"
    );
    assert_eq!(
        store.game(&ids[1]).await.expect("game").status,
        Status::Finished
    );
    store
        .set_status(&ids[1], Status::Live)
        .await
        .expect("live again");
    assert_eq!(store.list(Some(Status::Live)).await.expect("live").len(), 3);
}

async fn tokens_verify_per_seat_and_game(h: &Harness) {
    let store = h.open().await;
    let tokens: Vec<Token> = (0..3).map(|_| Token::generate().expect("CSPRNG")).collect();
    let id = store
        .create_game(&NewGame {
            white_token: Some(tokens[0].clone()),
            black_token: Some(tokens[1].clone()),
            arbiter_token: Some(tokens[2].clone()),
            ..new_game()
        })
        .await
        .expect("create");
    let engine_black = Token::generate().expect("CSPRNG");
    let other = store
        .create_game(&NewGame {
            white_token: Some(engine_black.clone()),
            ..new_game()
        })
        .await
        .expect("create");

    let seat = |t: &str| {
        let store = store.clone();
        let id = id.clone();
        let t = t.to_owned();
        async move { store.verify_token(&id, &t).await.expect("verify") }
    };
    assert_eq!(seat(tokens[0].as_str()).await, Some(Seat::White));
    assert_eq!(seat(tokens[1].as_str()).await, Some(Seat::Black));
    assert_eq!(seat(tokens[2].as_str()).await, Some(Seat::Arbiter));
    let huge = "x".repeat(1 << 20);
    let mut altered = tokens[0].as_str().to_owned();
    altered.replace_range(0..1, if altered.starts_with('A') { "B" } else { "A" });
    for wrong in [
        "",
        altered.as_str(),
        &tokens[0].as_str()[1..],
        engine_black.as_str(),
        huge.as_str(),
    ] {
        assert_eq!(seat(wrong).await, None, "{:.20}", wrong);
    }
    // A seat without a token (an engine) matches nothing, not even "".
    assert_eq!(store.verify_token(&other, "").await.expect("verify"), None);
    assert_eq!(
        store
            .verify_token(&other, tokens[0].as_str())
            .await
            .expect("verify"),
        None
    );
    assert_eq!(
        store
            .verify_token(&other, engine_black.as_str())
            .await
            .expect("verify"),
        Some(Seat::White)
    );

    // Only hashes are stored: each is the SHA-256 of its token, as
    // coreutils' sha256sum computes it.
    let hashes = h.raw_hashes(&id).await;
    for (hash, token) in hashes.iter().zip(&tokens) {
        let hash = hash.as_ref().expect("a hash for every seat with a token");
        let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, sha256sum(token.as_str()));
    }
    assert_eq!(h.raw_hashes(&other).await[1], None, "no token, no hash");
}

/// Many tasks append to one game at once through one store.
async fn concurrent_appends_are_gap_free(h: &Harness) {
    let store = h.open().await;
    let id = store.create_game(&new_game()).await.expect("create");
    let lines = hammer(std::slice::from_ref(&store), &id, 16, 25).await;
    assert_eq!(lines.len(), 400, "every append got its own seq");
    assert_log_matches(&store, &id, &lines).await;
}

/// Two stores are two pools: two instances of the hall on PostgreSQL, two
/// connections to one file on SQLite.
async fn concurrent_appends_from_two_pools_are_gap_free(h: &Harness) {
    let a = h.open().await;
    let b = h.open().await;
    let id = a.create_game(&new_game()).await.expect("create");
    let lines = hammer(&[a.clone(), b.clone()], &id, 8, 25).await;
    assert_eq!(lines.len(), 400, "every append got its own seq");
    assert_log_matches(&a, &id, &lines).await;
    assert_log_matches(&b, &id, &lines).await;
}

/// `tasks` tasks per store each append `each` distinct lines; returns the
/// line each returned seq was given, failing on a duplicate seq.
async fn hammer(stores: &[Store], id: &GameId, tasks: usize, each: usize) -> BTreeMap<u64, String> {
    let mut handles = Vec::new();
    for (s, store) in stores.iter().enumerate() {
        for t in 0..tasks {
            let store = store.clone();
            let id = id.clone();
            handles.push(tokio::spawn(async move {
                let mut got = Vec::new();
                for i in 0..each {
                    let line =
                        format!(r#"{{"at":0,"type":"press","side":"white","by":"{s}/{t}/{i}"}}"#);
                    let seq = store.append(&id, &line, None).await.expect("append");
                    got.push((seq, line));
                }
                got
            }));
        }
    }
    let mut lines = BTreeMap::new();
    for handle in handles {
        for (seq, line) in handle.await.expect("task") {
            assert!(lines.insert(seq, line).is_none(), "seq {seq} given twice");
        }
    }
    lines
}

/// Writers that read the log and append with the seq they expect, retrying
/// on conflict: never two events with one seq, never a lost acknowledged one.
async fn optimistic_appends_with_expected_seq_never_clash(h: &Harness) {
    let a = h.open().await;
    let b = h.open().await;
    let id = a.create_game(&new_game()).await.expect("create");
    let mut handles = Vec::new();
    for (s, store) in [a.clone(), b.clone()].into_iter().enumerate() {
        for t in 0..4 {
            let store = store.clone();
            let id = id.clone();
            handles.push(tokio::spawn(async move {
                let mut got = Vec::new();
                let mut conflicts = 0;
                for i in 0..10 {
                    let line =
                        format!(r#"{{"at":0,"type":"press","side":"black","by":"{s}/{t}/{i}"}}"#);
                    loop {
                        let next = store.game(&id).await.expect("game").last_seq + 1;
                        match store.append(&id, &line, Some(next)).await {
                            Ok(seq) => {
                                assert_eq!(seq, next);
                                got.push((seq, line));
                                break;
                            }
                            Err(StoreError::Conflict { .. }) => conflicts += 1,
                            Err(e) => panic!("append: {e}"),
                        }
                    }
                }
                (got, conflicts)
            }));
        }
    }
    let mut lines = BTreeMap::new();
    for handle in handles {
        let (got, _conflicts) = handle.await.expect("task");
        for (seq, line) in got {
            assert!(lines.insert(seq, line).is_none(), "seq {seq} given twice");
        }
    }
    assert_eq!(lines.len(), 80);
    assert_log_matches(&a, &id, &lines).await;
}

async fn notices_follow_commits(h: &Harness) {
    let store = h.open().await;
    let a = store.create_game(&new_game()).await.expect("create");
    let b = store.create_game(&new_game()).await.expect("create");
    let mut sub = store.subscribe();
    store.append(&a, &event(0), None).await.expect("append");
    store.append(&b, &event(0), None).await.expect("append");
    // Refused appends commit nothing and announce nothing.
    assert!(store.append(&a, &event(1), Some(7)).await.is_err());
    assert!(store.append(&a, "not json", None).await.is_err());
    store.append(&a, &event(1), Some(2)).await.expect("append");
    let want = [(&a, 1), (&b, 1), (&a, 2)];
    for (id, seq) in want {
        assert_eq!(
            next_notice(&mut sub).await,
            Notice::Appended {
                game_id: id.clone(),
                seq
            }
        );
    }
}

async fn lease_moves_to_another_instance_after_expiry(h: &Harness) {
    let store = h.open().await;
    let id = store.create_game(&new_game()).await.expect("create");
    let claimable = |who: &'static str| {
        let store = store.clone();
        async move { store.claimable_games(who).await.expect("claimable") }
    };
    assert_eq!(
        claimable("B").await,
        vec![id.clone()],
        "nobody holds a new game"
    );

    assert!(
        store
            .try_acquire(&id, "A", LEASE)
            .await
            .expect("A acquires")
    );
    assert!(
        !store
            .try_acquire(&id, "B", LEASE)
            .await
            .expect("B is refused")
    );
    assert!(claimable("B").await.is_empty(), "A's lease is running");
    assert_eq!(
        claimable("A").await,
        vec![id.clone()],
        "A resumes its own games"
    );
    assert!(store.renew(&id, "A", LEASE).await.expect("A renews"));
    assert!(!store.renew(&id, "B", LEASE).await.expect("B holds nothing"));
    let game = store.game(&id).await.expect("game");
    assert_eq!(game.owner.as_deref(), Some("A"));
    assert!(game.lease_until_ms.expect("lease") > game.created_at_ms);

    // A's last renewal runs out (a zero lease ends at once): A has died.
    assert!(
        store
            .renew(&id, "A", Duration::ZERO)
            .await
            .expect("A renews")
    );
    assert_eq!(
        claimable("B").await,
        vec![id.clone()],
        "the expired game is offered"
    );
    assert!(
        store
            .try_acquire(&id, "B", LEASE)
            .await
            .expect("B takes over")
    );
    assert!(!store.renew(&id, "A", LEASE).await.expect("A has lost it"));
    assert!(
        !store
            .try_acquire(&id, "A", LEASE)
            .await
            .expect("B's lease runs")
    );
    assert_eq!(
        store.game(&id).await.expect("game").owner.as_deref(),
        Some("B")
    );

    assert!(!store.release(&id, "A").await.expect("A holds nothing"));
    assert!(store.release(&id, "B").await.expect("B lets go"));
    assert_eq!(claimable("A").await, vec![id.clone()]);
    store
        .set_status(&id, Status::Finished)
        .await
        .expect("finish");
    assert!(
        claimable("A").await.is_empty(),
        "a finished game has no clock"
    );
}

/// A game created with a lease is never offered to another instance while
/// the lease runs, so no claim pass can take it from the instance that is
/// about to start it; once the lease lapses it is offered like any other.
async fn a_game_created_leased_is_its_creators_from_the_start(h: &Harness) {
    let store = h.open().await;
    let id = store
        .create_game_leased(&new_game(), "A", LEASE)
        .await
        .expect("create");
    let game = store.game(&id).await.expect("game");
    assert_eq!(game.owner.as_deref(), Some("A"));
    assert!(game.lease_until_ms.expect("lease") > game.created_at_ms);
    assert!(
        store
            .claimable_games("B")
            .await
            .expect("claimable")
            .is_empty(),
        "another instance is not offered a game its creator holds"
    );
    assert!(!store.try_acquire(&id, "B", LEASE).await.expect("B tries"));
    assert!(
        store
            .try_acquire(&id, "A", LEASE)
            .await
            .expect("A starts it")
    );
    assert!(matches!(
        store.create_game_leased(&new_game(), "", LEASE).await,
        Err(StoreError::InvalidInput(_))
    ));

    let lapsed = store
        .create_game_leased(&new_game(), "A", Duration::ZERO)
        .await
        .expect("create");
    assert_eq!(
        store.claimable_games("B").await.expect("claimable"),
        vec![lapsed.clone()],
        "a lapsed lease is offered"
    );
    assert!(
        store
            .try_acquire(&lapsed, "B", LEASE)
            .await
            .expect("B takes it")
    );
}

/// One statement renews every lease an instance holds, and names them: a
/// game taken by another instance is missing from the answer.
async fn renew_all_renews_exactly_this_instances_games(h: &Harness) {
    let store = h.open().await;
    let mut mine = Vec::new();
    for _ in 0..3 {
        let id = store.create_game(&new_game()).await.expect("create");
        assert!(store.try_acquire(&id, "A", LEASE).await.expect("acquire"));
        mine.push(id);
    }
    let theirs = store.create_game(&new_game()).await.expect("create");
    assert!(
        store
            .try_acquire(&theirs, "B", LEASE)
            .await
            .expect("acquire")
    );
    let free = store.create_game(&new_game()).await.expect("create");
    mine.sort();

    // A's leases run out (a zero lease ends at once), then one renewal
    // brings them all back: B may take none of them.
    assert_eq!(
        store.renew_all("A", Duration::ZERO).await.expect("renew"),
        mine
    );
    assert_eq!(store.renew_all("A", LEASE).await.expect("renew"), mine);
    for id in &mine {
        assert!(!store.try_acquire(id, "B", LEASE).await.expect("try"));
    }
    // The store promises no order for this list (ids are random).
    let mut claimable = store.claimable_games("B").await.expect("claimable");
    claimable.sort();
    let mut want = vec![theirs.clone(), free.clone()];
    want.sort();
    assert_eq!(
        claimable, want,
        "B may take only its own game and the free one"
    );
    assert_eq!(
        store.renew_all("B", LEASE).await.expect("renew"),
        vec![theirs.clone()]
    );
    assert_eq!(
        store.renew_all("C", LEASE).await.expect("renew"),
        Vec::<GameId>::new()
    );

    // B takes one of A's games after A's lease ran out: A's next renewal
    // no longer names it, and does not take it back.
    let lost = mine[1].clone();
    assert_eq!(
        store
            .renew_all("A", Duration::ZERO)
            .await
            .expect("renew")
            .len(),
        3
    );
    assert!(
        store
            .try_acquire(&lost, "B", LEASE)
            .await
            .expect("B takes it")
    );
    let kept: Vec<GameId> = mine.iter().filter(|id| **id != lost).cloned().collect();
    assert_eq!(store.renew_all("A", LEASE).await.expect("renew"), kept);
    assert_eq!(
        store.game(&lost).await.expect("game").owner.as_deref(),
        Some("B")
    );
    assert!(matches!(
        store.renew_all("", LEASE).await,
        Err(StoreError::InvalidInput(_))
    ));
}

/// More leases than one renewal statement covers (it works in chunks of
/// 500, in id order): every one is renewed and named once.
async fn renew_all_renews_more_games_than_one_statement_takes(h: &Harness) {
    let store = h.open().await;
    let mut handles = Vec::new();
    for _ in 0..8 {
        let store = store.clone();
        handles.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for _ in 0..66 {
                let id = store.create_game(&new_game()).await.expect("create");
                assert!(
                    store
                        .try_acquire(&id, "A", Duration::ZERO)
                        .await
                        .expect("acquire")
                );
                ids.push(id);
            }
            ids
        }));
    }
    let mut mine = Vec::new();
    for handle in handles {
        mine.extend(handle.await.expect("task"));
    }
    mine.sort();
    assert_eq!(mine.len(), 528);
    // Every lease ran out (a zero lease); after one renewal none may be taken.
    assert_eq!(
        store.claimable_games("B").await.expect("claimable").len(),
        528
    );
    assert_eq!(store.renew_all("A", LEASE).await.expect("renew"), mine);
    assert!(
        store
            .claimable_games("B")
            .await
            .expect("claimable")
            .is_empty()
    );
}

/// A reader far behind gets the backlog in pages of at most
/// `EVENTS_PAGE`, and reading on from the last seq misses nothing.
async fn events_since_comes_in_pages(h: &Harness) {
    let store = h.open().await;
    let id = store.create_game(&new_game()).await.expect("create");
    let total = arbiter_store::EVENTS_PAGE as u64 * 2 + 7;
    let mut handles = Vec::new();
    // Appended from a few tasks at once, so group commits carry them.
    for t in 0..4u64 {
        let store = store.clone();
        let id = id.clone();
        handles.push(tokio::spawn(async move {
            for at in (t..total).step_by(4) {
                store.append(&id, &event(at), None).await.expect("append");
            }
        }));
    }
    for handle in handles {
        handle.await.expect("task");
    }
    let mut after = 0;
    let mut pages = Vec::new();
    loop {
        let page = store.events_since(&id, after).await.expect("page");
        let Some(last) = page.last() else { break };
        assert!(page.len() <= arbiter_store::EVENTS_PAGE);
        let seqs: Vec<u64> = page.iter().map(|e| e.seq).collect();
        let want: Vec<u64> = (after + 1..=last.seq).collect();
        assert_eq!(seqs, want, "a page goes on from where the last ended");
        after = last.seq;
        pages.push(page.len());
    }
    assert_eq!(after, total);
    assert_eq!(pages, [1000, 1000, 7]);
    assert_eq!(
        store.log(&id).await.expect("log").events.len() as u64,
        total
    );
}

/// Many games append at once, so their appends share commits; refused
/// appends mixed in (a stale expected seq, an unknown game) are refused
/// alone and write nothing, and every accepted one is there afterwards.
async fn appends_committed_together_are_answered_each_on_its_own(h: &Harness) {
    let store = h.open().await;
    let mut ids = Vec::new();
    for _ in 0..8 {
        ids.push(store.create_game(&new_game()).await.expect("create"));
    }
    let ghost: GameId = "ghostghostghost0".parse().expect("id");
    let mut sub = store.subscribe();
    let mut handles = Vec::new();
    for (g, id) in ids.iter().enumerate() {
        let store = store.clone();
        let id = id.clone();
        let ghost = ghost.clone();
        handles.push(tokio::spawn(async move {
            let mut lines = BTreeMap::new();
            for seq in 1..=20u64 {
                let line = format!(r#"{{"at":{seq},"type":"press","side":"white","g":{g}}}"#);
                // A writer that thinks the log is one event shorter.
                let stale = store.append(&id, &line, Some(seq - 1)).await;
                assert!(
                    matches!(stale, Err(StoreError::Conflict { expected, next }) if expected == seq - 1 && next == seq),
                    "{stale:?}"
                );
                assert!(matches!(
                    store.append(&ghost, &line, None).await,
                    Err(StoreError::NotFound)
                ));
                assert_eq!(store.append(&id, &line, Some(seq)).await.expect("append"), seq);
                lines.insert(seq, line);
            }
            (id, lines)
        }));
    }
    let mut notices = 0;
    for handle in handles {
        let (id, lines) = handle.await.expect("task");
        assert_log_matches(&store, &id, &lines).await;
    }
    // One notice per accepted append, in seq order within each game.
    let mut last: BTreeMap<GameId, u64> = BTreeMap::new();
    while notices < 8 * 20 {
        match next_notice(&mut sub).await {
            Notice::Appended { game_id, seq } => {
                let before = last.insert(game_id.clone(), seq).unwrap_or(0);
                assert_eq!(seq, before + 1, "notices of {game_id} in seq order");
                notices += 1;
            }
            Notice::Resync => panic!("no notice may be lost here"),
        }
    }
    assert!(store.game(&ghost).await.is_err());
}

async fn one_of_racing_instances_wins_an_expired_lease(h: &Harness) {
    let a = h.open().await;
    let b = h.open().await;
    let id = a.create_game(&new_game()).await.expect("create");
    assert!(
        a.try_acquire(&id, "dead", Duration::ZERO)
            .await
            .expect("acquire")
    );
    let mut handles = Vec::new();
    for i in 0..8 {
        let store = if i % 2 == 0 { a.clone() } else { b.clone() };
        let id = id.clone();
        handles.push(tokio::spawn(async move {
            let me = format!("instance-{i}");
            let won = store.try_acquire(&id, &me, LEASE).await.expect("try");
            (me, won)
        }));
    }
    let mut winners = Vec::new();
    for handle in handles {
        let (me, won) = handle.await.expect("task");
        if won {
            winners.push(me);
        }
    }
    assert_eq!(winners.len(), 1, "exactly one winner: {winners:?}");
    assert_eq!(a.game(&id).await.expect("game").owner, winners.pop());
}

async fn data_survives_reopening(h: &Harness) {
    let token = Token::generate().expect("CSPRNG");
    let (id, before) = {
        let store = h.open().await;
        let id = store
            .create_game(&NewGame {
                arbiter_token: Some(token.clone()),
                ..new_game()
            })
            .await
            .expect("create");
        for at in 0..5 {
            store.append(&id, &event(at), None).await.expect("append");
        }
        store
            .set_status(&id, Status::Finished)
            .await
            .expect("finish");
        let before = store.log(&id).await.expect("log");
        store.close().await;
        (id, before)
    };
    let store = h.open().await;
    assert_eq!(store.log(&id).await.expect("log"), before);
    assert_eq!(
        store.game(&id).await.expect("game").status,
        Status::Finished
    );
    assert_eq!(
        store
            .verify_token(&id, token.as_str())
            .await
            .expect("verify"),
        Some(Seat::Arbiter)
    );
    assert_eq!(store.append(&id, &event(9), None).await.expect("append"), 6);
}

/// A child process appends in a loop and prints each acknowledged seq; we
/// SIGKILL it mid-run and check that everything it printed is stored.
async fn acknowledged_events_survive_kill_9(h: &Harness) {
    const KILL_AFTER: usize = 50;
    let store = h.open().await;
    let id = store.create_game(&new_game()).await.expect("create");
    // Seqs before the child starts: the child continues from the log's end.
    store
        .append(&id, &child_line(1), None)
        .await
        .expect("append");

    let url = h.url();
    let child_id = id.clone();
    let acked = tokio::task::spawn_blocking(move || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter-store-crash-child"))
            .args([url.as_str(), child_id.as_str(), "20000"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the child");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut acked = Vec::new();
        let mut lines = std::io::BufReader::new(stdout).lines();
        for line in lines.by_ref() {
            acked.push(line.expect("utf-8").parse::<u64>().expect("a seq"));
            if acked.len() == KILL_AFTER {
                child.kill().expect("SIGKILL");
                break;
            }
        }
        // Lines already in the pipe were acknowledged before the kill.
        for line in lines {
            match line.ok().and_then(|l| l.parse::<u64>().ok()) {
                Some(seq) => acked.push(seq),
                None => break,
            }
        }
        let status = child.wait().expect("reap");
        (acked, status)
    });
    let (acked, status) = acked.await.expect("child task");
    assert!(
        acked.len() >= KILL_AFTER,
        "the child acknowledged {acked:?}"
    );
    assert!(
        !status.success(),
        "the child was killed, not finished: {status}"
    );
    store.close().await;

    let store = h.open().await;
    let log = store.log(&id).await.expect("log");
    let last = *acked.last().expect("acks");
    assert_eq!(
        acked,
        (2..=last).collect::<Vec<_>>(),
        "the child acked in order"
    );
    assert!(
        log.events.len() as u64 >= last,
        "every acknowledged seq is stored"
    );
    assert!(
        log.events.len() as u64 <= last + 1,
        "at most one unacknowledged commit"
    );
    for e in &log.events {
        assert_eq!(e.line, child_line(e.seq), "seq {}", e.seq);
    }
    assert_eq!(
        log.events.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (1..=log.events.len() as u64).collect::<Vec<_>>()
    );
}

/// The line the crash child appends at `seq` (its format, rebuilt here).
fn child_line(seq: u64) -> String {
    format!(r#"{{"at":{seq},"type":"press","side":"white"}}"#)
}

// ---------------------------------------------------- the same answers

/// PostgreSQL only: an event appended through instance A reaches a
/// subscriber of instance B, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_cross_instances_on_postgres() {
    let Some(h) = Harness::postgres("cross").await else {
        return;
    };
    let a = h.open().await;
    let b = h.open().await;
    let mut on_b = b.subscribe();
    let mut on_a = a.subscribe();
    let id = a.create_game(&new_game()).await.expect("create");
    for at in 0..5 {
        a.append(&id, &event(at), None).await.expect("append");
    }
    b.append(&id, &event(5), None).await.expect("append via B");
    for seq in 1..=6 {
        let want = Notice::Appended {
            game_id: id.clone(),
            seq,
        };
        assert_eq!(next_notice(&mut on_b).await, want, "on B");
        assert_eq!(next_notice(&mut on_a).await, want, "on A");
    }
    h.cleanup().await;
}

/// One script of operations, run on both databases: the transcripts of
/// answers must be identical (ids are replaced by their creation order).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_databases_give_identical_answers() {
    let sqlite = Harness::sqlite();
    let on_sqlite = transcript(&sqlite).await;
    let Some(pg) = Harness::postgres("transcript").await else {
        return;
    };
    let on_postgres = transcript(&pg).await;
    pg.cleanup().await;
    assert!(on_sqlite.len() > 20, "{on_sqlite:#?}");
    assert_eq!(on_sqlite, on_postgres);
}

async fn transcript(h: &Harness) -> Vec<String> {
    let store = h.open().await;
    let token = Token::generate().expect("CSPRNG");
    let mut out = Vec::new();
    let mut ids = Vec::new();
    for _ in 0..2 {
        let game = NewGame {
            white_token: Some(token.clone()),
            ..new_game()
        };
        ids.push(store.create_game(&game).await.expect("create"));
    }
    let name = |text: String| {
        ids.iter().enumerate().fold(text, |t, (i, id)| {
            t.replace(id.as_str(), &format!("game{i}"))
        })
    };
    let unknown: GameId = "AAAAAAAAAAAAAAAA".parse().expect("well-formed");
    let g = &ids[0];
    let steps: Vec<String> = vec![
        format!("{:?}", store.append(g, &event(0), None).await),
        format!("{:?}", store.append(g, &event(1), Some(2)).await),
        format!("{:?}", store.append(g, &event(1), Some(2)).await),
        format!("{:?}", store.append(g, &event(1), Some(5)).await),
        format!("{:?}", store.append(g, "{]", None).await),
        format!("{:?}", store.append(&unknown, &event(1), None).await),
        format!("{:?}", store.append(&ids[1], &event(0), Some(1)).await),
        format!("{:?}", store.events_since(g, 0).await),
        format!("{:?}", store.events_since(g, 1).await),
        format!("{:?}", store.events_since(&unknown, 1).await),
        format!("{:?}", store.log(g).await.map(|l| l.to_jsonl())),
        format!("{:?}", store.verify_token(g, token.as_str()).await),
        format!("{:?}", store.verify_token(g, "nope").await),
        format!("{:?}", store.verify_token(&unknown, token.as_str()).await),
        format!("{:?}", store.set_status(&ids[1], Status::Finished).await),
        format!("{:?}", store.set_status(&unknown, Status::Finished).await),
        format!(
            "{:?}",
            store
                .list(Some(Status::Live))
                .await
                .map(|v| v.iter().map(|g| g.id.clone()).collect::<Vec<_>>())
        ),
        format!(
            "{:?}",
            store.list(Some(Status::Finished)).await.map(|v| v
                .iter()
                .map(|g| (g.id.clone(), g.last_seq))
                .collect::<Vec<_>>())
        ),
        format!("{:?}", store.try_acquire(g, "A", LEASE).await),
        format!("{:?}", store.try_acquire(g, "B", LEASE).await),
        format!("{:?}", store.renew_all("A", LEASE).await),
        format!("{:?}", store.renew_all("B", LEASE).await),
        format!("{:?}", store.claimable_games("B").await),
        format!("{:?}", store.claimable_games("A").await),
        format!("{:?}", store.renew(g, "A", Duration::ZERO).await),
        format!("{:?}", store.claimable_games("B").await),
        format!("{:?}", store.try_acquire(g, "B", LEASE).await),
        format!("{:?}", store.release(g, "A").await),
        format!("{:?}", store.release(g, "B").await),
        format!(
            "{:?}",
            store
                .try_acquire(g, "", LEASE)
                .await
                .map_err(|e| e.to_string())
        ),
        format!(
            "{:?}",
            store
                .game(g)
                .await
                .map(|r| (r.status, r.last_seq, r.owner, r.meta))
        ),
    ];
    for step in steps {
        out.push(name(step));
    }
    out
}
