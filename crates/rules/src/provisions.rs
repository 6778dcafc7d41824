//! What the Laws provide in a given edition, regime and supervision mode.
//!
//! Every rule that differs between editions is answered here, from data, so
//! the game fold never compares edition numbers itself. Each answer cites the
//! catalogue id it implements; the chess crate's `tests/editions.rs` checks
//! each difference in both directions. The Tavreli rules (the tournament
//! rules of the Tavreli book, articles 4–10) are one more column, [`Edition::Tavreli`]; the Tavreli
//! crate's `tests/tavreli_edition.rs` checks each of their answers against
//! FIDE 2023.
//!
//! This is the one table: the game fold, the clock and the time-control
//! classifier all ask it, and no other module compares editions.

use crate::{Edition, Regime, Supervision, Variant};

/// One minute in milliseconds.
pub const MINUTE: i64 = 60_000;

/// What happens at the n-th completed illegal move of one player (L-7.5e, L-A.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveConsequence {
    /// The opponent gets this much time; play goes on from the restored position.
    TimeToOpponent(i64),
    /// The offender loses, unless the opponent cannot mate him, then a draw.
    LossUnlessOpponentCannotMate,
    /// The offender loses outright (2005 standard play: the Laws 2005, art. 7.4(b)
    /// gives no exception, catalogue §7.1 Q3).
    Loss,
    /// The position before it is restored and nothing more: no time to the
    /// opponent and no loss, however many (the Tavreli rules, art. 7.4 sends only to
    /// 6.13 for the clocks and 4.2–4.3 for touch-move). It is still counted.
    NoPenalty,
}

/// The Laws in force for one game: edition × regime × supervision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Provisions {
    /// The edition of the Laws (CFG-1).
    pub edition: Edition,
    /// Standard, rapid or blitz (CFG-2).
    pub regime: Regime,
    /// Full or reduced supervision (CFG-3); always full in standard play.
    pub supervision: Supervision,
    /// CFG-11: the regulations' own time penalty for Articles 7 and 9.
    pub time_penalty_override: Option<i64>,
    /// The Laws 2017, A.4.5: «Если арбитр наблюдал падение флажка, он
    /// также может объявить об этом» — in reduced play the arbiter *may*
    /// call a flag he sees. Off by default: a flag then counts only when a
    /// player claims it (the log header's `arbiter_calls_flags`, CFG-8).
    pub arbiter_calls_flags: bool,
}

impl Default for Provisions {
    fn default() -> Self {
        Provisions::new(Default::default(), Default::default(), Default::default())
    }
}

impl Provisions {
    /// The Laws of `edition` for a game of `regime` under `supervision`.
    pub fn new(edition: Edition, regime: Regime, supervision: Supervision) -> Self {
        // Standard play is always fully supervised (CFG-3 concerns rapid/blitz
        // only). The Tavreli rules know no reduced supervision: the arbiter
        // (the watching software) sees flags and illegal moves (the Tavreli rules, art. 6.8, 7.4).
        let supervision = if regime == Regime::Standard || edition == Edition::Tavreli {
            Supervision::Full
        } else {
            supervision
        };
        Provisions {
            edition,
            regime,
            supervision,
            time_penalty_override: None,
            arbiter_calls_flags: false,
        }
    }

    /// The supervision a game has when its log names none (CFG-3). The 2005
    /// Laws have no rapid/blitz appendix; the OLD rapidplay and blitz rules
    /// we follow assume no arbiter at every board, so a 2005 rapid or blitz
    /// game is reduced, for illegal moves and flags alike
    /// (docs/decisions.md). Every other edition: full supervision.
    pub fn default_supervision(edition: Edition, regime: Regime) -> Supervision {
        if edition == Edition::E2005 && regime != Regime::Standard {
            Supervision::Reduced
        } else {
            Supervision::Full
        }
    }

    /// The regime of a game whose sixty-move budget (the time for the first
    /// sixty moves, increments and delays included) is `budget_ms` (L-6.3g,
    /// CFG-2):
    ///
    /// * 2017, 2018, 2023 (the Laws 2017, A.1/B.1): blitz if ≤ 10 min, rapid if
    ///   more than 10 and less than 60 min, otherwise standard.
    /// * 2005 and Tavreli: blitz if under 15 min, rapid from 15 to under
    ///   60 min, otherwise standard. The Laws 2005 have no rapid/blitz appendix; the
    ///   limits are the catalogue's (L-6.3g, OLD-2005).
    pub fn regime_for_budget(edition: Edition, budget_ms: u64) -> Regime {
        let blitz = if edition.is_modern() {
            budget_ms <= 10 * MINUTE as u64
        } else {
            budget_ms < 15 * MINUTE as u64
        };
        if blitz {
            Regime::Blitz
        } else if budget_ms < 60 * MINUTE as u64 {
            Regime::Rapid
        } else {
            Regime::Standard
        }
    }

    /// Whether a game of `variant` may be played under `edition`. The Tavreli
    /// rules (the tournament rules of the Tavreli book) are Tavreli's, so chess is
    /// played under a FIDE edition only; a Tavreli game may name any edition,
    /// its own rules or a FIDE one (they share the older FIDE text).
    pub fn admits(edition: Edition, variant: Variant) -> bool {
        match variant {
            Variant::Chess => edition != Edition::Tavreli,
            Variant::Tavreli => true,
        }
    }

    /// Whether the edition names a regime (standard, rapid, blitz) for a
    /// game. The FIDE Laws do (L-6.3g, Appendices A and B; the 2005 Laws
    /// through the OLD rapidplay and blitz rules); the Tavreli rules
    /// (articles 4–10) have one set of rules for every game,
    /// so a set-up under them names none.
    pub fn has_regimes(edition: Edition) -> bool {
        edition != Edition::Tavreli
    }

    /// The same Laws with the arbiter's own call of a fallen flag in July-2017
    /// reduced play switched on or off (the Laws 2017, A.4.5, "can").
    pub fn with_arbiter_calls_flags(mut self, on: bool) -> Self {
        self.arbiter_calls_flags = on;
        self
    }

    /// The same Laws with the regulations' own time penalty (CFG-11).
    pub fn with_time_penalty(mut self, ms: Option<i64>) -> Self {
        self.time_penalty_override = ms.filter(|m| *m >= 0);
        self
    }

    /// True when the reduced rules of L-A.5 / L-B.4 apply (rapid or blitz without
    /// full supervision): the arbiter acts on an illegal move only on a claim.
    pub fn reduced(&self) -> bool {
        self.regime != Regime::Standard && self.supervision == Supervision::Reduced
    }

    /// The time penalty of Articles 7 and 9 in this regime (L-A.3, L-B.2, §7 Q1).
    /// 2017 and 2018: 2 min standard and rapid, 1 min blitz. 2023: 1 min in rapid
    /// and blitz (A.3; for fully supervised blitz the literal reading would be
    /// 2 min — we take the evident intent, 1 min, catalogue Q1).
    pub fn time_penalty(&self) -> i64 {
        if let Some(ms) = self.time_penalty_override {
            return ms;
        }
        match (self.edition, self.regime) {
            (_, Regime::Standard) => 2 * MINUTE,
            (Edition::E2023, _) => MINUTE,
            (_, Regime::Blitz) => MINUTE,
            (_, Regime::Rapid) => 2 * MINUTE,
        }
    }

    /// The consequence of the player's `nth` (1-based) completed illegal move.
    ///
    /// * 2005 standard (the Laws 2005, art. 7.4(b)): +2 min, +2 min, third loses, no exception.
    /// * 2005 rapid (OLD rapidplay, catalogue §3.12): the same ladder, on claim when reduced.
    /// * 2005 blitz (OLD blitz): the opponent claims a win at the first; a draw if he cannot mate.
    /// * 2017 July, reduced rapid/blitz (the Laws 2017, A.4.2): the first loses (draw if opponent cannot mate).
    /// * 2017 otherwise, 2018, 2023 (7.5.5): penalty time, the second loses (draw exception).
    /// * Tavreli (the Tavreli rules, art. 7.4): no penalty at all, however many.
    pub fn illegal_move(&self, nth: u32) -> IllegalMoveConsequence {
        use IllegalMoveConsequence::*;
        match self.edition {
            Edition::Tavreli => NoPenalty,
            Edition::E2005 => match self.regime {
                Regime::Blitz => LossUnlessOpponentCannotMate,
                _ if nth >= 3 => Loss,
                _ => TimeToOpponent(2 * MINUTE),
            },
            Edition::E2017 if self.reduced() => LossUnlessOpponentCannotMate,
            _ if nth >= 2 => LossUnlessOpponentCannotMate,
            _ => TimeToOpponent(self.time_penalty()),
        }
    }

    /// Whether the arbiter (the software) acts on a completed illegal move by
    /// itself, or only when the opponent claims before his own move (L-A.5.2;
    /// OLD rapidplay and blitz likewise). The Tavreli rules know no reduced
    /// supervision: an illegal move is put right when it "is discovered"
    /// (the Tavreli rules, art. 7.4), and the software watching the game discovers it.
    pub fn illegal_move_needs_claim(&self) -> bool {
        self.edition != Edition::Tavreli && self.reduced()
    }

    /// Two hands for one move (castling, capture, promotion), then the press,
    /// is treated and punished as an illegal move from 2017 (L-7.5d); in
    /// 2005 it is a 4.1 offence for the arbiter's 13.4 menu.
    pub fn two_hands_is_illegal(&self) -> bool {
        self.edition.is_modern()
    }

    /// Pressing the clock without making a move is an illegal move from 2017
    /// (L-7.5c); in 2005 it is improper clock handling, not an illegal move.
    pub fn press_without_move_is_illegal(&self) -> bool {
        self.edition.is_modern()
    }

    /// L-7.5b: an unfinished promotion is an illegal move whose pawn becomes a
    /// queen (2017+ 7.5.2); in 2005 the position is reinstated (7.4a).
    pub fn unfinished_promotion_becomes_queen(&self) -> bool {
        self.edition.is_modern()
    }

    /// Penalty for an incorrect draw claim (L-9.5c): time to the opponent, and
    /// in 2005 a cut of the claimant's own time (the Laws 2005, art. 9.5(b), §7.1 Q2).
    ///
    /// Tavreli (the Tavreli rules, art. 9.5): half the claimant's remaining time, at
    /// most three minutes, is taken, and the opponent gets three minutes. The
    /// seed has no 2005 rule for a claimant with two minutes or less.
    pub fn wrong_claim(&self, claimant_remaining: i64) -> WrongClaimPenalty {
        match self.edition {
            Edition::Tavreli => WrongClaimPenalty {
                to_opponent: 3 * MINUTE,
                from_claimant: (claimant_remaining.max(0) / 2).min(3 * MINUTE),
            },
            Edition::E2005 => {
                let cut = if claimant_remaining > 2 * MINUTE {
                    (claimant_remaining / 2).min(3 * MINUTE)
                } else if claimant_remaining > MINUTE {
                    claimant_remaining - MINUTE
                } else {
                    0
                };
                WrongClaimPenalty {
                    to_opponent: 3 * MINUTE,
                    from_claimant: cut,
                }
            }
            _ => WrongClaimPenalty {
                to_opponent: self.time_penalty(),
                from_claimant: 0,
            },
        }
    }

    /// Fivefold repetition and the 75-move rule end the game by themselves from
    /// 2017 (L-9.6a, L-9.6b); the 2005 Laws have neither.
    pub fn automatic_draws(&self) -> bool {
        self.edition.is_modern()
    }

    /// The plies without a capture or a pawn move after which the game ends
    /// by itself (the 75-move rule, L-9.6b), which bounds "any series of
    /// legal moves" in the dead position, the flag, the illegal-move ladder
    /// and a resignation (L-5.2b, L-6.9): from 2017 a mate that needs more
    /// quiet plies than are left cannot happen; the 2005 Laws have no such
    /// rule (`None`).
    pub fn quiet_ply_limit(&self) -> Option<u32> {
        self.automatic_draws().then_some(150)
    }

    /// A draw may be agreed only after both players have made a move (L-5.2c,
    /// L-9.1f) from 2017; in 2005 at any time.
    pub fn agreement_needs_a_move_each(&self) -> bool {
        self.edition.is_modern()
    }

    /// 2023 5.1.2: resigning when the opponent cannot mate is a draw (L-5.1b).
    pub fn resignation_draw_if_opponent_cannot_mate(&self) -> bool {
        self.edition == Edition::E2023
    }

    /// Whether a player whose flag falls loses only if the opponent can mate
    /// him, else the game is drawn (L-6.9, every FIDE edition). Art. 6.9 of the
    /// Tavreli rules has no such exception: the player whose flag fell loses,
    /// unless mate, stalemate or agreement ended the game first.
    pub fn flag_draw_if_opponent_cannot_mate(&self) -> bool {
        self.edition != Edition::Tavreli
    }

    /// Whether the clock's record of which flag fell first decides when both
    /// are down (the 2017+ reading for electronic clocks; art. 6.11 of the
    /// Tavreli rules makes the order matter too). The 2005 Laws treat the order as unknown.
    pub fn flag_order_from_clock(&self) -> bool {
        self.edition.is_modern() || self.edition == Edition::Tavreli
    }

    /// Both flags down and the order unknown, which for the software means
    /// they fell in the same millisecond: art. 6.11 of the Tavreli rules says play goes
    /// on, in every period. The FIDE editions draw in the last period.
    pub fn both_flags_play_on(&self) -> bool {
        self.edition == Edition::Tavreli
    }

    /// Whether a move that builds a new tower (a man stepping onto any other
    /// man, own or enemy) resets the 50-move count. Art. 5.5 and 9.3 of
    /// the Tavreli rules count moves "without a ratnik move and without building a tower"; the
    /// FIDE 9.3 counts captures and pawn moves only.
    pub fn new_tower_resets_move_count(&self) -> bool {
        self.edition == Edition::Tavreli
    }

    /// A draw offer made at any other time than between one's move and the
    /// press stands but breaks 12.5 (the Tavreli rules, art. 9.1): the software, as the
    /// arbiter, gives the offerer a warning. The FIDE editions leave the
    /// sanction to the arbiter's judgement (2023 9.1.2.2 and 11.5).
    pub fn offer_out_of_time_warns(&self) -> bool {
        self.edition == Edition::Tavreli
    }

    /// Whether the software calls a flag it sees fall (CFG-8, L-6.8): always in
    /// standard play; in rapid/blitz from 2018 ("shall"), and in fully
    /// supervised rapid/blitz of every edition. In reduced 2005 rapid/blitz
    /// (the OLD rules) and July-2017 reduced play only a player's claim makes
    /// a flag count. Supervision decides flags and illegal moves alike.
    ///
    /// July 2017 A.4.5 lets the arbiter call a flag he sees ("can"): that is
    /// [`Provisions::arbiter_calls_flags`], off unless the log asks for it.
    /// The OLD 2005 rules forbid the arbiter to signal a flag, so the setting
    /// changes nothing there; from 2018 he "shall", so it is always on.
    ///
    /// Tavreli (the Tavreli rules, art. 6.8): a flag counts when the arbiter sees it;
    /// the observing software is the arbiter, so always.
    pub fn flag_called_automatically(&self) -> bool {
        match (self.edition, self.regime) {
            (Edition::Tavreli, _) | (_, Regime::Standard) => true,
            (Edition::E2005, _) => !self.reduced(),
            (Edition::E2017, _) => !self.reduced() || self.arbiter_calls_flags,
            _ => true,
        }
    }

    /// Whether a win-on-time claim made while the clock only acts on claims
    /// needs the claimant's own flag up: the OLD 2005 rapid/blitz rules (and
    /// the Tavreli rules' older text) say so for every claim; from 2017 the
    /// Laws core asks [`Provisions::time_claim_needs_own_time`] instead.
    pub fn on_claim_needs_own_flag_up(&self) -> bool {
        !self.edition.is_modern()
    }

    /// Whether both flags down, with flags counted only on a claim, is always
    /// a draw (OLD rapid/blitz, 2005 B.6); from 2017 the order of the falls
    /// decides as in any other game.
    pub fn on_claim_both_flags_draw(&self) -> bool {
        !self.edition.is_modern()
    }

    /// Both flags down in the same millisecond, no Guidelines III announced:
    /// from 2017 no article settles it, so the arbiter decides (G-III.3
    /// applies only when announced); the 2005 art. 6.12 and the Tavreli
    /// art. 6.11 settle it by the period (draw in the last, else play on).
    pub fn same_instant_flags_arbiter_decides(&self, guidelines_iii: bool) -> bool {
        self.edition.is_modern() && !guidelines_iii
    }

    /// The G-III.4 increment request (CFG-7): from 2017 only; the 2005 art.
    /// 10 and the Tavreli rules (which follow it) have none.
    pub fn increment_request_exists(&self) -> bool {
        self.edition.is_modern()
    }

    /// Whether a quickplay-finish claim (`increment: false`) or the request
    /// for an increment (`increment: true`) is also a draw offer the opponent
    /// may accept (L-9.1e): the Laws 2005 art. 9.1(c) name the 10.2 claim
    /// (and the Tavreli rules follow them); from 2017, 9.1.2.3 names only the
    /// claims of 9.2 and 9.3, and Guidelines III.4 the request, so a III.5
    /// claim offers nothing.
    pub fn quickplay_claim_is_offer(&self, increment: bool) -> bool {
        if self.quickplay_finish_in_laws() {
            !increment
        } else {
            increment
        }
    }

    /// The quickplay-finish claim is in the Laws themselves (2005 art. 10,
    /// and the Tavreli rules after it) rather than in Guidelines III, which
    /// apply only when the event announced them (2017+, G-III.2.1).
    pub fn quickplay_finish_in_laws(&self) -> bool {
        !self.edition.is_modern()
    }

    /// Who gets the two minutes when the arbiter postpones a quickplay-finish
    /// decision: the seed's 2005 art. 10.2(b) gives them to the claimant
    /// ("противник, потребовавший ничью"); G-III.5 (2017+) to the opponent.
    /// The seed wins for 2005 (docs/decisions.md).
    pub fn postponed_quickplay_time_to_claimant(&self) -> bool {
        !self.edition.is_modern()
    }

    /// Both flags down and the first unknown (L-6.9b): 2005 art. 6.12 and the
    /// 2017+ G-III.3 agree for standard play: play on unless it is the last
    /// period, then a draw. OLD rapid/blitz: always a draw.
    pub fn both_flags_always_draw(&self) -> bool {
        self.edition == Edition::E2005 && self.regime != Regime::Standard
    }

    /// July 2017 A.4.3: a win-on-time claim in reduced play needs time left on
    /// the claimant's own clock (deleted in 2018).
    pub fn time_claim_needs_own_time(&self) -> bool {
        self.edition == Edition::E2017 && self.reduced()
    }

    /// Default time / late arrival (L-6.7a): 2005 and Tavreli (the Tavreli rules,
    /// art. 6.6) one hour, 2017+ the regulations, else zero.
    pub fn default_time(&self, regulations: Option<i64>) -> i64 {
        regulations.unwrap_or(self.edition_default_time())
    }

    /// The default time when the regulations name none (L-6.7a, CFG-4): one
    /// hour in 2005 (6.7) and under the Tavreli rules (art. 6.6),
    /// zero from 2017 (6.7.1).
    pub fn edition_default_time(&self) -> i64 {
        match self.edition {
            Edition::E2005 | Edition::Tavreli => 60 * MINUTE,
            _ => 0,
        }
    }

    /// Colours reversed (L-7.3): from 2017 the game is replayed when fewer than
    /// ten moves were made by both players; in 2005 and under the Tavreli
    /// rules (art. 7.2) it continues unless the arbiter rules
    /// otherwise.
    pub fn reversed_colours_restart(
        &self,
        completed_moves_each: u32,
        arbiter_says: Option<bool>,
    ) -> bool {
        if self.edition.is_modern() {
            completed_moves_each < 10
        } else {
            arbiter_says.unwrap_or(false)
        }
    }

    /// Reduced rapid/blitz: after this many moves by each player no claim
    /// about the set-up or board orientation is accepted (L-A.5.1; OLD: three).
    pub fn setup_claim_cutoff(&self) -> Option<u32> {
        if !self.reduced() {
            return None;
        }
        Some(if self.edition.is_modern() { 10 } else { 3 })
    }

    /// The 12.9 penalty menu (2017+ 12.9.1–12.9.9) or the 2005 13.4 list.
    /// Kinds outside the menu (an illegal move, a late arrival …) are the
    /// Laws' own consequences, never the arbiter's to give.
    pub fn penalty_allowed(&self, kind: PenaltyKind) -> bool {
        match kind {
            PenaltyKind::Fine | PenaltyKind::ExcludeRounds => self.edition.is_modern(),
            k => k.is_arbiters_menu(),
        }
    }

    /// The quickplay-finish claim (2005 art. 10.2; 2017+ Guidelines III only
    /// when announced, never in blitz; G-III.2). The Tavreli rules break off after
    /// art. 10.1, so the Tavreli rules follow the 2005 art. 10.2.
    pub fn quickplay_finish_available(&self, announced: bool, has_increment: bool) -> bool {
        if self.regime == Regime::Blitz || has_increment {
            return false;
        }
        if self.quickplay_finish_in_laws() {
            true
        } else {
            announced
        }
    }
}

/// Time moved by an incorrect claim (L-9.5c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongClaimPenalty {
    /// Milliseconds added to the opponent's clock.
    pub to_opponent: i64,
    /// Milliseconds taken from the claimant's own clock (2005 and Tavreli).
    pub from_claimant: i64,
}

/// Every penalty and time correction the Laws record (the report's
/// `penalties[].kind`): the arbiter's menu of 2017+ 12.9.1–12.9.9 and 2005
/// 13.4(a)–(ж), which [`Provisions::penalty_allowed`] checks, and the
/// consequences the Laws apply themselves (an illegal move, an incorrect
/// claim, a late arrival, a quickplay-finish ruling).
///
/// The serde names are the report's keys (`illegal_move`, `add_time` …), so
/// scripts reading `arbiter replay --json` see the same strings; [`key`]
/// gives the same text.
///
/// [`key`]: PenaltyKind::key
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyKind {
    // ----- the arbiter's menu: L-12.9 (2017+) and 2005 13.4 -----
    /// L-12.9.1 / 2005 13.4(a): a warning. The Tavreli rules also give it for
    /// a draw offer made other than between the move and the press (the Tavreli rules,
    /// art. 9.1, 12.5).
    Warning,
    /// L-12.9.2 / 2005 13.4(б): time added to a player's clock, the
    /// offender's opponent's as a penalty (also the arbiter's correction of a
    /// clock, L-6.10).
    AddTime,
    /// L-12.9.3 / 2005 13.4(в): time taken from the offender's clock.
    DeductTime,
    /// L-12.9.4 / 2005 13.4(е): the opponent's points raised to the game's
    /// maximum.
    IncreasePoints,
    /// L-12.9.5 / 2005 13.4(д): the offender's points reduced.
    ReducePoints,
    /// L-12.9.6 / 2005 13.4(г): the game declared lost (L-11.8: a second
    /// such declaration makes both lose).
    DeclareLost,
    /// L-12.9.7 (2017+ only): a fine announced in advance.
    Fine,
    /// L-12.9.8 (2017+ only): exclusion from one or more rounds.
    ExcludeRounds,
    /// L-12.9.9 / 2005 13.4(ж): expulsion from the competition.
    Expel,
    // ----- what the Laws apply themselves -----
    /// L-7.5e (2017+ 7.5.5, 2005 7.4(b)): a completed illegal move acted
    /// upon: time to the opponent, or on the ladder's last step the loss
    /// (reduced rapid/blitz, L-A.4.2, L-B.4).
    IllegalMove,
    /// L-9.5c (2017+ 9.5.3, 2005 9.5(b)): an incorrect draw claim: time to
    /// the opponent.
    IncorrectClaim,
    /// L-9.5c (2005 9.5(b); the Tavreli rules, art. 9.5 for Tavreli): the incorrect
    /// claimant's own time cut, half of what remains and at most three
    /// minutes.
    ClaimantTimeCut,
    /// L-6.7a (2017+ 6.7.1, 2005 6.6(a)): a player arrived after the default
    /// time and loses the game.
    LateArrival,
    /// G-III.5 (2005 10.2(b)): a quickplay-finish claim postponed; the two
    /// minutes go to the claimant's opponent (2017+) or, in 2005, to the
    /// claimant.
    QuickplayPostponedTime,
    /// G-III.5 (2005 10.2(c)): a quickplay-finish claim rejected; the
    /// claimant's opponent gets two minutes.
    QuickplayRejected,
    /// G-III.4 (2017+ only): the increment request granted; both clocks get
    /// an increment and the claimant's opponent two minutes.
    QuickplayIncrement,
}

impl PenaltyKind {
    /// Every kind, the arbiter's menu first in the order of 12.9.
    pub const ALL: [PenaltyKind; 16] = [
        PenaltyKind::Warning,
        PenaltyKind::AddTime,
        PenaltyKind::DeductTime,
        PenaltyKind::IncreasePoints,
        PenaltyKind::ReducePoints,
        PenaltyKind::DeclareLost,
        PenaltyKind::Fine,
        PenaltyKind::ExcludeRounds,
        PenaltyKind::Expel,
        PenaltyKind::IllegalMove,
        PenaltyKind::IncorrectClaim,
        PenaltyKind::ClaimantTimeCut,
        PenaltyKind::LateArrival,
        PenaltyKind::QuickplayPostponedTime,
        PenaltyKind::QuickplayRejected,
        PenaltyKind::QuickplayIncrement,
    ];

    /// The report's key, as serde writes it: `illegal_move`, `add_time` …
    pub fn key(self) -> &'static str {
        match self {
            PenaltyKind::Warning => "warning",
            PenaltyKind::AddTime => "add_time",
            PenaltyKind::DeductTime => "deduct_time",
            PenaltyKind::IncreasePoints => "increase_points",
            PenaltyKind::ReducePoints => "reduce_points",
            PenaltyKind::DeclareLost => "declare_lost",
            PenaltyKind::Fine => "fine",
            PenaltyKind::ExcludeRounds => "exclude_rounds",
            PenaltyKind::Expel => "expel",
            PenaltyKind::IllegalMove => "illegal_move",
            PenaltyKind::IncorrectClaim => "incorrect_claim",
            PenaltyKind::ClaimantTimeCut => "claimant_time_cut",
            PenaltyKind::LateArrival => "late_arrival",
            PenaltyKind::QuickplayPostponedTime => "quickplay_postponed_time",
            PenaltyKind::QuickplayRejected => "quickplay_rejected",
            PenaltyKind::QuickplayIncrement => "quickplay_increment",
        }
    }

    /// True for the arbiter's menu of L-12.9 / 2005 13.4; false for what
    /// the Laws apply by themselves.
    pub fn is_arbiters_menu(self) -> bool {
        matches!(
            self,
            PenaltyKind::Warning
                | PenaltyKind::AddTime
                | PenaltyKind::DeductTime
                | PenaltyKind::IncreasePoints
                | PenaltyKind::ReducePoints
                | PenaltyKind::DeclareLost
                | PenaltyKind::Fine
                | PenaltyKind::ExcludeRounds
                | PenaltyKind::Expel
        )
    }
}

impl std::fmt::Display for PenaltyKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// A text that names no penalty kind. The message quotes at most its first
/// 40 characters, so a long input keeps the message readable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPenalty(pub String);

impl std::fmt::Display for UnknownPenalty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown: String = self.0.chars().take(40).collect();
        write!(f, "unknown penalty {shown:?}")
    }
}

impl std::error::Error for UnknownPenalty {}

impl std::str::FromStr for PenaltyKind {
    type Err = UnknownPenalty;
    /// Reads a report key back (`warning`, `quickplay_rejected` …).
    fn from_str(s: &str) -> Result<Self, UnknownPenalty> {
        PenaltyKind::ALL
            .into_iter()
            .find(|k| k.key() == s)
            .ok_or_else(|| UnknownPenalty(s.to_string()))
    }
}

/// How the touch-move rule reads the men a player touched (L-4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchReading {
    /// The Laws 2005, 4.3: (a) one or more own men, the first that can
    /// move; (b) one or more of the opponent's, the first that can be
    /// captured; (c) one man of each colour: capture the touched man with
    /// the touched one, or else move the own man or capture the other one.
    /// With more than one man of a colour touched as well as one of the
    /// other, only the first of each colour binds (docs/decisions.md).
    OneOfEach,
    /// The Laws 2017+, 4.3.3: one or more men of each colour: capture the
    /// first touched opponent's man with the first touched own man, or
    /// else move or capture the first man touched that can be moved or
    /// captured.
    OneOrMore,
    /// The Tavreli rules, art. 4.2: the first man touched that can move
    /// must be moved (an enemy man: climbed onto), whatever its colour.
    FirstTouched,
}

/// Who settles the two boards of a blind player's game ([`Provisions::blind_rules_official`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlindRulesOfficial {
    /// The arbiter (the Laws from 2017, D.2.9).
    Arbiter,
    /// The controller (the Laws 2005, Supplement, item 8).
    Controller,
}

/// A rule the software cites by article, where the editions number it
/// differently. [`Provisions::article_in`] gives each edition's number, so
/// a refusal, a penalty or a note cites the game's own text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Article {
    /// The illegal-move window of reduced rapid and blitz (L-A.5.2).
    IllegalMoveWindow,
    /// No claim about the set-up after the cut-off in reduced play (L-A.5.1).
    SetupCutoff,
    /// Both kings in check or a pawn left unpromoted: drawn if the
    /// position is still on the board after the next move (L-A.5.4).
    ImpossiblePosition,
    /// A wrong initial position: the game is annulled (L-7.2a).
    WrongInitialPosition,
    /// A wrongly placed board: play goes on on a correct one (L-7.2b).
    BoardOrientation,
    /// The colours were reversed (L-7.3).
    ReversedColours,
    /// Displaced pieces are restored (L-7.4).
    DisplacedPieces,
    /// The arbiter's list of penalties (L-12.9).
    PenaltyList,
    /// Late arrival and the default time (L-6.7a).
    DefaultTime,
    /// Adjusting a piece after saying so (L-4.2).
    Adjust,
    /// A piece touched with intent must be moved or captured (L-4.3).
    TouchMove,
    /// Touch-move and castling, and the promoted piece (L-4.4).
    TouchMoveCastling,
    /// Nothing touched can move or be captured: any legal move (L-4.5).
    NothingTouchedCanMove,
    /// A man released on a square cannot go to another one (L-4.7).
    Release,
    /// The right to claim a breach of Art. 4 is lost once the claimant
    /// touches a piece with intent (L-4.8).
    TouchMoveClaim,
    /// The illegal move is replaced under the touch-move rule (L-7.5a).
    Replacement,
    /// A player who has touched a piece (2017+) or made a move loses his
    /// draw claim on that move (L-9.4).
    DrawClaimLost,
    /// A draw offer and what rejects it (L-9.1c).
    DrawOffer,
    /// The rule that draws a game after 50 quiet moves (L-9.3).
    FiftyMoves,
    /// Appendix D: every move is announced aloud (L-D.2.1).
    AnnounceMoves,
    /// Appendix D: when the blind player's move is made (L-D.2.3).
    BlindMoveMade,
    /// Appendix D: the opponent's clock is started only after the move is
    /// made and announced (L-D.2.4).
    ClockAfterAnnouncement,
    /// Appendix D: the sighted player's moves follow the ordinary rules (L-D.2.5).
    SightedPlayer,
    /// Appendix D: the clock of a blind player (L-D.2.6).
    BlindClock,
    /// Appendix D: a slip of the tongue corrected before the press (L-D.2.8).
    SlipOfTheTongue,
    /// Appendix D: different positions on the two boards (L-D.2.9).
    BoardsDiffer,
    /// Appendix D: the blind player's assistant (L-D.2.10).
    Assistant,
}

impl Provisions {
    /// How the men touched with intent bind the move (L-4.3).
    pub fn touch_reading(&self) -> TouchReading {
        match self.edition {
            Edition::E2005 => TouchReading::OneOfEach,
            Edition::Tavreli => TouchReading::FirstTouched,
            _ => TouchReading::OneOrMore,
        }
    }

    /// Castling that the king and rook touched cannot make (L-4.4): the
    /// Tavreli rules, art. 4.3, send the player to castling on the other
    /// side first, then to a move of the volkhv; the Laws (2005 4.4(c),
    /// 2017+ 4.4.3) to any other king move, castling on the other side
    /// among them.
    pub fn failed_castling_other_side_first(&self) -> bool {
        self.edition == Edition::Tavreli
    }

    /// A player who has touched a piece with intent loses his draw claim
    /// on that move from 2017 (9.4: "touches a piece as in Article 4.3");
    /// in 2005 (9.4 «делает ход») and under the Tavreli rules (9.4) only a
    /// move made loses it.
    pub fn touch_loses_draw_claim(&self) -> bool {
        self.edition.is_modern()
    }

    /// A touch with intent to move or capture rejects the opponent's open
    /// draw offer in 2005 (9.1(a)) and from 2017 (9.1.2.1); under the
    /// Tavreli rules (9.1) an offer is rejected orally or by a move.
    pub fn touch_rejects_offer(&self) -> bool {
        self.edition != Edition::Tavreli
    }

    /// Whether a specially built clock that *says* the time and the number
    /// of moves is admissible for a blind player: from 2017 (D.2.6, "a
    /// specially constructed chessclock … able to announce the time and
    /// number of moves"); the 2005 Supplement, item 5, admits only the
    /// tactile clock (reinforced hands, raised dots, a flag that can be
    /// felt). Under 2005 a spoken time is the assistant's answer to the
    /// blind player's question (Supplement 9(d)), not the clock's.
    pub fn talking_clock_admitted(&self) -> bool {
        self.edition.is_modern()
    }

    /// Who puts different positions on the two boards right (L-D.2.9): the
    /// arbiter from 2017, the "controller" in the 2005 Supplement, item 8,
    /// whose preamble gives the "tournament directors" the power to adapt
    /// the rules where 2017's D.1 gives it to the organiser.
    pub fn blind_rules_official(&self) -> BlindRulesOfficial {
        if self.edition.is_modern() {
            BlindRulesOfficial::Arbiter
        } else {
            BlindRulesOfficial::Controller
        }
    }

    /// The article of `rule` in these Laws, as their text numbers it.
    pub fn article(&self, rule: Article) -> &'static str {
        Provisions::article_in(self.edition, rule)
    }

    /// The article of `rule` in `edition`, as its text numbers it: 2017 and
    /// 2018 put reduced play in A.4, 2023 in A.5 (the catalogue's §4.2);
    /// the Laws 2005 number Art. 4 and 7 their own way and have no rapid
    /// appendix of their own (the old rapidplay appendix, Appendix B, is
    /// cited by its letter, docs/decisions.md); the Tavreli rules number
    /// Art. 4 and 7 their own way again.
    pub fn article_in(edition: Edition, rule: Article) -> &'static str {
        use Article::*;
        use Edition::*;
        match (rule, edition) {
            (IllegalMoveWindow | SetupCutoff | ImpossiblePosition, E2005 | Tavreli) => "Appendix B",
            (IllegalMoveWindow, E2017 | E2018) => "A.4.2",
            (IllegalMoveWindow, E2023) => "A.5.2",
            (SetupCutoff, E2017 | E2018) => "A.4.1",
            (SetupCutoff, E2023) => "A.5.1",
            (ImpossiblePosition, E2017 | E2018) => "A.4.4",
            (ImpossiblePosition, E2023) => "A.5.4",
            (WrongInitialPosition, E2005) => "7.1(a)",
            (WrongInitialPosition | BoardOrientation, Tavreli) => "7.1",
            (WrongInitialPosition, _) => "7.2.1",
            (BoardOrientation, E2005) => "7.1(b)",
            (BoardOrientation, _) => "7.2.2",
            (ReversedColours, E2005 | Tavreli) => "7.2",
            (ReversedColours, _) => "7.3",
            (DisplacedPieces, E2005 | Tavreli) => "7.3",
            (DisplacedPieces, _) => "7.4",
            (PenaltyList, E2005 | Tavreli) => "13.4",
            (PenaltyList, _) => "12.9",
            (DefaultTime, Tavreli) => "6.6",
            (DefaultTime, _) => "6.7",
            (Adjust, Tavreli) => "4.1",
            (Adjust, _) => "4.2",
            (TouchMove, Tavreli) => "4.2",
            (TouchMove, _) => "4.3",
            (TouchMoveCastling, Tavreli) => "4.3",
            (TouchMoveCastling, _) => "4.4",
            (NothingTouchedCanMove, Tavreli) => "4.4",
            (NothingTouchedCanMove, _) => "4.5",
            (Release, Tavreli) => "4.5",
            (Release, E2005) => "4.6",
            (Release, _) => "4.7",
            (TouchMoveClaim, Tavreli) => "4.5",
            (TouchMoveClaim, E2005) => "4.7",
            (TouchMoveClaim, _) => "4.8",
            (Replacement, E2005 | Tavreli) => "7.4",
            (Replacement, _) => "7.5.1",
            (DrawClaimLost, _) => "9.4",
            (DrawOffer, E2005 | Tavreli) => "9.1",
            (DrawOffer, _) => "9.1.2.1",
            (FiftyMoves, _) => "9.3",
            // The Laws 2005 print the blind rules as a "Supplement" of
            // numbered items, 1 to 10, not as Appendix D; the Tavreli rules,
            // copied from the 2005 Laws, have no blind rules of their own
            // and are cited by the same Supplement (docs/decisions.md).
            (AnnounceMoves, E2005 | Tavreli) => "Supplement 1",
            (AnnounceMoves, _) => "D.2.1",
            (BlindMoveMade | ClockAfterAnnouncement, E2005 | Tavreli) => "Supplement 3",
            (BlindMoveMade, _) => "D.2.3",
            (ClockAfterAnnouncement, _) => "D.2.4",
            (SightedPlayer, E2005 | Tavreli) => "Supplement 4",
            (SightedPlayer, _) => "D.2.5",
            (BlindClock, E2005 | Tavreli) => "Supplement 5",
            (BlindClock, _) => "D.2.6",
            (SlipOfTheTongue, E2005 | Tavreli) => "Supplement 7",
            (SlipOfTheTongue, _) => "D.2.8",
            (BoardsDiffer, E2005 | Tavreli) => "Supplement 8",
            (BoardsDiffer, _) => "D.2.9",
            (Assistant, E2005 | Tavreli) => "Supplement 9",
            (Assistant, _) => "D.2.10",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chess under a FIDE edition only, Tavreli under every edition; an
    /// independent list of the FIDE editions is the oracle.
    #[test]
    fn which_variant_is_played_under_which_edition() {
        let fide = ["2005", "2017", "2018", "2023"];
        for e in Edition::ALL {
            let is_fide = fide.contains(&e.key());
            assert_eq!(Provisions::admits(e, Variant::Chess), is_fide, "{e}");
            assert!(Provisions::admits(e, Variant::Tavreli), "{e}");
        }
        assert!(!Provisions::admits(Edition::Tavreli, Variant::Chess));
        assert!(Provisions::admits(Edition::E2023, Variant::Chess));
    }

    /// Every FIDE edition names regimes; the Tavreli rules name none.
    #[test]
    fn which_edition_names_regimes() {
        for e in Edition::FIDE {
            assert!(Provisions::has_regimes(e), "{e}");
        }
        assert!(!Provisions::has_regimes(Edition::Tavreli));
    }

    fn laws(e: Edition, r: Regime, s: Supervision) -> Provisions {
        Provisions::new(e, r, s)
    }

    /// The report's `penalties[].kind` strings, as the Laws wrote them as
    /// literals before the kind was typed (the `penalty(at, side, "…", ms)`
    /// calls of the game and the name table of its 12.9 branch): serde and
    /// `key` write exactly these, and both read them back.
    #[test]
    fn every_penalty_kind_keeps_its_report_string() {
        let old = [
            (PenaltyKind::IllegalMove, "illegal_move"),
            (PenaltyKind::Warning, "warning"),
            (PenaltyKind::IncorrectClaim, "incorrect_claim"),
            (PenaltyKind::ClaimantTimeCut, "claimant_time_cut"),
            (PenaltyKind::LateArrival, "late_arrival"),
            (PenaltyKind::DeclareLost, "declare_lost"),
            (PenaltyKind::IncreasePoints, "increase_points"),
            (PenaltyKind::ReducePoints, "reduce_points"),
            (PenaltyKind::Fine, "fine"),
            (PenaltyKind::ExcludeRounds, "exclude_rounds"),
            (PenaltyKind::Expel, "expel"),
            (PenaltyKind::AddTime, "add_time"),
            (PenaltyKind::DeductTime, "deduct_time"),
            (
                PenaltyKind::QuickplayPostponedTime,
                "quickplay_postponed_time",
            ),
            (PenaltyKind::QuickplayRejected, "quickplay_rejected"),
            (PenaltyKind::QuickplayIncrement, "quickplay_increment"),
        ];
        assert_eq!(old.len(), PenaltyKind::ALL.len());
        for (kind, text) in old {
            assert!(PenaltyKind::ALL.contains(&kind), "{text}");
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<PenaltyKind>(&json).unwrap(), kind);
            assert_eq!(kind.key(), text);
            assert_eq!(kind.to_string(), text);
            assert_eq!(text.parse::<PenaltyKind>(), Ok(kind));
        }
        for bad in ["Warning", "illegal move", "", "expelled"] {
            assert!(bad.parse::<PenaltyKind>().is_err(), "{bad}");
            assert!(serde_json::from_str::<PenaltyKind>(&format!("{bad:?}")).is_err());
        }
    }

    /// L-12.9 vs 2005 13.4: a fine and exclusion from rounds exist only from
    /// 2017; the Laws' own consequences are on no edition's menu.
    #[test]
    fn the_arbiters_menu_by_edition() {
        for e in Edition::ALL {
            let p = laws(e, Regime::Standard, Supervision::Full);
            for k in PenaltyKind::ALL {
                let expected = match k {
                    PenaltyKind::Fine | PenaltyKind::ExcludeRounds => e.is_modern(),
                    PenaltyKind::IllegalMove
                    | PenaltyKind::IncorrectClaim
                    | PenaltyKind::ClaimantTimeCut
                    | PenaltyKind::LateArrival
                    | PenaltyKind::QuickplayPostponedTime
                    | PenaltyKind::QuickplayRejected
                    | PenaltyKind::QuickplayIncrement => false,
                    _ => true,
                };
                assert_eq!(p.penalty_allowed(k), expected, "{e} {k}");
            }
        }
    }

    /// L-6.8, CFG-8, the Laws 2017, A.4.5: who calls a flag, edition by edition,
    /// with the arbiter's own call off and on.
    #[test]
    fn flag_call_by_edition_and_setting() {
        use Edition::*;
        let reduced = |e| laws(e, Regime::Blitz, Supervision::Reduced);
        for (e, off, on) in [
            (E2005, false, false),
            (E2017, false, true),
            (E2018, true, true),
            (E2023, true, true),
            (Tavreli, true, true),
        ] {
            assert_eq!(reduced(e).flag_called_automatically(), off, "{e} off");
            let p = reduced(e).with_arbiter_calls_flags(true);
            assert_eq!(p.flag_called_automatically(), on, "{e} on");
        }
        // Full supervision and standard play: every edition calls flags.
        for e in Edition::ALL {
            assert!(laws(e, Regime::Rapid, Supervision::Full).flag_called_automatically());
            assert!(laws(e, Regime::Standard, Supervision::Reduced).flag_called_automatically());
        }
    }

    /// L-6.3g, CFG-2: 2017+ blitz is ≤ 10 min; 2005 (and Tavreli) blitz is
    /// under 15 min; rapid ends below 60 min in both.
    #[test]
    fn regime_limits_differ_between_editions() {
        let m = |x: u64| x * 60_000;
        let r = Provisions::regime_for_budget;
        for e in [Edition::E2017, Edition::E2018, Edition::E2023] {
            assert_eq!(r(e, m(10)), Regime::Blitz, "{e}");
            assert_eq!(r(e, m(10) + 1), Regime::Rapid, "{e}");
            assert_eq!(r(e, m(14)), Regime::Rapid, "{e}");
        }
        for e in [Edition::E2005, Edition::Tavreli] {
            assert_eq!(r(e, m(10) + 1), Regime::Blitz, "{e}");
            assert_eq!(r(e, m(15) - 1), Regime::Blitz, "{e}");
            assert_eq!(r(e, m(15)), Regime::Rapid, "{e}");
        }
        for e in Edition::ALL {
            assert_eq!(r(e, m(60) - 1), Regime::Rapid, "{e}");
            assert_eq!(r(e, m(60)), Regime::Standard, "{e}");
        }
    }

    /// L-6.7a, CFG-4; CFG-3; CFG-7; 2005 10.2(b) vs G-III.5.
    #[test]
    fn clock_answers_by_edition() {
        let std = |e| laws(e, Regime::Standard, Supervision::Full);
        assert_eq!(std(Edition::E2005).edition_default_time(), 60 * MINUTE);
        assert_eq!(std(Edition::Tavreli).edition_default_time(), 60 * MINUTE);
        assert_eq!(std(Edition::E2017).edition_default_time(), 0);
        assert_eq!(std(Edition::E2023).default_time(Some(5)), 5);
        assert_eq!(
            Provisions::default_supervision(Edition::E2005, Regime::Rapid),
            Supervision::Reduced
        );
        assert_eq!(
            Provisions::default_supervision(Edition::E2005, Regime::Standard),
            Supervision::Full
        );
        assert_eq!(
            Provisions::default_supervision(Edition::E2017, Regime::Rapid),
            Supervision::Full
        );
        for e in Edition::ALL {
            let p = std(e);
            let old = !e.is_modern();
            assert_eq!(p.quickplay_finish_in_laws(), old, "{e}");
            assert_eq!(p.postponed_quickplay_time_to_claimant(), old, "{e}");
            assert_eq!(p.increment_request_exists(), !old, "{e}");
            assert_eq!(p.quickplay_claim_is_offer(false), old, "{e}");
            assert_eq!(p.quickplay_claim_is_offer(true), !old, "{e}");
            assert_eq!(p.on_claim_both_flags_draw(), old, "{e}");
            assert_eq!(p.on_claim_needs_own_flag_up(), old, "{e}");
            assert_eq!(p.same_instant_flags_arbiter_decides(false), !old, "{e}");
            assert!(!p.same_instant_flags_arbiter_decides(true), "{e}");
            assert_eq!(p.quickplay_finish_available(false, false), old, "{e}");
            assert!(p.quickplay_finish_available(true, false), "{e}");
        }
    }

    #[test]
    fn each_edition_cites_its_own_numbers() {
        use Article::*;
        let a = Provisions::article_in;
        for (e, window, wrong, reversed, penalties, touch, claim) in [
            (
                Edition::E2005,
                "Appendix B",
                "7.1(a)",
                "7.2",
                "13.4",
                "4.3",
                "4.7",
            ),
            (
                Edition::E2017,
                "A.4.2",
                "7.2.1",
                "7.3",
                "12.9",
                "4.3",
                "4.8",
            ),
            (
                Edition::E2018,
                "A.4.2",
                "7.2.1",
                "7.3",
                "12.9",
                "4.3",
                "4.8",
            ),
            (
                Edition::E2023,
                "A.5.2",
                "7.2.1",
                "7.3",
                "12.9",
                "4.3",
                "4.8",
            ),
            (
                Edition::Tavreli,
                "Appendix B",
                "7.1",
                "7.2",
                "13.4",
                "4.2",
                "4.5",
            ),
        ] {
            assert_eq!(a(e, IllegalMoveWindow), window, "{e}");
            assert_eq!(a(e, WrongInitialPosition), wrong, "{e}");
            assert_eq!(a(e, ReversedColours), reversed, "{e}");
            assert_eq!(a(e, PenaltyList), penalties, "{e}");
            assert_eq!(a(e, TouchMove), touch, "{e}");
            assert_eq!(a(e, TouchMoveClaim), claim, "{e}");
        }
    }

    /// Appendix D (2017+) against the 2005 Supplement's items 1–10: the
    /// articles each edition cites, the talking clock (D.2.6 vs Supplement
    /// 5, tactile only) and who settles the boards (D.2.9's arbiter vs
    /// Supplement 8's controller), both directions.
    #[test]
    fn appendix_d_against_the_2005_supplement() {
        use Article::*;
        let a = Provisions::article_in;
        let modern = [
            (AnnounceMoves, "D.2.1"),
            (BlindMoveMade, "D.2.3"),
            (ClockAfterAnnouncement, "D.2.4"),
            (SightedPlayer, "D.2.5"),
            (BlindClock, "D.2.6"),
            (SlipOfTheTongue, "D.2.8"),
            (BoardsDiffer, "D.2.9"),
            (Assistant, "D.2.10"),
        ];
        let old = [
            "Supplement 1",
            "Supplement 3",
            "Supplement 3",
            "Supplement 4",
            "Supplement 5",
            "Supplement 7",
            "Supplement 8",
            "Supplement 9",
        ];
        for (i, (rule, number)) in modern.iter().enumerate() {
            for e in Edition::ALL {
                let want = if e.is_modern() { *number } else { old[i] };
                assert_eq!(a(e, *rule), want, "{e} {rule:?}");
            }
        }
        let p = |e| Provisions::new(e, Regime::Standard, Supervision::Full);
        assert!(!p(Edition::E2005).talking_clock_admitted());
        assert!(p(Edition::E2017).talking_clock_admitted());
        assert!(p(Edition::E2023).talking_clock_admitted());
        assert_eq!(
            p(Edition::E2005).blind_rules_official(),
            BlindRulesOfficial::Controller
        );
        assert_eq!(
            p(Edition::E2018).blind_rules_official(),
            BlindRulesOfficial::Arbiter
        );
    }

    #[test]
    fn touch_move_answers_by_edition() {
        let p = |e| Provisions::new(e, Regime::Standard, Supervision::Full);
        assert_eq!(p(Edition::E2005).touch_reading(), TouchReading::OneOfEach);
        assert_eq!(p(Edition::E2017).touch_reading(), TouchReading::OneOrMore);
        assert_eq!(
            p(Edition::Tavreli).touch_reading(),
            TouchReading::FirstTouched
        );
        for e in Edition::ALL {
            assert_eq!(p(e).touch_loses_draw_claim(), e.is_modern(), "{e}");
            assert_eq!(p(e).touch_rejects_offer(), e != Edition::Tavreli, "{e}");
            assert_eq!(
                p(e).failed_castling_other_side_first(),
                e == Edition::Tavreli,
                "{e}"
            );
        }
    }
}
