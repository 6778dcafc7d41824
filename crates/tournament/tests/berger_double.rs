//! Double round robins by the Berger tables (C.05 Annex 1): the second
//! cycle plays the table's rounds in order with colours reversed, and the
//! first cycle plays the table's last two rounds in reverse order, so that
//! no one has the same colour three times running where the cycles meet.

use arbiter_tournament::berger;

fn boards(players: usize, round: usize, double: bool) -> Vec<(u16, u16)> {
    berger::round(players, round, double)
        .unwrap()
        .boards
        .iter()
        .map(|b| (b.white, b.black))
        .collect()
}

#[test]
fn the_last_two_rounds_of_the_first_cycle_swap() {
    for players in 3..=24 {
        let single = berger::rounds(players, false);
        assert_eq!(berger::rounds(players, true), 2 * single);
        for r in 1..=single {
            let table = if r + 1 == single {
                single
            } else if r == single {
                single - 1
            } else {
                r
            };
            assert_eq!(
                boards(players, r, true),
                boards(players, table, false),
                "{players} players, round {r}"
            );
            let reversed: Vec<(u16, u16)> = boards(players, r, false)
                .into_iter()
                .map(|(w, b)| (b, w))
                .collect();
            assert_eq!(
                boards(players, single + r, true),
                reversed,
                "{players} players, round {}",
                single + r
            );
        }
    }
}

/// Six players, as the handbook's table gives them: rounds 4 and 5 of the
/// first cycle swap; round 6 is round 1 with colours reversed.
#[test]
fn six_players_double() {
    assert_eq!(boards(6, 4, true), vec![(3, 6), (4, 2), (5, 1)]);
    assert_eq!(boards(6, 5, true), vec![(6, 5), (1, 4), (2, 3)]);
    assert_eq!(boards(6, 6, true), vec![(6, 1), (5, 2), (4, 3)]);
}

/// No player of an even field has the same colour in three rounds
/// running anywhere in the double round robin.
#[test]
fn no_three_colours_running() {
    for players in (4..=24).step_by(2) {
        let total = berger::rounds(players, true);
        let mut colours = vec![Vec::new(); players + 1];
        for r in 1..=total {
            for (w, b) in boards(players, r, true) {
                colours[usize::from(w)].push('w');
                colours[usize::from(b)].push('b');
            }
        }
        for (p, c) in colours.iter().enumerate().skip(1) {
            let s: String = c.iter().collect();
            assert!(
                !s.contains("www") && !s.contains("bbb"),
                "{players} players, player {p}: {s}"
            );
        }
    }
}
