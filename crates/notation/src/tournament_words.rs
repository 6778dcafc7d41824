//! The words of a tournament's tables: the standings' headings, in every
//! language a table is printed in.

use arbiter_rules::Lang;

/// The headings of the standings: rank, starting number, name, points.
pub fn standings_headings(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => ["Rank", "No.", "Name", "Points"],
        Lang::Ru => ["Место", "№", "Участник", "Очки"],
        Lang::De => ["Platz", "Nr.", "Name", "Punkte"],
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
}
