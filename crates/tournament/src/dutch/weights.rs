//! The edge weights of one pairing bracket (FIDE Handbook C.04.3, the
//! quality criteria C.5–C.19, most important in the highest bits), laid
//! out as the FIDE-endorsed engine bbpPairings lays them out, so that
//! ties fall where that engine's fall. Each criterion is a field of bits
//! wide enough that its sum over a whole matching never spills into the
//! field above.

use super::{Entrant, Float};
use crate::wide::Wide;
use std::collections::HashMap;

/// What every weight of a bracket shares.
pub(super) struct Layout {
    /// The last bracket, or the collapsed one (C.4): the bye is placed here.
    pub special: bool,
    /// The next score group is the last.
    pub last_next: bool,
    /// Bits for a count of the bracket's resident players.
    pub pcb: u32,
    /// Bits for a count of the next score group's players.
    pub nsb: u32,
    /// Bits of a score-difference field.
    pub sds: u32,
    /// Where each score difference (in tenths) sits in such a field.
    pub shifts: HashMap<i32, u32>,
    /// The lowest score among the bracket and the next group.
    pub min_score: i32,
    /// Rounds played before this one.
    pub played: usize,
}

/// The number of bits that hold `x`.
pub(super) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

impl Layout {
    /// The layout of the bracket of `players` (entrants in pairing order):
    /// `[0, sgb)` moved down, `[sgb, nsgb)` resident, the rest the next
    /// score group.
    pub(super) fn new(
        players: &[&Entrant],
        sgb: usize,
        nsgb: usize,
        special: bool,
        last_next: bool,
        played: usize,
    ) -> Layout {
        let score = |i: usize| players[i].score.0;
        let min_score = players.last().map_or(0, |p| p.score.0);
        let mut diffs = Vec::new();
        for p in 0..nsgb {
            diffs.push(score(p) - min_score + 10);
            let first = sgb.max(p + 1);
            for o in first..nsgb {
                if o <= first || score(o) < score(o - 1) {
                    diffs.push(score(p) - score(o));
                }
            }
        }
        diffs.sort_unstable();
        let mut shifts = HashMap::new();
        let mut sds = 0;
        let mut i = 0;
        while i < diffs.len() {
            let j = (i..diffs.len())
                .find(|&j| diffs[j] != diffs[i])
                .unwrap_or(diffs.len());
            shifts.insert(diffs[i], sds);
            sds += bits(j - i);
            i = j;
        }
        Layout {
            special,
            last_next,
            pcb: bits(nsgb - sgb),
            nsb: bits(players.len() - nsgb),
            sds,
            shifts,
            min_score,
            played,
        }
    }

    /// The number of bits a weight takes, with room for the matching.
    pub(super) fn total_bits(&self, players: usize) -> u32 {
        let (p, s) = (self.pcb, self.sds);
        let mut t = 2 + p + s;
        if !self.special {
            t += if self.last_next {
                self.pcb.max(self.nsb) + 3
            } else {
                self.nsb
            } + s;
        }
        t += 4 * p;
        if self.played >= 1 {
            t += 2 * p + 2 * s;
        }
        if self.played >= 2 {
            t += 2 * p + 2 * s;
        }
        t + 3 * p + 1 + 2 + bits(players) + 8
    }

    /// The shift of a score difference's slot; every difference asked for
    /// was counted when the layout was made.
    fn at(&self, key: i32) -> u32 {
        self.shifts.get(&key).copied().unwrap_or(0)
    }

    /// The weight of pairing `h` (ranked higher) with `l`; zero where the
    /// absolute criteria forbid it (`allowed` false).
    #[allow(clippy::fn_params_excessive_bools)]
    pub(super) fn weight<const L: usize>(
        &self,
        h: &Entrant,
        l: &Entrant,
        h_in: bool,
        l_in: bool,
        allowed: bool,
    ) -> Wide<L> {
        let mut w = Acc::<L>(Wide::default());
        if !allowed {
            return w.0;
        }
        let elig = |e: &Entrant| i64::from(!e.bye_ok);
        // C.4 and C.2: the round must complete; the bye to one who may have it.
        if self.special {
            w.add(1 + elig(h) + elig(l));
        }
        // C.5: as many pairs as possible in the bracket.
        w.shift(self.pcb);
        w.add(i64::from(l_in));
        // C.6: the least score differences in the bracket.
        w.shift(self.sds);
        let (hs, ls) = (h.score.0, l.score.0);
        if l_in {
            w.pow(self.at(hs - self.min_score + 10), 1);
            w.pow(self.at(ls - self.min_score + 10), 1);
            w.pow(self.at(hs - ls), -1);
        }
        if !self.special {
            self.next_bracket(&mut w, h, l, h_in, l_in);
        }
        self.colours(&mut w, l, h, l_in);
        self.floats(&mut w, h, l, l_in);
        // Room for the order of S1 and S2 and the exchanges.
        w.shift(3 * self.pcb + 1);
        w.0
    }

    /// C.7 and C.8: the next bracket must be able to pair as well as it can.
    fn next_bracket<const L: usize>(
        &self,
        w: &mut Acc<L>,
        h: &Entrant,
        l: &Entrant,
        h_in: bool,
        l_in: bool,
    ) {
        let elig = |e: &Entrant| i64::from(!e.bye_ok);
        if self.last_next {
            w.shift(self.pcb.max(self.nsb) + 3);
            w.add(1 + elig(h) + elig(l));
        } else {
            w.shift(self.nsb);
            w.add(i64::from(!l_in));
        }
        w.shift(self.sds);
        if h_in {
            w.pow(self.at(h.score.0 - self.min_score + 10), 1);
        }
        if l_in {
            w.pow(self.at(l.score.0 - self.min_score + 10), 1);
        }
    }

    /// C.10–C.13 (FIDE Handbook C.04.3): absolute colour imbalances and
    /// repeated colours of topscorers, then colour preferences, then strong
    /// ones. `p` is the lower-ranked player.
    fn colours<const L: usize>(&self, w: &mut Acc<L>, p: &Entrant, o: &Entrant, mask: bool) {
        let same = p.pref == o.pref;
        w.shift(self.pcb);
        w.add(i64::from(
            mask && (!p.abs_imbalance() || !o.abs_imbalance() || !same),
        ));
        w.shift(self.pcb);
        let repeat_ok = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lower = if p.imbalance > o.imbalance { o } else { p };
            lower.repeated != p.pref.map(crate::model::Colour::opposite)
        };
        w.add(i64::from(
            mask && (!p.abs_pref() || !o.abs_pref() || !same || repeat_ok),
        ));
        w.shift(self.pcb);
        w.add(i64::from(
            mask && (p.pref.is_none() || o.pref.is_none() || !same),
        ));
        w.shift(self.pcb);
        let weak = |e: &Entrant| !e.strong && !e.abs_pref();
        w.add(i64::from(
            mask && (weak(p) || weak(o) || (p.abs_pref() && o.abs_pref()) || !same),
        ));
    }

    /// C.14–C.21: floats repeated from the last round and the one before,
    /// then the score differences they bring.
    fn floats<const L: usize>(&self, w: &mut Acc<L>, h: &Entrant, l: &Entrant, l_in: bool) {
        let (hs, ls) = (h.score.0, l.score.0);
        for back in [1, 2] {
            if self.played < back {
                continue;
            }
            w.shift(self.pcb);
            if l_in {
                w.add(i64::from(l.float(back) == Float::Down));
                w.add(i64::from(hs <= ls && h.float(back) == Float::Down));
            }
            w.shift(self.pcb);
            w.add(-i64::from(l_in && hs > ls && l.float(back) == Float::Up));
        }
        for back in [1, 2] {
            if self.played < back {
                continue;
            }
            w.shift(self.sds);
            if l_in {
                if l.float(back) == Float::Down {
                    w.pow(self.at(ls - self.min_score + 10), 1);
                }
                if h.float(back) == Float::Down {
                    w.pow(self.at(hs - self.min_score + 10), 1);
                    if hs > ls {
                        w.pow(self.at(hs - ls), -1);
                    }
                }
            }
            w.shift(self.sds);
            if l_in && l.float(back) == Float::Up && hs > ls {
                w.pow(self.at(hs - ls), -1);
            }
        }
    }
}

/// A weight being built, field by field.
struct Acc<const L: usize>(Wide<L>);

impl<const L: usize> Acc<L> {
    fn shift(&mut self, bits: u32) {
        self.0 = self.0.shl(bits);
    }
    fn add(&mut self, v: i64) {
        self.0 = self.0 + Wide::from_i64(v);
    }
    fn pow(&mut self, shift: u32, sign: i64) {
        let p = Wide::from_i64(1).shl(shift);
        self.0 = if sign < 0 { self.0 - p } else { self.0 + p };
    }
}
