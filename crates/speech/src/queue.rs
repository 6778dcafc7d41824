//! Speech beside the game: a speaker thread with a queue, so that a live
//! game never waits for the words to be said.
//!
//! espeak-ng on a real sound device returns only when it has finished
//! speaking; a game that waited for it charged the player's clock the whole
//! time of a long answer, and an alarm or the opponent's move waited behind
//! it. Here every utterance goes into a queue the speaker thread works
//! through, one espeak-ng process at a time:
//!
//! * an [`Priority::Urgent`] utterance (an alarm, the opponent's move, the
//!   flag, the end of the game) goes before every queued answer, and cuts
//!   the answer being said (its process is killed): the player can ask for
//!   it again, but cannot hear a flag late;
//! * [`SpeechQueue::hush`] stops speech at the player's word (a line typed
//!   or an empty line), as a screen reader stops when a key is pressed;
//! * writing WAV files ([`Output::Wav`]) is a recording, not a voice: every
//!   utterance is written in order, none is cut or dropped.

use crate::{Espeak, Lang, SpeechError, pronounceable, wav};
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How urgent an utterance is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// An answer, an echo, a refusal: said in turn, cut by what is urgent
    /// and by the player's next line.
    Normal,
    /// An alarm, the opponent's move, a flag, the end of the game: said
    /// before every queued answer and cutting the one being said.
    Urgent,
}

/// What stopping speech stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hush {
    /// The answers (queued and being said); urgent words go on.
    Answers,
    /// Everything, urgent words too.
    All,
}

/// Where the queue's utterances go.
#[derive(Clone, Debug)]
pub enum Output {
    /// The sound device.
    Device,
    /// `DIR/NNNN.wav`, numbered from 1 in the order said.
    Wav(PathBuf),
}

struct Item {
    text: String,
    lang: Lang,
    priority: Priority,
}

#[derive(Default)]
struct State {
    queue: VecDeque<Item>,
    /// The process saying an utterance now, and that utterance's priority.
    current: Option<(Priority, Child)>,
    /// Set while an item was taken but its process is not yet in `current`.
    starting: bool,
    closed: bool,
    /// The first failure, kept to be said once.
    failure: Option<SpeechError>,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A poisoned lock only means the speaker thread panicked while
        // holding it; the state itself stays usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The speaker thread and its queue. Dropping it stops the thread after
/// what is queued was said ([`SpeechQueue::finish`]).
pub struct SpeechQueue {
    shared: Arc<Shared>,
    live: bool,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SpeechQueue {
    /// Starts the speaker thread for `engine`, speaking to `out`.
    pub fn start(engine: Espeak, out: Output) -> SpeechQueue {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
        });
        let live = matches!(out, Output::Device);
        let worker = Arc::clone(&shared);
        let thread = std::thread::spawn(move || work(&worker, &engine, &out));
        SpeechQueue {
            shared,
            live,
            thread: Some(thread),
        }
    }

    /// Queues `text`; returns at once. An urgent text cuts an answer being
    /// said (on a device; WAV files are all written, in order).
    pub fn say(&self, text: &str, lang: Lang, priority: Priority) {
        let mut st = self.shared.lock();
        let item = Item {
            text: text.to_string(),
            lang,
            priority,
        };
        if self.live && priority == Priority::Urgent {
            // Before every answer, after the urgent words already queued.
            let at = st
                .queue
                .iter()
                .position(|i| i.priority < Priority::Urgent)
                .unwrap_or(st.queue.len());
            st.queue.insert(at, item);
            if let Some((Priority::Normal, child)) = &mut st.current {
                let _ = child.kill();
            }
        } else {
            st.queue.push_back(item);
        }
        self.shared.wake.notify_all();
    }

    /// Stops speech: the answers, or everything. Nothing is cut from WAV
    /// files.
    pub fn hush(&self, what: Hush) {
        if !self.live {
            return;
        }
        let mut st = self.shared.lock();
        match what {
            Hush::All => st.queue.clear(),
            Hush::Answers => st.queue.retain(|i| i.priority == Priority::Urgent),
        }
        if let Some((p, child)) = &mut st.current
            && (what == Hush::All || *p == Priority::Normal)
        {
            let _ = child.kill();
        }
    }

    /// Whether something is queued or being said.
    pub fn busy(&self) -> bool {
        let st = self.shared.lock();
        !st.queue.is_empty() || st.current.is_some() || st.starting
    }

    /// The first failure of speech so far, taken (said once).
    pub fn take_failure(&self) -> Option<SpeechError> {
        self.shared.lock().failure.take()
    }

    /// Lets what is queued be said, then stops the thread.
    pub fn finish(&mut self) {
        self.shared.lock().closed = true;
        self.shared.wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for SpeechQueue {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The speaker thread: one utterance at a time, until closed and empty.
fn work(shared: &Shared, engine: &Espeak, out: &Output) {
    let mut n = 0usize;
    loop {
        let item = {
            let mut st = shared.lock();
            loop {
                if let Some(i) = st.queue.pop_front() {
                    st.starting = true;
                    break i;
                }
                if st.closed {
                    return;
                }
                st = shared.wake.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        };
        n += 1;
        let r = say_one(shared, engine, out, &item, n);
        let mut st = shared.lock();
        st.starting = false;
        if let Err(e) = r
            && st.failure.is_none()
        {
            st.failure = Some(e);
        }
    }
}

/// Says one utterance, its process kept where [`SpeechQueue`] can kill it.
fn say_one(
    shared: &Shared,
    engine: &Espeak,
    out: &Output,
    item: &Item,
    n: usize,
) -> Result<(), SpeechError> {
    let mut c = engine.command(item.lang);
    let wav_path = match out {
        Output::Device => None,
        Output::Wav(dir) => {
            let p = dir.join(format!("{n:04}.wav"));
            c.arg("-w").arg(&p);
            Some(p)
        }
    };
    c.arg("--stdin")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = c.spawn().map_err(|e| {
        SpeechError::Unavailable(format!("cannot run {}: {e}", engine.binary.display()))
    })?;
    let stdin = child.stdin.take();
    let mut stderr = child.stderr.take();
    {
        let mut st = shared.lock();
        st.starting = false;
        st.current = Some((item.priority, child));
    }
    if let Some(mut stdin) = stdin {
        // A process killed meanwhile closes the pipe: nothing to report.
        let _ = stdin.write_all(pronounceable(&item.text, item.lang).as_bytes());
    }
    let status = loop {
        let mut st = shared.lock();
        let Some((_, child)) = &mut st.current else {
            return Ok(());
        };
        match child.try_wait() {
            Ok(Some(s)) => {
                st.current = None;
                break s;
            }
            Ok(None) => {}
            Err(e) => {
                st.current = None;
                return Err(e.into());
            }
        }
        drop(st);
        std::thread::sleep(Duration::from_millis(5));
    };
    // A process killed by a hush or an urgent word was not a failure; its
    // error output is not read (a child it left may hold the pipe open).
    if !status.success() && status.code().is_none() {
        return Ok(());
    }
    let mut err = String::new();
    if let Some(e) = &mut stderr {
        let _ = e.take(64 * 1024).read_to_string(&mut err);
    }
    crate::judge(&engine.binary, status, &err)?;
    if let Some(p) = wav_path {
        let st =
            wav::stats_of_file(&p).map_err(|e| SpeechError::Failed(format!("bad WAV: {e}")))?;
        if st.samples == 0 {
            return Err(SpeechError::Failed("espeak-ng wrote an empty WAV".into()));
        }
    }
    Ok(())
}
