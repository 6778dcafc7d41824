//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm
//! with dual variables, in O(n³) (after Galil, "Efficient algorithms for
//! finding maximum matching in graphs", 1986). Weights are `i128`, doubled
//! inside so that every dual variable stays an integer: the Dutch system's
//! weights are lexicographic and need the width.
//!
//! With `max_cardinality` the matching has the most edges a matching can
//! have, and among those the greatest weight.

use crate::wide::Weight;

const NONE: usize = usize::MAX;

/// The partner of each vertex in a maximum-weight matching of the graph on
/// `n` vertices with `edges` `(i, j, weight)`; `None` where unmatched.
/// Edges to a vertex past `n`, loops and repeated edges are ignored
/// (the first of the repeats is kept).
#[must_use]
pub fn max_weight_matching(
    n: usize,
    edges: &[(usize, usize, i128)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let edges: Vec<(usize, usize, i128)> = edges
        .iter()
        .map(|&(i, j, w)| (i, j, w.saturating_mul(2)))
        .collect();
    matching_of(n, &edges, max_cardinality)
}

/// As [`max_weight_matching`], for any weight type; the weights must be
/// even already (twice the weights meant), and leave a bit of headroom.
pub(crate) fn matching_of<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let mut seen = std::collections::HashSet::new();
    let edges: Vec<(usize, usize, W)> = edges
        .iter()
        .filter(|(i, j, _)| i != j && *i < n && *j < n)
        .filter(|(i, j, _)| seen.insert((*i.min(j), *i.max(j))))
        .copied()
        .collect();
    if n == 0 || edges.is_empty() {
        return vec![None; n];
    }
    let mut m = Matcher::new(n, edges, max_cardinality);
    m.solve();
    (0..n)
        .map(|v| (m.mate[v] != NONE).then(|| m.endpoint[m.mate[v]]))
        .collect()
}

struct Matcher<W: Weight> {
    n: usize,
    edges: Vec<(usize, usize, W)>,
    max_cardinality: bool,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<i8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    fn new(n: usize, edges: Vec<(usize, usize, W)>, max_cardinality: bool) -> Matcher<W> {
        let maxweight = edges
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or_default()
            .max(W::default());
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let nedge = edges.len();
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(W::default(), n));
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        Matcher {
            n,
            edges,
            max_cardinality,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; nedge],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - (w + w)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.blossomchilds[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: i8, p: usize) {
        let mut stack = vec![(w, t, p)];
        while let Some((w, t, p)) = stack.pop() {
            let b = self.inblossom[w];
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == 1 {
                let leaves = self.leaves_of(b);
                self.queue.extend(leaves);
            } else if t == 2 {
                let base = self.blossombase[b];
                let mb = self.mate[base];
                stack.push((self.endpoint[mb], 1, mb ^ 1));
            }
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::default();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        self.best_edges_of_new_blossom(b, &path);
    }

    fn best_edges_of_new_blossom(&mut self, b: usize, path: &[usize]) {
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(l) => vec![l],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|k| *k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn child_at(&self, b: usize, j: isize) -> usize {
        let len = self.blossomchilds[b].len() as isize;
        self.blossomchilds[b][j.rem_euclid(len) as usize]
    }

    fn endp_at(&self, b: usize, j: isize) -> usize {
        let len = self.blossomendps[b].len() as isize;
        self.blossomendps[b][j.rem_euclid(len) as usize]
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        for s in self.blossomchilds[b].clone() {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::default() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            self.relabel_expanded(b);
        }
        self.label[b] = -1;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn relabel_expanded(&mut self, b: usize) {
        let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
        let len = self.blossomchilds[b].len() as isize;
        let mut j = self.blossomchilds[b]
            .iter()
            .position(|c| *c == entrychild)
            .unwrap_or(0) as isize;
        let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let mut p = self.labelend[b];
        while j != 0 {
            let q = self.endpoint[p ^ 1];
            self.label[q] = 0;
            let e = self.endp_at(b, j - endptrick as isize) ^ endptrick ^ 1;
            let r = self.endpoint[e];
            self.label[r] = 0;
            self.assign_label(self.endpoint[p ^ 1], 2, p);
            let k = self.endp_at(b, j - endptrick as isize) / 2;
            self.allowedge[k] = true;
            j += jstep;
            p = self.endp_at(b, j - endptrick as isize) ^ endptrick;
            self.allowedge[p / 2] = true;
            j += jstep;
        }
        let bv = self.child_at(b, j);
        let q = self.endpoint[p ^ 1];
        self.label[q] = 2;
        self.label[bv] = 2;
        self.labelend[q] = p;
        self.labelend[bv] = p;
        self.bestedge[bv] = NONE;
        j += jstep;
        while self.child_at(b, j) != entrychild {
            let bv = self.child_at(b, j);
            if self.label[bv] == 1 {
                j += jstep;
                continue;
            }
            let leaves = self.leaves_of(bv);
            if let Some(&v) = leaves.iter().find(|v| self.label[**v] != 0) {
                self.label[v] = 0;
                let mb = self.mate[self.blossombase[bv]];
                let q = self.endpoint[mb];
                self.label[q] = 0;
                self.assign_label(v, 2, self.labelend[v]);
            }
            j += jstep;
        }
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|c| *c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.child_at(b, j);
            let p = self.endp_at(b, j - endptrick as isize) ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.child_at(b, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            let (a, c) = (self.endpoint[p], self.endpoint[p ^ 1]);
            self.mate[a] = p ^ 1;
            self.mate[c] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        for _ in 0..self.n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in self.n..2 * self.n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..self.n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            if !self.stage() {
                break;
            }
            for b in self.n..2 * self.n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::default()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// One stage: grows trees until an augmenting path is found (true) or
    /// the duals prove the matching optimal (false).
    fn stage(&mut self) -> bool {
        loop {
            if self.scan_queue() {
                return true;
            }
            match self.best_delta() {
                Delta::Done(delta) => {
                    self.apply_delta(delta);
                    return false;
                }
                Delta::Edge(delta, k, kind) => {
                    self.apply_delta(delta);
                    self.allowedge[k] = true;
                    let (mut i, mut j, _) = self.edges[k];
                    if kind == 2 && self.label[self.inblossom[i]] == 0 {
                        std::mem::swap(&mut i, &mut j);
                    }
                    self.queue.push(i);
                }
                Delta::Blossom(delta, b) => {
                    self.apply_delta(delta);
                    self.expand_blossom(b, false);
                }
            }
        }
    }

    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            for idx in 0..self.neighbend[v].len() {
                let p = self.neighbend[v][idx];
                let k = p / 2;
                let w = self.endpoint[p];
                if self.inblossom[v] == self.inblossom[w] {
                    continue;
                }
                let mut kslack = W::default();
                if !self.allowedge[k] {
                    kslack = self.slack(k);
                    if kslack <= W::default() {
                        self.allowedge[k] = true;
                    }
                }
                if self.allowedge[k] {
                    if self.label[self.inblossom[w]] == 0 {
                        self.assign_label(w, 2, p ^ 1);
                    } else if self.label[self.inblossom[w]] == 1 {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, k);
                        } else {
                            self.augment_matching(k);
                            return true;
                        }
                    } else if self.label[w] == 0 {
                        self.label[w] = 2;
                        self.labelend[w] = p ^ 1;
                    }
                } else if self.label[self.inblossom[w]] == 1 {
                    let b = self.inblossom[v];
                    if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                        self.bestedge[b] = k;
                    }
                } else if self.label[w] == 0
                    && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                {
                    self.bestedge[w] = k;
                }
            }
        }
        false
    }

    fn best_delta(&self) -> Delta<W> {
        let mut best: Option<Delta<W>> = None;
        let better = |d: W, best: &Option<Delta<W>>| best.as_ref().is_none_or(|b| d < b.value());
        if !self.max_cardinality {
            let d = self.dualvar[..self.n]
                .iter()
                .copied()
                .min()
                .unwrap_or_default();
            best = Some(Delta::Done(d));
        }
        for v in 0..self.n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.slack(self.bestedge[v]);
                if better(d, &best) {
                    best = Some(Delta::Edge(d, self.bestedge[v], 2));
                }
            }
        }
        for b in 0..2 * self.n {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.slack(self.bestedge[b]).half();
                if better(d, &best) {
                    best = Some(Delta::Edge(d, self.bestedge[b], 3));
                }
            }
        }
        for b in self.n..2 * self.n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && better(self.dualvar[b], &best)
            {
                best = Some(Delta::Blossom(self.dualvar[b], b));
            }
        }
        best.unwrap_or_else(|| {
            let d = self.dualvar[..self.n]
                .iter()
                .copied()
                .min()
                .unwrap_or_default();
            Delta::Done(d.max(W::default()))
        })
    }

    fn apply_delta(&mut self, delta: W) {
        for v in 0..self.n {
            match self.label[self.inblossom[v]] {
                1 => self.dualvar[v] = self.dualvar[v] - delta,
                2 => self.dualvar[v] = self.dualvar[v] + delta,
                _ => {}
            }
        }
        for b in self.n..2 * self.n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] = self.dualvar[b] + delta,
                    2 => self.dualvar[b] = self.dualvar[b] - delta,
                    _ => {}
                }
            }
        }
    }
}

enum Delta<W> {
    Done(W),
    Edge(W, usize, u8),
    Blossom(W, usize),
}

impl<W: Weight> Delta<W> {
    fn value(&self) -> W {
        match self {
            Delta::Done(d) | Delta::Edge(d, _, _) | Delta::Blossom(d, _) => *d,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The best (cardinality, weight) over every matching, by brute force.
    fn brute(n: usize, edges: &[(usize, usize, i128)], maxcard: bool) -> (usize, i128) {
        fn go(
            v: usize,
            used: &mut Vec<bool>,
            adj: &[Vec<(usize, i128)>],
            card: usize,
            w: i128,
            best: &mut Vec<(usize, i128)>,
        ) {
            if v == used.len() {
                best.push((card, w));
                return;
            }
            if used[v] {
                return go(v + 1, used, adj, card, w, best);
            }
            go(v + 1, used, adj, card, w, best);
            used[v] = true;
            for &(u, ew) in &adj[v] {
                if !used[u] {
                    used[u] = true;
                    go(v + 1, used, adj, card + 1, w + ew, best);
                    used[u] = false;
                }
            }
            used[v] = false;
        }
        let mut adj = vec![Vec::new(); n];
        for &(i, j, w) in edges {
            adj[i].push((j, w));
            adj[j].push((i, w));
        }
        let mut all = Vec::new();
        go(0, &mut vec![false; n], &adj, 0, 0, &mut all);
        if maxcard {
            all.into_iter().max().unwrap_or((0, 0))
        } else {
            let w = all.iter().map(|c| c.1).max().unwrap_or(0);
            (0, w)
        }
    }

    fn measure(n: usize, edges: &[(usize, usize, i128)], mate: &[Option<usize>]) -> (usize, i128) {
        let mut card = 0;
        let mut w = 0;
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = m {
                assert_eq!(mate[*u], Some(v), "the matching is symmetric");
                if v < *u {
                    card += 1;
                    w += edges
                        .iter()
                        .find(|(i, j, _)| (*i, *j) == (v, *u) || (*j, *i) == (v, *u))
                        .map(|e| e.2)
                        .unwrap();
                }
            }
        }
        let _ = n;
        (card, w)
    }

    #[test]
    fn small_known_graphs() {
        assert_eq!(
            max_weight_matching(2, &[(0, 1, 1)], false),
            vec![Some(1), Some(0)]
        );
        // A path a-b-c-d: the heavy middle loses to the two ends.
        let m = max_weight_matching(4, &[(0, 1, 5), (1, 2, 11), (2, 3, 5)], false);
        assert_eq!(m, vec![None, Some(2), Some(1), None]);
        let m = max_weight_matching(4, &[(0, 1, 5), (1, 2, 11), (2, 3, 5)], true);
        assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
        // A blossom: the triangle 1-2-3 with a pendant.
        let e = [(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)];
        let m = max_weight_matching(5, &e, false);
        assert_eq!(m, vec![None, Some(2), Some(1), Some(4), Some(3)]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_brute_force(
            n in 1usize..9,
            raw in proptest::collection::vec((0usize..9, 0usize..9, -5i128..40), 0..20),
            maxcard in any::<bool>(),
        ) {
            let mut seen = std::collections::HashSet::new();
            let edges: Vec<_> = raw.into_iter()
                .filter(|(i, j, _)| i != j && *i < n && *j < n)
                .filter(|(i, j, _)| seen.insert((*i.min(j), *i.max(j))))
                .collect();
            let mate = max_weight_matching(n, &edges, maxcard);
            let got = measure(n, &edges, &mate);
            let want = brute(n, &edges, maxcard);
            if maxcard {
                prop_assert_eq!(got, want);
            } else {
                prop_assert_eq!(got.1, want.1);
            }
        }
    }

    /// Weights of several 64-bit limbs, as the Dutch system's fields make
    /// them: each small number lands far up, so only exact wide arithmetic
    /// keeps the order; checked against every matching.
    #[test]
    fn wide_weights_agree_with_brute_force() {
        use crate::wide::Wide;
        let mut seed = 7u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..300 {
            let n = 2 + next(7) as usize;
            let mut edges = Vec::new();
            let mut small = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next(3) == 0 {
                        continue;
                    }
                    let (a, b, c) = (next(3) as i64, next(5) as i64, next(9) as i64);
                    let w = Wide::<3>::from_i64(1 + a).shl(150)
                        + Wide::from_i64(b).shl(70)
                        + Wide::from_i64(c);
                    edges.push((i, j, w + w));
                    // The same order in a small number: the fields fit.
                    small.push((i, j, i128::from(((1 + a) << 20) + (b << 10) + c)));
                }
            }
            let got = matching_of(n, &edges, false);
            let total: i128 = small
                .iter()
                .filter(|(i, j, _)| got[*i] == Some(*j))
                .map(|e| e.2)
                .sum();
            prop_assert_eq_plain(total, brute(n, &small, false).1);
        }
    }

    fn prop_assert_eq_plain(a: i128, b: i128) {
        assert_eq!(a, b, "the wide matching's weight");
    }
}
