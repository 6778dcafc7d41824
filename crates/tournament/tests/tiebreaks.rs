//! Tie-breaks (C.07, 2023) on hand-checked tournaments.

use arbiter_tournament::tiebreak::{TieBreak, standings};
use arbiter_tournament::{Colour, Player, RoundEntry, RoundResult, Tournament};

fn tournament(ratings: &[u16]) -> Tournament {
    let mut t = Tournament::default();
    for (i, r) in ratings.iter().enumerate() {
        let id = u16::try_from(i + 1).unwrap();
        t.players.push(Player::new(id, &format!("P{id}"), *r));
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

fn bye(t: &mut Tournament, round: usize, id: u16, result: RoundResult) {
    t.player_mut(id)
        .unwrap()
        .set_round(round, RoundEntry::bye(result));
}

fn values(t: &Tournament, codes: &str) -> Vec<(u16, usize, Vec<String>)> {
    let tbs: Vec<TieBreak> = codes.split(',').map(|c| c.parse().unwrap()).collect();
    standings(t, 3, &tbs)
        .into_iter()
        .map(|s| {
            (
                s.id,
                s.rank,
                s.tiebreaks.iter().map(|(_, v)| v.to_string()).collect(),
            )
        })
        .collect()
}

/// A four-player round robin, every value worked out by hand.
#[test]
fn a_round_robin_by_hand() {
    use RoundResult::{Draw, Loss, Win};
    let mut t = tournament(&[2400, 2300, 2200, 2100]);
    game(&mut t, 1, 1, 4, Win);
    game(&mut t, 1, 2, 3, Draw);
    game(&mut t, 2, 4, 3, Loss);
    game(&mut t, 2, 1, 2, Draw);
    game(&mut t, 3, 2, 4, Win);
    game(&mut t, 3, 3, 1, Win);
    let got = values(&t, "BH,BH:C1,SB,WIN,BPG,BWG,KS,ARO");
    let row = |id, rank, v: &[&str]| {
        (
            id,
            rank,
            v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        got,
        vec![
            row(3, 1, &["3.5", "3.5", "2.50", "2", "2", "1", "1.5", "2267"]),
            row(2, 2, &["4.0", "4.0", "2.00", "1", "1", "0", "1.0", "2233"]),
            row(1, 3, &["4.5", "4.5", "1.00", "1", "1", "0", "0.5", "2200"]),
            row(4, 4, &["6.0", "4.5", "0.00", "0", "2", "0", "0.0", "2300"]),
        ]
    );
}

/// Byes, forfeits and an absence: the unplayed rounds count against a
/// dummy opponent with the player's own points, and the voluntarily
/// unplayed ones are cut first.
#[test]
fn unplayed_rounds_meet_the_dummy_opponent() {
    use RoundResult::{Draw, ForfeitLoss, ForfeitWin, HalfBye, Win, ZeroBye};
    let mut t = tournament(&[2000, 1900, 1800, 1700]);
    game(&mut t, 1, 1, 2, Win);
    game(&mut t, 1, 3, 4, Draw);
    game(&mut t, 2, 3, 1, Draw);
    t.player_mut(2)
        .unwrap()
        .set_round(2, RoundEntry::game(4, Colour::White, ForfeitLoss));
    t.player_mut(4)
        .unwrap()
        .set_round(2, RoundEntry::game(2, Colour::Black, ForfeitWin));
    bye(&mut t, 3, 1, HalfBye);
    game(&mut t, 3, 2, 3, RoundResult::Loss);
    bye(&mut t, 3, 4, ZeroBye);
    let row = |id, rank, v: &[&str]| {
        (
            id,
            rank,
            v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        values(&t, "BH:C1,BH,SB,WIN,WON"),
        vec![
            // 3 met 4, whose absence in the last round (after which 4 played
            // no more) counts as a draw for 4's opponents: 4 counts 2.0, not
            // 1.5 (C.07 2023, 16; the FIDE exercise's fourth answer).
            row(3, 1, &["4.0", "4.0", "2.00", "1", "1"]),
            row(1, 2, &["2.0", "4.0", "2.00", "1", "1"]),
            row(4, 3, &["3.5", "5.0", "2.50", "1", "0"]),
            row(2, 4, &["4.0", "4.0", "0.00", "0", "0"]),
        ]
    );
    // Buchholz alone puts the player with the bye first.
    let order: Vec<u16> = values(&t, "BH").iter().map(|r| r.0).collect();
    assert_eq!(order, vec![1, 3, 4, 2]);
}

/// Direct encounter separates the tied who all met; the ranks shared by
/// those tied on everything.
#[test]
fn direct_encounter_and_shared_ranks() {
    use RoundResult::{Draw, Win};
    let mut t = tournament(&[2000, 2000, 2000, 2000]);
    game(&mut t, 1, 1, 2, Draw);
    game(&mut t, 1, 3, 4, Draw);
    game(&mut t, 2, 2, 3, Win);
    game(&mut t, 2, 4, 1, Win);
    game(&mut t, 3, 1, 3, Draw);
    game(&mut t, 3, 4, 2, Draw);
    // Points: 1: 1.0, 2: 2.0, 3: 1.0, 4: 2.0. 2 and 4 drew: DE does not separate.
    let got = values(&t, "DE");
    assert_eq!(
        got.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        vec![(2, 1), (4, 1), (1, 3), (3, 3)]
    );
    let mut t2 = t.clone();
    // Make 4 beat 2 in round 3 instead: 4 has 2.5, 2 has 1.5 — then 1 and 3 tie and drew.
    game(&mut t2, 3, 4, 2, Win);
    let got = values(&t2, "DE");
    assert_eq!(got[0].0, 4);
    // 2 (1.5) is alone; 1 and 3 (1.0 each) drew each other: shared rank 3.
    assert_eq!(
        got.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        vec![(4, 1), (2, 2), (1, 3), (3, 3)]
    );
    // A decisive game between the tied separates them.
    let mut t3 = tournament(&[2000, 2000, 2000, 2000]);
    game(&mut t3, 1, 1, 2, Win);
    game(&mut t3, 1, 3, 4, Draw);
    game(&mut t3, 2, 2, 3, Win);
    game(&mut t3, 2, 4, 1, Win);
    game(&mut t3, 3, 1, 3, Draw);
    game(&mut t3, 3, 4, 2, RoundResult::Loss);
    // Points: 1: 1.5, 2: 2.0, 3: 1.0, 4: 1.5; 4 beat 1.
    let got = values(&t3, "DE");
    let ranks: Vec<(u16, usize, String)> = got.iter().map(|r| (r.0, r.1, r.2[0].clone())).collect();
    assert_eq!(
        ranks,
        vec![
            (2, 1, "0.0".to_owned()),
            (4, 2, "1.0".to_owned()),
            (1, 3, "0.0".to_owned()),
            (3, 4, "0.0".to_owned())
        ]
    );
}
