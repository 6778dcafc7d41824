//! `parse_move` and `say`: a move read in any notation the words crate
//! reads, written as SAN or said in a lexicon (Appendix D, L-D.2.1).

use arbiter_notation::{Lexicon, Style, parse, position_from_fen, render};
use shakmaty::{Chess, Move};

use crate::error::{ApiError, guarded};

/// The longest move text read, as `arbiter notation` has it: the longest
/// spoken move is well under it, and no message quotes a longer text whole.
pub const MAX_MOVE_TEXT: usize = 200;

/// The lexicons by key, as the command lists them.
const LEXICONS: &str = "fide-de, ru-fide, ru, en, nato";

/// `text` (SAN, UCI, national letters, figurines, spoken words…) read in
/// the position `fen` (`None`: the initial position), written as SAN. With
/// a `lexicon` the text is read as words of that lexicon (written moves
/// are still accepted); without, the notation is detected.
pub fn parse_move(
    text: &str,
    fen: Option<&str>,
    lexicon: Option<&str>,
) -> Result<String, ApiError> {
    let style = lexicon.map(lexicon_of).transpose()?.map(Style::Spoken);
    let (pos, m) = read(text, fen, style)?;
    Ok(render(&pos, m, Style::San))
}

/// The move `san` (any notation [`parse_move`] reads) in the position
/// `fen`, in the words of `lexicon` (`fide-de`, `ru-fide`, `ru`, `en`,
/// `nato`), as `arbiter say --move` says it.
pub fn say(san: &str, fen: Option<&str>, lexicon: &str) -> Result<String, ApiError> {
    let lex = lexicon_of(lexicon)?;
    let (pos, m) = read(san, fen, None)?;
    Ok(render(&pos, m, Style::Spoken(lex)))
}

fn lexicon_of(key: &str) -> Result<Lexicon, ApiError> {
    Lexicon::from_key(key).ok_or_else(|| {
        ApiError::Option(format!(
            "unknown lexicon {:?} ({LEXICONS})",
            arbiter_laws::log::cut(key, 40)
        ))
    })
}

/// The position and the move `text` names in it.
fn read(text: &str, fen: Option<&str>, style: Option<Style>) -> Result<(Chess, Move), ApiError> {
    let pos = position_from_fen(fen).map_err(|e| ApiError::Input(e.to_string()))?;
    if text.len() > MAX_MOVE_TEXT {
        return Err(ApiError::Move(format!(
            "the move {:?} is {} bytes long; a move is at most {MAX_MOVE_TEXT}",
            arbiter_laws::log::cut(text, 40),
            text.len()
        )));
    }
    guarded("parse_move", || {
        parse(&pos, text, style)
            .map(|(m, _)| (pos.clone(), m))
            .map_err(|e| ApiError::Move(e.to_string()))
    })
}
