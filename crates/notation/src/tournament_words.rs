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

/// A player who withdrew, in the round's words and on his page: "Ivanov
/// withdrew". Russian and German say it without the player's gender.
pub fn withdrew_line(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("{name} withdrew"),
        Lang::Ru => format!("{name} больше не участвует в турнире"),
        Lang::De => format!("{name} hat sich vom Turnier zurückgezogen"),
    }
}

/// A bye the player asked for (or a round a late entrant missed), read
/// aloud: "Petrova: half-point bye, round 4"; `half` false for the
/// zero-point bye.
pub fn requested_bye_line(lang: Lang, round: usize, name: &str, half: bool) -> String {
    match (lang, half) {
        (Lang::En, true) => format!("{name}: half-point bye, round {round}"),
        (Lang::En, false) => format!("{name}: zero-point bye, round {round}"),
        (Lang::Ru, true) => format!("{name}: без игры в туре {round}, пол-очка"),
        (Lang::Ru, false) => format!("{name}: без игры в туре {round}, ноль очков"),
        (Lang::De, true) => format!("{name}: spielfrei mit halbem Punkt, Runde {round}"),
        (Lang::De, false) => format!("{name}: spielfrei ohne Punkt, Runde {round}"),
    }
}

/// A late entry on his page: "Sidorov joined in round 3".
pub fn joined_line(lang: Lang, name: &str, round: usize) -> String {
    match lang {
        Lang::En => format!("{name} joined in round {round}"),
        Lang::Ru => format!("{name}: вступление в турнир с тура {round}"),
        Lang::De => format!("{name}: nachgemeldet ab Runde {round}"),
    }
}

/// Why the hall refuses a tournament request (registration, pairing,
/// withdrawals and byes), worded in the request's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// The arbiter closed the registration (or a round robin has begun).
    RegistrationClosed,
    /// The tournament has as many players as it may.
    Full,
    /// Fewer than two players to pair.
    TooFewPlayers,
    /// Every round is paired.
    AllPaired,
    /// A game of this round has no result yet.
    Unfinished {
        /// The round still being played.
        round: usize,
    },
    /// The pairing system found no pairing (the engine's reason).
    NoPairing(String),
    /// A bye asked for a round already paired.
    RoundPaired {
        /// The round.
        round: usize,
    },
    /// A round that the tournament does not have.
    NoSuchRound {
        /// The round asked for.
        round: usize,
        /// The tournament's rounds.
        rounds: usize,
    },
    /// The player has asked for as many half-point byes as the event allows.
    HalfByesUsed {
        /// The event's limit.
        most: usize,
    },
    /// The player has withdrawn from this round on.
    Withdrawn {
        /// The first round he is not paired in.
        round: usize,
    },
    /// No bye of the player in that round to cancel.
    NoSuchBye {
        /// The round.
        round: usize,
    },
    /// A round robin's tables fix every round: no byes, no late entries.
    RoundRobin,
    /// A token that is not one of this tournament's.
    ForeignToken,
    /// A player's token where only the arbiter's will do (pairing a round,
    /// closing the registration).
    ArbiterOnly,
    /// A player's token used for another player's page or rounds.
    NotYours,
}

/// The refusal in `lang`.
pub fn tournament_refusal_text(r: &TournamentRefusal, lang: Lang) -> String {
    use TournamentRefusal::*;
    let pick = |en: String, ru: String, de: String| match lang {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    };
    match r {
        RegistrationClosed => pick(
            "registration is closed".into(),
            "регистрация закрыта".into(),
            "die Anmeldung ist geschlossen".into(),
        ),
        Full => pick(
            "the tournament is full".into(),
            "в турнире нет свободных мест".into(),
            "das Turnier ist voll".into(),
        ),
        TooFewPlayers => pick(
            "a tournament needs at least two players".into(),
            "для турнира нужны хотя бы два участника".into(),
            "ein Turnier braucht mindestens zwei Teilnehmer".into(),
        ),
        AllPaired => pick(
            "every round of the tournament is paired".into(),
            "жеребьёвка всех туров уже проведена".into(),
            "alle Runden des Turniers sind gepaart".into(),
        ),
        Unfinished { round } => pick(
            format!("round {round} is not over: a game has no result yet"),
            format!("тур {round} не закончен: у партии ещё нет результата"),
            format!("Runde {round} ist nicht beendet: eine Partie hat noch kein Ergebnis"),
        ),
        NoPairing(why) => pick(
            format!("no pairing exists: {why}"),
            format!("жеребьёвка невозможна: {why}"),
            format!("keine Paarung möglich: {why}"),
        ),
        RoundPaired { round } => pick(
            format!("round {round} is already paired"),
            format!("жеребьёвка тура {round} уже проведена"),
            format!("Runde {round} ist schon gepaart"),
        ),
        NoSuchRound { round, rounds } => pick(
            format!("round {round} is not among rounds 1 to {rounds}"),
            format!("тура {round} нет: туры с 1 по {rounds}"),
            format!("Runde {round} gibt es nicht: Runden 1 bis {rounds}"),
        ),
        HalfByesUsed { most } => pick(
            format!("a player may ask for {most} half-point byes in this tournament, and has"),
            format!("в этом турнире можно взять не больше {most} пропусков с половиной очка, они уже взяты"),
            format!("in diesem Turnier sind höchstens {most} Freilose mit halbem Punkt erlaubt, und sie sind genommen"),
        ),
        Withdrawn { round } => pick(
            format!("the player has withdrawn from round {round} on"),
            format!("участник выбыл из турнира начиная с тура {round}"),
            format!("der Teilnehmer hat sich ab Runde {round} zurückgezogen"),
        ),
        NoSuchBye { round } => pick(
            format!("the player has no bye in round {round}"),
            format!("у участника нет пропуска в туре {round}"),
            format!("der Teilnehmer hat in Runde {round} kein Freilos"),
        ),
        RoundRobin => pick(
            "a round robin plays its tables: no byes asked for and no late entries".into(),
            "круговой турнир играется по таблице: без пропусков по заявке и без опоздавших".into(),
            "ein Rundenturnier folgt seiner Tabelle: keine beantragten Freilose und keine Nachmeldungen".into(),
        ),
        ForeignToken => pick(
            "this token is not one of this tournament's".into(),
            "этот ключ не относится к этому турниру".into(),
            "dieser Schlüssel gehört nicht zu diesem Turnier".into(),
        ),
        ArbiterOnly => pick(
            "only the tournament's arbiter may do this".into(),
            "это может сделать только судья турнира".into(),
            "das darf nur der Schiedsrichter des Turniers".into(),
        ),
        NotYours => pick(
            "a player reads and changes only his own page and rounds".into(),
            "участник видит и меняет только свою страницу и свои туры".into(),
            "ein Teilnehmer sieht und ändert nur seine eigene Seite und seine Runden".into(),
        ),
    }
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

    #[test]
    fn withdrawals_and_byes_are_said_in_each_language() {
        assert_eq!(withdrew_line(Lang::En, "Ivanov"), "Ivanov withdrew");
        assert_eq!(
            requested_bye_line(Lang::En, 4, "Petrova", true),
            "Petrova: half-point bye, round 4"
        );
        assert_ne!(
            requested_bye_line(Lang::Ru, 4, "Петрова", true),
            requested_bye_line(Lang::Ru, 4, "Петрова", false)
        );
        assert!(requested_bye_line(Lang::De, 4, "P", false).contains("Runde 4"));
        assert!(joined_line(Lang::Ru, "Сидоров", 3).contains("тура 3"));
        let all = [
            TournamentRefusal::RegistrationClosed,
            TournamentRefusal::Full,
            TournamentRefusal::TooFewPlayers,
            TournamentRefusal::AllPaired,
            TournamentRefusal::Unfinished { round: 2 },
            TournamentRefusal::NoPairing("x".into()),
            TournamentRefusal::RoundPaired { round: 2 },
            TournamentRefusal::NoSuchRound {
                round: 9,
                rounds: 5,
            },
            TournamentRefusal::HalfByesUsed { most: 2 },
            TournamentRefusal::Withdrawn { round: 3 },
            TournamentRefusal::NoSuchBye { round: 3 },
            TournamentRefusal::RoundRobin,
            TournamentRefusal::ForeignToken,
            TournamentRefusal::ArbiterOnly,
            TournamentRefusal::NotYours,
        ];
        for r in &all {
            let [en, ru, de] =
                [Lang::En, Lang::Ru, Lang::De].map(|l| tournament_refusal_text(r, l));
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            assert!(en != de && en != ru && !en.is_empty(), "{en} / {de}");
        }
    }
}
