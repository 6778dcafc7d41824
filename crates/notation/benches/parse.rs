//! Parse a localized move (Russian letters, `Кf3`, `С:e5`) against shakmaty's own SAN
//! parse of the same move, in the same run, over positions from real games.
//! Goal: ours ≤ 2× shakmaty. Prints both figures and the ratio at the end.
//!
//! Run: `cargo bench -p arbiter-notation --bench parse`

use std::hint::black_box;
use std::time::Instant;

use arbiter_notation::{LetterSet, Lexicon, Style, parse, render};
use criterion::Criterion;
use shakmaty::san::San;
use shakmaty::{Chess, Position};

#[path = "../tests/common/mod.rs"]
mod common;

/// (position, English SAN, Russian SAN) for the first 2000 positions' game moves.
fn cases() -> Vec<(Chess, String, String, String)> {
    let positions = common::positions();
    let mut out = Vec::new();
    for w in positions.windows(2).take(2000) {
        // The move actually played: the legal move leading to the next position.
        let (a, b) = (&w[0], &w[1]);
        if let Some(m) = a.legal_moves().into_iter().find(|m| {
            a.clone()
                .play(*m)
                .map(|p| p.board() == b.board())
                .unwrap_or(false)
        }) {
            out.push((
                a.clone(),
                render(a, m, Style::San),
                render(a, m, Style::Letters(LetterSet::Ru)),
                render(a, m, Style::Spoken(Lexicon::Ru)),
            ));
        }
    }
    out
}

fn time<F: FnMut()>(mut f: F, reps: u32) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        f();
    }
    t.elapsed().as_secs_f64() / reps as f64
}

fn main() {
    let cases = cases();
    let n = cases.len() as f64;
    let shakmaty_all = || {
        for (pos, san, _, _) in &cases {
            let s: San = black_box(san.as_str()).parse().unwrap();
            black_box(s.to_move(pos).unwrap());
        }
    };
    let ours_ru = || {
        for (pos, _, ru, _) in &cases {
            black_box(parse(pos, black_box(ru), Some(Style::Letters(LetterSet::Ru))).unwrap());
        }
    };
    let ours_auto = || {
        for (pos, _, ru, _) in &cases {
            black_box(parse(pos, black_box(ru), None).unwrap());
        }
    };
    let ours_spoken = || {
        for (pos, _, _, sp) in &cases {
            black_box(parse(pos, black_box(sp), None).unwrap());
        }
    };
    let mut c = Criterion::default().configure_from_args();
    c.bench_function("shakmaty SAN parse (English)", |b| b.iter(shakmaty_all));
    c.bench_function("arbiter parse, Russian letters, --from ru", |b| {
        b.iter(ours_ru)
    });
    c.bench_function("arbiter parse, Russian letters, detected", |b| {
        b.iter(ours_auto)
    });
    c.bench_function("arbiter parse, Russian speech, detected", |b| {
        b.iter(ours_spoken)
    });
    c.final_summary();

    // The figures side by side, in the same run: passes of each parser interleaved, the
    // fastest pass of each kept (the machine is shared; the minimum is the least disturbed).
    let mut best = [f64::MAX; 4];
    for _ in 0..100 {
        let t = [
            time(shakmaty_all, 1),
            time(ours_ru, 1),
            time(ours_auto, 1),
            time(ours_spoken, 1),
        ];
        for k in 0..4 {
            best[k] = best[k].min(t[k] / n * 1e9);
        }
    }
    let [s, r, a, sp] = best;
    println!("moves per pass: {}", cases.len());
    println!("shakmaty SAN parse:                  {s:8.1} ns/move");
    println!(
        "arbiter Russian letters (--from ru): {r:8.1} ns/move  ratio {:.2}x",
        r / s
    );
    println!(
        "arbiter Russian letters (detected):  {a:8.1} ns/move  ratio {:.2}x",
        a / s
    );
    println!(
        "arbiter Russian speech (detected):   {sp:8.1} ns/move  ratio {:.2}x",
        sp / s
    );
}
