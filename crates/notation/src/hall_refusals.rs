//! The hall's own refusals, those that are not the Laws' (its limits, the
//! tokens, the bodies, the pages' origin, the arbiter's token online), in
//! the languages the hall answers in: the server words nothing itself.

use crate::Lang;

/// One of the hall's own refusals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HallRefusal {
    /// The address created more games than its rate allows.
    TooManyGames,
    /// The address sent too many tokens no game has.
    TooManyUnknownTokens,
    /// The address has its share of live games with an engine.
    EnginesOfClient {
        /// Its live games with an engine.
        live: usize,
    },
    /// The instance runs its share of games with an engine.
    EnginesOfHall {
        /// The games with an engine it runs.
        live: usize,
    },
    /// The address has its WebSockets open.
    Sockets {
        /// The most it may have.
        most: usize,
    },
    /// A body not sent as JSON.
    NotJson,
    /// A token no seat of the game has.
    UnknownToken,
    /// The arbiter's token making a player's action in an online game.
    ArbiterPlaysForNobody,
    /// A WebSocket asked by a page of another site.
    ForeignOrigin,
    /// A tournament's refusal (registration, pairing, withdrawals, byes).
    Tournament(crate::tournament_words::TournamentRefusal),
}

/// The refusal in `l`.
pub fn hall_refusal_text(r: &HallRefusal, l: Lang) -> String {
    use HallRefusal::*;
    let pick = |en: String, ru: String, de: String| match l {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    };
    match r {
        TooManyGames => pick(
            "too many games created from this address; wait and retry".into(),
            "с этого адреса создано слишком много партий; подождите и повторите".into(),
            "zu viele Partien von dieser Adresse angelegt; bitte warten und erneut versuchen".into(),
        ),
        TooManyUnknownTokens => pick(
            "too many requests with unknown tokens from this address; wait and retry".into(),
            "с этого адреса слишком много запросов с неизвестными ключами; подождите и повторите".into(),
            "zu viele Anfragen mit unbekannten Schlüsseln von dieser Adresse; bitte warten und erneut versuchen".into(),
        ),
        EnginesOfClient { live } => pick(
            format!("this address has {live} live games with an engine, the most it may; finish one first"),
            format!("у этого адреса {live} идущих партий с программой, больше нельзя; сначала закончите одну"),
            format!("diese Adresse hat {live} laufende Partien gegen das Programm, mehr geht nicht; zuerst eine beenden"),
        ),
        EnginesOfHall { live } => pick(
            format!("the hall runs {live} games with an engine, the most it may; retry later"),
            format!("в зале идёт {live} партий с программой, больше нельзя; повторите позже"),
            format!("der Saal führt {live} Partien gegen das Programm, mehr geht nicht; später erneut versuchen"),
        ),
        Sockets { most } => pick(
            format!("this address has {most} WebSockets open, the most it may"),
            format!("у этого адреса открыто {most} соединений WebSocket, больше нельзя"),
            format!("diese Adresse hat {most} WebSockets offen, mehr geht nicht"),
        ),
        NotJson => pick(
            "the body must be JSON, sent with Content-Type: application/json".into(),
            "тело запроса должно быть JSON с заголовком Content-Type: application/json".into(),
            "der Inhalt muss JSON sein, gesendet mit Content-Type: application/json".into(),
        ),
        UnknownToken => pick(
            "this token is not one of this game's".into(),
            "этот ключ не относится к этой партии".into(),
            "dieser Schlüssel gehört nicht zu dieser Partie".into(),
        ),
        ArbiterPlaysForNobody => pick(
            "the arbiter's token makes no player's action (move, offer, claim, resignation) in an online game; the player makes it with his own token".into(),
            "ключ арбитра не делает за игрока ходов, предложений, требований и не сдаёт партию в онлайн-партии; игрок делает это своим ключом".into(),
            "der Schlüssel des Schiedsrichters macht in einer Online-Partie keine Handlung eines Spielers (Zug, Angebot, Reklamation, Aufgabe); der Spieler macht sie mit seinem eigenen Schlüssel".into(),
        ),
        ForeignOrigin => pick(
            "a WebSocket is opened only by the hall's own pages (Origin)".into(),
            "WebSocket открывают только страницы самого зала (Origin)".into(),
            "ein WebSocket wird nur von den Seiten des Saals selbst geöffnet (Origin)".into(),
        ),
        Tournament(t) => crate::tournament_words::tournament_refusal_text(t, l),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_is_said_in_each_language_and_differently() {
        let all = [
            HallRefusal::TooManyGames,
            HallRefusal::TooManyUnknownTokens,
            HallRefusal::EnginesOfClient { live: 2 },
            HallRefusal::EnginesOfHall { live: 8 },
            HallRefusal::Sockets { most: 32 },
            HallRefusal::NotJson,
            HallRefusal::UnknownToken,
            HallRefusal::ArbiterPlaysForNobody,
            HallRefusal::ForeignOrigin,
        ];
        for r in &all {
            let [en, ru, de] = [Lang::En, Lang::Ru, Lang::De].map(|l| hall_refusal_text(r, l));
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            assert!(en != de && en != ru && !en.is_empty(), "{en} / {de}");
        }
    }
}
