//! Where the words of a live game go: the terminal always, and espeak-ng
//! (or WAV files) under `--speak` / `--wav-dir`. One screen for `play` and
//! `clock`, so that everything printed is also spoken.
//!
//! The text is written first, then spoken beside the game by a speaker
//! thread ([`arbiter_speech::queue`]): the game never waits for the words,
//! so a player's clock is not charged the time a long answer takes to say,
//! and a braille display or a screen reader gets the line at once. Urgent
//! words (an alarm, the opponent's move, the flag, the end) cut an answer
//! being said; a line the player types stops the answer, an empty line
//! stops everything.

use arbiter_notation::for_speech::for_speech;
use arbiter_notation::{Lexicon, SpokenLang};
use arbiter_speech::queue::{Hush, Output, Priority, SpeechQueue};
use arbiter_speech::{Espeak, SpeechError};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the spoken words go.
pub enum Voice {
    /// Print only.
    Silent,
    /// Speak through the audio device, or into `DIR/NNNN.wav` files, on
    /// the speaker thread.
    Speech(SpeechQueue),
}

/// Why the asked-for speech cannot be had, said in the player's language
/// before the game starts.
#[derive(Debug)]
pub struct VoiceError(pub String);

impl std::fmt::Display for VoiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Voice {
    /// The voice the options ask for, checked through the speech program
    /// itself (its exit status and its error output) before the game: a
    /// player who asked for speech is told at once, in `lang`, when it
    /// cannot be heard and what to do, never left in silence.
    pub fn from_options(
        lang: SpokenLang,
        speak: bool,
        wav_dir: Option<&PathBuf>,
        voice: Option<&String>,
        rate: Option<u32>,
    ) -> Result<Voice, VoiceError> {
        if wav_dir.is_none() && !speak {
            return Ok(Voice::Silent);
        }
        let mut e = Espeak::detect().map_err(|e| VoiceError(e.to_string()))?;
        e.voice = voice.cloned();
        e.rate_wpm = rate;
        if let Some(dir) = wav_dir {
            std::fs::create_dir_all(dir)
                .map_err(|err| VoiceError(no_speech(lang, &e, &err.to_string(), Some(dir))))?;
        }
        e.check(lang, wav_dir.map(PathBuf::as_path))
            .map_err(|err| VoiceError(explain(lang, &e, &err, wav_dir)))?;
        let out = match wav_dir {
            Some(dir) => Output::Wav(dir.clone()),
            None => Output::Device,
        };
        Ok(Voice::Speech(SpeechQueue::start(e, out)))
    }
}

/// A speech failure in the player's words, with what to do.
pub fn explain(
    lang: SpokenLang,
    e: &Espeak,
    err: &SpeechError,
    wav_dir: Option<&PathBuf>,
) -> String {
    let detail = match err {
        SpeechError::NoDevice { detail, .. } => detail.clone(),
        other => other.to_string(),
    };
    no_speech(lang, e, &detail, wav_dir)
}

fn no_speech(lang: SpokenLang, e: &Espeak, detail: &str, wav_dir: Option<&PathBuf>) -> String {
    let dir = wav_dir.map(|d| d.display().to_string());
    arbiter_notation::speech_words::no_speech(
        lang,
        &e.binary.display().to_string(),
        detail,
        dir.as_deref(),
    )
}

/// The terminal and the voice. A failed write is kept: the game stops at
/// the next line and the exit says why (quiet for a closed pipe).
pub struct Screen {
    out: Box<dyn Write + Send>,
    voice: Voice,
    pub lang: SpokenLang,
    warned: bool,
    failed: Option<io::Error>,
    /// One plain line per announcement, nothing redrawn in place: for a
    /// screen reader or a braille display reading the output.
    screen_reader: bool,
    /// The lexicon whose words spell what is spoken (moves, squares);
    /// `None`: the language's own.
    pub lexicon: Option<Lexicon>,
}

impl Screen {
    pub fn new(out: Box<dyn Write + Send>, voice: Voice, lang: SpokenLang) -> Screen {
        Screen {
            out,
            voice,
            lang,
            warned: false,
            failed: None,
            screen_reader: false,
            lexicon: None,
        }
    }

    /// Sets the screen-reader mode: asked for (`--screen-reader`), or
    /// taken when nothing is spoken and the output is not a terminal (a
    /// screen reader's pipe, a file).
    pub fn set_screen_reader(&mut self, asked: bool) {
        use std::io::IsTerminal;
        let silent = matches!(self.voice, Voice::Silent);
        self.screen_reader = asked || (silent && !io::stdout().is_terminal());
    }

    /// Prints `text` and speaks it.
    pub fn tell(&mut self, text: &str) {
        self.tell_as(Priority::Normal, text, text);
    }

    /// Prints `printed` (digits) and speaks `spoken` (words).
    pub fn tell2(&mut self, printed: &str, spoken: &str) {
        self.tell_as(Priority::Normal, printed, spoken);
    }

    /// Prints `printed` at once, then queues `spoken` with `priority`,
    /// its moves, squares, units and command letters spelled in words
    /// ([`for_speech`]): the screen keeps `Кf3`, the voice says «конь эф
    /// три».
    pub fn tell_as(&mut self, priority: Priority, printed: &str, spoken: &str) {
        self.print(printed);
        if let Voice::Speech(q) = &self.voice {
            let lex = self.lexicon.unwrap_or(match self.lang {
                SpokenLang::Ru => Lexicon::Ru,
                SpokenLang::De => Lexicon::FideDe,
                SpokenLang::En => Lexicon::En,
            });
            q.say(&for_speech(spoken, lex), self.lang, priority);
        }
        self.warn_once();
    }

    /// A line the player typed (before it is handled): it stops the answer
    /// being said, as a key stops a screen reader; an empty line stops
    /// everything, urgent words too.
    pub fn heard(&mut self, line: &str) {
        if let Voice::Speech(q) = &self.voice {
            q.hush(if line.trim().is_empty() {
                Hush::All
            } else {
                Hush::Answers
            });
        }
        self.warn_once();
    }

    /// The first failure of the speaker thread, said once on the screen.
    fn warn_once(&mut self) {
        if self.warned {
            return;
        }
        let Voice::Speech(q) = &self.voice else {
            return;
        };
        if let Some(e) = q.take_failure() {
            self.warned = true;
            self.print(&format!("(speech: {e})"));
        }
    }

    /// Prints without speaking (a status line redrawn in place); nothing
    /// in the screen-reader mode, where nothing is redrawn.
    pub fn raw(&mut self, text: &str) {
        if self.failed.is_some() || self.screen_reader {
            return;
        }
        self.write(text);
    }

    fn write(&mut self, text: &str) {
        if let Err(e) = self
            .out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.flush())
        {
            self.failed = Some(e);
        }
    }

    fn print(&mut self, text: &str) {
        if self.failed.is_none() {
            self.write(&format!("{text}\n"));
        }
    }

    /// Whether a write has failed.
    pub fn broken(&self) -> bool {
        self.failed.is_some()
    }

    /// Lets the words still queued be said (the end of the game is heard
    /// before the program exits).
    pub fn finish_speech(&mut self) {
        if let Voice::Speech(q) = &mut self.voice {
            q.finish();
        }
    }

    /// The exit for a failed write, or `ok`.
    pub fn exit(&mut self, cmd: &str, ok: ExitCode) -> ExitCode {
        self.finish_speech();
        match self.failed.take() {
            Some(e) => crate::out::write_failed(cmd, "standard output", &e, ok),
            None => ok,
        }
    }
}

/// How urgent an announcement of the session is for a player listening:
/// what he must hear at once (an alarm, a flag, a move he did not type, the
/// end of the game) cuts an answer being said.
pub fn urgency(kind: &arbiter_session::Kind, typed_by: Option<arbiter_rules::Side>) -> Priority {
    use arbiter_session::Kind;
    match kind {
        Kind::LowTime { .. }
        | Kind::PeriodReached { .. }
        | Kind::GameOver { .. }
        | Kind::EngineFailed { .. }
        | Kind::DrawOffered { .. }
        | Kind::Paused => Priority::Urgent,
        Kind::Move { side, .. } if Some(*side) != typed_by => Priority::Urgent,
        _ => Priority::Normal,
    }
}
