//! The command language of `arbiter clock`: one line in, one [`Command`]
//! out. Kept apart from the terminal loop so that it can be fuzzed.

use arbiter_notation::SpokenLang;
use arbiter_rules::Side;

/// The most an arbiter adds or deducts at once: a day. More is a typo, and
/// the clock's own arithmetic has a far larger range.
pub const MAX_ADJUST_SECONDS: u64 = 86_400;

/// Quoted input in a message is cut to this many characters.
const QUOTE: usize = 24;

fn quote(s: &str) -> String {
    // Escaped control characters take several characters each: cut again.
    let q = format!("{:?}", arbiter_laws::log::cut(s, QUOTE));
    arbiter_laws::log::cut(&q, 2 * QUOTE)
}

/// One line of input to the clock.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A press by a side (or by the side to move), with the move if typed.
    Press(Option<Side>, Option<String>),
    /// Pause, or resume when paused.
    PauseToggle,
    /// Say both times.
    Times,
    /// Repeat the last move.
    LastMove,
    /// The arbiter adds (positive) or deducts (negative) ms.
    Adjust(Side, i64),
    /// Choose the spoken lexicon.
    Lexicon(String),
    /// Start the clock (of the side to move) without a press.
    Start,
    /// The commands.
    Help,
    /// Stop.
    Quit,
}

/// Why a line is no command, typed so that the clock says it in the
/// player's language ([`CommandError::say`]); `Display` is English. Quoted
/// input is already cut short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Not white or black.
    UnknownSide(String),
    /// Not a number of seconds.
    NotSeconds(String),
    /// More seconds than an arbiter adjusts at once.
    TooManySeconds(String),
    /// The command (`add`, `+`, `deduct`, `-` or `lexicon`) needs its
    /// arguments.
    Usage(&'static str),
    /// No such command.
    UnknownCommand(String),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.say(SpokenLang::En))
    }
}

impl std::error::Error for CommandError {}

impl CommandError {
    /// The reason in `lang`.
    pub fn say(&self, lang: SpokenLang) -> String {
        use SpokenLang::*;
        let max = MAX_ADJUST_SECONDS;
        match (self, lang) {
            (CommandError::UnknownSide(s), En) => format!("unknown side {s} (white or black)"),
            (CommandError::UnknownSide(s), Ru) => {
                format!("непонятная сторона {s} (white — белые, black — чёрные)")
            }
            (CommandError::UnknownSide(s), De) => {
                format!("unbekannte Seite {s} (white für Weiß, black für Schwarz)")
            }
            (CommandError::NotSeconds(s), En) => {
                format!("{s} is not a number of seconds (0 to {max}, up to three decimals)")
            }
            (CommandError::NotSeconds(s), Ru) => format!(
                "{s} — не число секунд (от 0 до {max}, не больше трёх знаков после запятой)"
            ),
            (CommandError::NotSeconds(s), De) => format!(
                "{s} ist keine Zahl von Sekunden (0 bis {max}, höchstens drei Nachkommastellen)"
            ),
            (CommandError::TooManySeconds(s), En) => {
                format!("{s} seconds is more than the {max} an arbiter may adjust at once")
            }
            (CommandError::TooManySeconds(s), Ru) => {
                format!("{s} с — больше {max}, которые арбитр может изменить за раз")
            }
            (CommandError::TooManySeconds(s), De) => format!(
                "{s} Sekunden sind mehr als die {max}, die ein Schiedsrichter auf einmal ändern darf"
            ),
            (CommandError::Usage(u), _) => {
                let args = match (*u == "lexicon", lang) {
                    (true, Ru) => "НАЗВАНИЕ",
                    (true, _) => "NAME",
                    (false, En) => "SIDE SECONDS",
                    (false, Ru) => "СТОРОНА СЕКУНДЫ",
                    (false, De) => "SEITE SEKUNDEN",
                };
                match lang {
                    En => format!("usage: {u} {args}"),
                    Ru => format!("пишется так: {u} {args}"),
                    De => format!("Schreibweise: {u} {args}"),
                }
            }
            (CommandError::UnknownCommand(c), En) => {
                format!("unknown command {c}; type h for help")
            }
            (CommandError::UnknownCommand(c), Ru) => {
                format!("неизвестная команда {c}; помощь: h")
            }
            (CommandError::UnknownCommand(c), De) => {
                format!("unbekannter Befehl {c}; Hilfe: h")
            }
        }
    }
}

/// `w`, `white`, `1`, `left` or `b`, `black`, `2`, `right`.
pub fn parse_side(s: &str) -> Result<Side, CommandError> {
    match s {
        "w" | "white" | "1" | "left" => Ok(Side::White),
        "b" | "black" | "2" | "right" => Ok(Side::Black),
        _ => Err(CommandError::UnknownSide(quote(s))),
    }
}

/// Seconds with up to three decimals, from 0 to [`MAX_ADJUST_SECONDS`], in ms.
pub fn parse_seconds(s: &str) -> Result<i64, CommandError> {
    let bad = || Err(CommandError::NotSeconds(quote(s)));
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 3
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || (s.contains('.') && frac.is_empty())
    {
        return bad();
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > 6 {
        return Err(CommandError::TooManySeconds(quote(s)));
    }
    // At most six digits here, so the parse cannot fail.
    let secs: u64 = whole.parse().unwrap_or(0);
    let ms = secs * 1000 + format!("{frac:0<3}").parse::<u64>().unwrap_or(0);
    if ms > MAX_ADJUST_SECONDS * 1000 {
        return Err(CommandError::TooManySeconds(quote(s)));
    }
    Ok(ms as i64)
}

/// Reads one command line (case does not matter, except in the move).
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let lower = line.trim().to_lowercase();
    let mut words = lower.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(Command::Press(None, None));
    };
    let rest: Vec<&str> = words.collect();
    // The move keeps its original case (SAN: "Nf3").
    let original_rest = line
        .split_whitespace()
        .skip(1)
        .collect::<Vec<_>>()
        .join(" ");
    match head {
        "w" | "white" | "1" | "left" | "b" | "black" | "2" | "right" => {
            let side = parse_side(head)?;
            Ok(Command::Press(
                Some(side),
                (!rest.is_empty()).then_some(original_rest),
            ))
        }
        "p" | "pause" | "resume" => Ok(Command::PauseToggle),
        "t" | "time" | "times" | "s" => Ok(Command::Times),
        "m" | "last" => Ok(Command::LastMove),
        "add" | "+" | "deduct" | "-" => {
            let [side, secs] = rest[..] else {
                return Err(CommandError::Usage(match head {
                    "add" => "add",
                    "+" => "+",
                    "deduct" => "deduct",
                    _ => "-",
                }));
            };
            let ms = parse_seconds(secs)?;
            let sign = if matches!(head, "add" | "+") { 1 } else { -1 };
            Ok(Command::Adjust(parse_side(side)?, sign * ms))
        }
        "lexicon" => match rest[..] {
            [name] => Ok(Command::Lexicon(name.to_string())),
            _ => Err(CommandError::Usage("lexicon")),
        },
        "start" | "старт" | "пуск" => Ok(Command::Start),
        "h" | "help" | "?" => Ok(Command::Help),
        "q" | "quit" | "exit" => Ok(Command::Quit),
        other => Err(CommandError::UnknownCommand(quote(other))),
    }
}

/// `@1500 w e4` → (Some(1500), "w e4"): the time stamp of `--manual-time`.
pub fn split_at_prefix(line: &str) -> Result<(Option<u64>, &str), String> {
    let t = line.trim_start();
    let Some(rest) = t.strip_prefix('@') else {
        return Ok((None, line));
    };
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let num = &rest[..end];
    let at = num
        .parse::<u64>()
        .map_err(|_| format!("{} after @ is not a number of ms", quote(num)))?;
    if at > arbiter_clock::MAX_AT_MS {
        return Err(format!("@{at} is out of range"));
    }
    Ok((Some(at), rest[end..].trim_start()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjustments_are_bounded_and_say_why() {
        assert_eq!(parse_seconds("86400"), Ok(86_400_000));
        assert_eq!(parse_seconds("0.25"), Ok(250));
        assert_eq!(parse_seconds("007"), Ok(7_000));
        let e = parse_seconds("999999999999").unwrap_err().to_string();
        assert!(e.contains("more than the 86400"), "{e}");
        assert!(parse_seconds("86400.001").is_err());
        assert!(parse_seconds("1.").is_err());
        assert!(parse_seconds("1.2345").is_err());
        assert!(parse_seconds("-3").is_err());
        for l in [SpokenLang::En, SpokenLang::Ru, SpokenLang::De] {
            let e = parse_command(&format!("fly{}", "y".repeat(1000))).unwrap_err();
            assert!(e.say(l).chars().count() < 100, "{e}");
            let e = parse_seconds(&format!("0{}", "\u{7f}".repeat(100))).unwrap_err();
            assert!(e.say(l).chars().count() < 150, "{e}");
        }
    }
}
