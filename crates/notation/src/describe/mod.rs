//! The position commands of a game played by ear (`arbiter play`) or on the accessible
//! web page, in words: where the pieces stand, what is on a square or a line, the legal
//! moves of a piece, the attackers of a square, the moves so far, the clocks, the board as
//! text — and the command line that asks for them ([`parse_command`], [`help_text`]).
//!
//! Every front end calls these functions, so a command gives the same answer in the
//! terminal, in speech and on the web page. They return plain text sentences in the
//! chosen language, with squares and moves said in the chosen lexicon ([`Wording`]); the
//! words are the announcer's ([`crate::announce_move`]) and the talking clock's.
//!
//! Pure: no I/O, no wall clock.

mod args;
mod command;
mod error;
mod position;
mod record;
mod words;

pub use args::{Line, PieceQuery, parse_line, parse_piece, parse_square};
pub use command::{
    Command, CommandText, CommandWord, argument_error, command_word, help_text, help_text_for_men,
    parse_command,
};
pub use error::{QueryError, QueryErrorKind};
pub use position::{attackers, board_text, moves, pieces, scan, square};
pub(crate) use position::{piece_of_board_cell, scan_board};
pub use record::{clocks, history, last_move, moves_from_text, position_after};
pub use words::{Wording, count_pieces, piece_with_colour, side_name};

use shakmaty::{Chess, Move};

/// Answers a command about the game `start` + `moves` in words, or `None` for the
/// commands that are not about the position and belong to the caller (clock, opponent,
/// draw, claim, resign, pause, PGN). `Board` gives [`board_text`] from White's side.
pub fn answer(
    cmd: &Command,
    start: &Chess,
    moves_played: &[Move],
    w: Wording,
) -> Option<Result<String, QueryError>> {
    let pos = || position_after(start, moves_played, w.lang);
    Some(match cmd {
        Command::Pieces(q) => pos().map(|p| pieces(&p, *q, w)),
        Command::Scan(l) => pos().map(|p| scan(&p, *l, w)),
        Command::Square(sq) => pos().map(|p| square(&p, *sq, w)),
        Command::Moves(sq) => pos().and_then(|p| moves(&p, *sq, w)),
        Command::Attackers(sq) => pos().map(|p| attackers(&p, *sq, w)),
        Command::History => history(start, moves_played, w),
        Command::LastMove => last_move(start, moves_played, w),
        Command::Board => pos().map(|p| board_text(&p, w.lang, false)),
        Command::Help => Ok(help_text(w.lang)),
        Command::Clock
        | Command::Opponent
        | Command::Draw
        | Command::Claim(_)
        | Command::Resign
        | Command::Pause
        | Command::Pgn => return None,
    })
}
