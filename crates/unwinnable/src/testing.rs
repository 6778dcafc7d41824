//! Helpers of the unit tests.

/// A small pseudo-random generator for the unit tests' random games
/// (xorshift): `next(n)` is in `0..n`.
pub(crate) fn test_rng(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}
