//! The move parser must never panic, and a move it accepts must print back
//! to text that parses to the same move; the `p` command's reader of men
//! never panics either, nor its answer.
#![no_main]
use arbiter_tavreli::{Position, notation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = notation::parse_token(text);
    if let Some(q) = arbiter_notation::tavreli::queries::parse_men(text) {
        for lang in arbiter_notation::tavreli::speech::LANGS {
            let _ = arbiter_notation::tavreli::queries::pieces(&Position::initial(), q, lang);
        }
    }
    // a few positions with towers so counts and splits are exercised
    let mut p = Position::initial();
    for t in ["e2-e4", "d7-d5", "e4-d5", "d8-d5", "b1-c3", "d5(1)-c4"] {
        if let Ok((m, _)) = notation::parse_move(&p, t) {
            p.make(m);
        }
    }
    for pos in [Position::initial(), p] {
        if let Ok((m, _)) = notation::parse_move(&pos, text) {
            let back = notation::move_plain(&pos, m);
            let (m2, _) = notation::parse_move(&pos, &back).expect("printed move parses");
            assert_eq!(m, m2);
        }
    }
});
