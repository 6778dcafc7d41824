//! The computer opponent: iterative-deepening alpha-beta (principal
//! variation search) with a transposition table, a capture-only quiescence
//! search, killer moves and history ordering.
//!
//! The evaluation counts material the Tavreli way: a man is worth its full
//! value to its owner only while its tower is under its owner's control; a
//! prisoner (an enemy man under one's top) is worth a fifth to its owner,
//! because a split may free it (§3.5). Towers add a little for the controller
//! (more men move together), and mobility and pressure on the enemy volkhv's
//! squares decide between equal material.
//!
//! Limits are a depth and a node budget; a caller who plays on a clock also
//! passes a "should stop" callback, asked every 1024 nodes, which reads the
//! wall clock on its side. The crate itself never reads the clock, so the
//! same limits give the same move on every machine (tests use node budgets
//! only, and games against the computer are reproducible).

use crate::board::{
    B, H, KING, KNIGHT, Move, MoveKind, N, NONE, P, PAWN_ATT, Position, Q, R, V, bishop_att,
    color_of, rook_att,
};

const VAL: [i32; 7] = [0, 900, 500, 330, 320, 100, 1150];
const INF: i32 = 1_000_000;
const MATE: i32 = 900_000;
const MAX_PLY: usize = 96;

/// How long and how deep to search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Stop after completing this depth, in plies.
    pub max_depth: u32,
    /// Stop after this many nodes (deterministic).
    pub max_nodes: u64,
}

impl Limits {
    /// At most `n` nodes, to any depth: the same move on every machine.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            max_depth: 64,
            max_nodes: n,
        }
    }
    /// No limit of depth or nodes: only the caller's "should stop" callback
    /// ends the search (see [`Engine::search_until`]).
    pub fn unbounded() -> Limits {
        Limits::nodes(u64::MAX)
    }
    /// Playing levels 1..=6: deeper with each level. Level 1 looks one move
    /// ahead; level 6 searches until the caller's callback stops it (the
    /// time per move, for `arbiter play`).
    pub fn level(level: u8) -> Limits {
        let depth = match level {
            0 | 1 => 1,
            2 => 2,
            3 => 3,
            4 => 4,
            5 => 6,
            _ => 64,
        };
        Limits {
            max_depth: depth,
            max_nodes: u64::MAX,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play: the best of the last completed depth, or the first
    /// legal move when no depth completed; `None` when there is no legal move.
    pub best: Option<Move>,
    /// Centipawns from the side to move's view; ±(900000 - plies) for mates.
    pub score: i32,
    /// Last fully completed depth.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    mv: u32,
    score: i32,
    depth: i8,
    flag: u8, // 0 empty, 1 exact, 2 lower, 3 upper
}

/// A searcher with its transposition table; reuse it across moves of a game.
pub struct Engine {
    tt: Vec<TtEntry>,
    killers: [[u32; 2]; MAX_PLY],
    history: Vec<i32>,
    nodes: u64,
    limits: Limits,
    stopped: bool,
    bufs: Vec<Vec<Move>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(16)
    }
}

impl Engine {
    /// An engine with a transposition table of about `mb` megabytes.
    pub fn new(mb: usize) -> Engine {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<TtEntry>()).next_power_of_two() / 2;
        Engine {
            tt: vec![TtEntry::default(); n.max(1024)],
            killers: [[0; 2]; MAX_PLY],
            history: vec![0; 64 * 64],
            nodes: 0,
            limits: Limits::nodes(1),
            stopped: false,
            bufs: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
        }
    }

    /// Forgets everything learnt (the table and the move history), as for a
    /// new game.
    pub fn clear(&mut self) {
        self.tt.iter_mut().for_each(|e| *e = TtEntry::default());
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches `pos` and returns the best move found within `limits`.
    pub fn search(&mut self, pos: &Position, limits: Limits) -> SearchResult {
        self.search_until(pos, limits, &|| false)
    }

    /// Searches `pos` within `limits`, and stops early once `should_stop`
    /// answers `true`; it is asked every 1024 nodes, so a caller's deadline
    /// is kept to about a millisecond. The best move of the last completed
    /// depth is returned, as when a limit is reached.
    pub fn search_until(
        &mut self,
        pos: &Position,
        limits: Limits,
        should_stop: &dyn Fn() -> bool,
    ) -> SearchResult {
        let mut p = pos.clone();
        self.limits = limits;
        self.nodes = 0;
        self.stopped = false;
        self.killers = [[0; 2]; MAX_PLY];
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let legal = p.legal_moves();
        let mut result = SearchResult {
            best: legal.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if legal.len() <= 1 {
            return result;
        }
        for depth in 1..=limits.max_depth.min(MAX_PLY as u32 - 8) {
            let score = self.negamax(&mut p, (depth as i32, 0, -INF, INF), should_stop);
            if self.stopped {
                break;
            }
            result.depth = depth;
            result.score = score;
            if let Some(m) = self.tt_move(p.hash())
                && legal.contains(&m)
            {
                result.best = Some(m);
            }
            if score.abs() > MATE - 1000 {
                break; // a forced mate was found; deeper search cannot improve it
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn tt_move(&self, key: u64) -> Option<Move> {
        let e = &self.tt[(key as usize) & (self.tt.len() - 1)];
        (e.key == key && e.flag != 0 && e.mv != 0).then(|| Move::from_raw(e.mv))
    }

    #[inline]
    fn check_limits(&mut self, should_stop: &dyn Fn() -> bool) {
        if self.nodes >= self.limits.max_nodes || (self.nodes & 1023 == 0 && should_stop()) {
            self.stopped = true;
        }
    }

    /// Principal-variation search of `p` to `depth` plies: the table's
    /// answer if it has one, a null-move cut, then the moves best-first with
    /// late quiet moves reduced; the result goes back into the table.
    fn negamax(
        &mut self,
        p: &mut Position,
        (depth, ply, mut alpha, beta): (i32, usize, i32, i32),
        stop: &dyn Fn() -> bool,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits(stop);
        if self.stopped {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(p, (ply, alpha, beta, 0), stop);
        }
        let key = p.hash();
        let (tt_mv, hit) = self.tt_probe(key, depth, ply, alpha, beta);
        if let Some(s) = hit {
            return s;
        }
        let in_check = p.in_check();
        if let Some(s) = self.null_move(p, depth, ply, beta, in_check, stop) {
            return s;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        p.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return if p.in_check() {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        let mut scores: Vec<i32> = moves
            .iter()
            .map(|&m| self.order_score(p, m, tt_mv, ply))
            .collect();
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_mv = 0u32;
        for i in 0..moves.len() {
            // selection sort step: the best remaining move first
            let mut bi = i;
            for j in i + 1..moves.len() {
                if scores[j] > scores[bi] {
                    bi = j;
                }
            }
            moves.swap(i, bi);
            scores.swap(i, bi);
            let mv = moves[i];
            let capture = p.occupied() >> mv.to() & 1 != 0;
            let u = p.make(mv);
            let score = self.search_move(p, (depth, ply, alpha, beta), i, capture, in_check, stop);
            p.unmake(mv, u);
            if self.stopped {
                self.bufs[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_mv = mv.raw();
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !capture {
                    self.note_cutoff(mv, ply, depth);
                }
                break;
            }
        }
        self.bufs[ply] = moves;
        self.tt_store(key, best_mv, best, (depth, ply, orig_alpha, beta));
        best
    }

    /// The table's move for `key` (0 when none) and, away from the root, its
    /// score when it is deep enough and its bound decides at `alpha`/`beta`.
    #[inline]
    fn tt_probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> (u32, Option<i32>) {
        let e = self.tt[(key as usize) & (self.tt.len() - 1)];
        if e.key != key || e.flag == 0 {
            return (0, None);
        }
        if ply > 0 && e.depth as i32 >= depth {
            let s = from_tt(e.score, ply);
            match e.flag {
                1 => return (e.mv, Some(s)),
                2 if s >= beta => return (e.mv, Some(s)),
                3 if s <= alpha => return (e.mv, Some(s)),
                _ => {}
            }
        }
        (e.mv, None)
    }

    /// Null move: if passing still fails high, a real move will too. Not in
    /// check, and not with only volkhv and ratniks on top, where zugzwang is
    /// real. The score to return, or `None` to search the moves.
    #[inline]
    fn null_move(
        &mut self,
        p: &mut Position,
        depth: i32,
        ply: usize,
        beta: i32,
        in_check: bool,
        stop: &dyn Fn() -> bool,
    ) -> Option<i32> {
        let us = p.side as usize;
        let pieces = p.colors[us] & !(p.kinds[V] | p.kinds[P]);
        if ply > 0
            && !in_check
            && depth >= 3
            && pieces != 0
            && beta < MATE - 1000
            && evaluate(p) >= beta
        {
            let u = p.make_null();
            let s = -self.negamax(p, (depth - 3, ply + 1, -beta, -beta + 1), stop);
            p.unmake_null(u);
            if self.stopped {
                return Some(0);
            }
            if s >= beta {
                return Some(s);
            }
        }
        None
    }

    /// The score of the move just made, the `i`-th in order at a node of
    /// `(depth, ply, alpha, beta)`: the first with the full window, the others
    /// with a null window (late quiet moves one ply shallower) and again with
    /// the full one when they beat `alpha`. A check is extended by a ply.
    #[inline]
    fn search_move(
        &mut self,
        p: &mut Position,
        (depth, ply, alpha, beta): (i32, usize, i32, i32),
        i: usize,
        capture: bool,
        in_check: bool,
        stop: &dyn Fn() -> bool,
    ) -> i32 {
        let ext = if in_check { 1 } else { 0 };
        if i == 0 {
            return -self.negamax(p, (depth - 1 + ext, ply + 1, -beta, -alpha), stop);
        }
        // late quiet moves are searched one ply shallower first
        let r = if depth >= 3 && i >= 4 && !capture && !in_check {
            1
        } else {
            0
        };
        let mut score = -self.negamax(p, (depth - 1 - r + ext, ply + 1, -alpha - 1, -alpha), stop);
        if score > alpha && (r > 0 || score < beta) && !self.stopped {
            score = -self.negamax(p, (depth - 1 + ext, ply + 1, -beta, -alpha), stop);
        }
        score
    }

    /// A quiet move that cut off: a killer at this ply, and history credit.
    #[inline]
    fn note_cutoff(&mut self, mv: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != mv.raw() {
            k[1] = k[0];
            k[0] = mv.raw();
        }
        self.history[(mv.from() as usize) * 64 + mv.to() as usize] += depth * depth;
    }

    /// Stores a node's result, its bound judged against the window it was
    /// searched with.
    #[inline]
    fn tt_store(
        &mut self,
        key: u64,
        mv: u32,
        best: i32,
        (depth, ply, alpha, beta): (i32, usize, i32, i32),
    ) {
        let flag = if best <= alpha {
            3
        } else if best >= beta {
            2
        } else {
            1
        };
        let idx = (key as usize) & (self.tt.len() - 1);
        self.tt[idx] = TtEntry {
            key,
            mv,
            score: to_tt(best, ply),
            depth: depth.min(127) as i8,
            flag,
        };
    }

    fn order_score(&self, p: &Position, m: Move, tt_mv: u32, ply: usize) -> i32 {
        if m.raw() == tt_mv {
            return 10_000_000;
        }
        let to = m.to();
        let mover = p.top_id(m.from());
        let mv_val = VAL[p.eff_kind(mover)];
        let h = p.height(m.from()) as i32;
        // whole towers first among equals: splits are many and mostly worse
        let whole = if m.count() as i32 == h {
            5
        } else {
            -(h - m.count() as i32)
        };
        let t = p.top_id(to);
        if t != NONE && color_of(t) != color_of(mover) {
            let victim = stack_value(p, to);
            return 1_000_000 + victim * 8 - mv_val / 16 + whole;
        }
        if m.kind() == MoveKind::EnPassant {
            return 1_000_000 + 800;
        }
        if self.killers[ply][0] == m.raw() {
            return 900_000;
        }
        if self.killers[ply][1] == m.raw() {
            return 899_000;
        }
        self.history[(m.from() as usize) * 64 + to as usize].min(800_000) + whole
    }

    fn quiesce(
        &mut self,
        p: &mut Position,
        (ply, mut alpha, beta, qd): (usize, i32, i32, u32),
        stop: &dyn Fn() -> bool,
    ) -> i32 {
        self.nodes += 1;
        self.check_limits(stop);
        if self.stopped {
            return 0;
        }
        // Stalemate and mate must be seen at the horizon too: against a weak
        // opponent the engine otherwise stalemates a lost side (§3.4: a draw).
        if qd == 0 && !p.has_legal_move() {
            return if p.in_check() {
                -(MATE - ply as i32)
            } else {
                0
            };
        }
        let stand = evaluate(p);
        if stand >= beta {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        if qd >= 6 || ply >= MAX_PLY - 1 {
            return stand;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        moves.clear();
        p.pseudo_moves(&mut moves);
        let us = p.side as usize;
        // captures only, and only whole-tower or top-man lifts: the other
        // splits rarely change a capture sequence and would multiply the tree
        moves.retain(|m| {
            let t = p.top_id(m.to());
            t != NONE
                && color_of(t) != us
                && (m.count() == 1 || m.count() as usize == p.height(m.from()))
        });
        let mut scored: Vec<(i32, Move)> =
            moves.iter().map(|&m| (stack_value(p, m.to()), m)).collect();
        scored.sort_by_key(|x| std::cmp::Reverse(x.0));
        let ksq = p.volkhv_sq(us);
        let checkers = p.attackers(ksq, us ^ 1, p.occupied());
        for &(_, mv) in &scored {
            if !p.is_legal(mv, ksq, checkers) {
                continue;
            }
            let u = p.make(mv);
            let s = -self.quiesce(p, (ply + 1, -beta, -alpha, qd + 1), stop);
            p.unmake(mv, u);
            if self.stopped {
                break;
            }
            if s > alpha {
                alpha = s;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.bufs[ply] = moves;
        alpha
    }
}

fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE - 1000 {
        s + ply as i32
    } else if s < -(MATE - 1000) {
        s - ply as i32
    } else {
        s
    }
}
fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE - 1000 {
        s - ply as i32
    } else if s < -(MATE - 1000) {
        s + ply as i32
    } else {
        s
    }
}

/// What capturing the stack on `sq` takes from its controller.
fn stack_value(p: &Position, sq: u8) -> i32 {
    let top = p.top_id(sq);
    if top == NONE {
        return 0;
    }
    let c = color_of(top);
    let mut v = 0;
    let mut m = top;
    while m != NONE {
        if color_of(m) == c {
            v += VAL[p.eff_kind(m)];
        }
        m = p.below[m as usize];
    }
    v
}

/// The static evaluation in centipawns, from the side to move's view.
pub fn evaluate(p: &Position) -> i32 {
    let mut s = [0i32; 2];
    let occ = p.occupied();
    let mut bb = occ;
    let kzone = [KING[p.volkhv_sq(0) as usize], KING[p.volkhv_sq(1) as usize]];
    while bb != 0 {
        let sq = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        let top = p.top_id(sq);
        let c = color_of(top);
        let mut m = top;
        let mut h = 0;
        while m != NONE {
            let v = VAL[p.eff_kind(m)];
            if color_of(m) == c {
                s[c] += v;
            } else {
                s[color_of(m)] += v / 5;
            }
            h += 1;
            m = p.below[m as usize];
        }
        s[c] += 6 * (h - 1);
        let si = sq as usize;
        let kind = p.eff_kind(top);
        let att = match kind {
            V => 0,
            Q => rook_att(si, occ) | bishop_att(si, occ),
            R => rook_att(si, occ),
            B => bishop_att(si, occ),
            N => KNIGHT[si],
            H => rook_att(si, occ) | bishop_att(si, occ) | KNIGHT[si],
            _ => PAWN_ATT[c][si],
        };
        if kind == P {
            let adv = if c == 0 { sq / 8 } else { 7 - sq / 8 } as i32;
            s[c] += 4 * adv * adv / 2;
        } else if kind != V {
            s[c] += 3 * (att & !p.colors[c]).count_ones() as i32;
        }
        s[c] += 10 * (att & kzone[c ^ 1]).count_ones() as i32;
    }
    // a volkhv with few flight squares is in danger
    for (c, sc) in s.iter_mut().enumerate() {
        let ks = p.volkhv_sq(c) as usize;
        let free = (KING[ks] & !p.colors[c] & !p.kinds[V]).count_ones() as i32;
        *sc += 4 * free;
    }
    let w = s[0] - s[1];
    if p.side == 0 { w } else { -w }
}

impl Move {
    pub(crate) fn from_raw(r: u32) -> Move {
        Move::new(
            (r & 63) as u8,
            ((r >> 6) & 63) as u8,
            ((r >> 12) & 63) as u8,
            match (r >> 18) & 3 {
                0 => MoveKind::Normal,
                1 => MoveKind::DoubleStep,
                2 => MoveKind::EnPassant,
                _ => MoveKind::Castle,
            },
        )
    }
}

/// A small deterministic random source (xorshift64*), for the random mover
/// of the tests and for variety at low levels; no dependency needed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A source seeded with `seed`; the same seed gives the same numbers.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}
