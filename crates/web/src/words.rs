//! The words of the page, computed here so that the page says exactly what `arbiter play`
//! says: command answers through `arbiter_notation::describe` (chess) and
//! `arbiter_tavreli::queries` (Tavreli), move and event announcements through the
//! session's own sentences, and the names of the 64 cells of the board.
//!
//! Stateless: every request carries the game it is about (start, moves or FEN). The page
//! holds no game logic; these functions only put a known position into words.

use arbiter_laws::{ActionKind, ClaimKind};
use arbiter_notation::clock::Numerals;
use arbiter_notation::describe::{self, Command, Wording};
use arbiter_notation::{SpokenLang, announce_move};
use arbiter_rules::{GameResult, PenaltyKind, Side, Termination};
use arbiter_session::claim_words::read_claim;
use arbiter_session::{Kind, Penalised};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shakmaty::{Chess, Color, Move, Position, Square};

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

fn is_tavreli(ctx: &Context) -> bool {
    ctx.variant.as_deref() == Some("tavreli")
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
        let pos = describe::position_after(&start, &moves, lang).unwrap_or(start.clone());
        let side = side_of(pos.turn());
        let done = (moves.len() / 2) as u32;
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
    let (wn, bn) = (
        describe::side_name(lang, Color::White),
        describe::side_name(lang, Color::Black),
    );
    match (req.seat, lang) {
        (Some(Side::White), SpokenLang::Ru) => format!("Ваш соперник: {b}, чёрные."),
        (Some(Side::Black), SpokenLang::Ru) => format!("Ваш соперник: {w}, белые."),
        (Some(Side::White), SpokenLang::De) => format!("Ihr Gegner: {b}, {bn}."),
        (Some(Side::Black), SpokenLang::De) => format!("Ihr Gegner: {w}, {wn}."),
        (Some(Side::White), SpokenLang::En) => format!("Your opponent: {b}, {bn}."),
        (Some(Side::Black), SpokenLang::En) => format!("Your opponent: {w}, {wn}."),
        (None, _) => format!("{wn}: {w}. {bn}: {b}."),
    }
}

/// `POST /api/announce`: one event of the log, with the state after it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct AnnounceRequest {
    /// The game (its `moves` are the state's, after the event) and the listener.
    #[serde(flatten)]
    pub ctx: Context,
    /// The event as the WebSocket frame carries it.
    pub event: Value,
    /// The state after the event (`arbiter replay --json` keys).
    #[serde(default)]
    pub state: Value,
    /// The number of half-moves before the event, so a move is announced once.
    #[serde(default)]
    pub ply_before: Option<usize>,
}

/// The sentences an event gives, in order: the move, the penalty, the result…
pub fn announce(req: &AnnounceRequest) -> Vec<String> {
    let lex = lexicon(&req.ctx);
    let mut out = Vec::new();
    for kind in kinds(req) {
        let t = arbiter_session::announce::text(lex, &kind);
        if !t.is_empty() {
            out.push(t);
        }
    }
    out
}

fn side_field(v: &Value, key: &str) -> Option<Side> {
    match v.get(key)?.as_str()? {
        "white" => Some(Side::White),
        "black" => Some(Side::Black),
        _ => None,
    }
}

/// The one side whose clock shows zero in a state's report (the fold's
/// `clock`), as the session names it in a draw on time (6.9).
fn flagged(st: &Value) -> Option<Side> {
    let clock = st.get("clock")?;
    let down = |key: &str| {
        clock
            .get(key)
            .and_then(Value::as_i64)
            .is_some_and(|ms| ms <= 0)
    };
    match (down("white_ms"), down("black_ms")) {
        (true, false) => Some(Side::White),
        (false, true) => Some(Side::Black),
        _ => None,
    }
}

/// The session's announcement kinds for one logged event.
fn kinds(req: &AnnounceRequest) -> Vec<Kind> {
    let ev = &req.event;
    let st = &req.state;
    let side = side_field(ev, "side");
    let ply = st.get("ply").and_then(Value::as_u64).unwrap_or(0) as usize;
    let mut out = Vec::new();
    let moved = req.ply_before.is_none_or(|b| ply > b);
    match ev.get("type").and_then(Value::as_str).unwrap_or("") {
        "move" | "press" if moved => {
            if let Some(k) = move_kind(&req.ctx, ply) {
                out.push(k);
            }
        }
        "offer_draw" => out.extend(side.map(|side| Kind::DrawOffered { side })),
        "decline_draw" => out.extend(side.map(|side| Kind::DrawDeclined { side })),
        "arbiter" => arbiter_kinds(ev, st, side, &mut out),
        "claim" => {
            out.extend(side.and_then(|side| claim_kind(ev, st, side)));
            if let Some(side) = side
                && ev.get("claim").and_then(Value::as_str) == Some("illegal_move")
            {
                out.extend(illegal_acted(ev, st, side.other()));
            }
        }
        "move" | "press" => out.extend(side.map(|s| illegal_acted(ev, st, s)).unwrap_or_default()),
        _ => {}
    }
    let result = st.get("result").and_then(Value::as_str).unwrap_or("*");
    if result != "*" {
        let termination = st
            .get("termination")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let flagged = (termination == "time_forfeit")
            .then(|| flagged(st))
            .flatten();
        // The report writes both keys of an ended game as the Laws name them.
        if let (Some(result), Some(termination)) =
            (GameResult::parse(result), Termination::parse(&termination))
        {
            out.push(Kind::GameOver {
                result,
                termination,
                at: 0,
                flagged,
            });
        }
    }
    out
}

/// A logged claim that did not end the game, as the session says it: a
/// quickplay-finish claim now awaiting the arbiter (10.2, G-III), or a
/// threefold or fifty-move claim found incorrect (9.5c).
fn claim_kind(ev: &Value, st: &Value, side: Side) -> Option<Kind> {
    if st.get("result").and_then(Value::as_str).unwrap_or("*") != "*" {
        return None;
    }
    let claim = ev.get("claim").and_then(Value::as_str).unwrap_or("");
    let pending = st.get("quickplay_claim").filter(|p| !p.is_null());
    match claim {
        "quickplay_finish" | "increment" => pending
            .filter(|p| side_field(p, "side") == Some(side))
            .map(|_| Kind::QuickplayClaimed {
                side,
                increment: claim == "increment",
            }),
        "threefold" | "fifty_moves" => Some(Kind::ClaimRejected {
            side,
            agreed: false,
        }),
        _ => None,
    }
}

/// The quickplay-finish claim awaiting the arbiter in a state, if any.
fn pending_quickplay(st: &Value) -> Option<Kind> {
    let pending = st.get("quickplay_claim").filter(|p| !p.is_null())?;
    Some(Kind::QuickplayClaimed {
        side: side_field(pending, "side")?,
        increment: pending.get("claim").and_then(Value::as_str) == Some("increment"),
    })
}

/// The time a quickplay ruling gave (G-III.4, G-III.5, 2005 10.2), as the
/// Laws recorded it: the state's last penalty, which names the claimant
/// (or, postponed, the player who got the time). The ruling's event names
/// no side.
fn quickplay_ruling(st: &Value) -> Option<Kind> {
    let last = st.get("penalties")?.as_array()?.last()?;
    let penalty = last.get("kind")?.as_str()?;
    if !penalty.starts_with("quickplay_") {
        return None;
    }
    Some(Kind::Penalty {
        side: side_field(last, "side")?,
        penalty: penalty.parse::<PenaltyKind>().ok()?.into(),
        ms: last.get("ms").and_then(Value::as_i64),
    })
}

/// An illegal move the Laws acted on with this event (7.5, A.4.2, A.5.2):
/// the move counted and its consequence, as the session says them. Found
/// by the penalty recorded at the event's instant: an illegal move left to
/// a claim (reduced supervision) is recorded, and said, only when claimed.
fn illegal_acted(ev: &Value, st: &Value, offender: Side) -> Vec<Kind> {
    let at = ev.get("at").and_then(Value::as_u64);
    let last = st
        .get("penalties")
        .and_then(Value::as_array)
        .and_then(|p| p.last())
        .filter(|p| {
            p.get("kind").and_then(Value::as_str) == Some("illegal_move")
                && side_field(p, "side") == Some(offender)
                && (at.is_none() || p.get("at").and_then(Value::as_u64) == at)
        });
    let Some(p) = last else {
        return Vec::new();
    };
    let key = match offender {
        Side::White => "white",
        Side::Black => "black",
    };
    let count = st
        .get("illegal_moves")
        .and_then(|m| m.get(key))
        .and_then(Value::as_u64)
        .unwrap_or(1);
    vec![
        Kind::IllegalMove {
            side: offender,
            count: u32::try_from(count).unwrap_or(u32::MAX),
        },
        Kind::Penalty {
            side: offender,
            penalty: PenaltyKind::IllegalMove.into(),
            ms: p.get("ms").and_then(Value::as_i64),
        },
    ]
}

fn arbiter_kinds(ev: &Value, st: &Value, side: Option<Side>, out: &mut Vec<Kind>) {
    let action = ev.get("action").and_then(Value::as_str).unwrap_or("");
    match action {
        "pause" => {
            out.push(Kind::Paused);
            // The pause a quickplay claim brings says why, so that whoever
            // reads only the latest status still learns who claimed what.
            out.extend(pending_quickplay(st));
        }
        "resume" => out.push(Kind::Resumed),
        "declare_result" | "restore" | "quickplay_accept" => {}
        "quickplay_postpone" | "quickplay_reject" | "quickplay_increment" => {
            out.extend(quickplay_ruling(st))
        }
        a => {
            let ms = ev.get("ms").and_then(Value::as_i64);
            let ms = if a == "deduct_time" {
                ms.map(|m| -m.abs())
            } else {
                ms
            };
            // The event was read as an event, so its action is one.
            let action = serde_json::from_value::<ActionKind>(Value::from(a)).ok();
            out.extend(side.zip(action).map(|(side, action)| Kind::Penalty {
                side,
                penalty: Penalised::of_action(action),
                ms,
            }));
        }
    }
}

/// The last move of the record in the lexicon's words (`ply` half-moves played).
fn move_kind(ctx: &Context, ply: usize) -> Option<Kind> {
    let lex = lexicon(ctx);
    let n = ply.min(ctx.moves.len());
    if n == 0 {
        return None;
    }
    let before = Context {
        moves: ctx.moves[..n - 1].to_vec(),
        ..ctx.clone()
    };
    if is_tavreli(ctx) {
        let (side, said) = crate::tavreli::announce_last(&before, &ctx.moves[n - 1], lex)?;
        return Some(Kind::Move { side, san: said });
    }
    let (start, moves) = chess_record(&before, lex.language()).ok()?;
    let pos = describe::position_after(&start, &moves, lex.language()).ok()?;
    let (m, _) = arbiter_notation::parse(&pos, &ctx.moves[n - 1], None).ok()?;
    Some(Kind::Move {
        side: side_of(pos.turn()),
        san: announce_move(&pos, m, lex),
    })
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
    })
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
