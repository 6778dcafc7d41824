//! arbiter-speech: turns announcement texts (from `arbiter-notation`) into sound.
//!
//! The [`Speaker`] trait is the seam: the clock and the game loop hold a `Box<dyn
//! Speaker>`; [`Espeak`] speaks through the Debian `espeak-ng` program (voices ru, en, de);
//! when espeak-ng is missing, [`Espeak::detect`] says so in a [`SpeechError::Unavailable`]
//! the caller can show or speak some other way — it never panics. In the browser (a later
//! issue) the Web Speech API reads the same texts.
//!
//! [`wav`] parses a WAV file and measures it (duration, RMS, peak), so tests and health
//! checks can verify that audio was really produced instead of trusting exit codes.

#![warn(missing_docs)]

pub mod queue;
pub mod wav;

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub use arbiter_notation::Lang;

/// Why speech failed.
#[derive(Debug)]
pub enum SpeechError {
    /// No speech engine here; the string tells the user what to install.
    Unavailable(String),
    /// The engine ran and failed (no audio device, bad voice…): its own message.
    Failed(String),
    /// Starting the engine or reading its output failed.
    Io(std::io::Error),
    /// The speech program ran but its words reach no sound device (espeak-ng
    /// exits 0 then and says so only on its error output): the program and
    /// the last line it wrote.
    NoDevice {
        /// The speech program.
        program: PathBuf,
        /// Its own last line of error output.
        detail: String,
    },
}

impl fmt::Display for SpeechError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpeechError::Unavailable(s) => write!(f, "speech unavailable: {s}"),
            SpeechError::Failed(s) => write!(f, "speech failed: {s}"),
            SpeechError::Io(e) => write!(f, "speech I/O error: {e}"),
            SpeechError::NoDevice { program, detail } => write!(
                f,
                "{} reaches no sound device ({detail})",
                program.display()
            ),
        }
    }
}

impl std::error::Error for SpeechError {}

impl From<std::io::Error> for SpeechError {
    fn from(e: std::io::Error) -> Self {
        SpeechError::Io(e)
    }
}

/// Something that can say a text aloud or write it as audio.
pub trait Speaker {
    /// Says `text` now (through the default audio device — an earpiece, L-D.2.6).
    fn speak(&self, text: &str, lang: Lang) -> Result<(), SpeechError>;
    /// Writes `text` as a WAV file.
    fn write_wav(&self, text: &str, lang: Lang, path: &Path) -> Result<(), SpeechError>;
}

/// The speaking rates espeak-ng accepts, in words per minute (its minimum
/// and maximum; outside them it silently clamps, so a typo like `--rate 0`
/// would go unnoticed).
pub const RATE_WPM: std::ops::RangeInclusive<u32> = 80..=450;

/// The espeak-ng adapter.
#[derive(Clone, Debug)]
pub struct Espeak {
    /// The espeak-ng program to run.
    pub binary: PathBuf,
    /// Words per minute (espeak-ng's default is 175); blind players often want faster.
    pub rate_wpm: Option<u32>,
    /// A voice name to use instead of the language's default (`ru`, `de`, `en`).
    pub voice: Option<String>,
}

impl Espeak {
    /// Finds `espeak-ng` on the PATH (or `$ARBITER_ESPEAK`). Missing → `Unavailable` with
    /// the package to install.
    pub fn detect() -> Result<Espeak, SpeechError> {
        if let Some(p) = std::env::var_os("ARBITER_ESPEAK") {
            let p = PathBuf::from(p);
            return if p.is_file() {
                Ok(Espeak::at(p))
            } else {
                Err(SpeechError::Unavailable(format!(
                    "ARBITER_ESPEAK points to {} which does not exist",
                    p.display()
                )))
            };
        }
        let path = std::env::var_os("PATH").unwrap_or_default();
        for dir in std::env::split_paths(&path) {
            let c = dir.join("espeak-ng");
            if c.is_file() {
                return Ok(Espeak::at(c));
            }
        }
        Err(SpeechError::Unavailable(
            "espeak-ng was not found on the PATH; install the Debian package `espeak-ng` \
             (scripts/setup.sh does) or set ARBITER_ESPEAK"
                .into(),
        ))
    }

    /// The adapter over a given espeak-ng binary, with its default voice and rate.
    pub fn at(binary: PathBuf) -> Espeak {
        Espeak {
            binary,
            rate_wpm: None,
            voice: None,
        }
    }

    pub(crate) fn command(&self, lang: Lang) -> Command {
        let mut c = Command::new(&self.binary);
        c.arg("-v")
            .arg(self.voice.as_deref().unwrap_or(lang.voice()))
            .arg("-b")
            .arg("1");
        if let Some(r) = self.rate_wpm {
            c.arg("-s").arg(r.to_string());
        }
        c
    }

    /// Runs espeak-ng with the text on stdin (so a text starting with "-" is never read
    /// as an option) and checks its exit status and its error output.
    fn run(&self, mut c: Command, text: &str) -> Result<(), SpeechError> {
        c.arg("--stdin")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = c.spawn().map_err(|e| {
            SpeechError::Unavailable(format!("cannot run {}: {e}", self.binary.display()))
        })?;
        if let Some(mut stdin) = child.stdin.take() {
            stdin.write_all(text.as_bytes())?;
        }
        let out = child.wait_with_output()?;
        judge(
            &self.binary,
            out.status,
            &String::from_utf8_lossy(&out.stderr),
        )
    }

    /// Checks, before a game, that speech reaches the sound device (`wav_dir`
    /// `None`) or can be written as WAV files into `wav_dir`: the program
    /// itself is asked, with an empty text on the device (which says
    /// nothing where sound works) and a short word into a file there.
    pub fn check(&self, lang: Lang, wav_dir: Option<&Path>) -> Result<(), SpeechError> {
        match wav_dir {
            None => self.run(self.command(lang), ""),
            Some(dir) => {
                let probe = dir.join(format!(".arbiter-probe-{}.wav", std::process::id()));
                let r = self.write_wav("ok", lang, &probe);
                let _ = std::fs::remove_file(&probe);
                r
            }
        }
    }
}

/// The verdict on one run of the speech program: its exit status, and its
/// error output, which espeak-ng fills (exiting 0) when no sound device
/// takes its words (the ALSA lines, then `error: …`).
pub(crate) fn judge(
    program: &Path,
    status: std::process::ExitStatus,
    stderr: &str,
) -> Result<(), SpeechError> {
    let last = stderr.lines().rev().find(|l| !l.trim().is_empty());
    match (status.success(), last) {
        (true, None) => Ok(()),
        (true, Some(line)) => Err(SpeechError::NoDevice {
            program: program.to_path_buf(),
            detail: line.trim().to_string(),
        }),
        (false, _) => Err(SpeechError::Failed(format!(
            "{} exited with {status}: {}",
            program.display(),
            stderr.trim()
        ))),
    }
}

/// The Appendix D names are printed in the Laws' ASCII spelling (Koenig, Laeufer, fuenf),
/// which espeak-ng's German voice reads letter by letter ("Ko-e-nig"). The texts keep the
/// official spelling; only what is sent to the engine gets the umlauts back.
pub fn pronounceable(text: &str, lang: Lang) -> String {
    if lang != Lang::De {
        return text.to_string();
    }
    // Stems, so that every form is mended (Koenige, Tuermen, fuenfzehn),
    // and none that a word with a true "ue" contains (Bauer, zuerst).
    const FIX: [(&str, &str); 12] = [
        ("oenig", "önig"),
        ("aeufer", "äufer"),
        ("Tuerm", "Türm"),
        ("tuerm", "türm"),
        ("uenf", "ünf"),
        ("woelf", "wölf"),
        ("chlaeg", "chläg"),
        ("Zuege", "Züge"),
        ("zuege", "züge"),
        ("Fuenf", "Fünf"),
        ("urueck", "urück"),
        ("Zwoelf", "Zwölf"),
    ];
    let mut out = text.to_string();
    for (a, b) in FIX {
        out = out.replace(a, b);
    }
    out
}

impl Speaker for Espeak {
    fn speak(&self, text: &str, lang: Lang) -> Result<(), SpeechError> {
        let c = self.command(lang);
        self.run(c, &pronounceable(text, lang))
    }

    fn write_wav(&self, text: &str, lang: Lang, path: &Path) -> Result<(), SpeechError> {
        let mut c = self.command(lang);
        c.arg("-w").arg(path);
        self.run(c, &pronounceable(text, lang))?;
        // Do not trust the exit code alone: the file must be a WAV with samples in it.
        // Read back boundedly: a device as the path must not be read for ever.
        let st =
            wav::stats_of_file(path).map_err(|e| SpeechError::Failed(format!("bad WAV: {e}")))?;
        if st.samples == 0 {
            return Err(SpeechError::Failed("espeak-ng wrote an empty WAV".into()));
        }
        Ok(())
    }
}

/// A speaker that only writes the text to stderr: the fallback when no engine exists, so
/// a caller can keep one code path (the text is still shown to a screen reader).
#[derive(Clone, Copy, Debug, Default)]
pub struct TextOnly;

impl Speaker for TextOnly {
    fn speak(&self, text: &str, _lang: Lang) -> Result<(), SpeechError> {
        eprintln!("{text}");
        Ok(())
    }
    fn write_wav(&self, _text: &str, _lang: Lang, _path: &Path) -> Result<(), SpeechError> {
        Err(SpeechError::Unavailable(
            "no speech engine: cannot write audio".into(),
        ))
    }
}

/// The best speaker available here: espeak-ng, or the reason there is none.
pub fn default_speaker() -> Result<Box<dyn Speaker>, SpeechError> {
    Ok(Box::new(Espeak::detect()?))
}
