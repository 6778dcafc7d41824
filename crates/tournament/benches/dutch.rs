//! `cargo bench -p arbiter-tournament` (`DUTCH_BENCH_PLAYERS=N` for
//! another field size): pairs round 9 of a generated
//! 500-player Swiss (rounds 1–8 paired by this engine, results drawn by a
//! fixed pseudo-random sequence favouring the higher rated), and round 2 of
//! a 1,000-player one, and prints the CPU-bound wall time beside the
//! figures measured for bbpPairings on this machine.

use arbiter_tournament::dutch;
use arbiter_tournament::{Colour, Player, RoundEntry, RoundResult, Tournament};
use std::time::Instant;

/// bbpPairings on this 2-core machine (from the shared notes): round 9 of
/// 500 players, and round 1 of 1,000 players, in seconds of CPU.
const BBP_500_R9: f64 = 9.5;
const BBP_1000_R1: f64 = 46.0;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn field(n: u16) -> Tournament {
    let mut t = Tournament {
        rounds_total: Some(9),
        ..Tournament::default()
    };
    for id in 1..=n {
        t.players
            .push(Player::new(id, &format!("Player {id}"), 2800 - id));
    }
    t
}

fn play(t: &mut Tournament, round: usize, rng: &mut Lcg) {
    let p = dutch::pair(t, round).expect("a generated round pairs");
    for b in &p.boards {
        let r = rng.next() % 100;
        let (w, bl) = if r < 40 {
            (RoundResult::Win, RoundResult::Loss)
        } else if r < 70 {
            (RoundResult::Draw, RoundResult::Draw)
        } else {
            (RoundResult::Loss, RoundResult::Win)
        };
        let set = |t: &mut Tournament, id, e| {
            if let Some(p) = t.player_mut(id) {
                p.set_round(round, e);
            }
        };
        set(t, b.white, RoundEntry::game(b.black, Colour::White, w));
        set(t, b.black, RoundEntry::game(b.white, Colour::Black, bl));
    }
    if let Some(id) = p.bye
        && let Some(pl) = t.player_mut(id)
    {
        pl.set_round(round, RoundEntry::bye(RoundResult::PairingBye));
    }
}

/// The CPU time of this process so far, in seconds (user and system, from
/// `/proc/self/stat`; 0 where that cannot be read): the machine is shared,
/// so the wall time alone says little.
fn cpu() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let rest = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<f64>().ok()))
        .sum();
    ticks / 100.0
}

fn main() {
    let mut rng = Lcg(2026);
    let n: u16 = std::env::var("DUTCH_BENCH_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let mut t = field(n);
    let start = Instant::now();
    for round in 1..=8 {
        let (at, c) = (Instant::now(), cpu());
        play(&mut t, round, &mut rng);
        eprintln!(
            "  {n} players, round {round}: {:.2} s, {:.2} s of CPU",
            at.elapsed().as_secs_f64(),
            cpu() - c
        );
    }
    let setup = start.elapsed().as_secs_f64();
    let (start, c) = (Instant::now(), cpu());
    let p = dutch::pair(&t, 9).expect("round 9 pairs");
    let r9 = start.elapsed().as_secs_f64();
    println!(
        "{n} players, round 9: {r9:.2} s, {:.2} s of CPU ({} boards; rounds 1-8 took {setup:.1} s); bbpPairings: about {BBP_500_R9} s of CPU",
        cpu() - c,
        p.boards.len()
    );
    let mut t = field(1000);
    let (start, c) = (Instant::now(), cpu());
    play(&mut t, 1, &mut rng);
    let (r1, c1) = (start.elapsed().as_secs_f64(), cpu() - c);
    println!(
        "1000 players, round 1: {r1:.2} s, {c1:.2} s of CPU; bbpPairings round 1: about {BBP_1000_R1} s of CPU"
    );
    let (start, c) = (Instant::now(), cpu());
    let p = dutch::pair(&t, 2).expect("round 2 pairs");
    let r2 = start.elapsed().as_secs_f64();
    println!(
        "1000 players, round 2: {r2:.2} s, {:.2} s of CPU ({} boards)",
        cpu() - c,
        p.boards.len()
    );
}
