//! The position parser must never panic; an accepted text must round-trip,
//! and move generation must survive whatever it accepted.
#![no_main]
use arbiter_tavreli::fen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mut p) = fen::parse(text) {
        let t = fen::to_text(&p);
        let q = fen::parse(&t).expect("printed position parses");
        assert_eq!(fen::to_text(&q), t);
        assert_eq!(p.hash(), p.compute_hash());
        let moves = p.legal_moves();
        for m in moves.into_iter().take(8) {
            let u = p.make(m);
            assert_eq!(p.hash(), p.compute_hash());
            p.unmake(m, u);
        }
    }
});
