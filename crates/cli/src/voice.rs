//! Where the words of a live game go: the terminal always, and espeak-ng
//! (or WAV files) under `--speak` / `--wav-dir`. One screen for `play` and
//! `clock`, so that everything printed is also spoken.

use arbiter_notation::SpokenLang;
use arbiter_speech::{Espeak, Speaker};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the spoken words go.
pub enum Voice {
    /// Print only.
    Silent,
    /// Speak through the audio device.
    Speak(Espeak),
    /// Write each utterance to `DIR/NNNN.wav` (for headless machines and tests).
    Wav(Espeak, PathBuf, usize),
}

impl Voice {
    /// The voice the options ask for.
    pub fn from_options(
        speak: bool,
        wav_dir: Option<&PathBuf>,
        voice: Option<&String>,
        rate: Option<u32>,
    ) -> Result<Voice, String> {
        let engine = || -> Result<Espeak, String> {
            let mut e = Espeak::detect().map_err(|e| e.to_string())?;
            e.voice = voice.cloned();
            e.rate_wpm = rate;
            Ok(e)
        };
        Ok(match (wav_dir, speak) {
            (Some(dir), _) => {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                Voice::Wav(engine()?, dir.clone(), 0)
            }
            (None, true) => Voice::Speak(engine()?),
            (None, false) => Voice::Silent,
        })
    }
}

/// The terminal and the voice. A failed write is kept: the game stops at
/// the next line and the exit says why (quiet for a closed pipe).
pub struct Screen {
    out: Box<dyn Write + Send>,
    voice: Voice,
    pub lang: SpokenLang,
    warned: bool,
    failed: Option<io::Error>,
}

impl Screen {
    pub fn new(out: Box<dyn Write + Send>, voice: Voice, lang: SpokenLang) -> Screen {
        Screen {
            out,
            voice,
            lang,
            warned: false,
            failed: None,
        }
    }

    /// Prints `text` and speaks it.
    pub fn tell(&mut self, text: &str) {
        self.tell2(text, text);
    }

    /// Prints `printed` (digits) and speaks `spoken` (words).
    pub fn tell2(&mut self, printed: &str, spoken: &str) {
        let r = match &mut self.voice {
            Voice::Silent => Ok(()),
            Voice::Speak(e) => e.speak(spoken, self.lang),
            Voice::Wav(e, dir, n) => {
                *n += 1;
                e.write_wav(spoken, self.lang, &dir.join(format!("{:04}.wav", *n)))
            }
        };
        match r {
            Err(e) if !self.warned => {
                self.warned = true;
                self.print(&format!("{printed} (speech: {e})"));
            }
            _ => self.print(printed),
        }
    }

    /// Prints without speaking (a status line redrawn in place).
    pub fn raw(&mut self, text: &str) {
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

    fn print(&mut self, text: &str) {
        self.raw(&format!("{text}\n"));
    }

    /// Whether a write has failed.
    pub fn broken(&self) -> bool {
        self.failed.is_some()
    }

    /// The exit for a failed write, or `ok`.
    pub fn exit(&mut self, cmd: &str, ok: ExitCode) -> ExitCode {
        match self.failed.take() {
            Some(e) => crate::out::write_failed(cmd, "standard output", &e, ok),
            None => ok,
        }
    }
}
