//! Round trip: for every legal move in ≥ 5,000 positions from real games, printing in a
//! style and parsing the text back gives the same move — in every written style, every
//! national letter table, every spoken lexicon and braille. English SAN is compared with
//! python-chess, run now as an oracle (tests/san_oracle.py).

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use arbiter_notation::{LetterSet, Lexicon, Style, parse, render};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{EnPassantMode, Position};

const POSITIONS: usize = 6000;

/// Spread the sample over all games: every k-th position.
fn sample() -> Vec<shakmaty::Chess> {
    let all = common::positions();
    assert!(
        all.len() >= POSITIONS,
        "only {} positions in the sample",
        all.len()
    );
    let step = all.len() / POSITIONS;
    all.into_iter().step_by(step).take(POSITIONS).collect()
}

#[test]
fn every_style_round_trips() {
    let positions = sample();
    let styles = Style::all();
    let mut checked = 0u64;
    let mut failures = Vec::new();
    for pos in &positions {
        for m in pos.legal_moves() {
            for &st in &styles {
                let text = render(pos, m, st);
                match parse(pos, &text, Some(st)) {
                    Ok((back, _)) if back == m => {}
                    other => failures.push(format!(
                        "{} {:?}: {:?} -> {:?}",
                        Fen::from_position(pos, EnPassantMode::Legal),
                        st,
                        text,
                        other.map(|(b, _)| b)
                    )),
                }
                checked += 1;
            }
        }
    }
    eprintln!(
        "round trip: {} positions, {} style×move checks, {} failures",
        positions.len(),
        checked,
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
    assert!(checked > 1_000_000);
}

/// Without `--from`, the style is detected: every style whose letters cannot be read as
/// another language's must come back as the same move.
#[test]
fn detected_styles_round_trip() {
    let positions = sample();
    let styles = [
        Style::Uci,
        Style::San,
        Style::Figurine,
        Style::Braille,
        Style::Long(LetterSet::En),
        Style::Letters(LetterSet::Ru),
        Style::Long(LetterSet::Ru),
        Style::Letters(LetterSet::De),
        Style::Spoken(Lexicon::FideDe),
        Style::Spoken(Lexicon::RuFide),
        Style::Spoken(Lexicon::Ru),
        Style::Spoken(Lexicon::En),
        Style::Spoken(Lexicon::Nato),
    ];
    let mut failures = Vec::new();
    let mut checked = 0;
    for pos in positions.iter().step_by(3) {
        for m in pos.legal_moves() {
            for &st in &styles {
                let text = render(pos, m, st);
                match parse(pos, &text, None) {
                    Ok((back, _)) if back == m => {}
                    other => failures.push(format!("{st:?}: {text:?} -> {other:?}")),
                }
                checked += 1;
            }
        }
    }
    eprintln!("detected: {checked} checks, {} failures", failures.len());
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn english_san_equals_python_chess() {
    let positions = sample();
    let mut input = String::new();
    let mut ours = Vec::new();
    for pos in &positions {
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        for m in pos.legal_moves() {
            input.push_str(&format!("{fen}\t{}\n", UciMove::from_standard(m)));
            ours.push(render(pos, m, Style::San));
        }
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/san_oracle.py");
    let mut child = Command::new(python3())
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 must be installed (with `pip install chess`) for the SAN oracle");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("python3 ran");
    writer.join().expect("writer").expect("wrote");
    assert!(
        out.status.success(),
        "python-chess oracle failed (is `chess` installed?): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs: Vec<String> = String::from_utf8(out.stdout)
        .expect("utf8")
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(
        theirs.len(),
        ours.len(),
        "oracle answered a different number of moves"
    );
    let diffs: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("ours {a} python-chess {b}"))
        .collect();
    eprintln!(
        "SAN vs python-chess: {} moves, {} differences",
        ours.len(),
        diffs.len()
    );
    assert!(
        diffs.is_empty(),
        "{}",
        diffs[..diffs.len().min(20)].join("\n")
    );
}

/// The Python with python-chess: the project's `.venv` (scripts/setup.sh),
/// else `python3` from the PATH.
fn python3() -> std::path::PathBuf {
    let venv = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../.venv/bin/python3"
    ));
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}
