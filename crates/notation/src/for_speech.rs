//! What goes to the speech synthesiser, spelled in words.
//!
//! The screen and a screen reader keep algebraic notation (`Кf3`, `e4`,
//! `15 мин`): it is short and a braille display shows it best. A
//! synthesiser reads the same text letter by letter in English («ка эф
//! три», "тысяча эм эс"), so before speaking, every move, square,
//! abbreviated unit and Latin command letter of a sentence is spelled in
//! the words of the player's lexicon: «возможные ходы: Кa3, Кc3» becomes
//! «возможные ходы: конь а три, конь цэ три». A PGN's clock comments
//! (`{[%clk 0:15:41]}`) are not said at all.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use crate::Lang;
use crate::spoken::{
    Lexicon, capture_word, castle_words, check_word, file_word, piece_word, promotion_words,
    rank_word, square_words,
};

/// `text` as it is to be spoken in `lex`: moves, squares, units and
/// command letters in words; the rest as it is.
pub fn for_speech(text: &str, lex: Lexicon) -> String {
    let text = without_comments(text);
    let text = without_braille(&text);
    let text = match board_by_ear(&text, lex) {
        Some(words) => return words,
        None => text,
    };
    let lang = lex.language();
    let words = split(&text);
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    while i < words.len() {
        let (w, sep) = &words[i];
        // A number and its abbreviated unit: «15 мин» → «пятнадцать минут».
        let next = words.get(i + 2).map_or("", |(w, _)| w.as_str());
        if let Some((unit, sep2)) = words.get(i + 1).filter(|_| sep.trim().is_empty())
            && let Ok(n) = w.parse::<u64>()
            && let Some(said) = unit_words(n, unit, (sep2, next), lang)
        {
            out.push_str(&said);
            out.push_str(sep2);
            i += 2;
            continue;
        }
        out.push_str(&word(w, lex));
        out.push_str(sep);
        i += 1;
    }
    out
}

/// Braille lines (the board for a braille display) are not read aloud.
fn without_braille(text: &str) -> String {
    let braille = |c: char| ('\u{2800}'..='\u{28FF}').contains(&c);
    if !text.chars().any(braille) {
        return text.to_string();
    }
    text.lines()
        .filter(|l| !l.chars().any(braille))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board as text ([`crate::describe::board_text`]: a rank digit and
/// eight cells a line, then the files) said as a list in words, rank by
/// rank from the eighth, each man with his colour: «Горизонталь восемь:
/// а восемь чёрная ладья, …». `None` when the text is no board.
fn board_by_ear(text: &str, lex: Lexicon) -> Option<String> {
    let lang = lex.language();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let grid: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with(|c: char| ('1'..='8').contains(&c)))
        .collect();
    if grid.len() != 8 || lines.len() != 9 {
        return None;
    }
    let mut board = shakmaty::Board::empty();
    let mut ranks = Vec::new();
    for line in grid {
        let mut cells = line.split_whitespace();
        let rank = rank_of(cells.next()?.chars().next()?)?;
        let cells: Vec<&str> = cells.collect();
        if cells.len() != 8 {
            return None;
        }
        // The board may be printed from Black's side: the footer says.
        for (i, cell) in cells.iter().enumerate() {
            if *cell == "." {
                continue;
            }
            let p = crate::describe::piece_of_board_cell(lang, cell)?;
            let file = File::new(i as u32);
            board.set_piece_at(Square::from_coords(file, rank), p);
        }
        ranks.push(rank);
    }
    let footer = lines
        .iter()
        .find(|l| l.trim_start().starts_with(['a', 'h']))?;
    if footer.trim_start().starts_with('h') {
        // Files a↔h: the ranks were read from their digits.
        board.flip_horizontal();
    }
    let w = crate::describe::Wording::of(lex);
    let said: Vec<String> = ranks
        .into_iter()
        .map(|r| crate::describe::scan_board(&board, crate::describe::Line::Rank(r), w))
        .collect();
    Some(said.join("\n"))
}

/// Removes `{…}` comments (a PGN's clock times) and the space before them.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0u32;
    for c in text.chars() {
        match c {
            '{' => {
                depth += 1;
                while out.ends_with(' ') {
                    out.pop();
                }
            }
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// The text cut into words, each with the separators that follow it. A
/// word is a run of letters, digits and the signs inside a move
/// (`-`, `x`, `:`, `×`, `=`, `+`, `#`, `'`).
fn split(text: &str) -> Vec<(String, String)> {
    let inside = |c: char| c.is_alphanumeric() || "-:×=+#'".contains(c);
    let mut out: Vec<(String, String)> = Vec::new();
    let mut word = String::new();
    let mut sep = String::new();
    for c in text.chars() {
        if inside(c) {
            if !sep.is_empty() {
                out.push((std::mem::take(&mut word), std::mem::take(&mut sep)));
            }
            word.push(c);
        } else {
            sep.push(c);
        }
    }
    out.push((word, sep));
    out
}

/// One word spoken: a move or square in the lexicon's words, a Latin
/// command letter by its name, anything else as it is.
fn word(w: &str, lex: Lexicon) -> String {
    // A move's trailing colon is a sentence's («ходы e2:»): keep it.
    let (core, tail) = match w.strip_suffix(':') {
        Some(c) if !c.is_empty() => (c, ":"),
        _ => (w, ""),
    };
    if let Some(said) =
        castling(core, lex).or_else(|| read_move(core, lex.language()).map(|m| m.said(lex)))
    {
        return format!("{said}{tail}");
    }
    if lex.language() == Lang::Ru {
        if let Some(name) = ru_letter_name(w) {
            return name.to_string();
        }
        if w == "Enter" {
            return "энтер".into();
        }
    }
    w.to_string()
}

fn castling(w: &str, lex: Lexicon) -> Option<String> {
    let (base, suffix) = split_suffix(w);
    let side = match base {
        "O-O" | "0-0" | "О-О" => CastlingSide::KingSide,
        "O-O-O" | "0-0-0" | "О-О-О" => CastlingSide::QueenSide,
        _ => return None,
    };
    Some(with_suffix(
        castle_words(lex, side).to_string(),
        suffix,
        lex,
    ))
}

/// `+`, `#` or `++` at the end of a move: check (false) or mate (true).
fn split_suffix(w: &str) -> (&str, Option<bool>) {
    if let Some(b) = w.strip_suffix('#').or_else(|| w.strip_suffix("++")) {
        (b, Some(true))
    } else if let Some(b) = w.strip_suffix('+') {
        (b, Some(false))
    } else {
        (w, None)
    }
}

fn with_suffix(mut said: String, suffix: Option<bool>, lex: Lexicon) -> String {
    if let Some(mate) = suffix {
        said.push_str(", ");
        said.push_str(check_word(lex, mate));
    }
    said
}

/// A move as written on the screen (`Кf3`, `exd5`, `e2-e4`, `Nbd7`,
/// `e8=Q+`, a bare square `e4`), read far enough to be spoken.
struct WrittenMove {
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
    suffix: Option<bool>,
}

impl WrittenMove {
    fn said(&self, lex: Lexicon) -> String {
        let mut parts: Vec<String> = Vec::new();
        if let Some(r) = self.role.filter(|r| *r != Role::Pawn) {
            parts.push(piece_word(lex, r).to_string());
        }
        match (self.from_file, self.from_rank) {
            (Some(f), Some(r)) => parts.push(square_words(lex, Square::from_coords(f, r))),
            (Some(f), None) => parts.push(file_word(lex, f)),
            (None, Some(r)) => parts.push(rank_word(lex, r)),
            (None, None) => {}
        }
        if self.capture {
            parts.push(capture_word(lex).to_string());
        }
        parts.push(square_words(lex, self.to));
        let mut said = parts.join(" ");
        if let Some(p) = self.promotion {
            said.push_str(", ");
            said.push_str(&promotion_words(lex, p));
        }
        with_suffix(said, self.suffix, lex)
    }
}

/// The piece a letter names in `lang`'s notation (Russian: Кр К Ф Л С П;
/// English: K Q R B N P; German: K D T L S B); and how many chars it took.
fn piece_letter(chars: &[char], lang: Lang) -> Option<(Role, usize)> {
    let first = *chars.first()?;
    let role = match (lang, first) {
        (Lang::Ru, 'К') if chars.get(1) == Some(&'р') => return Some((Role::King, 2)),
        (Lang::Ru, 'К') => Role::Knight,
        (Lang::Ru, 'Ф') => Role::Queen,
        (Lang::Ru, 'Л') => Role::Rook,
        (Lang::Ru, 'С') => Role::Bishop,
        (Lang::Ru, 'П') => Role::Pawn,
        (Lang::En, 'K') | (Lang::De, 'K') => Role::King,
        (Lang::En, 'Q') | (Lang::De, 'D') => Role::Queen,
        (Lang::En, 'R') | (Lang::De, 'T') => Role::Rook,
        (Lang::En, 'B') | (Lang::De, 'L') => Role::Bishop,
        (Lang::En, 'N') | (Lang::De, 'S') => Role::Knight,
        (Lang::En, 'P') | (Lang::De, 'B') => Role::Pawn,
        _ => return None,
    };
    Some((role, 1))
}

fn file_of(c: char) -> Option<File> {
    ('a'..='h')
        .contains(&c)
        .then(|| File::new(u32::from(c) - u32::from('a')))
}

fn rank_of(c: char) -> Option<Rank> {
    ('1'..='8')
        .contains(&c)
        .then(|| Rank::new(u32::from(c) - u32::from('1')))
}

/// Reads a written move; `None` for any other word.
fn read_move(w: &str, lang: Lang) -> Option<WrittenMove> {
    let (base, suffix) = split_suffix(w);
    let chars: Vec<char> = base.chars().collect();
    let (role, i) = match piece_letter(&chars, lang) {
        Some((r, n)) => (Some(r), n),
        None => (None, 0),
    };
    // The promotion at the end: `e8=Q`, `e8Q`, `e8Ф`.
    let mut end = chars.len();
    let mut promotion = None;
    if end >= 3 && rank_of(chars[end - 2]).is_some() || end >= 4 && chars[end - 2] == '=' {
        if let Some((p, 1)) = piece_letter(&chars[end - 1..], lang) {
            promotion = Some(p);
            end -= 1;
            if chars[end - 1] == '=' {
                end -= 1;
            }
        }
    }
    // A capture sign typed after the destination (`Кf3x`).
    let mut capture = false;
    if end > i + 2 && matches!(chars[end - 1], 'x' | ':' | '×') {
        capture = true;
        end -= 1;
    }
    if end < i + 2 {
        return None;
    }
    let to_file = file_of(chars[end - 2])?;
    let to_rank = rank_of(chars[end - 1])?;
    let mut mid = &chars[i..end - 2];
    if let Some((&last, rest)) = mid.split_last()
        && matches!(last, 'x' | ':' | '×' | '-')
    {
        capture |= last != '-';
        mid = rest;
    }
    let (from_file, from_rank) = match mid {
        [] => (None, None),
        [f] if file_of(*f).is_some() => (file_of(*f), None),
        [r] if rank_of(*r).is_some() => (None, rank_of(*r)),
        [f, r] => (Some(file_of(*f)?), Some(rank_of(*r)?)),
        _ => return None,
    };
    Some(WrittenMove {
        role,
        from_file,
        from_rank,
        capture,
        to: Square::from_coords(to_file, to_rank),
        promotion,
        suffix,
    })
}

/// A Latin letter alone (a command letter: `b`, `h`, `q`) by its Russian
/// name, which a Russian voice would otherwise read as an English one.
fn ru_letter_name(w: &str) -> Option<&'static str> {
    let mut cs = w.chars();
    let c = cs.next()?.to_ascii_lowercase();
    if cs.next().is_some() || !c.is_ascii_lowercase() {
        return None;
    }
    const NAMES: [&str; 26] = [
        "а",
        "бэ",
        "цэ",
        "дэ",
        "е",
        "эф",
        "жэ",
        "аш",
        "и",
        "йот",
        "ка",
        "эль",
        "эм",
        "эн",
        "о",
        "пэ",
        "ку",
        "эр",
        "эс",
        "тэ",
        "у",
        "вэ",
        "дубль-вэ",
        "икс",
        "игрек",
        "зэт",
    ];
    Some(NAMES[(c as u8 - b'a') as usize])
}

/// A number and the abbreviated unit after it, in words: «15 мин» →
/// «пятнадцать минут», "10 s" → "10 seconds". `after`: what follows the
/// unit (its separator and the next word), for the Russian «с», which is
/// also a preposition («с e2»): it is the unit only at the end of a
/// clause or before «за».
fn unit_words(n: u64, unit: &str, after: (&str, &str), lang: Lang) -> Option<String> {
    let clause_ends = after.0.trim_start().starts_with([',', ';', ')', '.', ':'])
        || after.1.is_empty()
        || after.1 == "за";
    let unit = unit.trim_end_matches('.');
    match lang {
        Lang::Ru => {
            let forms = match unit {
                "мин" => ["минута", "минуты", "минут"],
                "с" | "сек" if clause_ends => ["секунда", "секунды", "секунд"],
                "с" | "сек" => return None,
                "мс" => ["миллисекунда", "миллисекунды", "миллисекунд"],
                "ч" => ["час", "часа", "часов"],
                _ => return None,
            };
            let fem = unit != "ч";
            let noun = crate::plural_ru(n, forms[0], forms[1], forms[2]);
            Some(format!(
                "{} {noun}",
                crate::numbers::ru_number_words(n, fem)
            ))
        }
        Lang::En => {
            let (one, many) = match unit {
                "min" => ("minute", "minutes"),
                "s" | "sec" => ("second", "seconds"),
                "ms" => ("millisecond", "milliseconds"),
                "h" => ("hour", "hours"),
                _ => return None,
            };
            Some(format!("{n} {}", if n == 1 { one } else { many }))
        }
        Lang::De => {
            let (one, many) = match unit {
                "Min" | "min" => ("Minute", "Minuten"),
                "s" | "Sek" | "sek" => ("Sekunde", "Sekunden"),
                "ms" => ("Millisekunde", "Millisekunden"),
                "Std" | "h" => ("Stunde", "Stunden"),
                _ => return None,
            };
            Some(format!("{n} {}", if n == 1 { one } else { many }))
        }
    }
}
