//! The lobby's lists of games: the order asked (`order=recent`, newest
//! first) and each finished game's result, read from its log and said in
//! the request's language.

use crate::error::ApiError;
use crate::hall::Hall;
use arbiter_notation::Lang;
use arbiter_notation::lobby_words::result_line;
use arbiter_store::{GameId, GameRecord, Status};
use serde_json::{Value, json};

/// The order of `GET /api/games`: oldest first (the default, as it always
/// was) or `recent`, newest first.
pub(crate) fn arrange(games: &mut [GameRecord], order: Option<&str>) -> Result<(), ApiError> {
    match order {
        None | Some("") | Some("oldest") => Ok(()),
        Some("recent") => {
            games.sort_by(|a, b| {
                b.created_at_ms
                    .cmp(&a.created_at_ms)
                    .then_with(|| b.id.as_str().cmp(a.id.as_str()))
            });
            Ok(())
        }
        Some(other) => Err(ApiError::bad_request(format!(
            "order is \"recent\" or \"oldest\", not {other:?}"
        ))),
    }
}

/// The language of `?lang=` (English when absent or unknown).
pub(crate) fn language(lang: Option<&str>) -> Lang {
    lang.and_then(Lang::parse).unwrap_or(Lang::En)
}

/// One game of the list, as `GET /api/games` has always answered it.
pub(crate) fn row(g: &GameRecord) -> Value {
    json!({
        "id": g.id.as_str(),
        "status": g.status.as_str(),
        "variant": g.meta.variant,
        "kind": g.meta.kind,
        "white": g.meta.white_name,
        "black": g.meta.black_name,
        "time_control": g.meta.time_control,
        "seats": {"white": g.meta.extra.white, "black": g.meta.extra.black},
        "created_at_ms": g.created_at_ms,
        "seq": g.last_seq,
    })
}

/// A finished game's row gains its result (`"1-0"`), how it ended (the
/// termination's key) and both in words (`result_text`), so the lobby
/// never composes them; a log that cannot be read leaves the row as it is.
/// Only the rows of the page asked are read back.
pub(crate) async fn add_results(hall: &Hall, rows: &mut [Value], lang: Lang) {
    for v in rows.iter_mut() {
        if v["status"] != Status::Finished.as_str() {
            continue;
        }
        let Some(id) = v["id"].as_str().and_then(|i| i.parse::<GameId>().ok()) else {
            continue;
        };
        let Ok((_, game)) = crate::http::stored(hall, &id).await else {
            continue;
        };
        let report = game.state();
        if let Ok(state) = serde_json::to_value(&report) {
            v["result"] = state["result"].clone();
            v["termination"] = state["termination"].clone();
        }
        v["result_text"] = json!(result_line(lang, report.result, report.termination));
    }
}
