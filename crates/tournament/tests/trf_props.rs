//! The report file: random bytes never panic the reader; every tournament
//! written is read back identically, and written again to the same text.

use arbiter_tournament::tournament::{Acceleration, ByeRecord};
use arbiter_tournament::trf::{self, TrfErrorKind};
use arbiter_tournament::{Colour, Player, Points, RoundEntry, RoundResult, Tournament, TrfVersion};
use proptest::prelude::*;

const NAMES: [&str; 5] = [
    "Ivanov, Ivan",
    "Petrova, Анна",
    "Müller, Jörg",
    "O'Brien, Sean",
    "Li, Wei",
];

const RESULTS: [RoundResult; 8] = [
    RoundResult::Win,
    RoundResult::Draw,
    RoundResult::Loss,
    RoundResult::ForfeitWin,
    RoundResult::ForfeitLoss,
    RoundResult::UnratedWin,
    RoundResult::UnratedDraw,
    RoundResult::UnratedLoss,
];

const BYES: [RoundResult; 5] = [
    RoundResult::HalfBye,
    RoundResult::FullBye,
    RoundResult::PairingBye,
    RoundResult::ZeroBye,
    RoundResult::Blank,
];

fn build(n: usize, rounds: usize, seed: Vec<u32>, v2026: bool) -> Tournament {
    let mut s = seed.into_iter().cycle();
    let mut next = move |m: usize| s.next().unwrap_or(0) as usize % m.max(1);
    let mut t = Tournament {
        version: if v2026 {
            TrfVersion::Trf2026
        } else {
            TrfVersion::Trf16
        },
        headers: vec![
            ("012".into(), "Generated Open".into()),
            ("022".into(), "Москва".into()),
        ],
        rounds_total: Some(u16::try_from(rounds + next(3)).unwrap()),
        initial_colour: [None, Some(Colour::White), Some(Colour::Black)][next(3)],
        ..Tournament::default()
    };
    for id in 1..=n {
        let mut p = Player::new(
            u16::try_from(id).unwrap(),
            NAMES[next(5)],
            [0, 1500, 2850][next(3)],
        );
        p.title = ["", "GM", "WIM"][next(3)].into();
        p.sex = ["", "m", "w"][next(3)].into();
        p.federation = ["", "RUS", "GER"][next(3)].into();
        p.points_written = [None, Some(Points(15))][next(2)];
        p.rank_written = [None, Some(u16::try_from(id).unwrap())][next(2)];
        t.players.push(p);
    }
    for r in 1..=rounds {
        let mut order: Vec<u16> = (1..=u16::try_from(n).unwrap()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, next(i + 1));
        }
        while order.len() >= 2 {
            let (a, b) = (order.pop().unwrap(), order.pop().unwrap());
            let res = RESULTS[next(RESULTS.len())];
            let c = if next(2) == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            t.player_mut(a)
                .unwrap()
                .set_round(r, RoundEntry::game(b, c, res));
            t.player_mut(b).unwrap().set_round(
                r,
                RoundEntry::game(a, c.opposite(), res.mirrored().unwrap()),
            );
        }
        if let Some(a) = order.pop() {
            t.player_mut(a)
                .unwrap()
                .set_round(r, RoundEntry::bye(BYES[next(BYES.len())]));
        }
    }
    if n > 0 && next(2) == 0 {
        t.accelerations.push(Acceleration {
            player: 1,
            points: vec![Points(10), Points(5)],
        });
    }
    if v2026 && n > 1 {
        t.byes.push(ByeRecord {
            kind: RoundResult::HalfBye,
            round: u16::try_from(rounds + 1).unwrap(),
            players: vec![1, 2],
        });
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = trf::parse_bytes(&bytes);
    }

    #[test]
    fn random_player_lines_never_panic(tail in "[ 0-9wbWBDLHFUZ=+\\-]{0,120}") {
        let _ = trf::parse(&format!("001    1{tail}"));
    }

    #[test]
    fn written_files_read_back(n in 0usize..12, rounds in 0usize..6, seed in proptest::collection::vec(any::<u32>(), 1..50), v2026 in any::<bool>()) {
        let t = build(n, rounds, seed, v2026);
        let text = trf::write(&t);
        let back = trf::parse(&text).unwrap();
        // The version is read from the records: a TRF16 file without any
        // TRF-2026 record stays TRF16, and the reverse.
        prop_assert_eq!(&back, &t);
        prop_assert_eq!(trf::write(&back), text);
    }
}

#[test]
fn the_fault_is_located() {
    let t = build(4, 2, vec![7, 3, 9, 1, 4], false);
    let text = trf::write(&t);
    // Spoil the first result of the second player line.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let i = lines
        .iter()
        .position(|l| l.starts_with("001    2"))
        .unwrap();
    let mut chars: Vec<char> = lines[i].chars().collect();
    chars[98] = '?';
    lines[i] = chars.into_iter().collect();
    let e = trf::parse(&lines.join("\n")).unwrap_err();
    assert_eq!(
        (e.line, e.column, e.kind),
        (i + 1, 99, TrfErrorKind::BadResult('?'))
    );
}
