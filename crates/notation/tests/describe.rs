//! Position commands in words (`describe`): checked against python-chess (run now, as an
//! independent oracle) on positions from real games, by parsing the squares and moves
//! back out of the sentences; hand-written checks of the wording in English, Russian
//! and German (agreement: "два коня", "одна пешка"); the command-line parser, including
//! the rule that keeps commands and moves apart.

mod common;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command as Process, Stdio};

use arbiter_notation::clock::Numerals;
use arbiter_notation::describe::*;
use arbiter_notation::{Lang, Lexicon, Style, parse, position_from_fen, render};
use arbiter_rules::Side;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, File, Position, Rank, Role, Square};

const POSITIONS: usize = 200;

fn sample() -> Vec<Chess> {
    let all = common::positions();
    assert!(all.len() >= POSITIONS, "only {} positions", all.len());
    let step = all.len() / POSITIONS;
    all.into_iter().step_by(step).take(POSITIONS).collect()
}

fn ruy_lopez() -> (Chess, Vec<shakmaty::Move>) {
    let start = Chess::default();
    let moves = moves_from_text(&start, &["e4", "e5", "Nf3", "Nc6", "Bb5"], Lang::En)
        .expect("legal opening");
    (start, moves)
}

fn after(start: &Chess, moves: &[shakmaty::Move]) -> Chess {
    position_after(start, moves, Lang::En).expect("legal record")
}

fn fen(f: &str) -> Chess {
    position_from_fen(Some(f)).expect("valid FEN")
}

// ---------------------------------------------------------------------------------------
// The oracle.

/// The python with python-chess: the project's .venv first, then the system's.
fn python() -> PathBuf {
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python3");
    let py = if venv.exists() {
        venv
    } else {
        PathBuf::from("python3")
    };
    let ok = Process::new(&py)
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "python-chess is missing for {}: run scripts/setup.sh",
        py.display()
    );
    py
}

/// python-chess's facts about each position, one Vec of lines per position.
fn oracle(positions: &[Chess]) -> Vec<Vec<String>> {
    let input: String = positions
        .iter()
        .map(|p| format!("{}\n", Fen::from_position(p, EnPassantMode::Legal)))
        .collect();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/describe_oracle.py");
    let mut child = Process::new(python())
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("python ran");
    writer.join().expect("writer").expect("wrote");
    assert!(
        out.status.success(),
        "oracle failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf8");
    let mut all = Vec::new();
    let mut cur = Vec::new();
    for line in text.lines() {
        if line == "END" {
            all.push(std::mem::take(&mut cur));
        } else {
            cur.push(line.to_string());
        }
    }
    assert_eq!(all.len(), positions.len(), "oracle answered every position");
    all
}

/// The oracle's words after a tag: `fact(facts, "P w n")` → ["b1", "g1"].
fn fact(facts: &[String], tag: &str) -> Option<BTreeSet<String>> {
    facts.iter().find_map(|l| {
        let rest = l.strip_prefix(tag)?;
        (rest.is_empty() || rest.starts_with(' '))
            .then(|| rest.split_whitespace().map(str::to_string).collect())
    })
}

fn role_letter(r: Role) -> char {
    r.char()
}

fn colour_letter(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}

fn name(sq: Square) -> String {
    sq.to_string()
}

/// Reads a square said in any lexicon back (the list items of our sentences).
fn back(text: &str, w: Wording) -> Square {
    parse_square(text, w.lang).unwrap_or_else(|e| panic!("{text:?} is no square: {e}"))
}

/// `p`: "White: 2 knights, b1, g1." → {b1, g1}.
fn squares_of_pieces(answer: &str, w: Wording) -> BTreeSet<String> {
    let (_, list) = answer.split_once(": ").expect("side: list");
    let list = list.trim_end_matches('.');
    list.split(", ").skip(1).map(|s| name(back(s, w))).collect()
}

/// `a`: "Attackers of e5. White: knight f3, pawn d4. Black: none." → White's and Black's
/// attackers as squares (and, in English, as role@square like the oracle).
fn attackers_back(answer: &str, w: Wording) -> [BTreeSet<String>; 2] {
    let parts: Vec<&str> = answer.trim_end_matches('.').split(". ").collect();
    assert_eq!(parts.len(), 3, "head and two sides: {answer:?}");
    let side = |p: &str| -> BTreeSet<String> {
        let (_, list) = p.split_once(": ").expect("side: list");
        if !list.contains(' ') {
            return BTreeSet::new(); // "none", "нет", "keine"
        }
        list.split(", ")
            .map(|item| {
                let (piece, sq) = item.split_once(' ').expect("piece square");
                let sq = name(back(sq, w));
                if w.lang == Lang::En {
                    let r = match piece {
                        "king" => 'k',
                        "queen" => 'q',
                        "rook" => 'r',
                        "bishop" => 'b',
                        "knight" => 'n',
                        "pawn" => 'p',
                        other => panic!("piece word {other:?}"),
                    };
                    format!("{r}@{sq}")
                } else {
                    sq
                }
            })
            .collect()
    };
    [side(parts[1]), side(parts[2])]
}

/// `m`: the announced moves parsed back with the crate's own reader, as UCI.
fn moves_back(pos: &Chess, answer: &str, lex: Lexicon) -> BTreeSet<String> {
    let (_, list) = answer.split_once(": ").expect("who: moves");
    list.trim_end_matches('.')
        .split("; ")
        .map(|said| {
            let (m, _) = parse(pos, said, Some(Style::Spoken(lex)))
                .unwrap_or_else(|e| panic!("{said:?} does not read back in {lex:?}: {e}"));
            UciMove::from_standard(m).to_string()
        })
        .collect()
}

fn strip_squares(set: &BTreeSet<String>) -> BTreeSet<String> {
    set.iter()
        .map(|s| s.split('@').next_back().unwrap_or(s).to_string())
        .collect()
}

#[test]
fn pieces_attackers_and_moves_name_what_python_chess_sees() {
    let positions = sample();
    let facts = oracle(&positions);
    let mut checked = 0usize;
    for (pos, f) in positions.iter().zip(&facts) {
        for lex in Lexicon::ALL {
            let w = Wording::of(lex);
            for c in [Color::White, Color::Black] {
                for r in Role::ALL {
                    let q = PieceQuery {
                        color: Some(c),
                        role: Some(r),
                    };
                    let said = pieces(pos, q, w);
                    let tag = format!("P {} {}", colour_letter(c), role_letter(r));
                    let want = fact(f, &tag).expect("oracle fact");
                    assert_eq!(squares_of_pieces(&said, w), want, "{said:?} in {lex:?}");
                    checked += 1;
                }
            }
            for sq in Square::ALL {
                let said = attackers(pos, sq, w);
                let [wh, bl] = attackers_back(&said, w);
                for (got, c) in [(wh, "w"), (bl, "b")] {
                    let want = fact(f, &format!("A {} {c}", name(sq))).expect("fact");
                    let want = if w.lang == Lang::En {
                        want
                    } else {
                        strip_squares(&want)
                    };
                    assert_eq!(got, want, "{said:?} in {lex:?}");
                }
                if let Some(want) = fact(f, &format!("M {}", name(sq))) {
                    let said = moves(pos, sq, w).expect("own piece has an answer");
                    let got = if want.is_empty() {
                        BTreeSet::new()
                    } else {
                        moves_back(pos, &said, lex)
                    };
                    assert_eq!(got, want, "{said:?} in {lex:?}");
                }
                checked += 1;
            }
        }
    }
    eprintln!(
        "describe vs python-chess: {} positions, {checked} answers",
        positions.len()
    );
}

fn symbol_of(en: &str) -> char {
    let (colour, piece) = en.split_once(' ').expect("colour piece");
    let c = match piece {
        "king" => 'k',
        "queen" => 'q',
        "rook" => 'r',
        "bishop" => 'b',
        "knight" => 'n',
        "pawn" => 'p',
        other => panic!("piece word {other:?}"),
    };
    if colour == "White" {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// `s` in English read back into the eight symbols of the line.
fn scan_back(answer: &str) -> Vec<(Square, char)> {
    let (_, body) = answer.split_once(": ").expect("head: body");
    let mut out = Vec::new();
    for item in body.trim_end_matches('.').split(", ") {
        if let Some(run) = item.strip_suffix(" empty") {
            let (a, b) = run.split_once(" to ").unwrap_or((run, run));
            let (a, b): (Square, Square) = (a.parse().expect("sq"), b.parse().expect("sq"));
            let line: Vec<Square> = if a.rank() == b.rank() {
                (a.file().to_u32()..=b.file().to_u32())
                    .map(|f| Square::from_coords(File::new(f), a.rank()))
                    .collect()
            } else {
                (a.rank().to_u32()..=b.rank().to_u32())
                    .map(|r| Square::from_coords(a.file(), Rank::new(r)))
                    .collect()
            };
            out.extend(line.into_iter().map(|s| (s, '.')));
        } else {
            let (sq, what) = item.split_once(' ').expect("square piece");
            out.push((sq.parse().expect("sq"), symbol_of(what)));
        }
    }
    out
}

#[test]
fn square_scan_and_board_show_what_python_chess_sees() {
    let positions = sample();
    let facts = oracle(&positions);
    let w = Wording::of(Lexicon::En);
    for (pos, f) in positions.iter().zip(&facts) {
        let sym = |sq: Square| {
            let s = fact(f, &format!("S {}", name(sq))).expect("fact");
            s.into_iter()
                .next()
                .and_then(|s| s.chars().next())
                .expect("symbol")
        };
        for sq in Square::ALL {
            let said = square(pos, sq, w);
            let (_, what) = said
                .trim_end_matches('.')
                .split_once(": ")
                .expect("sq: what");
            let got = if what == "empty" {
                '.'
            } else {
                symbol_of(what)
            };
            assert_eq!(got, sym(sq), "{said:?}");
        }
        for line in File::ALL
            .map(Line::File)
            .into_iter()
            .chain(Rank::ALL.map(Line::Rank))
        {
            let said = scan(pos, line, w);
            let got = scan_back(&said);
            assert_eq!(got.len(), 8, "{said:?}");
            for (sq, s) in got {
                assert_eq!(s, sym(sq), "{sq} in {said:?}");
            }
        }
        let theirs: Vec<&str> = f.iter().filter_map(|l| l.strip_prefix("B ")).collect();
        let ours: Vec<String> = board_text(pos, Lang::En, false)
            .lines()
            .take(8)
            .map(|l| l[2..].to_string())
            .collect();
        assert_eq!(ours, theirs);
    }
}

/// Every `m` answer, read back with the crate's own move reader, gives exactly the legal
/// moves of that piece — in every lexicon, on every sample position.
#[test]
fn every_moves_answer_reads_back_as_the_legal_moves_of_the_piece() {
    let mut answers = 0;
    for pos in sample() {
        for lex in Lexicon::ALL {
            let w = Wording::of(lex);
            for sq in pos.us() {
                let want: BTreeSet<String> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from() == Some(sq))
                    .map(|m| UciMove::from_standard(m).to_string())
                    .collect();
                let said = moves(&pos, sq, w).expect("own piece");
                let got = if want.is_empty() {
                    BTreeSet::new()
                } else {
                    moves_back(&pos, &said, lex)
                };
                assert_eq!(got, want, "{said:?}");
                answers += 1;
            }
            for sq in pos.them() {
                let e = moves(&pos, sq, w).expect_err("the opponent's piece");
                let p = pos.board().piece_at(sq).expect("a man of the opponent's");
                assert_eq!(e.kind, QueryErrorKind::NotToMove(sq, p));
            }
        }
    }
    assert!(answers > 1000, "only {answers} answers");
}

// ---------------------------------------------------------------------------------------
// The wording, by hand, on the Ruy Lopez (1. e4 e5 2. Nf3 Nc6 3. Bb5, Black to move).

fn ru() -> Wording {
    Wording::of(Lexicon::Ru)
}
fn en() -> Wording {
    Wording::of(Lexicon::En)
}
fn de() -> Wording {
    Wording::of(Lexicon::FideDe)
}

#[test]
fn pieces_by_kind_and_by_colour_in_three_languages() {
    let (s, m) = ruy_lopez();
    let pos = after(&s, &m);
    let n = |c| PieceQuery {
        color: c,
        role: Some(Role::Knight),
    };
    assert_eq!(
        pieces(&pos, n(Some(Color::White)), en()),
        "White: 2 knights, b1, f3."
    );
    assert_eq!(
        pieces(&pos, n(Some(Color::Black)), ru()),
        "Чёрные: два коня, цэ шесть, жэ восемь."
    );
    assert_eq!(
        pieces(&pos, n(None), de()),
        "Weiß: 2 Springer, Bella eins, Felix drei. Schwarz: 2 Springer, Cesar sechs, Gustav acht."
    );
    // Pawns by file, as lichess's blind mode lists them.
    let pawns = PieceQuery {
        color: Some(Color::White),
        role: Some(Role::Pawn),
    };
    assert_eq!(
        pieces(&pos, pawns, en()),
        "White: 8 pawns, a2, b2, c2, d2, e4, f2, g2, h2."
    );
    // All of one side's pieces, king first.
    let white = pieces(
        &pos,
        PieceQuery {
            color: Some(Color::White),
            role: None,
        },
        en(),
    );
    assert!(
        white
            .starts_with("White: one king, e1; one queen, d1; 2 rooks, a1, h1; 2 bishops, b5, c1;"),
        "{white}"
    );
    assert!(!white.contains("Black"));
}

#[test]
fn russian_counts_agree_with_the_piece() {
    use Lang::Ru;
    assert_eq!(count_pieces(Ru, 2, Role::Knight), "два коня");
    assert_eq!(count_pieces(Ru, 1, Role::Pawn), "одна пешка");
    assert_eq!(count_pieces(Ru, 2, Role::Rook), "две ладьи");
    assert_eq!(count_pieces(Ru, 5, Role::Pawn), "пять пешек");
    assert_eq!(count_pieces(Ru, 1, Role::Queen), "один ферзь");
    assert_eq!(count_pieces(Ru, 3, Role::Bishop), "три слона");
    assert_eq!(count_pieces(Ru, 10, Role::Knight), "десять коней");
    assert_eq!(count_pieces(Ru, 0, Role::Knight), "коней нет");
    assert_eq!(count_pieces(Lang::De, 1, Role::Queen), "eine Dame");
    assert_eq!(count_pieces(Lang::De, 1, Role::Rook), "ein Turm");
    assert_eq!(count_pieces(Lang::En, 1, Role::Knight), "one knight");
    assert_eq!(count_pieces(Lang::En, 0, Role::Bishop), "no bishops");
    assert_eq!(
        piece_with_colour(Ru, Color::White, Role::Rook),
        "белая ладья"
    );
    assert_eq!(
        piece_with_colour(Ru, Color::Black, Role::Knight),
        "чёрный конь"
    );
    assert_eq!(
        piece_with_colour(Lang::De, Color::White, Role::Queen),
        "weiße Dame"
    );
    assert_eq!(
        piece_with_colour(Lang::De, Color::Black, Role::Pawn),
        "schwarzer Bauer"
    );
    // In a position: a lone pawn, two rooks, and a piece that is missing.
    let pos = fen("4k3/8/8/8/8/8/P7/R3K2R w KQ - 0 1");
    let q = |r| PieceQuery {
        color: Some(Color::White),
        role: Some(r),
    };
    assert_eq!(
        pieces(&pos, q(Role::Pawn), ru()),
        "Белые: одна пешка, а два."
    );
    assert_eq!(
        pieces(&pos, q(Role::Rook), ru()),
        "Белые: две ладьи, а один, аш один."
    );
    assert_eq!(pieces(&pos, q(Role::Knight), ru()), "Белые: коней нет.");
}

#[test]
fn scan_square_and_attackers_in_three_languages() {
    let (s, m) = ruy_lopez();
    let pos = after(&s, &m);
    assert_eq!(
        scan(&pos, Line::File(File::E), en()),
        "File e: e1 White king, e2 to e3 empty, e4 White pawn, e5 Black pawn, e6 to e7 empty, e8 Black king."
    );
    assert_eq!(
        scan(&pos, Line::Rank(Rank::Fourth), ru()),
        "Горизонталь четыре: от а четыре до дэ четыре пусто, е четыре белая пешка, от эф четыре до аш четыре пусто."
    );
    assert_eq!(
        scan(&pos, Line::Rank(Rank::Third), de()),
        "Reihe drei: Anna drei bis Eva drei leer, Felix drei weißer Springer, Gustav drei bis Hector drei leer."
    );
    assert_eq!(square(&pos, Square::E4, en()), "e4: White pawn.");
    assert_eq!(square(&pos, Square::E4, ru()), "е четыре: белая пешка.");
    assert_eq!(square(&pos, Square::E3, de()), "Eva drei: leer.");
    assert_eq!(
        attackers(&pos, Square::D4, en()),
        "Attackers of d4. White: knight f3. Black: pawn e5, knight c6."
    );
    assert_eq!(
        attackers(&pos, Square::D4, ru()),
        "Поле дэ четыре атакуют. Белые: конь эф три. Чёрные: пешка е пять, конь цэ шесть."
    );
    assert_eq!(
        attackers(&pos, Square::A4, de()),
        "Angreifer auf Anna vier. Weiß: Laeufer Bella fuenf. Schwarz: keine."
    );
}

#[test]
fn moves_of_a_piece_and_the_errors_in_three_languages() {
    let (s, m) = ruy_lopez();
    let pos = after(&s, &m);
    let en_said = moves(&pos, Square::G8, en()).expect("black knight");
    assert!(
        en_said.starts_with("Black knight g8, 3 moves: "),
        "{en_said}"
    );
    let ru_said = moves(&pos, Square::G8, ru()).expect("black knight");
    assert!(
        ru_said.starts_with("Чёрный конь жэ восемь, три хода: "),
        "{ru_said}"
    );
    assert!(ru_said.contains("конь жэ восемь эф шесть"), "{ru_said}");
    // A pinned knight (Nc6 is not pinned here; the d7 pawn is blocked by nothing): the
    // d-pawn has two moves, said in one sentence each separated by "; ".
    let d7 = moves(&pos, Square::D7, en()).expect("pawn");
    assert_eq!(d7.matches("; ").count(), 1, "{d7}");
    let empty = moves(&pos, Square::E3, ru()).expect_err("empty");
    assert_eq!(empty.to_string(), "Поле e3 пусто");
    let theirs = moves(&pos, Square::E1, de()).expect_err("White's king");
    assert_eq!(theirs.to_string(), "Weißer Koenig auf e1 ist nicht am Zug");
    assert_eq!(
        QueryError::new(QueryErrorKind::EmptySquare(Square::E3), Lang::En).to_string(),
        "e3 is empty"
    );
    // Stalemated king: no legal moves, said as such.
    let stalemate = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        moves(&stalemate, Square::H8, en()).unwrap(),
        "Black king h8: no legal moves."
    );
    assert_eq!(
        moves(&stalemate, Square::H8, ru()).unwrap(),
        "Чёрный король аш восемь: ходов нет."
    );
}

#[test]
fn history_last_move_board_and_clocks() {
    let (s, m) = ruy_lopez();
    assert_eq!(
        history(&s, &m, en()).unwrap(),
        "1. pawn e2 to e4; pawn e7 to e5.\n2. knight g1 to f3; knight b8 to c6.\n3. bishop f1 to b5."
    );
    assert_eq!(
        last_move(&s, &m, ru()).unwrap(),
        "Последний ход: белые, слон эф один бэ пять."
    );
    assert_eq!(history(&s, &[], de()).unwrap(), "Noch keine Züge.");
    // A game set up with Black to move at move 10.
    let start = fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 10");
    let ms = moves_from_text(&start, &["Kd7", "e4"], Lang::En).unwrap();
    assert_eq!(
        history(&start, &ms, en()).unwrap(),
        "10... king e8 to d7.\n11. pawn e2 to e4."
    );
    // A record with an illegal move is refused, naming the move.
    let bad = [ms[1], ms[0]];
    let e = history(&start, &bad, en()).expect_err("e2-e4 is not Black's");
    assert_eq!(e.kind, QueryErrorKind::BadRecord(0));
    let pos = after(&s, &m);
    assert_eq!(
        board_text(&pos, Lang::En, false),
        "8 r . b q k b n r\n7 p p p p . p p p\n6 . . n . . . . .\n5 . B . . p . . .\n4 . . . . P . . .\n3 . . . . . N . .\n2 P P P P . P P P\n1 R N B Q K . . R\n  a b c d e f g h"
    );
    let ru_board = board_text(&pos, Lang::Ru, false);
    assert!(
        ru_board.ends_with("1 Л  К  С  Ф  Кр .  .  Л\n  a  b  c  d  e  f  g  h"),
        "{ru_board}"
    );
    let de_board = board_text(&pos, Lang::De, true);
    assert!(de_board.starts_with("1 T . . K D L S T"), "{de_board}");
    // The talking clock (L-D.2.6) with the side to move; "одна минута" agrees.
    assert_eq!(
        clocks(ru(), 300_000, 61_000, Side::Black, 21, Numerals::Words),
        "Белые: пять минут. Чёрные: одна минута одна секунда. Сделан двадцать один ход. Ход чёрных."
    );
    assert_eq!(
        clocks(en(), 90_000, 5_000, Side::White, 2, Numerals::Digits),
        "White: 1 minute 30 seconds. Black: 5 seconds. 2 moves played. White to move."
    );
}

// ---------------------------------------------------------------------------------------
// The command line.

fn cmd(text: &str, lang: Lang) -> Option<Result<Command, QueryErrorKind>> {
    parse_command(text, lang).map(|r| r.map_err(|e| e.kind))
}

#[test]
fn every_form_of_every_command_in_english_russian_and_german() {
    use Command::*;
    let all_langs = [Lang::En, Lang::Ru, Lang::De];
    let cases: Vec<(&[&str], Command)> = vec![
        (&["c", "clock", "часы", "uhr", "C"], Clock),
        (&["l", "last", "последний", "letzter"], LastMove),
        (&["o", "opponent", "соперник", "gegner"], Opponent),
        (
            &["p", "pieces", "фигуры", "figuren"],
            Pieces(PieceQuery::ALL),
        ),
        (&["h", "history", "история", "partie"], History),
        (&["b", "board", "доска", "brett", "B"], Board),
        (&["draw", "ничья", "remis", "Draw"], Draw),
        (&["claim", "требую", "reklamieren"], Claim(None)),
        (&["resign", "сдаюсь", "aufgeben"], Resign),
        (&["pause", "пауза"], Pause),
        (&["help", "помощь", "hilfe", "?"], Help),
        (&["pgn"], Pgn),
    ];
    for lang in all_langs {
        for (forms, want) in &cases {
            for f in *forms {
                assert_eq!(cmd(f, lang), Some(Ok(want.clone())), "{f:?} in {lang:?}");
            }
        }
        for (text, want) in [
            ("s e", Scan(Line::File(File::E))),
            ("scan 4", Scan(Line::Rank(Rank::Fourth))),
            ("скан эф", Scan(Line::File(File::F))),
            ("linie vier", Scan(Line::Rank(Rank::Fourth))),
            ("q e4", Square(shakmaty::Square::E4)),
            ("поле е четыре", Square(shakmaty::Square::E4)),
            ("feld Eva vier", Square(shakmaty::Square::E4)),
            ("m g1", Moves(shakmaty::Square::G1)),
            ("ходы жэ один", Moves(shakmaty::Square::G1)),
            ("a a4", Attackers(shakmaty::Square::A4)),
            ("атаки е5", Attackers(shakmaty::Square::E5)),
            ("claim Nf3", Claim(Some("Nf3".into()))),
            ("требую Кf3", Claim(Some("Кf3".into()))),
            (
                "p n",
                Pieces(PieceQuery {
                    color: Some(Color::Black),
                    role: Some(Role::Knight),
                }),
            ),
            (
                "pieces white",
                Pieces(PieceQuery {
                    color: Some(Color::White),
                    role: None,
                }),
            ),
            (
                "фигуры чёрные кони",
                Pieces(PieceQuery {
                    color: Some(Color::Black),
                    role: Some(Role::Knight),
                }),
            ),
            (
                "p к",
                Pieces(PieceQuery {
                    color: None,
                    role: Some(Role::Knight),
                }),
            ),
            (
                "p Кр",
                Pieces(PieceQuery {
                    color: None,
                    role: Some(Role::King),
                }),
            ),
            (
                "p пешки",
                Pieces(PieceQuery {
                    color: None,
                    role: Some(Role::Pawn),
                }),
            ),
        ] {
            assert_eq!(cmd(text, lang), Some(Ok(want)), "{text:?} in {lang:?}");
        }
    }
}

#[test]
fn piece_letters_depend_on_the_language_only_where_they_must() {
    let q = |t: &str, l| parse_piece(t, l).map_err(|e| e.kind);
    let p = |c, r| {
        Ok(PieceQuery {
            color: c,
            role: Some(r),
        })
    };
    use Lang::*;
    assert_eq!(q("N", En), p(Some(Color::White), Role::Knight));
    assert_eq!(q("n", Ru), p(Some(Color::Black), Role::Knight));
    assert_eq!(q("K", En), p(Some(Color::White), Role::King));
    // A Latin K in Russian: king in English letters, конь in Russian: refused.
    assert_eq!(q("K", Ru), Err(QueryErrorKind::AmbiguousPiece("K".into())));
    assert!(matches!(
        cmd("p K", Ru),
        Some(Err(QueryErrorKind::AmbiguousPiece(_)))
    ));
    assert_eq!(q("С", En), p(None, Role::Bishop));
    assert_eq!(q("c", Ru), p(None, Role::Bishop));
    assert_eq!(q("Ф", En), p(None, Role::Queen));
    assert_eq!(q("л", En), p(None, Role::Rook));
    assert_eq!(q("кр", Ru), p(None, Role::King));
    assert_eq!(q("п", Ru), p(None, Role::Pawn));
    assert_eq!(q("D", De), p(Some(Color::White), Role::Queen));
    assert_eq!(q("s", De), p(Some(Color::Black), Role::Knight));
    assert_eq!(q("T", De), p(Some(Color::White), Role::Rook));
    assert_eq!(q("Springer", En), p(None, Role::Knight));
    assert_eq!(q("knights black", En), p(Some(Color::Black), Role::Knight));
    assert_eq!(q("коней", De), p(None, Role::Knight));
    assert_eq!(q("weiße Bauern", De), p(Some(Color::White), Role::Pawn));
    assert!(matches!(q("x", En), Err(QueryErrorKind::UnknownPiece(_))));
    assert!(matches!(
        q("white white", En),
        Err(QueryErrorKind::UnknownPiece(_))
    ));
}

#[test]
fn squares_and_lines_in_every_spelling() {
    use Lang::*;
    for t in [
        "e4",
        "E4",
        "е4",
        "Е4",
        "е четыре",
        "Eva vier",
        "echo four",
        "e four",
        "Ева фир",
    ] {
        assert_eq!(parse_square(t, Ru).ok(), Some(Square::E4), "{t:?}");
    }
    for t in ["e9", "i4", "", "e", "4", "e4 e5", "конь"] {
        assert!(parse_square(t, En).is_err(), "{t:?}");
    }
    assert_eq!(parse_line("эф", Ru).ok(), Some(Line::File(File::F)));
    assert_eq!(parse_line("Hector", De).ok(), Some(Line::File(File::H)));
    assert_eq!(parse_line("н", Ru).ok(), Some(Line::File(File::H)));
    assert_eq!(
        parse_line("восемь", Ru).ok(),
        Some(Line::Rank(Rank::Eighth))
    );
    assert!(parse_line("e4", En).is_err());
}

#[test]
fn commands_and_moves_stay_apart() {
    use Lang::*;
    // Moves, not commands: a pawn move, a queen move with a space, a pawn letter.
    for t in [
        "a4", "Q e4", "p e4", "e4", "Nf3", "Кf3", "s e4", "b4", "c5", "e2e4", "O-O",
    ] {
        assert_eq!(cmd(t, En), None, "{t:?}");
        assert_eq!(cmd(t, Ru), None, "{t:?}");
    }
    // A one-letter command with an argument that is not one is left to the move reader;
    // a word form with a bad argument is an error said to the player.
    assert_eq!(cmd("q x9", En), None);
    assert!(matches!(
        cmd("square x9", En),
        Some(Err(QueryErrorKind::BadSquare(_)))
    ));
    assert!(matches!(
        cmd("поле", Ru),
        Some(Err(QueryErrorKind::MissingArgument(_)))
    ));
    assert!(matches!(
        cmd("m", En),
        Some(Err(QueryErrorKind::MissingArgument(_)))
    ));
    assert!(matches!(
        cmd("draw now", En),
        Some(Err(QueryErrorKind::UnexpectedArgument(_)))
    ));
    assert_eq!(cmd("c 5", En), None);
    // A pasted page is cut in the message.
    let long = format!("поле {}", "ж".repeat(10_000));
    let e = parse_command(&long, Ru)
        .expect("a command")
        .expect_err("bad square");
    assert!(e.to_string().chars().count() < 80, "{e}");
}

/// No legal move, written or said in any style the crate prints, reads as a command.
#[test]
fn no_move_in_any_style_is_taken_for_a_command() {
    let mut n = 0;
    for pos in sample().into_iter().step_by(4) {
        for m in pos.legal_moves() {
            for style in Style::all() {
                let text = render(&pos, m, style);
                for lang in [Lang::En, Lang::Ru, Lang::De] {
                    assert_eq!(cmd(&text, lang), None, "{text:?} ({style:?})");
                }
                n += 1;
            }
        }
    }
    assert!(n > 10_000, "only {n} moves");
}

#[test]
fn help_lists_every_form_and_each_form_is_a_command() {
    for lang in [Lang::En, Lang::Ru, Lang::De] {
        let help = help_text(lang);
        let lines: Vec<&str> = help.lines().collect();
        // A heading, sixteen commands, the rule.
        assert_eq!(lines.len(), 18, "{help}");
        for line in &lines[1..17] {
            let (forms, _) = line.split_once(": ").expect("forms: what");
            for f in forms.split(", ") {
                let word = f.split(' ').next().unwrap_or(f);
                assert!(
                    parse_command(word, lang).is_some(),
                    "{word:?} in help is no command"
                );
            }
        }
    }
    assert!(help_text(Lang::Ru).contains("часы"));
    assert!(help_text(Lang::De).contains("Einen Zug oder einen Befehl"));
}

#[test]
fn answer_covers_the_position_commands_and_leaves_the_rest() {
    let (s, m) = ruy_lopez();
    let w = en();
    let said = |t: &str| answer(&parse_command(t, Lang::En).unwrap().unwrap(), &s, &m, w);
    assert_eq!(said("q e4"), Some(Ok("e4: White pawn.".into())));
    assert_eq!(
        said("l"),
        Some(Ok("Last move: White, bishop f1 to b5.".into()))
    );
    assert!(said("b").unwrap().unwrap().starts_with("8 r . b q k b n r"));
    for t in ["c", "o", "draw", "claim", "resign", "pause", "pgn"] {
        assert_eq!(said(t), None, "{t}");
    }
}

/// Front ends with their own arguments (Tavreli's men) split the text themselves.
#[test]
fn command_word_splits_name_and_argument() {
    let ct = command_word("p волхв").expect("pieces");
    assert_eq!(ct.word, CommandWord::Pieces);
    assert_eq!(ct.argument, "волхв");
    assert!(ct.by_letter);
    let ct = command_word("  ФИГУРЫ   белые ").expect("pieces");
    assert_eq!(
        (ct.word, ct.argument, ct.by_letter),
        (CommandWord::Pieces, "белые", false)
    );
    assert_eq!(command_word("Q e4"), None);
    assert_eq!(command_word("e4"), None);
    assert_eq!(command_word("B").map(|c| c.word), Some(CommandWord::Board));
}

/// Endless input: a long first word is no command, a long argument is refused, and the
/// messages stay short.
#[test]
fn long_input_is_refused_quickly_and_cut() {
    let page = "e".repeat(1_000_000);
    assert_eq!(cmd(&page, Lang::En), None);
    let spaced = format!("square {}", "e ".repeat(500_000));
    let e = parse_command(&spaced, Lang::De)
        .expect("command")
        .expect_err("no square");
    assert!(matches!(e.kind, QueryErrorKind::BadSquare(_)));
    assert!(e.to_string().chars().count() < 80, "{e}");
    let e = parse_piece(&"конь ".repeat(1000), Lang::Ru).expect_err("no piece");
    assert!(e.to_string().chars().count() < 120, "{e}");
}
