//! The live driver under tokio's paused (virtual) time: deterministic, no timed
//! assertions on the real clock.

use arbiter_clock::{ClockSettings, FlagFall, PressKind, TimeControl};
use arbiter_clock_live::LiveClock;
use arbiter_rules::{Edition, Side};
use std::sync::Arc;
use std::time::Duration;

fn live(s: &str) -> Arc<LiveClock> {
    let tc: TimeControl = s.parse().unwrap();
    Arc::new(LiveClock::new(&tc, ClockSettings::new(Edition::E2023)).unwrap())
}

#[tokio::test(start_paused = true)]
async fn wakes_exactly_at_the_flag() {
    let c = live("1.5");
    let f = c.next_flag().await;
    assert_eq!(
        f,
        FlagFall {
            side: Side::White,
            at: 1_500
        }
    );
    assert_eq!(c.now_ms(), 1_500, "woke at the flag instant, not later");
}

#[tokio::test(start_paused = true)]
async fn a_press_rearms_the_watcher() {
    let c = live("1+0.25");
    let w = c.clone();
    let watcher = tokio::spawn(async move { w.next_flag().await });
    tokio::time::sleep(Duration::from_millis(600)).await;
    let p = c.press(Side::White, PressKind::Move).unwrap();
    assert_eq!(p.at, 600);
    // Black's flag is due at 600 + 1000.
    let f = watcher.await.unwrap();
    assert_eq!(
        f,
        FlagFall {
            side: Side::Black,
            at: 1_600
        }
    );
    assert_eq!(c.snapshot().white_ms, 1_000 - 600 + 250);
}

#[tokio::test(start_paused = true)]
async fn no_flag_while_paused_and_delay_is_honoured() {
    let c = live("1d2");
    tokio::time::sleep(Duration::from_millis(500)).await;
    c.pause().unwrap();
    let w = c.clone();
    let watcher = tokio::spawn(async move { w.next_flag().await });
    tokio::time::sleep(Duration::from_secs(60)).await;
    assert!(!watcher.is_finished(), "paused: no flag");
    c.resume().unwrap();
    let f = watcher.await.unwrap();
    // 500 ms of delay used before the pause, 1500 + 1000 after the resume at 60.5 s.
    assert_eq!(
        f,
        FlagFall {
            side: Side::White,
            at: 60_500 + 1_500 + 1_000
        }
    );
}

#[tokio::test(start_paused = true)]
async fn each_flag_is_reported_once_and_the_log_is_stamped() {
    let c = live("1");
    let f = c.next_flag().await;
    assert_eq!(f.side, Side::White);
    c.press(Side::White, PressKind::Move).unwrap();
    let g = c.next_flag().await;
    assert_eq!(
        g,
        FlagFall {
            side: Side::Black,
            at: 2_000
        }
    );
    let events = c.events();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].at(), 1_000);
    let w = c.clone();
    let h = tokio::spawn(async move { w.next_flag().await });
    tokio::time::sleep(Duration::from_secs(3600)).await;
    assert!(!h.is_finished(), "both flags already reported");
    h.abort();
}

#[tokio::test(start_paused = true)]
async fn a_hall_of_watchers() {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let mut boards = Vec::new();
    for i in 0..10u64 {
        let c = live(&format!("{}", i + 1));
        arbiter_clock_live::spawn_flag_watcher(c.clone(), i, tx.clone());
        boards.push(c);
    }
    drop(tx);
    for i in 0..10u64 {
        let (id, f) = rx.recv().await.unwrap();
        assert_eq!(id, i, "flags arrive in the order they fall");
        assert_eq!(
            f,
            FlagFall {
                side: Side::White,
                at: (i + 1) * 1_000
            }
        );
    }
}
