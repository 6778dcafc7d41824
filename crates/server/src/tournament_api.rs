//! The tournament routes in the OpenAPI document (`/api/openapi.json`),
//! beside the game routes of [`crate::openapi`].

use serde_json::{Value, json};

fn api_err(desc: &str) -> Value {
    json!({"description": desc, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
}

fn path_param(name: &str) -> Value {
    json!({"name": name, "in": "path", "required": true, "schema": {"type": "string"}})
}

fn view_params() -> Value {
    json!([path_param("id"),
        {"name": "lang", "in": "query", "schema": {"enum": ["en", "ru", "de"]}, "description": "the language of `words` (default en)"},
        {"name": "format", "in": "query", "schema": {"enum": ["json", "brf"]}, "description": "brf: the words as a braille file (North American Braille ASCII, 40 cells by 25 lines a page)"}])
}

/// The tournament routes in the OpenAPI document.
pub fn paths() -> Value {
    let ok = |d: &str| json!({"description": d, "content": {"application/json": {}}});
    json!({
        "/api/tournaments": {"post": {
            "summary": "Create a tournament; every key optional: name (default \"Tournament\", at most 33 characters), system (dutch|berger, default dutch), rounds (1 to 99, default 9; a round robin plays the Berger tables' number), time_control (default 900+10) and edition (default 2023) of its games, checked as POST /api/games checks them",
            "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                "name": {"type": "string"}, "system": {"enum": ["dutch", "berger"]}, "rounds": {"type": "integer"},
                "time_control": {"type": "string"}, "edition": {"enum": ["2005", "2017", "2018", "2023"]}}}}}},
            "responses": {"201": ok("{id, arbiter_token, arbiter_url, registration_url, url}"), "400": api_err("a key is invalid")}
        }},
        "/api/tournaments/{id}": {"get": {
            "summary": "The tournament: {id,name,system,rounds,time_control,edition,status (registration|playing|finished),round (rounds paired),registration_open,players:[{player,name,rating,fide_id,rank}]}; `player` is the registration number, `rank` the starting rank given when round 1 is paired (by rating, then name)",
            "parameters": [path_param("id")],
            "responses": {"200": ok("the tournament"), "404": api_err("no such tournament")}
        }},
        "/api/tournaments/{id}/players": {"post": {
            "summary": "Register a player until round 1 is paired: {name (required, at most 33 characters, \"Lastname, Firstname\"), rating, fide_id}; the token plays every game of the player in the tournament",
            "parameters": [path_param("id")],
            "responses": {"201": ok("{player, token, url}"), "400": api_err("a key is invalid"), "404": api_err("no such tournament"), "409": api_err("registration is closed")}
        }},
        "/api/tournaments/{id}/players/{n}": {"get": {
            "summary": "A player's page, to his own token or the arbiter's: {player,name,rating,fide_id,rank,points,next_game}; next_game is {round,board,colour,game,opponent,url} while his game of the last round goes on ({round,bye:true} for the bye), else null; url carries his token and seat",
            "security": [{"bearer": []}],
            "parameters": [path_param("id"), path_param("n")],
            "responses": {"200": ok("the player"), "401": api_err("no token"), "403": api_err("another player's token"), "404": api_err("no such tournament or player")}
        }},
        "/api/tournaments/{id}/rounds": {"post": {
            "summary": "The arbiter pairs the next round (Dutch system or Berger tables) once every game of the last one has a result, and its games are created with the tournament's time control and edition (not counted against the limits on creating games). Results come from the games: a finished game, or the arbiter's declare_result in it with the tournament's arbiter token (before any move: a forfeit)",
            "security": [{"bearer": []}],
            "parameters": [path_param("id")],
            "responses": {"201": ok("the round, as GET …/rounds/{n}"), "401": api_err("no token"), "403": api_err("not the arbiter's token"), "404": api_err("no such tournament"), "409": api_err("too few players, the last round not over, every round paired, or no pairing exists")}
        }},
        "/api/tournaments/{id}/rounds/{n}": {"get": {
            "summary": "Round n: {round, boards:[{board,white,black,game,watch_url,result}], bye, words}; words read the pairing aloud in ?lang (\"Round 3, board 2: Ivanov, white, against Petrova\")",
            "parameters": view_params().as_array().map(|a| { let mut a = a.clone(); a.push(path_param("n")); a }),
            "responses": {"200": ok("the round, or a BRF file"), "404": api_err("no such tournament or round")}
        }},
        "/api/tournaments/{id}/standings": {"get": {
            "summary": "The standings after the last round whose results are all known: {round, tiebreaks, standings:[{rank,id,player,name,points,tiebreaks}], words}; ?tiebreak=BH:C1,BH,SB,DE,WIN (C.07 codes; default that list for a Swiss, DE,SB,WIN,KS for a round robin)",
            "parameters": view_params().as_array().map(|a| { let mut a = a.clone(); a.push(json!({"name": "tiebreak", "in": "query", "schema": {"type": "string"}})); a }),
            "responses": {"200": ok("the standings, or a BRF file"), "400": api_err("an unknown tie-break"), "404": api_err("no such tournament")}
        }},
        "/api/tournaments/{id}/trf": {"get": {
            "summary": "The Tournament Report File (TRF16, XXR) as it stands, at any time; arbiter pair and arbiter standings read it",
            "parameters": [path_param("id")],
            "responses": {"200": {"description": "TRF", "content": {"text/plain": {}}}, "404": api_err("no such tournament")}
        }}
    })
}
