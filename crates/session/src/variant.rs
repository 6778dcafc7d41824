//! What a live game needs from a variant beyond the Laws' [`RuleSet`]:
//! reading a move typed in any notation, saying a move in words, reading
//! a player's command line and the help that lists the commands.

use crate::query::Cmd;
use crate::refusal::Misread;
use arbiter_chess::Chess;
use arbiter_laws::audit::RecordedGame;
use arbiter_laws::log::LineError;
use arbiter_laws::{Game, MoveInput, RuleSet};
use arbiter_notation::describe::Wording;
use arbiter_notation::{ErrorKind, LetterSet, Lexicon, SpokenLang, Style};
use arbiter_tavreli::Tavreli;
use std::io::BufRead;

/// A typed move, read against the position.
#[derive(Clone, Debug, PartialEq)]
pub enum Reading<M> {
    /// A legal move, with the text the log records (SAN for chess).
    Legal { mv: M, log_text: String },
    /// A move that names a move the rules forbid here. `log_text` is a text
    /// the Laws reader parses as the same illegal move, when there is one.
    Illegal {
        reason: Misread,
        log_text: Option<String>,
    },
    /// Not a move, or a move that fits more than one legal move.
    Unreadable { reason: Misread },
}

/// A rule set a session can play live.
pub trait Variant: RuleSet + Clone + Send + Sync + 'static {
    /// Reads a move typed in any notation the variant knows.
    fn read_move(&self, pos: &Self::Position, text: &str) -> Reading<Self::Move>;
    /// Reads a move typed by a player who uses `lex`: by default as
    /// [`Variant::read_move`].
    fn read_move_in(&self, pos: &Self::Position, text: &str, lex: Lexicon) -> Reading<Self::Move> {
        let _ = lex;
        self.read_move(pos, text)
    }
    /// The move in words in `lex`'s language, check and mate included, said
    /// from the position before it.
    fn say_move(&self, pos: &Self::Position, mv: &Self::Move, lex: Lexicon) -> String;
    /// Reads a command line typed during a game: a question answered from
    /// the position, or a command the front end acts on; `None` when the
    /// text is no command (it is read as a move). `braille` adds the board
    /// in braille to the board command's answer where the variant has one.
    fn read_command(game: &Game<Self>, text: &str, w: Wording, braille: bool) -> Option<Cmd>;
    /// The commands a player may type, in `lang`.
    fn help(lang: SpokenLang) -> String;
    /// The games recorded in a file of this variant's records (PGN for
    /// chess), for the audit; an `Err` ends the stream and names the line.
    fn recorded_games<'a>(source: Box<dyn BufRead + 'a>) -> RecordedGames<'a>;
    /// `arbiter perft`: how many sequences of legal moves `depth` plies
    /// deep leave the position the arguments give — `start`, a position
    /// text (`startpos` for chess's initial one), or `moves` played from the
    /// initial position, as the variant takes them — or why they give none.
    fn perft(start: Option<&str>, moves: Option<&str>, depth: u32) -> Result<u64, Unreadable>;
}

/// A stream of recorded games, as [`Variant::recorded_games`] reads them.
pub type RecordedGames<'a> = Box<dyn Iterator<Item = Result<RecordedGame, LineError>> + 'a>;

/// Why the arguments of a perft give no position: the reader's words,
/// naming the move or the position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreadable {}

/// A Latin reading of a move written with Russian letters (`Кf3` → `Nf3`,
/// `е2:е4` → `e2xe4`), so that the Laws reader, which knows SAN and UCI,
/// sees an illegal move as the same move and can apply Art. 7 to it.
fn latin(text: &str) -> String {
    let t = text.trim().replace("Кр", "K");
    t.chars()
        .map(|c| match c {
            'К' => 'N',
            'С' => 'B',
            'Л' => 'R',
            'Ф' => 'Q',
            'а' => 'a',
            'с' => 'c',
            'е' => 'e',
            ':' => 'x',
            '—' | '–' => '-',
            other => other,
        })
        .collect()
}

/// A move typed with the Latin look-alike of a Russian piece letter, in
/// Cyrillic: `Kf3` → `Кf3` (the knight), `Kpe2` → `Крe2` (the king), `Cc4`
/// → `Сc4` (the bishop); and the refusal if only the Latin reading fits.
fn russian_lookalike(text: &str) -> Option<(String, Misread)> {
    let t = text.trim();
    let cut = || arbiter_laws::log::cut(t, 24).to_string();
    if let Some(promoted) = russian_promotion(t) {
        return Some(promoted);
    }
    if let Some(rest) = t.strip_prefix('C') {
        return Some((format!("С{rest}"), Misread::LatinC { text: cut() }));
    }
    let rest = t.strip_prefix('K')?;
    let cyrillic = match rest.strip_prefix(['p', 'р']) {
        Some(r) => format!("Кр{r}"),
        None => format!("К{rest}"),
    };
    Some((cyrillic, Misread::LatinK { text: cut() }))
}

/// The candidates of a refused move, written in the letters of the player's
/// language when the text he typed names no piece of any language (`0-0`,
/// `e8`, `e2e5`): the reader would list them in English SAN, and a Russian
/// reads `Ke2` as a knight move (in his letters the king is `Кр`). A text
/// written with some language's piece letters keeps its candidates in those
/// letters, as the reader gives them.
fn candidates_in_own_letters(
    reading: Reading<<Chess as RuleSet>::Move>,
    pos: &<Chess as RuleSet>::Position,
    text: &str,
    lex: Lexicon,
) -> Reading<<Chess as RuleSet>::Move> {
    let own = match lex.language() {
        SpokenLang::Ru => LetterSet::Ru,
        SpokenLang::De => LetterSet::De,
        SpokenLang::En => return reading,
    };
    // Files, the capture `x`, castling's `O`/`o` and `e.p.`: no piece letter.
    let names_no_piece = text
        .chars()
        .all(|c| !c.is_alphabetic() || matches!(c, 'a'..='h' | 'x' | 'o' | 'O' | 'p'));
    if !names_no_piece {
        return reading;
    }
    let relist = |e: &mut arbiter_notation::NotationError| {
        if let Err(own_letters) =
            arbiter_notation::parse(pos.board(), text, Some(Style::Letters(own)))
            && own_letters.candidates.len() == e.candidates.len()
        {
            e.candidates = own_letters.candidates;
        }
    };
    match reading {
        Reading::Illegal {
            reason: Misread::Notation(mut e),
            log_text,
        } => {
            relist(&mut e);
            Reading::Illegal {
                reason: Misread::Notation(e),
                log_text,
            }
        }
        Reading::Unreadable {
            reason: Misread::Notation(mut e),
        } => {
            relist(&mut e);
            Reading::Unreadable {
                reason: Misread::Notation(e),
            }
        }
        other => other,
    }
}

/// A promotion written with the Latin look-alike of a Russian piece letter
/// after the square (`e8=K`, `e8K`, `e8(K)` → `e8=К`, the knight; `e8C` →
/// the bishop «С»), as [`russian_lookalike`] reads the piece letter in
/// front. Only the letter after a rank digit, `=`, `(` or `/` is read so.
fn russian_promotion(t: &str) -> Option<(String, Misread)> {
    let cut = || arbiter_laws::log::cut(t, 24).to_string();
    let (at, latin) = t
        .char_indices()
        .skip(1)
        .filter(|&(_, c)| c == 'K' || c == 'C')
        .last()?;
    let before = t[..at].chars().last()?;
    if !(before.is_ascii_digit() || matches!(before, '=' | '(' | '/')) {
        return None;
    }
    let russian = if latin == 'K' { 'К' } else { 'С' };
    let text = format!("{}{russian}{}", &t[..at], &t[at + latin.len_utf8()..]);
    let why = if latin == 'K' {
        Misread::LatinK { text: cut() }
    } else {
        Misread::LatinC { text: cut() }
    };
    Some((text, why))
}

impl Variant for Chess {
    /// In the Russian lexicons a Latin `K` is the look-alike of «К», the
    /// knight, and a Latin `C` of «С», the bishop: read as the Russian
    /// piece, or refused as ambiguous when only the Latin reading would fit
    /// (the English king; a pawn or the French knight for `C`). Never
    /// silently read as another piece.
    fn read_move_in(&self, pos: &Self::Position, text: &str, lex: Lexicon) -> Reading<Self::Move> {
        let ru = lex.language() == SpokenLang::Ru;
        let Some((cyrillic, ambiguous)) = russian_lookalike(text).filter(|_| ru) else {
            return candidates_in_own_letters(self.read_move(pos, text), pos, text, lex);
        };
        match (self.read_move(pos, &cyrillic), self.read_move(pos, text)) {
            (legal @ Reading::Legal { .. }, _) => legal,
            (_, Reading::Legal { .. }) => Reading::Unreadable { reason: ambiguous },
            (russian, _) => russian,
        }
    }

    fn read_move(&self, pos: &Self::Position, text: &str) -> Reading<Self::Move> {
        match arbiter_notation::parse(pos.board(), text, None) {
            Ok((mv, _)) => Reading::Legal {
                log_text: self.move_text(pos, &mv),
                mv,
            },
            Err(e) if e.kind == ErrorKind::Illegal => {
                let log_text = [text.trim().to_string(), latin(text)]
                    .into_iter()
                    .find(|t| matches!(self.parse_move(pos, t), MoveInput::Illegal { .. }));
                Reading::Illegal {
                    reason: Misread::Notation(e),
                    log_text,
                }
            }
            Err(e) => Reading::Unreadable {
                reason: Misread::Notation(e),
            },
        }
    }

    fn say_move(&self, pos: &Self::Position, mv: &Self::Move, lex: Lexicon) -> String {
        arbiter_notation::announce_move(pos.board(), *mv, lex)
    }

    fn read_command(game: &Game<Self>, text: &str, w: Wording, braille: bool) -> Option<Cmd> {
        let unreadable = || {
            matches!(
                game.rules().read_move(game.position(), text),
                Reading::Unreadable { .. }
            )
        };
        crate::query::chess_command(game, text, w, braille, unreadable)
    }

    fn help(lang: SpokenLang) -> String {
        arbiter_notation::describe::help_text(lang)
    }

    fn recorded_games<'a>(source: Box<dyn BufRead + 'a>) -> RecordedGames<'a> {
        Box::new(arbiter_chess::pgn::PgnGames::new(source))
    }

    /// From a FEN (or `startpos`), through shakmaty's own perft; chess
    /// plays no `moves` first.
    fn perft(start: Option<&str>, _moves: Option<&str>, depth: u32) -> Result<u64, Unreadable> {
        use shakmaty::CastlingMode;
        use shakmaty::fen::Fen;
        let Some(fen) = start else {
            return Err(Unreadable("chess needs FEN and DEPTH".into()));
        };
        let pos = if fen == "startpos" {
            Ok(shakmaty::Chess::default())
        } else {
            fen.parse::<Fen>().map_err(|e| e.to_string()).and_then(|f| {
                f.into_position::<shakmaty::Chess>(CastlingMode::Standard)
                    .map_err(|e| e.to_string())
            })
        };
        pos.map(|p| shakmaty::perft(&p, depth))
            .map_err(|e| Unreadable(format!("bad FEN {fen:?}: {e}")))
    }
}

impl Variant for Tavreli {
    /// The reader's typed reason comes through whole, so that the player
    /// hears it in his language.
    fn read_move(&self, pos: &Self::Position, text: &str) -> Reading<Self::Move> {
        use arbiter_tavreli::NotationError;
        match arbiter_tavreli::notation::parse_move(pos, text) {
            Ok((mv, _)) => Reading::Legal {
                log_text: self.move_text(pos, &mv),
                mv,
            },
            Err(e @ NotationError::Illegal { .. }) => Reading::Illegal {
                reason: Misread::Tavreli(e),
                log_text: Some(text.trim().to_string()),
            },
            Err(e @ NotationError::Malformed { .. }) => Reading::Unreadable {
                reason: Misread::Tavreli(e),
            },
        }
    }

    /// The description already ends in check, mate or stalemate (§3.4) in
    /// the player's language, so nothing is added to it: adding the
    /// lexicon's check word said "мат, мат".
    fn say_move(&self, pos: &Self::Position, mv: &Self::Move, lex: Lexicon) -> String {
        // Tavreli has words in every spoken language (`speech::LANGS`).
        arbiter_notation::tavreli::speech::describe_move(pos, *mv, lex.language())
    }

    /// Tavreli has no braille board of its own: the board command says the
    /// towers in words.
    fn read_command(game: &Game<Self>, text: &str, w: Wording, _braille: bool) -> Option<Cmd> {
        crate::query::tavreli_command(game, text, w)
    }

    fn help(lang: SpokenLang) -> String {
        arbiter_notation::tavreli::reasons::help(lang)
    }

    fn recorded_games<'a>(source: Box<dyn BufRead + 'a>) -> RecordedGames<'a> {
        Box::new(arbiter_tavreli::audit::games(source))
    }

    /// From the initial position after `moves` (federation notation,
    /// space-separated; move numbers are skipped), through the Tavreli
    /// engine's own perft; a start position is not taken.
    fn perft(_start: Option<&str>, moves: Option<&str>, depth: u32) -> Result<u64, Unreadable> {
        let rules = Tavreli::default();
        let mut pos = rules.initial_position();
        for tok in moves.unwrap_or("").split_whitespace() {
            let number = tok.trim_end_matches('.');
            if tok.ends_with('.') && number.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            match rules.parse_move(&pos, tok) {
                MoveInput::Legal(m) => rules.play(&mut pos, &m),
                MoveInput::Illegal { reason } | MoveInput::Malformed { reason, .. } => {
                    return Err(Unreadable(format!("{tok:?}: {reason}")));
                }
            }
        }
        Ok(pos.perft(depth))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after `moves` (SAN) from the start.
    fn after(moves: &[&str]) -> arbiter_chess::ChessPosition {
        use shakmaty::Position;
        let mut b = shakmaty::Chess::default();
        for m in moves {
            let mv = m
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&b)
                .unwrap();
            b.play_unchecked(mv);
        }
        arbiter_chess::ChessPosition::new(b)
    }

    /// The log text of a legal reading, or the reading itself.
    fn read(pos: &arbiter_chess::ChessPosition, t: &str, lex: Lexicon) -> String {
        match Chess::default().read_move_in(pos, t, lex) {
            Reading::Legal { log_text, .. } => log_text,
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn a_latin_k_in_russian_is_the_knight_or_ambiguous_never_the_king() {
        let rules = Chess::default();
        // Both Ke2 (king) and Ne2 (knight) are legal here.
        let pos = after(&["e4", "e5"]);
        assert_eq!(read(&pos, "Ke2", Lexicon::Ru), "Ne2");
        assert_eq!(read(&pos, "Kpe2", Lexicon::Ru), "Ke2");
        assert_eq!(read(&pos, "Ke2", Lexicon::En), "Ke2");
        // After 2. Nf3 Nc6 no knight reaches e2: Ke2 would be the king only,
        // and in Russian it is refused as ambiguous, not guessed.
        let pos2 = after(&["e4", "e5", "Nf3", "Nc6"]);
        assert!(matches!(
            rules.read_move_in(&pos2, "Ke2", Lexicon::Ru),
            Reading::Unreadable { reason } if reason.is_ambiguous()
        ));
        assert_eq!(read(&pos2, "Ke2", Lexicon::En), "Ke2");
        assert!(matches!(
            rules.read_move_in(&pos, "Ke2", Lexicon::RuFide),
            Reading::Legal { .. }
        ));
    }

    #[test]
    fn a_latin_c_in_russian_is_the_bishop_or_ambiguous_never_another_piece() {
        let pos = after(&["e4", "e5", "Nf3", "d6"]);
        assert_eq!(read(&pos, "Cc4", Lexicon::Ru), "Bc4");
        assert_eq!(read(&pos, "Cb5", Lexicon::RuFide), "Bb5+");
        // Only the knight on f3 reaches d4: refused, not played as a knight.
        assert!(matches!(
            Chess::default().read_move_in(&pos, "Cd4", Lexicon::Ru),
            Reading::Unreadable {
                reason: Misread::LatinC { .. }
            }
        ));
        assert_ne!(read(&pos, "Cc4", Lexicon::En), "Bc4");
    }

    /// A Tavreli move is said in the player's language, German included,
    /// and its check or mate once (§3.4): the description already says it.
    #[test]
    fn tavreli_moves_are_said_in_german_with_one_mate() {
        let rules = Tavreli::default();
        let p = arbiter_tavreli::fen::parse("k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
        let (mv, _) = arbiter_tavreli::notation::parse_move(&p, "h1-h8").unwrap();
        assert_eq!(
            rules.say_move(&p, &mv, Lexicon::FideDe),
            "weißer Ratoborez von h1 nach h8, Matt"
        );
        assert_eq!(
            rules.say_move(&p, &mv, Lexicon::Ru),
            "белый ратоборец с h1 на h8, мат"
        );
        assert_eq!(
            rules.say_move(&p, &mv, Lexicon::En),
            "white ratoborets from h1 to h8, checkmate"
        );
        let start = arbiter_tavreli::Position::initial();
        let (mv, _) = arbiter_tavreli::notation::parse_move(&start, "e2-e3").unwrap();
        assert_eq!(
            rules.say_move(&start, &mv, Lexicon::FideDe),
            "weißer Ratnik von e2 nach e3"
        );
    }

    #[test]
    fn russian_letters_read_back_in_latin() {
        assert_eq!(latin("Кf3"), "Nf3");
        assert_eq!(latin("Крe2"), "Ke2");
        assert_eq!(latin("Сс4"), "Bc4");
        assert_eq!(latin("е2:е4"), "e2xe4");
    }
}
