//! The Dutch system: the cases of the rules, and the absolute criteria on
//! many generated tournaments (no one meets twice, one bye at most and
//! never twice, no two non-topscorers with the same absolute colour
//! preference, everyone present paired).

use arbiter_tournament::dutch;
use arbiter_tournament::{Colour, Player, PlayerId, RoundEntry, RoundResult, Tournament, trf};
use std::collections::HashSet;

fn case(name: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/dutch/");
    let t = trf::parse(&std::fs::read_to_string(format!("{dir}{name}.trf")).unwrap()).unwrap();
    let want = std::fs::read_to_string(format!("{dir}{name}.expected")).unwrap();
    let p = dutch::pair(&t, t.paired_rounds() + 1).unwrap();
    assert_eq!(p.engine_text(), want, "case {name}");
}

#[test]
fn the_rules_cases() {
    case("c5");
    case("c9");
}

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, m: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % m.max(1)
    }
}

/// Plays a generated tournament round by round, checking each pairing.
fn run(players: u16, rounds: usize, seed: u64) {
    let mut rng = Lcg(seed);
    let mut t = Tournament {
        rounds_total: Some(u16::try_from(rounds).unwrap()),
        ..Tournament::default()
    };
    for id in 1..=players {
        t.players
            .push(Player::new(id, &format!("P{id}"), 2500 - id));
    }
    for round in 1..=rounds {
        // Some ask for a bye or stay away.
        for id in 1..=players {
            if rng.next(20) == 0 {
                let kind = [
                    RoundResult::HalfBye,
                    RoundResult::ZeroBye,
                    RoundResult::FullBye,
                ][rng.next(3) as usize];
                t.player_mut(id)
                    .unwrap()
                    .set_round(round, RoundEntry::bye(kind));
            }
        }
        let p = match dutch::pair(&t, round) {
            Ok(p) => p,
            // A late round of a small field may have no pairing left.
            Err(dutch::PairError::NoPairing(_)) if u64::from(players) <= 2 * round as u64 => return,
            Err(e) => panic!("{players} players, seed {seed}, round {round}: {e}"),
        };
        check(&t, &p, round);
        for b in &p.boards {
            let r = rng.next(10);
            let (w, bl) = match r {
                0..=3 => (RoundResult::Win, RoundResult::Loss),
                4..=6 => (RoundResult::Draw, RoundResult::Draw),
                7 => (RoundResult::ForfeitWin, RoundResult::ForfeitLoss),
                _ => (RoundResult::Loss, RoundResult::Win),
            };
            t.player_mut(b.white)
                .unwrap()
                .set_round(round, RoundEntry::game(b.black, Colour::White, w));
            t.player_mut(b.black)
                .unwrap()
                .set_round(round, RoundEntry::game(b.white, Colour::Black, bl));
        }
        if let Some(id) = p.bye {
            t.player_mut(id)
                .unwrap()
                .set_round(round, RoundEntry::bye(RoundResult::PairingBye));
        }
        // What was written reads back and pairs the same.
        let back = trf::parse(&trf::write(&t)).unwrap();
        assert_eq!(back, t);
    }
}

fn check(t: &Tournament, p: &dutch::Pairing, round: usize) {
    let present: HashSet<PlayerId> = t
        .players
        .iter()
        .filter(|pl| pl.round(round).result == RoundResult::Blank)
        .map(|pl| pl.id)
        .collect();
    let mut seen = HashSet::new();
    for b in &p.boards {
        assert!(
            seen.insert(b.white) && seen.insert(b.black),
            "a player twice"
        );
        let met = (1..round).any(|r| {
            let e = t.player(b.white).unwrap().round(r);
            e.opponent == Some(b.black) && e.result.is_played()
        });
        assert!(
            !met,
            "round {round}: {} and {} met before",
            b.white, b.black
        );
    }
    if let Some(bye) = p.bye {
        assert!(seen.insert(bye));
        let had = (1..round).any(|r| {
            matches!(
                t.player(bye).unwrap().round(r).result,
                RoundResult::PairingBye | RoundResult::ForfeitWin
            )
        });
        assert!(!had, "round {round}: {bye} had the bye or a forfeit win");
    }
    assert_eq!(seen, present, "round {round}: everyone present is paired");
    assert!(p.bye.is_some() == (present.len() % 2 == 1));
}

#[test]
fn generated_tournaments_keep_the_absolute_criteria() {
    for seed in 0..12 {
        let players = [7, 10, 15, 24, 31, 40][seed as usize % 6];
        run(players, 7, seed);
    }
}

mod never_panics {
    use arbiter_tournament::tiebreak::{TieBreak, standings};
    use arbiter_tournament::{dutch, trf};
    use proptest::prelude::*;

    fn block() -> impl Strategy<Value = String> {
        (
            0u16..6,
            prop::sample::select(vec!['w', 'b', '-', ' ']),
            prop::sample::select(vec!['1', '0', '=', '+', '-', 'H', 'F', 'U', 'Z', ' ']),
        )
            .prop_map(|(o, c, r)| format!("  {o:>4} {c} {r}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Whatever the reader accepts, pairing and standings answer.
        #[test]
        fn pairing_and_standings_answer(rows in prop::collection::vec(prop::collection::vec(block(), 0..4), 1..6), xxr in 0u16..6) {
            let mut text = format!("XXR {}\n", xxr.max(1));
            for (i, blocks) in rows.iter().enumerate() {
                text.push_str(&format!("001 {:>4}      {:<33}{:33}{:>4}{:5}{}\n", i + 1, "P", "", "", "", blocks.concat()));
            }
            if let Ok(t) = trf::parse(&text) {
                for round in 0..=t.paired_rounds() + 2 {
                    let _ = dutch::pair(&t, round);
                }
                let tbs: Vec<TieBreak> = ["BH:C1", "BH:M1", "SB", "DE", "WIN", "ARO", "KS", "BPG"]
                    .iter().map(|c| c.parse().unwrap()).collect();
                let _ = standings(&t, t.paired_rounds() + 1, &tbs);
            }
        }
    }
}
