//! A claim in words, as a player types it after `claim` (`требую`,
//! `reklamieren`): which claim, and the intended move that may follow. One
//! reader for every front end, so `arbiter play` and the game page take the
//! same words.

use arbiter_laws::ClaimKind;
use arbiter_rules::Side;

/// A claim read from words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedClaim {
    /// What is claimed.
    pub claim: ClaimKind,
    /// The intended move, as typed (L-9.2a, L-9.3a); never for a claim that
    /// has none.
    pub intended: Option<String>,
}

/// The first word that names a claim other than the threefold repetition,
/// in English, Russian and German. Anything else after `claim` is the
/// move of a threefold claim (L-9.2a).
fn kind_of(word: &str) -> Option<ClaimKind> {
    Some(match word {
        "time" | "flag" | "время" | "флажок" | "флаг" | "zeit" | "fahne" | "blättchen" => {
            ClaimKind::Time
        }
        "50" | "fifty" | "50ходов" | "пятьдесят" | "fünfzig" | "50züge" => {
            ClaimKind::FiftyMoves
        }
        "quickplay" | "finish" | "10.2" | "цейтнот" | "быстрое" | "завершение" | "endspurt" => {
            ClaimKind::QuickplayFinish
        }
        "increment" | "bonus" | "добавка" | "добавление" | "zuschlag" | "inkrement" => {
            ClaimKind::Increment
        }
        "illegal" | "незаконный" | "неправильный" | "regelwidrig" => {
            ClaimKind::IllegalMove
        }
        _ => return None,
    })
}

/// Reads the words after `claim`: `None` (nothing typed) is a threefold
/// claim on the position now (L-9.2b); `claim 50 Nf3` the fifty-move rule
/// with a move; `claim time` a fallen flag (L-6.8, A.5.3); `claim
/// quickplay` a draw in the quickplay finish (2005 10.2, G-III.5); `claim
/// increment` five seconds a move (G-III.4); `claim illegal` the opponent's
/// illegal move (A.5.2). Words are matched in any case.
///
/// ```
/// use arbiter_laws::ClaimKind;
/// use arbiter_notation::live::claim_words::read_claim;
///
/// assert_eq!(read_claim(Some("Nf3")).claim, ClaimKind::Threefold);
/// assert_eq!(read_claim(Some("Nf3")).intended.as_deref(), Some("Nf3"));
/// let fifty = read_claim(Some("50 Кf3"));
/// assert_eq!((fifty.claim, fifty.intended.as_deref()), (ClaimKind::FiftyMoves, Some("Кf3")));
/// assert_eq!(read_claim(Some("Время")).claim, ClaimKind::Time);
/// assert_eq!(read_claim(Some("quickplay")).intended, None);
/// ```
pub fn read_claim(text: Option<&str>) -> TypedClaim {
    let text = text.map(str::trim).unwrap_or("");
    let (head, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    let claim = match kind_of(&head.to_lowercase()) {
        Some(kind) => kind,
        None => {
            return TypedClaim {
                claim: ClaimKind::Threefold,
                intended: Some(text.to_string()).filter(|t| !t.is_empty()),
            };
        }
    };
    let intended = match claim {
        ClaimKind::FiftyMoves => Some(rest.to_string()).filter(|r| !r.is_empty()),
        _ => None,
    };
    TypedClaim { claim, intended }
}

/// Who makes a claim typed at a keyboard both players share: the player
/// whose opponent's flag is down (the one not to move, since a flag falls on
/// its owner's turn) for a flag; the player to move for every other claim
/// (L-9.2, L-9.3, G-III.4, G-III.5; after an illegal move the claimant has
/// the move, A.5.2).
pub fn shared_claimant(claim: ClaimKind, to_move: Side) -> Side {
    match claim {
        ClaimKind::Time => to_move.other(),
        _ => to_move,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_claim_is_read_in_three_languages() {
        for (text, claim, intended) in [
            ("", ClaimKind::Threefold, None),
            ("  Nf3 ", ClaimKind::Threefold, Some("Nf3")),
            ("fifty", ClaimKind::FiftyMoves, None),
            ("50ходов Кf3", ClaimKind::FiftyMoves, Some("Кf3")),
            ("Fünfzig Sf3", ClaimKind::FiftyMoves, Some("Sf3")),
            ("FLAG", ClaimKind::Time, None),
            ("флажок", ClaimKind::Time, None),
            ("Blättchen", ClaimKind::Time, None),
            ("quickplay", ClaimKind::QuickplayFinish, None),
            ("цейтнот", ClaimKind::QuickplayFinish, None),
            ("Endspurt", ClaimKind::QuickplayFinish, None),
            ("increment", ClaimKind::Increment, None),
            ("добавка", ClaimKind::Increment, None),
            ("illegal", ClaimKind::IllegalMove, None),
            ("time e4", ClaimKind::Time, None),
        ] {
            let got = read_claim(Some(text));
            assert_eq!(got.claim, claim, "{text:?}");
            assert_eq!(got.intended.as_deref(), intended, "{text:?}");
        }
        assert_eq!(read_claim(None).claim, ClaimKind::Threefold);
        assert_eq!(read_claim(None).intended, None);
    }

    #[test]
    fn at_a_shared_keyboard_only_a_flag_is_claimed_by_the_side_not_to_move() {
        assert_eq!(shared_claimant(ClaimKind::Time, Side::White), Side::Black);
        for c in [
            ClaimKind::Threefold,
            ClaimKind::FiftyMoves,
            ClaimKind::QuickplayFinish,
            ClaimKind::Increment,
            ClaimKind::IllegalMove,
        ] {
            assert_eq!(shared_claimant(c, Side::White), Side::White);
        }
    }
}
