//! `arbiter play`: chess or Tavreli in a terminal, a human against an
//! engine or two humans at one keyboard, one line in and whole sentences
//! out, so it works the same on a braille display, with a screen reader or
//! by ear (`--speak`). The game runs in `arbiter-session`; this module
//! reads the options, turns lines into the session's inputs and prints and
//! speaks what comes back.

use crate::live::{self, Line, LogFile, Table};
use crate::voice::{Screen, Voice};
use arbiter_laws::log::Header;
use arbiter_laws::{ClaimKind, Event, TimedEvent};
use arbiter_notation::describe::{self, Wording};
use arbiter_notation::speech_words::{self, EngineCommand, TakebackRefusal, cannot_take_back};
use arbiter_notation::terminal::Said;
use arbiter_notation::{Lexicon, SpokenLang};
use arbiter_rules::{Edition, Regime, Side, Variant};
use arbiter_session::any::{self, Defaults, EngineSeat};
use arbiter_session::claim_words::{read_claim, shared_claimant};
use arbiter_session::{
    Cmd, Front, Input, Kind, Mode, Opponent, Output, Player, RulesJob, Session, SessionConfig,
};
use std::path::PathBuf;
use std::process::ExitCode;
use tokio::sync::mpsc;

#[derive(clap::Args)]
pub struct Args {
    /// The game: `chess` or `tavreli`.
    #[arg(long, default_value = "chess", value_parser = crate::variant_arg::VariantParser)]
    pub variant: Variant,
    /// Who plays White: `human` or `engine` (default human).
    #[arg(long)]
    pub white: Option<String>,
    /// Who plays Black: `human` or `engine` (default engine).
    #[arg(long)]
    pub black: Option<String>,
    /// Your colour against the engine, `white` or `black` (the engine takes the other).
    #[arg(long)]
    pub color: Option<String>,
    /// The time control (docs/time-control.md). Default 900+10 for chess,
    /// the Tavreli rules' own (a delay per move) for Tavreli.
    #[arg(long)]
    pub control: Option<String>,
    /// Laws edition: 2005, 2017, 2018, 2023 or tavreli (default: 2023 for
    /// chess, the Tavreli tournament rules for Tavreli).
    #[arg(long)]
    pub edition: Option<String>,
    /// standard, rapid or blitz (default: from the time control).
    #[arg(long)]
    pub regime: Option<String>,
    /// Start from this position (FEN; the Tavreli position text for Tavreli).
    #[arg(long, alias = "position")]
    pub start: Option<String>,
    /// Language of everything said: en, ru or de.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// How moves and squares are said (fide-de, ru-fide, ru, en, nato).
    /// Default: the language's own.
    #[arg(long)]
    pub lexicon: Option<String>,
    /// Speak everything through espeak-ng.
    #[arg(long)]
    pub speak: bool,
    /// One plain line per announcement, nothing redrawn: for a screen
    /// reader or a braille display (taken when nothing is spoken and the
    /// output is not a terminal).
    #[arg(long)]
    pub screen_reader: bool,
    /// Instead of playing, write each spoken line to DIR/NNNN.wav.
    #[arg(long)]
    pub wav_dir: Option<PathBuf>,
    /// An espeak-ng voice instead of the language's default.
    #[arg(long)]
    pub voice: Option<String>,
    /// Speech rate in words per minute.
    #[arg(long)]
    pub rate: Option<u32>,
    /// Low-time alarm thresholds in seconds, comma-separated (default 300,60,30,10).
    #[arg(long, allow_hyphen_values = true)]
    pub alarm: Option<String>,
    /// The UCI engine for chess (default /usr/games/stockfish).
    #[arg(long)]
    pub engine: Option<PathBuf>,
    /// The engine's time per move in milliseconds (default 1000).
    #[arg(long = "engine-movetime", alias = "ms-per-move")]
    pub engine_movetime: Option<u64>,
    /// Engine strength: 1..20 for chess (Stockfish's Skill Level), 1..6 for
    /// Tavreli. Default 10 for chess, 4 for Tavreli.
    #[arg(long)]
    pub level: Option<u8>,
    /// Take the time from an `@MS` prefix on each input line (ms since the
    /// start) instead of the real clock: for scripts and tests.
    #[arg(long)]
    pub manual_time: bool,
    /// Write the event log (JSON Lines) to this file.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// `b` also shows the board in braille.
    #[arg(long)]
    pub braille: bool,
    /// Go on with the game stored in this event log (as `--log` wrote it),
    /// adding to it: the game, edition, regime, time control and start are
    /// the log's; the players are chosen again (`--white`, `--black`,
    /// `--color`). The time the game was stored is charged to no one.
    #[arg(long, value_name = "LOG", conflicts_with_all = ["variant", "control", "edition", "regime", "start", "log"])]
    pub resume: Option<PathBuf>,
}

/// The options, checked.
struct Config {
    /// The defaults of the game's variant (the stored log's, resumed).
    defaults: Defaults,
    engine_seat: [bool; 2],
    header: Header,
    lang: SpokenLang,
    lexicon: Lexicon,
    alarms: Vec<u64>,
    engine: PathBuf,
    movetime: u64,
    level: u8,
    manual: bool,
    log: Option<PathBuf>,
    braille: bool,
    /// The stored events of a game taken up again (`--resume`), in order.
    resumed: Option<Vec<TimedEvent>>,
    /// Under `--manual-time`, the instant a rematch begins at (the scripted
    /// time goes on from the game before).
    manual_from: u64,
    /// Rematches played so far (each writes a log of its own).
    rematches: u32,
}

fn seat(flag: &Option<String>, name: &str, default_engine: bool) -> Result<bool, String> {
    match flag.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => Ok(default_engine),
        Some("human") => Ok(false),
        Some("engine") => Ok(true),
        Some(other) => Err(format!(
            "--{name} must be human or engine, not {:?}",
            arbiter_laws::log::cut(other, 24)
        )),
    }
}

fn seats(a: &Args) -> Result<[bool; 2], String> {
    let (mut w, mut b) = (false, true);
    if let Some(c) = &a.color {
        match c.to_lowercase().as_str() {
            "white" | "w" | "белые" => (w, b) = (false, true),
            "black" | "b" | "чёрные" | "черные" => (w, b) = (true, false),
            other => {
                return Err(format!(
                    "--color must be white or black, not {:?}",
                    arbiter_laws::log::cut(other, 24)
                ));
            }
        }
    }
    Ok([seat(&a.white, "white", w)?, seat(&a.black, "black", b)?])
}

fn language(a: &Args) -> Result<(SpokenLang, Lexicon), String> {
    let lang = match a.lang.as_str() {
        "en" => SpokenLang::En,
        "ru" => SpokenLang::Ru,
        "de" => SpokenLang::De,
        other => {
            return Err(format!(
                "--lang must be en, ru or de, not {:?}",
                arbiter_laws::log::cut(other, 24)
            ));
        }
    };
    let key = a.lexicon.clone().unwrap_or_else(|| {
        match lang {
            SpokenLang::En => "en",
            SpokenLang::Ru => "ru",
            SpokenLang::De => "fide-de",
        }
        .into()
    });
    let lex = Lexicon::from_key(&key)
        .ok_or_else(|| format!("unknown lexicon {key:?} (fide-de, ru-fide, ru, en, nato)"))?;
    Ok((lang, lex))
}

impl Config {
    fn from_args(a: &Args) -> Result<Config, String> {
        let engine_seat = seats(a)?;
        let (lang, lexicon) = language(a)?;
        let level = engine_level(a.variant, a.level)?;
        let alarms = match &a.alarm {
            Some(list) => live::parse_alarm(list)?,
            None => vec![300_000, 60_000, 30_000, 10_000],
        };
        crate::say_cmd::check_rate(a.rate)?;
        let (header, resumed) = match &a.resume {
            Some(path) => {
                let (header, events) = stored(path)?;
                (header, Some(events))
            }
            None => (header(a, engine_seat)?, None),
        };
        // A stored game is played on in its own variant, with its levels.
        let level = match resumed {
            Some(_) => engine_level(header.variant, a.level)?,
            None => level,
        };
        Ok(Config {
            defaults: any::defaults(header.variant),
            engine_seat,
            header,
            lang,
            lexicon,
            alarms,
            engine: a
                .engine
                .clone()
                .unwrap_or_else(|| arbiter_uci::DEFAULT_ENGINE_PATH.into()),
            movetime: a.engine_movetime.unwrap_or(any::ENGINE_MOVETIME_MS),
            level,
            manual: a.manual_time,
            log: a.log.clone().or_else(|| a.resume.clone()),
            braille: a.braille,
            resumed,
            manual_from: 0,
            rematches: 0,
        })
    }

    /// The next game against the engine: the colours swapped, from the
    /// same start, with a log of its own beside the first
    /// (`game.jsonl` → `game.rematch1.jsonl`).
    fn rematch(&self, now: u64) -> Config {
        let mut h = self.header.clone();
        std::mem::swap(&mut h.white, &mut h.black);
        let n = self.rematches + 1;
        let log = self.log.as_ref().map(|p| {
            let stem = p.file_stem().unwrap_or_default().to_string_lossy();
            let name = match p.extension() {
                Some(ext) => format!("{stem}.rematch{n}.{}", ext.to_string_lossy()),
                None => format!("{stem}.rematch{n}"),
            };
            p.with_file_name(name)
        });
        Config {
            defaults: self.defaults.clone(),
            engine_seat: [self.engine_seat[1], self.engine_seat[0]],
            header: h,
            lang: self.lang,
            lexicon: self.lexicon,
            alarms: self.alarms.clone(),
            engine: self.engine.clone(),
            movetime: self.movetime,
            level: self.level,
            manual: self.manual,
            log,
            braille: self.braille,
            resumed: None,
            manual_from: now,
            rematches: n,
        }
    }

    /// The side typed moves are for: the one human, or whoever is to move.
    fn human(&self) -> Option<Side> {
        match self.engine_seat {
            [false, true] => Some(Side::White),
            [true, false] => Some(Side::Black),
            _ => None,
        }
    }

    fn wording(&self) -> Wording {
        Wording::new(self.lang, self.lexicon)
    }
}

/// The engine's level asked for, or the variant's default; refused outside
/// the variant's range.
fn engine_level(variant: Variant, asked: Option<u8>) -> Result<u8, String> {
    let defaults = any::defaults(variant);
    defaults
        .level(asked)
        .map_err(|_| format!("--level must be 1 to {}", defaults.levels.end()))
}

fn header(a: &Args, engine_seat: [bool; 2]) -> Result<Header, String> {
    let defaults = any::defaults(a.variant);
    let control = a
        .control
        .clone()
        .unwrap_or_else(|| defaults.time_control.into());
    let name = |engine: bool| {
        if engine {
            defaults.engine_name
        } else {
            "Player"
        }
    };
    let mut h = Header::new(name(engine_seat[0]), name(engine_seat[1]), Some(&control));
    h.edition = match &a.edition {
        Some(e) => e.parse::<Edition>().map_err(|e| e.to_string())?,
        None => Edition::default_for_variant(a.variant),
    };
    if let Some(r) = &a.regime {
        h.regime = Some(r.parse::<Regime>().map_err(|e| e.to_string())?);
    }
    h.start = a.start.clone();
    h.variant = a.variant;
    Ok(h)
}

/// The header and events of a stored game to take up again. A log that
/// does not read to its end (a line cut short, a line that is not an
/// event) is refused, so that nothing is added after a fault: `arbiter
/// replay` shows where it is.
fn stored(path: &std::path::Path) -> Result<(Header, Vec<TimedEvent>), String> {
    let name = path.display();
    let f = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
    if f.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("{name}: is a directory, not a log"));
    }
    let log = arbiter_laws::log::read_log(std::io::BufReader::new(f), arbiter_laws::log::MAX_LINE)
        .map_err(|e| format!("{name}: {e}; the game is not taken up again"))?;
    let mut events = Vec::with_capacity(log.lines.len());
    for (n, line) in log.lines {
        match line {
            Ok(ev) => events.push(ev),
            Err(e) => {
                return Err(format!(
                    "{name}: line {n}: {e}; the game is not taken up again"
                ));
            }
        }
    }
    Ok((log.header, events))
}

pub fn run(a: Args) -> ExitCode {
    let cfg = match Config::from_args(&a) {
        Ok(c) => c,
        Err(e) => return crate::out::bad_input("play", e),
    };
    let voice = match Voice::from_options(
        cfg.lang,
        a.speak,
        a.wav_dir.as_ref(),
        a.voice.as_ref(),
        a.rate,
    ) {
        Ok(v) => v,
        Err(e) => {
            crate::out::error("play", e);
            return ExitCode::from(1);
        }
    };
    let rt = match live::runtime("play") {
        Ok(rt) => rt,
        Err(code) => return code,
    };
    let mut screen = Screen::new(Box::new(std::io::stdout()), voice, cfg.lang);
    screen.set_screen_reader(a.screen_reader);
    screen.lexicon = Some(cfg.lexicon);
    let header = cfg.header.clone();
    rt.block_on(any::with_rules(&header, Game { cfg, screen }))
}

/// The game played with the rules its header names.
struct Game {
    cfg: Config,
    screen: Screen,
}

impl RulesJob for Game {
    type Output = std::pin::Pin<Box<dyn std::future::Future<Output = ExitCode>>>;
    fn run<R: arbiter_session::Variant>(self, rules: R) -> Self::Output {
        Box::pin(play(rules, self.cfg, self.screen))
    }
}

/// The engine for a seat, started before the game so that a missing
/// engine is said at once, not on its first move.
async fn opponent(cfg: &Config) -> Result<(Box<dyn Opponent>, String), String> {
    let seat = EngineSeat {
        level: cfg.level,
        movetime_ms: cfg.movetime,
        program: Some(&cfg.engine),
    };
    any::engine(cfg.defaults.variant, seat)
        .await
        .map_err(|e| e.to_string())
}

/// The engines of the engine seats, and who plays each colour.
async fn engines(cfg: &Config) -> Result<(Vec<(Side, Box<dyn Opponent>)>, [Player; 2]), String> {
    let mut seats = Vec::new();
    let mut players = [Player::Human(None), Player::Human(None)];
    for side in Side::BOTH {
        if cfg.engine_seat[side.index()] {
            let (o, name) = opponent(cfg).await?;
            players[side.index()] = Player::Engine {
                name,
                level: cfg.level,
                movetime_ms: cfg.movetime,
            };
            seats.push((side, o));
        }
    }
    Ok((seats, players))
}

/// What follows a game: the exit, or a rematch with its options.
enum Next {
    Exit(ExitCode),
    Rematch(Box<Config>),
}

/// Games against the engine, one after another while `rematch` is asked,
/// all read from the one input.
async fn play<R: arbiter_session::Variant>(rules: R, cfg: Config, mut screen: Screen) -> ExitCode {
    let mut lines = live::read_lines(Box::new(std::io::BufReader::new(std::io::stdin())), 0);
    let mut cfg = cfg;
    loop {
        match play_one(rules.clone(), cfg, &mut screen, &mut lines).await {
            Next::Exit(code) => return code,
            Next::Rematch(next) => cfg = *next,
        }
    }
}

async fn play_one<R: arbiter_session::Variant>(
    rules: R,
    cfg: Config,
    screen: &mut Screen,
    lines: &mut mpsc::Receiver<Line>,
) -> Next {
    match start_game(rules, cfg, screen).await {
        Ok(mut p) => {
            let code = p.run(screen, lines).await;
            match p.rematch.take() {
                Some(next) => Next::Rematch(next),
                None => Next::Exit(code),
            }
        }
        Err(code) => Next::Exit(code),
    }
}

/// A game set up and started (or taken up again), or the exit when it
/// cannot be, or ended already.
async fn start_game<R: arbiter_session::Variant>(
    rules: R,
    cfg: Config,
    screen: &mut Screen,
) -> Result<Play<R>, ExitCode> {
    let config = SessionConfig {
        header: cfg.header.clone(),
        mode: Mode::Online,
        lexicon: cfg.lexicon,
        alarms_ms: [cfg.alarms.clone(), cfg.alarms.clone()],
    };
    let opened = match &cfg.resumed {
        Some(events) => Session::resume(rules, config, events),
        None => Session::new(rules, config),
    };
    let mut session = match opened {
        Ok(s) => s,
        Err(e) => {
            let fen = cfg
                .header
                .start
                .as_deref()
                .filter(|_| cfg.defaults.start_is_fen);
            return Err(crate::out::bad_input(
                "play",
                live::header_error(cfg.lang, e.to_string(), fen),
            ));
        }
    };
    let (seats, players) = match engines(&cfg).await {
        Ok(s) => s,
        Err(e) => {
            crate::out::error("play", e);
            return Err(ExitCode::from(1));
        }
    };
    // An engine claims a flag the Laws leave to a claim, the instant it
    // falls, as a player watching the clock would.
    for side in Side::BOTH {
        if cfg.engine_seat[side.index()] {
            session.claim_flags_for(side);
        }
    }
    let intro = session.setup_text(&players, Front::Play);
    let (table, outputs) = match table(&cfg, session, seats) {
        Ok(t) => t,
        Err(e) => {
            crate::out::error("play", e);
            return Err(ExitCode::from(1));
        }
    };
    let mut p = Play {
        cfg,
        players,
        table,
        outputs,
        pending_resign: None,
        log_error: None,
        claim_stopped: false,
        rematch: None,
        over_said: false,
    };
    screen.tell(&intro);
    if p.cfg.resumed.as_ref().is_some_and(|e| !e.is_empty()) {
        p.taken_up(screen);
        if p.ended() || p.claim_stopped {
            p.table.close();
            return Err(p.finish(screen, None));
        }
    } else {
        p.input(screen, Input::Start).await;
    }
    Ok(p)
}

/// The running game: its log created, or the stored one reopened with its
/// time going on from the last instant stored.
fn table<R: arbiter_session::Variant>(
    cfg: &Config,
    session: Session<R>,
    seats: Vec<(Side, Box<dyn Opponent>)>,
) -> Result<(Table<R>, mpsc::UnboundedReceiver<Output>), String> {
    let open = match cfg.resumed {
        Some(_) => LogFile::reopen,
        None => LogFile::create,
    };
    let log = cfg.log.as_deref().map(open).transpose()?;
    let Some(events) = &cfg.resumed else {
        let time = live::time(cfg.manual);
        if let live::Time::Manual(t) = &time {
            t.set(cfg.manual_from);
        }
        return Table::start(session, time, seats, log, false);
    };
    let last = session.game().last_at();
    let time = if cfg.manual {
        let t = arbiter_session::ManualTime::new();
        t.set(last);
        live::Time::Manual(t)
    } else {
        live::Time::Live(arbiter_session::LiveTime::starting_at(last))
    };
    Table::resume(session, time, seats, log, events)
}

/// A game being played.
struct Play<R: arbiter_session::Variant> {
    cfg: Config,
    /// Who plays which colour, as the set-up said it.
    players: [Player; 2],
    table: Table<R>,
    outputs: mpsc::UnboundedReceiver<Output>,
    /// `resign` was typed by this side: the next line confirms or not.
    pending_resign: Option<Side>,
    log_error: Option<String>,
    /// Play ended on a quickplay-finish claim that waits for the event's
    /// arbiter (2005 Appendix D, G-III.6).
    claim_stopped: bool,
    /// `rematch` was asked: the next game's options.
    rematch: Option<Box<Config>>,
    /// The end of the game, what can still be asked and how to leave,
    /// were said.
    over_said: bool,
}

enum Flow {
    Go,
    Quit,
}

impl<R: arbiter_session::Variant> Play<R> {
    async fn run(&mut self, screen: &mut Screen, lines: &mut mpsc::Receiver<Line>) -> ExitCode {
        let mut reading = true;
        let mut stop = None;
        loop {
            if screen.broken() || self.log_error.is_some() {
                break;
            }
            if !reading && self.table.is_open() && (!self.engines_only() || self.ended()) {
                self.table.close();
            }
            tokio::select! {
                o = self.outputs.recv() => match o {
                    Some(o) => self.show(screen, &o),
                    None => break,
                },
                l = lines.recv(), if reading => match l {
                    None => reading = false,
                    Some(Line::Stop(why)) => {
                        stop = Some(why);
                        reading = false;
                    }
                    Some(Line::NotText(n)) => screen.tell(&live::not_text(self.cfg.lang, n)),
                    Some(Line::Note(n)) => screen.tell(&n),
                    Some(Line::TooLong { line, len }) => {
                        screen.tell(&live::too_long(self.cfg.lang, line, len))
                    }
                    Some(Line::Text(t)) => {
                        if let Flow::Quit = self.line(screen, &t).await {
                            reading = false;
                            self.table.close();
                        }
                        if self.rematch.is_some() {
                            return self.leave_for_rematch(screen).await;
                        }
                    }
                },
            }
        }
        self.finish(screen, stop)
    }

    /// Ends this game for a rematch: what the driver still says is shown,
    /// the game stays as it stands in its log.
    async fn leave_for_rematch(&mut self, screen: &mut Screen) -> ExitCode {
        self.table.close();
        while let Some(o) = self.outputs.recv().await {
            self.show(screen, &o);
        }
        if let Some(e) = self.log_error.take() {
            crate::out::error("play", e);
            self.rematch = None;
            return ExitCode::from(1);
        }
        ExitCode::SUCCESS
    }

    fn finish(&mut self, screen: &mut Screen, stop: Option<String>) -> ExitCode {
        if let Some(e) = self.log_error.take() {
            crate::out::error("play", e);
            return ExitCode::from(1);
        }
        if !self.ended() && !self.claim_stopped && !screen.broken() {
            screen.tell(&self.say(Said::UnfinishedAtEndOfInput));
        }
        live::exit(screen, "play", stop)
    }

    /// Says where a stored game taken up again stands: the moves played,
    /// who is to move and the clocks, or its result if it is over, or that
    /// a claim still waits for the arbiter.
    fn taken_up(&mut self, screen: &mut Screen) {
        let g = &self.table.mirror;
        let plies = g.plies().len();
        let to_move = g.rules().turn(g.position());
        if let Some(over) = arbiter_session::session::game_over(g) {
            let text = arbiter_session::announce::text(self.cfg.lexicon, &over);
            let already = self.say(Said::AlreadyOver);
            return screen.tell(&format!("{already} {text}"));
        }
        if self.table.mirror.quickplay_claim().is_some() {
            return self.stop_for_absent_arbiter(screen);
        }
        screen.tell(&self.say(Said::GoesOn { plies, to_move }));
        self.say_clocks(screen);
        if self.table.paused() {
            screen.tell(&self.say(Said::ClocksStopped));
        }
    }

    /// The result, what can still be asked and how to leave.
    fn say_over(&mut self, screen: &mut Screen) {
        if let Some(result) = self.table.mirror.outcome().map(|o| o.result) {
            self.over_said = true;
            screen.tell(&self.say(Said::PlayOver { result }));
        }
    }

    fn ended(&self) -> bool {
        self.table.mirror.outcome().is_some()
    }

    fn engines_only(&self) -> bool {
        self.cfg.engine_seat == [true, true]
    }

    /// The sentence in the game's language.
    /// A sentence of the terminal in the game's language.
    fn say(&self, said: Said<'_>) -> String {
        said.text(self.cfg.lang)
    }

    fn opponent_text(&self) -> String {
        arbiter_session::setup::players_text(self.cfg.lexicon.language(), &self.players)
    }

    /// Prints and speaks an output, after taking it into the copy and the log.
    fn show(&mut self, screen: &mut Screen, out: &Output) {
        if let Err(e) = self.table.absorb(out) {
            self.log_error.get_or_insert(e);
        }
        for a in &out.announcements {
            let urgency = crate::voice::urgency(&a.kind, self.cfg.human());
            let text = match &a.kind {
                Kind::Move { side, .. } => {
                    let who = describe::side_name(self.cfg.lang, color(*side));
                    format!("{who}: {}", a.text)
                }
                _ => a.text.clone(),
            };
            screen.tell_as(urgency, &text, &text);
        }
        if self.ended() && !self.over_said && !out.announcements.is_empty() {
            self.say_over(screen);
        }
    }

    /// Gives an input to the session and shows everything up to its output.
    async fn input(&mut self, screen: &mut Screen, input: Input) {
        self.table.send(input).await;
        while let Ok(o) = self.outputs.try_recv() {
            self.show(screen, &o);
        }
    }

    async fn line(&mut self, screen: &mut Screen, raw: &str) -> Flow {
        // A typed line stops the answer being said; an empty one, all speech.
        screen.heard(raw);
        // The engine's pending move comes first, before this line's stamp
        // moves the scripted time on: it is answered at the instant of the
        // line that gave it the move, not charged the player's time up to
        // the next line.
        if self.cfg.manual {
            self.await_engine(screen).await;
        }
        let text = match self.table.time.stamp(raw, self.cfg.lang) {
            Ok(t) => t.trim().to_string(),
            Err(m) => {
                screen.tell(&m);
                return Flow::Go;
            }
        };
        // What happened up to this line is known before it is answered.
        self.table.catch_up().await;
        while let Ok(o) = self.outputs.try_recv() {
            self.show(screen, &o);
        }
        if text.is_empty() {
            return Flow::Go;
        }
        if let Some(side) = self.pending_resign.take() {
            return self.confirm_resign(screen, side, &text).await;
        }
        if let Some(c) = speech_words::engine_command(&text) {
            match c {
                EngineCommand::Takeback => self.take_back(screen).await,
                EngineCommand::Rematch => self.ask_rematch(screen),
            }
            return Flow::Go;
        }
        if matches!(
            text.to_lowercase().as_str(),
            "quit" | "exit" | "выход" | "ende"
        ) {
            return Flow::Quit;
        }
        let w = self.cfg.wording();
        match R::read_command(&self.table.mirror, &text, w, self.cfg.braille) {
            Some(cmd) => {
                self.command(screen, cmd).await;
                if self.claim_stopped {
                    return Flow::Quit;
                }
            }
            None => {
                let side = self.cfg.human();
                self.input(screen, Input::Move { side, text }).await;
            }
        }
        Flow::Go
    }

    /// Under `--manual-time` the time stands while an engine thinks, so a
    /// scripted line waits for its move, made at the time of the line before:
    /// scripted games are exact.
    async fn await_engine(&mut self, screen: &mut Screen) {
        loop {
            let g = &self.table.mirror;
            let to_move = g.rules().turn(g.position());
            if !self.cfg.engine_seat[to_move.index()] || self.ended() || self.table.paused() {
                return;
            }
            match self.outputs.recv().await {
                Some(o) => self.show(screen, &o),
                None => return,
            }
        }
    }

    /// `takeback`: the player's last move and the engine's answer are taken
    /// back, logged as the arbiter's restore of the position before them
    /// (L-7.5a: `restore` keeps the half-moves before). The engine's
    /// pending answer is waited for first, so that it is taken back too.
    async fn take_back(&mut self, screen: &mut Screen) {
        let lang = self.cfg.lang;
        let Some(me) = self.cfg.human() else {
            return screen.tell(&cannot_take_back(lang, TakebackRefusal::NoEngine));
        };
        if self.ended() {
            return screen.tell(&cannot_take_back(lang, TakebackRefusal::Over));
        }
        self.await_engine(screen).await;
        let plies = self.table.mirror.plies();
        let Some(keep) = plies.iter().rposition(|p| p.side == me) else {
            return screen.tell(&cannot_take_back(lang, TakebackRefusal::NoMove));
        };
        let before = plies.len();
        let restore = arbiter_laws::ArbiterAction {
            reason: Some("takeback against the engine".into()),
            ply: u32::try_from(keep).ok(),
            ..arbiter_laws::ArbiterAction::new(arbiter_laws::ActionKind::Restore)
        };
        self.input(screen, Input::Event(Event::Arbiter(restore)))
            .await;
        if self.table.mirror.plies().len() == keep {
            screen.tell(&speech_words::taken_back(lang, before - keep));
            self.say_clocks(screen);
        } else {
            screen.tell(&cannot_take_back(lang, TakebackRefusal::Refused));
        }
    }

    /// `rematch`: this game is left as it stands and a new one begins
    /// against the engine, colours swapped.
    fn ask_rematch(&mut self, screen: &mut Screen) {
        if self.cfg.human().is_none() {
            return screen.tell(&speech_words::rematch_needs_engine(self.cfg.lang));
        }
        use arbiter_session::TimeSource as _;
        let next = self.cfg.rematch(self.table.time.now_ms());
        let white = next.human() == Some(Side::White);
        screen.tell(&speech_words::rematch_started(self.cfg.lang, white));
        self.rematch = Some(Box::new(next));
    }

    /// Who acts for a draw, a claim or a resignation typed here.
    fn me(&self) -> Side {
        self.cfg
            .human()
            .unwrap_or_else(|| self.table.mirror.rules().turn(self.table.mirror.position()))
    }

    async fn command(&mut self, screen: &mut Screen, cmd: Cmd) {
        let me = self.me();
        let ev = match cmd {
            Cmd::Said(t) => return screen.tell(&t),
            // Not "White to move": the game is over.
            Cmd::Clock if self.ended() => return self.say_over(screen),
            Cmd::Clock => return self.say_clocks(screen),
            Cmd::Opponent => return screen.tell(&self.opponent_text()),
            Cmd::Help => return screen.tell(&self.help()),
            // The PGN is printed; what is said is where it is and its
            // length, never its tags and clock comments.
            Cmd::Pgn => {
                let moves = self.table.mirror.plies().len().div_ceil(2);
                let said = arbiter_notation::ear_words::pgn_on_screen(self.cfg.lang, moves);
                return screen.tell2(&self.pgn(), &said);
            }
            Cmd::Resign if self.ended() => return screen.tell(&self.say(Said::GameIsOver)),
            Cmd::Resign => {
                self.pending_resign = Some(me);
                return screen.tell(&self.say(Said::ConfirmResign));
            }
            Cmd::Pause if self.table.paused() => return self.input(screen, Input::resume()).await,
            Cmd::Pause => {
                self.input(screen, Input::pause()).await;
                // The help names `pause` once, as stopping the clocks; a
                // player who stopped them must learn how to start them
                // again (the word toggles), or he is left typing moves that
                // are refused.
                if self.table.paused() {
                    screen.tell(&self.say(Said::PauseAgain));
                }
                return;
            }
            Cmd::Draw => match self.table.mirror.draw_offer() {
                Some(o) if o.by != me => Event::AcceptDraw { side: me },
                _ => Event::OfferDraw { side: me },
            },
            Cmd::Claim(text) => {
                let g = &self.table.mirror;
                let ev = claim(
                    me,
                    g.rules().turn(g.position()),
                    self.cfg.human().is_none(),
                    text,
                );
                if let Event::Claim {
                    claim: ClaimKind::QuickplayFinish | ClaimKind::Increment,
                    ..
                } = ev
                {
                    self.input(screen, Input::Event(ev)).await;
                    return self.stop_for_absent_arbiter(screen);
                }
                ev
            }
        };
        self.input(screen, Input::Event(ev)).await;
    }

    /// No arbiter watches a game at this keyboard, and only an arbiter
    /// rules on "normal means" (2005 10.2, G-III.5). Where the Laws take the
    /// claim, it ends play as with no arbiter present in the venue (2005
    /// Appendix D, G-III.6): the final position and the score are written
    /// down, the record keeps the claim, and the result waits for the
    /// event's arbiter. A
    /// claim the Laws refuse (two minutes or more left, no quickplay
    /// finish) was said as refused, and play goes on.
    fn stop_for_absent_arbiter(&mut self, screen: &mut Screen) {
        let Some(claim) = self.table.mirror.quickplay_claim() else {
            return;
        };
        let fen = self
            .table
            .mirror
            .rules()
            .position_text(self.table.mirror.position());
        let who = describe::side_name(self.cfg.lang, color(claim.side));
        screen.tell(&format!(
            "{} {fen}",
            self.say(Said::NoArbiterPresent { who })
        ));
        // The score goes with it: the "no effort" ground is judged from
        // an up-to-date scoresheet (2005 Appendix D.1).
        let moves = self.table.mirror.plies().len().div_ceil(2);
        let said = arbiter_notation::ear_words::pgn_on_screen(self.cfg.lang, moves);
        screen.tell2(&self.pgn(), &said);
        self.claim_stopped = true;
    }

    async fn confirm_resign(&mut self, screen: &mut Screen, side: Side, text: &str) -> Flow {
        if matches!(
            text.to_lowercase().as_str(),
            "y" | "yes" | "да" | "д" | "ja" | "j"
        ) {
            self.input(screen, Input::Event(Event::Resign { side }))
                .await;
        } else {
            screen.tell(&self.say(Said::NotResigned));
        }
        Flow::Go
    }

    fn say_clocks(&self, screen: &mut Screen) {
        let to_move = self.table.mirror.rules().turn(self.table.mirror.position());
        if !self.table.tell_clocks(screen, self.cfg.wording(), to_move) {
            screen.tell(&self.say(Said::NoClock));
        }
    }

    fn help(&self) -> String {
        let mut t = R::help(self.cfg.lang);
        t.push('\n');
        if self.cfg.human().is_some() {
            t.push_str(&speech_words::engine_commands_help(self.cfg.lang));
            t.push('\n');
        }
        t.push_str(&self.say(Said::QuitHelp));
        t
    }

    fn pgn(&self) -> String {
        let h = &self.cfg.header;
        arbiter_chess::pgn::write_pgn(
            &self.table.mirror,
            h.white.as_deref().unwrap_or("?"),
            h.black.as_deref().unwrap_or("?"),
            h.time_control.as_deref(),
        )
    }
}

/// `claim MOVE` claims a threefold repetition with the intended move;
/// `claim 50 MOVE` (or `fifty`, `50ходов`) the fifty-move rule; `claim
/// time` (`flag`, `время`, `флажок`, `zeit`) the opponent's fallen flag
/// (L-6.8, L-A.5.3), where the Laws wait for a claim (reduced rapid and
/// blitz). The words are the session's ([`read_claim`]), as on the game
/// page. At a shared keyboard the claimant is [`shared_claimant`]: for a
/// flag the player not to move, since a flag falls on its owner's turn.
fn claim(side: Side, to_move: Side, shared: bool, text: Option<String>) -> Event {
    let typed = read_claim(text.as_deref());
    Event::Claim {
        side: if shared {
            shared_claimant(typed.claim, to_move)
        } else {
            side
        },
        claim: typed.claim,
        intended: typed.intended,
    }
}

fn color(s: Side) -> shakmaty::Color {
    shakmaty::Color::from_white(s == Side::White)
}
