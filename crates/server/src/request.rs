//! Reading request bodies: a new game, and one event of the log format
//! without `at`. Pure functions of the bytes (the fuzz target calls
//! [`parse_event_body`]); the body size is bounded before they run.

use crate::error::ApiError;
use arbiter_rules::{Edition, Regime, Side, Supervision, Variant};
use arbiter_session::{Event, Header, Input, Mode};
use arbiter_store::Kind;
use serde::Deserialize;
use serde_json::{Map, Value};

/// The event types of the log format (docs/event-log.md).
pub const EVENT_TYPES: [&str; 13] = [
    "move",
    "press",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "claim",
    "resign",
    "flag",
    "arrive",
    "arbiter",
    "touch",
    "adjust",
    "call_arbiter",
];

/// The events only the arbiter records: over the board he sees a man
/// touched or adjusted (Art. 4); a player's page does not report his hand.
const ARBITER_RECORDS: [&str; 2] = ["touch", "adjust"];

/// The events that are a player's own actions: online, the arbiter's
/// token makes none of them for a player (FIDE Laws: the arbiter sees the
/// game is played by the Laws, he does not play it); over the board he
/// records them as they happen at the board.
pub const PLAYER_ACTIONS: [&str; 7] = [
    "move",
    "press",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "claim",
    "resign",
];

/// Whether a body (already read by [`parse_event_body`]) is one of the
/// [`PLAYER_ACTIONS`].
pub fn is_player_action(body: &[u8]) -> bool {
    object(body)
        .ok()
        .and_then(|o| o.get("type").and_then(Value::as_str).map(str::to_owned))
        .is_some_and(|t| PLAYER_ACTIONS.contains(&t.as_str()))
}

/// Whether the arbiter's token may make a player's action in a game of
/// this kind: over the board, where he records the moves, yes; online,
/// 403 with the reason.
pub fn arbiter_may_act_for_player(kind: Kind) -> Result<(), ApiError> {
    match kind {
        Kind::OverTheBoard => Ok(()),
        Kind::Online => Err(ApiError::hall(
            axum::http::StatusCode::FORBIDDEN,
            "forbidden",
            arbiter_notation::hall_refusals::HallRefusal::ArbiterPlaysForNobody,
        )),
    }
}

/// Who acts: a player (his token gives his side) or the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The player of this side.
    Player(Side),
    /// The game's arbiter.
    Arbiter,
}

pub use arbiter_store::SeatKind;

/// The body of `POST /api/games`; every key is optional.
#[derive(Debug, Default, Deserialize)]
pub struct CreateBody {
    variant: Option<String>,
    time_control: Option<String>,
    edition: Option<String>,
    regime: Option<String>,
    supervision: Option<String>,
    white: Option<String>,
    black: Option<String>,
    white_name: Option<String>,
    black_name: Option<String>,
    start: Option<String>,
    engine_movetime_ms: Option<u64>,
    engine_level: Option<u8>,
    kind: Option<String>,
    /// Guidelines III (the quickplay finish) announced for the event (CFG-7,
    /// G-III.2): from 2017 they apply only then; 2005 has them in the Laws.
    quickplay_finish: Option<bool>,
    /// Keys the hall does not know: not refused (scripts may send more),
    /// but named in the answer, so a misspelt `colour` is seen.
    #[serde(flatten)]
    unknown: std::collections::BTreeMap<String, serde::de::IgnoredAny>,
}

/// A new game, checked.
#[derive(Debug, Clone)]
pub struct GameSpec {
    /// The log header.
    pub header: Header,
    /// Online or over the board.
    pub kind: Kind,
    /// White's and Black's seats.
    pub seats: [SeatKind; 2],
    /// The engine's time per move.
    pub movetime_ms: u64,
    /// The engine's level (Stockfish 1–20, Tavreli 1–6).
    pub level: u8,
    /// The body's keys the hall does not know and did not read, sorted.
    pub ignored_keys: Vec<String>,
}

impl GameSpec {
    /// The stored game this spec creates, without its tokens: its metadata
    /// and its log header, as every way of creating a game stores them.
    pub fn new_game(&self) -> Result<arbiter_store::NewGame, ApiError> {
        use arbiter_store::{GameMeta, GameSettings, NewGame};
        let header_line = arbiter_session::writer::header_line(&self.header)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(NewGame {
            meta: GameMeta {
                variant: self.header.variant,
                kind: self.kind,
                white_name: self.header.white.clone(),
                black_name: self.header.black.clone(),
                time_control: self.header.time_control.clone(),
                extra: GameSettings {
                    edition: Some(self.header.edition),
                    white: Some(self.seats[0]),
                    black: Some(self.seats[1]),
                    engine_movetime_ms: Some(self.movetime_ms),
                    engine_level: Some(u64::from(self.level)),
                    quickplay_finish: Some(self.header.quickplay_finish.unwrap_or(false)),
                },
            },
            header_line,
            ..NewGame::default()
        })
    }
}

/// The defaults of `arbiter play` for chess: 15 minutes and 10 seconds a
/// move (each variant's are [`arbiter_session::any::defaults`]).
pub const DEFAULT_TIME_CONTROL: &str = "900+10";
/// An engine's default time per move, as in `arbiter play`.
pub const DEFAULT_MOVETIME_MS: u64 = arbiter_session::any::ENGINE_MOVETIME_MS;
/// The longest time per move an engine may be given.
const MAX_MOVETIME_MS: u64 = 60_000;
/// The longest name kept.
const NAME_MAX: usize = 100;

fn seat(word: Option<&str>, default: SeatKind) -> Result<SeatKind, ApiError> {
    match word {
        None => Ok(default),
        Some("human") => Ok(SeatKind::Human),
        Some("engine") => Ok(SeatKind::Engine),
        Some(other) => Err(ApiError::bad_request(format!(
            "a seat is \"human\" or \"engine\", not {other:?}"
        ))),
    }
}

/// A seat's name as given. A person who gave none has none in the log
/// (each page and record names the side in its reader's language, as for
/// a game made from a challenge); an engine is "Engine".
fn name(given: Option<String>, seat: SeatKind) -> Result<Option<String>, ApiError> {
    match given {
        Some(n) if n.chars().count() > NAME_MAX => Err(ApiError::bad_request(format!(
            "a name has at most {NAME_MAX} characters"
        ))),
        Some(n) if !n.trim().is_empty() => Ok(Some(n)),
        _ if seat == SeatKind::Engine => Ok(Some("Engine".into())),
        _ => Ok(None),
    }
}

fn parsed<T: std::str::FromStr<Err: std::fmt::Display>>(
    key: &str,
    v: Option<String>,
) -> Result<Option<T>, ApiError> {
    v.map(|s| s.parse::<T>())
        .transpose()
        .map_err(|e| ApiError::bad_request(format!("{key}: {e}")))
}

/// Reads and checks the body of `POST /api/games` (empty = all defaults).
pub fn parse_create(body: &[u8]) -> Result<GameSpec, ApiError> {
    let b: CreateBody = if body.iter().all(u8::is_ascii_whitespace) {
        CreateBody::default()
    } else {
        serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("{e}")))?
    };
    let kind = match b.kind.as_deref() {
        None | Some("online") => Kind::Online,
        Some("over_the_board") => Kind::OverTheBoard,
        Some(o) => {
            return Err(ApiError::bad_request(format!(
                "kind is \"online\" or \"over_the_board\", not {o:?}"
            )));
        }
    };
    let seats = [
        seat(b.white.as_deref(), SeatKind::Human)?,
        seat(b.black.as_deref(), SeatKind::Engine)?,
    ];
    if kind == Kind::OverTheBoard && seats.contains(&SeatKind::Engine) {
        return Err(ApiError::bad_request(
            "an over-the-board game is played by two people at one board: both seats are \"human\"",
        ));
    }
    let variant = match b.variant {
        None => Variant::default(),
        Some(key) => key
            .parse::<Variant>()
            .map_err(|e| ApiError::bad_request(e.to_string()))?,
    };
    let defaults = arbiter_session::any::defaults(variant);
    let tc = b
        .time_control
        .unwrap_or_else(|| defaults.time_control.into());
    let mut header = Header::new(
        "",
        "",
        (!matches!(tc.as_str(), "-" | "?" | "")).then_some(tc.as_str()),
    );
    header.white = name(b.white_name, seats[0])?;
    header.black = name(b.black_name, seats[1])?;
    header.variant = variant;
    // Without an edition a game is judged by its variant's own rules, as a
    // log without one is: the FIDE Laws of 2023 for chess, the Tavreli
    // tournament rules for Tavreli.
    header.edition =
        parsed::<Edition>("edition", b.edition)?.unwrap_or(Edition::default_for_variant(variant));
    header.regime = parsed::<Regime>("regime", b.regime)?;
    header.supervision = parsed::<Supervision>("supervision", b.supervision)?;
    header.start = b.start;
    header.quickplay_finish = b.quickplay_finish.filter(|&announced| announced);
    // Online, a compensated move's lag is debited to nobody (crate::rtt).
    header.lag_from_arrival = (kind == Kind::Online).then_some(true);
    arbiter_session::any::playable_start(&header)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let movetime_ms = b.engine_movetime_ms.unwrap_or(defaults.movetime_ms);
    if !(1..=MAX_MOVETIME_MS).contains(&movetime_ms) {
        return Err(ApiError::bad_request(format!(
            "engine_movetime_ms is 1 to {MAX_MOVETIME_MS}"
        )));
    }
    // As `arbiter play --level` is refused outside the variant's range.
    let level = defaults
        .level(b.engine_level)
        .map_err(|e| ApiError::bad_request(format!("engine_level: {e}")))?;
    let ignored_keys = b.unknown.into_keys().collect();
    Ok(GameSpec {
        header,
        kind,
        seats,
        movetime_ms,
        level,
        ignored_keys,
    })
}

fn object(body: &[u8]) -> Result<Map<String, Value>, ApiError> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(ApiError::bad_request("an event is a JSON object")),
        Err(e) => Err(ApiError::bad_request(format!("malformed JSON: {e}"))),
    }
}

/// The side an event concerns: the player's own (another is forbidden),
/// or the one the arbiter names.
fn side_of(obj: &Map<String, Value>, actor: Actor, ty: &str) -> Result<Option<Side>, ApiError> {
    let named = match obj.get("side") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            serde_json::from_value::<Side>(v.clone())
                .map_err(|_| ApiError::bad_request("side is \"white\" or \"black\""))?,
        ),
    };
    match (actor, named) {
        (Actor::Player(me), Some(s)) if s != me => Err(ApiError::forbidden(format!(
            "this token plays {me}; it cannot act for {s}"
        ))),
        (Actor::Player(me), _) => Ok(Some(me)),
        (Actor::Arbiter, None) if ty != "arbiter" => Err(ApiError::bad_request(format!(
            "the arbiter's {ty} event needs the side it is made for"
        ))),
        (Actor::Arbiter, s) => Ok(s),
    }
}

/// An event as submitted: the input, and the network lag the client
/// reports for a move (`"lag_ms"`), which the hall may compensate.
#[derive(Clone, Debug, PartialEq)]
pub struct Submission {
    /// The input for the session.
    pub input: Input,
    /// The reported lag of a move, in ms.
    pub lag_ms: Option<u64>,
}

/// Reads one event of the log format without `at` (the server stamps it),
/// for `actor`. `{"type":"move","move":"e4"}` is a move with its press in
/// any notation; other types are the log's events. An `ack` key (the
/// WebSocket's) is ignored here.
pub fn parse_event_body(body: &[u8], actor: Actor) -> Result<Submission, ApiError> {
    let mut obj = object(body)?;
    obj.remove("at");
    obj.remove("ack");
    let lag_ms = match obj.remove("lag_ms") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .ok_or_else(|| ApiError::bad_request("lag_ms is a whole number of milliseconds"))?,
        ),
    };
    let ty = match obj.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(_) => return Err(ApiError::bad_request("type is a string")),
        None => return Err(ApiError::bad_request("an event needs a type")),
    };
    if !EVENT_TYPES.contains(&ty.as_str()) {
        return Err(ApiError::bad_request(format!(
            "unknown event type {:?}; known: {}",
            ty.chars().take(40).collect::<String>(),
            EVENT_TYPES.join(", ")
        )));
    }
    if ty == "arbiter" && actor != Actor::Arbiter {
        return Err(ApiError::forbidden(
            "arbiter actions need the arbiter's token",
        ));
    }
    if ARBITER_RECORDS.contains(&ty.as_str()) && actor != Actor::Arbiter {
        return Err(ApiError::forbidden(format!(
            "a {ty} is recorded by the arbiter, who sees the board (Art. 4)"
        )));
    }
    let side = side_of(&obj, actor, &ty)?;
    if ty == "move" {
        let text = match obj.get("move") {
            Some(Value::String(m)) => m.clone(),
            _ => return Err(ApiError::bad_request("a move event needs \"move\": text")),
        };
        return Ok(Submission {
            input: Input::Move { side, text },
            lag_ms,
        });
    }
    if let Some(s) = side {
        obj.insert(
            "side".into(),
            serde_json::to_value(s).unwrap_or(Value::Null),
        );
    }
    serde_json::from_value::<Event>(Value::Object(obj))
        .map(|e| Submission {
            input: Input::Event(e),
            lag_ms: None,
        })
        .map_err(|e| ApiError::bad_request(format!("{ty}: {e}")))
}

/// The session's mode for a stored kind of game.
pub fn mode_of(kind: Kind) -> Mode {
    match kind {
        Kind::Online => Mode::Online,
        Kind::OverTheBoard => Mode::OverTheBoard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_takes_the_token_side() {
        let i = parse_event_body(
            br#"{"type":"move","move":"e4"}"#,
            Actor::Player(Side::White),
        );
        assert_eq!(
            i.ok().map(|s| s.input),
            Some(Input::Move {
                side: Some(Side::White),
                text: "e4".into()
            })
        );
    }

    #[test]
    fn refusals_have_their_status() {
        let black = Actor::Player(Side::Black);
        let cases: [(&[u8], u16); 6] = [
            (b"{", 400),
            (b"[]", 400),
            (br#"{"type":"castle"}"#, 400),
            (br#"{"type":"arbiter","action":"pause"}"#, 403),
            (br#"{"type":"resign","side":"white"}"#, 403),
            (br#"{"type":"claim","claim":"nonsense"}"#, 400),
        ];
        for (body, status) in cases {
            let e = parse_event_body(body, black).err();
            assert_eq!(e.map(|e| e.status.as_u16()), Some(status), "{body:?}");
        }
    }

    #[test]
    fn create_defaults_are_those_of_play() {
        let g = parse_create(b"").expect("defaults");
        assert_eq!(g.header.time_control.as_deref(), Some("900+10"));
        assert_eq!(g.seats, [SeatKind::Human, SeatKind::Engine]);
        assert_eq!(g.header.edition, Edition::E2023);
        assert!(parse_create(br#"{"edition":"1999"}"#).is_err());
        assert!(parse_create(br#"{"start":"not a fen"}"#).is_err());
    }

    /// The hall's defaults and level range are those of `arbiter play`,
    /// read from the one table, and a level outside it is refused.
    #[test]
    fn levels_and_variants_are_checked_as_play_checks_them() {
        for v in Variant::ALL {
            let d = arbiter_session::any::defaults(v);
            let body = format!(r#"{{"variant":"{v}"}}"#);
            let g = parse_create(body.as_bytes()).expect("defaults");
            assert_eq!(g.level, d.level);
            assert_eq!(g.movetime_ms, d.movetime_ms);
            assert_eq!(g.header.time_control.as_deref(), Some(d.time_control));
            assert_eq!(g.header.variant, v);
            let top = *d.levels.end();
            let ok = format!(r#"{{"variant":"{v}","engine_level":{top}}}"#);
            assert_eq!(parse_create(ok.as_bytes()).map(|g| g.level).ok(), Some(top));
            for bad in [0, top + 1] {
                let body = format!(r#"{{"variant":"{v}","engine_level":{bad}}}"#);
                let e = parse_create(body.as_bytes()).unwrap_err();
                assert_eq!(e.status.as_u16(), 400);
                assert!(e.reason.contains(&format!("1 to {top}")), "{}", e.reason);
            }
        }
        let e = parse_create(br#"{"variant":"go"}"#).unwrap_err();
        assert_eq!(e.status.as_u16(), 400);
        assert!(e.reason.contains("unknown variant \"go\""), "{}", e.reason);
    }
}
