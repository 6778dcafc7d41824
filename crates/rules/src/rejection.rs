//! Why the Laws refused an event: one typed reason per refusal.
//!
//! A refused event changes nothing (the game fold, `arbiter_laws::Game`). The
//! reason carries the article it rests on ([`Rejection::article`], a
//! catalogue id) and the data a sentence needs, so a server can map it to a
//! response and a voice can say it in any language (`arbiter_notation`'s
//! `rejection::say`). Its `Display` is the English text the command line and
//! the replay report print; that text is a contract and does not change.

use crate::outcome::{GameResult, Termination};
use crate::provisions::{Article, PenaltyKind, Provisions};
use crate::{Edition, Side};
use std::fmt;

/// The largest `at` and time adjustment the clock accepts, in ms (about
/// 31,700 years; the clock's `MAX_AT_MS` is this constant). Bounding inputs
/// keeps every sum far inside `i64`.
pub const CLOCK_MAX_MS: u64 = 1_000_000_000_000_000;

/// Why the clock refused an event (the clock is unchanged after it). This is
/// the clock's own error type (`arbiter_clock::ClockError` is this enum), so
/// the Laws pass it on as it is and its words exist once.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum ClockRefusal {
    /// The time control has no clock.
    NoTimeControl,
    /// `at` is before the previous event's.
    TimeWentBackwards {
        /// The refused instant.
        at: u64,
        /// The previous event's instant.
        last_at: u64,
    },
    /// An instant or adjustment beyond [`CLOCK_MAX_MS`].
    OutOfRange {
        /// The refused value.
        value: u64,
    },
    /// The side whose clock is not running pressed.
    NotOnMove {
        /// Who pressed.
        side: Side,
        /// Whose clock runs.
        on_move: Side,
    },
    /// A press while the clocks are paused.
    Paused,
    /// `pause` while paused.
    AlreadyPaused,
    /// `resume` while running.
    NotPaused,
    /// A second arrival.
    AlreadyArrived {
        /// Who arrived twice.
        side: Side,
    },
    /// No completed move to take back.
    NothingToRetract {
        /// Whose move.
        side: Side,
    },
    /// `start_with` after the clock ran.
    AlreadyStarted,
}

impl fmt::Display for ClockRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockRefusal::NoTimeControl => {
                f.write_str("the game has no clock (time control ? or -)")
            }
            ClockRefusal::TimeWentBackwards { at, last_at } => write!(
                f,
                "time went backwards: at {at} ms is before the previous event at {last_at} ms"
            ),
            ClockRefusal::OutOfRange { value } => {
                write!(f, "{value} ms is out of range (max {CLOCK_MAX_MS})")
            }
            ClockRefusal::NotOnMove { side, on_move } => {
                write!(f, "{side} pressed, but {on_move}'s clock is running")
            }
            ClockRefusal::Paused => f.write_str("the clocks are paused"),
            ClockRefusal::AlreadyPaused => f.write_str("the clocks are already paused"),
            ClockRefusal::NotPaused => f.write_str("the clocks are not paused"),
            ClockRefusal::AlreadyArrived { side } => write!(f, "{side} has already arrived"),
            ClockRefusal::NothingToRetract { side } => {
                write!(f, "{side} has no completed move to take back")
            }
            ClockRefusal::AlreadyStarted => f.write_str("the clock has already started"),
        }
    }
}

impl std::error::Error for ClockRefusal {}

/// Why an event was refused. See the module documentation.
#[derive(Clone, Debug, PartialEq)]
pub enum Rejection {
    /// An event earlier than the one before it (the log's `at` only grows).
    TimeGoesBackwards {
        /// The refused event's instant.
        at: u64,
        /// The previous event's instant.
        last_at: u64,
    },
    /// Any event but the arbiter's after the end (Art. 5).
    GameOver {
        /// How it ended.
        result: GameResult,
        /// Why.
        termination: Termination,
        /// When (ms).
        at: u64,
    },
    /// An irregularity put right "during a game" after the end (7.2–7.6).
    GameOverForArbiter,
    /// A move by the side not on move.
    NotYourMove {
        /// Who tried.
        side: Side,
        /// Who is to move.
        to_move: Side,
    },
    /// Reduced play: the offender moves again while his completed illegal
    /// move is open to the opponent's claim (L-A.5.2).
    IllegalMoveOpen {
        /// The offender.
        side: Side,
        /// His move as written.
        text: String,
    },
    /// Text that is no move (the rule set's words, 1-based column).
    Malformed {
        /// 1-based column of the fault.
        column: usize,
        /// The rule set's reason.
        reason: String,
    },
    /// The intended move of a draw claim is no move (L-9.2c, L-9.3).
    MalformedIntended {
        /// 1-based column of the fault.
        column: usize,
        /// The rule set's reason.
        reason: String,
    },
    /// A press while the clocks are paused.
    ClocksPaused,
    /// A press by the side whose clock stands.
    ClockNotRunning {
        /// Who pressed.
        side: Side,
    },
    /// The clock refused the change.
    Clock(ClockRefusal),
    /// `pause` in a game without a clock.
    NoClockToPause,
    /// `resume` in a game without a clock.
    NoClockToResume,
    /// 2005: a press without a move is improper clock handling, not a move
    /// (L-7.5c, 2005 6.8c and 13.4).
    PressWithoutMoveIsNoMove {
        /// Who pressed.
        side: Side,
    },
    /// A press with no made move to complete.
    NothingToComplete {
        /// Who pressed.
        side: Side,
    },
    /// Reduced play: an unclaimed illegal move the rule set cannot play, so
    /// it cannot stand (L-A.5.2).
    IllegalMoveCannotStand {
        /// The offender.
        side: Side,
        /// His move as written.
        text: String,
    },
    /// CFG-5: no draw offers before this move (9.1.1).
    OffersNotYet {
        /// The first move offers are allowed.
        from_move: u32,
        /// The move now.
        number: u32,
    },
    /// Acceptance with no open offer (L-9.1).
    NoOfferToAccept {
        /// Who accepted.
        side: Side,
    },
    /// Acceptance of one's own offer.
    OwnOffer {
        /// Who accepted.
        side: Side,
    },
    /// L-5.2c: agreement before both have moved (2017+).
    AgreementTooEarly,
    /// Declining with no offer by the opponent.
    NoOfferToDecline {
        /// Who declined.
        side: Side,
    },
    /// A claim of an illegal move with none open (L-A.5.2).
    NoIllegalMoveToClaim {
        /// The claimant.
        side: Side,
    },
    /// A 9.2/9.3 claim by the player not on move.
    DrawClaimNotOnMove {
        /// Who is to move.
        to_move: Side,
    },
    /// L-9.4: a piece touched to be moved loses the claim on this move.
    TouchedPiece {
        /// The claimant.
        side: Side,
    },
    /// No quickplay finish here (2005 art. 10, G-III.2).
    NoQuickplayFinish,
    /// The G-III.4 increment request in the 2005 Laws.
    NoIncrementRequest,
    /// The arbiter's G-III.4 increment in the 2005 Laws.
    NoIncrementToGive,
    /// A quickplay-finish claim by the player not on move.
    QuickplayNotOnMove {
        /// Who is to move.
        to_move: Side,
    },
    /// The claimant is not in the last period (2005 10.1, G-III.1).
    QuickplayNotFinalPeriod {
        /// The claimant.
        side: Side,
        /// His period (1-based).
        period: u32,
    },
    /// The claimant has two minutes or more, or no time (2005 10.2, G-III.4).
    QuickplayTimeLeft {
        /// The claimant.
        side: Side,
        /// His time (ms).
        ms: i64,
    },
    /// A quickplay-finish claim in a game without a clock.
    QuickplayNeedsClock,
    /// A flag reported before it fell (L-6.8).
    FlagNotFallen {
        /// Whose flag.
        side: Side,
        /// His time left (ms).
        left: i64,
    },
    /// July 2017 A.4.3: both flags down, the claimant has no time himself.
    ClaimantFlagDown {
        /// The claimant.
        claimant: Side,
    },
    /// July 2017 A.4.3: the claimant's own clock shows no time.
    ClaimantHasNoTime,
    /// Tavreli 6.11: both flags in the same ms, play on.
    BothFlagsSameInstant,
    /// 6.12a / G-III.3: both flags down before the last period, play on.
    BothFlagsNotLastPeriod,
    /// A second arrival (L-6.7).
    AlreadyArrived {
        /// Who arrived twice.
        side: Side,
    },
    /// An arbiter action that needs a side.
    ActionNeedsSide {
        /// The action's name.
        action: String,
    },
    /// An arbiter action that needs a non-negative `ms`.
    ActionNeedsMs {
        /// The action's name.
        action: String,
    },
    /// A 12.9 penalty the edition's list lacks (2005 13.4).
    PenaltyNotInEdition {
        /// The penalty.
        kind: PenaltyKind,
        /// The edition.
        edition: Edition,
    },
    /// Points outside `[0, max]` (CFG-6).
    PointsOutOfRange {
        /// The refused points.
        points: f64,
        /// The most a game may give.
        max: f64,
    },
    /// `declare_result` without a result.
    ResultMissing,
    /// `declare_result` with an unreadable result.
    UnknownResult {
        /// The text.
        text: String,
    },
    /// `declare_result` with `*`.
    ResultNotFinal,
    /// L-A.5.1: no set-up claim after this many moves each.
    SetupClaimTooLate {
        /// The cut-off.
        moves: u32,
    },
    /// `restore` without a ply.
    RestoreNeedsPly,
    /// `restore` beyond the plies played.
    RestoreBeyond {
        /// The asked ply.
        ply: usize,
        /// Plies played.
        played: usize,
    },
    /// 2005: two hands are a 4.1 offence, not an illegal move (L-7.5d).
    TwoHandsNotIllegal,
    /// The arbiter's `illegal_move` with none open.
    NoIllegalMoveForArbiter,
    /// A time change in a game without a clock.
    NoClockToChange,
    /// A time change the clock refused (its amount out of range).
    TimeNotApplied {
        /// The action as the log or the report names it.
        action: String,
        /// The amount (ms).
        ms: i64,
        /// The clock's reason.
        cause: Box<Rejection>,
    },
    /// A quickplay decision with no claim pending.
    NoQuickplayPending,
    /// A quickplay decision with a negative `ms`.
    QuickplayNeedsMs {
        /// The action's name.
        action: String,
    },
    /// A line the log reader could not read (its own words).
    Unreadable(String),
    /// A touch or an adjustment that names no square of the board.
    NoSuchSquare {
        /// The text given.
        square: String,
    },
    /// A touch that names no man: an empty square, or a man below the
    /// bottom of the tower.
    NoManToTouch {
        /// The square.
        square: String,
        /// The man, counted from the top.
        man: u32,
    },
    /// A touch with intent by the player who does not have the move (L-4.3
    /// binds "the player having the move").
    TouchNotOnMove {
        /// Who touched.
        side: Side,
        /// Who has the move.
        to_move: Side,
    },
    /// An announcement or a retrace in a game whose header names no side
    /// under Appendix D (L-D.1: the two boards are asked for).
    NotUnderAppendixD,
    /// L-D.2.4: a player under Appendix D pressed before announcing his
    /// move; the press is refused and his clock goes on running.
    PressBeforeAnnouncement {
        /// Who pressed.
        side: Side,
    },
    /// An announcement with no move of the announcer's on the board to
    /// name (L-D.2.1, L-D.2.3).
    NothingToAnnounce {
        /// Who announced.
        side: Side,
    },
    /// L-D.2.8: an announcement after the announcer's press corrects
    /// nothing; the boards now differ and the arbiter compares the
    /// scoresheets (L-D.2.9).
    AnnounceAfterPress {
        /// Who announced.
        side: Side,
    },
    /// `retrace` without a ply (L-D.2.9).
    RetraceNeedsPly,
    /// `retrace` beyond the moves played (L-D.2.9).
    RetraceBeyond {
        /// The asked ply.
        ply: usize,
        /// Plies played.
        played: usize,
    },
    /// `retrace` in a game with a clock, without both times, or with a
    /// negative one (the arbiter readjusts the clocks, L-D.2.9).
    RetraceNeedsClocks,
}

impl Rejection {
    /// The catalogue id of the article the refusal rests on.
    pub fn article(&self) -> &'static str {
        use Rejection::*;
        match self {
            TimeGoesBackwards { .. } | Clock(_) | Unreadable(_) => "L-6.1",
            NoSuchSquare { .. } | NoManToTouch { .. } | TouchNotOnMove { .. } => "L-4.3",
            GameOver { .. } => "L-5",
            GameOverForArbiter => "L-7.2",
            NotYourMove { .. } | Malformed { .. } => "L-1.2",
            IllegalMoveOpen { .. }
            | IllegalMoveCannotStand { .. }
            | NoIllegalMoveToClaim { .. } => "L-A.5.2",
            MalformedIntended { .. } => "L-9.2c",
            ClocksPaused | ClockNotRunning { .. } | NothingToComplete { .. } => "L-6.2a",
            NoClockToPause | NoClockToResume => "L-6.11",
            PressWithoutMoveIsNoMove { .. } => "L-7.5c",
            OffersNotYet { .. } => "CFG-5",
            NoOfferToAccept { .. } | OwnOffer { .. } | NoOfferToDecline { .. } => "L-9.1c",
            AgreementTooEarly => "L-5.2c",
            DrawClaimNotOnMove { .. } => "L-9.2a",
            TouchedPiece { .. } => "L-9.4",
            NoQuickplayFinish
            | NoIncrementRequest
            | NoIncrementToGive
            | QuickplayNotOnMove { .. }
            | QuickplayNotFinalPeriod { .. }
            | QuickplayTimeLeft { .. }
            | QuickplayNeedsClock
            | NoQuickplayPending
            | QuickplayNeedsMs { .. } => "L-10.2",
            FlagNotFallen { .. } => "L-6.8",
            ClaimantFlagDown { .. } | ClaimantHasNoTime => "L-A.4.3",
            BothFlagsSameInstant | BothFlagsNotLastPeriod => "L-6.9b",
            AlreadyArrived { .. } => "L-6.7a",
            ActionNeedsSide { .. }
            | ActionNeedsMs { .. }
            | PenaltyNotInEdition { .. }
            | NoClockToChange
            | TimeNotApplied { .. } => "L-12.9",
            PointsOutOfRange { .. } => "CFG-6",
            ResultMissing | UnknownResult { .. } | ResultNotFinal => "L-12.9",
            SetupClaimTooLate { .. } => "L-A.5.1",
            RestoreNeedsPly | RestoreBeyond { .. } => "L-7.4",
            TwoHandsNotIllegal => "L-7.5d",
            NoIllegalMoveForArbiter => "L-7.5a",
            NotUnderAppendixD => "L-D.1",
            PressBeforeAnnouncement { .. } => "L-D.2.4",
            NothingToAnnounce { .. } => "L-D.2.3",
            AnnounceAfterPress { .. } => "L-D.2.8",
            RetraceNeedsPly | RetraceBeyond { .. } | RetraceNeedsClocks => "L-D.2.9",
        }
    }
}

impl From<ClockRefusal> for Rejection {
    fn from(c: ClockRefusal) -> Self {
        Rejection::Clock(c)
    }
}

/// A refusal read as its English text, for callers that still pass reasons
/// as strings.
impl From<Rejection> for String {
    fn from(r: Rejection) -> Self {
        r.to_string()
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Rejection::*;
        match self {
            TimeGoesBackwards { at, last_at } => write!(
                f,
                "time goes backwards: at {at} is before the previous event at {last_at}"
            ),
            GameOver {
                result,
                termination,
                at,
            } => write!(
                f,
                "the game is over ({result} by {} at {at} ms)",
                termination.as_str()
            ),
            GameOverForArbiter => f.write_str("the game is over"),
            NotYourMove { side, to_move } => write!(f, "it is {to_move}'s move, not {side}'s"),
            IllegalMoveOpen { side, text } => write!(
                f,
                "{side} completed the illegal move {text} and the clocks switched: it is {}'s turn to move or claim (A.5.2)",
                side.other()
            ),
            Malformed { column, reason } => write!(f, "column {column}: {reason}"),
            MalformedIntended { column, reason } => {
                write!(f, "intended move, column {column}: {reason}")
            }
            ClocksPaused => f.write_str("the clocks are paused"),
            ClockNotRunning { side } => write!(f, "{side}'s clock is not running"),
            Clock(c) => c.fmt(f),
            NoClockToPause => f.write_str("the game has no clock to pause"),
            NoClockToResume => f.write_str("the game has no clock to resume"),
            PressWithoutMoveIsNoMove { side } => write!(
                f,
                "{side} pressed the clock without making a move: in the 2005 Laws this is improper clock handling (6.8c, 13.4), not a move"
            ),
            NothingToComplete { side } => write!(f, "{side} has no move to complete"),
            IllegalMoveCannotStand { side, text } => write!(
                f,
                "{side}'s illegal move {text} names no single man of his or would capture a king, so no position follows from it; claim it with claim: illegal_move (A.5.2)"
            ),
            OffersNotYet { from_move, number } => write!(
                f,
                "the regulations forbid draw offers before move {from_move} (9.1.1); this is move {number}"
            ),
            NoOfferToAccept { side } => write!(f, "{side} accepts a draw, but no offer is open"),
            OwnOffer { side } => write!(f, "{side} cannot accept his own draw offer"),
            AgreementTooEarly => f.write_str(
                "a draw may be agreed only after both players have made a move (5.2.3, 2017+)",
            ),
            NoOfferToDecline { side } => write!(
                f,
                "{side} declines a draw, but no offer by the opponent is open"
            ),
            other => other.fmt_claims_and_arbiter(f),
        }
    }
}

impl Rejection {
    /// The English text of the claims', flags' and arbiter's refusals.
    fn fmt_claims_and_arbiter(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Rejection::*;
        match self {
            NoIllegalMoveToClaim { side } => write!(
                f,
                "{side} claims an illegal move, but the opponent's last completed move was not one still open to a claim (A.5.2)"
            ),
            DrawClaimNotOnMove { to_move } => write!(
                f,
                "only the player having the move may claim (9.2, 9.3); it is {to_move}'s move"
            ),
            TouchedPiece { side } => write!(
                f,
                "{side} has touched a piece to move it (4.3): he has lost the right to claim a draw on this move (9.4)"
            ),
            NoQuickplayFinish => f.write_str(
                "no quickplay-finish claim in this game (2005 art. 10 / Guidelines III not announced, blitz, or an increment)",
            ),
            NoIncrementRequest => {
                f.write_str("the increment request of G-III.4 is not in the 2005 Laws")
            }
            NoIncrementToGive => f.write_str("the increment of G-III.4 is not in the 2005 Laws"),
            QuickplayNotOnMove { to_move } => write!(
                f,
                "only the player having the move may claim; it is {to_move}'s move"
            ),
            QuickplayNotFinalPeriod { side, period } => write!(
                f,
                "{side} is in period {period}: the quickplay finish is the period in which all the remaining moves must be made (2005 10.1, G-III.1)"
            ),
            QuickplayTimeLeft { side, ms } => write!(
                f,
                "{side} has {ms} ms left: the claim needs under two minutes on a running clock"
            ),
            QuickplayNeedsClock => f.write_str("a quickplay-finish claim needs a clock"),
            FlagNotFallen { side, left } => {
                write!(f, "{side}'s flag has not fallen: {left} ms left")
            }
            ClaimantFlagDown { claimant } => write!(
                f,
                "the claimant {claimant} has no time left himself (July 2017 A.4.3)"
            ),
            ClaimantHasNoTime => f.write_str("the claimant has no time left (July 2017 A.4.3)"),
            BothFlagsSameInstant => f.write_str(
                "both flags fell in the same millisecond, so which fell first cannot be established: the game continues (the Tavreli rules, art. 6.11)",
            ),
            BothFlagsNotLastPeriod => f.write_str(
                "both flags are down in a period that is not the last: the game continues (6.12a / G-III.3)",
            ),
            AlreadyArrived { side } => write!(f, "{side} has already arrived"),
            ActionNeedsSide { action } => write!(f, "arbiter action {action} needs a side"),
            ActionNeedsMs { action } => {
                write!(f, "arbiter action {action} needs a non-negative ms")
            }
            PenaltyNotInEdition { kind, edition } => write!(
                f,
                "{kind:?} is not among the arbiter's penalties in the {edition} Laws (13.4)"
            ),
            PointsOutOfRange { points, max } => {
                write!(f, "points {points} are outside [0, {max}]")
            }
            ResultMissing => f.write_str("declare_result needs a result"),
            UnknownResult { text } => write!(f, "unknown result {text:?}"),
            ResultNotFinal => f.write_str("declare_result needs a final result"),
            SetupClaimTooLate { moves } => write!(
                f,
                "no claim about the set-up after {moves} moves by each player (A.5.1)"
            ),
            RestoreNeedsPly => f.write_str("restore needs ply"),
            RestoreBeyond { ply, played } => {
                write!(f, "cannot restore to ply {ply}: only {played} were played")
            }
            TwoHandsNotIllegal => f.write_str(
                "in the 2005 Laws two hands are not an illegal move (4.1): use a 13.4 penalty such as warning",
            ),
            NoIllegalMoveForArbiter => {
                f.write_str("no completed illegal move is open to the arbiter's action")
            }
            NoClockToChange => f.write_str("the game has no clock whose time could be changed"),
            TimeNotApplied { action, ms, cause } => {
                write!(f, "{action} of {ms} ms not applied: {cause}")
            }
            NoQuickplayPending => f.write_str("no quickplay-finish claim is pending"),
            QuickplayNeedsMs { action } => write!(f, "{action} needs a non-negative ms"),
            Unreadable(text) => f.write_str(text),
            NoSuchSquare { square } => write!(f, "{square:?} is no square of the board"),
            NoManToTouch { square, man } => {
                write!(f, "there is no man {man} (from the top) on {square}")
            }
            TouchNotOnMove { side, to_move } => write!(
                f,
                "{side} touched a man, but it is {to_move}'s move: only the player having the move is bound by it (4.3)"
            ),
            other => other.fmt_appendix_d(f),
        }
    }

    /// The English text of the refusals of Appendix D (the blind player's
    /// announcements, his press, the arbiter's retrace).
    fn fmt_appendix_d(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Rejection::*;
        match self {
            NotUnderAppendixD => f.write_str(
                "no player of this game plays under the rules for blind and visually disabled players (the header's visually_disabled is empty): there are no announcements and no retrace",
            ),
            PressBeforeAnnouncement { side } => write!(
                f,
                "{side} has not announced his move: the opponent's clock may be started only after it is announced (D.2.4); {side}'s clock goes on running"
            ),
            NothingToAnnounce { side } => write!(
                f,
                "{side} has no move on the board to announce (D.2.3)"
            ),
            AnnounceAfterPress { side } => write!(
                f,
                "{side} has already pressed: a slip of the tongue is corrected before the opponent's clock is started (D.2.8); if the boards differ, the arbiter compares both scoresheets (D.2.9)"
            ),
            RetraceNeedsPly => f.write_str("retrace needs ply (D.2.9)"),
            RetraceBeyond { ply, played } => write!(
                f,
                "cannot retrace to ply {ply}: only {played} were played (D.2.9)"
            ),
            RetraceNeedsClocks => f.write_str(
                "retrace needs white_ms and black_ms, not negative: the arbiter readjusts the clocks (D.2.9)",
            ),
            // The refusals of moves, presses and offers are written by
            // `Display` itself and never come here.
            other => write!(f, "{other:?}"),
        }
    }
}

impl Rejection {
    /// The rules whose articles the words of this refusal cite and which
    /// the editions number differently, each with the number the words
    /// carry by default (the 2023 one, or the only edition the refusal
    /// concerns).
    pub fn cited(&self) -> &'static [(Article, &'static str)] {
        use Rejection::*;
        match self {
            IllegalMoveOpen { .. }
            | IllegalMoveCannotStand { .. }
            | NoIllegalMoveToClaim { .. } => &[(Article::IllegalMoveWindow, "A.5.2")],
            SetupClaimTooLate { .. } => &[(Article::SetupCutoff, "A.5.1")],
            PenaltyNotInEdition { .. } => &[(Article::PenaltyList, "13.4")],
            TouchedPiece { .. } | TouchNotOnMove { .. } => &[(Article::TouchMove, "4.3")],
            PressBeforeAnnouncement { .. } => &[(Article::ClockAfterAnnouncement, "D.2.4")],
            NothingToAnnounce { .. } => &[(Article::BlindMoveMade, "D.2.3")],
            AnnounceAfterPress { .. } => &[
                (Article::SlipOfTheTongue, "D.2.8"),
                (Article::BoardsDiffer, "D.2.9"),
            ],
            RetraceNeedsPly | RetraceBeyond { .. } | RetraceNeedsClocks => {
                &[(Article::BoardsDiffer, "D.2.9")]
            }
            _ => &[],
        }
    }

    /// `words` (this refusal said in any language, its articles in
    /// brackets) with the articles of `edition` in place of the default
    /// ones.
    pub fn recite(&self, words: &str, edition: Edition) -> String {
        let mut out = words.to_string();
        for (rule, default) in self.cited() {
            let own = Provisions::article_in(edition, *rule);
            if own != *default {
                out = out
                    .replace(&format!("({default})"), &format!("({own})"))
                    .replace(&format!("({default},"), &format!("({own},"))
                    .replace(&format!(" {default})"), &format!(" {own})"));
            }
        }
        out
    }

    /// The English text with the articles of the game's own edition.
    pub fn text_in(&self, edition: Edition) -> String {
        self.recite(&self.to_string(), edition)
    }
}
