//! Against the real Stockfish (Debian package `stockfish`; the setup script
//! installs it). `ARBITER_STOCKFISH` may point at another build.
//!
//! Every move the engine returns is checked with shakmaty, an oracle
//! independent of this crate.

use arbiter_uci::{DEFAULT_ENGINE_PATH, Engine, EngineConfig, EngineError, OptionKind, Score};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};
use std::future::Future;
use std::time::Duration;

/// Only a guard against a hang: no test depends on how long anything takes.
const GUARD: Duration = Duration::from_secs(120);

fn stockfish() -> EngineConfig {
    let path = std::env::var("ARBITER_STOCKFISH").unwrap_or_else(|_| DEFAULT_ENGINE_PATH.into());
    EngineConfig::new(path)
        .option("Threads", "1")
        .option("Hash", "16")
}

async fn guarded<T>(what: &str, fut: impl Future<Output = T>) -> T {
    match tokio::time::timeout(GUARD, fut).await {
        Ok(value) => value,
        Err(_) => panic!("{what} hung"),
    }
}

async fn spawn(config: EngineConfig) -> Engine {
    match guarded("spawn", Engine::spawn(config)).await {
        Ok(engine) => engine,
        Err(e) => panic!("Stockfish did not start: {e}"),
    }
}

fn position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .ok()
        .and_then(|f| f.into_position(CastlingMode::Standard).ok())
        .unwrap_or_else(|| panic!("bad test FEN {fen}"))
}

#[tokio::test]
async fn spawns_and_reports_its_identity_and_options() {
    let engine = spawn(stockfish()).await;
    let name = engine.name().unwrap_or_default();
    assert!(name.starts_with("Stockfish"), "{name}");
    let skill = engine.options().iter().find(|o| o.name == "Skill Level");
    assert_eq!(
        skill.map(|o| &o.kind),
        Some(&OptionKind::Spin { min: 0, max: 20 })
    );
    let status = guarded("quit", engine.quit()).await;
    assert!(matches!(status, Ok(s) if s.success()), "{status:?}");
}

#[tokio::test]
async fn plays_a_legal_move_from_the_start_position() {
    let mut engine = spawn(stockfish()).await;
    let best = guarded(
        "best_move",
        engine.best_move(None, &[], Duration::from_millis(50)),
    )
    .await;
    let best = best.unwrap_or_else(|e| panic!("{e}"));
    let start = Chess::default();
    assert!(best.mv.to_move(&start).is_ok(), "illegal {}", best.mv);
    // The search reported on its way, and at full strength the move played
    // is the head of the principal variation.
    assert!(best.depth.is_some_and(|d| d >= 1), "{best:?}");
    assert!(best.score.is_some(), "{best:?}");
    assert_eq!(best.pv.first(), Some(&best.mv), "{best:?}");
    if let (Some(ponder), Ok(m)) = (best.ponder, best.mv.to_move(&start)) {
        let mut after = start.clone();
        after.play_unchecked(m);
        assert!(ponder.to_move(&after).is_ok(), "illegal ponder {ponder}");
    }
}

#[tokio::test]
async fn finds_a_mate_in_one_from_a_fen_with_moves() {
    let mut engine = spawn(stockfish()).await;
    // Back-rank mate after 1. Kh1 Kh8 from this FEN: Ra8#.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let moves = vec!["g1h1".to_string(), "g8h8".to_string()];
    let best = guarded(
        "best_move",
        engine.best_move(Some(fen), &moves, Duration::from_millis(100)),
    )
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let mut pos = position(fen);
    for m in &moves {
        let uci: UciMove = m.parse().unwrap_or(UciMove::Null);
        let mv = uci
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("test move {m}"));
        pos.play_unchecked(mv);
    }
    let mv = best
        .mv
        .to_move(&pos)
        .unwrap_or_else(|_| panic!("illegal {}", best.mv));
    pos.play_unchecked(mv);
    assert!(pos.is_checkmate(), "{} does not mate", best.mv);
    assert_eq!(best.score, Some(Score::Mate(1)));
}

#[tokio::test]
async fn no_move_when_mated_or_stalemated() {
    let mut engine = spawn(stockfish()).await;
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let stalemated = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert!(position(mated).is_checkmate());
    assert!(position(stalemated).is_stalemate());
    for fen in [mated, stalemated] {
        let reply = guarded(
            "best_move",
            engine.best_move(Some(fen), &[], Duration::from_millis(30)),
        )
        .await;
        assert!(
            matches!(reply, Err(EngineError::NoMove)),
            "{fen}: {reply:?}"
        );
    }
    // The engine is still usable afterwards.
    let reply = guarded(
        "best_move",
        engine.best_move(None, &[], Duration::from_millis(20)),
    )
    .await;
    assert!(reply.is_ok(), "{reply:?}");
}

/// Ten short games, engine against engine, at 20–50 ms a move, to the end or
/// 80 plies. Half start from `startpos moves …`, half from a FEN; strengths
/// vary over the level scale and the Elo limit.
#[tokio::test]
async fn ten_short_games_every_move_legal() {
    let openings: Vec<UciMove> = Chess::default()
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard))
        .collect();
    let mut plies_total = 0;
    for game in 0..10u8 {
        let level = 1 + game * 2;
        let white = stockfish().level(level).unwrap_or_else(|e| panic!("{e}"));
        let black = stockfish().elo(1350 + u32::from(game) * 150);
        let mut engines = [spawn(white).await, spawn(black).await];
        plies_total += play_game(&mut engines, openings[usize::from(game)], game % 2 == 1).await;
        for engine in engines {
            let quit = guarded("quit", engine.quit()).await;
            assert!(quit.is_ok(), "{quit:?}");
        }
    }
    assert!(
        plies_total >= 10 * 20,
        "games too short: {plies_total} plies"
    );
}

/// Plays one game after `opening`; returns the plies played.
async fn play_game(engines: &mut [Engine; 2], opening: UciMove, from_fen: bool) -> usize {
    let mut pos = Chess::default();
    let first = opening.to_move(&pos).unwrap_or_else(|_| panic!("opening"));
    pos.play_unchecked(first);
    let (start_fen, mut moves) = if from_fen {
        let fen = Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string();
        (Some(fen), Vec::new())
    } else {
        (None, vec![opening.to_string()])
    };
    let mut ply = 1;
    while ply < 80 && !pos.is_game_over() {
        let side = usize::from(pos.turn() == Color::Black);
        let movetime = Duration::from_millis(20 + 10 * (ply as u64 % 4));
        let reply = guarded(
            "best_move",
            engines[side].best_move(start_fen.as_deref(), &moves, movetime),
        )
        .await;
        let best = reply.unwrap_or_else(|e| panic!("ply {ply}: {e}"));
        let mv = best
            .mv
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("ply {ply}: illegal {} after {moves:?}", best.mv));
        pos.play_unchecked(mv);
        moves.push(best.mv.to_string());
        ply += 1;
    }
    if pos.legal_moves().is_empty() {
        let side = usize::from(pos.turn() == Color::Black);
        let reply = guarded(
            "best_move",
            engines[side].best_move(start_fen.as_deref(), &moves, Duration::from_millis(20)),
        )
        .await;
        assert!(matches!(reply, Err(EngineError::NoMove)), "{reply:?}");
    }
    ply
}

#[tokio::test]
async fn strength_options_are_accepted_and_checked() {
    let config = stockfish()
        .level(1)
        .unwrap_or_else(|e| panic!("{e}"))
        .elo(1500);
    let mut engine = spawn(config).await;
    let best = guarded(
        "best_move",
        engine.best_move(None, &[], Duration::from_millis(20)),
    )
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(best.mv.to_move(&Chess::default()).is_ok());

    // The limits quoted come from Stockfish's own declaration.
    let too_strong = guarded("set_option", engine.set_option("Skill Level", "21")).await;
    match too_strong {
        Err(EngineError::InvalidOptionValue { expected, .. }) => {
            assert_eq!(expected, "an integer in 0..=20")
        }
        other => panic!("{other:?}"),
    }
    let changed = guarded("set_option", engine.set_option("skill level", "20")).await;
    assert!(changed.is_ok(), "{changed:?}");

    let too_weak = guarded("spawn", Engine::spawn(stockfish().elo(100))).await;
    match too_weak {
        Err(EngineError::InvalidOptionValue { name, expected, .. }) => {
            assert_eq!(name, "UCI_Elo");
            assert!(expected.starts_with("an integer in "), "{expected}");
        }
        other => panic!("{other:?}"),
    }
    let typo = guarded(
        "spawn",
        Engine::spawn(stockfish().option("Skil Level", "3")),
    )
    .await;
    assert!(
        matches!(typo, Err(EngineError::UnknownOption { ref name }) if name == "Skil Level"),
        "{typo:?}"
    );
}

#[tokio::test]
async fn a_dropped_search_does_not_leak_its_move_into_the_next() {
    let mut engine = spawn(stockfish()).await;
    // The caller gives up on a long search (as a session does when the
    // player pauses); the engine is still thinking about White's move.
    let abandoned = tokio::time::timeout(
        Duration::from_millis(200),
        engine.best_move(None, &[], Duration::from_secs(30)),
    )
    .await;
    assert!(abandoned.is_err(), "a 30 s search answered early");
    // Now Black is to move: a stale White move would be illegal here.
    let moves = vec!["e2e4".to_string()];
    let best = guarded(
        "best_move",
        engine.best_move(None, &moves, Duration::from_millis(30)),
    )
    .await
    .unwrap_or_else(|e| panic!("{e}"));
    let mut pos = Chess::default();
    let e4 = "e2e4"
        .parse::<UciMove>()
        .ok()
        .and_then(|u| u.to_move(&pos).ok());
    pos.play_unchecked(e4.unwrap_or_else(|| panic!("e2e4")));
    assert!(
        best.mv.to_move(&pos).is_ok(),
        "stale or illegal {}",
        best.mv
    );
}

#[tokio::test]
async fn an_illegal_position_is_refused_and_the_engine_lives_on() {
    let mut engine = spawn(stockfish()).await;
    let moves = vec!["e2e4".to_string(), "e2e4".to_string()];
    let reply = guarded(
        "best_move",
        engine.best_move(None, &moves, Duration::from_millis(20)),
    )
    .await;
    assert!(
        matches!(reply, Err(EngineError::InvalidPosition { .. })),
        "{reply:?}"
    );
    let reply = guarded(
        "best_move",
        engine.best_move(None, &moves[..1], Duration::from_millis(20)),
    )
    .await;
    assert!(reply.is_ok(), "{reply:?}");
}

#[tokio::test]
async fn a_missing_binary_is_a_clear_spawn_error() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("no-such-engine");
    let reply = guarded("spawn", Engine::spawn(EngineConfig::new(&path))).await;
    match reply {
        Err(EngineError::Spawn { path: p, source }) => {
            assert_eq!(p, path);
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
            let text = EngineError::Spawn { path: p, source }.to_string();
            assert!(text.contains("cannot start the engine"), "{text}");
            assert!(text.contains("no-such-engine"), "{text}");
        }
        other => panic!("{other:?}"),
    }
}
