//! The tournament: its players, its rounds, its point system and the
//! records of the report file that say how to pair it.

use crate::model::{Colour, Player, PlayerId, RoundEntry, RoundResult};
use crate::points::{PointSystem, Points};
use serde::Serialize;

/// Which edition of the Tournament Report File a tournament is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum TrfVersion {
    /// TRF16 with JaVaFo's `XX` extensions (`XXR`, `XXC`, `XXA`); byes
    /// asked for the next round are `0000 - H` (or `F`, `Z`) in its column.
    #[default]
    Trf16,
    /// TRF-2026: rounds in `142`, the initial colour in `152`, the point
    /// system in `162`, asked-for byes in `240` records.
    Trf2026,
}

/// Fictitious points added to a player's score for pairing (JaVaFo's `XXA`
/// record): one value per round, from round 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Acceleration {
    /// The player.
    pub player: PlayerId,
    /// The points added in round 1, 2…
    pub points: Vec<Points>,
}

/// A bye asked for in advance (TRF-2026 record `240`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ByeRecord {
    /// `F`, `H` or `Z`.
    pub kind: RoundResult,
    /// The round.
    pub round: u16,
    /// The players getting it.
    pub players: Vec<PlayerId>,
}

/// A tournament as the report file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct Tournament {
    /// The edition of the report file it was read from or will be written in.
    pub version: TrfVersion,
    /// The tournament records `012`…`132` (and others ending in `2` that
    /// carry text), in order: the tag and the text from column 5.
    pub headers: Vec<(String, String)>,
    /// The players, in the order of their `001` records.
    pub players: Vec<Player>,
    /// The number of rounds (`XXR` or `142`).
    pub rounds_total: Option<u16>,
    /// The colour of the top-ranked player in round 1 (`XXC` or `152`).
    pub initial_colour: Option<Colour>,
    /// The point system; `point_record` says whether a `162` record set it.
    pub point_system: PointSystem,
    /// The `162` record as read (written back as it was).
    pub point_record: Option<String>,
    /// The accelerations (`XXA`).
    pub accelerations: Vec<Acceleration>,
    /// Byes asked for in advance (`240`).
    pub byes: Vec<ByeRecord>,
    /// Every other line (comments, `XX` records this crate does not use,
    /// team records), kept verbatim in order.
    pub other: Vec<String>,
}

impl Tournament {
    /// The player with starting rank `id`.
    #[must_use]
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The player with starting rank `id`, to change.
    pub fn player_mut(&mut self, id: PlayerId) -> Option<&mut Player> {
        self.players.iter_mut().find(|p| p.id == id)
    }

    /// The number of rounds with at least one pairing in them: a game, a
    /// forfeit or the pairing-allocated bye. A last column holding only
    /// byes asked for is the round still to be paired, not a paired one.
    #[must_use]
    pub fn paired_rounds(&self) -> usize {
        let mut n = 0;
        for p in &self.players {
            for (i, e) in p.rounds.iter().enumerate() {
                if e.opponent.is_some() || e.result == RoundResult::PairingBye {
                    n = n.max(i + 1);
                }
            }
        }
        n
    }

    /// The entry of `id` in `round`, a `240` bye standing in for an empty
    /// column.
    #[must_use]
    pub fn entry(&self, id: PlayerId, round: usize) -> RoundEntry {
        let e = self.player(id).map(|p| p.round(round)).unwrap_or_default();
        if !e.is_blank() {
            return e;
        }
        self.byes
            .iter()
            .find(|b| usize::from(b.round) == round && b.players.contains(&id))
            .map_or(e, |b| RoundEntry::bye(b.kind))
    }

    /// The points of `id` after `rounds` rounds (byes from `240` included),
    /// without acceleration.
    #[must_use]
    pub fn points_after(&self, id: PlayerId, rounds: usize) -> Points {
        (1..=rounds)
            .map(|r| self.entry(id, r).result.points(&self.point_system))
            .sum()
    }

    /// The acceleration of `id` for pairing round `round`.
    #[must_use]
    pub fn acceleration(&self, id: PlayerId, round: usize) -> Points {
        self.accelerations
            .iter()
            .find(|a| a.player == id)
            .and_then(|a| round.checked_sub(1).and_then(|i| a.points.get(i)))
            .copied()
            .unwrap_or(Points::ZERO)
    }

    /// Records a game of `round`: White, Black and White's result (`1`,
    /// `=`, `0`, a forfeit `+`/`-`, or blank while it is played), on both
    /// players' lines. Unknown players are left alone; returns whether both
    /// were found.
    pub fn record_game(
        &mut self,
        round: usize,
        white: PlayerId,
        black: PlayerId,
        white_result: RoundResult,
    ) -> bool {
        let black_result = match white_result {
            RoundResult::Blank => RoundResult::Blank,
            r => r.mirrored().unwrap_or(RoundResult::Blank),
        };
        if self.player(white).is_none() || self.player(black).is_none() || white == black {
            return false;
        }
        if let Some(p) = self.player_mut(white) {
            p.set_round(round, RoundEntry::game(black, Colour::White, white_result));
        }
        if let Some(p) = self.player_mut(black) {
            p.set_round(round, RoundEntry::game(white, Colour::Black, black_result));
        }
        true
    }

    /// Withdraws a player from round `from` on: a zero-point bye (`Z`) in
    /// each round to the last (C.04.2: a withdrawn player is not paired).
    /// Without a number of rounds, only round `from` is marked.
    pub fn withdraw(&mut self, id: PlayerId, from: usize) {
        let last = self.rounds_total.map_or(from, usize::from).max(from);
        if let Some(p) = self.player_mut(id) {
            for r in from..=last {
                if p.round(r).is_blank() {
                    p.set_round(r, RoundEntry::bye(RoundResult::ZeroBye));
                }
            }
        }
    }

    /// The tournament's name (record `012`), if written.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.headers
            .iter()
            .find(|(t, _)| t == "012")
            .map(|(_, v)| v.as_str())
    }
}

impl Default for RoundEntry {
    fn default() -> RoundEntry {
        RoundEntry::BLANK
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_and_withdrawals_are_written_on_both_lines() {
        let mut t = Tournament {
            rounds_total: Some(3),
            ..Tournament::default()
        };
        for id in 1..=3 {
            t.players.push(Player::new(id, "P", 0));
        }
        assert!(t.record_game(1, 1, 2, RoundResult::ForfeitWin));
        assert!(!t.record_game(1, 1, 9, RoundResult::Win));
        assert!(!t.record_game(1, 1, 1, RoundResult::Win));
        assert_eq!(
            t.entry(2, 1),
            RoundEntry::game(1, Colour::Black, RoundResult::ForfeitLoss)
        );
        t.withdraw(3, 2);
        assert_eq!(t.entry(3, 2).result, RoundResult::ZeroBye);
        assert_eq!(t.entry(3, 3).result, RoundResult::ZeroBye);
        assert_eq!(t.entry(3, 1), RoundEntry::BLANK);
        assert_eq!(t.points_after(1, 3), Points::ONE);
        assert_eq!(t.paired_rounds(), 1);
    }
}
