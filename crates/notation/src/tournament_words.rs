//! The words of a tournament: the standings' headings, and the pairings
//! and standings read aloud ("Round 3, board 2: Ivanov, white, against
//! Petrova") or printed in braille (BRF, on the embosser's 40 by 25 page),
//! in every language a table is printed in.

use crate::braille::{Page, paginate_brf, text_to_braille, to_brf};
use arbiter_rules::Lang;

/// The headings of the standings: rank, starting number, name, points.
pub fn standings_headings(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => ["Rank", "No.", "Name", "Points"],
        Lang::Ru => ["Место", "№", "Участник", "Очки"],
        Lang::De => ["Platz", "Nr.", "Name", "Punkte"],
    }
}

/// The heading of a round's pairings: "Round 3".
pub fn round_heading(lang: Lang, round: usize) -> String {
    match lang {
        Lang::En => format!("Round {round}"),
        Lang::Ru => format!("Тур {round}"),
        Lang::De => format!("Runde {round}"),
    }
}

/// The heading of the standings: "Standings after round 3".
pub fn standings_heading(lang: Lang, round: usize) -> String {
    match lang {
        Lang::En => format!("Standings after round {round}"),
        Lang::Ru => format!("Положение после {round}-го тура"),
        Lang::De => format!("Tabelle nach Runde {round}"),
    }
}

/// One board of a round read aloud: "Round 3, board 2: Ivanov, white,
/// against Petrova", with its result once known ("… Petrova. Result
/// 1-0"). Russian names White and Black each by their man, so that no
/// name has to be declined after a preposition.
pub fn board_line(
    lang: Lang,
    round: usize,
    board: usize,
    white: &str,
    black: &str,
    result: Option<&str>,
) -> String {
    let mut line = match lang {
        Lang::En => format!("Round {round}, board {board}: {white}, white, against {black}"),
        Lang::Ru => format!("Тур {round}, доска {board}: белые — {white}, чёрные — {black}"),
        Lang::De => format!("Runde {round}, Brett {board}: {white}, Weiß, gegen {black}"),
    };
    if let Some(r) = result {
        line.push_str(&match lang {
            Lang::En => format!(". Result {r}"),
            Lang::Ru => format!(". Результат {r}"),
            Lang::De => format!(". Ergebnis {r}"),
        });
    }
    line
}

/// The pairing-allocated bye of a round read aloud.
pub fn bye_line(lang: Lang, round: usize, name: &str) -> String {
    match lang {
        Lang::En => format!("Round {round}: {name} has the bye"),
        Lang::Ru => format!("Тур {round}: {name} свободен от игры"),
        Lang::De => format!("Runde {round}: {name} ist spielfrei"),
    }
}

/// A number of points with its noun, in the language's grammar: "1 point",
/// "2.5 points"; "1 очко", "2 очка", "5 очков", "2,5 очка"; "1 Punkt",
/// "2,5 Punkte".
pub fn points_words(lang: Lang, points: f64) -> String {
    let whole = points.fract() == 0.0;
    let number = if whole {
        format!("{points:.0}")
    } else {
        format!("{points}")
    };
    match lang {
        Lang::En if whole && points == 1.0 => "1 point".to_owned(),
        Lang::En => format!("{number} points"),
        Lang::De if whole && points == 1.0 => "1 Punkt".to_owned(),
        Lang::De => format!("{} Punkte", number.replace('.', ",")),
        Lang::Ru => {
            let noun = if !whole {
                "очка"
            } else {
                russian_noun(points.abs() as u64)
            };
            format!("{} {noun}", number.replace('.', ","))
        }
    }
}

/// The Russian plural of "очко" after a whole number.
fn russian_noun(n: u64) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=14) => "очков",
        (1, _) => "очко",
        (2..=4, _) => "очка",
        _ => "очков",
    }
}

/// The name of a tie-break, by its code of the FIDE Tie-Break Regulations
/// (C.07, 2023) and its cut; an unknown code is said as written.
pub fn tiebreak_name(lang: Lang, code: &str) -> String {
    let (base, modifier) = code.split_once(':').unwrap_or((code, ""));
    let name = match (lang, base) {
        (Lang::En, "BH") => "Buchholz",
        (Lang::Ru, "BH") => "Бухгольц",
        (Lang::De, "BH") => "Buchholz",
        (Lang::En | Lang::De, "SB") => "Sonneborn-Berger",
        (Lang::Ru, "SB") => "Зоннеборн-Бергер",
        (Lang::En, "DE") => "direct encounter",
        (Lang::Ru, "DE") => "личная встреча",
        (Lang::De, "DE") => "direkter Vergleich",
        (Lang::En, "WIN" | "WON") => "wins",
        (Lang::Ru, "WIN" | "WON") => "победы",
        (Lang::De, "WIN" | "WON") => "Siege",
        (Lang::En, "BPG") => "games with Black",
        (Lang::Ru, "BPG") => "партии чёрными",
        (Lang::De, "BPG") => "Partien mit Schwarz",
        (Lang::En | Lang::De, "KS") => "Koya",
        (Lang::Ru, "KS") => "Койя",
        (Lang::En, "ARO") => "average rating of opponents",
        (Lang::Ru, "ARO") => "средний рейтинг соперников",
        (Lang::De, "ARO") => "Gegnerschnitt",
        _ => return code.to_owned(),
    };
    match modifier {
        "" => name.to_owned(),
        m => format!("{name} {m}"),
    }
}

/// One line of the standings read aloud: "1. Ivanov, 3.5 points;
/// Buchholz C1 12.5; Sonneborn-Berger 9".
pub fn standing_line(
    lang: Lang,
    rank: usize,
    name: &str,
    points: f64,
    tiebreaks: &[(String, f64)],
) -> String {
    let mut line = format!("{rank}. {name}, {}", points_words(lang, points));
    for (code, value) in tiebreaks {
        let v = format!("{value}");
        let v = match lang {
            Lang::En => v,
            Lang::Ru | Lang::De => v.replace('.', ","),
        };
        line.push_str(&format!("; {} {v}", tiebreak_name(lang, code)));
    }
    line
}

/// Lines of words as a braille file for an embosser: uncontracted braille
/// in North American Braille ASCII, 40 cells a line and 25 lines a page.
pub fn brf(lines: &[String]) -> String {
    let text = lines.join("\n");
    paginate_brf(&to_brf(&text_to_braille(&text)), Page::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_headings() {
        let [en, ru, de] = [Lang::En, Lang::Ru, Lang::De].map(standings_headings);
        assert_ne!(en, ru);
        assert_ne!(en, de);
        assert_eq!(ru[0], "Место");
    }

    #[test]
    fn a_board_is_read_as_the_arbiter_calls_it() {
        assert_eq!(
            board_line(Lang::En, 3, 2, "Ivanov", "Petrova", None),
            "Round 3, board 2: Ivanov, white, against Petrova"
        );
        assert_eq!(
            board_line(Lang::Ru, 3, 2, "Иванов", "Петрова", Some("1-0")),
            "Тур 3, доска 2: белые — Иванов, чёрные — Петрова. Результат 1-0"
        );
        assert_eq!(
            board_line(Lang::De, 3, 2, "Ivanov", "Petrova", None),
            "Runde 3, Brett 2: Ivanov, Weiß, gegen Petrova"
        );
    }

    #[test]
    fn points_agree_with_their_number() {
        let say = |l, p| points_words(l, p);
        assert_eq!(say(Lang::En, 1.0), "1 point");
        assert_eq!(say(Lang::En, 2.5), "2.5 points");
        assert_eq!(say(Lang::Ru, 1.0), "1 очко");
        assert_eq!(say(Lang::Ru, 3.0), "3 очка");
        assert_eq!(say(Lang::Ru, 5.0), "5 очков");
        assert_eq!(say(Lang::Ru, 11.0), "11 очков");
        assert_eq!(say(Lang::Ru, 21.0), "21 очко");
        assert_eq!(say(Lang::Ru, 0.5), "0,5 очка");
        assert_eq!(say(Lang::De, 1.0), "1 Punkt");
        assert_eq!(say(Lang::De, 0.0), "0 Punkte");
        assert_eq!(say(Lang::De, 6.5), "6,5 Punkte");
    }

    #[test]
    fn standings_name_their_tiebreaks() {
        let tbs = [("BH:C1".to_owned(), 7.5), ("XYZ".to_owned(), 1.0)];
        assert_eq!(
            standing_line(Lang::En, 1, "Ivanov", 3.5, &tbs),
            "1. Ivanov, 3.5 points; Buchholz C1 7.5; XYZ 1"
        );
        assert_eq!(
            standing_line(Lang::De, 2, "Ivanov", 1.0, &tbs[..1]),
            "2. Ivanov, 1 Punkt; Buchholz C1 7,5"
        );
    }

    #[test]
    fn braille_pages_fit_the_embosser() {
        let lines: Vec<String> = (1..=30)
            .map(|b| board_line(Lang::En, 1, b, "Ivanov, Ivan", "Petrova, Anna", None))
            .collect();
        let out = brf(&lines);
        assert!(
            out.lines()
                .all(|l| l.trim_end_matches(['\r', '\u{c}']).chars().count() <= 40)
        );
        assert!(
            out.contains('\u{c}'),
            "more than 25 lines make a second page"
        );
        assert!(out.is_ascii());
        // "Round" in grade 1 braille: capital sign, then r o u n d.
        assert!(out.starts_with(",ROUND #A"), "{}", &out[..20]);
    }
}
