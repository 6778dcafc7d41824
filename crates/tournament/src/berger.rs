//! Round robins by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! The tables are built, not stored: with `n` players (an odd field adds a
//! bye as number `n + 1`), player `n` meets in round `r` the player `k`
//! with `2k ≡ r + 1 (mod n − 1)`, on board 1, White in the odd rounds;
//! on board `j + 1` player `k + j` (White) meets `k − j`, counted in
//! `1..n − 1`. This reproduces the published tables, which the tests
//! check against tables typed from the handbook.

use crate::model::PlayerId;
use serde::Serialize;
use std::fmt;

/// The fewest and the most players the tables cover.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 3..=24;

/// One board of a round robin: the numbers are table numbers, 1 to the
/// field's size (rounded up to even).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Who has White.
    pub white: PlayerId,
    /// Who has Black.
    pub black: PlayerId,
}

/// A round of a round robin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BergerRound {
    /// The boards in order, without the bye's.
    pub boards: Vec<Board>,
    /// The player who sits out (an odd field), if any.
    pub bye: Option<PlayerId>,
}

/// Why no round robin round exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BergerError {
    /// The tables cover 3 to 24 players.
    Players(usize),
    /// The round is past the last (or is 0).
    Round {
        /// The round asked for.
        round: usize,
        /// The number of rounds.
        rounds: usize,
    },
}

impl fmt::Display for BergerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BergerError::Players(n) => {
                write!(f, "the Berger tables cover 3 to 24 players, not {n}")
            }
            BergerError::Round { round, rounds } => {
                write!(f, "round {round} is not among rounds 1 to {rounds}")
            }
        }
    }
}

impl std::error::Error for BergerError {}

/// The number of rounds of a round robin of `players` (twice as many for a
/// double round robin).
#[must_use]
pub fn rounds(players: usize, double: bool) -> usize {
    let even = players + players % 2;
    let single = even.saturating_sub(1);
    if double { 2 * single } else { single }
}

/// Round `round` (from 1) of a round robin of `players`; in a double
/// round robin the second cycle repeats the table's rounds in order with
/// colours reversed, and the first cycle plays the table's last two
/// rounds in reverse order (C.05 Annex 1).
///
/// # Errors
/// A field outside 3–24 players, or a round outside the event.
pub fn round(players: usize, round: usize, double: bool) -> Result<BergerRound, BergerError> {
    if !PLAYERS.contains(&players) {
        return Err(BergerError::Players(players));
    }
    let total = rounds(players, double);
    if round == 0 || round > total {
        return Err(BergerError::Round {
            round,
            rounds: total,
        });
    }
    let n = players + players % 2;
    let single = n - 1;
    let (r, reversed) = if round > single {
        (round - single, true)
    } else if double && single >= 3 && round + 1 >= single {
        // C.05 Annex 1: in a double round robin the last two rounds of the
        // first cycle are played in reverse order, so that no one has the
        // same colour three times running where the cycles meet.
        (2 * single - 1 - round, false)
    } else {
        (round, false)
    };
    let m = single;
    // k with 2k ≡ r + 1 (mod m); m is odd, so 2 has an inverse.
    let k = (1..=m).find(|k| (2 * k) % m == (r + 1) % m).unwrap_or(1);
    let wrap = |x: isize| -> usize {
        let mi = m as isize;
        (((x - 1) % mi + mi) % mi + 1) as usize
    };
    let mut pairs = Vec::with_capacity(n / 2);
    pairs.push(if r % 2 == 1 { (k, n) } else { (n, k) });
    for j in 1..n / 2 {
        let ki = k as isize;
        let ji = j as isize;
        pairs.push((wrap(ki + ji), wrap(ki - ji)));
    }
    let mut out = BergerRound {
        boards: Vec::new(),
        bye: None,
    };
    for (w, b) in pairs {
        let (w, b) = if reversed { (b, w) } else { (w, b) };
        if n != players && (w == n || b == n) {
            out.bye = Some(id(if w == n { b } else { w }));
            continue;
        }
        out.boards.push(Board {
            white: id(w),
            black: id(b),
        });
    }
    Ok(out)
}

fn id(n: usize) -> PlayerId {
    PlayerId::try_from(n).unwrap_or(PlayerId::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn text(players: usize, r: usize) -> String {
        let round = round(players, r, false).unwrap();
        let mut parts: Vec<String> = round
            .boards
            .iter()
            .map(|b| format!("{}-{}", b.white, b.black))
            .collect();
        if let Some(b) = round.bye {
            parts.push(format!("bye {b}"));
        }
        parts.join(" ")
    }

    #[test]
    fn every_pair_meets_once_and_colours_balance() {
        for players in PLAYERS {
            let mut met = HashSet::new();
            let mut whites = vec![0usize; players + 1];
            for r in 1..=rounds(players, false) {
                let round = round(players, r, false).unwrap();
                let mut seen = HashSet::new();
                for b in &round.boards {
                    assert!(seen.insert(b.white) && seen.insert(b.black));
                    let key = (b.white.min(b.black), b.white.max(b.black));
                    assert!(met.insert(key), "{players}: {key:?} twice");
                    whites[usize::from(b.white)] += 1;
                }
                assert_eq!(seen.len() + usize::from(round.bye.is_some()), players);
            }
            assert_eq!(met.len(), players * (players - 1) / 2);
            let games = rounds(players, false) - players % 2;
            for w in &whites[1..] {
                let diff = w.abs_diff(games - w);
                assert!(diff <= 1 + players % 2, "{players}: {w} of {games}");
            }
        }
    }

    #[test]
    fn double_round_robin_reverses_colours() {
        let first = round(6, 2, true).unwrap();
        let second = round(6, 7, true).unwrap();
        for (a, b) in first.boards.iter().zip(&second.boards) {
            assert_eq!((a.white, a.black), (b.black, b.white));
        }
        assert_eq!(rounds(6, true), 10);
        assert!(round(6, 11, true).is_err());
        assert!(round(6, 6, false).is_err());
        assert_eq!(round(2, 1, false), Err(BergerError::Players(2)));
        assert_eq!(round(25, 1, false), Err(BergerError::Players(25)));
    }

    #[test]
    fn odd_fields_play_the_bye_of_the_next_table() {
        // 5 players use the 6-player table, number 6 being the bye.
        assert_eq!(text(5, 1), "2-5 3-4 bye 1");
        assert_eq!(text(5, 2), "5-3 1-2 bye 4");
    }
}
