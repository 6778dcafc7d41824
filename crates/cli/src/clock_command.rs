//! The command language of `arbiter clock`: one line in, one [`Command`]
//! out. Kept apart from the terminal loop so that it can be fuzzed.

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

/// `w`, `white`, `1`, `left` or `b`, `black`, `2`, `right`.
pub fn parse_side(s: &str) -> Result<Side, String> {
    match s {
        "w" | "white" | "1" | "left" => Ok(Side::White),
        "b" | "black" | "2" | "right" => Ok(Side::Black),
        _ => Err(format!("unknown side {} (white or black)", quote(s))),
    }
}

/// Seconds with up to three decimals, from 0 to [`MAX_ADJUST_SECONDS`], in ms.
pub fn parse_seconds(s: &str) -> Result<i64, String> {
    let bad = || {
        Err(format!(
            "{} is not a number of seconds (0 to {MAX_ADJUST_SECONDS}, up to three decimals)",
            quote(s)
        ))
    };
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
        return Err(format!(
            "{} seconds is more than the {MAX_ADJUST_SECONDS} an arbiter may adjust at once",
            quote(s)
        ));
    }
    // At most six digits here, so the parse cannot fail.
    let secs: u64 = whole.parse().unwrap_or(0);
    let ms = secs * 1000 + format!("{frac:0<3}").parse::<u64>().unwrap_or(0);
    if ms > MAX_ADJUST_SECONDS * 1000 {
        return Err(format!(
            "{} seconds is more than the {MAX_ADJUST_SECONDS} an arbiter may adjust at once",
            quote(s)
        ));
    }
    Ok(ms as i64)
}

/// Reads one command line (case does not matter, except in the move).
pub fn parse_command(line: &str) -> Result<Command, String> {
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
                return Err(format!("usage: {head} SIDE SECONDS"));
            };
            let ms = parse_seconds(secs)?;
            let sign = if matches!(head, "add" | "+") { 1 } else { -1 };
            Ok(Command::Adjust(parse_side(side)?, sign * ms))
        }
        "lexicon" => match rest[..] {
            [name] => Ok(Command::Lexicon(name.to_string())),
            _ => Err("usage: lexicon NAME".into()),
        },
        "start" | "старт" | "пуск" => Ok(Command::Start),
        "h" | "help" | "?" => Ok(Command::Help),
        "q" | "quit" | "exit" => Ok(Command::Quit),
        other => Err(format!("unknown command {}; type h for help", quote(other))),
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
        let e = parse_seconds("999999999999").unwrap_err();
        assert!(e.contains("more than the 86400"), "{e}");
        assert!(parse_seconds("86400.001").is_err());
        assert!(parse_seconds("1.").is_err());
        assert!(parse_seconds("1.2345").is_err());
        assert!(parse_seconds("-3").is_err());
        let e = parse_command(&format!("fly{}", "y".repeat(1000))).unwrap_err();
        assert!(e.len() < 100, "{e}");
        let e = parse_seconds(&format!("0{}", "\u{7f}".repeat(100))).unwrap_err();
        assert!(e.chars().count() < 150, "{e}");
    }
}
