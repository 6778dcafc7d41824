//! The API's description (OpenAPI 3.1), written by hand beside the routes.

use serde_json::{Value, json};

fn err(desc: &str) -> Value {
    json!({"description": desc, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
}

fn id_param() -> Value {
    json!({"name": "id", "in": "path", "required": true, "schema": {"type": "string"}})
}

/// The refusals every route with a JSON body may give.
fn body_refusals(mut responses: Value) -> Value {
    if let Some(r) = responses.as_object_mut() {
        r.entry("400")
            .or_insert(err("malformed JSON, or a value the route cannot read"));
        r.insert("405".into(), err("a method the route does not take"));
        r.insert("413".into(), err("body over the route's limit"));
        r.insert(
            "415".into(),
            err("a body that is not sent as Content-Type: application/json"),
        );
        r.insert("422".into(), err("JSON of the wrong shape"));
    }
    responses
}

/// The page's own routes: stateless words, the same as the terminal's.
fn page_paths() -> Value {
    let words = |summary: &str, answer: &str| {
        json!({"post": {"summary": summary,
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": body_refusals(json!({"200": {"description": answer, "content": {"application/json": {"schema": {"type": "object"}}}}}))}})
    };
    json!({
        "/api/describe": words("A typed command of the Move field (or a button's) in words, as arbiter play says it: {game context, command, clock?, names?, seat?}", "{text,…}: the words"),
        "/api/board": words("The 64 squares' names in words for the page's board: {game context}", "the cells"),
        "/api/record": words("The archive of a game from its JSON Lines log: {log, letters?}", "the score and its braille"),
        "/api/lowtime": words("The low-time alarm's sentence: {lexicon?, side, ms}", "{text}"),
        "/api/steps": words("Each move of a record as the live game says it, in the lexicon asked (chess or Tavreli): {game context}", "{steps: [{san, said}]}"),
        "/api/reason": words("An arbiter's action with the reason typed in the console, for the players: {lang?, said: [the action's announcements], reason?}", "{text}: null when there is no reason of the arbiter's (none, or one the hall wrote itself)"),
        "/api/console": words("The arbiter console's result and penalties in words: {lang?, result?, termination?, penalties: [{side, kind, ms?}]}", "{result, penalties: [text]}"),
        "/api/help/{lang}": {"get": {"summary": "The command help in en, ru or de",
            "parameters": [{"name": "lang", "in": "path", "required": true, "schema": {"enum": ["en", "ru", "de"]}}],
            "responses": {"200": {"description": "{text}"}, "405": err("a method the route does not take")}}}
    })
}

fn game_paths() -> Value {
    json!({
        "/api/games/{id}": {"get": {
            "summary": "The game's last seq and state",
            "parameters": [id_param()],
            "responses": {"200": {"description": "{\"seq\",\"state\",\"engines\"}", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Game"}}}}, "404": err("unknown or malformed id")}
        }},
        "/api/games/{id}/events": {"post": {
            "summary": "One event of the log format without `at`; {\"type\":\"move\",\"move\":\"e4\"} is a move and its press in any notation. The token gives the side; arbiter actions need the arbiter's token and name the side they concern. The arbiter's token acts as the arbiter: in an online game it makes no player's action (move, press, offer_draw, accept_draw, decline_draw, claim, resign) for a player (403 with the reason); in an over-the-board game the arbiter records the moves and actions made at the board, naming the side. Over the board, `touch` (`square`, Tavreli `man`) and `adjust` (`square`) are recorded by the arbiter's token (Art. 4) and a player claims a breach with {\"type\":\"claim\",\"claim\":\"touch_move\"}; online the server is the board, and all three are refused (409) with the reason.",
            "security": [{"bearer": []}],
            "parameters": [id_param(), {"name": "Accept-Language", "in": "header", "required": false, "schema": {"type": "string"},
                "description": "the language of a refusal's reason: en, ru or de (the best of the header's; English by default), in the words arbiter play uses; the error word stays the same. A move that fits no legal move lists no candidates; an ambiguous one names the moves it fits"}],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["type"], "properties": {"type": {"enum": crate::request::EVENT_TYPES}}}}}},
            "responses": {
                "200": {"description": "accepted and committed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Acted"}}}},
                "400": err("malformed JSON or unknown event"),
                "401": err("no token"),
                "403": err("a token not of this game, a player using an arbiter action, or the arbiter's token making a player's action online"),
                "415": err("a body not sent as Content-Type: application/json"),
                "404": err("unknown or malformed id"),
                "409": err("refused by the Laws (an online illegal move is refused without penalty)"),
                "413": err("body over 16 KiB"),
                "429": err("over the token's rate (40 per second), or this address sent too many tokens no game has (30 a minute by default; checked before the token is looked up); Retry-After says when to retry"),
                "503": err("the instance running the game cannot be reached; retry")
            }
        }},
        "/api/games/{id}/log": {"get": {"summary": "The event log as JSON Lines (arbiter replay reads it)", "parameters": [id_param()],
            "responses": {"200": {"description": "JSON Lines", "content": {"application/x-ndjson": {}}}, "404": err("unknown id")}}},
        "/api/games/{id}/pgn": {"get": {"summary": "The game as PGN", "parameters": [id_param()],
            "responses": {"200": {"description": "PGN", "content": {"application/x-chess-pgn": {}}}, "404": err("unknown id")}}},
        "/api/games/{id}/ws": {"get": {
            "summary": "WebSocket: {\"seq\",\"event\",\"state\",\"announcements\"} per committed event, the announcements [{\"kind\",\"text\"}] worded in the language of ?lang=en|ru|de (default en) and the lexicon of ?lexicon= (those of arbiter play --lexicon); ?since=N replays what was missed first, without it the current state comes first with \"event\":null. Players send events as on POST with {\"ack\":K} echoed in {\"ack\",\"status\",\"seq\",\"state\"} or {\"ack\",\"status\",\"error\",\"reason\"}. Without a token: a spectator, who may not act. Pings every 20 s.",
            "parameters": [id_param(),
                {"name": "token", "in": "query", "required": false, "schema": {"type": "string"}},
                {"name": "since", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 0}},
                {"name": "lang", "in": "query", "required": false, "schema": {"type": "string", "enum": ["en", "ru", "de"]}},
                {"name": "lexicon", "in": "query", "required": false, "schema": {"type": "string", "enum": ["en", "ru", "ru-fide", "fide-de", "nato"]}}],
            "responses": {"101": {"description": "switching to WebSocket"}, "403": err("a token not of this game, or an Origin other than the hall's own (or one allowed by --allowed-origin); a request without Origin is accepted"), "404": err("unknown id"), "429": err("this address has its WebSockets open (32 by default), or sent too many unknown tokens")}
        }}
    })
}

fn lobby_paths() -> Value {
    let bearer = json!([{"bearer": []}]);
    let seat = json!({"type": "object", "description": "{\"side\",\"token\",\"url\"}: the side played, the seat's token and the link that opens its board"});
    // The language names without a name are given in (else Accept-Language).
    let lang = json!({"name": "lang", "in": "query", "required": false, "schema": {"type": "string", "enum": ["en", "ru", "de"]}});
    json!({
        "/api/challenges": {
            "get": {"summary": "The open challenges of every instance, newest first: [{id,name,colour,time_control,variant,created_at_ms,expires_in_ms,status}]; a creator without a name is `name` \"Anonymous\" in the reader's language",
                "parameters": [lang.clone()],
                "responses": {"200": {"description": "a JSON array"}}},
            "post": {"summary": "Offer a game anyone may accept: {\"time_control\" (default 300+3), \"colour\": white|black|random (default random), \"name\", \"variant\"}. The answer's seat holds the challenge's token (side `random` until drawn); the creator's page follows the challenge with it. A challenge is kept 30 minutes, in the hall's database: every instance lists it and may take its accept, and a restart keeps it. A creator without a name is shown as \"Anonymous\" in the reader's language (`lang`, else `Accept-Language`).",
                "responses": {"201": {"description": "{id,status:\"open\",seat:{side,token,url},…}"}, "400": err("an invalid time control, colour, variant or name"), "429": err("too many open challenges")}}
        },
        "/api/challenges/{id}": {
            "get": {"summary": "One challenge; with its token (Bearer) and once accepted, `seat` is the creator's seat in the new game (his page asks every two seconds)", "parameters": [id_param(), lang.clone()],
                "responses": {"200": {"description": "{id,status:open|accepted,game_id?,watch_url?,seat?}"}, "404": err("unknown or expired")}},
            "delete": {"summary": "The creator withdraws an open challenge", "security": bearer, "parameters": [id_param()],
                "responses": {"204": {"description": "withdrawn"}, "401": err("no token"), "403": err("not the challenge's token"), "404": err("unknown or expired"), "409": err("already accepted")}}
        },
        "/api/challenges/{id}/accept": {"post": {"summary": "Accept a challenge: {\"name\"}. The game is created at once; of concurrent accepts on any instances exactly one wins (the others get 409). The answer has the accepter's seat with its token, and the creator's seat's link without its token (his page reads it with the challenge's token, which plays his seat)",
            "parameters": [id_param(), lang],
            "responses": {"201": {"description": "{id,game_id,seat,opponent:{side,name,url},watch_url,status}", "content": {"application/json": {"schema": {"type": "object", "properties": {"seat": seat}}}}},
                "404": err("unknown or expired"), "409": err("accepted already")}}},
        "/api/games/{id}/rematch": {
            "get": {"summary": "The rematch offer after a game; with a player's token, `you` and, once every person of the game asked, `seat`: his seat in the new game", "parameters": [id_param()],
                "responses": {"200": {"description": "{status:none|offered|ready,asked:[side],you?,game_id?,watch_url?,seat?}"}, "403": err("not a player's token of this game")}},
            "post": {"summary": "A player asks for a rematch (colours swapped, same variant, rules and time control); when every person of the game has asked, the game is created and the answer carries the asker's seat, played with the token he asked with. Offers are kept 30 minutes in the hall's database, whichever instance took them", "security": bearer, "parameters": [id_param()],
                "responses": {"200": {"description": "as GET"}, "401": err("no token"), "403": err("the arbiter's token, or not of this game"), "409": err("the game is not over")}}
        }
    })
}

/// The document served at `/api/openapi.json`.
pub fn document() -> Value {
    let mut paths = json!({
        "/api/health": {"get": {"summary": "Liveness", "responses": {"200": {"description": "{\"ok\":true}"}}}},
        "/api/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1"}}}},
        "/api/games": {
            "get": {"summary": "Games, oldest first (`order=recent`: newest first), a page at a time: at most `limit` rows (default 100, at most 1000) from `cursor`; when more follow, the `Link` header names the next page (`<…&cursor=N>; rel=\"next\"`), the other query keys kept. A finished game adds `result` (\"1-0\"), `termination` and `result_text` (who won and how, in the language of `lang`)",
                "parameters": [{"name": "status", "in": "query", "schema": {"enum": ["live", "finished"]}},
                    {"name": "order", "in": "query", "schema": {"enum": ["oldest", "recent"]}},
                    {"name": "lang", "in": "query", "schema": {"enum": ["en", "ru", "de"]}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}},
                    {"name": "cursor", "in": "query", "schema": {"type": "integer", "minimum": 0}, "description": "as the previous page's Link gave it"}],
                "responses": {"200": {"description": "a JSON array of {id,status,variant,kind,white,black,time_control,seats,created_at_ms,seq,result?,termination?,result_text?}", "headers": {"Link": {"description": "the next page, when there is one", "schema": {"type": "string"}}}}, "400": err("unknown status or order, or a limit or cursor that is not a number")}},
            "post": {"summary": "Create a game; every key optional (defaults: chess, human vs engine, online; for chess 900+10 and edition 2023, for Tavreli 5400d30 (a 30 s delay a move) and its tournament rules `tavreli`, where a FIDE edition may be named instead; chess under `tavreli` is refused)",
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewGame"}}}},
                "responses": {"201": {"description": "tokens and links; null for an engine seat", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Created"}}}}, "400": err("a key is invalid (an unknown variant, an engine level outside the variant's range…), chess is asked under the Tavreli rules, or the game is already over in the start position (mate, stalemate, dead position, 75-move rule)"), "413": err("body over 16 KiB"), "415": err("a body not sent as Content-Type: application/json (an empty body may go without a type)"), "429": err("this address created too many games (10 a minute, a burst of 20, by default), or has its live games with an engine (2 by default); Retry-After says when to retry"), "503": err("the instance runs its games with an engine (8 by default); retry later")}}
        }
    });
    for more in [game_paths(), page_paths(), lobby_paths()] {
        if let (Some(p), Value::Object(more)) = (paths.as_object_mut(), more) {
            p.extend(more);
        }
    }
    if let (Some(p), Value::Object(more)) = (paths.as_object_mut(), crate::tournament_api::paths())
    {
        p.extend(more);
    }
    let s = |t: &str| json!({"type": t});
    let ns = json!({"type": ["string", "null"]});
    json!({
        "openapi": "3.1.0",
        "info": {"title": "arbiter hall", "version": env!("CARGO_PKG_VERSION"), "license": {"name": "GPL-3.0-or-later"}},
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "Error": {"type": "object", "description": "every refusal, the framework's included (a body over 16 KiB, a method a route does not take)", "properties": {"error": {"type": "string", "enum": ["malformed", "unauthorized", "forbidden", "not_found", "method_not_allowed", "refused", "too_large", "unsupported_media_type", "rate_limited", "unavailable", "internal"]}, "reason": s("string")}},
                "Acted": {"type": "object", "properties": {"seq": s("integer"), "state": {"type": "object", "description": "exactly the keys of arbiter replay --json"}}},
                "Game": {"type": "object", "properties": {"seq": s("integer"), "state": {"type": "object", "description": "exactly the keys of arbiter replay --json"},
                    "engines": {"type": "object", "description": "each engine seat (white, black) with the level and time per move it plays at; absent in a game between people",
                        "additionalProperties": {"type": "object", "properties": {"engine_level": {"type": "integer", "description": "1 to 20 for chess (default 10), 1 to 6 for Tavreli (default 4), as arbiter play --level; outside: 400"}, "engine_movetime_ms": s("integer")}}}}},
                "NewGame": {"type": "object", "properties": {
                    "variant": {"enum": ["chess", "tavreli"]}, "time_control": s("string"), "edition": {"enum": ["2005", "2017", "2018", "2023", "tavreli"]},
                    "regime": {"enum": ["standard", "rapid", "blitz"]}, "supervision": {"enum": ["full", "reduced"]},
                    "white": {"enum": ["human", "engine"]}, "black": {"enum": ["human", "engine"]},
                    "white_name": {"type": "string", "description": "at most 100 characters; a person without a name (absent or blank) has none in the log and the list (`null`), and each page names the side in its reader's language; an engine seat without one is \"Engine\""}, "black_name": {"type": "string", "description": "as white_name"}, "start": s("string"),
                    "engine_movetime_ms": {"type": "integer", "description": "1 to 60000; cut to the hall's cap (10000 by default, arbiter serve --engine-movetime-max-ms)"}, "engine_level": {"type": "integer", "description": "1 to 20 for chess (default 10), 1 to 6 for Tavreli (default 4), as arbiter play --level; outside: 400"}, "kind": {"enum": ["online", "over_the_board"]},
                    "quickplay_finish": {"type": "boolean", "description": "Guidelines III (the quickplay finish) announced; from 2017 they apply only then"}}},
                "Created": {"type": "object", "properties": {
                    "id": s("string"), "white_token": ns, "black_token": ns, "arbiter_token": s("string"),
                    "white_url": ns, "black_url": ns, "arbiter_url": s("string"), "watch_url": s("string"),
                    "ignored_keys": {"type": "array", "items": s("string")}}}
            }
        }
    })
}
