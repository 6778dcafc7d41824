//! The tie-break exercise of the FIDE Technical Commission (2024) for the
//! Tie-Break Regulations of 2023 (Handbook C.07): sixteen players, five
//! rounds, with half-point byes, pairing-allocated byes, forfeits both
//! ways, an absence and a withdrawal. The rounds are the exercise's; the
//! names, ratings (2250 − 50 × number), federations and birth dates are
//! invented. The file was written column by column from the TRF16
//! description of the `001` record, not by this crate.
//!
//! The Buchholz values marked "exercise" are the published answers; the
//! others are worked out by hand in the comments.

use arbiter_tournament::tiebreak::{Context, TieBreak, standings};
use arbiter_tournament::{PlayerId, Points, Tournament, trf};

fn exercise() -> Tournament {
    trf::parse(include_str!("data/tb_exercise.trf")).expect("the exercise reads")
}

fn value(t: &Tournament, code: &str, id: PlayerId) -> String {
    let tb: TieBreak = code.parse().unwrap();
    Context::new(t, 5).value(tb, id, &[id]).to_string()
}

/// The scores, from the crosstable (and from the file's points column).
#[test]
fn the_scores() {
    let t = exercise();
    let want = [
        (1, 35),
        (2, 40),
        (3, 35),
        (4, 35),
        (5, 25),
        (6, 30),
        (7, 15),
        (8, 25),
        (9, 15),
        (10, 10),
        (11, 25),
        (12, 20),
        (13, 15),
        (14, 20),
        (15, 20),
        (16, 35),
    ];
    for (id, tenths) in want {
        assert_eq!(t.points_after(id, 5), Points(tenths), "player {id}");
        let p = t.player(id).unwrap();
        assert_eq!(p.points_written, Some(Points(tenths)), "player {id}");
        assert_eq!(p.rating, 2250 - 50 * id);
    }
    assert_eq!(t.player(9).unwrap().name, "Jessica, Player9");
    assert_eq!(t.player(9).unwrap().federation, "ENG");
    assert_eq!(t.player(9).unwrap().fide_id, "100009");
    assert_eq!(t.player(9).unwrap().birth, "1969/01/09");
    assert_eq!(t.player(9).unwrap().sex, "m");
}

/// Exercises 1 to 4: plain Buchholz, with every kind of unplayed round.
#[test]
fn buchholz_as_the_exercise_answers() {
    let t = exercise();
    // Exercise 1: all five opponents played: 1 + 1.5 + 3.5 + 3.5 + 3.5.
    assert_eq!(value(&t, "BH", 2), "13.0");
    // Exercise 2: opponents with byes count their points as scored
    // (9 has 1.5 with a half-point bye, a forfeit loss and a pairing bye).
    assert_eq!(value(&t, "BH", 1), "12.5");
    assert_eq!(value(&t, "BH", 3), "15.5");
    // Exercise 3: 8 met 14, who has a forfeit loss and an absence before
    // playing again (counted as scored, 2); 11's forfeit win is a game
    // against a dummy with 11's own 2.5.
    assert_eq!(value(&t, "BH", 5), "8.5");
    assert_eq!(value(&t, "BH", 8), "13.5");
    assert_eq!(value(&t, "BH", 11), "13.5");
    // Exercise 4: 4 met 12, who withdrew after round 3: 12's last two
    // rounds count as draws (0 + 1 + 1 + 0.5 + 0.5 = 3, not 2); 4's own
    // half-point bye meets a dummy with 4's 3.5: 3 + 3.5 + 1.5 + 3.5 + 3.5.
    assert_eq!(value(&t, "BH", 16), "12.5");
    assert_eq!(value(&t, "BH", 4), "15.0");
}

/// Exercise 5: Buchholz cut 1.
#[test]
fn buchholz_cut_as_the_exercise_answers() {
    let t = exercise();
    assert_eq!(value(&t, "BH:C1", 5), "7.5"); // 8.5 − 10's 1
    assert_eq!(value(&t, "BH:C1", 8), "12.0"); // 13.5 − 13's 1.5
    // A forfeit win is not voluntarily unplayed: the lowest opponent (7,
    // 1.5) is cut, not the dummy (2.5).
    assert_eq!(value(&t, "BH:C1", 11), "12.0");
}

/// Beyond the exercise, by hand: the voluntarily unplayed rounds are cut
/// first, even when an opponent scored less than the dummy.
#[test]
fn voluntarily_unplayed_rounds_are_cut_first() {
    let t = exercise();
    // 4: 12 (3), dummy 3.5 (half-point bye), 13 (1.5), 3 (3.5), 1 (3.5):
    // the bye goes, not 13: 15 − 3.5.
    assert_eq!(value(&t, "BH:C1", 4), "11.5");
    // 9: 1 (3.5), 10 (1), dummy 1.5 (half-point bye, voluntary), dummy
    // 1.5 (forfeit loss, voluntary), dummy 1.5 (pairing bye, not
    // voluntary) = 9.0; C1 cuts a voluntary 1.5, not 10's 1.
    assert_eq!(value(&t, "BH", 9), "9.0");
    assert_eq!(value(&t, "BH:C1", 9), "7.5");
    // 14: 6 (3), 8 (2.5), dummy 2 (forfeit loss), dummy 2 (absent), 13
    // (1.5) = 11; C1 and C2 cut the two absences, M1 an absence and 6.
    assert_eq!(value(&t, "BH", 14), "11.0");
    assert_eq!(value(&t, "BH:C1", 14), "9.0");
    assert_eq!(value(&t, "BH:C2", 14), "7.0");
    assert_eq!(value(&t, "BH:M1", 14), "6.0");
    // 12 (withdrawn): 4 (3.5), then four rounds against a dummy with
    // 12's own 2 points (pairing bye, forfeit win, two absences).
    assert_eq!(value(&t, "BH", 12), "11.5");
}

/// Sonneborn-Berger: the opponent's (or dummy's) points times the points
/// scored in that round.
#[test]
fn sonneborn_berger_by_hand() {
    let t = exercise();
    // 1: 9 won (1.5) + 13 drawn (0.75) + 2 drawn (2) + 15 won (2) + 4
    // drawn (1.75).
    assert_eq!(value(&t, "SB", 1), "8.00");
    // 3: 11 drawn 1.25 + 6 won 3 + 8 won 2.5 + 4 drawn 1.75 + 2 drawn 2.
    assert_eq!(value(&t, "SB", 3), "10.50");
    // 4: 12 won (3, the withdrawn player's adjusted points) + half-point
    // bye against a dummy of 3.5 (1.75) + 13 won 1.5 + 3 drawn 1.75 + 1
    // drawn 1.75.
    assert_eq!(value(&t, "SB", 4), "9.75");
    // 9: losses 0 + half-point bye 1.5 × 0.5 + forfeit loss 0 + pairing
    // bye 1.5 × 1.
    assert_eq!(value(&t, "SB", 9), "2.25");
    // 16: 8 drawn 1.25 + 11 won 2.5 + 7 won 1.5 + 2 lost 0 + 15 won 2.
    assert_eq!(value(&t, "SB", 16), "7.25");
}

/// Wins (rounds scored as a win, played or not) against games won over
/// the board; games and wins with Black count only games played.
#[test]
fn wins_and_games_with_black() {
    let t = exercise();
    let row = |id| {
        ["WIN", "WON", "BPG", "BWG"]
            .iter()
            .map(|c| value(&t, c, id))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // 6: lost, lost, pairing bye, won, won with Black.
    assert_eq!(row(6), "3 2 2 1");
    // 9: the pairing bye is a win, no game won; Black only in round 1
    // (the forfeit with Black is no game).
    assert_eq!(row(9), "1 0 1 0");
    // 11: forfeit win, won with White in round 5; Black in rounds 1 and 3.
    assert_eq!(row(11), "2 1 2 0");
    // 12: pairing bye and forfeit win, no game won.
    assert_eq!(row(12), "2 0 0 0");
    // 14: won with White (round 1) and with Black (round 5).
    assert_eq!(row(14), "2 2 2 1");
}

/// The average rating of the opponents met over the board, a half
/// rounded up; the cut leaves out the lowest rated.
#[test]
fn average_rating_of_opponents() {
    let t = exercise();
    // 1: 9 (1800), 13 (1600), 2 (2150), 15 (1500), 4 (2050): 9100 / 5.
    assert_eq!(value(&t, "ARO", 1), "1820");
    // 11: 3 (2100), 16 (1450), 5 (2000), 7 (1900): 7450 / 4 = 1862.5.
    assert_eq!(value(&t, "ARO", 11), "1863");
    // Cut 1 leaves out 16 (1450): 6000 / 3.
    assert_eq!(value(&t, "ARO:C1", 11), "2000");
    // 9 met 1 (2200) and 10 (1750) over the board only.
    assert_eq!(value(&t, "ARO", 9), "1975");
}

/// Progressive scores: the running score after each round, summed.
#[test]
fn progressive_scores() {
    let t = exercise();
    // 1: 1 + 1.5 + 2 + 3 + 3.5; cut 1 leaves out round 1.
    assert_eq!(value(&t, "PS", 1), "11.0");
    assert_eq!(value(&t, "PS:C1", 1), "10.0");
    // 4: 1 + 1.5 + 2.5 + 3 + 3.5.
    assert_eq!(value(&t, "PS", 4), "11.5");
}

/// The standings by BH:C1, BH, SB, DE, WIN. Four players have 3.5: 3
/// (BH:C1 13.0), 4 (11.5), then 1 and 16 tie on BH:C1 (11.0) and BH
/// (12.5) and Sonneborn-Berger puts 1 (8.00) above 16 (7.25).
#[test]
fn the_standings() {
    let t = exercise();
    let tbs: Vec<TieBreak> = "BH:C1,BH,SB,DE,WIN"
        .split(',')
        .map(|c| c.parse().unwrap())
        .collect();
    let rows = standings(&t, 5, &tbs);
    let top: Vec<(usize, u16)> = rows.iter().take(5).map(|r| (r.rank, r.id)).collect();
    assert_eq!(top, vec![(1, 2), (2, 3), (3, 4), (4, 1), (5, 16)]);
    let one = rows.iter().find(|r| r.id == 1).unwrap();
    let shown: Vec<String> = one.tiebreaks.iter().map(|(_, v)| v.to_string()).collect();
    // DE reads those still tied when it comes: Sonneborn-Berger has
    // already set 1 apart, so it counts no game (0.0).
    assert_eq!(shown, ["11.0", "12.5", "8.00", "0.0", "2"]);
}

/// Direct encounter does not separate the four on 3.5: they have not all
/// met, and no one's score among them is out of the others' reach.
#[test]
fn direct_encounter_not_all_met() {
    let t = exercise();
    let rows = standings(&t, 5, &["DE".parse().unwrap()]);
    let tied: Vec<(usize, u16)> = rows
        .iter()
        .filter(|r| r.points == Points(35))
        .map(|r| (r.rank, r.id))
        .collect();
    assert_eq!(tied, vec![(2, 1), (2, 3), (2, 4), (2, 16)]);
}
