//! The transcript (speech) parser and the braille reader: never panic on any text.
#![no_main]
use arbiter_notation::braille::braille_to_text;
use arbiter_notation::{Lexicon, Style, parse};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let pos = common::position(data[0]);
    let text = String::from_utf8_lossy(&data[1..]);
    for lex in Lexicon::ALL {
        if let Err(e) = parse(&pos, &text, Some(Style::Spoken(lex))) {
            assert!(e.at <= text.chars().count(), "{e:?}");
        }
    }
    let _ = braille_to_text(&text);
    let _ = parse(&pos, &text, Some(Style::Braille));
});
