//! The sentences of the terminal front ends (`arbiter play`, `arbiter
//! clock`) that are not the session's announcements: taking a stored game
//! up again, confirming a resignation, the clock's own lines and help, the
//! spoken set-up of the talking clock (L-D.2.6) and the refusals of a typed
//! line. The front end chooses the sentence ([`Said`]); its words, in
//! English, Russian and German, are here.

use crate::live::setup::pick;
use crate::sides::side_name;
use crate::{Lang, plural_ru};
use arbiter_rules::{GameResult, Side};
use std::fmt;

/// One sentence a terminal front end says, with what it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said<'a> {
    /// The input ended before the game did.
    UnfinishedAtEndOfInput,
    /// A stored game taken up again is already over.
    AlreadyOver,
    /// A stored game taken up again goes on after `plies` half-moves.
    GoesOn {
        /// The half-moves played.
        plies: usize,
        /// The side to move.
        to_move: Side,
    },
    /// The clocks of a game taken up again are stopped.
    ClocksStopped,
    /// `resign` asks to be confirmed.
    ConfirmResign,
    /// Anything but "yes" after `resign`.
    NotResigned,
    /// `pause` stopped the clocks: the same word starts them again.
    PauseAgain,
    /// The game has no clock to tell.
    NoClock,
    /// The help line of `quit`.
    QuitHelp,
    /// A quickplay claim with no arbiter at the keyboard ends play (2005
    /// Appendix D, Guidelines III.6); the final position follows.
    NoArbiterPresent {
        /// The claimant, named as the front end names sides.
        who: &'a str,
    },
    /// The commands of `arbiter clock`.
    ClockHelp,
    /// The commands of `arbiter clock` for a game under Appendix D (a
    /// blind player's two boards).
    ClockHelpAppendixD,
    /// A press of `arbiter clock`: who pressed, the move number, the move
    /// (with its leading space, or empty) and the times.
    Press {
        /// Who pressed.
        who: &'a str,
        /// The move's number.
        number: u32,
        /// The move, with a leading space, or empty.
        mv: &'a str,
        /// The times ([`Said::Times`]).
        times: &'a str,
    },
    /// Both times and who is to move, as `arbiter clock` prints them.
    Times {
        /// White's name and time.
        white: (&'a str, &'a str),
        /// Black's name and time.
        black: (&'a str, &'a str),
        /// Who is to move.
        on_move: &'a str,
        /// Whether `on_move` is a colour (lower-cased in Russian after
        /// «Ход:») rather than a player's own name.
        colour: bool,
        /// Whether the clocks are stopped.
        paused: bool,
    },
    /// A lexicon `arbiter clock` does not know.
    UnknownLexicon {
        /// The name typed (cut).
        name: &'a str,
    },
    /// A refusal: "Refused: … ." around a reason already in words.
    Refused {
        /// The reason, in the same language.
        reason: &'a str,
    },
    /// A line of input that is not UTF-8 text.
    NotText {
        /// The line's number.
        line: usize,
    },
    /// A bare press of `arbiter clock` while it follows the board: the
    /// move made on the board is asked for, with the ways out.
    AskMoveOnBoard {
        /// The side that pressed, named as the front end names sides.
        who: &'a str,
    },
    /// `nomove`: the clock was pressed without a move (FIDE Laws 2023, 7.5.3).
    PressWithoutMove {
        /// The side that pressed.
        who: &'a str,
    },
    /// `skip`: the clock no longer follows the board.
    NoLongerFollows,
    /// `skip` or `nomove` when no move was asked for.
    NothingAsked,
    /// A bare White press before the start of `arbiter clock`.
    WhiteCannotStart,
    /// `q` asks to be confirmed.
    ConfirmQuit,
    /// Anything but a confirmation after `q`.
    NotQuit,
    /// `arbiter clock`'s game is over: the result, what can still be asked
    /// and how to leave.
    ClockOver {
        /// The result.
        result: GameResult,
    },
    /// `arbiter play`'s game is over: the result, what can still be asked
    /// and how to leave.
    PlayOver {
        /// The result.
        result: GameResult,
    },
    /// A command that needs a game in progress, after the end.
    GameIsOver,
    /// Both times once the game is over: nobody is to move.
    FinalTimes {
        /// White's name and time.
        white: (&'a str, &'a str),
        /// Black's name and time.
        black: (&'a str, &'a str),
    },
}

impl Said<'_> {
    /// The sentence in `l`.
    pub fn text(&self, l: Lang) -> String {
        match self {
            Said::GoesOn { plies, to_move } => goes_on(l, *plies, *to_move),
            Said::NoArbiterPresent { who } => no_arbiter(l, who),
            Said::Press {
                who,
                number,
                mv,
                times,
            } => pick(
                l,
                format!("{who}: move {number}{mv}. {times}"),
                format!("{who}: ход {number}{mv}. {times}"),
                format!("{who}: Zug {number}{mv}. {times}"),
            ),
            Said::Times {
                white,
                black,
                on_move,
                colour,
                paused,
            } => times(l, *white, *black, on_move, *colour, *paused),
            Said::UnknownLexicon { name } => {
                let known = pick(
                    l,
                    "unknown lexicon".into(),
                    "неизвестный словарь".into(),
                    "unbekanntes Lexikon".into(),
                );
                Said::Refused {
                    reason: &format!("{known} {name:?} (fide-de, ru-fide, ru, en, nato)"),
                }
                .text(l)
            }
            Said::Refused { reason } => pick(
                l,
                format!("Refused: {reason}."),
                format!("Отклонено: {reason}."),
                format!("Abgelehnt: {reason}."),
            ),
            Said::NotText { line } => pick(
                l,
                format!("Refused: line {line} is not UTF-8 text."),
                format!("Отклонено: строка {line} не в UTF-8."),
                format!("Abgelehnt: Zeile {line} ist kein UTF-8-Text."),
            ),
            Said::AskMoveOnBoard { who } => ask_move(l, who),
            Said::FinalTimes {
                white: (w, wt),
                black: (b, bt),
            } => pick(
                l,
                format!("{w} {wt}, {b} {bt}; the game is over."),
                format!("{w} {wt}, {b} {bt}; партия окончена."),
                format!("{w} {wt}, {b} {bt}; die Partie ist beendet."),
            ),
            Said::PressWithoutMove { who } => pick(
                l,
                format!("{who}: a press without a move (FIDE Laws 7.5.3)."),
                format!("{who}: нажатие часов без хода (Правила ФИДЕ, 7.5.3)."),
                format!("{who}: Uhr gedrückt ohne Zug (FIDE-Regeln 7.5.3)."),
            ),
            Said::ClockOver { result } => {
                let result = result_words(l, *result);
                pick(
                    l,
                    format!(
                        "The game is over: {result}. You can still ask t for the times and m for the last move; q leaves."
                    ),
                    format!(
                        "Партия окончена: {result}. Можно ещё спросить время (t) и последний ход (m); выход — q."
                    ),
                    format!(
                        "Die Partie ist beendet: {result}. Abrufbar sind noch die Zeiten (t) und der letzte Zug (m); Ende mit q."
                    ),
                )
            }
            Said::PlayOver { result } => {
                let result = result_words(l, *result);
                pick(
                    l,
                    format!(
                        "The game is over: {result}. You can still ask for the moves, the board, the times and pgn; quit leaves."
                    ),
                    format!(
                        "Партия окончена: {result}. Можно ещё спросить ходы, доску, время и pgn; выход — «выход»."
                    ),
                    format!(
                        "Die Partie ist beendet: {result}. Abrufbar sind noch die Züge, das Brett, die Zeiten und pgn; Ende mit „ende“."
                    ),
                )
            }
            fixed => fixed_text(l, fixed).to_string(),
        }
    }
}

/// A result as it is said after the end: who won, in words. The score is
/// never read out ("one–nil" is a scoresheet's shorthand, not speech); the
/// printed record keeps `1-0` where it is a record (the PGN, the log).
fn result_words(l: Lang, r: GameResult) -> &'static str {
    let [en, ru, de] = match r {
        GameResult::WhiteWins => ["White wins", "победа белых", "Weiß gewinnt"],
        GameResult::BlackWins => ["Black wins", "победа чёрных", "Schwarz gewinnt"],
        GameResult::Draw => ["a draw", "ничья", "Remis"],
        GameResult::BothLose => ["both players lose", "поражение обоим", "beide verlieren"],
        GameResult::Ongoing => ["no result yet", "результата пока нет", "noch kein Ergebnis"],
    };
    match l {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    }
}

fn ask_move(l: Lang, who: &str) -> String {
    pick(
        l,
        format!(
            "{who} pressed: which move was made on the board? Type it (for example e4); \
skip = go on as a clock that no longer follows the board; nomove = the clock was pressed without a move (7.5.3)."
        ),
        format!(
            "{who}: часы нажаты — какой ход сделан на доске? Наберите его (например, e4); \
пропуск — дальше только часы, без слежения за доской; «без хода» — часы нажаты без хода (7.5.3)."
        ),
        format!(
            "{who} hat gedrückt: welcher Zug wurde auf dem Brett gemacht? Bitte eingeben (zum Beispiel e4); \
überspringen = weiter nur als Uhr, ohne dem Brett zu folgen; „ohne zug“ = Uhr ohne Zug gedrückt (7.5.3)."
        ),
    )
}

/// The sentences that name nothing.
fn fixed_text(l: Lang, s: &Said<'_>) -> &'static str {
    let [en, ru, de] = match s {
        Said::UnfinishedAtEndOfInput => [
            "End of input: the game is left unfinished. To go on with it, start arbiter play again with --resume and the log file.",
            "Конец ввода: партия не закончена. Чтобы продолжить её, снова запустите arbiter play с --resume и файлом записи.",
            "Ende der Eingabe: die Partie bleibt unbeendet. Zum Weiterspielen arbiter play wieder mit --resume und der Protokolldatei starten.",
        ],
        Said::NoLongerFollows => [
            "The clock no longer follows the board: from here presses alone count, and typed moves are kept as written.",
            "Часы больше не следят за доской: дальше считаются только нажатия, набранные ходы записываются как есть.",
            "Die Uhr folgt dem Brett nicht mehr: ab hier zählen nur die Drücke, getippte Züge werden wie geschrieben notiert.",
        ],
        Said::NothingAsked => [
            "Refused: no move is being asked for.",
            "Отклонено: ход сейчас не спрашивается.",
            "Abgelehnt: es wird gerade kein Zug erfragt.",
        ],
        Said::WhiteCannotStart => [
            "Refused: White's press does not start the clock. Black's press (b) or start starts it; w with a move (w e4) records White's first move and starts Black's clock.",
            "Отклонено: нажатие белых не пускает часы. Их пускает нажатие чёрных (b) или start; w с ходом (w e4) записывает первый ход белых и пускает часы чёрных.",
            "Abgelehnt: der Druck von Weiß startet die Uhr nicht. Sie startet mit dem Druck von Schwarz (b) oder mit start; w mit Zug (w e4) notiert den ersten Zug von Weiß und startet die Uhr von Schwarz.",
        ],
        Said::ConfirmQuit => [
            "Quit? Type q again or yes to stop; anything else goes on.",
            "Выйти? Наберите q ещё раз или «да»; иначе часы идут дальше.",
            "Beenden? Zur Bestätigung q noch einmal oder „ja“ eingeben; sonst geht es weiter.",
        ],
        Said::NotQuit => [
            "Not quitting; the clock goes on.",
            "Выхода нет; часы идут дальше.",
            "Nicht beendet; die Uhr läuft weiter.",
        ],
        Said::GameIsOver => [
            "Refused: the game is over.",
            "Отклонено: партия окончена.",
            "Abgelehnt: die Partie ist beendet.",
        ],
        Said::AlreadyOver => [
            "This game is already over; nothing is added to it.",
            "Эта партия уже закончена; в неё ничего не добавляется.",
            "Diese Partie ist schon beendet; es wird nichts hinzugefügt.",
        ],
        Said::ClocksStopped => [
            "The clocks are stopped. Type pause to restart them.",
            "Часы остановлены. Чтобы пустить их, наберите «пауза».",
            "Die Uhren stehen. Zum Weiterspielen „pause“ eingeben.",
        ],
        Said::ConfirmResign => [
            "Resign? Type yes to confirm; anything else goes on.",
            "Сдаться? Наберите «да» для подтверждения; иначе игра продолжится.",
            "Aufgeben? Zur Bestätigung „ja“ eingeben; sonst geht es weiter.",
        ],
        Said::NotResigned => [
            "Not resigned; the game goes on.",
            "Не сдаётесь; игра продолжается.",
            "Nicht aufgegeben; es geht weiter.",
        ],
        Said::PauseAgain => [
            "Type pause again to restart the clocks.",
            "Чтобы снова пустить часы, наберите «пауза».",
            "Zum Weiterspielen wieder „pause“ eingeben.",
        ],
        Said::NoClock => [
            "This game has no clock.",
            "В этой партии нет часов.",
            "Diese Partie hat keine Uhr.",
        ],
        Said::QuitHelp => [
            "quit: stop (the game stays unfinished).",
            "выход: закончить (партия останется незаконченной).",
            "ende: aufhören (die Partie bleibt unbeendet).",
        ],
        Said::ClockHelp => CLOCK_HELP,
        Said::ClockHelpAppendixD => [
            "Rules for blind players: move MOVE = the move made on the board, \
announce MOVE = the move announced (a second announcement corrects a slip), then the press; \
retrace PLY WHITE_SECONDS BLACK_SECONDS = the arbiter retraces the game and sets the clocks.",
            "Правила для незрячих: ход ХОД — ход сделан на доске, \
объявляю ХОД — ход объявлен (второе объявление исправляет оговорку), затем нажатие часов; \
retrace ПОЛУХОД СЕКУНДЫ_БЕЛЫХ СЕКУНДЫ_ЧЁРНЫХ — арбитр возвращает партию и выставляет часы.",
            "Regeln für blinde Spieler: zug ZUG = der Zug auf dem Brett, \
ansage ZUG = der angesagte Zug (eine zweite Ansage berichtigt einen Versprecher), dann die Uhr; \
retrace HALBZUG SEKUNDEN_WEISS SEKUNDEN_SCHWARZ = der Schiedsrichter führt zurück und stellt die Uhren.",
        ],
        // These name something and are worded by `Said::text` itself.
        Said::GoesOn { .. }
        | Said::NoArbiterPresent { .. }
        | Said::Press { .. }
        | Said::Times { .. }
        | Said::UnknownLexicon { .. }
        | Said::Refused { .. }
        | Said::NotText { .. }
        | Said::AskMoveOnBoard { .. }
        | Said::PressWithoutMove { .. }
        | Said::ClockOver { .. }
        | Said::PlayOver { .. }
        | Said::FinalTimes { .. } => ["", "", ""],
    };
    match l {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    }
}

const CLOCK_HELP: [&str; 3] = [
    "Commands: b or start = start the clock, w = White presses (w e4 also records the move), b = Black presses, \
Enter = the side to move presses (once moves are typed, the clock asks for the move made on the board; \
skip = go on without following the board, nomove = a press without a move), p = pause or resume, t = times, m = last move, \
add SIDE SECONDS / deduct SIDE SECONDS = arbiter time, \
touch SQ = the side to move touches a piece (4.3), adjust SQ or j'adoube SQ = a piece adjusted (4.2), \
claim touch = a touch-move claim (4.8), h = help, q = quit (asks to confirm).",
    "Команды: b или старт — пустить часы, w — нажимают белые (w e4 — с записью хода), b — нажимают чёрные, \
Enter — нажимает тот, чей ход (если ходы набираются, часы спросят ход, сделанный на доске; \
пропуск — дальше без слежения за доской, «без хода» — нажатие без хода), p — пауза или пуск, t — время, m — последний ход, \
добавить СТОРОНА СЕКУНДЫ / снять СТОРОНА СЕКУНДЫ — время от арбитра, \
трогаю ПОЛЕ — тот, чей ход, коснулся фигуры (4.3), поправляю ПОЛЕ — фигуру поправили (4.2), \
тронуто или «взялся — ходи» — требование «тронул — ходи» (4.8), h — помощь, q — выход (с подтверждением).",
    "Befehle: b oder start = Uhr starten, w = Weiß drückt (w e4 mit Zug), b = Schwarz drückt, \
Enter = wer am Zug ist, drückt (werden Züge getippt, fragt die Uhr nach dem Zug auf dem Brett; \
überspringen = weiter ohne dem Brett zu folgen, „ohne zug“ = Druck ohne Zug), p = Pause oder weiter, t = Zeiten, m = letzter Zug, \
gutschreiben SEITE SEKUNDEN / abziehen SEITE SEKUNDEN = Zeit vom Schiedsrichter, \
berühre FELD = wer am Zug ist, berührt eine Figur (4.3), zurecht FELD oder j'adoube FELD = Figur zurechtgerückt (4.2), \
berührt – geführt = Reklamation (4.8), h = Hilfe, q = Ende (mit Bestätigung).",
];

fn goes_on(l: Lang, plies: usize, to_move: Side) -> String {
    let who = side_name(l, to_move);
    let (en, de) = if plies == 1 {
        ("half-move", "Halbzug")
    } else {
        ("half-moves", "Halbzügen")
    };
    let ru = plural_ru(plies as u64, "полухода", "полуходов", "полуходов");
    pick(
        l,
        format!("The stored game goes on after {plies} {en}; {who} to move."),
        format!("Партия продолжается после {plies} {ru}; ход: {who}."),
        format!("Die gespeicherte Partie geht nach {plies} {de} weiter; {who} am Zug."),
    )
}

fn no_arbiter(l: Lang, who: &str) -> String {
    pick(
        l,
        format!(
            "No arbiter is present: {who}'s claim ends play here and goes to the arbiter of the event, who decides the result (2005 Appendix D, Guidelines III.6). The result is pending (*). The final position:"
        ),
        format!(
            "Судьи нет на месте: требование ({who}) останавливает партию, результат определит судья соревнования (приложение D 2005 года, Руководство III.6). Результат пока не определён (*). Конечная позиция:"
        ),
        format!(
            "Kein Schiedsrichter anwesend: der Anspruch ({who}) beendet das Spiel hier, das Ergebnis bestimmt der Schiedsrichter des Turniers (Anhang D von 2005, Richtlinien III.6). Das Ergebnis steht aus (*). Die Schlussstellung:"
        ),
    )
}

fn times(
    l: Lang,
    (w, wt): (&str, &str),
    (b, bt): (&str, &str),
    on: &str,
    colour: bool,
    paused: bool,
) -> String {
    // After «Ход:» a colour is written in lower case, as `arbiter play`
    // writes it; a player's own name keeps its capital.
    let on_ru = if colour {
        on.to_lowercase()
    } else {
        on.to_string()
    };
    pick(
        l,
        format!(
            "{w} {wt}, {b} {bt}. {on} to move{}.",
            if paused { " (paused)" } else { "" }
        ),
        format!(
            "{w} {wt}, {b} {bt}. Ход: {on_ru}{}.",
            if paused { " (пауза)" } else { "" }
        ),
        format!(
            "{w} {wt}, {b} {bt}. {on} am Zug{}.",
            if paused { " (Pause)" } else { "" }
        ),
    )
}

/// Why an answer to a question of the talking clock's set-up is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetUpAnswer<'a> {
    /// A number outside `lo..=hi`.
    OutOfRange {
        /// The number given.
        n: u32,
        /// The least allowed.
        lo: u32,
        /// The greatest allowed.
        hi: u32,
    },
    /// Not a number.
    NotANumber {
        /// The text given (cut).
        shown: &'a str,
        /// The least allowed.
        lo: u32,
        /// The greatest allowed.
        hi: u32,
    },
}

impl SetUpAnswer<'_> {
    /// The reason in `l`.
    pub fn text(&self, l: Lang) -> String {
        match *self {
            SetUpAnswer::OutOfRange { n, lo, hi } => pick(
                l,
                format!("{n} is out of range: {lo} to {hi}."),
                format!("{n} вне допустимого: от {lo} до {hi}."),
                format!("{n} ist nicht erlaubt: {lo} bis {hi}."),
            ),
            SetUpAnswer::NotANumber { shown, lo, hi } => pick(
                l,
                format!("{shown:?} is not a number. Give a whole number from {lo} to {hi}."),
                format!("«{shown}» не число. Введите число от {lo} до {hi}."),
                format!("„{shown}“ ist keine Zahl. Eine ganze Zahl von {lo} bis {hi} eingeben."),
            ),
        }
    }
}

/// What help says during the talking clock's set-up, for answers in
/// `lo..=hi`.
pub fn setup_help(l: Lang, lo: u32, hi: u32) -> String {
    pick(
        l,
        format!(
            "Type a number from {lo} to {hi} and press Enter; an empty line keeps the value read out. At the end, confirm with yes. Then: b or start starts the clock, w and b press it, t says the times, h is help."
        ),
        format!(
            "Введите число от {lo} до {hi} и нажмите Enter; пустая строка оставляет названное значение. В конце подтвердите: да. После настройки: b или start запускают часы, w и b нажимают часы, t время, h помощь."
        ),
        format!(
            "Eine Zahl von {lo} bis {hi} eingeben und Enter drücken; eine leere Zeile behält den genannten Wert. Am Ende bestätigen: ja. Danach: b oder start startet die Uhr, w und b drücken, t die Zeiten, h Hilfe."
        ),
    )
}

/// Why a line's `@MS` time stamp is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stamp<'a> {
    /// The stamp is no number of milliseconds; `error` is the reader's
    /// English reason, said as it is in English.
    NotMillis {
        /// What was typed after `@` (cut).
        shown: &'a str,
        /// The reader's own English reason.
        error: &'a str,
    },
    /// A stamp without `--manual-time`.
    NeedsManualTime,
    /// A stamp before the time already reached.
    Backwards {
        /// The stamp.
        ms: u64,
        /// The time already reached.
        was: u64,
    },
}

impl Stamp<'_> {
    /// The whole refusal in `l` ("Refused: … .").
    pub fn text(&self, l: Lang) -> String {
        let reason = match *self {
            Stamp::NotMillis { shown, error } => pick(
                l,
                error.to_string(),
                format!("столбец 2: {shown:?} не число миллисекунд"),
                format!("Spalte 2: {shown:?} ist keine Zahl von Millisekunden"),
            ),
            Stamp::NeedsManualTime => pick(
                l,
                "@MS time stamps need --manual-time".into(),
                "отметки времени @MS действуют только с --manual-time".into(),
                "Zeitmarken @MS gelten nur mit --manual-time".into(),
            ),
            Stamp::Backwards { ms, was } => pick(
                l,
                format!("time went backwards (@{ms} is before @{was})"),
                format!("время пошло назад (@{ms} раньше @{was})"),
                format!("die Zeit läuft rückwärts (@{ms} liegt vor @{was})"),
            ),
        };
        Said::Refused { reason: &reason }.text(l)
    }
}

/// Why a `--start` position cannot begin a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadStart<'a> {
    /// The position text is refused; `why` is the reader's reason (in
    /// words when the position text's refusal has them).
    Refused {
        /// The reason.
        why: &'a str,
    },
    /// The position text, quoted, and its refusal in words.
    Fen {
        /// The position text (cut).
        fen: &'a str,
        /// Its refusal in `l`.
        reason: &'a str,
    },
    /// The Laws have already ended the game in the position.
    Over(arbiter_rules::Termination),
}

impl BadStart<'_> {
    /// The refusal in `l`. English of [`BadStart::Refused`] is the caller's
    /// own text (`None`): the reader's reason as the log reader gives it.
    pub fn text(&self, l: Lang) -> Option<String> {
        let why = match self {
            BadStart::Over(t) => return Some(start_over(l, *t)),
            BadStart::Refused { why } => why.to_string(),
            BadStart::Fen { fen, reason } => match l {
                Lang::De => format!("FEN „{fen}“: {reason}"),
                _ => format!("FEN «{fen}»: {reason}"),
            },
        };
        match l {
            Lang::Ru => Some(format!("начальная позиция --start не годится: {why}")),
            Lang::De => Some(format!("Ausgangsstellung --start unbrauchbar: {why}")),
            Lang::En => None,
        }
    }
}

/// A `--start` position the Laws have already ended, with the ending in
/// the words the game's announcements use.
fn start_over(l: Lang, t: arbiter_rules::Termination) -> String {
    let how = crate::rejection::termination_words(t, l);
    pick(
        l,
        format!("--start: the game is already over in this position ({how}); no move can be made"),
        format!(
            "начальная позиция --start не годится: партия в ней уже окончена ({how}), ходить нельзя"
        ),
        format!(
            "Ausgangsstellung --start unbrauchbar: die Partie ist in ihr schon beendet ({how}), kein Zug ist möglich"
        ),
    )
}

/// A command line of `arbiter play` or a position command that is not
/// understood: "Not understood: …".
pub fn not_understood(l: Lang, text: &str) -> String {
    let text = arbiter_laws::log::cut(text, 40);
    pick(
        l,
        format!("Not understood: {text}"),
        format!("Не понято: {text}"),
        format!("Nicht verstanden: {text}"),
    )
}

/// The most an arbiter adds or deducts at once with `arbiter clock`: a
/// day. More is a typo, and the clock's own arithmetic has a far larger
/// range; the refusal names the limit.
pub const MAX_ADJUST_SECONDS: u64 = 86_400;

/// Why a line is not a command of `arbiter clock`. The quoted input is already
/// cut short; [`ClockCommandError::say`] words it in the player's language, and
/// `Display` is the English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockCommandError {
    /// Not a side (white or black).
    UnknownSide(String),
    /// Not a number of seconds with up to three decimals.
    NotSeconds(String),
    /// More seconds than an arbiter adjusts at once.
    TooManySeconds(String),
    /// `add`/`deduct` without exactly a side and seconds.
    AdjustUsage(String),
    /// `lexicon` without exactly one name.
    LexiconUsage,
    /// `announce` or `move` without a move (the word typed).
    MoveUsage(String),
    /// `retrace` without a half-move and two times.
    RetraceUsage,
    /// `touch`, `adjust`, `lift` or `drop` without a square, or with more
    /// than it takes (the command's name).
    SquareUsage(String),
    /// No command has that name.
    Unknown(String),
}

impl ClockCommandError {
    /// The reason in `lang`, without the leading "Refused:".
    pub fn say(&self, lang: Lang) -> String {
        let max = MAX_ADJUST_SECONDS;
        match (self, lang) {
            (e, Lang::En) => e.to_string(),
            (Self::UnknownSide(s), Lang::Ru) => {
                format!("нет такой стороны {s} (белые или чёрные: w или b)")
            }
            (Self::UnknownSide(s), Lang::De) => {
                format!("unbekannte Seite {s} (Weiß oder Schwarz: w oder b)")
            }
            (Self::NotSeconds(s), Lang::Ru) => {
                format!("{s} — не число секунд (от 0 до {max}, до трёх знаков после точки)")
            }
            (Self::NotSeconds(s), Lang::De) => {
                format!(
                    "{s} ist keine Zahl von Sekunden (0 bis {max}, bis zu drei Nachkommastellen)"
                )
            }
            (Self::TooManySeconds(s), Lang::Ru) => {
                format!("{s} секунд — больше {max}, которые арбитр может добавить или снять за раз")
            }
            (Self::TooManySeconds(s), Lang::De) => {
                format!(
                    "{s} Sekunden sind mehr als die {max}, die ein Schiedsrichter auf einmal ändern darf"
                )
            }
            (Self::AdjustUsage(h), Lang::Ru) => format!("пишется так: {h} СТОРОНА СЕКУНДЫ"),
            (Self::AdjustUsage(h), Lang::De) => format!("so geschrieben: {h} SEITE SEKUNDEN"),
            (Self::LexiconUsage, Lang::Ru) => "пишется так: lexicon ИМЯ".into(),
            (Self::SquareUsage(h), Lang::Ru) => format!("пишется так: {h} ПОЛЕ (например, {h} e2)"),
            (Self::SquareUsage(h), Lang::De) => {
                format!("so geschrieben: {h} FELD (zum Beispiel {h} e2)")
            }
            (Self::MoveUsage(h), Lang::Ru) => format!("пишется так: {h} ХОД"),
            (Self::MoveUsage(h), Lang::De) => format!("so geschrieben: {h} ZUG"),
            (Self::RetraceUsage, Lang::Ru) => {
                "пишется так: retrace ПОЛУХОД СЕКУНДЫ_БЕЛЫХ СЕКУНДЫ_ЧЁРНЫХ".into()
            }
            (Self::RetraceUsage, Lang::De) => {
                "so geschrieben: retrace HALBZUG SEKUNDEN_WEISS SEKUNDEN_SCHWARZ".into()
            }
            (Self::LexiconUsage, Lang::De) => "so geschrieben: lexicon NAME".into(),
            (Self::Unknown(s), Lang::Ru) => {
                format!("неизвестная команда {s}; список команд: h или помощь")
            }
            (Self::Unknown(s), Lang::De) => {
                format!("unbekannter Befehl {s}; Befehle mit h oder hilfe")
            }
        }
    }
}

impl fmt::Display for ClockCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let max = MAX_ADJUST_SECONDS;
        match self {
            Self::UnknownSide(s) => write!(f, "unknown side {s} (white or black)"),
            Self::NotSeconds(s) => write!(
                f,
                "{s} is not a number of seconds (0 to {max}, up to three decimals)"
            ),
            Self::TooManySeconds(s) => write!(
                f,
                "{s} seconds is more than the {max} an arbiter may adjust at once"
            ),
            Self::AdjustUsage(h) => write!(f, "usage: {h} SIDE SECONDS"),
            Self::LexiconUsage => write!(f, "usage: lexicon NAME"),
            Self::MoveUsage(h) => write!(f, "usage: {h} MOVE"),
            Self::SquareUsage(h) => write!(f, "usage: {h} SQUARE (for example {h} e2)"),
            Self::RetraceUsage => write!(f, "usage: retrace PLY WHITE_SECONDS BLACK_SECONDS"),
            Self::Unknown(s) => write!(f, "unknown command {s}; type h for help"),
        }
    }
}

impl std::error::Error for ClockCommandError {}

#[cfg(test)]
mod tests {
    use super::*;

    const LANGS: [Lang; 3] = [Lang::En, Lang::Ru, Lang::De];

    /// Every sentence exists in the three languages and they differ.
    #[test]
    fn every_sentence_is_worded_in_three_languages() {
        let all = [
            Said::UnfinishedAtEndOfInput,
            Said::AlreadyOver,
            Said::GoesOn {
                plies: 3,
                to_move: Side::Black,
            },
            Said::ClocksStopped,
            Said::ConfirmResign,
            Said::NotResigned,
            Said::PauseAgain,
            Said::NoClock,
            Said::QuitHelp,
            Said::NoArbiterPresent { who: "X" },
            Said::ClockHelp,
            Said::ClockHelpAppendixD,
            Said::UnknownLexicon { name: "xx" },
            Said::NotText { line: 4 },
            Said::AskMoveOnBoard { who: "X" },
            Said::PressWithoutMove { who: "X" },
            Said::NoLongerFollows,
            Said::NothingAsked,
            Said::WhiteCannotStart,
            Said::ConfirmQuit,
            Said::NotQuit,
            Said::ClockOver {
                result: GameResult::WhiteWins,
            },
            Said::PlayOver {
                result: GameResult::WhiteWins,
            },
            Said::GameIsOver,
            Said::FinalTimes {
                white: ("W", "1:00"),
                black: ("B", "1:00"),
            },
        ];
        for s in all {
            let [en, ru, de] = LANGS.map(|l| s.text(l));
            assert!(!en.is_empty(), "{s:?}");
            assert!(en != ru && ru != de && en != de, "{s:?}");
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
        }
    }

    #[test]
    fn the_closing_line_says_who_won_in_words_never_the_score() {
        let cases = [
            (
                GameResult::WhiteWins,
                ["White wins", "победа белых", "Weiß gewinnt"],
            ),
            (
                GameResult::BlackWins,
                ["Black wins", "победа чёрных", "Schwarz gewinnt"],
            ),
        ];
        // The score read out, in each language: what a listener must never hear.
        let score = ["one", "nil", "один", "ноль", "eins", "null", "1-0", "0-1"];
        for (result, winners) in cases {
            for (l, winner) in LANGS.into_iter().zip(winners) {
                for s in [Said::ClockOver { result }, Said::PlayOver { result }] {
                    let text = s.text(l);
                    assert!(text.contains(winner), "{text}");
                    let low = text.to_lowercase();
                    for w in score {
                        assert!(!low.contains(w), "{w} in {text}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_stored_game_names_its_half_moves_in_agreement() {
        let s = |plies, l| {
            Said::GoesOn {
                plies,
                to_move: Side::White,
            }
            .text(l)
        };
        assert_eq!(
            s(1, Lang::En),
            "The stored game goes on after 1 half-move; White to move."
        );
        assert_eq!(
            s(2, Lang::Ru),
            "Партия продолжается после 2 полуходов; ход: Белые."
        );
        assert_eq!(
            s(5, Lang::De),
            "Die gespeicherte Partie geht nach 5 Halbzügen weiter; Weiß am Zug."
        );
    }

    #[test]
    fn a_colour_on_move_is_lower_cased_in_russian_a_name_is_not() {
        let t = |on_move, colour| {
            Said::Times {
                white: ("Белые", "5:00"),
                black: ("Чёрные", "4:59"),
                on_move,
                colour,
                paused: true,
            }
            .text(Lang::Ru)
        };
        assert_eq!(
            t("Чёрные", true),
            "Белые 5:00, Чёрные 4:59. Ход: чёрные (пауза)."
        );
        assert!(t("Anna", false).ends_with("Ход: Anna (пауза)."));
    }

    #[test]
    fn refusals_of_the_setup_and_of_stamps() {
        let range = SetUpAnswer::OutOfRange {
            n: 0,
            lo: 1,
            hi: 600,
        };
        assert_eq!(range.text(Lang::En), "0 is out of range: 1 to 600.");
        assert_eq!(
            Stamp::Backwards { ms: 5, was: 9 }.text(Lang::De),
            "Abgelehnt: die Zeit läuft rückwärts (@5 liegt vor @9)."
        );
        assert_eq!(
            Stamp::NotMillis {
                shown: "x",
                error: "bad stamp"
            }
            .text(Lang::En),
            "Refused: bad stamp."
        );
        assert_eq!(BadStart::Refused { why: "w" }.text(Lang::En), None);
        assert_eq!(
            BadStart::Refused { why: "w" }.text(Lang::Ru).as_deref(),
            Some("начальная позиция --start не годится: w")
        );
    }
}
