//! The API's event JSON (`POST /api/games/{id}/events`, WebSocket frames)
//! and the new-game body: any bytes give a typed answer or a 4xx refusal
//! with a bounded reason, never a panic.

#![no_main]

use arbiter_laws::Side;
use arbiter_server::request::{Actor, parse_create, parse_event_body};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for actor in [
        Actor::Player(Side::White),
        Actor::Player(Side::Black),
        Actor::Arbiter,
    ] {
        if let Err(e) = parse_event_body(data, actor) {
            assert!(e.status.is_client_error());
            assert!(e.reason.len() <= 310);
        }
    }
    if let Err(e) = parse_create(data) {
        assert!(e.status.is_client_error());
    }
});
