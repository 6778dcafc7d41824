//! The espeak-ng output of a Russian and a German announcement is a non-silent WAV whose
//! length grows with the text. Measured by parsing the WAV (duration, RMS, peak), not by
//! trusting the exit code. Needs espeak-ng (scripts/setup.sh installs it).

use std::path::PathBuf;

use arbiter_notation::announce::{Announcement, announce};
use arbiter_notation::clock::{Numerals, talking_clock_with};
use arbiter_notation::{Lang, Lexicon};
use arbiter_speech::wav::{WavStats, stats};
use arbiter_speech::{Espeak, Speaker, SpeechError};

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-speech-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn measure(text: &str, lang: Lang, name: &str) -> WavStats {
    let sp = Espeak::detect().unwrap_or_else(|e| panic!("{e} — the audio check needs espeak-ng"));
    let path = tmp(name);
    sp.write_wav(text, lang, &path).unwrap();
    let st = stats(&std::fs::read(&path).unwrap()).unwrap();
    eprintln!(
        "{name}: {:.3} s, {} Hz, {} bit, RMS {:.4}, peak {:.4} — {text:?}",
        st.duration_s, st.sample_rate, st.bits, st.rms, st.peak
    );
    let _ = std::fs::remove_file(&path);
    st
}

fn check(lang: Lang, short: &str, long: &str, tag: &str) {
    let a = measure(short, lang, &format!("{tag}-short.wav"));
    let b = measure(long, lang, &format!("{tag}-long.wav"));
    for st in [&a, &b] {
        assert_eq!(st.bits, 16);
        assert!(st.duration_s > 0.3, "too short: {st:?}");
        assert!(st.rms > 0.01, "silent: {st:?}");
        assert!(st.peak > 0.1, "silent: {st:?}");
    }
    assert!(
        b.duration_s > a.duration_s * 1.5,
        "longer text must give longer audio: {} s vs {} s",
        b.duration_s,
        a.duration_s
    );
}

#[test]
fn russian_announcements_are_audible_and_grow() {
    let long = format!(
        "конь жэ один эф три, шах. {}. {}",
        announce(
            &Announcement::DrawOffered(arbiter_rules::Side::White),
            Lexicon::Ru
        ),
        talking_clock_with(
            Lexicon::Ru,
            301_000,
            1_260_000,
            21,
            arbiter_rules::Side::White,
            Numerals::Words
        )
    );
    check(Lang::Ru, "конь эф три", &long, "ru");
}

#[test]
fn german_announcements_are_audible_and_grow() {
    let long = format!(
        "Springer Gustav eins Felix drei, Schach. {}",
        talking_clock_with(
            Lexicon::FideDe,
            301_000,
            1_260_000,
            21,
            arbiter_rules::Side::White,
            Numerals::Words
        )
    );
    check(Lang::De, "Springer Felix drei", &long, "de");
}

#[test]
fn missing_engine_is_an_error_not_a_panic() {
    let sp = Espeak::at(PathBuf::from("/nonexistent/espeak-ng"));
    match sp.write_wav("test", Lang::En, &tmp("none.wav")) {
        Err(SpeechError::Unavailable(msg)) => assert!(msg.contains("cannot run")),
        other => panic!("expected Unavailable, got {other:?}"),
    }
    assert!(matches!(
        sp.speak("test", Lang::En),
        Err(SpeechError::Unavailable(_))
    ));
}

#[test]
fn wav_reader_rejects_garbage() {
    assert!(stats(b"").is_err());
    assert!(stats(b"RIFF\0\0\0\0WAVEjunk").is_err());
    assert!(stats(&[0u8; 100]).is_err());
}

#[test]
fn german_names_are_pronounced_with_umlauts() {
    assert_eq!(
        arbiter_speech::pronounceable("Koenig Eva fuenf, Laeufer", Lang::De),
        "König Eva fünf, Läufer"
    );
    assert_eq!(arbiter_speech::pronounceable("Koenig", Lang::Ru), "Koenig");
}
