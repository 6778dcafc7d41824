//! `arbiter pair` and `arbiter standings` from the command line.

mod common;

use common::{run as arbiter, trf_file as file};

/// A `001` record with a name, points and round 1's block.
fn player(id: u16, name: &str, points: &str, round1: &str) -> String {
    format!(
        "001 {id:>4}      {name:<33}{:33}{points:>4}{:7}{round1}\n",
        "", ""
    )
}

fn two_who_met() -> String {
    player(1, "One", "1.0", "   2 w 1") + &player(2, "Two", "0.0", "   1 b 0")
}

const SIX: &str = "012 Six
XXR 5
001    1      One                               2400
001    2      Two                               2300
001    3      Three                             2200
001    4      Four                              2100
001    5      Five                              2000
001    6      Six                               1900
";

#[test]
fn pairs_round_one_as_the_engines_print_it() {
    let f = file("six.trf", SIX);
    let (code, out, _) = arbiter(&["pair", &f]);
    assert_eq!(code, 0);
    assert_eq!(out, "3\n1 4\n5 2\n3 6\n");
    let (code, out, _) = arbiter(&["pair", &f, "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"round\":1,\"boards\":[{\"white\":1,\"black\":4},{\"white\":5,\"black\":2},{\"white\":3,\"black\":6}],\"bye\":null}\n"
    );
}

#[test]
fn pairs_the_berger_tables() {
    let f = file("rr.trf", SIX);
    let (code, out, _) = arbiter(&["pair", &f, "--system", "berger", "--round", "2"]);
    assert_eq!((code, out.as_str()), (0, "3\n6 4\n5 3\n1 2\n"));
    let (code, out, _) = arbiter(&["pair", &f, "--system", "berger", "--round", "7", "--double"]);
    assert_eq!((code, out.as_str()), (0, "3\n4 6\n3 5\n2 1\n"));
    let (code, _, err) = arbiter(&["pair", &f, "--system", "berger", "--round", "6"]);
    assert_eq!(code, 1);
    assert!(err.contains("round 6"), "{err}");
}

#[test]
fn no_pairing_exits_one_and_bad_files_two() {
    // Two players who already met cannot meet again.
    let met = file("met.trf", &two_who_met());
    let (code, _, err) = arbiter(&["pair", &met]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot all be paired"), "{err}");
    let bad = file("bad.trf", "001    1\n001    1\n");
    let (code, _, err) = arbiter(&["pair", &bad]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column 5"), "{err}");
}

#[test]
fn standings_with_tiebreaks() {
    let f = file("played.trf", &two_who_met());
    let (code, out, _) = arbiter(&["standings", &f, "--tiebreak", "BH,WIN", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "[{\"rank\":1,\"id\":1,\"name\":\"One\",\"points\":1.0,\"tiebreaks\":{\"BH\":0.0,\"WIN\":1.0}},\
         {\"rank\":2,\"id\":2,\"name\":\"Two\",\"points\":0.0,\"tiebreaks\":{\"BH\":1.0,\"WIN\":0.0}}]\n"
    );
    let (code, out, _) = arbiter(&["standings", &f, "--lang", "de"]);
    assert_eq!(code, 0);
    assert!(out.contains("Platz") && out.contains("Punkte"), "{out}");
    let (code, _, _) = arbiter(&["standings", &f, "--tiebreak", "XYZ"]);
    assert_eq!(code, 2);
}

#[test]
fn pairings_and_standings_in_words_and_braille() {
    let f = file("six-words.trf", SIX);
    let (code, out, _) = arbiter(&["pair", &f, "--words"]);
    assert_eq!(code, 0);
    // The engines' pairing "1 4", "5 2", "3 6" read aloud, board by board.
    assert_eq!(
        out.lines().nth(1),
        Some("Round 1, board 1: One, white, against Four")
    );
    let (_, ru, _) = arbiter(&["pair", &f, "--words", "--lexicon", "ru"]);
    assert_eq!(
        ru.lines().nth(2),
        Some("Тур 1, доска 2: белые — Five, чёрные — Two")
    );
    let (code, brf, _) = arbiter(&["pair", &f, "--brf"]);
    assert_eq!(code, 0);
    assert!(brf.is_ascii() && brf.ends_with("\r\n"));
    assert!(
        brf.lines()
            .all(|l| l.trim_end_matches('\r').chars().count() <= 40)
    );
    let (code, _, _) = arbiter(&["pair", &f, "--words", "--lexicon", "xx"]);
    assert_eq!(code, 2);
    let met = file("met-words.trf", &two_who_met());
    let (code, out, _) = arbiter(&[
        "standings",
        &met,
        "--tiebreak",
        "WIN",
        "--words",
        "--lang",
        "de",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Tabelle nach Runde 1\n1. One, 1 Punkt; Siege 1\n2. Two, 0 Punkte; Siege 0\n"
    );
    let (code, brf, _) = arbiter(&["standings", &met, "--brf"]);
    assert_eq!(code, 0);
    assert!(brf.is_ascii());
}
