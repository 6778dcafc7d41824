//! Whether an even field can be paired at all (C.04.3, the absolute
//! criteria C.1–C.3): a perfect matching in the graph of the pairs they
//! allow. Edmonds' blossom algorithm, unweighted: far cheaper than the
//! weighted matching, which the pairing then needs only for its choices.

const NONE: usize = usize::MAX;

/// The graph of allowed pairs and a maximum matching of what is left.
pub(super) struct Completion {
    adj: Vec<Vec<bool>>,
    gone: Vec<bool>,
    mate: Vec<usize>,
}

impl Completion {
    /// The graph on `n` vertices, `allowed(i, j)` telling the edges.
    pub(super) fn new(n: usize, allowed: &dyn Fn(usize, usize) -> bool) -> Completion {
        let adj = (0..n)
            .map(|i| (0..n).map(|j| i != j && allowed(i, j)).collect())
            .collect();
        Completion {
            adj,
            gone: vec![false; n],
            mate: vec![NONE; n],
        }
    }

    /// Whether every vertex left can be matched.
    pub(super) fn complete(&mut self) -> bool {
        let n = self.adj.len();
        for v in 0..n {
            if self.gone[v] || self.mate[v] != NONE {
                continue;
            }
            // A greedy partner first, then an augmenting path.
            if let Some(w) = (0..n).find(|&w| self.free(w) && self.adj[v][w] && w != v) {
                self.mate[v] = w;
                self.mate[w] = v;
                continue;
            }
            if !self.augment(v) {
                return false;
            }
        }
        true
    }

    fn free(&self, v: usize) -> bool {
        !self.gone[v] && self.mate[v] == NONE
    }

    /// Edmonds' search for an augmenting path from `root`.
    fn augment(&mut self, root: usize) -> bool {
        let n = self.adj.len();
        let mut parent = vec![NONE; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut used = vec![false; n];
        let mut queue = vec![root];
        used[root] = true;
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for to in 0..n {
                if self.gone[to] || !self.adj[v][to] || base[v] == base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && parent[self.mate[to]] != NONE) {
                    let cur = self.lca(&base, &parent, v, to);
                    let mut blossom = vec![false; n];
                    self.mark_path(&mut base, &mut blossom, &mut parent, v, cur, to);
                    self.mark_path(&mut base, &mut blossom, &mut parent, to, cur, v);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = cur;
                            if !used[i] {
                                used[i] = true;
                                queue.push(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if self.mate[to] == NONE {
                        self.flip(&parent, to);
                        return true;
                    }
                    let m = self.mate[to];
                    used[m] = true;
                    queue.push(m);
                }
            }
        }
        false
    }

    fn lca(&self, base: &[usize], parent: &[usize], mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; base.len()];
        loop {
            a = base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = parent[self.mate[a]];
        }
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = parent[self.mate[b]];
        }
    }

    fn mark_path(
        &self,
        base: &mut [usize],
        blossom: &mut [bool],
        parent: &mut [usize],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[self.mate[v]]] = true;
            parent[v] = child;
            child = self.mate[v];
            v = parent[self.mate[v]];
        }
    }

    fn flip(&mut self, parent: &[usize], mut v: usize) {
        while v != NONE {
            let pv = parent[v];
            let ppv = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = ppv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_cycles_and_removals() {
        // A triangle with a tail: 0-1, 1-2, 2-0, 2-3.
        let e =
            |i: usize, j: usize| matches!((i.min(j), i.max(j)), (0, 1) | (1, 2) | (0, 2) | (2, 3));
        assert!(Completion::new(4, &e).complete());
        // A star: 0 with each of 1, 2, 3 only.
        let star = |i: usize, j: usize| i.min(j) == 0;
        assert!(!Completion::new(4, &star).complete());
        // Two triangles joined by one edge: 0-1-2, 3-4-5, 2-3.
        let two = |i: usize, j: usize| {
            let (a, b) = (i.min(j), i.max(j));
            (b < 3 || a >= 3) || (a, b) == (2, 3)
        };
        assert!(Completion::new(6, &two).complete());
        let apart = |i: usize, j: usize| (i < 3) == (j < 3);
        assert!(!Completion::new(6, &apart).complete());
    }
}
