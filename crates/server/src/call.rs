//! A player's call of the arbiter (FIDE Laws 2017, 6.12.2; 2005, 6.13):
//! `{"type":"call_arbiter"}` stops both clocks and both players and the
//! console hear it; the arbiter resumes the game.
//!
//! Online, a game may have no arbiter watching: where no arbiter's console
//! is connected, the caller's opponent may resume (his page sends the
//! arbiter's `resume`, which the hall then makes for him), and after
//! [`CALL_WAIT`] the hall resumes by itself. Either resume is written as
//! the arbiter's `resume` with a reason that says who made it, so the log
//! tells the same story the players heard. The pending calls and the
//! consoles connected are this instance's knowledge: a game is run, and
//! its consoles served, by one instance at a time.

use crate::actor;
use crate::hall::Hall;
use crate::request::{Actor, Submission};
use arbiter_notation::lobby_words::{RESUMED_AFTER_WAIT, RESUMED_BY_OPPONENT};
use arbiter_rules::Side;
use arbiter_session::{ActionKind, ArbiterAction, Event, Input};
use arbiter_store::GameId;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How long a call waits for an absent arbiter before the hall resumes.
pub const CALL_WAIT: Duration = Duration::from_secs(120);

/// The wait in force, in milliseconds (tests shorten it).
static WAIT_MS: AtomicU64 = AtomicU64::new(120_000);
/// A number for each call, so a timer never ends a later call.
static NEXT: AtomicU64 = AtomicU64::new(1);

/// The calls pending, by game: who called, and the call's number.
static CALLS: LazyLock<Mutex<HashMap<String, (Side, u64)>>> = LazyLock::new(Default::default);
/// The arbiter's consoles connected, by game.
static CONSOLES: LazyLock<Mutex<HashMap<String, usize>>> = LazyLock::new(Default::default);

fn lock<T>(m: &'static Mutex<T>) -> MutexGuard<'static, T> {
    // Plain data: a panic elsewhere leaves it consistent.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sets the wait for an absent arbiter (tests use a short one).
pub fn set_wait(wait: Duration) {
    WAIT_MS.store(
        u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
        Ordering::Relaxed,
    );
}

/// An arbiter's console connected to a game, for as long as it lives.
pub(crate) struct Console(String);

impl Drop for Console {
    fn drop(&mut self) {
        let mut c = lock(&CONSOLES);
        if let Some(n) = c.get_mut(&self.0) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                c.remove(&self.0);
            }
        }
    }
}

/// Counts an arbiter's socket as present until the guard is dropped.
pub(crate) fn console(id: &GameId) -> Console {
    *lock(&CONSOLES).entry(id.as_str().to_string()).or_default() += 1;
    Console(id.as_str().to_string())
}

/// Whether an arbiter's console is connected to the game here.
pub fn arbiter_present(id: &GameId) -> bool {
    lock(&CONSOLES).contains_key(id.as_str())
}

/// The hall's own resume, standing in for the absent arbiter.
fn resume(reason: &str) -> Submission {
    let mut a = ArbiterAction::new(ActionKind::Resume);
    a.reason = Some(reason.to_string());
    Submission {
        input: Input::Event(Event::Arbiter(a)),
        lag_ms: None,
    }
}

/// A player's `{"type":"arbiter","action":"resume"}` while his opponent's
/// call is pending and no arbiter is present: the hall's resume for him.
/// Anything else is read as usual (`None`).
pub(crate) fn stand_in(id: &GameId, actor: Actor, body: &[u8]) -> Option<Submission> {
    let Actor::Player(side) = actor else {
        return None;
    };
    let v: serde_json::Value = serde_json::from_slice(body).ok()?;
    if v["type"] != "arbiter" || v["action"] != "resume" {
        return None;
    }
    let (caller, _) = *lock(&CALLS).get(id.as_str())?;
    (caller != side && !arbiter_present(id)).then(|| resume(RESUMED_BY_OPPONENT))
}

/// After an event was accepted: a call is noted (and its wait starts), a
/// resume ends the pending call.
pub(crate) fn after(hall: &Hall, id: &GameId, input: &Input) {
    match input {
        Input::Event(Event::CallArbiter { side }) => {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            lock(&CALLS).insert(id.as_str().to_string(), (*side, n));
            tokio::spawn(wait_out(hall.clone(), id.clone(), n));
        }
        Input::Event(Event::Arbiter(a)) if a.action == ActionKind::Resume => {
            lock(&CALLS).remove(id.as_str());
        }
        _ => {}
    }
}

/// The wait for an absent arbiter: when it runs out with the same call
/// pending and still no console connected, the hall resumes the game.
async fn wait_out(hall: Hall, id: GameId, n: u64) {
    tokio::time::sleep(Duration::from_millis(WAIT_MS.load(Ordering::Relaxed))).await;
    let pending = lock(&CALLS).get(id.as_str()).is_some_and(|c| c.1 == n);
    if !pending || arbiter_present(&id) {
        return;
    }
    let Some(tx) = hall.local(&id) else {
        return;
    };
    match actor::ask(&tx, resume(RESUMED_AFTER_WAIT)).await {
        Some(Ok(_)) => {
            lock(&CALLS).remove(id.as_str());
        }
        Some(Err(e)) => {
            tracing::info!(game = %id, reason = %e.reason, "the wait for the arbiter ended without a resume")
        }
        None => {}
    }
}
