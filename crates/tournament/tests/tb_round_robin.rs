//! Tie-breaks of a round robin (C.07 2023): the bye of an odd field is no
//! game and meets no dummy opponent, a forfeit counts nothing for
//! Buchholz and Sonneborn-Berger, and Koya's half of the maximum counts
//! the games a player could play. Every value worked out by hand.

use arbiter_tournament::tiebreak::{Context, TieBreak};
use arbiter_tournament::{Colour, Player, RoundEntry, RoundResult, Tournament};

fn tournament(n: u16, rounds: u16) -> Tournament {
    let mut t = Tournament {
        rounds_total: Some(rounds),
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

fn value(t: &Tournament, code: &str, id: u16) -> String {
    let tb: TieBreak = code.parse().unwrap();
    Context::new(t, 5).value(tb, id, &[id]).to_string()
}

/// Five players by the Berger table of six (6 is the bye):
/// R1 2–5 1–0, 3–4 ½ (1 sits out); R2 5–3 0–1, 1–2 ½ (4 out);
/// R3 3–1 0–1, 4–5 1–0 (2 out); R4 1–4 1–0, 2–3 won by forfeit (5 out);
/// R5 4–2 ½, 5–1 0–1 (3 out).
/// Points: 1 3.5, 2 3.0, 4 2.0, 3 1.5, 5 0.
fn five() -> Tournament {
    use RoundResult::{Draw, ForfeitWin, Loss, Win};
    let mut t = tournament(5, 5);
    game(&mut t, 1, 2, 5, Win);
    game(&mut t, 1, 3, 4, Draw);
    game(&mut t, 2, 5, 3, Loss);
    game(&mut t, 2, 1, 2, Draw);
    game(&mut t, 3, 3, 1, Loss);
    game(&mut t, 3, 4, 5, Win);
    game(&mut t, 4, 1, 4, Win);
    game(&mut t, 4, 2, 3, ForfeitWin);
    game(&mut t, 5, 4, 2, Draw);
    game(&mut t, 5, 5, 1, Loss);
    t
}

#[test]
fn koya_counts_the_games_a_player_can_play() {
    let t = five();
    // Each plays 4 games (5 rounds, one bye): the maximum is 4, half of
    // it 2; 1 (3.5), 2 (3) and 4 (2) reach it. (Counting the bye's round,
    // the half would be 2.5 and 4 would not.)
    // 1: ½ against 2, 1 against 4.
    assert_eq!(value(&t, "KS", 1), "1.5");
    // 2: ½ against 1, ½ against 4.
    assert_eq!(value(&t, "KS", 2), "1.0");
    // 4: 0 against 1, ½ against 2.
    assert_eq!(value(&t, "KS", 4), "0.5");
    // 3: ½ against 4, 0 against 1, the forfeit lost to 2.
    assert_eq!(value(&t, "KS", 3), "0.5");
}

#[test]
fn buchholz_in_a_round_robin() {
    let t = five();
    // 2: 5 (0) + 1 (3.5) + 4 (2); the bye (round 3) and the forfeit won
    // from 3 (round 4) count nothing. A Swiss would count two dummies of
    // 3.0 instead: 11.5.
    assert_eq!(value(&t, "BH", 2), "5.5");
    // 3: 4 (2) + 5 (0) + 1 (3.5) + the forfeit to 2 (nothing).
    assert_eq!(value(&t, "BH", 3), "5.5");
    // Sonneborn-Berger of 1: ½ × 3 + 1 × 1.5 + 1 × 2 + 1 × 0.
    assert_eq!(value(&t, "SB", 1), "5.00");
    // of 2: 1 × 0 + ½ × 3.5 + the forfeit (nothing) + ½ × 2.
    assert_eq!(value(&t, "SB", 2), "2.75");
}
