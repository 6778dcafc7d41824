//! What a game's task shares with the hall, kept apart from both: the
//! commands a task takes, its answer, the registry of running tasks and
//! the context a task runs in. The hall starts tasks and the tasks report
//! back through this module, so neither imports the other.

use crate::error::ApiError;
use crate::request::Submission;
use arbiter_store::{GameId, Store};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{mpsc, oneshot};
use tokio::task::AbortHandle;

/// What a request asks of the game's task.
///
/// Small on purpose: a channel's first block of slots is allocated with the
/// channel, for every idle game, so the submission is boxed rather than
/// stored in each slot.
pub(crate) enum Cmd {
    /// Apply an input now and answer with the new state.
    Act {
        input: Box<Submission>,
        reply: oneshot::Sender<Result<Acted, ApiError>>,
    },
    /// Another instance has taken the game: stop running it here.
    Stop,
}

/// An accepted action: the seq of the last event now in the log, and the state.
#[derive(Debug, Clone)]
pub struct Acted {
    /// The log's last seq.
    pub seq: u64,
    /// The report of `arbiter replay --json`.
    pub state: Value,
}

/// A running game task, as the registry keeps it.
#[derive(Clone)]
pub(crate) struct ActorEntry {
    pub tx: mpsc::Sender<Cmd>,
    pub abort: AbortHandle,
}

/// The game tasks this instance runs, by game.
#[derive(Clone, Default)]
pub(crate) struct Registry {
    tasks: Arc<Mutex<HashMap<GameId, ActorEntry>>>,
}

impl Registry {
    /// The map, even after a panic elsewhere poisoned the lock.
    pub(crate) fn lock(&self) -> MutexGuard<'_, HashMap<GameId, ActorEntry>> {
        self.tasks.lock().unwrap_or_else(|p| p.into_inner())
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
    pub registry: Registry,
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
