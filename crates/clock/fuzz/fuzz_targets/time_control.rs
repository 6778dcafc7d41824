//! The time-control parser on arbitrary text: it never panics, every error
//! points inside the input (or just past it), and what parses prints back to
//! the same control.
#![no_main]

use arbiter_clock::TimeControl;
use arbiter_rules::Edition;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    match s.parse::<TimeControl>() {
        Ok(tc) => {
            let printed = tc.to_string();
            let back: TimeControl = printed.parse().expect("printed form must parse");
            assert_eq!(back, tc, "round trip of {s:?} via {printed:?}");
            for e in Edition::ALL {
                let _ = tc.classify(e);
            }
        }
        Err(e) => {
            assert!(
                e.column >= 1 && e.column <= s.chars().count() + 1,
                "{s:?}: {e}"
            );
            let _ = e.to_string();
        }
    }
});
