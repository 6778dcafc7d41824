//! Direct encounter (C.07 2023, 6): only games played over the board
//! among the tied count; when they have all met, their scores among
//! themselves rank them, and those still level are compared again among
//! themselves; when they have not all met, one is placed above the others
//! only if no missing game could bring any of them level. Every case
//! worked out by hand.

use RoundResult::{Draw, Loss, Win};
use arbiter_tournament::tiebreak::{TieBreak, standings};
use arbiter_tournament::{Colour, Player, RoundEntry, RoundResult, Tournament};

fn tournament(n: u16) -> Tournament {
    let mut t = Tournament {
        rounds_total: Some(5),
        ..Tournament::default()
    };
    for id in 1..=n {
        t.players.push(Player::new(id, &format!("P{id}"), 2000));
    }
    t
}

fn game(t: &mut Tournament, round: usize, white: u16, black: u16, result: RoundResult) {
    let mirrored = result.mirrored().unwrap();
    t.player_mut(white)
        .unwrap()
        .set_round(round, RoundEntry::game(black, Colour::White, result));
    t.player_mut(black)
        .unwrap()
        .set_round(round, RoundEntry::game(white, Colour::Black, mirrored));
}

/// (id, rank) of `ids` in the standings by direct encounter alone.
fn places(t: &Tournament, rounds: usize, ids: &[u16]) -> Vec<(u16, usize)> {
    let de: TieBreak = "DE".parse().unwrap();
    standings(t, rounds, &[de])
        .iter()
        .filter(|r| ids.contains(&r.id))
        .map(|r| (r.id, r.rank))
        .collect()
}

/// 1, 2 and 3 end on 2 points; 1 beat 2 and 3, who never met. 1's 2
/// points are out of reach of 2 and 3 (at most 1 each): 1 first; 2 and 3
/// stay level.
#[test]
fn one_out_of_reach_is_placed_first() {
    let mut t = tournament(7);
    game(&mut t, 1, 1, 2, Win);
    game(&mut t, 1, 3, 4, Win);
    game(&mut t, 1, 5, 6, Win);
    game(&mut t, 2, 1, 3, Win);
    game(&mut t, 2, 2, 5, Win);
    game(&mut t, 2, 4, 6, Draw);
    game(&mut t, 3, 4, 1, Win);
    game(&mut t, 3, 2, 6, Win);
    game(&mut t, 3, 3, 7, Win);
    let pts: Vec<_> = (1..=3).map(|id| t.points_after(id, 3).0).collect();
    assert_eq!(pts, vec![20, 20, 20]);
    assert_eq!(places(&t, 3, &[1, 2, 3]), vec![(1, 1), (2, 2), (3, 2)]);
}

/// 1 beat 2; 3 met neither. 1 has 1 point among them, but 3 could still
/// reach 2: no one is placed.
#[test]
fn within_reach_no_one_is_placed() {
    let mut t = tournament(7);
    game(&mut t, 1, 1, 2, Win);
    game(&mut t, 1, 3, 4, Win);
    game(&mut t, 1, 5, 6, Draw);
    game(&mut t, 2, 1, 5, Loss);
    game(&mut t, 2, 2, 6, Win);
    game(&mut t, 2, 3, 7, Loss);
    game(&mut t, 3, 1, 6, Win);
    game(&mut t, 3, 2, 7, Win);
    game(&mut t, 3, 3, 5, Win);
    let pts: Vec<_> = (1..=3).map(|id| t.points_after(id, 3).0).collect();
    assert_eq!(pts, vec![20, 20, 20]);
    assert_eq!(places(&t, 3, &[1, 2, 3]), vec![(1, 1), (2, 1), (3, 1)]);
}

/// 1, 2, 3 and 4 all met and end on 2 points. Among them 2 and 1 made 2,
/// 3 and 4 made 1; compared again between themselves, 2 beat 1, and 3
/// and 4 drew: 2, 1, then 3 and 4 sharing the place.
#[test]
fn those_still_level_are_compared_again() {
    let mut t = tournament(8);
    game(&mut t, 1, 1, 2, Loss);
    game(&mut t, 1, 3, 4, Draw);
    game(&mut t, 2, 1, 3, Win);
    game(&mut t, 2, 2, 4, Draw);
    game(&mut t, 3, 1, 4, Win);
    game(&mut t, 3, 2, 3, Draw);
    game(&mut t, 4, 2, 5, Loss);
    game(&mut t, 4, 1, 6, Loss);
    game(&mut t, 4, 3, 7, Win);
    game(&mut t, 4, 4, 8, Win);
    let pts: Vec<_> = (1..=4).map(|id| t.points_after(id, 4).0).collect();
    assert_eq!(pts, vec![20, 20, 20, 20]);
    assert_eq!(
        places(&t, 4, &[1, 2, 3, 4]),
        vec![(2, 1), (1, 2), (3, 3), (4, 3)]
    );
}

/// A forfeit between the tied is no encounter: 1 won by forfeit against
/// 2, so they have not met, and 2 could still draw level.
#[test]
fn a_forfeit_is_no_encounter() {
    let mut t = tournament(4);
    game(&mut t, 1, 1, 2, RoundResult::ForfeitWin);
    game(&mut t, 1, 3, 4, Win);
    game(&mut t, 2, 2, 3, Win);
    game(&mut t, 2, 4, 1, Win);
    // 1: 1, 2: 1, 3: 1, 4: 1. Among {1, 2, 3, 4} nobody is placed.
    let pts: Vec<_> = (1..=4).map(|id| t.points_after(id, 2).0).collect();
    assert_eq!(pts, vec![10, 10, 10, 10]);
    assert_eq!(
        places(&t, 2, &[1, 2, 3, 4]),
        vec![(1, 1), (2, 1), (3, 1), (4, 1)]
    );
}
