//! One side's analysis: the steps after the fast check, run in slices of
//! the budget by a schedule, and resumable, so that a question asked again
//! with more nodes goes on where it stopped.

use shakmaty::{Chess, Color, Move, Position};

use crate::budget::Budget;
use crate::meter::Meter;
use crate::plan::{self, no_square, pawns_only};
use crate::verdict::{Horizon, Verdict, terminal};
use crate::{exhaust, extend, quick_dead, reach, search, target};

/// How long a line the guided search tries: long enough to promote a pawn
/// and mate with the new queen.
const DIVE_DEPTH: u32 = 64;

/// The analysis behind every entry point, on one meter.
pub(crate) fn analyse(
    pos: &Chess,
    side: Color,
    horizon: Horizon,
    meter: &mut Meter<'_>,
) -> Verdict {
    Analysis::new(pos, side, horizon, true).run_on(meter)
}

/// The nodes the searches may spend on the rest of a planned line
/// ([`Step::Plan`]) each time the winner's pawn takes a piece or the
/// loser's king breaks into a wall ([`plan::king_took_a_pawn`]). Where
/// the pawn takes a piece the helpmates of the hard set take a few
/// hundred there; after the king's breach, up to a couple of thousand.
/// Measured on the hard set, both sides asked together (25 undetermined
/// sides before the king's breach was handed over): with it, at 300
/// nodes, 25; at 600, 24; at 1,000, 24; at 2,000, 22; at 3,000, 22; at
/// 5,000, 23. Without it, 2,000 nodes left 25 as 1,000 did. Once a lone
/// king's capture was handed over too (20 at 2,000): at 1,500, 21; at
/// 2,500, 20; at 3,000, 19; at 4,000, 19; at 5,000, 20.
const AFTER_PLAN_NODES: u64 = 3000;

/// The most nodes the searches may spend on the rest of a planned line
/// after the loser's king broke into a wall where every piece of the
/// winner's is jammed among its own men ([`plan::jammed_after`]): there
/// the winner is in effect one with only pawns, whose king's captures
/// are too many to hand each over with [`AFTER_PLAN_NODES`]. In
/// `8/1p1p1p1p/1P6/BP6/KP6/PP6/3P1P1P/k7` w (White's bishop on a5 shut
/// in by its own b-pawns) the plan handed over 400 of Black's king's
/// captures, each spending about 1,000 nodes in vain, 398,000 of the
/// 508,700 its helpmate took; a breach that opens the way
/// (`8/8/5p2/2p1pPk1/...` b, Black's bishop on d4 jammed among its
/// pawns) is finished within 377. The look keeps the schedule of
/// [`AFTER_PLAN_NODES`] (its shares are of that budget) and stops at
/// this many: a schedule of 600 nodes misses that finish. Measured on
/// the hard set, both sides asked (12 undetermined sides): at 400, 11
/// (`8/1p1p1p1p/...` w found in 221,800 nodes); at 600, 262,500 nodes,
/// more than a label leaves it; with no look at all, 67,000 nodes, but
/// `8/8/5p2/2p1pPk1/...` b then needs 291,700 and is lost (12). The
/// margin is thin (377 within 400). The complete enumeration's look
/// after a sacrifice that leaves a pawn ending
/// ([`plan::sacrifice_taken`]) stops here too: the helpmate that needed
/// it is finished within 60 nodes of the look.
const JAMMED_BREACH_NODES: u64 = 400;

/// The rest of a planned line from `pos`, where the winner's pawn has
/// just taken a piece (or after a breach or a sacrifice, see
/// [`exhaust::Settle`]): the analysis without the plan (so it cannot nest)
/// within [`AFTER_PLAN_NODES`] (stopped at [`JAMMED_BREACH_NODES`] if
/// `short`), its nodes counted on `meter`.
fn settle_after_plan(
    pos: &Chess,
    side: Color,
    horizon: Horizon,
    short: bool,
    meter: &mut Meter<'_>,
) -> Option<Vec<Move>> {
    let limit = if short {
        JAMMED_BREACH_NODES
    } else {
        AFTER_PLAN_NODES
    };
    let mut inner = Meter::limited(Budget::nodes(AFTER_PLAN_NODES), limit);
    let verdict = Analysis::new(pos, side, horizon, false).run_on(&mut inner);
    for _ in 0..inner.used() {
        if meter.tick().is_err() {
            break;
        }
    }
    match verdict {
        Verdict::Winnable { helpmate } => Some(helpmate),
        _ => None,
    }
}

/// The steps of the analysis with the node count each runs until: the
/// schedule over the first [`Budget::DEFAULT`] nodes (or the whole budget
/// if smaller), [`UP_TO_TWICE`] up to twice that, then [`BEYOND_DEFAULT`]
/// over the rest.
fn steps(schedule: &[(Step, f64)], total: u64) -> Vec<(Step, u64)> {
    let d = Budget::DEFAULT.nodes;
    let first = total.min(d);
    let second = total.min(d.saturating_mul(2)) - first;
    let rest = total - first - second;
    // The float product of a node count and a fraction in [0, 1] stays
    // within u64.
    let at = |base: u64, span: u64, f: f64| base + ((span as f64) * f.clamp(0.0, 1.0)) as u64;
    let mut out: Vec<(Step, u64)> = schedule
        .iter()
        .map(|&(s, f)| (s, at(0, first, f)))
        .collect();
    out.extend(UP_TO_TWICE.map(|s| (s, first + second)));
    if rest > 0 {
        out.extend(
            BEYOND_DEFAULT
                .iter()
                .map(|&(s, f)| (s, at(first + second, rest, f))),
        );
    }
    out
}

/// One side's question in progress: the fast checks' answer, or the
/// state of every step, kept between runs so that a run with a larger
/// budget goes on where the last one stopped. The schedule's shares are
/// of the budget a run is given ([`steps`]); a step whose share ended
/// within the nodes already spent is not run again, so a question run on
/// its first nodes (a first look) and then on the whole budget answers
/// as one run on the whole budget would.
pub(crate) struct Analysis<'p> {
    pos: &'p Chess,
    side: Color,
    horizon: Horizon,
    /// Whether the enumeration kept to a plan is among the steps.
    plan: bool,
    /// The nodes spent by all runs so far.
    used: u64,
    /// The verdict, once settled.
    settled: Option<Verdict>,
    /// The steps' state, made by the first run that gets past the fast
    /// checks.
    steps: Option<Box<Steps>>,
    /// What the complete enumeration settled of the other side's question
    /// on its way (see [`exhaust::Exhaust::loser_verdict`]).
    other: Option<Verdict>,
}

/// The state of the steps of one side's question.
struct Steps {
    hash: u64,
    schedule: &'static [(Step, f64)],
    ext: extend::Extend,
    /// Made when first needed: most positions are settled before.
    walled: Option<extend::Extend>,
    depth: u32,
    walled_depth: u32,
    searcher: search::Searcher,
    disc: u32,
    enumeration: Option<exhaust::Exhaust>,
    planned: Option<exhaust::Exhaust>,
    aimed: Option<target::Target>,
    promoting: Option<target::Promotions>,
    /// The step (its place in the list of [`steps`]) that the end of the
    /// last run's nodes cut short: a search round stopped there is
    /// resumed, not given up for a deeper one, as one longer run would
    /// have gone on with it.
    cut_short: Option<usize>,
}

impl<'p> Analysis<'p> {
    /// The question whether `side` can mate from `pos` under `horizon`,
    /// not yet run; with the enumeration kept to a plan if `plan`.
    pub(crate) fn new(pos: &'p Chess, side: Color, horizon: Horizon, plan: bool) -> Self {
        Analysis {
            pos,
            side,
            horizon,
            plan,
            used: 0,
            settled: None,
            steps: None,
            other: None,
        }
    }

    /// The nodes spent by all runs so far.
    pub(crate) fn used(&self) -> u64 {
        self.used
    }

    /// What the question settled of the other side's on its way, if
    /// anything.
    pub(crate) fn other(&self) -> Option<&Verdict> {
        self.other.as_ref()
    }

    /// Whether the question's complete enumeration has started and may
    /// still settle both sides' questions ([`exhaust::Exhaust::settles_both`]).
    pub(crate) fn enumeration_settles_both(&self) -> bool {
        self.settled.is_none()
            && self
                .steps
                .as_ref()
                .and_then(|st| st.enumeration.as_ref())
                .is_some_and(|e| e.settles_both())
    }

    /// Go on with the complete enumeration alone for `nodes` more nodes
    /// (with `budget`'s callback); what it settles of the other side's
    /// question goes to [`Analysis::other`].
    pub(crate) fn enumerate_on(&mut self, budget: Budget<'_>, nodes: u64) -> Verdict {
        if self.settled.is_none()
            && let Some(e) = self.steps.as_mut().and_then(|st| st.enumeration.as_mut())
        {
            let total = self.used.saturating_add(nodes);
            let mut meter = Meter::limited(
                Budget {
                    nodes: total,
                    ..budget
                },
                total,
            )
            .resumed_at(self.used);
            let outcome = e.run(&mut meter);
            if self.other.is_none() {
                self.other = e.loser_verdict(&outcome);
            }
            self.settled = match outcome {
                exhaust::Outcome::Mate(line) => Some(Verdict::Winnable { helpmate: line }),
                exhaust::Outcome::NoMate => Some(Verdict::Unwinnable),
                exhaust::Outcome::Stopped => None,
            };
            self.used = meter.used();
        }
        self.settled.clone().unwrap_or(Verdict::Undetermined)
    }

    /// Go on with the question on `budget` (its whole course, the nodes
    /// already spent included), stopping for good at `limit` nodes in all.
    pub(crate) fn run(&mut self, budget: Budget<'_>, limit: u64) -> Verdict {
        let mut meter = Meter::limited(budget, limit).resumed_at(self.used);
        self.run_on(&mut meter)
    }

    /// Go on with the question on `meter`, which counts the nodes already
    /// spent.
    pub(crate) fn run_on(&mut self, meter: &mut Meter<'_>) -> Verdict {
        if self.settled.is_none() {
            self.settled = self.settle(meter);
        }
        self.used = meter.used();
        self.settled.clone().unwrap_or(Verdict::Undetermined)
    }

    /// The verdict, if the fast checks or the steps within `meter` reach
    /// one.
    fn settle(&mut self, meter: &mut Meter<'_>) -> Option<Verdict> {
        let (pos, side, horizon) = (self.pos, self.side, self.horizon);
        if self.steps.is_none() {
            if let Some(v) = terminal(pos, side, horizon) {
                return Some(v);
            }
            if quick_dead(pos, side) || reach::unwinnable(pos, side) {
                return Some(Verdict::Unwinnable);
            }
            self.steps = Some(Box::new(Steps::new(pos, side, horizon)));
        }
        let st = self.steps.as_deref_mut()?;
        let cut_short = st.cut_short.take();
        for (i, (step, until)) in steps(st.schedule, meter.total()).into_iter().enumerate() {
            if meter.used() >= until || meter.halted() {
                continue;
            }
            meter.cap_at(until);
            let resumed = cut_short == Some(i);
            let found = st.step(
                pos,
                side,
                horizon,
                step,
                resumed,
                self.plan,
                meter,
                &mut self.other,
            );
            if found.is_some() {
                return found;
            }
            if meter.run_out() {
                // The run's nodes ended inside this step's share.
                if meter.used() < until {
                    st.cut_short = Some(i);
                }
                break;
            }
        }
        None
    }
}

impl Steps {
    fn new(pos: &Chess, side: Color, horizon: Horizon) -> Self {
        Steps {
            hash: search::hash(pos),
            schedule: if pawns_only_shut_in(pos, side) {
                &SHUT_IN_SCHEDULE[..]
            } else {
                &SCHEDULE[..]
            },
            ext: extend::Extend::new(pos, side, extend::Flavour::Plain),
            walled: None,
            depth: 1,
            walled_depth: 1,
            searcher: search::Searcher::new(side, horizon, extend::bishop_corners(pos, side)),
            disc: 0,
            enumeration: None,
            planned: None,
            aimed: None,
            promoting: None,
            cut_short: None,
        }
    }

    /// Run `step` until the meter's slice ends; `resumed`: the last run's
    /// nodes ended inside it. What the complete enumeration settles of the
    /// other side's question goes to `other`.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        pos: &Chess,
        side: Color,
        horizon: Horizon,
        step: Step,
        resumed: bool,
        plan: bool,
        meter: &mut Meter<'_>,
        other: &mut Option<Verdict>,
    ) -> Option<Verdict> {
        let hash = self.hash;
        match step {
            Step::Extend => extended(
                &mut self.ext,
                pos,
                &mut self.depth,
                horizon,
                hash,
                meter,
                resumed,
            ),
            Step::Probe => probed(&mut self.ext, pos, &mut self.depth, horizon, hash, meter),
            Step::Walls | Step::WallsResumed => {
                let walled = self
                    .walled
                    .get_or_insert_with(|| extend::Extend::new(pos, side, extend::Flavour::Walls));
                let resume = resumed || matches!(step, Step::WallsResumed);
                extended(
                    walled,
                    pos,
                    &mut self.walled_depth,
                    horizon,
                    hash,
                    meter,
                    resume,
                )
            }
            Step::Guided => match guided(&mut self.searcher, pos, hash, self.disc, meter) {
                Ok(line) => Some(Verdict::Winnable { helpmate: line }),
                Err(d) => {
                    self.disc = d;
                    None
                }
            },
            Step::Target if !open(pos) => None,
            Step::Target => self
                .aimed
                .get_or_insert_with(|| target::Target::new(pos, side))
                .run(pos, hash, horizon, meter)
                .map(|line| Verdict::Winnable { helpmate: line }),
            Step::Promote if !promotion_ending(pos, side) => None,
            Step::Promote => self
                .promoting
                .get_or_insert_with(|| target::Promotions::new(pos, side))
                .run(pos, hash, horizon, meter)
                .map(|line| Verdict::Winnable { helpmate: line }),
            Step::Plan if !plan || !plan::applies(pos, side) => None,
            Step::Plan => match self
                .planned
                .get_or_insert_with(|| {
                    exhaust::Exhaust::planned(pos, side, horizon, settle_after_plan)
                })
                .run(meter)
            {
                exhaust::Outcome::Mate(line) => Some(Verdict::Winnable { helpmate: line }),
                // Not every position was visited: nothing is proved.
                exhaust::Outcome::NoMate | exhaust::Outcome::Stopped => None,
            },
            Step::Exhaust => {
                // The question's own enumeration hands the rest over after
                // a sacrifice ([`plan::sacrifice_taken`]); one inside a
                // look (no plan) does not, so looks never nest.
                let e = self.enumeration.get_or_insert_with(|| {
                    let e = exhaust::Exhaust::new(pos, side, horizon);
                    if plan {
                        e.handing_over_sacrifices(settle_after_plan)
                    } else {
                        e
                    }
                });
                let outcome = e.run(meter);
                if other.is_none() {
                    *other = e.loser_verdict(&outcome);
                }
                match outcome {
                    exhaust::Outcome::Mate(line) => Some(Verdict::Winnable { helpmate: line }),
                    exhaust::Outcome::NoMate => Some(Verdict::Unwinnable),
                    exhaust::Outcome::Stopped => None,
                }
            }
        }
    }
}

/// A step of the analysis after the fast check.
#[derive(Clone, Copy)]
enum Step {
    /// Rounds of the extension search, from one round deeper than the
    /// one the last slice stopped.
    Extend,
    /// Rounds of the extension search of [`PROBE_NODES`] nodes at most
    /// each, every one deeper than the last ([`probed`]).
    Probe,
    /// Rounds of its flavour for pawn walls, likewise from one round
    /// deeper than the one the last slice stopped.
    Walls,
    /// Rounds of that flavour, from the round the last slice stopped,
    /// resumed where it stopped.
    WallsResumed,
    /// Rounds of the guided search, resumed likewise.
    Guided,
    /// Rounds of the search aimed at a fixed mating picture, in open
    /// endings only ([`open`]), resumed likewise.
    Target,
    /// Rounds of the searches aimed at a promotion, where the loser's king
    /// has no square now and the winner has little but pawns
    /// ([`promotion_ending`]), resumed likewise.
    Promote,
    /// The complete enumeration (first with the pieces as phantoms where
    /// a king is shut in), resumed where the last slice stopped.
    Exhaust,
    /// The enumeration with the loser's moves kept to the plan of a man
    /// given up to the winner's pawn ([`plan`]), resumed likewise.
    Plan,
}

/// Which step runs until what share of the budget is spent. The
/// extension search finds the helpmates of almost every real position
/// within a few thousand nodes; where it does not, its flavour for pawn
/// walls (the composed positions) and a guided round (another order of
/// the moves) take turns in growing slices; then the complete
/// enumeration (which proves the positions whose reachable set is small;
/// it keeps what it has seen, so a later slice would resume it) and
/// both searches again, deeper (the guided one only briefly: given to
/// the flavour for walls, its slice from 80 % to 85 % settled two sides
/// more of the hard set before the resumed walls slice and the probes,
/// 103 to 101 undetermined, and two fewer with them, 82 to 84). The plain
/// extension search keeps only its first slice: after it, the flavour for
/// walls finds more helpmates in the same nodes (measured on the hard set
/// of chasolver's tests). A longer first slice (6 % of the budget) finds
/// four more open knight endings of the hard set (a slice stopped in the
/// middle of a round gives the round up for a deeper one, so the walls
/// flavour, cut into slices, misses some), but costs the positions of
/// real games about 2 % more time on average, and an undetermined side
/// that can in fact mate is judged as one that can (a flag stays a
/// loss), so the real games' time wins. The walls flavour's second slice
/// runs to 15 % and its third to 30 % (12 % and 28 % before its nodes
/// got cheaper): two more sides of the hard set, the others alike. In an
/// open ending ([`open`])
/// the search aimed at a mating picture takes the budget to 52 %,
/// before the flavour for walls (the cumulative shares leave the
/// following steps only what is left of theirs: the enumeration keeps
/// its slice from 52 % to 64 %); elsewhere it takes nothing and the
/// schedule is as without it. Placed there, it settled a thirteenth of
/// the sides of the hard set left undetermined without it and all but
/// one of the real games', which also spent a sixth fewer nodes on
/// average: the helpmates of
/// endings with few pawns are often quicker to find by the picture than
/// by the flavour for walls. A share of a tenth settled fewer. Its
/// share was a third (to 36 %); re-measured with the searches as they
/// are now, with 134 sides of the hard set undetermined at 36 %: to
/// 42 %, 134; to 48 %, 133; to 50 %, 133; to 52 %, 132 (three open
/// endings more, among them the bishops' helpmate behind their own
/// pawns, and one helpmate of the enumeration lost); to 55 %, 133; to
/// 58 %, 140. The real games' positions spent fewer nodes
/// on average at 52 % (117.12 to 116.78).
///
/// The searches aimed at a promotion ([`promotion_ending`]) come right
/// after it, to 10 %: so they take nothing from it in an open ending
/// (where it runs to 52 %) and the first 8 % from the flavour for walls
/// and the guided search elsewhere. Placed there they settled two more
/// sides of the hard set (155 to 153 undetermined) and lost none; before
/// the aimed search, as many, but the real games' positions spent 0.14 %
/// more nodes; to 15 % or 20 %, no more found; later, with 152 sides
/// undetermined at 10 %: to 6 %, 153; to 13 %, 152. The real games' positions
/// spent as many nodes on average (117.46; 117.48 before the winner's
/// pieces were limited to one minor, which also lost one side of the
/// hard set).
///
/// A slice that stops a round gives it up for a deeper one (a deeper
/// round often reaches a mate sooner than a shallower one rules it out),
/// except the walls flavour's second slice, which resumes the round its
/// first slice stopped where it stopped: there, four more sides of the
/// hard set were settled and three lost (137 to 136 undetermined, the
/// real games' positions' average nodes 117.09 to 117.17). Resumed in
/// another slice instead: in the first, 137; in the third, 143; in the
/// fourth, 143; in the last, 139; in the second and the last, 143; in
/// every slice of both schedules, 155 (the rounds that a deeper one
/// would have overtaken are run to their end).
///
/// The enumeration kept to a plan ([`Step::Plan`]) takes the share from
/// 30 % to 60 %, before the complete enumeration, where it applies (the
/// loser has a piece to give up or a king to walk into the winner's
/// pawns); elsewhere the complete enumeration starts at 30 %. In an open
/// ending it runs from 52 %, after the aimed search. Its helpmates,
/// through a wall of bishops and pawns, need 20,000 to 150,000 of its
/// nodes, and before it came into this schedule a side reached it only
/// past the default budget, with what the other side of a label left.
/// Measured on the hard set, both sides asked together (19 sides
/// undetermined without it): from 30 % to 35 %, 40 %, 45 %, 50 % or
/// 55 %, 17; to 58 %, 60 % or 62 %, 16 (the White side of
/// `B1B1B3/pBpBpBp1/P1P1P1P1/8/8/8/8/k1K5`, an open ending); from 21 %
/// to 31 % (before the walls flavour's third slice), 21; from 64 % to
/// 74 % (after the complete enumeration), 20; from 85 % to the end, 21.
/// One side asked alone on the default budget, 44 sides were left
/// undetermined at 40 % and 46 at 60 % (two proofs of the complete
/// enumeration, which comes later): a label asks both sides, and a
/// decision of the Laws asks one with a larger budget, where 5 of 6,828
/// are undetermined either way. The real games' positions spent 116
/// nodes a side on average (117 without it).
///
/// Where the plan does not apply, or has visited all it keeps before its
/// share ends, the flavour for walls gets one round deeper to 36 %
/// before the complete enumeration takes what is left: otherwise that
/// enumeration inherits the plan's whole share, which in a wall of
/// bishops whose reachable set is far too large is spent in vain, and
/// the other side of a label loses the nodes its plan needs (the White
/// side of `8/8/5p2/2p1pP2/2PbPk1b/2pBpBp1/2P1P1P1/5BRK` w is found by
/// the walls flavour 3,300 nodes into that round; so its Black side is
/// found with what White leaves). Measured on the hard set, both sides
/// asked (9 undetermined sides without it): to 33 %, 9; to 36 %, 40 %,
/// 45 % or 50 %, 8; to 60 %, 9 (the enumeration's proof of a dead
/// `k7/8/p1p3p1/...` lost). The labels took as much time; one side asked
/// alone on the default budget, 42 sides were left undetermined instead
/// of 36 (the complete enumeration's proofs of walls of rooks and
/// bishops, which a label and a decision's budget still settle).
const SCHEDULE: [(Step, f64); 14] = [
    (Step::Extend, 0.02),
    (Step::Target, 0.52),
    (Step::Promote, 0.1),
    (Step::Walls, 0.03),
    (Step::Guided, 0.05),
    (Step::WallsResumed, 0.15),
    (Step::Guided, 0.21),
    (Step::Walls, 0.3),
    (Step::Plan, 0.6),
    (Step::Walls, 0.36),
    (Step::Exhaust, 0.64),
    (Step::Walls, 0.8),
    (Step::Guided, 0.85),
    (Step::Walls, 1.0),
];

/// The steps from [`Budget::DEFAULT`] to twice it (see [`steps`]), each
/// until the end of that stretch, so each has what the one before left:
/// the enumeration kept to a plan (which finds helpmates only), then,
/// where it does not apply or has visited all it keeps, the complete
/// enumeration, then the flavour for walls. This is the stretch a side
/// asked together with the other gets from the nodes the other left
/// ([`crate::can_mate_each`]); the plan's helpmates there need 20,000 to
/// 150,000 of its nodes. With the shares of [`BEYOND_DEFAULT`] over it,
/// the hard set of chasolver's tests left 26 sides undetermined, both
/// sides asked; so, 25 (the White side of
/// `5kBN/1p1p1PRQ/1P1P2PP/3p1p1p/3P1P1P/8/8/2Bb2BK`, whose plan needs
/// 119,000 nodes). A decision's budget (1,000,000 nodes, one side asked)
/// settled as many sides either way (all but 6 of 6,828).
const UP_TO_TWICE: [Step; 3] = [Step::Plan, Step::Exhaust, Step::Walls];

/// The steps past twice the default budget, as shares of what is left over it
/// (see [`steps`]): first the enumeration kept to a plan, then the
/// complete enumeration and the flavour for walls, each resumed where
/// their last slice stopped. The schedules keep their shares of the first
/// [`Budget::DEFAULT`] nodes, so that a side asked alone on the default
/// budget in [`SCHEDULE`] is answered as before; a larger budget (a
/// decision of the Laws, a deadline) gives the plan the most of what it
/// adds (measured when these shares ran from the default budget on, with
/// no [`UP_TO_TWICE`]): on the hard set
/// the Black sides of the ten bishops' walls (a White bishop goes where a
/// Black pawn takes it), which no budget up to 2,000,000 nodes settled
/// before, are found within 3,000 to 12,000 of its nodes. With the plan
/// to 80 % of it instead of 60 %, as many sides were settled.
const BEYOND_DEFAULT: [(Step, f64); 3] =
    [(Step::Plan, 0.6), (Step::Exhaust, 0.85), (Step::Walls, 1.0)];

/// The most pawns an open ending has ([`open`]). With up to eight the
/// aimed search found more helpmates of chasolver's test set than the
/// slices it takes from the others cost, and the positions of real games
/// spent fewer nodes on average; with ten or more, the slices it takes
/// from the flavour for walls cost more than it finds.
const OPEN_PAWNS: usize = 8;

/// Whether the root is an open ending, for the search aimed at a
/// mating picture ([`target`]): few pawns, so seldom a wall for the
/// other flavour to work round.
fn open(pos: &Chess) -> bool {
    pos.board().pawns().count() <= OPEN_PAWNS
}

/// The schedule where the winner has nothing but pawns and a king with no
/// square, or where both sides have nothing but pawns and one king has no
/// square (see [`pawns_only_shut_in`]). Then every move of that side is a
/// pawn move until something gives way: the game cannot last long, and
/// whether it runs out of moves first (the tempo) decides. The
/// searches rarely settle that, while the enumeration proves most such
/// positions of the hard set of chasolver's tests in 50,000 to 120,000
/// nodes, more than its slice of [`SCHEDULE`]; so it gets the rest of the
/// budget once the first rounds of the searches have found the quick
/// helpmates (it finds a helpmate too where its set is small). Starting
/// it earlier costs the positions of real games more nodes on average.
///
/// Where it is the loser's king that has no square, the searches aimed
/// at a promotion ([`Step::Promote`]) run first, to 20 % of the budget:
/// the winner's pawn that must run through to mate (with the loser
/// spending tempo) is found there within 500 to 45,000 nodes for most
/// such sides of the hard set, where the enumeration needs 150,000 to
/// 550,000. Measured on the hard set (162 undetermined sides without
/// them, 152 with them here and in [`SCHEDULE`]; here alone, before the
/// new queen's moves counted in their order): to 20 %, 156; to 25 %, 156; to 30 %, 155;
/// to 40 %, 157 (two more helpmates, but three proofs of the enumeration
/// lost: the positions where the tempo count says no, whose searches run
/// their whole slice in vain). With the order by the queen's moves too
/// (152 at 30 %): to 26 %, 153; to 34 %, 155. With a first version of the searches:
/// after a first slice of the enumeration (40 % to 65 %), one side more
/// undetermined than to 30 %; after the whole enumeration (70 % to
/// 100 %), seven more; before the flavour for walls' second slice (5 % to
/// 25 %), one more. The real games' positions spent as many nodes on
/// average (117.46). Once the enumeration expanded the winner's quiet
/// moves last (so that it reaches the pawn marches sooner) its nodes are
/// worth more, and the shares were measured again with it (138
/// undetermined sides without the searches here): to 13 %, 138; to 15 %
/// and to 20 %, 137; to 25 %, 139; to 30 %, 140.
///
/// Before them, from 10 % to 12 %, the plain extension search's rounds
/// again, each given up after [`PROBE_NODES`] for a deeper one
/// ([`Step::Probe`]): its first slice stops in a round that would spend
/// many more nodes than a deeper one needs for the mate. One more side of
/// the hard set settled (137 to 136 undetermined) and none lost, the
/// positions of real games' nodes unchanged; to 14 %, one proof of the
/// enumeration lost for it; after the promotion searches (20 % to 22 %),
/// three sides more undetermined. In [`SCHEDULE`] probes cost more than
/// they found: after its first slice (2 % to 6 %), 141; after the first
/// guided slice (5 % to 9 %), 139.
///
/// The guided slice from 3 % to 5 %, given to the flavour for walls,
/// settled one side more of the hard set before the resumed walls slice
/// and the probes (101 to 100 undetermined), none with them (82).
///
/// The enumeration kept to a plan ([`Step::Plan`], where it applies: see
/// [`plan::applies`]) runs from 20 % to 65 %, before the complete one: the
/// helpmates here are nearly all of that plan, and it finds them within
/// 20,000 to 200,000 nodes where the complete enumeration needed 150,000
/// to 1,300,000. What it takes costs the complete enumeration some proofs
/// (it proves nothing itself). Measured on the hard set, with both sides
/// asked together (68 undetermined sides without it, 5 of them sides that
/// cannot mate) and each side alone on the default budget (84, 9 of them):
/// to 35 %, 39 and 81; to 45 %, 32 and 71; to 55 %, 30 and 57; to 65 %, 30
/// and 56; to 75 %, 30 and 55; of them sides that cannot mate, 7 and 14
/// at every share. Before it applied only where the loser's king can move
/// or the loser has a piece, 42 (9) and 85 (16) at 35 %.
const SHUT_IN_SCHEDULE: [(Step, f64); 8] = [
    (Step::Extend, 0.02),
    (Step::Walls, 0.03),
    (Step::Guided, 0.05),
    (Step::Walls, 0.1),
    (Step::Probe, 0.12),
    (Step::Promote, 0.2),
    (Step::Plan, 0.65),
    (Step::Exhaust, 1.0),
];

/// One flavour of the extension search's rounds, ever deeper from `depth` on, until one
/// decides or the meter's slice runs out (`None`; `depth` is then the
/// round it stopped). A round that the last slice stopped is resumed
/// where it stopped if `resume`, else given up for one round deeper.
#[allow(clippy::too_many_arguments)]
fn extended(
    search: &mut extend::Extend,
    pos: &Chess,
    depth: &mut u32,
    horizon: Horizon,
    hash: u64,
    meter: &mut Meter<'_>,
    resume: bool,
) -> Option<Verdict> {
    if !resume && search.stopped() {
        *depth += 1;
    }
    loop {
        match search.round(pos, hash, *depth, horizon, meter) {
            Ok(extend::Round::Mate(line)) => return Some(Verdict::Winnable { helpmate: line }),
            Ok(extend::Round::NoMate) => return Some(Verdict::Unwinnable),
            Ok(extend::Round::Cut) => *depth += 1,
            Err(_) => return None,
        }
    }
}

/// The most nodes one round of [`Step::Probe`] may spend before it is
/// given up for a deeper one. Measured on the hard set of chasolver's
/// tests with the probes from 10 % to 12 % of the budget in
/// [`SHUT_IN_SCHEDULE`]: rounds of 1,000 nodes settled one side more
/// (137 to 136 undetermined), as did rounds of 2,000 to 13 %.
const PROBE_NODES: u64 = 1000;

/// Rounds of the plain extension search of [`PROBE_NODES`] nodes at most
/// each, one deeper than the last, until one decides or the meter's slice
/// runs out. A deeper round follows the rewarded moves further before it
/// turns back, so it often reaches a mate that a shallower one would
/// spend many more nodes to rule out (`K1k5/P2p1p1p/1p6/1P6/8/8/3P1P1P/8
/// w`, black: the rounds of depth 2 and 3 spend 7,800 and 8,600 nodes in
/// vain, the round of depth 4 mates within 500). A round given up proves
/// nothing, so only a complete one can answer that the side cannot mate.
fn probed(
    search: &mut extend::Extend,
    pos: &Chess,
    depth: &mut u32,
    horizon: Horizon,
    hash: u64,
    meter: &mut Meter<'_>,
) -> Option<Verdict> {
    let end = meter.cap();
    let mut found = None;
    while found.is_none() && meter.used() < end && !meter.halted() {
        meter.cap_at(end.min(meter.used() + PROBE_NODES));
        found = extended(search, pos, depth, horizon, hash, meter, false);
    }
    meter.cap_at(end);
    found
}

/// Guided rounds of growing discrepancy from `disc` on, until the meter's
/// slice runs out; `Err` gives the round to resume with.
fn guided(
    searcher: &mut search::Searcher,
    pos: &Chess,
    hash: u64,
    mut disc: u32,
    meter: &mut Meter<'_>,
) -> Result<Vec<Move>, u32> {
    loop {
        match searcher.dive(pos, hash, DIVE_DEPTH, disc, meter) {
            Ok(Some(line)) => return Ok(line),
            Ok(None) => disc = disc.saturating_add(1),
            Err(_) => return Err(disc),
        }
    }
}

/// Whether the searches aimed at a promotion ([`Step::Promote`]) run: the
/// loser's king has no square now, and the winner has nothing but pawns
/// and at most one minor piece, so that its mate must come from a new
/// queen. With more pieces (the hard set's walls of bishops and rooks)
/// the slice taken from the other steps cost a helpmate there.
fn promotion_ending(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let pieces = board.by_color(winner) & !board.pawns() & !board.kings();
    no_square(pos, !winner)
        && pieces.count() <= 1
        && pieces.is_subset(board.knights() | board.bishops())
}

/// Whether `winner` has nothing but pawns beside its king, and that king
/// has no square to go to now, or the other side too has nothing but
/// pawns and its king has none: see [`SHUT_IN_SCHEDULE`].
fn pawns_only_shut_in(pos: &Chess, winner: Color) -> bool {
    pawns_only(pos, winner)
        && (no_square(pos, winner) || (pawns_only(pos, !winner) && no_square(pos, !winner)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::composed_position;

    /// A question run on its first nodes and then on to the whole budget
    /// goes on where it stopped: it answers as one run on the whole budget
    /// would, nearly always with the same line and nodes (a search round
    /// of the extension search cut short is resumed, as are the
    /// enumerations; the guided and aimed searches start their cut round
    /// afresh or one deeper, so there the two may part), and never the
    /// other way round; its helpmates replay to mate.
    #[test]
    fn a_question_run_in_two_goes_on_where_it_stopped() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/unwinnability/positions.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let lines = text.lines().filter(|l| !l.starts_with('#') && l.len() > 3);
        let (mut compared, mut cut_in_steps) = (0, 0);
        let (mut settled_whole, mut settled_two) = (0, 0);
        for (i, line) in lines.enumerate().step_by(11) {
            let pos = composed_position(line[2..].trim().parse().unwrap()).unwrap();
            for side in Color::ALL {
                let nodes = 12_000;
                let mut whole = Analysis::new(&pos, side, Horizon::Unbounded, true);
                let want = whole.run(Budget::nodes(nodes), nodes);
                // Cut at a node count that falls in various steps' shares.
                let cut = 200 + (i as u64 * 7919) % 6000;
                let mut two = Analysis::new(&pos, side, Horizon::Unbounded, true);
                let first = two.run(Budget::nodes(nodes), cut);
                let got = two.run(Budget::nodes(nodes), nodes);
                assert!(two.used() <= nodes, "{line}");
                if let (Some(a), Some(b)) = (got.can_mate(), want.can_mate()) {
                    assert_eq!(a, b, "{line} {side:?} cut at {cut}");
                }
                if let Verdict::Winnable { helpmate } = &got {
                    let mut p = pos.clone();
                    for m in helpmate {
                        assert!(p.is_legal(*m), "{line}");
                        p.play_unchecked(*m);
                    }
                    assert!(p.is_checkmate() && p.turn() != side, "{line}");
                }
                compared += 1;
                if first == Verdict::Undetermined && two.used() > cut {
                    // The cut fell inside the steps: what the first run
                    // did is not done again, so the two runs settle as
                    // many questions as one.
                    cut_in_steps += 1;
                    settled_whole += usize::from(want != Verdict::Undetermined);
                    settled_two += usize::from(got != Verdict::Undetermined);
                }
            }
        }
        assert!(
            compared > 500 && cut_in_steps > 50,
            "{compared} {cut_in_steps}"
        );
        assert!(
            settled_two * 20 >= settled_whole * 19,
            "{settled_two} settled in two runs, {settled_whole} in one"
        );
    }
}
