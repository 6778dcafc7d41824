//! The blind player's assistant (the Laws from 2017, D.2.10; the Laws
//! 2005, Supplement, item 9), as the session plays it.
//!
//! The log header names the sides that have one (`assistant`). The
//! assistant's duties, as the session performs them:
//!
//! * (b) announcing both players' moves: the session says every move in the
//!   chosen lexicon (the Appendix D names with `fide-de`), and every
//!   announcement the players make;
//! * (c) keeping the blind player's score: [`Assistant::score`] (the
//!   braille export of a score is `arbiter_notation::braille`);
//! * (d) telling him, *only when he asks*, the number of moves completed
//!   and the time both players have used: [`Assistant::tells`];
//! * (e) claiming the game when the opponent's flag has fallen (the session
//!   claims it for him at once, [`crate::Session::claim_flags_for`]), and
//!   telling the arbiter when the sighted player has touched one of his
//!   pieces: [`Assistant::touch_report`].
//!
//! Making moves on the other board (a) and adjournments (f) are the
//! person's, not the software's.

use crate::variant::Variant;
use arbiter_laws::Game;
use arbiter_notation::appendix_d_words::Said;
use arbiter_rules::Side;

/// Which sides have an assistant, from the log header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Assistant {
    /// `[white, black]`: the side has an assistant.
    sides: [bool; 2],
}

impl Assistant {
    /// The assistants the header's `assistant` list names.
    pub fn of(sides: &[Side]) -> Assistant {
        let mut a = Assistant::default();
        for s in sides {
            a.sides[s.index()] = true;
        }
        a
    }

    /// Whether `side` has an assistant.
    pub fn serves(&self, side: Side) -> bool {
        self.sides[side.index()]
    }

    /// The sides served, White first.
    pub fn sides(&self) -> Vec<Side> {
        Side::BOTH.into_iter().filter(|&s| self.serves(s)).collect()
    }

    /// The blind player's score as his assistant keeps it (D.2.10(c)):
    /// every half-move in the rule set's written notation.
    pub fn score<R: Variant>(&self, game: &Game<R>) -> Vec<String> {
        game.move_texts()
    }

    /// The assistant's answer when `side` asks (D.2.10(d), only on his
    /// request): the moves completed and the time each player has used,
    /// read at `at`. `None` when `side` has no assistant.
    pub fn tells<R: Variant>(&self, game: &Game<R>, side: Side, at: u64) -> Option<Said> {
        if !self.serves(side) {
            return None;
        }
        let edition = game.config().provisions.edition;
        let (moves, used) = match game.timing().clock() {
            Some(c) => {
                let at = at.max(c.last_at());
                let used = |s: Side| {
                    // What the clock has charged: the start and every
                    // credit, less what is left (never below zero).
                    let l = c.ledger(s);
                    let credited = l.initial_ms
                        + l.increments_ms
                        + l.bronstein_ms
                        + l.periods_ms
                        + l.adjustments_ms
                        + l.sand_ms;
                    u64::try_from(credited - c.remaining(s, at)).unwrap_or(0)
                };
                let moves = c
                    .moves_completed(Side::White)
                    .max(c.moves_completed(Side::Black));
                (moves, [used(Side::White), used(Side::Black)])
            }
            None => {
                let done = game.plies().iter().filter(|p| p.completed_at.is_some());
                let moves = done.count().div_ceil(2);
                (u32::try_from(moves).unwrap_or(u32::MAX), [0, 0])
            }
        };
        Some(Said::AssistantTells {
            moves,
            white_used_ms: used[0],
            black_used_ms: used[1],
            edition,
        })
    }

    /// What the assistant of a blind player tells the arbiter after the
    /// sighted `toucher` touched the man on `square` (D.2.10(e)): said when
    /// the man is the blind player's and the blind player has an assistant.
    pub fn touch_report<R: Variant>(
        &self,
        game: &Game<R>,
        toucher: Side,
        square: &str,
        man: Option<u32>,
    ) -> Option<Said> {
        let blind = toucher.other();
        if !self.serves(blind) || !game.visually_disabled(blind) {
            return None;
        }
        let touched = game
            .rules()
            .touched_man(game.position(), square, man.unwrap_or(1))?;
        (touched.owner == blind).then(|| Said::AssistantReportsTouch {
            blind,
            square: square.to_string(),
            edition: game.config().provisions.edition,
        })
    }

    /// The words with which the assistant claims for `claimant` that the
    /// opponent's flag has fallen (D.2.10(e)), when `claimant` has one.
    pub fn flag_claim<R: Variant>(&self, game: &Game<R>, claimant: Side) -> Option<Said> {
        self.serves(claimant).then(|| Said::AssistantClaimsFlag {
            claimant,
            edition: game.config().provisions.edition,
        })
    }
}

/// What the fold recorded of the two boards since the counts `before`
/// (announcements, retraces, boards found different), as announcements:
/// each announced move said in `lex`, a correction (D.2.8), boards that
/// differ at a press (D.2.9), the arbiter's retrace (D.2.9).
pub(crate) fn two_boards<R: Variant>(
    game: &Game<R>,
    lex: arbiter_notation::Lexicon,
    before: &[usize; 3],
) -> Vec<crate::announce::Kind> {
    use crate::announce::Kind;
    let edition = game.config().provisions.edition;
    let mut out = Vec::new();
    for r in game.announcements().iter().skip(before[0]) {
        out.push(Said::Announced {
            side: r.side,
            words: words(game, r, lex),
            correction: r.correction,
            edition,
        });
    }
    for r in game.boards_differ().iter().skip(before[2]) {
        out.push(Said::BoardsDiffer {
            side: r.side,
            words: words(game, r, lex),
            edition,
        });
    }
    for r in game.retraces().iter().skip(before[1]) {
        out.push(Said::Retraced {
            ply: r.ply,
            white_ms: r.white_ms,
            black_ms: r.black_ms,
            to_move: game
                .timing()
                .clock()
                .map_or_else(|| game.rules().turn(game.position()), |c| c.on_move()),
            edition,
        });
    }
    out.into_iter()
        .map(|said| Kind::AppendixD { said })
        .collect()
}

/// An announced move in words in `lex`, read where it was announced; as
/// written when it reads as no move there.
fn words<R: Variant>(
    game: &Game<R>,
    r: &arbiter_laws::appendix_d::AnnouncementRecord,
    lex: arbiter_notation::Lexicon,
) -> String {
    use arbiter_laws::MoveInput;
    let pos = match r.ply {
        Some(i) => game.position_after(i),
        None => game.position().clone(),
    };
    match game.rules().parse_move(&pos, &r.mv) {
        MoveInput::Legal(m) => game.rules().say_move(&pos, &m, lex),
        _ => r.mv.clone(),
    }
}
