//! Tavreli subcommand helpers: `arbiter perft --variant tavreli`.

use arbiter_laws::{MoveInput, RuleSet};
use arbiter_tavreli::Tavreli;
use std::process::ExitCode;

/// Plays `moves` (federation notation, space-separated; move numbers are
/// skipped) from the initial position, then prints the perft count.
pub fn perft(moves: Option<&str>, depth: u32) -> ExitCode {
    let rules = Tavreli::default();
    let mut pos = rules.initial_position();
    for tok in moves.unwrap_or("").split_whitespace() {
        if tok.ends_with('.')
            && tok
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
        {
            continue;
        }
        match rules.parse_move(&pos, tok) {
            MoveInput::Legal(m) => rules.play(&mut pos, &m),
            MoveInput::Illegal { reason } | MoveInput::Malformed { reason, .. } => {
                return crate::out::bad_input("perft", format!("{tok:?}: {reason}"));
            }
        }
    }
    match crate::out::print("perft", &format!("{}\n", pos.perft(depth))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
