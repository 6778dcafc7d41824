//! Spoken notation both ways: the announcement of a move (L-D.2.1) and the reading of a
//! transcript (what a speech recogniser or an assistant typed) back into a move.
//!
//! Lexicons:
//! * `fide-de` — FIDE Appendix D, L-D.2.1: files Anna…Hector, ranks eins…acht, pieces
//!   Koenig…Bauer, "Kurze/Lange Rochade"; the promotion piece is always announced.
//! * `ru-fide` — the Russian national text (RU-1): Анна…Хектор, айн…ахт, Кениг…Бауэр.
//! * `ru` — Russian practice (RU-4): long form, "конь жэ один эф три".
//! * `en` — plain English, long form: "knight g1 to f3, check".
//! * `nato` — lichess NVUI's "nato" style: SAN read symbol by symbol with NATO file names.
//!
//! The transcript reader accepts the words of *all* lexicons at once (blind players and
//! assistants mix them: "Springer f3", "конь g1 f3"), and reports which lexicon it heard.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, File, Move, Rank, Role, Square};

use arbiter_rules::Lang;

use crate::error::{ErrorKind, NotationError};
use crate::pattern::{Pattern, RoleSpec, from_to};
use crate::written::{file_char, rank_char};

/// A spoken lexicon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lexicon {
    /// FIDE Appendix D (L-D.2.1): Anna…Hector, eins…acht, Koenig…Bauer (key `fide-de`).
    FideDe,
    /// The Russian national text of Appendix D (RU-1): Анна…Хектор, айн…ахт (key `ru-fide`).
    RuFide,
    /// Russian practice (RU-4), long form: "конь жэ один эф три" (key `ru`).
    Ru,
    /// Plain English, long form: "knight g1 to f3, check" (key `en`).
    En,
    /// SAN read symbol by symbol with NATO file names, as lichess NVUI (key `nato`).
    Nato,
}

impl Lexicon {
    /// Every lexicon; a transcript's vote on its lexicon is won, on a tie, by
    /// the earlier one here.
    pub const ALL: [Lexicon; 5] = [
        Lexicon::FideDe,
        Lexicon::RuFide,
        Lexicon::Ru,
        Lexicon::En,
        Lexicon::Nato,
    ];

    /// The command-line and API key: `fide-de`, `ru-fide`, `ru`, `en`, `nato`.
    pub fn key(self) -> &'static str {
        match self {
            Lexicon::FideDe => "fide-de",
            Lexicon::RuFide => "ru-fide",
            Lexicon::Ru => "ru",
            Lexicon::En => "en",
            Lexicon::Nato => "nato",
        }
    }

    /// Reads a lexicon from its key, in any case; also `de`, `fide`,
    /// `ru-spoken` and `en-spoken`. `None` for an unknown key.
    pub fn from_key(k: &str) -> Option<Lexicon> {
        let k = k.to_ascii_lowercase();
        Some(match k.as_str() {
            "fide-de" | "de" | "fide" => Lexicon::FideDe,
            "ru-fide" => Lexicon::RuFide,
            "ru" | "ru-spoken" => Lexicon::Ru,
            "en" | "en-spoken" => Lexicon::En,
            "nato" => Lexicon::Nato,
            _ => return None,
        })
    }

    /// The spoken language of the lexicon: which espeak-ng voice reads it and which
    /// language the event announcements and the talking clock use.
    pub fn language(self) -> Lang {
        match self {
            Lexicon::FideDe => Lang::De,
            Lexicon::RuFide | Lexicon::Ru => Lang::Ru,
            Lexicon::En | Lexicon::Nato => Lang::En,
        }
    }

    fn bit(self) -> u8 {
        match self {
            Lexicon::FideDe => DE,
            Lexicon::RuFide => RUF,
            Lexicon::Ru => RU,
            Lexicon::En => EN,
            Lexicon::Nato => NATO,
        }
    }
}

// L-D.2.1 names (FIDE spelling, ASCII as in the Laws' English text).
const DE_FILES: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
];
const DE_RANKS: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht",
];
// RU-1 (national text).
const RUF_FILES: [&str; 8] = [
    "Анна",
    "Белла",
    "Цезарь",
    "Дэвид",
    "Ева",
    "Феликс",
    "Густав",
    "Хектор",
];
const RUF_RANKS: [&str; 8] = ["айн", "цвай", "драй", "фир", "фюнф", "зекс", "зибен", "ахт"];
// RU-4 (practice): Latin letters read aloud.
const RU_FILES: [&str; 8] = ["а", "бэ", "цэ", "дэ", "е", "эф", "жэ", "аш"];
const NATO_FILES: [&str; 8] = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
];

pub(crate) fn piece_word(lex: Lexicon, role: Role) -> &'static str {
    use Role::*;
    match (lex, role) {
        (Lexicon::FideDe, King) => "Koenig",
        (Lexicon::FideDe, Queen) => "Dame",
        (Lexicon::FideDe, Rook) => "Turm",
        (Lexicon::FideDe, Bishop) => "Laeufer",
        (Lexicon::FideDe, Knight) => "Springer",
        (Lexicon::FideDe, Pawn) => "Bauer",
        (Lexicon::RuFide, King) => "Кениг",
        (Lexicon::RuFide, Queen) => "Даме",
        (Lexicon::RuFide, Rook) => "Турм",
        (Lexicon::RuFide, Bishop) => "Лойфер",
        (Lexicon::RuFide, Knight) => "Шпрингер",
        (Lexicon::RuFide, Pawn) => "Бауэр",
        (Lexicon::Ru, King) => "король",
        (Lexicon::Ru, Queen) => "ферзь",
        (Lexicon::Ru, Rook) => "ладья",
        (Lexicon::Ru, Bishop) => "слон",
        (Lexicon::Ru, Knight) => "конь",
        (Lexicon::Ru, Pawn) => "пешка",
        (_, King) => "king",
        (_, Queen) => "queen",
        (_, Rook) => "rook",
        (_, Bishop) => "bishop",
        (_, Knight) => "knight",
        (_, Pawn) => "pawn",
    }
}

/// Russian accusative after "превращение в …" (в ферзя, в ладью, в слона, в коня).
fn ru_accusative(role: Role) -> &'static str {
    match role {
        Role::Queen => "ферзя",
        Role::Rook => "ладью",
        Role::Bishop => "слона",
        Role::Knight => "коня",
        Role::King => "короля",
        Role::Pawn => "пешку",
    }
}

pub(crate) fn square_words(lex: Lexicon, sq: Square) -> String {
    let (f, r) = (sq.file().to_usize(), sq.rank().to_usize());
    match lex {
        Lexicon::FideDe => format!("{} {}", DE_FILES[f], DE_RANKS[r]),
        Lexicon::RuFide => format!("{} {}", RUF_FILES[f], RUF_RANKS[r]),
        Lexicon::Ru => format!("{} {}", RU_FILES[f], crate::numbers::RU_UNITS_M[r + 1]),
        Lexicon::Nato => format!("{} {}", NATO_FILES[f], r + 1),
        Lexicon::En => format!("{}{}", sq.file().char(), sq.rank().char()),
    }
}

pub(crate) fn file_word(lex: Lexicon, f: File) -> String {
    let i = f.to_usize();
    match lex {
        Lexicon::FideDe => DE_FILES[i].to_string(),
        Lexicon::RuFide => RUF_FILES[i].to_string(),
        Lexicon::Ru => RU_FILES[i].to_string(),
        Lexicon::Nato => NATO_FILES[i].to_string(),
        Lexicon::En => f.char().to_string(),
    }
}

pub(crate) fn rank_word(lex: Lexicon, r: Rank) -> String {
    let i = r.to_usize();
    match lex {
        Lexicon::FideDe => DE_RANKS[i].to_string(),
        Lexicon::RuFide => RUF_RANKS[i].to_string(),
        Lexicon::Ru => crate::numbers::RU_UNITS_M[i + 1].to_string(),
        _ => (i + 1).to_string(),
    }
}

pub(crate) fn castle_words(lex: Lexicon, side: CastlingSide) -> &'static str {
    let short = side == CastlingSide::KingSide;
    match (lex, short) {
        (Lexicon::FideDe, true) => "Kurze Rochade",
        (Lexicon::FideDe, false) => "Lange Rochade",
        (Lexicon::RuFide | Lexicon::Ru, true) => "короткая рокировка",
        (Lexicon::RuFide | Lexicon::Ru, false) => "длинная рокировка",
        (Lexicon::En, true) => "castles kingside",
        (Lexicon::En, false) => "castles queenside",
        (Lexicon::Nato, true) => "short castling",
        (Lexicon::Nato, false) => "long castling",
    }
}

pub(crate) fn capture_word(lex: Lexicon) -> &'static str {
    match lex {
        Lexicon::FideDe => "schlägt",
        Lexicon::RuFide | Lexicon::Ru => "берёт",
        Lexicon::En | Lexicon::Nato => "takes",
    }
}

/// The word for check or mate in a lexicon's language.
pub fn check_word(lex: Lexicon, mate: bool) -> &'static str {
    match (lex.language(), mate) {
        (Lang::De, false) => "Schach",
        (Lang::De, true) => "Matt",
        (Lang::Ru, false) => "шах",
        (Lang::Ru, true) => "мат",
        (Lang::En, false) => "check",
        (Lang::En, true) => "checkmate",
    }
}

pub(crate) fn promotion_words(lex: Lexicon, role: Role) -> String {
    match lex {
        Lexicon::FideDe => format!("Umwandlung in {}", piece_word(lex, role)),
        Lexicon::RuFide => format!("превращение в {}", piece_word(lex, role)),
        Lexicon::Ru => format!("превращение в {}", ru_accusative(role)),
        Lexicon::En | Lexicon::Nato => format!("promotes to {}", piece_word(lex, role)),
    }
}

fn en_passant_words(lex: Lexicon) -> &'static str {
    match lex.language() {
        Lang::Ru => "взятие на проходе",
        _ => "en passant",
    }
}

/// The announcement of a move (L-D.2.1). Promotion pieces are always said.
pub fn announce_move(pos: &Chess, m: Move, lex: Lexicon) -> String {
    let sp = SanPlus::from_move(pos.clone(), m);
    if lex == Lexicon::Nato {
        return nato(&sp);
    }
    let mut parts: Vec<String> = Vec::new();
    if let Some(side) = m.castling_side() {
        parts.push(castle_words(lex, side).to_string());
    } else {
        let mut s = String::new();
        match lex {
            // Long form: piece, departure, (takes), arrival (RU-4, and plain English).
            Lexicon::Ru | Lexicon::En => {
                let (from, to) = from_to(&m, pos);
                s.push_str(piece_word(lex, m.role()));
                s.push(' ');
                s.push_str(&square_words(lex, from));
                s.push(' ');
                if m.is_capture() {
                    s.push_str(capture_word(lex));
                    s.push(' ');
                } else if lex == Lexicon::En {
                    s.push_str("to ");
                }
                s.push_str(&square_words(lex, to));
            }
            // Short form as in SAN, with the names of L-D.2.1 / RU-1.
            _ => {
                if let San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    ..
                } = sp.san
                {
                    s.push_str(piece_word(lex, role));
                    if let Some(f) = file {
                        s.push(' ');
                        s.push_str(&file_word(lex, f));
                    }
                    if let Some(r) = rank {
                        s.push(' ');
                        s.push_str(&rank_word(lex, r));
                    }
                    if capture {
                        s.push(' ');
                        s.push_str(capture_word(lex));
                    }
                    s.push(' ');
                    s.push_str(&square_words(lex, to));
                }
            }
        }
        parts.push(s);
        if let Some(p) = m.promotion() {
            parts.push(promotion_words(lex, p));
        }
        if m.is_en_passant() {
            parts.push(en_passant_words(lex).to_string());
        }
    }
    match sp.suffix {
        Some(Suffix::Check) => parts.push(check_word(lex, false).to_string()),
        Some(Suffix::Checkmate) => parts.push(check_word(lex, true).to_string()),
        None => {}
    }
    parts.join(", ")
}

/// lichess NVUI "nato" style: SAN symbol by symbol.
fn nato(sp: &SanPlus) -> String {
    let san = sp.to_string();
    let base = san.trim_end_matches(['+', '#']);
    let mut words: Vec<String> = Vec::new();
    match base {
        "O-O" => words.push("short castling".into()),
        "O-O-O" => words.push("long castling".into()),
        _ => {
            for c in base.chars() {
                let w = match c {
                    'x' => "takes".to_string(),
                    '=' => "promotes to".to_string(),
                    'a'..='h' => NATO_FILES[(c as u8 - b'a') as usize].to_string(),
                    '1'..='8' => c.to_string(),
                    _ => match shakmaty::Role::from_char(c.to_ascii_lowercase()) {
                        Some(r) => piece_word(Lexicon::Nato, r).to_string(),
                        None => c.to_string(),
                    },
                };
                words.push(w);
            }
        }
    }
    match sp.suffix {
        Some(Suffix::Check) => words.push("check".into()),
        Some(Suffix::Checkmate) => words.push("checkmate".into()),
        None => {}
    }
    words.join(" ")
}

// ---------------------------------------------------------------------------------------
// Transcript → move.

const DE: u8 = 1;
const RUF: u8 = 2;
const RU: u8 = 4;
const EN: u8 = 8;
const NATO: u8 = 16;
const ALL: u8 = 31;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(Role),
    File(File),
    Rank(Rank),
    Capture,
    Check,
    Mate,
    Short,
    Long,
    Castle,
    Promote,
    EnPassant,
    Filler,
}

const fn f(i: u32) -> Tok {
    Tok::File(File::new(i))
}
const fn r(i: u32) -> Tok {
    Tok::Rank(Rank::new(i))
}

/// Every word any lexicon uses, normalised (lower case, ё→е, umlauts as ae/oe/ue), with
/// the lexicons it belongs to. Variant spellings a recogniser produces are included.
static WORDS: &[(&str, Tok, u8)] = &[
    // pieces
    ("koenig", Tok::Piece(Role::King), DE),
    ("dame", Tok::Piece(Role::Queen), DE),
    ("turm", Tok::Piece(Role::Rook), DE),
    ("laeufer", Tok::Piece(Role::Bishop), DE),
    ("springer", Tok::Piece(Role::Knight), DE),
    ("bauer", Tok::Piece(Role::Pawn), DE),
    ("кениг", Tok::Piece(Role::King), RUF),
    ("даме", Tok::Piece(Role::Queen), RUF),
    ("дамэ", Tok::Piece(Role::Queen), RUF),
    ("турм", Tok::Piece(Role::Rook), RUF),
    ("лойфер", Tok::Piece(Role::Bishop), RUF),
    ("лойфэр", Tok::Piece(Role::Bishop), RUF),
    ("шпрингер", Tok::Piece(Role::Knight), RUF),
    ("бауэр", Tok::Piece(Role::Pawn), RUF),
    ("бауер", Tok::Piece(Role::Pawn), RUF),
    ("король", Tok::Piece(Role::King), RU),
    ("короля", Tok::Piece(Role::King), RU),
    ("ферзь", Tok::Piece(Role::Queen), RU),
    ("ферзя", Tok::Piece(Role::Queen), RU),
    ("королева", Tok::Piece(Role::Queen), RU | RUF),
    ("королеву", Tok::Piece(Role::Queen), RU),
    ("ладья", Tok::Piece(Role::Rook), RU),
    ("ладью", Tok::Piece(Role::Rook), RU),
    ("слон", Tok::Piece(Role::Bishop), RU),
    ("слона", Tok::Piece(Role::Bishop), RU),
    ("конь", Tok::Piece(Role::Knight), RU),
    ("коня", Tok::Piece(Role::Knight), RU),
    ("пешка", Tok::Piece(Role::Pawn), RU),
    ("пешку", Tok::Piece(Role::Pawn), RU),
    ("king", Tok::Piece(Role::King), EN | NATO),
    ("queen", Tok::Piece(Role::Queen), EN | NATO),
    ("rook", Tok::Piece(Role::Rook), EN | NATO),
    ("bishop", Tok::Piece(Role::Bishop), EN | NATO),
    ("knight", Tok::Piece(Role::Knight), EN | NATO),
    ("pawn", Tok::Piece(Role::Pawn), EN | NATO),
    // files
    ("anna", f(0), DE),
    ("bella", f(1), DE),
    ("cesar", f(2), DE),
    ("caesar", f(2), DE),
    ("david", f(3), DE),
    ("eva", f(4), DE),
    ("felix", f(5), DE),
    ("gustav", f(6), DE),
    ("hector", f(7), DE),
    ("hektor", f(7), DE),
    ("анна", f(0), RUF),
    ("белла", f(1), RUF),
    ("цезарь", f(2), RUF),
    ("дэвид", f(3), RUF),
    ("давид", f(3), RUF),
    ("ева", f(4), RUF),
    ("эва", f(4), RUF),
    ("феликс", f(5), RUF),
    ("густав", f(6), RUF),
    ("хектор", f(7), RUF),
    ("гектор", f(7), RUF),
    ("а", f(0), RU),
    ("бэ", f(1), RU),
    ("бе", f(1), RU),
    ("б", f(1), RU),
    ("цэ", f(2), RU),
    ("це", f(2), RU),
    ("ц", f(2), RU),
    ("дэ", f(3), RU),
    ("де", f(3), RU),
    ("д", f(3), RU),
    ("е", f(4), RU),
    ("э", f(4), RU),
    ("эф", f(5), RU),
    ("ф", f(5), RU),
    ("жэ", f(6), RU),
    ("же", f(6), RU),
    ("ж", f(6), RU),
    ("аш", f(7), RU),
    ("ха", f(7), RU),
    ("alpha", f(0), NATO),
    ("alfa", f(0), NATO),
    ("bravo", f(1), NATO),
    ("charlie", f(2), NATO),
    ("delta", f(3), NATO),
    ("echo", f(4), NATO),
    ("foxtrot", f(5), NATO),
    ("golf", f(6), NATO),
    ("hotel", f(7), NATO),
    // ranks
    ("eins", r(0), DE),
    ("ein", r(0), DE),
    ("zwei", r(1), DE),
    ("zwo", r(1), DE),
    ("drei", r(2), DE),
    ("vier", r(3), DE),
    ("fuenf", r(4), DE),
    ("sechs", r(5), DE),
    ("sieben", r(6), DE),
    ("acht", r(7), DE),
    ("айн", r(0), RUF),
    ("айнс", r(0), RUF),
    ("цвай", r(1), RUF),
    ("драй", r(2), RUF),
    ("фир", r(3), RUF),
    ("фюнф", r(4), RUF),
    ("зекс", r(5), RUF),
    ("зибен", r(6), RUF),
    ("ахт", r(7), RUF),
    ("один", r(0), RU),
    ("одна", r(0), RU),
    ("раз", r(0), RU),
    ("два", r(1), RU),
    ("три", r(2), RU),
    ("четыре", r(3), RU),
    ("пять", r(4), RU),
    ("шесть", r(5), RU),
    ("семь", r(6), RU),
    ("восемь", r(7), RU),
    ("one", r(0), EN),
    ("two", r(1), EN),
    ("three", r(2), EN),
    ("four", r(3), EN),
    ("five", r(4), EN),
    ("six", r(5), EN),
    ("seven", r(6), EN),
    ("eight", r(7), EN),
    // captures, checks
    ("schlaegt", Tok::Capture, DE),
    ("nimmt", Tok::Capture, DE),
    ("schlagen", Tok::Capture, DE),
    ("берет", Tok::Capture, RU | RUF),
    ("бьет", Tok::Capture, RU | RUF),
    ("взятие", Tok::Capture, RU | RUF),
    ("takes", Tok::Capture, EN | NATO),
    ("captures", Tok::Capture, EN),
    ("x", Tok::Capture, ALL),
    (":", Tok::Capture, ALL),
    ("schach", Tok::Check, DE),
    ("шах", Tok::Check, RU | RUF),
    ("check", Tok::Check, EN | NATO),
    ("+", Tok::Check, ALL),
    ("matt", Tok::Mate, DE),
    ("schachmatt", Tok::Mate, DE),
    ("мат", Tok::Mate, RU | RUF),
    ("checkmate", Tok::Mate, EN | NATO),
    ("mate", Tok::Mate, EN),
    ("#", Tok::Mate, ALL),
    // castling
    ("kurze", Tok::Short, DE),
    ("kurz", Tok::Short, DE),
    ("lange", Tok::Long, DE),
    ("lang", Tok::Long, DE),
    ("rochade", Tok::Castle, DE),
    ("rochiert", Tok::Castle, DE),
    ("короткая", Tok::Short, RU | RUF),
    ("длинная", Tok::Long, RU | RUF),
    ("рокировка", Tok::Castle, RU | RUF),
    ("кюрц", Tok::Short, RUF),
    ("ланг", Tok::Long, RUF),
    ("рокад", Tok::Castle, RUF),
    ("kingside", Tok::Short, EN),
    ("queenside", Tok::Long, EN),
    ("short", Tok::Short, EN | NATO),
    ("long", Tok::Long, EN | NATO),
    ("castles", Tok::Castle, EN),
    ("castle", Tok::Castle, EN),
    ("castling", Tok::Castle, EN | NATO),
    // promotion, en passant
    ("umwandlung", Tok::Promote, DE),
    ("wandelt", Tok::Promote, DE),
    ("превращение", Tok::Promote, RU | RUF),
    ("превращается", Tok::Promote, RU | RUF),
    ("promotes", Tok::Promote, EN | NATO),
    ("promotion", Tok::Promote, EN),
    ("=", Tok::Promote, ALL),
    ("en", Tok::EnPassant, DE | EN | NATO),
    ("passant", Tok::EnPassant, DE | EN | NATO),
    ("e.p", Tok::EnPassant, ALL),
    ("проходе", Tok::EnPassant, RU | RUF),
    // fillers
    ("to", Tok::Filler, EN | NATO),
    ("on", Tok::Filler, EN),
    ("into", Tok::Filler, EN),
    ("in", Tok::Filler, DE | EN),
    ("nach", Tok::Filler, DE),
    ("auf", Tok::Filler, DE),
    ("zu", Tok::Filler, DE),
    ("на", Tok::Filler, RU | RUF),
    ("в", Tok::Filler, RU | RUF),
    ("и", Tok::Filler, RU | RUF),
    ("-", Tok::Filler, ALL),
];

/// [`WORDS`] as a map, built once.
fn lookup(w: &str) -> Option<(Tok, u8)> {
    static MAP: std::sync::OnceLock<std::collections::HashMap<&'static str, (Tok, u8)>> =
        std::sync::OnceLock::new();
    MAP.get_or_init(|| WORDS.iter().map(|(k, t, m)| (*k, (*t, *m))).collect())
        .get(w)
        .copied()
}

/// The role one spoken piece word names ("конь", "Springer", "knight"), in any lexicon:
/// position queries read their piece argument with the same words as the move reader.
pub(crate) fn piece_of_word(w: &str) -> Option<Role> {
    match lookup(&normalise(w))? {
        (Tok::Piece(r), _) => Some(r),
        _ => None,
    }
}

/// The file and the rank a short text names, written ("e4", "е4", "e") or spoken ("е
/// четыре", "Eva vier", "echo 4", "four"), each at most once; `None` if the text says
/// anything else. Position queries read their square and line arguments with it.
pub(crate) fn coordinates(text: &str) -> Option<(Option<File>, Option<Rank>)> {
    let (mut file, mut rank) = (None, None);
    for (_, w) in words(text) {
        for t in word_tokens(&w)?.0 {
            match t {
                Tok::File(f) if file.is_none() && rank.is_none() => file = Some(f),
                Tok::Rank(r) if rank.is_none() => rank = Some(r),
                Tok::Filler => {}
                _ => return None,
            }
        }
    }
    (file.is_some() || rank.is_some()).then_some((file, rank))
}

fn normalise(w: &str) -> String {
    let mut s = String::with_capacity(w.len());
    for c in w.chars().flat_map(char::to_lowercase) {
        match c {
            'ё' => s.push('е'),
            'ä' => s.push_str("ae"),
            'ö' => s.push_str("oe"),
            'ü' => s.push_str("ue"),
            'ß' => s.push_str("ss"),
            _ => s.push(c),
        }
    }
    s
}

/// Splits a transcript into (char offset, word) pairs.
fn words(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut start = 0;
    for (i, c) in text.chars().enumerate() {
        let sep =
            c.is_whitespace() || matches!(c, ',' | ';' | '!' | '?' | '—' | '–' | '«' | '»' | '"');
        if sep {
            if !cur.is_empty() {
                out.push((start, std::mem::take(&mut cur)));
            }
        } else {
            if cur.is_empty() {
                start = i;
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push((start, cur));
    }
    out
}

/// Reads one word into tokens (a written square such as "e4" or "g1-f3" gives several).
fn word_tokens(w: &str) -> Option<(Vec<Tok>, u8)> {
    let n = normalise(w.trim_end_matches('.'));
    let n = if n.is_empty() { normalise(w) } else { n };
    if let Some((t, m)) = lookup(&n) {
        return Some((vec![t], m));
    }
    let core: Vec<char> = n.chars().filter(|c| !matches!(c, '-' | '.')).collect();
    if !core.is_empty() && core.iter().all(|c| matches!(c, '0' | 'o' | 'о')) {
        return match core.len() {
            2 => Some((vec![Tok::Castle, Tok::Short], ALL)),
            3 => Some((vec![Tok::Castle, Tok::Long], ALL)),
            _ => None,
        };
    }
    // Written coordinates inside a transcript: "e4", "g1-f3", "g1f3", "3", "f".
    let mut toks = Vec::new();
    let chars: Vec<char> = n.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        // `х` is the h-file before a rank (`х5`), else the capture sign.
        let capture_x = c == 'х' && chars.get(i + 1).is_none_or(|&d| rank_char(d).is_none());
        if capture_x {
            toks.push(Tok::Capture);
        } else if let Some((fl, _)) = file_char(c) {
            toks.push(Tok::File(fl));
        } else if let Some(rk) = rank_char(c) {
            toks.push(Tok::Rank(rk));
        } else if matches!(c, '-' | 'x' | 'х' | ':' | '×') {
            toks.push(Tok::Capture);
        } else {
            return None;
        }
    }
    if toks.is_empty() {
        None
    } else {
        Some((toks, ALL))
    }
}

/// A transcript read into a pattern, with the lexicon it most resembles.
///
/// In three steps, as a listener parses a spoken move: the words into tokens
/// (and a vote on the lexicon), castling said in words, or else the pieces and
/// squares in the order heard, which give the destination (the last of at most
/// two squares), what stands before it (the mover, a disambiguation or the
/// origin) and after it (a promotion, L-C.11).
pub(crate) fn read_transcript(text: &str) -> Result<(Pattern, Lexicon), NotationError> {
    let (toks, lex) = heard_tokens(text)?;
    if toks.iter().any(|(_, t)| *t == Tok::Castle) {
        return castle_heard(&toks, text).map(|p| (p, lex));
    }
    let els = elements(&toks, text)?;
    Ok((move_pattern(&els, text)?, lex))
}

/// Every word of a transcript as tokens with the word's char offset, and the
/// lexicon that knows the most of its words (the first, English, on a tie).
fn heard_tokens(text: &str) -> Result<(Vec<(usize, Tok)>, Lexicon), NotationError> {
    let ws = words(text);
    if ws.is_empty() {
        return Err(NotationError::new(ErrorKind::Empty, 0, text));
    }
    let mut toks: Vec<(usize, Tok)> = Vec::new();
    let mut votes = [0u32; 5];
    for (at, w) in &ws {
        let Some((ts, mask)) = word_tokens(w) else {
            return Err(NotationError::new(
                ErrorKind::UnknownWord(w.clone()),
                *at,
                text,
            ));
        };
        if mask != ALL {
            for (i, l) in Lexicon::ALL.iter().enumerate() {
                if mask & l.bit() != 0 {
                    votes[i] += 1;
                }
            }
        }
        toks.extend(ts.into_iter().map(|t| (*at, t)));
    }
    let mut best = 0;
    for i in 1..5 {
        if votes[i] > votes[best] {
            best = i;
        }
    }
    Ok((toks, Lexicon::ALL[best]))
}

/// Castling said in words (L-C.13, L-D.2): exactly one of short or long.
fn castle_heard(toks: &[(usize, Tok)], text: &str) -> Result<Pattern, NotationError> {
    let short = toks.iter().any(|(_, t)| *t == Tok::Short);
    let long = toks.iter().any(|(_, t)| *t == Tok::Long);
    match (short, long) {
        (true, false) => Ok(Pattern::castle(CastlingSide::KingSide)),
        (false, true) => Ok(Pattern::castle(CastlingSide::QueenSide)),
        _ => Err(NotationError::new(
            ErrorKind::Syntax("castling: say short/kurze/короткая or long/lange/длинная"),
            0,
            text,
        )),
    }
}

/// A piece or coordinate heard, in the order said.
enum El {
    Piece(Role),
    Sq(Square),
    F(File),
    R(Rank),
}

/// The pieces and coordinates of a transcript, a file followed by a rank read
/// as one square ("эф три" is f3).
fn elements(toks: &[(usize, Tok)], text: &str) -> Result<Vec<(usize, El)>, NotationError> {
    let mut els: Vec<(usize, El)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let (at, t) = toks[i];
        match t {
            Tok::Piece(p) => els.push((at, El::Piece(p))),
            Tok::File(fl) => {
                if let Some((_, Tok::Rank(rk))) = toks.get(i + 1) {
                    els.push((at, El::Sq(Square::from_coords(fl, *rk))));
                    i += 1;
                } else {
                    els.push((at, El::F(fl)));
                }
            }
            Tok::Rank(rk) => els.push((at, El::R(rk))),
            Tok::Short | Tok::Long => {
                return Err(NotationError::new(
                    ErrorKind::Syntax("short/long without castling"),
                    at,
                    text,
                ));
            }
            _ => {}
        }
        i += 1;
    }
    Ok(els)
}

/// The move pattern of the heard elements: the last of one or two squares is
/// the destination; before it may come the mover, the origin square or a file
/// and rank of disambiguation; after it only a promotion piece.
fn move_pattern(els: &[(usize, El)], text: &str) -> Result<Pattern, NotationError> {
    let sqs: Vec<(usize, usize, Square)> = els
        .iter()
        .enumerate()
        .filter_map(|(k, (at, e))| match e {
            El::Sq(s) => Some((k, *at, *s)),
            _ => None,
        })
        .collect();
    let (to_k, to) = match sqs.as_slice() {
        [] => {
            return Err(NotationError::new(
                ErrorKind::Syntax("no square heard"),
                0,
                text,
            ));
        }
        [(k, _, s)] | [_, (k, _, s)] => (*k, *s),
        [_, _, (_, at, _), ..] => {
            return Err(NotationError::new(
                ErrorKind::Syntax("more than two squares"),
                *at,
                text,
            ));
        }
    };
    let mut pat = Pattern {
        role: RoleSpec::Is(Role::Pawn),
        from_file: None,
        from_rank: None,
        to: Some(to),
        promotion: None,
        castle: None,
    };
    let mut mover = None;
    for (at, e) in &els[..to_k] {
        match e {
            El::Piece(p) if mover.is_none() && pat.from_file.is_none() => mover = Some(*p),
            El::Sq(s) => {
                pat.from_file = Some(s.file());
                pat.from_rank = Some(s.rank());
            }
            El::F(fl) if pat.from_file.is_none() => pat.from_file = Some(*fl),
            El::R(rk) if pat.from_rank.is_none() => pat.from_rank = Some(*rk),
            _ => {
                return Err(NotationError::new(
                    ErrorKind::Syntax("unexpected word before the destination"),
                    *at,
                    text,
                ));
            }
        }
    }
    for (at, e) in &els[to_k + 1..] {
        match e {
            El::Piece(p) if pat.promotion.is_none() => pat.promotion = Some(*p),
            _ => {
                return Err(NotationError::new(
                    ErrorKind::Syntax("unexpected word after the destination"),
                    *at,
                    text,
                ));
            }
        }
    }
    pat.role = match mover {
        Some(p) => RoleSpec::Is(p),
        None if pat.from_file.is_some() && pat.from_rank.is_some() => RoleSpec::Any,
        None => RoleSpec::Is(Role::Pawn),
    };
    Ok(pat)
}

/// Does this text look like speech rather than a written move? (It has a word of two or
/// more letters that some lexicon knows.)
pub(crate) fn looks_spoken(text: &str) -> bool {
    words(text).iter().any(|(_, w)| {
        let n = normalise(w);
        n.chars().count() >= 2
            && n.chars().all(|c| c.is_alphabetic())
            && lookup(&n).is_some_and(|(_, m)| m != ALL)
    })
}
