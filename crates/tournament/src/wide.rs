//! Wide signed integers of a fixed number of 64-bit limbs (two's
//! complement), for the Dutch system's edge weights: each quality
//! criterion of C.04.3 takes its own field of bits, most important
//! highest, so a weight may need hundreds of bits.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// What the maximum-weight matching needs of a weight.
pub(crate) trait Weight:
    Copy + Ord + Default + Add<Output = Self> + Sub<Output = Self> + std::fmt::Debug
{
    /// Half the value (the matching halves only even values).
    #[must_use]
    fn half(self) -> Self;
}

impl Weight for i128 {
    fn half(self) -> Self {
        self / 2
    }
}

/// A signed integer of `L` limbs, least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Wide<const L: usize>(pub(crate) [u64; L]);

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Wide([0; L])
    }
}

impl<const L: usize> Wide<L> {
    /// The value of a small signed number.
    pub(crate) fn from_i64(v: i64) -> Self {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut out = [fill; L];
        out[0] = v as u64;
        Wide(out)
    }

    /// Whether the value is negative.
    fn negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }

    /// The value shifted left by `bits` (bits past the top are lost).
    pub(crate) fn shl(self, bits: u32) -> Self {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; L];
        for i in (limbs..L).rev() {
            let lo = self.0[i - limbs];
            let mut v = lo << rest;
            if rest > 0 && i > limbs {
                v |= self.0[i - limbs - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// The `width` bits (at most 64) from bit `offset` up.
    pub(crate) fn bits(&self, offset: u32, width: u32) -> u64 {
        let limb = (offset / 64) as usize;
        let at = offset % 64;
        if limb >= L || width == 0 {
            return 0;
        }
        let mut v = self.0[limb] >> at;
        if at > 0 && limb + 1 < L {
            v |= self.0[limb + 1] << (64 - at);
        }
        if width < 64 {
            v & ((1u64 << width) - 1)
        } else {
            v
        }
    }

    /// The bits set in either.
    pub(crate) fn or(self, o: Self) -> Self {
        let mut out = self.0;
        for (a, b) in out.iter_mut().zip(o.0) {
            *a |= b;
        }
        Wide(out)
    }

    /// The value of an unsigned 64-bit number.
    pub(crate) fn from_u64(v: u64) -> Self {
        let mut out = [0; L];
        out[0] = v;
        Wide(out)
    }

    /// Whether the value is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        let mut out = [0u64; L];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *slot = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            *slot = s2;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, o: &Self) -> Ordering {
        match (self.negative(), o.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..L).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const L: usize> Weight for Wide<L> {
    fn half(self) -> Self {
        // An arithmetic shift right by one.
        let mut out = [0u64; L];
        for (i, slot) in out.iter_mut().enumerate() {
            let hi = if i + 1 < L {
                self.0[i + 1] << 63
            } else if self.negative() {
                1 << 63
            } else {
                0
            };
            *slot = (self.0[i] >> 1) | hi;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(v: i64) -> Wide<3> {
        Wide::from_i64(v)
    }

    #[test]
    fn arithmetic_agrees_with_i128() {
        let vals = [-1_000_000_007i64, -5, -1, 0, 1, 2, 7, 1 << 40, i64::MAX / 3];
        for &a in &vals {
            for &b in &vals {
                let (x, y) = (w(a), w(b));
                assert_eq!(x.cmp(&y), a.cmp(&b), "{a} {b}");
                let s = i128::from(a) + i128::from(b);
                let d = i128::from(a) - i128::from(b);
                assert_eq!((x + y).0[0], s as u64);
                assert_eq!((x - y).0[0], d as u64);
                assert_eq!((x - y).0[1], (d >> 64) as u64);
            }
            if a % 2 == 0 {
                assert_eq!(w(a).half(), w(a / 2));
            }
        }
    }

    #[test]
    fn shifts_cross_limbs() {
        let one = w(1);
        assert_eq!(one.shl(64).0, [0, 1, 0]);
        assert_eq!(one.shl(130).0, [0, 0, 4]);
        assert_eq!(w(3).shl(63).0, [1 << 63, 1, 0]);
        assert!(one.shl(100) > one.shl(99));
        assert!(w(-1).shl(70) < w(0));
        assert!(w(0).is_zero());
        let x = w(0b1011).shl(62);
        assert_eq!(x.bits(62, 4), 0b1011);
        assert_eq!(x.bits(63, 2), 0b01);
        assert_eq!(x.or(w(1)).bits(0, 1), 1);
        assert_eq!(Wide::<3>::from_u64(u64::MAX).0, [u64::MAX, 0, 0]);
    }
}
