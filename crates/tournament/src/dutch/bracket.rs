//! The round paired bracket by bracket (FIDE Handbook C.04.3, sections
//! A–D), as the FIDE-endorsed engine bbpPairings pairs it. One
//! maximum-weight matching spans the whole round, so that what a bracket
//! chooses always leaves the rest pairable (C.4); the weights of the
//! bracket being paired (its moved-down players, its residents and the
//! next score group) carry the quality criteria (see `weights`). With
//! those criteria kept optimal, the choices the rules leave to the order
//! of the bracket are then made one at a time, by weights a little heavier
//! on the preferred choice: which moved-down players are paired (the
//! highest first), their opponents (the highest resident first), the
//! fewest exchanges between S1 and S2 and the smallest numbers exchanged
//! (C.04.3, D), and S1's opponents in S2's order (the transpositions).

// The loops walk bracket positions that index several tables at once (the
// weights, the players, the matching), as the rules number the bracket.
#![allow(clippy::needless_range_loop)]

use super::Entrant;
use super::weights::Layout;
use crate::matching::matching_of;
use crate::wide::Wide;

/// The partner of each entrant (by index), `None` for the bye; `None`
/// overall when the absolute criteria leave no pairing.
pub(super) fn pair_round(
    es: &[Entrant],
    allowed: &dyn Fn(usize, usize) -> bool,
    played: usize,
) -> Option<Vec<Option<usize>>> {
    if es.is_empty() {
        return Some(Vec::new());
    }
    let layout = Layout::new(es, played);
    let need = layout.total_bits(es.len()).div_ceil(64) as usize;
    match need {
        0..=2 => Round::<2>::new(es, allowed, layout).pair(),
        3..=4 => Round::<4>::new(es, allowed, layout).pair(),
        5..=8 => Round::<8>::new(es, allowed, layout).pair(),
        9..=16 => Round::<16>::new(es, allowed, layout).pair(),
        17..=32 => Round::<32>::new(es, allowed, layout).pair(),
        _ => Round::<64>::new(es, allowed, layout).pair(),
    }
}

/// The round being paired: the players, the weights the matching is
/// asked about now, and what is decided.
#[derive(Clone)]
struct Round<'a, const L: usize> {
    es: &'a [Entrant],
    allowed: &'a dyn Fn(usize, usize) -> bool,
    layout: Layout,
    cur: Vec<Vec<Wide<L>>>,
    max: Wide<L>,
    matched: Vec<bool>,
    mates: Vec<Option<usize>>,
    /// Pairs decided (`finalize`): each only with its partner, so the
    /// matching need not look at them again.
    fixed: Vec<Option<usize>>,
}

/// One bracket: `by_index` lists its players as entrant indices (moved
/// down `[0, sgb)`, resident `[sgb, nsgb)`, the next score group after);
/// `base` their weights by bracket index. Residents are the entrants
/// `[first, next_first)`.
struct Bracket {
    by_index: Vec<usize>,
    sgb: usize,
    nsgb: usize,
    first: usize,
    next_first: usize,
}

/// The residents not paired with moved-down players (bracket indices),
/// and how many pairs they make among themselves.
struct Remainder {
    list: Vec<usize>,
    pairs: usize,
}

type Base<const L: usize> = Vec<Vec<Wide<L>>>;

/// Preferences below every criterion: `bits` more low bits for every
/// weight, and for some edges (entrant indices) a value at a shift there.
#[derive(Default)]
struct Extra {
    bits: u32,
    edges: Vec<((usize, usize), (u32, u64))>,
}

/// How `compute_with` packs weights: the live fields, then the extra bits.
struct Packing<'a> {
    segs: &'a [(u32, u32)],
    bits: u32,
    edges: std::collections::HashMap<(usize, usize), (u32, u64)>,
}

impl<'a, const L: usize> Round<'a, L> {
    fn new(es: &'a [Entrant], allowed: &'a dyn Fn(usize, usize) -> bool, layout: Layout) -> Self {
        let n = es.len();
        let total = layout.total_bits(n).min(64 * L as u32 - 2);
        let max = Wide::<L>::from_i64(1).shl(total - 1) - Wide::from_i64(1);
        Round {
            es,
            allowed,
            layout,
            cur: vec![vec![Wide::default(); n]; n],
            max,
            matched: vec![false; n],
            mates: vec![None; n],
            fixed: vec![None; n],
        }
    }

    fn set(&mut self, i: usize, j: usize, w: Wide<L>) {
        self.cur[i][j] = w;
        self.cur[j][i] = w;
    }

    /// Each vertex's partner in a maximum-weight matching (itself when
    /// unmatched). Decided pairs keep their partner; the rest is matched,
    /// with the weights packed into as few limbs as their live fields need.
    fn compute(&self) -> Vec<usize> {
        self.compute_with(&Extra::default())
    }

    /// `compute`, with the weights of some edges raised by a preference
    /// below every criterion (see `Extra`).
    fn compute_with(&self, extra: &Extra) -> Vec<usize> {
        let n = self.cur.len();
        let open: Vec<usize> = (0..n).filter(|&v| self.fixed[v].is_none()).collect();
        let mut edges = Vec::new();
        let mut live = Wide::<L>::default();
        for (a, &i) in open.iter().enumerate() {
            for (b, &j) in open.iter().enumerate().skip(a + 1) {
                let w = self.cur[i][j];
                if !w.is_zero() {
                    live = live.or(w);
                    edges.push((a, b, w));
                }
            }
        }
        let (segs, bits) = self.live_segments(&live);
        let need = (bits + extra.bits + super::weights::bits(open.len()) + 6).div_ceil(64) as usize;
        let local_extra: Vec<((usize, usize), (u32, u64))> = extra
            .edges
            .iter()
            .filter_map(|&((x, y), v)| {
                let a = open.binary_search(&x).ok()?;
                let b = open.binary_search(&y).ok()?;
                Some(((a.min(b), a.max(b)), v))
            })
            .collect();
        let ex = Packing {
            segs: &segs,
            bits: extra.bits,
            edges: local_extra.into_iter().collect(),
        };
        let local = match need {
            0..=1 => Self::solve_packed::<1>(open.len(), &edges, &ex),
            2 => Self::solve_packed::<2>(open.len(), &edges, &ex),
            3..=4 => Self::solve_packed::<4>(open.len(), &edges, &ex),
            5..=8 => Self::solve_packed::<8>(open.len(), &edges, &ex),
            9..=16 => Self::solve_packed::<16>(open.len(), &edges, &ex),
            _ if extra.bits > 0 => Self::solve_packed::<64>(open.len(), &edges, &ex),
            _ => {
                let doubled: Vec<_> = edges.iter().map(|&(a, b, w)| (a, b, w + w)).collect();
                matching_of(open.len(), &doubled, false)
            }
        };
        #[cfg(debug_assertions)]
        if extra.bits == 0 {
            Self::check_packing(open.len(), &edges, &local);
        }
        let mut out: Vec<usize> = (0..n).map(|v| self.fixed[v].unwrap_or(v)).collect();
        for (a, m) in local.into_iter().enumerate() {
            if let Some(b) = m {
                out[open[a]] = open[b];
            }
        }
        out
    }

    /// Debug builds check the packing against the full weights: the packed
    /// matching must weigh as much as a matching of the weights unpacked.
    #[cfg(debug_assertions)]
    fn check_packing(n: usize, edges: &[(usize, usize, Wide<L>)], got: &[Option<usize>]) {
        let doubled: Vec<_> = edges.iter().map(|&(a, b, w)| (a, b, w + w)).collect();
        let full = matching_of(n, &doubled, false);
        let total = |m: &[Option<usize>]| {
            edges
                .iter()
                .filter(|(a, b, _)| m[*a] == Some(*b))
                .fold(Wide::<L>::default(), |t, e| t + e.2)
        };
        assert_eq!(
            total(got),
            total(&full),
            "the packed weights keep the order"
        );
    }

    /// The fields some weight uses (offset, width, most significant first,
    /// the top field included), and their total width.
    fn live_segments(&self, live: &Wide<L>) -> (Vec<(u32, u32)>, u32) {
        let mut segs = self.layout.segments();
        let top = segs.iter().map(|&(o, w)| o + w).max().unwrap_or(0);
        let highest = (0..64 * L as u32).rev().find(|&b| live.bits(b, 1) == 1);
        if let Some(h) = highest.filter(|&h| h >= top) {
            segs.push((top, h + 1 - top));
        }
        segs.retain(|&(o, w)| {
            let mut any = false;
            let mut at = o;
            while at < o + w {
                let chunk = (o + w - at).min(64);
                any |= live.bits(at, chunk) != 0;
                at += chunk;
            }
            any
        });
        segs.reverse();
        let bits = segs.iter().map(|&(_, w)| w).sum();
        (segs, bits)
    }

    /// The matching with each weight packed to the live fields (doubled, as
    /// the matching wants).
    fn solve_packed<const M: usize>(
        n: usize,
        edges: &[(usize, usize, Wide<L>)],
        ex: &Packing,
    ) -> Vec<Option<usize>> {
        let packed: Vec<(usize, usize, Wide<M>)> = edges
            .iter()
            .map(|&(a, b, w)| {
                let mut p = Wide::<M>::default();
                for &(o, width) in ex.segs {
                    let mut at = o + width;
                    while at > o {
                        let chunk = (at - o).min(63);
                        at -= chunk;
                        p = p.shl(chunk) + Wide::from_u64(w.bits(at, chunk));
                    }
                }
                if ex.bits > 0 {
                    p = p.shl(ex.bits);
                    if let Some(&(shift, v)) = ex.edges.get(&(a, b)) {
                        p = p + Wide::from_u64(v).shl(shift);
                    }
                }
                (a, b, p + p)
            })
            .collect();
        matching_of(n, &packed, false)
    }

    /// Only `a` and `b` together: the pair is decided.
    fn finalize(&mut self, a: usize, b: usize) {
        for v in 0..self.cur.len() {
            for x in [a, b] {
                if x != v {
                    self.set(x, v, Wide::default());
                }
            }
        }
        let m = self.max;
        self.set(a, b, m);
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
    }

    /// The whole-round weights before any bracket: in an odd field, first
    /// the bye's score and whether C.9 applies.
    fn start(&mut self) -> bool {
        let n = self.es.len();
        let es = self.es;
        if n % 2 == 1 {
            let top = es[0].score.0;
            for j in 0..n {
                for i in 0..j {
                    let ok = (self.allowed)(i, j);
                    let w = self.layout.bye_weight::<L>(&es[i], &es[j], top, ok);
                    self.set(i, j, w);
                }
            }
            let m = self.compute();
            if !self.complete(&m) {
                return false;
            }
            let Some(bye) = (0..n).find(|&i| m[i] == i) else {
                return false;
            };
            self.layout.bye_score = es[bye].score.0;
            self.layout.single = es[bye].score.0 >= top
                && (0..n)
                    .take_while(|&i| es[i].score.0 >= top)
                    .all(|i| es[m[i]].score.0 >= top);
            let mut counts: Vec<usize> = es
                .iter()
                .filter(|e| e.score.0 == self.layout.bye_score)
                .map(|e| e.played)
                .collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            for (rank, c) in counts.into_iter().enumerate() {
                self.layout
                    .unplayed_ranks
                    .insert(c, u32::try_from(rank).unwrap_or(u32::MAX));
            }
        }
        for j in 0..n {
            for i in 0..j {
                let ok = (self.allowed)(i, j);
                let w = self.layout.weight::<L>(&es[i], &es[j], false, false, ok);
                self.set(i, j, w);
            }
        }
        if n.is_multiple_of(2) {
            let allowed = self.allowed;
            return super::validity::Completion::new(n, &|i, j| allowed(i, j)).complete();
        }
        true
    }

    /// Everyone matched but at most one, who may have the bye.
    fn complete(&self, m: &[usize]) -> bool {
        let alone: Vec<usize> = (0..m.len()).filter(|&i| m[i] == i).collect();
        alone.len() <= 1 && alone.iter().all(|&i| self.es[i].bye_ok)
    }

    fn pair(mut self) -> Option<Vec<Option<usize>>> {
        if !self.start() {
            return None;
        }
        let es = self.es;
        let n = es.len();
        let mut next = (0..n).find(|&i| es[i].score != es[0].score).unwrap_or(n);
        let mut by_index: Vec<usize> = (0..next).collect();
        let (mut sgb, mut first) = (0, 0);
        while by_index.len() > 1 || next < n {
            let nsgb = by_index.len();
            let next_first = first + (nsgb - sgb);
            let group_start = next;
            while next < n && es[next].score >= es[group_start.min(n - 1)].score {
                by_index.push(next);
                next += 1;
            }
            let b = Bracket {
                by_index,
                sgb,
                nsgb,
                first,
                next_first,
            };
            let stable = self.pair_bracket(&b);
            // C.9 weighs in the next bracket while the bye can still go
            // to its score group or one above it, and nobody left over is
            // held for now by a player below that group.
            let next_score = es[group_start.min(n - 1)].score.0;
            self.layout.single =
                n % 2 == 1 && group_start < n && self.layout.bye_score >= next_score;
            let mut rest = Vec::new();
            sgb = 0;
            for (i, &v) in b.by_index.iter().enumerate() {
                if i < nsgb && self.matched[v] {
                    self.mates[v] = Some(stable[v]);
                    self.mates[stable[v]] = Some(v);
                } else {
                    rest.push(v);
                    if i < nsgb {
                        sgb += 1;
                    }
                    if es[stable[v]].score.0 < next_score {
                        self.layout.single = false;
                    }
                }
            }
            // Nothing paired and nobody left to join: the matching said
            // the round completes, so this cannot happen; never loop on it.
            let stuck = next == n && b.nsgb == b.by_index.len() && rest.len() == b.by_index.len();
            by_index = rest;
            first = next_first;
            if stuck {
                break;
            }
        }
        let unpaired = self.mates.iter().filter(|m| m.is_none()).count();
        (unpaired == n % 2).then_some(self.mates)
    }

    /// Pairs one bracket; returns the matching it ends with (by entrant).
    fn pair_bracket(&mut self, b: &Bracket) -> Vec<usize> {
        let mut base = self.base(b);
        let mut stable = self.compute();
        self.choose_moved_down(b, &base, &mut stable);
        self.pair_moved_down(b, &base, &mut stable);
        let rem = self.remainder(b, &stable);
        self.set_exchange_weights(b, &base, &rem);
        stable = self.compute();
        let v = |i: usize| b.by_index[i];
        let exchanges = rem.list[..rem.pairs]
            .iter()
            .filter(|&&p| stable[v(p)] <= v(p) || stable[v(p)] >= b.next_first)
            .count();
        self.exchange_from_s1(b, &mut base, &mut stable, &rem, exchanges);
        self.exchange_from_s2(b, &mut base, &mut stable, &rem, exchanges);
        self.fix_exchanges(b, &mut base, &stable, &rem);
        self.pair_s1(b, &base, &mut stable, &rem);
        stable
    }

    /// The pairs each of S1 would take in turn if nothing stood in the way
    /// (the first of S2 left that it may meet): when they weigh as much as
    /// the optimal matching, every choice of `pair_s1` is that one, so they
    /// are taken at once, without a matching for each player.
    fn greedy_s1(
        &mut self,
        b: &Bracket,
        base: &Base<L>,
        stable: &mut [usize],
        rem: &Remainder,
    ) -> bool {
        let lead = |x: usize| stable[x] > x && stable[x] < b.next_first;
        let mut taken = vec![false; b.by_index.len()];
        let mut pairs = Vec::new();
        for &p in &rem.list {
            let pv = b.by_index[p];
            if !lead(pv) {
                continue;
            }
            let Some(&o) = rem.list.iter().find(|&&o| {
                o > p && !taken[o] && !self.matched[b.by_index[o]] && !base[o][p].is_zero()
            }) else {
                return false;
            };
            taken[p] = true;
            taken[o] = true;
            pairs.push((pv, b.by_index[o]));
        }
        let mut involved: Vec<usize> = pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
        involved.sort_unstable();
        let inv = |v: usize| involved.binary_search(&v).is_ok();
        let mut gain = Wide::<L>::default();
        let mut loss = Wide::<L>::default();
        let mut seen = std::collections::HashSet::new();
        for &v in &involved {
            let m = stable[v];
            if m != v && seen.insert((v.min(m), v.max(m))) {
                loss = loss + self.cur[v][m];
            }
        }
        for &(x, y) in &pairs {
            gain = gain + self.cur[x][y];
        }
        if gain != loss {
            return false;
        }
        for &v in &involved {
            let m = stable[v];
            if !inv(m) {
                stable[m] = m;
            }
        }
        for &(x, y) in &pairs {
            stable[x] = y;
            stable[y] = x;
            self.matched[x] = true;
            self.matched[y] = true;
            self.finalize(x, y);
        }
        true
    }

    /// The choices of `pair_s1` in one matching: each of S1, in order, is
    /// given a preference for the earlier of its possible opponents, the
    /// first of S1's preference outweighing all the later ones', so the
    /// optimum takes the first player's first possible opponent, then the
    /// second's, and so on, as the matchings one player at a time would.
    fn ordered_s1(
        &mut self,
        b: &Bracket,
        base: &Base<L>,
        stable: &mut Vec<usize>,
        rem: &Remainder,
    ) -> bool {
        let leads: Vec<usize> = rem
            .list
            .iter()
            .copied()
            .filter(|&p| {
                let pv = b.by_index[p];
                stable[pv] > pv && stable[pv] < b.next_first
            })
            .collect();
        let width = super::weights::bits(rem.list.len() + 1);
        let Some(bits) = u32::try_from(leads.len())
            .ok()
            .and_then(|k| k.checked_mul(width))
        else {
            return false;
        };
        // The preferences and every field must fit the widest packing
        // (64 limbs); past that, one matching a player.
        if bits + self.layout.total_bits(self.es.len()) > 64 * 60 {
            return false;
        }
        let mut extra = Extra {
            bits,
            edges: Vec::new(),
        };
        for (k, &p) in leads.iter().enumerate() {
            let shift = width * (leads.len() - 1 - k) as u32;
            for (at, &o) in rem.list.iter().enumerate() {
                if o > p && !self.matched[b.by_index[o]] && !base[o][p].is_zero() {
                    let pref = (rem.list.len() - at) as u64;
                    extra
                        .edges
                        .push(((b.by_index[p], b.by_index[o]), (shift, pref)));
                }
            }
        }
        let m = self.compute_with(&extra);
        if leads.iter().any(|&p| {
            let pv = b.by_index[p];
            m[pv] == pv || self.matched[m[pv]]
        }) {
            return false;
        }
        *stable = m;
        for &p in &leads {
            let pv = b.by_index[p];
            let o = stable[pv];
            self.matched[pv] = true;
            self.matched[o] = true;
            self.finalize(pv, o);
        }
        true
    }

    /// The bracket's weights, also set in the matching.
    fn base(&mut self, b: &Bracket) -> Base<L> {
        let k = b.by_index.len();
        let mut base = vec![vec![Wide::<L>::default(); k]; k];
        for o in b.sgb..k {
            for p in 0..o {
                let (x, y) = (b.by_index[p], b.by_index[o]);
                let ok = (self.allowed)(x, y);
                let w =
                    self.layout
                        .weight::<L>(&self.es[x], &self.es[y], o < b.nsgb, o >= b.nsgb, ok);
                base[o][p] = w;
                base[p][o] = w;
                self.set(x, y, w);
            }
        }
        base
    }

    fn in_bracket(b: &Bracket, vertex: usize) -> bool {
        vertex >= b.first && vertex < b.next_first
    }

    fn score(&self, b: &Bracket, i: usize) -> i32 {
        self.es[b.by_index[i]].score.0
    }

    /// Which moved-down players are paired in the bracket: as many as the
    /// criteria allow, the highest first.
    fn choose_moved_down(&mut self, b: &Bracket, base: &Base<L>, stable: &mut Vec<usize>) {
        let (mut group, mut left, mut left_matched) = (0, 0, 0);
        for p in 0..b.sgb {
            if p == 0 || self.score(b, p) < group {
                group = self.score(b, p);
                left = 0;
                left_matched = 0;
                for q in (p..b.sgb).take_while(|&q| self.score(b, q) >= group) {
                    left += 1;
                    if Self::in_bracket(b, stable[b.by_index[q]]) {
                        left_matched += 1;
                    }
                }
            }
            if left_matched == 0 {
                continue;
            }
            let pv = b.by_index[p];
            if left <= left_matched {
                self.matched[pv] = true;
                continue;
            }
            left -= 1;
            if !Self::in_bracket(b, stable[pv]) {
                for o in b.sgb..b.nsgb {
                    let e = base[o][p];
                    if !e.is_zero() {
                        self.set(pv, b.by_index[o], e + Wide::from_i64(1));
                    }
                }
                *stable = self.compute();
            }
            if Self::in_bracket(b, stable[pv]) {
                self.matched[pv] = true;
                left_matched -= 1;
                let bump = Wide::from_i64((b.nsgb - b.sgb) as i64 + 1);
                for o in b.sgb..b.nsgb {
                    let e = base[o][p];
                    if !e.is_zero() {
                        self.set(pv, b.by_index[o], e + bump);
                    }
                }
            }
        }
    }

    /// The opponents of the moved-down players paired: each the highest
    /// resident the criteria allow.
    fn pair_moved_down(&mut self, b: &Bracket, base: &Base<L>, stable: &mut Vec<usize>) {
        for p in 0..b.sgb {
            let pv = b.by_index[p];
            if !self.matched[pv] {
                continue;
            }
            // The highest resident left is the one the weights below
            // would pick; if the optimal matching already pairs them, it
            // stays optimal with those weights.
            let best = (b.sgb..b.nsgb)
                .find(|&o| !self.matched[b.by_index[o]] && !base[o][p].is_zero())
                .map(|o| b.by_index[o]);
            if best.is_some() && best == Some(stable[pv]) {
                let m = stable[pv];
                self.matched[m] = true;
                self.finalize(pv, m);
                continue;
            }
            let mut addend = b.by_index.len() as i64;
            for o in (b.sgb..b.nsgb).rev() {
                let ov = b.by_index[o];
                if self.matched[ov] {
                    continue;
                }
                let e = base[o][p];
                if !e.is_zero() {
                    self.set(pv, ov, e + Wide::from_i64(addend));
                    addend += 1;
                }
            }
            *stable = self.compute();
            let m = stable[pv];
            self.matched[m] = true;
            self.finalize(pv, m);
        }
    }

    fn remainder(&self, b: &Bracket, stable: &[usize]) -> Remainder {
        let mut list = Vec::new();
        let mut pairs = 0;
        for p in b.sgb..b.nsgb {
            let pv = b.by_index[p];
            if stable[pv] < b.first {
                continue;
            }
            list.push(p);
            if stable[pv] < pv {
                pairs += 1;
            }
        }
        Remainder { list, pairs }
    }

    /// A remainder weight with the exchange preferences: pairs led from S1
    /// (the fewest exchanges), then the smallest numbers exchanged.
    fn exchange_weight(
        &self,
        base: &Base<L>,
        small: usize,
        large: usize,
        at: usize,
        pairs: usize,
    ) -> Wide<L> {
        let w = base[large][small];
        if w.is_zero() {
            return w;
        }
        let sgsb = self.layout.sgsb;
        let add =
            Wide::<L>::from_i64(i64::from(at < pairs)).shl(2 * sgsb) - Wide::from_i64(at as i64);
        w + add.shl(1)
    }

    fn set_exchange_weights(&mut self, b: &Bracket, base: &Base<L>, rem: &Remainder) {
        for &o in &rem.list {
            for (at, &p) in rem.list.iter().enumerate() {
                if o <= p {
                    break;
                }
                let w = self.exchange_weight(base, p, o, at, rem.pairs);
                self.set(b.by_index[p], b.by_index[o], w);
            }
        }
    }

    /// Which of S1 go to S2: the lowest of S1 first, where the criteria allow.
    fn exchange_from_s1(
        &mut self,
        b: &Bracket,
        base: &mut Base<L>,
        stable: &mut Vec<usize>,
        rem: &Remainder,
        exchanges: usize,
    ) {
        let mut left = exchanges;
        let mut at = rem.pairs;
        while at > 0 && left > 0 {
            at -= 1;
            let p = rem.list[at];
            let pv = b.by_index[p];
            if stable[pv] > pv && stable[pv] < b.next_first {
                for &o in &rem.list[at + 1..] {
                    let w = self.exchange_weight(base, p, o, at, rem.pairs);
                    if !w.is_zero() {
                        self.set(pv, b.by_index[o], w - Wide::from_i64(1));
                    }
                }
                *stable = self.compute();
            }
            let exchange = stable[pv] <= pv || stable[pv] >= b.next_first;
            left -= usize::from(exchange);
            for &o in &rem.list[at + 1..] {
                if exchange {
                    base[o][p] = Wide::default();
                    base[p][o] = Wide::default();
                }
                let w = self.exchange_weight(base, p, o, at, rem.pairs);
                self.set(pv, b.by_index[o], w);
            }
        }
    }

    /// Which of S2 go to S1: the highest of S2 first, where the criteria
    /// allow.
    fn exchange_from_s2(
        &mut self,
        b: &Bracket,
        base: &mut Base<L>,
        stable: &mut Vec<usize>,
        rem: &Remainder,
        exchanges: usize,
    ) {
        let mut left = exchanges;
        for at in rem.pairs..rem.list.len() {
            if left <= 1 {
                break;
            }
            let p = rem.list[at];
            let pv = b.by_index[p];
            let already = stable[pv] > pv && stable[pv] < b.next_first;
            if !already {
                for &o in &rem.list[at + 1..] {
                    let w = self.exchange_weight(base, p, o, at, rem.pairs);
                    if !w.is_zero() {
                        self.set(pv, b.by_index[o], w + Wide::from_i64(1));
                    }
                }
                *stable = self.compute();
            }
            if stable[pv] > pv && stable[pv] < b.next_first {
                left -= 1;
                for &o in &rem.list[..at] {
                    base[p][o] = Wide::default();
                    base[o][p] = Wide::default();
                    self.set(pv, b.by_index[o], Wide::default());
                }
                for o in b.nsgb..b.by_index.len() {
                    base[o][p] = Wide::default();
                    base[p][o] = Wide::default();
                    self.set(pv, b.by_index[o], Wide::default());
                }
            }
            if !already {
                for &o in &rem.list[at + 1..] {
                    let w = self.exchange_weight(base, p, o, at, rem.pairs);
                    self.set(pv, b.by_index[o], w);
                }
            }
        }
    }

    /// S1 and S2 decided: only pairs led by S1 into S2 remain.
    fn fix_exchanges(
        &mut self,
        b: &Bracket,
        base: &mut Base<L>,
        stable: &[usize],
        rem: &Remainder,
    ) {
        let lead = |x: usize| stable[x] > x && stable[x] < b.next_first;
        for (at, &p) in rem.list.iter().enumerate() {
            let pv = b.by_index[p];
            for &o in &rem.list[at + 1..] {
                let ov = b.by_index[o];
                if !lead(pv) || lead(ov) {
                    base[o][p] = Wide::default();
                    base[p][o] = Wide::default();
                }
                let w = base[o][p];
                self.set(pv, ov, w);
            }
        }
    }

    /// Each of S1 in order takes the first of S2 the criteria allow.
    fn pair_s1(&mut self, b: &Bracket, base: &Base<L>, stable: &mut Vec<usize>, rem: &Remainder) {
        if self.greedy_s1(b, base, stable, rem) {
            return;
        }
        #[cfg(debug_assertions)]
        let check = {
            // Debug builds pair S1 one player at a time as well, and the
            // two must agree.
            let mut other = self.clone();
            let mut st = stable.clone();
            other.pair_s1_one_by_one(b, base, &mut st, rem);
            other.mates_of(&rem.list, b, &st)
        };
        if self.ordered_s1(b, base, stable, rem) {
            #[cfg(debug_assertions)]
            assert_eq!(
                self.mates_of(&rem.list, b, stable),
                check,
                "S1 in one matching"
            );
            return;
        }
        self.pair_s1_one_by_one(b, base, stable, rem);
    }

    /// The partners of the remainder's players.
    #[cfg(debug_assertions)]
    fn mates_of(&self, list: &[usize], b: &Bracket, stable: &[usize]) -> Vec<Option<usize>> {
        // Only the pairs the bracket keeps: a player left over may be
        // matched to anyone in the next bracket for now (a tie of weights
        // that the next bracket settles).
        list.iter()
            .map(|&p| Some(stable[b.by_index[p]]).filter(|_| self.matched[b.by_index[p]]))
            .collect()
    }

    /// `pair_s1`, a matching for each of S1 in turn.
    fn pair_s1_one_by_one(
        &mut self,
        b: &Bracket,
        base: &Base<L>,
        stable: &mut Vec<usize>,
        rem: &Remainder,
    ) {
        for &p in &rem.list {
            let pv = b.by_index[p];
            if !(stable[pv] > pv && stable[pv] < b.next_first) {
                continue;
            }
            // As for the moved-down players: the first of S2 left, if the
            // optimal matching already gives it to `p`.
            let best = rem
                .list
                .iter()
                .find(|&&o| o > p && !self.matched[b.by_index[o]] && !base[o][p].is_zero())
                .map(|&o| b.by_index[o]);
            if best.is_some() && best == Some(stable[pv]) {
                let m = stable[pv];
                self.matched[pv] = true;
                self.matched[m] = true;
                self.finalize(pv, m);
                continue;
            }
            let mut addend = 0i64;
            for &o in rem.list.iter().rev() {
                let ov = b.by_index[o];
                if o <= p || self.matched[ov] {
                    continue;
                }
                let e = base[o][p];
                if !e.is_zero() {
                    self.set(pv, ov, e + Wide::from_i64(addend));
                }
                addend += 1;
            }
            *stable = self.compute();
            let m = stable[pv];
            self.matched[pv] = true;
            self.matched[m] = true;
            self.finalize(pv, m);
        }
    }
}
