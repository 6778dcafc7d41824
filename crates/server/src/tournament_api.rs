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
    let mut all = core_paths(&ok);
    if let (Some(p), Value::Object(more)) = (all.as_object_mut(), entry_paths(&ok)) {
        p.extend(more);
    }
    all
}

/// Withdrawals, byes asked for and the registration closed.
fn entry_paths(ok: &dyn Fn(&str) -> Value) -> Value {
    let player = json!([path_param("id"), path_param("n")]);
    json!({
        "/api/tournaments/{id}/players/{n}/withdraw": {"post": {
            "summary": "Withdraw player n (the arbiter's token, or the player's own): he is not paired from from_round on (default the next round to pair, or the last round once it is paired; the round in play or a later one), written 0000 - Z in those rounds of the TRF; a game of his already paired stays for the arbiter to decide (a forfeit by declare_result). In a round robin his later boards are forfeits, with no game. Body optional: {from_round}",
            "security": [{"bearer": []}], "parameters": player,
            "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"from_round": {"type": "integer"}}}}}},
            "responses": {"200": ok("{player, withdrawn_from, words}"), "401": api_err("no token"), "403": api_err("another player's token"), "404": api_err("no such tournament or player"), "409": api_err("a past round, or no such round")}
        }},
        "/api/tournaments/{id}/players/{n}/byes": {
            "post": {
                "summary": "Ask for a bye (the player's token or the arbiter's) before round R is paired: {round, points: half|zero (default half)}; the player is left out of the pairing and scores the point system's draw (TRF 0000 - H) or nothing (0000 - Z). A bye already asked for the round is replaced. The half-point byes a player asks for are limited by max_half_byes (default 2). The arbiter may also give a late entry a half-point bye for a round he missed. Not in a round robin",
                "security": [{"bearer": []}], "parameters": player,
                "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["round"], "properties": {"round": {"type": "integer"}, "points": {"enum": ["half", "zero"], "default": "half"}}}}}},
                "responses": {"201": ok("{player, round, points, byes, words}"), "400": api_err("no round, or points not half|zero"), "401": api_err("no token"), "403": api_err("another player's token"), "404": api_err("no such tournament or player"), "409": api_err("the round is paired or not in the tournament, the half-point byes are used, the player withdrew, or a round robin")}
            },
            "delete": {
                "summary": "Cancel the bye of round R (?round=R, or {round} in the body) while R is not paired",
                "security": [{"bearer": []}],
                "parameters": [path_param("id"), path_param("n"), {"name": "round", "in": "query", "schema": {"type": "integer"}}],
                "responses": {"200": ok("{player, round, byes}"), "401": api_err("no token"), "403": api_err("another player's token"), "404": api_err("no such tournament or player"), "409": api_err("no bye in that round, or the round is paired")}
            }
        },
        "/api/tournaments/{id}/registration": {"post": {
            "summary": "The arbiter closes ({\"open\": false}) or opens again ({\"open\": true}) the registration; a round robin cannot open it once round 1 is paired",
            "security": [{"bearer": []}], "parameters": [path_param("id")],
            "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["open"], "properties": {"open": {"type": "boolean"}}}}}},
            "responses": {"200": ok("{registration_open}"), "400": api_err("no open"), "401": api_err("no token"), "403": api_err("not the arbiter's token"), "409": api_err("a round robin already begun")}
        }}
    })
}

/// The routes that create, register, pair and read a tournament.
fn core_paths(ok: &dyn Fn(&str) -> Value) -> Value {
    json!({
        "/api/tournaments": {"post": {
            "summary": "Create a tournament; every key optional: name (default \"Tournament\", at most 33 characters), system (dutch|berger, default dutch), rounds (1 to 99, default 9; a round robin plays the Berger tables' number), time_control (default 900+10) and edition (default 2023) of its games, checked as POST /api/games checks them; double (default false; with system berger: a double round robin, the second cycle with colours reversed, C.05 Annex 1); max_half_byes (default 2: the half-point byes a player may ask for)",
            "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
                "name": {"type": "string"}, "system": {"enum": ["dutch", "berger"]}, "rounds": {"type": "integer"},
                "time_control": {"type": "string"}, "edition": {"enum": ["2005", "2017", "2018", "2023"]},
                "double": {"type": "boolean", "default": false, "description": "berger only: a double round robin"},
                "max_half_byes": {"type": "integer", "minimum": 0, "maximum": 99, "default": 2, "description": "the half-point byes a player may ask for"}}}}}},
            "responses": {"201": ok("{id, arbiter_token, arbiter_url, registration_url, url}"), "400": api_err("a key is invalid")}
        }},
        "/api/tournaments/{id}": {"get": {
            "summary": "The tournament: {id,name,system,rounds,time_control,edition,status (registration|playing|finished),round (rounds paired),registration_open,double,max_half_byes,players:[{player,name,rating,fide_id,rank,joined,withdrawn_from,byes:[{round,points}]}]}; `player` is the registration number, `rank` the starting rank (by rating, then name), given again at each registration until round 4 is paired (C.04.2)",
            "parameters": [path_param("id")],
            "responses": {"200": ok("the tournament"), "404": api_err("no such tournament")}
        }},
        "/api/tournaments/{id}/players": {"post": {
            "summary": "Register a player until the arbiter closes the registration (POST …/registration {\"open\": false}; a round robin closes it when round 1 is paired). A late entry (after round 1 is paired) joins at the next round; each round missed is an unpaired zero-point round (0000 - Z) unless the arbiter gives a half-point bye for it (POST …/players/{n}/byes); before round 4 is paired the starting ranks are given again with him in the list (C.04.2), later he has the next number. Body: {name (required, at most 33 characters, \"Lastname, Firstname\"), rating, fide_id}; the token plays every game of the player in the tournament",
            "parameters": [path_param("id")],
            "responses": {"201": ok("{player, token, url}"), "400": api_err("a key is invalid"), "404": api_err("no such tournament"), "409": api_err("registration is closed")}
        }},
        "/api/tournaments/{id}/players/{n}": {"get": {
            "summary": "A player's page, to his own token or the arbiter's: {player,name,rating,fide_id,rank,points,next_game,joined (the first round he may be paired in),withdrawn_from,byes:[{round,points}],half_byes_left,words (his late entry, byes and withdrawal in ?lang)}; next_game is {round,board,colour,game,opponent,url} while his game of the last round goes on ({round,bye:true} for the bye), else null; url carries his token and seat",
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
            "summary": "Round n: {round, boards:[{board,white,black,game,watch_url,result}], bye, absent:[{player,name,rank,rating,kind (withdrawn|half_bye|zero_bye)}], words}; a round robin's board with a withdrawn player has no game (game and watch_url null) and a forfeit result; words read the pairing aloud in ?lang (\"Round 3, board 2: Ivanov, white, against Petrova\")",
            "parameters": view_params().as_array().map(|a| { let mut a = a.clone(); a.push(path_param("n")); a }),
            "responses": {"200": ok("the round, or a BRF file"), "404": api_err("no such tournament or round")}
        }},
        "/api/tournaments/{id}/standings": {"get": {
            "summary": "The standings after the last round whose results are all known: {round, tiebreaks, standings:[{rank,id,player,name,points,tiebreaks,withdrawn_from}], words}; ?tiebreak=BH:C1,BH,SB,DE,WIN (C.07 codes; default that list for a Swiss, DE,SB,WIN,KS for a round robin)",
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
