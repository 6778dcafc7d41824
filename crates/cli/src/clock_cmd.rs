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
//! | empty line | the side to move presses; once moves are typed, a press without one asks for the move made on the board |
//! | the move alone (`Nf3`) | the answer to that question |
//! | `skip`, `пропуск`, `überspringen` | the move is not typed: the clock goes on without following the board (`clock_only`) |
//! | `nomove`, `без хода`, `ohne zug` | the clock was pressed without a move (7.5.3): the Laws rule on it |
//! | `p`, `pause` | pause, or resume if paused |
//! | `t`, `time`, `s` | say both times |
//! | `m`, `last` | repeat the last move |
//! | `add SIDE SECONDS`, `+ SIDE SECONDS` | the arbiter adds time |
//! | `deduct SIDE SECONDS`, `- SIDE SECONDS` | the arbiter deducts time |
//! | `lexicon NAME` | choose the spoken lexicon (fide-de, ru-fide, ru, en, nato) |
//! | `touch SQ` (Tavreli `touch SQ N`), `трогаю SQ`, `berühre SQ` | the side to move touches a man with intent (4.3) |
//! | `adjust [SIDE] SQ`, `j'adoube SQ`, `поправляю SQ`, `zurecht SQ` | a man adjusted after saying so (4.2); by the side to move unless a side is given |
//! | `claim touch [SIDE]`, `тронуто`, `взялся — ходи`, `berührt – geführt` | a touch-move claim (4.8) by the side to move unless a side is given |
//! | `lift SQ`, `drop SQ [q\|r\|b\|n]`, `adjust [SQ]` | with `--board`: a sensor board's lines (docs/board-stream.md) |
//! | `h`, `help`, `?` | the commands |
//! | `q`, `quit` (then `q` or `yes` to confirm), end of input | stop |
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
use arbiter_cli::board_stream::{self, Board, Sensed};
use arbiter_cli::clock_command::{Command, CommandError, parse_command};
use arbiter_clock::TimeControl;
use arbiter_laws::ClaimKind;
use arbiter_laws::log::Header;
use arbiter_laws::{ActionKind, ArbiterAction, Event, PlyMove};
use arbiter_notation::describe::{self, Wording};
use arbiter_notation::terminal::Said;
use arbiter_notation::touch_words;
use arbiter_notation::{LetterSet, Lexicon, SpokenLang, Style};
use arbiter_rules::{Edition, Side};
use arbiter_session::{Front, Input, Kind, Mode, Output, Player, Session, SessionConfig};
use shakmaty::Position;
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
    /// The sides that play under the rules for blind and visually disabled
    /// players (Appendix D; the 2005 Supplement): white, black or both.
    /// Their press needs their move announced first (`announce MOVE`, D.2.4).
    #[arg(long)]
    visually_disabled: Option<String>,
    /// A sensor board's stream of `lift SQ` / `drop SQ` lines
    /// (docs/board-stream.md): a file, a named pipe, or `-` for the lines
    /// of standard input beside the keyboard's.
    #[arg(long)]
    board: Option<PathBuf>,
}

/// The sides `--visually-disabled` names: white, black or both (and the
/// Russian and German names of the sides).
fn visually_disabled(text: &str) -> Result<Vec<Side>, String> {
    match text {
        "both" | "оба" | "beide" => Ok(vec![Side::White, Side::Black]),
        one => arbiter_cli::clock_command::parse_side(one)
            .map(|s| vec![s])
            .map_err(|_| {
                format!(
                    "--visually-disabled {:?}: white, black or both",
                    arbiter_laws::log::cut(one, 24)
                )
            }),
    }
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

/// The alarm marks below the time a player starts with: a mark at or
/// above it would sound at the start ("five minutes left" in a 5+3 game).
fn alarms_below_start(alarms: Vec<u64>, tc: &TimeControl) -> Vec<u64> {
    let start = match tc {
        TimeControl::Sandclock(secs) => secs.saturating_mul(1000),
        other => other.periods().first().map_or(u64::MAX, |p| p.time_ms),
    };
    alarms.into_iter().filter(|&a| a < start).collect()
}

fn config(a: &Args, control_text: &str, talking: bool) -> Result<Config, ExitCode> {
    let tc: TimeControl = control_text
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
    let alarms = alarms_below_start(alarms, &tc);
    let white = a.white.as_deref().unwrap_or("White");
    let black = a.black.as_deref().unwrap_or("Black");
    let mut header = Header::new(white, black, Some(control_text));
    header.edition = edition;
    if a.increment_before_move {
        header.increment_timing = Some(arbiter_clock::IncrementTiming::BeforeMove);
    }
    if let Some(text) = &a.visually_disabled {
        header.visually_disabled = visually_disabled(text).map_err(bad)?;
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
    screen.lexicon = Some(lex);
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
    let board = match a.board.as_deref() {
        None => BoardSource::None,
        Some(p) if p.as_os_str() == "-" => BoardSource::Stdin,
        // A named pipe waits here for the board's driver to open it.
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => BoardSource::Lines(live::read_lines(Box::new(io::BufReader::new(f)), 0)),
            Err(e) => {
                return crate::out::bad_input("clock", format!("{}: {e}", p.display()));
            }
        },
    };
    let reader = live::read_lines(Box::new(input), lines_read);
    rt.block_on(clock(cfg, screen, log, reader, board))
}

/// Where a sensor board's lines come from.
enum BoardSource {
    /// No board is followed.
    None,
    /// Standard input carries them beside the keyboard's lines.
    Stdin,
    /// Their own file or named pipe.
    Lines(mpsc::Receiver<Line>),
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
    board: BoardSource,
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
    let followed = !matches!(board, BoardSource::None);
    let lines = match board {
        BoardSource::Lines(b) => crate::board_input::merge(lines, b, cfg.manual),
        _ => lines,
    };
    let sensors = followed.then(|| Sensors::new(table.mirror.position().board()));
    let blind = cfg.header.visually_disabled.clone();
    let mut c = Clock {
        cfg,
        table,
        outputs,
        decided: false,
        log_error: None,
        board_typed: false,
        sensors,
        followed: false,
        unfollowed: false,
        asked: None,
        quit_asked: false,
        over_said: false,
    };
    screen.tell(&intro);
    if !blind.is_empty() {
        let said = arbiter_notation::appendix_d_words::Said::InForce {
            sides: blind,
            edition: c.cfg.header.edition,
        };
        screen.tell(&arbiter_notation::appendix_d_words::say(&said, c.cfg.lang));
    }
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
    /// A move or an announcement was typed before the first press: the
    /// board is followed (Appendix D's `move` and `announce`).
    board_typed: bool,
    /// The sensor board followed (`--board`).
    sensors: Option<Sensors>,
    /// The first move was typed: the clock follows the board.
    followed: bool,
    /// `skip` was typed: the clock no longer follows the board.
    unfollowed: bool,
    /// A bare press waits for the move made on the board, by this side.
    asked: Option<Side>,
    /// `q` was typed and waits for its confirmation.
    quit_asked: bool,
    /// The end of the game was said.
    over_said: bool,
}

/// A sensor board followed beside the keyboard.
struct Sensors {
    board: Board,
    /// The side that announced the adjustment the board waits for.
    adjuster: Option<Side>,
    /// The game's position the board was last compared with.
    seen: shakmaty::Chess,
}

impl Sensors {
    fn new(pos: &shakmaty::Chess) -> Sensors {
        Sensors {
            board: Board::new(pos),
            adjuster: None,
            seen: pos.clone(),
        }
    }
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
                    Some(o) => {
                        self.show(screen, &o);
                        self.say_if_over(screen);
                    }
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
                        Some(Line::Note(n)) => screen.tell(&n),
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
            // The answer to the question of a bare press: the move itself.
            Err(_) if self.asked.is_some() && !text.trim().is_empty() => {
                Command::Press(self.asked, Some(text.trim().to_string()))
            }
            Err(e) => {
                let reason = e.say(self.cfg.lang);
                screen.tell(&self.say(Said::Refused { reason: &reason }));
                return true;
            }
        };
        if std::mem::take(&mut self.quit_asked) {
            if matches!(cmd, Command::Quit | Command::Yes) {
                return false;
            }
            screen.tell(&self.say(Said::NotQuit));
        }
        let input = match cmd {
            Command::Quit => {
                // A stray `q` must not end a blitz game: it is confirmed.
                self.quit_asked = true;
                screen.tell(&self.say(Said::ConfirmQuit));
                return true;
            }
            Command::Yes => {
                self.refuse(screen, &CommandError::Unknown(format!("{:?}", text.trim())));
                return true;
            }
            Command::Skip | Command::NoMove => match self.unanswered(screen, &cmd).await {
                Some(input) => input,
                None => return true,
            },
            Command::Help => {
                let h = self.say(Said::ClockHelp);
                screen.tell(&h);
                if !self.cfg.header.visually_disabled.is_empty() {
                    let d = self.say(Said::ClockHelpAppendixD);
                    screen.tell(&d);
                }
                return true;
            }
            Command::Announce(text) => {
                self.announce(screen, text).await;
                return true;
            }
            Command::Made(text) => {
                self.board_typed = true;
                let side = self.to_move();
                Input::Event(Event::Move {
                    side,
                    mv: text,
                    press: false,
                    lag_ms: None,
                })
            }
            Command::Retrace(ply, white_ms, black_ms) => {
                Input::Event(Event::Arbiter(ArbiterAction {
                    ply: Some(ply),
                    white_ms: Some(white_ms),
                    black_ms: Some(black_ms),
                    ..ArbiterAction::new(ActionKind::Retrace)
                }))
            }
            Command::Times if self.table.mirror.outcome().is_some() => {
                // Not "White to move": the game is over.
                self.over_said = false;
                self.say_if_over(screen);
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
            Command::Touch(..)
            | Command::AdjustMan(..)
            | Command::ClaimTouch(_)
            | Command::Lift(_)
            | Command::Drop(..) => {
                for input in self.touch_inputs(screen, cmd) {
                    self.send_touch(screen, input).await;
                }
                self.settle_board(screen);
                return true;
            }
            Command::Press(side, mv) => {
                let side = side.unwrap_or_else(|| self.to_move());
                // A move made on the sensor board is the move pressed.
                let mv = mv.or_else(|| self.sensors.as_mut()?.board.take_made());
                if mv.is_none() && self.bare_press_held(screen, side) {
                    return true;
                }
                self.asked = None;
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
        self.send_and_show(screen, input, adjusted).await;
        self.settle_board(screen);
        self.say_if_over(screen);
        true
    }

    /// Sends `input` to the session and says what came back; after an
    /// accepted arbiter's action, both times.
    async fn send_and_show(&mut self, screen: &mut Screen, input: Input, adjusted: bool) -> bool {
        let out = self.table.send(input).await;
        while let Ok(o) = self.outputs.try_recv() {
            self.show(screen, &o);
        }
        let accepted = out.is_some_and(|o| o.refused().is_none());
        if adjusted && accepted {
            self.say_times(screen);
        }
        accepted
    }

    /// `announce MOVE` (D.2.1): the player whose clock runs announces. A
    /// clock that sees no board takes the first announcement of a turn as
    /// the move made on the board too, unless `move MOVE` said it first.
    async fn announce(&mut self, screen: &mut Screen, text: String) {
        let side = self.to_move();
        let g = &self.table.mirror;
        let made = g
            .plies()
            .last()
            .is_some_and(|p| p.side == side && p.completed_at.is_none());
        self.board_typed = true;
        if !made {
            let mv = Event::Move {
                side,
                mv: text.clone(),
                press: false,
                lag_ms: None,
            };
            if !self.send_and_show(screen, Input::Event(mv), false).await {
                return;
            }
        }
        let ev = Event::Announce { side, mv: text };
        self.send_and_show(screen, Input::Event(ev), false).await;
    }

    /// The session's inputs for an Art. 4 command or a sensor board's line
    /// (said at once when it only concerns the board).
    fn touch_inputs(&mut self, screen: &mut Screen, cmd: Command) -> Vec<Input> {
        let to_move = self.to_move();
        match cmd {
            Command::Touch(square, man) => vec![Input::Event(Event::Touch {
                side: to_move,
                square,
                man,
            })],
            Command::ClaimTouch(side) => vec![Input::Event(Event::Claim {
                side: side.unwrap_or(to_move),
                claim: ClaimKind::TouchMove,
                intended: None,
            })],
            Command::AdjustMan(side, sq) => match (&mut self.sensors, sq) {
                // With a board, the adjustment is announced before the lift.
                (Some(s), sq) => {
                    s.adjuster = side;
                    s.board.adjust(sq.and_then(|q| q.parse().ok()));
                    Vec::new()
                }
                (None, Some(sq)) => vec![Input::Event(Event::Adjust {
                    side: side.unwrap_or(to_move),
                    square: sq,
                })],
                (None, None) => {
                    self.refuse(screen, &CommandError::SquareUsage("adjust".into()));
                    Vec::new()
                }
            },
            Command::Lift(_) | Command::Drop(..) if self.sensors.is_none() => {
                let no = touch_words::no_board(self.cfg.lang);
                screen.tell(&self.say(Said::Refused { reason: no }));
                Vec::new()
            }
            Command::Lift(sq) => self.sensed(screen, |b, pos| match sq.parse() {
                Ok(q) => b.lift(pos, q),
                Err(_) => Vec::new(),
            }),
            Command::Drop(sq, piece) => {
                let role = piece.and_then(board_stream::promotion_role);
                self.sensed(screen, |b, pos| match sq.parse() {
                    Ok(q) => b.drop(pos, q, role),
                    Err(_) => Vec::new(),
                })
            }
            _ => Vec::new(),
        }
    }

    /// Feeds the sensor board a line; its touches and adjustments become
    /// the session's inputs, the rest is said.
    fn sensed(
        &mut self,
        screen: &mut Screen,
        f: impl FnOnce(&mut Board, &shakmaty::Chess) -> Vec<Sensed>,
    ) -> Vec<Input> {
        let to_move = self.to_move();
        let pos = self.table.mirror.position().board().clone();
        let Some(s) = self.sensors.as_mut() else {
            return Vec::new();
        };
        let said = f(&mut s.board, &pos);
        let adjuster = s.adjuster;
        let mut inputs = Vec::new();
        for sensed in said {
            match sensed {
                Sensed::Touch(q) => inputs.push(Input::Event(Event::Touch {
                    side: to_move,
                    square: q.to_string(),
                    man: None,
                })),
                Sensed::Adjust(q) => inputs.push(Input::Event(Event::Adjust {
                    side: adjuster.unwrap_or(to_move),
                    square: q.to_string(),
                })),
                other => self.say_sensed(screen, &other),
            }
        }
        inputs
    }

    /// Says what the board alone tells: a move made, a board that differs
    /// from the game, or agrees with it again.
    fn say_sensed(&self, screen: &mut Screen, sensed: &Sensed) {
        let lex = self.cfg.lexicon;
        let text = match sensed {
            Sensed::Made(uci) => {
                let (from, to) = (uci.get(0..2).unwrap_or(""), uci.get(2..4).unwrap_or(""));
                touch_words::board_move(lex, from, to)
            }
            Sensed::Differs(squares) => {
                let list: Vec<String> = squares.iter().map(|q| q.to_string()).collect();
                touch_words::board_differs(lex, &list)
            }
            Sensed::Agrees => touch_words::board_agrees(self.cfg.lang).to_string(),
            Sensed::Touch(_) | Sensed::Adjust(_) => return,
        };
        screen.tell(&format!("{text}."));
    }

    /// Gives an Art. 4 input to the session and says what came of it.
    async fn send_touch(&mut self, screen: &mut Screen, input: Input) {
        self.table.send(input).await;
        while let Ok(o) = self.outputs.try_recv() {
            self.show(screen, &o);
        }
    }

    /// After a line: when the game's position changed (a move pressed, a
    /// move taken back on a claim), the sensor board is compared with it.
    fn settle_board(&mut self, screen: &mut Screen) {
        let pos = self.table.mirror.position().board();
        let Some(s) = self.sensors.as_mut() else {
            return;
        };
        if s.seen.board() == pos.board() && s.seen.turn() == pos.turn() {
            return;
        }
        s.seen = pos.clone();
        if let Some(said) = s.board.game_moved(pos) {
            self.say_sensed(screen, &said);
        }
    }

    /// Whether the clock follows the board: the first move was typed (or
    /// announced), no sensor board says the moves, and no `skip` came.
    fn follows_board(&self) -> bool {
        (self.followed || self.board_typed) && !self.unfollowed && self.sensors.is_none()
    }

    /// A press without a typed move that is not sent (said why): a bare
    /// White press before the start (the clock waits for Black or `start`,
    /// 6.6), or a press that completes a move while the clock follows the
    /// board, which asks for the move made on it instead of ruling an
    /// illegal move.
    fn bare_press_held(&mut self, screen: &mut Screen, side: Side) -> bool {
        let started = self.table.origin.is_some();
        if !started && side == Side::White {
            screen.tell(&self.say(Said::WhiteCannotStart));
            return true;
        }
        // A move made (`move`, `announce`) waits for this press; a side
        // under Appendix D presses after announcing, as the Laws check.
        let g = &self.table.mirror;
        let made = g
            .plies()
            .last()
            .is_some_and(|p| p.side == side && p.completed_at.is_none());
        let blind = self.cfg.header.visually_disabled.contains(&side);
        if started && side == self.to_move() && self.follows_board() && !made && !blind {
            self.asked = Some(side);
            let who = self.name(side);
            screen.tell(&self.say(Said::AskMoveOnBoard { who: &who }));
            return true;
        }
        false
    }

    /// `skip` or `nomove` after a bare press: the press goes in, either as
    /// a clock that no longer follows the board, or as a press without a
    /// move (FIDE Laws 2023, 7.5.3), which the Laws rule on.
    async fn unanswered(&mut self, screen: &mut Screen, cmd: &Command) -> Option<Input> {
        let Some(side) = self.asked.take() else {
            screen.tell(&self.say(Said::NothingAsked));
            return None;
        };
        if *cmd == Command::Skip {
            let stop = Event::Arbiter(ArbiterAction::new(ActionKind::ClockOnly));
            if !self.send_and_show(screen, Input::Event(stop), false).await {
                return None;
            }
            self.unfollowed = true;
            screen.tell(&self.say(Said::NoLongerFollows));
        } else {
            let who = self.name(side);
            screen.tell(&self.say(Said::PressWithoutMove { who: &who }));
        }
        Some(Input::Event(Event::Press { side }))
    }

    /// Once the game is over: the result, what can still be asked and how
    /// to leave, said once.
    fn say_if_over(&mut self, screen: &mut Screen) {
        if self.over_said {
            return;
        }
        let Some(result) = self.table.mirror.outcome().map(|o| o.result) else {
            return;
        };
        self.over_said = true;
        screen.tell(&self.say(Said::ClockOver { result }));
    }

    fn refuse(&self, screen: &mut Screen, e: &CommandError) {
        let reason = e.say(self.cfg.lang);
        screen.tell(&self.say(Said::Refused { reason: &reason }));
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
        let typed = typed || self.board_typed;
        self.followed = typed;
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
                Event::Press { side }
                | Event::Move {
                    side, press: true, ..
                } => pressed.push((*side, ev.at)),
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
        for (side, at) in pressed {
            let line = self.press_line(side, at);
            screen.tell(&line);
        }
    }

    /// "Ann: move 1 e4. Ann 0:10.0, Bob 0:10.0. Bob to move."
    fn press_line(&self, side: Side, at: u64) -> String {
        let g = &self.table.mirror;
        let n = g.timing().clock().map_or(0, |c| c.moves_completed(side));
        // Only the move this press completed: a clock that stopped
        // following the board presses without adding one.
        let mv = match g.plies().last() {
            Some(p) if p.side == side && p.completed_at == Some(at) => match &p.mv {
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
        if self.table.mirror.outcome().is_some() {
            // Nobody is to move once the game is over.
            return self.say(Said::FinalTimes {
                white: (&w, &wt),
                black: (&b, &bt),
            });
        }
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
                screen.lexicon = Some(lex);
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
    let kind = if ms >= 0 {
        ActionKind::AddTime
    } else {
        ActionKind::DeductTime
    };
    ArbiterAction {
        side: Some(side),
        ms: Some(ms.abs()),
        ..ArbiterAction::new(kind)
    }
}
