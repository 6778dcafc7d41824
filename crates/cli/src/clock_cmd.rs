//! `arbiter clock`: a terminal chess clock for over-the-board games.
//!
//! Built for a screen reader in a plain terminal: it reads one command per line
//! from stdin and answers with whole lines, never redrawing (unless `--live`).
//! So it is also scriptable: `printf 'w e4\nb e5\nt\nq\n' | arbiter clock --control 300+3`.
//!
//! Time comes from the monotonic clock of this process (`std::time::Instant`),
//! never from inside the pure clock; with `--manual-time` it comes from `@MS`
//! prefixes on the input lines instead, which makes runs exactly reproducible.
//!
//! Commands (case does not matter):
//!
//! | input | meaning |
//! |-------|---------|
//! | `w`, `white`, `1`, `left` (optionally followed by the move, `w e4`) | White completes a move (presses) |
//! | `b`, `black`, `2`, `right` (optionally `b e5`) | Black completes a move |
//! | empty line | the side to move presses |
//! | `p`, `pause` | pause, or resume if paused |
//! | `t`, `time`, `s` | say both times |
//! | `m`, `last` | repeat the last move |
//! | `add SIDE SECONDS`, `+ SIDE SECONDS` | the arbiter adds time |
//! | `deduct SIDE SECONDS`, `- SIDE SECONDS` | the arbiter deducts time |
//! | `lexicon NAME` | choose the spoken lexicon (fide-de, ru-fide, ru, en, nato) |
//! | `h`, `help`, `?` | the commands |
//! | `q`, `quit`, end of input | stop |
//!
//! Talking (L-D.2.6, `clock_talk.rs`): `--lexicon L` makes `t` say the times
//! and `m` the last move in words, `--speak` sends them to espeak-ng (or
//! `--wav-dir DIR` writes them as WAV files), `--alarm 300,60,10` sets the
//! low-time alarm. Without `--control` the clock asks for minutes and
//! increment in spoken prompts, so a blind player can set it alone.
//!
//! With `--log FILE` it writes an event log (docs/event-log.md) that `arbiter
//! replay` reads: the header, then `press` (or `move` with `"press":true` when
//! the move was typed), `arbiter` `pause`/`resume`/`add_time`/`deduct_time`,
//! and `flag` at the exact instant a flag fell.

use arbiter_cli::clock_command::{Command, parse_command, split_at_prefix};
use arbiter_clock::{Clock, ClockSettings, IncrementTiming, PressKind, TimeControl};
use arbiter_edition::{Edition, Regime, Side, Supervision};
use arbiter_notation::{DescribeTimeControl, Lang};
use std::fs::File;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The time control, PGN syntax plus the delay extension (docs/time-control.md),
    /// e.g. "40/5400+30:1800+30", "300+3", "7200d5". Without it the clock asks
    /// for minutes and increment in spoken prompts (L-D.2.6).
    #[arg(long)]
    control: Option<String>,
    /// FIDE Laws edition: 2005, 2017, 2018 or 2023.
    #[arg(long, default_value = "2023")]
    edition: String,
    /// Write the event log (JSON Lines) to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    #[arg(long, default_value = "White")]
    white: String,
    #[arg(long, default_value = "Black")]
    black: String,
    /// Language of the messages: en or ru.
    #[arg(long, default_value = "en")]
    lang: String,
    /// Credit the increment before each move (DGT convention, 5+3 starts at 5:03)
    /// instead of at the press (CFG-9).
    #[arg(long)]
    increment_before_move: bool,
    /// Take the time from an `@MS` prefix on each input line (ms since the
    /// start) instead of the real clock: for scripts and tests.
    #[arg(long)]
    manual_time: bool,
    /// Also redraw a status line in place ten times a second (not for screen readers).
    #[arg(long)]
    live: bool,
    /// The spoken lexicon (CFG-10): fide-de, ru-fide, ru, en or nato. Default:
    /// ru with --lang ru, else en.
    #[arg(long)]
    lexicon: Option<String>,
    /// Speak through espeak-ng (times on request, moves, alarms).
    #[arg(long)]
    speak: bool,
    /// Instead of playing, write each spoken line to DIR/NNNN.wav.
    #[arg(long)]
    wav_dir: Option<PathBuf>,
    /// An espeak-ng voice instead of the language's default.
    #[arg(long)]
    voice: Option<String>,
    /// Speech rate in words per minute.
    #[arg(long)]
    rate: Option<u32>,
    /// Low-time alarm thresholds in seconds, comma-separated, each 1 to
    /// 86400 (default 300,60,30,10).
    #[arg(long, allow_hyphen_values = true)]
    alarm: Option<String>,
    /// Lines of input the spoken set-up read before the clock started.
    #[arg(skip)]
    lines_read: usize,
}

/// A read-only view of the clock for whoever talks about it. Some fields are
/// only read by talkers that plug in later (speech), hence `allow(dead_code)`.
#[allow(dead_code)]
#[derive(Clone, Debug)]
pub struct ClockView<'a> {
    pub lang: Lang,
    pub at: u64,
    pub names: [&'a str; 2],
    pub remaining_ms: [i64; 2],
    pub moves: [u32; 2],
    pub period: [u32; 2],
    pub on_move: Side,
    pub paused: bool,
    pub fell_at: [Option<u64>; 2],
    /// The last move typed with a press, if any.
    pub last_move: Option<(Side, &'a str)>,
}

/// The hook for talking (the notation and speech issue plugs in here).
///
/// Every method returns the line to print; an implementation that speaks may
/// also speak it. The defaults are plain text in the view's language.
pub trait Talk {
    /// "Say the times."
    fn times(&mut self, v: &ClockView) -> String {
        plain_times(v)
    }
    /// A completed move (clock press) by `side`.
    fn pressed(&mut self, side: Side, v: &ClockView) -> String {
        let n = v.moves[side.index()];
        let who = v.names[side.index()];
        let mv = match v.last_move {
            Some((s, m)) if s == side => format!(" {m}"),
            _ => String::new(),
        };
        match v.lang {
            Lang::En | Lang::De => format!("{who}: move {n}{mv}. {}", plain_times(v)),
            Lang::Ru => format!("{who}: ход {n}{mv}. {}", plain_times(v)),
        }
    }
    /// A flag fell at `at` (exact instant).
    fn flag(&mut self, side: Side, at: u64, v: &ClockView) -> String {
        let who = v.names[side.index()];
        match v.lang {
            Lang::En | Lang::De => format!(
                "FLAG: {who}'s flag fell at {} of play time.",
                clock_text(at as i64)
            ),
            Lang::Ru => format!(
                "ФЛАГ: у игрока {who} упал флажок, время партии {}.",
                clock_text(at as i64)
            ),
        }
    }
    fn paused(&mut self, v: &ClockView) -> String {
        match v.lang {
            Lang::En | Lang::De => format!("Clocks paused. {}", plain_times(v)),
            Lang::Ru => format!("Часы остановлены. {}", plain_times(v)),
        }
    }
    fn resumed(&mut self, v: &ClockView) -> String {
        match v.lang {
            Lang::En | Lang::De => format!("Clocks running. {}", plain_times(v)),
            Lang::Ru => format!("Часы пущены. {}", plain_times(v)),
        }
    }
    /// "Repeat the last move."
    fn last_move(&mut self, v: &ClockView) -> String {
        match (v.last_move, v.lang) {
            (Some((s, m)), Lang::En | Lang::De) => {
                format!("Last move: {} {m}.", v.names[s.index()])
            }
            (Some((s, m)), Lang::Ru) => format!("Последний ход: {} {m}.", v.names[s.index()]),
            (None, Lang::En | Lang::De) => "No move has been typed.".into(),
            (None, Lang::Ru) => "Ходы не вводились.".into(),
        }
    }
    /// Choose the spoken lexicon (CFG-10); `Err` if unknown.
    fn lexicon(&mut self, name: &str) -> Result<String, String> {
        Err(format!(
            "lexicon {name:?}: speech is not wired into the clock yet"
        ))
    }
}

/// The plain-text talker.
pub struct PlainTalk;

impl Talk for PlainTalk {}

/// A time as a clock shows it: `1:29:47`, `4:57`, under 20 s with tenths
/// (`0:12.3`); negative past the flag. Truncated, so it reads 0:00.0 only at the flag.
pub fn clock_text(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let a = ms.unsigned_abs();
    let (h, m, s, tenth) = (a / 3_600_000, a / 60_000 % 60, a / 1000 % 60, a / 100 % 10);
    let mut out = if h > 0 {
        format!("{sign}{h}:{m:02}:{s:02}")
    } else {
        format!("{sign}{m}:{s:02}")
    };
    if a < 20_000 {
        out.push_str(&format!(".{tenth}"));
    }
    out
}

fn plain_times(v: &ClockView) -> String {
    let [w, b] = v.names;
    let to_move = v.names[v.on_move.index()];
    match v.lang {
        Lang::En | Lang::De => format!(
            "{w} {}, {b} {}. {to_move} to move{}.",
            clock_text(v.remaining_ms[0]),
            clock_text(v.remaining_ms[1]),
            if v.paused { " (paused)" } else { "" }
        ),
        Lang::Ru => format!(
            "{w} {}, {b} {}. Ход: {to_move}{}.",
            clock_text(v.remaining_ms[0]),
            clock_text(v.remaining_ms[1]),
            if v.paused { " (пауза)" } else { "" }
        ),
    }
}

const HELP_EN: &str = "Commands: w = White presses (w e4 also records the move), b = Black presses, \
Enter = the side to move presses, p = pause or resume, t = times, m = last move, \
add SIDE SECONDS / deduct SIDE SECONDS = arbiter time, h = help, q = quit.";
const HELP_RU: &str = "Команды: w — нажимают белые (w e4 — с записью хода), b — нажимают чёрные, \
Enter — нажимает тот, чей ход, p — пауза или пуск, t — время, m — последний ход, \
add СТОРОНА СЕКУНДЫ / deduct СТОРОНА СЕКУНДЫ — время от арбитра, h — помощь, q — выход.";

fn view_of<'a>(
    c: &Clock,
    names: &'a [String; 2],
    lang: Lang,
    last_move: &'a Option<(Side, String)>,
    at: u64,
) -> ClockView<'a> {
    ClockView {
        lang,
        at,
        names: [&names[0], &names[1]],
        remaining_ms: [c.remaining(Side::White, at), c.remaining(Side::Black, at)],
        moves: [
            c.moves_completed(Side::White),
            c.moves_completed(Side::Black),
        ],
        period: [c.period(Side::White), c.period(Side::Black)],
        on_move: c.on_move(),
        paused: c.is_paused(),
        fell_at: [c.fell_at(Side::White), c.fell_at(Side::Black)],
        last_move: last_move.as_ref().map(|(s, m)| (*s, m.as_str())),
    }
}

struct Session<'t, W: Write> {
    clock: Clock,
    names: [String; 2],
    lang: Lang,
    out: W,
    log: Option<LogFile>,
    talk: &'t mut dyn Talk,
    last_move: Option<(Side, String)>,
    flags_told: [bool; 2],
    exempt_told: [u32; 2],
    regime: Regime,
}

impl<W: Write> Session<'_, W> {
    fn view(&self, at: u64) -> ClockView<'_> {
        view_of(&self.clock, &self.names, self.lang, &self.last_move, at)
    }

    /// Ask the talker for a line about the clock at `at` and print it.
    fn tell(
        &mut self,
        at: u64,
        f: impl FnOnce(&mut dyn Talk, &ClockView) -> String,
    ) -> io::Result<()> {
        let v = view_of(&self.clock, &self.names, self.lang, &self.last_move, at);
        let line = f(&mut *self.talk, &v);
        self.say(&line)
    }

    fn say(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    fn log(&mut self, v: impl serde::Serialize) -> io::Result<()> {
        if let Some(f) = &mut self.log {
            f.append(&v)?;
        }
        Ok(())
    }

    /// Let time pass to `at`; tell (and log) every flag that has fallen, once,
    /// at its exact instant.
    fn tick(&mut self, at: u64) -> io::Result<()> {
        let at = at.max(self.clock.last_at());
        let fallen = self.clock.advance(at).unwrap_or_default();
        for f in fallen {
            if self.flags_told[f.side.index()] {
                continue;
            }
            self.flags_told[f.side.index()] = true;
            self.log(LogLine {
                side: Some(f.side),
                ..LogLine::new(f.at, "flag")
            })?;
            self.tell(at, |t, v| t.flag(f.side, f.at, v))?;
        }
        Ok(())
    }

    fn handle(&mut self, cmd: Command, at: u64) -> io::Result<bool> {
        self.tick(at)?;
        let at = at.max(self.clock.last_at());
        match cmd {
            Command::Quit => return Ok(false),
            Command::Help => {
                let h = if self.lang == Lang::Ru {
                    HELP_RU
                } else {
                    HELP_EN
                };
                self.say(h)?;
            }
            Command::Times => {
                self.tell(at, |t, v| t.times(v))?;
            }
            Command::LastMove => {
                self.tell(at, |t, v| t.last_move(v))?;
            }
            Command::Lexicon(name) => {
                let line = self.talk.lexicon(&name).unwrap_or_else(|e| e);
                self.say(&line)?;
            }
            Command::PauseToggle => {
                let (r, action) = if self.clock.is_paused() {
                    (self.clock.resume(at), "resume")
                } else {
                    (self.clock.pause(at), "pause")
                };
                match r {
                    Ok(()) => {
                        self.log(LogLine {
                            action: Some(action),
                            ..LogLine::new(at, "arbiter")
                        })?;
                        if action == "pause" {
                            self.tell(at, |t, v| t.paused(v))?;
                        } else {
                            self.tell(at, |t, v| t.resumed(v))?;
                        }
                    }
                    Err(e) => self.say(&format!("Refused: {e}."))?,
                }
            }
            Command::Adjust(side, ms) => match self.clock.adjust(side, at, ms) {
                Ok(()) => {
                    let action = if ms >= 0 { "add_time" } else { "deduct_time" };
                    self.log(LogLine {
                        action: Some(action),
                        side: Some(side),
                        ms: Some(ms.abs()),
                        ..LogLine::new(at, "arbiter")
                    })?;
                    self.tick(at)?;
                    self.tell(at, |t, v| t.times(v))?;
                }
                Err(e) => self.say(&format!("Refused: {e}."))?,
            },
            Command::Press(side, mv) => {
                let side = side.unwrap_or(self.clock.on_move());
                match self.clock.press(side, at, PressKind::Move) {
                    Ok(out) => {
                        let line = match &mv {
                            Some(m) => LogLine {
                                side: Some(side),
                                mv: Some(m),
                                press: Some(true),
                                ..LogLine::new(at, "move")
                            },
                            None => LogLine {
                                side: Some(side),
                                ..LogLine::new(at, "press")
                            },
                        };
                        self.log(line)?;
                        self.last_move = mv.map(|m| (side, m));
                        self.tell(at, |t, v| t.pressed(side, v))?;
                        if let Some(p) = out.new_period {
                            let who = self.names[side.index()].clone();
                            let t = clock_text(out.period_ms as i64);
                            let line = match self.lang {
                                Lang::En | Lang::De => format!(
                                    "{who} reached the time control: period {p}, {t} added."
                                ),
                                Lang::Ru => {
                                    format!("{who}: контроль пройден, период {p}, добавлено {t}.")
                                }
                            };
                            self.say(&line)?;
                        }
                    }
                    Err(e) => self.say(&format!("Refused: {e}."))?,
                }
            }
        }
        // 8.4: tell once per period when recording stops being required (only
        // in standard play: rapid and blitz players need not record at all, A.2).
        for s in Side::BOTH {
            if self.regime != Regime::Standard {
                break;
            }
            let p = self.clock.period(s);
            if self.exempt_told[s.index()] != p && self.clock.recording_exempt(s, at) {
                self.exempt_told[s.index()] = p;
                let who = self.names[s.index()].clone();
                let line = match self.lang {
                    Lang::En | Lang::De => format!(
                        "{who} has had less than 5 minutes in this period: recording is no longer required (8.4)."
                    ),
                    Lang::Ru => format!(
                        "У игрока {who} меньше 5 минут в этом периоде: записывать ходы не обязательно (8.4)."
                    ),
                };
                self.say(&line)?;
            }
        }
        Ok(true)
    }
}

/// Line 1 of the log (docs/event-log.md), keys in the documented order.
#[derive(serde::Serialize)]
struct Header<'a> {
    format: &'static str,
    version: u32,
    edition: &'static str,
    time_control: String,
    white: &'a str,
    black: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    increment_timing: Option<&'static str>,
    /// The clock does not see the board: a bare press completes a move the
    /// log does not record (docs/event-log.md).
    clock_only: bool,
}

/// One event line of the log, `at` and `type` first.
#[derive(serde::Serialize)]
struct LogLine<'a> {
    at: u64,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<Side>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    press: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ms: Option<i64>,
}

impl LogLine<'_> {
    fn new(at: u64, kind: &'static str) -> Self {
        LogLine {
            at,
            kind,
            side: None,
            mv: None,
            press: None,
            action: None,
            ms: None,
        }
    }
}

/// The event log being written: whole lines only. Each line is written
/// with one call; if that fails part-way (a full disk, a size limit), the
/// file is cut back to its last whole line, so `arbiter replay` still reads
/// it, and the error names the file.
struct LogFile {
    file: File,
    path: PathBuf,
    len: u64,
}

/// A failed log write, told apart from a failed terminal write.
#[derive(Debug)]
struct LogFailed(String);

impl std::fmt::Display for LogFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LogFailed {}

impl LogFile {
    fn create(path: &std::path::Path) -> Result<Self, String> {
        let file =
            File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(LogFile {
            file,
            path: path.to_path_buf(),
            len: 0,
        })
    }

    fn append(&mut self, v: &impl serde::Serialize) -> io::Result<()> {
        let fail = |path: &PathBuf, e: &dyn std::fmt::Display| {
            io::Error::other(LogFailed(format!(
                "cannot write the log {}: {e}",
                path.display()
            )))
        };
        let mut line = serde_json::to_vec(v).map_err(|e| fail(&self.path, &e))?;
        line.push(b'\n');
        if let Err(e) = self.file.write_all(&line).and_then(|()| self.file.flush()) {
            let _ = self.file.set_len(self.len);
            return Err(fail(&self.path, &e));
        }
        self.len += line.len() as u64;
        Ok(())
    }
}

/// What the input thread hands over: a line and the instant it arrived.
enum Input {
    Line(String, Instant),
    /// A line that is not UTF-8 text (its number): refused alone.
    NotText(usize),
    /// The input cannot be read on: a line too long or a read error.
    Stop(String),
    Eof,
}

/// Checks `--alarm`: whole seconds from 1 to a day, comma-separated.
fn parse_alarm(list: &str) -> Result<Vec<u64>, String> {
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

/// The time control with a caret under the column the parser stopped at,
/// cut to a window around it so a long text stays one readable line.
fn control_excerpt(text: &str, column: usize) -> (String, String) {
    let chars: Vec<char> = text.chars().collect();
    let col = column.saturating_sub(1).min(chars.len());
    let from = col.saturating_sub(40);
    let to = (col + 20).min(chars.len());
    let mut shown: String = chars[from..to].iter().collect();
    let mut caret = col - from;
    if from > 0 {
        shown.insert(0, '…');
        caret += 1;
    }
    if to < chars.len() {
        shown.push('…');
    }
    (shown, format!("{}^", " ".repeat(caret)))
}

pub fn run(mut a: Args) -> ExitCode {
    // Options are checked before anything is asked or spoken.
    if let Some(list) = &a.alarm
        && let Err(e) = parse_alarm(list)
    {
        return crate::out::bad_input("clock", e);
    }
    if let Err(e) = crate::say_cmd::check_rate(a.rate) {
        return crate::out::bad_input("clock", e);
    }
    let mut input = io::BufReader::new(io::stdin());
    let talking = a.lexicon.is_some() || a.speak || a.wav_dir.is_some() || a.control.is_none();
    if !talking {
        return run_with(a, Box::new(input), io::stdout(), &mut PlainTalk);
    }
    let mut talk = match speaking_talk(&a) {
        Ok(t) => t,
        Err(e) => {
            crate::out::error("clock", e);
            return ExitCode::from(2);
        }
    };
    if a.control.is_none() {
        match crate::clock_talk::setup(&mut talk, &mut input, &mut io::stdout()) {
            Ok(crate::clock_talk::SetUp::Control(tc, lines)) => {
                a.control = Some(tc);
                a.lines_read = lines;
            }
            Ok(crate::clock_talk::SetUp::EndOfInput) => return ExitCode::SUCCESS,
            Err(crate::clock_talk::SetUpError::Input(e)) => {
                return crate::out::bad_input("clock", format!("standard input: {e}"));
            }
            Err(crate::clock_talk::SetUpError::Output(e)) => {
                return crate::out::write_failed("clock", "standard output", &e, ExitCode::SUCCESS);
            }
        }
    }
    run_with(a, Box::new(input), io::stdout(), &mut talk)
}

/// The talker the options ask for.
fn speaking_talk(a: &Args) -> Result<crate::clock_talk::SpeakingTalk, String> {
    use crate::clock_talk::{SpeakingTalk, Voice};
    let key = a.lexicon.clone().unwrap_or_else(|| {
        if a.lang == "ru" {
            "ru".into()
        } else {
            "en".into()
        }
    });
    let lex = arbiter_notation::Lexicon::from_key(&key)
        .ok_or_else(|| format!("unknown lexicon {key:?} (fide-de, ru-fide, ru, en, nato)"))?;
    let engine = || -> Result<arbiter_speech::Espeak, String> {
        let mut e = arbiter_speech::Espeak::detect().map_err(|e| e.to_string())?;
        e.voice = a.voice.clone();
        e.rate_wpm = a.rate;
        Ok(e)
    };
    let voice = match (&a.wav_dir, a.speak) {
        (Some(dir), _) => {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            Voice::Wav(engine()?, dir.clone(), 0)
        }
        (None, true) => Voice::Speak(engine()?),
        (None, false) => Voice::Silent,
    };
    let mut alarm = arbiter_notation::clock::LowTimeAlarm::default();
    if let Some(list) = &a.alarm {
        alarm.thresholds_ms = parse_alarm(list)?;
    }
    let start = a
        .control
        .as_deref()
        .and_then(|c| c.parse::<TimeControl>().ok())
        .and_then(|tc| tc.periods().first().map(|p| p.time_ms as i64))
        .unwrap_or(i64::MAX);
    Ok(SpeakingTalk::new(lex, voice, alarm, start))
}

/// The clock with its input, output and talker given (for tests and for wiring
/// in speech).
pub fn run_with(
    a: Args,
    input: Box<dyn BufRead + Send + '_>,
    out: impl Write,
    talk: &mut dyn Talk,
) -> ExitCode {
    let control_text = a.control.clone().unwrap_or_default();
    let control: TimeControl = match control_text.parse() {
        Ok(c) => c,
        Err(e) => {
            let (shown, caret) = control_excerpt(&control_text, e.column);
            return crate::out::bad_input("clock", format!("{e}\n  {shown}\n  {caret}"));
        }
    };
    let edition: Edition = match a.edition.parse() {
        Ok(e) => e,
        Err(e) => {
            crate::out::error("clock", e);
            return ExitCode::from(2);
        }
    };
    let lang = match a.lang.as_str() {
        "en" => Lang::En,
        "ru" => Lang::Ru,
        other => {
            return crate::out::bad_input(
                "clock",
                format!("unknown language {other:?} (en or ru)"),
            );
        }
    };
    let regime = control.classify(edition).unwrap_or(Regime::Standard);
    let mut settings = ClockSettings::for_game(edition, regime, Supervision::Full);
    if a.increment_before_move {
        settings.increment_timing = IncrementTiming::BeforeMove;
    }
    let clock = match Clock::new(&control, settings) {
        Ok(c) => c,
        Err(e) => {
            crate::out::error("clock", e);
            return ExitCode::from(2);
        }
    };
    let log = match &a.log {
        None => None,
        Some(path) => match LogFile::create(path) {
            Ok(f) => Some(f),
            Err(e) => {
                crate::out::error("clock", e);
                return ExitCode::from(1);
            }
        },
    };
    let mut s = Session {
        clock,
        names: [a.white.clone(), a.black.clone()],
        lang,
        out,
        log,
        talk,
        last_move: None,
        flags_told: [false; 2],
        exempt_told: [0; 2],
        regime,
    };
    let header = Header {
        format: "arbiter-log",
        version: 1,
        edition: edition.key(),
        time_control: control.to_string(),
        white: &a.white,
        black: &a.black,
        increment_timing: a.increment_before_move.then_some("before_move"),
        clock_only: true,
    };
    let how = Drive {
        manual: a.manual_time,
        live: a.live,
        first_line: a.lines_read,
    };
    match drive(&mut s, header, &control, regime, input, how) {
        Ok(None) => ExitCode::SUCCESS,
        Ok(Some(stop)) => crate::out::bad_input("clock", format!("standard input: {stop}")),
        Err(e) => {
            if let Some(log) = e.get_ref().and_then(|x| x.downcast_ref::<LogFailed>()) {
                crate::out::error("clock", log);
                return ExitCode::from(1);
            }
            crate::out::write_failed("clock", "standard output", &e, ExitCode::SUCCESS)
        }
    }
}

/// How the loop reads its input.
struct Drive {
    manual: bool,
    live: bool,
    /// Lines the spoken set-up already read, so that line numbers in
    /// messages count from the start of the input.
    first_line: usize,
}

/// Runs the session; `Ok(Some(reason))` when the input could not be read
/// on (the log so far stays whole).
fn drive<W: Write>(
    s: &mut Session<'_, W>,
    header: Header<'_>,
    control: &TimeControl,
    regime: Regime,
    input: Box<dyn BufRead + Send + '_>,
    how: Drive,
) -> io::Result<Option<String>> {
    let Drive {
        manual,
        live,
        first_line,
    } = how;
    s.log(header)?;
    let origin = Instant::now();
    let intro = match s.lang {
        Lang::En | Lang::De => format!(
            "arbiter clock: {} ({}), {} Laws, {}. White: {}, Black: {}. White's clock is running. Type h for help.",
            control,
            control.describe(Lang::En),
            s.clock.settings().edition,
            regime,
            s.names[0],
            s.names[1]
        ),
        Lang::Ru => format!(
            "arbiter clock: {} ({}), правила {}, {}. Белые: {}, чёрные: {}. Часы белых пущены. Помощь: h.",
            control,
            control.describe(Lang::Ru),
            s.clock.settings().edition,
            regime,
            s.names[0],
            s.names[1]
        ),
    };
    s.say(&intro)?;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Input>();
        scope.spawn(move || {
            let mut lines = arbiter_laws::log::LineReader::new(input, arbiter_laws::log::MAX_LINE);
            loop {
                let msg = match lines.next_line() {
                    None => Input::Eof,
                    Some(Err(e)) => Input::Stop(match e {
                        arbiter_laws::log::LineError::TooLong { line, max } => format!(
                            "line {} is longer than {max} bytes; reading stopped there",
                            line + first_line
                        ),
                        arbiter_laws::log::LineError::Io { line, error } => {
                            format!("line {}: cannot read: {error}", line + first_line)
                        }
                    }),
                    Some(Ok((n, bytes))) => match std::str::from_utf8(bytes) {
                        Ok(t) => Input::Line(t.to_string(), Instant::now()),
                        Err(_) => Input::NotText(n + first_line),
                    },
                };
                let last = matches!(msg, Input::Eof | Input::Stop(_));
                if tx.send(msg).is_err() || last {
                    return;
                }
            }
        });
        let ms_since = |t: Instant| {
            u64::try_from(t.saturating_duration_since(origin).as_millis()).unwrap_or(u64::MAX)
        };
        let mut manual_at: u64 = 0;
        loop {
            // Wake at the next flag (real time) or for the status line.
            let msg = if manual {
                rx.recv().ok()
            } else {
                let flag_due = Side::BOTH
                    .iter()
                    .filter(|x| !s.flags_told[x.index()])
                    .filter_map(|&x| s.clock.flag_at(x))
                    .min()
                    .map(|f| origin + Duration::from_millis(f));
                let tick = live.then(|| Instant::now() + Duration::from_millis(100));
                match [flag_due, tick].into_iter().flatten().min() {
                    None => rx.recv().ok(),
                    Some(deadline) => {
                        match rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                            Ok(m) => Some(m),
                            Err(mpsc::RecvTimeoutError::Timeout) => {
                                let now = ms_since(Instant::now());
                                s.tick(now)?;
                                if live {
                                    let v = s.view(now);
                                    let status = plain_times(&v);
                                    write!(s.out, "\r\x1b[K{status}")?;
                                    s.out.flush()?;
                                }
                                continue;
                            }
                            Err(mpsc::RecvTimeoutError::Disconnected) => None,
                        }
                    }
                }
            };
            let (line, when) = match msg {
                Some(Input::Line(line, when)) => (line, when),
                Some(Input::NotText(n)) => {
                    s.say(&format!("Refused: line {n} is not UTF-8 text."))?;
                    continue;
                }
                Some(Input::Stop(reason)) => return Ok(Some(reason)),
                Some(Input::Eof) | None => break,
            };
            if live {
                write!(s.out, "\r\x1b[K")?;
            }
            let (at, text) = if manual {
                match split_at_prefix(&line) {
                    Ok((Some(t), rest)) if t >= manual_at => {
                        manual_at = t;
                        (t, rest)
                    }
                    Ok((Some(t), _)) => {
                        s.say(&format!(
                            "Refused: time went backwards (@{t} is before @{manual_at})."
                        ))?;
                        continue;
                    }
                    Ok((None, rest)) => (manual_at, rest),
                    Err(e) => {
                        s.say(&format!("Refused: {e}."))?;
                        continue;
                    }
                }
            } else if line.trim_start().starts_with('@') {
                s.say("Refused: @MS time stamps need --manual-time.")?;
                continue;
            } else {
                (ms_since(when), line.as_str())
            };
            match parse_command(text) {
                Ok(cmd) => {
                    if !s.handle(cmd, at)? {
                        break;
                    }
                }
                Err(e) => s.say(&format!("Refused: {e}."))?,
            }
        }
        Ok(None)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn run_script(args: &[&str], script: &str) -> (ExitCode, String) {
        let mut argv = vec!["clock"];
        argv.extend_from_slice(args);
        let cli = Cli::parse_from(argv);
        let mut out = Vec::new();
        let code = run_with(
            cli.args,
            Box::new(io::Cursor::new(script.to_string().into_bytes())),
            &mut out,
            &mut PlainTalk,
        );
        (code, String::from_utf8(out).unwrap())
    }

    #[test]
    fn clock_text_reads_like_a_clock() {
        assert_eq!(clock_text(5_400_000), "1:30:00");
        assert_eq!(clock_text(297_655), "4:57");
        assert_eq!(clock_text(12_345), "0:12.3");
        assert_eq!(clock_text(0), "0:00.0");
        assert_eq!(clock_text(-1_345), "-0:01.3");
    }

    #[test]
    fn commands_parse() {
        assert_eq!(
            parse_command("w Nf3"),
            Ok(Command::Press(Some(Side::White), Some("Nf3".into())))
        );
        assert_eq!(parse_command(""), Ok(Command::Press(None, None)));
        assert_eq!(
            parse_command("RIGHT"),
            Ok(Command::Press(Some(Side::Black), None))
        );
        assert_eq!(
            parse_command("add black 120"),
            Ok(Command::Adjust(Side::Black, 120_000))
        );
        assert_eq!(
            parse_command("- w 0.5"),
            Ok(Command::Adjust(Side::White, -500))
        );
        assert!(parse_command("add black").is_err());
        assert!(parse_command("add black -3").is_err());
        assert!(parse_command("fly").is_err());
        assert_eq!(split_at_prefix("@1500 w e4"), Ok((Some(1500), "w e4")));
        assert!(split_at_prefix("@x w").is_err());
    }

    #[test]
    fn scripted_game_with_log_and_flag() {
        let dir = std::env::temp_dir().join(format!("arbiter-clock-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("game.jsonl");
        let (code, out) = run_script(
            &[
                "--control",
                "10+1",
                "--manual-time",
                "--log",
                log.to_str().unwrap(),
                "--white",
                "Ann",
                "--black",
                "Bob",
            ],
            "@1000 w e4\n@3500 b e5\n@4000 p\n@9000 p\nt\n@9000 add b 2\n@30000 t\nm\nq\n",
        );
        assert_eq!(code, ExitCode::SUCCESS);
        assert!(
            out.contains("Ann: move 1 e4. Ann 0:10.0, Bob 0:10.0. Bob to move."),
            "{out}"
        );
        assert!(
            out.contains("Bob: move 1 e5. Ann 0:10.0, Bob 0:08.5. Ann to move."),
            "{out}"
        );
        assert!(out.contains("Clocks paused."), "{out}");
        // Ann ran 3500..4000 and 9000.., from 10 s: flag at 9000 + 9500.
        assert!(
            out.contains("FLAG: Ann's flag fell at 0:18.5 of play time."),
            "{out}"
        );
        assert!(out.contains("Last move: Bob e5."), "{out}");
        let text = std::fs::read_to_string(&log).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["format"], "arbiter-log");
        assert_eq!(lines[0]["time_control"], "10+1");
        assert_eq!(lines[0]["white"], "Ann");
        assert_eq!(
            lines[1],
            serde_json::json!({"at":1000,"type":"move","side":"white","move":"e4","press":true})
        );
        assert_eq!(
            lines[3],
            serde_json::json!({"at":4000,"type":"arbiter","action":"pause"})
        );
        assert_eq!(
            lines[5],
            serde_json::json!({"at":9000,"type":"arbiter","action":"add_time","side":"black","ms":2000})
        );
        assert_eq!(
            lines[6],
            serde_json::json!({"at":18500,"type":"flag","side":"white"})
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn refusals_do_not_stop_the_clock() {
        let (code, out) = run_script(
            &[
                "--control",
                "40/5400+30:1800+30",
                "--manual-time",
                "--lang",
                "ru",
            ],
            "@10 b\n@5 w\n@20 x\n@20 w\n@30 b\n",
        );
        assert_eq!(code, ExitCode::SUCCESS);
        assert!(
            out.contains("90 мин на 40 ходов + 30 мин до конца партии, добавление 30 с за ход"),
            "{out}"
        );
        assert!(
            out.contains("Refused: black pressed, but white's clock is running."),
            "{out}"
        );
        assert!(out.contains("Refused: time went backwards"), "{out}");
        assert!(out.contains("Refused: unknown command"), "{out}");
        assert!(out.contains("White: ход 1."), "{out}");
    }

    #[test]
    fn bad_control_is_an_error_with_a_column() {
        let (code, _) = run_script(&["--control", "40/"], "");
        assert_eq!(code, ExitCode::from(2));
    }

    #[test]
    fn period_change_and_recording_exemption_are_told() {
        let (_, out) = run_script(&["--control", "1/400:3600", "--manual-time"], "@101000 w\n");
        assert!(
            out.contains("White reached the time control: period 2, 1:00:00 added."),
            "{out}"
        );
        assert!(
            !out.contains("recording is no longer required (8.4)"),
            "new period: no longer exempt\n{out}"
        );
        let (_, out) = run_script(&["--control", "1/400:3600", "--manual-time"], "@100001 t\n");
        assert!(
            out.contains("White has had less than 5 minutes in this period"),
            "{out}"
        );
    }
}
