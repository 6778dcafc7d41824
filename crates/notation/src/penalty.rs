//! The arbiter's measures (FIDE Laws 12.9, 2005 13.4) and the Laws' own
//! penalties, named in a player's language, as a blind player hears them
//! announced.
//!
//! ```
//! use arbiter_notation::penalty::name;
//! use arbiter_rules::{Lang, PenaltyKind};
//!
//! assert_eq!(name(PenaltyKind::Warning, Lang::Ru), "предупреждение");
//! assert_eq!(name(PenaltyKind::DeclareLost, Lang::De), "Partie für verloren erklärt");
//! ```

use arbiter_rules::{Lang, PenaltyKind};

/// The measure `kind` as a noun phrase in `lang`, without the player.
pub fn name(kind: PenaltyKind, lang: Lang) -> &'static str {
    let [en, ru, de] = words(kind);
    match lang {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    }
}

fn words(kind: PenaltyKind) -> [&'static str; 3] {
    use PenaltyKind::*;
    match kind {
        Warning => ["warning", "предупреждение", "Verwarnung"],
        AddTime => ["time added", "добавлено время", "Zeit gutgeschrieben"],
        DeductTime => ["time deducted", "снято время", "Zeit abgezogen"],
        IncreasePoints => [
            "the opponent's points raised to the maximum",
            "сопернику засчитано максимальное число очков",
            "dem Gegner die volle Punktzahl gutgeschrieben",
        ],
        ReducePoints => ["points reduced", "очки уменьшены", "Punkte gekürzt"],
        DeclareLost => [
            "game declared lost",
            "засчитано поражение",
            "Partie für verloren erklärt",
        ],
        Fine => ["fine", "штраф", "Geldstrafe"],
        ExcludeRounds => [
            "excluded from one or more rounds",
            "отстранение от одного или нескольких туров",
            "von einer oder mehreren Runden ausgeschlossen",
        ],
        Expel => [
            "expelled from the competition",
            "исключение из соревнования",
            "aus dem Turnier ausgeschlossen",
        ],
        IllegalMove => ["illegal move", "невозможный ход", "regelwidriger Zug"],
        IncorrectClaim => [
            "incorrect claim",
            "необоснованное требование",
            "unberechtigter Antrag",
        ],
        ClaimantTimeCut => [
            "time cut for an incorrect claim",
            "время сокращено за необоснованное требование",
            "Zeit gekürzt für einen unberechtigten Antrag",
        ],
        LateArrival => [
            "arrived after the default time: game lost",
            "опоздание сверх допустимого: поражение",
            "nach der Karenzzeit erschienen: Partie verloren",
        ],
        QuickplayPostponedTime => [
            "quickplay finish claim postponed",
            "решение по заявлению о быстром завершении отложено",
            "Entscheidung über den Antrag auf Schnellfinish aufgeschoben",
        ],
        QuickplayRejected => [
            "quickplay finish claim rejected",
            "заявление о быстром завершении отклонено",
            "Antrag auf Schnellfinish abgelehnt",
        ],
        QuickplayIncrement => [
            "increment introduced",
            "введено добавление времени",
            "Bonuszeit eingeführt",
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every measure has its own words in every language, never the
    /// snake-case key a log writes.
    #[test]
    fn every_kind_is_named_in_every_language() {
        for lang in [Lang::En, Lang::Ru, Lang::De] {
            let mut seen = std::collections::HashSet::new();
            for k in PenaltyKind::ALL {
                let n = name(k, lang);
                assert!(!n.contains('_'), "{k:?} {lang:?}: {n}");
                assert!(seen.insert(n), "{k:?} {lang:?} repeats {n}");
                if lang == Lang::Ru {
                    assert!(n.chars().any(|c| ('а'..='я').contains(&c)), "{n}");
                }
            }
        }
    }
}
