//! The session: inputs in; state, announcements and log lines out.
//!
//! Every decision of the Laws is the fold's ([`arbiter_laws::Game`]): the
//! session only reads typed text into moves, stamps inputs with the game
//! time, watches the clock for alarms and flags, and turns what the fold did
//! into words and log lines. Pure: time is a parameter (`now`, in the time
//! source's milliseconds), so scripted games are exact.

use crate::announce::{self, Announcement, Kind};
use crate::assistant::Assistant;
use crate::move_words::MoveWords;
use crate::opponent::{ClockView, OpponentRequest};
use crate::refusal::{LawsRefusal, Misread, Refusal};
use crate::variant::{Reading, Variant};
use arbiter_clock::RECORDING_THRESHOLD_MS;
use arbiter_laws::HeaderError;
use arbiter_laws::log::Header;
use arbiter_laws::replay::{self, Report};
use arbiter_laws::writer::{self, WriteError};
use arbiter_laws::{
    ActionKind, ArbiterAction, ClaimKind, Event, Game, Outcome, PendingClaim, PlyMove, TimedEvent,
};
use arbiter_notation::Lexicon;
use arbiter_rules::{PenaltyKind, Termination};
use arbiter_rules::{Regime, Side};

/// Who is the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The software is the board (online, or a game typed at one keyboard):
    /// a move and its press are one input, and an illegal or ambiguous move
    /// is refused with the reason, without penalty and without a log line.
    Online,
    /// A human board exists and the software is its clock: presses drive the
    /// game, typed moves are optional, and an illegal move that is typed and
    /// pressed follows the Laws' ladder (Art. 7).
    OverTheBoard,
}

/// How a session is set up.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// The log header: edition, time control, start position, players…
    pub header: Header,
    pub mode: Mode,
    /// The language and the words of every announcement.
    pub lexicon: Lexicon,
    /// Low-time alarm thresholds in ms, per side (`[white, black]`).
    pub alarms_ms: [Vec<u64>; 2],
}

/// One input.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// Start the clock of the side to move (play begins; over the board,
    /// the press of the side not to move does the same).
    Start,
    /// A move typed in any notation, with its press; `side` defaults to the
    /// side to move.
    Move { side: Option<Side>, text: String },
    /// Any event of the log format (`at` is stamped by the session). A
    /// `move` event is read like [`Input::Move`].
    Event(Event),
    /// Every later announcement is said in this lexicon (and its
    /// language). Not an event of the game: nothing is logged.
    SetLexicon(Lexicon),
}

impl Input {
    /// The arbiter stops the clocks (6.11).
    pub fn pause() -> Input {
        Input::Event(Event::Arbiter(action(ActionKind::Pause, None)))
    }
    /// The arbiter restarts the clocks.
    pub fn resume() -> Input {
        Input::Event(Event::Arbiter(action(ActionKind::Resume, None)))
    }
}

/// The announcement of how `g` ended, `None` while it goes on: what a
/// front end says of a stored game that is already over, in the words it
/// was said in when it ended.
pub fn game_over<R: arbiter_laws::RuleSet>(g: &Game<R>) -> Option<Kind> {
    let o = g.outcome()?;
    Some(Kind::GameOver {
        result: o.result,
        termination: o.termination,
        at: o.at,
        flagged: flagged(g, o),
    })
}

/// The one side whose flag is down when a game ended on time; `None` for
/// any other ending, and when both flags are down (6.9b has its own words).
fn flagged<R: arbiter_laws::RuleSet>(g: &Game<R>, o: &Outcome) -> Option<Side> {
    if o.termination != Termination::TimeForfeit {
        return None;
    }
    let down: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|&s| g.timing().remaining(s, o.at).is_some_and(|ms| ms <= 0))
        .collect();
    match down.as_slice() {
        [s] => Some(*s),
        _ => None,
    }
}

fn action(kind: ActionKind, reason: Option<String>) -> ArbiterAction {
    ArbiterAction {
        reason,
        ..ArbiterAction::new(kind)
    }
}

/// What one input or one wake produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Output {
    /// What to print and speak, in order.
    pub announcements: Vec<Announcement>,
    /// The events appended to the log, in order.
    pub events: Vec<TimedEvent>,
    /// The same events as log lines (no newline), ready to append.
    pub log: Vec<String>,
}

impl Output {
    /// Whether the input was refused (nothing was logged).
    pub fn refused(&self) -> Option<&Refusal> {
        self.announcements.iter().find_map(|a| match &a.kind {
            Kind::Refused { refusal } => Some(refusal),
            _ => None,
        })
    }
}

/// What an event asked for, to say what the fold made of it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asked {
    Decline,
    Offer(Side),
    Claim(Side),
    /// A player called the arbiter (6.12.2).
    Call(Side),
    /// A resume, with the hall's reason when it stood in for an absent
    /// arbiter.
    Resume(Option<&'static str>),
    Other,
}

impl Asked {
    fn of(event: &Event) -> Asked {
        match event {
            Event::DeclineDraw { .. } => Asked::Decline,
            Event::OfferDraw { side } => Asked::Offer(*side),
            // A touch-move claim is no draw claim and no offer: it is said
            // by its own ruling (`tell_touches`).
            Event::Claim {
                claim: ClaimKind::TouchMove,
                ..
            } => Asked::Other,
            Event::Claim { side, .. } => Asked::Claim(*side),
            Event::CallArbiter { side } => Asked::Call(*side),
            Event::Arbiter(a) if a.action == ActionKind::Resume => {
                use arbiter_notation::lobby_words::{RESUMED_AFTER_WAIT, RESUMED_BY_OPPONENT};
                Asked::Resume(match a.reason.as_deref() {
                    Some(RESUMED_BY_OPPONENT) => Some(RESUMED_BY_OPPONENT),
                    Some(RESUMED_AFTER_WAIT) => Some(RESUMED_AFTER_WAIT),
                    _ => None,
                })
            }
            _ => Asked::Other,
        }
    }
}

/// The clocks stopped or restarted: by a call of the arbiter (said with
/// who called, and how the call ended), or plainly.
fn tell_pause(
    called: &mut Option<Side>,
    (was, now): (bool, bool),
    asked: Asked,
    kinds: &mut Vec<Kind>,
) {
    match (was, now, asked) {
        (false, true, Asked::Call(side)) => {
            *called = Some(side);
            kinds.push(Kind::ArbiterCalled { side });
        }
        (false, true, _) => kinds.push(Kind::Paused),
        (true, false, asked) => match called.take() {
            Some(caller) => {
                let reason = match asked {
                    Asked::Resume(r) => r,
                    _ => None,
                };
                let end = arbiter_notation::lobby_words::call_end_of(reason, caller);
                kinds.push(Kind::CallEnded { end });
            }
            None => kinds.push(Kind::Resumed),
        },
        _ => {}
    }
}

/// What the fold looked like before an event, to say what it changed.
struct Before<P> {
    pos: P,
    plies: usize,
    illegal: [u32; 2],
    penalties: usize,
    offer: Option<Side>,
    quickplay: Option<PendingClaim>,
    paused: bool,
    over: bool,
    /// Each side's period (`[white, black]`).
    periods: [u32; 2],
    /// How many touches and adjustments, and touch-move claims, the fold had.
    touches: usize,
    touch_claims: usize,
    /// Announcements, retraces and boards found different (Appendix D).
    appendix_d: [usize; 3],
}

/// A live game.
pub struct Session<R: Variant> {
    game: Game<R>,
    header: Header,
    mode: Mode,
    lexicon: Lexicon,
    alarms: [Vec<u64>; 2],
    /// The time source's ms at which the clock was started (`at = 0`).
    origin: Option<u64>,
    /// Each side's remaining time at the last look, for alarm crossings.
    reading: [i64; 2],
    /// Flags already acted on, so a flag the fold refuses is not retried.
    flag_seen: [bool; 2],
    /// The seats that claim the opponent's fallen flag at once where the
    /// Laws wait for a claim ([`Session::claim_flags_for`]).
    flag_claimants: [bool; 2],
    /// The period in which each side was last told that recording is no
    /// longer required (8.4); 0 before it was told.
    exempt_told: [u32; 2],
    /// The lag taken back from the clock of the move being handled
    /// ([`Session::handle_lagged`]), written on its event.
    lag_taken: Option<u64>,
    /// The player whose call of the arbiter stopped the clocks, until
    /// they run again (6.12.2).
    called: Option<Side>,
    /// The blind players' assistants the header names (D.2.10).
    assistant: Assistant,
    /// The start of the clock is an event of the log, and online the first
    /// legal move starts it ([`Session::log_the_start`]).
    logged_start: bool,
}

impl<R: Variant> Session<R> {
    /// A session for the new game `config.header` describes. A start
    /// position the Laws have already ended (mate, stalemate, a dead
    /// position, the 75-move rule) is refused ([`replay::playable_start`]):
    /// no move could be made from it.
    pub fn new(rules: R, config: SessionConfig) -> Result<Session<R>, HeaderError> {
        let s = Session::open(rules, config)?;
        replay::playable_start(&s.game)?;
        Ok(s)
    }

    /// A session for the game `config.header` describes, whatever its
    /// start position.
    fn open(rules: R, config: SessionConfig) -> Result<Session<R>, HeaderError> {
        let game = replay::new_game(rules, &config.header)?;
        let mut alarms = config.alarms_ms;
        for a in &mut alarms {
            a.sort_unstable_by(|x, y| y.cmp(x));
            a.dedup();
        }
        let mut s = Session {
            game,
            header: config.header,
            mode: config.mode,
            lexicon: config.lexicon,
            alarms,
            origin: None,
            reading: [i64::MAX; 2],
            flag_seen: [false; 2],
            flag_claimants: [false; 2],
            exempt_told: [0; 2],
            lag_taken: None,
            called: None,
            assistant: Assistant::default(),
            logged_start: false,
        };
        s.assistant = Assistant::of(&s.header.assistant);
        for side in s.assistant.sides() {
            // D.2.10(e): the assistant claims the game when the time limit
            // has been exceeded.
            s.claim_flags_for(side);
        }
        s.refresh_readings(0);
        Ok(s)
    }

    /// A session that goes on from a stored log: `events` are given to the
    /// fold as they stand (as `arbiter replay` reads them; a line the Laws
    /// reject is skipped there too and here), and the clock's `0` is the
    /// time source's `0`, so the caller's time source must read the last
    /// event's `at` (or later) when play resumes. With no event the clock
    /// has not started.
    pub fn resume(
        rules: R,
        config: SessionConfig,
        events: &[TimedEvent],
    ) -> Result<Session<R>, HeaderError> {
        // A stored game is read as it was stored, whatever its start.
        let mut s = Session::open(rules, config)?;
        if events.is_empty() {
            return Ok(s);
        }
        s.origin = Some(0);
        for ev in events {
            let _ = s.game.apply(ev);
        }
        for side in Side::BOTH {
            s.flag_seen[side.index()] = s
                .game
                .timing()
                .clock()
                .is_some_and(|c| c.flag_at(side).is_some_and(|f| f <= s.game.last_at()));
        }
        let at = s.game.last_at();
        s.refresh_readings(at);
        // What the stored game already said is not said again.
        for side in Side::BOTH {
            if s.exempt(side, at)
                && let Some(c) = s.game.timing().clock()
            {
                s.exempt_told[side.index()] = c.period(side);
            }
        }
        Ok(s)
    }

    /// Line 1 of the log.
    pub fn header_line(&self) -> Result<String, WriteError> {
        writer::header_line(&self.header)
    }
    /// The header the log starts with.
    pub fn header(&self) -> &Header {
        &self.header
    }
    /// The fold.
    pub fn game(&self) -> &Game<R> {
        &self.game
    }
    pub fn mode(&self) -> Mode {
        self.mode
    }
    pub fn lexicon(&self) -> Lexicon {
        self.lexicon
    }
    /// The time source's ms at which the clock started, once it has.
    pub fn origin(&self) -> Option<u64> {
        self.origin
    }
    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.game.rules().turn(self.game.position())
    }
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }
    /// Whether the clocks are stopped by the arbiter.
    pub fn is_paused(&self) -> bool {
        self.game.timing().clock().is_some_and(|c| c.is_paused())
    }

    /// The state: exactly what `arbiter replay --json` prints for the log
    /// written so far.
    pub fn state(&self) -> Report {
        replay::report(&self.game, Vec::new())
    }

    /// Both remaining times at `now` (`[white, black]`), if there is a clock.
    pub fn clocks_at(&self, now: u64) -> Option<[i64; 2]> {
        let at = self.at(now).unwrap_or(0);
        let t = self.game.timing();
        Some([t.remaining(Side::White, at)?, t.remaining(Side::Black, at)?])
    }

    /// The game time of `now`, once the clock has started.
    fn at(&self, now: u64) -> Option<u64> {
        self.origin
            .map(|o| now.saturating_sub(o).max(self.game.last_at()))
    }

    /// Handles one input at `now`. Alarms and flags due by `now` come first,
    /// at their own instants.
    pub fn handle(&mut self, now: u64, input: Input) -> Output {
        let mut out = Output::default();
        if let Input::SetLexicon(lex) = input {
            self.lexicon = lex;
            let kind = Kind::LexiconChosen { lexicon: lex.key() };
            self.say(self.at(now).unwrap_or(0), kind, &mut out);
            return out;
        }
        if self.origin.is_none() {
            // Over the board, any press or move starts the clock, as a player
            // reaching for it would; online, play begins only with `Start`.
            let starts = matches!(input, Input::Start)
                || (self.mode == Mode::OverTheBoard
                    && matches!(
                        input,
                        Input::Move { .. } | Input::Event(Event::Press { .. } | Event::Move { .. })
                    ))
                || self.first_legal_move(&input);
            // Online, before White's first move, what is not a move (an
            // offer, a resignation, an arbiter's result for a game nobody
            // began) is logged at 0 without starting the clock.
            if self.logged_start
                && self.mode == Mode::Online
                && !starts
                && let Input::Event(ev) = &input
                && matches!(
                    ev,
                    Event::OfferDraw { .. }
                        | Event::AcceptDraw { .. }
                        | Event::DeclineDraw { .. }
                        | Event::Resign { .. }
                        | Event::Arbiter(_)
                )
            {
                let ev = ev.clone();
                self.apply(0, ev, &mut out);
                return out;
            }
            // Over the board too, an arbiter's result before the start.
            if self.logged_start
                && let Input::Event(Event::Arbiter(a)) = &input
                && a.action == ActionKind::DeclareResult
            {
                let ev = Event::Arbiter(a.clone());
                self.apply(0, ev, &mut out);
                return out;
            }
            if !starts {
                let why = self.refusal_before_start(&input);
                self.refuse(0, why, &mut out);
                return out;
            }
            self.start(now, &mut out);
            // The press of the side not to move only starts the clock (6.6).
            if matches!(&input, Input::Event(Event::Press { side }) if *side != self.to_move()) {
                return out;
            }
        }
        self.poll_into(now, &mut out);
        let at = self.at(now).unwrap_or(0);
        match input {
            Input::Start | Input::SetLexicon(_) => {}
            Input::Move { side, text } => self.typed_move(at, side, &text, true, &mut out),
            Input::Event(Event::Move {
                side, mv, press, ..
            }) => {
                // Over the board a move may be made before its press (a
                // blind player's, announced in between, D.2.3); online the
                // software is the board and a move is its press.
                let press = press || self.mode == Mode::Online;
                self.typed_move(at, Some(side), &mv, press, &mut out)
            }
            Input::Event(Event::Announce { side, mv }) => {
                let mv = self.announced_text(side, &mv);
                self.apply(at, Event::Announce { side, mv }, &mut out)
            }
            Input::Event(Event::Press { .. }) if self.mode == Mode::Online => {
                self.refuse(at, Refusal::PressWithoutMove, &mut out)
            }
            // The software is the board: no man is touched, none adjusted,
            // so there is no breach of Art. 4 to claim either.
            Input::Event(
                Event::Touch { .. }
                | Event::Adjust { .. }
                | Event::Claim {
                    claim: ClaimKind::TouchMove,
                    ..
                },
            ) if self.mode == Mode::Online => self.refuse(at, Refusal::NoTouchesOnline, &mut out),
            Input::Event(Event::Claim {
                side,
                claim,
                intended: Some(text),
            }) => {
                let intended = match self.intended_text(&text) {
                    Ok(t) => Some(t),
                    Err(why) => {
                        self.refuse(at, Refusal::Unreadable(why), &mut out);
                        return out;
                    }
                };
                self.apply(
                    at,
                    Event::Claim {
                        side,
                        claim,
                        intended,
                    },
                    &mut out,
                )
            }
            Input::Event(ev) => self.apply(at, ev, &mut out),
        }
        out
    }

    /// [`Session::handle`] for a move whose sender's network lag was taken
    /// back from his clock: `now` is already the earlier instant, and the
    /// move's event records `lag_ms` (when it is not 0), so that the quota
    /// of later moves can be rebuilt from the log.
    pub fn handle_lagged(&mut self, now: u64, input: Input, lag_ms: u64) -> Output {
        self.lag_taken = (lag_ms > 0).then_some(lag_ms);
        let out = self.handle(now, input);
        self.lag_taken = None;
        out
    }

    /// Gives one event of a stored log to the fold, as it stands (as
    /// `arbiter replay` reads it), and says what it changed: what a watcher
    /// of a game run elsewhere hears. Nothing is logged (the line is in the
    /// log already), nothing is added (a quickplay claim's pause is in the
    /// log too), and an event the Laws reject changes nothing.
    pub fn follow(&mut self, ev: &TimedEvent) -> Output {
        self.origin.get_or_insert(0);
        let mut out = Output::default();
        let before = self.before();
        if self.game.apply(ev).is_ok() {
            self.tell_changes(ev.at, &before, Asked::of(&ev.event), &mut out);
            self.refresh_readings(ev.at);
        }
        out
    }

    /// The intended move of a claim (L-9.2c, L-9.3), typed in any notation,
    /// in the log's notation when it reads as a legal move. Otherwise it is
    /// passed on as typed: whether a claim with an impossible intended move
    /// is incorrect is the Laws' decision, not the session's. A text that
    /// is no move at all (or fits several) is refused here, with the
    /// reader's reason in the player's words, as a typed move would be: the
    /// Laws reader could only give its own English reason.
    fn intended_text(&self, text: &str) -> Result<String, Misread> {
        match self
            .game
            .rules()
            .read_move_in(self.game.position(), text, self.lexicon)
        {
            Reading::Legal { log_text, .. } => Ok(log_text),
            Reading::Illegal {
                log_text: Some(t), ..
            } => Ok(t),
            Reading::Illegal { log_text: None, .. } => Ok(text.trim().to_string()),
            Reading::Unreadable { reason } => Err(reason),
        }
    }

    /// The hall's way: the start of the clock is written to the log as a
    /// `start` event (so the log says when play began), and an online game's
    /// clock starts with the first legal move of the side to move, as on
    /// lichess, not with any request: a refused request starts nothing.
    pub fn log_the_start(&mut self) {
        self.logged_start = true;
    }

    /// Whether the start is written to the log ([`Session::log_the_start`]).
    pub fn logs_the_start(&self) -> bool {
        self.logged_start
    }

    /// Online with a logged start: `input` is a legal move of the side to
    /// move, which starts the clock at the instant it is made.
    fn first_legal_move(&self, input: &Input) -> bool {
        if !self.logged_start || self.mode != Mode::Online {
            return false;
        }
        let (side, text) = match input {
            Input::Move { side, text } => (*side, text.as_str()),
            Input::Event(Event::Move { side, mv, .. }) => (Some(*side), mv.as_str()),
            _ => return false,
        };
        side.is_none_or(|s| s == self.to_move())
            && matches!(
                self.game
                    .rules()
                    .read_move_in(self.game.position(), text, self.lexicon),
                Reading::Legal { .. }
            )
    }

    /// Why an input that does not start the clock is refused. Online, a
    /// move before White's first is refused as any move is: out of turn
    /// ("It is White's move"), unreadable or illegal with its reason, after
    /// the end as such; not by a clock the player never started. Anything
    /// else: the clock has not been started.
    fn refusal_before_start(&self, input: &Input) -> Refusal {
        let (side, text) = match input {
            Input::Move { side, text } => (*side, text.as_str()),
            Input::Event(Event::Move { side, mv, .. }) => (Some(*side), mv.as_str()),
            _ => return Refusal::NotStarted,
        };
        if self.mode != Mode::Online {
            return Refusal::NotStarted;
        }
        if self.is_over() {
            return Refusal::GameOver;
        }
        let turn = self.to_move();
        if side.is_some_and(|s| s != turn) {
            return Refusal::NotYourMove { to_move: turn };
        }
        let rules = self.game.rules();
        match rules.read_move_in(self.game.position(), text, self.lexicon) {
            Reading::Illegal { reason, .. } => Refusal::Illegal(reason),
            Reading::Unreadable { reason } => Refusal::Unreadable(reason),
            Reading::Legal { .. } => Refusal::NotStarted,
        }
    }

    fn start(&mut self, now: u64, out: &mut Output) {
        if self.origin.is_some() {
            return;
        }
        self.origin = Some(now);
        if self.logged_start {
            self.apply(0, Event::Start, out);
        }
        let side = self.to_move();
        self.say(0, Kind::Started { side }, out);
    }

    /// Reads a typed move and plays it, with its press if `press`.
    fn typed_move(
        &mut self,
        at: u64,
        side: Option<Side>,
        text: &str,
        press: bool,
        out: &mut Output,
    ) {
        if self.is_over() {
            return self.refuse(at, Refusal::GameOver, out);
        }
        let turn = self.to_move();
        let side = side.unwrap_or(turn);
        if side != turn {
            return self.refuse(at, Refusal::NotYourMove { to_move: turn }, out);
        }
        let reading = self
            .game
            .rules()
            .read_move_in(self.game.position(), text, self.lexicon);
        let logged = match (reading, self.mode) {
            (Reading::Legal { log_text, .. }, _) => log_text,
            (Reading::Illegal { reason, .. }, Mode::Online) => {
                return self.refuse(at, Refusal::Illegal(reason), out);
            }
            (
                Reading::Illegal {
                    log_text: Some(t), ..
                },
                Mode::OverTheBoard,
            ) => t,
            (Reading::Illegal { reason, .. } | Reading::Unreadable { reason }, _) => {
                return self.refuse(at, Refusal::Unreadable(reason), out);
            }
        };
        let ev = Event::Move {
            side,
            mv: logged,
            press,
            lag_ms: self.lag_taken,
        };
        self.apply(at, ev, out);
    }

    fn before(&self) -> Before<R::Position> {
        Before {
            pos: self.game.position().clone(),
            plies: self.game.plies().len(),
            illegal: [
                self.game.illegal_count(Side::White),
                self.game.illegal_count(Side::Black),
            ],
            penalties: self.game.penalties().len(),
            offer: self.game.draw_offer().map(|o| o.by),
            quickplay: self.game.quickplay_claim(),
            paused: self.is_paused(),
            over: self.is_over(),
            periods: self.periods(),
            touches: self.game.touches().len(),
            touch_claims: self.game.touch_move_claims().len(),
            appendix_d: [
                self.game.announcements().len(),
                self.game.retraces().len(),
                self.game.boards_differ().len(),
            ],
        }
    }

    fn periods(&self) -> [u32; 2] {
        match self.game.timing().clock() {
            Some(c) => [c.period(Side::White), c.period(Side::Black)],
            None => [1, 1],
        }
    }

    /// Whether `side` is exempt from recording at `at` (8.4) and not yet
    /// told so in this period. Only in standard play: rapid and blitz
    /// players need not record at all (A.2, B.2).
    fn exempt(&self, side: Side, at: u64) -> bool {
        let standard = self.game.config().provisions.regime == Regime::Standard;
        standard
            && self.origin.is_some()
            && self
                .game
                .timing()
                .clock()
                .is_some_and(|c| c.recording_exempt(side, at))
    }

    fn exempt_untold(&self, side: Side, at: u64) -> bool {
        self.exempt(side, at)
            && self.game.timing().clock().map(|c| c.period(side))
                != Some(self.exempt_told[side.index()])
    }

    /// The instant the running `side` (whose flag falls at `flag_at`) is
    /// first below five minutes in its period, if it is to be told then.
    fn exemption_due(&self, side: Side, flag_at: u64) -> Option<u64> {
        let below = flag_at.saturating_sub(RECORDING_THRESHOLD_MS as u64) + 1;
        let when = below.max(self.game.last_at());
        self.exempt_untold(side, when).then_some(when)
    }

    fn tell_exemption(&mut self, side: Side, at: u64, out: &mut Output) {
        if let Some(c) = self.game.timing().clock() {
            self.exempt_told[side.index()] = c.period(side);
        }
        self.say(at, Kind::RecordingExempt { side }, out);
    }

    /// Gives one event to the fold; logs and announces it if accepted.
    fn apply(&mut self, at: u64, event: Event, out: &mut Output) {
        let before = self.before();
        let asked = Asked::of(&event);
        let ev = TimedEvent { at, event };
        // An event that cannot be written is not played: the fold and the
        // log stay the same game.
        let line = match writer::event_line(&ev) {
            Ok(line) => line,
            Err(e) => return self.refuse(at, Refusal::Unloggable(e.to_string()), out),
        };
        if let Err(reason) = self.game.apply(&ev) {
            let refusal = if self.is_over() && !before.over {
                Refusal::GameOver
            } else {
                Refusal::Laws(LawsRefusal {
                    rejection: reason,
                    edition: self.game.config().provisions.edition,
                })
            };
            // A flag the fold found on the way ends the game even so. The
            // refused event itself asked for nothing that is to be said: a
            // refused claim was not found incorrect, a refused offer not made.
            self.tell_changes(at, &before, Asked::Other, out);
            return self.refuse(at, refusal, out);
        }
        out.log.push(line);
        self.tell_touch_report(at, &ev.event, out);
        out.events.push(ev);
        self.tell_changes(at, &before, asked, out);
        self.refresh_readings(at);
        self.stop_for_quickplay_claim(at, &before, out);
    }

    /// A quickplay-finish claim stops the clocks for the arbiter (2005
    /// 10.2: the claimant "must stop the clocks and summon the arbiter";
    /// G-III.5 lets him): the pause is the arbiter's action in the log, as
    /// a player's own pause is, and the arbiter resumes play after ruling.
    fn stop_for_quickplay_claim(&mut self, at: u64, b: &Before<R::Position>, out: &mut Output) {
        let Some(claim) = self.game.quickplay_claim() else {
            return;
        };
        if b.quickplay.is_some() || self.is_over() || self.is_paused() {
            return;
        }
        let reason = format!(
            "{}'s quickplay-finish claim awaits the arbiter (10.2, G-III)",
            claim.side
        );
        let pause = action(ActionKind::Pause, Some(reason));
        self.apply(at, Event::Arbiter(pause), out);
    }

    fn tell_changes(&mut self, at: u64, b: &Before<R::Position>, asked: Asked, out: &mut Output) {
        let g = &self.game;
        let mut kinds = Vec::new();
        if let Some(ply) = g.plies().get(b.plies)
            && let PlyMove::Legal(mv) = &ply.mv
        {
            let rules = g.rules();
            let text = rules.say_move(&b.pos, mv, self.lexicon);
            let san = rules.move_text(&b.pos, mv);
            out.announcements.push(Announcement {
                at,
                kind: Kind::Move {
                    side: ply.side,
                    san,
                },
                text,
                words: Some(move_words_of(rules, &b.pos, mv)),
            });
        }
        kinds.extend(self.touch_kinds(b));
        for s in Side::BOTH {
            let count = g.illegal_count(s);
            if count > b.illegal[s.index()] {
                kinds.push(Kind::IllegalMove { side: s, count });
            }
        }
        for p in g.penalties().iter().skip(b.penalties) {
            kinds.push(Kind::Penalty {
                side: p.side,
                penalty: p.kind.into(),
                ms: p.ms,
            });
        }
        match (b.offer, g.draw_offer().map(|o| o.by)) {
            (None, Some(s)) => kinds.push(Kind::DrawOffered { side: s }),
            (Some(s), None) if asked == Asked::Decline => {
                kinds.push(Kind::DrawDeclined { side: s.other() })
            }
            // An offer made again is said again: an input never goes unanswered.
            // An incorrect claim is an offer too (9.1.2.3), said each time.
            (Some(s), Some(t))
                if s == t && (asked == Asked::Offer(s) || asked == Asked::Claim(s)) =>
            {
                kinds.push(Kind::DrawOffered { side: s })
            }
            _ => {}
        }
        // A claim that did not end the game was found incorrect (9.5c): said
        // before the time it costs. So was one that cost the claimant time
        // although the game ended: as a draw offer (9.1.2.3) it accepted the
        // opponent's open offer, and the player must hear both.
        let claim_cost = |side: Side| {
            g.penalties()
                .iter()
                .skip(b.penalties)
                .any(|p| p.side == side && p.kind == PenaltyKind::IncorrectClaim)
        };
        let pending = g.quickplay_claim().filter(|_| b.quickplay.is_none());
        if let (Asked::Claim(side), Some(claim)) = (asked, pending)
            && claim.side == side
        {
            // Not found incorrect: the claim awaits the arbiter's ruling.
            kinds.insert(
                0,
                Kind::QuickplayClaimed {
                    side,
                    increment: claim.claim == ClaimKind::Increment,
                },
            );
        } else if let Asked::Claim(side) = asked
            && (g.outcome().is_none() || claim_cost(side))
        {
            kinds.insert(
                0,
                Kind::ClaimRejected {
                    side,
                    agreed: g.outcome().is_some(),
                    why: g.last_wrong_claim().cloned(),
                },
            );
        }
        let paused = self.is_paused();
        tell_pause(&mut self.called, (b.paused, paused), asked, &mut kinds);
        let periods = self.periods();
        if let Some(c) = g.timing().clock() {
            for s in Side::BOTH {
                let period = periods[s.index()];
                if period > b.periods[s.index()] {
                    kinds.push(Kind::PeriodReached {
                        side: s,
                        period,
                        added_ms: c.current_period(s).time_ms,
                    });
                }
            }
        }
        kinds.extend(crate::assistant::two_boards(g, self.lexicon, &b.appendix_d));
        let exempt: Vec<Side> = if g.outcome().is_none() {
            Side::BOTH
                .into_iter()
                .filter(|&s| self.exempt_untold(s, at))
                .collect()
        } else {
            Vec::new()
        };
        if let (false, Some(over)) = (b.over, game_over(g)) {
            kinds.push(over);
        }
        for k in kinds {
            self.say(at, k, out);
        }
        for s in exempt {
            self.tell_exemption(s, at, out);
        }
    }

    /// The touches, adjustments and touch-move claims the fold took since
    /// `b` (Art. 4), each with what binds the player having the move now.
    fn touch_kinds(&self, b: &Before<R::Position>) -> Vec<Kind> {
        use arbiter_laws::touch::TouchKind;
        use arbiter_rules::Article;
        let g = &self.game;
        let p = &g.config().provisions;
        let obliged = || {
            g.touch_duty()
                .map(|(duty, article)| announce::Obliged { duty, article })
        };
        let mut kinds = Vec::new();
        for r in g.touches().iter().skip(b.touches) {
            kinds.push(match r.kind {
                TouchKind::Touch => Kind::Touched {
                    side: r.side,
                    square: r.square.clone(),
                    man: r.man,
                    obligation: obliged(),
                },
                TouchKind::Adjust => Kind::Adjusted {
                    side: r.side,
                    square: r.square.clone(),
                    breach_of: r.out_of_turn.then(|| p.article(Article::Adjust)),
                },
            });
        }
        for c in g.touch_move_claims().iter().skip(b.touch_claims) {
            kinds.push(Kind::TouchMoveClaim {
                side: c.side,
                upheld: c.upheld,
                article: p.article(Article::TouchMoveClaim),
                obligation: if c.upheld { obliged() } else { None },
            });
        }
        kinds
    }

    fn say(&self, at: u64, kind: Kind, out: &mut Output) {
        let text = announce::text(self.lexicon, &kind);
        out.announcements.push(Announcement {
            at,
            kind,
            text,
            words: None,
        });
    }

    fn refuse(&self, at: u64, refusal: Refusal, out: &mut Output) {
        self.say(at, Kind::Refused { refusal }, out);
    }

    fn refresh_readings(&mut self, at: u64) {
        for s in Side::BOTH {
            self.reading[s.index()] = self.game.timing().remaining(s, at).unwrap_or(i64::MAX);
        }
    }

    /// Lets time pass to `now` with no input: fires the alarms and the flag
    /// that are due, each at its exact instant.
    pub fn poll(&mut self, now: u64) -> Output {
        let mut out = Output::default();
        self.poll_into(now, &mut out);
        out
    }

    fn poll_into(&mut self, now: u64, out: &mut Output) {
        let Some(at) = self.at(now) else { return };
        let Some((side, flag_at)) = self.running() else {
            return self.refresh_readings(at);
        };
        let r = self.game.timing().remaining(side, at).unwrap_or(i64::MAX);
        let was = self.reading[side.index()];
        // Only the most urgent threshold crossed since the last look is said:
        // a burst of stale warnings helps nobody.
        let due = self.alarms[side.index()]
            .iter()
            .copied()
            .filter(|&t| was > t as i64 && r <= t as i64)
            .min();
        let alarm = due.map(|t| (flag_at.saturating_sub(t).max(self.game.last_at()), t));
        let exemption = self.exemption_due(side, flag_at).filter(|&w| w <= at);
        if let Some((when, t)) = alarm {
            let kind = Kind::LowTime {
                side,
                threshold_ms: t,
            };
            // The alarm of a threshold of five minutes or more comes first.
            if let Some(e) = exemption.filter(|&e| e < when) {
                self.tell_exemption(side, e, out);
            }
            self.say(when, kind, out);
        }
        if let Some(e) = exemption
            && self.exempt_untold(side, e)
        {
            self.tell_exemption(side, e, out);
        }
        self.reading[side.index()] = r;
        if flag_at <= at && self.flag_watched(side) {
            self.flag_seen[side.index()] = true;
            let ev = if self.game.config().provisions.flag_called_automatically() {
                Event::Flag { side }
            } else {
                if let Some(said) = self.assistant.flag_claim(&self.game, side.other()) {
                    self.say(flag_at, Kind::AppendixD { said }, out);
                }
                Event::Claim {
                    side: side.other(),
                    claim: ClaimKind::Time,
                    intended: None,
                }
            };
            self.apply(flag_at, ev, out);
        }
    }

    /// The running side and the instant its flag falls, while a clock runs.
    fn running(&self) -> Option<(Side, u64)> {
        if self.origin.is_none() || self.is_over() {
            return None;
        }
        let c = self.game.timing().clock()?;
        if c.is_paused() {
            return None;
        }
        let s = c.on_move();
        Some((s, c.flag_at(s)?))
    }

    /// Whether the session acts on `side`'s flag itself, once: it calls it
    /// where the software is the observing arbiter (CFG-8), or claims it
    /// for an opponent seat that claims flags ([`Session::claim_flags_for`]).
    fn flag_watched(&self, side: Side) -> bool {
        (self.game.config().provisions.flag_called_automatically()
            || self.flag_claimants[side.other().index()])
            && !self.flag_seen[side.index()]
    }

    /// `claimant`'s seat claims the opponent's flag the instant it falls,
    /// where the Laws leave a flag to the opponent's claim (2005 rapid and
    /// blitz, reduced supervision: L-6.8, CFG-8). An engine seat is such a
    /// seat: it sees its clock and never misses a flag, as a person would
    /// claim it at once. Elsewhere the flag is called anyway.
    pub fn claim_flags_for(&mut self, claimant: Side) {
        self.flag_claimants[claimant.index()] = true;
    }

    /// When the session next has something to say with no input: the next
    /// alarm threshold, recording exemption (8.4) or flag of the running
    /// side, in the time source's ms.
    /// `None` while no clock runs.
    pub fn next_wake(&self) -> Option<u64> {
        let (s, flag_at) = self.running()?;
        let was = self.reading[s.index()];
        let alarm = self.alarms[s.index()]
            .iter()
            .filter(|&&t| was > t as i64)
            .map(|&t| flag_at.saturating_sub(t))
            .min();
        let flag = self.flag_watched(s).then_some(flag_at);
        let exemption = self.exemption_due(s, flag_at);
        let at = [alarm, flag, exemption].into_iter().flatten().min()?;
        Some(self.origin? + at)
    }

    /// What an engine playing the side to move is asked, or `None` when no
    /// move is wanted now (not started, over, or paused).
    pub fn opponent_request(&self, now: u64) -> Option<OpponentRequest> {
        if self.origin.is_none() || self.is_over() || self.is_paused() {
            return None;
        }
        let rules = self.game.rules();
        let mut pos = self.game.start_position().clone();
        let mut moves = Some(Vec::with_capacity(self.game.plies().len()));
        for p in self.game.plies() {
            match (&p.mv, moves.as_mut()) {
                (PlyMove::Legal(mv), Some(list)) => {
                    list.push(rules.move_uci(&pos, mv));
                    rules.play(&mut pos, mv);
                }
                _ => moves = None,
            }
        }
        let at = self.at(now).unwrap_or(0);
        let clock = self.game.timing().clock().map(|c| ClockView {
            white_ms: c.remaining(Side::White, at.max(c.last_at())),
            black_ms: c.remaining(Side::Black, at.max(c.last_at())),
            white_increment_ms: c.increment_ms(Side::White),
            black_increment_ms: c.increment_ms(Side::Black),
        });
        Some(OpponentRequest {
            variant: rules.variant(),
            start: rules.position_text(self.game.start_position()),
            moves,
            position: rules.position_text(self.game.position()),
            side: self.to_move(),
            clock,
        })
    }

    /// The answer of the engine playing `engine` to a draw offer its
    /// opponent made (L-9.1): a player at the board answers an offer, so an
    /// engine seat must too, or a blind player is left waiting for a word
    /// that never comes. The engine declines, said in the session's
    /// language and logged as `decline_draw`. It never accepts: the only
    /// position in which a draw is certainly its best result is a dead
    /// one, and that ends the game by itself (L-5.2.2) before any offer.
    /// `None` when no offer is open to `engine` or the game is over.
    pub fn engine_answers_offer(&mut self, now: u64, engine: Side) -> Option<Output> {
        let offer = self.game.draw_offer()?;
        if offer.by == engine || self.is_over() {
            return None;
        }
        let out = self.handle(now, Input::Event(Event::DeclineDraw { side: engine }));
        Some(out)
    }

    /// An engine playing `side` failed: the arbiter's pause stops the clocks
    /// (6.11, logged), and the failure is said. The game waits for a resume.
    pub fn engine_failed(&mut self, now: u64, side: Side, error: &str) -> Output {
        let mut out = Output::default();
        self.poll_into(now, &mut out);
        let at = self.at(now).unwrap_or(0);
        if !self.is_over() && !self.is_paused() && self.origin.is_some() {
            let reason = format!("the engine playing {side} failed: {error}");
            let pause = action(ActionKind::Pause, Some(reason));
            self.apply(at, Event::Arbiter(pause), &mut out);
        }
        let kind = Kind::EngineFailed {
            side,
            error: error.to_string(),
        };
        self.say(at, kind, &mut out);
        out
    }
}

// ----- Appendix D: announcements and the assistant -------------------------

impl<R: Variant> Session<R> {
    /// An announced move typed in any notation or lexicon ("Springer Felix
    /// drei"), in the log's notation, read in the position before the
    /// announcer's move on the board (or the present one, when none is
    /// made); as typed when it reads as no move, for the Laws to judge.
    fn announced_text(&self, side: Side, text: &str) -> String {
        let g = &self.game;
        let made = g
            .plies()
            .iter()
            .rposition(|p| p.side == side && p.completed_at.is_none());
        let pos = match made {
            Some(i) => g.position_after(i),
            None => g.position().clone(),
        };
        match g.rules().read_move_in(&pos, text, self.lexicon) {
            Reading::Legal { log_text, .. } => log_text,
            Reading::Illegal {
                log_text: Some(t), ..
            } => t,
            _ => text.trim().to_string(),
        }
    }

    /// D.2.10(e): the sighted player touched a man of a blind player who
    /// has an assistant; the assistant tells the arbiter.
    fn tell_touch_report(&self, at: u64, ev: &Event, out: &mut Output) {
        if let Event::Touch { side, square, man } = ev
            && let Some(said) = self.assistant.touch_report(&self.game, *side, square, *man)
        {
            self.say(at, Kind::AppendixD { said }, out);
        }
    }

    /// The assistant's answer when `side` asks (D.2.10(d)): the moves
    /// completed and both players' used time, said to him alone; nothing
    /// is logged. Empty when `side` has no assistant.
    pub fn assistant_tells(&mut self, now: u64, side: Side) -> Output {
        let mut out = Output::default();
        self.poll_into(now, &mut out);
        let at = self.at(now).unwrap_or(0);
        if let Some(said) = self.assistant.tells(&self.game, side, at) {
            self.say(at, Kind::AppendixD { said }, &mut out);
        }
        out
    }

    /// The blind players' assistants of this game (D.2.10).
    pub fn assistant(&self) -> Assistant {
        self.assistant
    }
}

/// The words of `mv`, played from `before` under `rules`, kept for any
/// lexicon: a listener in another language than the session's hears the
/// move as the session's own did.
fn move_words_of<R: Variant>(rules: &R, before: &R::Position, mv: &R::Move) -> MoveWords {
    let (rules, before, mv) = (rules.clone(), before.clone(), mv.clone());
    MoveWords::new(move |lex| rules.say_move(&before, &mv, lex))
}
