//! `arbiter say TEXT | --move MOVE [--fen FEN] [--lexicon L] [--wav FILE]`: speak a text,
//! or announce a move (L-D.2.1) in a lexicon, through espeak-ng; or write it to a WAV file.
//! The spoken text is also printed on stdout, so a screen reader or a braille display gets
//! it even when there is no sound.
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_notation::{Lexicon, Style, parse, position_from_fen, render};
use arbiter_speech::{Espeak, Speaker, wav};

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
    /// The text to say (when no --move).
    #[arg(num_args = 0.., allow_hyphen_values = true)]
    text: Vec<String>,
}

pub fn run(a: Args) -> ExitCode {
    let Some(lex) = Lexicon::from_key(&a.lexicon) else {
        eprintln!(
            "arbiter say: unknown lexicon {:?} (fide-de, ru-fide, ru, en, nato)",
            a.lexicon
        );
        return ExitCode::from(2);
    };
    let text = match (&a.mv, &a.clock) {
        (_, Some(c)) => {
            let v: Vec<Option<u64>> = c.split(',').map(|x| x.trim().parse().ok()).collect();
            match v.as_slice() {
                [Some(w), Some(b), Some(n)] => arbiter_notation::clock::talking_clock_with(
                    lex,
                    *w,
                    *b,
                    u32::try_from(*n).unwrap_or(u32::MAX),
                    arbiter_edition::Side::White,
                    arbiter_notation::clock::Numerals::Words,
                ),
                _ => {
                    eprintln!("arbiter say: --clock wants W_MS,B_MS,MOVES, e.g. 301000,1260000,21");
                    return ExitCode::from(2);
                }
            }
        }
        (mv, None) => match mv {
            Some(mv) => {
                let pos = match position_from_fen(a.fen.as_deref()) {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("arbiter say: {e}");
                        return ExitCode::from(2);
                    }
                };
                match parse(&pos, mv, None) {
                    Ok((m, _)) => render(&pos, m, Style::Spoken(lex)),
                    Err(e) => {
                        eprintln!("arbiter say: {e}");
                        return ExitCode::from(2);
                    }
                }
            }
            None => a.text.join(" "),
        },
    };
    if text.trim().is_empty() {
        eprintln!("arbiter say: nothing to say (give TEXT or --move)");
        return ExitCode::from(2);
    }
    println!("{text}");
    let mut speaker = match Espeak::detect() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("arbiter say: {e}");
            return ExitCode::from(1);
        }
    };
    speaker.voice = a.voice.clone();
    speaker.rate_wpm = a.rate;
    let lang = lex.language();
    let result = match &a.wav {
        Some(path) => speaker.write_wav(&text, lang, path).map(|()| {
            if let Ok(st) = std::fs::read(path)
                .map_err(|_| ())
                .and_then(|b| wav::stats(&b).map_err(|_| ()))
            {
                eprintln!(
                    "wrote {}: {:.2} s, {} Hz, RMS {:.3}, peak {:.3}",
                    path.display(),
                    st.duration_s,
                    st.sample_rate,
                    st.rms,
                    st.peak
                );
            }
        }),
        None => speaker.speak(&text, lang),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter say: {e}");
            ExitCode::from(1)
        }
    }
}
