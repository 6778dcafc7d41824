//! The command reader of a game (`p N`, `q e4`, `claim Nf3`, `фигуры белые`): never
//! panics on any text, in any of the languages a game speaks, and its answers in
//! words never panic either.
#![no_main]
use arbiter_notation::describe::{self, Wording};
use arbiter_notation::{Lexicon, SpokenLang};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let pos = common::position(data[0]);
    let text = String::from_utf8_lossy(&data[1..]);
    for lang in [SpokenLang::En, SpokenLang::Ru, SpokenLang::De] {
        let _ = describe::command_word(&text);
        let _ = describe::argument_error(&text, lang);
        if let Some(Ok(cmd)) = describe::parse_command(&text, lang) {
            for lex in Lexicon::ALL {
                let _ = describe::answer(&cmd, &pos, &[], Wording::new(lang, lex));
            }
        }
    }
});
