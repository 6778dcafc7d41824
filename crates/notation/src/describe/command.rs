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

use crate::spoken::SpokenLang;

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
    /// `m SQUARE`: legal moves of the piece there.
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

#[derive(Clone, Copy)]
enum Arg {
    None,
    Piece,
    Line,
    Square(fn(Square) -> Command),
    Text,
}

/// One command: its letter, its words (English, Russian, German) and what it says in help.
struct Spec {
    letter: Option<&'static str>,
    words: [&'static [&'static str]; 3],
    arg: Arg,
    make: fn() -> Command,
    /// (argument, description) in English, Russian, German.
    help: [(&'static str, &'static str); 3],
}

/// Never called: the commands that take an argument are built from it.
fn by_argument() -> Command {
    Command::Help
}

static SPECS: &[Spec] = &[
    Spec {
        letter: Some("c"),
        words: [&["clock"], &["часы"], &["uhr"]],
        arg: Arg::None,
        make: || Command::Clock,
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
        make: || Command::LastMove,
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
        make: || Command::Opponent,
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
        make: by_argument,
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
        make: by_argument,
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
        arg: Arg::Square(Command::Square),
        make: by_argument,
        help: [
            ("SQUARE", "what stands on a square"),
            ("ПОЛЕ", "что стоит на поле"),
            ("FELD", "was auf einem Feld steht"),
        ],
    },
    Spec {
        letter: Some("m"),
        words: [&["moves"], &["ходы"], &["zuege", "züge"]],
        arg: Arg::Square(Command::Moves),
        make: by_argument,
        help: [
            ("SQUARE", "legal moves of the piece there"),
            ("ПОЛЕ", "возможные ходы фигуры"),
            ("FELD", "die legalen Züge der Figur"),
        ],
    },
    Spec {
        letter: Some("a"),
        words: [&["attackers"], &["атаки"], &["angreifer"]],
        arg: Arg::Square(Command::Attackers),
        make: by_argument,
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
        make: || Command::History,
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
        make: || Command::Board,
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
        make: || Command::Draw,
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
        make: by_argument,
        help: [
            ("[MOVE]", "claim a draw, with the move you intend"),
            ("[ХОД]", "требовать ничью, с задуманным ходом"),
            ("[ZUG]", "Remis beanspruchen, mit dem beabsichtigten Zug"),
        ],
    },
    Spec {
        letter: None,
        words: [&["resign"], &["сдаюсь"], &["aufgeben"]],
        arg: Arg::None,
        make: || Command::Resign,
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
        make: || Command::Pause,
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
        make: || Command::Help,
        help: [("", "this list"), ("", "этот список"), ("", "diese Liste")],
    },
    Spec {
        letter: None,
        words: [&["pgn"], &["пгн"], &["pgn"]],
        arg: Arg::None,
        make: || Command::Pgn,
        help: [
            ("", "the game score as PGN"),
            ("", "запись партии в PGN"),
            ("", "die Partie als PGN"),
        ],
    },
];

/// Reads `text` as a command. `None`: it is no command, so the caller reads it as a move.
/// `Some(Err)`: a command with a bad or missing argument, to be said to the player.
///
/// Every form is accepted whatever `lang` is (`часы` with English prompts, `clock` with
/// Russian ones); `lang` decides how piece letters read (see [`parse_piece`]) and the
/// language of errors. See the module documentation for the rule that separates commands
/// from moves.
pub fn parse_command(text: &str, lang: SpokenLang) -> Option<Result<Command, QueryError>> {
    let t = text.trim();
    let (head, rest) = match t.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (t, ""),
    };
    let word = head.to_lowercase().replace('ё', "е");
    let (spec, by_letter) = SPECS.iter().find_map(|s| {
        let letter = s.letter.is_some_and(|l| {
            l == head || (matches!(s.arg, Arg::None) && rest.is_empty() && l == word)
        });
        if letter {
            Some((s, true))
        } else {
            s.words
                .iter()
                .any(|ws| ws.contains(&word.as_str()))
                .then_some((s, false))
        }
    })?;
    let err = |k: QueryErrorKind| Some(Err(QueryError::new(k, lang)));
    let cut = super::words::cut;
    match spec.arg {
        Arg::None if rest.is_empty() => Some(Ok((spec.make)())),
        Arg::None if by_letter => None,
        Arg::None => err(QueryErrorKind::UnexpectedArgument(cut(head))),
        Arg::Text => Some(Ok(Command::Claim(
            (!rest.is_empty()).then(|| rest.to_string()),
        ))),
        Arg::Piece if rest.is_empty() => Some(Ok(Command::Pieces(PieceQuery::ALL))),
        _ if rest.is_empty() => err(QueryErrorKind::MissingArgument(cut(head))),
        arg => {
            let read = match arg {
                Arg::Piece => parse_piece(rest, lang).map(Command::Pieces),
                Arg::Line => parse_line(rest, lang).map(Command::Scan),
                Arg::Square(make) => parse_square(rest, lang).map(make),
                Arg::None | Arg::Text => return None,
            };
            match read {
                Ok(c) => Some(Ok(c)),
                // A Latin K in Russian is never read as a move either: say why.
                Err(e) if matches!(e.kind, QueryErrorKind::AmbiguousPiece(_)) => Some(Err(e)),
                Err(_) if by_letter => None,
                Err(e) => Some(Err(e)),
            }
        }
    }
}

/// The help: every command with all its forms (letter, English, Russian, German words),
/// its argument and what it does, one per line, in `lang`; then the rule that separates
/// commands from moves.
pub fn help_text(lang: SpokenLang) -> String {
    let i = match lang {
        SpokenLang::En => 0,
        SpokenLang::Ru => 1,
        SpokenLang::De => 2,
    };
    let mut lines = vec![
        match lang {
            SpokenLang::En => "Type a move, or a command:",
            SpokenLang::Ru => "Наберите ход или команду:",
            SpokenLang::De => "Einen Zug oder einen Befehl eingeben:",
        }
        .to_string(),
    ];
    for s in SPECS {
        let mut forms: Vec<&str> = s.letter.into_iter().collect();
        for ws in s.words {
            for w in ws {
                if !forms.contains(w) {
                    forms.push(w);
                }
            }
        }
        let (arg, what) = s.help[i];
        let arg = if arg.is_empty() {
            String::new()
        } else {
            format!(" {arg}")
        };
        lines.push(format!("{}{arg}: {what}", forms.join(", ")));
    }
    lines.push(
        match lang {
            SpokenLang::En => "A one-letter command takes its argument after a space: a a4 asks for the attackers of a4, a4 is a move. Q e4 is a move, q e4 a question.",
            SpokenLang::Ru => "Однобуквенная команда пишется с аргументом через пробел: a a4 — кто бьёт поле a4, a4 — ход. Q e4 — ход, q e4 — вопрос о поле.",
            SpokenLang::De => "Ein Befehl aus einem Buchstaben steht mit Leerzeichen vor seinem Argument: a a4 fragt nach den Angreifern von a4, a4 ist ein Zug. Q e4 ist ein Zug, q e4 eine Frage.",
        }
        .to_string(),
    );
    lines.join("\n")
}
