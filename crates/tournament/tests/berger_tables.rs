//! The Berger tables the crate builds against tables typed from the FIDE
//! Handbook (C.05, Annex 1).

use arbiter_tournament::berger;

#[test]
fn matches_the_published_tables() {
    let text = include_str!("data/berger.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (head, boards) = line.split_once(':').unwrap();
        let mut nums = head.split_whitespace().map(|n| n.parse::<usize>().unwrap());
        let (players, round) = (nums.next().unwrap(), nums.next().unwrap());
        let got = berger::round(players, round, false).unwrap();
        let got: Vec<String> = got
            .boards
            .iter()
            .map(|b| format!("{}-{}", b.white, b.black))
            .collect();
        let want: Vec<&str> = boards.split_whitespace().collect();
        assert_eq!(got, want, "{players} players, round {round}");
        // The same table with the last number as the bye, for the odd field.
        let odd = berger::round(players - 1, round, false).unwrap();
        let with_bye: Vec<String> = want
            .iter()
            .filter(|b| !b.split('-').any(|n| n == players.to_string()))
            .map(|b| (*b).to_owned())
            .collect();
        let odd_got: Vec<String> = odd
            .boards
            .iter()
            .map(|b| format!("{}-{}", b.white, b.black))
            .collect();
        assert_eq!(odd_got, with_bye, "{} players, round {round}", players - 1);
        assert!(odd.bye.is_some());
        checked += 1;
    }
    assert_eq!(checked, 3 + 5 + 7 + 9 + 11 + 13);
}
