//! Audits a PGN file over and over on one thread, for a profiler (`perf
//! record`, `valgrind --tool=callgrind`): the audit alone, without the PGN
//! reader or the output. With `--json` it audits once and prints what
//! `arbiter audit --json` prints, to compare a change's verdicts quickly.
//! Run: `cargo run --release -p arbiter-chess --example audit_loop --
//! [ROUNDS|--json] [EDITION] [FILE]` (the lichess sample by default).

use arbiter_chess::Chess;
use arbiter_chess::pgn::PgnGames;
use arbiter_laws::audit::{AuditOptions, RecordedGame, audit_game};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next();
    let json = first.as_deref() == Some("--json");
    let rounds: usize = first.and_then(|a| a.parse().ok()).unwrap_or(10);
    let edition = args.next().and_then(|a| a.parse().ok()).unwrap_or_default();
    let pgn = args.next().map(PathBuf::from).unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/games/lichess-sample.pgn")
    });
    let file = match std::fs::File::open(&pgn) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{}: {e}", pgn.display());
            return;
        }
    };
    let games: Vec<RecordedGame> = PgnGames::new(file).filter_map(Result::ok).collect();
    let opts = AuditOptions {
        edition,
        ..AuditOptions::default()
    };
    if json {
        for g in &games {
            let r = audit_game(Chess::default(), opts, g);
            println!("{}", serde_json::to_string(&r).unwrap_or_default());
        }
        return;
    }
    let t = Instant::now();
    let mut agree = 0;
    for _ in 0..rounds {
        for g in &games {
            agree += audit_game(Chess::default(), opts, g).agrees as usize;
        }
    }
    let n = rounds * games.len();
    println!(
        "{n} games audited ({agree} agree): {:.0} games/s",
        n as f64 / t.elapsed().as_secs_f64()
    );
}
