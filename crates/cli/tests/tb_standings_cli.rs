//! `arbiter standings` on a hand-checked Swiss: eight players, five
//! rounds, with a forfeit, a half-point bye, pairing-allocated byes and a
//! withdrawal (player 8, absent from round 4). The file was written
//! column by column from the TRF16 description of the `001` record.
//!
//! Points: 1 4.0, 2 4.0, 4 3.0, 7 3.0, 6 2.5, 3 1.5, 5 1.5, 8 1.0.
//! As opponents (C.07 2023, 16) everyone counts as scored but 8, whose
//! two absences after the last round it was there count as draws: 2.0.
//!
//! ```text
//! Buchholz (opponents, or the dummy with the player's own points):
//! 1: 5 1.5 + 2 4 + 4 3 + 3 1.5 + 7 3 = 13.0
//! 2: 6 2.5 + 1 4 + 7 3 + 4 3 + 5 1.5 = 14.0
//! 3: 7 3 + 4 3 + 6 2.5 + 1 4 + pairing bye 1.5 = 14.0
//! 4: 8 2 + 3 1.5 + 1 4 + 2 4 + 6 2.5 = 14.0
//! 5: 1 4 + 8 2 + half-point bye 1.5 + 7 3 + 2 4 = 14.5
//! 6: 2 4 + forfeit loss 2.5 + 3 1.5 + pairing bye 2.5 + 4 3 = 13.5
//! 7: 3 1.5 + forfeit win 3 + 2 4 + 5 1.5 + 1 4 = 14.0
//! 8: 4 3 + 5 1.5 + pairing bye 1 + two absences 1 + 1 = 7.5
//! Cut 1 (a voluntarily unplayed round first): 1 11.5, 2 12.5, 3 12.5
//! (the pairing bye is not voluntary: the lowest, 1.5, goes), 4 12.5,
//! 5 13.0 (the half-point bye), 6 11.0 (the forfeit loss, though 3 scored
//! less), 7 12.5 (a forfeit win is not voluntary), 8 6.5.
//! Sonneborn-Berger: 1 1.5 + 2 + 3 + 1.5 + 1.5 = 9.50; 2 2.5 + 2 + 3 + 1.5
//! + 1.5 = 10.50; 3 1.5 + 1.5 (pairing bye) = 3.00; 4 2 + 1.5 + 2 + 1.25 =
//! 6.75; 5 2 + 0.75 = 2.75; 6 1.5 + 2.5 + 1.5 = 5.50; 7 0.75 + 3 + 1.5 + 2
//! = 7.25; 8 1.00.
//! Wins (played or not): 1 3, 2 3, 4 2, 7 2, 6 2, 3 1, 5 1, 8 1.
//! ```

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

fn eight() -> String {
    format!(
        "{}/../tournament/tests/data/tb_eight.trf",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn line(rank: u8, id: u8, name: &str, points: &str, tbs: &str) -> String {
    format!(
        "{{\"rank\":{rank},\"id\":{id},\"name\":\"{name}\",\"points\":{points},\"tiebreaks\":{{{tbs}}}}}"
    )
}

/// BH:C1 splits 2 from 1 and leaves 7 and 4 level; Buchholz leaves them
/// level (14.0); Sonneborn-Berger puts 7 (7.25) above 4 (6.75). BH:C1
/// puts 5 (13.0) above 3 (12.5).
#[test]
fn the_default_order_of_tie_breaks() {
    let (code, out, err) = arbiter(&[
        "standings",
        &eight(),
        "--tiebreak",
        "BH:C1,BH,SB,DE,WIN",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let tb = |c1: &str, bh: &str, sb: &str, win: &str| {
        format!("\"BH:C1\":{c1},\"BH\":{bh},\"SB\":{sb},\"DE\":0.0,\"WIN\":{win}")
    };
    let want = [
        line(
            1,
            2,
            "Petrova, Anna",
            "4.0",
            &tb("12.5", "14.0", "10.5", "3.0"),
        ),
        line(
            2,
            1,
            "Ivanov, Ivan",
            "4.0",
            &tb("11.5", "13.0", "9.5", "3.0"),
        ),
        line(
            3,
            7,
            "Fischer, Paul",
            "3.0",
            &tb("12.5", "14.0", "7.25", "2.0"),
        ),
        line(
            4,
            4,
            "Sokolova, Maria",
            "3.0",
            &tb("12.5", "14.0", "6.75", "2.0"),
        ),
        line(
            5,
            6,
            "Kuznetsov, Oleg",
            "2.5",
            &tb("11.0", "13.5", "5.5", "2.0"),
        ),
        line(
            6,
            5,
            "Weber, Lena",
            "1.5",
            &tb("13.0", "14.5", "2.75", "1.0"),
        ),
        line(
            7,
            3,
            "Schmidt, Jonas",
            "1.5",
            &tb("12.5", "14.0", "3.0", "1.0"),
        ),
        line(
            8,
            8,
            "Orlova, Daria",
            "1.0",
            &tb("6.5", "7.5", "1.0", "1.0"),
        ),
    ];
    assert_eq!(out, format!("[{}]\n", want.join(",")));
}

/// Direct encounter first: 1 and 2 drew (½ each, level), Buchholz puts 2
/// first; 4 and 7 never met and have the same Buchholz: they share the
/// third place.
#[test]
fn direct_encounter_first_and_a_shared_place() {
    let (code, out, err) = arbiter(&["standings", &eight(), "--tiebreak", "DE,BH", "--json"]);
    assert_eq!(code, 0, "{err}");
    let tb = |de: &str, bh: &str| format!("\"DE\":{de},\"BH\":{bh}");
    let want = [
        line(1, 2, "Petrova, Anna", "4.0", &tb("0.5", "14.0")),
        line(2, 1, "Ivanov, Ivan", "4.0", &tb("0.5", "13.0")),
        line(3, 4, "Sokolova, Maria", "3.0", &tb("0.0", "14.0")),
        line(3, 7, "Fischer, Paul", "3.0", &tb("0.0", "14.0")),
        line(5, 6, "Kuznetsov, Oleg", "2.5", &tb("0.0", "13.5")),
        line(6, 5, "Weber, Lena", "1.5", &tb("0.0", "14.5")),
        line(7, 3, "Schmidt, Jonas", "1.5", &tb("0.0", "14.0")),
        line(8, 8, "Orlova, Daria", "1.0", &tb("0.0", "7.5")),
    ];
    assert_eq!(out, format!("[{}]\n", want.join(",")));
}

/// The table prints each tie-break under its code.
#[test]
fn the_table() {
    let (code, out, err) = arbiter(&["standings", &eight(), "--tiebreak", "BH:C1,SB"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("BH:C1") && lines[0].contains("SB"),
        "{out}"
    );
    assert!(
        lines[1].contains("Petrova, Anna") && lines[1].contains("12.5"),
        "{out}"
    );
    assert!(lines[1].contains("10.50"), "{out}");
}
