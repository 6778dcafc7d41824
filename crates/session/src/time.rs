//! Where the session's milliseconds come from: the live monotonic clock of
//! `arbiter-clock-live`, or a manual clock that tests and `--manual-time`
//! scripts set by hand.

use arbiter_clock_live::TimeBase;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::Notify;

/// A boxed future, as the time source and the opponents return them.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// A source of milliseconds that never go backwards.
pub trait TimeSource: Send + Sync + 'static {
    /// Milliseconds since the source's origin.
    fn now_ms(&self) -> u64;
    /// Resolves once `now_ms() >= at`.
    fn sleep_until(&self, at: u64) -> BoxFuture<()>;
}

/// The live clock: `arbiter-clock-live`'s monotonic time base.
#[derive(Clone, Copy, Debug, Default)]
pub struct LiveTime {
    base: TimeBase,
}

impl LiveTime {
    /// A live clock whose `0` is now.
    pub fn new() -> LiveTime {
        LiveTime {
            base: TimeBase::new(),
        }
    }
    /// A live clock that reads `ms` now: a game taken up again from its
    /// log goes on from the log's last instant, the time it was stored
    /// charged to no one.
    pub fn starting_at(ms: u64) -> LiveTime {
        LiveTime {
            base: TimeBase::starting_at(ms),
        }
    }
}

impl LiveTime {
    /// The monotonic instant of `at` ms after this clock's origin, for
    /// measuring how late a wake-up came.
    pub fn instant_of(&self, at: u64) -> tokio::time::Instant {
        self.base.instant_of(at)
    }
}

impl TimeSource for LiveTime {
    fn now_ms(&self) -> u64 {
        self.base.now_ms()
    }
    fn sleep_until(&self, at: u64) -> BoxFuture<()> {
        let base = self.base;
        Box::pin(async move { base.sleep_until(at).await })
    }
}

/// A clock set by hand: it moves only when [`ManualTime::set`] is called.
#[derive(Clone, Debug, Default)]
pub struct ManualTime {
    inner: Arc<(AtomicU64, Notify)>,
}

impl ManualTime {
    /// A manual clock at 0.
    pub fn new() -> ManualTime {
        ManualTime::default()
    }
    /// Moves the clock to `ms`; an earlier value is ignored (time never goes back).
    pub fn set(&self, ms: u64) {
        self.inner.0.fetch_max(ms, Ordering::SeqCst);
        self.inner.1.notify_waiters();
    }
}

impl TimeSource for ManualTime {
    fn now_ms(&self) -> u64 {
        self.inner.0.load(Ordering::SeqCst)
    }
    fn sleep_until(&self, at: u64) -> BoxFuture<()> {
        let inner = self.inner.clone();
        Box::pin(async move {
            loop {
                let notified = inner.1.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                if inner.0.load(Ordering::SeqCst) >= at {
                    return;
                }
                notified.await;
            }
        })
    }
}

/// Splits a scripted line `@MS rest` into its time and the rest (as
/// `arbiter clock --manual-time` reads it). A line without `@` has no time.
pub fn split_time(line: &str) -> Result<(Option<u64>, &str), NotMilliseconds> {
    let t = line.trim_start();
    let Some(rest) = t.strip_prefix('@') else {
        return Ok((None, t));
    };
    let (num, rest) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let ms = num
        .parse::<u64>()
        .map_err(|_| NotMilliseconds(num.to_string()))?;
    Ok((Some(ms), rest.trim()))
}

/// What follows a scripted line's `@` is not a number of milliseconds. The
/// message quotes at most its first 20 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotMilliseconds(pub String);

impl std::fmt::Display for NotMilliseconds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: String = self.0.chars().take(20).collect();
        write!(f, "column 2: {shown:?} is not a number of milliseconds")
    }
}

impl std::error::Error for NotMilliseconds {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_lines() {
        assert_eq!(split_time("@1500 e4").unwrap(), (Some(1500), "e4"));
        assert_eq!(split_time("Кf3").unwrap(), (None, "Кf3"));
        assert_eq!(split_time("@20").unwrap(), (Some(20), ""));
        let e = split_time("@x e4").unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"column 2: "x" is not a number of milliseconds"#
        );
    }

    #[tokio::test]
    async fn manual_time_wakes_sleepers_when_set() {
        let t = ManualTime::new();
        let s = t.sleep_until(100);
        let t2 = t.clone();
        let h = tokio::spawn(s);
        t2.set(50);
        tokio::task::yield_now().await;
        assert!(!h.is_finished());
        t2.set(100);
        h.await.unwrap();
        assert_eq!(t.now_ms(), 100);
    }
}
