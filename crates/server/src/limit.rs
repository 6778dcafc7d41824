//! Limits: a per-token rate limit (a token bucket per token, in memory,
//! bounded), and the limits per client address that keep a stranger from
//! exhausting the hall ([`Limits`], each a flag of `arbiter serve`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// The limits per client address (addresses in 127.0.0.0/8 are different
/// clients; behind a proxy, the address it forwards when `trust_proxy`).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Games an address may create a minute, on average.
    pub create_per_min: f64,
    /// Games an address may create at once after being idle.
    pub create_burst: f64,
    /// Requests with a token no game has, a minute, per address.
    pub bad_tokens_per_min: f64,
    /// Live games with an engine seat created by one address.
    pub engines_per_client: usize,
    /// Live games with an engine seat created on this instance.
    pub engines_total: usize,
    /// The longest time per move an engine is given (longer asks are cut).
    pub engine_movetime_max_ms: u64,
    /// How long a client may take to send a request's headers; an idle
    /// keep-alive connection is closed after as long.
    pub header_timeout: Duration,
    /// Open connections per address (not applied to the proxy's address
    /// when `trust_proxy`: the proxy holds every client's).
    pub conns_per_client: usize,
    /// Open connections in all, kept under the process's file limit.
    pub conns_total: usize,
    /// Open WebSockets per client address.
    pub sockets_per_client: usize,
    /// Whether the client address is the last one of `X-Forwarded-For`
    /// (the one the reverse proxy in front of the hall appended).
    pub trust_proxy: bool,
    /// Origins besides the hall's own whose pages may open WebSockets.
    pub allowed_origins: Vec<String>,
}

impl Default for Limits {
    /// The defaults of `arbiter serve` (README, "Limits").
    fn default() -> Limits {
        Limits {
            create_per_min: 10.0,
            create_burst: 20.0,
            bad_tokens_per_min: 30.0,
            engines_per_client: 2,
            engines_total: 8,
            engine_movetime_max_ms: 10_000,
            header_timeout: Duration::from_secs(10),
            conns_per_client: 64,
            conns_total: 8_192,
            sockets_per_client: 32,
            trust_proxy: false,
            allowed_origins: Vec::new(),
        }
    }
}

impl Limits {
    /// No count limit (tests and the load benchmark run thousands of games
    /// from one address); the timeouts and the engine's time cap stay.
    pub fn unlimited() -> Limits {
        Limits {
            create_per_min: f64::INFINITY,
            create_burst: f64::INFINITY,
            bad_tokens_per_min: f64::INFINITY,
            engines_per_client: usize::MAX,
            engines_total: usize::MAX,
            engine_movetime_max_ms: 60_000,
            conns_per_client: usize::MAX,
            conns_total: usize::MAX,
            sockets_per_client: usize::MAX,
            ..Limits::default()
        }
    }
}

/// Addresses remembered by a bucket set before full ones are forgotten.
const MAX_ADDRESSES: usize = 100_000;

/// Token buckets by client address.
pub struct Buckets {
    per_s: f64,
    burst: f64,
    map: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Buckets {
    /// Buckets refilled at `per_min` a minute, holding at most `burst`.
    pub fn new(per_min: f64, burst: f64) -> Buckets {
        Buckets {
            per_s: per_min / 60.0,
            burst,
            map: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one from `ip`'s bucket (`take`) or only looks; when it is
    /// empty, how long until one is back.
    fn draw(&self, ip: IpAddr, take: bool) -> Result<(), Duration> {
        if self.burst.is_infinite() {
            return Ok(());
        }
        let now = Instant::now();
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        let (per_s, burst) = (self.per_s, self.burst);
        if map.len() >= MAX_ADDRESSES {
            map.retain(|_, (level, at)| {
                *level + now.duration_since(*at).as_secs_f64() * per_s < burst
            });
        }
        let (level, at) = map.entry(ip).or_insert((burst, now));
        *level = (*level + now.duration_since(*at).as_secs_f64() * per_s).min(burst);
        *at = now;
        if *level >= 1.0 {
            if take {
                *level -= 1.0;
            }
            return Ok(());
        }
        let wait = if per_s > 0.0 {
            (1.0 - *level) / per_s
        } else {
            3600.0
        };
        Err(Duration::from_secs_f64(wait.clamp(0.0, 3600.0)))
    }

    /// Takes one from `ip`'s bucket; `Err(wait)` when it is empty.
    pub fn take(&self, ip: IpAddr) -> Result<(), Duration> {
        self.draw(ip, true)
    }

    /// Whether `ip`'s bucket has one left, without taking it.
    pub fn peek(&self, ip: IpAddr) -> Result<(), Duration> {
        self.draw(ip, false)
    }
}

/// Counts of open things (connections, WebSockets) by client address.
#[derive(Default)]
pub struct Counts {
    map: Mutex<(HashMap<IpAddr, usize>, usize)>,
}

/// One counted thing; the count goes down when it is dropped.
pub struct Slot {
    counts: Arc<Counts>,
    ip: IpAddr,
}

impl Counts {
    /// A slot for `ip` when it has fewer than `per_ip` and all fewer than
    /// `total`; `None` when either is full.
    pub fn acquire(self: &Arc<Counts>, ip: IpAddr, per_ip: usize, total: usize) -> Option<Slot> {
        let mut guard = self.map.lock().unwrap_or_else(|p| p.into_inner());
        let (map, all) = &mut *guard;
        let mine = map.get(&ip).copied().unwrap_or(0);
        if mine >= per_ip || *all >= total {
            return None;
        }
        map.insert(ip, mine + 1);
        *all += 1;
        Some(Slot {
            counts: self.clone(),
            ip,
        })
    }

    /// How many `ip` holds now.
    pub fn of(&self, ip: IpAddr) -> usize {
        let guard = self.map.lock().unwrap_or_else(|p| p.into_inner());
        guard.0.get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut guard = self.counts.map.lock().unwrap_or_else(|p| p.into_inner());
        let (map, all) = &mut *guard;
        *all = all.saturating_sub(1);
        if let Some(n) = map.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                map.remove(&self.ip);
            }
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

    #[test]
    fn an_address_bucket_refuses_after_its_burst_and_others_go_on() {
        let b = Buckets::new(10.0, 20.0);
        let one: IpAddr = [127, 0, 0, 2].into();
        let two: IpAddr = [127, 0, 0, 3].into();
        assert_eq!((0..25).filter(|_| b.take(one).is_ok()).count(), 20);
        let wait = b.take(one).unwrap_err();
        assert!(
            wait > Duration::from_secs(4) && wait <= Duration::from_secs(6),
            "{wait:?}"
        );
        assert!(b.peek(two).is_ok() && b.take(two).is_ok());
    }

    #[test]
    fn slots_are_counted_per_address_and_in_all_and_given_back() {
        let c = Arc::new(Counts::default());
        let one: IpAddr = [127, 0, 0, 2].into();
        let two: IpAddr = [127, 0, 0, 3].into();
        let held: Vec<Slot> = (0..3).filter_map(|_| c.acquire(one, 2, 3)).collect();
        assert_eq!(held.len(), 2);
        let other = c.acquire(two, 2, 3).expect("another address");
        assert!(c.acquire(two, 2, 3).is_none(), "the total is full");
        drop(held);
        assert_eq!(c.of(one), 0);
        assert!(c.acquire(two, 2, 3).is_some());
        drop(other);
    }
}
