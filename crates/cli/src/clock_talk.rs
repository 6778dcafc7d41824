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

/// The spoken set-up (L-D.2.6: a blind player sets the clock alone): asks
/// for the minutes and the increment in the lexicon, reads the answers as
/// lines, reads the setting back and waits for "yes". Returns the time
/// control text, or `None` at the end of input.
pub fn setup(
    talk: &mut SpeakingTalk,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<Option<String>> {
    let mut minutes: u32 = 5;
    let mut increment: u32 = 3;
    let ask = |talk: &mut SpeakingTalk, p: Prompt, out: &mut dyn Write| -> std::io::Result<()> {
        let t = prompt(&p, talk.lex);
        let line = talk.say(t.clone(), t);
        writeln!(out, "{line}")?;
        out.flush()
    };
    loop {
        ask(talk, Prompt::BaseMinutes { current: minutes }, out)?;
        let Some(l) = read_line(input)? else {
            return Ok(None);
        };
        if let Ok(n) = l.trim().parse::<u32>()
            && (1..=600).contains(&n)
        {
            minutes = n;
        }
        ask(talk, Prompt::IncrementSeconds { current: increment }, out)?;
        let Some(l) = read_line(input)? else {
            return Ok(None);
        };
        if let Ok(n) = l.trim().parse::<u32>()
            && n <= 600
        {
            increment = n;
        }
        ask(talk, Prompt::Confirm { minutes, increment }, out)?;
        let Some(l) = read_line(input)? else {
            return Ok(None);
        };
        let yes = matches!(
            l.trim().to_lowercase().as_str(),
            "" | "y" | "yes" | "да" | "д" | "ja" | "j"
        );
        if yes {
            ask(talk, Prompt::PressToStart, out)?;
            return Ok(Some(format!("{}+{}", minutes * 60, increment)));
        }
    }
}

fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    let mut s = String::new();
    Ok(if input.read_line(&mut s)? == 0 {
        None
    } else {
        Some(s)
    })
}
