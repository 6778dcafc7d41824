//! The words endpoints from what a player does: typed text is a move or a command, a
//! command is answered in the chosen language, the board's cells are named by square
//! and piece. Expectations come from the Laws and the game
//! (which squares hold which pieces), not from our own output.

use arbiter_web::record::{RecordRequest, record};
use arbiter_web::words::{BoardRequest, Clocks, Context, DescribeRequest, board, describe_text};

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

/// The German hall says Tavreli in German: the cells name their towers and a
/// question about a square is answered in German words, not English (the
/// kinds keep their Russian names: Knjas, Ratnik).
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
        ctx: c,
        command: "q d7".into(),
        ..DescribeRequest::default()
    });
    assert!(a.command);
    assert_eq!(
        a.text,
        "auf d7 ein Turm aus zwei Steinen: oben ein schwarzer Knjas, darunter ein schwarzer Ratnik"
    );
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

#[test]
fn the_board_lists_the_legal_moves_and_the_king_in_check() {
    // At the start: 20 moves (16 pawn moves, 4 knight moves), no check.
    let b = board(&BoardRequest {
        ctx: ctx(&[], "en"),
        fen: None,
    })
    .unwrap();
    assert_eq!(b.legal.len(), 20);
    assert!(b.legal.contains(&"e2e4".to_string()) && b.legal.contains(&"g1f3".to_string()));
    assert_eq!(b.check, None);
    // 1.e4 f5 2.Qh5+: Black's king on e8 is in check; g6 is one of the answers.
    let b = board(&BoardRequest {
        ctx: ctx(&["e4", "f5", "Qh5+"], "en"),
        fen: None,
    })
    .unwrap();
    assert_eq!(b.check.as_deref(), Some("e8"));
    assert!(b.legal.contains(&"g7g6".to_string()), "{:?}", b.legal);
    assert!(
        !b.legal.contains(&"a7a6".to_string()),
        "a move that leaves the check"
    );
    // A pawn on the seventh rank: four promotions to each square it reaches.
    let b = board(&BoardRequest {
        ctx: Context::default(),
        fen: Some("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1".into()),
    })
    .unwrap();
    let promotions: Vec<_> = b.legal.iter().filter(|m| m.starts_with("e7e8")).collect();
    assert_eq!(promotions.len(), 4, "{promotions:?}");
    // Castling is the king's own two squares, as a player moves it.
    let b = board(&BoardRequest {
        ctx: Context::default(),
        fen: Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()),
    })
    .unwrap();
    assert!(b.legal.contains(&"e1g1".to_string()), "{:?}", b.legal);
}

#[test]
fn the_clock_after_the_end_says_the_game_is_over() {
    let a = describe_text(&DescribeRequest {
        ctx: ctx(&["f3", "e5", "g4", "Qh4#"], "en"),
        command: "c".into(),
        clock: Some(Clocks {
            white_ms: 280_000,
            black_ms: 290_000,
        }),
        result: Some("0-1".into()),
        ..DescribeRequest::default()
    });
    assert!(!a.text.contains("to move"), "{}", a.text);
    assert!(
        a.text.contains("over") && a.text.contains("Black wins"),
        "{}",
        a.text
    );
}
