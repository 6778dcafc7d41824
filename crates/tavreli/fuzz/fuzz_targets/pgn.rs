//! Any bytes as a Tavreli PGN, through the streaming reader and the text
//! reader: nothing may panic, both must agree on valid UTF-8, and every
//! game that reads can be written and read back to the same moves.
#![no_main]
use arbiter_tavreli::pgn::{Games, read_games, write_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let streamed: Vec<_> = Games::new(data).collect();
    if let Ok(text) = std::str::from_utf8(data)
        && !text.starts_with('\u{feff}')
        && !text.contains('\r')
    {
        let whole = read_games(text);
        let ok: Vec<_> = streamed
            .iter()
            .filter_map(|g| g.as_ref().ok().cloned())
            .collect();
        if ok.len() == streamed.len() {
            assert_eq!(ok, whole);
        }
        for g in whole.into_iter().flatten() {
            let again = read_games(&write_game(&g));
            if let Some(Ok(a)) = again.first() {
                let moves = |g: &arbiter_tavreli::pgn::PgnGame| {
                    g.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>()
                };
                assert_eq!(moves(a), moves(&g));
            }
        }
    }
});
