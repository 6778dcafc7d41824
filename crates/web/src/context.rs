//! What every words request shares: the game and the listener ([`Context`]), the
//! clocks, the board's cells, and the small choices (lexicon, language, side) that both
//! the chess words and the Tavreli words make the same way. Kept apart from both so
//! that each depends on it and neither on the other.

use arbiter_notation::{Lexicon, SpokenLang};
use arbiter_rules::{Side, Variant};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

/// The most moves a request may carry (a game longer than this is no game).
pub const MAX_MOVES: usize = 2000;

/// Both clocks as the server reports them.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
pub struct Clocks {
    /// White's remaining time in milliseconds.
    pub white_ms: i64,
    /// Black's remaining time in milliseconds.
    pub black_ms: i64,
}

/// What every words request says about the game and the listener.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Context {
    /// The variant's key: `chess` (the default) or `tavreli`.
    #[serde(default)]
    pub variant: Option<String>,
    /// The starting position; `None` is the initial one.
    #[serde(default)]
    pub start: Option<String>,
    /// The moves so far, as the server's state lists them.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `en`, `ru` or `de` (default: the lexicon's language).
    #[serde(default)]
    pub lang: Option<String>,
    /// `fide-de`, `ru-fide`, `ru`, `en` (default) or `nato`.
    #[serde(default)]
    pub lexicon: Option<String>,
}

/// The variant named; chess when none is, or an unknown one (the page
/// asks only about games the hall runs).
pub fn variant(ctx: &Context) -> Variant {
    ctx.variant
        .as_deref()
        .and_then(|v| v.parse().ok())
        .unwrap_or_default()
}

/// The lexicon named by `key`; English when it names none.
pub fn lexicon(ctx: &Context) -> Lexicon {
    ctx.lexicon
        .as_deref()
        .and_then(Lexicon::from_key)
        .unwrap_or(Lexicon::En)
}

/// The language of the sentences: the one asked for, else the lexicon's own.
pub fn language(ctx: &Context) -> SpokenLang {
    match ctx.lang.as_deref() {
        Some("ru") => SpokenLang::Ru,
        Some("de") => SpokenLang::De,
        Some("en") => SpokenLang::En,
        _ => lexicon(ctx).language(),
    }
}

/// The side of a shakmaty colour.
pub fn side_of(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

pub(crate) use arbiter_notation::page::no_clock;

/// `POST /api/board`: the position to name.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct BoardRequest {
    /// The game and the listener; `fen` wins over `start` + `moves` when given.
    #[serde(flatten)]
    pub ctx: Context,
    /// The position as the state reports it.
    #[serde(default)]
    pub fen: Option<String>,
}

/// One cell of the board grid.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// `a1`…`h8`.
    pub square: String,
    /// The cell's accessible name: the square and what stands there.
    pub name: String,
    /// The piece letter (`K`…`P` White, `k`…`p` Black) of the top man, for jumping and
    /// drawing; empty for an empty square.
    pub piece: String,
    /// How many men stand there (Tavreli towers; 1 or 0 in chess).
    pub height: usize,
}

/// The cells of the board, a1 first, with the side to move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardAnswer {
    /// 64 cells, a1, b1, … h8.
    pub cells: Vec<Cell>,
    /// The side to move.
    pub to_move: Side,
    /// The squares the last move of the record left and reached (`["e2",
    /// "e4"]`; the king's squares for castling), so the board can mark
    /// them; absent before the first move or when the record cannot be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<[String; 2]>,
    /// The legal moves of the side to move as coordinates (`e2e4`, `e7e8n`;
    /// castling as the king's two squares, `e1g1`), so the mouse board can
    /// mark a picked man's targets and ask which man a pawn becomes; empty
    /// when there is none (mate, stalemate) and for Tavreli, whose moves are
    /// typed or asked for with the `m` command.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<String>,
    /// The square of the king in check, for the board to mark it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
}
