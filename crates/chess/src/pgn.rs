//! PGN for standard chess: reading records for audits (through pgn-reader)
//! and writing a replayed game (Art. 8, Appendix C).
//!
//! The source is read in bounded lines ([`arbiter_laws::log::MAX_LINE`]) and split
//! into games here, so memory stays fixed whatever the input. pgn-reader
//! reads the tags, moves and comments of each game; it silently skips tokens
//! it cannot read as SAN, so the raw movetext is scanned as well, and the
//! first unreadable token, an unclosed comment or an unclosed variation is
//! reported with its ply, line and column instead of letting the game pass.

use arbiter_laws::audit::{RecordedGame, parse_clk};
use arbiter_laws::log::{LineError, LineReader, MAX_LINE, cut};
use arbiter_laws::ruleset::RuleSet;
use arbiter_laws::{Game, Variant};
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use std::io::{BufReader, Read};
use std::ops::ControlFlow;

/// The most bytes one game may take. A real game is a few kilobytes; a
/// longer one is reported as an error and skipped, so memory stays bounded.
pub const MAX_GAME: usize = 4 * 1024 * 1024;

struct Collector {
    number: usize,
}

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = RecordedGame;
    type Output = RecordedGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(RecordedGame {
            number: self.number,
            tags,
            ..Default::default()
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        game.moves.push(san.to_string());
        game.clocks.push(None);
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        game: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let ply = game.moves.len();
        if let Some(last) = game.clocks.last_mut() {
            let text = String::from_utf8_lossy(comment.as_bytes());
            match parse_clk(&text) {
                Some(Ok(ms)) => *last = Some(ms),
                Some(Err(e)) => game.notes.push(format!("ply {ply}: {e}; ignored")),
                None => {}
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _game: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

/// One game's bytes as read from the source.
struct Chunk {
    /// Line number of the first line.
    first_line: usize,
    text: Vec<u8>,
    longest_line: usize,
    /// Set when the game was longer than [`MAX_GAME`].
    too_long: bool,
}

/// Streams the games of a PGN source, one [`RecordedGame`] at a time.
///
/// A game that cannot be read is a record with `read_error`, and the stream
/// goes on. An `Err` ends the stream: the source failed, or a line is longer
/// than [`MAX_LINE`]; it names the line.
pub struct PgnGames<R: Read> {
    lines: LineReader<BufReader<R>>,
    number: usize,
    /// A line already read that begins the next game.
    pending: Option<(usize, Vec<u8>)>,
    failed: bool,
}

impl<R: Read> PgnGames<R> {
    /// Games from `source`, with lines bounded by [`MAX_LINE`].
    pub fn new(source: R) -> Self {
        PgnGames {
            lines: LineReader::new(BufReader::with_capacity(1 << 16, source), MAX_LINE),
            number: 0,
            pending: None,
            failed: false,
        }
    }

    /// Reads the lines of the next game; `Ok(None)` at the end of input.
    fn next_chunk(&mut self) -> Result<Option<Chunk>, LineError> {
        let mut chunk = Chunk {
            first_line: 0,
            text: Vec::new(),
            longest_line: 0,
            too_long: false,
        };
        let (mut in_moves, mut in_brace, mut any) = (false, false, false);
        loop {
            let (n, line) = match self.pending.take() {
                Some(p) => p,
                None => match self.lines.next_line() {
                    None => break,
                    Some(Err(e)) => return Err(e),
                    Some(Ok((n, l))) => (n, l.to_vec()),
                },
            };
            let line: &[u8] = if n == 1 {
                line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&line)
            } else {
                &line
            };
            let t = line.trim_ascii();
            if !in_brace && in_moves && t.first() == Some(&b'[') {
                self.pending = Some((n, line.to_vec()));
                break;
            }
            if !in_brace && in_moves && t.is_empty() {
                break; // a blank line ends the movetext, as pgn-reader reads it
            }
            let is_tag = !in_moves && t.first() == Some(&b'[');
            if !in_brace && !is_tag && !t.is_empty() && t[0] != b'%' {
                in_moves = true;
            }
            if !is_tag && t.first() != Some(&b'%') {
                in_brace = brace_state(line, in_brace);
            }
            if !any {
                if t.is_empty() {
                    continue;
                }
                any = true;
                chunk.first_line = n;
            }
            if chunk.text.len() + line.len() + 1 > MAX_GAME {
                chunk.too_long = true;
            }
            if !chunk.too_long {
                chunk.text.extend_from_slice(line);
                chunk.text.push(b'\n');
                chunk.longest_line = chunk.longest_line.max(line.len());
            }
        }
        Ok(any.then_some(chunk))
    }

    fn read_chunk(&mut self, chunk: Chunk) -> RecordedGame {
        self.number += 1;
        let number = self.number;
        if chunk.too_long {
            return RecordedGame {
                number,
                read_error: Some(format!(
                    "line {}: the game is longer than {MAX_GAME} bytes",
                    chunk.first_line
                )),
                ..Default::default()
            };
        }
        let mut reader = Reader::build(&chunk.text[..])
            .set_supported_tag_line_length(chunk.longest_line + 1)
            .finish();
        let mut collector = Collector { number };
        let mut game = match reader.read_game(&mut collector) {
            Ok(Some(g)) => g,
            Ok(None) => RecordedGame {
                number,
                ..Default::default()
            },
            Err(e) => RecordedGame {
                number,
                read_error: Some(format!("unreadable PGN: {e}")),
                ..Default::default()
            },
        };
        // The scan names line and column, so its finding comes first.
        if let Some(e) = scan_movetext(&chunk.text, chunk.first_line) {
            game.read_error = Some(e);
        }
        game
    }
}

impl<R: Read> Iterator for PgnGames<R> {
    type Item = Result<RecordedGame, LineError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.next_chunk() {
            Ok(Some(chunk)) => Some(Ok(self.read_chunk(chunk))),
            Ok(None) => None,
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// Whether a `{` comment is still open at the end of `line`.
fn brace_state(line: &[u8], mut open: bool) -> bool {
    for &b in line {
        match b {
            b'{' if !open => open = true,
            b'}' if open => open = false,
            b';' if !open => break,
            _ => {}
        }
    }
    open
}

/// The bytes that end a movetext token, as pgn-reader reads them.
fn is_token_end(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

/// Whether a main-line token is something pgn-reader reads: a move number,
/// a result, or a SAN move (castling with zeros too).
fn readable_token(tok: &[u8]) -> bool {
    let digits = tok.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == tok.len()
        || matches!(
            tok,
            b"1-0" | b"0-1" | b"1/2-1/2" | b"\xc2\xbd-\xc2\xbd" | b"--"
        )
    {
        return true;
    }
    let bare = tok
        .strip_suffix(b"+")
        .or_else(|| tok.strip_suffix(b"#"))
        .unwrap_or(tok);
    matches!(bare, b"0-0" | b"0-0-0") || SanPlus::from_ascii(tok).is_ok()
}

/// Scans a game's movetext as pgn-reader walks it and returns the first
/// thing it would skip or leave open, with ply, line and column.
/// The byte and line where the movetext starts: after the tag section,
/// the lines starting with `[` (PGN standard 8.1).
fn skip_tags(text: &[u8], mut line: usize) -> (usize, usize) {
    let mut i = 0;
    loop {
        let rest = &text[i..];
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |p| p + 1);
        let t = rest[..end].trim_ascii();
        if end == 0 || !(t.is_empty() || t[0] == b'[') {
            return (i, line);
        }
        i += end;
        line += 1;
    }
}

/// Where a `{…}` comment opening at `i` ends (PGN standard 8.2.5): the byte
/// after `}`, with its line and column; `None` when it is never closed.
fn after_comment(
    text: &[u8],
    i: usize,
    mut line: usize,
    mut col: usize,
) -> Option<(usize, usize, usize)> {
    let close = text[i..].iter().position(|&x| x == b'}')?;
    for &x in &text[i..i + close] {
        if x == b'\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    Some((i + close + 1, line, col + 1))
}

fn scan_movetext(text: &[u8], first_line: usize) -> Option<String> {
    let (mut i, mut line) = skip_tags(text, first_line);
    let mut col = 1usize;
    let (mut depth, mut ply) = (0usize, 0usize);
    let mut open_variation = (0, 0);
    let at = |ply: usize, line: usize, col: usize| {
        format!("ply {} (line {line}, column {col})", ply + 1)
    };
    while i < text.len() {
        let b = text[i];
        match b {
            b'\n' => {
                i += 1;
                line += 1;
                col = 1;
                if text.get(i) == Some(&b'%') {
                    while i < text.len() && text[i] != b'\n' {
                        i += 1;
                    }
                }
                continue;
            }
            b'{' => {
                let Some(after) = after_comment(text, i, line, col) else {
                    return Some(format!(
                        "{}: the comment is not closed with `}}`",
                        at(ply, line, col)
                    ));
                };
                (i, line, col) = after;
                continue;
            }
            b';' => {
                while i < text.len() && text[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' => {
                if depth == 0 {
                    open_variation = (line, col);
                }
                depth += 1;
            }
            b')' => {
                if depth == 0 {
                    return Some(format!(
                        "{}: `)` without a variation to close",
                        at(ply, line, col)
                    ));
                }
                depth -= 1;
            }
            b'$' => {
                let n = text[i + 1..]
                    .iter()
                    .take_while(|x| x.is_ascii_digit())
                    .count();
                i += 1 + n;
                col += 1 + n;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'.' | b'!' | b'?' | b'*' | b'}' => {}
            _ => {
                let n = text[i..]
                    .iter()
                    .take_while(|&&x| !is_token_end(x))
                    .count()
                    .max(1);
                let tok = &text[i..i + n];
                if depth == 0 {
                    if !readable_token(tok) {
                        let shown = cut(&String::from_utf8_lossy(tok), 24);
                        return Some(format!("{}: unreadable move {shown:?}", at(ply, line, col)));
                    }
                    if !tok.iter().all(u8::is_ascii_digit)
                        && !matches!(tok, b"1-0" | b"0-1" | b"1/2-1/2" | b"\xc2\xbd-\xc2\xbd")
                    {
                        ply += 1;
                    }
                }
                i += n;
                col += std::str::from_utf8(tok).map_or(n, |s| s.chars().count());
                continue;
            }
        }
        i += 1;
        col += 1;
    }
    if depth > 0 {
        let (l, c) = open_variation;
        return Some(format!(
            "line {l}, column {c}: the variation is not closed with `)`"
        ));
    }
    None
}

/// Writes a replayed game as PGN: the Seven Tag Roster, `TimeControl`,
/// `Termination`, `[%clk]` after each completed move and `(=)` for draw
/// offers (L-9.1d, Appendix C). The date is unknown (`????.??.??`): a log
/// carries none; see [`write_pgn_dated`].
pub fn write_pgn<R: RuleSet>(
    game: &Game<R>,
    white: &str,
    black: &str,
    time_control: Option<&str>,
) -> String {
    write_pgn_dated(game, white, black, time_control, None)
}

/// The PGN `Date` of an instant, in ms since the Unix epoch: the UTC day,
/// `YYYY.MM.DD` (proleptic Gregorian). A PGN reader wants the day the
/// game was played, and the hall knows when it created each game.
pub fn pgn_date(ms_since_epoch: i64) -> String {
    let days = ms_since_epoch.div_euclid(86_400_000);
    // Days to a civil date, counting in 400-year eras from 0000-03-01
    // (H. Hinnant's algorithm), so leap years fall out of the arithmetic.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// [`write_pgn`] with the `Date` tag given (`YYYY.MM.DD`, see
/// [`pgn_date`]), or unknown with `None`.
pub fn write_pgn_dated<R: RuleSet>(
    game: &Game<R>,
    white: &str,
    black: &str,
    time_control: Option<&str>,
    date: Option<&str>,
) -> String {
    let rules = game.rules();
    let result = game.outcome().map(|o| o.result.as_str()).unwrap_or("*");
    let mut out = String::new();
    let esc = |s: &str| pgn_tag_value(s);
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", esc(v)));
    tag("Event", "?");
    tag("Site", "?");
    tag("Date", date.unwrap_or("????.??.??"));
    tag("Round", "-");
    tag("White", white);
    tag("Black", black);
    tag("Result", result);
    if rules.variant() != Variant::Chess {
        let v = rules.variant().key();
        let mut c = v.chars();
        let cap: String = c
            .next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default();
        tag("Variant", &cap);
    }
    let start_text = rules.position_text(game.start_position());
    if start_text != rules.position_text(&rules.initial_position()) {
        tag("SetUp", "1");
        tag("FEN", &start_text);
    }
    if let Some(tc) = time_control {
        tag("TimeControl", tc);
    }
    if let Some(o) = game.outcome() {
        tag("Termination", termination_tag(o.termination));
    }
    out.push('\n');
    let texts = game.move_texts();
    let mut line = String::new();
    let mut words: Vec<String> = Vec::new();
    let mut number = rules.fullmove_number(game.start_position());
    for (i, (p, text)) in game.plies().iter().zip(texts).enumerate() {
        if p.side == arbiter_rules::Side::White {
            if i > 0 {
                number += 1;
            }
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        let mut w = text;
        if p.draw_offer {
            w.push_str(" (=)");
        }
        words.push(w);
        if let Some(left) = p.clock_after {
            words.push(format!("{{[%clk {}]}}", clk(left)));
        }
    }
    words.push(result.to_string());
    for w in words {
        if line.len() + w.len() + 1 > 79 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(&w);
        line.push(' ');
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// A tag value as PGN may hold it: backslash and quote escaped, and every
/// control character (a newline could start a forged tag or game) replaced
/// by a space.
pub fn pgn_tag_value(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
}

fn clk(ms: i64) -> String {
    let ms = ms.max(0);
    let s = ms / 1000;
    let tenths = (ms % 1000) / 100;
    if tenths > 0 {
        format!("{}:{:02}:{:02}.{}", s / 3600, (s / 60) % 60, s % 60, tenths)
    } else {
        format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
    }
}

fn termination_tag(t: arbiter_laws::outcome::Termination) -> &'static str {
    use arbiter_laws::outcome::Termination::*;
    match t {
        TimeForfeit => "time forfeit",
        Arbiter | IllegalMoves => "rules infraction",
        _ => "normal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Instants checked with `date -u -d @SECONDS`, then every day from
    /// 1900 to 2101 against a calendar counted one day at a time (the
    /// Gregorian leap rule written out), both sides of midnight.
    #[test]
    fn pgn_dates_are_the_utc_day() {
        for (secs, want) in [
            (0, "1970.01.01"),
            (-86_400, "1969.12.31"),
            (951_782_400, "2000.02.29"),
            (1_798_761_599, "2026.12.31"),
            (4_107_542_400, "2100.03.01"),
        ] {
            assert_eq!(pgn_date(secs * 1000), want, "{secs}");
        }
        let leap = |y: i64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        let (mut y, mut m, mut d) = (1900, 1, 1);
        // 1900-01-01 is 25,567 days before the epoch.
        for days in -25_567i64..(202 * 366) {
            let want = format!("{y:04}.{m:02}.{d:02}");
            let midnight = days * 86_400_000;
            assert_eq!(pgn_date(midnight), want, "{days}");
            assert_eq!(pgn_date(midnight + 86_399_999), want, "{days}");
            let len = match m {
                2 if leap(y) => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            d += 1;
            if d > len {
                (d, m) = (1, m + 1);
            }
            if m > 12 {
                (m, y) = (1, y + 1);
            }
        }
        assert!(y > 2100);
    }

    #[test]
    fn reads_games_tags_moves_and_clocks() {
        let pgn = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%clk 0:02:59.5] } 2. Qh5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
        let games: Vec<_> = PgnGames::new(pgn.as_bytes()).map(|g| g.unwrap()).collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves, vec!["e4", "e5", "Qh5"]);
        assert_eq!(games[0].clocks, vec![Some(180_000), Some(179_500), None]);
        assert_eq!(games[0].tag("result"), Some("1-0"));
        assert_eq!(games[1].number, 2);
        assert_eq!(clk(3_723_400), "1:02:03.4");
    }

    fn games(text: &str) -> Vec<RecordedGame> {
        PgnGames::new(text.as_bytes()).map(|g| g.unwrap()).collect()
    }

    #[test]
    fn unreadable_tokens_are_named_with_ply_line_and_column() {
        for (pgn, ply, col, tok) in [
            ("1. e4 foo e5 *\n", 2, 7, "foo"),
            ("1. e4 e5 2. Zz9 Nc6 *\n", 3, 13, "Zz9"),
            ("1. @@@ *\n", 1, 4, "@@@"),
        ] {
            let g = &games(&format!("[Event \"x\"]\n\n{pgn}"))[0];
            let e = g.read_error.as_deref().unwrap_or_default();
            assert!(
                e.contains(&format!("ply {ply} (line 3, column {col})")) && e.contains(tok),
                "{pgn}: {e}"
            );
        }
        let long = format!("1. e4 {} *\n", "x".repeat(50_000));
        let e = games(&long)[0].read_error.clone().unwrap();
        assert!(e.contains("ply 2") && e.len() < 200, "{e}");
    }

    #[test]
    fn garbage_and_open_variations_are_errors() {
        let g = games("\u{1}\u{2}\u{7f}garbage\n");
        assert_eq!(g.len(), 1);
        assert!(g[0].read_error.is_some());
        let g = games("1. e4 (1. d4 d5 e5 *\n");
        assert!(g[0].read_error.as_deref().unwrap().contains("not closed"));
        let g = games("1. e4 {open comment e5 *\n");
        assert!(g[0].read_error.as_deref().unwrap().contains("not closed"));
        // Readable records stay clean: NAGs, annotations, castling with zeros.
        let g = games("1. e4 $1 e5!? 2. Nf3 (2. f4) Nc6 3. Bc4 Nf6 4. 0-0 Be7 *\n");
        assert_eq!(g[0].read_error, None);
        assert_eq!(g[0].moves.len(), 8);
    }

    #[test]
    fn a_long_tag_value_keeps_the_game_whole() {
        let pgn = format!(
            "[Event \"{}\"]\n[Result \"*\"]\n\n1. e4 *\n",
            "v".repeat(60_000)
        );
        let g = games(&pgn);
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].moves, vec!["e4"]);
        assert_eq!(g[0].tag("Result"), Some("*"));
        let too_long = format!("[Event \"{}\"]\n\n1. e4 *\n", "v".repeat(MAX_LINE + 1));
        let r: Vec<_> = PgnGames::new(too_long.as_bytes()).collect();
        assert_eq!(r.len(), 1);
        assert!(r[0].as_ref().unwrap_err().to_string().contains("line 1"));
    }

    #[test]
    fn clock_comments_are_read_strictly() {
        let g =
            &games("1. e4 {[%clk 1e9:00:00]} e5 {[%clk 1x:00:00]} 2. Nf3 {[%clk 0:00:07.25]} *\n")
                [0];
        assert_eq!(g.clocks, vec![None, None, Some(7_250)]);
        assert_eq!(g.notes.len(), 2, "{:?}", g.notes);
        assert!(g.notes[0].starts_with("ply 1:") && g.notes[0].contains("1e9:00:00"));
        assert_eq!(parse_clk("[%clk 0:60:00]").unwrap().ok(), None);
        assert_eq!(parse_clk("[%clk 10:05:03]"), Some(Ok(36_303_000)));
        assert_eq!(parse_clk("no clock"), None);
    }

    #[test]
    fn control_characters_never_reach_a_tag() {
        assert_eq!(pgn_tag_value("A\"]\n\n[White \"B"), "A\\\"]  [White \\\"B");
    }
}
