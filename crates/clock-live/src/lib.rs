//! `arbiter-clock-live`: the chess clock in real time.
//!
//! The pure [`arbiter_clock::Clock`] never reads a clock; this crate is the one
//! place that does. A [`LiveClock`] stamps each input with the milliseconds of a
//! monotonic clock ([`tokio::time::Instant`]) since its origin (the instant
//! White's clock was started) and feeds it to the same pure clock that replays a
//! log, so live play and replay cannot disagree. [`LiveClock::next_flag`] sleeps
//! until the exact instant the running side's flag is due (re-armed whenever a
//! press, pause or adjustment changes it) and then reports the flag with the
//! instant the pure clock computed, not the instant the task happened to wake.
//!
//! ```no_run
//! # async fn demo() {
//! use arbiter_clock::{ClockSettings, PressKind};
//! use arbiter_clock_live::LiveClock;
//! use arbiter_rules::{Edition, Side};
//! use std::sync::Arc;
//!
//! let clock = Arc::new(LiveClock::new(&"300+3".parse().unwrap(), ClockSettings::new(Edition::E2023)).unwrap());
//! let watcher = clock.clone();
//! tokio::spawn(async move {
//!     let fall = watcher.next_flag().await;
//!     println!("{} flagged at {} ms", fall.side, fall.at);
//! });
//! clock.press(Side::White, PressKind::Move).unwrap();
//! # }
//! ```

#![warn(missing_docs)]

use arbiter_clock::{
    Clock, ClockError, ClockEvent, ClockSettings, ClockSnapshot, FlagFall, PressKind, PressOutcome,
    TimeControl,
};
use arbiter_rules::Side;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::time::Instant;

struct State {
    clock: Clock,
    /// Flags already handed out by `next_flag`, per side.
    reported: [bool; 2],
    /// Every event applied, with its `at`: the material of an event log.
    events: Vec<ClockEvent>,
}

/// A clock running in real time. Share it with `Arc`; all methods take `&self`.
pub struct LiveClock {
    state: Mutex<State>,
    origin: Instant,
    changed: Notify,
}

/// The result of an input, with the `at` it was stamped with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamped<T> {
    /// Milliseconds since White's clock was started, read from the monotonic clock.
    pub at: u64,
    /// What the pure clock answered.
    pub value: T,
}

impl LiveClock {
    /// A clock whose White side starts running now.
    pub fn new(tc: &TimeControl, settings: ClockSettings) -> Result<LiveClock, ClockError> {
        LiveClock::with_origin(tc, settings, Instant::now())
    }

    /// A clock whose White side started at `origin` (for a hall that starts
    /// many boards at the scheduled time).
    pub fn with_origin(
        tc: &TimeControl,
        settings: ClockSettings,
        origin: Instant,
    ) -> Result<LiveClock, ClockError> {
        Ok(LiveClock {
            state: Mutex::new(State {
                clock: Clock::new(tc, settings)?,
                reported: [false; 2],
                events: Vec::new(),
            }),
            origin,
            changed: Notify::new(),
        })
    }

    /// The instant White's clock was started (`at = 0`).
    pub fn origin(&self) -> Instant {
        self.origin
    }

    /// Milliseconds since the origin, truncated (so a deadline `origin + f ms`
    /// reads as `f` or later, never earlier).
    pub fn now_ms(&self) -> u64 {
        ms_between(self.origin, Instant::now())
    }

    /// The monotonic instant of `at`.
    pub fn instant_of(&self, at: u64) -> Instant {
        self.origin + Duration::from_millis(at)
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave the pure clock half
        // updated (its methods are all-or-nothing), so a poisoned lock is safe.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Apply `ev` stamped now (the stamp is taken under the lock, so stamps are
    /// monotonic across threads).
    fn input<T>(
        &self,
        f: impl FnOnce(&mut Clock, u64) -> Result<(T, ClockEvent), ClockError>,
    ) -> Result<Stamped<T>, ClockError> {
        let mut st = self.lock();
        let at = self.now_ms().max(st.clock.last_at());
        let (value, ev) = f(&mut st.clock, at)?;
        st.events.push(ev);
        drop(st);
        self.changed.notify_waiters();
        Ok(Stamped { at, value })
    }

    /// A clock press by `side` now.
    pub fn press(&self, side: Side, kind: PressKind) -> Result<Stamped<PressOutcome>, ClockError> {
        self.input(|c, at| {
            Ok((
                c.press(side, at, kind)?,
                ClockEvent::Press { side, at, kind },
            ))
        })
    }
    /// The arbiter pauses the clocks now.
    pub fn pause(&self) -> Result<Stamped<()>, ClockError> {
        self.input(|c, at| Ok((c.pause(at)?, ClockEvent::Pause { at })))
    }
    /// The arbiter restarts the clocks now.
    pub fn resume(&self) -> Result<Stamped<()>, ClockError> {
        self.input(|c, at| Ok((c.resume(at)?, ClockEvent::Resume { at })))
    }
    /// The arbiter adds (or deducts, if negative) time now.
    pub fn adjust(&self, side: Side, delta_ms: i64) -> Result<Stamped<()>, ClockError> {
        self.input(|c, at| {
            Ok((
                c.adjust(side, at, delta_ms)?,
                ClockEvent::Adjust { side, at, delta_ms },
            ))
        })
    }
    /// G-III.4 now.
    pub fn switch_to_increment(&self, increment_ms: u64) -> Result<Stamped<()>, ClockError> {
        self.input(|c, at| {
            Ok((
                c.switch_to_increment(at, increment_ms)?,
                ClockEvent::SwitchToIncrement { at, increment_ms },
            ))
        })
    }
    /// A player arrives now (6.7).
    pub fn arrive(&self, side: Side) -> Result<Stamped<arbiter_clock::Arrival>, ClockError> {
        self.input(|c, at| Ok((c.arrive(side, at)?, ClockEvent::Arrive { side, at })))
    }

    /// Read the pure clock, synchronised to now (flags that fell are recorded).
    pub fn read<R>(&self, f: impl FnOnce(&Clock, u64) -> R) -> R {
        let mut st = self.lock();
        let at = self.now_ms().max(st.clock.last_at());
        let _ = st.clock.advance(at);
        f(&st.clock, at)
    }

    /// The clock's state now.
    pub fn snapshot(&self) -> ClockSnapshot {
        self.read(|c, at| c.snapshot(at))
    }

    /// Every input applied so far, stamped (for the event log).
    pub fn events(&self) -> Vec<ClockEvent> {
        self.lock().events.clone()
    }

    /// The monotonic instant of the next flag not yet reported, if a clock is running.
    pub fn next_deadline(&self) -> Option<Instant> {
        let st = self.lock();
        next_unreported(&st).map(|at| self.instant_of(at))
    }

    /// Wait for the next flag fall and return it with its exact instant
    /// (`FlagFall::at`, computed by the pure clock). Each side's flag is
    /// reported once. Waits forever once both have been reported, or while no
    /// clock runs and nothing changes. Cancel-safe.
    pub async fn next_flag(&self) -> FlagFall {
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            // Register before looking, so a change in between still wakes us.
            notified.as_mut().enable();
            let due = {
                let mut st = self.lock();
                let at = self.now_ms().max(st.clock.last_at());
                let _ = st.clock.advance(at);
                let fallen = st.clock.fallen();
                if let Some(f) = fallen.into_iter().find(|f| !st.reported[f.side.index()]) {
                    st.reported[f.side.index()] = true;
                    return f;
                }
                next_unreported(&st)
            };
            match due {
                Some(at) => {
                    tokio::select! {
                        _ = tokio::time::sleep_until(self.instant_of(at)) => {}
                        _ = &mut notified => {}
                    }
                }
                None => notified.await,
            }
        }
    }
}

/// The monotonic time base of a live game without its own pure clock: a
/// session whose clock is the Laws fold's reads `now_ms` here and sleeps with
/// [`TimeBase::sleep_until`], with the same truncation as [`LiveClock`].
#[derive(Clone, Copy, Debug)]
pub struct TimeBase {
    origin: Instant,
    /// What `now_ms` reads at `origin`: a game taken up again from its log
    /// goes on from the log's last instant. It is kept apart from `origin`
    /// because the monotonic clock starts at boot: a game stored before a
    /// restart may be longer ago than the clock reaches back.
    offset: u64,
}

impl TimeBase {
    /// A time base whose `0` is now.
    pub fn new() -> TimeBase {
        TimeBase::starting_at(0)
    }
    /// A time base that reads `ms` now and runs on from there.
    ///
    /// ```
    /// let t = arbiter_clock_live::TimeBase::starting_at(90_000);
    /// assert!(t.now_ms() >= 90_000);
    /// ```
    pub fn starting_at(ms: u64) -> TimeBase {
        TimeBase {
            origin: Instant::now(),
            offset: ms,
        }
    }
    /// Milliseconds since the origin, truncated.
    pub fn now_ms(&self) -> u64 {
        self.offset
            .saturating_add(ms_between(self.origin, Instant::now()))
    }
    /// The monotonic instant of `at` (the origin for an instant before it).
    pub fn instant_of(&self, at: u64) -> Instant {
        self.origin + Duration::from_millis(at.saturating_sub(self.offset))
    }
    /// Sleeps until `at` ms after the origin (at once if it has passed).
    pub async fn sleep_until(&self, at: u64) {
        tokio::time::sleep_until(self.instant_of(at)).await
    }
}

impl Default for TimeBase {
    fn default() -> Self {
        TimeBase::new()
    }
}

/// Watch `clock` in a task of its own and send each flag fall (at most two)
/// with the board's `id`: the building block of a hall of many boards.
pub fn spawn_flag_watcher<K: Clone + Send + 'static>(
    clock: std::sync::Arc<LiveClock>,
    id: K,
    tx: tokio::sync::mpsc::UnboundedSender<(K, FlagFall)>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        for _ in 0..2 {
            let fall = clock.next_flag().await;
            if tx.send((id.clone(), fall)).is_err() {
                return;
            }
        }
    })
}

fn next_unreported(st: &State) -> Option<u64> {
    Side::BOTH
        .iter()
        .filter(|s| !st.reported[s.index()])
        .filter_map(|&s| st.clock.flag_at(s))
        .min()
}

/// Whole milliseconds from `a` to `b` (0 if `b` is earlier), truncated.
pub fn ms_between(a: Instant, b: Instant) -> u64 {
    u64::try_from(b.saturating_duration_since(a).as_millis()).unwrap_or(u64::MAX)
}
