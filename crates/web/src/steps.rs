//! The game viewer's words: each move of a finished game as it is announced
//! in the viewer's lexicon, so that stepping through the game says the same
//! move sentences as the live game, and the page composes none.

use crate::context::{Context, MAX_MOVES, language, lexicon, variant};
use arbiter_notation::describe;
use arbiter_rules::Variant;
use serde::Serialize;
use shakmaty::Position;

/// One move of the game, in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The move as the record lists it.
    pub san: String,
    /// The move as it is announced in the lexicon asked.
    pub said: String,
}

/// The answer of `POST /api/steps`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Steps {
    /// Every move of the record, in order.
    pub steps: Vec<Step>,
}

/// Why a record could not be put into words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepsError {
    /// More moves than any game has.
    TooLong,
    /// A move of the record is not legal where it stands.
    Unreadable(String),
}

impl std::fmt::Display for StepsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepsError::TooLong => write!(f, "more than {MAX_MOVES} moves"),
            StepsError::Unreadable(e) => write!(f, "{e}"),
        }
    }
}

/// Each move of the record in the context's lexicon. A Tavreli record is
/// said in the Tavreli words of the live game (its towers replayed from the
/// start), in the lexicon's language as the live game says it.
pub fn steps(ctx: &Context) -> Result<Steps, StepsError> {
    if ctx.moves.len() > MAX_MOVES {
        return Err(StepsError::TooLong);
    }
    if variant(ctx) == Variant::Tavreli {
        let said = crate::tavreli::said_moves(ctx, lexicon(ctx).language())
            .map_err(StepsError::Unreadable)?;
        let steps = ctx
            .moves
            .iter()
            .zip(said)
            .map(|(m, said)| Step {
                san: m.clone(),
                said,
            })
            .collect();
        return Ok(Steps { steps });
    }
    let lang = language(ctx);
    let lex = lexicon(ctx);
    let start = arbiter_notation::position_from_fen(ctx.start.as_deref())
        .map_err(|e| StepsError::Unreadable(e.to_string()))?;
    let moves = describe::moves_from_text(&start, &ctx.moves, lang)
        .map_err(|e| StepsError::Unreadable(e.to_string()))?;
    let mut pos = start;
    let mut out = Vec::with_capacity(moves.len());
    for (m, san) in moves.into_iter().zip(&ctx.moves) {
        out.push(Step {
            san: san.clone(),
            said: arbiter_notation::announce_move(&pos, m, lex),
        });
        pos.play_unchecked(m);
    }
    Ok(Steps { steps: out })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(lexicon: &str) -> Context {
        Context {
            moves: vec!["e4".into(), "e5".into(), "Nf3".into()],
            lexicon: Some(lexicon.into()),
            ..Context::default()
        }
    }

    #[test]
    fn each_move_is_said_in_the_lexicon() {
        let en = steps(&ctx("en")).expect("steps");
        let ru = steps(&ctx("ru")).expect("steps");
        assert_eq!(en.steps.len(), 3);
        assert_eq!(en.steps[2].san, "Nf3");
        assert_ne!(en.steps[2].said, ru.steps[2].said);
        assert!(
            en.steps[2].said.to_lowercase().contains("knight"),
            "{:?}",
            en.steps[2]
        );
        assert!(
            ru.steps[2].said.to_lowercase().contains("конь"),
            "{:?}",
            ru.steps[2]
        );
    }

    #[test]
    fn a_tavreli_step_is_said_in_the_tavreli_words_of_the_lexicon() {
        let tav = |lexicon: &str| Context {
            variant: Some("tavreli".into()),
            moves: vec!["e2-e4".into(), "e7-e5".into()],
            lexicon: Some(lexicon.into()),
            ..Context::default()
        };
        let en = steps(&tav("en")).expect("steps");
        let ru = steps(&tav("ru")).expect("steps");
        assert_eq!(en.steps.len(), 2);
        assert_eq!(en.steps[0].san, "e2-e4");
        // Said, not the record read back: words, in each language its own.
        assert_ne!(en.steps[0].said, "e2-e4");
        assert_ne!(en.steps[0].said, ru.steps[0].said);
        assert!(
            ru.steps[0].said.chars().any(|c| ('а'..='я').contains(&c)),
            "{:?}",
            ru.steps[0]
        );
        let mut bad = tav("en");
        bad.moves.push("e4-e6".into());
        assert!(matches!(steps(&bad), Err(StepsError::Unreadable(_))));
    }

    #[test]
    fn an_illegal_record_is_refused() {
        let mut c = ctx("en");
        c.moves.push("Ke8".into());
        c.moves.push("Qxf7".into());
        assert!(matches!(steps(&c), Err(StepsError::Unreadable(_))));
    }
}
