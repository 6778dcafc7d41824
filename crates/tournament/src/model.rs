//! Players, rounds and results: the tournament as the report file records it.

use crate::points::{PointSystem, Points};
use serde::Serialize;

/// A player's starting-rank (pairing) number, 1 to 9999 as the report
/// file's four columns allow.
pub type PlayerId = u16;

/// The colour a player had (or is scheduled to have) in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The result of one round for one player, by the codes of the report file
/// (TRF16 and TRF-2026, player section, "Result").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum RoundResult {
    /// `1`: a game won.
    Win,
    /// `=`: a game drawn.
    Draw,
    /// `0`: a game lost.
    Loss,
    /// `+`: won by forfeit (the opponent did not play).
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won, the game lasting less than one move (not rated).
    UnratedWin,
    /// `D`: drawn, the game lasting less than one move (not rated).
    UnratedDraw,
    /// `L`: lost, the game lasting less than one move (not rated).
    UnratedLoss,
    /// `H`: a half-point bye the player asked for.
    HalfBye,
    /// `F`: a full-point bye the player asked for.
    FullBye,
    /// `U`: the pairing-allocated bye (at most one a round).
    PairingBye,
    /// `Z`: a zero-point bye (a known absence).
    ZeroBye,
    /// A blank result: equivalent to `Z` in a past round, "not yet played"
    /// in the round being played.
    Blank,
}

impl RoundResult {
    /// The code written in the report file.
    #[must_use]
    pub fn code(self) -> char {
        match self {
            RoundResult::Win => '1',
            RoundResult::Draw => '=',
            RoundResult::Loss => '0',
            RoundResult::ForfeitWin => '+',
            RoundResult::ForfeitLoss => '-',
            RoundResult::UnratedWin => 'W',
            RoundResult::UnratedDraw => 'D',
            RoundResult::UnratedLoss => 'L',
            RoundResult::HalfBye => 'H',
            RoundResult::FullBye => 'F',
            RoundResult::PairingBye => 'U',
            RoundResult::ZeroBye => 'Z',
            RoundResult::Blank => ' ',
        }
    }

    /// The result a code stands for; letters in either case (TRF-2026:
    /// "letter codes are case-insensitive").
    #[must_use]
    pub fn from_code(c: char) -> Option<RoundResult> {
        Some(match c.to_ascii_uppercase() {
            '1' => RoundResult::Win,
            '=' => RoundResult::Draw,
            '0' => RoundResult::Loss,
            '+' => RoundResult::ForfeitWin,
            '-' => RoundResult::ForfeitLoss,
            'W' => RoundResult::UnratedWin,
            'D' => RoundResult::UnratedDraw,
            'L' => RoundResult::UnratedLoss,
            'H' => RoundResult::HalfBye,
            'F' => RoundResult::FullBye,
            'U' => RoundResult::PairingBye,
            'Z' => RoundResult::ZeroBye,
            ' ' => RoundResult::Blank,
            _ => return None,
        })
    }

    /// Whether the result needs an opponent: a game or a forfeit.
    #[must_use]
    pub fn has_opponent(self) -> bool {
        matches!(
            self,
            RoundResult::Win
                | RoundResult::Draw
                | RoundResult::Loss
                | RoundResult::ForfeitWin
                | RoundResult::ForfeitLoss
                | RoundResult::UnratedWin
                | RoundResult::UnratedDraw
                | RoundResult::UnratedLoss
        )
    }

    /// Whether a game was played over the board: the players met, for the
    /// pairing (C.04.1: they may not meet again) and for the tie-breaks.
    #[must_use]
    pub fn is_played(self) -> bool {
        matches!(
            self,
            RoundResult::Win
                | RoundResult::Draw
                | RoundResult::Loss
                | RoundResult::UnratedWin
                | RoundResult::UnratedDraw
                | RoundResult::UnratedLoss
        )
    }

    /// The points this result scores under a point system.
    #[must_use]
    pub fn points(self, system: &PointSystem) -> Points {
        match self {
            RoundResult::Win | RoundResult::UnratedWin | RoundResult::ForfeitWin => system.win,
            RoundResult::FullBye => system.win,
            RoundResult::Draw | RoundResult::UnratedDraw | RoundResult::HalfBye => system.draw,
            RoundResult::Loss | RoundResult::UnratedLoss => system.loss,
            RoundResult::ForfeitLoss | RoundResult::ZeroBye | RoundResult::Blank => system.absence,
            RoundResult::PairingBye => system.pairing_bye,
        }
    }

    /// The result the opponent has: `1` against `0`, `+` against `-`.
    #[must_use]
    pub fn mirrored(self) -> Option<RoundResult> {
        Some(match self {
            RoundResult::Win => RoundResult::Loss,
            RoundResult::Loss => RoundResult::Win,
            RoundResult::Draw => RoundResult::Draw,
            RoundResult::ForfeitWin => RoundResult::ForfeitLoss,
            RoundResult::ForfeitLoss => RoundResult::ForfeitWin,
            RoundResult::UnratedWin => RoundResult::UnratedLoss,
            RoundResult::UnratedLoss => RoundResult::UnratedWin,
            RoundResult::UnratedDraw => RoundResult::UnratedDraw,
            _ => return None,
        })
    }
}

/// One round of one player: the opponent (none for a bye or an absence),
/// the colour and the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RoundEntry {
    /// The opponent's starting rank; `None` for `0000` or blanks.
    pub opponent: Option<PlayerId>,
    /// The colour; `None` for `-` or a blank.
    pub colour: Option<Colour>,
    /// The result.
    pub result: RoundResult,
}

impl RoundEntry {
    /// An empty round: no opponent, no colour, no result.
    pub const BLANK: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        result: RoundResult::Blank,
    };

    /// Whether the round is wholly blank (nothing written in its columns).
    #[must_use]
    pub fn is_blank(&self) -> bool {
        *self == RoundEntry::BLANK
    }

    /// A game between the player and `opponent` with `colour`, its result
    /// `result`.
    #[must_use]
    pub fn game(opponent: PlayerId, colour: Colour, result: RoundResult) -> RoundEntry {
        RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            result,
        }
    }

    /// A round without opponent (a bye or an absence).
    #[must_use]
    pub fn bye(result: RoundResult) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            result,
        }
    }
}

/// A player of the tournament, with the fields of the report file's `001`
/// record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub struct Player {
    /// The starting rank (pairing number).
    pub id: PlayerId,
    /// `m`, `w` or blank.
    pub sex: String,
    /// The title (GM, IM, WGM…), or empty.
    pub title: String,
    /// "Lastname, Firstname".
    pub name: String,
    /// The FIDE rating; 0 for unrated.
    pub rating: u16,
    /// The federation's three-letter code, or empty.
    pub federation: String,
    /// The FIDE number, or empty.
    pub fide_id: String,
    /// The birth date as written (YYYY/MM/DD), or empty.
    pub birth: String,
    /// The points written in the file, if any (informative: the points that
    /// count are computed from the results).
    pub points_written: Option<Points>,
    /// The rank written in the file, if any.
    pub rank_written: Option<u16>,
    /// Round 1, round 2…: the rounds written for this player.
    pub rounds: Vec<RoundEntry>,
}

impl Player {
    /// A player with only a number, a name and a rating.
    #[must_use]
    pub fn new(id: PlayerId, name: &str, rating: u16) -> Player {
        Player {
            id,
            name: name.to_owned(),
            rating,
            ..Player::default()
        }
    }

    /// The entry of round `round` (1-based); blank past the last written.
    #[must_use]
    pub fn round(&self, round: usize) -> RoundEntry {
        round
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i).copied())
            .unwrap_or(RoundEntry::BLANK)
    }

    /// Sets the entry of round `round` (1-based), filling the rounds between
    /// with blanks. Round 0 is ignored.
    pub fn set_round(&mut self, round: usize, entry: RoundEntry) {
        let Some(i) = round.checked_sub(1) else {
            return;
        };
        if self.rounds.len() <= i {
            self.rounds.resize(i + 1, RoundEntry::BLANK);
        }
        self.rounds[i] = entry;
        while self.rounds.last().is_some_and(RoundEntry::is_blank) {
            self.rounds.pop();
        }
    }

    /// The points of the first `rounds` rounds under `system`.
    #[must_use]
    pub fn points_after(&self, rounds: usize, system: &PointSystem) -> Points {
        (1..=rounds)
            .map(|r| self.round(r).result.points(system))
            .sum()
    }
}
