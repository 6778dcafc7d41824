//! arbiter-notation: every way a chess move is written, spoken or read.
//!
//! Reading a Russian spoken move and writing it as SAN, in Russian letters and
//! in words:
//!
//! ```
//! use arbiter_notation::{LetterSet, Lexicon, Style, parse, position_from_fen, render};
//!
//! let start = position_from_fen(None).unwrap();
//! // What a blind player says (RU-4): "knight f three". No style is given, so
//! // the reader finds it; the legal moves decide which knight.
//! let (m, style) = parse(&start, "конь эф три", None).unwrap();
//! assert_eq!(style, Style::Spoken(Lexicon::Ru));
//! assert_eq!(render(&start, m, Style::San), "Nf3");
//! assert_eq!(render(&start, m, Style::Letters(LetterSet::Ru)), "Кf3");
//! assert_eq!(render(&start, m, Style::Spoken(Lexicon::Ru)), "конь жэ один эф три");
//! // The FIDE names of Appendix D (L-D.2.1): files Anna…Hector, ranks eins…acht.
//! assert_eq!(render(&start, m, Style::Spoken(Lexicon::FideDe)), "Springer Felix drei");
//!
//! // No knight reaches f4: the error says so and offers the legal moves to
//! // that square, in the words the player used.
//! let err = parse(&start, "конь эф четыре", None).unwrap_err();
//! assert_eq!(err.kind, arbiter_notation::ErrorKind::Illegal);
//! assert_eq!(err.candidates, ["пешка эф два эф четыре"]);
//! ```
//!
//! * Written (Appendix C): English SAN, national letters ([`LetterSet`]), figurines, long
//!   algebraic, UCI — printed FIDE style, parsed leniently ([`parse`]).
//! * Spoken (Appendix D, L-D.2.1; RU-1; RU-4): [`Lexicon`]s both ways.
//! * Events ([`announce::Announcement`]), the talking clock (L-D.2.6, [`clock`]),
//!   scoresheets (Art. 8, L-C.12, [`scoresheet`]) and braille (L-D.2.7, [`braille`]).
//!
//! Pure: no I/O. The `arbiter-speech` crate turns the texts into sound.

#![warn(missing_docs)]

pub mod announce;
pub mod appendix_d_words;
pub mod braille;
pub mod clock;
pub mod describe;
pub mod ear_words;
mod error;
mod fen_words;
pub mod for_speech;
pub mod illegal;
mod letters;
pub mod live;
pub mod lobby_words;
mod numbers;
pub mod page;
mod pattern;
pub mod penalty;
pub mod play_page;
pub mod rejection;
pub mod scoresheet;
pub mod sides;
pub mod speech_words;
mod spoken;
pub mod tavreli;
pub mod terminal;
pub mod time_control;
pub mod touch_words;
pub mod tournament_words;
mod written;

pub use arbiter_rules::Lang;
/// The same language enum under the name the spoken API first used; kept so
/// code written against it still builds.
pub use arbiter_rules::Lang as SpokenLang;
pub use error::{ErrorKind, NotationError};
pub use fen_words::fen_refusal;
pub use letters::{LetterSet, LetterTable, TABLES};
pub use numbers::plural_ru;
pub use sides::side_name;
pub use spoken::{Lexicon, announce_move, check_word};
pub use time_control::DescribeTimeControl;
pub use written::Letters;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};

/// A way to write, say or read a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// UCI (`e2e4`, `e1g1`, `e7e8q`).
    Uci,
    /// English SAN as PGN writes it (`Nf3`, `e8=Q`, `O-O`).
    San,
    /// Short algebraic in national letters, FIDE style (`Кf3`, `Sf3`, `e8Ф`, `0-0`).
    Letters(LetterSet),
    /// Short algebraic with figurines (`♘f3`).
    Figurine,
    /// Long algebraic (`e2-e4`, `Ng1xf3`, `Кg1:f3`).
    Long(LetterSet),
    /// Spoken words in a lexicon.
    Spoken(Lexicon),
    /// Braille (Unicode cells), see `docs/braille.md`.
    Braille,
}

impl Style {
    /// The command-line key (`uci san ru de figurine long fide-de ru-fide ru-spoken
    /// en-spoken nato braille`, plus `fr es it nl pl en` and `long-ru`, `long-de`, …).
    pub fn key(self) -> String {
        match self {
            Style::Uci => "uci".into(),
            Style::San => "san".into(),
            Style::Letters(l) => l.key().into(),
            Style::Figurine => "figurine".into(),
            Style::Long(LetterSet::En) => "long".into(),
            Style::Long(l) => format!("long-{}", l.key()),
            Style::Spoken(Lexicon::Ru) => "ru-spoken".into(),
            Style::Spoken(Lexicon::En) => "en-spoken".into(),
            Style::Spoken(l) => l.key().into(),
            Style::Braille => "braille".into(),
        }
    }

    /// Reads a style from its key (see [`Style::key`]), in any case; also the
    /// aliases `fig`, `lan`, `fide`; `None` for an unknown key.
    pub fn from_key(key: &str) -> Option<Style> {
        let k = key.to_ascii_lowercase();
        Some(match k.as_str() {
            "uci" => Style::Uci,
            "san" => Style::San,
            "figurine" | "fig" => Style::Figurine,
            "long" | "lan" => Style::Long(LetterSet::En),
            "braille" => Style::Braille,
            "fide-de" => Style::Spoken(Lexicon::FideDe),
            "ru-fide" => Style::Spoken(Lexicon::RuFide),
            "ru-spoken" => Style::Spoken(Lexicon::Ru),
            "en-spoken" => Style::Spoken(Lexicon::En),
            "nato" => Style::Spoken(Lexicon::Nato),
            _ => {
                if let Some(rest) = k.strip_prefix("long-") {
                    Style::Long(LetterSet::from_key(rest)?)
                } else {
                    Style::Letters(LetterSet::from_key(&k)?)
                }
            }
        })
    }

    /// Every style, for tests and for the help text.
    pub fn all() -> Vec<Style> {
        let mut v = vec![Style::Uci, Style::San, Style::Figurine, Style::Braille];
        for l in LetterSet::ALL {
            v.push(Style::Letters(l));
            v.push(Style::Long(l));
        }
        for x in Lexicon::ALL {
            v.push(Style::Spoken(x));
        }
        v
    }
}

/// Parses a FEN (or `startpos`/empty for the initial position) into a position.
pub fn position_from_fen(fen: Option<&str>) -> Result<Chess, NotationError> {
    match fen.map(str::trim) {
        None | Some("") | Some("startpos") => Ok(Chess::default()),
        Some(f) => {
            let parsed = Fen::from_ascii(f.as_bytes())
                .map_err(|e| NotationError::new(ErrorKind::BadPosition(e.to_string()), 0, f))?;
            parsed
                .into_position(CastlingMode::Standard)
                .map_err(|e| NotationError::new(ErrorKind::BadPosition(e.to_string()), 0, f))
        }
    }
}

/// Writes or says `m` (a legal move in `pos`) in `style`.
pub fn render(pos: &Chess, m: Move, style: Style) -> String {
    match style {
        Style::Uci => UciMove::from_standard(m).to_string(),
        Style::San => written::san(pos, m),
        Style::Letters(l) => written::short(pos, m, Letters::National(l)),
        Style::Figurine => written::short(pos, m, Letters::Figurine),
        Style::Long(l) => written::long(pos, m, Letters::National(l)),
        Style::Spoken(x) => spoken::announce_move(pos, m, x),
        Style::Braille => braille::move_to_braille(pos, m),
    }
}

/// Reads `text` as a legal move in `pos`. With `style` the text is read as that style
/// (written styles still accept every language's letters, at lower priority); without,
/// the style is detected and returned. Ambiguous and illegal inputs give an error that
/// lists the candidate legal moves in the style the user wrote in.
pub fn parse(
    pos: &Chess,
    text: &str,
    style: Option<Style>,
) -> Result<(Move, Style), NotationError> {
    match parse_as_given(pos, text, style) {
        Err(e) if e.kind != ErrorKind::Ambiguous => match capture_mark_after(text) {
            // `Кf3x`: some players write the capture sign after the
            // arrival square. Read without it; its error, if any, is said
            // of the text as typed.
            Some(bare) => parse_as_given(pos, bare, style).map_err(|mut e2| {
                e2.input = text.to_string();
                e2
            }),
            None => Err(e),
        },
        r => r,
    }
}

/// `Кf3x` → `Кf3`: a capture sign (`x`, `:`, `×`) after a square at the
/// end of a move.
fn capture_mark_after(text: &str) -> Option<&str> {
    let t = text.trim_end();
    let bare = t.strip_suffix(['x', 'X', ':', '×'])?;
    let mut back = bare.chars().rev();
    let rank = back.next()?;
    let file = back.next()?;
    (('1'..='8').contains(&rank) && (file.is_alphabetic())).then_some(bare)
}

fn parse_as_given(
    pos: &Chess,
    text: &str,
    style: Option<Style>,
) -> Result<(Move, Style), NotationError> {
    let given = style;
    let style = given.unwrap_or_else(|| detect(text));
    match style {
        Style::Spoken(lex) => {
            let (pat, heard) = match spoken::read_transcript(text) {
                Ok(x) => x,
                // A recogniser or an assistant may type the written move ("Nf3", "Кf3"):
                // accept it, but report the transcript error if it is not one either.
                Err(e) => {
                    return parse_written(pos, text, text, &[LetterSet::En, LetterSet::Ru], style)
                        .map(|(m, _)| (m, style))
                        .map_err(|_| e);
                }
            };
            let found = pattern::matching(pos, &[pat]);
            let shown = Style::Spoken(if given.is_some() { lex } else { heard });
            match found.as_slice() {
                [m] => Ok((*m, shown)),
                [] if !pat.unnamed_promotions(pos).is_empty() => Err(with_candidates(
                    NotationError::new(ErrorKind::Ambiguous, 0, text),
                    pos,
                    &pat.unnamed_promotions(pos),
                    shown,
                )),
                [] => Err(with_candidates(
                    NotationError {
                        why: Some(illegal::why_illegal(pos, &pat)),
                        ..NotationError::new(ErrorKind::Illegal, 0, text)
                    },
                    pos,
                    &pattern::near_misses(pos, &pat),
                    shown,
                )),
                many => Err(with_candidates(
                    NotationError::new(ErrorKind::Ambiguous, 0, text),
                    pos,
                    many,
                    shown,
                )),
            }
        }
        Style::Braille => {
            let t = braille::braille_to_text(text)?;
            parse_written(pos, text, &t, &[LetterSet::En], Style::Braille)
        }
        Style::Uci => {
            // Strict UCI first (it is what engines and the event log use), then lenient.
            if let Ok(u) = text.trim().parse::<UciMove>()
                && let Ok(m) = u.to_move(pos)
            {
                return Ok((m, Style::Uci));
            }
            parse_written(pos, text, text, &[LetterSet::En], Style::Uci)
        }
        Style::San | Style::Figurine => {
            if let Some(m) = written::fast(pos, text, LetterSet::En) {
                return Ok((m, style));
            }
            // Detected text starting with a Cyrillic letter: Russian letters are the
            // strictest reading (see `written::readings` scores), so try them fast.
            if given.is_none()
                && text
                    .chars()
                    .next()
                    .is_some_and(|c| ('\u{400}'..='\u{4ff}').contains(&c))
                && let Some(m) = written::fast(pos, text, LetterSet::Ru)
            {
                return Ok((m, Style::Letters(LetterSet::Ru)));
            }
            parse_written(pos, text, text, &[LetterSet::En], style)
        }
        Style::Letters(l) => {
            if let Some(m) = written::fast(pos, text, l) {
                return Ok((m, style));
            }
            parse_written(pos, text, text, &[l], style)
        }
        Style::Long(l) => parse_written(pos, text, text, &[l], style),
    }
}

fn detect(text: &str) -> Style {
    if text.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c)) {
        return Style::Braille;
    }
    let t = text.trim();
    let one_word_with_digit =
        !t.contains(char::is_whitespace) && t.chars().any(|c| c.is_ascii_digit());
    if !one_word_with_digit && spoken::looks_spoken(text) {
        return Style::Spoken(Lexicon::En); // replaced by the lexicon heard
    }
    if t.len() >= 4
        && t.len() <= 5
        && t.is_ascii()
        && t.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && t.chars().nth(1).is_some_and(|c| c.is_ascii_digit())
        && t.chars().nth(2).is_some_and(|c| ('a'..='h').contains(&c))
    {
        return Style::Uci;
    }
    Style::San
}

fn parse_written(
    pos: &Chess,
    original: &str,
    text: &str,
    langs: &[LetterSet],
    style: Style,
) -> Result<(Move, Style), NotationError> {
    // The requested languages first, then every other table, at lower priority.
    let mut order: Vec<LetterSet> = langs.to_vec();
    for l in written::all_langs() {
        if !order.contains(&l) {
            order.push(l);
        }
    }
    let rs = written::readings(text, &order).map_err(|mut e| {
        e.input = original.to_string();
        e
    })?;
    match written::resolve(pos, text, &rs) {
        Ok((m, r)) => Ok((m, detected_style(style, &r))),
        Err(u) => {
            let written::Unresolved {
                error: mut e,
                candidates: cands,
                reading: r,
            } = *u;
            e.input = original.to_string();
            e.at = written::destination_offset(text);
            let shown = match (style, r) {
                (Style::Braille | Style::Uci, _) => style,
                (_, Some(r)) => detected_style(style, &r),
                _ => style,
            };
            Err(with_candidates(e, pos, &cands, shown))
        }
    }
}

/// The style a written reading shows the user wrote in (for echoing candidates).
fn detected_style(asked: Style, r: &written::Reading) -> Style {
    match asked {
        Style::Uci | Style::Braille | Style::Letters(_) | Style::Long(_) | Style::Figurine => asked,
        _ => {
            if r.figurine {
                Style::Figurine
            } else {
                match (r.lang, r.long) {
                    (Some(l), true) => Style::Long(l),
                    (None, true) => Style::Long(LetterSet::En),
                    (Some(LetterSet::En) | None, false) => Style::San,
                    (Some(l), false) => Style::Letters(l),
                }
            }
        }
    }
}

fn with_candidates(
    mut e: NotationError,
    pos: &Chess,
    moves: &[Move],
    style: Style,
) -> NotationError {
    e.candidates = moves.iter().map(|m| render(pos, *m, style)).collect();
    e
}

/// Convenience: play a list of SAN/UCI moves from a FEN, returning each position and move.
/// Used by the scoresheet and by tests.
pub fn replay(fen: Option<&str>, moves: &[&str]) -> Result<Vec<(Chess, Move)>, NotationError> {
    use shakmaty::Position;
    let mut pos = position_from_fen(fen)?;
    let mut out = Vec::new();
    for t in moves {
        let (m, _) = parse(&pos, t, None)?;
        out.push((pos.clone(), m));
        pos = pos
            .play(m)
            .map_err(|_| NotationError::new(ErrorKind::Illegal, 0, t))?;
    }
    Ok(out)
}
