//! 1,000 simultaneous sessions on one tokio runtime (2 worker threads):
//! CPU per scripted move, memory per idle session, and the flag latency of
//! sessions that nobody touches, beside the goals and beside the bare
//! clock-live driver measured the same way in the same run (the method of
//! `cargo run --release -p arbiter-clock-live --bin flag-latency -- 1000 2`).
//!
//! `cargo bench -p arbiter-session --bench session [-- SESSIONS]`. Bounded:
//! every flag is due 1–3 s after its start and each phase gives up after 30 s.

use arbiter_chess::Chess;
use arbiter_clock::{ClockSettings, PressKind, TimeControl};
use arbiter_clock_live::LiveClock;
use arbiter_laws::log::Header;
use arbiter_notation::Lexicon;
use arbiter_rules::{Edition, Side};
use arbiter_session::{Driver, Input, Kind, LiveTime, Mode, Output, Session, SessionConfig};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// Counts the bytes live on the heap, to measure what a session holds.
struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        LIVE.fetch_add(new as isize - l.size() as isize, Ordering::Relaxed);
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const SCRIPT: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];

fn rss_kib() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    pages * 4
}

/// User + system CPU of the whole process, in ms (clock ticks of 10 ms).
fn cpu_ms() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    // Fields 14 and 15 of stat; after the command name (field 2) they are
    // the 12th and 13th, counting the state (field 3) as the first.
    let f: Vec<&str> = after.split_whitespace().collect();
    let field = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    (field(11) + field(12)) * 10
}

fn session(control: &str) -> Session<Chess> {
    let config = SessionConfig {
        header: Header::new("A", "B", Some(control)),
        mode: Mode::Online,
        lexicon: Lexicon::En,
        alarms_ms: [vec![60_000, 30_000, 10_000], vec![60_000, 30_000, 10_000]],
    };
    Session::new(Chess::default(), config).expect("session")
}

struct Board {
    tx: mpsc::Sender<Input>,
    task: tokio::task::JoinHandle<Session<Chess>>,
}

fn spawn(s: Session<Chess>, time: LiveTime) -> (Board, mpsc::UnboundedReceiver<Output>) {
    let (tx, rx) = mpsc::channel(32);
    let (otx, orx) = mpsc::unbounded_channel();
    let task = tokio::spawn(Driver::new(s, time).run(rx, otx));
    (Board { tx, task }, orx)
}

/// Memory per idle started session, then CPU per move over the script.
async fn moves(n: usize) -> (f64, f64, f64, f64, usize) {
    let time = LiveTime::new();
    let (heap0, rss0) = (LIVE.load(Ordering::SeqCst), rss_kib());
    let mut boards = Vec::with_capacity(n);
    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<()>();
    for _ in 0..n {
        let (b, mut orx) = spawn(session("900+10"), time);
        b.tx.send(Input::Start).await.expect("start");
        let done = done_tx.clone();
        tokio::spawn(async move {
            while let Some(o) = orx.recv().await {
                for a in &o.announcements {
                    if matches!(a.kind, Kind::Move { .. }) {
                        let _ = done.send(());
                    }
                }
            }
        });
        boards.push(b);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let heap = (LIVE.load(Ordering::SeqCst) - heap0) as f64 / n as f64 / 1024.0;
    let rss = rss_kib().saturating_sub(rss0) as f64 / n as f64;
    let (t0, c0) = (std::time::Instant::now(), cpu_ms());
    for m in SCRIPT {
        for b in &boards {
            let _ =
                b.tx.send(Input::Move {
                    side: None,
                    text: m.into(),
                })
                .await;
        }
    }
    let total = n * SCRIPT.len();
    let limit = tokio::time::sleep(Duration::from_secs(30));
    tokio::pin!(limit);
    let mut got = 0;
    while got < total {
        tokio::select! {
            v = done_rx.recv() => match v { Some(()) => got += 1, None => break },
            _ = &mut limit => break,
        }
    }
    let wall_us = t0.elapsed().as_micros() as f64 / got.max(1) as f64;
    let cpu_us = (cpu_ms() - c0) as f64 * 1000.0 / got.max(1) as f64;
    for b in boards {
        drop(b.tx);
        let _ = b.task.await;
    }
    (heap, rss, cpu_us, wall_us, got)
}

fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Sessions nobody touches after a move or two: the flag latency, in µs.
async fn session_flags(n: usize) -> Vec<u64> {
    let time = LiveTime::new();
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let (lat_tx, mut lat_rx) = mpsc::unbounded_channel::<(usize, Instant, u64)>();
    let mut boards = Vec::with_capacity(n);
    for i in 0..n {
        let base = 1 + xorshift(&mut seed) % 2;
        let (b, mut orx) = spawn(session(&format!("{base}+0")), time);
        b.tx.send(Input::Start).await.expect("start");
        if i % 2 == 1 {
            // White moves before his flag: the wake re-arms for Black's.
            let tx = b.tx.clone();
            let at = xorshift(&mut seed) % 900;
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(at)).await;
                let _ = tx
                    .send(Input::Move {
                        side: None,
                        text: "e4".into(),
                    })
                    .await;
            });
        }
        let lat = lat_tx.clone();
        tokio::spawn(async move {
            while let Some(o) = orx.recv().await {
                if let Some(e) = o
                    .events
                    .iter()
                    .find(|e| matches!(e.event, arbiter_laws::Event::Flag { .. }))
                {
                    let _ = lat.send((i, Instant::now(), e.at));
                }
            }
        });
        boards.push(b);
    }
    drop(lat_tx);
    let mut seen = Vec::with_capacity(n);
    let limit = tokio::time::sleep(Duration::from_secs(30));
    tokio::pin!(limit);
    while seen.len() < n {
        tokio::select! {
            v = lat_rx.recv() => match v { Some(v) => seen.push(v), None => break },
            _ = &mut limit => break,
        }
    }
    let mut origins = Vec::with_capacity(n);
    for b in boards {
        drop(b.tx);
        origins.push(b.task.await.ok().and_then(|s| s.origin()).unwrap_or(0));
    }
    seen.iter()
        .map(|(i, got, at)| {
            let due = time.instant_of(origins[*i] + at);
            got.saturating_duration_since(due).as_micros() as u64
        })
        .collect()
}

/// The bare clock-live driver, as its `flag-latency` binary measures it.
async fn clock_live_flags(n: usize) -> Vec<u64> {
    let origin = Instant::now() + Duration::from_millis(200);
    let (tx, mut rx) = mpsc::unbounded_channel::<u64>();
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    for i in 0..n {
        let base_ms = 1_000 + xorshift(&mut seed) % 1_000;
        let tc = TimeControl::Periods(vec![arbiter_clock::Period {
            time_ms: base_ms,
            ..Default::default()
        }]);
        let settings = ClockSettings::new(Edition::E2023);
        let clock = Arc::new(LiveClock::with_origin(&tc, settings, origin).expect("clock"));
        if i % 2 == 1 {
            let press_at = xorshift(&mut seed) % base_ms;
            let c = clock.clone();
            tokio::spawn(async move {
                tokio::time::sleep_until(c.instant_of(press_at)).await;
                let _ = c.press(Side::White, PressKind::Move);
            });
        }
        let tx = tx.clone();
        tokio::spawn(async move {
            let fall = clock.next_flag().await;
            let late = Instant::now().saturating_duration_since(clock.instant_of(fall.at));
            let _ = tx.send(late.as_micros() as u64);
        });
    }
    drop(tx);
    let mut out = Vec::with_capacity(n);
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

fn p(lat: &mut [u64], q: f64) -> f64 {
    lat.sort_unstable();
    if lat.is_empty() {
        return f64::NAN;
    }
    lat[((lat.len() as f64 - 1.0) * q).round() as usize] as f64 / 1000.0
}

fn main() {
    let n: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_time()
        .build()
        .expect("tokio runtime");
    let (heap_kib, rss_kib, cpu_us, wall_us, moved) = rt.block_on(moves(n));
    let mut ours = rt.block_on(session_flags(n));
    let mut peer = rt.block_on(clock_live_flags(n));
    println!("{n} sessions on one tokio runtime, 2 worker threads");
    println!(
        "  CPU per move:            {cpu_us:8.1} µs   (wall {wall_us:.1} µs; {moved} of {} scripted moves played; 10 ms CPU ticks)",
        n * SCRIPT.len()
    );
    println!(
        "  memory per idle session: {heap_kib:8.2} KiB heap, {rss_kib:.2} KiB RSS   goal ≤ 16 KiB"
    );
    println!(
        "  flag latency, sessions:  p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms over {} flags   goal p99 ≤ 10 ms",
        p(&mut ours, 0.5),
        p(&mut ours, 0.99),
        p(&mut ours, 1.0),
        ours.len()
    );
    println!(
        "  flag latency, clock-live alone (its flag-latency method): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms over {} clocks",
        p(&mut peer, 0.5),
        p(&mut peer, 0.99),
        p(&mut peer, 1.0),
        peer.len()
    );
}
