//! The game sentences of the accessible page (`crates/web`) that the
//! position answers do not give: the clock command without clocks and who
//! the opponent is. The page's own labels (buttons, headings) stay with the
//! page.

use crate::Lang;
use crate::sides::side_name;
use arbiter_rules::Side;

/// The clock command of a game without clocks.
pub fn no_clock(l: Lang) -> &'static str {
    match l {
        Lang::Ru => "Часов в этой партии нет.",
        Lang::De => "Diese Partie hat keine Uhr.",
        Lang::En => "This game has no clock.",
    }
}

/// Who plays: for a listener in `seat`, the opponent and his colour; for a
/// spectator (`None`), both players with their colours.
pub fn opponent(l: Lang, seat: Option<Side>, white: &str, black: &str) -> String {
    let (wn, bn) = (side_name(l, Side::White), side_name(l, Side::Black));
    match (seat, l) {
        (Some(Side::White), Lang::Ru) => format!("Ваш соперник: {black}, чёрные."),
        (Some(Side::Black), Lang::Ru) => format!("Ваш соперник: {white}, белые."),
        (Some(Side::White), Lang::De) => format!("Ihr Gegner: {black}, {bn}."),
        (Some(Side::Black), Lang::De) => format!("Ihr Gegner: {white}, {wn}."),
        (Some(Side::White), Lang::En) => format!("Your opponent: {black}, {bn}."),
        (Some(Side::Black), Lang::En) => format!("Your opponent: {white}, {wn}."),
        (None, _) => format!("{wn}: {white}. {bn}: {black}."),
    }
}
