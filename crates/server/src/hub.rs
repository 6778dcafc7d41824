//! The watchers' hub: for every game someone watches on this instance, a
//! running fold of its log and a broadcast of one frame per committed
//! event. It learns of commits from the store's notices, so watchers on
//! any instance see events appended through any other (PostgreSQL
//! `LISTEN/NOTIFY`).

use crate::error::ApiError;
use crate::fold::Fold;
use arbiter_store::{GameId, Notice, Store};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Frames buffered per game for a slow watcher before it must reconnect.
const FRAMES: usize = 256;

/// One WebSocket frame: `{"seq","event","state"}` as text.
#[derive(Debug)]
pub struct Frame {
    /// The event's seq.
    pub seq: u64,
    /// The frame's JSON text.
    pub text: String,
}

/// The frame of one event: `line` is the stored JSON line.
pub fn frame(seq: u64, line: &str, fold: &Fold) -> Frame {
    let state = serde_json::to_string(&fold.report()).unwrap_or_else(|_| "null".into());
    Frame {
        seq,
        text: format!(r#"{{"seq":{seq},"event":{line},"state":{state}}}"#),
    }
}

struct Watched {
    tx: broadcast::Sender<Arc<Frame>>,
    fold: tokio::sync::Mutex<Option<(Fold, u64)>>,
    /// The fold's seq, readable without its lock: a notice of an event
    /// already read (several commits read in one catch-up) costs no query.
    seen: AtomicU64,
}

/// The games watched on this instance.
#[derive(Clone)]
pub(crate) struct Hub {
    store: Store,
    games: Arc<Mutex<HashMap<GameId, Arc<Watched>>>>,
}

impl Hub {
    pub(crate) fn new(store: Store) -> Hub {
        Hub {
            store,
            games: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Arc<Watched>>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Frames of every event of `id` committed from now on. Subscribe
    /// first, then read the log: an event in both is told twice with the
    /// same seq, so the watcher skips seqs it has sent.
    pub(crate) async fn watch(
        &self,
        id: &GameId,
    ) -> Result<broadcast::Receiver<Arc<Frame>>, ApiError> {
        let (w, rx) = {
            let mut games = self.games();
            let w = games
                .entry(id.clone())
                .or_insert_with(|| {
                    Arc::new(Watched {
                        tx: broadcast::channel(FRAMES).0,
                        fold: tokio::sync::Mutex::new(None),
                        seen: AtomicU64::new(0),
                    })
                })
                .clone();
            let rx = w.tx.subscribe();
            (w, rx)
        };
        self.catch_up(id, &w).await?;
        Ok(rx)
    }

    /// Reads what was committed since the fold's seq and broadcasts it.
    async fn catch_up(&self, id: &GameId, w: &Watched) -> Result<(), ApiError> {
        let mut guard = w.fold.lock().await;
        let Some((fold, seq)) = guard.as_mut() else {
            let log = self.store.log(id).await?;
            let (_, fold) = Fold::of_log(&log).map_err(ApiError::internal)?;
            let seq = log.events.last().map_or(0, |e| e.seq);
            w.seen.store(seq, Ordering::Release);
            *guard = Some((fold, seq));
            return Ok(());
        };
        // The store answers a page at a time; read until it has no more.
        loop {
            let page = self.store.events_since(id, *seq).await?;
            let more = page.len() >= arbiter_store::EVENTS_PAGE;
            for e in page {
                let _ = fold.apply_line(&e.line);
                *seq = e.seq;
                let _ = w.tx.send(Arc::new(frame(e.seq, &e.line, fold)));
            }
            w.seen.store(*seq, Ordering::Release);
            if !more {
                return Ok(());
            }
        }
    }

    fn watched(&self, id: &GameId) -> Option<Arc<Watched>> {
        let mut games = self.games();
        let w = games.get(id)?.clone();
        if w.tx.receiver_count() == 0 {
            games.remove(id);
            return None;
        }
        Some(w)
    }

    /// Follows the store's notices until it closes.
    pub(crate) async fn run(self) {
        let mut notices = self.store.subscribe();
        while let Some(notice) = notices.recv().await {
            let (ids, seq): (Vec<GameId>, u64) = match notice {
                Notice::Appended { game_id, seq } => (vec![game_id], seq),
                Notice::Resync => (self.games().keys().cloned().collect(), u64::MAX),
            };
            for id in ids {
                let Some(w) = self.watched(&id) else { continue };
                if w.seen.load(Ordering::Acquire) >= seq {
                    continue;
                }
                let hub = self.clone();
                tokio::spawn(async move {
                    if let Err(e) = hub.catch_up(&id, &w).await {
                        tracing::warn!(game = %id, reason = %e.reason, "watchers could not catch up");
                    }
                });
            }
        }
    }
}
