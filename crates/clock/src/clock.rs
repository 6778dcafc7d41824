//! The chess clock (Article 6) as a pure state machine.
//!
//! The clock never reads a wall clock: every call carries `at`, the milliseconds
//! since White's clock was started (the `at` of the event log, docs/event-log.md). Between
//! two calls the running side's time is computed, not sampled, so the instant of
//! a flag fall is known exactly even when no event happened at that instant
//! (L-6.1, L-6.4).

use crate::tc::{Period, TimeControl};
use arbiter_rules::{Edition, Provisions, Regime, Side, Supervision};
use serde::{Deserialize, Serialize};

/// The largest `at` (and the largest adjustment) the clock accepts, in ms
/// (about 31,700 years). Bounding inputs keeps every sum far inside `i64`.
pub const MAX_AT_MS: u64 = arbiter_rules::rejection::CLOCK_MAX_MS;
/// 2005 art. 6.7: a player more than one hour late loses (CFG-4).
pub const DEFAULT_TIME_2005_MS: u64 = 3_600_000;
/// 8.4: the recording exemption starts below five minutes…
pub const RECORDING_THRESHOLD_MS: i64 = 300_000;
/// …unless 30 s or more are added with each move.
pub const RECORDING_INCREMENT_MS: u64 = 30_000;
/// 2005 10.2, G-III.4/III.5: the claim needs under two minutes on the clock.
pub const QUICKPLAY_THRESHOLD_MS: i64 = 120_000;
/// 2005 10.2(b)(c), G-III.4/III.5: the two extra minutes.
pub const QUICKPLAY_EXTRA_MS: i64 = 120_000;
/// G-III.4: the five-second increment introduced for both players.
pub const G_III_4_INCREMENT_MS: u64 = 5_000;

/// When the Fischer increment is credited (CFG-9, catalogue Q6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IncrementTiming {
    /// At the clock press that completes the move (most electronic clocks, and
    /// what "added for every move" means when a move is only complete at the
    /// press, L-6.2a). The default.
    #[default]
    AtPress,
    /// The DGT convention, after the 2017 glossary's "prior to each move": each
    /// side is credited the increment of its next move in advance, so both
    /// clocks of 5+3 start at 5:03, and the press of move n credits move n+1's.
    /// The two timings always differ by exactly one increment.
    BeforeMove,
}

/// Who calls a flag (CFG-8, L-6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagObservation {
    /// The software is the observing arbiter: a flag counts as fallen at its
    /// exact instant (2017+; 2005 standard play, and 2005 rapid/blitz with
    /// adequate supervision).
    #[default]
    Automatic,
    /// A flag counts only when a player claims it; the arbiter does not signal
    /// it (2005 rapid/blitz with inadequate supervision). The clock still
    /// computes the instant, so a claim can be checked.
    OnClaim,
}

impl FlagObservation {
    /// The default of the Laws in force, as [`Provisions::flag_called_automatically`]
    /// answers it: 2005 rapid/blitz under reduced supervision and July-2017
    /// reduced play (where A.4.5 only lets the arbiter call a flag, and the
    /// software does not unless the log asks it to) wait for a claim. From
    /// 2018 the arbiter "shall" call a flag he sees, and the software always
    /// sees it.
    pub fn default_for(edition: Edition, regime: Regime, supervision: Supervision) -> Self {
        Self::of(&Provisions::new(edition, regime, supervision))
    }

    /// The observation mode the given Laws prescribe (CFG-8, L-6.8).
    pub fn of(p: &Provisions) -> Self {
        if p.flag_called_automatically() {
            FlagObservation::Automatic
        } else {
            FlagObservation::OnClaim
        }
    }
}

/// The settings of a clock that the time control does not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockSettings {
    /// The edition of the Laws whose Article 6 the clock follows (default
    /// time, quickplay finish, both flags down).
    pub edition: Edition,
    /// CFG-9.
    pub increment_timing: IncrementTiming,
    /// CFG-8.
    pub observation: FlagObservation,
    /// Catalogue Q5: does a delay (US or Bronstein) of 30 s or more count as
    /// "additional time of 30 seconds or more added with each move" for 8.4?
    /// Default `true`.
    pub delay_counts_for_8_4: bool,
    /// The default time of 6.7 in ms (the header's `default_time`); `None` means
    /// the edition's: one hour in 2005 (6.7), zero from 2017 (6.7.1).
    pub default_time_ms: Option<u64>,
    /// CFG-7: the event announced Guidelines III (2017+); in 2005 art. 10 is in
    /// the Laws and this is ignored.
    pub guidelines_iii: bool,
}

impl ClockSettings {
    /// The defaults for an edition: increment at the press, flags called
    /// automatically, delay counts for 8.4, the edition's default time, no
    /// Guidelines III.
    pub fn new(edition: Edition) -> Self {
        ClockSettings {
            edition,
            increment_timing: IncrementTiming::AtPress,
            observation: FlagObservation::Automatic,
            delay_counts_for_8_4: true,
            default_time_ms: None,
            guidelines_iii: false,
        }
    }
    /// [`ClockSettings::new`] with the observation mode of the regime and supervision.
    pub fn for_game(edition: Edition, regime: Regime, supervision: Supervision) -> Self {
        ClockSettings {
            observation: FlagObservation::default_for(edition, regime, supervision),
            ..ClockSettings::new(edition)
        }
    }
    /// The default time in force (6.7, CFG-4).
    pub fn default_time(&self) -> u64 {
        self.default_time_ms
            .unwrap_or(self.laws().edition_default_time().max(0) as u64)
    }

    /// The table of the Laws for this clock's edition. The clock asks it only
    /// the questions whose answer depends on the edition alone (default time,
    /// quickplay finish, both flags, flag claims), so the regime and
    /// supervision given here do not matter; the observation mode, which
    /// does depend on them, is a setting of its own.
    pub fn laws(&self) -> Provisions {
        Provisions::new(self.edition, Regime::Standard, Supervision::Full)
    }
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings::new(Edition::default())
    }
}

/// What a press means, as the Laws core has judged it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PressKind {
    /// A legal move is completed (L-6.2a): increment, Bronstein add-back, move
    /// count, period change, and the opponent's clock starts.
    Move,
    /// An illegal move was completed (Art. 7) and the position is restored, or
    /// (from 2017) the clock was pressed without a move. The time used up to now
    /// stays charged; nothing is credited (no increment, no Bronstein add-back);
    /// the move does not count; the offender's clock keeps running, delay
    /// included, because he still has to make the same move (catalogue Q6).
    Illegal,
}

/// Why the clock refused an event. The clock is unchanged after an error.
/// The enum is the vocabulary's [`arbiter_rules::ClockRefusal`], so the Laws
/// report a clock refusal without translating it.
pub use arbiter_rules::ClockRefusal as ClockError;

/// Where every millisecond of a side's main time came from. The identity
/// `main = initial + increments + bronstein + periods + adjustments + sand −
/// (running − delay)` holds after every event (the conservation law the tests
/// check against an independent model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    /// The first period's time.
    pub initial_ms: i64,
    /// Fischer increments credited.
    pub increments_ms: i64,
    /// Bronstein add-backs credited.
    pub bronstein_ms: i64,
    /// Time of later periods credited when a period's moves were completed.
    pub periods_ms: i64,
    /// Arbiter adjustments (positive = added).
    pub adjustments_ms: i64,
    /// Sandclock time received from the opponent's running.
    pub sand_ms: i64,
    /// Time this side's clock ran.
    pub running_ms: i64,
    /// Part of `running_ms` absorbed by the US delay (main time untouched).
    pub delay_ms: i64,
}

impl Ledger {
    /// The main time this ledger accounts for.
    pub fn balance(&self) -> i64 {
        self.initial_ms
            + self.increments_ms
            + self.bronstein_ms
            + self.periods_ms
            + self.adjustments_ms
            + self.sand_ms
            - (self.running_ms - self.delay_ms)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct SideState {
    /// Main time left at `Clock::last_at`; negative after a flag fall.
    main: i64,
    /// Index into the periods of the period in force.
    period_idx: usize,
    /// The period's number, 1-based, counting repetitions of a last period.
    period_no: u32,
    moves_in_period: u32,
    moves_completed: u32,
    /// US delay left of the current move (meaningful while it is his move).
    delay_left: u64,
    /// Running time of the current move (for Bronstein).
    turn_elapsed: u64,
    fell_at: Option<u64>,
    /// Lowest main time seen in the current period (8.4 "at some stage").
    min_in_period: i64,
    arrived_at: Option<u64>,
    illegal_presses: u32,
    ledger: Ledger,
    /// What the side's last completed move credited, while it can still be
    /// retracted (until the opponent completes a move).
    last_press: Option<PressRecord>,
}

/// The credits of one press and the period state before it, to undo it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PressRecord {
    out: PressOutcome,
    period_idx: usize,
    period_no: u32,
    moves_in_period: u32,
    min_in_period: i64,
}

/// A flag that fell: whose, and at which exact ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagFall {
    /// Whose flag.
    pub side: Side,
    /// The instant it fell, ms since White's clock was started.
    pub at: u64,
}

/// What a [`Clock::press`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressOutcome {
    /// Fischer increment credited by this press.
    pub increment_ms: u64,
    /// Bronstein time given back by this press.
    pub bronstein_ms: u64,
    /// Time of a new period credited by this press.
    pub period_ms: u64,
    /// The new period's number (1-based) when this press completed a period.
    pub new_period: Option<u32>,
    /// The pressing side's flag had already fallen at this instant (known now,
    /// computed exactly; L-6.9 is the Laws core's).
    pub flag_fell_at: Option<u64>,
}

/// A claim that the opponent's flag has fallen, as the clock sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagClaim {
    /// When the opponent's flag fell, if it has.
    pub opponent_fell_at: Option<u64>,
    /// When the claimant's own flag fell, if it has.
    pub claimant_fell_at: Option<u64>,
    /// 2005 rapid/blitz with flags on claim: the claimant's own flag must still
    /// be up (both down is a draw). July 2017 A.4.3 has a similar condition in
    /// reduced supervision, which the Laws core knows about; the clock does not.
    pub claimant_flag_must_be_up: bool,
}

impl FlagClaim {
    /// The claim is correct as far as the clock goes (L-6.9's "cannot mate"
    /// draw is the Laws core's).
    pub fn upheld(&self) -> bool {
        self.opponent_fell_at.is_some()
            && !(self.claimant_flag_must_be_up && self.claimant_fell_at.is_some())
    }
}

/// A late arrival (6.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    /// Who arrived.
    pub side: Side,
    /// When, ms since the scheduled start (White's clock was started then).
    pub at: u64,
    /// The default time in force.
    pub default_time_ms: u64,
    /// Arrived after the default time: loses unless the arbiter decides
    /// otherwise (2017 6.7.1; 2005 6.7 "more than one hour").
    pub after_default_time: bool,
}

/// Both flags fallen: what the edition says (2005 6.12; 2017+ G-III.3.1, which
/// applies only where Guidelines III were announced).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ruling", rename_all = "snake_case")]
pub enum BothFlags {
    /// The clock establishes which fell first (an electronic clock always can,
    /// 2017 interpretation; 6.12 only applies "if it is impossible to
    /// establish"): L-6.9 applies to that side.
    FirstFell {
        /// Whose flag fell first.
        side: Side,
        /// When it fell, ms.
        at: u64,
    },
    /// It cannot be established (both at the same ms) and it happened in a
    /// period other than the last: play on (2005 6.12a, G-III.3.1.1).
    Continue,
    /// It cannot be established and it happened in the all-remaining-moves
    /// period (2005 6.12b, G-III.3.1.2), or: 2005 rapid/blitz with flags only
    /// on claim, where both flags down is a draw whatever the order (the
    /// claimant's own flag must still be up).
    Draw,
    /// 2017+ without Guidelines III and no order known: the Laws are silent,
    /// the arbiter decides.
    ArbiterDecides,
}

/// An input to the clock, for callers that keep events as data (the live
/// driver, the tests, a log fold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
///
/// Every `at` is in ms since White's clock was started; each variant is the
/// [`Clock`] method of the same name given as data.
pub enum ClockEvent {
    /// [`Clock::press`]: `side` stops his clock (L-6.2a).
    Press {
        /// Who pressed.
        side: Side,
        /// When.
        at: u64,
        /// A completed legal move or not, as the Laws core judged it.
        kind: PressKind,
    },
    /// [`Clock::pause`]: the arbiter stops both clocks (L-6.11).
    Pause {
        /// When.
        at: u64,
    },
    /// [`Clock::resume`]: the arbiter starts the clocks again.
    Resume {
        /// When.
        at: u64,
    },
    /// [`Clock::adjust`]: time added to or deducted from `side` (L-6.10,
    /// 7.5, 12.9).
    Adjust {
        /// Whose clock.
        side: Side,
        /// When.
        at: u64,
        /// Added when positive, deducted when negative, ms.
        delta_ms: i64,
    },
    /// [`Clock::arrive`]: `side` arrives at the board (L-6.7a).
    Arrive {
        /// Who arrived.
        side: Side,
        /// When.
        at: u64,
    },
    /// [`Clock::switch_to_increment`]: G-III.4, an increment for both players
    /// for the rest of the game.
    SwitchToIncrement {
        /// When.
        at: u64,
        /// The increment per move from now on, ms.
        increment_ms: u64,
    },
    /// [`Clock::retract_move`].
    Retract {
        /// Whose move is taken back.
        side: Side,
        /// When.
        at: u64,
    },
    /// No change, only let time pass (records a flag fall up to `at`).
    Advance {
        /// Up to when, ms.
        at: u64,
    },
}

impl ClockEvent {
    /// The instant of the event, ms since White's clock was started.
    pub fn at(&self) -> u64 {
        match *self {
            ClockEvent::Press { at, .. }
            | ClockEvent::Pause { at }
            | ClockEvent::Resume { at }
            | ClockEvent::Adjust { at, .. }
            | ClockEvent::Arrive { at, .. }
            | ClockEvent::SwitchToIncrement { at, .. }
            | ClockEvent::Retract { at, .. }
            | ClockEvent::Advance { at } => at,
        }
    }
}

/// A serialisable view of the clock at an instant (for `replay --json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSnapshot {
    /// The instant viewed, ms since White's clock was started.
    pub at: u64,
    /// White's main time left, ms (negative once his flag has fallen).
    pub white_ms: i64,
    /// Black's main time left, ms (negative once his flag has fallen).
    pub black_ms: i64,
    /// 1-based period number per side, `[white, black]`.
    pub period: [u32; 2],
    /// Moves completed per side, `[white, black]`.
    pub moves: [u32; 2],
    /// Exact flag instants per side, `[white, black]`.
    pub flag_at: [Option<u64>; 2],
    /// The side whose clock runs (or will run on resume).
    pub on_move: Side,
    /// The arbiter has paused the clocks (L-6.11).
    pub paused: bool,
}

/// The clock. Create it with [`Clock::new`]; White's clock runs from `at = 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    periods: Vec<Period>,
    sandclock: bool,
    settings: ClockSettings,
    sides: [SideState; 2],
    on_move: Side,
    paused: bool,
    last_at: u64,
    increment_override: Option<u64>,
}

fn check_at(at: u64) -> Result<(), ClockError> {
    if at > MAX_AT_MS {
        Err(ClockError::OutOfRange { value: at })
    } else {
        Ok(())
    }
}

impl Clock {
    /// A clock set to `tc`, White's clock running from `at = 0` (6.6 / 2005 6.5).
    /// Errors for `?`, `-` and an empty period list.
    pub fn new(tc: &TimeControl, settings: ClockSettings) -> Result<Clock, ClockError> {
        let (periods, sandclock) = match tc {
            // Bounded like every other input (MAX_AT_MS), so that no sum of
            // them can overflow, whatever a caller builds by hand.
            TimeControl::Periods(p) if !p.is_empty() => (
                p.iter()
                    .map(|p| Period {
                        moves: p.moves,
                        time_ms: p.time_ms.min(MAX_AT_MS),
                        increment_ms: p.increment_ms.min(MAX_AT_MS),
                        delay_ms: p.delay_ms.min(MAX_AT_MS),
                        bronstein_ms: p.bronstein_ms.min(MAX_AT_MS),
                    })
                    .collect::<Vec<_>>(),
                false,
            ),
            TimeControl::Sandclock(ms) => (
                vec![Period {
                    time_ms: (*ms).min(MAX_AT_MS),
                    ..Period::default()
                }],
                true,
            ),
            _ => return Err(ClockError::NoTimeControl),
        };
        let p0 = periods[0];
        let initial = p0.time_ms.min(MAX_AT_MS) as i64;
        let side = SideState {
            main: initial,
            period_idx: 0,
            period_no: 1,
            moves_in_period: 0,
            moves_completed: 0,
            delay_left: p0.delay_ms,
            turn_elapsed: 0,
            fell_at: None,
            min_in_period: initial,
            arrived_at: None,
            illegal_presses: 0,
            last_press: None,
            ledger: Ledger {
                initial_ms: initial,
                ..Ledger::default()
            },
        };
        let mut clock = Clock {
            periods,
            sandclock,
            settings,
            sides: [side.clone(), side],
            on_move: Side::White,
            paused: false,
            last_at: 0,
            increment_override: None,
        };
        if settings.increment_timing == IncrementTiming::BeforeMove {
            for s in Side::BOTH {
                let inc = clock.increment_of(s);
                clock.credit_increment(s, inc);
            }
        }
        for s in Side::BOTH {
            clock.check_fall_now(s, 0);
        }
        Ok(clock)
    }

    // ----- internals -------------------------------------------------------

    fn side(&self, s: Side) -> &SideState {
        &self.sides[s.index()]
    }
    fn side_mut(&mut self, s: Side) -> &mut SideState {
        &mut self.sides[s.index()]
    }
    fn period_of(&self, s: Side) -> &Period {
        &self.periods[self.side(s).period_idx]
    }
    fn increment_of(&self, s: Side) -> u64 {
        self.increment_override
            .unwrap_or(self.period_of(s).increment_ms)
    }
    fn credit_increment(&mut self, s: Side, inc: u64) {
        let st = self.side_mut(s);
        st.main = st.main.saturating_add(inc as i64);
        st.ledger.increments_ms = st.ledger.increments_ms.saturating_add(inc as i64);
    }
    fn is_running(&self, s: Side) -> bool {
        !self.paused && self.on_move == s
    }

    /// A side whose main time is ≤ 0 outside a running delay has flagged at `at`
    /// (after an adjustment, or a control with no time).
    fn check_fall_now(&mut self, s: Side, at: u64) {
        let delay_pending = self.on_move == s && self.side(s).delay_left > 0;
        let st = self.side_mut(s);
        if st.fell_at.is_none() && st.main <= 0 && !delay_pending {
            st.fell_at = Some(at);
        }
    }

    fn check_order(&self, at: u64) -> Result<(), ClockError> {
        check_at(at)?;
        if at < self.last_at {
            return Err(ClockError::TimeWentBackwards {
                at,
                last_at: self.last_at,
            });
        }
        Ok(())
    }

    /// Let time run from `last_at` to `at` (already validated).
    fn sync(&mut self, at: u64) {
        let dt = at - self.last_at;
        if !self.paused && dt > 0 {
            let from = self.last_at;
            let s = self.on_move;
            let sand = self.sandclock;
            let st = self.side_mut(s);
            let d0 = st.delay_left.min(dt);
            st.delay_left -= d0;
            let charge = (dt - d0) as i64;
            let before = st.main;
            if st.fell_at.is_none() && st.delay_left == 0 {
                if before <= 0 {
                    st.fell_at = Some(from + d0);
                } else if charge >= before {
                    st.fell_at = Some(from + d0 + before as u64);
                }
            }
            st.main = st.main.saturating_sub(charge);
            st.turn_elapsed = st.turn_elapsed.saturating_add(dt);
            st.ledger.running_ms = st.ledger.running_ms.saturating_add(dt as i64);
            st.ledger.delay_ms = st.ledger.delay_ms.saturating_add(d0 as i64);
            st.min_in_period = st.min_in_period.min(st.main);
            if sand {
                let o = self.side_mut(s.other());
                o.main = o.main.saturating_add(dt as i64);
                o.ledger.sand_ms = o.ledger.sand_ms.saturating_add(dt as i64);
            }
        }
        self.last_at = at;
    }

    fn start_turn(&mut self, s: Side) {
        let delay = self.period_of(s).delay_ms;
        let st = self.side_mut(s);
        st.delay_left = delay;
        st.turn_elapsed = 0;
    }

    // ----- events ----------------------------------------------------------

    /// A clock press by `side` at `at`.
    ///
    /// [`PressKind::Move`] completes a move: Bronstein add-back, the increment
    /// (at the press, or the next move's in advance under
    /// [`IncrementTiming::BeforeMove`]), the move count, and on completing a
    /// period's moves the next period's time (saved time carries over, L-6.3b);
    /// then the opponent's clock starts with a fresh delay (unused delay is
    /// never banked, 6.3.2). [`PressKind::Illegal`]: see there.
    ///
    /// A press after one's own flag fell is accepted (the game goes on until a
    /// claim in [`FlagObservation::OnClaim`]); the outcome says when it fell.
    pub fn press(
        &mut self,
        side: Side,
        at: u64,
        kind: PressKind,
    ) -> Result<PressOutcome, ClockError> {
        self.check_order(at)?;
        if self.paused {
            return Err(ClockError::Paused);
        }
        if side != self.on_move {
            return Err(ClockError::NotOnMove {
                side,
                on_move: self.on_move,
            });
        }
        self.sync(at);
        let mut out = PressOutcome::default();
        let before = {
            let st = self.side(side);
            PressRecord {
                out,
                period_idx: st.period_idx,
                period_no: st.period_no,
                moves_in_period: st.moves_in_period,
                min_in_period: st.min_in_period,
            }
        };
        if kind == PressKind::Illegal {
            self.side_mut(side).illegal_presses += 1;
            out.flag_fell_at = self.side(side).fell_at;
            return Ok(out);
        }
        // Bronstein: give back the time used for this move, up to the delay.
        let b = self
            .period_of(side)
            .bronstein_ms
            .min(self.side(side).turn_elapsed);
        if b > 0 {
            let st = self.side_mut(side);
            st.main = st.main.saturating_add(b as i64);
            st.ledger.bronstein_ms = st.ledger.bronstein_ms.saturating_add(b as i64);
        }
        out.bronstein_ms = b;
        if self.settings.increment_timing == IncrementTiming::AtPress && !self.sandclock {
            let inc = self.increment_of(side);
            self.credit_increment(side, inc);
            out.increment_ms = inc;
        }
        let last_idx = self.periods.len() - 1;
        let target = self.period_of(side).moves;
        {
            let st = self.side_mut(side);
            st.moves_completed += 1;
            st.moves_in_period += 1;
        }
        if target.is_some_and(|n| self.side(side).moves_in_period >= n) {
            let next = (self.side(side).period_idx + 1).min(last_idx);
            let add = self.periods[next].time_ms as i64;
            let st = self.side_mut(side);
            st.period_idx = next;
            st.period_no += 1;
            st.moves_in_period = 0;
            st.main = st.main.saturating_add(add);
            st.ledger.periods_ms = st.ledger.periods_ms.saturating_add(add);
            st.min_in_period = st.main;
            out.period_ms = add as u64;
            out.new_period = Some(st.period_no);
        }
        if self.settings.increment_timing == IncrementTiming::BeforeMove && !self.sandclock {
            let inc = self.increment_of(side);
            self.credit_increment(side, inc);
            out.increment_ms = inc;
        }
        self.side_mut(side).last_press = Some(PressRecord { out, ..before });
        self.side_mut(side.other()).last_press = None;
        self.on_move = side.other();
        self.start_turn(side.other());
        // Main time at or below zero with no delay pending is a fallen flag, on
        // either side (an adjustment inside a delay can leave exactly that).
        self.check_fall_now(side, at);
        self.check_fall_now(side.other(), at);
        out.flag_fell_at = self.side(side).fell_at;
        Ok(out)
    }

    /// The arbiter pauses the clocks (6.11 / 2005 6.13). The running side's
    /// delay left is kept for the resume.
    pub fn pause(&mut self, at: u64) -> Result<(), ClockError> {
        self.check_order(at)?;
        if self.paused {
            return Err(ClockError::AlreadyPaused);
        }
        self.sync(at);
        self.paused = true;
        Ok(())
    }

    /// The arbiter restarts the clocks; the side on move runs again.
    pub fn resume(&mut self, at: u64) -> Result<(), ClockError> {
        self.check_order(at)?;
        if !self.paused {
            return Err(ClockError::NotPaused);
        }
        self.sync(at);
        self.paused = false;
        Ok(())
    }

    /// The arbiter adds (`delta_ms > 0`) or deducts time (7.5.5, 9.5, 12.9,
    /// 2005 7.4b/9.5b/13.4, 10.2, G-III). A deduction to zero or below makes the
    /// flag fall at `at` (unless a delay is still running for that side).
    pub fn adjust(&mut self, side: Side, at: u64, delta_ms: i64) -> Result<(), ClockError> {
        self.check_order(at)?;
        if delta_ms.unsigned_abs() > MAX_AT_MS {
            return Err(ClockError::OutOfRange {
                value: delta_ms.unsigned_abs(),
            });
        }
        self.sync(at);
        let st = self.side_mut(side);
        st.main = st.main.saturating_add(delta_ms);
        st.ledger.adjustments_ms = st.ledger.adjustments_ms.saturating_add(delta_ms);
        st.min_in_period = st.min_in_period.min(st.main);
        self.check_fall_now(side, at);
        Ok(())
    }

    /// A player arrives at the board (6.7). The clock has been running since
    /// the scheduled start (White's, 6.7.2 / 2005 6.6), so nothing changes in
    /// the times; the result says whether he came after the default time.
    pub fn arrive(&mut self, side: Side, at: u64) -> Result<Arrival, ClockError> {
        self.check_order(at)?;
        if self.side(side).arrived_at.is_some() {
            return Err(ClockError::AlreadyArrived { side });
        }
        self.sync(at);
        self.side_mut(side).arrived_at = Some(at);
        let d = self.settings.default_time();
        Ok(Arrival {
            side,
            at,
            default_time_ms: d,
            after_default_time: at > d,
        })
    }

    /// G-III.4: the arbiter introduces an increment (5 s in the Guidelines,
    /// [`G_III_4_INCREMENT_MS`]) for both players from now on; it replaces the
    /// periods' increments. Under [`IncrementTiming::BeforeMove`] both sides
    /// get the advance credit at once, as a reprogrammed DGT clock shows it.
    /// The opponent's +2 min is a separate [`Clock::adjust`].
    pub fn switch_to_increment(&mut self, at: u64, increment_ms: u64) -> Result<(), ClockError> {
        self.check_order(at)?;
        if increment_ms > MAX_AT_MS {
            return Err(ClockError::OutOfRange {
                value: increment_ms,
            });
        }
        self.sync(at);
        let before: [u64; 2] = [
            self.increment_of(Side::White),
            self.increment_of(Side::Black),
        ];
        self.increment_override = Some(increment_ms);
        if self.settings.increment_timing == IncrementTiming::BeforeMove && !self.sandclock {
            for s in Side::BOTH {
                // Replace the advance credit already held by the new one.
                let diff = increment_ms as i64 - before[s.index()] as i64;
                let st = self.side_mut(s);
                st.main += diff;
                st.ledger.increments_ms += diff;
                self.check_fall_now(s, at);
            }
        }
        Ok(())
    }

    /// Take back `side`'s last completed move and give him the move again:
    /// for an illegal move found only after the clocks were switched (reduced
    /// rapid/blitz, L-A.5.2; 2005 rapid/blitz claims; 7.4/7.5 restorations).
    /// The credits of that press (increment, Bronstein add-back, a new period's
    /// time) are removed and the move count goes back, so the restored move
    /// does not count; the time each side has used stays charged, as the
    /// clocks stand (the arbiter may still `adjust`). `side`'s clock runs
    /// again (from `resume` if paused) with a fresh delay, as a clock restarted
    /// for a new move would. Possible only while the opponent has not completed
    /// a move since.
    pub fn retract_move(&mut self, side: Side, at: u64) -> Result<(), ClockError> {
        self.check_order(at)?;
        let rec = match self.side(side).last_press {
            Some(r) if self.on_move == side.other() => r,
            _ => return Err(ClockError::NothingToRetract { side }),
        };
        self.sync(at);
        let o = rec.out;
        let st = self.side_mut(side);
        let (inc, b, per) = (
            o.increment_ms as i64,
            o.bronstein_ms as i64,
            o.period_ms as i64,
        );
        st.main = st.main.saturating_sub(inc + b + per);
        st.ledger.increments_ms -= inc;
        st.ledger.bronstein_ms -= b;
        st.ledger.periods_ms -= per;
        st.moves_completed = st.moves_completed.saturating_sub(1);
        st.period_idx = rec.period_idx;
        st.period_no = rec.period_no;
        st.moves_in_period = rec.moves_in_period;
        st.min_in_period = rec.min_in_period.min(st.main);
        st.last_press = None;
        self.on_move = side;
        self.start_turn(side);
        // The opponent's clock stops: main time at or below zero counts now.
        self.check_fall_now(side, at);
        self.check_fall_now(side.other(), at);
        Ok(())
    }

    /// The arbiter readjusts the clocks after retracing the moves (Appendix
    /// D.2.9; 2005 Supplement, item 8): each side's main time is set to
    /// `main[side]` and his count of completed moves to `moves[side]`, the
    /// period each count reaches is in force again, and `on_move`'s clock
    /// runs (with a fresh delay), unpaused: play goes on from there. A flag
    /// is down only where the time set is zero or less. The change is the
    /// arbiter's, so the ledger books it as an adjustment.
    pub fn readjust(
        &mut self,
        at: u64,
        on_move: Side,
        main: [i64; 2],
        moves: [u32; 2],
    ) -> Result<(), ClockError> {
        self.check_order(at)?;
        for ms in main {
            if ms.unsigned_abs() > MAX_AT_MS {
                return Err(ClockError::OutOfRange {
                    value: ms.unsigned_abs(),
                });
            }
        }
        self.sync(at);
        let last_idx = self.periods.len() - 1;
        for s in Side::BOTH {
            let (mut idx, mut no, mut in_period) = (0usize, 1u32, 0u32);
            for _ in 0..moves[s.index()] {
                in_period += 1;
                if self.periods[idx].moves.is_some_and(|n| in_period >= n) {
                    idx = (idx + 1).min(last_idx);
                    no += 1;
                    in_period = 0;
                }
            }
            let new = main[s.index()];
            let st = self.side_mut(s);
            st.ledger.adjustments_ms = st.ledger.adjustments_ms.saturating_add(new - st.main);
            st.main = new;
            st.period_idx = idx;
            st.period_no = no;
            st.moves_in_period = in_period;
            st.moves_completed = moves[s.index()];
            st.min_in_period = new;
            st.fell_at = None;
            st.last_press = None;
        }
        self.paused = false;
        self.on_move = on_move;
        self.start_turn(on_move);
        for s in Side::BOTH {
            self.check_fall_now(s, at);
        }
        Ok(())
    }

    /// Starts the game with `side`'s clock instead of White's: a position set
    /// up with Black to move, as in an adjourned or composed game (Guidelines
    /// I: the clock of the player who has the move starts). Possible only
    /// before any event has been applied.
    pub fn start_with(&mut self, side: Side) -> Result<(), ClockError> {
        let fresh = self.last_at == 0
            && Side::BOTH
                .iter()
                .all(|&s| self.side(s).last_press.is_none() && self.side(s).moves_completed == 0);
        if !fresh {
            return Err(ClockError::AlreadyStarted);
        }
        self.on_move = side;
        self.start_turn(side);
        Ok(())
    }

    /// Only let time pass to `at`, recording a flag that fell on the way.
    /// Returns the flags that have fallen by `at` (ordered by instant).
    pub fn advance(&mut self, at: u64) -> Result<Vec<FlagFall>, ClockError> {
        self.check_order(at)?;
        self.sync(at);
        Ok(self.fallen())
    }

    /// Apply an event given as data.
    pub fn apply(&mut self, ev: &ClockEvent) -> Result<(), ClockError> {
        match *ev {
            ClockEvent::Press { side, at, kind } => self.press(side, at, kind).map(|_| ()),
            ClockEvent::Pause { at } => self.pause(at),
            ClockEvent::Resume { at } => self.resume(at),
            ClockEvent::Adjust { side, at, delta_ms } => self.adjust(side, at, delta_ms),
            ClockEvent::Arrive { side, at } => self.arrive(side, at).map(|_| ()),
            ClockEvent::SwitchToIncrement { at, increment_ms } => {
                self.switch_to_increment(at, increment_ms)
            }
            ClockEvent::Retract { side, at } => self.retract_move(side, at),
            ClockEvent::Advance { at } => self.advance(at).map(|_| ()),
        }
    }

    // ----- queries ---------------------------------------------------------

    /// The settings the clock was made with.
    pub fn settings(&self) -> &ClockSettings {
        &self.settings
    }
    /// The side whose clock runs (or will run on resume).
    pub fn on_move(&self) -> Side {
        self.on_move
    }
    /// The arbiter has paused the clocks (L-6.11).
    pub fn is_paused(&self) -> bool {
        self.paused
    }
    /// The `at` of the last event applied.
    pub fn last_at(&self) -> u64 {
        self.last_at
    }

    /// The main time of `side` at `at`, in ms (negative past a flag fall). Under
    /// US delay it does not move while the delay runs (see
    /// [`Clock::delay_left`]). `at` before the last event is read as the last
    /// event's instant; nothing is changed.
    pub fn remaining(&self, side: Side, at: u64) -> i64 {
        let dt = at.saturating_sub(self.last_at).min(MAX_AT_MS);
        let st = self.side(side);
        if self.paused || dt == 0 {
            return st.main;
        }
        if self.on_move == side {
            let d0 = st.delay_left.min(dt);
            st.main.saturating_sub((dt - d0) as i64)
        } else if self.sandclock {
            st.main.saturating_add(dt as i64)
        } else {
            st.main
        }
    }

    /// The US delay left of `side`'s current move at `at` (0 when not his move).
    pub fn delay_left(&self, side: Side, at: u64) -> u64 {
        if self.on_move != side {
            return 0;
        }
        let st = self.side(side);
        if self.paused {
            return st.delay_left;
        }
        st.delay_left
            .saturating_sub(at.saturating_sub(self.last_at))
    }

    /// The exact ms at which `side`'s flag falls or fell: the recorded instant
    /// if it has fallen; otherwise, if his clock is running, the instant it will
    /// fall if nothing else happens (delay first, then the main time); `None`
    /// while his clock stands (opponent on move, or paused).
    pub fn flag_at(&self, side: Side) -> Option<u64> {
        let st = self.side(side);
        if let Some(t) = st.fell_at {
            return Some(t);
        }
        if !self.is_running(side) {
            return None;
        }
        Some(
            self.last_at
                .saturating_add(st.delay_left)
                .saturating_add(st.main.max(0) as u64),
        )
    }

    /// Has `side`'s flag fallen by `at` (at or before)? The exact instant if so,
    /// whether or not an event has recorded it yet. `at` before the last event
    /// is read as the last event's instant.
    pub fn fell_by(&self, side: Side, at: u64) -> Option<u64> {
        self.flag_at(side).filter(|&f| f <= at.max(self.last_at))
    }

    /// A claim at `at` by `claimant` that the opponent's flag has fallen (L-6.8,
    /// 2005 rapid/blitz, L-A.5.3): both flags as they stand at `at`.
    pub fn flag_claim(&self, claimant: Side, at: u64) -> FlagClaim {
        FlagClaim {
            opponent_fell_at: self.fell_by(claimant.other(), at),
            claimant_fell_at: self.fell_by(claimant, at),
            claimant_flag_must_be_up: self.settings.laws().on_claim_needs_own_flag_up()
                && self.settings.observation == FlagObservation::OnClaim,
        }
    }

    /// The recorded flag fall of `side` (known up to the last event applied).
    pub fn fell_at(&self, side: Side) -> Option<u64> {
        self.side(side).fell_at
    }

    /// The flags fallen so far, earliest first.
    pub fn fallen(&self) -> Vec<FlagFall> {
        let mut v: Vec<FlagFall> = Side::BOTH
            .iter()
            .filter_map(|&s| self.side(s).fell_at.map(|at| FlagFall { side: s, at }))
            .collect();
        v.sort_by_key(|f| (f.at, f.side));
        v
    }

    /// The flag that fell first, if one has and the order is known (two flags
    /// at the same ms: `None`, see [`Clock::both_flags`]).
    pub fn first_flag(&self) -> Option<FlagFall> {
        match self.fallen()[..] {
            [] => None,
            [f] => Some(f),
            [a, b, ..] => (a.at != b.at).then_some(a),
        }
    }

    /// `None` unless both flags have fallen; then the edition's ruling.
    pub fn both_flags(&self) -> Option<BothFlags> {
        let (w, b) = (
            self.side(Side::White).fell_at?,
            self.side(Side::Black).fell_at?,
        );
        let s = &self.settings;
        let laws = s.laws();
        if laws.on_claim_both_flags_draw() && s.observation == FlagObservation::OnClaim {
            return Some(BothFlags::Draw);
        }
        if w != b {
            let side = if w < b { Side::White } else { Side::Black };
            return Some(BothFlags::FirstFell { side, at: w.min(b) });
        }
        if laws.same_instant_flags_arbiter_decides(s.guidelines_iii) {
            return Some(BothFlags::ArbiterDecides);
        }
        let last = Side::BOTH.iter().all(|&x| self.in_final_period(x));
        Some(if last {
            BothFlags::Draw
        } else {
            BothFlags::Continue
        })
    }

    /// The 1-based number of the period `side` is in (repetitions counted).
    pub fn period(&self, side: Side) -> u32 {
        self.side(side).period_no
    }
    /// The index into the time control's periods of `side`'s period.
    pub fn period_index(&self, side: Side) -> usize {
        self.side(side).period_idx
    }
    /// The period in force for `side`.
    pub fn current_period(&self, side: Side) -> Period {
        *self.period_of(side)
    }
    /// Moves `side` has completed (legal presses; restored illegal moves do not count).
    pub fn moves_completed(&self, side: Side) -> u32 {
        self.side(side).moves_completed
    }
    /// Moves `side` has completed in the current period.
    pub fn moves_in_period(&self, side: Side) -> u32 {
        self.side(side).moves_in_period
    }
    /// Moves still to make before the period's control, `None` in a period of
    /// all the remaining moves.
    pub fn moves_to_control(&self, side: Side) -> Option<u32> {
        self.period_of(side)
            .moves
            .map(|n| n.saturating_sub(self.side(side).moves_in_period))
    }
    /// Presses recorded as [`PressKind::Illegal`].
    pub fn illegal_presses(&self, side: Side) -> u32 {
        self.side(side).illegal_presses
    }
    /// The increment now in force for `side` (a G-III.4 switch included).
    pub fn increment_ms(&self, side: Side) -> u64 {
        self.increment_of(side)
    }
    /// Where `side`'s time came from (up to the last event).
    pub fn ledger(&self, side: Side) -> Ledger {
        self.side(side).ledger
    }
    /// When `side` arrived, if an `arrive` event was given.
    pub fn arrived_at(&self, side: Side) -> Option<u64> {
        self.side(side).arrived_at
    }

    /// True when `side` is in the period of all the remaining moves (no move
    /// count): the last period, G-III.1 / 2005 10.1.
    pub fn in_final_period(&self, side: Side) -> bool {
        self.period_of(side).moves.is_none()
    }

    /// 8.4 (2005 and 2017+ alike): the side is exempt from recording for the
    /// rest of the period if at some stage of it he had less than five minutes,
    /// unless 30 s or more are added with each move (an increment; a delay too
    /// when [`ClockSettings::delay_counts_for_8_4`], catalogue Q5).
    pub fn recording_exempt(&self, side: Side, at: u64) -> bool {
        let p = self.period_of(side);
        let mut added = self.increment_of(side);
        if self.settings.delay_counts_for_8_4 {
            added = added.max(p.delay_ms).max(p.bronstein_ms);
        }
        if added >= RECORDING_INCREMENT_MS {
            return false;
        }
        let low = self.side(side).min_in_period.min(self.remaining(side, at));
        low < RECORDING_THRESHOLD_MS
    }

    /// Under two minutes on `side`'s clock at `at` (2005 10.2, G-III.4/III.5).
    pub fn under_two_minutes(&self, side: Side, at: u64) -> bool {
        self.remaining(side, at) < QUICKPLAY_THRESHOLD_MS
    }

    /// May a quickplay-finish draw claim be made in this game at all? 2005: art.
    /// 10 is in the Laws, for every game but blitz (2005 B), in the final
    /// period. 2017+: only if Guidelines III were announced (III.2.1), only in
    /// standard and rapid *without increment* (III.2.2), in the final period.
    /// (The claimant must also be on move, under two minutes, before his flag.)
    pub fn quickplay_finish_applies(&self, side: Side, regime: Regime) -> bool {
        if regime == Regime::Blitz || !self.in_final_period(side) {
            return false;
        }
        if self.settings.laws().quickplay_finish_in_laws() {
            true
        } else {
            let no_increment = self.increment_override.is_none()
                && self.periods.iter().all(|p| !p.has_per_move_time());
            self.settings.guidelines_iii && no_increment
        }
    }

    /// G-III.4 (2017+ only, not in 2005): may the player on move ask for the
    /// increment instead of claiming?
    pub fn increment_request_available(&self, side: Side, regime: Regime) -> bool {
        self.settings.laws().increment_request_exists()
            && self.quickplay_finish_applies(side, regime)
    }

    /// A serialisable view at `at`.
    pub fn snapshot(&self, at: u64) -> ClockSnapshot {
        ClockSnapshot {
            at: at.max(self.last_at),
            white_ms: self.remaining(Side::White, at),
            black_ms: self.remaining(Side::Black, at),
            period: [self.period(Side::White), self.period(Side::Black)],
            moves: [
                self.moves_completed(Side::White),
                self.moves_completed(Side::Black),
            ],
            flag_at: [self.flag_at(Side::White), self.flag_at(Side::Black)],
            on_move: self.on_move,
            paused: self.paused,
        }
    }
}
