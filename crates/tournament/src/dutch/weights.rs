//! The edge weights of the Dutch system's matching (FIDE Handbook C.04.3,
//! the 2025 rules): the completion and bye criteria (C.2, C.4), then the
//! quality criteria of the bracket being paired (C.5–C.21), each a field
//! of bits, most important highest, laid out as the FIDE-endorsed engine
//! bbpPairings lays them out so that ties fall where that engine's fall.
//! Each field is wide enough that its sum over a whole matching never
//! spills into the field above.

use super::{Entrant, Float};
use crate::wide::Wide;
use std::collections::HashMap;

/// The number of bits that hold `x`.
pub(super) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// What every weight of the round shares.
#[derive(Clone)]
pub(super) struct Layout {
    /// Bits for a count of one score group's players.
    pub sgsb: u32,
    /// Bits of a field with a slot for each score group.
    pub sgs: u32,
    /// Where each score (in tenths) has its slot, the lowest at 0.
    pub shifts: HashMap<i32, u32>,
    /// The score of the player who gets the bye (0 in an even field).
    pub bye_score: i32,
    /// C.9 applies: the bye's score group is the bracket's and it has no
    /// other way down.
    pub single: bool,
    /// C.9: the rank of a number of games played among the players with
    /// the bye's score (more games, a lower rank).
    pub unplayed_ranks: HashMap<usize, u32>,
    /// Rounds played before this one.
    pub played: usize,
}

impl Layout {
    /// The layout of a round of `es` (in pairing order).
    pub(super) fn new(es: &[Entrant], played: usize) -> Layout {
        let mut shifts = HashMap::new();
        let mut sgs = 0;
        let mut widest = 0;
        let mut end = es.len();
        while end > 0 {
            let s = es[end - 1].score;
            let start = (0..end)
                .rev()
                .find(|&i| es[i].score != s)
                .map_or(0, |i| i + 1);
            shifts.insert(s.0, sgs);
            sgs += bits(end - start);
            widest = widest.max(end - start);
            end = start;
        }
        Layout {
            sgsb: bits(widest).max(1),
            sgs,
            shifts,
            bye_score: 0,
            single: false,
            unplayed_ranks: HashMap::new(),
            played,
        }
    }

    /// The number of bits a weight takes, with room for the matching's sums.
    pub(super) fn total_bits(&self, players: usize) -> u32 {
        let (b, s) = (self.sgsb, self.sgs);
        let mut t = 2 + b + s + b + s + 2 * b + 4 * b;
        if self.played >= 1 {
            t += 2 * b + 2 * s;
        }
        if self.played >= 2 {
            t += 2 * b + 2 * s;
        }
        t + 3 * b + 1 + 2 + bits(players) + 4
    }

    /// The fields of a weight as (offset, width) from the lowest bit, each
    /// score-slot field cut into its slots: a field or slot that is zero in
    /// every weight of a matching can be left out of the sums without
    /// changing their order, since every field is wide enough for its own
    /// sum. Everything above the last one is the top field.
    pub(super) fn segments(&self) -> Vec<(u32, u32)> {
        // Most significant first, as `weight` shifts them in.
        let mut fields: Vec<Field> = vec![
            Field::Plain(self.sgsb),
            Field::Slots,
            Field::Plain(self.sgsb),
            Field::Slots,
        ];
        fields.push(Field::Plain(2 * self.sgsb));
        fields.extend([Field::Plain(self.sgsb); 4]);
        for back in [1, 2] {
            if self.played >= back {
                fields.extend([Field::Plain(self.sgsb); 2]);
            }
        }
        for back in [1, 2] {
            if self.played >= back {
                fields.extend([Field::Slots, Field::Slots]);
            }
        }
        fields.push(Field::Plain(3 * self.sgsb + 1));
        let mut slots: Vec<(u32, u32)> = Vec::new();
        let mut starts: Vec<u32> = self.shifts.values().copied().collect();
        starts.sort_unstable();
        for (k, &st) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(self.sgs);
            slots.push((st, end - st));
        }
        let mut out = Vec::new();
        let mut offset = 0;
        for f in fields.iter().rev() {
            match f {
                Field::Plain(w) => {
                    out.push((offset, *w));
                    offset += w;
                }
                Field::Slots => {
                    out.extend(slots.iter().map(|&(st, w)| (offset + st, w)));
                    offset += self.sgs;
                }
            }
        }
        out.retain(|&(_, w)| w > 0);
        out
    }

    fn at(&self, score: i32) -> u32 {
        self.shifts.get(&score).copied().unwrap_or(0)
    }

    fn candidate(&self, e: &Entrant) -> bool {
        e.bye_ok && e.score.0 <= self.bye_score
    }

    /// The weight that finds the bye's score: pairs of players who may not
    /// have the bye first, then the highest scores paired.
    pub(super) fn bye_weight<const L: usize>(
        &self,
        higher: &Entrant,
        lower: &Entrant,
        top: i32,
        allowed: bool,
    ) -> Wide<L> {
        let mut w = Acc::<L>(Wide::default());
        if !allowed {
            return w.0;
        }
        w.add(1 + i64::from(!higher.bye_ok) + i64::from(!lower.bye_ok));
        w.shift(self.sgs);
        w.add(i64::from(self.at(lower.score.0)) + i64::from(self.at(higher.score.0)));
        w.shift(self.sgsb);
        w.add(i64::from(lower.score.0 >= top));
        w.0
    }

    /// The weight of pairing `h` (ranked higher) with `l`: zero where the
    /// absolute criteria forbid it. `l_in`: `l` is in the bracket being
    /// paired; `l_next`: in the score group after it.
    pub(super) fn weight<const L: usize>(
        &self,
        h: &Entrant,
        l: &Entrant,
        l_in: bool,
        l_next: bool,
        allowed: bool,
    ) -> Wide<L> {
        let mut w = Acc::<L>(Wide::default());
        if !allowed {
            return w.0;
        }
        // C.2 and C.4: the round completes, the bye to one who may have it.
        w.add(1 + i64::from(!self.candidate(h)) + i64::from(!self.candidate(l)));
        // C.5 and C.6: the most pairs in the bracket, the highest scores.
        w.shift(self.sgsb);
        w.add(i64::from(l_in));
        w.shift(self.sgs);
        if l_in {
            w.pow(self.at(h.score.0));
        }
        // C.7 and C.8: the same for the next bracket.
        w.shift(self.sgsb);
        w.add(i64::from(l_next));
        w.shift(self.sgs);
        if l_next {
            w.pow(self.at(h.score.0));
        }
        // C.9: the bye to the one with the fewest unplayed games.
        w.shift(2 * self.sgsb);
        if self.single {
            for e in [h, l] {
                if e.score.0 == self.bye_score {
                    let r = self.unplayed_ranks.get(&e.played).copied().unwrap_or(0);
                    w.add(i64::from(r));
                }
            }
        }
        self.colours(&mut w, l, h, l_in);
        self.floats(&mut w, h, l, l_in);
        // Room for the order of the bracket: S1 and S2, the exchanges.
        w.shift(3 * self.sgsb + 1);
        w.0
    }

    /// C.10–C.13: absolute imbalances and repeated colours (topscorers),
    /// colour preferences, strong preferences. `p` is the lower-ranked.
    fn colours<const L: usize>(&self, w: &mut Acc<L>, p: &Entrant, o: &Entrant, mask: bool) {
        let differ = p.pref != o.pref;
        w.shift(self.sgsb);
        w.add(i64::from(
            mask && (!p.abs_imbalance() || !o.abs_imbalance() || differ),
        ));
        w.shift(self.sgsb);
        let repeat_ok = if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let less = if p.imbalance > o.imbalance { o } else { p };
            less.repeated != p.pref.map(crate::model::Colour::opposite)
        };
        w.add(i64::from(
            mask && (!p.abs_pref() || !o.abs_pref() || differ || repeat_ok),
        ));
        w.shift(self.sgsb);
        w.add(i64::from(
            mask && (p.pref.is_none() || o.pref.is_none() || differ),
        ));
        w.shift(self.sgsb);
        let mild = |e: &Entrant| !e.strong && !e.abs_pref();
        w.add(i64::from(
            mask && (mild(p) || mild(o) || (p.abs_pref() && o.abs_pref()) || differ),
        ));
    }

    /// C.14–C.21: floats repeated from the last round and the one before,
    /// then the scores they concern.
    fn floats<const L: usize>(&self, w: &mut Acc<L>, h: &Entrant, l: &Entrant, l_in: bool) {
        let (hs, ls) = (h.score.0, l.score.0);
        for back in [1, 2] {
            if self.played < back {
                continue;
            }
            w.shift(self.sgsb);
            if l_in {
                w.add(i64::from(l.float(back) == Float::Down));
                w.add(i64::from(hs <= ls && h.float(back) == Float::Down));
            }
            w.shift(self.sgsb);
            if l_in {
                w.add(i64::from(!(hs > ls && l.float(back) == Float::Up)));
            }
        }
        for back in [1, 2] {
            if self.played < back {
                continue;
            }
            w.shift(self.sgs);
            if l_in {
                if l.float(back) == Float::Down {
                    w.pow(self.at(ls));
                }
                if h.float(back) == Float::Down {
                    w.pow(self.at(hs));
                }
            }
            w.shift(self.sgs);
            if l_in && !(l.float(back) == Float::Up && hs > ls) {
                w.pow(self.at(hs));
            }
        }
    }
}

/// A field of the weight: plain bits, or one slot per score group.
#[derive(Clone, Copy)]
enum Field {
    Plain(u32),
    Slots,
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
    fn pow(&mut self, shift: u32) {
        self.0 = self.0 + Wide::from_i64(1).shl(shift);
    }
}
