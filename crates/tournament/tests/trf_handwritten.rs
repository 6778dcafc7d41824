//! TRF16 files written by hand from the format's description (the `001`
//! record: 1–3 "001", 5–8 starting rank, 10 sex, 11–13 title, 15–47 name,
//! 49–52 rating, 54–56 federation, 58–68 FIDE number, 70–79 birth date,
//! 81–84 points, 86–89 rank, and from column 92 ten columns a round:
//! 92–95 opponent, 97 colour, 99 result), read, written back and read
//! again; the written `001` records are checked column by column against
//! the description, not against the reader.

use arbiter_tournament::{Colour, RoundResult, Tournament, trf};

const FILES: [&str; 2] = [
    include_str!("data/tb_exercise.trf"),
    include_str!("data/tb_eight.trf"),
];

fn columns(line: &str, from: usize, to: usize) -> String {
    line.chars()
        .chain(std::iter::repeat(' '))
        .skip(from - 1)
        .take(to + 1 - from)
        .collect()
}

#[test]
fn hand_written_files_read_back_identically() {
    for text in FILES {
        let t = trf::parse(text).unwrap();
        let written = trf::write(&t);
        let again = trf::parse(&written).unwrap();
        assert_eq!(again, t);
        assert_eq!(trf::write(&again), written);
        // TRF-2026 too.
        let v2026 = t
            .clone()
            .into_version(arbiter_tournament::TrfVersion::Trf2026);
        let text2026 = trf::write(&v2026);
        assert!(text2026.contains("\n142 5\n"), "{text2026}");
        assert_eq!(trf::parse(&text2026).unwrap(), v2026);
    }
}

#[test]
fn written_player_records_keep_the_columns() {
    for text in FILES {
        let t: Tournament = trf::parse(text).unwrap();
        let written = trf::write(&t);
        for line in written.lines().filter(|l| l.starts_with("001")) {
            let id: u16 = columns(line, 5, 8).trim().parse().unwrap();
            let p = t.player(id).unwrap();
            assert_eq!(columns(line, 1, 4), "001 ");
            assert_eq!(columns(line, 10, 10).trim(), p.sex);
            assert_eq!(columns(line, 15, 47).trim(), p.name);
            assert_eq!(columns(line, 49, 52), format!("{:>4}", p.rating));
            assert_eq!(columns(line, 54, 56).trim(), p.federation);
            assert_eq!(columns(line, 58, 68).trim(), p.fide_id);
            assert_eq!(columns(line, 70, 79).trim(), p.birth);
            let points = p.points_written.unwrap();
            assert_eq!(columns(line, 81, 84), format!("{points:>4}"));
            for (i, e) in p.rounds.iter().enumerate() {
                let col = 92 + 10 * i;
                let opp: u16 = columns(line, col, col + 3).trim().parse().unwrap();
                assert_eq!(opp, e.opponent.unwrap_or(0), "{line}");
                let colour = match e.colour {
                    Some(Colour::White) => "w",
                    Some(Colour::Black) => "b",
                    None => "-",
                };
                assert_eq!(columns(line, col + 5, col + 5), colour, "{line}");
                assert_eq!(
                    columns(line, col + 7, col + 7),
                    e.result.code().to_string(),
                    "{line}"
                );
            }
        }
    }
}

/// The hand file's rounds as the reader understands them.
#[test]
fn the_rounds_as_written_by_hand() {
    let t = trf::parse(FILES[1]).unwrap();
    let six = t.player(6).unwrap();
    assert_eq!(six.round(2).opponent, Some(7));
    assert_eq!(six.round(2).result, RoundResult::ForfeitLoss);
    assert_eq!(six.round(4).result, RoundResult::PairingBye);
    let eight = t.player(8).unwrap();
    assert_eq!(eight.round(4).result, RoundResult::ZeroBye);
    assert_eq!(eight.round(5).result, RoundResult::ZeroBye);
    assert_eq!(t.player(5).unwrap().round(3).result, RoundResult::HalfBye);
    assert_eq!(t.rounds_total, Some(5));
    assert_eq!(t.name(), Some("Eight by hand"));
}

/// TRF-2026 details: letters of the `162` record in either case, and a
/// `240` record with a blank type is a zero-point bye.
#[test]
fn trf2026_records() {
    let text = "012 Small\n142 3\n162  w 3.0    d 1.0    L 0.0\n\
                001    1      One                               2000\n\
                001    2      Two                               1900\n\
                240   002    2\n";
    let t = trf::parse(text).unwrap();
    assert_eq!(t.point_system.win.0, 30);
    assert_eq!(t.point_system.draw.0, 10);
    assert_eq!(t.byes[0].kind, RoundResult::ZeroBye);
    assert_eq!(t.byes[0].players, vec![2]);
    assert_eq!(t.entry(2, 2).result, RoundResult::ZeroBye);
}

/// Lines the reader keeps as they are (headers, records it does not use,
/// `162`) read back the same when they end in blanks (found by the fuzz
/// target).
#[test]
fn kept_lines_with_trailing_blanks_read_back() {
    let text = "012 Trailing   \n092 Individual: Swiss-System  \n\
                100  Player0001               2710          \n\
                162  W 1.0    D 0.5   \n001    1      One\n";
    let t = trf::parse(text).unwrap();
    let written = trf::write(&t);
    assert_eq!(trf::parse(&written).unwrap(), t, "{written}");
    assert_eq!(t.name(), Some("Trailing"));
}

/// Points too wide for their tenth in four columns ("2200") are written
/// whole, so the record keeps its columns (found by the fuzz target).
#[test]
fn wide_points_keep_their_columns() {
    let mut line = format!("001    1      One{}", " ".repeat(63));
    line.push_str("2200");
    let t = trf::parse(&format!("{line}\nXXA    1 1000\n")).unwrap();
    assert_eq!(t.player(1).unwrap().points_written.unwrap().0, 22000);
    let written = trf::write(&t);
    assert!(
        written.contains(" 2200\n") || written.contains(" 2200 "),
        "{written}"
    );
    assert_eq!(trf::parse(&written).unwrap(), t, "{written}");
}
