//! The repetition table (L-9.2, L-9.6a): how often each position has appeared.
//!
//! Only positions since the last capture or pawn move can recur, so the table
//! is cleared on such a move; it stays small and the lookup stays cheap.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// FxHash-style hasher: identities are already well-mixed keys (Zobrist for
/// chess), so a cryptographic hash would only cost time on every ply.
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(buf));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// Occurrence counts of position identities since the last irreversible move.
#[derive(Clone, Debug)]
pub struct Repetitions<K: Eq + Hash> {
    counts: HashMap<K, u32, BuildHasherDefault<FastHasher>>,
    max: u32,
    last: u32,
}

impl<K: Eq + Hash> Default for Repetitions<K> {
    fn default() -> Self {
        Repetitions {
            counts: HashMap::default(),
            max: 0,
            last: 0,
        }
    }
}

impl<K: Eq + Hash> Repetitions<K> {
    /// Records one more occurrence and returns the new count.
    pub fn record(&mut self, key: K) -> u32 {
        let c = self.counts.entry(key).or_insert(0);
        *c += 1;
        self.max = self.max.max(*c);
        self.last = *c;
        *c
    }
    /// The count of the position recorded last: the current one.
    pub fn last_count(&self) -> u32 {
        self.last
    }
    pub fn count(&self, key: &K) -> u32 {
        self.counts.get(key).copied().unwrap_or(0)
    }
    /// The highest count in the table: below 2 no intended move can make a third occurrence.
    pub fn max_count(&self) -> u32 {
        self.max
    }
    pub fn clear(&mut self) {
        self.counts.clear();
        self.max = 0;
        self.last = 0;
    }
}
