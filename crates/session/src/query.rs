//! How a player's command line is read for each variant (the
//! `Variant::read_command` of each): the command words are the notation
//! crate's (`describe::command_word`, `describe::parse_command`), the
//! answers about the position are `describe` for chess and
//! `arbiter_notation::tavreli::queries` for Tavreli. Only the commands that act on
//! the game are handed back to the front end.

use arbiter_chess::Chess;
use arbiter_laws::{Game, PlyMove, RuleSet};
use arbiter_notation::describe::{self, Command, CommandWord, Wording};
use arbiter_notation::tavreli::queries;
use arbiter_tavreli::Tavreli;

/// A command line, read.
pub enum Cmd {
    /// A question answered from the position: the answer.
    Said(String),
    /// The clocks are asked for: the front end reads its own.
    Clock,
    /// Who the opponent is.
    Opponent,
    /// A draw offer.
    Draw,
    /// A claim, with the intended move if one was typed.
    Claim(Option<String>),
    /// A resignation.
    Resign,
    /// A request to pause.
    Pause,
    /// The help text.
    Help,
    /// The game as PGN.
    Pgn,
}

/// The legal moves played so far (an illegal move never stands online).
fn legal_moves<R: RuleSet>(game: &Game<R>) -> Vec<R::Move> {
    game.plies()
        .iter()
        .filter_map(|p| match &p.mv {
            PlyMove::Legal(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

fn acting(word: CommandWord, argument: &str) -> Option<Cmd> {
    Some(match word {
        CommandWord::Clock => Cmd::Clock,
        CommandWord::Opponent => Cmd::Opponent,
        CommandWord::Draw => Cmd::Draw,
        CommandWord::Claim if argument.is_empty() => Cmd::Claim(None),
        CommandWord::Claim => Cmd::Claim(Some(argument.to_string())),
        CommandWord::Resign => Cmd::Resign,
        CommandWord::Pause => Cmd::Pause,
        CommandWord::Help => Cmd::Help,
        CommandWord::Pgn => Cmd::Pgn,
        _ => return None,
    })
}

/// A command line in a chess game; `unreadable` tells whether the text
/// reads as no move at all.
pub(crate) fn chess_command(
    game: &Game<Chess>,
    text: &str,
    w: Wording,
    braille: bool,
    unreadable: impl Fn() -> bool,
) -> Option<Cmd> {
    let Some(parsed) = describe::parse_command(text, w.lang) else {
        // `q z9` is no move and no square: the square is what to say.
        return describe::argument_error(text, w.lang)
            .filter(|_| unreadable())
            .map(|e| Cmd::Said(e.to_string()));
    };
    let cmd = match parsed {
        Ok(c) => c,
        Err(e) => return Some(Cmd::Said(e.to_string())),
    };
    let start = game.start_position().board();
    let moves = legal_moves(game);
    Some(match cmd {
        Command::Clock => Cmd::Clock,
        Command::Opponent => Cmd::Opponent,
        Command::Draw => Cmd::Draw,
        Command::Claim(m) => Cmd::Claim(m.filter(|t| !t.is_empty())),
        Command::Resign => Cmd::Resign,
        Command::Pause => Cmd::Pause,
        Command::Pgn => Cmd::Pgn,
        Command::Board if braille => {
            let pos = game.position().board();
            let mut t = describe::board_text(pos, w.lang, false);
            t.push('\n');
            t.push_str(&arbiter_notation::braille::board_to_braille(pos, false));
            Cmd::Said(t)
        }
        other => match describe::answer(&other, start, &moves, w) {
            Some(Ok(t)) => Cmd::Said(t),
            Some(Err(e)) => Cmd::Said(e.to_string()),
            None => Cmd::Help,
        },
    })
}

/// `s e` is a file, `s 4` a rank (Tavreli's 8×8 board).
fn tavreli_line(arg: &str) -> Option<Result<u8, u8>> {
    let mut c = arg.trim().chars();
    let (Some(ch), None) = (c.next(), c.next()) else {
        return None;
    };
    match ch {
        '1'..='8' => Some(Err(ch as u8 - b'1')),
        // Latin, or Cyrillic as typed (`скан е`, `скан ф`).
        _ => arbiter_tavreli::notation::parse_file(ch).map(Ok),
    }
}

/// A command line in a Tavreli game.
pub(crate) fn tavreli_command(game: &Game<Tavreli>, text: &str, w: Wording) -> Option<Cmd> {
    let ct = describe::command_word(text)?;
    if let Some(c) = acting(ct.word, ct.argument) {
        return Some(c);
    }
    // Tavreli has words in every language the game speaks
    // (`arbiter_notation::tavreli::speech::LANGS`): the player's own.
    let lang = w.lang;
    let pos = game.position();
    let start = game.start_position();
    let arg = ct.argument;
    let square = || arbiter_tavreli::notation::parse_square(arg);
    let said = match ct.word {
        CommandWord::Board => Some(arbiter_notation::tavreli::speech::board(pos, lang).join("\n")),
        CommandWord::History => Some(
            queries::history(start, &legal_moves(game), lang)
                .unwrap_or_else(|e| queries::error_text(&e, lang)),
        ),
        CommandWord::LastMove => Some(
            queries::last_move(start, &legal_moves(game), lang)
                .unwrap_or_else(|e| queries::error_text(&e, lang)),
        ),
        CommandWord::Pieces if arg.is_empty() => Some(queries::pieces(
            pos,
            queries::MenQuery {
                side: None,
                kind: None,
            },
            lang,
        )),
        CommandWord::Pieces => queries::parse_men(arg).map(|q| queries::pieces(pos, q, lang)),
        CommandWord::Square => square().map(|s| queries::square(pos, s, lang)),
        CommandWord::Moves => square().map(|s| {
            queries::moves(pos, s, lang).unwrap_or_else(|e| queries::error_text(&e, lang))
        }),
        CommandWord::Attackers => square().map(|s| queries::attackers(pos, s, lang)),
        CommandWord::Scan => tavreli_line(arg).map(|l| queries::scan(pos, l, lang)),
        _ => None,
    };
    match said {
        Some(t) => Some(Cmd::Said(t)),
        // A letter whose argument does not read may be a move.
        None if ct.by_letter => None,
        None => Some(Cmd::Said(arbiter_notation::terminal::not_understood(
            lang, text,
        ))),
    }
}
