//! Hand-written cases: lenient reading (Appendix C), errors with candidates, the lexicons
//! of Appendix D / RU-1 / RU-4, event announcements and the talking clock.

use arbiter_notation::announce::{Announcement, DrawReason, GameResult, announce};
use arbiter_notation::clock::{LowTimeAlarm, talking_clock};
use arbiter_notation::{ErrorKind, LetterSet, Lexicon, Style, parse, position_from_fen, render};
use arbiter_rules::Side;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

fn uci(pos: &Chess, s: &str) -> Move {
    s.parse::<UciMove>().unwrap().to_move(pos).unwrap()
}

fn reads(fen: Option<&str>, text: &str, style: Option<Style>, want: &str) {
    let pos = position_from_fen(fen).unwrap();
    let (m, _) = parse(&pos, text, style).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(m, uci(&pos, want), "{text:?}");
}

const PROMO: &str = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
/// Two white knights (b1, f3) can both reach d2; the d-pawn has moved.
const TWO_KNIGHTS: &str = "rnbqkbnr/pppppppp/8/8/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";

#[test]
fn lenient_written_input() {
    for (t, want) in [
        ("Nf3", "g1f3"),
        ("nf3", "g1f3"),
        ("NF3", "g1f3"),
        ("Ng1f3", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("Ng1xf3", "g1f3"), // extra x (L-C.9: x optional; we also forgive a wrong one)
        ("Nf3+", "g1f3"),   // extra +
        ("Nf3!?", "g1f3"),
        ("1. Nf3", "g1f3"),
        ("Кf3", "g1f3"),
        ("Кg1:f3", "g1f3"),
        ("Кg1-f3", "g1f3"),
        ("Sf3", "g1f3"),
        ("♘f3", "g1f3"),
        ("♞f3", "g1f3"),
        ("g1f3", "g1f3"),
        ("g1-f3", "g1f3"),
        ("е4", "e2e4"),    // Cyrillic е
        ("е2-е4", "e2e4"), // Cyrillic е twice
        ("с3", "c2c3"),    // Cyrillic с
        ("а3", "a2a3"),    // Cyrillic а
        ("E4", "e2e4"),
        ("e2e4", "e2e4"),
    ] {
        reads(None, t, None, want);
    }
}

#[test]
fn castling_forms() {
    let fen = Some(PROMO);
    for t in [
        "0-0",
        "O-O",
        "o-o",
        "00",
        "OO",
        "о-о",
        "0-0+",
        "Ke1-g1",
        "e1g1",
        "Кр e1-g1",
    ] {
        reads(fen, t, None, "e1g1");
    }
    for t in ["0-0-0", "O-O-O", "ooo"] {
        reads(fen, t, None, "e1c1");
    }
}

#[test]
fn en_passant_and_promotion_forms() {
    let fen = Some(PROMO);
    for t in [
        "exd6",
        "exd6 e.p.",
        "exd6e.p.",
        "ed6",
        "e5:d6",
        "ed6 ep",
        "e:d6 е.п.",
    ] {
        reads(fen, t, None, "e5d6");
    }
    for t in [
        "b8=Q", "b8Q", "b8(Q)", "b8/Q", "b8=q", "b8Ф", "b8D", "b8♕", "b8=H", "b7-b8Q", "b7b8q",
    ] {
        reads(fen, t, None, "b7b8q");
    }
    for t in ["bxa8=N", "ba8N", "b:a8К", "bxa8S", "bxa8C", "b7a8n"] {
        reads(fen, t, None, "b7a8n");
    }
    // The promotion piece must be said (L-D.2.1): without it the move is ambiguous.
    let pos = position_from_fen(fen).unwrap();
    let e = parse(&pos, "b8", None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Ambiguous);
    assert_eq!(e.candidates.len(), 4, "{e}");
}

#[test]
fn errors_list_candidates_in_the_users_notation() {
    let pos = position_from_fen(Some(TWO_KNIGHTS)).unwrap();
    let e = parse(&pos, "Nd2", None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Ambiguous);
    assert_eq!(e.at, 1, "the destination square is where it goes wrong");
    let mut c = e.candidates.clone();
    c.sort();
    assert_eq!(c, ["Nbd2", "Nfd2"]);

    let e = parse(&pos, "Кd2", None).unwrap_err();
    let mut c = e.candidates.clone();
    c.sort();
    assert_eq!(c, ["Кbd2", "Кfd2"], "Russian input, Russian candidates");

    let e = parse(&pos, "конь дэ два", None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Ambiguous);
    assert!(
        e.candidates.iter().all(|c| c.starts_with("конь ")),
        "{:?}",
        e.candidates
    );

    // Illegal: the legal moves to the same square are offered.
    let start = Chess::default();
    let e = parse(&start, "Ke2", None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Illegal);
    assert!(
        e.candidates.is_empty(),
        "the king has no legal move: {:?}",
        e.candidates
    );
    let e = parse(&start, "Sf5", Some(Style::Letters(LetterSet::De))).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Illegal);
    let mut c = e.candidates.clone();
    c.sort();
    assert_eq!(
        c,
        ["Sa3", "Sc3", "Sf3", "Sh3"],
        "no move to f5: the knight's moves"
    );

    // Syntax errors carry a position too.
    let e = parse(&start, "Zz9", None).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e:?}");
    let e = parse(&start, "Springer Felix blau", None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnknownWord("blau".into()));
    assert_eq!(e.at, 15);
    assert_eq!(
        parse(&start, "   ", None).unwrap_err().kind,
        ErrorKind::Empty
    );
}

#[test]
fn lexicons_say_the_move() {
    let start = Chess::default();
    let nf3 = uci(&start, "g1f3");
    let e4 = uci(&start, "e2e4");
    let say = |m, l| render(&start, m, Style::Spoken(l));
    // L-D.2.1 (Appendix D): names and German numbers.
    assert_eq!(say(nf3, Lexicon::FideDe), "Springer Felix drei");
    // RU-1: the national transliteration.
    assert_eq!(say(nf3, Lexicon::RuFide), "Шпрингер Феликс драй");
    // RU-4: Russian practice, long form.
    assert_eq!(say(nf3, Lexicon::Ru), "конь жэ один эф три");
    assert_eq!(say(e4, Lexicon::Ru), "пешка е два е четыре");
    assert_eq!(say(nf3, Lexicon::En), "knight g1 to f3");
    assert_eq!(say(nf3, Lexicon::Nato), "knight foxtrot 3");

    let pos = position_from_fen(Some(PROMO)).unwrap();
    let say = |u, l| render(&pos, uci(&pos, u), Style::Spoken(l));
    assert_eq!(say("e1g1", Lexicon::FideDe), "Kurze Rochade");
    assert_eq!(say("e1c1", Lexicon::FideDe), "Lange Rochade");
    assert_eq!(say("e1g1", Lexicon::Ru), "короткая рокировка");
    assert_eq!(say("e1c1", Lexicon::RuFide), "длинная рокировка");
    // The promotion piece is announced (L-D.2.1).
    assert_eq!(
        say("b7b8q", Lexicon::FideDe),
        "Bauer Bella acht, Umwandlung in Dame, Schach"
    );
    assert_eq!(
        say("b7b8q", Lexicon::Ru),
        "пешка бэ семь бэ восемь, превращение в ферзя, шах"
    );
    assert_eq!(
        say("b7b8q", Lexicon::En),
        "pawn b7 to b8, promotes to queen, check"
    );
    assert_eq!(
        say("b7b8q", Lexicon::Nato),
        "bravo 8 promotes to queen check"
    );

    // Check and mate words.
    let mate = position_from_fen(Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")).unwrap();
    let m = uci(&mate, "a1a8");
    assert_eq!(
        render(&mate, m, Style::Spoken(Lexicon::Ru)),
        "ладья а один а восемь, мат"
    );
    assert_eq!(
        render(&mate, m, Style::Spoken(Lexicon::FideDe)),
        "Turm Anna acht, Matt"
    );
    assert_eq!(render(&mate, m, Style::Letters(LetterSet::Ru)), "Лa8#");
}

#[test]
fn transcripts_are_heard() {
    let fen = None;
    for t in [
        "конь жэ один эф три",
        "Конь жэ один — эф три",
        "Springer Felix drei",
        "springer felix drei",
        "Шпрингер Феликс драй",
        "knight g1 to f3",
        "knight foxtrot 3",
        "конь g1 f3",
        "Springer f3",
        "жэ один эф три",
    ] {
        reads(fen, t, None, "g1f3");
    }
    reads(fen, "пешка е два е четыре", None, "e2e4");
    reads(fen, "Bauer Eva vier", None, "e2e4");
    reads(fen, "Eva vier", None, "e2e4");
    reads(fen, "Бауэр Ева фир", None, "e2e4");
    reads(fen, "e4", Some(Style::Spoken(Lexicon::En)), "e2e4");
    reads(Some(PROMO), "Kurze Rochade", None, "e1g1");
    reads(Some(PROMO), "Кюрц Рокад", None, "e1g1");
    reads(Some(PROMO), "длинная рокировка", None, "e1c1");
    reads(Some(PROMO), "castles queenside", None, "e1c1");
    reads(
        Some(PROMO),
        "Bauer Bella acht Umwandlung in Dame",
        None,
        "b7b8q",
    );
    reads(Some(PROMO), "Bauer Bella acht, Dame", None, "b7b8q");
    reads(
        Some(PROMO),
        "пешка бэ семь бэ восемь превращение в ферзя",
        None,
        "b7b8q",
    );
    reads(
        Some(PROMO),
        "Bauer Eva schlägt David sechs en passant",
        None,
        "e5d6",
    );
    reads(Some(PROMO), "пешка е пять берёт дэ шесть", None, "e5d6");
}

#[test]
fn events_are_announced() {
    use Announcement::*;
    let ru = |a| announce(&a, Lexicon::Ru);
    let de = |a| announce(&a, Lexicon::FideDe);
    let en = |a| announce(&a, Lexicon::En);
    assert_eq!(ru(Check), "Шах");
    assert_eq!(
        de(Checkmate {
            winner: Side::White
        }),
        "Matt. Weiß gewinnt"
    );
    assert_eq!(en(Stalemate), "Stalemate. Draw");
    assert_eq!(ru(DrawOffered(Side::Black)), "Чёрные предлагают ничью");
    assert_eq!(en(DrawOffered(Side::White)), "White offers a draw");
    assert_eq!(de(DrawAccepted), "Remis angenommen");
    assert_eq!(
        en(DrawClaimed {
            side: Side::White,
            reason: DrawReason::Repetition
        }),
        "White claims a draw by threefold repetition"
    );
    // G-III.4 and a claim for the arbiter, in each language.
    assert_eq!(
        de(IncrementRequested(Side::Black)),
        "Schwarz beantragt fünf Sekunden Zuschlag pro Zug für beide Spieler"
    );
    assert_eq!(
        ru(IncrementRequested(Side::White)),
        "Белые просят добавлять обоим по пять секунд за ход"
    );
    assert_eq!(en(ArbiterDecides), "The arbiter decides");
    assert_eq!(de(ArbiterDecides), "Der Schiedsrichter entscheidet");
    assert_eq!(
        ru(ClaimRejected { side: Side::White }),
        "Требование (белые) отклонено. Партия продолжается"
    );
    assert_eq!(
        ru(Penalty {
            side: Side::Black,
            seconds: 120
        }),
        "Штраф: у чёрных сняты 2 минуты"
    );
    assert_eq!(
        ru(TimeAdded {
            side: Side::White,
            seconds: 120
        }),
        "Белым добавлены 2 минуты"
    );
    assert_eq!(
        en(IllegalMove {
            side: Side::Black,
            count: 2
        }),
        "Illegal move by Black. This is the second one"
    );
    assert_eq!(ru(Result(GameResult::Draw)), "Результат: ничья");
    assert_eq!(de(Result(GameResult::WhiteWins)), "Ergebnis: Weiß gewinnt");
    assert_eq!(en(Resigned(Side::Black)), "Black resigns");
    // Every announcement in every lexicon is non-empty.
    for lex in Lexicon::ALL {
        for a in [
            Check,
            Stalemate,
            DrawAccepted,
            ClaimUpheld,
            FlagFell(Side::White),
        ] {
            assert!(!announce(&a, lex).is_empty());
        }
    }
}

#[test]
fn talking_clock_says_times_and_moves() {
    // L-D.2.6: both times and the completed moves.
    assert_eq!(
        talking_clock(Lexicon::Ru, 301_000, 21 * 60_000, 21, Side::White),
        "Белые: 5 минут 1 секунда. Чёрные: 21 минута. Сделан 21 ход."
    );
    assert_eq!(
        talking_clock(
            Lexicon::Ru,
            3_600_000 + 2 * 60_000 + 3_000,
            0,
            22,
            Side::Black
        ),
        "Чёрные: 0 секунд. Белые: 1 час 2 минуты 3 секунды. Сделано 22 хода."
    );
    assert_eq!(
        talking_clock(Lexicon::FideDe, 60_999, 125_000, 1, Side::White),
        "Weiß: 1 Minute. Schwarz: 2 Minuten 5 Sekunden. 1 Zug gespielt."
    );
    assert_eq!(
        talking_clock(Lexicon::En, 59_999, 2 * 3_600_000, 40, Side::White),
        "White: 59 seconds. Black: 2 hours. 40 moves played."
    );
}

#[test]
fn low_time_alarm() {
    let a = LowTimeAlarm {
        thresholds_ms: vec![60_000, 10_000],
    };
    assert_eq!(a.due(61_000, 60_500), None);
    assert_eq!(a.due(60_001, 60_000), Some(60_000));
    assert_eq!(a.due(60_000, 59_000), None, "already announced at 60 s");
    assert_eq!(
        a.due(70_000, 5_000),
        Some(10_000),
        "only the most urgent of two"
    );
    assert_eq!(a.due(5_000, 65_000), None, "time added never alarms");
    assert_eq!(
        a.announcement(Side::Black, 11_000, 9_000),
        Some(Announcement::LowTime {
            side: Side::Black,
            seconds: 10
        })
    );
    assert_eq!(
        announce(
            &Announcement::LowTime {
                side: Side::Black,
                seconds: 10
            },
            Lexicon::Ru
        ),
        "Внимание, чёрные: осталось 10 секунд"
    );
}

#[test]
fn clock_setup_prompts() {
    use arbiter_notation::announce::{Prompt, prompt};
    assert_eq!(
        prompt(
            &Prompt::Confirm {
                minutes: 21,
                increment: 2
            },
            Lexicon::Ru
        ),
        "двадцать одна минута плюс две секунды за ход. Подтвердить?"
    );
    assert_eq!(
        prompt(&Prompt::BaseMinutes { current: 1 }, Lexicon::FideDe),
        "Bedenkzeit in Minuten? Jetzt: eine Minute"
    );
    assert_eq!(
        prompt(
            &Prompt::Confirm {
                minutes: 90,
                increment: 30
            },
            Lexicon::En
        ),
        "90 minutes plus 30 seconds per move. Confirm?"
    );
}

#[test]
fn talking_clock_in_words_for_speech() {
    use arbiter_notation::clock::{Numerals, talking_clock_with};
    assert_eq!(
        talking_clock_with(
            Lexicon::Ru,
            301_000,
            1_260_000,
            21,
            Side::White,
            Numerals::Words
        ),
        "Белые: пять минут одна секунда. Чёрные: двадцать одна минута. Сделан двадцать один ход."
    );
    assert_eq!(
        talking_clock_with(
            Lexicon::FideDe,
            61_000,
            5_000,
            1,
            Side::White,
            Numerals::Words
        ),
        "Weiß: eine Minute eine Sekunde. Schwarz: 5 Sekunden. Ein Zug gespielt."
    );
}

#[test]
fn scoresheet_starting_with_black() {
    use arbiter_notation::scoresheet::{
        ScoreHeader, ScoreMove, scoresheet_braille, scoresheet_text,
    };
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let moves: Vec<ScoreMove> = ["e7e5", "g1f3", "b8c6"]
        .iter()
        .map(|m| ScoreMove {
            mv: m.to_string(),
            clock_ms: None,
            draw_offered: *m == "g1f3",
            touch: None,
        })
        .collect();
    let t = scoresheet_text(
        Some(fen),
        &moves,
        &ScoreHeader::default(),
        Style::Letters(LetterSet::De),
    )
    .unwrap();
    assert!(t.contains("   1 | ...     | e5"), "{t}");
    assert!(t.contains("   2 | Sf3 (=) | Sc6"), "{t}");
    let b = scoresheet_braille(Some(fen), &moves, &ScoreHeader::default()).unwrap();
    assert_eq!(b, "⠂ ⠤ ⠑⠢\n⠆ ⠎⠋⠒ ⠐⠣⠐⠶⠐⠜ ⠎⠉⠖\n");
    // A bad move in the list is an error naming it, not a panic.
    let bad = [ScoreMove {
        mv: "Ke3".into(),
        ..Default::default()
    }];
    let e = scoresheet_text(None, &bad, &ScoreHeader::default(), Style::San).unwrap_err();
    assert!(e.input.contains("Ke3"), "{e}");
}

#[test]
fn written_move_given_as_a_transcript() {
    reads(None, "Nf3", Some(Style::Spoken(Lexicon::En)), "g1f3");
    reads(None, "Кf3", Some(Style::Spoken(Lexicon::Ru)), "g1f3");
    let e = parse(
        &Chess::default(),
        "Springer Felix blau",
        Some(Style::Spoken(Lexicon::FideDe)),
    )
    .unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::UnknownWord("blau".into()),
        "the transcript error is kept"
    );
}

/// A piece letter names a piece (L-C.3): a mistyped piece move is refused, never played
/// as the pawn move that a capital file letter would also spell.
#[test]
fn a_piece_letter_is_never_read_as_a_pawns_file() {
    // Black: no bishop can reach b5 or c4, but the b-pawn can (b7-b5, b4xc3 would not).
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let pos = position_from_fen(Some(after_e4)).unwrap();
    for text in ["Bb5", "Сb5", "Bb6"] {
        let e = parse(&pos, text, None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Illegal, "{text:?}");
    }
    let e = parse(&pos, "Bb5", None).unwrap_err();
    assert!(e.candidates.iter().any(|c| c == "b5"), "{:?}", e.candidates);
    // German: D is the queen, never the d-pawn.
    let e = parse(&pos, "Dd5", None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Illegal, "Dd5");
    // Where the bishop can go, the letter reads as the bishop, as before.
    let open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    reads(Some(open), "Bb5", None, "f1b5");
    reads(Some(open), "Bc4", None, "f1c4");
    // A move written all in capitals keeps its capital files.
    reads(None, "E2-E4", None, "e2e4");
    reads(None, "B2-B4", None, "b2b4");
    reads(None, "D4", None, "d2d4");
    reads(Some(after_e4), "B5", None, "b7b5");
}
