//! Any bytes as a PGN file: read every game and audit it in every edition.
#![no_main]
use arbiter_chess::Chess;
use arbiter_chess::pgn::PgnGames;
use arbiter_laws::Edition;
use arbiter_laws::audit::{AuditOptions, audit_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for (i, g) in PgnGames::new(data).enumerate() {
        if i > 50 {
            break;
        }
        let Ok(g) = g else { break };
        for edition in Edition::ALL {
            let _ = audit_game(
                Chess::default(),
                AuditOptions {
                    edition,
                    regime: None,
                },
                &g,
            );
        }
    }
});
