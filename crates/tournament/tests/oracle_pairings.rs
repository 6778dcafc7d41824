//! The Dutch system against recorded outputs of a FIDE-endorsed engine:
//! every case in `data/oracle/pairings.txt` is a tournament report (TRF16)
//! with the rounds played so far and the byes asked for in the round to
//! pair, and the pairing bbpPairings printed for that round (its `-p`
//! output), or "no pairing" where it found none. The cases are rounds of
//! generated tournaments (4 to 70 players, 3 to 11 rounds, rating ties,
//! draws, forfeits, half- and zero-point byes, full-point byes asked for,
//! withdrawals, odd fields); `data/oracle/README.md` says how they were
//! made. Each must be paired exactly so: the same boards in the same
//! order, the same colours, the same bye.

use arbiter_tournament::{dutch, trf};

/// One recorded round.
struct Case<'a> {
    name: &'a str,
    trf: String,
    expected: &'a str,
}

fn cases(text: &str) -> Vec<Case<'_>> {
    let mut out = Vec::new();
    for block in text.split("=== ").skip(1) {
        let (name, rest) = block.split_once('\n').expect("a case name");
        let (trf, expected) = rest.split_once("--- pairs\n").expect("a pairs section");
        out.push(Case {
            name,
            trf: trf.to_owned(),
            expected,
        });
    }
    out
}

/// What our engine prints for the case, as the engine's `-p` (or "no
/// pairing").
fn ours(trf_text: &str) -> String {
    let t = match trf::parse(trf_text) {
        Ok(t) => t,
        Err(e) => return format!("unreadable: {e}\n"),
    };
    match dutch::pair(&t, t.paired_rounds() + 1) {
        Ok(p) => p.engine_text(),
        Err(dutch::PairError::NoPairing(_)) => "no pairing\n".to_owned(),
        Err(e) => format!("refused: {e}\n"),
    }
}

#[test]
fn every_recorded_round_is_paired_as_the_endorsed_engine_paired_it() {
    let text = include_str!("data/oracle/pairings.txt");
    let all = cases(text);
    assert!(all.len() >= 500, "only {} cases read", all.len());
    let mut wrong = Vec::new();
    for (k, c) in all.iter().enumerate() {
        // bbpPairings writes records ended by a bare CR; some cases are
        // read that way, some with CR LF, the rest with LF.
        let input = match k % 5 {
            1 => c.trf.replace('\n', "\r"),
            3 => c.trf.replace('\n', "\r\n"),
            _ => c.trf.clone(),
        };
        let got = ours(&input);
        if got != c.expected {
            wrong.push(format!(
                "{}:\n  expected {:?}\n  got      {:?}",
                c.name, c.expected, got
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} rounds differ from the engine:\n{}",
        wrong.len(),
        all.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_recorded_cases_cover_what_the_comparison_is_about() {
    let text = include_str!("data/oracle/pairings.txt");
    let all = cases(text);
    let has = |f: &dyn Fn(&Case<'_>) -> bool| all.iter().filter(|c| f(c)).count();
    // Pairing-allocated byes, requested byes, forfeits, withdrawals (a
    // zero-point bye in the round to pair), rounds with no pairing, and
    // fields past 40 players all occur more than a few times.
    assert!(has(&|c| c.expected.lines().any(|l| l.ends_with(" 0"))) > 100);
    assert!(has(&|c| c.trf.contains(" 0000 - H")) > 50);
    assert!(has(&|c| c.trf.contains(" 0000 - F")) > 10);
    assert!(has(&|c| c.trf.contains(" 0000 - Z")) > 50);
    assert!(has(&|c| c.trf.contains(" + ") || c.trf.contains(" +\n")) > 50);
    assert!(has(&|c| c.expected == "no pairing\n") >= 10);
    assert!(has(&|c| c.trf.matches("\n001 ").count() >= 40) >= 10);
}

#[test]
fn a_changed_recording_is_caught() {
    // The comparison is exact: swapping the colours of one board of a
    // recorded pairing makes it differ from what the engine gives.
    let text = include_str!("data/oracle/pairings.txt");
    let all = cases(text);
    let c = all
        .iter()
        .find(|c| c.expected.lines().count() > 3 && c.expected != "no pairing\n")
        .expect("a case with boards");
    let mut lines: Vec<String> = c.expected.lines().map(str::to_owned).collect();
    let board: Vec<&str> = lines[1].split(' ').collect();
    lines[1] = format!("{} {}", board[1], board[0]);
    let changed = lines.join("\n") + "\n";
    assert_eq!(ours(&c.trf), c.expected);
    assert_ne!(ours(&c.trf), changed);
}
