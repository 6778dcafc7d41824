//! Flag latency of the live driver: how many ms after the exact flag instant the
//! flag is reported, over many clocks running at once.
//!
//! `cargo run --release -p arbiter-clock-live --bin flag-latency -- [CLOCKS] [WORKERS]`
//! (defaults: 1000 clocks, 2 worker threads). Bounded: every flag is due between
//! 1 and 3 s after the start, and the run gives up after 30 s.
//!
//! Half the clocks get a press by White before his flag (at a pseudo-random ms),
//! so their watcher must re-arm for Black's flag; the others flag White. The
//! latency is measured on the monotonic clock from `origin + flag_at` to the
//! moment the watcher task has the flag in hand.

use arbiter_clock::{ClockSettings, PressKind, TimeControl};
use arbiter_clock_live::LiveClock;
use arbiter_rules::{Edition, Side};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let clocks: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let workers: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers.max(1))
        .enable_time()
        .build()
        .expect("tokio runtime");
    let mut lat_us = rt.block_on(run(clocks));
    if lat_us.len() < clocks {
        eprintln!(
            "only {} of {clocks} flags reported within the time limit",
            lat_us.len()
        );
    }
    if lat_us.is_empty() {
        std::process::exit(1);
    }
    lat_us.sort_unstable();
    let pct = |p: f64| lat_us[((lat_us.len() as f64 - 1.0) * p).round() as usize] as f64 / 1000.0;
    println!(
        "flag latency over {} clocks on {} worker threads: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        lat_us.len(),
        workers,
        pct(0.50),
        pct(0.99),
        pct(1.0)
    );
}

async fn run(clocks: usize) -> Vec<u64> {
    let origin = Instant::now() + Duration::from_millis(200);
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<u64>();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for i in 0..clocks {
        let base_ms = 1_000 + next() % 1_000;
        let tc = TimeControl::Periods(vec![arbiter_clock::Period {
            time_ms: base_ms,
            ..Default::default()
        }]);
        let clock = Arc::new(
            LiveClock::with_origin(&tc, ClockSettings::new(Edition::E2023), origin).expect("clock"),
        );
        if i % 2 == 1 {
            let press_at = next() % base_ms;
            let c = clock.clone();
            tokio::spawn(async move {
                tokio::time::sleep_until(c.instant_of(press_at)).await;
                let _ = c.press(Side::White, PressKind::Move);
            });
        }
        let tx = tx.clone();
        tokio::spawn(async move {
            let fall = clock.next_flag().await;
            let now = Instant::now();
            let late = now.saturating_duration_since(clock.instant_of(fall.at));
            let _ = tx.send(late.as_micros() as u64);
        });
    }
    drop(tx);
    let mut out = Vec::with_capacity(clocks);
    let limit = tokio::time::sleep(Duration::from_secs(30));
    tokio::pin!(limit);
    loop {
        tokio::select! {
            v = rx.recv() => match v { Some(v) => out.push(v), None => break },
            _ = &mut limit => break,
        }
    }
    out
}
