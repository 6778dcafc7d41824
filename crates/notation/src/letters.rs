//! Piece-letter tables for written notation (L-C.1–C.4, L-C.3: "each player may use the
//! letters usual in his own language"). Adding a language means adding one [`LetterTable`]
//! to [`TABLES`] and one variant to [`LetterSet`]; the printer and the parser read nothing else.

use shakmaty::Role;

/// A language whose piece letters a scoresheet may use (L-C.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LetterSet {
    /// English: K Q R B N (the FIDE letters, L-C.1–C.4).
    En,
    /// Russian: Кр Ф Л С К (RU-4; L-C.1–C.4 "R" note).
    Ru,
    /// German: K D T L S.
    De,
    /// French: R D T F C.
    Fr,
    /// Spanish: R D T A C.
    Es,
    /// Italian: R D T A C.
    It,
    /// Dutch: K D T L P.
    Nl,
    /// Polish: K H W G S.
    Pl,
}

/// One language's letters. `pieces[i]` lists the spellings of a role, the first being the
/// one printed; the others are accepted on input only (people write "Kр" with a Latin K,
/// or "Kr" transliterated).
#[derive(Debug)]
pub struct LetterTable {
    /// The language this table is for.
    pub lang: LetterSet,
    /// Command-line and API key.
    pub key: &'static str,
    /// King, queen, rook, bishop, knight — each with its accepted spellings.
    pub pieces: [(Role, &'static [&'static str]); 5],
    /// Optional pawn letters accepted on input (never printed: L-C.4 pawns have no letter).
    pub pawn: &'static [&'static str],
    /// The capture sign printed by this language's scoresheets. Russian print uses ":"
    /// (`Кg1:f3`), the others "x" (L-C.9 allows the sign to be omitted; we print one so
    /// that short and long forms read alike).
    pub capture: &'static str,
}

/// The tables. Order matters for auto-detection: when a text reads as a legal move in two
/// languages (e.g. `Rd1` is a rook in English and a king in French), the earlier one wins.
pub static TABLES: [LetterTable; 8] = [
    LetterTable {
        lang: LetterSet::En,
        key: "en",
        pieces: [
            (Role::King, &["K"]),
            (Role::Queen, &["Q"]),
            (Role::Rook, &["R"]),
            (Role::Bishop, &["B"]),
            (Role::Knight, &["N"]),
        ],
        pawn: &["P"],
        capture: "x",
    },
    LetterTable {
        lang: LetterSet::Ru,
        key: "ru",
        pieces: [
            // "Кр" (король) must be tried before "К" (конь): the longest spelling wins.
            (Role::King, &["Кр", "Kр", "Kp", "Кp"]),
            (Role::Queen, &["Ф"]),
            (Role::Rook, &["Л"]),
            (Role::Bishop, &["С"]),
            (Role::Knight, &["К"]),
        ],
        pawn: &["п"],
        capture: ":",
    },
    LetterTable {
        lang: LetterSet::De,
        key: "de",
        pieces: [
            (Role::King, &["K"]),
            (Role::Queen, &["D"]),
            (Role::Rook, &["T"]),
            (Role::Bishop, &["L"]),
            (Role::Knight, &["S"]),
        ],
        pawn: &[],
        capture: "x",
    },
    LetterTable {
        lang: LetterSet::Fr,
        key: "fr",
        pieces: [
            (Role::King, &["R"]),
            (Role::Queen, &["D"]),
            (Role::Rook, &["T"]),
            (Role::Bishop, &["F"]),
            (Role::Knight, &["C"]),
        ],
        pawn: &[],
        capture: "x",
    },
    LetterTable {
        lang: LetterSet::Es,
        key: "es",
        pieces: [
            (Role::King, &["R"]),
            (Role::Queen, &["D"]),
            (Role::Rook, &["T"]),
            (Role::Bishop, &["A"]),
            (Role::Knight, &["C"]),
        ],
        pawn: &[],
        capture: "x",
    },
    LetterTable {
        lang: LetterSet::It,
        key: "it",
        pieces: [
            (Role::King, &["R"]),
            (Role::Queen, &["D"]),
            (Role::Rook, &["T"]),
            (Role::Bishop, &["A"]),
            (Role::Knight, &["C"]),
        ],
        pawn: &[],
        capture: "x",
    },
    LetterTable {
        lang: LetterSet::Nl,
        key: "nl",
        pieces: [
            (Role::King, &["K"]),
            (Role::Queen, &["D"]),
            (Role::Rook, &["T"]),
            (Role::Bishop, &["L"]),
            (Role::Knight, &["P"]),
        ],
        pawn: &[],
        capture: "x",
    },
    LetterTable {
        lang: LetterSet::Pl,
        key: "pl",
        pieces: [
            (Role::King, &["K"]),
            (Role::Queen, &["H"]),
            (Role::Rook, &["W"]),
            (Role::Bishop, &["G"]),
            (Role::Knight, &["S"]),
        ],
        pawn: &[],
        capture: "x",
    },
];

impl LetterSet {
    /// Every letter set, in the order of [`TABLES`].
    pub const ALL: [LetterSet; 8] = [
        LetterSet::En,
        LetterSet::Ru,
        LetterSet::De,
        LetterSet::Fr,
        LetterSet::Es,
        LetterSet::It,
        LetterSet::Nl,
        LetterSet::Pl,
    ];

    /// The set's table of letters.
    pub fn table(self) -> &'static LetterTable {
        TABLES
            .iter()
            .find(|t| t.lang == self)
            .expect("every LetterSet has a table")
    }

    /// The command-line and API key (`en`, `ru`, `de`, …).
    pub fn key(self) -> &'static str {
        self.table().key
    }

    /// The set whose key is `key`, in any case; `None` for an unknown key.
    pub fn from_key(key: &str) -> Option<LetterSet> {
        TABLES
            .iter()
            .find(|t| t.key.eq_ignore_ascii_case(key))
            .map(|t| t.lang)
    }

    /// The printed letter of a piece; pawns have none (L-C.4).
    pub fn letter(self, role: Role) -> &'static str {
        self.table()
            .pieces
            .iter()
            .find(|(r, _)| *r == role)
            .map(|(_, s)| s[0])
            .unwrap_or("")
    }
}

/// Figurines (L-C.3 recommends them in print). White outlines are printed for both sides,
/// as books do; the black set is accepted on input.
pub fn figurine(role: Role) -> &'static str {
    match role {
        Role::King => "♔",
        Role::Queen => "♕",
        Role::Rook => "♖",
        Role::Bishop => "♗",
        Role::Knight => "♘",
        Role::Pawn => "♙",
    }
}

/// Reads one figurine character of either colour.
pub fn role_of_figurine(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}
