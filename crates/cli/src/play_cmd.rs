//! `arbiter play --variant tavreli`: a game against the computer, one line
//! in and a few lines out, so it works the same on a braille display, with
//! a screen reader or over a serial line. Nothing is redrawn; every reply
//! is a full sentence ("Computer: e7-e5, black ratnik from e7 to e5").

use arbiter_laws::{RuleSet, Status};
use arbiter_tavreli::search::{Engine, Limits};
use arbiter_tavreli::speech::{self, Lang};
use arbiter_tavreli::{Position, Tavreli, fen, identity, notation};
use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The game to play: `tavreli` (chess play is not built yet).
    #[arg(long, default_value = "tavreli")]
    pub variant: String,
    /// Playing strength 1 (one move ahead) to 6 (full time budget).
    #[arg(long, default_value_t = 4)]
    pub level: u8,
    /// Your colour: `white` or `black`.
    #[arg(long, default_value = "white")]
    pub color: String,
    /// The computer's thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub ms_per_move: u64,
    /// Language of the spoken descriptions: `en` or `ru`.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// Start from this position text (docs/tavreli-position.md) instead of the initial array.
    #[arg(long)]
    pub position: Option<String>,
}

struct Ui {
    lang: Lang,
    out: std::io::Stdout,
    /// The first write that failed: the game stops at the next prompt.
    failed: Option<std::io::Error>,
}

impl Ui {
    fn say(&mut self, en: &str, ru: &str) {
        let text = match self.lang {
            Lang::En | Lang::De => en,
            Lang::Ru => ru,
        };
        self.write(&format!("{text}\n"));
    }
    fn line(&mut self, text: &str) {
        self.write(&format!("{text}\n"));
    }
    fn write(&mut self, text: &str) {
        if self.failed.is_some() {
            return;
        }
        if let Err(e) = self
            .out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.flush())
        {
            self.failed = Some(e);
        }
    }
    /// The exit when a write failed: quiet for a closed pipe, else reported.
    fn failure(&mut self) -> Option<ExitCode> {
        let e = self.failed.take()?;
        Some(crate::out::write_failed(
            "play",
            "standard output",
            &e,
            ExitCode::SUCCESS,
        ))
    }
}

pub fn run(a: Args) -> ExitCode {
    if a.variant != "tavreli" {
        crate::out::error("play", "only --variant tavreli is built so far");
        return ExitCode::from(2);
    }
    let Some(lang) = speech::parse_lang(&a.lang) else {
        crate::out::error("play", format!("--lang must be en or ru, not {:?}", a.lang));
        return ExitCode::from(2);
    };
    let human_white = match a.color.to_ascii_lowercase().as_str() {
        "white" | "w" | "белые" => true,
        "black" | "b" | "чёрные" | "черные" => false,
        other => {
            crate::out::error(
                "play",
                format!("--color must be white or black, not {other:?}"),
            );
            return ExitCode::from(2);
        }
    };
    if !(1..=6).contains(&a.level) {
        crate::out::error("play", "--level must be 1 to 6");
        return ExitCode::from(2);
    }
    let rules = Tavreli::default();
    let mut pos = match &a.position {
        Some(t) => match fen::parse(t) {
            Ok(p) => p,
            Err(e) => {
                crate::out::error("play", e);
                return ExitCode::from(2);
            }
        },
        None => Position::initial(),
    };
    let mut ui = Ui {
        lang,
        out: std::io::stdout(),
        failed: None,
    };
    let mut engine = Engine::new(32);
    let limits = Limits::level(a.level, a.ms_per_move);
    let mut seen: HashMap<_, u32> = HashMap::new();
    *seen.entry(identity(&pos)).or_default() += 1;
    let mut history: Vec<(Position, String)> = Vec::new();

    ui.say(
        &format!(
            "Tavreli. You play {}. Type a move such as e2-e4 or e2(1)-c3, or help.",
            if human_white { "White" } else { "Black" }
        ),
        &format!(
            "Таврели. Вы играете {}. Введите ход, например e2-e4 или e2(1)-c3, или help.",
            if human_white {
                "белыми"
            } else {
                "чёрными"
            }
        ),
    );
    let stdin = std::io::stdin();
    let mut lines = arbiter_laws::log::LineReader::new(stdin.lock(), arbiter_laws::log::MAX_LINE);
    loop {
        if let Some(code) = ui.failure() {
            return code;
        }
        if let Some(end) = game_over(&rules, &pos, &seen, &mut ui) {
            return ui.failure().unwrap_or(end);
        }
        let human_to_move = pos.side_to_move().index() == if human_white { 0 } else { 1 };
        if !human_to_move {
            let r = engine.search(&pos, limits);
            let Some(mv) = r.best else {
                return ExitCode::SUCCESS; // unreachable: game_over saw no legal move
            };
            let text = notation::move_text(&pos, mv);
            let words = speech::describe_move(&pos, mv, lang);
            ui.say(
                &format!("Computer: {text}, {words}."),
                &format!("Компьютер: {text}, {words}."),
            );
            history.push((pos.clone(), text));
            pos.make(mv);
            *seen.entry(identity(&pos)).or_default() += 1;
            continue;
        }
        ui.write(&format!("{}> ", pos.fullmove()));
        let line = match lines.next_line() {
            None => {
                ui.line("");
                ui.say(
                    "End of input: game left unfinished.",
                    "Конец ввода: партия не закончена.",
                );
                return ui.failure().unwrap_or(ExitCode::SUCCESS);
            }
            Some(Err(e)) => {
                ui.line("");
                // The game so far was all said; the input cannot be read on.
                return ui.failure().unwrap_or_else(|| {
                    crate::out::bad_input("play", format!("standard input: {e}"))
                });
            }
            Some(Ok((n, bytes))) => match std::str::from_utf8(bytes) {
                Ok(l) => l.to_string(),
                Err(_) => {
                    ui.say(
                        &format!("Line {n} is not UTF-8 text; try again."),
                        &format!("Строка {n} не в UTF-8; повторите."),
                    );
                    continue;
                }
            },
        };
        let cmd = line.trim();
        let lower = cmd.to_lowercase();
        match lower.as_str() {
            "" => continue,
            "quit" | "exit" | "q" | "выход" => {
                ui.say("Goodbye.", "До свидания.");
                return ExitCode::SUCCESS;
            }
            "help" | "?" | "помощь" => {
                for (en, ru) in HELP {
                    ui.say(en, ru);
                }
                continue;
            }
            "board" | "доска" => {
                for l in speech::board(&pos, lang) {
                    ui.line(&l);
                }
                ui.say(
                    &format!(
                        "{} to move.",
                        if pos.side_to_move().index() == 0 {
                            "White"
                        } else {
                            "Black"
                        }
                    ),
                    &format!(
                        "Ход {}.",
                        if pos.side_to_move().index() == 0 {
                            "белых"
                        } else {
                            "чёрных"
                        }
                    ),
                );
                continue;
            }
            "position" | "fen" | "позиция" => {
                ui.line(&fen::to_text(&pos));
                continue;
            }
            "moves" | "ходы" => {
                let mut texts: Vec<String> = pos
                    .clone()
                    .legal_moves()
                    .iter()
                    .map(|&m| notation::move_plain(&pos, m))
                    .collect();
                texts.sort();
                ui.say(
                    &format!("{} legal moves: {}", texts.len(), texts.join(" ")),
                    &format!("Возможных ходов: {}: {}", texts.len(), texts.join(" ")),
                );
                continue;
            }
            "undo" | "takeback" | "назад" => {
                // take back the computer's reply and the own move
                let mut n = 0;
                while let Some((p, _)) = history.pop() {
                    if let Some(c) = seen.get_mut(&identity(&pos)) {
                        *c = c.saturating_sub(1);
                    }
                    pos = p;
                    n += 1;
                    if pos.side_to_move().index() == if human_white { 0 } else { 1 } {
                        break;
                    }
                }
                if n == 0 {
                    ui.say("Nothing to take back.", "Нечего возвращать.");
                } else {
                    ui.say("Taken back.", "Ход возвращён.");
                }
                continue;
            }
            "pgn" => {
                // the game so far as a Tavreli PGN record (arbiter_tavreli::pgn)
                let mut game = arbiter_tavreli::pgn::PgnGame {
                    tags: vec![
                        ("Event".into(), "arbiter play".into()),
                        (
                            "White".into(),
                            if human_white { "Player" } else { "arbiter" }.into(),
                        ),
                        (
                            "Black".into(),
                            if human_white { "arbiter" } else { "Player" }.into(),
                        ),
                        ("Variant".into(), "Tavreli".into()),
                        ("Result".into(), "*".into()),
                    ],
                    moves: history
                        .iter()
                        .map(|(_, t)| arbiter_tavreli::pgn::PgnMove {
                            text: t.clone(),
                            comments: Vec::new(),
                            line: 0,
                        })
                        .collect(),
                    result: Some("*".into()),
                    ..Default::default()
                };
                if let Some(start) = &a.position {
                    game.tags.push(("SetUp".into(), "1".into()));
                    game.tags.push(("FEN".into(), start.trim().to_string()));
                }
                ui.write(&arbiter_tavreli::pgn::write_game(&game));
                continue;
            }
            "history" | "record" | "запись" => {
                let t: Vec<&str> = history.iter().map(|(_, t)| t.as_str()).collect();
                ui.line(if t.is_empty() { "-" } else { "" });
                if !t.is_empty() {
                    ui.line(&t.join(" "));
                }
                continue;
            }
            _ => {}
        }
        // `tower e4` or just `e4`: describe a square
        let sq_text = lower
            .strip_prefix("tower ")
            .or_else(|| lower.strip_prefix("башня "))
            .unwrap_or(&lower);
        if let Some(sq) = notation::parse_square(sq_text.trim()) {
            let d = speech::tower(&pos, sq, lang).unwrap_or_else(|| match lang {
                Lang::En | Lang::De => {
                    format!("{} is empty", arbiter_tavreli::board::square_name(sq))
                }
                Lang::Ru => format!("{} пусто", arbiter_tavreli::board::square_name(sq)),
            });
            ui.line(&d);
            continue;
        }
        match notation::parse_move(&pos, cmd) {
            Ok((mv, _)) => {
                let text = notation::move_text(&pos, mv);
                let words = speech::describe_move(&pos, mv, lang);
                ui.say(
                    &format!("You: {text}, {words}."),
                    &format!("Вы: {text}, {words}."),
                );
                history.push((pos.clone(), text));
                pos.make(mv);
                *seen.entry(identity(&pos)).or_default() += 1;
            }
            Err(e) => {
                // The token is the player's line: cut, so a pasted page stays short.
                let cut = |t: String| arbiter_laws::log::cut(&t, crate::out::MESSAGE_CHARS);
                ui.say(
                    &cut(format!("Not played: {e}.")),
                    &cut(format!(
                        "Ход не сделан: `{}`: {}.",
                        arbiter_laws::log::cut(e.token(), 40),
                        e.reason_in(Lang::Ru)
                    )),
                );
            }
        }
    }
}

const HELP: [(&str, &str); 7] = [
    (
        "Moves: from-to, such as c1-d2; e2(1)-c3 lifts the top man only (the number is how many men you lift from the top); 0-0 and 0-0-0 castle.",
        "Ходы: откуда-куда, например c1-d2; e2(1)-c3 снимает только верхнюю таврель (число: сколько снять сверху); 0-0 и 0-0-0: рокировка.",
    ),
    (
        "board: every tower, rank by rank, top man first.",
        "board: все башни по горизонталям, сверху вниз.",
    ),
    (
        "e4 or tower e4: the stack on one square.",
        "e4 или tower e4: башня на одном поле.",
    ),
    (
        "moves: all your legal moves.",
        "moves: все ваши возможные ходы.",
    ),
    (
        "undo: take back your last move; history: the moves so far.",
        "undo: вернуть ход; history: запись партии.",
    ),
    (
        "position: the position text; pgn: the game so far as PGN.",
        "position: текст позиции; pgn: запись партии в PGN.",
    ),
    ("quit: leave the game.", "quit: выйти."),
];

/// Announces mate, stalemate, threefold repetition or the 50-move rule
/// (§3.4, §3.5, §8 Q15–Q16); in a game against the computer the draws are
/// applied at once, as if claimed.
fn game_over(
    rules: &Tavreli,
    pos: &Position,
    seen: &HashMap<arbiter_tavreli::Identity, u32>,
    ui: &mut Ui,
) -> Option<ExitCode> {
    match rules.status(pos) {
        Status::Checkmate => {
            let white_lost = pos.side_to_move().index() == 0;
            ui.say(
                &format!(
                    "Checkmate. {} wins.",
                    if white_lost { "Black" } else { "White" }
                ),
                &format!(
                    "Мат. Победили {}.",
                    if white_lost {
                        "чёрные"
                    } else {
                        "белые"
                    }
                ),
            );
            return Some(ExitCode::SUCCESS);
        }
        Status::Stalemate => {
            ui.say("Stalemate: a draw.", "Пат: ничья.");
            return Some(ExitCode::SUCCESS);
        }
        Status::Ongoing => {}
    }
    if arbiter_edition::Side::BOTH
        .iter()
        .all(|&side| rules.mateability(pos, side) == arbiter_laws::Mateability::Impossible)
    {
        ui.say(
            "Neither side can ever mate: a draw.",
            "Ни одна сторона не может поставить мат: ничья.",
        );
        return Some(ExitCode::SUCCESS);
    }
    if seen.get(&identity(pos)).copied().unwrap_or(0) >= 3 {
        ui.say(
            "The same position for the third time: a draw.",
            "Позиция повторилась трижды: ничья.",
        );
        return Some(ExitCode::SUCCESS);
    }
    if rules.has_move_count_rules() && pos.halfmove_clock() >= 100 {
        ui.say(
            "Fifty moves each without a ratnik move or a new tower: a draw.",
            "Пятьдесят ходов без хода ратником и без новой башни: ничья.",
        );
        return Some(ExitCode::SUCCESS);
    }
    None
}
