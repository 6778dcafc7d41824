//! Answers about one position: where pieces stand, what stands on a square or along a
//! line, the legal moves of a piece, the attackers of a square, the board as text.
//!
//! Lists are separated so that a listener can split them back: squares by ", ", moves by
//! "; " (a move's own announcement may contain ", " before "check").

use shakmaty::{Bitboard, Chess, Color, File, Piece, Position, Rank, Role, Square};

use crate::letters::LetterSet;
use crate::spoken::announce_move;
use arbiter_rules::Lang;

use super::args::{Line, PieceQuery};
use super::error::{QueryError, QueryErrorKind};
use super::words::{Wording, capitalise, count_pieces, piece_with_colour, side_name};

/// The order pieces are listed in: the king first, as a player names his forces.
const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// Squares ordered by file, then rank: pawns are heard file by file ("a2, b2, c3").
fn by_file(bb: Bitboard) -> Vec<Square> {
    let mut v: Vec<Square> = bb.into_iter().collect();
    v.sort_by_key(|s| (s.file(), s.rank()));
    v
}

/// "2 knights, b1, g1" / "два коня, бэ один, жэ один" / "no knights".
fn role_list(pos: &Chess, c: Color, role: Role, w: Wording) -> String {
    let squares = by_file(pos.board().by_piece(Piece { color: c, role }));
    let mut s = count_pieces(w.lang, squares.len(), role);
    for sq in squares {
        s.push_str(", ");
        s.push_str(&w.square(sq));
    }
    s
}

/// `p`: where the pieces asked for stand, one sentence per side (White first).
///
/// A kind of piece: "White: 2 knights, b1, g1." Every kind: "White: one king, e1; one
/// queen, d1; …" (kinds with none are left out).
pub fn pieces(pos: &Chess, q: PieceQuery, w: Wording) -> String {
    let sides: Vec<Color> = match q.color {
        Some(c) => vec![c],
        None => vec![Color::White, Color::Black],
    };
    let mut out = Vec::new();
    for c in sides {
        let lists: Vec<String> = match q.role {
            Some(r) => vec![role_list(pos, c, r, w)],
            None => ROLES
                .iter()
                .filter(|&&r| pos.board().by_piece(Piece { color: c, role: r }).any())
                .map(|&r| role_list(pos, c, r, w))
                .collect(),
        };
        out.push(format!("{}: {}.", side_name(w.lang, c), lists.join("; ")));
    }
    out.join(" ")
}

fn empty_word(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "empty",
        Lang::Ru => "пусто",
        Lang::De => "leer",
    }
}

/// "e3 to e6 empty" / "от е три до е шесть пусто" / "Eva drei bis Eva sechs leer".
fn empty_run(from: Square, to: Square, w: Wording) -> String {
    let (a, b, e) = (w.square(from), w.square(to), empty_word(w.lang));
    if from == to {
        return format!("{a} {e}");
    }
    match w.lang {
        Lang::En => format!("{a} to {b} {e}"),
        Lang::Ru => format!("от {a} до {b} {e}"),
        Lang::De => format!("{a} bis {b} {e}"),
    }
}

/// `s`: a file (rank 1 to 8) or a rank (a to h), square by square; runs of empty squares
/// are grouped: "File e: e1 White king, e2 White pawn, e3 to e6 empty, …".
pub fn scan(pos: &Chess, line: Line, w: Wording) -> String {
    scan_board(pos.board(), line, w)
}

/// [`scan`] over a bare board (the board by ear is read back from its
/// text, with no position around it).
pub(crate) fn scan_board(board: &shakmaty::Board, line: Line, w: Wording) -> String {
    let squares: Vec<Square> = match line {
        Line::File(f) => Rank::ALL
            .iter()
            .map(|&r| Square::from_coords(f, r))
            .collect(),
        Line::Rank(r) => File::ALL
            .iter()
            .map(|&f| Square::from_coords(f, r))
            .collect(),
    };
    let head = match (line, w.lang) {
        (Line::File(f), Lang::En) => format!("File {}", w.file(f)),
        (Line::File(f), Lang::Ru) => format!("Вертикаль {}", w.file(f)),
        (Line::File(f), Lang::De) => format!("Linie {}", w.file(f)),
        (Line::Rank(r), Lang::En) => format!("Rank {}", w.rank(r)),
        (Line::Rank(r), Lang::Ru) => format!("Горизонталь {}", w.rank(r)),
        (Line::Rank(r), Lang::De) => format!("Reihe {}", w.rank(r)),
    };
    let mut parts = Vec::new();
    let mut run: Option<(Square, Square)> = None;
    for sq in squares {
        match board.piece_at(sq) {
            None => run = Some((run.map_or(sq, |(a, _)| a), sq)),
            Some(p) => {
                if let Some((a, b)) = run.take() {
                    parts.push(empty_run(a, b, w));
                }
                let what = piece_with_colour(w.lang, p.color, p.role);
                parts.push(format!("{} {what}", w.square(sq)));
            }
        }
    }
    if let Some((a, b)) = run {
        parts.push(empty_run(a, b, w));
    }
    format!("{head}: {}.", parts.join(", "))
}

/// `q`: what stands on a square: "e4: White pawn." / "е четыре: пусто."
pub fn square(pos: &Chess, sq: Square, w: Wording) -> String {
    let what = match pos.board().piece_at(sq) {
        Some(p) => piece_with_colour(w.lang, p.color, p.role),
        None => empty_word(w.lang).to_string(),
    };
    format!("{}: {what}.", w.square(sq))
}

/// `m`: the legal moves of the piece on `sq`, each announced in the lexicon and separated
/// by "; ": "White knight g1, 2 moves: knight g1 to f3; knight g1 to h3."
///
/// Errors: the square is empty, or its piece belongs to the side not to move (legal moves
/// exist only for the side to move).
pub fn moves(pos: &Chess, sq: Square, w: Wording) -> Result<String, QueryError> {
    let Some(p) = pos.board().piece_at(sq) else {
        return Err(QueryError::new(QueryErrorKind::EmptySquare(sq), w.lang));
    };
    if p.color != pos.turn() {
        return Err(QueryError::new(QueryErrorKind::NotToMove(sq, p), w.lang));
    }
    let said: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(sq))
        .map(|m| announce_move(pos, m, w.lexicon))
        .collect();
    let who = capitalise(&format!(
        "{} {}",
        piece_with_colour(w.lang, p.color, p.role),
        w.square(sq)
    ));
    if said.is_empty() {
        let none = match w.lang {
            Lang::En => "no legal moves",
            Lang::Ru => "ходов нет",
            Lang::De => "keine Züge",
        };
        return Ok(format!("{who}: {none}."));
    }
    let n = crate::clock::count_with(
        w.lang,
        said.len() as u64,
        crate::clock::Unit::Move,
        crate::clock::Numerals::Words,
    );
    Ok(format!("{who}, {n}: {}.", said.join("; ")))
}

/// One side's attackers of `sq`, weakest first: "knight f3, pawn d4" (or "none").
fn attackers_of(pos: &Chess, sq: Square, c: Color, w: Wording) -> String {
    let board = pos.board();
    let bb = board.attacks_to(sq, c, board.occupied());
    let mut found: Vec<(Role, Square)> = bb
        .into_iter()
        .filter_map(|s| board.role_at(s).map(|r| (r, s)))
        .collect();
    found.sort_by_key(|&(r, s)| (r, s.file(), s.rank()));
    if found.is_empty() {
        return match w.lang {
            Lang::En => "none".into(),
            Lang::Ru => "нет".into(),
            Lang::De => "keine".into(),
        };
    }
    found
        .iter()
        .map(|&(r, s)| format!("{} {}", w.piece(r), w.square(s)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `a`: the pieces of both sides that attack `sq` (pinned pieces included: a pinned piece
/// still gives check, Art. 3.9): "Attackers of e5. White: knight f3, pawn d4. Black: none."
pub fn attackers(pos: &Chess, sq: Square, w: Wording) -> String {
    let head = match w.lang {
        Lang::En => format!("Attackers of {}.", w.square(sq)),
        Lang::Ru => format!("Поле {} атакуют.", w.square(sq)),
        Lang::De => format!("Angreifer auf {}.", w.square(sq)),
    };
    let side = |c: Color| format!("{}: {}.", side_name(w.lang, c), attackers_of(pos, sq, c, w));
    format!("{head} {} {}", side(Color::White), side(Color::Black))
}

/// The letter of a piece on the text board: the language's scoresheet letter (L-C.3), upper
/// case for White, lower case for Black, as FEN does. Pawns, which have no scoresheet
/// letter (L-C.4), take P, П (пешка) or B (Bauer).
fn board_letter(lang: Lang, p: Piece) -> String {
    let l = match lang {
        Lang::En => LetterSet::En,
        Lang::Ru => LetterSet::Ru,
        Lang::De => LetterSet::De,
    };
    let letter = match (p.role, lang) {
        (Role::Pawn, Lang::En) => "P",
        (Role::Pawn, Lang::Ru) => "П",
        (Role::Pawn, Lang::De) => "B",
        (r, _) => l.letter(r),
    };
    // White as printed (Кр keeps its small р), Black in lower case.
    match p.color {
        Color::White => super::words::capitalise(letter),
        Color::Black => letter.to_lowercase(),
    }
}

/// The piece a cell of [`board_text`] shows (`Кр`, `п`, `N`), if any.
pub(crate) fn piece_of_board_cell(lang: Lang, cell: &str) -> Option<Piece> {
    [Color::White, Color::Black]
        .into_iter()
        .flat_map(|color| Role::ALL.map(|role| Piece { color, role }))
        .find(|&p| board_letter(lang, p) == cell)
}

/// `b`: the board as text, 8 lines from rank 8 (from rank 1 with `from_black`), then the
/// file letters. Each line is the rank digit and eight cells; a cell is a piece letter in
/// the language (its scoresheet letter, L-C.3; pawns P, П, B) or "." for an empty square. Russian cells are two
/// characters wide (Кр), so that the columns stay aligned on a braille display. For the
/// braille board use [`crate::braille::board_to_braille`].
pub fn board_text(pos: &Chess, lang: Lang, from_black: bool) -> String {
    let width = if lang == Lang::Ru { 2 } else { 1 };
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    let mut files: Vec<File> = File::ALL.to_vec();
    if from_black {
        files.reverse();
    } else {
        ranks.reverse();
    }
    let pad = |s: String| format!("{s:<width$}");
    let mut lines = Vec::new();
    for r in ranks {
        let cells: Vec<String> = files
            .iter()
            .map(|&f| match pos.board().piece_at(Square::from_coords(f, r)) {
                Some(p) => pad(board_letter(lang, p)),
                None => pad(".".into()),
            })
            .collect();
        lines.push(format!("{} {}", r.char(), cells.join(" ").trim_end()));
    }
    let foot: Vec<String> = files.iter().map(|f| pad(f.char().to_string())).collect();
    lines.push(format!("  {}", foot.join(" ").trim_end()));
    lines.join("\n")
}
