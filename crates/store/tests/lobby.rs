//! The lobby's tables on both databases: challenges (made, listed, expired,
//! withdrawn, accepted by exactly one of many racing stores) and rematch
//! offers (asked, completed once, the players' tokens swapped).
//!
//! PostgreSQL comes from `ARBITER_TEST_PG_URL` (`scripts/postgres.sh`);
//! `ARBITER_SKIP_PG=1` skips that half, loudly.

use std::path::PathBuf;
use std::time::Duration;

use arbiter_rules::{Side, Variant};
use arbiter_store::{
    Acceptance, ChallengeColour, GameMeta, NewChallenge, NewGame, Seat, Status, Store, StoreError,
    Token,
};

const TTL: Duration = Duration::from_secs(1800);
const LEASE: Duration = Duration::from_secs(5);

enum Db {
    Sqlite {
        _dir: tempfile::TempDir,
        path: PathBuf,
    },
    Postgres {
        base: String,
        schema: String,
    },
}

impl Db {
    fn url(&self) -> String {
        match self {
            Db::Sqlite { path, .. } => format!("sqlite://{}", path.display()),
            Db::Postgres { base, schema } => {
                let sep = if base.contains('?') { '&' } else { '?' };
                format!("{base}{sep}options=-c%20search_path%3D{schema}")
            }
        }
    }

    async fn open(&self) -> Store {
        Store::connect(&self.url()).await.expect("open the store")
    }

    async fn cleanup(&self) {
        if let Db::Postgres { base, schema } = self {
            let admin = sqlx::PgPool::connect(base).await.expect("connect");
            let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE");
            let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                .execute(&admin)
                .await;
            admin.close().await;
        }
    }
}

/// SQLite, and PostgreSQL unless skipped.
async fn databases(case: &str) -> Vec<Db> {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("lobby.sqlite");
    let mut v = vec![Db::Sqlite { _dir: dir, path }];
    let base = match std::env::var("ARBITER_TEST_PG_URL") {
        Ok(url) => url,
        Err(_) if std::env::var("ARBITER_SKIP_PG").as_deref() == Ok("1") => {
            eprintln!("SKIPPED: the PostgreSQL half of {case} (ARBITER_SKIP_PG=1)");
            return v;
        }
        Err(_) => {
            panic!("ARBITER_TEST_PG_URL is unset (scripts/postgres.sh), or ARBITER_SKIP_PG=1")
        }
    };
    let schema = format!("lobby_{case}_{}", std::process::id());
    let admin = sqlx::PgPool::connect(&base).await.expect("connect");
    let sql = format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}");
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&admin)
        .await
        .expect("create the test schema");
    admin.close().await;
    v.push(Db::Postgres { base, schema });
    v
}

fn offer(name: Option<&str>, token: &Token) -> NewChallenge {
    NewChallenge {
        name: name.map(str::to_string),
        colour: ChallengeColour::Random,
        variant: Variant::Chess,
        time_control: "300+3".into(),
        token: token.clone(),
    }
}

/// A new game between two people, with tokens for both seats and the arbiter.
fn game() -> NewGame {
    NewGame {
        meta: GameMeta::default(),
        header_line: r#"{"format":"arbiter-log","version":1}"#.into(),
        white_token: Some(Token::generate().expect("token")),
        black_token: Some(Token::generate().expect("token")),
        arbiter_token: Some(Token::generate().expect("token")),
    }
}

fn acceptance<'a>(game: &'a NewGame, creator: Side, instance: &'a str) -> Acceptance<'a> {
    Acceptance {
        game,
        creator,
        accepter_name: None,
        instance_id: instance,
        lease: LEASE,
        keep: TTL,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_of_many_racing_accepts_wins_and_the_creator_plays_with_his_token() {
    for db in databases("race").await {
        let (one, two) = (db.open().await, db.open().await);
        let secret = Token::generate().expect("token");
        let id = one
            .create_challenge(&offer(Some("Anna"), &secret), TTL, 10)
            .await
            .expect("create")
            .expect("room");
        assert_eq!(two.open_challenges().await.expect("list").len(), 1);
        let games: Vec<NewGame> = (0..12).map(|_| game()).collect();
        let mut tasks = Vec::new();
        for (i, g) in games.into_iter().enumerate() {
            let store = if i % 2 == 0 { one.clone() } else { two.clone() };
            let id = id.clone();
            tasks.push(tokio::spawn(async move {
                let instance = format!("i{}", i % 2);
                let a = acceptance(&g, Side::Black, &instance);
                store.accept_challenge(&id, &a).await.map(|won| (won, g))
            }));
        }
        let mut winners = Vec::new();
        for t in tasks {
            if let (Some(gid), g) = t.await.expect("join").expect("no database error") {
                winners.push((gid, g));
            }
        }
        assert_eq!(winners.len(), 1, "exactly one accept wins");
        let (gid, g) = &winners[0];
        // One game stored: the losers' games were rolled back.
        assert_eq!(one.list(Some(Status::Live)).await.expect("list").len(), 1);
        // The creator (Black) plays with the challenge's token; the accepter
        // (White) with his own; nobody with the unused seat's token.
        assert_eq!(
            one.verify_token(gid, secret.as_str())
                .await
                .expect("verify"),
            Some(Seat::Black)
        );
        let white = g.white_token.as_ref().expect("white");
        let black = g.black_token.as_ref().expect("black");
        assert_eq!(
            two.verify_token(gid, white.as_str()).await.expect("verify"),
            Some(Seat::White)
        );
        assert_eq!(
            two.verify_token(gid, black.as_str()).await.expect("v"),
            None
        );
        let c = two.challenge(&id).await.expect("kept");
        let accepted = c.accepted.clone().expect("accepted");
        assert_eq!((&accepted.game_id, accepted.creator), (gid, Side::Black));
        assert!(c.is_creator(secret.as_str()) && !c.is_creator(white.as_str()));
        assert!(two.open_challenges().await.expect("list").is_empty());
        // Accepted: no more accepts, and no withdrawal.
        let late = game();
        let a = acceptance(&late, Side::White, "i0");
        assert_eq!(one.accept_challenge(&id, &a).await.expect("late"), None);
        assert!(!one.withdraw_challenge(&id).await.expect("withdraw"));
        db.cleanup().await;
    }
}

#[tokio::test]
async fn challenges_expire_are_swept_and_are_bounded_in_number() {
    for db in databases("expiry").await {
        let store = db.open().await;
        let short = Token::generate().expect("token");
        let id = store
            .create_challenge(&offer(None, &short), Duration::from_millis(100), 2)
            .await
            .expect("create")
            .expect("room");
        let c = store.challenge(&id).await.expect("open");
        assert_eq!((c.name, c.accepted), (None, None));
        assert!(c.expires_in_ms <= 100);
        // At most two open: the third is refused while both are open.
        let kept = Token::generate().expect("token");
        let long = store
            .create_challenge(&offer(Some("Boris"), &kept), TTL, 2)
            .await
            .expect("create")
            .expect("room");
        let third = store
            .create_challenge(&offer(None, &kept), TTL, 2)
            .await
            .expect("create");
        assert_eq!(third, None);
        tokio::time::sleep(Duration::from_millis(250)).await;
        // Expired: never read back, neither accepted nor withdrawn.
        assert!(matches!(
            store.challenge(&id).await,
            Err(StoreError::NotFound)
        ));
        let listed = store.open_challenges().await.expect("list");
        assert_eq!(listed.iter().map(|c| &c.id).collect::<Vec<_>>(), [&long]);
        let g = game();
        assert!(matches!(
            store
                .accept_challenge(&id, &acceptance(&g, Side::White, "i"))
                .await,
            Ok(None)
        ));
        assert!(matches!(
            store.withdraw_challenge(&id).await,
            Err(StoreError::NotFound)
        ));
        // The next offer sweeps the expired one, making room for itself.
        let fourth = store
            .create_challenge(&offer(None, &kept), TTL, 2)
            .await
            .expect("create");
        assert!(fourth.is_some(), "the expired challenge no longer counts");
        assert!(store.withdraw_challenge(&long).await.expect("withdraw"));
        assert!(matches!(
            store.challenge(&long).await,
            Err(StoreError::NotFound)
        ));
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_rematch_is_made_once_when_both_asked_with_the_tokens_swapped() {
    for db in databases("rematch").await {
        let (one, two) = (db.open().await, db.open().await);
        let old_game = game();
        let old = one.create_game(&old_game).await.expect("game");
        assert_eq!(one.rematch(&old).await.expect("none"), None);
        let new_game = game();
        let r = one.ask_rematch(&old, Side::Black, TTL).await.expect("ask");
        assert_eq!(
            (r.asked.as_slice(), &r.new_game),
            (&[Side::Black][..], &None)
        );
        // Not complete: no game.
        let made = one
            .make_rematch(&old, &new_game, TTL, "i0", LEASE)
            .await
            .expect("make");
        assert_eq!(made, None);
        // Asking twice changes nothing.
        let r = two.ask_rematch(&old, Side::Black, TTL).await.expect("ask");
        assert_eq!(r.asked, [Side::Black]);
        let r = two.ask_rematch(&old, Side::White, TTL).await.expect("ask");
        assert_eq!(r.asked, [Side::Black, Side::White]);
        let (a, b) = tokio::join!(
            one.make_rematch(&old, &new_game, TTL, "i0", LEASE),
            two.make_rematch(&old, &new_game, TTL, "i1", LEASE)
        );
        let made: Vec<_> = [a.expect("a"), b.expect("b")]
            .into_iter()
            .flatten()
            .collect();
        assert_eq!(made.len(), 1, "one rematch");
        let new = &made[0];
        assert_eq!(
            one.rematch(&old)
                .await
                .expect("kept")
                .and_then(|r| r.new_game),
            Some(new.clone())
        );
        let token = |t: &Option<Token>| t.as_ref().expect("token").as_str().to_string();
        let (w, bl) = (token(&old_game.white_token), token(&old_game.black_token));
        assert_eq!(
            one.verify_token(new, &w).await.expect("v"),
            Some(Seat::Black)
        );
        assert_eq!(
            one.verify_token(new, &bl).await.expect("v"),
            Some(Seat::White)
        );
        let fresh = token(&new_game.white_token);
        assert_eq!(one.verify_token(new, &fresh).await.expect("v"), None);
        let arbiter = token(&new_game.arbiter_token);
        assert_eq!(
            one.verify_token(new, &arbiter).await.expect("v"),
            Some(Seat::Arbiter)
        );
        db.cleanup().await;
    }
}
