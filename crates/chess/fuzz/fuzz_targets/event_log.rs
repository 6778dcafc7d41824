//! Any bytes as an event log: parse, replay, report, PGN. Nothing may panic.
#![no_main]
use arbiter_chess::Chess;
use arbiter_chess::pgn::write_pgn;
use arbiter_laws::log::parse_log;
use arbiter_laws::replay::{replay, report};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // A valid header in front of fuzzed events reaches the fold far more often.
    let with_header = format!(
        "{{\"format\":\"arbiter-log\",\"version\":1,\"time_control\":\"300+2\",\"supervision\":\"reduced\"}}\n{text}"
    );
    for t in [text, with_header.as_str()] {
        if let Ok(log) = parse_log(t) {
            if let Ok((game, rejected)) = replay(Chess::default(), &log) {
                let _ = report(&game, rejected);
                let _ = write_pgn(&game, "w", "b", None);
            }
        }
    }
});
