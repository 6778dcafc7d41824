//! The round paired bracket by bracket (FIDE Handbook C.04.3, sections
//! A–D), as the FIDE-endorsed engine bbpPairings pairs it: each bracket
//! (its moved-down players, its residents, and the next score group for
//! the completion criteria) is one maximum-weight matching whose weights
//! are the quality criteria (see `weights`); then, with those criteria
//! kept optimal, the choices the rules leave to the order of the bracket
//! are made one at a time, by weights a little heavier on the preferred
//! choice: which moved-down players are paired (the highest first), their
//! opponents (the highest resident first), the fewest exchanges between
//! S1 and S2 and the smallest differences of the exchanged numbers
//! (C.04.3, D), and S1's opponents in S2's order (the transpositions).

use super::Entrant;
use super::validity::Completion;
use super::weights::Layout;
use crate::matching::matching_of;
use crate::wide::Wide;

/// The partner of each entrant (by index), `None` for the bye; `None`
/// overall when the absolute criteria leave no pairing.
pub(super) fn pair_round(es: &[Entrant], allowed: &dyn Fn(usize, usize) -> bool, played: usize) -> Option<Vec<Option<usize>>> {
    let n = es.len();
    let odd = n % 2 == 1;
    let mut completion = Completion::new(n + usize::from(odd), &|i, j| {
        if i == n || j == n {
            es[i.min(j)].bye_ok
        } else {
            allowed(i, j)
        }
    });
    if !completion.complete() {
        return None;
    }
    let mut mates: Vec<Option<usize>> = vec![None; n];
    let group_end = |from: usize| {
        (from..n)
            .find(|&i| es[i].score != es[from].score)
            .unwrap_or(n)
    };
    // `by_index`: the bracket's players (moved down, resident, next
    // group), as indices into `es`.
    let mut next = group_end(0);
    let mut by_index: Vec<usize> = (0..next).collect();
    let mut special = next == n;
    let mut sgb = 0;
    while by_index.len() > 1 || next < n {
        let nsgb = by_index.len();
        let group_start = next;
        if next < n {
            let end = if special { n } else { group_end(next) };
            by_index.extend(next..end);
            next = end;
        }
        let last_next = next == n;
        let players: Vec<&Entrant> = by_index.iter().map(|&i| &es[i]).collect();
        let layout = Layout::new(&players, sgb, nsgb, special, last_next, played);
        let need = layout.total_bits(by_index.len()).div_ceil(64) as usize;
        let ctx = Ctx {
            es,
            by_index: &by_index,
            allowed,
            layout: &layout,
            sgb,
            nsgb,
        };
        let (pairs, matched) = match need {
            0..=2 => ctx.run::<2>(&mut completion),
            3..=4 => ctx.run::<4>(&mut completion),
            5..=8 => ctx.run::<8>(&mut completion),
            9..=16 => ctx.run::<16>(&mut completion),
            17..=32 => ctx.run::<32>(&mut completion),
            _ => ctx.run::<64>(&mut completion),
        };
        if !special && !completion.complete() {
            // The pairs chosen leave the rest unpairable: this bracket is
            // the penultimate one (C.04.3, A.9), paired with all the rest.
            by_index.truncate(nsgb);
            next = group_start;
            special = true;
            continue;
        }
        special = next == n;
        let mut rest = Vec::new();
        sgb = 0;
        for (i, &v) in by_index.iter().enumerate() {
            if i < nsgb && matched[i] {
                mates[v] = Some(by_index[pairs[i]]);
            } else {
                rest.push(v);
                if i < nsgb {
                    sgb += 1;
                }
            }
        }
        by_index = rest;
    }
    let unpaired = mates.iter().filter(|m| m.is_none()).count();
    (unpaired == usize::from(odd)).then_some(mates)
}

/// One bracket being paired.
struct Ctx<'a> {
    es: &'a [Entrant],
    by_index: &'a [usize],
    allowed: &'a dyn Fn(usize, usize) -> bool,
    layout: &'a Layout,
    sgb: usize,
    nsgb: usize,
}

/// The weights of a bracket: the base weights of the criteria, and the
/// ones the matching is asked about now.
struct Graph<const L: usize> {
    base: Vec<Vec<Wide<L>>>,
    cur: Vec<Vec<Wide<L>>>,
    max: Wide<L>,
}

impl<const L: usize> Graph<L> {
    fn set(&mut self, i: usize, j: usize, w: Wide<L>) {
        self.cur[i][j] = w;
        self.cur[j][i] = w;
    }

    fn zero_base(&mut self, i: usize, j: usize) {
        self.base[i][j] = Wide::default();
        self.base[j][i] = Wide::default();
    }

    /// Each vertex's partner in a maximum-weight matching (itself when
    /// unmatched).
    fn compute(&self) -> Vec<usize> {
        let n = self.cur.len();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let w = self.cur[i][j];
                if !w.is_zero() {
                    edges.push((i, j, w + w));
                }
            }
        }
        matching_of(n, &edges, false)
            .into_iter()
            .enumerate()
            .map(|(i, m)| m.unwrap_or(i))
            .collect()
    }

    /// Only `a` and `b` together: the pair is decided.
    fn finalize(&mut self, a: usize, b: usize) {
        let n = self.cur.len();
        for v in 0..n {
            for x in [a, b] {
                if x != v {
                    self.set(x, v, Wide::default());
                }
            }
        }
        let m = self.max;
        self.set(a, b, m);
    }
}

/// The state of the remainder (the residents not paired with moved-down
/// players) while its exchanges are chosen.
struct Remainder {
    list: Vec<usize>,
    pairs: usize,
}

impl Ctx<'_> {
    fn in_bracket(&self, x: usize) -> bool {
        x >= self.sgb && x < self.nsgb
    }

    fn score(&self, i: usize) -> i32 {
        self.es[self.by_index[i]].score.0
    }

    fn graph<const L: usize>(&self) -> Graph<L> {
        let n = self.by_index.len();
        let mut base = vec![vec![Wide::<L>::default(); n]; n];
        for o in self.sgb..n {
            for p in 0..o {
                let (a, b) = (self.by_index[p], self.by_index[o]);
                let w = self.layout.weight::<L>(
                    &self.es[a],
                    &self.es[b],
                    p < self.nsgb,
                    o < self.nsgb,
                    (self.allowed)(a, b),
                );
                base[o][p] = w;
                base[p][o] = w;
            }
        }
        let bits_total = self.layout.total_bits(n).min(64 * L as u32 - 2);
        let max = Wide::<L>::from_i64(1).shl(bits_total - 1) - Wide::from_i64(1);
        Graph {
            cur: base.clone(),
            base,
            max,
        }
    }

    /// Pairs the bracket; returns each player's partner (by bracket index)
    /// and whether the player is paired in this bracket.
    fn run<const L: usize>(&self, completion: &mut Completion) -> (Vec<usize>, Vec<bool>) {
        let mut g = self.graph::<L>();
        let mut stable = g.compute();
        let mut matched = vec![false; self.by_index.len()];
        self.choose_moved_down(&mut g, &mut stable, &mut matched);
        self.pair_moved_down(&mut g, &mut stable, &mut matched, completion);
        let rem = self.remainder(&stable);
        self.set_exchange_weights(&mut g, &rem);
        stable = g.compute();
        let exchanges = rem.list[..rem.pairs]
            .iter()
            .filter(|&&p| stable[p] <= p || stable[p] >= self.nsgb)
            .count();
        self.exchange_from_s1(&mut g, &mut stable, &rem, exchanges);
        self.exchange_from_s2(&mut g, &mut stable, &rem, exchanges);
        self.fix_exchanges(&mut g, &stable, &rem);
        self.pair_s1(&mut g, &mut stable, &mut matched, &rem, completion);
        (stable, matched)
    }

    /// Which moved-down players are paired in the bracket: as many as the
    /// criteria allow, the highest first (C.04.3, the MDP selection).
    fn choose_moved_down<const L: usize>(
        &self,
        g: &mut Graph<L>,
        stable: &mut Vec<usize>,
        matched: &mut [bool],
    ) {
        let (sgb, nsgb) = (self.sgb, self.nsgb);
        let mut group_score = 0;
        let mut left = 0;
        let mut left_matched = 0;
        for p in 0..sgb {
            if p == 0 || self.score(p) < group_score {
                group_score = self.score(p);
                left = 0;
                left_matched = 0;
                for q in (p..sgb).take_while(|&q| self.score(q) >= group_score) {
                    left += 1;
                    if self.in_bracket(stable[q]) {
                        left_matched += 1;
                    }
                }
            }
            if left_matched == 0 {
                continue;
            }
            if left <= left_matched {
                matched[p] = true;
                continue;
            }
            left -= 1;
            if !self.in_bracket(stable[p]) {
                for o in sgb..nsgb {
                    let e = g.base[o][p];
                    if !e.is_zero() {
                        g.set(p, o, e + Wide::from_i64(1));
                    }
                }
                *stable = g.compute();
            }
            if self.in_bracket(stable[p]) {
                matched[p] = true;
                left_matched -= 1;
                let bump = Wide::from_i64((nsgb - sgb) as i64 + 1);
                for o in sgb..nsgb {
                    let e = g.base[o][p];
                    if !e.is_zero() {
                        g.set(p, o, e + bump);
                    }
                }
            }
        }
    }

    /// The opponents of the moved-down players paired: each the highest
    /// resident the criteria allow.
    fn pair_moved_down<const L: usize>(
        &self,
        g: &mut Graph<L>,
        stable: &mut Vec<usize>,
        matched: &mut [bool],
        completion: &mut Completion,
    ) {
        let (sgb, nsgb) = (self.sgb, self.nsgb);
        if (0..sgb).any(|p| matched[p]) {
            *stable = g.compute();
        }
        for p in 0..sgb {
            if !matched[p] {
                continue;
            }
            let first = (sgb..nsgb).find(|&o| !matched[o] && !g.base[o][p].is_zero());
            if first != Some(stable[p]) {
                let mut addend = self.by_index.len() as i64;
                for o in (sgb..nsgb).rev() {
                    if matched[o] {
                        continue;
                    }
                    let e = g.base[o][p];
                    if !e.is_zero() {
                        g.set(p, o, e + Wide::from_i64(addend));
                        addend += 1;
                    }
                }
                *stable = g.compute();
            }
            let m = stable[p];
            matched[m] = true;
            g.finalize(p, m);
            completion.fix(self.by_index[p], self.by_index[m]);
        }
    }

    fn remainder(&self, stable: &[usize]) -> Remainder {
        let mut list = Vec::new();
        let mut pairs = 0;
        for p in self.sgb..self.nsgb {
            if stable[p] < self.sgb {
                continue;
            }
            list.push(p);
            if stable[p] < p {
                pairs += 1;
            }
        }
        Remainder { list, pairs }
    }

    /// A remainder weight with the exchange preferences: pairs led from S1
    /// (the fewest exchanges), then the smallest numbers exchanged.
    fn exchange_weight<const L: usize>(
        &self,
        g: &Graph<L>,
        small: usize,
        large: usize,
        small_at: usize,
        pairs: usize,
    ) -> Wide<L> {
        let w = g.base[large][small];
        if w.is_zero() {
            return w;
        }
        let pcb = self.layout.pcb;
        let add = Wide::<L>::from_i64(i64::from(small_at < pairs)).shl(2 * pcb)
            - Wide::from_i64(small_at as i64);
        w + add.shl(1)
    }

    fn set_exchange_weights<const L: usize>(&self, g: &mut Graph<L>, rem: &Remainder) {
        for &o in &rem.list {
            for (at, &p) in rem.list.iter().enumerate() {
                if o <= p {
                    break;
                }
                let w = self.exchange_weight(g, p, o, at, rem.pairs);
                g.set(p, o, w);
            }
        }
    }

    /// Which of S1 go to S2: the lowest of S1 first, where the criteria allow.
    fn exchange_from_s1<const L: usize>(
        &self,
        g: &mut Graph<L>,
        stable: &mut Vec<usize>,
        rem: &Remainder,
        exchanges: usize,
    ) {
        let mut left = exchanges;
        let mut at = rem.pairs;
        while at > 0 && left > 0 {
            at -= 1;
            let p = rem.list[at];
            if stable[p] > p && stable[p] < self.nsgb {
                for &o in &rem.list[at + 1..] {
                    let w = self.exchange_weight(g, p, o, at, rem.pairs);
                    if !w.is_zero() {
                        g.set(p, o, w - Wide::from_i64(1));
                    }
                }
                *stable = g.compute();
            }
            let exchange = stable[p] <= p || stable[p] >= self.nsgb;
            left -= usize::from(exchange);
            for &o in &rem.list[at + 1..] {
                if exchange {
                    g.zero_base(o, p);
                }
                let w = self.exchange_weight(g, p, o, at, rem.pairs);
                g.set(p, o, w);
            }
        }
    }

    /// Which of S2 go to S1: the highest of S2 first, where the criteria
    /// allow.
    fn exchange_from_s2<const L: usize>(
        &self,
        g: &mut Graph<L>,
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
            let already = stable[p] > p && stable[p] < self.nsgb;
            if !already {
                for &o in &rem.list[at + 1..] {
                    let w = self.exchange_weight(g, p, o, at, rem.pairs);
                    if !w.is_zero() {
                        g.set(p, o, w + Wide::from_i64(1));
                    }
                }
                *stable = g.compute();
            }
            if stable[p] > p && stable[p] < self.nsgb {
                left -= 1;
                for &o in &rem.list[..at] {
                    g.zero_base(p, o);
                    g.set(o, p, Wide::default());
                }
                for o in self.nsgb..self.by_index.len() {
                    g.zero_base(o, p);
                    g.set(p, o, Wide::default());
                }
            }
            if !already {
                for &o in &rem.list[at + 1..] {
                    let w = self.exchange_weight(g, p, o, at, rem.pairs);
                    g.set(p, o, w);
                }
            }
        }
    }

    /// S1 and S2 decided: only pairs led by S1 into S2 remain.
    fn fix_exchanges<const L: usize>(&self, g: &mut Graph<L>, stable: &[usize], rem: &Remainder) {
        let nsgb = self.nsgb;
        for (at, &p) in rem.list.iter().enumerate() {
            for &o in &rem.list[at + 1..] {
                if stable[p] <= p || stable[p] >= nsgb || (stable[o] > o && stable[o] < nsgb) {
                    g.zero_base(o, p);
                }
                let w = g.base[o][p];
                g.set(p, o, w);
            }
        }
    }

    /// Each of S1 in order takes the first of S2 the criteria allow.
    fn pair_s1<const L: usize>(
        &self,
        g: &mut Graph<L>,
        stable: &mut Vec<usize>,
        matched: &mut [bool],
        rem: &Remainder,
        completion: &mut Completion,
    ) {
        for &p in &rem.list {
            if !(stable[p] > p && stable[p] < self.nsgb) {
                continue;
            }
            let first = rem
                .list
                .iter()
                .copied()
                .find(|&o| o > p && !matched[o] && !g.base[o][p].is_zero());
            if first != Some(stable[p]) {
                let mut addend = 0i64;
                for &o in rem.list.iter().rev() {
                    if o <= p || matched[o] {
                        continue;
                    }
                    let e = g.base[o][p];
                    if !e.is_zero() {
                        g.set(p, o, e + Wide::from_i64(addend));
                    }
                    addend += 1;
                }
                *stable = g.compute();
            }
            let m = stable[p];
            matched[p] = true;
            matched[m] = true;
            g.finalize(p, m);
            completion.fix(self.by_index[p], self.by_index[m]);
        }
    }
}
