//! Typed errors. Every parser in this crate returns one of these instead of panicking, and
//! each carries the character offset of the problem so that a screen reader or a braille
//! display can put the cursor there.

use std::fmt;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Nothing to read.
    Empty,
    /// The text is not a move in any notation we know; the string says what was expected.
    Syntax(&'static str),
    /// A spoken word that no lexicon knows (a mishearing, or a word we should add).
    UnknownWord(String),
    /// Well formed, but no legal move fits. `candidates` lists the legal moves to the same
    /// square, or of the same piece, so the player hears what he may have meant.
    Illegal,
    /// More than one legal move fits (L-C.10 disambiguation missing, or a promotion piece
    /// not announced, L-D.2.1). `candidates` lists them.
    Ambiguous,
    /// The FEN given for the position is not valid.
    BadPosition(String),
    /// A style or lexicon key we do not know.
    UnknownStyle(String),
}

/// A parse failure with the position of the problem (a char offset into `input`, not a
/// byte offset: the inputs are Cyrillic as often as Latin) and, for illegal and ambiguous
/// moves, the candidate legal moves written in the notation the user used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Where: the char offset (not byte) into `input` of the word or character in error.
    pub at: usize,
    /// The text that was read, as given.
    pub input: String,
    /// For an illegal or ambiguous move: the legal moves it could have meant,
    /// written in the notation the user used; otherwise empty.
    pub candidates: Vec<String>,
    /// For an illegal move: why no legal move fits (no man there, the
    /// king would be in check…), when the reading says.
    pub why: Option<crate::illegal::IllegalWhy>,
}

impl NotationError {
    /// An error of `kind` at char offset `at` of `input`, with no candidates.
    pub fn new(kind: ErrorKind, at: usize, input: &str) -> NotationError {
        NotationError {
            kind,
            at,
            input: input.to_string(),
            candidates: Vec::new(),
            why: None,
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // People count characters from 1, as the Russian and German
        // messages do; `at` stays the 0-based offset for programs.
        let at = self.at.saturating_add(1);
        match &self.kind {
            ErrorKind::Empty => write!(f, "empty move")?,
            ErrorKind::Syntax(what) => write!(
                f,
                "cannot read {:?} at character {}: {}",
                self.input, at, what
            )?,
            ErrorKind::UnknownWord(w) => write!(
                f,
                "unknown word {:?} at character {} of {:?}",
                w, at, self.input
            )?,
            ErrorKind::Illegal => write!(
                f,
                "illegal move {:?} (problem at character {})",
                self.input, at
            )?,
            ErrorKind::Ambiguous => write!(
                f,
                "ambiguous move {:?} (problem at character {})",
                self.input, at
            )?,
            ErrorKind::BadPosition(why) => write!(f, "bad position: {why}")?,
            ErrorKind::UnknownStyle(s) => write!(f, "unknown style or lexicon {s:?}")?,
        }
        if !self.candidates.is_empty() {
            write!(f, "; candidates: {}", self.candidates.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for NotationError {}
