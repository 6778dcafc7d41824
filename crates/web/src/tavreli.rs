//! Tavreli in words: towers named top first in the cell names and the square command,
//! the commands through `arbiter_notation::tavreli::queries`.

use arbiter_notation::SpokenLang;
use arbiter_notation::clock::Numerals;
use arbiter_notation::describe::{self, Command, Line, Wording};
use arbiter_notation::tavreli::queries::{self, MenQuery};
use arbiter_notation::tavreli::speech::Lang;
use arbiter_rules::Side;
use arbiter_session::tavreli::{Kind, Move, Position};

use crate::context::{
    BoardAnswer, BoardRequest, Cell, Clocks, Context, MAX_MOVES, lexicon, no_clock, side_of,
};

fn record(ctx: &Context) -> Result<(Position, Vec<Move>), String> {
    if ctx.moves.len() > MAX_MOVES {
        return Err(format!("more than {MAX_MOVES} moves"));
    }
    let start = match &ctx.start {
        Some(s) => arbiter_session::tavreli::fen::parse(s).map_err(|e| e.to_string())?,
        None => Position::initial(),
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(ctx.moves.len());
    for (i, t) in ctx.moves.iter().enumerate() {
        let (m, _) = arbiter_session::tavreli::notation::parse_move(&pos, t)
            .map_err(|e| format!("move {}: {}", i + 1, e.reason()))?;
        pos.make(m);
        moves.push(m);
    }
    Ok((start, moves))
}

/// Each move of a Tavreli record said as the live game announces it (the
/// towers named in words, check and mate included), in `lang`.
pub(crate) fn said_moves(ctx: &Context, lang: Lang) -> Result<Vec<String>, String> {
    let (start, moves) = record(ctx)?;
    let mut pos = start;
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        out.push(arbiter_notation::tavreli::speech::describe_move(
            &pos, m, lang,
        ));
        pos.make(m);
    }
    Ok(out)
}

fn after(start: &Position, moves: &[Move]) -> Position {
    let mut pos = start.clone();
    for m in moves {
        pos.make(*m);
    }
    pos
}

fn square_index(sq: shakmaty::Square) -> u8 {
    u8::from(sq.rank()) * 8 + u8::from(sq.file())
}

fn men(q: describe::PieceQuery) -> MenQuery {
    let side = q.color.map(side_of);
    let kind = q.role.map(|r| {
        Kind::from_index(match r {
            shakmaty::Role::King => 0,
            shakmaty::Role::Queen => 1,
            shakmaty::Role::Rook => 2,
            shakmaty::Role::Bishop => 3,
            shakmaty::Role::Knight => 4,
            shakmaty::Role::Pawn => 5,
        })
    });
    MenQuery { side, kind }
}

/// `p ARG` in a Tavreli game, read as the command line reads it
/// ([`queries::parse_men`]: the position-text letters with helgi's H, the kinds' names
/// in any language, colour words) rather than as chess pieces, so that the page and
/// `arbiter play` answer the same text alike. `None` when the text is no `p` with an
/// argument, or the argument does not read so (the chess reading then has its say).
pub fn pieces_command(text: &str, ctx: &Context, lang: SpokenLang) -> Option<String> {
    let ct = describe::command_word(text)?;
    if ct.word != describe::CommandWord::Pieces || ct.argument.trim().is_empty() {
        return None;
    }
    let q = queries::parse_men(ct.argument)?;
    Some(match record(ctx) {
        Ok((start, moves)) => queries::pieces(&after(&start, &moves), q, lang),
        Err(e) => e,
    })
}

/// Answers a position command about a Tavreli game.
pub fn answer(cmd: &Command, ctx: &Context, lang: SpokenLang, clock: Option<Clocks>) -> String {
    // Tavreli has words in every language the hall speaks
    // (`arbiter_notation::tavreli::speech::LANGS`).
    let l: Lang = lang;
    let (start, moves) = match record(ctx) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let pos = after(&start, &moves);
    let r = match cmd {
        Command::Pieces(q) => Ok(queries::pieces(&pos, men(*q), l)),
        Command::Scan(Line::File(f)) => Ok(queries::scan(&pos, Ok(u8::from(*f)), l)),
        Command::Scan(Line::Rank(r)) => Ok(queries::scan(&pos, Err(u8::from(*r)), l)),
        Command::Square(sq) => Ok(queries::square(&pos, square_index(*sq), l)),
        Command::Moves(sq) => queries::moves(&pos, square_index(*sq), l),
        Command::Attackers(sq) => Ok(queries::attackers(&pos, square_index(*sq), l)),
        Command::History => queries::history(&start, &moves, l),
        Command::LastMove => queries::last_move(&start, &moves, l),
        Command::Board => Ok(arbiter_notation::tavreli::speech::board(&pos, l).join("\n")),
        Command::Help => Ok(arbiter_session::tavreli_help(lang)),
        Command::Clock => {
            return match clock {
                Some(c) => describe::clocks(
                    Wording::new(lang, lexicon(ctx)),
                    c.white_ms.max(0) as u64,
                    c.black_ms.max(0) as u64,
                    pos.side_to_move(),
                    (moves.len() / 2) as u32,
                    Numerals::Digits,
                ),
                None => no_clock(lang).to_string(),
            };
        }
        _ => Ok(String::new()),
    };
    r.unwrap_or_else(|e| queries::error_text(&e, l))
}

const LETTERS: &str = "KQRBNP";

/// The 64 cells of a Tavreli position: each names its whole tower, top first.
pub fn board(req: &BoardRequest, lang: SpokenLang) -> Result<BoardAnswer, String> {
    // Tavreli has words in every language the hall speaks
    // (`arbiter_notation::tavreli::speech::LANGS`).
    let l: Lang = lang;
    let pos = match &req.fen {
        Some(f) => arbiter_session::tavreli::fen::parse(f).map_err(|e| e.to_string())?,
        None => {
            let (start, moves) = record(&req.ctx)?;
            after(&start, &moves)
        }
    };
    let last = record(&req.ctx).ok().and_then(|(_, moves)| {
        let m = moves.last()?;
        let name = arbiter_session::tavreli::board::square_name;
        Some([name(m.from()), name(m.to())])
    });
    let cells = (0u8..64)
        .map(|sq| {
            let top = pos.top_man(sq);
            let letter = top
                .map(|m| {
                    let c = LETTERS.chars().nth(m.kind as usize).unwrap_or('?');
                    match m.side {
                        Side::White => c.to_string(),
                        Side::Black => c.to_ascii_lowercase().to_string(),
                    }
                })
                .unwrap_or_default();
            Cell {
                square: arbiter_session::tavreli::board::square_name(sq),
                name: queries::square(&pos, sq, l),
                piece: letter,
                height: pos.height(sq),
            }
        })
        .collect();
    Ok(BoardAnswer {
        cells,
        to_move: pos.side_to_move(),
        last,
        legal: Vec::new(),
        check: None,
    })
}
