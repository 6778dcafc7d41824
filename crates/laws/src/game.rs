//! A game as a fold over its events: the Laws of Chess applied one event at a time.
//!
//! [`Game::apply`] takes one timed event and either changes the state as the
//! Laws say or rejects the event with a reason; a rejected event changes
//! nothing. An illegal move is not a rejection: it is an event the Laws
//! punish (Art. 7).

use crate::appendix_d::{AnnouncementRecord, AppendixDState, RetraceRecord};
use crate::event::{ActionKind, ArbiterAction, ClaimKind, Event, TimedEvent};
use crate::outcome::{GameResult, Outcome, Scoring, Termination};
use crate::provisions::{Article, IllegalMoveConsequence, MINUTE, PenaltyKind, Provisions};
use crate::repetition::Repetitions;
use crate::ruleset::{Mateability, MoveInput, RuleSet, Status, TouchedMan};
use crate::timing::Timing;
use crate::touch::{
    Obligation, OpenBreach, TouchKind, TouchMoveBreach, TouchMoveClaim, TouchRecord, TouchState,
    Touched,
};
use arbiter_rules::{ClockRefusal, MoveCount, Side, Variant, WrongClaim};
use serde::Serialize;

/// The settings of one game that the regulations of the event fix.
#[derive(Clone, Debug, Default)]
pub struct GameConfig {
    /// The Laws that judge the game: edition, regime and supervision
    /// (CFG-1, CFG-2, CFG-3) and every rule that follows from them.
    pub provisions: Provisions,
    /// Points for a win, a draw and a loss (CFG-6, L-10.1, L-10.4).
    pub scoring: Scoring,
    /// Guidelines III announced before the event (CFG-7, G-III.2).
    pub quickplay_announced: bool,
    /// CFG-5: no draw offers before this move number.
    pub draw_offers_from_move: Option<u32>,
    /// CFG-4: the default time of the regulations, in ms (L-6.7a).
    pub default_time: Option<i64>,
    /// The log comes from a clock that does not see the board (`arbiter
    /// clock`): a press completes a move the log need not record, and move
    /// texts are followed only where they fit the board. Art. 7 is not
    /// applied, because nobody showed the software an illegal move.
    pub clock_only: bool,
    /// The sides that play under the rules for blind and visually disabled
    /// players (Appendix D; 2005 Supplement): their press waits for their
    /// announcement (D.2.4).
    pub visually_disabled: Vec<Side>,
    /// The sides that have an assistant (D.2.10; 2005 Supplement, item 9).
    pub assistant: Vec<Side>,
}

/// A penalty or time correction, as recorded for the arbiter's report.
///
/// `side` is the player it concerns: the offender for `illegal_move`,
/// `incorrect_claim`, `claimant_time_cut`, `warning` and the other 12.9
/// penalties; the player whose clock changes for `add_time`/`deduct_time`.
/// `ms` is the time effect: given to the opponent (illegal move, incorrect
/// claim), removed (claimant cut, deduct), or added (add_time).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Penalty {
    /// When it was given, in milliseconds since White's clock was started.
    pub at: u64,
    /// The player it concerns (see above).
    pub side: Side,
    /// What it was; the report writes its key in snake case
    /// (`illegal_move`, `warning`, `add_time` …).
    pub kind: PenaltyKind,
    /// The time effect in milliseconds, where there is one (see above).
    pub ms: Option<i64>,
}

/// What was played at one ply.
#[derive(Clone, Debug, PartialEq)]
pub enum PlyMove<M> {
    /// A legal move.
    Legal(M),
    /// An illegal move that stands because nobody claimed it in time
    /// (reduced rapid/blitz, L-A.5.2), as written.
    Unlawful(String),
    /// A clock press without a move that nobody claimed (L-7.5c, L-A.5.2):
    /// the turn passed; written `--` as in PGN.
    Pass,
}

/// How the record names a completed press without a move (L-7.5c).
const PRESS_WITHOUT_MOVE: &str = "(clock pressed without a move)";

/// A completed or uncompleted move of the game record.
#[derive(Clone, Debug)]
pub struct Ply<M> {
    /// The player who moved.
    pub side: Side,
    /// What he played.
    pub mv: PlyMove<M>,
    /// When the move was made on the board (L-4.7), in milliseconds since
    /// White's clock was started.
    pub made_at: u64,
    /// When the clock was pressed, completing the move (L-6.2a); `None`
    /// while the move is made but not yet completed.
    pub completed_at: Option<u64>,
    /// A draw offer was made with this move (recorded as "(=)", L-9.1d).
    pub draw_offer: bool,
    /// The mover's remaining time right after the press (for `[%clk]`).
    pub clock_after: Option<i64>,
}

/// A completed illegal move (L-7.5), kept for the record.
#[derive(Clone, Debug, Serialize)]
pub struct IllegalMove {
    /// When it was completed, in milliseconds since White's clock was started.
    pub at: u64,
    /// The player who played it.
    pub side: Side,
    /// The move as written in the log.
    #[serde(rename = "move")]
    pub text: String,
    /// Why the rule set found it illegal, in English.
    pub reason: String,
    /// False while the opponent may still claim it in reduced play; true
    /// once it was acted upon; it then counts on the ladder.
    pub counted: bool,
}

/// An open draw offer (L-9.1c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DrawOffer {
    /// The player who offered.
    pub by: Side,
    /// When, in milliseconds since White's clock was started.
    pub at: u64,
    /// Plies played when it was made: the offerer's own next move leaves it open.
    pub ply: usize,
}

/// A quickplay-finish claim that awaits the arbiter's decision (2005 10.2,
/// G-III.4, G-III.5): who made it, and whether it asks for a draw
/// ([`ClaimKind::QuickplayFinish`]) or for an increment ([`ClaimKind::Increment`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PendingClaim {
    /// The claimant.
    pub side: Side,
    /// What is claimed.
    pub claim: ClaimKind,
}

#[derive(Clone, Debug)]
struct PendingIllegal {
    side: Side,
    text: String,
    reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum QuickplayClaim {
    /// 2005 10.2 / G-III.5: a draw claim awaiting the arbiter.
    Draw(Side),
    /// G-III.4: a request for an increment awaiting the arbiter.
    Increment(Side),
}

/// The state of one game under the Laws.
pub struct Game<R: RuleSet> {
    rules: R,
    config: GameConfig,
    start: R::Position,
    pos: R::Position,
    plies: Vec<Ply<R::Move>>,
    reps: Repetitions<R::Identity>,
    /// Plies since the last capture or pawn move (L-9.3, L-9.6b).
    quiet_plies: u32,
    timing: Timing,
    /// A move's `lag_ms` is given back to the opponent too (the header's
    /// `lag_from_arrival`).
    lag_from_arrival: bool,
    last_at: u64,
    /// A legal move made but not yet completed by a press, per side (L-6.2b:
    /// a player may press after moving even when the opponent has replied).
    uncompleted: [bool; 2],
    pending_illegal: Option<PendingIllegal>,
    /// Reduced play: a completed illegal move the opponent may still claim (L-A.5.2).
    illegal_window: Option<usize>,
    illegal: Vec<IllegalMove>,
    /// An unfinished promotion that stood unclaimed (L-A.5.4): whose pawn,
    /// the position before it and the move as written. The board is a
    /// stand-in without that pawn until the opponent's next move completes.
    unpromoted: Option<(Side, R::Position, String)>,
    illegal_count: [u32; 2],
    offer: Option<DrawOffer>,
    /// The player who touched a piece to move it (a move made, perhaps
    /// illegal, not yet replaced by a legal one) and the ply it happened at:
    /// he has lost the right to claim under 9.2 or 9.3 on that move (L-9.4).
    touched: Option<(Side, usize)>,
    quickplay: Option<QuickplayClaim>,
    /// A flag judged at once after the event that brought it down: one
    /// later report of it is the same observation, not a refused event.
    flag_seen: Option<Side>,
    /// Art. 4: touches, the obligation they create, breaches and claims.
    touch: TouchState,
    /// Appendix D: announcements and retraces.
    appendix_d: AppendixDState,
    penalties: Vec<Penalty>,
    outcome: Option<Outcome>,
    /// Arbiter's point changes (12.9.4, 12.9.5) and declared scores.
    points_delta: [f64; 2],
    points_override: Option<[f64; 2]>,
    colours_swapped: bool,
    arrived: [bool; 2],
    notes: Vec<String>,
    /// Why the last draw claim found incorrect was (L-9.5c), typed, so a
    /// front end says the reason in the player's language.
    last_wrong_claim: Option<arbiter_rules::WrongClaim>,
}

pub use arbiter_rules::Rejection;

/// The most points a game may give (CFG-6): scores outside `[0, MAX_POINTS]`
/// are refused as absurd.
pub const MAX_POINTS: f64 = 10.0;

/// The side an arbiter action names, or why it needs one.
fn need_side(a: &ArbiterAction) -> Result<Side, Rejection> {
    a.side.ok_or_else(|| Rejection::ActionNeedsSide {
        action: format!("{:?}", a.action),
    })
}

/// The non-negative time an arbiter action names, or why it needs one.
fn need_ms(a: &ArbiterAction) -> Result<i64, Rejection> {
    a.ms.filter(|m| *m >= 0)
        .ok_or_else(|| Rejection::ActionNeedsMs {
            action: format!("{:?}", a.action),
        })
}

/// Refuses points that are negative, not a number, or above [`MAX_POINTS`].
fn check_points(points: Option<f64>) -> Result<Option<f64>, Rejection> {
    match points {
        Some(p) if !(0.0..=MAX_POINTS).contains(&p) => Err(Rejection::PointsOutOfRange {
            points: p,
            max: MAX_POINTS,
        }),
        other => Ok(other),
    }
}

/// Plies room is made for when a game starts. Small, because a hall holds
/// thousands of games between moves (128 plies were 9 KiB a game); a
/// replay, which knows its length, reserves it at once
/// ([`Game::reserve_plies`]).
const PLIES_RESERVED: usize = 8;

impl<R: RuleSet> Game<R> {
    /// A new game from the initial position (or `start`), with the given clock.
    pub fn new(
        rules: R,
        config: GameConfig,
        start: Option<R::Position>,
        mut timing: Timing,
    ) -> Self {
        let start = start.unwrap_or_else(|| rules.initial_position());
        // A position set up with Black to move (adjourned or composed,
        // Guidelines I): the clock of the player who has the move starts.
        timing.begin_with(rules.turn(&start));
        let quiet_plies = rules.halfmove_clock(&start);
        let appendix_d = AppendixDState::new(&config.visually_disabled, &config.assistant);
        let mut reps = Repetitions::default();
        reps.record(rules.identity(&start));
        Game {
            pos: start.clone(),
            start,
            rules,
            config,
            plies: Vec::with_capacity(PLIES_RESERVED),
            reps,
            quiet_plies,
            timing,
            last_at: 0,
            lag_from_arrival: false,
            uncompleted: [false, false],
            pending_illegal: None,
            illegal_window: None,
            illegal: Vec::new(),
            unpromoted: None,
            illegal_count: [0, 0],
            offer: None,
            touched: None,
            quickplay: None,
            flag_seen: None,
            touch: TouchState::default(),
            appendix_d,
            penalties: Vec::new(),
            outcome: None,
            points_delta: [0.0, 0.0],
            points_override: None,
            colours_swapped: false,
            arrived: [false, false],
            notes: Vec::new(),
            last_wrong_claim: None,
        }
    }

    // ----- read access -------------------------------------------------

    /// Makes room for `n` more plies at once, so a replay of a known
    /// length does not grow the record step by step.
    pub fn reserve_plies(&mut self, n: usize) {
        self.plies.reserve(n);
    }

    /// The rule set the game is played under (standard chess, Tavreli …).
    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The settings the game was started with.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }
    /// The current position on the board.
    pub fn position(&self) -> &R::Position {
        &self.pos
    }
    /// The position the game started from (a new one after L-7.2a or L-7.3).
    pub fn start_position(&self) -> &R::Position {
        &self.start
    }
    /// The game record so far, one entry per half-move; the last may be
    /// made but not yet completed by a press.
    pub fn plies(&self) -> &[Ply<R::Move>] {
        &self.plies
    }
    /// How the game ended, or `None` while it is being played.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    /// Penalties and time corrections in the order given, for the arbiter's
    /// report (L-7.5e, L-9.5c, L-12.9).
    pub fn penalties(&self) -> &[Penalty] {
        &self.penalties
    }
    /// Every completed illegal move, claimed or not (L-7.5a, L-A.5.2).
    pub fn illegal_moves(&self) -> &[IllegalMove] {
        &self.illegal
    }
    /// Completed illegal moves acted upon, per side (the ladder of L-7.5e).
    pub fn illegal_count(&self, side: Side) -> u32 {
        self.illegal_count[side.index()]
    }
    /// The draw offer that is open now, if any (L-9.1c).
    pub fn draw_offer(&self) -> Option<DrawOffer> {
        self.offer
    }
    /// The quickplay-finish claim awaiting the arbiter, if any (2005 10.2,
    /// G-III.4, G-III.5).
    pub fn quickplay_claim(&self) -> Option<PendingClaim> {
        self.quickplay.map(|q| match q {
            QuickplayClaim::Draw(side) => PendingClaim {
                side,
                claim: ClaimKind::QuickplayFinish,
            },
            QuickplayClaim::Increment(side) => PendingClaim {
                side,
                claim: ClaimKind::Increment,
            },
        })
    }
    /// The two clocks (Art. 6).
    pub fn timing(&self) -> &Timing {
        &self.timing
    }
    /// Half-moves since the last capture or pawn move: the count of the
    /// 50- and 75-move rules (L-9.3, L-9.6b).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }
    /// What the arbiter should know that is not a penalty (an annulled game,
    /// restored pieces, a reason given for a declared result …), in English.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Why the last draw claim found incorrect was (L-9.5c), if one was.
    pub fn last_wrong_claim(&self) -> Option<&arbiter_rules::WrongClaim> {
        self.last_wrong_claim.as_ref()
    }
    /// Whether a game found played with reversed colours was restarted with
    /// the correct ones (L-7.3), so that the player who had White in the
    /// first part of the log has Black now (toggles on each such restart).
    pub fn colours_swapped(&self) -> bool {
        self.colours_swapped
    }
    /// Every touch and adjustment, in order (Art. 4).
    pub fn touches(&self) -> &[TouchRecord] {
        &self.touch.records
    }
    /// Every move that broke the touch-move rule (L-4.3, L-4.4).
    pub fn touch_move_breaches(&self) -> &[TouchMoveBreach] {
        &self.touch.breaches
    }
    /// Every touch-move claim and its ruling (L-4.8).
    pub fn touch_move_claims(&self) -> &[TouchMoveClaim] {
        &self.touch.claims
    }
    /// What the men the player having the move has touched oblige him to
    /// do, in English, with the article; `None` when he is free (L-4.3,
    /// L-4.5).
    pub fn touch_obligation(&self) -> Option<String> {
        let touched = self.touch.touched_by(self.turn());
        match crate::touch::obligation(&self.rules, &self.config.provisions, &self.pos, touched) {
            Obligation::Free => None,
            Obligation::Bound { what, rule, .. } => Some(format!("{what} ({})", self.art(rule))),
        }
    }
    /// [`Game::touch_obligation`] typed, with the article of the game's
    /// edition that obliges it, for the words of each language.
    pub fn touch_duty(&self) -> Option<(arbiter_rules::TouchDuty, &'static str)> {
        let touched = self.touch.touched_by(self.turn());
        match crate::touch::obligation(&self.rules, &self.config.provisions, &self.pos, touched) {
            Obligation::Free => None,
            Obligation::Bound { what, rule, .. } => Some((what, self.art(rule))),
        }
    }
    /// Whether `side` plays under the rules for blind and visually
    /// disabled players (Appendix D; 2005 Supplement).
    pub fn visually_disabled(&self, side: Side) -> bool {
        self.appendix_d.blind[side.index()]
    }
    /// Whether `side` has an assistant (D.2.10; 2005 Supplement, item 9).
    pub fn has_assistant(&self, side: Side) -> bool {
        self.appendix_d.assistant[side.index()]
    }
    /// Every announcement, in order (D.2.1, D.2.8).
    pub fn announcements(&self) -> &[AnnouncementRecord] {
        &self.appendix_d.records
    }
    /// Every retrace by the arbiter, in order (D.2.9).
    pub fn retraces(&self) -> &[RetraceRecord] {
        &self.appendix_d.retraces
    }
    /// Every announcement that named another move than the board's when
    /// its announcer pressed: the two boards differ there (D.2.9).
    pub fn boards_differ(&self) -> &[AnnouncementRecord] {
        &self.appendix_d.differences
    }
    /// Whether `side`'s press would now be refused for want of his
    /// announcement (D.2.4).
    pub fn press_waits_for_announcement(&self, side: Side) -> bool {
        self.appendix_d.press_waits(side)
    }
    /// The time of the last accepted event.
    pub fn last_at(&self) -> u64 {
        self.last_at
    }
    /// How often the current position has appeared (L-9.2).
    pub fn repetitions(&self) -> u32 {
        self.reps.last_count()
    }

    /// Each side's points (L-10.1), with the arbiter's changes (12.9.4/12.9.5).
    pub fn score(&self) -> Option<[f64; 2]> {
        if let Some(p) = self.points_override {
            return Some(p);
        }
        let result = self.outcome.as_ref()?.result;
        let mut p = self.config.scoring.points(result)?;
        p[0] += self.points_delta[0];
        p[1] += self.points_delta[1];
        Some(p)
    }

    // ----- the fold ----------------------------------------------------

    /// Applies one event. On `Err`, the event changed nothing.
    pub fn apply(&mut self, ev: &TimedEvent) -> Result<(), Rejection> {
        if self.before_event(ev.at, Some(&ev.event))? {
            return Ok(());
        }
        let r = match &ev.event {
            Event::Move {
                side, mv, press, ..
            } => self.on_move(*side, mv, *press, ev.at, None),
            Event::Press { side } => self.on_press(*side, ev.at),
            Event::OfferDraw { side } => self.on_offer(*side, ev.at),
            Event::AcceptDraw { side } => self.on_accept(*side, ev.at),
            Event::DeclineDraw { side } => self.on_decline(*side),
            Event::Claim {
                side,
                claim,
                intended,
            } => self.on_claim(*side, *claim, intended.as_deref(), ev.at),
            Event::Resign { side } => self.on_resign(*side, ev.at),
            Event::Flag { side } => self.on_flag(*side, ev.at),
            Event::Arrive { side } => self.on_arrive(*side, ev.at),
            Event::Touch { side, square, man } => self.on_touch(*side, square, *man, ev.at),
            Event::Adjust { side, square } => self.on_adjust(*side, square, ev.at),
            Event::Announce { side, mv } => self.on_announce(*side, mv, ev.at),
            Event::CallArbiter { side } => self.on_call_arbiter(*side, ev.at),
            Event::Arbiter(a) => self.on_arbiter(a, ev.at),
            Event::Start => self.on_start(ev.at),
        };
        if r.is_ok() {
            self.last_at = ev.at;
            self.credit_arrival(&ev.event, ev.at);
            self.after_appendix_d(&ev.event, ev.at);
            self.flag_fallen_by(ev.at);
        }
        r
    }

    /// [`Game::apply`] of the event `Move { side, mv: text, press }` at
    /// `at`, whose text the caller has read already: `read` must be what
    /// `rules().parse_move(position(), text)` gives now. The audit reads
    /// every move to tell an illegal one from a record it cannot read;
    /// reading a move cost as much as the rest of a ply, so it is not read
    /// twice. Where the position changes before the move is read (an
    /// illegal move that stands, L-A.5.2), the text is read again.
    pub fn apply_move_read(
        &mut self,
        at: u64,
        side: Side,
        text: &str,
        press: bool,
        read: MoveInput<R::Move>,
    ) -> Result<(), Rejection> {
        if self.before_event(at, None)? {
            return Ok(());
        }
        let r = self.on_move(side, text, press, at, Some(read));
        if r.is_ok() {
            self.last_at = at;
            let ev = Event::Move {
                side,
                mv: String::new(),
                press,
                lag_ms: None,
            };
            self.after_appendix_d(&ev, at);
            self.flag_fallen_by(at);
        }
        r
    }

    /// What every event meets first: time may not go backwards, a flag
    /// that fell before it is seen now, and a game over takes no more
    /// events. `Ok(true)`: `event` (`None`: a move) reported that very
    /// flag and is taken as applied.
    fn before_event(&mut self, at: u64, event: Option<&Event>) -> Result<bool, Rejection> {
        if at < self.last_at {
            return Err(Rejection::TimeGoesBackwards {
                at,
                last_at: self.last_at,
            });
        }
        let reports = |side: Side| event.is_some_and(|e| Self::reports_flag(e, side));
        // A flag that fell before this event is seen now (L-6.8), when the
        // software is the observing arbiter (CFG-8).
        if self.outcome.is_none()
            && self.config.provisions.flag_called_automatically()
            && let Some((side, flag_at)) = self.timing.first_flag_before(at)
        {
            self.time_forfeit(side, flag_at);
            // A `flag` event (or a time claim) reporting that very flag is the
            // same observation, at the same instant: it is accepted, not
            // refused as coming after the end.
            if reports(side) && self.outcome.as_ref().is_some_and(|o| o.at == flag_at) {
                self.last_at = at;
                return Ok(true);
            }
        }
        if let Some(side) = self.flag_seen.take()
            && reports(side)
        {
            // A `flag` event (or a time claim) reporting the flag the game
            // already judged is the same observation, as above.
            self.last_at = at;
            return Ok(true);
        }
        if let Some(o) = &self.outcome
            && !matches!(event, Some(Event::Arbiter(_)))
        {
            return Err(Rejection::GameOver {
                result: o.result,
                termination: o.termination,
                at: o.at,
            });
        }
        Ok(false)
    }

    /// A flag that the event itself brought down (an arbiter's deduction,
    /// a claimant's time cut) is judged at once (L-6.8), as the next event
    /// would judge it: the result may not wait for what follows.
    fn flag_fallen_by(&mut self, at: u64) {
        if self.outcome.is_none()
            && self.config.provisions.flag_called_automatically()
            && let Some((side, flag_at)) = self.timing.first_flag_before(at)
        {
            self.time_forfeit(side, flag_at);
            self.flag_seen = Some(side);
        }
    }

    /// Whether `ev` reports `side`'s fallen flag: a `flag` event for him or
    /// his opponent's time claim.
    fn reports_flag(ev: &Event, side: Side) -> bool {
        match ev {
            Event::Flag { side: s } => *s == side,
            Event::Claim {
                side: s,
                claim: ClaimKind::Time,
                ..
            } => *s == side.other(),
            _ => false,
        }
    }

    fn turn(&self) -> Side {
        self.rules.turn(&self.pos)
    }

    /// The article of `rule` in the game's own edition, for the notes.
    fn art(&self, rule: Article) -> &'static str {
        self.config.provisions.article(rule)
    }

    fn end(&mut self, result: GameResult, termination: Termination, at: u64) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome {
                result,
                termination,
                at,
            });
            self.offer = None;
            self.timing.stop(at);
        }
    }

    /// A loss for `loser`, or a draw when the opponent cannot mate him
    /// (L-6.9, L-7.5e, L-A.5.2).
    fn loss_unless_cannot_mate(&mut self, loser: Side, termination: Termination, at: u64) {
        let result = if self.mateability_now(loser.other()) == Mateability::Impossible {
            GameResult::Draw
        } else {
            GameResult::win_for(loser.other())
        };
        self.end(result, termination, at);
    }

    fn time_forfeit(&mut self, side: Side, at: u64) {
        if self.config.provisions.flag_draw_if_opponent_cannot_mate() {
            self.loss_unless_cannot_mate(side, Termination::TimeForfeit, at);
        } else {
            self.end(
                GameResult::win_for(side.other()),
                Termination::TimeForfeit,
                at,
            );
        }
    }

    /// Whether `mv` resets the 50/75-move count under these Laws (L-9.3):
    /// a pawn move or a capture, and where the rules say so a new tower.
    fn resets_move_count(&self, mv: &R::Move) -> bool {
        self.rules.is_zeroing(&self.pos, mv)
            || (self.config.provisions.new_tower_resets_move_count()
                && self.rules.builds_tower(&self.pos, mv))
    }

    fn penalty(&mut self, at: u64, side: Side, kind: PenaltyKind, ms: Option<i64>) {
        self.penalties.push(Penalty { at, side, kind, ms });
    }

    fn moves_made(&self, side: Side) -> usize {
        self.plies.iter().filter(|p| p.side == side).count()
    }

    fn completed_moves_each(&self) -> u32 {
        let w = self
            .plies
            .iter()
            .filter(|p| p.side == Side::White && p.completed_at.is_some())
            .count();
        let b = self
            .plies
            .iter()
            .filter(|p| p.side == Side::Black && p.completed_at.is_some())
            .count();
        w.min(b) as u32
    }

    // ----- moves and presses (Art. 4, 6.2, 7.5) --------------------------

    /// A move event; `read`: its text read by the caller in the position
    /// before it (see [`Game::apply_move_read`]).
    fn on_move(
        &mut self,
        side: Side,
        text: &str,
        press: bool,
        at: u64,
        mut read: Option<MoveInput<R::Move>>,
    ) -> Result<(), Rejection> {
        if press && self.appendix_d.blind[side.index()] {
            // A move and its press at once: the press comes before any
            // announcement of this move (D.2.4; 2005 Supplement, item 3).
            return Err(Rejection::PressBeforeAnnouncement { side });
        }
        if self.config.clock_only {
            return self.clock_only_move(side, text, press, at, read);
        }
        if let Some(i) = self.illegal_window
            && self.illegal[i].side == side
        {
            return Err(Rejection::IllegalMoveOpen {
                side,
                text: self.illegal[i].text.clone(),
            });
        }
        if self.illegal_window.is_some() && side != self.turn() {
            // Text that is no move where the illegal move would leave the
            // board (a capture of the king left in check is no move of
            // chess) is refused and leaves the claim open.
            if let Some(reason) = self.malformed_after_illegal(text) {
                return Err(reason);
            }
            // The opponent moves without claiming: the illegal move stands (L-A.5.2).
            self.illegal_stands()?;
            // The position the caller read the move in is gone.
            read = None;
        }
        if side != self.turn() {
            return Err(Rejection::NotYourMove {
                side,
                to_move: self.turn(),
            });
        }
        let read = read.unwrap_or_else(|| self.rules.parse_move(&self.pos, text));
        match read {
            MoveInput::Malformed { reason, column } => Err(Rejection::Malformed {
                column: column + 1,
                reason,
            }),
            MoveInput::Illegal { reason } => {
                if press {
                    self.timing.check_press(side)?;
                }
                // He touched a piece to move it: that rejects the opponent's
                // offer (L-9.1c) — restoring the position under 7.5.1 does not
                // bring the offer back — and costs him the claim on this move
                // (L-9.4).
                self.reject_offer_by(side);
                self.touched = Some((side, self.plies.len()));
                self.touch_illegal_man(side, text);
                // Made but not yet completed: it is punished only when the
                // clock is pressed (L-7.5a). A later move replaces it.
                self.pending_illegal = Some(PendingIllegal {
                    side,
                    text: text.to_string(),
                    reason,
                });
                if press {
                    self.complete_illegal(side, at)?;
                }
                Ok(())
            }
            MoveInput::Legal(mv) => {
                if press {
                    self.timing.check_press(side)?;
                }
                self.pending_illegal = None;
                self.judge_touches(side, &mv, at);
                self.play_legal(side, mv, at);
                if press && self.outcome.is_none() {
                    self.complete_move(side, at)?;
                }
                Ok(())
            }
        }
    }

    /// A move typed on a clock that does not see the board: followed where
    /// it fits, otherwise kept as a note; the press is what counts.
    fn clock_only_move(
        &mut self,
        side: Side,
        text: &str,
        press: bool,
        at: u64,
        read: Option<MoveInput<R::Move>>,
    ) -> Result<(), Rejection> {
        if press {
            self.timing.check_press(side)?;
        }
        match read.unwrap_or_else(|| self.rules.parse_move(&self.pos, text)) {
            MoveInput::Legal(mv) if side == self.turn() => {
                self.play_legal(side, mv, at);
                if press && self.outcome.is_none() {
                    self.complete_move(side, at)?;
                }
            }
            _ => {
                self.notes.push(format!(
                    "{side}'s move {text:?} at {at} ms is recorded as written (clock-only log)"
                ));
                if press {
                    self.timing.press_move(side, at)?;
                }
            }
        }
        Ok(())
    }

    /// A piece touched to be moved by the opponent of an open offer rejects
    /// it (L-9.1c iii); the offerer's own move leaves it open.
    fn reject_offer_by(&mut self, side: Side) {
        if let Some(o) = self.offer
            && o.by != side
        {
            self.offer = None;
        }
    }

    fn play_legal(&mut self, side: Side, mv: R::Move, at: u64) {
        self.reject_offer_by(side);
        let zeroing = self.resets_move_count(&mv);
        let irreversible = self.rules.is_irreversible(&self.pos, &mv);
        self.rules.play(&mut self.pos, &mv);
        if zeroing {
            self.quiet_plies = 0;
        } else {
            self.quiet_plies += 1;
        }
        if irreversible {
            self.reps.clear();
        }
        let id = self.rules.identity(&self.pos);
        let count = self.reps.record(id);
        let draw_offer = self
            .offer
            .is_some_and(|o| o.by == side && o.ply == self.plies.len());
        self.plies.push(Ply {
            side,
            mv: PlyMove::Legal(mv),
            made_at: at,
            completed_at: None,
            draw_offer,
            clock_after: None,
        });
        self.uncompleted[side.index()] = true;
        self.check_automatic_endings(count, at);
        if self.outcome.is_some() {
            // A move that ends the game is complete without a press (6.2.1).
            self.plies.last_mut().unwrap().completed_at = Some(at);
            self.uncompleted[side.index()] = false;
        }
    }

    /// Checkmate, stalemate, dead position, fivefold, 75 moves (Art. 5, 9.6).
    fn check_automatic_endings(&mut self, repetitions: u32, at: u64) {
        if let Some((result, termination)) = self.automatic_ending(repetitions) {
            self.end(result, termination, at);
        }
    }

    /// The ending the Laws impose at once on the position on the board,
    /// which has occurred `repetitions` times: checkmate (L-5.1a),
    /// stalemate (L-5.2a), a dead position (L-5.2b), and where the edition
    /// ends games by itself, fivefold repetition (L-9.6a) and the 75-move
    /// rule (L-9.6b), which a mate on the 150th ply overrides (checked
    /// first).
    fn automatic_ending(&self, repetitions: u32) -> Option<(GameResult, Termination)> {
        match self.rules.status(&self.pos) {
            Status::Checkmate => {
                let winner = self.turn().other();
                return Some((GameResult::win_for(winner), Termination::Checkmate));
            }
            Status::Stalemate => return Some((GameResult::Draw, Termination::Stalemate)),
            Status::Ongoing => {}
        }
        if self.is_dead_position() {
            return Some((GameResult::Draw, Termination::DeadPosition));
        }
        if self.config.provisions.automatic_draws() {
            if repetitions >= 5 {
                return Some((GameResult::Draw, Termination::FivefoldRepetition));
            }
            if self.rules.has_move_count_rules() && self.quiet_plies >= 150 {
                return Some((GameResult::Draw, Termination::SeventyFiveMoves));
            }
        }
        None
    }

    /// How the Laws would already have ended a game standing in the
    /// position it starts from, if they would: a position set up where the
    /// side to move is mated or stalemated, neither side can mate, or the
    /// halfmove clock has run past the 75-move rule. No game can be played
    /// from it, so a new game refuses it; a stored one is read as it was.
    pub fn over_at_start(&self) -> Option<Termination> {
        if !self.plies.is_empty() {
            return None;
        }
        self.automatic_ending(1).map(|(_, termination)| termination)
    }

    /// L-5.2b: neither player can checkmate by any series of legal moves
    /// (within the edition's horizon). The check run after every move.
    pub fn is_dead_position(&self) -> bool {
        self.rules
            .is_dead_after_move(&self.pos, self.quiet_plies_left())
    }

    /// Whether `side` can still mate now, within the edition's horizon
    /// (L-6.9, L-7.5e, L-5.1b).
    fn mateability_now(&self, side: Side) -> Mateability {
        self.rules
            .mateability_within(&self.pos, side, self.quiet_plies_left())
    }

    /// Quiet plies left before the 75-move rule ends the game (L-9.6b), as
    /// the edition provides; `None` when no rule does. Once the count is
    /// reached that rule ends the game itself, under its own name, so the
    /// question is then asked without a horizon.
    pub fn quiet_plies_left(&self) -> Option<u32> {
        if !self.rules.has_move_count_rules() {
            return None;
        }
        let limit = self.config.provisions.quiet_ply_limit()?;
        limit.checked_sub(self.quiet_plies).filter(|&n| n > 0)
    }

    fn complete_move(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        self.timing.press_move(side, at)?;
        let left = self.timing.remaining(side, at);
        if let Some(p) = self.plies.iter_mut().rev().find(|p| p.side == side)
            && p.completed_at.is_none()
        {
            p.completed_at = Some(at);
            p.clock_after = left;
        }
        self.uncompleted[side.index()] = false;
        self.after_unpromoted(side, at);
        Ok(())
    }

    /// L-A.5.4 (the Laws 2017, A.4.4): with a pawn left unpromoted on its last
    /// rank the arbiter waits until the next move is completed; if the
    /// impossible position is still on the board, the game is drawn. Only a
    /// capture of that pawn removes it.
    fn after_unpromoted(&mut self, side: Side, at: u64) {
        let Some((owner, before, text)) = self.unpromoted.take() else {
            return;
        };
        if owner == side {
            self.unpromoted = Some((owner, before, text));
            return;
        }
        let captured = match self.plies.last() {
            Some(Ply {
                side: s,
                mv: PlyMove::Legal(m),
                ..
            }) if *s == side => self.rules.lands_on_unlawful_target(&before, &text, m),
            _ => false,
        };
        if captured {
            // The stand-in saw a quiet move to an empty square; it was a capture.
            self.quiet_plies = 0;
            self.reps.clear();
            self.reps.record(self.rules.identity(&self.pos));
            return;
        }
        let art = self.art(Article::ImpossiblePosition);
        self.notes.push(format!(
            "{owner}'s pawn ({text}) still stands unpromoted on the last rank after {side}'s move: the game is drawn ({art})"
        ));
        self.end(GameResult::Draw, Termination::Arbiter, at);
    }

    fn on_press(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        if self.appendix_d.press_waits(side) && self.outcome.is_none() {
            // D.2.4 (2005 Supplement, item 3): the opponent's clock starts
            // only after the move is announced. Refused, the press changes
            // nothing: the player's clock goes on running.
            return Err(Rejection::PressBeforeAnnouncement { side });
        }
        if self
            .pending_illegal
            .as_ref()
            .is_some_and(|p| p.side == side)
        {
            return self.complete_illegal(side, at);
        }
        if self.uncompleted[side.index()] {
            return self.complete_move(side, at);
        }
        if self.config.clock_only {
            // A move the clock's log does not record was completed.
            return self.timing.press_move(side, at);
        }
        if side == self.turn() && self.illegal_window.is_none() {
            // Pressing without a move (L-7.5c).
            if self.config.provisions.press_without_move_is_illegal() {
                self.pending_illegal = Some(PendingIllegal {
                    side,
                    text: PRESS_WITHOUT_MOVE.into(),
                    reason: "pressing the clock without making a move is an illegal move (7.5.3)"
                        .into(),
                });
                return self.complete_illegal(side, at);
            }
            return Err(Rejection::PressWithoutMoveIsNoMove { side });
        }
        Err(Rejection::NothingToComplete { side })
    }

    /// An illegal move is completed (L-7.5a): punish it now, or in reduced
    /// play open the opponent's claim window (L-A.5.2).
    fn complete_illegal(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        // In reduced play nobody intervenes at the press: the clocks switch as
        // for any move (L-A.5.2). Otherwise the arbiter acts at once and the
        // offender's clock keeps running (catalogue Q6).
        let reduced = self.config.provisions.illegal_move_needs_claim();
        let pressed = if reduced {
            self.timing.press_move(side, at)
        } else {
            self.timing.press_illegal(side, at)
        };
        if let Err(e) = pressed {
            // The clock refused the press (paused, not running): nothing was
            // completed. A made illegal move stays made; the stand-in for a
            // press without a move is dropped.
            if self
                .pending_illegal
                .as_ref()
                .is_some_and(|p| p.text.starts_with('('))
            {
                self.pending_illegal = None;
            }
            return Err(e);
        }
        let p = self.pending_illegal.take().expect("pending illegal move");
        self.illegal.push(IllegalMove {
            at,
            side,
            text: p.text,
            reason: p.reason,
            counted: false,
        });
        if self.config.provisions.illegal_move_needs_claim() {
            self.illegal_window = Some(self.illegal.len() - 1);
            self.impossible_after_illegal_reply(side, at);
        } else {
            self.act_on_illegal(self.illegal.len() - 1, at);
        }
        Ok(())
    }

    /// L-A.5.4 (the Laws 2017 and 2018, A.4.4; 2023, A.5.4): after an
    /// impossible position (both kings in check, a pawn left unpromoted)
    /// the arbiter waits until the next move is completed, "and if the
    /// impossible position is still on the board then" the game is drawn,
    /// whatever that move was. A lawful reply is judged in
    /// [`Game::after_unpromoted`]; this is the completed illegal reply,
    /// which stands, since the game ends with it.
    fn impossible_after_illegal_reply(&mut self, side: Side, at: u64) {
        let Some(i) = self.illegal_window else { return };
        let reply = self.illegal[i].text.clone();
        let pass = reply == PRESS_WITHOUT_MOVE;
        let remains = match &self.unpromoted {
            Some((owner, before, text)) if *owner != side => {
                pass || !self
                    .rules
                    .unlawful_reply_lands_on_unlawful_target(before, text, &self.pos, &reply)
            }
            Some(_) => false,
            None if self.rules.both_kings_in_check(&self.pos) => {
                let after = if pass {
                    self.rules.pass(&self.pos)
                } else {
                    self.rules.play_unlawful(&self.pos, &reply)
                };
                after.is_some_and(|p| self.rules.both_kings_in_check(&p))
            }
            None => false,
        };
        if !remains {
            return;
        }
        let what = if self.unpromoted.is_some() {
            "a pawn still stands unpromoted on the last rank"
        } else {
            "both kings are still in check"
        };
        // The reply is a move of the game: nobody can claim it any more.
        let _ = self.illegal_stands();
        self.unpromoted = None;
        let art = self.art(Article::ImpossiblePosition);
        self.notes.push(format!(
            "after {side}'s move {reply} {what}: the game is drawn ({art})"
        ));
        self.end(GameResult::Draw, Termination::Arbiter, at);
    }

    /// The arbiter acts on a completed illegal move: the position before it
    /// stands (it was never played here) and the ladder applies (L-7.5e).
    fn act_on_illegal(&mut self, index: usize, at: u64) {
        let side = self.illegal[index].side;
        if self.illegal_window == Some(index) {
            // The clocks switched at the press: the offender moves again.
            self.timing.retract(side, at);
        }
        self.illegal[index].counted = true;
        self.illegal_window = None;
        let k = &mut self.illegal_count[side.index()];
        *k += 1;
        let nth = *k;
        match self.config.provisions.illegal_move(nth) {
            IllegalMoveConsequence::TimeToOpponent(ms) => {
                // Only time actually given is reported (the header's penalty
                // is bounded, so this fails only on a clock already at its limit).
                let given = self.timing.add(side.other(), ms, at).ok().map(|_| ms);
                self.penalty(at, side, PenaltyKind::IllegalMove, given);
            }
            IllegalMoveConsequence::LossUnlessOpponentCannotMate => {
                self.penalty(at, side, PenaltyKind::IllegalMove, None);
                self.loss_unless_cannot_mate(side, Termination::IllegalMoves, at);
            }
            IllegalMoveConsequence::Loss => {
                self.penalty(at, side, PenaltyKind::IllegalMove, None);
                self.end(
                    GameResult::win_for(side.other()),
                    Termination::IllegalMoves,
                    at,
                );
            }
            IllegalMoveConsequence::NoPenalty => {
                // The offender's clock ran on through the illegal move: by
                // default the arbiter gives no time back (6.13).
                self.notes.push(format!(
                    "illegal move {nth} by {side}: the position before it is restored, no penalty (the Tavreli rules, art. 7.4)"
                ));
            }
        }
        // L-7.5b (2017+ 7.5.2): a pawn left unpromoted on the last rank is
        // replaced by a queen and the move stands; in 2005 the position before
        // it is reinstated and the player moves again, choosing freely.
        if self.outcome.is_none() && self.config.provisions.unfinished_promotion_becomes_queen() {
            let text = self.illegal[index].text.clone();
            if let Some(m) = self.rules.unfinished_promotion(&self.pos, &text) {
                self.notes.push(format!(
                    "{side}'s pawn move {text} was not promoted: the pawn becomes a queen (7.5.2)"
                ));
                self.play_legal(side, m, at);
                if self.outcome.is_none() {
                    let _ = self.complete_move(side, at);
                }
            }
        }
    }

    /// Why `text` is no move at all in the position the illegal move still
    /// open to a claim would leave, if it is not.
    fn malformed_after_illegal(&self, text: &str) -> Option<Rejection> {
        let illegal = &self.illegal[self.illegal_window?];
        let next = if illegal.text == PRESS_WITHOUT_MOVE {
            self.rules.pass(&self.pos)
        } else {
            self.rules.play_unlawful(&self.pos, &illegal.text)
        }?;
        match self.rules.parse_move(&next, text) {
            MoveInput::Malformed { reason, column } => Some(Rejection::Malformed {
                column: column + 1,
                reason,
            }),
            _ => None,
        }
    }

    /// Reduced play: the opponent moved without claiming, so the illegal move
    /// stands (L-A.5.2) and is a move of the game. We can go on only if the
    /// rule set can represent the position it leaves.
    fn illegal_stands(&mut self) -> Result<(), Rejection> {
        let index = self.illegal_window.expect("open window");
        let text = self.illegal[index].text.clone();
        let side = self.illegal[index].side;
        let pass = text == PRESS_WITHOUT_MOVE;
        if !pass && self.rules.leaves_unpromoted_pawn(&self.pos, &text) {
            self.unpromoted = Some((side, self.pos.clone(), text.clone()));
        }
        let next = if pass {
            self.rules.pass(&self.pos)
        } else {
            self.rules.play_unlawful(&self.pos, &text)
        };
        let Some(next) = next else {
            return Err(Rejection::IllegalMoveCannotStand { side, text });
        };
        // It resets the 50/75-move count only as a pawn move or a capture
        // would (L-9.3, L-9.6b); a press without a move moves nothing.
        let zeroing = !pass && self.rules.unlawful_is_zeroing(&self.pos, &text);
        self.pos = next;
        let made_at = self.illegal[index].at;
        self.plies.push(Ply {
            side,
            mv: if pass {
                PlyMove::Pass
            } else {
                PlyMove::Unlawful(text.clone())
            },
            made_at,
            completed_at: Some(made_at),
            draw_offer: false,
            clock_after: None,
        });
        self.illegal_window = None;
        if zeroing {
            self.quiet_plies = 0;
            self.reps.clear();
        } else {
            self.quiet_plies += 1;
        }
        let id = self.rules.identity(&self.pos);
        self.reps.record(id);
        let art = self.art(Article::IllegalMoveWindow);
        self.notes.push(format!(
            "{side}'s illegal move {text} stands: not claimed in time ({art})"
        ));
        Ok(())
    }

    // ----- touch-move (Art. 4) ------------------------------------------

    /// A man touched with intent (L-4.3): it binds the player having the
    /// move, rejects an open offer (9.1, by edition), costs the draw claim
    /// on this move from 2017 (9.4), and ends the player's right to claim
    /// the opponent's breach (L-4.8).
    fn on_touch(
        &mut self,
        side: Side,
        square: &str,
        man: Option<u32>,
        at: u64,
    ) -> Result<(), Rejection> {
        let key = self.square_key(square)?;
        let n = man.unwrap_or(1);
        let who =
            self.rules
                .touched_man(&self.pos, &key, n)
                .ok_or_else(|| Rejection::NoManToTouch {
                    square: key.clone(),
                    man: n,
                })?;
        let to_move = self.turn();
        if side != to_move || self.illegal_window.is_some() {
            return Err(Rejection::TouchNotOnMove { side, to_move });
        }
        self.touch.records.push(TouchRecord {
            at,
            side,
            square: key.clone(),
            man,
            kind: TouchKind::Touch,
            out_of_turn: false,
        });
        self.touch.claimant_acted(side);
        self.touch.touch(
            side,
            Touched {
                square: key,
                man: n,
                who,
            },
        );
        let p = self.config.provisions;
        if p.touch_rejects_offer() {
            self.reject_offer_by(side);
        }
        if p.touch_loses_draw_claim() {
            self.touched = Some((side, self.plies.len()));
        }
        Ok(())
    }

    /// A man adjusted after saying so (L-4.2): no obligation. Adjusting
    /// when it is not one's move breaks 4.2: noted for
    /// the arbiter, who may penalise it.
    fn on_adjust(&mut self, side: Side, square: &str, at: u64) -> Result<(), Rejection> {
        let key = self.square_key(square)?;
        let out_of_turn = side != self.turn();
        if out_of_turn {
            self.notes.push(format!(
                "{side} adjusted the man on {key} when it was not his move: only the player having the move may adjust ({}); the arbiter may penalise it",
                self.art(Article::Adjust)
            ));
        }
        self.touch.records.push(TouchRecord {
            at,
            side,
            square: key,
            man: None,
            kind: TouchKind::Adjust,
            out_of_turn,
        });
        Ok(())
    }

    fn square_key(&self, square: &str) -> Result<String, Rejection> {
        self.rules
            .square_key(square)
            .ok_or_else(|| Rejection::NoSuchSquare {
                square: crate::log::cut(square, 16),
            })
    }

    /// The man an illegal move moved was touched with intent, and so was a
    /// man of the opponent's on the square it went to: the move that
    /// replaces it is governed by the touch-move rule (7.5.1; 2005 7.4(a);
    /// the Tavreli rules, art. 7.4, whose «п. 4.3» is read as their 4.2).
    fn touch_illegal_man(&mut self, side: Side, text: &str) {
        // Moving, even unlawfully, he touched a man: his claim is gone.
        self.touch.claimant_acted(side);
        let Some((from, to)) = self.rules.unlawful_from_to(&self.pos, text) else {
            return;
        };
        let own = |w: &TouchedMan| w.owner == side;
        let from_man = self.rules.touched_man(&self.pos, &from, 1).filter(own);
        let to_man = self
            .rules
            .touched_man(&self.pos, &to, 1)
            .filter(|w| !own(w));
        for (square, who) in [(from, from_man), (to, to_man)] {
            if let Some(who) = who {
                self.touch.touch(
                    side,
                    Touched {
                        square,
                        man: 1,
                        who,
                    },
                );
            }
        }
    }

    /// Before `side` plays `mv`: if his touches bound another move, the
    /// move stands but is open to the opponent's claim (L-4.8).
    fn judge_touches(&mut self, side: Side, mv: &R::Move, at: u64) {
        // Moving, the opponent touched a man: his claim is gone.
        self.touch.claimant_acted(side);
        let touched = self.touch.take(side);
        let ob =
            crate::touch::obligation(&self.rules, &self.config.provisions, &self.pos, &touched);
        if let Obligation::Bound { moves, rule, what } = ob
            && !moves.contains(mv)
        {
            let article = self.art(rule);
            self.touch.breaches.push(TouchMoveBreach {
                at,
                side,
                ply: self.plies.len(),
                obligation: what.to_string(),
                duty: what,
                article,
                claimed: false,
            });
            self.touch.open = Some(OpenBreach {
                side,
                ply: self.plies.len(),
                touched,
                index: self.touch.breaches.len() - 1,
            });
        }
    }

    /// A touch-move claim: upheld, the breaking move is taken back and the
    /// player must meet his obligation (the arbiter may add a penalty,
    /// 12.9; 2005 13.4); otherwise nothing changes.
    fn touch_move_claim(&mut self, side: Side, at: u64) {
        let claim_art = self.art(Article::TouchMoveClaim);
        let claimable = self
            .touch
            .open
            .as_ref()
            .is_some_and(|b| b.side == side.other() && b.ply < self.plies.len());
        let open = if claimable {
            self.touch.open.take()
        } else {
            None
        };
        let Some(b) = open else {
            let reason = format!(
                "no breach of the touch-move rule by {} is open to {side}'s claim ({claim_art})",
                side.other()
            );
            self.notes
                .push(format!("touch-move claim by {side} rejected: {reason}"));
            self.touch.claims.push(TouchMoveClaim {
                at,
                side,
                upheld: false,
                reason,
            });
            return;
        };
        let completed = self.plies[b.ply].completed_at.is_some();
        self.truncate(b.ply);
        if completed {
            self.timing.retract(b.side, at);
        }
        self.touch.restore(b.side, b.touched);
        if self.config.provisions.touch_loses_draw_claim() {
            self.touched = Some((b.side, self.plies.len()));
        }
        let breach = &mut self.touch.breaches[b.index];
        breach.claimed = true;
        let reason = format!(
            "{}'s move is taken back: he must {} ({}; {claim_art})",
            b.side, breach.obligation, breach.article
        );
        self.notes
            .push(format!("touch-move claim by {side} upheld: {reason}"));
        self.touch.claims.push(TouchMoveClaim {
            at,
            side,
            upheld: true,
            reason,
        });
    }

    // ----- draw offers (L-9.1) -----------------------------------------

    fn on_offer(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        if let Some(n) = self.config.draw_offers_from_move {
            let number = self.rules.fullmove_number(&self.pos);
            if number < n {
                return Err(Rejection::OffersNotYet {
                    from_move: n,
                    number,
                });
            }
        }
        if let Some(o) = self.offer
            && o.by == side.other()
            && self.agreement_allowed()
        {
            // Offering back is accepting (the offer stands until answered).
            return self.on_accept(side, at);
        }
        let after_own_move = self
            .plies
            .last()
            .is_some_and(|p| p.side == side && p.completed_at.is_none());
        if !after_own_move && self.config.provisions.offer_out_of_time_warns() {
            // The offer stands all the same (the Tavreli rules, art. 9.1).
            self.notes.push(format!(
                "{side} offered a draw other than between his move and the press: the offer stands, but breaks 12.5 (the Tavreli rules, art. 9.1)"
            ));
            self.penalty(at, side, PenaltyKind::Warning, None);
        }
        // Before both players have moved (2017+) only the agreement is
        // forbidden (5.2.3): the offer itself is valid and stays open until a
        // move of the opponent rejects it or it is accepted (9.1.2.1).
        self.offer = Some(DrawOffer {
            by: side,
            at,
            ply: self.ply_for_offer(side),
        });
        // "(=)" goes with the offerer's move: the one just made, or his next.
        if let Some(last) = self.plies.last_mut()
            && last.side == side
            && last.completed_at.is_none()
        {
            last.draw_offer = true;
        }
        Ok(())
    }

    /// The ply count at which an offer by `side` was made: an offer made after
    /// the player's own (uncompleted) move belongs to that move.
    fn ply_for_offer(&self, side: Side) -> usize {
        match self.plies.last() {
            Some(p) if p.side == side && p.completed_at.is_none() => self.plies.len() - 1,
            _ => self.plies.len(),
        }
    }

    /// May a draw be agreed now? From 2017 only after both players have
    /// made a move (L-5.2c, L-9.1f).
    fn agreement_allowed(&self) -> bool {
        !self.config.provisions.agreement_needs_a_move_each()
            || (self.moves_made(Side::White) > 0 && self.moves_made(Side::Black) > 0)
    }

    /// A claim is also a draw offer (L-9.1e). It does none of the things
    /// that end an open offer by the opponent (9.1.2.1), so that offer
    /// stands, and the claim offered back accepts it. Otherwise the claim
    /// becomes the claimant's own offer.
    fn claim_as_offer(&mut self, side: Side, at: u64) {
        match self.offer {
            Some(o) if o.by == side.other() => {
                if self.agreement_allowed() {
                    self.notes.push(format!(
                        "{side}'s claim is also a draw offer (9.1.2.3): it accepts {}'s open offer",
                        side.other()
                    ));
                    self.end(GameResult::Draw, Termination::Agreement, at);
                }
            }
            _ => {
                self.offer = Some(DrawOffer {
                    by: side,
                    at,
                    ply: self.plies.len(),
                })
            }
        }
    }

    fn on_accept(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        let Some(o) = self.offer else {
            return Err(Rejection::NoOfferToAccept { side });
        };
        if o.by == side {
            return Err(Rejection::OwnOffer { side });
        }
        if !self.agreement_allowed() {
            return Err(Rejection::AgreementTooEarly);
        }
        self.end(GameResult::Draw, Termination::Agreement, at);
        Ok(())
    }

    fn on_decline(&mut self, side: Side) -> Result<(), Rejection> {
        match self.offer {
            Some(o) if o.by != side => {
                self.offer = None;
                if self.quickplay == Some(QuickplayClaim::Increment(side.other())) {
                    // The opponent refused; the arbiter decides (G-III.4).
                }
                Ok(())
            }
            _ => Err(Rejection::NoOfferToDecline { side }),
        }
    }

    // ----- claims (Art. 9, G-III, A.5) ---------------------------------

    fn on_claim(
        &mut self,
        side: Side,
        claim: ClaimKind,
        intended: Option<&str>,
        at: u64,
    ) -> Result<(), Rejection> {
        match claim {
            ClaimKind::Threefold | ClaimKind::FiftyMoves => {
                self.draw_claim(side, claim, intended, at)
            }
            ClaimKind::IllegalMove => match self.illegal_window {
                Some(i) if self.illegal[i].side == side.other() => {
                    self.act_on_illegal(i, at);
                    Ok(())
                }
                _ => Err(Rejection::NoIllegalMoveToClaim { side }),
            },
            ClaimKind::Time => self.on_flag(side.other(), at),
            ClaimKind::TouchMove => {
                self.touch_move_claim(side, at);
                Ok(())
            }
            ClaimKind::QuickplayFinish | ClaimKind::Increment => {
                self.on_quickplay_claim(side, claim, at)
            }
        }
    }

    /// How often the position will have appeared once `intended` is made
    /// (L-9.2b), or has appeared now when no move is intended.
    fn occurrences_after(&self, intended: Option<&R::Move>) -> u32 {
        match intended {
            Some(m) if self.rules.is_irreversible(&self.pos, m) => 1,
            Some(m) => self.reps.count(&self.rules.identity_after(&self.pos, m)) + 1,
            None => self.reps.last_count(),
        }
    }

    /// What resets the 50-move count in this game (L-9.3), for the words
    /// of a wrong claim.
    fn move_count(&self) -> MoveCount {
        match (
            self.rules.variant(),
            self.config.provisions.new_tower_resets_move_count(),
        ) {
            (Variant::Chess, _) => MoveCount::PawnOrCapture,
            (_, false) => MoveCount::RatnikOrCapture,
            (_, true) => MoveCount::RatnikOrNewTower,
        }
    }

    /// Can `side` claim now? Returns the termination on success, or why not.
    fn verify_draw_claim(
        &self,
        claim: ClaimKind,
        intended: Option<&R::Move>,
    ) -> Result<Termination, WrongClaim> {
        match claim {
            ClaimKind::Threefold => {
                let count = self.occurrences_after(intended);
                if count >= 3 {
                    Ok(Termination::ThreefoldClaim)
                } else {
                    Err(WrongClaim::Repetition { count })
                }
            }
            ClaimKind::FiftyMoves => {
                if !self.rules.has_move_count_rules() {
                    return Err(WrongClaim::NoMoveCountRule);
                }
                let plies = match intended {
                    Some(m) if self.resets_move_count(m) => 0,
                    Some(_) => self.quiet_plies + 1,
                    None => self.quiet_plies,
                };
                if plies >= 100 {
                    Ok(Termination::FiftyMovesClaim)
                } else {
                    Err(WrongClaim::FiftyMoves {
                        plies,
                        counts: self.move_count(),
                    })
                }
            }
            _ => unreachable!("not a draw claim"),
        }
    }

    fn draw_claim(
        &mut self,
        side: Side,
        claim: ClaimKind,
        intended: Option<&str>,
        at: u64,
    ) -> Result<(), Rejection> {
        if side != self.turn() || self.illegal_window.is_some() {
            return Err(Rejection::DrawClaimNotOnMove {
                to_move: self.turn(),
            });
        }
        if self.touched == Some((side, self.plies.len())) {
            return Err(Rejection::TouchedPiece { side });
        }
        let intended_move = match intended {
            None => None,
            Some(text) => match self.rules.parse_move(&self.pos, text) {
                MoveInput::Legal(m) => Some(Ok(m)),
                MoveInput::Illegal { reason } => Some(Err(reason)),
                MoveInput::Malformed { reason, column } => {
                    return Err(Rejection::MalformedIntended {
                        column: column + 1,
                        reason,
                    });
                }
            },
        };
        // 9.2.1 / 9.3: the position or the 50 moves with the intended move
        // played, *or* as they stand now (the Laws 2005, 9.2/9.3 "или"): either
        // makes the claim correct.
        let now = self.verify_draw_claim(claim, None);
        let verdict = match &intended_move {
            None => now,
            Some(intended) => match (intended, now) {
                (_, Ok(t)) => Ok(t),
                (Err(reason), Err(_)) => Err(WrongClaim::IllegalIntended {
                    reason: reason.clone(),
                }),
                (Ok(m), Err(_)) => self.verify_draw_claim(claim, Some(m)),
            },
        };
        match verdict {
            Ok(termination) => {
                self.end(GameResult::Draw, termination, at);
            }
            Err(why) => {
                // L-9.5c: the opponent gets time (2005: the claimant also loses time).
                let left = self.timing.remaining(side, at).unwrap_or(i64::MAX);
                let pen = self.config.provisions.wrong_claim(left);
                let given = self.timing.add(side.other(), pen.to_opponent, at);
                self.penalty(
                    at,
                    side,
                    PenaltyKind::IncorrectClaim,
                    given.ok().map(|_| pen.to_opponent),
                );
                if pen.from_claimant > 0
                    && self.timing.has_clock()
                    && self.timing.add(side, -pen.from_claimant, at).is_ok()
                {
                    self.penalty(
                        at,
                        side,
                        PenaltyKind::ClaimantTimeCut,
                        Some(pen.from_claimant),
                    );
                }
                self.notes.push(format!("incorrect claim by {side}: {why}"));
                self.last_wrong_claim = Some(why);
                self.claim_as_offer(side, at);
                // The intended move must now be played (9.5.3), unless the
                // claim, as an offer, has just agreed a draw.
                if let Some(Ok(m)) = intended_move
                    && self.outcome.is_none()
                {
                    self.play_legal(side, m, at);
                }
            }
        }
        Ok(())
    }

    fn on_quickplay_claim(
        &mut self,
        side: Side,
        claim: ClaimKind,
        at: u64,
    ) -> Result<(), Rejection> {
        let p = self.config.provisions;
        if !p.quickplay_finish_available(
            self.config.quickplay_announced,
            self.timing.has_increment(),
        ) {
            return Err(Rejection::NoQuickplayFinish);
        }
        if claim == ClaimKind::Increment && !p.increment_request_exists() {
            return Err(Rejection::NoIncrementRequest);
        }
        if side != self.turn() {
            return Err(Rejection::QuickplayNotOnMove {
                to_move: self.turn(),
            });
        }
        if let Some(c) = self.timing.clock()
            && !c.in_final_period(side)
        {
            return Err(Rejection::QuickplayNotFinalPeriod {
                side,
                period: c.period(side),
            });
        }
        match self.timing.remaining(side, at) {
            Some(ms) if ms > 0 && ms < 2 * MINUTE => {}
            Some(ms) => {
                return Err(Rejection::QuickplayTimeLeft { side, ms });
            }
            None => return Err(Rejection::QuickplayNeedsClock),
        }
        self.quickplay = Some(match claim {
            ClaimKind::Increment => QuickplayClaim::Increment(side),
            _ => QuickplayClaim::Draw(side),
        });
        if p.quickplay_claim_is_offer(claim == ClaimKind::Increment) {
            self.claim_as_offer(side, at);
        }
        if self.outcome.is_some() {
            self.quickplay = None;
        }
        Ok(())
    }

    // ----- resignation, flags, arrival ---------------------------------

    fn on_resign(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        if self
            .config
            .provisions
            .resignation_draw_if_opponent_cannot_mate()
            && self.mateability_now(side.other()) == Mateability::Impossible
        {
            self.end(GameResult::Draw, Termination::Resignation, at);
        } else {
            self.end(
                GameResult::win_for(side.other()),
                Termination::Resignation,
                at,
            );
        }
        Ok(())
    }

    /// `side`'s flag is seen to have fallen (L-6.8, L-6.9, L-6.9b).
    fn on_flag(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        if !self.timing.has_clock() {
            // No clock in the log: the arbiter's observation is the fact.
            self.time_forfeit(side, at);
            return Ok(());
        }
        let Some(fell) = self.timing.flag_fell_at(side, at) else {
            let left = self.timing.remaining(side, at).unwrap_or(0);
            return Err(Rejection::FlagNotFallen { side, left });
        };
        if let Some(other_fell) = self.timing.flag_fell_at(side.other(), at) {
            // Both flags are down (L-6.9b).
            let p = self.config.provisions;
            if p.both_flags_always_draw() {
                self.end(GameResult::Draw, Termination::TimeForfeit, at);
                return Ok(());
            }
            if p.time_claim_needs_own_time() {
                return Err(Rejection::ClaimantFlagDown {
                    claimant: side.other(),
                });
            }
            if fell == other_fell || !p.flag_order_from_clock() {
                // Which fell first cannot be established (2005 art. 6.12).
                if p.both_flags_play_on() {
                    return Err(Rejection::BothFlagsSameInstant);
                }
                if self.timing.in_last_period(side) {
                    self.end(GameResult::Draw, Termination::TimeForfeit, at);
                    return Ok(());
                }
                return Err(Rejection::BothFlagsNotLastPeriod);
            }
            // An electronic clock shows which flag fell first (2017 interpretation).
            let first = if fell < other_fell {
                side
            } else {
                side.other()
            };
            self.time_forfeit(first, fell.min(other_fell));
            return Ok(());
        }
        if self.config.provisions.time_claim_needs_own_time()
            && self
                .timing
                .remaining(side.other(), at)
                .is_some_and(|ms| ms <= 0)
        {
            return Err(Rejection::ClaimantHasNoTime);
        }
        self.time_forfeit(side, fell);
        Ok(())
    }

    /// L-6.7: a player arriving after the default time loses.
    /// Under the header's `lag_from_arrival`: the lag taken back from a
    /// completed move's clock is given back to the opponent, whose clock
    /// started at the compensated instant `at` though the move reached the
    /// hall only `lag_ms` later; so his clock runs from the arrival.
    pub fn credit_lag_to_opponent(&mut self) {
        self.lag_from_arrival = true;
    }

    fn credit_arrival(&mut self, ev: &Event, at: u64) {
        if let Event::Move {
            side,
            press: true,
            lag_ms: Some(lag),
            ..
        } = ev
            && self.lag_from_arrival
            && self.outcome.is_none()
            && let Ok(ms) = i64::try_from(*lag)
        {
            let _ = self.timing.add(side.other(), ms, at);
        }
    }

    /// The clock's start (L-6.6): the log's instant 0, so it stands only at
    /// 0 and before any move; it changes nothing else, since a log's clock
    /// runs from 0 whether or not it says so.
    fn on_start(&mut self, at: u64) -> Result<(), Rejection> {
        if at > 0 || self.last_at > 0 || !self.plies.is_empty() {
            return Err(Rejection::Clock(ClockRefusal::AlreadyStarted));
        }
        Ok(())
    }

    fn on_arrive(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        if self.arrived[side.index()] {
            return Err(Rejection::AlreadyArrived { side });
        }
        self.arrived[side.index()] = true;
        let default = self
            .config
            .provisions
            .default_time(self.config.default_time);
        if at as i64 > default {
            self.notes.push(format!(
                "{side} arrived {at} ms after the start; default time is {default} ms ({})",
                self.art(Article::DefaultTime)
            ));
            self.penalty(at, side, PenaltyKind::LateArrival, None);
            self.end(GameResult::win_for(side.other()), Termination::Arbiter, at);
        }
        Ok(())
    }

    // ----- the arbiter -------------------------------------------------

    /// A player stops the clocks to call the arbiter (FIDE Laws 2017,
    /// 6.12.2; 2005, 6.13): during the game only; the arbiter's `resume`
    /// restarts them. The side is the log's record of who called.
    fn on_call_arbiter(&mut self, _side: Side, at: u64) -> Result<(), Rejection> {
        if self.outcome.is_some() {
            return Err(Rejection::GameOverForArbiter);
        }
        self.timing.pause(at)
    }

    fn on_arbiter(&mut self, a: &ArbiterAction, at: u64) -> Result<(), Rejection> {
        use ActionKind::*;
        let over = self.outcome.is_some();
        let playing_only = matches!(
            a.action,
            Pause
                | Resume
                | AddTime
                | DeductTime
                | WrongInitialPosition
                | BoardOrientation
                | ReversedColours
                | Restore
                | IllegalMove
                | QuickplayAccept
                | QuickplayPostpone
                | QuickplayReject
                | QuickplayIncrement
                | Retrace
                | ClockOnly
        );
        if over && playing_only {
            // Irregularities are put right "during a game" (7.2–7.6); a
            // finished game is changed only by declaring its result.
            return Err(Rejection::GameOverForArbiter);
        }
        match a.action {
            Pause => self.timing.pause(at),
            Resume => self.timing.resume(at),
            AddTime | DeductTime => {
                let (s, m) = (need_side(a)?, need_ms(a)?);
                self.arbiter_time(a.action == AddTime, s, m, at)
            }
            Warning | IncreasePoints | ReducePoints | DeclareLost | Fine | ExcludeRounds
            | Expel => self.arbiter_penalty(a, at),
            DeclareResult => self.declare_result(a, at),
            WrongInitialPosition | BoardOrientation => self.setup_irregularity(a),
            ReversedColours => {
                self.reversed_colours(a);
                Ok(())
            }
            DisplacedPieces => {
                self.notes.push(format!(
                    "pieces displaced{}: the correct position is restored ({})",
                    a.side.map(|s| format!(" by {s}")).unwrap_or_default(),
                    self.art(Article::DisplacedPieces)
                ));
                Ok(())
            }
            Restore => {
                let n = a.ply.ok_or(Rejection::RestoreNeedsPly)? as usize;
                if n > self.plies.len() {
                    return Err(Rejection::RestoreBeyond {
                        ply: n,
                        played: self.plies.len(),
                    });
                }
                self.truncate(n);
                Ok(())
            }
            TwoHands => self.two_hands(need_side(a)?, at),
            IllegalMove => match self.illegal_window {
                Some(i) => {
                    self.act_on_illegal(i, at);
                    Ok(())
                }
                None => Err(Rejection::NoIllegalMoveForArbiter),
            },
            QuickplayAccept | QuickplayPostpone | QuickplayReject | QuickplayIncrement => {
                self.quickplay_decision(a, at)
            }
            Retrace => self.retrace(a, at),
            ClockOnly => {
                // The moves after this one were not seen: the position
                // stops here and the presses alone count (a clock-only log).
                self.config.clock_only = true;
                self.notes.push(format!(
                    "from {at} ms the clock no longer follows the board"
                ));
                Ok(())
            }
        }
    }

    /// The arbiter's penalties of 12.9 (2017+) and 13.4 (2005), time aside:
    /// a warning, points, a declared loss, a fine, exclusion, expulsion.
    fn arbiter_penalty(&mut self, a: &ArbiterAction, at: u64) -> Result<(), Rejection> {
        use ActionKind::*;
        let kind = match a.action {
            Warning => PenaltyKind::Warning,
            IncreasePoints => PenaltyKind::IncreasePoints,
            ReducePoints => PenaltyKind::ReducePoints,
            DeclareLost => PenaltyKind::DeclareLost,
            Fine => PenaltyKind::Fine,
            ExcludeRounds => PenaltyKind::ExcludeRounds,
            _ => PenaltyKind::Expel,
        };
        if !self.config.provisions.penalty_allowed(kind) {
            return Err(Rejection::PenaltyNotInEdition {
                kind,
                edition: self.config.provisions.edition,
            });
        }
        let offender = need_side(a)?;
        match kind {
            PenaltyKind::IncreasePoints => {
                // 12.9.4: the opponent's points raised to the game maximum.
                let o = offender.other().index();
                let current = self.score().map(|p| p[o]).unwrap_or(0.0);
                self.points_delta[o] += self.config.scoring.win - current;
            }
            PenaltyKind::ReducePoints => {
                let by = check_points(a.points)?.unwrap_or(self.config.scoring.draw);
                self.points_delta[offender.index()] -= by;
            }
            PenaltyKind::DeclareLost => {
                check_points(a.points)?;
                self.penalty(at, offender, PenaltyKind::DeclareLost, None);
                self.declare_lost(offender, a.points, at);
                return Ok(());
            }
            _ => {}
        }
        self.penalty(at, offender, kind, None);
        Ok(())
    }

    /// 12.9.6: the game declared lost; 11.8: a second loss makes both lose.
    fn declare_lost(&mut self, loser: Side, points: Option<f64>, at: u64) {
        match &self.outcome {
            Some(o)
                if o.termination == Termination::Arbiter
                    && o.result == GameResult::win_for(loser) =>
            {
                self.outcome = Some(Outcome {
                    result: GameResult::BothLose,
                    termination: Termination::Arbiter,
                    at,
                });
                // The score the first declaration gave the opponent is his
                // no more: he has lost too.
                self.points_override = None;
            }
            _ => {
                self.outcome = None;
                self.end(GameResult::win_for(loser.other()), Termination::Arbiter, at);
                if let Some(p) = points {
                    // The arbiter also decides the opponent's score (12.9.6).
                    let mut pts = [0.0, 0.0];
                    pts[loser.other().index()] = p;
                    self.points_override = Some(pts);
                }
            }
        }
    }

    /// The arbiter declares the result (Art. 5, 12.9.6, a quickplay-finish
    /// decision taken later).
    fn declare_result(&mut self, a: &ArbiterAction, at: u64) -> Result<(), Rejection> {
        let text = a.result.as_deref().ok_or(Rejection::ResultMissing)?;
        let result = GameResult::parse(text).ok_or_else(|| Rejection::UnknownResult {
            text: text.to_string(),
        })?;
        if result == GameResult::Ongoing {
            return Err(Rejection::ResultNotFinal);
        }
        self.outcome = None;
        self.end(result, Termination::Arbiter, at);
        if let Some(reason) = &a.reason {
            self.notes
                .push(format!("result declared by the arbiter: {reason}"));
        }
        Ok(())
    }

    /// 7.2: a wrong initial position or a wrongly placed board (L-A.5.1: in
    /// reduced play not after the edition's number of moves each).
    fn setup_irregularity(&mut self, a: &ArbiterAction) -> Result<(), Rejection> {
        if let Some(n) = self.config.provisions.setup_claim_cutoff()
            && self.completed_moves_each() >= n
        {
            return Err(Rejection::SetupClaimTooLate { moves: n });
        }
        if a.action == ActionKind::WrongInitialPosition {
            // 7.2.1 / 2005 7.1(a): the game is annulled and a new one played.
            let art = self.art(Article::WrongInitialPosition);
            self.notes.push(format!(
                "wrong initial position: the game is annulled and restarted ({art})"
            ));
            self.restart();
        } else {
            let art = self.art(Article::BoardOrientation);
            self.notes.push(format!("board wrongly placed: the position is transferred to a correct board, play continues ({art})"));
        }
        Ok(())
    }

    /// 7.3: the colours were reversed.
    fn reversed_colours(&mut self, a: &ArbiterAction) {
        let restart = self
            .config
            .provisions
            .reversed_colours_restart(self.completed_moves_each(), a.restart);
        let art = self.art(Article::ReversedColours);
        if restart {
            self.notes.push(format!(
                "colours reversed: the game is replayed with the correct colours ({art})"
            ));
            self.restart();
            self.colours_swapped = !self.colours_swapped;
        } else {
            self.notes
                .push(format!("colours reversed: the game continues ({art})"));
        }
    }

    /// L-7.5d: a move made with two hands and completed counts on the
    /// illegal-move ladder from 2017 (7.5.4); in 2005 it is a 4.1 offence.
    fn two_hands(&mut self, s: Side, at: u64) -> Result<(), Rejection> {
        if !self.config.provisions.two_hands_is_illegal() {
            return Err(Rejection::TwoHandsNotIllegal);
        }
        // The move stands; the offence counts on the illegal-move ladder (7.5.4).
        self.illegal.push(IllegalMove {
            at,
            side: s,
            text: "(two hands)".into(),
            reason: "a move made with two hands and completed (7.5.4)".into(),
            counted: false,
        });
        self.act_on_illegal(self.illegal.len() - 1, at);
        Ok(())
    }

    /// The arbiter's `add_time` / `deduct_time` (12.9.2, 12.9.3, 2005 13.4):
    /// applied and reported, or refused with its reason — never reported
    /// without being applied.
    fn arbiter_time(&mut self, add: bool, s: Side, m: i64, at: u64) -> Result<(), Rejection> {
        if !self.timing.has_clock() {
            return Err(Rejection::NoClockToChange);
        }
        let (delta, kind) = if add {
            (m, PenaltyKind::AddTime)
        } else {
            (-m, PenaltyKind::DeductTime)
        };
        self.timing
            .add(s, delta, at)
            .map_err(|e| Rejection::TimeNotApplied {
                action: kind.key().to_string(),
                ms: m,
                cause: Box::new(e),
            })?;
        self.penalty(at, s, kind, Some(m));
        Ok(())
    }

    fn quickplay_decision(&mut self, a: &ArbiterAction, at: u64) -> Result<(), Rejection> {
        let Some(claim) = self.quickplay else {
            return Err(Rejection::NoQuickplayPending);
        };
        let claimant = match claim {
            QuickplayClaim::Draw(s) | QuickplayClaim::Increment(s) => s,
        };
        let extra = a.ms.unwrap_or(2 * MINUTE);
        if extra < 0 {
            return Err(Rejection::QuickplayNeedsMs {
                action: format!("{:?}", a.action),
            });
        }
        let refused = |e: Rejection| Rejection::TimeNotApplied {
            action: format!("{:?}", a.action),
            ms: extra,
            cause: Box::new(e),
        };
        match a.action {
            ActionKind::QuickplayAccept => {
                self.quickplay = None;
                self.end(GameResult::Draw, Termination::Arbiter, at);
            }
            ActionKind::QuickplayPostpone => {
                // The final decision comes later (declare_result or
                // quickplay_accept); who gets the two minutes is the
                // edition's answer (2005 10.2(b) vs G-III.5).
                let to = if self
                    .config
                    .provisions
                    .postponed_quickplay_time_to_claimant()
                {
                    claimant
                } else {
                    claimant.other()
                };
                self.timing.add(to, extra, at).map_err(refused)?;
                self.penalty(at, to, PenaltyKind::QuickplayPostponedTime, Some(extra));
            }
            ActionKind::QuickplayReject => {
                self.timing
                    .add(claimant.other(), extra, at)
                    .map_err(refused)?;
                self.quickplay = None;
                self.penalty(at, claimant, PenaltyKind::QuickplayRejected, Some(extra));
            }
            ActionKind::QuickplayIncrement => {
                if !self.config.provisions.increment_request_exists() {
                    return Err(Rejection::NoIncrementToGive);
                }
                let inc = a.ms.unwrap_or(5_000);
                self.timing.set_increment(inc, at).map_err(refused)?;
                self.quickplay = None;
                self.offer = None;
                let given = self.timing.add(claimant.other(), 2 * MINUTE, at);
                self.penalty(
                    at,
                    claimant,
                    PenaltyKind::QuickplayIncrement,
                    given.ok().map(|_| 2 * MINUTE),
                );
            }
            _ => unreachable!(),
        }
        Ok(())
    }

    /// Plays one recorded ply on the current position.
    fn step(&mut self, p: &Ply<R::Move>) {
        self.pos = Self::after(&self.rules, &self.pos, &p.mv);
    }

    /// The position after a recorded ply.
    fn after(rules: &R, pos: &R::Position, mv: &PlyMove<R::Move>) -> R::Position {
        match mv {
            PlyMove::Legal(m) => {
                let mut next = pos.clone();
                rules.play(&mut next, m);
                next
            }
            PlyMove::Unlawful(text) => rules
                .play_unlawful(pos, text)
                .unwrap_or_else(|| pos.clone()),
            PlyMove::Pass => rules.pass(pos).unwrap_or_else(|| pos.clone()),
        }
    }

    /// The position after the first `n` plies of the record.
    pub fn position_after(&self, n: usize) -> R::Position {
        let mut pos = self.start.clone();
        for p in self.plies.iter().take(n) {
            pos = Self::after(&self.rules, &pos, &p.mv);
        }
        pos
    }

    /// Each ply in the rule set's written notation (SAN for chess); an
    /// unlawful move that stood is given as it was written.
    pub fn move_texts(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.plies.len());
        for p in &self.plies {
            out.push(match &p.mv {
                PlyMove::Legal(m) => self.rules.move_text(&pos, m),
                PlyMove::Unlawful(t) => t.clone(),
                PlyMove::Pass => "--".to_string(),
            });
            pos = Self::after(&self.rules, &pos, &p.mv);
        }
        out
    }

    fn restart(&mut self) {
        self.truncate(0);
    }

    /// Reinstates the position after the first `n` plies (7.5.1, 7.6).
    fn truncate(&mut self, n: usize) {
        let kept: Vec<Ply<R::Move>> = self.plies.drain(..).take(n).collect();
        self.pos = self.start.clone();
        self.reps.clear();
        self.reps.record(self.rules.identity(&self.pos));
        self.quiet_plies = self.rules.halfmove_clock(&self.pos);
        for p in &kept {
            let (zeroing, irreversible) = match &p.mv {
                PlyMove::Legal(m) => (
                    self.resets_move_count(m),
                    self.rules.is_irreversible(&self.pos, m),
                ),
                PlyMove::Unlawful(t) => {
                    let z = self.rules.unlawful_is_zeroing(&self.pos, t);
                    (z, z)
                }
                PlyMove::Pass => (false, false),
            };
            if zeroing {
                self.quiet_plies = 0;
            } else {
                self.quiet_plies += 1;
            }
            if irreversible {
                self.reps.clear();
            }
            self.step(p);
            self.reps.record(self.rules.identity(&self.pos));
        }
        self.plies = kept;
        self.pending_illegal = None;
        self.illegal_window = None;
        self.uncompleted = [false, false];
        self.offer = None;
        self.touched = None;
        self.unpromoted = None;
        self.touch.end_turn();
        self.touch.open = None;
        self.appendix_d.reinstated();
    }

    // ----- claimability (for audits and players) -------------------------

    /// Which claims the player having the move could make correctly now,
    /// with or without an intended move (L-9.2, L-9.3).
    pub fn claimable(&self) -> Vec<ClaimKind> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        let here = self.reps.last_count();
        let threefold = here >= 3
            || (self.reps.max_count() >= 2
                // Counted, not verified: a refusal's words for every legal
                // move cost more than the rest of a ply.
                && self
                    .rules
                    .legal_moves(&self.pos)
                    .iter()
                    .any(|m| self.occurrences_after(Some(m)) >= 3));
        if threefold {
            out.push(ClaimKind::Threefold);
        }
        if self.rules.has_move_count_rules() {
            let fifty = self.quiet_plies >= 100
                || (self.quiet_plies >= 99
                    && self
                        .rules
                        .legal_moves(&self.pos)
                        .iter()
                        .any(|m| !self.resets_move_count(m)));
            if fifty {
                out.push(ClaimKind::FiftyMoves);
            }
        }
        out
    }
}

// ----- Appendix D: the two boards of a blind player's game -----------------
//
// The Laws from 2017, Appendix D; the Laws 2005, the Supplement's items
// 1–10. Every article is cited by the edition's own number
// (`Provisions::article_in`).

impl<R: RuleSet> Game<R> {
    /// `side` announces `text` (D.2.1): the move on his board not yet
    /// completed. A second announcement before the press corrects a slip
    /// of the tongue (D.2.8); after the press it is refused, since the
    /// boards are then the arbiter's to compare (D.2.9).
    fn on_announce(&mut self, side: Side, text: &str, at: u64) -> Result<(), Rejection> {
        if !self.appendix_d.any() {
            return Err(Rejection::NotUnderAppendixD);
        }
        let (ply, differs) = if self.config.clock_only {
            // The clock does not see the board: what is announced is all
            // it knows of the move, so nothing can differ from it.
            if self.timing.clock().is_some_and(|c| c.on_move() != side) {
                return Err(Rejection::AnnounceAfterPress { side });
            }
            (None, false)
        } else if let Some(p) = self.pending_illegal.as_ref().filter(|p| p.side == side) {
            (None, p.text.trim() != text.trim())
        } else if self.uncompleted[side.index()] {
            match self
                .plies
                .iter()
                .rposition(|p| p.side == side && p.completed_at.is_none())
            {
                Some(i) => (Some(i), !self.names_ply(i, text)),
                None => (None, false),
            }
        } else if side == self.turn() {
            return Err(Rejection::NothingToAnnounce { side });
        } else {
            return Err(Rejection::AnnounceAfterPress { side });
        };
        self.appendix_d
            .announce(at, side, ply, text.trim(), differs);
        Ok(())
    }

    /// Whether `text`, read in the position before ply `i`, is the move
    /// played there (compared as the rule set writes moves).
    fn names_ply(&self, i: usize, text: &str) -> bool {
        let before = self.position_after(i);
        match (&self.plies[i].mv, self.rules.parse_move(&before, text)) {
            (PlyMove::Legal(m), MoveInput::Legal(a)) => {
                self.rules.move_text(&before, m) == self.rules.move_text(&before, &a)
            }
            _ => false,
        }
    }

    /// After an accepted event: a new move on the board needs a new
    /// announcement; a press closes the announcement window (D.2.8), and
    /// an announcement that still names another move than the board's
    /// leaves the two boards different (D.2.9), noted for the arbiter.
    fn after_appendix_d(&mut self, ev: &Event, at: u64) {
        if !self.appendix_d.any() {
            return;
        }
        let pressed = match ev {
            Event::Move { side, press, .. } => {
                self.appendix_d.new_move(*side);
                press.then_some(*side)
            }
            Event::Press { side } => Some(*side),
            _ => None,
        };
        let Some(side) = pressed else { return };
        if let Some(r) = self.appendix_d.pressed(side) {
            let art = self.art(Article::BoardsDiffer);
            let who = self.official();
            self.notes.push(format!(
                "{side} announced {} at {at} ms, but his move on the board is another: the two boards differ; the {who} compares both scoresheets ({art})",
                r.mv
            ));
        }
    }

    /// "arbiter" or, in the 2005 Supplement, "controller".
    fn official(&self) -> &'static str {
        match self.config.provisions.blind_rules_official() {
            arbiter_rules::provisions::BlindRulesOfficial::Arbiter => "arbiter",
            arbiter_rules::provisions::BlindRulesOfficial::Controller => "controller",
        }
    }

    /// The half-moves a retrace may go back over: the record's, or on a
    /// clock that does not see the board, the moves its presses completed.
    fn plies_played(&self) -> usize {
        let pressed = self.timing.clock().map_or(0, |c| {
            (c.moves_completed(Side::White) + c.moves_completed(Side::Black)) as usize
        });
        if self.config.clock_only {
            self.plies.len().max(pressed)
        } else {
            self.plies.len()
        }
    }

    /// The arbiter's `retrace` (D.2.9; 2005 Supplement, item 8): the
    /// scoresheets disagree, so the moves after `ply` are cancelled and
    /// the clocks set; play goes on with the clock of the side to move
    /// running. The clocks are set first: a time the clock refuses leaves
    /// the game as it was.
    fn retrace(&mut self, a: &ArbiterAction, at: u64) -> Result<(), Rejection> {
        if !self.appendix_d.any() {
            return Err(Rejection::NotUnderAppendixD);
        }
        let n = a.ply.ok_or(Rejection::RetraceNeedsPly)? as usize;
        let played = self.plies_played();
        if n > played {
            return Err(Rejection::RetraceBeyond { ply: n, played });
        }
        let clocks = match (a.white_ms, a.black_ms) {
            (Some(w), Some(b)) if w >= 0 && b >= 0 => Some([w, b]),
            _ if !self.timing.has_clock() => None,
            _ => return Err(Rejection::RetraceNeedsClocks),
        };
        let first = self.rules.turn(&self.start);
        let mut moves = [0u32; 2];
        for i in 0..n {
            let s = if i % 2 == 0 { first } else { first.other() };
            moves[s.index()] += 1;
        }
        let on_move = if n.is_multiple_of(2) {
            first
        } else {
            first.other()
        };
        if let Some(c) = clocks {
            self.timing.readjust(at, on_move, c, moves)?;
        }
        let kept = n.min(self.plies.len());
        let cancelled = self.move_texts().split_off(kept);
        self.truncate(kept);
        let art = self.art(Article::BoardsDiffer);
        let who = self.official();
        self.notes.push(format!(
            "the two boards differed and the scoresheets disagree: the moves after ply {n} are retraced, the {who} readjusts the clocks ({art})"
        ));
        self.appendix_d.retraces.push(RetraceRecord {
            at,
            ply: n,
            cancelled,
            white_ms: clocks.map(|c| c[0]),
            black_ms: clocks.map(|c| c[1]),
        });
        Ok(())
    }
}
