//! The sides named in each language, shared by every sentence the session
//! builds (announcements, refusals, the set-up), so none of them depends on
//! another for two words.

use arbiter_notation::SpokenLang;
use arbiter_rules::Side;

/// A side named in `l`, capitalised: "Белые", "Weiß", "White".
pub(crate) fn side_name(l: SpokenLang, s: Side) -> &'static str {
    match (l, s) {
        (SpokenLang::Ru, Side::White) => "Белые",
        (SpokenLang::Ru, Side::Black) => "Чёрные",
        (SpokenLang::De, Side::White) => "Weiß",
        (SpokenLang::De, Side::Black) => "Schwarz",
        (SpokenLang::En, Side::White) => "White",
        (SpokenLang::En, Side::Black) => "Black",
    }
}
