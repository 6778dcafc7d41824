//! The move parser in every style (and with detection): never panics; an error's position
//! lies inside the input; a move it reads prints and re-reads as itself in every style.
#![no_main]
use arbiter_notation::{Style, parse, render};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let pos = common::position(data[0]);
    let styles = Style::all();
    let style = match data[1] as usize % (styles.len() + 1) {
        0 => None,
        k => Some(styles[k - 1]),
    };
    let text = String::from_utf8_lossy(&data[2..]);
    match parse(&pos, &text, style) {
        Ok((m, _)) => {
            for st in &styles {
                let t = render(&pos, m, *st);
                let back = parse(&pos, &t, Some(*st)).expect("printed text must parse");
                assert_eq!(back.0, m, "{st:?} {t:?}");
            }
        }
        Err(e) => {
            assert!(e.at <= text.chars().count(), "{e:?}");
            let _ = e.to_string();
        }
    }
});
