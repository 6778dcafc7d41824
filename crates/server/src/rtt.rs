//! Lag compensation from the hall's own measure. Every player's WebSocket
//! is pinged every [`PING_EVERY`] with the hall's instant in the ping; the
//! browser (any WebSocket client) answers with a pong carrying it back, so
//! the round trip is measured by the hall, not reported by the client. A
//! move is compensated by the player's measured round trip (the median of
//! his last [`SAMPLES`], against one slow answer): the time his opponent's
//! move took to reach him and his own move to reach the hall. A `lag_ms`
//! the client sends may lower that, never raise it; a player with no
//! measure (moves over HTTP only, or a socket on another instance) gets
//! none. The quota then bounds it as lichess bounds it
//! (`arbiter_session::LagQuota`: scalachess's `LagTracker`), and the
//! opponent is not charged for it: his clock runs from the move's arrival
//! (the log header's `lag_from_arrival`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a player's socket is pinged.
pub const PING_EVERY: Duration = Duration::from_secs(2);
/// How many round trips make a player's measure.
pub const SAMPLES: usize = 5;
/// A measure older than this is not used (the player went away).
const FRESH: Duration = Duration::from_secs(60);
/// Players remembered before the memory is cleared.
const PLAYERS: usize = 50_000;
/// A round trip longer than this is no measure of a network (a client that
/// sat on the ping), and is not kept.
const LONGEST: u64 = 10_000;

/// One player's recent round trips.
struct Samples {
    ms: [u64; SAMPLES],
    n: usize,
    at: Instant,
}

/// The round trips measured on this instance, by player token.
pub(crate) struct Rtt {
    epoch: Instant,
    players: Mutex<HashMap<String, Samples>>,
}

impl Default for Rtt {
    fn default() -> Rtt {
        Rtt {
            epoch: Instant::now(),
            players: Mutex::new(HashMap::new()),
        }
    }
}

impl Rtt {
    /// The payload of a ping sent now: the hall's milliseconds.
    pub(crate) fn ping(&self) -> [u8; 8] {
        (self.epoch.elapsed().as_millis() as u64).to_be_bytes()
    }

    /// A pong answering the ping `sent` (the socket checks that it is the
    /// one it sent): one round trip of `token`'s holder.
    pub(crate) fn pong(&self, token: &str, sent: [u8; 8]) {
        let now = self.epoch.elapsed().as_millis() as u64;
        let rtt = now.saturating_sub(u64::from_be_bytes(sent));
        if rtt > LONGEST {
            return;
        }
        let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
        if players.len() >= PLAYERS && !players.contains_key(token) {
            players.clear();
        }
        let s = players.entry(token.to_owned()).or_insert(Samples {
            ms: [0; SAMPLES],
            n: 0,
            at: Instant::now(),
        });
        s.ms[s.n % SAMPLES] = rtt;
        s.n += 1;
        s.at = Instant::now();
    }

    /// `token`'s holder's round trip: the median of his recent ones, if any
    /// is fresh.
    pub(crate) fn measure(&self, token: &str) -> Option<u64> {
        let players = self.players.lock().unwrap_or_else(|p| p.into_inner());
        let s = players.get(token).filter(|s| s.at.elapsed() < FRESH)?;
        let mut ms: Vec<u64> = s.ms[..s.n.min(SAMPLES)].to_vec();
        ms.sort_unstable();
        ms.get(ms.len() / 2).copied()
    }
}

/// The lag a move is compensated by: the hall's measure, lowered by what
/// the client reports; nothing without a measure.
pub fn compensation(measured: Option<u64>, reported: Option<u64>) -> Option<u64> {
    let m = measured?;
    Some(reported.map_or(m, |r| r.min(m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_lowers_the_measure_and_never_raises_it() {
        assert_eq!(compensation(Some(120), None), Some(120));
        assert_eq!(compensation(Some(120), Some(40)), Some(40));
        assert_eq!(compensation(Some(120), Some(1_000_000_000)), Some(120));
        assert_eq!(compensation(None, Some(500)), None);
    }

    #[test]
    fn the_measure_is_the_median_of_the_last_round_trips() {
        let rtt = Rtt {
            epoch: Instant::now()
                .checked_sub(Duration::from_secs(20))
                .unwrap_or_else(Instant::now),
            players: Mutex::new(HashMap::new()),
        };
        assert_eq!(rtt.measure("t"), None);
        let now = rtt.epoch.elapsed().as_millis() as u64;
        for back in [100, 110, 9_000, 90, 105] {
            rtt.pong("t", now.saturating_sub(back).to_be_bytes());
        }
        let m = rtt.measure("t").expect("measured");
        assert!((100..=120).contains(&m), "{m}");
        // A ping sat on for longer than any network is no measure.
        rtt.pong("u", 0u64.to_be_bytes());
        if now > LONGEST {
            assert_eq!(rtt.measure("u"), None);
        }
    }
}
