//! Exact unwinnability: can a side still checkmate "by any series of legal
//! moves"?
//!
//! Four articles of the FIDE Laws turn on that question: the dead position
//! (5.2.2), the flag fall (6.9 and the appendices), the last illegal move
//! (7.5.5) and, from 2023, a resignation (5.1.2). A static material test
//! answers it only when material is short; behind a locked pawn wall it sees
//! material and calls the game alive. This crate decides the question.
//!
//! ```
//! use arbiter_unwinnable::{Budget, Verdict, can_mate, composed_position};
//! use shakmaty::{Color, Position};
//!
//! // A locked pawn wall: neither king can ever reach the other side, and
//! // with no pieces neither side can mate.
//! let wall = composed_position("8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1".parse().unwrap())
//!     .unwrap();
//! assert_eq!(can_mate(&wall, Color::White, Budget::DEFAULT), Verdict::Unwinnable);
//!
//! // A king and a knight against a king and a rook: the rook can wall its
//! // own king in, so a helpmate exists, and it replays to mate.
//! let pos = composed_position("3kr3/8/8/8/8/3KN3/8/8 b - - 0 1".parse().unwrap()).unwrap();
//! let Verdict::Winnable { helpmate } = can_mate(&pos, Color::White, Budget::DEFAULT) else {
//!     panic!("White can mate");
//! };
//! let mut p = pos.clone();
//! for m in &helpmate {
//!     p.play_unchecked(*m);
//! }
//! assert!(p.is_checkmate() && p.turn() == Color::Black);
//! ```
//!
//! [`can_mate_each`] asks both sides at once and lets a side settled
//! quickly leave its nodes to the other.
//!
//! The analysis is pure: it does no I/O and never reads the clock. Its cost
//! is bounded by a [`Budget`] of search nodes, which a caller may cut short
//! through a "should stop" callback (how the command line honours a time
//! limit without the core reading the clock).
//!
//! The steps, cheapest first:
//! 1. the game is already over (mate, stalemate), or [`quick_dead`] settles
//!    it: the material rules, and a proof that the pawn structure (with any
//!    pieces jammed in it) is frozen for ever and that, inside it, the
//!    winner can never give a mate (the locked wall); then the same proof
//!    for a structure still on the move (pawns that can only push into the
//!    wall, pieces jammed among the pawns or held there until taken, a king
//!    with no square, a king in check that must leave and can never come
//!    back), with an exact count of what each man can put on the loser
//!    king's nine squares, also at the end of every forced line of a few
//!    plies;
//! 2. two helpmate searches taking turns in growing slices of the budget:
//!    the extension search, iterative deepening in which moves that look
//!    like progress toward the mate cost no depth and moves that work
//!    against it cost several plies (a round that no depth limit cut short
//!    has seen every reachable position, which proves the negative), in a
//!    second flavour too that knows pawn walls (a bishop's way round them
//!    to the mating corner, a king's walk round them, the loser's capture
//!    that opens them), and limited-discrepancy rounds along the lines a
//!    positional heuristic likes (other lines than the extension search's);
//!    in open endings (few pawns), first a search aimed at a fixed mating
//!    picture (a corner for the loser's king and a square for each man);
//!    where the winner has only pawns (and at most one minor piece) and
//!    the loser's king has no square, searches aimed at a promotion (one
//!    pawn runs through while the loser spends tempo);
//! 3. a complete enumeration of every reachable position, which settles
//!    the question when that set is small (kings shut in, forced lines, a
//!    horizon about to end the game); a line ends where a capture leaves a
//!    structure the proof of step 1 settles; where a king is shut in,
//!    first the same enumeration with the pieces taken off the board and
//!    replaced by all they could ever do (a king between two squares
//!    against roaming bishops: the tempo decides); where the winner has
//!    only pawns beside a king with no square (or both sides have only
//!    pawns and one king has none), the enumeration comes early and gets
//!    most of the budget; since both sides' questions visit the same
//!    positions, it notes the other side's mates on its way and, where it
//!    visits them all, settles the other side's question too;
//! 4. both searches again, deeper, until the budget is spent;
//! 5. past the default budget (a side whose other side was settled
//!    quickly, a decision of the Laws, a deadline), first the enumeration
//!    kept to a plan: where the winner's men are few or jammed, its mate
//!    comes from a pawn that changes file by taking a man the loser gives
//!    up, so the loser's moves are kept to its pawns that run free, its
//!    captures, its king's steps toward the winner's pawns (or waiting
//!    beside them, or out of its own pawn's way) and its pieces' moves
//!    toward a square where a pawn takes them; each time the winner's pawn
//!    takes a piece, the searches look for the rest of the line
//!    (module `plan`); it finds helpmates only, and proves nothing; then the
//!    complete enumeration and the searches again. Where the winner has
//!    only pawns beside a king with no square, the same enumeration kept
//!    to a plan already runs within the default budget, before the
//!    complete one (from a fifth of the budget to about two thirds).
//!
//! `Winnable` always carries a line of legal moves that ends in the
//! winner's mate; `Unwinnable` is proved; `Undetermined` is given only when
//! the budget runs out.

mod exhaust;
mod extend;
mod frozen;
mod gate;
mod material;
mod meter;
mod order;
mod phantom;
mod plan;
mod reach;
mod search;
mod shorten;
mod target;
mod walls;

use shakmaty::{ByColor, Chess, Color, Move, Position};

pub use gate::dead_after_move;
pub use material::{quick_dead, quick_dead_position};
use meter::Meter;
pub use shorten::shorten_helpmate;

mod budget;
pub use budget::Budget;

/// The number of plies without a capture or a pawn move after which the
/// 75-move rule (FIDE Laws 2017 onwards, Art. 9.6.2) ends the game: 75 moves
/// by each player.
pub const SEVENTY_FIVE_MOVE_PLIES: u32 = 150;

/// The edition's horizon: how many plies the game may still run without a
/// capture or a pawn move before a rule ends it on its own.
///
/// The 2005 Laws have no such rule (the 50-move rule needs a claim), so a
/// helpmate of any length counts. From 2017 the 75-move rule ends the game:
/// a helpmate that needs more quiet plies than are left does not count,
/// unless a capture or a pawn move on the way resets the count to
/// [`SEVENTY_FIVE_MOVE_PLIES`]. A mate on the last allowed ply still counts
/// (a checkmate takes precedence, Art. 9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Horizon {
    /// No rule ends the game on its own (the 2005 Laws).
    Unbounded,
    /// The 75-move rule: this many quiet plies are left now.
    QuietPliesLeft(u32),
}

impl Horizon {
    /// The 75-move horizon for a position whose halfmove clock (plies since
    /// the last capture or pawn move) is `halfmoves`.
    pub fn seventy_five_move_rule(halfmoves: u32) -> Horizon {
        Horizon::QuietPliesLeft(SEVENTY_FIVE_MOVE_PLIES.saturating_sub(halfmoves))
    }

    /// The quiet plies left, `u32::MAX` when unbounded.
    pub(crate) fn left(self) -> u32 {
        match self {
            Horizon::Unbounded => u32::MAX,
            Horizon::QuietPliesLeft(n) => n,
        }
    }
}

/// Whether a side can still checkmate its opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It can: `helpmate` is a series of legal moves from the position that
    /// ends in that side's checkmate (empty if the position is already that
    /// mate).
    Winnable {
        /// The moves, from the side to move on, ending in mate.
        helpmate: Vec<Move>,
    },
    /// It cannot, by any series of legal moves (proved).
    Unwinnable,
    /// The budget ran out before either could be shown.
    Undetermined,
}

impl Verdict {
    /// `Some(true)` if the side can mate, `Some(false)` if it cannot,
    /// `None` if undetermined.
    pub fn can_mate(&self) -> Option<bool> {
        match self {
            Verdict::Winnable { .. } => Some(true),
            Verdict::Unwinnable => Some(false),
            Verdict::Undetermined => None,
        }
    }
}

/// Whether the position is dead (FIDE Laws 5.2.2: neither player can
/// checkmate by any series of legal moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deadness {
    /// Neither side can mate: the game ends at once.
    Dead,
    /// At least one side can mate; `by` says which, with its helpmate.
    Alive {
        /// A side that can mate.
        by: Color,
        /// Its helpmate line.
        helpmate: Vec<Move>,
    },
    /// The budget ran out.
    Undetermined,
}

/// Can `side` checkmate its opponent from `pos` by any series of legal
/// moves, with no rule ending the game on the way (the 2005 Laws)?
pub fn can_mate(pos: &Chess, side: Color, budget: Budget<'_>) -> Verdict {
    can_mate_within(pos, side, Horizon::Unbounded, budget)
}

/// [`can_mate`] under an edition's `horizon` (the 75-move rule from 2017).
pub fn can_mate_within(pos: &Chess, side: Color, horizon: Horizon, budget: Budget<'_>) -> Verdict {
    let mut meter = Meter::new(budget);
    analyse(pos, side, horizon, &mut meter)
}

/// Is `pos` dead (FIDE Laws 5.2.2), with no horizon?
pub fn dead_position(pos: &Chess, budget: Budget<'_>) -> Deadness {
    dead_position_within(pos, Horizon::Unbounded, budget)
}

/// [`dead_position`] under an edition's `horizon`. The budget is shared
/// by the two sides' questions; the first side's complete enumeration may
/// settle the second's on its way.
pub fn dead_position_within(pos: &Chess, horizon: Horizon, budget: Budget<'_>) -> Deadness {
    let mut left = budget.nodes;
    let mut undetermined = false;
    let mut settled = None;
    // The side that just moved first: it is usually the one with a mate.
    for side in [!pos.turn(), pos.turn()] {
        // Each side's analysis runs its whole schedule on what is left: on
        // one meter, the second side's first steps (its quickest) would be
        // counted as already spent by the first side's nodes.
        let mut meter = Meter::new(Budget {
            nodes: left,
            ..budget
        });
        // The first side's enumeration may have settled the second's.
        let verdict = match settled.take() {
            Some(v) => v,
            None => {
                let (v, other) = analyse_both(pos, side, horizon, &mut meter);
                settled = other;
                v
            }
        };
        left = left.saturating_sub(meter.used());
        match verdict {
            Verdict::Winnable { helpmate } => return Deadness::Alive { by: side, helpmate },
            Verdict::Unwinnable => {}
            Verdict::Undetermined => undetermined = true,
        }
    }
    if undetermined {
        Deadness::Undetermined
    } else {
        Deadness::Dead
    }
}

/// The chasolver-style label of a position: which sides can still mate,
/// `W`/`B` for yes, `-` for no, `?` for undetermined (`WB`, `W-`, `-B`,
/// `--`, `W?` …), from [`can_mate_each`].
pub fn label(pos: &Chess, horizon: Horizon, budget: Budget<'_>) -> String {
    let verdicts = can_mate_each(pos, horizon, budget);
    let mark = |side: Color, yes: char| match verdicts[side].can_mate() {
        Some(true) => yes,
        Some(false) => '-',
        None => '?',
    };
    [mark(Color::White, 'W'), mark(Color::Black, 'B')]
        .iter()
        .collect()
}

/// The share of a side's budget that its first look at the position may
/// spend in [`can_mate_each`]: a thirty-second. On the hard set of
/// chasolver's tests a sixteenth settled as many sides (68 undetermined)
/// for a larger worst case, a sixty-fourth two fewer (70): a side that
/// needs a few thousand nodes then misses its look and is asked again
/// with only the budget while the other side is open.
const FIRST_LOOK_DIVISOR: u64 = 32;

/// Both sides' verdicts ([`can_mate_within`]), White's and Black's, with
/// the nodes of two questions of `budget` each pooled. Each side first
/// looks at the question: the first thirty-second of `budget`'s course,
/// which settles it as `budget` would wherever that takes no more (nearly
/// every position of real games: they need about a hundred nodes). A side
/// still open is then asked afresh with `budget` while the other side is
/// open too, or with all that is left of the pool: a side settled at a
/// glance leaves the other about twice the nodes. One side's complete
/// enumeration may settle the other side's question on its way (the same
/// positions are visited for both): then that side is not asked again.
/// With both sides open to the end, each gets `budget` after the looks,
/// so the answer is that of two separate questions, at most a sixteenth
/// dearer.
pub fn can_mate_each(pos: &Chess, horizon: Horizon, budget: Budget<'_>) -> ByColor<Verdict> {
    let look = budget.nodes / FIRST_LOOK_DIVISOR;
    let pool = budget.nodes.saturating_add(look).saturating_mul(2);
    let spent = std::cell::Cell::new(0u64);
    let mut verdicts = ByColor {
        white: Verdict::Undetermined,
        black: Verdict::Undetermined,
    };
    // One side's question, on `meter`; what its enumeration settled of the
    // other side's question on the way settles that one too.
    let ask = |verdicts: &mut ByColor<Verdict>, side: Color, mut meter: Meter<'_>| {
        let (verdict, other) = analyse_both(pos, side, horizon, &mut meter);
        spent.set(spent.get().saturating_add(meter.used()));
        verdicts[side] = verdict;
        if let Some(o) = other
            && verdicts[!side] == Verdict::Undetermined
        {
            verdicts[!side] = o;
        }
    };
    for side in Color::ALL {
        if verdicts[side] == Verdict::Undetermined {
            ask(&mut verdicts, side, Meter::limited(budget, look));
        }
    }
    let stopped = || budget.should_stop.is_some_and(|stop| stop());
    for side in Color::ALL {
        if verdicts[side] != Verdict::Undetermined || stopped() {
            continue;
        }
        let other_open = side == Color::White && verdicts.black == Verdict::Undetermined;
        let left = pool.saturating_sub(spent.get());
        let nodes = if other_open { budget.nodes } else { left };
        ask(&mut verdicts, side, Meter::new(Budget { nodes, ..budget }));
    }
    verdicts
}

/// How long a line the guided search tries: long enough to promote a pawn
/// and mate with the new queen.
const DIVE_DEPTH: u32 = 64;

/// The analysis behind every entry point, sharing one meter.
fn analyse(pos: &Chess, side: Color, horizon: Horizon, meter: &mut Meter<'_>) -> Verdict {
    analyse_both(pos, side, horizon, meter).0
}

/// [`analyse`], with what it settled of the other side's question on
/// the way (see [`exhaust::Exhaust::loser_verdict`]), if anything.
fn analyse_both(
    pos: &Chess,
    side: Color,
    horizon: Horizon,
    meter: &mut Meter<'_>,
) -> (Verdict, Option<Verdict>) {
    let mut other = None;
    let verdict = analyse_with(pos, side, horizon, meter, true, &mut other);
    (verdict, other)
}

/// The nodes the searches may spend on the rest of a planned line
/// ([`Step::Plan`]) each time the winner's pawn takes a piece: the
/// helpmates of the hard set take a few hundred there (300 found the
/// same lines as 1,000 and 3,000 on the four positions it was measured
/// on, in about as many nodes).
const AFTER_PLAN_NODES: u64 = 1000;

/// The rest of a planned line from `pos`, where the winner's pawn has
/// just taken a piece: the analysis without the plan (so it cannot nest)
/// within [`AFTER_PLAN_NODES`], its nodes counted on `meter`.
pub(crate) fn settle_after_plan(
    pos: &Chess,
    side: Color,
    horizon: Horizon,
    meter: &mut Meter<'_>,
) -> Option<Vec<Move>> {
    let mut inner = Meter::new(Budget::nodes(AFTER_PLAN_NODES));
    let verdict = analyse_with(pos, side, horizon, &mut inner, false, &mut None);
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
/// if smaller), then [`BEYOND_DEFAULT`] over the rest.
fn steps(schedule: &[(Step, f64)], total: u64) -> Vec<(Step, u64)> {
    let first = total.min(Budget::DEFAULT.nodes);
    let rest = total - first;
    // The float product of a node count and a fraction in [0, 1] stays
    // within u64.
    let at = |base: u64, span: u64, f: f64| base + ((span as f64) * f.clamp(0.0, 1.0)) as u64;
    let mut out: Vec<(Step, u64)> = schedule
        .iter()
        .map(|&(s, f)| (s, at(0, first, f)))
        .collect();
    if rest > 0 {
        out.extend(BEYOND_DEFAULT.iter().map(|&(s, f)| (s, at(first, rest, f))));
    }
    out
}

/// [`analyse`], with the enumeration kept to a plan among its steps if
/// `plan`; what the complete enumeration settled of the other side's
/// question goes to `other`.
fn analyse_with(
    pos: &Chess,
    side: Color,
    horizon: Horizon,
    meter: &mut Meter<'_>,
    plan: bool,
    other: &mut Option<Verdict>,
) -> Verdict {
    if let Some(v) = terminal(pos, side, horizon) {
        return v;
    }
    if quick_dead(pos, side) || reach::unwinnable(pos, side) {
        return Verdict::Unwinnable;
    }
    let hash = search::hash(pos);
    let mut ext = extend::Extend::new(pos, side, extend::Flavour::Plain);
    // Made when first needed: most positions are settled before.
    let mut walled = None;
    let mut depth = 1;
    let mut walled_depth = 1;
    let mut searcher = search::Searcher::new(side, horizon, extend::bishop_corners(pos, side));
    let mut disc = 0;
    let mut enumeration = None;
    let mut planned = None;
    let mut aimed = None;
    let mut promoting = None;
    let schedule = if pawns_only_shut_in(pos, side) {
        &SHUT_IN_SCHEDULE[..]
    } else {
        &SCHEDULE[..]
    };
    for (step, until) in steps(schedule, meter.total()) {
        meter.cap_at(until);
        let meter = &mut *meter;
        let found = match step {
            Step::Extend => extended(&mut ext, pos, &mut depth, horizon, hash, meter, false),
            Step::Probe => probed(&mut ext, pos, &mut depth, horizon, hash, meter),
            Step::Walls | Step::WallsResumed => {
                let walled = walled
                    .get_or_insert_with(|| extend::Extend::new(pos, side, extend::Flavour::Walls));
                let resume = matches!(step, Step::WallsResumed);
                extended(walled, pos, &mut walled_depth, horizon, hash, meter, resume)
            }
            Step::Guided => match guided(&mut searcher, pos, hash, disc, meter) {
                Ok(line) => Some(Verdict::Winnable { helpmate: line }),
                Err(d) => {
                    disc = d;
                    None
                }
            },
            Step::Target => {
                if open(pos) {
                    aimed
                        .get_or_insert_with(|| target::Target::new(pos, side))
                        .run(pos, hash, horizon, meter)
                        .map(|line| Verdict::Winnable { helpmate: line })
                } else {
                    None
                }
            }
            Step::Promote => {
                if promotion_ending(pos, side) {
                    promoting
                        .get_or_insert_with(|| target::Promotions::new(pos, side))
                        .run(pos, hash, horizon, meter)
                        .map(|line| Verdict::Winnable { helpmate: line })
                } else {
                    None
                }
            }
            Step::Plan if !plan || !plan::applies(pos, side) => None,
            Step::Plan => match planned
                .get_or_insert_with(|| exhaust::Exhaust::planned(pos, side, horizon))
                .run(meter)
            {
                exhaust::Outcome::Mate(line) => Some(Verdict::Winnable { helpmate: line }),
                // Not every position was visited: nothing is proved.
                exhaust::Outcome::NoMate | exhaust::Outcome::Stopped => None,
            },
            Step::Exhaust => {
                let e =
                    enumeration.get_or_insert_with(|| exhaust::Exhaust::new(pos, side, horizon));
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
        };
        if let Some(v) = found {
            return v;
        }
    }
    Verdict::Undetermined
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
const SCHEDULE: [(Step, f64); 12] = [
    (Step::Extend, 0.02),
    (Step::Target, 0.52),
    (Step::Promote, 0.1),
    (Step::Walls, 0.03),
    (Step::Guided, 0.05),
    (Step::WallsResumed, 0.15),
    (Step::Guided, 0.21),
    (Step::Walls, 0.3),
    (Step::Exhaust, 0.64),
    (Step::Walls, 0.8),
    (Step::Guided, 0.85),
    (Step::Walls, 1.0),
];

/// The steps past the default budget, as shares of what is left over it
/// (see [`steps`]): first the enumeration kept to a plan, then the
/// complete enumeration and the flavour for walls, each resumed where
/// their last slice stopped. The schedules keep their shares of the first
/// [`Budget::DEFAULT`] nodes, so that a side asked alone on the default
/// budget in [`SCHEDULE`] is answered as before; a larger budget (the
/// side whose other side was settled at a glance, a decision of the Laws,
/// a deadline) gives the plan the most of what it adds: on the hard set
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
    let board = pos.board();
    let pawns_only = |c: Color| (board.by_color(c) & !board.pawns() & !board.kings()).is_empty();
    pawns_only(winner)
        && (no_square(pos, winner) || (pawns_only(!winner) && no_square(pos, !winner)))
}

/// Whether the king of `color` has no square to go to now: each
/// neighbour holds a man of its own or is attacked by the other side.
pub(crate) fn no_square(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    let Some(k) = board.king_of(color) else {
        return false;
    };
    let occupied = board.occupied().without(k);
    (shakmaty::attacks::king_attacks(k) & !board.by_color(color))
        .into_iter()
        .all(|s| board.attacks_to(s, !color, occupied).any())
}

/// The game is over already, or the horizon has been reached.
fn terminal(pos: &Chess, side: Color, horizon: Horizon) -> Option<Verdict> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        // Mate of the side to move, or stalemate: nothing more can happen.
        return Some(if pos.is_check() && pos.turn() != side {
            Verdict::Winnable {
                helpmate: Vec::new(),
            }
        } else {
            Verdict::Unwinnable
        });
    }
    if horizon.left() == 0 {
        return Some(Verdict::Unwinnable);
    }
    None
}

/// The position of a FEN as composers write them: more material, or a
/// check, than a game can reach is accepted (composed positions, such as
/// most of chasolver's hard test set, have them); other faults are not.
/// The analysis needs only legal moves, which such positions have.
pub fn composed_position(
    fen: shakmaty::fen::Fen,
) -> Result<Chess, Box<shakmaty::PositionError<Chess>>> {
    let e = match fen.into_position::<Chess>(shakmaty::CastlingMode::Standard) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let e = match e.ignore_too_much_material() {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    e.ignore_impossible_check().map_err(Box::new)
}

#[doc(hidden)]
/// Development aid: [`can_mate_within`] and the nodes it spent.
pub fn can_mate_counted(
    pos: &Chess,
    side: Color,
    horizon: Horizon,
    budget: Budget<'_>,
) -> (Verdict, u64) {
    let mut meter = Meter::new(budget);
    let v = analyse(pos, side, horizon, &mut meter);
    (v, meter.used())
}

/// A small pseudo-random generator for the unit tests' random games
/// (xorshift): `next(n)` is in `0..n`.
#[cfg(test)]
pub(crate) fn test_rng(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}
