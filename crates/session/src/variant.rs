//! What a live game needs from a variant beyond the Laws' [`RuleSet`]:
//! reading a move typed in any notation, and saying a move in words.

use arbiter_laws::chess::Chess;
use arbiter_laws::{MoveInput, RuleSet};
use arbiter_notation::{ErrorKind, Lexicon, SpokenLang};
use arbiter_tavreli::Tavreli;

/// A typed move, read against the position.
#[derive(Clone, Debug, PartialEq)]
pub enum Reading<M> {
    /// A legal move, with the text the log records (SAN for chess).
    Legal { mv: M, log_text: String },
    /// A move that names a move the rules forbid here. `log_text` is a text
    /// the Laws reader parses as the same illegal move, when there is one.
    Illegal {
        reason: String,
        log_text: Option<String>,
    },
    /// Not a move, or a move that fits more than one legal move.
    Unreadable { reason: String },
}

/// A rule set a session can play live.
pub trait Variant: RuleSet + Clone + Send + Sync + 'static {
    /// Reads a move typed in any notation the variant knows.
    fn read_move(&self, pos: &Self::Position, text: &str) -> Reading<Self::Move>;
    /// The move in words in `lex`'s language, check and mate included, said
    /// from the position before it.
    fn say_move(&self, pos: &Self::Position, mv: &Self::Move, lex: Lexicon) -> String;
}

/// A Latin reading of a move written with Russian letters (`Кf3` → `Nf3`,
/// `е2:е4` → `e2xe4`), so that the Laws reader, which knows SAN and UCI,
/// sees an illegal move as the same move and can apply Art. 7 to it.
fn latin(text: &str) -> String {
    let t = text.trim().replace("Кр", "K");
    t.chars()
        .map(|c| match c {
            'К' => 'N',
            'С' => 'B',
            'Л' => 'R',
            'Ф' => 'Q',
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            ':' => 'x',
            '—' | '–' => '-',
            other => other,
        })
        .collect()
}

impl Variant for Chess {
    fn read_move(&self, pos: &Self::Position, text: &str) -> Reading<Self::Move> {
        match arbiter_notation::parse(pos.board(), text, None) {
            Ok((mv, _)) => Reading::Legal {
                log_text: self.move_text(pos, &mv),
                mv,
            },
            Err(e) if e.kind == ErrorKind::Illegal => {
                let log_text = [text.trim().to_string(), latin(text)]
                    .into_iter()
                    .find(|t| matches!(self.parse_move(pos, t), MoveInput::Illegal { .. }));
                Reading::Illegal {
                    reason: e.to_string(),
                    log_text,
                }
            }
            Err(e) => Reading::Unreadable {
                reason: e.to_string(),
            },
        }
    }

    fn say_move(&self, pos: &Self::Position, mv: &Self::Move, lex: Lexicon) -> String {
        arbiter_notation::announce_move(pos.board(), *mv, lex)
    }
}

impl Variant for Tavreli {
    fn read_move(&self, pos: &Self::Position, text: &str) -> Reading<Self::Move> {
        match self.parse_move(pos, text) {
            MoveInput::Legal(mv) => Reading::Legal {
                log_text: self.move_text(pos, &mv),
                mv,
            },
            MoveInput::Illegal { reason } => Reading::Illegal {
                reason,
                log_text: Some(text.trim().to_string()),
            },
            MoveInput::Malformed { reason, column } => Reading::Unreadable {
                reason: format!("column {}: {reason}", column + 1),
            },
        }
    }

    fn say_move(&self, pos: &Self::Position, mv: &Self::Move, lex: Lexicon) -> String {
        use arbiter_laws::Status;
        let lang = match lex.language() {
            SpokenLang::Ru => arbiter_tavreli::speech::Lang::Ru,
            _ => arbiter_tavreli::speech::Lang::En,
        };
        let words = arbiter_tavreli::speech::describe_move(pos, *mv, lang);
        let mut after = pos.clone();
        self.play(&mut after, mv);
        let mate = self.status(&after) == Status::Checkmate;
        if mate || self.is_check(&after) {
            let word = arbiter_notation::check_word(lex, mate);
            format!("{words}, {word}")
        } else {
            words
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_letters_read_back_in_latin() {
        assert_eq!(latin("Кf3"), "Nf3");
        assert_eq!(latin("Крe2"), "Ke2");
        assert_eq!(latin("Сс4"), "Bc4");
        assert_eq!(latin("е2:е4"), "e2xe4");
    }
}
