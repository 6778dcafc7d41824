//! A complete enumeration of every position reachable from the root,
//! nearly breadth first: a quiet move of the winner's counts as many plies
//! (see [`WINNER_QUIET_COST`]). When that set is small (kings shut in
//! behind a wall, forced lines, a horizon that is about to end the game)
//! visiting it all without meeting the winner's mate proves the side
//! cannot mate; when the mate is met, the line to it is the helpmate.
//!
//! The enumeration keeps what it has seen when its slice of the budget
//! runs out, so that a later slice resumes it where it stopped: a proof
//! that needs more nodes than one slice holds is then paid for once, in
//! pieces, instead of starting afresh (and never finishing) each time.
//!
//! Most moves of a king's walk lead to states already seen. Where the
//! hash after a move can be had without playing it, such a move is found
//! seen by a look-up alone and counts as a fraction of a node (see
//! [`Meter::tick_light`]); a capture that is tested against the
//! structure still on the move counts as more than one.

use std::collections::{HashSet, VecDeque};
use std::hash::BuildHasherDefault;

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, Position, Role, Square};

use crate::Horizon;
use crate::meter::{Meter, Stop};
use crate::plan::Breach;
use crate::search::{Zobrist, hash, hash_after, next_hash, quiet_after};

/// Nodes a capture costs: its position, and the test of the structure
/// after it (see [`Exhaust::visit`]). That test takes microseconds where
/// a node takes a fraction of one, so a capture is priced high: where
/// captures abound (bishops walking among locked pawns) the slice then
/// ends before its time does, while elsewhere, where captures are few,
/// the price changes little (measured on the hard set of chasolver's
/// tests together with [`crate::meter`]'s price of a look-up). Raised
/// for every capture alike, it cost proofs: at 16, ten sides of the hard
/// set more undetermined, at 32 thirty-two more.
const CAPTURE_NODES: u32 = 8;

/// Nodes a capture costs on top of [`CAPTURE_NODES`] for each piece
/// (neither king nor pawn) on the board before it: the structure test
/// works out every piece's reach and what it could attack round each
/// square the loser's king might be mated on, so among many bishops it
/// took a capture about as long as thirty nodes. Priced so, the slowest
/// position of the hard set of chasolver's tests (ten bishops among
/// locked pawns, both sides asked) took about a quarter less time, with as
/// many sides settled; at four nodes a piece, one side fewer; at eight,
/// nine fewer.
const CAPTURE_NODES_PER_PIECE: u32 = 2;

/// The hash after `m` from `pos` (hashed `h`) where it can be had
/// without playing the move: [`hash_after`], and the moves it leaves to a
/// full hash for an en passant square, which a pawn walk meets at every
/// double step: the moves from a position after one (the square goes),
/// and the double step itself where no enemy pawn stands beside its
/// arrival square (no square comes). On a position with pawns only beside
/// a king with no square, a sixth of the enumeration's nodes went to
/// moves played only to find their state seen, nearly all of them these.
fn hash_ahead(pos: &Chess, h: u64, m: &Move) -> Option<u64> {
    hash_after(pos, h, m).or_else(|| ep_hash_after(pos, h, m))
}

/// [`hash_ahead`] for the moves around an en passant square; `None` for
/// castling, an en passant capture, a move that changes a castling right,
/// and a double step that an enemy pawn beside it might take.
fn ep_hash_after(pos: &Chess, h: u64, m: &Move) -> Option<u64> {
    let &Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        return None;
    };
    let turn = pos.turn();
    let rights = pos.castles().castling_rights();
    if rights.contains(from)
        || rights.contains(to)
        || (role == Role::King && pos.castles().has_color(turn))
    {
        return None;
    }
    if role == Role::Pawn && from.distance(to) == 2 {
        let beside = Bitboard::from_square(to).shift(1) | Bitboard::from_square(to).shift(-1);
        let rank = Bitboard::from_rank(to.rank());
        if (beside & rank & pos.board().pawns() & pos.board().by_color(!turn)).any() {
            return None;
        }
    }
    let mut z = Zobrist64(h);
    z ^= Zobrist64::zobrist_for_white_turn();
    z ^= Zobrist64::zobrist_for_piece(from, role.of(turn));
    z ^= Zobrist64::zobrist_for_piece(to, promotion.unwrap_or(role).of(turn));
    if let Some(c) = capture {
        z ^= Zobrist64::zobrist_for_piece(to, c.of(!turn));
    }
    if let Some(sq) = pos.ep_square(EnPassantMode::Legal) {
        z ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
    }
    Some(z.0)
}

/// What looks for the rest of a planned line from a position where the
/// winner's pawn has just taken a piece (or the loser's king has broken
/// into a wall, [`crate::plan::king_took_a_pawn`], or, in the complete
/// enumeration, the loser's pawn has taken the winner's last piece,
/// [`crate::plan::sacrifice_taken`]): the line to the winner's mate, if
/// found, its nodes counted on the meter. The flag asks for a short look:
/// the breach left every piece of the winner's jammed
/// ([`crate::plan::jammed_after`]), or the capture left a pawn ending.
pub(crate) type Settle = fn(&Chess, Color, Horizon, bool, &mut Meter<'_>) -> Option<Vec<Move>>;

/// What the enumeration found.
pub(crate) enum Outcome {
    /// The winner's mate, and the line to it.
    Mate(Vec<Move>),
    /// Every reachable position was visited; none is the winner's mate.
    NoMate,
    /// The meter's slice ran out first.
    Stopped,
}

/// A state is the position and, under a horizon, the quiet plies left:
/// the same position with fewer plies left can do less.
fn key(hash: u64, quiet: u32) -> u64 {
    if quiet == u32::MAX {
        hash
    } else {
        hash ^ u64::from(quiet).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The keys of the states seen. The keys are Zobrist hashes already.
/// Most moves of an enumeration lead to a state already seen, so this set
/// is probed far more often than anything else, at random: it holds the
/// keys alone (a ninth of what it held with each state's parent and move),
/// so that more of it stays in the cache. On the slowest positions of the
/// hard set of chasolver's tests it took about a third of the time.
type Seen = HashSet<u64, BuildHasherDefault<Zobrist>>;

/// How each state seen after the root was first reached, in the order
/// they were met: the place of the state it came from (0 for the root,
/// `n` for the `n`-th entry here) and the move. Written in order, read
/// only to build a line.
type Reached = Vec<(u32, Move)>;

/// The moves from the root to the state at place `at` (see [`Reached`]).
fn line_to(reached: &Reached, mut at: u32) -> Vec<Move> {
    let mut line = Vec::new();
    while at != 0 {
        let (prev, m) = reached[at as usize - 1];
        line.push(m);
        at = prev;
    }
    line.reverse();
    line
}

/// The most states the enumeration keeps: about 30 MB of keys and ways
/// back, and at most as many slots for the states waiting (160 bytes
/// each, see [`Exhaust::slots`]), whatever the budget (a caller's
/// deadline may give it millions of nodes).
const MOST_STATES: usize = 1 << 20;

/// A state waiting to be expanded, in its slot of [`Exhaust::slots`]
/// (cloned only to add a slot, see [`Exhaust::free_slot`]).
#[derive(Clone)]
struct Pending {
    /// Its position, played into the slot from its parent's.
    pos: Chess,
    /// Its place in [`Exhaust::reached`] (0 for the root).
    at: u32,
    hash: u64,
    quiet: u32,
    /// How many of its legal moves were already played (a slice may run
    /// out in the middle of a position's moves).
    done: u32,
    /// The plies from the root to it, a quiet one of the winner's (neither
    /// a capture nor a pawn move) counting more ([`step_cost`]).
    cost: u32,
}

/// What a quiet move of the winner's costs in [`Pending::cost`], against
/// one for every other ply. Where the winner has only pawns, its helpmate
/// is mostly a march of pawns, captures and promotions with the loser's
/// moves between; breadth first, the enumeration tries every walk of the
/// winner's king and new pieces at each step of the march before it takes
/// the next. On the hard set of chasolver's tests, with the default
/// budget, 140 sides were left undetermined with a cost of 24 (48 and 96
/// alike), 141 with 12, 145 with 6, and 154 breadth first; no side that
/// breadth first settled was lost. (Costing every quiet ply 12, the
/// loser's too, lost the short helpmates that walk the loser's king.) The
/// order changes nothing when the whole set must be visited: the same
/// states are met by the same moves.
const WINNER_QUIET_COST: u32 = 24;

/// What a quiet step of the winner's king toward the loser's pawns (it
/// comes nearer the nearest one) costs in [`Pending::cost`], instead of
/// [`WINNER_QUIET_COST`]. Where the winner's mate comes from its pawns,
/// its king often walks to eat the loser's pawns that stand in their way
/// or that would keep the loser's king from shutting itself in; priced a
/// little lower, those walks are reached before the others of the same
/// length. The order changes only which state comes first, never the set
/// visited. On the hard set of chasolver's tests, both sides asked with
/// the default budget: at 18, 20 or 22, one side more settled (15 to 14
/// undetermined) and none lost; at 16 or 12, as many (one gained, one
/// lost); at 9, 6 or 3, two gained and one lost. The real games'
/// positions spent as many nodes on average (116.49 to 116.48 a side).
const TOWARD_PAWNS_COST: u32 = 20;

/// What a quiet move of the winner's that clears its king's way to a
/// pawn it would take ([`Breach::cleared_by`]) costs in
/// [`Pending::cost`] in the enumeration kept to a plan, instead of
/// [`WINNER_QUIET_COST`] or [`TOWARD_PAWNS_COST`]. Where the winner's
/// own pieces stand on its king's walk to the loser's pawn that blocks
/// one of its own (bishops jammed on the squares the king must cross),
/// the king's breach is a few such moves deep, but priced as every other
/// quiet move it came only after every shuffle of the other pieces of as
/// many moves: in the hard set of chasolver's tests, the White side of
/// `1b3kBR/4pP1P/1pBpP2P/1P1P1Bp1/…` (three bishops step off the king's
/// walk, `…Kxg5 … g7#`) was found at 364,400 nodes, one side asked,
/// past what a label leaves it. At 6 it is found at 57,800 (at 4,
/// 51,500; at 8, 71,100; at 10, 131,900; at 12, 159,200; at 16, 223,500;
/// at 20, 361,300). Both sides asked, the hard set's undetermined labels
/// went from 4 to 3 at every price from 4 to 16; its nodes a side (one
/// side asked, the positions a game can reach) from 4,568 to 4,559 on
/// average at 4 and 6, 4,561 at 8, 4,564 at 12 and 4,568 at 16, with as
/// many sides undetermined (17). The order changes only which state comes
/// first, and the plan proves nothing: no proof is lost.
const CLEARING_COST: u32 = 6;

/// What `m` from `pos` adds to [`Pending::cost`]: one ply, or more for a
/// quiet move of the winner's (see [`WINNER_QUIET_COST`] and
/// [`TOWARD_PAWNS_COST`]), less in the enumeration kept to a plan for one
/// that clears its king's way on the walks of `breach` ([`CLEARING_COST`]).
fn step_cost(pos: &Chess, winner: Color, m: &Move, breach: Option<&Breach>) -> u32 {
    if pos.turn() != winner || m.is_zeroing() {
        return 1;
    }
    if breach.is_some_and(|b| b.cleared_by(m)) {
        return CLEARING_COST;
    }
    if m.role() == Role::King
        && let Some(from) = m.from()
    {
        let prey = pos.board().pawns() & pos.board().by_color(!winner);
        let near = |sq: Square| prey.into_iter().map(|p| p.distance(sq)).min();
        if let (Some(was), Some(now)) = (near(from), near(m.to()))
            && now < was
        {
            return TOWARD_PAWNS_COST;
        }
    }
    WINNER_QUIET_COST
}

/// How many emptied buckets keep their memory for the next ones to fill.
const SPARE_BUCKETS: usize = 2;

/// The order in which the states waiting are expanded: their slot
/// numbers (the states stay in [`Exhaust::slots`]) in buckets by
/// [`Pending::cost`], each in the order its states were met, or all in one
/// queue (breadth first) for the per-move check.
struct Frontier {
    /// The slots of the states, in [`Exhaust::slots`].
    buckets: Vec<VecDeque<u32>>,
    /// No bucket below this one holds a state.
    low: usize,
    by_cost: bool,
    /// Emptied buckets' memory, for buckets still to fill.
    spare: Vec<VecDeque<u32>>,
}

impl Frontier {
    /// An empty frontier, by cost or breadth first.
    fn new(by_cost: bool) -> Self {
        Frontier {
            buckets: Vec::new(),
            low: 0,
            by_cost,
            spare: Vec::new(),
        }
    }

    /// The bucket a state of [`Pending::cost`] `cost` belongs in.
    fn bucket(&self, cost: u32) -> usize {
        if self.by_cost { cost as usize } else { 0 }
    }

    /// Queue the state in `slot`, of [`Pending::cost`] `cost`, after the
    /// states of its bucket.
    fn push_back(&mut self, slot: u32, cost: u32) {
        let b = self.bucket(cost);
        if self.buckets.len() <= b {
            self.buckets.resize_with(b + 1, VecDeque::new);
        }
        self.low = self.low.min(b);
        let bucket = &mut self.buckets[b];
        if bucket.capacity() == 0
            && let Some(spare) = self.spare.pop()
        {
            *bucket = spare;
        }
        bucket.push_back(slot);
    }

    /// Put back the state in `slot`, of [`Pending::cost`] `cost`, just
    /// taken by [`Frontier::pop`], to come next.
    fn push_front(&mut self, slot: u32, cost: u32) {
        let b = self.bucket(cost);
        self.low = self.low.min(b);
        self.buckets[b].push_front(slot);
    }

    /// The slot of the next state to expand.
    fn pop(&mut self) -> Option<u32> {
        while let Some(bucket) = self.buckets.get_mut(self.low) {
            if let Some(p) = bucket.pop_front() {
                return Some(p);
            }
            // Its memory goes to a bucket still to fill: kept by every
            // bucket, the slowest positions of the hard set took about a
            // fifth longer; given back to the allocator, a new bucket's
            // growth faulted its pages in afresh, and the enumeration of
            // a shut-in pawn ending took about 7 % longer than now. (Those
            // figures were taken when the buckets held whole states; with
            // slot numbers, keeping none took the hard set about 1 % longer
            // and faulted in 40 % more pages.)
            let emptied = std::mem::take(bucket);
            if self.spare.len() < SPARE_BUCKETS {
                self.spare.push(emptied);
            }
            self.low += 1;
        }
        None
    }
}

/// An enumeration in progress: the states seen and those still to expand.
pub(crate) struct Exhaust {
    winner: Color,
    /// The root, while the enumeration with phantoms is still to be tried
    /// on it.
    phantoms: Option<Chess>,
    /// Whether a look-up of a seen state counts as a fraction of a node
    /// and a capture as more than one (the analysis), or every move as one
    /// node (the per-move check, whose small fixed budget was tuned so).
    weighed: bool,
    seen: Seen,
    reached: Reached,
    queue: Frontier,
    /// The states waiting, each in a slot that is used again once its
    /// state is expanded; the buckets of [`Exhaust::queue`] hold only the
    /// slot numbers. A move is played straight into a free slot, so that a
    /// position is copied once, into memory that is warm; when the queue
    /// held the states themselves, each was cloned, played, moved into its
    /// bucket and out again, and the buckets grew into fresh pages. On the
    /// hard set of chasolver's tests the slots took about a twentieth off
    /// the time and six sevenths off the page faults.
    slots: Vec<Pending>,
    /// The slots of [`Exhaust::slots`] free for the next moves; the
    /// last one is where the next move is played.
    free: Vec<u32>,
    /// Where the loser's moves are kept to those of the plan
    /// ([`crate::plan`]): what looks for the rest of the line each time the
    /// winner's pawn takes a piece.
    plan: Option<Settle>,
    /// What looks for the rest of the line each time a pawn of a loser
    /// with nothing but pawns takes the winner's last piece
    /// ([`crate::plan::sacrifice_taken`]), where the analysis asks for it
    /// ([`Exhaust::handing_over_sacrifices`]).
    sacrifice: Option<Settle>,
    /// The line to the first mate of the loser's that the enumeration met
    /// on its way (the loser's own question, answered for nothing).
    loser_mate: Option<Vec<Move>>,
    /// In the enumeration kept to a plan, the winner's king's walks to the
    /// pawn it would take from the state being expanded, the winner to
    /// move ([`crate::plan::breach`]), once worked out: at most once for
    /// all its moves, and only where one of them reaches a new state.
    /// Worked out for each such move, the slowest position of the hard set
    /// of chasolver's tests (a side left undetermined, whose plan spends
    /// its whole share) took about 6 % longer than without the price of
    /// [`CLEARING_COST`]; once for each state expanded, walked in full,
    /// about 3 %; so, and with the walk stopped at the king
    /// ([`crate::plan::breach`]), as long within the noise.
    breach: Option<Option<Breach>>,
    /// Whether every line the enumeration cut so far was cut where the
    /// loser could not mate either: then, once every state is expanded,
    /// the loser's question is settled too.
    loser_complete: bool,
}

impl Exhaust {
    /// The enumeration of what `winner` can reach from `root`, not yet
    /// started.
    pub(crate) fn new(root: &Chess, winner: Color, horizon: Horizon) -> Self {
        let root_hash = hash(root);
        let root_key = key(root_hash, horizon.left());
        let mut seen = Seen::default();
        seen.insert(root_key);
        let reached = Reached::new();
        let mut queue = Frontier::new(true);
        queue.push_back(0, 0);
        let root_state = Pending {
            pos: root.clone(),
            at: 0,
            hash: root_hash,
            quiet: horizon.left(),
            done: 0,
            cost: 0,
        };
        Exhaust {
            winner,
            phantoms: Some(root.clone()),
            weighed: true,
            seen,
            reached,
            queue,
            slots: vec![root_state],
            free: Vec::new(),
            plan: None,
            breach: None,
            sacrifice: None,
            // The root itself may be the loser's mate already.
            loser_mate: (root.turn() == winner && root.is_checkmate()).then(Vec::new),
            loser_complete: true,
        }
    }

    /// The planned enumeration ([`crate::plan`]) of what `winner` can reach
    /// from `root`: what it visits is not every reachable position, so it
    /// finds helpmates but proves nothing. Each time the winner's pawn
    /// takes a piece, `settle` looks for the rest of the line.
    pub(crate) fn planned(root: &Chess, winner: Color, horizon: Horizon, settle: Settle) -> Self {
        Exhaust {
            phantoms: None,
            plan: Some(settle),
            loser_complete: false,
            ..Exhaust::new(root, winner, horizon)
        }
    }

    /// The same enumeration, which hands the rest of the line over to
    /// `settle` each time a pawn of a loser with nothing but pawns takes
    /// the winner's last piece ([`crate::plan::sacrifice_taken`]). It
    /// still visits every state (the state after the capture is queued as
    /// before), so it proves what it proved before, and the other side's
    /// question as before; what `settle` finds is a line of legal moves,
    /// so the hand-over only finds helpmates sooner.
    pub(crate) fn handing_over_sacrifices(self, settle: Settle) -> Self {
        Exhaust {
            sacrifice: Some(settle),
            ..self
        }
    }

    /// What the enumeration has settled of the loser's own question
    /// (can the loser mate?), which it answers on the way: the loser's
    /// mate if it met one, and, once every state is expanded with no line
    /// cut where the loser could still mate, that it cannot. Both sides'
    /// questions enumerate the same positions, so where one side's
    /// enumeration proves its answer the other's comes with it.
    pub(crate) fn loser_verdict(&self, outcome: &Outcome) -> Option<crate::Verdict> {
        if let Some(line) = &self.loser_mate {
            return Some(crate::Verdict::Winnable {
                helpmate: line.clone(),
            });
        }
        (matches!(outcome, Outcome::NoMate) && self.loser_complete)
            .then_some(crate::Verdict::Unwinnable)
    }

    /// Whether the enumeration, still running, may yet settle both sides'
    /// questions: it met no mate of the loser's and cut no line where the
    /// loser could still mate, and it is the complete one.
    pub(crate) fn settles_both(&self) -> bool {
        self.plan.is_none()
            && self.phantoms.is_none()
            && self.loser_complete
            && self.loser_mate.is_none()
    }

    /// Go on enumerating until every state is expanded, the winner's mate
    /// is met, or the meter's slice runs out (`Stopped`: the next call
    /// resumes at the same move).
    ///
    /// The first call tries the enumeration with the winner's pieces as
    /// phantoms ([`crate::phantom`]), whose states are far fewer where it
    /// applies; its nodes come out of the same slice.
    pub(crate) fn run(&mut self, meter: &mut Meter<'_>) -> Outcome {
        if let Some(root) = self.phantoms.take()
            && crate::phantom::unwinnable(&root, self.winner, meter)
        {
            // Proved without visiting the positions: nothing of the
            // loser's question.
            self.loser_complete = false;
            return Outcome::NoMate;
        }
        while let Some(slot) = self.queue.pop() {
            let at = &self.slots[slot as usize];
            let pos = &at.pos;
            let mut moves = pos.legal_moves();
            self.breach = None;
            if (pos.turn() != self.winner
                && crate::shut::winner_shut_after(pos, self.winner, &moves))
                || crate::tempo::runs_out(pos, self.winner)
            {
                // Every move ends the game with no mate of the winner's;
                // a mate of the loser's may be among them, unseen.
                self.loser_complete = false;
                self.free.push(slot);
                continue;
            }
            if self.plan.is_some() && pos.turn() != self.winner {
                planned_moves(pos, self.winner, &mut moves);
            }
            for (i, m) in moves.iter().enumerate().skip(at.done as usize) {
                match self.visit(slot, m, meter) {
                    Err(Stop) => {
                        let at = &mut self.slots[slot as usize];
                        at.done = i as u32;
                        self.queue.push_front(slot, at.cost);
                        return Outcome::Stopped;
                    }
                    Ok(Some(line)) => return Outcome::Mate(line),
                    Ok(None) => {}
                }
            }
            // Every move played: the slot takes the next new state (last
            // in, first out, while its memory is still in the cache). A
            // state left by a stop kept its slot above.
            self.free.push(slot);
        }
        Outcome::NoMate
    }

    /// Play `m` from the state in slot `from`: the line to the winner's
    /// mate if it mates, otherwise the new state joins the queue unless it
    /// was seen or a line ends there. A state seen before was looked at
    /// when it was first met (it was no mate, or the enumeration would have
    /// ended), so where its key can be had from the hash alone the move is
    /// not even played. A move that is played is played into a free slot
    /// ([`Exhaust::free_slot`]), which the new state keeps if it is queued.
    ///
    /// The move is counted on `meter` first (`Err` when the slice has run
    /// out, with nothing done): a node, or a light look-up where the state
    /// was found seen without playing the move.
    fn visit(
        &mut self,
        from: u32,
        m: &Move,
        meter: &mut Meter<'_>,
    ) -> Result<Option<Vec<Move>>, Stop> {
        let winner = self.winner;
        let at = &self.slots[from as usize];
        let q = quiet_after(m, at.quiet);
        let known = hash_ahead(&at.pos, at.hash, m);
        if known.is_some_and(|h| self.seen.contains(&key(h, q))) {
            if self.weighed {
                meter.tick_light()?;
            } else {
                meter.tick()?;
            }
            return Ok(None);
        }
        meter.tick()?;
        let tested = structure_tested(&self.slots[from as usize].pos, winner, m);
        if self.weighed && tested {
            // A capture tested against the structure still on the move
            // costs several nodes' time, and more with each piece
            // whose reach it works out.
            let b = self.slots[from as usize].pos.board();
            let pieces = (b.occupied() & !b.pawns() & !b.kings()).count() as u32;
            for _ in 1..CAPTURE_NODES + CAPTURE_NODES_PER_PIECE * pieces {
                meter.tick()?;
            }
        }
        let handed_over = self.hand_over(&self.slots[from as usize].pos, m);
        let slot = self.free_slot(from);
        let (at, next) = pair(&mut self.slots, from, slot);
        next.pos.clone_from(&at.pos);
        next.pos.play_unchecked(*m);
        let (pos, next_pos) = (&at.pos, &next.pos);
        if next_pos.is_check() && next_pos.is_checkmate() {
            let mut line = line_to(&self.reached, at.at);
            line.push(*m);
            if pos.turn() == winner {
                return Ok(Some(line));
            }
            // The loser's mate: a line ends there, and it answers the
            // loser's question.
            self.loser_mate.get_or_insert(line);
        }
        if let Some((settle, short)) = handed_over {
            let horizon = if q == u32::MAX {
                Horizon::Unbounded
            } else {
                Horizon::QuietPliesLeft(q)
            };
            if let Some(rest) = settle(next_pos, winner, horizon, short, meter) {
                let mut line = line_to(&self.reached, at.at);
                line.push(*m);
                line.extend(rest);
                return Ok(Some(line));
            }
        }
        let nh = known.unwrap_or_else(|| next_hash(pos, at.hash, m, next_pos));
        let nk = key(nh, q);
        if self.seen.len() >= MOST_STATES && !self.seen.contains(&nk) {
            // Full: the enumeration stops here for good (each later slice
            // ends at once), so that a long deadline cannot take unbounded
            // memory.
            return Err(Stop);
        }
        if !self.seen.insert(nk) {
            return Ok(None);
        }
        // A state where a line ends is kept too, so that meeting it again
        // costs no more than a look-up.
        self.reached.push((at.at, *m));
        // At most `MOST_STATES` entries: within u32.
        let here = self.reached.len() as u32;
        // The frozen wall only where the pawns or the men changed (see
        // the extension search); the wall still on the move, which costs
        // microseconds, only after a capture (most of them, see
        // `structure_tested`): a capture that leaves a locked structure
        // ends the line.
        let dead = line_ends(next_pos, winner, m, tested);
        // A line cut where the loser could still mate leaves the loser's
        // question open (tested only while it might be settled).
        if dead && self.loser_complete && q != 0 && !line_ends(next_pos, !winner, m, tested) {
            self.loser_complete = false;
        }
        if q != 0 && !dead {
            let breach = match self.plan {
                Some(_) if pos.turn() == winner && !m.is_zeroing() => self
                    .breach
                    .get_or_insert_with(|| crate::plan::breach(pos, winner))
                    .as_ref(),
                _ => None,
            };
            let cost = at.cost + step_cost(pos, winner, m, breach);
            (next.at, next.hash, next.quiet, next.done, next.cost) = (here, nh, q, 0, cost);
            self.free.pop();
            self.queue.push_back(slot, cost);
        }
        Ok(None)
    }

    /// What looks for the rest of the line after `m` from `pos`, and
    /// whether it takes a short look, if the line is handed over there:
    /// in the enumeration kept to a plan, where the winner's pawn takes a
    /// piece or the loser's king breaks into a wall (a breach that leaves
    /// the winner's pieces jammed gets a short look only, see
    /// `JAMMED_BREACH_NODES` in the analysis); in the complete one, where
    /// the analysis asks for it, where a pawn of a loser with nothing but
    /// pawns takes the winner's last piece (a short look too: a pawn
    /// ending's helpmate is found within it, see
    /// [`crate::plan::sacrifice_taken`]).
    fn hand_over(&self, pos: &Chess, m: &Move) -> Option<(Settle, bool)> {
        let winner = self.winner;
        if let Some(settle) = self.plan {
            return if pos.turn() == winner {
                crate::plan::took_a_piece(pos, winner, m).then_some((settle, false))
            } else {
                crate::plan::king_took_a_pawn(pos, winner, m)
                    .then(|| (settle, crate::plan::jammed_after(pos, winner, m)))
            };
        }
        let settle = self.sacrifice?;
        (pos.turn() != winner && crate::plan::sacrifice_taken(pos, winner, m))
            .then_some((settle, true))
    }

    /// The slot the next move from the state in `from` is played into: the
    /// last free one, taken for good only if the state it reaches is
    /// queued; where none is free, a new one (the state copied from
    /// `from` is overwritten).
    fn free_slot(&mut self, from: u32) -> u32 {
        if let Some(&slot) = self.free.last() {
            return slot;
        }
        // At most as many slots as states: within u32.
        let slot = self.slots.len() as u32;
        self.slots.push(self.slots[from as usize].clone());
        self.free.push(slot);
        slot
    }
}

/// The state in slot `from`, to read, and the one in slot `to`, to
/// write: two different slots (the state being expanded is never free),
/// borrowed apart so that the move is played from one into the other
/// without a copy on the way.
fn pair(slots: &mut [Pending], from: u32, to: u32) -> (&Pending, &mut Pending) {
    let (from, to) = (from as usize, to as usize);
    if from < to {
        let (low, high) = slots.split_at_mut(to);
        (&low[from], &mut high[0])
    } else {
        let (low, high) = slots.split_at_mut(from);
        (&high[0], &mut low[to])
    }
}

/// Whether the position after `m` from `pos` is tested against the
/// structure ([`line_ends`], priced [`CAPTURE_NODES`] and more): after a
/// capture, except the loser's king taking a man of a winner that has
/// nothing but pawns. There the test seldom ends a line (the winner's
/// pawns that are left still move, and the loser's king walks on to eat
/// more), while the king's captures are many: in
/// `1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8` w, Black's complete enumeration
/// spent 42,000 of its 285,000 nodes on the tests after 4,700 of them,
/// none of which ended a line. Measured on the hard set of chasolver's
/// tests, each side asked alone on the default budget: 35 sides
/// undetermined instead of 42, and 5,098 nodes a side on average instead
/// of 5,218; both sides asked, 8 undetermined either way. Skipped after
/// every capture by the loser's king, 34 and 5,044, but 12 undetermined
/// labels: in the walls of bishops the king's capture of a bishop or a
/// pawn is what locks the structure.
fn structure_tested(pos: &Chess, winner: Color, m: &Move) -> bool {
    m.is_capture()
        && !(m.role() == Role::King && pos.turn() != winner && crate::plan::pawns_only(pos, winner))
}

/// Whether a line ends at `next`, just reached by `m`, because `side`
/// can no longer mate there; the structure is tested only if `tested`
/// (see [`structure_tested`]).
fn line_ends(next: &Chess, side: Color, m: &Move, tested: bool) -> bool {
    if tested {
        crate::quick_dead(next, side) || crate::reach::structure(next, side)
    } else if m.is_capture() || m.role() == shakmaty::Role::Pawn {
        crate::quick_dead(next, side)
    } else {
        next.has_insufficient_material(side)
    }
}

/// Keep of the loser's legal moves from `pos` those that serve the plan
/// ([`crate::plan::serves`]); where none does, its king's moves (it must
/// wait somehow), and where it has none, all.
fn planned_moves(pos: &Chess, winner: Color, moves: &mut shakmaty::MoveList) {
    let mut toward = crate::plan::Toward::new(pos, winner);
    // Whether each move serves, one bit a move (a list holds at most 270),
    // worked out once: asked first whether any did and then again while
    // filtering, most moves were judged twice.
    let mut serving = [0u64; 5];
    for (i, m) in moves.iter().enumerate() {
        if crate::plan::serves(pos, winner, m, &mut toward) {
            serving[i / 64] |= 1 << (i % 64);
        }
    }
    if serving != [0; 5] {
        // `retain` visits the moves once each, in order.
        let mut i = 0;
        moves.retain(|_| {
            let kept = serving[i / 64] >> (i % 64) & 1 != 0;
            i += 1;
            kept
        });
    } else if moves.iter().any(|m| m.role() == Role::King) {
        moves.retain(|m| m.role() == Role::King);
    }
}

/// Enumerate the positions reachable from `root` until the meter's slice
/// runs out.
pub(crate) fn exhaust(
    root: &Chess,
    winner: Color,
    horizon: Horizon,
    meter: &mut Meter<'_>,
) -> Outcome {
    let mut plain = Exhaust::new(root, winner, horizon);
    // The per-move check keeps to the plain enumeration, breadth first and
    // counted move by move, whose cost on the forced lines it is run on is
    // known.
    plain.phantoms = None;
    plain.weighed = false;
    plain.queue.by_cost = false;
    plain.run(meter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Budget, Verdict, composed_position};

    /// One side's enumeration answers the other side's question only as
    /// chasolver's labels of its hard test set do (they say which sides
    /// can mate), and a mate of the loser's it met is a line of legal
    /// moves ending in that mate. Both answers come up: the loser's mates
    /// met on the way, and the proofs of enumerations that visited every
    /// reachable position.
    #[test]
    fn the_losers_answer_agrees_with_chasolvers_labels() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/unwinnability/positions.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let (mut mates, mut proofs) = (0, 0);
        let lines = text.lines().filter(|l| !l.starts_with('#') && l.len() > 3);
        for line in lines.step_by(3) {
            let (want, fen) = line.split_at(2);
            let pos = composed_position(fen.trim().parse().unwrap()).unwrap();
            for (k, winner) in Color::ALL.into_iter().enumerate() {
                let mut e = Exhaust::new(&pos, winner, Horizon::Unbounded);
                e.phantoms = None;
                let outcome = e.run(&mut Meter::new(Budget::nodes(2_000)));
                let loser_can = want.as_bytes()[1 - k] != b'-';
                match e.loser_verdict(&outcome) {
                    Some(Verdict::Winnable { helpmate }) => {
                        assert!(loser_can, "{fen}: {winner:?}'s loser");
                        let mut p = pos.clone();
                        for m in &helpmate {
                            assert!(p.is_legal(*m), "{fen}: {m:?}");
                            p.play_unchecked(*m);
                        }
                        assert!(p.is_checkmate() && p.turn() == winner, "{fen}");
                        mates += 1;
                    }
                    Some(_) => {
                        assert!(!loser_can, "{fen}: {winner:?}'s loser");
                        proofs += 1;
                    }
                    None => {}
                }
            }
        }
        assert!(
            mates >= 100 && proofs >= 100,
            "{mates} mates, {proofs} proofs"
        );
    }

    /// The hash had without playing a move is the full hash of the
    /// position after it, over random games and pawn races full of
    /// double steps and en passant squares.
    #[test]
    fn hash_ahead_equals_full_hash() {
        let mut next_rand = crate::testing::test_rng(0x9E37_79B9_7F4A_7C15);
        let starts = [
            shakmaty::fen::Fen::default(),
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"
                .parse()
                .unwrap(),
            "4k3/1p1p1p1p/8/P1P1P1P1/8/8/8/4K3 b - - 0 1"
                .parse()
                .unwrap(),
        ];
        let (mut checked, mut ahead, mut past_ep) = (0, 0, 0);
        for (game, fen) in (0..60).zip(starts.iter().cycle()) {
            let mut pos: Chess = fen
                .clone()
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            for _ply in 0..120 - game {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let h = hash(&pos);
                for m in &moves {
                    let mut next = pos.clone();
                    next.play_unchecked(*m);
                    if let Some(z) = hash_ahead(&pos, h, m) {
                        assert_eq!(z, hash(&next), "{m:?}");
                        ahead += 1;
                        if pos.ep_square(EnPassantMode::Legal).is_some() {
                            past_ep += 1;
                        }
                    }
                    checked += 1;
                }
                pos.play_unchecked(moves[next_rand(moves.len())]);
            }
        }
        assert!(
            checked > 10_000 && ahead * 10 > checked * 9,
            "{ahead} of {checked}"
        );
        assert!(past_ep > 100, "{past_ep} moves past an en passant square");
    }
}
