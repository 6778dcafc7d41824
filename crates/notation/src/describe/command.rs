//! The command line of a game played by ear or by keyboard: which typed texts are
//! commands (and which are moves), and the help that lists them.
//!
//! The rule that keeps commands and moves apart: a command is its first word, alone or
//! followed by a space and its argument. No move is a single letter, so `c`, `l`, `h`,
//! `b` alone are commands; `a4` is a move and `a a4` asks for the attackers of a4. The
//! one-letter forms that take an argument (`p s q m a`) must be lower case and their
//! argument must read as one: `Q e4` and `p e4` are moves (queen, pawn to e4), `q e4` asks
//! what stands on e4. Word forms (`square e4`, `поле е4`) are always commands, and a bad
//! argument after them is an error rather than a move.

use shakmaty::Square;

use arbiter_rules::Lang;

use super::args::{Line, PieceQuery, parse_line, parse_piece, parse_square};
use super::error::{QueryError, QueryErrorKind};

/// A command typed (or said) instead of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `c`: both clocks.
    Clock,
    /// `l`: the last move.
    LastMove,
    /// `o`: who the opponent is.
    Opponent,
    /// `p [PIECE]`: where pieces stand ([`PieceQuery::ALL`] without an argument).
    Pieces(PieceQuery),
    /// `s FILE|RANK`: scan a line.
    Scan(Line),
    /// `q SQUARE`: what stands on a square.
    Square(Square),
    /// `m SQUARE`: legal moves from a square (a piece, or a Tavreli tower).
    Moves(Square),
    /// `a SQUARE`: attackers of a square.
    Attackers(Square),
    /// `h`: the moves so far.
    History,
    /// `b`: the board as text.
    Board,
    /// `draw`: offer a draw, or accept the opponent's offer.
    Draw,
    /// `claim [MOVE]`: claim a draw, with the intended move as typed (Art. 9.2, 9.3).
    Claim(Option<String>),
    /// `resign`: the caller asks for confirmation.
    Resign,
    /// `pause`: stop the clocks.
    Pause,
    /// `help`: the list of commands.
    Help,
    /// `pgn`: the game score as PGN.
    Pgn,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Arg {
    None,
    Piece,
    Line,
    Square,
    Text,
}

/// One command: its letter, its words (English, Russian, German) and what it says in help.
struct Spec {
    letter: Option<&'static str>,
    words: [&'static [&'static str]; 3],
    arg: Arg,
    word: CommandWord,
    /// (argument, description) in English, Russian, German.
    help: [(&'static str, &'static str); 3],
}

static SPECS: &[Spec] = &[
    Spec {
        letter: Some("c"),
        words: [&["clock"], &["часы"], &["uhr"]],
        arg: Arg::None,
        word: CommandWord::Clock,
        help: [
            ("", "both clocks"),
            ("", "время на часах"),
            ("", "beide Uhren"),
        ],
    },
    Spec {
        letter: Some("l"),
        words: [&["last"], &["последний"], &["letzter"]],
        arg: Arg::None,
        word: CommandWord::LastMove,
        help: [
            ("", "the last move"),
            ("", "последний ход"),
            ("", "der letzte Zug"),
        ],
    },
    Spec {
        letter: Some("o"),
        words: [&["opponent"], &["соперник"], &["gegner"]],
        arg: Arg::None,
        word: CommandWord::Opponent,
        help: [
            ("", "the opponent"),
            ("", "кто соперник"),
            ("", "der Gegner"),
        ],
    },
    Spec {
        letter: Some("p"),
        words: [&["pieces"], &["фигуры"], &["figuren"]],
        arg: Arg::Piece,
        word: CommandWord::Pieces,
        help: [
            (
                "[PIECE]",
                "where pieces stand: N White knights, n Black, к both, white all White's",
            ),
            (
                "[ФИГУРА]",
                "где стоят фигуры: к или конь — кони обеих сторон, N белые, n чёрные, белые — все белые",
            ),
            (
                "[FIGUR]",
                "wo Figuren stehen: S weiße Springer, s schwarze, Springer beide, weiß alle weißen",
            ),
        ],
    },
    Spec {
        letter: Some("s"),
        words: [&["scan"], &["скан"], &["linie"]],
        arg: Arg::Line,
        word: CommandWord::Scan,
        help: [
            ("FILE|RANK", "scan a file or a rank"),
            (
                "ВЕРТИКАЛЬ|ГОРИЗОНТАЛЬ",
                "просмотр вертикали или горизонтали",
            ),
            ("LINIE|REIHE", "eine Linie oder Reihe abgehen"),
        ],
    },
    Spec {
        letter: Some("q"),
        words: [&["square"], &["поле"], &["feld"]],
        arg: Arg::Square,
        word: CommandWord::Square,
        help: [
            ("SQUARE", "what stands on a square"),
            ("ПОЛЕ", "что стоит на поле"),
            ("FELD", "was auf einem Feld steht"),
        ],
    },
    Spec {
        letter: Some("m"),
        words: [&["moves"], &["ходы"], &["zuege", "züge"]],
        arg: Arg::Square,
        word: CommandWord::Moves,
        help: [
            ("SQUARE", "legal moves from a square"),
            ("ПОЛЕ", "возможные ходы с поля"),
            ("FELD", "die legalen Züge von einem Feld"),
        ],
    },
    Spec {
        letter: Some("a"),
        words: [&["attackers"], &["атаки"], &["angreifer"]],
        arg: Arg::Square,
        word: CommandWord::Attackers,
        help: [
            ("SQUARE", "pieces attacking a square"),
            ("ПОЛЕ", "какие фигуры бьют поле"),
            ("FELD", "welche Figuren ein Feld angreifen"),
        ],
    },
    Spec {
        letter: Some("h"),
        words: [&["history"], &["история"], &["partie"]],
        arg: Arg::None,
        word: CommandWord::History,
        help: [
            ("", "the moves so far"),
            ("", "все ходы партии"),
            ("", "alle Züge der Partie"),
        ],
    },
    Spec {
        letter: Some("b"),
        words: [&["board"], &["доска"], &["brett"]],
        arg: Arg::None,
        word: CommandWord::Board,
        help: [
            ("", "the board as text"),
            ("", "доска текстом"),
            ("", "das Brett als Text"),
        ],
    },
    Spec {
        letter: None,
        words: [&["draw"], &["ничья"], &["remis"]],
        arg: Arg::None,
        word: CommandWord::Draw,
        help: [
            ("", "offer or accept a draw"),
            ("", "предложить или принять ничью"),
            ("", "Remis anbieten oder annehmen"),
        ],
    },
    Spec {
        letter: None,
        words: [&["claim"], &["требую"], &["reklamieren"]],
        arg: Arg::Text,
        word: CommandWord::Claim,
        help: [
            (
                "[MOVE]",
                "claim a draw, with the move you intend (claim 50 MOVE: the fifty-move rule); claim time: the opponent's flag has fallen; claim quickplay or claim increment: under two minutes, for the arbiter to rule",
            ),
            (
                "[ХОД]",
                "требовать ничью, с задуманным ходом (требую 50 ХОД: правило 50 ходов); требую время: у соперника упал флажок; требую цейтнот или требую добавка: меньше двух минут, решает судья",
            ),
            (
                "[ZUG]",
                "Remis beanspruchen, mit dem beabsichtigten Zug (reklamieren 50 ZUG: Fünfzig-Züge-Regel); reklamieren zeit: das Blättchen des Gegners ist gefallen; reklamieren endspurt oder reklamieren zuschlag: unter zwei Minuten, der Schiedsrichter entscheidet",
            ),
        ],
    },
    Spec {
        letter: None,
        words: [&["resign"], &["сдаюсь"], &["aufgeben"]],
        arg: Arg::None,
        word: CommandWord::Resign,
        help: [
            ("", "resign (asks to confirm)"),
            ("", "сдаться (с подтверждением)"),
            ("", "aufgeben (mit Bestätigung)"),
        ],
    },
    Spec {
        letter: None,
        words: [&["pause"], &["пауза"], &["pause"]],
        arg: Arg::None,
        word: CommandWord::Pause,
        help: [
            ("", "stop the clocks"),
            ("", "остановить часы"),
            ("", "die Uhr anhalten"),
        ],
    },
    Spec {
        letter: Some("?"),
        words: [&["help"], &["помощь"], &["hilfe"]],
        arg: Arg::None,
        word: CommandWord::Help,
        help: [("", "this list"), ("", "этот список"), ("", "diese Liste")],
    },
    Spec {
        letter: None,
        words: [&["pgn"], &["пгн"], &["pgn"]],
        arg: Arg::None,
        word: CommandWord::Pgn,
        help: [
            ("", "the game score as PGN"),
            ("", "запись партии в PGN"),
            ("", "die Partie als PGN"),
        ],
    },
];

/// A command's name, without its argument: for front ends whose arguments are not
/// chess squares and pieces (Tavreli reads its own), through [`command_word`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandWord {
    /// `c`, `clock`, `часы`, `uhr`.
    Clock,
    /// `l`, `last`, `последний`, `letzter`.
    LastMove,
    /// `o`, `opponent`, `соперник`, `gegner`.
    Opponent,
    /// `p`, `pieces`, `фигуры`, `figuren`.
    Pieces,
    /// `s`, `scan`, `скан`, `linie`.
    Scan,
    /// `q`, `square`, `поле`, `feld`.
    Square,
    /// `m`, `moves`, `ходы`, `zuege`, `züge`.
    Moves,
    /// `a`, `attackers`, `атаки`, `angreifer`.
    Attackers,
    /// `h`, `history`, `история`, `partie`.
    History,
    /// `b`, `board`, `доска`, `brett`.
    Board,
    /// `draw`, `ничья`, `remis`.
    Draw,
    /// `claim`, `требую`, `reklamieren`.
    Claim,
    /// `resign`, `сдаюсь`, `aufgeben`.
    Resign,
    /// `pause`, `пауза`.
    Pause,
    /// `?`, `help`, `помощь`, `hilfe`.
    Help,
    /// `pgn`, `пгн`.
    Pgn,
}

/// A text split into a command's name and its argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandText<'a> {
    /// Which command.
    pub word: CommandWord,
    /// The rest of the text, trimmed ("" if none).
    pub argument: &'a str,
    /// Typed as its one letter: if the argument does not read, the text may be a move.
    pub by_letter: bool,
}

/// Finds the command a text starts with, by the rule of the module documentation: a
/// letter taking an argument must be lower case (`q e4`, not `Q e4`); a letter without one
/// stands alone, in either case (`b`, `B`); words are read in any case, ё as е.
pub fn command_word(text: &str) -> Option<CommandText<'_>> {
    let t = text.trim();
    let (head, rest) = match t.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (t, ""),
    };
    // No command word is longer than 16 letters: a pasted page is no command, and is not
    // lower-cased whole to find that out.
    if head.chars().nth(16).is_some() {
        return None;
    }
    let word = head.to_lowercase().replace('ё', "е");
    SPECS.iter().find_map(|s| {
        let letter = s
            .letter
            .is_some_and(|l| l == head || (s.arg == Arg::None && rest.is_empty() && l == word));
        let named = letter || s.words.iter().any(|ws| ws.contains(&word.as_str()));
        named.then_some(CommandText {
            word: s.word,
            argument: rest,
            by_letter: letter,
        })
    })
}

fn arg_of(word: CommandWord) -> Arg {
    SPECS
        .iter()
        .find(|s| s.word == word)
        .map_or(Arg::None, |s| s.arg)
}

/// The command without an argument (`p` alone lists every piece, `claim` alone asks for
/// the move later).
fn bare(word: CommandWord) -> Command {
    match word {
        CommandWord::Clock => Command::Clock,
        CommandWord::LastMove => Command::LastMove,
        CommandWord::Opponent => Command::Opponent,
        CommandWord::History => Command::History,
        CommandWord::Board => Command::Board,
        CommandWord::Draw => Command::Draw,
        CommandWord::Resign => Command::Resign,
        CommandWord::Pause => Command::Pause,
        CommandWord::Pgn => Command::Pgn,
        CommandWord::Claim => Command::Claim(None),
        CommandWord::Pieces => Command::Pieces(PieceQuery::ALL),
        // Scan, square, moves and attackers never come here without an argument.
        _ => Command::Help,
    }
}

fn with_argument(word: CommandWord, rest: &str, lang: Lang) -> Result<Command, QueryError> {
    Ok(match word {
        CommandWord::Pieces => Command::Pieces(parse_piece(rest, lang)?),
        CommandWord::Scan => Command::Scan(parse_line(rest, lang)?),
        CommandWord::Square => Command::Square(parse_square(rest, lang)?),
        CommandWord::Moves => Command::Moves(parse_square(rest, lang)?),
        CommandWord::Attackers => Command::Attackers(parse_square(rest, lang)?),
        CommandWord::Claim => Command::Claim(Some(rest.to_string())),
        w => bare(w),
    })
}

/// Reads `text` as a command. `None`: it is no command, so the caller reads it as a move.
/// `Some(Err)`: a command with a bad or missing argument, to be said to the player.
///
/// Every form is accepted whatever `lang` is (`часы` with English prompts, `clock` with
/// Russian ones); `lang` decides how piece letters read (see [`parse_piece`]) and the
/// language of errors. See the module documentation for the rule that separates commands
/// from moves.
pub fn parse_command(text: &str, lang: Lang) -> Option<Result<Command, QueryError>> {
    let ct = command_word(text)?;
    let head = text.split_whitespace().next().unwrap_or("");
    let err = |k: QueryErrorKind| Some(Err(QueryError::new(k, lang)));
    let cut = super::words::cut;
    match (arg_of(ct.word), ct.argument.is_empty()) {
        (Arg::None | Arg::Piece | Arg::Text, true) => Some(Ok(bare(ct.word))),
        (Arg::None, false) if ct.by_letter => None,
        (Arg::None, false) => err(QueryErrorKind::UnexpectedArgument(cut(head))),
        (_, true) => err(QueryErrorKind::MissingArgument(cut(head))),
        (_, false) => match with_argument(ct.word, ct.argument, lang) {
            Ok(c) => Some(Ok(c)),
            // A Latin K in Russian is never read as a move either: say why.
            Err(e) if matches!(e.kind, QueryErrorKind::AmbiguousPiece(_)) => Some(Err(e)),
            Err(_) if ct.by_letter => None,
            Err(e) => Some(Err(e)),
        },
    }
}

/// Why a one-letter command's argument does not read (`q z9`: no square
/// z9). [`parse_command`] sets that reason aside so that the text can be
/// read as a move (`Q e4` is one); a caller says it when the text is no
/// move either, so the player hears about the square, not about a move.
pub fn argument_error(text: &str, lang: Lang) -> Option<QueryError> {
    let ct = command_word(text)?;
    if !ct.by_letter || ct.argument.is_empty() || arg_of(ct.word) == Arg::None {
        return None;
    }
    with_argument(ct.word, ct.argument, lang).err()
}

/// The help: every command with all its forms (letter, English, Russian, German words),
/// its argument and what it does, one per line, in `lang`; then the rule that separates
/// commands from moves.
pub fn help_text(lang: Lang) -> String {
    help_lines(lang, None)
}

/// [`help_text`] for a variant whose men are not chess pieces (Tavreli's towers): the
/// `p` command's line gives `arg` and `what`, the variant's own words for its argument,
/// so that a player is not told to ask for knights on a board that has none.
pub fn help_text_for_men(lang: Lang, arg: &str, what: &str) -> String {
    help_lines(lang, Some((arg, what)))
}

/// The help's lines joined; `men`: another argument and meaning for the `p` line.
fn help_lines(lang: Lang, men: Option<(&str, &str)>) -> String {
    let i = match lang {
        Lang::En => 0,
        Lang::Ru => 1,
        Lang::De => 2,
    };
    let mut lines = vec![
        match lang {
            Lang::En => "Type a move, or a command:",
            Lang::Ru => "Наберите ход или команду:",
            Lang::De => "Einen Zug oder einen Befehl eingeben:",
        }
        .to_string(),
    ];
    for s in SPECS {
        // The universal letter and the player's own language's words only:
        // a Russian help that read out «clock, часы, uhr» mixed three
        // languages in one voice. The other words are still understood.
        let mut forms: Vec<&str> = s.letter.into_iter().collect();
        for w in s.words[i] {
            if !forms.contains(w) {
                forms.push(w);
            }
        }
        let (arg, what) = match men {
            Some(m) if s.word == CommandWord::Pieces => m,
            _ => s.help[i],
        };
        let arg = if arg.is_empty() {
            String::new()
        } else {
            format!(" {arg}")
        };
        lines.push(format!("{}{arg}: {what}", forms.join(", ")));
    }
    lines.push(
        match lang {
            Lang::En => "A one-letter command takes its argument after a space: a a4 asks for the attackers of a4, a4 is a move. Q e4 is a move, q e4 a question.",
            Lang::Ru => "Однобуквенная команда пишется с аргументом через пробел: a a4 — кто бьёт поле a4, a4 — ход. Q e4 — ход, q e4 — вопрос о поле.",
            Lang::De => "Ein Befehl aus einem Buchstaben steht mit Leerzeichen vor seinem Argument: a a4 fragt nach den Angreifern von a4, a4 ist ein Zug. Q e4 ist ein Zug, q e4 eine Frage.",
        }
        .to_string(),
    );
    lines.join("\n")
}
