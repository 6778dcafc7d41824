//! Answers about the game so far: the moves, the last move, the clocks.

use arbiter_rules::Side;
use shakmaty::{Chess, Color, Move, Position};

use crate::clock::{Numerals, talking_clock_with};
use crate::spoken::announce_move;
use arbiter_rules::Lang;

use super::error::{QueryError, QueryErrorKind};
use super::words::{Wording, lexicon_of, side_name};

/// Replays a record, giving each move with the position it was played in.
fn replay(start: &Chess, moves: &[Move], lang: Lang) -> Result<Vec<(Chess, Move)>, QueryError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        if !pos.is_legal(*m) {
            return Err(QueryError::new(QueryErrorKind::BadRecord(i), lang));
        }
        out.push((pos.clone(), *m));
        pos.play_unchecked(*m);
    }
    Ok(out)
}

/// The position after a record of moves (what the other queries are asked about).
pub fn position_after(start: &Chess, moves: &[Move], lang: Lang) -> Result<Chess, QueryError> {
    let mut pos = start.clone();
    for (i, m) in moves.iter().enumerate() {
        if !pos.is_legal(*m) {
            return Err(QueryError::new(QueryErrorKind::BadRecord(i), lang));
        }
        pos.play_unchecked(*m);
    }
    Ok(pos)
}

/// Reads a record written in any notation the crate reads (SAN as logged, UCI, Russian
/// letters, spoken), move by move from `start`.
pub fn moves_from_text<S: AsRef<str>>(
    start: &Chess,
    texts: &[S],
    lang: Lang,
) -> Result<Vec<Move>, QueryError> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        let bad = || QueryError::new(QueryErrorKind::BadRecord(i), lang);
        let (m, _) = crate::parse(&pos, t.as_ref(), None).map_err(|_| bad())?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Ok(out)
}

fn no_moves(lang: Lang) -> String {
    match lang {
        Lang::En => "No moves yet.".into(),
        Lang::Ru => "Ходов ещё не было.".into(),
        Lang::De => "Noch keine Züge.".into(),
    }
}

/// `h`: the moves so far, one line per move number, each move announced in the lexicon;
/// White's and Black's moves are separated by "; ". A game that starts with Black to move
/// begins "1... ". Numbers follow the start position's move counter.
pub fn history(start: &Chess, moves: &[Move], w: Wording) -> Result<String, QueryError> {
    let played = replay(start, moves, w.lang)?;
    if played.is_empty() {
        return Ok(no_moves(w.lang));
    }
    let mut lines: Vec<String> = Vec::new();
    for (pos, m) in &played {
        let said = announce_move(pos, *m, w.lexicon);
        let n = pos.fullmoves();
        match (pos.turn(), lines.last_mut()) {
            (Color::Black, Some(line)) if !line.ends_with('.') => {
                line.push_str("; ");
                line.push_str(&said);
            }
            (Color::Black, _) => lines.push(format!("{n}... {said}")),
            (Color::White, _) => lines.push(format!("{n}. {said}")),
        }
    }
    for l in &mut lines {
        l.push('.');
    }
    Ok(lines.join("\n"))
}

/// `l`: the last move, who played it, in the lexicon: "Last move: Black, pawn e7 to e5."
pub fn last_move(start: &Chess, moves: &[Move], w: Wording) -> Result<String, QueryError> {
    let played = replay(start, moves, w.lang)?;
    let Some((pos, m)) = played.last() else {
        return Ok(no_moves(w.lang));
    };
    let who = side_name(w.lang, pos.turn());
    let said = announce_move(pos, *m, w.lexicon);
    Ok(match w.lang {
        Lang::En => format!("Last move: {who}, {said}."),
        Lang::Ru => format!("Последний ход: {}, {said}.", who.to_lowercase()),
        Lang::De => format!("Letzter Zug: {who}, {said}."),
    })
}

/// `c`: both clocks in words (the talking clock of L-D.2.6, White first), the completed
/// moves and who is to move: "White: 5 minutes. Black: 4 minutes 30 seconds. 12 moves
/// played. White to move." Use `Numerals::Words` for text handed to a speech engine.
pub fn clocks(
    w: Wording,
    white_ms: u64,
    black_ms: u64,
    to_move: Side,
    moves_completed: u32,
    numerals: Numerals,
) -> String {
    let clock = talking_clock_with(
        lexicon_of(w.lang),
        white_ms,
        black_ms,
        moves_completed,
        Side::White,
        numerals,
    );
    let c = match to_move {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    let who = side_name(w.lang, c);
    let turn = match w.lang {
        Lang::En => format!("{who} to move."),
        Lang::Ru if c == Color::White => "Ход белых.".to_string(),
        Lang::Ru => "Ход чёрных.".to_string(),
        Lang::De => format!("{who} am Zug."),
    };
    format!("{clock} {turn}")
}
