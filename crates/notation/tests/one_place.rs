//! Every sentence said or shown to a person about a game comes from this
//! crate: no Russian or German sentence is written in the sources of the
//! crates above it (the session, the Tavreli rule set, the command line, the
//! hall and the page). A new sentence written there, in place of here,
//! fails this test and names its file and line.
//!
//! What may stay there: the words a reader matches typed input against
//! (`"да" | "yes"`, `v == "таврели"`), which say nothing to anyone, and the
//! tests, which compare the sentences made here with sentences written by
//! hand.

use std::path::{Path, PathBuf};

/// The crates whose sources hold no sentence, under `crates/`.
const CRATES: [&str; 5] = ["session", "tavreli", "cli", "server", "web"];

/// Literals that are not sentences though they hold Cyrillic: the rewriting
/// of a typed Russian move before it is read (`Кр` is the king, `К` the
/// knight, `С` the bishop in Russian notation). Each is (file, literal).
const NOT_SENTENCES: [(&str, &str); 4] = [
    ("session/src/variant.rs", "Кр"),
    ("session/src/variant.rs", "С{rest}"),
    ("session/src/variant.rs", "Кр{r}"),
    ("session/src/variant.rs", "К{rest}"),
];

/// A string literal of a Rust source: where it starts, its text, and the
/// significant text just before and after it.
#[derive(Debug)]
struct Literal {
    line: usize,
    text: String,
    before: String,
    after: String,
    /// The bracket the literal stands in: `[` for an array's item.
    within: Option<char>,
}

/// The source before its test module (`#[cfg(test)] mod …`, at the end of
/// a file).
fn without_tests(src: &str) -> &str {
    let mut from = 0;
    while let Some(at) = src[from..].find("#[cfg(test)]") {
        let at = from + at;
        let rest = src[at + "#[cfg(test)]".len()..].trim_start();
        if rest.starts_with("mod ") || rest.starts_with("pub(crate) mod ") {
            return &src[..at];
        }
        from = at + 1;
    }
    src
}

/// The string literals of `src` outside comments and its test module.
fn literals(src: &str) -> Vec<Literal> {
    let src = without_tests(src);
    let b: Vec<char> = src.chars().collect();
    let (mut i, mut line) = (0usize, 1usize);
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&b, i, &mut line);
        } else if c == '\'' {
            i = skip_char_or_lifetime(&b, i);
        } else if c == '"' || (c == 'r' && matches!(next, Some('"') | Some('#')) && !ident(&b, i)) {
            let start_line = line;
            let (text, end) = read_string(&b, i, &mut line);
            out.push(Literal {
                line: start_line,
                text,
                before: context(&b[..i], true),
                after: context(&b[end..], false),
                within: enclosing(&b[..i]),
            });
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether the `r` at `i` ends an identifier (`for"` never occurs, but
/// `bar#` would be no raw string either).
fn ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

fn skip_block_comment(b: &[char], mut i: usize, line: &mut usize) -> usize {
    i += 2;
    while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
        if b[i] == '\n' {
            *line += 1;
        }
        i += 1;
    }
    i + 2
}

/// Skips `'x'`, `'\n'`, `'\u{…}'`, or a lifetime's quote.
fn skip_char_or_lifetime(b: &[char], i: usize) -> usize {
    if b.get(i + 1) == Some(&'\\') {
        let mut j = i + 2;
        while j < b.len() && b[j] != '\'' {
            j += 1;
        }
        return j + 1;
    }
    if b.get(i + 2) == Some(&'\'') {
        return i + 3;
    }
    i + 1
}

/// Reads a literal starting at `i` (`"…"` or `r#"…"#`): its text and the
/// index after it.
fn read_string(b: &[char], mut i: usize, line: &mut usize) -> (String, usize) {
    let mut hashes = 0;
    let raw = b[i] == 'r';
    if raw {
        i += 1;
        while b.get(i) == Some(&'#') {
            hashes += 1;
            i += 1;
        }
    }
    i += 1;
    let mut text = String::new();
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            *line += 1;
        }
        if !raw && c == '\\' {
            text.push(c);
            if let Some(&n) = b.get(i + 1) {
                text.push(n);
                if n == '\n' {
                    *line += 1;
                }
            }
            i += 2;
            continue;
        }
        if c == '"' && (0..hashes).all(|k| b.get(i + 1 + k) == Some(&'#')) {
            return (text, i + 1 + hashes);
        }
        text.push(c);
        i += 1;
    }
    (text, i)
}

/// Up to a few significant characters before (or after) a literal.
fn context(b: &[char], before: bool) -> String {
    let it: Box<dyn Iterator<Item = &char>> = if before {
        Box::new(b.iter().rev())
    } else {
        Box::new(b.iter())
    };
    let s: String = it.filter(|c| !c.is_whitespace()).take(3).collect();
    if before { s.chars().rev().collect() } else { s }
}

/// The innermost bracket still open at the end of `b`.
fn enclosing(b: &[char]) -> Option<char> {
    let mut depth = 0usize;
    for &c in b.iter().rev() {
        match c {
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' if depth == 0 => return Some(c),
            '(' | '[' | '{' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Whether a literal is a pattern or a comparison a reader matches input
/// against, not a sentence: `"да" | "yes" =>`, `v == "таврели"`, or one
/// word in an array of them (`["claimtouch", "тронуто"]`).
fn is_input_word(l: &Literal) -> bool {
    let one_word = !l.text.contains(char::is_whitespace);
    (one_word && l.within == Some('['))
        || l.before.ends_with('|')
        || l.before.ends_with("==")
        || l.after.starts_with('|')
        || l.after.starts_with("=>")
        || l.after.starts_with("==")
}

/// Whether a literal holds words of Russian or German.
fn is_foreign(text: &str) -> bool {
    const GERMAN: [&str; 12] = [
        "ä",
        "ö",
        "ü",
        "ß",
        "Ä",
        "Ö",
        "Ü",
        "„",
        " ist ",
        " nicht",
        "Partie",
        " eingeben",
    ];
    text.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c))
        || GERMAN.iter().any(|w| text.contains(w))
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The sentences found outside this crate: `file:line: literal`.
fn stray_sentences() -> Vec<String> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for name in CRATES {
        let mut files = Vec::new();
        sources(&crates.join(name).join("src"), &mut files);
        for f in files {
            let rel = f
                .strip_prefix(&crates)
                .unwrap_or(&f)
                .to_string_lossy()
                .replace('\\', "/");
            let src = std::fs::read_to_string(&f).unwrap_or_default();
            for l in literals(&src) {
                let allowed = NOT_SENTENCES.contains(&(rel.as_str(), l.text.as_str()));
                if is_foreign(&l.text) && !is_input_word(&l) && !allowed {
                    found.push(format!("{rel}:{}: {:?}", l.line, l.text));
                }
            }
        }
    }
    found
}

#[test]
fn no_sentence_is_written_outside_the_words_crate() {
    let found = stray_sentences();
    assert!(
        found.is_empty(),
        "sentences outside crates/notation (move them there):\n{}",
        found.join("\n")
    );
}

/// The scanner finds what it must: a sentence in Russian or German, on a
/// line of its own or in a raw string, and passes what it must pass.
#[test]
fn the_scanner_tells_sentences_from_input_words() {
    let src = r####"
        // «Комментарий» is no literal
        fn f(x: &str) -> String {
            let c = '"';
            match x { "да" | "yes" => {}, _ => {} }
            if x == "таврели" { return String::new(); }
            let _ = r#"Die Uhr läuft"#;
            let _ = ["claimtouch", "тронуто"];
            let _ = t("White", "Белые", "Weiß");
            format!("Партия окончена {c}")
        }
    "####;
    let found: Vec<(usize, String)> = literals(src)
        .into_iter()
        .filter(|l| is_foreign(&l.text) && !is_input_word(l))
        .map(|l| (l.line, l.text))
        .collect();
    assert_eq!(
        found,
        [
            (7, "Die Uhr läuft".to_string()),
            (9, "Белые".to_string()),
            (9, "Weiß".to_string()),
            (10, "Партия окончена {c}".to_string())
        ]
    );
    assert!(is_foreign("Zug nicht verstanden: x"));
    assert!(!is_foreign("The game is over"));
}
