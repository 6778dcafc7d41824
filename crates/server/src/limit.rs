//! A per-token rate limit: a token bucket per token, in memory, bounded.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Requests per second a token may make on average (the floor is 20).
pub const RATE_PER_S: f64 = 40.0;
/// Requests a token may make at once after being idle.
pub const BURST: f64 = 40.0;
/// Tokens remembered before idle ones are forgotten.
const MAX_TOKENS: usize = 100_000;
/// The longest token text kept as a key.
const KEY_MAX: usize = 128;

/// Token buckets by token.
#[derive(Default)]
pub struct RateLimiter {
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimiter {
    /// Takes one request from `token`'s bucket; `false` when it is empty.
    pub fn check(&self, token: &str) -> bool {
        let key = &token[..floor_boundary(token, KEY_MAX)];
        let now = Instant::now();
        let mut map = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= MAX_TOKENS {
            // A full bucket is the same as a forgotten one.
            map.retain(|_, (level, at)| {
                *level + now.duration_since(*at).as_secs_f64() * RATE_PER_S < BURST
            });
        }
        let (level, at) = map.entry(key.to_string()).or_insert((BURST, now));
        *level = (*level + now.duration_since(*at).as_secs_f64() * RATE_PER_S).min(BURST);
        *at = now;
        if *level >= 1.0 {
            *level -= 1.0;
            true
        } else {
            false
        }
    }
}

fn floor_boundary(s: &str, max: usize) -> usize {
    let mut i = s.len().min(max);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_beyond_the_bucket_is_refused_and_others_are_not() {
        let l = RateLimiter::default();
        let allowed = (0..200).filter(|_| l.check("a")).count();
        // 40 at once, plus what refills during the loop.
        assert!((40..200).contains(&allowed), "{allowed}");
        assert!(l.check("b"));
    }
}
