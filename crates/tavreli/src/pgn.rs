//! PGN for Tavreli: the tag pairs of PGN with `[Variant "Tavreli"]`, and
//! movetext in the federation's coordinate notation (tavreli-rules.md §5).
//!
//! The reader is deliberately separate from the rules: it returns each game's
//! tags and raw move tokens, so the Laws' generic audit can feed the tokens
//! one by one to [`crate::Tavreli`]'s `RuleSet::parse_move` and report an
//! illegal ply exactly as it does for chess. A stock chess PGN reader cannot
//! be used because `e2(1)-c3` contains parentheses, which PGN reserves for
//! variations: here `(` opens a variation only at the start of a token.
//!
//! ```
//! use arbiter_tavreli::{pgn, Tavreli};
//! use arbiter_laws::{RuleSet, MoveInput};
//! let text = "[Variant \"Tavreli\"]\n\n1. c1-d2 d8-e7 2. d2-c3 *\n";
//! let rules = Tavreli::default();
//! for game in pgn::read_games(text) {
//!     let game = game.unwrap();
//!     let mut pos = rules.initial_position();
//!     for tok in &game.moves {
//!         match rules.parse_move(&pos, &tok.text) {
//!             MoveInput::Legal(m) => rules.play(&mut pos, &m),
//!             other => panic!("{other:?}"),
//!         }
//!     }
//! }
//! ```

use std::fmt;

/// One move token of the movetext, with what surrounded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The token as written (annotation marks kept: `b5(6)-e5+`, `g1(1)-f2x`).
    pub text: String,
    /// Comments (`{…}` or `;…`) that followed this move.
    pub comments: Vec<String>,
    /// 1-based line of the token in the input.
    pub line: usize,
}

/// A game: its tags in order, its moves, and the result token.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PgnGame {
    /// The tag pairs, name and value, in the order written (duplicates kept).
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub leading_comments: Vec<String>,
    /// The moves of the main line, in order (variations are skipped).
    pub moves: Vec<PgnMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`; `None` if the movetext had none.
    pub result: Option<String>,
    /// 1-based line where the game starts.
    pub line: usize,
}

impl PgnGame {
    /// The value of the first tag named `name` (case-sensitive, as PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
    /// Whether the `Variant` tag says Tavreli (any case, also Cyrillic).
    pub fn is_tavreli(&self) -> bool {
        self.tag("Variant").is_some_and(|v| {
            let v = v.trim().to_lowercase();
            v == "tavreli" || v == "таврели" || v == "тавреи"
        })
    }
}

/// A game that cannot be read: where, the text in error, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The 1-based line of the input.
    pub line: usize,
    /// The text in error, as given (cut to 40 characters when displayed).
    pub token: String,
    /// Why it cannot be read, in English.
    pub reason: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The token is the user's text: cut, so a huge one stays readable.
        let token = arbiter_laws::log::cut(&self.token, 40);
        write!(f, "line {}: `{token}`: {}", self.line, self.reason)
    }
}
impl std::error::Error for PgnError {}

/// Where a line falls in the split of a PGN file into games.
#[derive(Default)]
struct Splitter {
    in_moves: bool,
    in_brace: bool,
}

impl Splitter {
    /// Takes the next line; true when it begins a new game (a tag pair after
    /// movetext). Braces are followed across lines so that a `[` inside a
    /// comment is not a tag.
    fn starts_game(&mut self, line: &str) -> bool {
        let t = line.trim_start();
        let starts_tag = !self.in_brace && t.starts_with('[');
        let new_game = starts_tag && self.in_moves;
        if new_game {
            self.in_moves = false;
        }
        if !starts_tag && !t.is_empty() && !t.starts_with('%') {
            self.in_moves = true;
        }
        for c in line.chars() {
            match c {
                '{' => self.in_brace = true,
                '}' => self.in_brace = false,
                _ => {}
            }
        }
        new_game
    }
}

/// Splits a PGN file into games and reads each. A broken game does not stop
/// the reading of the next one. Never panics.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut out = Vec::new();
    let mut cur: Vec<(usize, &str)> = Vec::new();
    let mut split = Splitter::default();
    for (i, line) in text.lines().enumerate() {
        if split.starts_game(line) {
            out.push(read_one(&cur));
            cur.clear();
        }
        cur.push((i + 1, line));
    }
    if cur.iter().any(|(_, l)| !l.trim().is_empty()) {
        out.push(read_one(&cur));
    }
    out
}

/// The most bytes one game may take when streamed; a longer game is an
/// error for that game, so memory stays bounded on endless input.
pub const MAX_GAME: usize = 1024 * 1024;

/// Streams the games of a PGN source in lines of at most
/// [`arbiter_laws::log::MAX_LINE`] bytes, holding one game at a time.
///
/// Each item is a game (or why it cannot be read). An `Err` of the outer
/// result ends the stream: a line was too long or the source failed; it
/// names the line. A line that is not UTF-8 is read with U+FFFD in place
/// of the bad bytes, so the move it holds is reported as unreadable.
pub struct Games<R> {
    lines: arbiter_laws::log::LineReader<R>,
    pending: Option<(usize, String)>,
    done: bool,
}

impl<R: std::io::BufRead> Games<R> {
    /// Games from a buffered source.
    pub fn new(source: R) -> Self {
        Games {
            lines: arbiter_laws::log::LineReader::new(source, arbiter_laws::log::MAX_LINE),
            pending: None,
            done: false,
        }
    }
}

impl<R: std::io::BufRead> Iterator for Games<R> {
    type Item = Result<Result<PgnGame, PgnError>, arbiter_laws::log::LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut cur: Vec<(usize, String)> = Vec::new();
        let mut split = Splitter::default();
        let mut size = 0usize;
        let mut too_long = None;
        loop {
            let (n, line) = match self.pending.take() {
                Some(p) => p,
                None => match self.lines.next_line() {
                    None => {
                        self.done = true;
                        break;
                    }
                    Some(Err(e)) => {
                        self.done = true;
                        return Some(Err(e));
                    }
                    Some(Ok((n, b))) => {
                        let b = if n == 1 {
                            b.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(b)
                        } else {
                            b
                        };
                        (n, String::from_utf8_lossy(b).into_owned())
                    }
                },
            };
            if split.starts_game(&line) && !cur.is_empty() {
                self.pending = Some((n, line));
                break;
            }
            size += line.len() + 1;
            if size > MAX_GAME {
                too_long.get_or_insert(cur.first().map_or(n, |c| c.0));
                continue;
            }
            cur.push((n, line));
        }
        if let Some(line) = too_long {
            return Some(Ok(Err(PgnError {
                line,
                token: String::new(),
                reason: format!("the game is longer than {MAX_GAME} bytes"),
            })));
        }
        if !cur.iter().any(|(_, l)| !l.trim().is_empty()) {
            return None;
        }
        let refs: Vec<(usize, &str)> = cur.iter().map(|(n, l)| (*n, l.as_str())).collect();
        Some(Ok(read_one(&refs)))
    }
}

fn perr<T>(line: usize, token: &str, reason: impl Into<String>) -> Result<T, PgnError> {
    Err(PgnError {
        line,
        token: token.into(),
        reason: reason.into(),
    })
}

/// Reads one game: its tag-pair section, then its movetext (PGN standard
/// sections 8.1 and 8.2).
fn read_one(lines: &[(usize, &str)]) -> Result<PgnGame, PgnError> {
    let mut g = PgnGame {
        line: lines.first().map(|l| l.0).unwrap_or(1),
        ..Default::default()
    };
    let idx = read_tags(lines, &mut g.tags)?;
    let chars = movetext_chars(&lines[idx..]);
    read_movetext(&chars, &mut g, lines.last().map(|l| l.0).unwrap_or(1))?;
    Ok(g)
}

/// The tag pairs at the head of a game (blank lines between them allowed);
/// the index of the first line of movetext.
fn read_tags(lines: &[(usize, &str)], tags: &mut Vec<(String, String)>) -> Result<usize, PgnError> {
    let mut idx = 0;
    while idx < lines.len() {
        let (ln, l) = lines[idx];
        let t = l.trim();
        if t.is_empty() {
            idx += 1;
            continue;
        }
        if !t.starts_with('[') {
            break;
        }
        if !t.ends_with(']') {
            return perr(ln, t, "a tag pair must end with `]`");
        }
        let inner = &t[1..t.len() - 1];
        let (name, rest) = match inner.split_once(char::is_whitespace) {
            Some(x) => x,
            None => return perr(ln, t, "a tag pair needs a name and a quoted value"),
        };
        let rest = rest.trim();
        if !(rest.len() >= 2 && rest.starts_with('"') && rest.ends_with('"')) {
            return perr(ln, t, "the tag value must be in double quotes");
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return perr(ln, t, "a tag name is letters, digits and `_`");
        }
        let val = rest[1..rest.len() - 1]
            .replace("\\\"", "\"")
            .replace("\\\\", "\\");
        tags.push((name.to_string(), val));
        idx += 1;
    }
    Ok(idx)
}

/// The movetext as characters with their line, lines ending in `\n`; a line
/// starting with `%` is an escape (PGN 6) and is left out.
fn movetext_chars(lines: &[(usize, &str)]) -> Vec<(usize, char)> {
    let mut chars: Vec<(usize, char)> = Vec::new();
    for &(ln, l) in lines {
        if l.starts_with('%') {
            continue;
        }
        chars.extend(l.chars().map(|c| (ln, c)));
        chars.push((ln, '\n'));
    }
    chars
}

/// Reads the movetext into `g`: comments go to the move before them,
/// variations are skipped, tokens become moves or the result. `last_line`
/// names the line of an unclosed variation.
fn read_movetext(
    chars: &[(usize, char)],
    g: &mut PgnGame,
    last_line: usize,
) -> Result<(), PgnError> {
    let mut i = 0;
    let mut depth = 0usize; // variation nesting
    // Some records glue `*` to the last move (`a3(3)-a1*`) and some repeat
    // it as a separate token too (`b7-c7* *`): the glued one counts only
    // when no separate result follows.
    let mut glued_result = false;
    while i < chars.len() {
        let (ln, c) = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '{' || c == ';' {
            // a `{…}` comment ends at `}`, a `;` comment at the end of the line
            let close = if c == '{' { '}' } else { '\n' };
            let start = i + 1;
            let mut j = start;
            while j < chars.len() && chars[j].1 != close {
                j += 1;
            }
            if c == '{' && j >= chars.len() {
                return perr(ln, "{", "comment is not closed with `}`");
            }
            let text: String = chars[start..j].iter().map(|x| x.1).collect();
            push_comment(g, depth, text.trim().to_string());
            i = if c == '{' { j + 1 } else { j };
            continue;
        }
        if c == '(' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == ')' {
            if depth == 0 {
                return perr(ln, ")", "`)` without a variation to close");
            }
            depth -= 1;
            i += 1;
            continue;
        }
        let start = i;
        i = token_end(chars, i);
        let tok: String = chars[start..i].iter().map(|x| x.1).collect();
        if depth > 0 {
            continue; // variations are skipped
        }
        glued_result |= take_token(g, &tok, ln)?;
    }
    if g.result.is_none() && glued_result {
        g.result = Some("*".into());
    }
    if depth != 0 {
        return perr(last_line, "(", "variation is not closed");
    }
    Ok(())
}

/// Where the token starting at `start` ends: at whitespace, a brace or a `;`.
/// Parentheses inside a token belong to it (`e2(1)-c3`); a `)` ends it only
/// when the token has no `(` of its own (the close of a variation).
fn token_end(chars: &[(usize, char)], start: usize) -> usize {
    let mut i = start;
    while i < chars.len() && !chars[i].1.is_whitespace() && chars[i].1 != '{' && chars[i].1 != ';' {
        if chars[i].1 == ')' && !chars[start..i].iter().any(|x| x.1 == '(') {
            break;
        }
        i += 1;
    }
    i
}

/// Takes one main-line token: the result, a NAG, a move number, or a move
/// (kept as written; the rule set judges it). True when the move had a
/// result `*` glued to it.
fn take_token(g: &mut PgnGame, tok: &str, ln: usize) -> Result<bool, PgnError> {
    if g.result.is_some() {
        return perr(ln, tok, "text after the game result");
    }
    if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½") {
        g.result = Some(tok.replace('½', "1/2"));
        return Ok(false);
    }
    if is_nag(tok) {
        return Ok(false);
    }
    // move numbers: `12.`, `12...`, `8.…`, possibly glued to a move `1.e2-e4`
    let rest = strip_move_number(tok);
    if rest.is_empty() || is_nag(rest) {
        return Ok(false);
    }
    // a result glued to the last move: `a3(3)-a1*`
    // (A move never ends with `*`, so `**…` stays one unreadable token
    // and a written record reads back the same.)
    let (mv, glued_star) = match rest.strip_suffix('*') {
        Some(m) if !m.is_empty() && !m.ends_with('*') => (m, true),
        _ => (rest, false),
    };
    if mv.chars().all(|c| c == '.' || c == '…') {
        return Ok(false);
    }
    // Tokens are not judged here: the rule set reports a malformed
    // move with its reason, as the audit does for chess.
    g.moves.push(PgnMove {
        text: mv.to_string(),
        comments: Vec::new(),
        line: ln,
    });
    Ok(glued_star)
}

/// A numeric annotation glyph: `$` and digits. Anything else that starts
/// with `$` is kept as a move token, so the rules report it as unreadable
/// rather than it vanishing (and a written record reads back the same).
fn is_nag(tok: &str) -> bool {
    tok.strip_prefix('$')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Strips every move number glued to the front of a token (`12.`, `1.6.`):
/// what is left is the move, so a token that was only numbers is no move,
/// and a written record (which puts a space after each number) reads back
/// the same.
fn strip_move_number(mut tok: &str) -> &str {
    loop {
        let digits = tok.bytes().take_while(|b| b.is_ascii_digit()).count();
        let rest = &tok[digits..];
        if digits == 0 || !(rest.starts_with('.') || rest.starts_with('…')) {
            return tok;
        }
        tok = rest.trim_start_matches(['.', '…']);
    }
}

fn push_comment(g: &mut PgnGame, depth: usize, text: String) {
    if depth > 0 {
        return;
    }
    match g.moves.last_mut() {
        Some(m) => m.comments.push(text),
        None => g.leading_comments.push(text),
    }
}

/// Writes a game as PGN: tags (with `Variant "Tavreli"` added if missing),
/// numbered movetext wrapped at 79 columns, comments in braces, the result.
pub fn write_game(g: &PgnGame) -> String {
    let mut s = String::new();
    let mut tags = g.tags.clone();
    if !tags.iter().any(|(k, _)| k == "Variant") {
        tags.push(("Variant".into(), "Tavreli".into()));
    }
    for (k, v) in &tags {
        s.push_str(&format!(
            "[{} \"{}\"]\n",
            k,
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    s.push('\n');
    let mut words: Vec<String> = Vec::new();
    for c in &g.leading_comments {
        words.push(format!("{{{}}}", c.replace('}', ")")));
    }
    for (i, m) in g.moves.iter().enumerate() {
        if i % 2 == 0 {
            words.push(format!("{}.", i / 2 + 1));
        } else if i > 0 && !g.moves[i - 1].comments.is_empty() {
            words.push(format!("{}...", i / 2 + 1));
        }
        words.push(m.text.clone());
        for c in &m.comments {
            words.push(format!("{{{}}}", c.replace('}', ")")));
        }
    }
    words.push(g.result.clone().unwrap_or_else(|| "*".into()));
    let mut line = String::new();
    for w in words {
        // A line starting with `[` or `%` would read as a tag or an escape:
        // such a token (only an unreadable one can be) never starts a line.
        let may_start_line = !w.starts_with(['[', '%']);
        if !line.is_empty() && may_start_line && line.chars().count() + 1 + w.chars().count() > 79 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    s.push_str(&line);
    s.push('\n');
    s
}

#[cfg(test)]
mod stream_tests {
    use super::*;

    #[test]
    fn streaming_reads_what_the_text_reader_reads() {
        let text = "[Variant \"Tavreli\"]\n\n1. c1-d2 d8-e7 *\n\n[Variant \"Tavreli\"]\n{ [x] }\n1. c1-d2 )\n";
        let streamed: Vec<_> = Games::new(text.as_bytes()).map(|g| g.unwrap()).collect();
        assert_eq!(streamed, read_games(text));
        assert_eq!(streamed.len(), 2);
    }

    #[test]
    fn numbers_glued_together_are_no_move() {
        let g = read_games("1.6. c1-d2 2.3.d8-e7 *\n").remove(0).unwrap();
        let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["c1-d2", "d8-e7"]);
        let again = read_games(&write_game(&g)).remove(0).unwrap();
        assert_eq!(again.moves.len(), 2);
    }

    #[test]
    fn only_dollar_digits_is_an_annotation() {
        let g = read_games("1. c1-d2 $1 d8-e7 2.$d3-f3 *\n")
            .remove(0)
            .unwrap();
        let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["c1-d2", "d8-e7", "$d3-f3"]);
        let again = read_games(&write_game(&g)).remove(0).unwrap();
        assert_eq!(
            again.moves,
            g.moves
                .iter()
                .map(|m| PgnMove {
                    line: 3,
                    ..m.clone()
                })
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_glued_result_is_one_star() {
        let g = read_games("1. c1-d2* *\n").remove(0).unwrap();
        assert_eq!(g.moves[0].text, "c1-d2");
        let g = read_games("1. c1-d2 *** *\n").remove(0).unwrap();
        assert_eq!(g.moves[1].text, "***");
        let again = read_games(&write_game(&g)).remove(0).unwrap();
        assert_eq!(again.moves[1].text, "***");
    }

    #[test]
    fn no_written_line_starts_like_a_tag() {
        let mut moves = vec!["c1-d2"; 30];
        moves.push("[White");
        let text = format!("1. {} *\n", moves.join(" "));
        let g = read_games(&text).remove(0).unwrap();
        let written = write_game(&g);
        assert!(
            written.lines().skip(2).all(|l| !l.starts_with('[')),
            "{written}"
        );
        assert_eq!(read_games(&written).len(), 1);
    }

    #[test]
    fn endless_input_is_bounded() {
        use std::io::Read;
        let zeros = std::io::BufReader::new(std::io::repeat(0).take(1 << 24));
        let mut g = Games::new(zeros);
        let e = g.next().unwrap().unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
        assert!(g.next().is_none());
        let big = format!("1. {}\n", "c1-d2\n".repeat(MAX_GAME / 6 + 10));
        let r: Vec<_> = Games::new(big.as_bytes()).collect();
        assert!(
            r[0].as_ref()
                .unwrap()
                .as_ref()
                .unwrap_err()
                .reason
                .contains("longer than")
        );
    }
}
