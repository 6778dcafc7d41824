//! The Tournament Report File reader on any bytes: it never panics, and a
//! file it reads is written back as a file that reads to the same
//! tournament and writes to the same text (issue 40: "a TRF written by
//! arbiter is read back identically; bad input gets the line and column
//! and a reason, never a panic").
#![no_main]

use arbiter_tournament::tiebreak::{TieBreak, standings};
use arbiter_tournament::trf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(t) = trf::parse_bytes(data) else {
        return;
    };
    let written = trf::write(&t);
    let again = trf::parse(&written).expect("a written file reads back");
    assert_eq!(again, t, "read back differently:\n{written}");
    assert_eq!(trf::write(&again), written);
    // The standings of whatever was read are computed without a panic.
    let tbs: Vec<TieBreak> = "BH:C1,BH,SB,DE,WIN,ARO,KS,PS"
        .split(',')
        .filter_map(|c| c.parse().ok())
        .collect();
    let _ = standings(&t, t.paired_rounds(), &tbs);
});
