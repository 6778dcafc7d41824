//! `arbiter pair`'s contract at its edges: a round already played is
//! paired again as of that round; players marked absent in the round's
//! column (`0000 - H`, `Z`, `F`) are left out; no pairing exits 1 with the
//! reason; an empty, malformed or missing file gets a clear error.

use std::process::Command;

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("arbiter-tb-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Three players who have all met, each with a pairing-allocated bye:
/// R1 1–2 1–0 (3 bye), R2 3–1 ½ (2 bye), R3 2–3 1–0 (1 bye).
const THREE: &str = r#"012 Three who met
XXR 4
001    1      One                               2000                                          2 w 1     3 b =     0 - U
001    2      Two                               1900                                          1 b 0     0 - U     3 w 1
001    3      Three                             1800                                          0 - U     1 w =     2 b 0
"#;

/// Seven players before round 1: 3 asked for a half-point bye, 5 is
/// absent, 7 has a full-point bye, all in round 1's column.
const ABSENT: &str = r#"012 Absent
XXR 5
001    1      One                               2400
001    2      Two                               2300
001    3      Three                             2200                                          0 - H
001    4      Four                              2100
001    5      Five                              2000                                          0 - Z
001    6      Six                               1900
001    7      Seven                             1800                                          0 - F
"#;

#[test]
fn no_pairing_exits_one_with_the_reason() {
    let f = file("three.trf", THREE);
    let (code, out, err) = arbiter(&["pair", &f]);
    assert_eq!(code, 1, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("cannot all be paired"), "{err}");
    let (code, out, _) = arbiter(&["pair", &f, "--json"]);
    assert_eq!((code, out.as_str()), (1, ""));
}

#[test]
fn a_round_already_played_is_paired_as_of_that_round() {
    let f = file("three-again.trf", THREE);
    let cases = [
        (1, "2\n1 2\n3 0\n"),
        (2, "2\n3 1\n2 0\n"),
        (3, "2\n2 3\n1 0\n"),
    ];
    for (round, want) in cases {
        let (code, out, err) = arbiter(&["pair", &f, "--round", &round.to_string()]);
        assert_eq!((code, out.as_str()), (0, want), "round {round}: {err}");
    }
    let (code, out, _) = arbiter(&["pair", &f, "--round", "2", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"round\":2,\"boards\":[{\"white\":3,\"black\":1}],\"bye\":2}\n"
    );
}

#[test]
fn players_marked_absent_are_not_paired() {
    let f = file("absent.trf", ABSENT);
    let (code, out, err) = arbiter(&["pair", &f]);
    assert_eq!((code, out.as_str()), (0, "2\n1 4\n6 2\n"), "{err}");
    let (code, out, _) = arbiter(&["pair", &f, "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"round\":1,\"boards\":[{\"white\":1,\"black\":4},{\"white\":6,\"black\":2}],\"bye\":null}\n"
    );
}

#[test]
fn empty_malformed_and_missing_files() {
    // An empty file is a tournament without players: nobody to pair.
    let empty = file("empty.trf", "");
    let (code, _, err) = arbiter(&["pair", &empty]);
    assert_eq!(code, 1);
    assert!(err.contains("no player"), "{err}");
    // A malformed record: the line, the column and the reason.
    let bad = file("bad.trf", "012 Bad\n001  abc\n");
    let (code, out, err) = arbiter(&["pair", &bad]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("line 2, column 5"), "{err}");
    let (code, _, err) = arbiter(&["standings", &bad]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column 5"), "{err}");
    let (code, _, err) = arbiter(&["pair", "/nonexistent/none.trf"]);
    assert_eq!(code, 2);
    assert!(err.contains("none.trf"), "{err}");
}
