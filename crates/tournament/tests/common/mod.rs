//! Hand-built tournaments for the tie-break tests: a field of players and
//! the games they play, entered for both sides at once.

#![allow(dead_code)]

use arbiter_tournament::tiebreak::{Context, TieBreak};
use arbiter_tournament::{Colour, Player, PlayerId, RoundEntry, RoundResult, Tournament};

/// Players 1..=`n` (named `P1`…, all rated 2000) in a tournament of
/// `rounds` rounds.
pub fn field(n: u16, rounds: u16) -> Tournament {
    let mut t = Tournament {
        rounds_total: Some(rounds),
        ..Tournament::default()
    };
    for id in 1..=n {
        t.players.push(Player::new(id, &format!("P{id}"), 2000));
    }
    t
}

/// Enters the game `white`–`black` of `round`, `result` being White's, on
/// both players' rows.
pub fn game(t: &mut Tournament, round: usize, white: u16, black: u16, result: RoundResult) {
    let mirrored = result.mirrored().unwrap();
    t.player_mut(white)
        .unwrap()
        .set_round(round, RoundEntry::game(black, Colour::White, result));
    t.player_mut(black)
        .unwrap()
        .set_round(round, RoundEntry::game(white, Colour::Black, mirrored));
}

/// Player `id`'s tie-break `code` after `rounds` rounds, as printed, with
/// no one else tied with him.
pub fn tiebreak(t: &Tournament, rounds: usize, code: &str, id: PlayerId) -> String {
    let tb: TieBreak = code.parse().unwrap();
    Context::new(t, rounds).value(tb, id, &[id]).to_string()
}
