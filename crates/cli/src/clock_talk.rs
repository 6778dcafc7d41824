//! The talking part of `arbiter clock` (L-D.2.6), for players who cannot see the
//! clock: what it says in a chosen lexicon, spoken through espeak-ng when asked,
//! and the spoken set-up that lets a blind player set the clock alone.
//!
//! The words come from `arbiter-notation` (pure); the sound from
//! `arbiter-speech`. Nothing is said unless asked, except what the player
//! chose to hear: each move and the low-time alarm.

use crate::clock_cmd::{ClockView, Talk};
use arbiter_edition::Side;
use arbiter_notation::announce::{Prompt, announce_with, prompt};
use arbiter_notation::clock::{LowTimeAlarm, Numerals, talking_clock_with};
use arbiter_notation::{Lexicon, announce_move};
use arbiter_speech::{Espeak, Speaker};
use shakmaty::{Chess, Move, Position};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// Where the spoken words go.
pub enum Voice {
    /// Print only.
    Silent,
    /// Speak through the audio device.
    Speak(Espeak),
    /// Write each utterance to `DIR/NNNN.wav` (for headless machines and tests).
    Wav(Espeak, PathBuf, usize),
}

/// A talker that speaks a lexicon (CFG-10).
pub struct SpeakingTalk {
    lex: Lexicon,
    voice: Voice,
    alarm: LowTimeAlarm,
    /// The board, followed from the moves typed with presses, so that "repeat
    /// the last move" is said in words ("конь жэ один эф три").
    board: Chess,
    last: Option<(Chess, Move)>,
    last_remaining: [i64; 2],
    warned: Option<String>,
}

impl SpeakingTalk {
    pub fn new(lex: Lexicon, voice: Voice, alarm: LowTimeAlarm, start_ms: i64) -> Self {
        SpeakingTalk {
            lex,
            voice,
            alarm,
            board: Chess::default(),
            last: None,
            last_remaining: [start_ms, start_ms],
            warned: None,
        }
    }

    /// Says a text (digits printed, words spoken) and returns the printed line.
    fn say(&mut self, printed: String, spoken: String) -> String {
        let lang = self.lex.language();
        let r = match &mut self.voice {
            Voice::Silent => Ok(()),
            Voice::Speak(e) => e.speak(&spoken, lang),
            Voice::Wav(e, dir, n) => {
                *n += 1;
                e.write_wav(&spoken, lang, &dir.join(format!("{:04}.wav", *n)))
            }
        };
        match r {
            Ok(()) => printed,
            Err(e) if self.warned.is_none() => {
                self.warned = Some(e.to_string());
                format!("{printed} (speech: {e})")
            }
            Err(_) => printed,
        }
    }

    fn times_text(&self, v: &ClockView, numerals: Numerals) -> String {
        let ms = |s: Side| v.remaining_ms[s.index()].max(0) as u64;
        let moves = v.moves[0].max(v.moves[1]);
        talking_clock_with(
            self.lex,
            ms(Side::White),
            ms(Side::Black),
            moves,
            v.on_move,
            numerals,
        )
    }
}

impl Talk for SpeakingTalk {
    fn times(&mut self, v: &ClockView) -> String {
        let (p, s) = (
            self.times_text(v, Numerals::Digits),
            self.times_text(v, Numerals::Words),
        );
        self.say(p, s)
    }

    fn pressed(&mut self, side: Side, v: &ClockView) -> String {
        // Follow the board when the move was typed.
        if let Some((s, text)) = v.last_move
            && s == side
            && self.board.turn() == shakmaty::Color::from_white(side == Side::White)
            && let Ok((m, _)) = arbiter_notation::parse(&self.board, text, None)
        {
            let before = self.board.clone();
            self.board.play_unchecked(m);
            self.last = Some((before, m));
        }
        let mut line = crate::clock_cmd::PlainTalk.pressed(side, v);
        // The low-time alarm: spoken the moment a threshold is crossed.
        let now = v.remaining_ms[side.index()];
        let before = self.last_remaining[side.index()];
        self.last_remaining = v.remaining_ms;
        if let Some(a) = self
            .alarm
            .announcement(side, before.max(0) as u64, now.max(0) as u64)
        {
            let p = announce_with(&a, self.lex, Numerals::Digits);
            let s = announce_with(&a, self.lex, Numerals::Words);
            line.push(' ');
            line.push_str(&self.say(p, s));
        }
        line
    }

    fn flag(&mut self, side: Side, at: u64, v: &ClockView) -> String {
        let p = crate::clock_cmd::PlainTalk.flag(side, at, v);
        let a = arbiter_notation::announce::Announcement::FlagFell(side);
        let s = announce_with(&a, self.lex, Numerals::Words);
        self.say(p, s)
    }

    fn last_move(&mut self, v: &ClockView) -> String {
        match &self.last {
            Some((pos, m)) => {
                let t = announce_move(pos, *m, self.lex);
                self.say(t.clone(), t)
            }
            None => crate::clock_cmd::PlainTalk.last_move(v),
        }
    }

    fn lexicon(&mut self, name: &str) -> Result<String, String> {
        let lex = Lexicon::from_key(name)
            .ok_or_else(|| format!("unknown lexicon {name:?} (fide-de, ru-fide, ru, en, nato)"))?;
        self.lex = lex;
        let t = prompt(&Prompt::LexiconChosen, lex);
        Ok(self.say(t.clone(), t))
    }
}

/// What the spoken set-up ended with.
pub enum SetUp {
    /// The time control chosen, and how many input lines were read.
    Control(String, usize),
    /// The input ended before the player confirmed.
    EndOfInput,
}

/// Why the spoken set-up stopped.
pub enum SetUpError {
    /// The input could not be read on (a line too long, a read error).
    Input(String),
    /// The answer could not be written.
    Output(std::io::Error),
}

/// The allowed answers to the two questions of the set-up.
const MINUTES: std::ops::RangeInclusive<u32> = 1..=600;
const INCREMENT: std::ops::RangeInclusive<u32> = 0..=600;

/// Reads an answer in `range`; the reason when it is not one, in the
/// language of the lexicon.
fn answer(text: &str, range: &std::ops::RangeInclusive<u32>, ru: bool) -> Result<u32, String> {
    let t = text.trim();
    let (lo, hi) = (range.start(), range.end());
    match t.parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        Ok(n) if ru => Err(format!("{n} вне допустимого: от {lo} до {hi}.")),
        Ok(n) => Err(format!("{n} is out of range: {lo} to {hi}.")),
        Err(_) if ru => Err(format!(
            "{:?} не число. Введите число от {lo} до {hi}.",
            arbiter_laws::log::cut(t, 24)
        )),
        Err(_) => Err(format!(
            "{:?} is not a number. Give a whole number from {lo} to {hi}.",
            arbiter_laws::log::cut(t, 24)
        )),
    }
}

/// The spoken set-up (L-D.2.6: a blind player sets the clock alone): asks
/// for the minutes and the increment in the lexicon, reads the answers as
/// lines (each at most 64 KiB), answers an invalid value with the reason
/// and the allowed range and asks again, reads the setting back and waits
/// for "yes".
pub fn setup(
    talk: &mut SpeakingTalk,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<SetUp, SetUpError> {
    let mut lines = arbiter_laws::log::LineReader::new(input, arbiter_laws::log::MAX_LINE);
    let mut minutes: u32 = 5;
    let mut increment: u32 = 3;
    let ru = talk.lex.language() == arbiter_notation::Lang::Ru;
    let tell = |talk: &mut SpeakingTalk, t: String, out: &mut dyn Write| {
        let line = talk.say(t.clone(), t);
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(SetUpError::Output)
    };
    let next = |lines: &mut arbiter_laws::log::LineReader<&mut dyn BufRead>| match lines.next_line()
    {
        None => Ok(None),
        Some(Err(e)) => Err(SetUpError::Input(e.to_string())),
        Some(Ok((_, b))) => Ok(Some(String::from_utf8_lossy(b).into_owned())),
    };
    loop {
        loop {
            tell(
                talk,
                prompt(&Prompt::BaseMinutes { current: minutes }, talk.lex),
                out,
            )?;
            let Some(l) = next(&mut lines)? else {
                return Ok(SetUp::EndOfInput);
            };
            if l.trim().is_empty() {
                break; // keep the value read out
            }
            match answer(&l, &MINUTES, ru) {
                Ok(n) => {
                    minutes = n;
                    break;
                }
                Err(why) => tell(talk, why, out)?,
            }
        }
        loop {
            let p = Prompt::IncrementSeconds { current: increment };
            tell(talk, prompt(&p, talk.lex), out)?;
            let Some(l) = next(&mut lines)? else {
                return Ok(SetUp::EndOfInput);
            };
            if l.trim().is_empty() {
                break;
            }
            match answer(&l, &INCREMENT, ru) {
                Ok(n) => {
                    increment = n;
                    break;
                }
                Err(why) => tell(talk, why, out)?,
            }
        }
        let p = Prompt::Confirm { minutes, increment };
        tell(talk, prompt(&p, talk.lex), out)?;
        let Some(l) = next(&mut lines)? else {
            return Ok(SetUp::EndOfInput);
        };
        let yes = matches!(
            l.trim().to_lowercase().as_str(),
            "" | "y" | "yes" | "да" | "д" | "ja" | "j"
        );
        if yes {
            tell(talk, prompt(&Prompt::PressToStart, talk.lex), out)?;
            return Ok(SetUp::Control(
                format!("{}+{}", minutes * 60, increment),
                lines.line_number(),
            ));
        }
    }
}
