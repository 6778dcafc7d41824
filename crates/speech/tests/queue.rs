//! Speech beside the game: the queue returns at once, urgent words cut a
//! long answer, the player's hush stops it, and a program that reaches no
//! sound device is found out. A stub speech program stands for espeak-ng on
//! a real device: it takes real time (a fixed time per word) and writes
//! when each utterance starts and ends.

use arbiter_notation::Lang;
use arbiter_speech::queue::{Hush, Output, Priority, SpeechQueue};
use arbiter_speech::{Espeak, SpeechError, pronounceable};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A directory of its own for each test.
fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arbiter-queue-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A speech program that takes `per_word` seconds a word, logging to `log`.
fn stub(d: &Path, per_word: f64) -> Espeak {
    let log = d.join("said.log");
    let p = d.join("slow-speaker");
    std::fs::write(
        &p,
        format!(
            "#!/bin/sh\ntext=$(cat)\nn=$(echo \"$text\" | wc -w)\necho \"start $text\" >> {log}\n\
             sleep $(awk \"BEGIN{{print $n*{per_word}}}\")\necho \"end $text\" >> {log}\n",
            log = log.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    Espeak::at(p)
}

fn said(d: &Path) -> Vec<String> {
    std::fs::read_to_string(d.join("said.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

fn wait_for(d: &Path, line: &str, within: Duration) -> Option<Duration> {
    let t = Instant::now();
    while t.elapsed() < within {
        if said(d).iter().any(|l| l == line) {
            return Some(t.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

const LONG: &str = "one two three four five six seven eight nine ten eleven twelve";

#[test]
fn saying_returns_at_once_and_the_words_are_said_in_turn() {
    let d = dir("turn");
    let mut q = SpeechQueue::start(stub(&d, 0.05), Output::Device);
    let t = Instant::now();
    q.say(LONG, Lang::En, Priority::Normal);
    q.say("after", Lang::En, Priority::Normal);
    assert!(
        t.elapsed() < Duration::from_millis(100),
        "{:?}",
        t.elapsed()
    );
    q.finish();
    // Twelve words at 50 ms: the queue waited for them at the end, not before.
    assert!(
        t.elapsed() >= Duration::from_millis(550),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(
        said(&d),
        [
            format!("start {LONG}"),
            format!("end {LONG}"),
            "start after".into(),
            "end after".into()
        ]
    );
}

#[test]
fn an_urgent_word_cuts_a_long_answer() {
    let d = dir("urgent");
    let mut q = SpeechQueue::start(stub(&d, 0.5), Output::Device);
    q.say(LONG, Lang::En, Priority::Normal);
    q.say("queued answer", Lang::En, Priority::Normal);
    assert!(wait_for(&d, &format!("start {LONG}"), Duration::from_secs(5)).is_some());
    let t = Instant::now();
    q.say("flag", Lang::En, Priority::Urgent);
    let started = wait_for(&d, "start flag", Duration::from_secs(5)).expect("the flag is said");
    assert!(started < Duration::from_millis(1000), "{started:?}");
    q.finish();
    let log = said(&d);
    assert!(
        !log.contains(&format!("end {LONG}")),
        "the answer was cut: {log:?}"
    );
    // The urgent word goes before the answer still queued.
    let pos = |l: &str| log.iter().position(|x| x == l).unwrap();
    assert!(pos("start flag") < pos("start queued answer"), "{log:?}");
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
}

#[test]
fn the_players_hush_stops_answers_but_not_urgent_words() {
    let d = dir("hush");
    let mut q = SpeechQueue::start(stub(&d, 0.5), Output::Device);
    q.say(LONG, Lang::En, Priority::Normal);
    assert!(wait_for(&d, &format!("start {LONG}"), Duration::from_secs(5)).is_some());
    q.say("alarm", Lang::En, Priority::Urgent);
    q.say("another answer", Lang::En, Priority::Normal);
    q.hush(Hush::Answers);
    q.finish();
    let log = said(&d);
    assert!(log.contains(&"end alarm".to_string()), "{log:?}");
    assert!(!log.iter().any(|l| l.contains("another")), "{log:?}");
    assert!(!log.contains(&format!("end {LONG}")), "{log:?}");
    // An empty line stops everything.
    let d = dir("hush-all");
    let mut q = SpeechQueue::start(stub(&d, 0.5), Output::Device);
    q.say("flag fell now", Lang::En, Priority::Urgent);
    assert!(wait_for(&d, "start flag fell now", Duration::from_secs(5)).is_some());
    let t = Instant::now();
    q.hush(Hush::All);
    q.finish();
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    assert!(!said(&d).contains(&"end flag fell now".to_string()));
}

#[test]
fn a_program_that_reaches_no_device_is_found_out_before_the_game() {
    let d = dir("nodevice");
    let p = d.join("deaf-speaker");
    std::fs::write(
        &p,
        "#!/bin/sh\ncat >/dev/null\necho 'ALSA lib pcm.c: Unknown PCM default' >&2\necho 'error: No such file or directory' >&2\nexit 0\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    match Espeak::at(p).check(Lang::En, None) {
        Err(SpeechError::NoDevice { detail, .. }) => {
            assert_eq!(detail, "error: No such file or directory")
        }
        other => panic!("{other:?}"),
    }
    // A quiet program that exits 0 reaches its device.
    assert!(stub(&d, 0.0).check(Lang::En, None).is_ok());
    // A failing program is a failure with its status.
    let bad = d.join("failing");
    std::fs::write(
        &bad,
        "#!/bin/sh\ncat >/dev/null\necho 'no voice' >&2\nexit 1\n",
    )
    .unwrap();
    std::fs::set_permissions(&bad, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(matches!(
        Espeak::at(bad).check(Lang::En, None),
        Err(SpeechError::Failed(_))
    ));
}

#[test]
fn german_pieces_and_numbers_go_to_the_synthesiser_with_umlauts() {
    assert_eq!(
        pronounceable(
            "2 Tuerme, 2 Laeufer, 1 Koenig; fuenfzehn, zwoelf; Springer schlaegt",
            Lang::De
        ),
        "2 Türme, 2 Läufer, 1 König; fünfzehn, zwölf; Springer schlägt"
    );
    // Words with a true "ue" stay as they are.
    assert_eq!(pronounceable("Bauern zuerst", Lang::De), "Bauern zuerst");
    // Other languages are not touched.
    assert_eq!(pronounceable("Tuerme", Lang::En), "Tuerme");
}
