//! Appends events to one game in a loop and prints each acknowledged seq on
//! its own line, flushed at once, so that whatever the parent has read was
//! acknowledged. The store's crash test kills it with SIGKILL mid-run and
//! checks that every printed seq is in the log.
//!
//! Usage: `arbiter-store-crash-child DATABASE_URL GAME_ID MAX_EVENTS`.
//! It stops by itself after MAX_EVENTS appends.

use std::io::Write;
use std::process::ExitCode;

use arbiter_store::{GameId, Store, StoreError};

/// The event line with seq `seq`; the crash test rebuilds it to check the
/// stored line byte for byte.
fn line(seq: u64) -> String {
    format!(r#"{{"at":{seq},"type":"press","side":"white"}}"#)
}

async fn run(url: &str, id: &str, max: u64) -> Result<(), StoreError> {
    let store = Store::connect(url).await?;
    let id: GameId = id.parse()?;
    let mut next = store.game(&id).await?.last_seq + 1;
    let mut out = std::io::stdout().lock();
    for _ in 0..max {
        let seq = store.append(&id, &line(next), Some(next)).await?;
        // A closed pipe means the parent is gone: stop quietly.
        if writeln!(out, "{seq}").and_then(|()| out.flush()).is_err() {
            return Ok(());
        }
        next = seq + 1;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, id, max] = args.as_slice() else {
        eprintln!("usage: arbiter-store-crash-child DATABASE_URL GAME_ID MAX_EVENTS");
        return ExitCode::from(2);
    };
    let Ok(max) = max.parse::<u64>() else {
        eprintln!("MAX_EVENTS must be a number, not {max:?}");
        return ExitCode::from(2);
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cannot start tokio: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(url, id, max)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("crash child: {e}");
            ExitCode::FAILURE
        }
    }
}
