//! The words endpoints from what a player does: typed text is a move or a command, a
//! command is answered in the chosen language, an event is said once (for a hall whose
//! frames carry no words), the board's
//! cells are named by square and piece. Expectations come from the Laws and the game
//! (which squares hold which pieces), not from our own output.

use arbiter_web::legacy::{AnnounceRequest, announce};
use arbiter_web::record::{RecordRequest, record};
use arbiter_web::words::{BoardRequest, Clocks, Context, DescribeRequest, board, describe_text};
use serde_json::json;

fn ctx(moves: &[&str], lexicon: &str) -> Context {
    Context {
        moves: moves.iter().map(|s| s.to_string()).collect(),
        lexicon: Some(lexicon.into()),
        ..Context::default()
    }
}

fn ask(moves: &[&str], text: &str) -> arbiter_web::words::DescribeAnswer {
    describe_text(&DescribeRequest {
        ctx: ctx(moves, "en"),
        command: text.into(),
        ..DescribeRequest::default()
    })
}

#[test]
fn moves_are_not_commands_and_commands_are() {
    for mv in ["e4", "Nf3", "e2e4", "Кf3", "0-0", "Q e4"] {
        assert!(
            !ask(&[], mv).command,
            "{mv} must go to the server as a move"
        );
    }
    assert!(ask(&[], "c").command);
    assert!(ask(&[], "help").command);
}

#[test]
fn acting_commands_are_handed_back_for_confirmation() {
    assert_eq!(ask(&[], "resign").action, Some("resign"));
    let claim = ask(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"], "claim Ng1");
    assert_eq!(claim.action, Some("claim"));
    assert_eq!(claim.intended.as_deref(), Some("Ng1"));
    assert_eq!(ask(&[], "draw").action, Some("draw"));
}

/// The claim the words name reaches the page with the intended move alone,
/// so that the dialog preselects it: `claim 50 Nf3` was a threefold claim
/// of a move "50 Nf3" before.
#[test]
fn a_typed_claim_names_its_kind_and_keeps_only_the_move() {
    for (text, kind, intended) in [
        ("claim Ng1", "threefold", Some("Ng1")),
        ("claim 50 Nf3", "fifty_moves", Some("Nf3")),
        ("claim time", "time", None),
        ("требую время", "time", None),
        ("claim quickplay", "quickplay_finish", None),
        ("claim increment", "increment", None),
        ("claim", "threefold", None),
    ] {
        let a = ask(&["Nf3"], text);
        assert_eq!(a.action, Some("claim"), "{text}");
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["claim"], kind, "{text}");
        assert_eq!(a.intended.as_deref(), intended, "{text}");
    }
}

#[test]
fn square_and_pieces_follow_the_position() {
    // After 1.e4 the pawn stands on e4 and e2 is empty.
    let on_e4 = ask(&["e4"], "q e4").text.to_lowercase();
    assert!(on_e4.contains("white") && on_e4.contains("pawn"), "{on_e4}");
    let on_e2 = ask(&["e4"], "q e2").text.to_lowercase();
    assert!(!on_e2.contains("pawn"), "{on_e2}");
    // Black's knights at the start: b8 and g8, nothing else.
    let knights = ask(&[], "p n").text;
    assert!(
        knights.contains("b8") && knights.contains("g8"),
        "{knights}"
    );
    assert!(!knights.contains("b1"), "{knights}");
}

#[test]
fn legal_moves_of_a_knight_at_the_start_are_two() {
    let t = ask(&[], "m g1").text;
    assert!(
        t.contains("f3") && t.contains("h3") && !t.contains("e2"),
        "{t}"
    );
}

#[test]
fn the_clock_is_read_with_who_is_to_move() {
    let a = describe_text(&DescribeRequest {
        ctx: ctx(&["e4"], "en"),
        command: "c".into(),
        clock: Some(Clocks {
            white_ms: 300_000,
            black_ms: 290_000,
        }),
        ..DescribeRequest::default()
    });
    assert!(a.text.contains("Black to move"), "{}", a.text);
    assert!(a.text.contains('5'), "{}", a.text);
    let none = ask(&["e4"], "c");
    assert!(none.text.contains("no clock"), "{}", none.text);
}

#[test]
fn a_move_event_is_said_in_the_lexicon_once() {
    let mut r = AnnounceRequest {
        ctx: ctx(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"], "ru"),
        event: json!({"type":"move","side":"white","move":"Qxf7#","press":true}),
        state: json!({"ply": 7, "result": "1-0", "termination": "checkmate"}),
        ply_before: Some(6),
    };
    let said = announce(&r);
    assert_eq!(said.len(), 2, "{said:?}");
    // Russian practice names the queen ферзь and the square f7 эф семь; mate is мат.
    let all = said.join(" ").to_lowercase();
    assert!(all.contains("ферзь"), "{all}");
    assert!(all.contains("мат"), "{all}");
    // The same frame again (a replay after a reconnect) says no move twice.
    r.ply_before = Some(7);
    let again = announce(&r);
    assert!(again.iter().all(|t| !t.contains("ферзь")), "{again:?}");
}

#[test]
fn a_penalty_is_said_with_its_side() {
    let r = AnnounceRequest {
        ctx: ctx(&["e4"], "en"),
        event: json!({"type":"arbiter","action":"add_time","side":"black","ms":120000}),
        state: json!({"ply": 1, "result": "*"}),
        ply_before: Some(1),
    };
    let said = announce(&r).join(" ");
    assert!(said.contains("Black") || said.contains("black"), "{said}");
    assert!(
        said.contains("2 minutes") || said.contains("120") || said.contains("two"),
        "{said}"
    );
}

/// A claim that leaves the game going is said as the session says it: a
/// quickplay-finish claim goes to the arbiter (10.2, G-III); a threefold
/// claim that did not end the game was found incorrect (9.5c).
#[test]
fn a_claim_that_leaves_the_game_going_is_said() {
    let said = |event, state, lexicon| {
        announce(&AnnounceRequest {
            ctx: ctx(&["e4", "e5"], lexicon),
            event,
            state,
            ply_before: Some(2),
        })
        .join(" ")
    };
    let pending = json!({"ply": 2, "result": "*", "quickplay_claim": {"side": "white", "claim": "quickplay_finish"}});
    let quickplay = json!({"type":"claim","side":"white","claim":"quickplay_finish"});
    assert_eq!(
        said(quickplay.clone(), pending.clone(), "en"),
        "White claims a draw in the quickplay finish. The arbiter decides"
    );
    assert!(said(quickplay, pending.clone(), "ru").contains("Решение за судьёй"));
    // The pause that follows says why the clocks stopped; a pause with no
    // claim awaiting the arbiter is a pause alone.
    let pause = json!({"type":"arbiter","action":"pause"});
    assert_eq!(
        said(pause.clone(), pending, "en"),
        "Clock paused White claims a draw in the quickplay finish. The arbiter decides"
    );
    assert_eq!(
        said(
            pause,
            json!({"ply": 2, "result": "*", "quickplay_claim": null}),
            "en"
        ),
        "Clock paused"
    );
    let increment = json!({"type":"claim","side":"black","claim":"increment"});
    let asked = json!({"ply": 2, "result": "*", "quickplay_claim": {"side": "black", "claim": "increment"}});
    assert!(said(increment, asked, "en").starts_with("Black asks for five seconds a move"));
    let threefold = json!({"type":"claim","side":"black","claim":"threefold"});
    assert_eq!(
        said(
            threefold.clone(),
            json!({"ply": 2, "result": "*", "quickplay_claim": null}),
            "en"
        ),
        "Black's claim is rejected. The game continues"
    );
    // The arbiter's ruling names no side: the time it gave is said from the
    // penalty the Laws recorded (G-III.5: rejected, two minutes to Black).
    let reject = json!({"type":"arbiter","action":"quickplay_reject"});
    let ruled = json!({"ply": 2, "result": "*", "quickplay_claim": null,
        "penalties": [{"at": 9000, "side": "white", "kind": "quickplay_rejected", "ms": 120000}]});
    let text = said(reject, ruled, "en");
    assert!(
        text.contains("rejected") && text.contains("Black receives 2 minutes"),
        "{text}"
    );
    // An illegal move claimed (A.5.2): the move is counted and its time said.
    let illegal = json!({"type":"claim","side":"black","claim":"illegal_move"});
    let counted = json!({"ply": 0, "result": "*", "illegal_moves": {"white": 1, "black": 0},
        "penalties": [{"at": 4000, "side": "white", "kind": "illegal_move", "ms": 60000}]});
    let text = said(illegal, counted, "en");
    assert!(
        text.contains("Illegal move by White") && text.contains("Black receives one minute"),
        "{text}"
    );
    // Over the board under full supervision the arbiter acts on the move
    // itself (7.5.5): said with the move's event; one left to a claim is not.
    let mv = json!({"type":"move","side":"white","move":"Ne5","press":true,"at":3000});
    let acted = json!({"ply": 0, "result": "*", "illegal_moves": {"white": 1, "black": 0},
        "penalties": [{"at": 3000, "side": "white", "kind": "illegal_move", "ms": 120000}]});
    let text = said(mv.clone(), acted, "en");
    assert!(text.contains("Illegal move by White"), "{text}");
    let left = json!({"ply": 0, "result": "*", "illegal_moves": {"white": 0, "black": 0}, "penalties": []});
    assert_eq!(said(mv, left, "en"), "");
    // Upheld, the claim is said by the result alone.
    let drawn = json!({"ply": 2, "result": "1/2-1/2", "termination": "threefold_claim"});
    assert!(!said(threefold, drawn, "en").contains("rejected"));
}

#[test]
fn the_board_names_all_64_squares() {
    let b = board(&BoardRequest {
        ctx: ctx(&["e4"], "en"),
        fen: None,
    })
    .unwrap();
    assert_eq!(b.cells.len(), 64);
    let cell = |s: &str| b.cells.iter().find(|c| c.square == s).unwrap();
    assert_eq!(cell("e4").piece, "P");
    assert_eq!(cell("e2").piece, "");
    assert_eq!(cell("e8").piece, "k");
    assert!(cell("a1").name.to_lowercase().contains("rook"));
    assert!(cell("e4").name.starts_with("e4"));
    assert_eq!(b.cells[0].square, "a1");
    assert_eq!(b.cells[63].square, "h8");
}

#[test]
fn tavreli_cells_name_their_towers() {
    let mut c = ctx(&[], "ru");
    c.variant = Some("tavreli".into());
    let b = board(&BoardRequest { ctx: c, fen: None }).unwrap();
    assert_eq!(b.cells.len(), 64);
    assert!(b.cells.iter().filter(|c| !c.piece.is_empty()).count() >= 32);
    assert!(b.cells.iter().all(|c| !c.name.is_empty()));
}

#[test]
fn the_archive_replays_the_log_and_writes_braille() {
    let log = [
        r#"{"format":"arbiter-log","version":1,"white":"Anna","black":"Boris"}"#,
        r#"{"at":0,"type":"move","side":"white","move":"f3","press":true}"#,
        r#"{"at":1,"type":"move","side":"black","move":"e5","press":true}"#,
        r#"{"at":2,"type":"move","side":"white","move":"g4","press":true}"#,
        r#"{"at":3,"type":"move","side":"black","move":"Qh4","press":true}"#,
    ]
    .join("\n");
    let r = record(&RecordRequest {
        log,
        letters: Some("ru".into()),
    })
    .unwrap();
    assert_eq!(r.state.result.as_str(), "0-1");
    assert_eq!(r.rejected, 0);
    assert!(r.letters.contains("Фh4"), "{}", r.letters);
    assert!(
        r.braille
            .chars()
            .any(|c| ('\u{2800}'..='\u{28ff}').contains(&c))
    );
    assert!(r.brf.is_ascii());
    assert!(r.verdict.contains("0-1"));
}

#[test]
fn endless_input_is_cut() {
    let long = "q ".to_string() + &"e4".repeat(100_000);
    let a = ask(&[], &long);
    assert!(a.text.len() < 2000);
}

/// The board marks where the last move went from and to: none before the
/// first move, the king's own squares for castling, and the same for Tavreli.
#[test]
fn the_last_move_is_marked_by_its_two_squares() {
    let last = |moves: &[&str]| {
        board(&BoardRequest {
            ctx: ctx(moves, "en"),
            fen: None,
        })
        .unwrap()
        .last
    };
    assert_eq!(last(&[]), None);
    let pair = |a: &str, b: &str| Some([a.to_string(), b.to_string()]);
    assert_eq!(last(&["e4"]), pair("e2", "e4"));
    assert_eq!(last(&["e4", "Кf6"]), pair("g8", "f6"));
    let castled = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"];
    assert_eq!(last(&castled), pair("e1", "g1"));
    // With the position given as FEN the record still names the last move.
    let b = board(&BoardRequest {
        ctx: ctx(&["d4"], "en"),
        fen: Some("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1".into()),
    })
    .unwrap();
    assert_eq!(b.last, pair("d2", "d4"));
    let mut c = ctx(&["e2-e4"], "ru");
    c.variant = Some("tavreli".into());
    let b = board(&BoardRequest { ctx: c, fen: None }).unwrap();
    assert_eq!(b.last, pair("e2", "e4"));
}

/// The German hall says Tavreli in German: the cells name their towers, a
/// question about a square and the move announcement are German words, not
/// English (the kinds keep their Russian names: Knjas, Ratnik).
#[test]
fn tavreli_is_said_in_german_in_the_german_hall() {
    let moves = ["e2-e3", "d8-d7"];
    let mut c = ctx(&moves, "fide-de");
    c.variant = Some("tavreli".into());
    let b = board(&BoardRequest {
        ctx: c.clone(),
        fen: None,
    })
    .unwrap();
    let d7 = b.cells.iter().find(|x| x.square == "d7").unwrap();
    assert!(d7.name.contains("Turm aus zwei Steinen"), "{}", d7.name);
    assert!(!d7.name.contains("tower"), "{}", d7.name);
    let a = describe_text(&DescribeRequest {
        ctx: c.clone(),
        command: "q d7".into(),
        ..DescribeRequest::default()
    });
    assert!(a.command);
    assert_eq!(
        a.text,
        "auf d7 ein Turm aus zwei Steinen: oben ein schwarzer Knjas, darunter ein schwarzer Ratnik"
    );
    let said = announce(&AnnounceRequest {
        ctx: c,
        event: json!({"type":"move","side":"black","move":"d8-d7","press":true}),
        state: json!({"ply": 2, "result": "*"}),
        ply_before: Some(1),
    })
    .join(" ");
    assert!(
        said.contains("schwarzer Knjas von d8 nach d7, stellt sich auf den schwarzen Ratnik"),
        "{said}"
    );
    assert!(!said.contains("from") && !said.contains("onto"), "{said}");
}

/// In a Tavreli game the page reads `p` as `arbiter play` does: a kind's name in the
/// player's language, or helgi's letter H, which no chess piece has; and the help
/// names the towers' men, not chess pieces.
#[test]
fn tavreli_men_are_asked_for_by_their_own_names() {
    let ask_tavreli = |text: &str, lexicon: &str| {
        let mut c = ctx(&[], lexicon);
        c.variant = Some("tavreli".into());
        describe_text(&DescribeRequest {
            ctx: c,
            command: text.into(),
            ..DescribeRequest::default()
        })
    };
    // The initial position: the vsadniks stand where chess has its knights.
    for (text, lexicon) in [
        ("p всадник", "ru"),
        ("p vsadnik", "en"),
        ("p Wsadnik", "fide-de"),
    ] {
        let a = ask_tavreli(text, lexicon);
        assert!(a.command, "{text}");
        for sq in ["b1", "g1", "b8", "g8"] {
            assert!(a.text.contains(sq), "{text}: {}", a.text);
        }
    }
    // White's vsadniks only, by the position text's capital letter.
    let a = ask_tavreli("p N", "en");
    assert!(
        a.text.contains("g1") && !a.text.contains("g8"),
        "{}",
        a.text
    );
    // No helgi stands on the board yet, and H is read, not refused as no piece.
    let h = ask_tavreli("p H", "en");
    assert!(h.command);
    assert!(!h.text.contains("b1"), "{}", h.text);
    assert_ne!(h.text, ask_tavreli("p Q", "en").text);
    for (lexicon, man, piece) in [("en", "N vsadnik", "knight"), ("ru", "N всадник", "кони")]
    {
        let help = ask_tavreli("help", lexicon).text;
        assert!(help.contains(man), "{help}");
        assert!(!help.contains(piece), "{help}");
    }
}
