//! `arbiter standings FILE.trf [--tiebreak BH:C1,BH,SB,DE,WIN] [--round N] [--json] [--lang en|ru|de]`:
//! the standings of the tournament in a report file, ranked by points and
//! then by the tie-breaks in the order given (FIDE Handbook C.07, 2023).
//!
//! `--words` reads them aloud a player a line; `--brf` prints those words
//! in braille for an embosser.
//!
//! Exit status: 0 printed; 2 the file or an argument cannot be read.

use arbiter_tournament::tiebreak::{self, TieBreak};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::out;

#[derive(clap::Args)]
pub struct Args {
    /// The tournament report file (TRF16 or TRF-2026).
    pub file: PathBuf,
    /// The tie-breaks in order, by their C.07 codes (BH, BH:C1, BH:M1, SB,
    /// DE, WIN, WON, BPG, BWG, ARO, KS).
    #[arg(long, default_value = "BH:C1,BH,SB,DE,WIN")]
    pub tiebreak: String,
    /// The standings after this round (default: the last paired).
    #[arg(long)]
    pub round: Option<usize>,
    /// Print `[{"rank":…,"id":…,"name":…,"points":…,"tiebreaks":{…}},…]`.
    #[arg(long)]
    pub json: bool,
    /// The language of the table's headings: en, ru or de.
    #[arg(long, default_value = "en", alias = "lexicon")]
    pub lang: String,
    /// Print the standings in words, a player a line ("1. Ivanov, 3.5
    /// points; Buchholz C1 12.5"), in the language of `--lang`.
    #[arg(long, conflicts_with_all = ["json", "brf"])]
    pub words: bool,
    /// Print the words as a braille file (BRF, 40 cells by 25 lines a page).
    #[arg(long, conflicts_with = "json")]
    pub brf: bool,
}

/// The headings: rank, number, name, points, in `lang` (en, ru or de).
fn headings(lang: &str) -> Option<[&'static str; 4]> {
    let lang = match lang {
        "en" => arbiter_rules::Lang::En,
        "ru" => arbiter_rules::Lang::Ru,
        "de" => arbiter_rules::Lang::De,
        _ => return None,
    };
    Some(arbiter_notation::tournament_words::standings_headings(lang))
}

pub fn run(a: Args) -> ExitCode {
    let Some(words) = headings(&a.lang) else {
        return out::bad_input("standings", format!("language {:?}: en, ru or de", a.lang));
    };
    let t = match crate::pair_cmd::read("standings", &a.file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let mut tbs = Vec::new();
    for code in a.tiebreak.split(',').filter(|c| !c.trim().is_empty()) {
        match code.parse::<TieBreak>() {
            Ok(tb) => tbs.push(tb),
            Err(e) => return out::bad_input("standings", e),
        }
    }
    let rounds = a.round.unwrap_or_else(|| t.paired_rounds());
    let rows = tiebreak::standings(&t, rounds, &tbs);
    let text = if a.json {
        json(&rows)
    } else if a.words || a.brf {
        let lines = spoken(&rows, rounds, lang_of(&a.lang));
        if a.brf {
            arbiter_notation::tournament_words::brf(&lines)
        } else {
            lines.join("\n") + "\n"
        }
    } else {
        table(&rows, &tbs, words)
    };
    match out::print("standings", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

fn lang_of(lang: &str) -> arbiter_rules::Lang {
    match lang {
        "ru" => arbiter_rules::Lang::Ru,
        "de" => arbiter_rules::Lang::De,
        _ => arbiter_rules::Lang::En,
    }
}

/// The standings read aloud: the heading, then a player a line.
fn spoken(rows: &[tiebreak::Standing], rounds: usize, lang: arbiter_rules::Lang) -> Vec<String> {
    use arbiter_notation::tournament_words as w;
    let mut lines = vec![w::standings_heading(lang, rounds)];
    for r in rows {
        let tbs: Vec<(String, f64)> = r
            .tiebreaks
            .iter()
            .map(|(k, v)| (k.clone(), v.as_f64()))
            .collect();
        let name = out::printable(&r.name);
        lines.push(w::standing_line(
            lang,
            r.rank,
            &name,
            r.points.as_f64(),
            &tbs,
        ));
    }
    lines
}

fn table(rows: &[tiebreak::Standing], tbs: &[TieBreak], words: [&str; 4]) -> String {
    let width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(words[2].chars().count());
    let mut s = format!(
        "{:>5} {:>4} {:<width$} {:>6}",
        words[0], words[1], words[2], words[3]
    );
    for tb in tbs {
        s.push_str(&format!(" {:>7}", tb.to_string()));
    }
    s.push('\n');
    for r in rows {
        let name = out::printable(&r.name);
        s.push_str(&format!(
            "{:>5} {:>4} {:<width$} {:>6}",
            r.rank,
            r.id,
            name,
            r.points.to_string()
        ));
        for (_, v) in &r.tiebreaks {
            s.push_str(&format!(" {:>7}", v.to_string()));
        }
        s.push('\n');
    }
    s
}

/// The standings as JSON, each line's keys in the documented order and the
/// tie-breaks in the order asked.
fn json(rows: &[tiebreak::Standing]) -> String {
    let lines: Vec<String> = rows
        .iter()
        .map(|r| {
            let tbs: Vec<String> = r
                .tiebreaks
                .iter()
                .map(|(k, v)| format!("{}:{}", serde_json::json!(k), serde_json::json!(v.as_f64())))
                .collect();
            format!(
                "{{\"rank\":{},\"id\":{},\"name\":{},\"points\":{},\"tiebreaks\":{{{}}}}}",
                r.rank,
                r.id,
                serde_json::json!(r.name),
                serde_json::json!(r.points.as_f64()),
                tbs.join(",")
            )
        })
        .collect();
    format!("[{}]\n", lines.join(","))
}
