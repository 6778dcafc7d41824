//! The set-up said before play, for this session's game: the words are the
//! words crate's ([`arbiter_notation::live::setup`]); the session gives
//! them the game's variant, time control, rules and regime.

use crate::session::Session;
use crate::setup::{Front, Game, Player, setup_text};
use crate::variant::Variant;

impl<R: Variant> Session<R> {
    /// The set-up in the session's language: "Chess, 900+10 (…), FIDE Laws
    /// of Chess, 2023 edition, rapid. You play White against Stockfish (…).
    /// Type a move, or help."
    pub fn setup_text(&self, players: &[Player; 2], front: Front) -> String {
        let p = &self.game().config().provisions;
        let game = Game {
            variant: self.game().rules().variant(),
            control: self.header().time_control.as_deref(),
            edition: p.edition,
            regime: arbiter_rules::Provisions::has_regimes(p.edition).then_some(p.regime),
        };
        setup_text(self.lexicon().language(), game, players, front)
    }
}
