//! The words of a tournament's standings table (`arbiter standings
//! --lang`): its headings. The tie-break codes stay the regulations' codes
//! in every language.

use crate::Lang;

/// The headings of the standings: rank, number, name, points.
pub fn headings(l: Lang) -> [&'static str; 4] {
    match l {
        Lang::En => ["Rank", "No.", "Name", "Points"],
        Lang::Ru => ["Место", "№", "Участник", "Очки"],
        Lang::De => ["Platz", "Nr.", "Name", "Punkte"],
    }
}
