//! The tournament routes of the hall (`/api/tournaments…`): anyone creates
//! a tournament as anyone creates a game, players register by its link,
//! the arbiter pairs each round, and the round's games are created with
//! the tournament's time control and edition, their seats held by the
//! players' own tokens and their arbiter's seat by the tournament
//! arbiter's. Results are read back from the games themselves (a finished
//! game, or the arbiter's `declare_result` in it) whenever the tournament
//! is read, so nothing in the game's task has to know of tournaments.
//!
//! A tournament's games are created through the store directly: they are
//! the tournament's, not new games asked for by a visitor, and do not
//! count against any limit on creating games.

use crate::error::ApiError;
use crate::hall::Hall;
use crate::http::{bearer, game_id};
use crate::request::parse_create;
use crate::shield::{ClientIp, Shield};
use crate::tournament_state::{
    BoardRecord, DEFAULT_HALF_BYES, Entrant, RoundRecord, System, TournamentData, pgn_result,
    result_codes,
};
use arbiter_notation::hall_refusals::HallRefusal;
use arbiter_notation::tournament_words::{self as words, TournamentRefusal};
use arbiter_rules::{Lang, Termination};
use arbiter_store::{StoreError, Token, TournamentId, TournamentSeat};
use arbiter_tournament::dutch::Pairing;
use arbiter_tournament::tiebreak::{Standing, TieBreak};
use arbiter_tournament::trf;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;

/// Writers of tournaments in this process wait for each other; the
/// store's version check guards against other instances.
pub(crate) static WRITING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The longest tournament or player name kept (the report file's name
/// column holds 33 characters).
const NAME_MAX: usize = 33;
/// The most rounds a tournament may have.
const ROUNDS_MAX: u16 = 99;
/// The most players a tournament may have.
const PLAYERS_MAX: usize = 1000;

/// The body of `POST /api/tournaments`.
#[derive(Deserialize, Default)]
struct CreateBody {
    name: Option<String>,
    system: Option<String>,
    rounds: Option<u16>,
    time_control: Option<String>,
    edition: Option<String>,
    double: Option<bool>,
    max_half_byes: Option<u16>,
}

pub(crate) fn body<T: for<'a> Deserialize<'a> + Default>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad_request(e.to_string()))
}

fn checked_name(name: Option<String>, default: &str) -> Result<String, ApiError> {
    let name = name.map_or_else(|| default.to_owned(), |n| n.trim().to_owned());
    if name.is_empty() || name.chars().count() > NAME_MAX || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(format!(
            "a name has 1 to {NAME_MAX} printable characters"
        )));
    }
    Ok(name)
}

/// The body `POST /api/games` would take for one game of the tournament:
/// checking it checks the tournament's time control and edition.
fn game_body(d: &TournamentData, white: &str, black: &str) -> Vec<u8> {
    json!({
        "white": "human", "black": "human", "kind": "online",
        "white_name": white, "black_name": black,
        "time_control": d.time_control, "edition": d.edition,
    })
    .to_string()
    .into_bytes()
}

/// The tournament a creation body asks for, checked (its games' time
/// control and edition are checked by the caller, as a game's).
fn settings(b: CreateBody) -> Result<TournamentData, ApiError> {
    let system = match b.system.as_deref() {
        None | Some("dutch") => System::Dutch,
        Some("berger") => System::Berger,
        Some(o) => {
            return Err(ApiError::bad_request(format!(
                "system is \"dutch\" or \"berger\", not {o:?}"
            )));
        }
    };
    let rounds = b.rounds.unwrap_or(9);
    if !(1..=ROUNDS_MAX).contains(&rounds) {
        return Err(ApiError::bad_request(format!(
            "rounds is 1 to {ROUNDS_MAX}"
        )));
    }
    let double = b.double.unwrap_or(false);
    if double && system != System::Berger {
        return Err(ApiError::bad_request(
            "double is for a round robin (system \"berger\")",
        ));
    }
    let max_half_byes = b.max_half_byes.unwrap_or(DEFAULT_HALF_BYES);
    if max_half_byes > ROUNDS_MAX {
        return Err(ApiError::bad_request(format!(
            "max_half_byes is 0 to {ROUNDS_MAX}"
        )));
    }
    Ok(TournamentData {
        name: checked_name(b.name, "Tournament")?,
        system,
        rounds,
        time_control: b.time_control.unwrap_or_else(|| "900+10".into()),
        edition: b.edition.unwrap_or_else(|| "2023".into()),
        players: Vec::new(),
        paired: Vec::new(),
        double,
        max_half_byes,
        registration_closed: false,
    })
}

/// `POST /api/tournaments`: counted against the address's rate of
/// creation, as a new game is (its games later are not).
pub(crate) async fn create(
    State(hall): State<Hall>,
    Extension(shield): Extension<Arc<Shield>>,
    ClientIp(ip): ClientIp,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let data = settings(body(&bytes)?)?;
    let spec = parse_create(&game_body(&data, "White", "Black"))?;
    if spec.header.variant != arbiter_rules::Variant::Chess {
        return Err(ApiError::bad_request("a tournament plays chess"));
    }
    shield.create(ip)?;
    let arbiter = Token::generate().map_err(|e| ApiError::internal(e.to_string()))?;
    let text = serde_json::to_string(&data).map_err(|e| ApiError::internal(e.to_string()))?;
    let id = hall.store().create_tournament(&text, &arbiter).await?;
    tracing::info!(tournament = %id, "tournament created");
    let answer = json!({
        "id": id.as_str(),
        "arbiter_token": arbiter.as_str(),
        "arbiter_url": format!("/tournaments/{id}?token={}", arbiter.as_str()),
        "registration_url": format!("/tournaments/{id}#register"),
        "url": format!("/tournaments/{id}"),
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// Reads a tournament and its version.
pub(crate) async fn load(
    hall: &Hall,
    id: &TournamentId,
) -> Result<(TournamentData, u64), ApiError> {
    let rec = hall.store().tournament(id).await.map_err(not_found)?;
    let data = serde_json::from_str(&rec.data)
        .map_err(|e| ApiError::internal(format!("a stored tournament is unreadable: {e}")))?;
    Ok((data, rec.version))
}

/// Writes a tournament back if nobody changed it meanwhile.
pub(crate) async fn save(
    hall: &Hall,
    id: &TournamentId,
    data: &TournamentData,
    version: u64,
) -> Result<u64, ApiError> {
    let text = serde_json::to_string(data).map_err(|e| ApiError::internal(e.to_string()))?;
    match hall.store().update_tournament(id, &text, version).await {
        Ok(v) => Ok(v),
        Err(StoreError::Conflict { .. }) => Err(ApiError::unavailable(
            "the tournament changed meanwhile; retry",
        )),
        Err(e) => Err(e.into()),
    }
}

fn not_found(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound => {
            ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such tournament")
        }
        e => e.into(),
    }
}

pub(crate) fn tournament_id(raw: &str) -> Result<TournamentId, ApiError> {
    game_id(raw).map_err(|_| not_found(StoreError::NotFound))
}

/// Reads the results of the last round's games that have ended into the
/// tournament; `true` when one was new.
async fn sync(hall: &Hall, data: &mut TournamentData) -> Result<bool, ApiError> {
    let Some(round) = data.paired.last_mut() else {
        return Ok(false);
    };
    let mut changed = false;
    for b in round.boards.iter_mut().filter(|b| b.result.is_none()) {
        let gid = game_id(&b.game)?;
        let (_, game) = crate::http::stored(hall, &gid).await?;
        let state = game.state();
        let result = serde_json::to_value(state.result).unwrap_or(Value::Null);
        let declared = state.termination == Some(Termination::Arbiter);
        if let Some(codes) = result_codes(result.as_str().unwrap_or("*"), declared, state.ply) {
            b.result = Some(codes);
            changed = true;
        }
    }
    Ok(changed)
}

/// A tournament with every result its games have given so far.
pub(crate) async fn current(
    hall: &Hall,
    id: &TournamentId,
) -> Result<(TournamentData, u64), ApiError> {
    let (mut data, version) = load(hall, id).await?;
    if !sync(hall, &mut data).await? {
        return Ok((data, version));
    }
    let _w = WRITING.lock().await;
    let (mut fresh, version) = load(hall, id).await?;
    sync(hall, &mut fresh).await?;
    // Another instance may have written first; the results are the games'
    // own, so its copy says the same and ours need not be kept.
    let version = save(hall, id, &fresh, version).await.unwrap_or(version);
    Ok((fresh, version))
}

/// Who a request's token is in this tournament.
pub(crate) async fn who(
    hall: &Hall,
    id: &TournamentId,
    headers: &HeaderMap,
) -> Result<Option<TournamentSeat>, ApiError> {
    let Some(token) = bearer(headers) else {
        return Ok(None);
    };
    let seat = hall
        .store()
        .verify_tournament_token(id, token)
        .await
        .map_err(not_found)?;
    seat.map(Some)
        .ok_or_else(|| forbidden(TournamentRefusal::ForeignToken))
}

/// The body of `POST /api/tournaments/{id}/players`.
#[derive(Deserialize, Default)]
struct PlayerBody {
    name: Option<String>,
    rating: Option<u16>,
    fide_id: Option<String>,
}

/// `POST /api/tournaments/{id}/players`: registers a player.
pub(crate) async fn register(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    let b: PlayerBody = body(&bytes)?;
    let name = checked_name(b.name, "")?;
    let fide_id = b.fide_id.unwrap_or_default();
    if fide_id.len() > 11 || !fide_id.bytes().all(|c| c.is_ascii_digit()) {
        return Err(ApiError::bad_request("fide_id is up to 11 digits"));
    }
    let token = Token::generate().map_err(|e| ApiError::internal(e.to_string()))?;
    let _w = WRITING.lock().await;
    let (mut data, version) = load(&hall, &id).await?;
    if !data.registration_open() {
        return Err(refusal(TournamentRefusal::RegistrationClosed));
    }
    if data.players.len() >= PLAYERS_MAX {
        return Err(refusal(TournamentRefusal::Full));
    }
    let n = data.add_player(Entrant::new(name, b.rating.unwrap_or(0), fide_id));
    save(&hall, &id, &data, version).await?;
    hall.store().add_tournament_player(&id, n, &token).await?;
    let answer = json!({
        "player": n,
        "token": token.as_str(),
        "url": format!("/tournaments/{id}?token={}&player={n}", token.as_str()),
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// `POST /api/tournaments/{id}/rounds` (the arbiter's token): pairs the
/// next round and creates its games.
pub(crate) async fn pair_round(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    match who(&hall, &id, &headers).await? {
        None => return Err(ApiError::unauthorized()),
        Some(TournamentSeat::Arbiter) => {}
        Some(_) => return Err(forbidden(TournamentRefusal::ArbiterOnly)),
    }
    current(&hall, &id).await?;
    let _w = WRITING.lock().await;
    let (mut data, version) = load(&hall, &id).await?;
    let pairing = data.pair_next().map_err(|e| refusal(e.words()))?;
    let round = create_games(&hall, &id, &data, &pairing).await?;
    data.paired.push(round);
    save(&hall, &id, &data, version).await?;
    tracing::info!(tournament = %id, round = pairing.round, "round paired");
    let view = round_view(&data, pairing.round, Lang::En)
        .ok_or_else(|| ApiError::internal("the round just paired is missing"))?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// Creates the games of a pairing and starts them here.
async fn create_games(
    hall: &Hall,
    id: &TournamentId,
    data: &TournamentData,
    pairing: &Pairing,
) -> Result<RoundRecord, ApiError> {
    let reg = |rank| {
        data.by_rank(rank)
            .ok_or_else(|| ApiError::internal("a paired player is not registered"))
    };
    let mut boards = Vec::new();
    let next = data.paired.len() + 1;
    for b in &pairing.boards {
        let (white, black) = (reg(b.white)?, reg(b.black)?);
        if let Some(board) = withdrawn_board(data, next, white, black) {
            boards.push(board);
            continue;
        }
        let name = |n| data.entrant(n).map_or("", |e| e.name.as_str());
        let spec = parse_create(&game_body(data, name(white), name(black)))?;
        let game = spec.new_game()?;
        let cfg = hall.config();
        let gid = hall
            .store()
            .create_tournament_game(id, &game, [white, black], &cfg.instance_id, cfg.lease)
            .await?;
        if let Err(e) = hall.try_own(&gid).await {
            tracing::warn!(game = %gid, reason = %e.reason, "a tournament game did not start at once");
        }
        boards.push(BoardRecord {
            white,
            black,
            game: gid.as_str().to_owned(),
            result: None,
        });
    }
    let bye = pairing.bye.map(reg).transpose()?;
    Ok(RoundRecord { boards, bye })
}

/// A refusal of the tournament's, worded in the request's language.
pub(crate) fn refusal(r: TournamentRefusal) -> ApiError {
    ApiError::hall(StatusCode::CONFLICT, "refused", HallRefusal::Tournament(r))
}

/// A token that may not do this, said in the request's language.
pub(crate) fn forbidden(r: TournamentRefusal) -> ApiError {
    ApiError::hall(
        StatusCode::FORBIDDEN,
        "forbidden",
        HallRefusal::Tournament(r),
    )
}

/// A round robin's board with a withdrawn player (the Berger tables keep
/// him in): no game is created, the one still playing wins by forfeit
/// (`+`/`-`; both withdrawn, `-`/`-`).
fn withdrawn_board(
    data: &TournamentData,
    round: usize,
    white: u16,
    black: u16,
) -> Option<BoardRecord> {
    let gone = |n| data.entrant(n).is_some_and(|e| e.withdrawn_by(round));
    let codes = match (gone(white), gone(black)) {
        (false, false) => return None,
        (true, true) => "--",
        (true, false) => "-+",
        (false, true) => "+-",
    };
    Some(BoardRecord {
        white,
        black,
        game: String::new(),
        result: Some(codes.to_owned()),
    })
}

/// The query of the reading routes: the language of the words, the
/// tie-breaks, and `format=brf` for the braille file.
#[derive(Deserialize, Default)]
pub(crate) struct ViewQuery {
    lang: Option<String>,
    tiebreak: Option<String>,
    format: Option<String>,
}

impl ViewQuery {
    fn lang(&self) -> Lang {
        match self.lang.as_deref() {
            Some("ru") => Lang::Ru,
            Some("de") => Lang::De,
            _ => Lang::En,
        }
    }

    fn brf(&self) -> Result<bool, ApiError> {
        match self.format.as_deref() {
            None | Some("json") => Ok(false),
            Some("brf") => Ok(true),
            Some(o) => Err(ApiError::bad_request(format!(
                "format is \"json\" or \"brf\", not {o:?}"
            ))),
        }
    }
}

fn entrant_json(data: &TournamentData, n: u16) -> Value {
    let e = data.entrant(n);
    json!({
        "player": n,
        "name": e.map(|e| e.name.as_str()),
        "rank": e.map(|e| e.rank),
        "rating": e.map(|e| e.rating),
    })
}

/// A paired round: its boards with their games and results, and the words.
fn round_view(data: &TournamentData, n: usize, lang: Lang) -> Option<Value> {
    let round = data.paired.get(n.checked_sub(1)?)?;
    let name = |p: u16| data.entrant(p).map_or("", |e| e.name.as_str());
    let mut lines = vec![words::round_heading(lang, n)];
    let mut boards = Vec::new();
    for (i, b) in round.boards.iter().enumerate() {
        let result = b.result.as_deref().map(pgn_result);
        lines.push(words::board_line(
            lang,
            n,
            i + 1,
            name(b.white),
            name(b.black),
            result,
        ));
        let game = (!b.game.is_empty()).then_some(b.game.as_str());
        boards.push(json!({
            "board": i + 1,
            "white": entrant_json(data, b.white),
            "black": entrant_json(data, b.black),
            "game": game,
            "watch_url": game.map(|g| format!("/games/{g}")),
            "result": result,
        }));
    }
    if let Some(p) = round.bye {
        lines.push(words::bye_line(lang, n, name(p)));
    }
    let absent = absences(data, n, lang, &mut lines);
    Some(json!({
        "round": n,
        "boards": boards,
        "bye": round.bye.map(|p| entrant_json(data, p)),
        "absent": absent,
        "words": lines,
    }))
}

/// Whether the player `n` sits at a board of the paired round `round`.
fn seated(data: &TournamentData, round: usize, n: u16) -> bool {
    data.paired
        .get(round.wrapping_sub(1))
        .is_some_and(|r| r.bye == Some(n) || r.boards.iter().any(|b| b.white == n || b.black == n))
}

/// How the player `n` stands out of round `round`, if he does: `withdrawn`,
/// `half_bye` or `zero_bye` (a bye asked for, or a round a late entry
/// missed), with its words ("Ivanov withdrew"; "Petrova: half-point bye,
/// round 4").
fn absence(
    data: &TournamentData,
    round: usize,
    n: u16,
    lang: Lang,
) -> Option<(&'static str, String)> {
    let e = data.entrant(n)?;
    if seated(data, round, n) {
        return None;
    }
    match e.bye_in(round) {
        Some(b) => {
            let kind = if b.half { "half_bye" } else { "zero_bye" };
            Some((
                kind,
                words::requested_bye_line(lang, round, &e.name, b.half),
            ))
        }
        None if e.withdrawn_by(round) => Some(("withdrawn", words::withdrew_line(lang, &e.name))),
        None if e.missed(round) => Some((
            "zero_bye",
            words::requested_bye_line(lang, round, &e.name, false),
        )),
        None => None,
    }
}

/// The players out of round `round`, their words appended to `lines`.
fn absences(
    data: &TournamentData,
    round: usize,
    lang: Lang,
    lines: &mut Vec<String>,
) -> Vec<Value> {
    let mut out = Vec::new();
    for n in 1..=u16::try_from(data.players.len()).unwrap_or(u16::MAX) {
        if let Some((kind, line)) = absence(data, round, n, lang) {
            lines.push(line);
            let mut v = entrant_json(data, n);
            v["kind"] = json!(kind);
            out.push(v);
        }
    }
    out
}

fn brf_response(lines: &[String]) -> Response {
    let kind = [(header::CONTENT_TYPE, "text/plain; charset=us-ascii")];
    (kind, words::brf(lines)).into_response()
}

fn words_of(view: &Value) -> Vec<String> {
    view["words"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|w| w.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// `GET /api/tournaments/{id}`.
pub(crate) async fn show(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&raw)?;
    let (data, _) = current(&hall, &id).await?;
    let players: Vec<Value> = data
        .players
        .iter()
        .enumerate()
        .map(|(i, e)| {
            json!({"player": i + 1, "name": e.name, "rating": e.rating,
                   "fide_id": e.fide_id, "rank": (e.rank > 0).then_some(e.rank),
                   "joined": e.joined.max(1), "withdrawn_from": e.withdrawn_from,
                   "byes": byes_json(e)})
        })
        .collect();
    Ok(Json(json!({
        "id": id.as_str(),
        "name": data.name,
        "system": data.system,
        "rounds": data.rounds,
        "time_control": data.time_control,
        "edition": data.edition,
        "status": data.status(),
        "round": data.paired.len(),
        "registration_open": data.registration_open(),
        "double": data.double,
        "max_half_byes": data.max_half_byes,
        "players": players,
    })))
}

/// `GET /api/tournaments/{id}/rounds/{n}`.
pub(crate) async fn round(
    State(hall): State<Hall>,
    Path((raw, n)): Path<(String, String)>,
    Query(q): Query<ViewQuery>,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    let brf = q.brf()?;
    let (data, _) = current(&hall, &id).await?;
    let no_round = || ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such round");
    let n: usize = n.parse().map_err(|_| no_round())?;
    let view = round_view(&data, n, q.lang()).ok_or_else(no_round)?;
    if brf {
        return Ok(brf_response(&words_of(&view)));
    }
    Ok(Json(view).into_response())
}

fn tiebreaks(data: &TournamentData, asked: Option<&str>) -> Result<Vec<TieBreak>, ApiError> {
    asked
        .unwrap_or(data.default_tiebreaks())
        .split(',')
        .filter(|c| !c.trim().is_empty())
        .map(|c| c.trim().parse::<TieBreak>())
        .collect::<Result<_, _>>()
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

fn standing_json(data: &TournamentData, s: &Standing) -> Value {
    let tbs: serde_json::Map<String, Value> = s
        .tiebreaks
        .iter()
        .map(|(k, v)| (k.clone(), json!(v.as_f64())))
        .collect();
    let player = data.by_rank(s.id);
    let withdrawn = player.and_then(|n| data.entrant(n)?.withdrawn_from);
    json!({
        "rank": s.rank, "id": s.id, "player": player, "name": s.name,
        "points": s.points.as_f64(), "tiebreaks": tbs, "withdrawn_from": withdrawn,
    })
}

/// `GET /api/tournaments/{id}/standings`.
pub(crate) async fn standings(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    Query(q): Query<ViewQuery>,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    let brf = q.brf()?;
    let (data, _) = current(&hall, &id).await?;
    let tbs = tiebreaks(&data, q.tiebreak.as_deref())?;
    let (after, rows) = data.standings(&tbs);
    let lang = q.lang();
    let mut lines = vec![words::standings_heading(lang, after)];
    for s in &rows {
        let values: Vec<(String, f64)> = s
            .tiebreaks
            .iter()
            .map(|(k, v)| (k.clone(), v.as_f64()))
            .collect();
        lines.push(words::standing_line(
            lang,
            s.rank,
            &s.name,
            s.points.as_f64(),
            &values,
        ));
    }
    if brf {
        return Ok(brf_response(&lines));
    }
    let codes: Vec<String> = tbs.iter().map(ToString::to_string).collect();
    Ok(Json(json!({
        "round": after,
        "tiebreaks": codes,
        "standings": rows.iter().map(|s| standing_json(&data, s)).collect::<Vec<_>>(),
        "words": lines,
    }))
    .into_response())
}

/// `GET /api/tournaments/{id}/trf`: the report file as it stands.
pub(crate) async fn trf_file(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    let (data, _) = current(&hall, &id).await?;
    let text = trf::write(&data.report());
    let headers = [
        (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
        (
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{id}.trf\""),
        ),
    ];
    Ok((headers, text).into_response())
}

/// `GET /api/tournaments/{id}/players/{n}`: a player, his points and his
/// next game (to his own token or the arbiter's).
pub(crate) async fn player(
    State(hall): State<Hall>,
    Path((raw, n)): Path<(String, String)>,
    Query(q): Query<ViewQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&raw)?;
    let no_player = || ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such player");
    let n: u16 = n.parse().map_err(|_| no_player())?;
    let seat = who(&hall, &id, &headers)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    if seat != TournamentSeat::Arbiter && seat != TournamentSeat::Player(n) {
        return Err(forbidden(TournamentRefusal::NotYours));
    }
    let (data, _) = current(&hall, &id).await?;
    let e = data.entrant(n).ok_or_else(no_player)?;
    let (_, rows) = data.standings(&[]);
    let points = rows
        .iter()
        .find(|s| s.id == e.rank)
        .map(|s| s.points.as_f64());
    let own = (seat == TournamentSeat::Player(n))
        .then(|| bearer(&headers))
        .flatten();
    Ok(Json(json!({
        "player": n, "name": e.name, "rating": e.rating, "fide_id": e.fide_id,
        "rank": (e.rank > 0).then_some(e.rank), "points": points.unwrap_or(0.0),
        "next_game": next_game(&data, n, own),
        "joined": e.joined.max(1), "withdrawn_from": e.withdrawn_from,
        "byes": byes_json(e),
        "half_byes_left": usize::from(data.max_half_byes).saturating_sub(e.half_byes_asked()),
        "words": player_words(&data, n, q.lang()),
    })))
}

/// A player's byes: `[{round, points: "half"|"zero"}]`, by round.
pub(crate) fn byes_json(e: &Entrant) -> Value {
    let mut byes = e.byes.clone();
    byes.sort_by_key(|b| b.round);
    byes.iter()
        .map(|b| json!({"round": b.round, "points": if b.half { "half" } else { "zero" }}))
        .collect()
}

/// What the player's page says of his standing out of rounds: when he
/// joined (a late entry), each bye, his withdrawal.
fn player_words(data: &TournamentData, n: u16, lang: Lang) -> Vec<String> {
    let Some(e) = data.entrant(n) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    if e.joined > 1 {
        lines.push(words::joined_line(lang, &e.name, usize::from(e.joined)));
    }
    for r in 1..=usize::from(data.rounds) {
        if let Some(b) = e.bye_in(r) {
            lines.push(words::requested_bye_line(lang, r, &e.name, b.half));
        }
    }
    if e.withdrawn_from.is_some() {
        lines.push(words::withdrew_line(lang, &e.name));
    }
    lines
}

/// The player's game of the last round, while it has no result; his bye.
fn next_game(data: &TournamentData, n: u16, token: Option<&str>) -> Value {
    let Some((i, round)) = data.paired.iter().enumerate().next_back() else {
        return Value::Null;
    };
    if round.bye == Some(n) {
        return json!({"round": i + 1, "bye": true});
    }
    let found = round
        .boards
        .iter()
        .enumerate()
        .find(|(_, b)| (b.white == n || b.black == n) && b.result.is_none());
    let Some((board, b)) = found else {
        return Value::Null;
    };
    let (colour, opponent) = if b.white == n {
        ("white", b.black)
    } else {
        ("black", b.white)
    };
    let url = token.map_or_else(
        || format!("/games/{}", b.game),
        |t| format!("/games/{}?token={t}&seat={colour}", b.game),
    );
    json!({
        "round": i + 1, "board": board + 1, "colour": colour, "game": b.game,
        "opponent": entrant_json(data, opponent), "url": url,
    })
}
