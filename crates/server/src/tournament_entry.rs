//! Who plays which round of a hall's tournament, beyond the pairing
//! itself: a player's withdrawal, the byes a player asks for before a
//! round is paired (and those the arbiter gives a late entry for the
//! rounds he missed), and the registration the arbiter closes or opens.
//! Each is a change of the stored tournament; the report file, the
//! pairing, the standings and the pages read it from there.

use crate::error::ApiError;
use crate::hall::Hall;
use crate::tournament::{
    WRITING, body, byes_json, current, forbidden, load, refusal, save, tournament_id, who,
};
use crate::tournament_state::{ByeAsked, System, TournamentData};
use arbiter_notation::tournament_words::{self as words, TournamentRefusal};
use arbiter_rules::Lang;
use arbiter_store::{TournamentId, TournamentSeat};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

fn no_player() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such player")
}

/// The arbiter's token or the player's own: who may change the player's
/// rounds.
async fn may_act(
    hall: &Hall,
    id: &TournamentId,
    headers: &HeaderMap,
    n: u16,
) -> Result<TournamentSeat, ApiError> {
    let seat = who(hall, id, headers)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    if seat != TournamentSeat::Arbiter && seat != TournamentSeat::Player(n) {
        return Err(forbidden(TournamentRefusal::NotYours));
    }
    Ok(seat)
}

fn player_number(raw: &str) -> Result<u16, ApiError> {
    raw.parse().map_err(|_| no_player())
}

/// The tournament fresh from the store with every result read in, for a
/// change, with the guard that keeps this process's other writers out.
async fn for_change(
    hall: &Hall,
    id: &TournamentId,
) -> Result<(Guard, TournamentData, u64), ApiError> {
    // Reading the results may write them, under the guard: take it after.
    current(hall, id).await?;
    let guard = WRITING.lock().await;
    let (data, version) = load(hall, id).await?;
    Ok((guard, data, version))
}

type Guard = tokio::sync::MutexGuard<'static, ()>;

/// The body of `POST …/players/{n}/withdraw`.
#[derive(Deserialize, Default)]
struct WithdrawBody {
    from_round: Option<u16>,
}

/// `POST /api/tournaments/{id}/players/{n}/withdraw` (the arbiter's token
/// or the player's own): the player is not paired from `from_round` on
/// (default: the next round to pair, or the last round once it is
/// paired). A game of a round already paired
/// stays: the arbiter decides it (a forfeit by `declare_result`).
pub(crate) async fn withdraw(
    State(hall): State<Hall>,
    Path((raw, n)): Path<(String, String)>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    let n = player_number(&n)?;
    may_act(&hall, &id, &headers, n).await?;
    let b: WithdrawBody = body(&bytes)?;
    let (_w, mut data, version) = for_change(&hall, &id).await?;
    let paired = data.paired.len();
    let rounds = usize::from(data.rounds);
    // By default the next round to pair; once the last is paired, the
    // round in play (his game there stays the arbiter's to decide).
    let from = b
        .from_round
        .map_or((paired + 1).min(rounds.max(1)), usize::from);
    // The round in play or a later one: the rounds before are history.
    if from < paired.max(1) {
        return Err(refusal(TournamentRefusal::RoundPaired { round: from }));
    }
    if from > rounds {
        return Err(refusal(TournamentRefusal::NoSuchRound {
            round: from,
            rounds,
        }));
    }
    let e = data.player_mut(n).ok_or_else(no_player)?;
    let from = e.withdrawn_from.map_or(from, |r| from.min(usize::from(r)));
    e.withdrawn_from = Some(u16::try_from(from).unwrap_or(u16::MAX));
    // A bye asked for a round he no longer plays scores nothing now.
    e.byes.retain(|b| usize::from(b.round) < from);
    let name = e.name.clone();
    save(&hall, &id, &data, version).await?;
    tracing::info!(tournament = %id, player = n, from, "player withdrawn");
    Ok(Json(json!({
        "player": n,
        "withdrawn_from": from,
        "words": [words::withdrew_line(lang_of(&headers), &name)],
    }))
    .into_response())
}

/// The body of the byes route, and its query (a `DELETE` names its round
/// in either).
#[derive(Deserialize, Default)]
pub(crate) struct ByeBody {
    round: Option<u16>,
    points: Option<String>,
}

/// Whether a bye of round `round` may still be asked for or cancelled:
/// before the round is paired, or, by the arbiter, for a round a late
/// entry missed.
fn bye_round_open(
    data: &TournamentData,
    n: u16,
    round: usize,
    seat: TournamentSeat,
) -> Result<(), ApiError> {
    if data.system == System::Berger {
        return Err(refusal(TournamentRefusal::RoundRobin));
    }
    let rounds = usize::from(data.rounds);
    if round == 0 || round > rounds {
        return Err(refusal(TournamentRefusal::NoSuchRound { round, rounds }));
    }
    let e = data.entrant(n).ok_or_else(no_player)?;
    let missed = e.missed(round) && seat == TournamentSeat::Arbiter;
    if round <= data.paired.len() && !missed {
        return Err(refusal(TournamentRefusal::RoundPaired { round }));
    }
    if e.withdrawn_by(round) {
        let from = e.withdrawn_from.map_or(round, usize::from);
        return Err(refusal(TournamentRefusal::Withdrawn { round: from }));
    }
    Ok(())
}

fn round_of(b: &ByeBody) -> Result<usize, ApiError> {
    b.round
        .map(usize::from)
        .ok_or_else(|| ApiError::bad_request("round is required"))
}

/// `POST /api/tournaments/{id}/players/{n}/byes` `{"round": R, "points":
/// "half"|"zero"}` (the player's token or the arbiter's): the player is
/// left out of round R's pairing and scores a half-point bye (`H`, the
/// point system's draw) or a zero-point bye (`Z`). A bye already asked
/// for that round is replaced. The half-point byes a player asks for are
/// limited by the event (`max_half_byes`).
pub(crate) async fn ask_bye(
    State(hall): State<Hall>,
    Path((raw, n)): Path<(String, String)>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    let n = player_number(&n)?;
    let seat = may_act(&hall, &id, &headers, n).await?;
    let b: ByeBody = body(&bytes)?;
    let round = round_of(&b)?;
    let half = match b.points.as_deref() {
        None | Some("half") => true,
        Some("zero") => false,
        Some(o) => {
            return Err(ApiError::bad_request(format!(
                "points is \"half\" or \"zero\", not {o:?}"
            )));
        }
    };
    let (_w, mut data, version) = for_change(&hall, &id).await?;
    bye_round_open(&data, n, round, seat)?;
    let most = usize::from(data.max_half_byes);
    let e = data.player_mut(n).ok_or_else(no_player)?;
    e.byes.retain(|b| usize::from(b.round) != round);
    if half && !e.missed(round) && e.half_byes_asked() >= most {
        return Err(refusal(TournamentRefusal::HalfByesUsed { most }));
    }
    e.byes.push(ByeAsked {
        round: u16::try_from(round).unwrap_or(u16::MAX),
        half,
    });
    let said = words::requested_bye_line(lang_of(&headers), round, &e.name, half);
    let answer = bye_answer(n, round, half, said, byes_json(e));
    save(&hall, &id, &data, version).await?;
    tracing::info!(tournament = %id, player = n, round, half, "bye asked for");
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

fn bye_answer(n: u16, round: usize, half: bool, said: String, byes: Value) -> Value {
    json!({
        "player": n, "round": round, "points": if half { "half" } else { "zero" },
        "byes": byes, "words": [said],
    })
}

/// The language the request asks its words in (`Accept-Language`).
fn lang_of(headers: &HeaderMap) -> Lang {
    crate::lang::of_request(headers).language()
}

/// `DELETE /api/tournaments/{id}/players/{n}/byes?round=R` (or the round in
/// a JSON body): the bye is cancelled while its round is not paired.
pub(crate) async fn cancel_bye(
    State(hall): State<Hall>,
    Path((raw, n)): Path<(String, String)>,
    Query(q): Query<ByeBody>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    let n = player_number(&n)?;
    let seat = may_act(&hall, &id, &headers, n).await?;
    let b: ByeBody = body(&bytes)?;
    let round = round_of(&q).or_else(|_| round_of(&b))?;
    let (_w, mut data, version) = for_change(&hall, &id).await?;
    bye_round_open(&data, n, round, seat)?;
    let e = data.player_mut(n).ok_or_else(no_player)?;
    let before = e.byes.len();
    e.byes.retain(|b| usize::from(b.round) != round);
    if e.byes.len() == before {
        return Err(refusal(TournamentRefusal::NoSuchBye { round }));
    }
    let byes = byes_json(e);
    save(&hall, &id, &data, version).await?;
    tracing::info!(tournament = %id, player = n, round, "bye cancelled");
    Ok(Json(json!({"player": n, "round": round, "byes": byes})).into_response())
}

/// The body of `POST …/registration`.
#[derive(Deserialize, Default)]
struct RegistrationBody {
    open: Option<bool>,
}

/// `POST /api/tournaments/{id}/registration` `{"open": false}` (the
/// arbiter's token): closes the registration (late entries come until
/// then); `{"open": true}` opens it again, except in a round robin already
/// begun.
pub(crate) async fn registration(
    State(hall): State<Hall>,
    Path(raw): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let id = tournament_id(&raw)?;
    match who(&hall, &id, &headers).await? {
        None => return Err(ApiError::unauthorized()),
        Some(TournamentSeat::Arbiter) => {}
        Some(_) => return Err(forbidden(TournamentRefusal::ArbiterOnly)),
    }
    let b: RegistrationBody = body(&bytes)?;
    let open = b
        .open
        .ok_or_else(|| ApiError::bad_request("open (true or false) is required"))?;
    let _w = WRITING.lock().await;
    let (mut data, version) = load(&hall, &id).await?;
    if open && data.system == System::Berger && !data.paired.is_empty() {
        return Err(refusal(TournamentRefusal::RoundRobin));
    }
    data.registration_closed = !open;
    save(&hall, &id, &data, version).await?;
    tracing::info!(tournament = %id, open, "registration changed");
    Ok(Json(json!({"registration_open": data.registration_open()})).into_response())
}
