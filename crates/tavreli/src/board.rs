//! The Tavreli board: men, stacks, bitboards, make/unmake and move generation.
//!
//! Every man keeps its identity for the whole game (tavreli-rules.md §1: a ratnik's
//! promotion piece is fixed by where it started, so men are never
//! interchangeable). The 32 men have fixed ids: 0–7 are White's back-rank men
//! a1…h1, 8–15 White's ratniks a2…h2, 16–31 the same for Black. A stack is a
//! linked list through `below[man]`, and `top[square]` names the man in
//! control. The *top layer* (what can move and attack, §3.3) is mirrored in
//! bitboards so move generation and attack tests never walk a stack; only a
//! move that lifts `k` men walks `k` links.
//!
//! Position identity for hashing uses the fact that a configuration of stacks
//! is fully described by, for every man, either "the man below me" or, for a
//! bottom man, "my square". A move changes exactly one of these relations
//! (that of the lowest lifted man), so the Zobrist hash is updated in O(1).

use arbiter_rules::Side;

/// The kinds of men (tavreli-rules.md §2). Discriminants index [`Position`]'s bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Волхв (king).
    Volkhv = 0,
    /// Князь (queen).
    Knyaz = 1,
    /// Ратоборец (rook).
    Ratoborets = 2,
    /// Лучник (bishop).
    Luchnik = 3,
    /// Всадник (knight).
    Vsadnik = 4,
    /// Ратник (pawn).
    Ratnik = 5,
    /// Хелги (queen + knight), only as the promoted e-file ratnik.
    Helgi = 6,
}

impl Kind {
    /// Every kind, in the order of the discriminants.
    pub const ALL: [Kind; 7] = [
        Kind::Volkhv,
        Kind::Knyaz,
        Kind::Ratoborets,
        Kind::Luchnik,
        Kind::Vsadnik,
        Kind::Ratnik,
        Kind::Helgi,
    ];
    /// The kind whose discriminant is `i`.
    ///
    /// # Panics
    ///
    /// When `i` is 7 or more (not a kind).
    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }
}

pub(crate) const V: usize = 0;
pub(crate) const Q: usize = 1;
pub(crate) const R: usize = 2;
pub(crate) const B: usize = 3;
pub(crate) const N: usize = 4;
pub(crate) const P: usize = 5;
pub(crate) const H: usize = 6;

pub(crate) const NONE: u8 = 255;
pub(crate) const NO_SQ: u8 = 64;

/// Base kind of man id `m & 15`.
pub(crate) const BASE: [u8; 16] = [
    R as u8, N as u8, B as u8, Q as u8, V as u8, B as u8, N as u8, R as u8, P as u8, P as u8,
    P as u8, P as u8, P as u8, P as u8, P as u8, P as u8,
];
/// Promotion mark of ratnik id `m & 15` (index 8..16): the man that stood
/// behind it, and the helgi for the e-file (tavreli-rules.md §1).
pub(crate) const MARK: [u8; 16] = [
    R as u8, N as u8, B as u8, Q as u8, V as u8, B as u8, N as u8, R as u8, R as u8, N as u8,
    B as u8, Q as u8, H as u8, B as u8, N as u8, R as u8,
];
/// Men whose `moved` flag matters to the rules: volkhvs and original
/// ratoborets (castling, §3.1, §8 Q5) and ratniks (double step, §8 Q9).
/// Other men's flags are not kept, so equal positions stay equal.
pub(crate) const TRACKED: u32 = 0xff91_ff91;

/// Information about one man, for display, speech and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ManInfo {
    /// The man's owner (a prisoner keeps its owner).
    pub side: Side,
    /// What the man moves as now (a promoted ratnik reports its piece).
    pub kind: Kind,
    /// For ratniks, the piece it promotes to.
    pub mark: Option<Kind>,
    /// A ratnik that has promoted and now moves as its mark (§3.3); it turns
    /// back into a ratnik when captured or covered.
    pub promoted: bool,
    /// Only meaningful for volkhvs, original ratoborets and ratniks.
    pub moved: bool,
    /// The man's fixed identity 0..32 (see the module docs).
    pub id: u8,
}

impl ManInfo {
    /// The man is a ratnik, promoted or not (it has a promotion mark).
    pub fn is_ratnik(&self) -> bool {
        self.mark.is_some()
    }
}

/// What kind of move a [`Move`] is, for the rules that treat moves apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// Any move not below: a step, a slide, a leap, a capture or stacking.
    Normal = 0,
    /// A ratnik's first move of two squares (§2, §8 Q1).
    DoubleStep = 1,
    /// A ratnik's capture en passant (§3.2).
    EnPassant = 2,
    /// Castling (§3.1); `from`/`to` are the volkhv's squares.
    Castle = 3,
}

/// A move: from, to, how many men are lifted from the top, and its kind.
/// For castling `from`/`to` are the volkhv's squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    pub(crate) const fn new(from: u8, to: u8, count: u8, kind: MoveKind) -> Move {
        Move(from as u32 | (to as u32) << 6 | (count as u32) << 12 | (kind as u32) << 18)
    }
    /// The origin square, 0 = a1 … 63 = h8 (rank × 8 + file).
    #[inline]
    pub fn from(self) -> u8 {
        (self.0 & 63) as u8
    }
    /// The destination square, 0 = a1 … 63 = h8.
    #[inline]
    pub fn to(self) -> u8 {
        ((self.0 >> 6) & 63) as u8
    }
    /// Number of men lifted from the top of the `from` stack.
    #[inline]
    pub fn count(self) -> u8 {
        ((self.0 >> 12) & 63) as u8
    }
    /// What kind of move this is.
    #[inline]
    pub fn kind(self) -> MoveKind {
        match (self.0 >> 18) & 3 {
            0 => MoveKind::Normal,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castle,
        }
    }
    /// The move packed in a `u32`, as the search's tables keep it. Not a
    /// stable format across versions.
    pub fn raw(self) -> u32 {
        self.0
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}({})-{}{}",
            square_name(self.from()),
            self.count(),
            square_name(self.to()),
            match self.kind() {
                MoveKind::Normal => "",
                MoveKind::DoubleStep => " dbl",
                MoveKind::EnPassant => " ep",
                MoveKind::Castle => " castle",
            }
        )
    }
}

/// The name of a square index (`0` → `a1`, `63` → `h8`); `-` for an index
/// off the board.
pub fn square_name(sq: u8) -> String {
    if sq >= 64 {
        return "-".into();
    }
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

/// What the legality tests of the moves from one position share: the
/// volkhv's square, the enemy men attacking it and, when none does, our
/// men pinned to it (`None`: not computed, every such move is played out).
struct Guard {
    ksq: u8,
    checkers: u64,
    pinned: Option<u64>,
}

/// What `make` must remember so `unmake` restores the position exactly.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    ep: u8,
    halfmove: u32,
    promoted: u32,
    moved: u32,
    hash: u64,
}

// ---------------------------------------------------------------- tables

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(crate) struct Zobrist {
    sq: [[u64; 64]; 32],
    below: [[u64; 32]; 32],
    prom: [u64; 32],
    moved: [u64; 32],
    ep: [u64; 8],
    side: u64,
}

const fn make_zobrist() -> Zobrist {
    let mut s = 0x7a76_7265_6c69_u64;
    let mut z = Zobrist {
        sq: [[0; 64]; 32],
        below: [[0; 32]; 32],
        prom: [0; 32],
        moved: [0; 32],
        ep: [0; 8],
        side: 0,
    };
    let mut m = 0;
    while m < 32 {
        let mut i = 0;
        while i < 64 {
            z.sq[m][i] = splitmix(&mut s);
            i += 1;
        }
        let mut j = 0;
        while j < 32 {
            z.below[m][j] = splitmix(&mut s);
            j += 1;
        }
        z.prom[m] = splitmix(&mut s);
        z.moved[m] = splitmix(&mut s);
        m += 1;
    }
    let mut f = 0;
    while f < 8 {
        z.ep[f] = splitmix(&mut s);
        f += 1;
    }
    z.side = splitmix(&mut s);
    z
}

pub(crate) static ZOB: Zobrist = make_zobrist();

const fn leaper(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let mut i = 0;
        while i < deltas.len() {
            let nf = f + deltas[i].0;
            let nr = r + deltas[i].1;
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

pub(crate) static KNIGHT: [u64; 64] = leaper(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
pub(crate) static KING: [u64; 64] = leaper(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
/// `PAWN_ATT[side][sq]`: squares a ratnik of `side` on `sq` attacks.
pub(crate) static PAWN_ATT: [[u64; 64]; 2] =
    [leaper(&[(1, 1), (-1, 1)]), leaper(&[(1, -1), (-1, -1)])];

/// Directions: N, E, NE, NW (increasing index) then S, W, SW, SE (decreasing).
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

const fn make_rays() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut f = (sq % 8) as i32 + DIRS[d].0;
            let mut r = (sq / 8) as i32 + DIRS[d].1;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[d][sq] |= 1u64 << (r * 8 + f);
                f += DIRS[d].0;
                r += DIRS[d].1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}
static RAYS: [[u64; 64]; 8] = make_rays();

const fn make_aligned() -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t[sq] |= RAYS_C[d][sq];
            d += 1;
        }
        sq += 1;
    }
    t
}
const RAYS_C: [[u64; 64]; 8] = make_rays();
/// Squares on a rank, file or diagonal through the square.
static ALIGNED: [u64; 64] = make_aligned();

#[inline(always)]
fn ray(d: usize, sq: usize, occ: u64) -> u64 {
    let r = RAYS[d][sq];
    let b = r & occ;
    if b == 0 {
        return r;
    }
    let s = if d < 4 {
        b.trailing_zeros()
    } else {
        63 - b.leading_zeros()
    } as usize;
    r ^ RAYS[d][s]
}

/// Ratoborets lines: sliders stop on the first occupied square (§3 point 6).
#[inline(always)]
pub(crate) fn rook_att(sq: usize, occ: u64) -> u64 {
    ray(0, sq, occ) | ray(1, sq, occ) | ray(4, sq, occ) | ray(5, sq, occ)
}
#[inline(always)]
pub(crate) fn bishop_att(sq: usize, occ: u64) -> u64 {
    ray(2, sq, occ) | ray(3, sq, occ) | ray(6, sq, occ) | ray(7, sq, occ)
}

#[inline(always)]
fn bit(sq: u8) -> u64 {
    1u64 << sq
}

// ---------------------------------------------------------------- position

/// A Tavreli position. Cloning is cheap (~500 bytes, no heap).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) below: [u8; 32],
    pub(crate) top: [u8; 64],
    pub(crate) height: [u8; 64],
    pub(crate) occ: u64,
    pub(crate) colors: [u64; 2],
    /// Top men by the kind they move as (a promoted ratnik under its mark).
    pub(crate) kinds: [u64; 7],
    pub(crate) promoted: u32,
    pub(crate) moved: u32,
    pub(crate) side: u8,
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::initial()
    }
}

#[inline(always)]
pub(crate) fn color_of(m: u8) -> usize {
    (m >> 4) as usize
}

impl Position {
    pub(crate) fn empty() -> Position {
        Position {
            below: [NONE; 32],
            top: [NONE; 64],
            height: [0; 64],
            occ: 0,
            colors: [0; 2],
            kinds: [0; 7],
            promoted: 0,
            moved: 0,
            side: 0,
            ep: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The orthodox array (tavreli-rules.md §1).
    pub fn initial() -> Position {
        let mut p = Position::empty();
        for f in 0..8u8 {
            p.push_man(f, f);
            p.push_man(8 + f, 8 + f);
            p.push_man(56 + f, 16 + f);
            p.push_man(48 + f, 24 + f);
        }
        p.refresh();
        p
    }

    /// Puts man `m` on top of `sq` (position building; call `refresh` after).
    pub(crate) fn push_man(&mut self, sq: u8, m: u8) {
        self.below[m as usize] = self.top[sq as usize];
        self.top[sq as usize] = m;
        self.height[sq as usize] += 1;
    }

    /// Recomputes bitboards and the hash from the stacks.
    pub(crate) fn refresh(&mut self) {
        self.occ = 0;
        self.colors = [0; 2];
        self.kinds = [0; 7];
        for sq in 0..64u8 {
            if self.top[sq as usize] != NONE {
                self.set_bits(sq);
            }
        }
        self.hash = self.compute_hash();
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..64u8 {
            let mut m = self.top[sq as usize];
            while m != NONE {
                let b = self.below[m as usize];
                h ^= rel_key(m, sq, b);
                m = b;
            }
        }
        for m in 0..32 {
            if self.promoted >> m & 1 != 0 {
                h ^= ZOB.prom[m];
            }
            if self.moved >> m & 1 != 0 {
                h ^= ZOB.moved[m];
            }
        }
        if self.ep != NO_SQ {
            h ^= ZOB.ep[(self.ep & 7) as usize];
        }
        if self.side == 1 {
            h ^= ZOB.side;
        }
        h
    }

    /// The Zobrist hash of the position (every stack, the side to move,
    /// castling and double-step rights, en passant), kept up to date by
    /// [`Position::make`] and [`Position::unmake`].
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        if self.side == 0 {
            Side::White
        } else {
            Side::Black
        }
    }
    /// The move number, from 1, counted up after Black's move (as in FEN).
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// Half-moves since the last move that reset the 50-move count (§8 Q15).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The square passed by a double step on the last move, if any.
    pub fn ep_square(&self) -> Option<u8> {
        (self.ep != NO_SQ).then_some(self.ep)
    }
    /// How many men stand on `sq` (0 for an empty square).
    ///
    /// # Panics
    ///
    /// When `sq` is 64 or more.
    pub fn height(&self, sq: u8) -> usize {
        self.height[sq as usize] as usize
    }
    /// The occupied squares as a bitboard (bit `sq` set when a stack stands there).
    pub fn occupied(&self) -> u64 {
        self.occ
    }

    #[inline(always)]
    pub(crate) fn eff_kind(&self, m: u8) -> usize {
        let b = BASE[(m & 15) as usize] as usize;
        if b == P && self.promoted >> m & 1 != 0 {
            MARK[(m & 15) as usize] as usize
        } else {
            b
        }
    }

    pub(crate) fn info(&self, m: u8) -> ManInfo {
        let ratnik = BASE[(m & 15) as usize] as usize == P;
        ManInfo {
            side: if m < 16 { Side::White } else { Side::Black },
            kind: Kind::from_index(self.eff_kind(m)),
            mark: ratnik.then(|| Kind::from_index(MARK[(m & 15) as usize] as usize)),
            promoted: self.promoted >> m & 1 != 0,
            moved: self.moved >> m & 1 != 0,
            id: m,
        }
    }

    /// The stack on `sq`, bottom first.
    pub fn stack(&self, sq: u8) -> Vec<ManInfo> {
        let mut v = Vec::new();
        let mut m = self.top[sq as usize];
        while m != NONE {
            v.push(self.info(m));
            m = self.below[m as usize];
        }
        v.reverse();
        v
    }

    /// The man in control of `sq`, if any.
    pub fn top_man(&self, sq: u8) -> Option<ManInfo> {
        let m = self.top[sq as usize];
        (m != NONE).then(|| self.info(m))
    }

    /// Square of `side`'s volkhv (always the top of its stack, §2).
    #[inline(always)]
    pub(crate) fn volkhv_sq(&self, side: usize) -> u8 {
        (self.kinds[V] & self.colors[side]).trailing_zeros() as u8
    }

    /// The square of `side`'s volkhv, `None` if `side` has none on the board.
    pub fn volkhv_square(&self, side: Side) -> Option<u8> {
        let b = self.kinds[V] & self.colors[side.index()];
        (b != 0).then(|| b.trailing_zeros() as u8)
    }

    #[inline(always)]
    fn clear_bits(&mut self, sq: u8) {
        let nb = !bit(sq);
        self.occ &= nb;
        self.colors[0] &= nb;
        self.colors[1] &= nb;
        for k in &mut self.kinds {
            *k &= nb;
        }
    }

    #[inline(always)]
    fn set_bits(&mut self, sq: u8) {
        let m = self.top[sq as usize];
        if m != NONE {
            let b = bit(sq);
            self.occ |= b;
            self.colors[color_of(m)] |= b;
            let k = self.eff_kind(m);
            self.kinds[k] |= b;
        }
    }

    /// Men of `by` attacking `sq`, given occupancy `occ` (§3.4, §8 Q11:
    /// only top men attack; ratniks attack diagonally forward even onto
    /// empty squares).
    #[inline(always)]
    pub(crate) fn attackers(&self, sq: u8, by: usize, occ: u64) -> u64 {
        let s = sq as usize;
        let k = &self.kinds;
        ((KNIGHT[s] & (k[N] | k[H]))
            | (KING[s] & k[V])
            | (PAWN_ATT[by ^ 1][s] & k[P])
            | (rook_att(s, occ) & (k[R] | k[Q] | k[H]))
            | (bishop_att(s, occ) & (k[B] | k[Q] | k[H])))
            & self.colors[by]
    }

    /// Whether a man of `by` could move onto `sq` (ignoring that nothing may
    /// be placed on a volkhv): the attack relation of §3.4.
    pub fn is_attacked(&self, sq: u8, by: Side) -> bool {
        self.attackers(sq, by.index(), self.occ) != 0
    }

    /// The side to move's volkhv is attacked (§3.4).
    pub fn in_check(&self) -> bool {
        let us = self.side as usize;
        let k = self.kinds[V] & self.colors[us];
        k != 0 && self.attackers(k.trailing_zeros() as u8, us ^ 1, self.occ) != 0
    }

    #[inline(always)]
    fn maybe_promote(&mut self, sq: u8) {
        let m = self.top[sq as usize];
        if m == NONE || self.promoted >> m & 1 != 0 || BASE[(m & 15) as usize] as usize != P {
            return;
        }
        let last = if m < 16 { 7 } else { 0 };
        if sq / 8 == last {
            self.promoted |= 1 << m;
            self.hash ^= ZOB.prom[m as usize];
        }
    }

    /// Lifts the top `k` men of `from` onto `to`, applying demotion on `to`
    /// (§3.3: any man placed on a promoted ratnik demotes it) and the state
    /// rule of promotion on both squares (§3.3, §8 Q6).
    #[inline(always)]
    fn move_group(&mut self, from: u8, to: u8, k: u8) {
        self.clear_bits(from);
        self.clear_bits(to);
        let gtop = self.top[from as usize];
        let mut gb = gtop;
        let mut mask = 1u32 << gtop;
        for _ in 1..k {
            gb = self.below[gb as usize];
            mask |= 1 << gb;
        }
        let rest = self.below[gb as usize];
        let dst = self.top[to as usize];
        self.hash ^= rel_key(gb, from, rest) ^ rel_key(gb, to, dst);
        if dst != NONE && self.promoted >> dst & 1 != 0 {
            self.promoted &= !(1 << dst);
            self.hash ^= ZOB.prom[dst as usize];
        }
        self.below[gb as usize] = dst;
        self.top[to as usize] = gtop;
        self.top[from as usize] = rest;
        self.height[from as usize] -= k;
        self.height[to as usize] += k;
        let mut newly = mask & TRACKED & !self.moved;
        self.moved |= newly;
        while newly != 0 {
            let m = newly.trailing_zeros() as usize;
            newly &= newly - 1;
            self.hash ^= ZOB.moved[m];
        }
        self.maybe_promote(from);
        self.maybe_promote(to);
        self.set_bits(from);
        self.set_bits(to);
    }

    /// Reverse of `move_group` for the stacks only (flags come from `Undo`).
    #[inline(always)]
    fn unmove_group(&mut self, from: u8, to: u8, k: u8) {
        self.clear_bits(from);
        self.clear_bits(to);
        let gtop = self.top[to as usize];
        let mut gb = gtop;
        for _ in 1..k {
            gb = self.below[gb as usize];
        }
        let dst = self.below[gb as usize];
        self.below[gb as usize] = self.top[from as usize];
        self.top[from as usize] = gtop;
        self.top[to as usize] = dst;
        self.height[from as usize] += k;
        self.height[to as usize] -= k;
        self.set_bits(from);
        self.set_bits(to);
    }

    /// Plays a pseudo-legal move incrementally.
    pub fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            ep: self.ep,
            halfmove: self.halfmove,
            promoted: self.promoted,
            moved: self.moved,
            hash: self.hash,
        };
        let (from, to, k) = (mv.from(), mv.to(), mv.count());
        if self.ep != NO_SQ {
            self.hash ^= ZOB.ep[(self.ep & 7) as usize];
            self.ep = NO_SQ;
        }
        let mover = self.top[from as usize];
        let zeroing = self.occ & bit(to) != 0
            || (BASE[(mover & 15) as usize] as usize == P && self.promoted >> mover & 1 == 0);
        match mv.kind() {
            MoveKind::Normal => self.move_group(from, to, k),
            MoveKind::DoubleStep => {
                self.move_group(from, to, k);
                self.ep = (from + to) / 2;
                self.hash ^= ZOB.ep[(self.ep & 7) as usize];
            }
            MoveKind::EnPassant => {
                // §3.2, §8 Q10: only the ratnik that double-stepped is taken
                // back to the passed square; the capturer climbs onto it.
                let victim = if self.side == 0 { to - 8 } else { to + 8 };
                self.move_group(victim, to, 1);
                self.move_group(from, to, k);
            }
            MoveKind::Castle => {
                let (rf, rt) = castle_rook(to);
                self.move_group(from, to, 1);
                self.move_group(rf, rt, 1);
            }
        }
        self.halfmove = if zeroing { 0 } else { self.halfmove + 1 };
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.hash ^= ZOB.side;
        undo
    }

    /// Passes the move (for null-move pruning in the search only: passing
    /// is not a Tavreli move, §8 Q4).
    pub(crate) fn make_null(&mut self) -> Undo {
        let undo = Undo {
            ep: self.ep,
            halfmove: self.halfmove,
            promoted: self.promoted,
            moved: self.moved,
            hash: self.hash,
        };
        if self.ep != NO_SQ {
            self.hash ^= ZOB.ep[(self.ep & 7) as usize];
            self.ep = NO_SQ;
        }
        self.side ^= 1;
        self.hash ^= ZOB.side;
        undo
    }

    pub(crate) fn unmake_null(&mut self, u: Undo) {
        self.side ^= 1;
        self.ep = u.ep;
        self.hash = u.hash;
    }

    /// Takes back `mv`, the last move made, with the [`Undo`] its
    /// [`Position::make`] returned: the position is restored exactly.
    pub fn unmake(&mut self, mv: Move, u: Undo) {
        self.side ^= 1;
        if self.side == 1 {
            self.fullmove -= 1;
        }
        self.ep = u.ep;
        self.halfmove = u.halfmove;
        self.promoted = u.promoted;
        self.moved = u.moved;
        self.hash = u.hash;
        let (from, to, k) = (mv.from(), mv.to(), mv.count());
        match mv.kind() {
            MoveKind::Normal | MoveKind::DoubleStep => self.unmove_group(from, to, k),
            MoveKind::EnPassant => {
                let victim = if self.side == 0 { to - 8 } else { to + 8 };
                self.unmove_group(from, to, k);
                self.unmove_group(victim, to, 1);
            }
            MoveKind::Castle => {
                let (rf, rt) = castle_rook(to);
                self.unmove_group(rf, rt, 1);
                self.unmove_group(from, to, 1);
            }
        }
    }

    /// All pseudo-legal moves (legal except possibly leaving the own volkhv
    /// attacked), appended to `out`.
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let us = self.side as usize;
        let them = us ^ 1;
        let own = self.colors[us];
        // Nothing may be placed on a volkhv, own or enemy (§3 point 2).
        let land = !self.kinds[V];
        let occ = self.occ;
        let mut bb = own;
        while bb != 0 {
            let s = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            let m = self.top[s as usize];
            let h = self.height[s as usize];
            let si = s as usize;
            let targets = match self.eff_kind(m) {
                V => KING[si],
                Q => rook_att(si, occ) | bishop_att(si, occ),
                R => rook_att(si, occ),
                B => bishop_att(si, occ),
                N => KNIGHT[si],
                H => rook_att(si, occ) | bishop_att(si, occ) | KNIGHT[si],
                _ => {
                    self.ratnik_moves(s, m, h, out);
                    continue;
                }
            } & land;
            push_all(out, s, targets, h, MoveKind::Normal);
        }
        // Castling (§3.1, §8 Q5).
        let vk = (us * 16 + 4) as u8;
        if self.moved >> vk & 1 == 0 {
            let e = if us == 0 { 4u8 } else { 60 };
            if self.top[e as usize] == vk && self.height[e as usize] == 1 {
                for (rid, rsq, between, pass, dest) in [
                    (7u8, e + 3, [e + 1, e + 2, e + 2], e + 1, e + 2),
                    (0, e - 4, [e - 1, e - 2, e - 3], e - 1, e - 2),
                ] {
                    let rid = rid + 16 * us as u8;
                    if self.moved >> rid & 1 == 0
                        && self.top[rsq as usize] == rid
                        && self.height[rsq as usize] == 1
                        && between.iter().all(|&b| occ & bit(b) == 0)
                        && self.attackers(e, them, occ) == 0
                        && self.attackers(pass, them, occ) == 0
                        && self.attackers(dest, them, occ) == 0
                    {
                        out.push(Move::new(e, dest, 1, MoveKind::Castle));
                    }
                }
            }
        }
    }

    fn ratnik_moves(&self, s: u8, m: u8, h: u8, out: &mut Vec<Move>) {
        let us = self.side as usize;
        let own_land = (!self.occ) | (self.colors[us] & !self.kinds[V]);
        let rank = s / 8;
        let (fwd_ok, fwd, fwd2) = if us == 0 {
            (rank < 7, s.wrapping_add(8), s.wrapping_add(16))
        } else {
            (rank > 0, s.wrapping_sub(8), s.wrapping_sub(16))
        };
        if fwd_ok {
            // Straight only onto empty or own-topped squares (§2 ratnik).
            if own_land & bit(fwd) != 0 {
                push_all(out, s, bit(fwd), h, MoveKind::Normal);
            }
            // Double step: never moved, passed square empty (§8 Q1, Q9).
            if self.moved >> m & 1 == 0
                && self.occ & bit(fwd) == 0
                && fwd2 < 64
                && own_land & bit(fwd2) != 0
            {
                push_all(out, s, bit(fwd2), h, MoveKind::DoubleStep);
            }
        }
        let caps = PAWN_ATT[us][s as usize] & self.colors[us ^ 1] & !self.kinds[V];
        push_all(out, s, caps, h, MoveKind::Normal);
        if self.ep != NO_SQ && PAWN_ATT[us][s as usize] & bit(self.ep) != 0 {
            push_all(out, s, bit(self.ep), h, MoveKind::EnPassant);
        }
    }

    /// Whether a pseudo-legal move leaves the own volkhv safe. Cheap
    /// sufficient conditions first, then make/test/unmake.
    #[inline]
    pub(crate) fn is_legal(&mut self, mv: Move, ksq: u8, checkers: u64) -> bool {
        let guard = Guard {
            ksq,
            checkers,
            pinned: None,
        };
        self.is_legal_guarded(mv, &guard)
    }

    /// [`Position::is_legal`] with what the moves of one position share.
    /// Every shortcut answers exactly as make/test/unmake would; only the
    /// moves none of them settles are played out.
    #[inline]
    fn is_legal_guarded(&mut self, mv: Move, guard: &Guard) -> bool {
        let (from, to, k) = (mv.from(), mv.to(), mv.count());
        let us = self.side as usize;
        let ksq = guard.ksq;
        let h = self.height[from as usize];
        if from == ksq {
            if mv.kind() == MoveKind::Normal && k == h {
                // The volkhv leaves its square empty: the move is legal when
                // nothing of theirs attacks the square it lands on, with its
                // old square open (a man on `to` is covered and attacks nothing
                // there, and no line through `to` ends on `to`).
                return self.attackers(to, us ^ 1, self.occ & !bit(from)) == 0;
            }
        } else if guard.checkers == 0
            && matches!(mv.kind(), MoveKind::Normal | MoveKind::DoubleStep)
        {
            if k == h {
                // Vacating a square off every line through the volkhv cannot
                // expose it; landing only adds a blocker or covers an attacker.
                if ALIGNED[ksq as usize] & bit(from) == 0 {
                    return true;
                }
                if let Some(pinned) = guard.pinned {
                    // Only a man pinned to the volkhv exposes it by leaving,
                    // unless it stays on the line or takes the pinner.
                    return pinned & bit(from) == 0 || self.pin_line(ksq, from) & bit(to) != 0;
                }
            } else {
                // The square stays occupied; only a freed enemy man can hurt.
                let mut m = self.top[from as usize];
                for _ in 0..k {
                    m = self.below[m as usize];
                }
                if color_of(m) == us {
                    return true;
                }
            }
        }
        let u = self.make(mv);
        let ks = self.volkhv_sq(us);
        let ok = self.attackers(ks, us ^ 1, self.occ) == 0;
        self.unmake(mv, u);
        ok
    }

    /// The top men of the side to move that are the only men between its
    /// volkhv on `ksq` and an enemy line piece that would attack it along
    /// that line (§3.4: only top men attack, sliders stop on the first
    /// occupied square).
    fn pinned_to(&self, ksq: u8) -> u64 {
        let us = self.side as usize;
        let k = &self.kinds;
        let theirs = self.colors[us ^ 1];
        let straight = (k[R] | k[Q] | k[H]) & theirs;
        let diagonal = (k[B] | k[Q] | k[H]) & theirs;
        let sq = ksq as usize;
        if ALIGNED[sq] & (straight | diagonal) == 0 {
            return 0;
        }
        let mut pinned = 0;
        for (d, rays) in RAYS.iter().enumerate() {
            // Directions 0, 1, 4, 5 are the ratoborets' lines (see DIRS).
            let sliders = if matches!(d, 0 | 1 | 4 | 5) {
                straight
            } else {
                diagonal
            };
            if rays[sq] & sliders == 0 {
                continue;
            }
            let first = ray(d, sq, self.occ) & self.occ;
            if first & self.colors[us] == 0 {
                continue;
            }
            let open = self.occ & !first;
            if ray(d, sq, open) & open & sliders != 0 {
                pinned |= first;
            }
        }
        pinned
    }

    /// The squares from the volkhv on `ksq` to the pinner of the man on
    /// `from` (pinner included): where that man may go without exposing it.
    fn pin_line(&self, ksq: u8, from: u8) -> u64 {
        let sq = ksq as usize;
        (0..8)
            .find(|&d| RAYS[d][sq] & bit(from) != 0)
            .map_or(0, |d| ray(d, sq, self.occ & !bit(from)))
    }

    /// What the legality tests of the moves from this position share.
    fn guard(&self, ksq: u8) -> Guard {
        let us = self.side as usize;
        let checkers = self.attackers(ksq, us ^ 1, self.occ);
        Guard {
            ksq,
            checkers,
            pinned: (checkers == 0).then(|| self.pinned_to(ksq)),
        }
    }

    /// The legal moves, written into `out` (cleared first).
    pub fn legal_moves_into(&mut self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
        let us = self.side as usize;
        if self.kinds[V] & self.colors[us] == 0 {
            return; // a position without our volkhv: nothing to protect
        }
        let guard = self.guard(self.volkhv_sq(us));
        let mut i = 0;
        while i < out.len() {
            if self.is_legal_guarded(out[i], &guard) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Every legal move of the side to move (§2, §3). Takes `&mut self` to try
    /// each move; the position is unchanged on return.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// Whether the side to move has any legal move (stops at the first).
    pub fn has_legal_move(&mut self) -> bool {
        let mut v = Vec::with_capacity(64);
        self.pseudo_moves(&mut v);
        let us = self.side as usize;
        if self.kinds[V] & self.colors[us] == 0 {
            return !v.is_empty();
        }
        let guard = self.guard(self.volkhv_sq(us));
        v.into_iter().any(|m| self.is_legal_guarded(m, &guard))
    }

    /// Leaf count of the legal move tree (bulk-counted at the last ply).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_rec(depth, &mut bufs)
    }

    fn perft_rec(&mut self, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
        let (cur, rest) = bufs.split_first_mut().expect("buffer per ply");
        self.legal_moves_into(cur);
        if depth == 1 {
            return cur.len() as u64;
        }
        let mut n = 0;
        for &mv in cur.iter() {
            let u = self.make(mv);
            n += self.perft_rec(depth - 1, rest);
            self.unmake(mv, u);
        }
        n
    }

    pub(crate) fn top_id(&self, sq: u8) -> u8 {
        self.top[sq as usize]
    }
}

#[inline(always)]
fn rel_key(m: u8, sq: u8, below: u8) -> u64 {
    if below == NONE {
        ZOB.sq[m as usize][sq as usize]
    } else {
        ZOB.below[m as usize][below as usize]
    }
}

/// The ratoborets' squares for a castling whose volkhv lands on `to`.
fn castle_rook(to: u8) -> (u8, u8) {
    if to % 8 == 6 {
        (to + 1, to - 1)
    } else {
        (to - 2, to + 1)
    }
}

#[inline(always)]
fn push_all(out: &mut Vec<Move>, from: u8, mut targets: u64, h: u8, kind: MoveKind) {
    while targets != 0 {
        let t = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        for k in 1..=h {
            out.push(Move::new(from, t, k, kind));
        }
    }
}
