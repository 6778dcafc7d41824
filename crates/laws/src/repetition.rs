//! The repetition table (L-9.2, L-9.6a): how often each position has appeared.
//!
//! Only positions since the last capture or pawn move can recur, so the table
//! is cleared on such a move; it stays small and the lookup stays cheap.

use std::hash::Hash;

/// Occurrence counts of position identities since the last irreversible move.
///
/// A plain vector searched from the newest entry: it holds only the positions
/// since the last capture or pawn move (cleared there), a few dozen at most in
/// practice, where a linear scan beats hashing; recent positions are the
/// likeliest to repeat.
#[derive(Clone, Debug)]
pub struct Repetitions<K: Eq + Hash> {
    entries: Vec<(K, u32)>,
    max: u32,
    last: u32,
}

impl<K: Eq + Hash> Default for Repetitions<K> {
    fn default() -> Self {
        Repetitions {
            entries: Vec::new(),
            max: 0,
            last: 0,
        }
    }
}

impl<K: Eq + Hash> Repetitions<K> {
    /// Records one more occurrence and returns the new count.
    pub fn record(&mut self, key: K) -> u32 {
        let c = match self.entries.iter_mut().rev().find(|(k, _)| *k == key) {
            Some((_, c)) => {
                *c += 1;
                *c
            }
            None => {
                self.entries.push((key, 1));
                1
            }
        };
        self.max = self.max.max(c);
        self.last = c;
        c
    }
    /// How often the position `key` has appeared since the last capture or
    /// pawn move (0 if never): a claim under L-9.2b needs 3, L-9.6a ends the
    /// game at 5.
    pub fn count(&self, key: &K) -> u32 {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map_or(0, |(_, c)| *c)
    }
    /// The count of the position recorded last: the current one.
    pub fn last_count(&self) -> u32 {
        self.last
    }
    /// The highest count in the table: below 2 no intended move can make a third occurrence.
    pub fn max_count(&self) -> u32 {
        self.max
    }
    /// Forgets every position: called on a capture or pawn move, after
    /// which no earlier position can recur (L-9.2a).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.max = 0;
        self.last = 0;
    }
}
