//! `arbiter clock`: a terminal chess clock for over-the-board games.
//!
//! Built for a screen reader in a plain terminal: it reads one command per line
//! from stdin and answers with whole lines, never redrawing (unless `--live`).
//! So it is also scriptable: `printf 'b\nw e4\nb e5\nt\nq\n' | arbiter clock --control 300+3`.
//!
//! The game runs in `arbiter-session` (over-the-board mode): the clock does
//! not run until Black presses (`b`) or `start` is typed; if White presses
//! first, that press starts the game and completes White's first move at
//! that instant (6.6). Typed moves (`w e4`) are checked against the board
//! and illegal ones follow the Laws' ladder (Art. 7); a clock used without
//! typed moves (bare presses) keeps a clock-only log. Time comes from the
//! live clock, or with `--manual-time` from `@MS` prefixes on the input
//! lines, which makes runs exactly reproducible.
//!
//! Commands (case does not matter):
//!
//! | input | meaning |
//! |-------|---------|
//! | `w`, `white`, `1`, `left` (optionally followed by the move, `w e4`) | White completes a move (presses) |
//! | `b`, `black`, `2`, `right` (optionally `b e5`) | Black completes a move; before the start, starts White's clock |
//! | `start` | start the clock |
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
//! Talking (L-D.2.6): `--lexicon L` makes `t` say the times and `m` the
//! last move in words, `--speak` sends every line to espeak-ng (or
//! `--wav-dir DIR` writes them as WAV files), `--alarm 300,60,10` sets the
//! low-time alarm, which the session fires while the player thinks. Without
//! `--control` the clock asks for minutes and increment in spoken prompts.
//!
//! With `--log FILE` it writes the session's event log (docs/event-log.md),
//! which `arbiter replay` reads to the same result, clocks and moves.

use crate::live::{self, Line, LogFile, Table};
use crate::voice::{Screen, Voice};
use arbiter_chess::Chess;
use arbiter_cli::clock_command::{Command, parse_command};
use arbiter_clock::TimeControl;
use arbiter_laws::log::Header;
use arbiter_laws::{ActionKind, ArbiterAction, Event, PlyMove};
use arbiter_notation::describe::{self, Wording};
use arbiter_notation::terminal::Said;
use arbiter_notation::{LetterSet, Lexicon, SpokenLang, Style};
use arbiter_rules::{Edition, Side};
use arbiter_session::{Front, Input, Kind, Mode, Output, Player, Session, SessionConfig};
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use tokio::sync::mpsc;

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
    /// White's name; without it the clock says "White" in the language of
    /// the messages (Белые, Weiß) and the log names White "White".
    #[arg(long)]
    white: Option<String>,
    /// Black's name, as --white.
    #[arg(long)]
    black: Option<String>,
    /// Language of the messages: en, ru or de.
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
    /// One plain line per announcement, nothing redrawn: for a screen
    /// reader or a braille display (taken when nothing is spoken and the
    /// output is not a terminal).
    #[arg(long)]
    screen_reader: bool,
    /// The spoken lexicon (CFG-10): fide-de, ru-fide, ru, en or nato. Default:
    /// ru with --lang ru, fide-de with --lang de, else en.
    #[arg(long)]
    lexicon: Option<String>,
    /// Speak every line through espeak-ng.
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
}

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

/// The options, checked.
struct Config {
    header: Header,
    lang: SpokenLang,
    lexicon: Lexicon,
    /// `t` and `m` in words (a lexicon, speech or the spoken set-up was asked for).
    talking: bool,
    alarms: Vec<u64>,
    manual: bool,
    live: bool,
    /// The names the players gave; an unnamed side is said by its colour
    /// in the language of the moment.
    names: [Option<String>; 2],
}

fn lang_of(text: &str) -> Result<SpokenLang, String> {
    match text {
        "en" => Ok(SpokenLang::En),
        "ru" => Ok(SpokenLang::Ru),
        "de" => Ok(SpokenLang::De),
        other => Err(format!(
            "unknown language {:?} (en, ru or de)",
            arbiter_laws::log::cut(other, 24)
        )),
    }
}

fn lexicon_of(a: &Args, lang: SpokenLang) -> Result<Lexicon, String> {
    let key = a.lexicon.clone().unwrap_or_else(|| {
        match lang {
            SpokenLang::Ru => "ru",
            SpokenLang::De => "fide-de",
            SpokenLang::En => "en",
        }
        .into()
    });
    Lexicon::from_key(&key)
        .ok_or_else(|| format!("unknown lexicon {key:?} (fide-de, ru-fide, ru, en, nato)"))
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

fn config(a: &Args, control_text: &str, talking: bool) -> Result<Config, ExitCode> {
    let _: TimeControl = control_text
        .parse()
        .map_err(|e: arbiter_clock::ParseError| {
            let (shown, caret) = control_excerpt(control_text, e.column);
            crate::out::bad_input("clock", format!("{e}\n  {shown}\n  {caret}"))
        })?;
    let bad = |e: String| crate::out::bad_input("clock", e);
    let edition: Edition = a
        .edition
        .parse()
        .map_err(|e: arbiter_rules::UnknownEdition| bad(e.to_string()))?;
    let lang = lang_of(&a.lang).map_err(bad)?;
    let lexicon = lexicon_of(a, lang).map_err(bad)?;
    let alarms = match &a.alarm {
        Some(list) => live::parse_alarm(list).map_err(bad)?,
        None => vec![300_000, 60_000, 30_000, 10_000],
    };
    let white = a.white.as_deref().unwrap_or("White");
    let black = a.black.as_deref().unwrap_or("Black");
    let mut header = Header::new(white, black, Some(control_text));
    header.edition = edition;
    if a.increment_before_move {
        header.increment_timing = Some(arbiter_clock::IncrementTiming::BeforeMove);
    }
    Ok(Config {
        header,
        lang,
        lexicon,
        talking,
        alarms,
        manual: a.manual_time,
        live: a.live,
        names: [a.white.clone(), a.black.clone()],
    })
}

pub fn run(mut a: Args) -> ExitCode {
    // Options are checked before anything is asked or spoken.
    if let Some(list) = &a.alarm
        && let Err(e) = live::parse_alarm(list)
    {
        return crate::out::bad_input("clock", e);
    }
    if let Err(e) = crate::say_cmd::check_rate(a.rate) {
        return crate::out::bad_input("clock", e);
    }
    let lang = match lang_of(&a.lang) {
        Ok(l) => l,
        Err(e) => return crate::out::bad_input("clock", e),
    };
    let lex = match lexicon_of(&a, lang) {
        Ok(l) => l,
        Err(e) => {
            crate::out::error("clock", e);
            return ExitCode::from(2);
        }
    };
    let talking = a.lexicon.is_some() || a.speak || a.wav_dir.is_some() || a.control.is_none();
    let voice = match Voice::from_options(
        lex.language(),
        a.speak,
        a.wav_dir.as_ref(),
        a.voice.as_ref(),
        a.rate,
    ) {
        Ok(v) => v,
        Err(e) => {
            crate::out::error("clock", e);
            return ExitCode::from(1);
        }
    };
    let mut screen = Screen::new(Box::new(io::stdout()), voice, lex.language());
    screen.set_screen_reader(a.screen_reader);
    let mut input = io::BufReader::new(io::stdin());
    let mut lines_read = 0;
    if a.control.is_none() {
        match crate::clock_talk::setup(&mut screen, lex, &mut input, a.manual_time) {
            Ok(crate::clock_talk::SetUp::Control(tc, lines)) => {
                a.control = Some(tc);
                lines_read = lines;
            }
            Ok(crate::clock_talk::SetUp::EndOfInput) => {
                return screen.exit("clock", ExitCode::SUCCESS);
            }
            Err(e) => return crate::out::bad_input("clock", format!("standard input: {e}")),
        }
    }
    let control_text = a.control.clone().unwrap_or_default();
    let cfg = match config(&a, &control_text, talking) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let log = match a.log.as_deref().map(LogFile::create).transpose() {
        Ok(l) => l,
        Err(e) => {
            crate::out::error("clock", e);
            return ExitCode::from(1);
        }
    };
    let rt = match live::runtime("clock") {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let reader = live::read_lines(Box::new(input), lines_read);
    rt.block_on(clock(cfg, screen, log, reader))
}

fn session(cfg: &Config, clock_only: bool) -> Result<Session<Chess>, String> {
    let mut header = cfg.header.clone();
    header.clock_only = clock_only.then_some(true);
    Session::new(
        Chess::default(),
        SessionConfig {
            header,
            mode: Mode::OverTheBoard,
            lexicon: cfg.lexicon,
            alarms_ms: [cfg.alarms.clone(), cfg.alarms.clone()],
        },
    )
    .map_err(|e| e.to_string())
}

async fn clock(
    cfg: Config,
    mut screen: Screen,
    log: Option<LogFile>,
    lines: mpsc::Receiver<Line>,
) -> ExitCode {
    let s = match session(&cfg, false) {
        Ok(s) => s,
        Err(e) => return crate::out::bad_input("clock", e),
    };
    let players = cfg.names.clone().map(Player::Human);
    let intro = format!("arbiter clock: {}", s.setup_text(&players, Front::Clock));
    let time = live::time(cfg.manual);
    // The log header waits for the first move: typed or not decides
    // whether the board is followed.
    let (table, outputs) = match Table::start(s, time, Vec::new(), log, true) {
        Ok(t) => t,
        Err(e) => {
            crate::out::error("clock", e);
            return ExitCode::from(1);
        }
    };
    let mut c = Clock {
        cfg,
        table,
        outputs,
        decided: false,
        log_error: None,
    };
    screen.tell(&intro);
    let stop = c.run(&mut screen, lines).await;
    c.finish(&mut screen, stop)
}

/// The clock being used.
struct Clock {
    cfg: Config,
    table: Table<Chess>,
    outputs: mpsc::UnboundedReceiver<Output>,
    /// Whether the first move was pressed (and so the log's kind is known).
    decided: bool,
    log_error: Option<String>,
}

impl Clock {
    /// The sentence in the game's language.
    /// A sentence of the terminal in the clock's language of the moment.
    fn say(&self, said: Said<'_>) -> String {
        said.text(self.cfg.lang)
    }

    async fn run(
        &mut self,
        screen: &mut Screen,
        mut lines: mpsc::Receiver<Line>,
    ) -> Option<String> {
        let mut tick = tokio::time::interval(std::time::Duration::from_millis(100));
        loop {
            if screen.broken() || self.log_error.is_some() {
                return None;
            }
            tokio::select! {
                o = self.outputs.recv() => match o {
                    Some(o) => self.show(screen, &o),
                    None => return None,
                },
                _ = tick.tick(), if self.cfg.live => {
                    let status = self.plain_times();
                    screen.raw(&format!("\r\x1b[K{status}"));
                }
                l = lines.recv() => {
                    if self.cfg.live {
                        screen.raw("\r\x1b[K");
                    }
                    match l {
                        None => {
                            // What the session still says (nothing more is due: the time stands).
                            self.table.close();
                            while let Some(o) = self.outputs.recv().await {
                                self.show(screen, &o);
                            }
                            return None;
                        }
                        Some(Line::Stop(why)) => return Some(why),
                        Some(Line::NotText(n)) => screen.tell(&live::not_text(self.cfg.lang, n)),
                        Some(Line::TooLong { line, len }) => {
                            screen.tell(&live::too_long(self.cfg.lang, line, len))
                        }
                        Some(Line::Text(t)) => {
                            if !self.line(screen, &t).await {
                                return None;
                            }
                        }
                    }
                }
            }
        }
    }

    fn finish(&mut self, screen: &mut Screen, stop: Option<String>) -> ExitCode {
        self.table.close();
        if !self.decided
            && let Ok(h) = arbiter_laws::writer::header_line(&self.cfg.header)
            && let Err(e) = self.table.release_log(&h)
        {
            self.log_error.get_or_insert(e);
        }
        if let Some(e) = self.log_error.take() {
            crate::out::error("clock", e);
            return ExitCode::from(1);
        }
        live::exit(screen, "clock", stop)
    }

    /// The side whose clock runs (or will run): a clock-only log does not
    /// follow the board, so the clock says whose turn it is.
    fn to_move(&self) -> Side {
        use arbiter_laws::RuleSet;
        match self.table.mirror.timing().clock() {
            Some(c) if self.table.origin.is_some() => c.on_move(),
            _ => self.table.mirror.rules().turn(self.table.mirror.position()),
        }
    }

    /// Handles one line; `false` to stop.
    async fn line(&mut self, screen: &mut Screen, raw: &str) -> bool {
        // A typed line stops the answer being said; an empty one (which
        // also presses) stops all speech first.
        screen.heard(raw);
        let text = match self.table.time.stamp(raw, self.cfg.lang) {
            Ok(t) => t.to_string(),
            Err(m) => {
                screen.tell(&m);
                return true;
            }
        };
        self.table.catch_up().await;
        while let Ok(o) = self.outputs.try_recv() {
            self.show(screen, &o);
        }
        let cmd = match parse_command(&text) {
            Ok(c) => c,
            Err(e) => {
                let reason = e.say(self.cfg.lang);
                screen.tell(&self.say(Said::Refused { reason: &reason }));
                return true;
            }
        };
        let input = match cmd {
            Command::Quit => return false,
            Command::Help => {
                let h = self.say(Said::ClockHelp);
                screen.tell(&h);
                return true;
            }
            Command::Times => {
                self.say_times(screen);
                return true;
            }
            Command::LastMove => {
                self.say_last_move(screen);
                return true;
            }
            Command::Lexicon(name) => {
                self.choose_lexicon(screen, &name).await;
                return true;
            }
            Command::Start => Input::Start,
            Command::PauseToggle if self.table.paused() => Input::resume(),
            Command::PauseToggle => Input::pause(),
            Command::Adjust(side, ms) => Input::Event(Event::Arbiter(adjust(side, ms))),
            Command::Press(side, mv) => {
                let side = side.unwrap_or_else(|| self.to_move());
                if let Err(e) = self.decide(side, mv.is_some()).await {
                    self.log_error.get_or_insert(e);
                    return false;
                }
                match mv {
                    Some(text) => Input::Move {
                        side: Some(side),
                        text,
                    },
                    None => Input::Event(Event::Press { side }),
                }
            }
        };
        let adjusted = matches!(input, Input::Event(Event::Arbiter(_)));
        let out = self.table.send(input).await;
        while let Ok(o) = self.outputs.try_recv() {
            self.show(screen, &o);
        }
        if adjusted && out.is_some_and(|o| o.refused().is_none()) {
            self.say_times(screen);
        }
        true
    }

    /// At the first press that completes a move: a typed move means the
    /// board is followed (and the Laws' ladder applies); a bare press means
    /// a clock-only log. The session is replaced before anything is logged.
    async fn decide(&mut self, side: Side, typed: bool) -> Result<(), String> {
        let started = self.table.origin.is_some();
        let completes = side == self.to_move() && (started || side == Side::White);
        if self.decided || !completes {
            return Ok(());
        }
        self.decided = true;
        if !typed {
            let s = session(&self.cfg, true)?;
            self.outputs = self.table.restart(s).await?;
        }
        let mut h = self.cfg.header.clone();
        h.clock_only = (!typed).then_some(true);
        let line = arbiter_laws::writer::header_line(&h).map_err(|e| e.to_string())?;
        self.table.release_log(&line)
    }

    /// Prints and speaks an output, after taking it into the copy and the log.
    fn show(&mut self, screen: &mut Screen, out: &Output) {
        if let Err(e) = self.table.absorb(out) {
            self.log_error.get_or_insert(e);
        }
        let mut pressed = Vec::new();
        for ev in &out.events {
            match &ev.event {
                Event::Press { side } | Event::Move { side, .. } => pressed.push(*side),
                _ => {}
            }
        }
        for a in &out.announcements {
            match &a.kind {
                // Said with the press line below.
                Kind::Move { .. } if !self.cfg.talking => {}
                Kind::Move { .. } => screen.tell(&a.text),
                kind => {
                    let urgency = crate::voice::urgency(kind, None);
                    screen.tell_as(urgency, &a.text, &a.text)
                }
            }
        }
        for side in pressed {
            let line = self.press_line(side);
            screen.tell(&line);
        }
    }

    /// "Ann: move 1 e4. Ann 0:10.0, Bob 0:10.0. Bob to move."
    fn press_line(&self, side: Side) -> String {
        let g = &self.table.mirror;
        let n = g.timing().clock().map_or(0, |c| c.moves_completed(side));
        let mv = match g.plies().last() {
            Some(p) if p.side == side => match &p.mv {
                PlyMove::Legal(m) => {
                    let before = g.position_after(g.plies().len() - 1);
                    // Written in the letters of the language of the moment
                    // (App. C.3): a German reads `Sf6`, a Russian `Кf6`;
                    // the log keeps SAN.
                    let letters = match self.cfg.lang {
                        SpokenLang::Ru => Some(LetterSet::Ru),
                        SpokenLang::De => Some(LetterSet::De),
                        SpokenLang::En => None,
                    };
                    let text = match letters {
                        Some(l) => arbiter_notation::render(before.board(), *m, Style::Letters(l)),
                        None => {
                            use arbiter_laws::RuleSet;
                            g.rules().move_text(&before, m)
                        }
                    };
                    format!(" {text}")
                }
                _ => String::new(),
            },
            _ => String::new(),
        };
        let who = self.name(side);
        let times = self.plain_times();
        self.say(Said::Press {
            who: &who,
            number: n,
            mv: &mv,
            times: &times,
        })
    }

    /// A side's name: the player's, or the colour in the language of the
    /// moment (a lexicon switch renames it).
    fn name(&self, side: Side) -> String {
        match (&self.cfg.names[side.index()], side) {
            (Some(n), _) => n.clone(),
            (None, side) => arbiter_notation::side_name(self.cfg.lang, side).to_string(),
        }
    }

    fn remaining(&self) -> [i64; 2] {
        self.table.remaining().unwrap_or([0, 0])
    }

    fn plain_times(&self) -> String {
        let [w, b] = [Side::White, Side::Black].map(|s| self.name(s));
        let [wt, bt] = self.remaining().map(clock_text);
        let on = self.name(self.to_move());
        self.say(Said::Times {
            white: (&w, &wt),
            black: (&b, &bt),
            on_move: &on,
            colour: self.cfg.names[self.to_move().index()].is_none(),
            paused: self.table.paused(),
        })
    }

    fn wording(&self) -> Wording {
        Wording::new(self.cfg.lang, self.cfg.lexicon)
    }

    fn say_times(&self, screen: &mut Screen) {
        if !self.cfg.talking {
            return screen.tell(&self.plain_times());
        }
        // The clock always has a time control: never without a clock.
        self.table
            .tell_clocks(screen, self.wording(), self.to_move());
    }

    fn say_last_move(&self, screen: &mut Screen) {
        let g = &self.table.mirror;
        let moves: Vec<_> = g
            .plies()
            .iter()
            .filter_map(|p| match &p.mv {
                PlyMove::Legal(m) => Some(*m),
                _ => None,
            })
            .collect();
        let text = describe::last_move(g.start_position().board(), &moves, self.wording())
            .unwrap_or_else(|e| e.to_string());
        screen.tell(&text);
    }

    /// Every later announcement is said in the chosen lexicon and its
    /// language: the session's, the clock's own lines and the voice.
    async fn choose_lexicon(&mut self, screen: &mut Screen, name: &str) {
        match Lexicon::from_key(name) {
            Some(lex) => {
                self.cfg.lexicon = lex;
                self.cfg.lang = lex.language();
                self.cfg.talking = true;
                screen.lang = lex.language();
                self.table.send(Input::SetLexicon(lex)).await;
                while let Ok(o) = self.outputs.try_recv() {
                    self.show(screen, &o);
                }
            }
            None => {
                let name = arbiter_laws::log::cut(name, 24);
                screen.tell(&self.say(Said::UnknownLexicon { name: &name }));
            }
        }
    }
}

/// The arbiter adds (positive) or deducts (negative) `ms` for `side`.
fn adjust(side: Side, ms: i64) -> ArbiterAction {
    ArbiterAction {
        action: if ms >= 0 {
            ActionKind::AddTime
        } else {
            ActionKind::DeductTime
        },
        side: Some(side),
        ms: Some(ms.abs()),
        result: None,
        reason: None,
        points: None,
        ply: None,
        restart: None,
        white_ms: None,
        black_ms: None,
    }
}
