//! The command language of `arbiter clock`: one line in, one [`Command`]
//! out. Kept apart from the terminal loop so that it can be fuzzed.

use arbiter_rules::Side;

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
    /// The player whose clock runs announces his move aloud (Appendix
    /// D.2.1): `announce MOVE`, «объявляю MOVE», `ansage MOVE`.
    Announce(String),
    /// The player whose clock runs has made this move on his board, not
    /// yet pressed (D.2.3): `move MOVE`, «ход MOVE», `zug MOVE`.
    Made(String),
    /// The arbiter retraces the game to half-move `ply` and sets both
    /// clocks, in ms (D.2.9): `retrace PLY WHITE_SECONDS BLACK_SECONDS`.
    Retrace(u32, i64, i64),
    /// The commands.
    Help,
    /// Stop (asked to be confirmed).
    Quit,
    /// A confirmation: `yes`, «да», `ja`.
    Yes,
    /// The move made on the board is not typed: the clock goes on without
    /// following the board (`skip`, «пропуск», `überspringen`).
    Skip,
    /// The clock was pressed without a move (FIDE Laws 2023, 7.5.3):
    /// `nomove`, «без хода», `ohne zug`.
    NoMove,
    /// The side to move touches the man on a square with intent (L-4.3);
    /// Tavreli: the Nth man of the tower from the top (`touch c5 2`).
    Touch(String, Option<u32>),
    /// A man is adjusted after saying so (L-4.2): by the side given, else
    /// by the side to move. Without a square (only with `--board`): the
    /// next man lifted is adjusted.
    AdjustMan(Option<Side>, Option<String>),
    /// A touch-move claim (L-4.8): by the side given, else by the side to
    /// move (the breaking move was pressed, so the claimant has the move).
    ClaimTouch(Option<Side>),
    /// A sensor board: a man is lifted from a square.
    Lift(String),
    /// A sensor board: a man is put on a square; the piece a pawn
    /// promotes to, when it is put on the last rank (`q` by default).
    Drop(String, Option<char>),
}

// Why a line is not a command, and its words in every language, are the
// words crate's; they keep their paths here.
pub use arbiter_notation::terminal::{ClockCommandError as CommandError, MAX_ADJUST_SECONDS};

/// `w`, `white`, `1`, `left` or `b`, `black`, `2`, `right`, and the
/// Russian and German names of the sides.
pub fn parse_side(s: &str) -> Result<Side, CommandError> {
    match s {
        "w" | "white" | "1" | "left" | "белые" | "weiß" | "weiss" => Ok(Side::White),
        "b" | "black" | "2" | "right" | "чёрные" | "черные" | "schwarz" => {
            Ok(Side::Black)
        }
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

/// A square as the board names it: a file letter and a rank, `e2` (a
/// Tavreli board is 8×8 too). Checked here so that a typo is refused by
/// the clock before the Laws see it.
fn parse_square(head: &str, s: &str) -> Result<String, CommandError> {
    let b = s.as_bytes();
    let ok = b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]);
    if ok {
        Ok(s.to_string())
    } else {
        Err(CommandError::SquareUsage(quote(head)))
    }
}

/// The words of a touch-move claim, with dashes and spaces taken out:
/// `claim touch`, «тронуто», «взялся — ходи», «тронул — ходи»,
/// „berührt – geführt“.
fn is_claim_touch(compact: &str) -> bool {
    matches!(
        compact,
        "claimtouch"
            | "claimtouchmove"
            | "тронуто"
            | "взялсяходи"
            | "тронулходи"
            | "berührtgeführt"
            | "reklamiereberührt"
    )
}

/// The Art. 4 commands and a sensor board's lines (docs/board-stream.md);
/// `None` when `head` is none of them.
fn parse_touch(head: &str, rest: &[&str]) -> Option<Result<Command, CommandError>> {
    let usage = || Err(CommandError::SquareUsage(quote(head)));
    let cmd = match (head, rest) {
        ("touch" | "трогаю" | "тронул" | "berühre", [sq]) => {
            parse_square(head, sq).map(|s| Command::Touch(s, None))
        }
        ("touch" | "трогаю" | "тронул" | "berühre", [sq, n]) => {
            match n.parse::<u32>() {
                Ok(n @ 1..=64) => parse_square(head, sq).map(|s| Command::Touch(s, Some(n))),
                _ => usage(),
            }
        }
        ("adjust" | "j'adoube" | "jadoube" | "поправляю" | "zurecht", []) => {
            Ok(Command::AdjustMan(None, None))
        }
        ("adjust" | "j'adoube" | "jadoube" | "поправляю" | "zurecht", [sq]) => {
            parse_square(head, sq).map(|s| Command::AdjustMan(None, Some(s)))
        }
        ("adjust" | "j'adoube" | "jadoube" | "поправляю" | "zurecht", [side, sq]) => {
            parse_side(side).and_then(|side| {
                parse_square(head, sq).map(|s| Command::AdjustMan(Some(side), Some(s)))
            })
        }
        ("lift", [sq]) => parse_square(head, sq).map(Command::Lift),
        ("drop", [sq]) => parse_square(head, sq).map(|s| Command::Drop(s, None)),
        ("drop", [sq, piece]) => match piece.trim_start_matches('=') {
            p @ ("q" | "r" | "b" | "n") => {
                let c = p.chars().next();
                parse_square(head, sq).map(|s| Command::Drop(s, c))
            }
            _ => usage(),
        },
        (
            "touch" | "трогаю" | "тронул" | "berühre" | "adjust" | "j'adoube" | "jadoube"
            | "поправляю" | "zurecht" | "lift" | "drop",
            _,
        ) => usage(),
        _ => return None,
    };
    Some(cmd)
}

/// A touch-move claim, with the claimant's side at the end when given
/// (`claim touch b`).
fn parse_claim_touch(lower: &str) -> Option<Result<Command, CommandError>> {
    let words: Vec<&str> = lower.split_whitespace().collect();
    let compact = |w: &[&str]| -> String {
        w.concat()
            .chars()
            .filter(|c| !matches!(c, '-' | '–' | '—'))
            .collect()
    };
    if is_claim_touch(&compact(&words)) {
        return Some(Ok(Command::ClaimTouch(None)));
    }
    let (last, before) = words.split_last()?;
    if is_claim_touch(&compact(before)) {
        return Some(parse_side(last).map(|s| Command::ClaimTouch(Some(s))));
    }
    None
}

/// Reads one command line (case does not matter, except in the move).
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let lower = line.trim().to_lowercase();
    if let Some(claim) = parse_claim_touch(&lower) {
        return claim;
    }
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
        "w" | "white" | "1" | "left" | "b" | "black" | "2" | "right" | "белые" | "weiß"
        | "weiss" | "чёрные" | "черные" | "schwarz" => {
            let side = parse_side(head)?;
            Ok(Command::Press(
                Some(side),
                (!rest.is_empty()).then_some(original_rest),
            ))
        }
        "p" | "pause" | "resume" | "пауза" | "продолжить" | "weiter" => {
            Ok(Command::PauseToggle)
        }
        "t" | "time" | "times" | "s" | "c" | "clock" | "время" | "часы" | "zeit" | "uhr" => {
            Ok(Command::Times)
        }
        "m" | "last" | "последний" | "letzter" => Ok(Command::LastMove),
        "add" | "+" | "deduct" | "-" | "добавить" | "снять" | "gutschreiben" | "abziehen" =>
        {
            let [side, secs] = rest[..] else {
                return Err(CommandError::AdjustUsage(head.to_string()));
            };
            let ms = parse_seconds(secs)?;
            let adds = matches!(head, "add" | "+" | "добавить" | "gutschreiben");
            let sign = if adds { 1 } else { -1 };
            Ok(Command::Adjust(parse_side(side)?, sign * ms))
        }
        "lexicon" => match rest[..] {
            [name] => Ok(Command::Lexicon(name.to_string())),
            _ => Err(CommandError::LexiconUsage),
        },
        "start" | "старт" | "пуск" => Ok(Command::Start),
        "announce" | "объявляю" | "ansage" | "move" | "ход" | "zug" => {
            if rest.is_empty() {
                return Err(CommandError::MoveUsage(quote(head)));
            }
            Ok(match head {
                "announce" | "объявляю" | "ansage" => Command::Announce(original_rest),
                _ => Command::Made(original_rest),
            })
        }
        "retrace" | "возврат" | "rückführung" => {
            let [ply, white, black] = rest[..] else {
                return Err(CommandError::RetraceUsage);
            };
            let ply = ply.parse().map_err(|_| CommandError::RetraceUsage)?;
            Ok(Command::Retrace(
                ply,
                parse_seconds(white)?,
                parse_seconds(black)?,
            ))
        }
        "h" | "help" | "?" | "помощь" | "hilfe" => Ok(Command::Help),
        "q" | "quit" | "exit" | "выход" | "ende" => Ok(Command::Quit),
        "yes" | "y" | "да" | "ja" => Ok(Command::Yes),
        "skip" | "пропуск" | "пропустить" | "überspringen" => Ok(Command::Skip),
        "nomove" => Ok(Command::NoMove),
        "без" | "ohne" if matches!(rest[..], ["хода"] | ["zug"]) => Ok(Command::NoMove),
        other => match parse_touch(other, &rest) {
            Some(cmd) => cmd,
            None => Err(CommandError::Unknown(quote(other))),
        },
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
    use arbiter_rules::Lang;

    #[test]
    fn adjustments_are_bounded_and_say_why() {
        assert_eq!(parse_seconds("86400"), Ok(86_400_000));
        assert_eq!(parse_seconds("0.25"), Ok(250));
        assert_eq!(parse_seconds("007"), Ok(7_000));
        let e = parse_seconds("999999999999").unwrap_err();
        assert!(e.to_string().contains("more than the 86400"), "{e}");
        assert!(parse_seconds("86400.001").is_err());
        assert!(parse_seconds("1.").is_err());
        assert!(parse_seconds("1.2345").is_err());
        assert!(parse_seconds("-3").is_err());
        let e = parse_command(&format!("fly{}", "y".repeat(1000))).unwrap_err();
        for lang in [Lang::En, Lang::Ru, Lang::De] {
            assert!(e.say(lang).chars().count() < 100, "{e}");
        }
        let e = parse_seconds(&format!("0{}", "\u{7f}".repeat(100))).unwrap_err();
        assert!(e.to_string().chars().count() < 150, "{e}");
    }

    /// Appendix D's commands: the announcement (D.2.1), the move on the
    /// board (D.2.3), the arbiter's retrace (D.2.9), in every language.
    #[test]
    fn appendix_d_commands() {
        assert_eq!(
            parse_command("announce Nf3"),
            Ok(Command::Announce("Nf3".into()))
        );
        assert_eq!(
            parse_command("Объявляю конь эф три"),
            Ok(Command::Announce("конь эф три".into()))
        );
        assert_eq!(
            parse_command("ansage Springer Felix drei"),
            Ok(Command::Announce("Springer Felix drei".into()))
        );
        assert_eq!(parse_command("ход e4"), Ok(Command::Made("e4".into())));
        assert_eq!(
            parse_command("retrace 2 3000 2990.5"),
            Ok(Command::Retrace(2, 3_000_000, 2_990_500))
        );
        for bad in ["announce", "ход", "retrace 2 30", "retrace x 1 1"] {
            let e = parse_command(bad).unwrap_err();
            assert!(
                e.say(Lang::Ru).chars().any(|c| ('а'..='я').contains(&c)),
                "{bad}"
            );
            assert_ne!(e.say(Lang::De), e.to_string(), "{bad}");
        }
    }

    /// A blind player at a Russian or German board commands the clock in
    /// their own words, and hears every refusal in them.
    #[test]
    fn commands_and_refusals_in_every_language() {
        assert_eq!(
            parse_command("белые"),
            Ok(Command::Press(Some(Side::White), None))
        );
        assert_eq!(
            parse_command("Чёрные"),
            Ok(Command::Press(Some(Side::Black), None))
        );
        assert_eq!(parse_command("часы"), Ok(Command::Times));
        assert_eq!(parse_command("c"), Ok(Command::Times));
        assert_eq!(parse_command("пауза"), Ok(Command::PauseToggle));
        assert_eq!(parse_command("помощь"), Ok(Command::Help));
        assert_eq!(
            parse_command("add черные 30"),
            Ok(Command::Adjust(Side::Black, 30_000))
        );
        let errors = [
            parse_command("fly").unwrap_err(),
            parse_command("add x 3").unwrap_err(),
            parse_command("add w x").unwrap_err(),
            parse_command("add w 999999").unwrap_err(),
            parse_command("add w").unwrap_err(),
            parse_command("lexicon").unwrap_err(),
        ];
        for e in errors {
            let (en, ru, de) = (e.say(Lang::En), e.say(Lang::Ru), e.say(Lang::De));
            assert_eq!(en, e.to_string());
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            assert!(!ru.contains("unknown") && !ru.contains("usage"), "{ru}");
            assert!(
                de != en && !de.contains("unknown") && !de.contains("usage"),
                "{de}"
            );
        }
    }
}
