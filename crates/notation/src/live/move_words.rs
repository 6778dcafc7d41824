//! A move's words kept for any lexicon, so that a listener in another
//! language than the session's hears the move as the session's own did.

use crate::Lexicon;
use std::fmt;
use std::sync::Arc;

/// A move in words in any lexicon: the rule set, the position before the
/// move and the move, kept so that a listener in another language hears
/// the move as the session's own listener did.
#[derive(Clone)]
pub struct MoveWords(Arc<dyn Fn(Lexicon) -> String + Send + Sync>);

impl MoveWords {
    /// The words a function gives for each lexicon: the session passes
    /// one that keeps the rule set, the position before the move and the
    /// move, and says the move with them.
    pub fn new(say: impl Fn(Lexicon) -> String + Send + Sync + 'static) -> MoveWords {
        MoveWords(Arc::new(say))
    }

    /// The move said in `lex`.
    pub fn say(&self, lex: Lexicon) -> String {
        (self.0)(lex)
    }
}

impl fmt::Debug for MoveWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MoveWords")
    }
}

/// The words follow from the announcement's kind (its move and position):
/// two announcements are the same when their kind, time and text are.
impl PartialEq for MoveWords {
    fn eq(&self, _: &MoveWords) -> bool {
        true
    }
}
