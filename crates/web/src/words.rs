//! The words of the page, computed here so that the page says exactly what `arbiter play`
//! says: command answers through `arbiter_notation::describe` (chess) and
//! `arbiter_notation::tavreli::queries` (Tavreli), move and event announcements through the
//! session's own sentences, and the names of the 64 cells of the board. The
//! announcements of a live game come with each WebSocket frame, worded by the hall.
//!
//! Stateless: every request carries the game it is about (start, moves or FEN). The page
//! holds no game logic; these functions only put a known position into words.

use arbiter_notation::SpokenLang;
use arbiter_notation::clock::Numerals;
use arbiter_notation::describe::{self, Command, Wording};
use arbiter_rules::{Side, Variant};
use arbiter_session::claim_words::read_claim;
use arbiter_session::laws::ClaimKind;
use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Move, Position, Square};

use crate::context::no_clock;
pub use crate::context::{
    BoardAnswer, BoardRequest, Cell, Clocks, Context, MAX_MOVES, language, lexicon, side_of,
};

/// The longest command text read; longer text is cut, so a pasted page costs nothing.
const MAX_TEXT: usize = 200;

/// The players' names.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Names {
    /// White's name.
    #[serde(default)]
    pub white: String,
    /// Black's name.
    #[serde(default)]
    pub black: String,
}

/// `POST /api/describe`: a typed text that may be a command.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct DescribeRequest {
    /// The game and the listener.
    #[serde(flatten)]
    pub ctx: Context,
    /// The text typed in the Move field, or a button's command.
    pub command: String,
    /// The clocks, for the clock command.
    #[serde(default)]
    pub clock: Option<Clocks>,
    /// The players, for the opponent command.
    #[serde(default)]
    pub names: Option<Names>,
    /// The listener's seat (`white`, `black`), or none for a spectator.
    #[serde(default)]
    pub seat: Option<Side>,
    /// The game's result as the state reports it (`*` while it goes on), so
    /// the clock command after the end says the game is over.
    #[serde(default)]
    pub result: Option<String>,
}

/// The answer of `POST /api/describe`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DescribeAnswer {
    /// False when the text is no command: the page sends it as a move.
    pub command: bool,
    /// What to show (digits).
    pub text: String,
    /// What to speak (numbers in words where they differ).
    pub speech: String,
    /// For commands that act (`draw`, `claim`, `resign`, `pause`, `pgn`): which.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<&'static str>,
    /// For `claim MOVE`: the intended move as typed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intended: Option<String>,
    /// For `claim`: which claim the words name (`threefold`, `fifty_moves`,
    /// `time`, `quickplay_finish`, `increment`, `illegal_move`), for the
    /// page to preselect.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimKind>,
}

/// The page's words are chess's unless the game is Tavreli, whose towers
/// are named in its own words ([`crate::tavreli`]).
fn is_tavreli(ctx: &Context) -> bool {
    crate::context::variant(ctx) == Variant::Tavreli
}

fn cut(s: &str) -> &str {
    match s.char_indices().nth(MAX_TEXT) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

fn chess_record(ctx: &Context, lang: SpokenLang) -> Result<(Chess, Vec<Move>), String> {
    if ctx.moves.len() > MAX_MOVES {
        return Err(format!("more than {MAX_MOVES} moves"));
    }
    let start =
        arbiter_notation::position_from_fen(ctx.start.as_deref()).map_err(|e| e.to_string())?;
    let moves = describe::moves_from_text(&start, &ctx.moves, lang).map_err(|e| e.to_string())?;
    Ok((start, moves))
}

fn plain(text: String) -> DescribeAnswer {
    DescribeAnswer {
        command: true,
        speech: text.clone(),
        text,
        ..DescribeAnswer::default()
    }
}

fn act(action: &'static str, intended: Option<String>) -> DescribeAnswer {
    DescribeAnswer {
        command: true,
        action: Some(action),
        intended,
        ..DescribeAnswer::default()
    }
}

/// Answers a typed text: a command in words, an action for the page to confirm, or
/// `command: false` for a move.
pub fn describe_text(req: &DescribeRequest) -> DescribeAnswer {
    let ctx = &req.ctx;
    let lang = language(ctx);
    let text = cut(req.command.trim());
    if is_tavreli(ctx)
        && let Some(t) = crate::tavreli::pieces_command(text, ctx, lang)
    {
        return plain(t);
    }
    let cmd = match describe::parse_command(text, lang) {
        None => return DescribeAnswer::default(),
        Some(Err(e)) => return plain(e.to_string()),
        Some(Ok(c)) => c,
    };
    match cmd {
        Command::Draw => return act("draw", None),
        Command::Claim(m) => {
            let typed = read_claim(m.as_deref());
            return DescribeAnswer {
                claim: Some(typed.claim),
                ..act("claim", typed.intended)
            };
        }
        Command::Resign => return act("resign", None),
        Command::Pause => return act("pause", None),
        Command::Pgn => return act("pgn", None),
        Command::Opponent => return plain(opponent(req, lang)),
        _ => {}
    }
    if is_tavreli(ctx) {
        return plain(crate::tavreli::answer(&cmd, ctx, lang, req.clock));
    }
    let w = Wording::new(lang, lexicon(ctx));
    let (start, moves) = match chess_record(ctx, lang) {
        Ok(r) => r,
        Err(e) => return plain(e),
    };
    if cmd == Command::Clock {
        let Some(c) = req.clock else {
            return plain(no_clock(lang).to_string());
        };
        let done = (moves.len() / 2) as u32;
        if let Some(r) = req.result.as_deref().filter(|r| *r != "*") {
            let say = |n| {
                arbiter_notation::play_page::clocks_over(
                    lang,
                    ms(c.white_ms),
                    ms(c.black_ms),
                    done,
                    r,
                    n,
                )
            };
            return DescribeAnswer {
                command: true,
                text: say(Numerals::Digits),
                speech: say(Numerals::Words),
                ..DescribeAnswer::default()
            };
        }
        let pos = describe::position_after(&start, &moves, lang).unwrap_or(start.clone());
        let side = side_of(pos.turn());
        let say = |n| describe::clocks(w, ms(c.white_ms), ms(c.black_ms), side, done, n);
        return DescribeAnswer {
            command: true,
            text: say(Numerals::Digits),
            speech: say(Numerals::Words),
            ..DescribeAnswer::default()
        };
    }
    match describe::answer(&cmd, &start, &moves, w) {
        Some(Ok(t)) => plain(t),
        Some(Err(e)) => plain(e.to_string()),
        None => plain(String::new()),
    }
}

fn ms(v: i64) -> u64 {
    v.max(0) as u64
}

fn opponent(req: &DescribeRequest, lang: SpokenLang) -> String {
    let names = req.names.clone().unwrap_or_default();
    let name = |s: &str| {
        if s.is_empty() {
            "?".to_string()
        } else {
            s.to_string()
        }
    };
    let (w, b) = (name(&names.white), name(&names.black));
    arbiter_notation::page::opponent(lang, req.seat, &w, &b)
}

/// Names the 64 cells the way the square command says them.
pub fn board(req: &BoardRequest) -> Result<BoardAnswer, String> {
    let lang = language(&req.ctx);
    if is_tavreli(&req.ctx) {
        return crate::tavreli::board(req, lang);
    }
    let w = Wording::new(lang, lexicon(&req.ctx));
    let pos: Chess = match &req.fen {
        Some(f) => arbiter_notation::position_from_fen(Some(f)).map_err(|e| e.to_string())?,
        None => {
            let (start, moves) = chess_record(&req.ctx, lang)?;
            describe::position_after(&start, &moves, lang).map_err(|e| e.to_string())?
        }
    };
    let cells = Square::ALL
        .iter()
        .map(|&sq| {
            let piece = pos.board().piece_at(sq);
            Cell {
                square: sq.to_string(),
                name: describe::square(&pos, sq, w)
                    .trim_end_matches('.')
                    .to_string(),
                piece: piece.map(|p| p.char().to_string()).unwrap_or_default(),
                height: usize::from(piece.is_some()),
            }
        })
        .collect();
    Ok(BoardAnswer {
        cells,
        to_move: side_of(pos.turn()),
        last: chess_last(&req.ctx, lang),
        legal: legal_moves(&pos),
        check: checked_king(&pos),
    })
}

/// Every legal move of the position in coordinates, castling as the king's
/// own two squares (as a player moves it on the board).
fn legal_moves(pos: &Chess) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
        .collect()
}

/// The square of the side to move's king when it stands in check.
fn checked_king(pos: &Chess) -> Option<String> {
    if !pos.is_check() {
        return None;
    }
    pos.board().king_of(pos.turn()).map(|sq| sq.to_string())
}

/// The from and to squares of the record's last move (a castling king's own
/// two squares, as a player moves it).
fn chess_last(ctx: &Context, lang: SpokenLang) -> Option<[String; 2]> {
    let (_, moves) = chess_record(ctx, lang).ok()?;
    let m = moves.last()?;
    let to = match m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    };
    Some([m.from()?.to_string(), to.to_string()])
}
