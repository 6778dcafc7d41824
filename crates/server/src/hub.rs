//! The watchers' hub: for every game someone watches on this instance, a
//! broadcast of one frame per committed event. A game's task running here
//! publishes its frames itself, as it commits them; a game run by another
//! instance (PostgreSQL) has one follower here, fed by the store's commit
//! notices (`LISTEN/NOTIFY`), whatever the number of its watchers.

use crate::error::ApiError;
use arbiter_notation::Lexicon;
use arbiter_session::{Announcement, Follower};
use arbiter_store::{GameId, GameLog, Notice, Store};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Frames buffered per game for a slow watcher before it must reconnect.
const FRAMES: usize = 256;

/// One WebSocket frame: `{"seq","event","state","announcements"}`, the
/// announcements worded in each watcher's lexicon.
#[derive(Debug)]
pub struct Frame {
    /// The event's seq.
    pub seq: u64,
    /// `{"seq":…,"event":…,"state":…` (the frame without its announcements).
    head: String,
    /// What the event made the game say.
    said: Vec<Announcement>,
    /// The frame's text per lexicon, worded once for all its watchers.
    texts: Mutex<Vec<(Lexicon, Arc<str>)>>,
}

impl Frame {
    /// The frame of one event: `line` is the stored JSON line, `state` the
    /// state after it as JSON text, `said` its announcements.
    pub fn new(seq: u64, line: &str, state: &str, said: Vec<Announcement>) -> Frame {
        Frame {
            seq,
            head: format!(r#"{{"seq":{seq},"event":{line},"state":{state}"#),
            said,
            texts: Mutex::new(Vec::new()),
        }
    }

    /// The frame's JSON text, its announcements worded in `lex`.
    pub fn text(&self, lex: Lexicon) -> Arc<str> {
        let mut texts = self.texts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, t)) = texts.iter().find(|(l, _)| *l == lex) {
            return t.clone();
        }
        let said: Vec<_> = self.said.iter().map(|a| a.said_in(lex)).collect();
        let said = serde_json::to_string(&said).unwrap_or_else(|_| "[]".into());
        let text: Arc<str> = format!(r#"{},"announcements":{said}}}"#, self.head).into();
        texts.push((lex, text.clone()));
        text
    }
}

/// The frames of a stored log's events after `since` (all of them with
/// `None`), each with the state after it and what it made the game say; and
/// the follower that read them, at the log's end. The one fold of a stored
/// log in the hall.
pub fn read_log(log: &GameLog, since: Option<u64>) -> Result<(Follower, Vec<Frame>), ApiError> {
    let header = arbiter_session::parse_header(&log.header)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let mut follower = Follower::new(&header).map_err(|e| ApiError::internal(e.to_string()))?;
    let mut frames = Vec::new();
    for e in &log.events {
        // A line the Laws reject changes nothing, in replay as here.
        let Ok(ev) = arbiter_session::parse_event(&e.line) else {
            continue;
        };
        let out = follower.follow(&ev);
        if since.is_none_or(|s| e.seq > s) {
            frames.push(frame_of(&follower, e.seq, &e.line, out.announcements));
        }
    }
    Ok((follower, frames))
}

fn frame_of(follower: &Follower, seq: u64, line: &str, said: Vec<Announcement>) -> Frame {
    let state = serde_json::to_string(&follower.state()).unwrap_or_else(|_| "null".into());
    Frame::new(seq, line, &state, said)
}

/// A game run elsewhere, as far as this instance has read it.
struct Followed {
    follower: Follower,
    seq: u64,
}

struct Watched {
    tx: broadcast::Sender<Arc<Frame>>,
    follow: tokio::sync::Mutex<Option<Followed>>,
    /// The last seq broadcast: a notice of an event already told (a
    /// catch-up reads several commits at once) costs no query.
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
    /// first, then read what came before: an event in both is told twice
    /// with the same seq, so the watcher skips seqs it has sent. `local` is
    /// the seq a task running the game here has published; a game run
    /// elsewhere gets its follower now.
    pub(crate) async fn watch(
        &self,
        id: &GameId,
        local: Option<u64>,
    ) -> Result<broadcast::Receiver<Arc<Frame>>, ApiError> {
        let (w, rx) = {
            let mut games = self.games();
            let w = games
                .entry(id.clone())
                .or_insert_with(|| {
                    Arc::new(Watched {
                        tx: broadcast::channel(FRAMES).0,
                        follow: tokio::sync::Mutex::new(None),
                        seen: AtomicU64::new(0),
                    })
                })
                .clone();
            let rx = w.tx.subscribe();
            (w, rx)
        };
        match local {
            Some(seq) => {
                w.seen.fetch_max(seq, Ordering::AcqRel);
            }
            None => self.catch_up(id, &w, false).await?,
        }
        Ok(rx)
    }

    /// The game's task running here tells its watchers of committed events.
    pub(crate) fn publish(&self, id: &GameId, frames: Vec<Frame>) {
        let Some(w) = self.watched(id) else { return };
        for f in frames {
            w.seen.fetch_max(f.seq, Ordering::AcqRel);
            let _ = w.tx.send(Arc::new(f));
        }
    }

    /// Reads what was committed since the follower's seq and broadcasts it.
    /// A game without a follower yet (its watchers so far heard the task
    /// that ran it here) is read whole; what its watchers were not told is
    /// told, unless not `tell` (a first watcher reads the log himself).
    async fn catch_up(&self, id: &GameId, w: &Watched, tell: bool) -> Result<(), ApiError> {
        let mut guard = w.follow.lock().await;
        let Some(f) = guard.as_mut() else {
            let log = self.store.log(id).await?;
            let since = w.seen.load(Ordering::Acquire);
            let since = if tell { since } else { u64::MAX };
            let (follower, frames) = read_log(&log, Some(since))?;
            let seq = log.events.last().map_or(0, |e| e.seq);
            for f in frames {
                let _ = w.tx.send(Arc::new(f));
            }
            w.seen.fetch_max(seq, Ordering::AcqRel);
            *guard = Some(Followed { follower, seq });
            return Ok(());
        };
        // The store answers a page at a time; read until it has no more.
        loop {
            let page = self.store.events_since(id, f.seq).await?;
            let more = page.len() >= arbiter_store::EVENTS_PAGE;
            for e in page {
                f.seq = e.seq;
                let Ok(ev) = arbiter_session::parse_event(&e.line) else {
                    continue;
                };
                let out = f.follower.follow(&ev);
                let frame = frame_of(&f.follower, e.seq, &e.line, out.announcements);
                w.seen.fetch_max(e.seq, Ordering::AcqRel);
                let _ = w.tx.send(Arc::new(frame));
            }
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

    /// Follows the store's notices until it closes: the games run here
    /// (`runs_here`) publish their own frames and are skipped.
    pub(crate) async fn run(self, runs_here: impl Fn(&GameId) -> bool + Send + 'static) {
        let mut notices = self.store.subscribe();
        while let Some(notice) = notices.recv().await {
            let (ids, seq): (Vec<GameId>, u64) = match notice {
                Notice::Appended { game_id, seq } => (vec![game_id], seq),
                Notice::Resync => (self.games().keys().cloned().collect(), u64::MAX),
            };
            for id in ids {
                if runs_here(&id) {
                    continue;
                }
                let Some(w) = self.watched(&id) else { continue };
                if w.seen.load(Ordering::Acquire) >= seq {
                    continue;
                }
                let hub = self.clone();
                tokio::spawn(async move {
                    if let Err(e) = hub.catch_up(&id, &w, true).await {
                        tracing::warn!(game = %id, reason = %e.reason, "watchers could not catch up");
                    }
                });
            }
        }
    }
}

/// A stored game nobody runs here, read back: its last seq and the game.
pub(crate) async fn stored(store: &Store, id: &GameId) -> Result<(u64, Follower), ApiError> {
    let log = store.log(id).await?;
    let (follower, _) = read_log(&log, Some(u64::MAX))?;
    Ok((log.events.last().map_or(0, |e| e.seq), follower))
}
