//! The words of one logged event, rebuilt from the event and the state
//! after it, for a hall whose WebSocket frames do not carry their
//! announcements yet (`POST /api/announce`). A hall that words its frames
//! itself makes this unused: the page says a frame's `announcements` when
//! it has them and asks here only when it has none.

use arbiter_notation::announce_move;
use arbiter_notation::describe;
use arbiter_rules::{GameResult, PenaltyKind, Side, Termination};
use arbiter_session::laws::ActionKind;
use arbiter_session::{Kind, Penalised};
use serde::Deserialize;
use serde_json::Value;
use shakmaty::Position;

use crate::context::{Context, lexicon, side_of};
use crate::words::{chess_record, is_tavreli};

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
