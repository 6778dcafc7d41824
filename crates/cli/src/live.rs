//! What `arbiter play` and `arbiter clock` share: the input lines (bounded,
//! read on their own thread), the time (live or scripted with `@MS`), the
//! session's driver and a read-only copy of the game for the questions the
//! player asks. Every decision of the game is the session's; this module
//! only carries lines in and outputs out, and appends the log lines the
//! session wrote.

use crate::voice::Screen;
use arbiter_laws::log::{LineError, LineReader, MAX_LINE};
use arbiter_laws::replay;
use arbiter_laws::{Game, TimedEvent};
use arbiter_notation::SpokenLang;
use arbiter_notation::clock::Numerals;
use arbiter_notation::describe::{self, Wording};
use arbiter_notation::terminal::{BadStart, Said, Stamp};
use arbiter_rules::Side;
use arbiter_session::{
    BoxFuture, Driver, Input, LiveTime, ManualTime, Opponent, Output, Request, Session, TimeSource,
    Variant,
};
use std::fs::File;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::{mpsc, oneshot};

/// One line of input.
pub enum Line {
    /// A line of text.
    Text(String),
    /// A line that is not UTF-8 (its number): refused alone.
    NotText(usize),
    /// A line longer than [`MAX_LINE`] that did end within [`MAX_READ`]
    /// (its number and length): refused alone, with the reason, and the
    /// game goes on.
    TooLong {
        /// The line's number.
        line: usize,
        /// Its length in bytes.
        len: usize,
    },
    /// The input cannot be read on (a line too long, a read error).
    Stop(String),
    /// Something to say about a second input (a sensor board's stream
    /// that ended); the input goes on.
    Note(String),
}

/// The most a line may take before the input counts as unreadable: a line
/// over [`MAX_LINE`] that ends within it is refused alone (a paste gone
/// wrong must not end a game), one that does not (a device such as
/// `/dev/zero`, a file with no line ends) stops the reading.
pub const MAX_READ: usize = 1024 * 1024;

/// Reads `input` line by line on its own thread; the channel closes at the
/// end of input. `first_line` counts lines already read (a spoken set-up).
pub fn read_lines(input: Box<dyn BufRead + Send>, first_line: usize) -> mpsc::Receiver<Line> {
    let (tx, rx) = mpsc::channel(16);
    std::thread::spawn(move || {
        let mut lines = LineReader::new(input, MAX_READ);
        while let Some(next) = lines.next_line() {
            let msg = match next {
                Err(LineError::TooLong { line, max }) => Line::Stop(format!(
                    "line {} has no end within {max} bytes (a line is at most {MAX_LINE}); \
                     reading stopped there",
                    line + first_line
                )),
                Err(LineError::Io { line, error }) => {
                    Line::Stop(format!("line {}: cannot read: {error}", line + first_line))
                }
                Ok((n, bytes)) if bytes.len() > MAX_LINE => Line::TooLong {
                    line: n + first_line,
                    len: bytes.len(),
                },
                Ok((n, bytes)) => match std::str::from_utf8(bytes) {
                    Ok(t) => Line::Text(t.to_string()),
                    Err(_) => Line::NotText(n + first_line),
                },
            };
            let stop = matches!(msg, Line::Stop(_));
            if tx.blocking_send(msg).is_err() || stop {
                return;
            }
        }
    });
    rx
}

/// The time of a live game: the live clock, or the `@MS` of scripted lines.
#[derive(Clone)]
pub enum Time {
    Live(LiveTime),
    Manual(ManualTime),
    /// A time that can be held at an instant ([`Time::hold`]): the talking
    /// clock holds it at a bare press while the player types the move he
    /// made on the board, so the press is stamped at its Enter and the
    /// typing is charged to no one. `u64::MAX`: not held.
    Holdable(Box<Time>, Arc<AtomicU64>),
}

const NOT_HELD: u64 = u64::MAX;

impl TimeSource for Time {
    fn now_ms(&self) -> u64 {
        match self {
            Time::Live(t) => t.now_ms(),
            Time::Manual(t) => t.now_ms(),
            Time::Holdable(t, held) => t.now_ms().min(held.load(Ordering::SeqCst)),
        }
    }
    fn sleep_until(&self, at: u64) -> BoxFuture<()> {
        match self {
            Time::Live(t) => t.sleep_until(at),
            Time::Manual(t) => t.sleep_until(at),
            Time::Holdable(t, held) => {
                let (t, held) = (t.clone(), held.clone());
                Box::pin(async move {
                    // While held, nothing falls due after the held instant:
                    // look again every 20 ms for the release.
                    loop {
                        let h = held.load(Ordering::SeqCst);
                        if h == NOT_HELD {
                            return t.sleep_until(at).await;
                        }
                        if h >= at {
                            return;
                        }
                        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    }
                })
            }
        }
    }
}

impl Time {
    /// This time, able to be held.
    pub fn holdable(self) -> Time {
        Time::Holdable(Box::new(self), Arc::new(AtomicU64::new(NOT_HELD)))
    }

    /// Holds the time at now (if not held already): every stamp is now
    /// until [`Time::release`].
    pub fn hold(&self) {
        if let Time::Holdable(t, held) = self {
            let _ = held.compare_exchange(NOT_HELD, t.now_ms(), Ordering::SeqCst, Ordering::SeqCst);
        }
    }

    /// Whether the time is held.
    pub fn is_held(&self) -> bool {
        matches!(self, Time::Holdable(_, held) if held.load(Ordering::SeqCst) != NOT_HELD)
    }

    /// Lets the time run on from the instant it really is.
    pub fn release(&self) {
        if let Time::Holdable(_, held) = self {
            held.store(NOT_HELD, Ordering::SeqCst);
        }
    }

    /// Reads the `@MS ` of a line under `--manual-time` (moving the time
    /// on), or refuses it without. `Err` is the message to say, in `lang`.
    pub fn stamp<'a>(&self, line: &'a str, lang: SpokenLang) -> Result<&'a str, String> {
        let refuse = |stamp: Stamp| Err(stamp.text(lang));
        if let Time::Holdable(t, _) = self {
            return t.stamp(line, lang);
        }
        let (ms, rest) = match arbiter_session::time::split_time(line) {
            Ok(split) => split,
            Err(e) => {
                let shown = line.trim_start().trim_start_matches('@');
                let shown =
                    arbiter_laws::log::cut(shown.split_whitespace().next().unwrap_or(""), 20);
                return refuse(Stamp::NotMillis {
                    shown: &shown,
                    error: &e.to_string(),
                });
            }
        };
        match (self, ms) {
            (_, None) => Ok(rest),
            (Time::Live(_) | Time::Holdable(..), Some(_)) => refuse(Stamp::NeedsManualTime),
            (Time::Manual(t), Some(ms)) if ms < t.now_ms() => refuse(Stamp::Backwards {
                ms,
                was: t.now_ms(),
            }),
            (Time::Manual(t), Some(ms)) => {
                t.set(ms);
                Ok(rest)
            }
        }
    }
}

/// The event log being written: whole lines only. Each line is written
/// with one call; if that fails part-way (a full disk, a size limit), the
/// file is cut back to its last whole line, so `arbiter replay` still reads
/// it, and the error names the file.
pub struct LogFile {
    file: File,
    path: PathBuf,
    len: u64,
}

impl LogFile {
    pub fn create(path: &Path) -> Result<Self, String> {
        let file =
            File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(LogFile {
            file,
            path: path.to_path_buf(),
            len: 0,
        })
    }

    /// The stored log of a game taken up again: later lines go after its
    /// last. A last line cut short (a crash while it was written) would
    /// run into the next one: the caller refuses such a log before this,
    /// and a whole last line without its newline gets one first.
    pub fn reopen(path: &Path) -> Result<Self, String> {
        let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(cannot)?;
        let mut len = file.metadata().map_err(cannot)?.len();
        if len > 0 {
            use std::io::{Read, Seek, SeekFrom};
            let mut last = [0u8];
            file.seek(SeekFrom::End(-1))
                .and_then(|_| file.read_exact(&mut last))
                .map_err(cannot)?;
            if last[0] != b'\n' {
                file.write_all(b"\n").map_err(cannot)?;
                len += 1;
            }
        }
        Ok(LogFile {
            file,
            path: path.to_path_buf(),
            len,
        })
    }

    pub fn append(&mut self, line: &str) -> Result<(), String> {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        if let Err(e) = self.file.write_all(&bytes).and_then(|()| self.file.flush()) {
            let _ = self.file.set_len(self.len);
            return Err(format!("cannot write the log {}: {e}", self.path.display()));
        }
        self.len += bytes.len() as u64;
        Ok(())
    }
}

/// A running game: the driver's task, its channels, and a read-only copy
/// of the game folded from the events the session logged.
pub struct Table<R: Variant> {
    /// The game as logged so far (the same fold `arbiter replay` runs).
    pub mirror: Game<R>,
    pub time: Time,
    /// The time source's ms at which the clock started.
    pub origin: Option<u64>,
    tx: Option<mpsc::Sender<Request>>,
    task: Option<tokio::task::JoinHandle<Session<R>>>,
    log: Option<LogFile>,
    /// Log lines kept until the header is known (`arbiter clock`).
    held: Option<Vec<String>>,
    /// The events of those lines, to give them again to a new session.
    held_events: Vec<TimedEvent>,
}

impl<R: Variant> Table<R> {
    /// Starts the driver for `session` with the engines of `seats`.
    pub fn start(
        session: Session<R>,
        time: Time,
        seats: Vec<(Side, Box<dyn Opponent>)>,
        log: Option<LogFile>,
        hold_log: bool,
    ) -> Result<(Table<R>, mpsc::UnboundedReceiver<Output>), String> {
        let mirror = replay::new_game(session.game().rules().clone(), session.header())
            .map_err(|e| e.to_string())?;
        let mut t = Table {
            mirror,
            time,
            origin: None,
            tx: None,
            task: None,
            log,
            held: hold_log.then(Vec::new),
            held_events: Vec::new(),
        };
        if !hold_log {
            let h = session.header_line().map_err(|e| e.to_string())?;
            t.append(&h)?;
        }
        let rx = t.launch(session, seats);
        Ok((t, rx))
    }

    /// Starts the driver for `session`, taken up again from the stored
    /// `events` of its log, which `log` goes on after: the copy folds them
    /// too, the header is not written again, and the clock's `0` is the
    /// time source's (which reads the last event's instant or later).
    pub fn resume(
        session: Session<R>,
        time: Time,
        seats: Vec<(Side, Box<dyn Opponent>)>,
        log: Option<LogFile>,
        events: &[TimedEvent],
    ) -> Result<(Table<R>, mpsc::UnboundedReceiver<Output>), String> {
        let mut mirror = replay::new_game(session.game().rules().clone(), session.header())
            .map_err(|e| e.to_string())?;
        for ev in events {
            // As the session's own fold: a line the Laws reject is skipped.
            let _ = mirror.apply(ev);
        }
        let mut t = Table {
            mirror,
            time,
            origin: (!events.is_empty()).then_some(0),
            tx: None,
            task: None,
            log,
            held: None,
            held_events: Vec::new(),
        };
        let rx = t.launch(session, seats);
        Ok((t, rx))
    }

    fn launch(
        &mut self,
        session: Session<R>,
        seats: Vec<(Side, Box<dyn Opponent>)>,
    ) -> mpsc::UnboundedReceiver<Output> {
        let (tx, rx) = mpsc::channel::<Request>(16);
        let (otx, orx) = mpsc::unbounded_channel();
        let mut d = Driver::new(session, self.time.clone());
        for (side, o) in seats {
            d = d.with_opponent(side, o);
        }
        self.task = Some(tokio::spawn(d.run(rx, otx)));
        self.tx = Some(tx);
        orx
    }

    /// Replaces the session before any move was made (the clock learns at
    /// the first press whether moves are typed): the inputs so far are given
    /// again, at their instants, to the new session.
    pub async fn restart(
        &mut self,
        mut session: Session<R>,
    ) -> Result<mpsc::UnboundedReceiver<Output>, String> {
        self.tx = None;
        if let Some(t) = self.task.take() {
            let _ = t.await;
        }
        if self.held.is_none() {
            return Err("the log header was already written".into());
        }
        self.mirror = replay::new_game(session.game().rules().clone(), session.header())
            .map_err(|e| e.to_string())?;
        let mut lines = Vec::new();
        if let Some(o) = self.origin {
            let started = session.handle(o, Input::Start);
            self.absorb_quietly(&started, &mut lines);
            for ev in std::mem::take(&mut self.held_events) {
                let out = session.handle(o + ev.at, Input::Event(ev.event));
                self.absorb_quietly(&out, &mut lines);
            }
        }
        self.held = Some(lines);
        Ok(self.launch(session, Vec::new()))
    }

    fn absorb_quietly(&mut self, out: &Output, lines: &mut Vec<String>) {
        for ev in &out.events {
            let _ = self.mirror.apply(ev);
            self.held_events.push(ev.clone());
        }
        lines.extend(out.log.iter().cloned());
    }

    /// Writes the header now (and what was held).
    pub fn release_log(&mut self, header_line: &str) -> Result<(), String> {
        self.held_events.clear();
        if let Some(held) = self.held.take()
            && let Some(f) = &mut self.log
        {
            f.append(header_line)?;
            for l in &held {
                f.append(l)?;
            }
        }
        Ok(())
    }

    fn append(&mut self, line: &str) -> Result<(), String> {
        if let Some(held) = &mut self.held {
            held.push(line.to_string());
            return Ok(());
        }
        match &mut self.log {
            Some(f) => f.append(line),
            None => Ok(()),
        }
    }

    /// Takes in what the session produced: the events into the copy, the
    /// lines into the log. `Err` when the log cannot be written.
    pub fn absorb(&mut self, out: &Output) -> Result<(), String> {
        for ev in &out.events {
            // The session's fold accepted it; the copy is the same fold.
            let _ = self.mirror.apply(ev);
            if self.held.is_some() {
                self.held_events.push(ev.clone());
            }
        }
        for l in &out.log {
            self.append(l)?;
        }
        Ok(())
    }

    /// Gives an input to the session and returns (a copy of) what it
    /// produced, once it was handled: by then the output channel holds it,
    /// after everything that came before it (wakes, engine moves). `None`
    /// once the driver has stopped.
    pub async fn send(&mut self, input: Input) -> Option<Output> {
        let tx = self.tx.as_ref()?;
        let now = self.time.now_ms();
        let (rtx, rrx) = oneshot::channel();
        tx.send(Request {
            input,
            reply: Some(rtx),
            lag_ms: None,
        })
        .await
        .ok()?;
        let out = rrx.await.ok()?;
        if self.origin.is_none()
            && out
                .announcements
                .iter()
                .any(|a| matches!(a.kind, arbiter_session::Kind::Started { .. }))
        {
            self.origin = Some(now);
        }
        Some(out)
    }

    /// Lets the session catch up with the time now: the alarms and the flag
    /// due by now are said before the line that moved the time is answered.
    /// (A start once started only looks at the clock.)
    pub async fn catch_up(&mut self) -> Option<Output> {
        self.origin?;
        self.send(Input::Start).await
    }

    /// The game time now (0 before the clock started).
    pub fn at(&self) -> u64 {
        match self.origin {
            Some(o) => self
                .time
                .now_ms()
                .saturating_sub(o)
                .max(self.mirror.last_at()),
            None => 0,
        }
    }

    /// Both remaining times now, if there is a clock.
    pub fn remaining(&self) -> Option<[i64; 2]> {
        let at = self.at();
        let t = self.mirror.timing();
        Some([t.remaining(Side::White, at)?, t.remaining(Side::Black, at)?])
    }

    /// Whether the clocks are stopped by the arbiter.
    pub fn paused(&self) -> bool {
        self.mirror.timing().clock().is_some_and(|c| c.is_paused())
    }

    /// Prints both clocks and the moves played (digits), and speaks them
    /// (words), `to_move` first; `false` when the game has no clock.
    pub fn tell_clocks(&self, screen: &mut Screen, wd: Wording, to_move: Side) -> bool {
        let Some([w, b]) = self.remaining() else {
            return false;
        };
        let n = moves_completed(&self.mirror);
        let n = n[0].max(n[1]);
        let (w, b) = (w.max(0) as u64, b.max(0) as u64);
        let printed = describe::clocks(wd, w, b, to_move, n, Numerals::Digits);
        let spoken = describe::clocks(wd, w, b, to_move, n, Numerals::Words);
        screen.tell2(&printed, &spoken);
        true
    }

    /// Stops taking input: the driver finishes a pending engine move and
    /// ends; its outputs still arrive until the channel closes.
    pub fn close(&mut self) {
        self.tx = None;
    }

    /// Whether input is still taken.
    pub fn is_open(&self) -> bool {
        self.tx.is_some()
    }
}

/// Moves completed by each side (`[white, black]`). With a clock: its
/// presses, but where the game follows the board never more than the moves
/// on the board, so a position the arbiter restored (a takeback) counts
/// back with it; a clock-only log has presses, not plies. Without a clock:
/// the completed plies.
pub fn moves_completed<R: Variant>(g: &Game<R>) -> [u32; 2] {
    let plies = |s: Side, completed: bool| {
        g.plies()
            .iter()
            .filter(|p| p.side == s && (!completed || p.completed_at.is_some()))
            .count() as u32
    };
    match g.timing().clock() {
        Some(c) if g.config().clock_only => Side::BOTH.map(|s| c.moves_completed(s)),
        Some(c) => Side::BOTH.map(|s| c.moves_completed(s).min(plies(s, false))),
        None => Side::BOTH.map(|s| plies(s, true)),
    }
}

/// The exit of a live game's command once the game is closed: a failed
/// write to the screen, or input that could not be read on (`stop`, its
/// reason), or success.
pub fn exit(screen: &mut Screen, cmd: &str, stop: Option<String>) -> std::process::ExitCode {
    use std::process::ExitCode;
    let code = screen.exit(cmd, ExitCode::SUCCESS);
    match stop {
        Some(why) if code == ExitCode::SUCCESS => {
            crate::out::bad_input(cmd, format!("standard input: {why}"))
        }
        _ => code,
    }
}

/// Checks `--alarm`: whole seconds from 1 to a day, comma-separated; in ms.
pub fn parse_alarm(list: &str) -> Result<Vec<u64>, String> {
    list.split(',')
        .map(|t| {
            let t = t.trim();
            match t.parse::<u64>() {
                Ok(s) if (1..=86_400).contains(&s) => Ok(s * 1000),
                _ => Err(format!(
                    "--alarm: {:?} is not a number of seconds from 1 to 86400 (e.g. --alarm 300,60,10)",
                    arbiter_laws::log::cut(t, 24)
                )),
            }
        })
        .collect()
}

/// A header the session cannot start from, said in `lang`: the player who
/// chose Russian or German is told in it what was wrong with his `--start`.
/// `fen`: the chess position given, whose fault is then said in the player's
/// words too ([`arbiter_notation::fen_refusal`]); otherwise (a Tavreli
/// position text) the reader's reason stays as it is. English keeps the
/// session's own words.
pub fn header_error(lang: SpokenLang, e: String, fen: Option<&str>) -> String {
    let Some(why) = e.strip_prefix("header start: ") else {
        return e;
    };
    if let Some(t) = why
        .strip_prefix(replay::START_OVER)
        .and_then(arbiter_rules::Termination::parse)
    {
        return BadStart::Over(t).text(lang).unwrap_or(e);
    }
    let reason = fen.and_then(|f| arbiter_notation::fen_refusal(f, lang).map(|r| (f, r)));
    let said = match &reason {
        Some((f, reason)) => BadStart::Fen {
            fen: &arbiter_laws::log::cut(f, 80),
            reason,
        }
        .text(lang),
        None => BadStart::Refused { why }.text(lang),
    };
    said.unwrap_or(e)
}

/// The refusal of a line that is not UTF-8 text (line `n`).
pub fn not_text(lang: SpokenLang, n: usize) -> String {
    Said::NotText { line: n }.text(lang)
}

/// The refusal of a line over [`MAX_LINE`] bytes (line `line`, `len` long).
pub fn too_long(lang: SpokenLang, line: usize, len: usize) -> String {
    arbiter_notation::speech_words::line_too_long(lang, line, len, MAX_LINE)
}

/// The time of a game: scripted (`--manual-time`) or live.
pub fn time(manual: bool) -> Time {
    if manual {
        Time::Manual(ManualTime::new())
    } else {
        Time::Live(LiveTime::new())
    }
}

/// The runtime a live game runs on (one thread: a game is one task and
/// its input reader), or the exit after saying why there is none.
pub fn runtime(cmd: &str) -> Result<tokio::runtime::Runtime, std::process::ExitCode> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            crate::out::error(cmd, e);
            std::process::ExitCode::from(1)
        })
}
