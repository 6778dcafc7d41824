//! The main helpmate search: iterative deepening in which a move's cost in
//! depth depends on how much it seems to help the mate.
//!
//! A plain depth limit cannot reach the long helpmates of real endings (a
//! pawn walks to promotion, a king crosses the board) without spending its
//! budget on every aimless shuffle. Here a move that looks like progress
//! (the winner captures, pushes a pawn, or brings its king or a knight
//! nearer the loser's king; the loser's king heads for the corner where the
//! mate fits) costs no depth, a move after such progress is free too, and a
//! move that usually works against a helpmate (the loser capturing or
//! pushing a pawn) costs several plies. This is the idea published with the
//! CHA algorithm (Ambrona, "A Practical Algorithm for Chess
//! Unwinnability", FUN 2022); the costs and the heuristics here are ours.
//!
//! The same search proves the negative: a round in which no line was cut
//! short by the depth limit has visited every position reachable from the
//! root (lines end only in a mate, a stalemate, a position the fast check
//! proves dead, or the horizon), so if none was the winner's mate, the side
//! cannot mate.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use crate::meter::{Meter, Stop};
use crate::search::{hash_after, quiet_after};
use crate::{Horizon, quick_dead, walls};

/// What one round of the search found.
pub(crate) enum Round {
    /// A helpmate line.
    Mate(Vec<Move>),
    /// Every reachable position was visited, none is the winner's mate.
    NoMate,
    /// The depth limit cut some line short: deepen and try again.
    Cut,
}

/// How a move counts against the depth of a round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cost {
    /// Looks like progress toward the mate: free.
    Reward,
    /// One ply, or free right after progress.
    Normal,
    /// Usually works against the mate.
    Punish,
}

/// Depth a punished move costs in the [`Flavour::Plain`] search.
const PUNISH: u32 = 4;

/// Which costs the search gives the moves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavour {
    /// The costs above: they find the helpmates of real games within a
    /// few thousand nodes.
    Plain,
    /// For the composed positions behind pawn walls (see [`crate::walls`]):
    /// also free are a bishop's move nearer the mating corner round the
    /// locked pawns (either side's: the loser's bishop must often block
    /// its own king there), every capture by the loser (a wall must open
    /// for a king to pass, and the winner's pieces must often go out of
    /// the way), the winner's king's step nearer the loser's by its walk
    /// round the pawns, the loser's knight's move nearer its own king
    /// (where it takes a flight square from it, as the knights of
    /// composed mates do), and, where the winner's king is boxed in by its
    /// own pieces ([`walls::boxed`]), the loser's king's step nearer it
    /// round the pawns (it must come and take them away). The loser's
    /// pawn pushes, punished in the plain flavour, cost as a normal move
    /// (free after progress, and not put last): such lines need a pawn
    /// pushed into a capture or on to a promotion. Only a move that
    /// killed the position at the root is punished, wherever it comes,
    /// at one ply. Measured on the hard set of chasolver's tests
    /// (undetermined sides) and the real games' positions (nodes on
    /// average): the boxed-in king's rescue by the loser's king, 137 to
    /// 134 and 117.09 to 117.12; with any loser man's capture of a piece
    /// free there, 124 (a king shut in by its own rook and bishop in the
    /// corner, taken by the loser's bishops) and 116.77; the loser's other
    /// captures, punished before, as normal moves, 121 and 116.46; its
    /// pushes likewise, 107 and 116.22 (free, 109); all its captures
    /// free, 103 and 116.95. The bishop's way, the loser's pawn captures
    /// and the moves punished everywhere are ideas of the CHA algorithm's
    /// last phase (Ambrona, "A Practical Algorithm for Chess
    /// Unwinnability", FUN 2022); the conditions and costs are ours,
    /// measured on its test sets.
    Walls,
}

/// The longest line the search follows, in plies (a helpmate that needs
/// more is found by the other phases or not at all). The long helpmates
/// of endings where the loser must build its own cage (a knight's mate
/// against promoted blockers) run to a few hundred plies, and a longer
/// cap finds more of them in the same budget, as the free moves of a
/// round are not cut short before they reach the mate. Each ply of the
/// line takes under a kilobyte of stack (the move lists live on the
/// heap), so a full line fits well within a 2 MB thread stack.
const MAX_LINE: usize = 600;

/// The longest line the [`Flavour::Walls`] search follows. Its free moves
/// (a bishop's way round the wall, the king's walk, the loser's captures
/// that open it) make long lines, and a round whose lines are cut short
/// by the cap gives the depth up for a deeper one: measured on the hard
/// set of chasolver's tests, 1,200 plies settle five more sides than 600
/// and ten more positions of real games (lichess), at no cost in nodes
/// (longer caps settle about as many). A ply of the line takes under
/// 800 bytes of stack in a release build, so a full line takes under a
/// megabyte.
const WALLS_MAX_LINE: usize = 1200;

/// Buckets of [`Extend::buckets`]: a power of two well above the longest
/// line, so that most buckets are empty (with 4,096 buckets, a line of
/// 1,200 plies filled a quarter of them, and the scans of the line took
/// a tenth of the time of the slowest positions).
const BUCKETS: usize = 1 << 16;

/// The bucket of the hash `h`.
fn bucket(h: u64) -> usize {
    // The low bits of a Zobrist hash are as random as the rest; the
    // mask keeps the index below BUCKETS.
    (h as usize) & (BUCKETS - 1)
}

thread_local! {
    /// The bucket arrays of searches that ended on this thread, every
    /// count back at zero, for the next search to take: a new one is
    /// 64 KiB to zero, and a decision at a resignation or a flag makes
    /// one or two searches that often end within a few hundred nodes, so
    /// the zeroing cost the audit of a record an eighth of its time. One
    /// pool per thread, so that threads auditing side by side share no
    /// lock.
    static SPARE_BUCKETS: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// Bucket arrays kept in a thread's pool: the searches alive at once on
/// one thread (the plain and the walls flavour, and those of a nested
/// look) are few.
const SPARE_LIMIT: usize = 4;

/// A bucket array of [`BUCKETS`] zero counts: one a search on this thread
/// gave back, or a new one.
fn zeroed_buckets() -> Vec<u8> {
    SPARE_BUCKETS
        .try_with(|s| s.try_borrow_mut().ok().and_then(|mut s| s.pop()))
        .ok()
        .flatten()
        .unwrap_or_else(|| vec![0; BUCKETS])
}

/// Bounded so that a long search cannot take unbounded memory.
const TABLE_LIMIT: usize = 1 << 20;

/// A position already searched in some round: with `left` plies of depth,
/// `quiet` plies of horizon, in round `round`.
#[derive(Clone, Copy)]
struct Entry {
    left: u32,
    quiet: u32,
    round: u32,
}

/// The search for one winner, kept across rounds.
pub(crate) struct Extend {
    winner: Color,
    table: HashMap<u64, Entry, BuildHasherDefault<crate::search::Zobrist>>,
    /// The hashes of the positions on the current line (a line is at most
    /// [`MAX_LINE`] long, and a scan of it costs less than a hash map).
    path: Vec<u64>,
    /// Move lists to reuse, one for each node of the current line: kept
    /// off the stack, so that a long line cannot overflow a small thread
    /// stack, and allocated once.
    spare: Vec<Vec<Move>>,
    /// The lists of the moves' costs, likewise.
    spare_costs: Vec<Vec<Cost>>,
    /// How many positions of the line fall in each bucket of their hash's
    /// low bits: a move to a position whose bucket is empty needs no scan.
    buckets: Vec<u8>,
    line: Vec<Move>,
    round: u32,
    cut: bool,
    /// The depth of the round a slice stopped, to be resumed.
    stopped: Option<u32>,
    /// The positions the stopped round was inside, which a resumed round
    /// must enter again.
    unfinished: Vec<u64>,
    /// The corner the loser's king is driven to, if the winner's bishops
    /// choose one (a lone bishop mates only in a corner of its colour).
    corner: Option<Bitboard>,
    flavour: Flavour,
    /// Depth a punished move costs.
    punish: u32,
    /// The root has a wall worth the [`Flavour::Walls`] measures.
    walled: bool,
    /// The winner's king is boxed in by its own men ([`walls::boxed`]):
    /// the loser must come and take them away.
    boxed: bool,
    /// Bishop moves to the mating corner round the locked pawns, when the
    /// flavour and the position call for them.
    bishop: Option<[u8; 64]>,
    /// The root's moves that kill the position ([`walls::fatal_moves`]),
    /// in the [`Flavour::Walls`].
    fatal: Vec<walls::Route>,
    /// The longest line this flavour follows.
    max_line: usize,
}

impl Drop for Extend {
    /// Gives the bucket array back to the thread's pool, every count at
    /// zero: each node takes its hash off the line as it leaves, even
    /// when a slice stops it, so an empty line leaves empty buckets.
    fn drop(&mut self) {
        let mut buckets = std::mem::take(&mut self.buckets);
        if buckets.len() != BUCKETS {
            return;
        }
        if !self.path.is_empty() {
            buckets.fill(0);
        }
        debug_assert!(buckets.iter().all(|&c| c == 0), "a count left behind");
        let _ = SPARE_BUCKETS.try_with(|s| {
            if let Ok(mut s) = s.try_borrow_mut()
                && s.len() < SPARE_LIMIT
            {
                s.push(buckets);
            }
        });
    }
}

impl Extend {
    pub(crate) fn new(pos: &Chess, winner: Color, flavour: Flavour) -> Self {
        let corner = bishop_corners(pos, winner);
        let locked = walls::locked(pos.board());
        let walled = flavour == Flavour::Walls && locked.count() >= walls::MIN_LOCKED;
        let fatal = match flavour {
            Flavour::Plain => Vec::new(),
            Flavour::Walls => walls::fatal_moves(pos, winner),
        };
        Extend {
            fatal,
            flavour,
            punish: match flavour {
                Flavour::Plain => PUNISH,
                Flavour::Walls => 1,
            },
            walled,
            boxed: walled && walls::boxed(pos, winner),
            max_line: match flavour {
                Flavour::Plain => MAX_LINE,
                Flavour::Walls => WALLS_MAX_LINE,
            },
            bishop: corner
                .filter(|&c| walled || (flavour == Flavour::Walls && corner_held(pos, winner, c)))
                .map(|c| walls::bishop_distances(locked, c)),
            winner,
            table: HashMap::with_capacity_and_hasher(256, Default::default()),
            path: Vec::with_capacity(MAX_LINE + 1),
            buckets: zeroed_buckets(),
            spare: Vec::new(),
            spare_costs: Vec::new(),
            line: Vec::new(),
            round: 0,
            cut: false,
            stopped: None,
            unfinished: Vec::new(),
            corner,
        }
    }

    /// Whether a slice stopped the last round.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// One round with `depth` plies of depth from `pos`.
    pub(crate) fn round(
        &mut self,
        pos: &Chess,
        hash: u64,
        depth: u32,
        horizon: Horizon,
        meter: &mut Meter<'_>,
    ) -> Result<Round, Stop> {
        // Called again at the depth of the round that a slice stopped,
        // the round is resumed: the same round, its cuts kept, so the
        // positions it searched through stay settled for it, while those
        // it was inside (the line when it stopped) leave the table to be
        // entered again. Called at another depth, the stopped round is
        // given up, its table kept as it was.
        if self.stopped == Some(depth) {
            for h in self.unfinished.drain(..) {
                self.table.remove(&h);
            }
        } else {
            self.unfinished.clear();
            self.round += 1;
            self.cut = false;
        }
        self.stopped = None;
        // Every node pops itself off the line, even when a slice stops
        // it, so the line and its buckets are empty already; clearing
        // the buckets each round would cost more than a short search.
        if !self.path.is_empty() {
            self.path.clear();
            self.buckets.fill(0);
        }
        self.line.clear();
        let found = self.node(pos, hash, depth, horizon.left(), false, true, meter);
        if found.is_err() {
            self.stopped = Some(depth);
        }
        if found? {
            return Ok(Round::Mate(std::mem::take(&mut self.line)));
        }
        Ok(if self.cut { Round::Cut } else { Round::NoMate })
    }

    /// Is the winner's mate reachable from `pos` within `left` plies of
    /// depth? The line to it is left in `self.line`. `changed`: the move
    /// here captured or moved a pawn.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &Chess,
        h: u64,
        left: u32,
        quiet: u32,
        progress: bool,
        changed: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Stop> {
        // A position in the table was visited with at least this much
        // depth and horizon, and was neither a mate nor an end (those are
        // never recorded), so it is settled before its moves are made.
        if let Some(e) = self.table.get(&h)
            && e.left >= left
            && e.quiet >= quiet
        {
            // Visited in this round: its successors are (being) visited
            // too. From an earlier round, which was cut somewhere: this
            // round cannot count as complete.
            if e.round != self.round {
                self.cut = true;
            }
            return Ok(false);
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        legal_moves(pos, &mut moves);
        let found = self.expand(pos, h, &moves, left, quiet, progress, changed, meter);
        self.spare.push(moves);
        found
    }

    /// [`Extend::node`] past the table, with the legal `moves` of `pos`
    /// made already.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        pos: &Chess,
        h: u64,
        moves: &[Move],
        left: u32,
        quiet: u32,
        progress: bool,
        changed: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Stop> {
        if moves.is_empty() {
            return Ok(pos.is_check() && pos.turn() != self.winner);
        }
        // The frozen wall is looked at only where the pawns or the men
        // have changed: a quiet piece move keeps every region it found,
        // and it costs far more than a node.
        let dead = if changed {
            quick_dead(pos, self.winner)
        } else {
            pos.has_insufficient_material(self.winner)
        };
        if quiet == 0 || dead {
            return Ok(false);
        }
        if left == 0 || self.line.len() >= self.max_line {
            self.cut = true;
            return Ok(false);
        }
        if self.table.len() < TABLE_LIMIT || self.table.contains_key(&h) {
            let round = self.round;
            self.table.insert(h, Entry { left, quiet, round });
        } else {
            // Not recorded: a later visit cannot skip it, which costs time
            // but not soundness.
        }
        self.path.push(h);
        self.buckets[bucket(h)] += 1;
        let found = self.children(pos, h, moves, left, quiet, progress, meter);
        self.path.pop();
        self.buckets[bucket(h)] -= 1;
        if found.is_err() {
            // Stopped inside: not searched through (see `Extend::round`).
            self.unfinished.push(h);
        }
        found
    }

    /// Search the children of `pos`, rewarded moves first.
    #[allow(clippy::too_many_arguments)]
    fn children(
        &mut self,
        pos: &Chess,
        h: u64,
        moves: &[Move],
        left: u32,
        quiet: u32,
        progress: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Stop> {
        // The costs in one list and three passes over it: a sort costs
        // more than the node itself. The list is kept off the stack, as
        // the move lists are, so that a long line takes less of it.
        let mut costs = self.spare_costs.pop().unwrap_or_default();
        costs.clear();
        let ctx = self.context(pos);
        costs.extend(moves.iter().map(|m| ctx.cost(m)));
        let found = self.in_order(pos, h, moves, &costs, left, quiet, progress, meter);
        self.spare_costs.push(costs);
        found
    }

    /// Search the children of `pos` after `moves`, which cost `costs`,
    /// rewarded moves first and punished ones last.
    #[allow(clippy::too_many_arguments)]
    fn in_order(
        &mut self,
        pos: &Chess,
        h: u64,
        moves: &[Move],
        costs: &[Cost],
        left: u32,
        quiet: u32,
        progress: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Stop> {
        let winner_moves = pos.turn() == self.winner;
        for bucket in [Cost::Reward, Cost::Normal, Cost::Punish] {
            if bucket == Cost::Punish && left < self.punish {
                // Too dear for this round: a deeper one tries it.
                if costs.contains(&Cost::Punish) {
                    self.cut = true;
                }
                break;
            }
            for (c, m) in costs.iter().zip(moves) {
                if *c != bucket {
                    continue;
                }
                if self.child(
                    pos,
                    h,
                    m,
                    bucket,
                    winner_moves,
                    left,
                    quiet,
                    progress,
                    meter,
                )? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Search the child of `pos` after `m`, which costs `cost`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        pos: &Chess,
        h: u64,
        m: &Move,
        mut cost: Cost,
        winner_moves: bool,
        left: u32,
        quiet: u32,
        progress: bool,
        meter: &mut Meter<'_>,
    ) -> Result<bool, Stop> {
        let ends = match cost {
            Cost::Reward => false,
            Cost::Normal => !progress && left == 1,
            Cost::Punish => left == self.punish,
        };
        if ends && (!winner_moves || !may_check(pos, m, self.winner)) {
            // The move would end the line with no depth left in a position
            // that cannot be the winner's mate (the winner to move, or the
            // loser not in check): only the cut it makes matters.
            self.cut = true;
            meter.tick_light()?;
            return Ok(false);
        }
        let after = hash_after(pos, h, m);
        if self.seen_before(after, m, cost, winner_moves, left, quiet, progress) {
            // Settled from the hash alone, without making the move: a
            // small part of a node.
            meter.tick_light()?;
            return Ok(false);
        }
        meter.tick()?;
        let mut next = pos.clone();
        next.play_unchecked(*m);
        // A check by the winner is how every mate begins.
        if winner_moves && cost == Cost::Normal && next.is_check() {
            cost = Cost::Reward;
        }
        // `left` is at least 1 here (a node with none left is cut before
        // its children), and a punished move is tried only with enough.
        let rest = match cost {
            Cost::Reward => left,
            Cost::Normal => left - u32::from(!progress),
            Cost::Punish => left - self.punish,
        };
        let nh = after.unwrap_or_else(|| crate::search::hash(&next));
        if self.repeats(nh) {
            return Ok(false);
        }
        self.line.push(*m);
        let found = self.node(
            &next,
            nh,
            rest,
            quiet_after(m, quiet),
            cost == Cost::Reward,
            m.is_capture() || m.role() == Role::Pawn,
            meter,
        )?;
        if !found {
            self.line.pop();
        }
        Ok(found)
    }

    /// Is the child after `m` (hashed `after`, where the hash can be had
    /// without making the move) settled before it is made: on the current
    /// line already, or in the table with at least the depth and horizon
    /// it could be searched with (a winner's quiet move is free if it
    /// checks, which only making it tells, so the most is assumed)? Such
    /// a look-up costs a small part of a node: on the hard set of
    /// chasolver's tests, two children in five of the walls flavour are
    /// settled so.
    #[allow(clippy::too_many_arguments)]
    fn seen_before(
        &mut self,
        after: Option<u64>,
        m: &Move,
        cost: Cost,
        winner_moves: bool,
        left: u32,
        quiet: u32,
        progress: bool,
    ) -> bool {
        let Some(nh) = after else {
            return false;
        };
        if self.repeats(nh) {
            return true;
        }
        let Some(e) = self.table.get(&nh) else {
            return false;
        };
        // The most depth the child could be searched with.
        let most = match cost {
            Cost::Reward => left,
            Cost::Normal if progress || winner_moves => left,
            Cost::Normal => left - 1,
            Cost::Punish => left - self.punish,
        };
        if e.left >= most && e.quiet >= quiet_after(m, quiet) {
            // As in `node`: a position of an earlier round keeps this
            // one from counting as complete.
            if e.round != self.round {
                self.cut = true;
            }
            return true;
        }
        false
    }

    /// Does the position hashed `nh` stand on the current line already?
    /// Going round in a circle is never needed for a mate.
    fn repeats(&self, nh: u64) -> bool {
        self.buckets[bucket(nh)] > 0 && self.path.contains(&nh)
    }

    /// What the costs of the moves in `pos` depend on, worked out once.
    fn context(&self, pos: &Chess) -> Context<'_> {
        let board = pos.board();
        let lk = board.king_of(!self.winner);
        let winner_moves = pos.turn() == self.winner;
        let weak = !winner_moves && weak(pos, self.winner);
        let pawns_only = !winner_moves && pawns_only(pos, self.winner);
        let corners = self.corner.unwrap_or(CORNERS);
        let walls = self.flavour == Flavour::Walls;
        let walk = match lk {
            Some(k) if self.walled && winner_moves => Some(walls::Walk::to(k, board.pawns())),
            _ => None,
        };
        let rescue = match board.king_of(self.winner) {
            Some(k) if self.boxed && !winner_moves => Some(walls::Walk::to(k, board.pawns())),
            _ => None,
        };
        Context {
            rescue,
            walls,
            lk,
            winner_moves,
            weak,
            pawns_only,
            corners,
            walk,
            bishop: self.bishop.as_ref(),
            fatal: &self.fatal,
        }
    }
}

/// What the costs of the moves in one position depend on.
struct Context<'a> {
    /// The search is of the [`Flavour::Walls`].
    walls: bool,
    /// The loser's king.
    lk: Option<Square>,
    winner_moves: bool,
    /// The winner cannot mate without the loser's men ([`weak`]).
    weak: bool,
    /// The winner has pawns and no piece ([`pawns_only`]).
    pawns_only: bool,
    /// The corners the loser's king is driven to.
    corners: Bitboard,
    /// The winner's king walks round the pawns to the loser's.
    walk: Option<walls::Walk>,
    /// Bishop moves to the mating corner.
    bishop: Option<&'a [u8; 64]>,
    /// The loser's king walks round the pawns to the boxed-in winner's.
    rescue: Option<walls::Walk>,
    /// Moves that killed the position at the root.
    fatal: &'a [walls::Route],
}

impl Context<'_> {
    /// How the move `m` counts.
    fn cost(&self, m: &Move) -> Cost {
        let Some(lk) = self.lk else {
            return Cost::Normal;
        };
        if !self.fatal.is_empty() && self.fatal.contains(&walls::route(m)) {
            return Cost::Punish;
        }
        if self.bishop_nearer(m) {
            return Cost::Reward;
        }
        if self.winner_moves {
            let closer = |from: Square, to: Square| to.distance(lk) < from.distance(lk);
            let rewarded = m.is_capture()
                || m.role() == Role::Pawn
                || match (m.role(), m.from()) {
                    (Role::King, Some(from)) if self.walk.is_some() => self
                        .walk
                        .as_ref()
                        .is_some_and(|w| w.steps(m.to()) < w.steps(from)),
                    (Role::King | Role::Knight, Some(from)) => closer(from, m.to()),
                    _ => false,
                };
            if rewarded { Cost::Reward } else { Cost::Normal }
        } else if self.weak {
            self.loser_helps(m, lk)
        } else if self.frees(m) {
            Cost::Reward
        } else if m.is_capture() {
            if self.walls {
                // See [`Flavour::Walls`]: a wall must open for a king to
                // pass, and the winner's pieces must often go.
                Cost::Reward
            } else {
                Cost::Punish
            }
        } else if m.role() == Role::Pawn {
            // See [`Flavour::Walls`] for its pushes.
            if self.pawns_only || self.walls {
                Cost::Normal
            } else {
                Cost::Punish
            }
        } else if (m.role() == Role::King && self.toward_corner(lk, m.to()))
            || (self.walls && m.role() == Role::Knight && self.nearer(m, lk))
        {
            Cost::Reward
        } else {
            Cost::Normal
        }
    }

    /// Does the loser's `m` come to free the boxed-in winner's king: its
    /// king's step nearer it round the pawns? (Its captures are free in
    /// this flavour anyway.)
    fn frees(&self, m: &Move) -> bool {
        match (&self.rescue, m.role(), m.from()) {
            (Some(w), Role::King, Some(from)) => w.steps(m.to()) < w.steps(from),
            _ => false,
        }
    }

    /// Does `m` bring its man nearer the square `to`?
    fn nearer(&self, m: &Move, to: Square) -> bool {
        m.from()
            .is_some_and(|from| m.to().distance(to) < from.distance(to))
    }

    /// A bishop's quiet move (either side's) nearer the mating corner, by
    /// its way round the locked pawns.
    fn bishop_nearer(&self, m: &Move) -> bool {
        match (self.bishop, m.role(), m.from()) {
            (Some(d), Role::Bishop, Some(from)) if !m.is_capture() => {
                let (a, b) = (d[usize::from(from)], d[usize::from(m.to())]);
                a != walls::FAR && b < a
            }
            _ => false,
        }
    }

    /// How a loser's move counts when the winner has too little to mate
    /// alone: the loser must bring men of its own round its king (a pawn
    /// promoted to a blocker, a piece beside the king), and its king must
    /// go where the winner's piece can mate.
    fn loser_helps(&self, m: &Move, lk: Square) -> Cost {
        if m.is_capture() {
            return Cost::Punish;
        }
        match m.role() {
            Role::Pawn => Cost::Reward,
            Role::King if self.toward_corner(lk, m.to()) => Cost::Reward,
            Role::King => Cost::Normal,
            _ => match m.from() {
                Some(from) if m.to().distance(lk) < from.distance(lk) => Cost::Reward,
                _ => Cost::Normal,
            },
        }
    }

    /// Does the loser's king step from `from` nearer the corner it is
    /// driven to (its nearest one when the bishops choose none)?
    fn toward_corner(&self, from: Square, to: Square) -> bool {
        let near = |s: Square| self.corners.into_iter().map(|c| c.distance(s)).min();
        near(to) < near(from)
    }
}

/// Could the winner's `m` check the loser's king? No only when it surely
/// does not: it is not a castling or an en passant capture, the man it
/// moves does not attack the king from where it lands, and it does not
/// leave the first square on a line from the king (where its going could
/// uncover a check).
fn may_check(pos: &Chess, m: &Move, winner: Color) -> bool {
    let board = pos.board();
    let Some(lk) = board.king_of(!winner) else {
        return false;
    };
    let (from, role, to, promotion) = match *m {
        Move::Normal {
            from,
            role,
            to,
            promotion,
            ..
        } => (from, role, to, promotion),
        _ => return true,
    };
    let occupied = board.occupied();
    if shakmaty::attacks::queen_attacks(lk, occupied).contains(from) {
        return true;
    }
    let occ = (occupied & !Bitboard::from_square(from)) | Bitboard::from_square(to);
    let attacks = match promotion.unwrap_or(role) {
        Role::Pawn => shakmaty::attacks::pawn_attacks(winner, to),
        Role::Knight => shakmaty::attacks::knight_attacks(to),
        Role::Bishop => shakmaty::attacks::bishop_attacks(to, occ),
        Role::Rook => shakmaty::attacks::rook_attacks(to, occ),
        Role::Queen => shakmaty::attacks::queen_attacks(to, occ),
        Role::King => Bitboard::EMPTY,
    };
    attacks.contains(lk)
}

/// Fill `out` with the legal moves of `pos`. Not inlined: shakmaty's
/// move list is a large array, which must not sit in the frame of every
/// node of a long line.
#[inline(never)]
fn legal_moves(pos: &Chess, out: &mut Vec<Move>) {
    out.clear();
    out.extend_from_slice(&pos.legal_moves());
}

/// Whether the winner has at most one minor piece, or bishops all on
/// one colour, and no pawn: it cannot mate without the loser's own men
/// round the loser's king.
fn weak(pos: &Chess, winner: Color) -> bool {
    let b = pos.board();
    let men = b.by_color(winner) & !b.kings();
    if (men & (b.pawns() | b.rooks() | b.queens())).any() {
        return false;
    }
    men.count() <= 1
        || (men.is_subset(b.bishops())
            && (men.is_subset(Bitboard::DARK_SQUARES) || men.is_subset(Bitboard::LIGHT_SQUARES)))
}

/// Whether the winner has pawns and no piece but its king.
fn pawns_only(pos: &Chess, winner: Color) -> bool {
    let b = pos.board();
    let men = b.by_color(winner) & !b.kings();
    men.any() && men.is_subset(b.pawns())
}

/// Whether a bishop of the winner stands on a mating corner of `corners`
/// or beside one on the edge ([`walls::corner_squares`]), where the
/// loser's king or its blocker must go. Then the winner's bishops must
/// leave the corner and come back once the king is there, and the [`Flavour::Walls`] search
/// rewards their way there even with no wall: on the hard set of
/// chasolver's tests that found the helpmate of
/// `k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w` (eight bishops, one on
/// the corner) in 115,000 nodes of the analysis, where no budget up to
/// 1,000,000 had found it, and lost no side (16 to 15 undetermined, both sides
/// asked; the real games' positions spent as many nodes). Given to every
/// position whose bishops choose a corner, without the hold, 20: the
/// reward sends the bishops of open endings to a corner they need not go
/// to.
fn corner_held(pos: &Chess, winner: Color, corners: Bitboard) -> bool {
    let b = pos.board();
    (walls::corner_squares(corners) & b.bishops() & b.by_color(winner)).any()
}

/// The four corners.
const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);

/// The corners of the winner's bishops' colour, when all of them stand
/// on one colour (a bishop's mate needs the loser's king in such a corner).
pub(crate) fn bishop_corners(pos: &Chess, winner: Color) -> Option<Bitboard> {
    let bishops = pos.board().bishops() & pos.board().by_color(winner);
    if bishops.is_empty() {
        None
    } else if bishops.is_subset(Bitboard::DARK_SQUARES) {
        Some(CORNERS & Bitboard::DARK_SQUARES)
    } else if bishops.is_subset(Bitboard::LIGHT_SQUARES) {
        Some(CORNERS & Bitboard::LIGHT_SQUARES)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over every move of a few thousand positions of pseudo-random
    /// games, a move that checks is one [`may_check`] says could: a
    /// wrong no would make the search skip a mate.
    #[test]
    fn may_check_misses_no_check() {
        let mut next_rand = crate::testing::test_rng(0x9E37_79B9_7F4A_7C15);
        let mut checks = 0;
        for _game in 0..60 {
            let mut pos = Chess::default();
            for _ply in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    let mut next = pos.clone();
                    next.play_unchecked(*m);
                    if next.is_check() {
                        checks += 1;
                        assert!(may_check(&pos, m, pos.turn()), "{m:?}");
                    }
                }
                pos.play_unchecked(moves[next_rand(moves.len())]);
            }
        }
        assert!(checks > 1_000, "{checks}");
    }
}
