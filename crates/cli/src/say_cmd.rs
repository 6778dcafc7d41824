//! `arbiter say TEXT | --move MOVE [--fen FEN] [--lexicon L] [--wav FILE]`: speak a text,
//! or announce a move (L-D.2.1) in a lexicon, through espeak-ng; or write it to a WAV file.
//! The spoken text is also printed on stdout, so a screen reader or a braille display gets
//! it even when there is no sound.
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_notation::{Lexicon, Style, parse, position_from_fen, render};
use arbiter_speech::{Espeak, Speaker, wav};

use crate::out;

#[derive(clap::Args)]
pub struct Args {
    /// A move to announce (any notation `arbiter notation` reads) instead of a text.
    #[arg(long = "move", value_name = "MOVE")]
    mv: Option<String>,
    /// The position before --move (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// The lexicon: fide-de, ru-fide, ru, en, nato. Also picks the voice (de, ru, en).
    #[arg(long, default_value = "en")]
    lexicon: String,
    /// An espeak-ng voice to use instead of the lexicon's.
    #[arg(long)]
    voice: Option<String>,
    /// Speaking rate in words per minute.
    #[arg(long)]
    rate: Option<u32>,
    /// Say the talking clock (L-D.2.6) instead: White's ms, Black's ms, completed moves,
    /// e.g. `--clock 301000,1260000,21`.
    #[arg(long, value_name = "W_MS,B_MS,MOVES")]
    clock: Option<String>,
    /// Write a WAV file instead of playing.
    #[arg(long, value_name = "FILE")]
    wav: Option<PathBuf>,
    /// The text to say (when no --move). Options may follow it
    /// (`hello --wav x.wav`); a text that starts with `-` goes after `--`.
    #[arg(num_args = 0..)]
    text: Vec<String>,
}

/// The longest text `say` speaks: a page; longer input is refused.
pub const MAX_TEXT: usize = 10_000;

/// Checks `--rate` against what espeak-ng accepts.
pub fn check_rate(rate: Option<u32>) -> Result<(), String> {
    match rate {
        Some(r) if !arbiter_speech::RATE_WPM.contains(&r) => Err(format!(
            "--rate {r} is out of range: {} to {} words per minute",
            arbiter_speech::RATE_WPM.start(),
            arbiter_speech::RATE_WPM.end()
        )),
        _ => Ok(()),
    }
}

/// `--clock W_MS,B_MS,MOVES` in words (L-D.2.6). Times up to a day and a
/// move count that fits: beyond that the words would be nonsense.
fn clock_words(c: &str, lex: Lexicon) -> Result<String, ExitCode> {
    let v: Vec<Option<u64>> = c
        .split(',')
        .map(|x| x.trim().parse().ok().filter(|&n: &u64| n <= 86_400_000))
        .collect();
    match v.as_slice() {
        [Some(w), Some(b), Some(n)] => Ok(arbiter_notation::clock::talking_clock_with(
            lex,
            *w,
            *b,
            u32::try_from(*n).unwrap_or(u32::MAX),
            arbiter_rules::Side::White,
            arbiter_notation::clock::Numerals::Words,
        )),
        _ => Err(out::bad_input(
            "say",
            "--clock wants W_MS,B_MS,MOVES, each a whole number up to 86400000, e.g. 301000,1260000,21",
        )),
    }
}

/// `--move MOVE` from the position `fen`, announced in `lex` (L-D.2.1).
fn move_words(mv: &str, fen: Option<&str>, lex: Lexicon) -> Result<String, ExitCode> {
    let pos = position_from_fen(fen).map_err(|e| out::bad_input("say", e))?;
    if mv.len() > crate::notation_cmd::MAX_MOVE_TEXT {
        return Err(out::bad_input(
            "say",
            format!(
                "--move is {} bytes long; a move is at most {}",
                mv.len(),
                crate::notation_cmd::MAX_MOVE_TEXT
            ),
        ));
    }
    match parse(&pos, mv, None) {
        Ok((m, _)) => Ok(render(&pos, m, Style::Spoken(lex))),
        Err(e) => Err(out::bad_input("say", e)),
    }
}

pub fn run(a: Args) -> ExitCode {
    let Some(lex) = Lexicon::from_key(&a.lexicon) else {
        return out::bad_input(
            "say",
            format!(
                "unknown lexicon {:?} (fide-de, ru-fide, ru, en, nato)",
                a.lexicon
            ),
        );
    };
    if let Err(e) = check_rate(a.rate) {
        return out::bad_input("say", e);
    }
    if let Some(p) = &a.wav
        && std::fs::metadata(p).is_ok_and(|m| !m.is_file())
    {
        return out::bad_input("say", format!("--wav {}: not a regular file", p.display()));
    }
    if let Some(p) = &a.wav
        && let Err(e) = can_write(p)
    {
        out::error(
            "say",
            format!("--wav {}: cannot write the file: {e}", p.display()),
        );
        return ExitCode::from(1);
    }
    let text = match (&a.mv, &a.clock) {
        (_, Some(c)) => match clock_words(c, lex) {
            Ok(t) => t,
            Err(code) => return code,
        },
        (Some(mv), None) => match move_words(mv, a.fen.as_deref(), lex) {
            Ok(t) => t,
            Err(code) => return code,
        },
        (None, None) => a.text.join(" "),
    };
    if text.trim().is_empty() {
        return out::bad_input("say", "nothing to say (give TEXT or --move)");
    }
    if text.len() > MAX_TEXT {
        return out::bad_input(
            "say",
            format!(
                "the text is {} bytes long; at most {MAX_TEXT} are spoken",
                text.len()
            ),
        );
    }
    if let Err(code) = out::print("say", &format!("{text}\n")) {
        return code;
    }
    let mut speaker = match Espeak::detect() {
        Ok(s) => s,
        Err(e) => {
            out::error("say", e);
            return ExitCode::from(1);
        }
    };
    speaker.voice = a.voice.clone();
    speaker.rate_wpm = a.rate;
    let lang = lex.language();
    let result = match &a.wav {
        Some(path) => speaker.write_wav(&text, lang, path).map(|()| {
            // The read-back is a check for the user, not the result: a path
            // that is not a regular file is said so and not read.
            match wav::stats_of_file(path) {
                Ok(st) => out::note(format_args!(
                    "wrote {}: {:.2} s, {} Hz, RMS {:.3}, peak {:.3}\n",
                    path.display(),
                    st.duration_s,
                    st.sample_rate,
                    st.rms,
                    st.peak
                )),
                Err(e) => out::error("say", format!("wrote the WAV but cannot measure it: {e}")),
            }
        }),
        None => speaker.speak(&text, lang),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // espeak-ng exits 0 when no device takes its words: the player is
        // told so, and what to do, not left in silence.
        Err(e @ arbiter_speech::SpeechError::NoDevice { .. }) => {
            out::error("say", crate::voice::explain(lang, &speaker, &e, None));
            ExitCode::from(1)
        }
        Err(e) => {
            out::error("say", e);
            ExitCode::from(1)
        }
    }
}

/// Whether `path` can be written, asked of the system before speaking: a
/// missing folder or a refused permission is said as such (with the OS's
/// reason), not as a WAV that turned out bad. An existing file is left
/// untouched; a file created only to ask is removed again.
fn can_write(path: &std::path::Path) -> std::io::Result<()> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}
