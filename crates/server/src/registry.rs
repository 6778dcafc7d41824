//! What a game's task shares with the hall, kept apart from both: the
//! commands a task takes, its answer, the registry of running tasks and
//! the context a task runs in. The hall starts tasks and the tasks report
//! back through this module, so neither imports the other.

use crate::error::ApiError;
use crate::hub::Hub;
use crate::request::Submission;
use arbiter_store::{GameId, Store};
use serde_json::value::RawValue;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::AbortHandle;

/// What a request asks of the game's task.
///
/// Small on purpose: a channel's first block of slots is allocated with the
/// channel, for every idle game, so what a command carries is boxed
/// rather than stored in each slot.
pub(crate) enum Cmd {
    /// Apply an input now and answer with the new state.
    Act(Box<(Submission, oneshot::Sender<Result<Acted, ApiError>>)>),
    /// The game as PGN, dated with the UTC day of the first number.
    Pgn(Box<(i64, oneshot::Sender<String>)>),
    /// Another instance has taken the game: stop running it here.
    Stop,
}

/// What a game's task last committed: the seq of the log's last event and
/// the state after it, which every reader of a game run here reads.
#[derive(Clone, Debug)]
pub(crate) struct Snapshot {
    /// The log's last seq.
    pub seq: u64,
    /// The report of `arbiter replay --json`.
    pub state: State,
}

/// The report of `arbiter replay --json` as the JSON text every reader
/// sends: built once per committed output and kept as text, because an idle
/// game keeps it for as long as it runs and a `serde_json::Value` tree of it
/// (a map node and a string per key) is several times its text.
pub type State = Arc<RawValue>;

/// An accepted action: the seq of the last event now in the log, and the state.
#[derive(Debug, Clone)]
pub struct Acted {
    /// The log's last seq.
    pub seq: u64,
    /// The report of `arbiter replay --json` (shared with the snapshot).
    pub state: State,
}

/// A running game task, as the registry keeps it.
#[derive(Clone)]
pub(crate) struct ActorEntry {
    pub tx: mpsc::Sender<Cmd>,
    pub abort: AbortHandle,
    /// What the task last committed.
    pub snapshot: watch::Receiver<Snapshot>,
}

/// The game tasks this instance runs, by game, and the games it holds at
/// rest.
///
/// A game nobody has started and no engine plays (the idle game of a hall
/// under load, a challenge accepted and not yet played) has nothing to
/// wake for: its clock does not run until White's first move (an online
/// game) or the arbiter's start or an arrival (over the board), each of
/// which is a request. Such a game is held at rest, as the state it would
/// publish, instead of a task with its session, driver and channels (about
/// 12 KiB); its first request starts its task from the log, which is what
/// a task started at once would have run on, since an unstarted clock
/// charges nobody.
#[derive(Clone, Default)]
pub(crate) struct Registry {
    tasks: Arc<Mutex<HashMap<GameId, ActorEntry>>>,
    /// Games held at rest, with the state a reader reads (locked after
    /// `tasks` when both are).
    resting: Arc<Mutex<HashMap<GameId, Snapshot>>>,
}

impl Registry {
    /// The map, even after a panic elsewhere poisoned the lock.
    pub(crate) fn lock(&self) -> MutexGuard<'_, HashMap<GameId, ActorEntry>> {
        self.tasks.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn resting(&self) -> MutexGuard<'_, HashMap<GameId, Snapshot>> {
        self.resting.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// What the task running `id` here last committed, or the state of the
    /// game resting here, if it is either.
    pub(crate) fn snapshot(&self, id: &GameId) -> Option<Snapshot> {
        if let Some(s) = self.lock().get(id).map(|e| e.snapshot.borrow().clone()) {
            return Some(s);
        }
        self.resting().get(id).cloned()
    }

    /// Whether `id` is held here: its task runs, or it rests.
    pub(crate) fn runs(&self, id: &GameId) -> bool {
        self.lock().contains_key(id) || self.resting().contains_key(id)
    }

    /// Holds `id` at rest with its state, unless a task runs it already.
    pub(crate) fn rest(&self, id: &GameId, snapshot: Snapshot) {
        let tasks = self.lock();
        if !tasks.contains_key(id) {
            self.resting().insert(id.clone(), snapshot);
        }
    }

    /// Starts the task of `id` in `tasks` (the map [`Registry::lock`]
    /// gave), which ends its rest.
    pub(crate) fn insert(
        &self,
        tasks: &mut HashMap<GameId, ActorEntry>,
        id: &GameId,
        entry: ActorEntry,
    ) {
        tasks.insert(id.clone(), entry);
        self.resting().remove(id);
    }

    /// Forgets a game resting here (another instance took it, or the hall
    /// stops); whether it rested.
    pub(crate) fn unrest(&self, id: &GameId) -> bool {
        self.resting().remove(id).is_some()
    }

    /// The games resting here, forgotten.
    pub(crate) fn drain_resting(&self) -> Vec<GameId> {
        self.resting().drain().map(|(id, _)| id).collect()
    }

    /// The games resting here.
    pub(crate) fn resting_ids(&self) -> Vec<GameId> {
        self.resting().keys().cloned().collect()
    }

    /// How many games rest here.
    pub(crate) fn resting_len(&self) -> usize {
        self.resting().len()
    }

    /// How many games are held here, running or resting.
    pub(crate) fn held(&self) -> usize {
        self.lock().len() + self.resting().len()
    }

    /// Drops a finished task (only its own entry: a newer task of the same
    /// game stays).
    pub(crate) fn forget(&self, id: &GameId, tx: &mpsc::Sender<Cmd>) {
        let mut tasks = self.lock();
        if tasks.get(id).is_some_and(|e| e.tx.same_channel(tx)) {
            tasks.remove(id);
        }
    }
}

/// What a game's task needs of the hall.
#[derive(Clone)]
pub(crate) struct Ctx {
    pub store: Store,
    /// This instance's lease holder id.
    pub instance_id: Arc<str>,
    /// This run's id, under which its heartbeat is written.
    pub run_id: Arc<str>,
    pub registry: Registry,
    /// The watchers of this instance's games.
    pub hub: Hub,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queued_command_is_two_words() {
        // Every idle game's channel allocates a block of 32 slots at once:
        // 32 boxed commands are half a KiB, 32 inline submissions several.
        assert!(
            std::mem::size_of::<Cmd>() <= 16,
            "{}",
            std::mem::size_of::<Cmd>()
        );
        assert!(std::mem::size_of::<Submission>() > 16);
    }
}
