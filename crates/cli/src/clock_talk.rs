//! The spoken set-up of `arbiter clock` (L-D.2.6: a blind player sets the
//! clock alone): the questions in the chosen lexicon, each answer checked
//! and an invalid one refused aloud with the allowed range, help on
//! request, the setting read back and confirmed. The words come from
//! `arbiter-notation`; everything goes through the [`Screen`], so it is
//! printed and spoken alike.

use crate::voice::Screen;
use arbiter_notation::Lexicon;
use arbiter_notation::SpokenLang;
use arbiter_notation::announce::{Prompt, prompt};
use arbiter_notation::terminal::{SetUpAnswer, setup_help};
use std::io::BufRead;

/// What the spoken set-up ended with.
pub enum SetUp {
    /// The time control chosen, and how many input lines were read.
    Control(String, usize),
    /// The input ended before the player confirmed.
    EndOfInput,
}

/// The allowed answers to the two questions of the set-up.
const MINUTES: std::ops::RangeInclusive<u32> = 1..=600;
const INCREMENT: std::ops::RangeInclusive<u32> = 0..=600;

/// Reads an answer in `range`; the reason when it is not one, in `lang`.
fn answer(
    text: &str,
    range: &std::ops::RangeInclusive<u32>,
    lang: SpokenLang,
) -> Result<u32, String> {
    let t = text.trim();
    let (lo, hi) = (range.start(), range.end());
    let shown = arbiter_laws::log::cut(t, 24);
    match t.parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(n) => Err(SetUpAnswer::OutOfRange {
            n,
            lo: *lo,
            hi: *hi,
        }
        .text(lang)),
        Err(_) => Err(SetUpAnswer::NotANumber {
            shown: &shown,
            lo: *lo,
            hi: *hi,
        }
        .text(lang)),
    }
}

fn is_help(text: &str) -> bool {
    matches!(
        text.trim().to_lowercase().as_str(),
        "h" | "help" | "?" | "помощь" | "hilfe"
    )
}

/// The input lines of the set-up. Under `--manual-time` every line of a
/// script carries its `@MS` stamp, the set-up's answers too: the stamp is
/// taken off (the clock is not running yet, so it moves nothing), else a
/// scripted set-up could never be answered.
struct Answers<'a> {
    lines: arbiter_laws::log::LineReader<&'a mut dyn BufRead>,
    manual: bool,
}

impl Answers<'_> {
    /// The next answer's text; `None` at the end of input.
    fn next(&mut self) -> Option<Result<String, String>> {
        let line = match self.lines.next_line()? {
            Err(e) => return Some(Err(e.to_string())),
            Ok((_, b)) => String::from_utf8_lossy(b).into_owned(),
        };
        if !self.manual {
            return Some(Ok(line));
        }
        Some(Ok(match arbiter_session::time::split_time(&line) {
            Ok((_, rest)) => rest.to_string(),
            Err(_) => line,
        }))
    }
}

/// Asks one question until it is answered in `range` (or kept, with an
/// empty line). `None` at the end of input.
fn ask(
    screen: &mut Screen,
    lines: &mut Answers,
    question: &str,
    range: &std::ops::RangeInclusive<u32>,
    current: u32,
) -> Result<Option<u32>, String> {
    let lang = screen.lang;
    loop {
        screen.tell(question);
        let l = match lines.next() {
            None => return Ok(None),
            Some(l) => l?,
        };
        if l.trim().is_empty() {
            return Ok(Some(current));
        }
        if is_help(&l) {
            screen.tell(&setup_help(lang, *range.start(), *range.end()));
            continue;
        }
        match answer(&l, range, lang) {
            Ok(n) => return Ok(Some(n)),
            Err(why) => screen.tell(&why),
        }
    }
}

/// The spoken set-up: asks for the minutes and the increment, reads the
/// answers as lines (each at most 64 KiB), refuses an invalid value aloud
/// with the allowed range and asks again, reads the setting back and waits
/// for "yes". `Err` when the input cannot be read on. With `manual` (the
/// `--manual-time` of scripts) each answer may carry its `@MS` stamp.
pub fn setup(
    screen: &mut Screen,
    lex: Lexicon,
    input: &mut dyn BufRead,
    manual: bool,
) -> Result<SetUp, String> {
    let mut lines = Answers {
        lines: arbiter_laws::log::LineReader::new(input, arbiter_laws::log::MAX_LINE),
        manual,
    };
    let mut minutes: u32 = 5;
    let mut increment: u32 = 3;
    loop {
        let q = prompt(&Prompt::BaseMinutes { current: minutes }, lex);
        let Some(m) = ask(screen, &mut lines, &q, &MINUTES, minutes)? else {
            return Ok(SetUp::EndOfInput);
        };
        minutes = m;
        let q = prompt(&Prompt::IncrementSeconds { current: increment }, lex);
        let Some(i) = ask(screen, &mut lines, &q, &INCREMENT, increment)? else {
            return Ok(SetUp::EndOfInput);
        };
        increment = i;
        screen.tell(&prompt(&Prompt::Confirm { minutes, increment }, lex));
        let l = match lines.next() {
            None => return Ok(SetUp::EndOfInput),
            Some(l) => l?,
        };
        let yes = matches!(
            l.trim().to_lowercase().as_str(),
            "" | "y" | "yes" | "да" | "д" | "ja" | "j"
        );
        if yes {
            screen.tell(&prompt(&Prompt::PressToStart, lex));
            return Ok(SetUp::Control(
                format!("{}+{}", minutes * 60, increment),
                lines.lines.line_number(),
            ));
        }
    }
}
