//! The Tavreli move reader's reasons in Russian and German. The reader
//! (`arbiter-tavreli`) gives them typed, with a plain English `Display`;
//! every case has its words here, so a player never hears English inside a
//! Russian or German refusal. English is the reader's own `Display`.

use super::names;
use arbiter_rules::{Lang, Side};
use arbiter_tavreli::board::square_name;
use arbiter_tavreli::notation::{Illegal, Malformed};

/// Why a token is not a move, in `l` (English: the reader's own words).
pub fn malformed(m: &Malformed, l: Lang) -> String {
    let ru = match l {
        Lang::En => return m.to_string(),
        Lang::Ru => true,
        Lang::De => false,
    };
    let pick = |r: String, d: String| if ru { r } else { d };
    match m {
        Malformed::Empty => pick("пустой ход".into(), "leerer Zug".into()),
        Malformed::NotAMove => pick(
            "ожидается «откуда-куда», «откуда(n)-куда», 0-0 или 0-0-0".into(),
            "erwartet wird „von-nach“, „von(n)-nach“, 0-0 oder 0-0-0".into(),
        ),
        // The refusal already says where.
        Malformed::ExpectedSquare { found, .. } => pick(
            format!("ожидается поле, например e2, а написано «{found}»"),
            format!("erwartet wird ein Feld wie e2, geschrieben ist „{found}“"),
        ),
        Malformed::MissingDash => pick(
            "между полями нужен дефис".into(),
            "zwischen den Feldern fehlt der Bindestrich".into(),
        ),
        Malformed::TrailingText => pick(
            "лишний текст после поля назначения".into(),
            "überzähliger Text nach dem Zielfeld".into(),
        ),
        Malformed::SameSquare => pick(
            "ход должен уйти со своего поля".into(),
            "ein Zug muss sein Feld verlassen".into(),
        ),
        Malformed::UnclosedParen => pick(
            "открыта скобка «(», но нет «)»".into(),
            "„(“ ohne schließende „)“".into(),
        ),
        Malformed::BadCount { digits } => pick(
            format!("в «({digits})» должно быть число снимаемых таврелей"),
            format!("in „({digits})“ muss die Zahl der gehobenen Steine stehen"),
        ),
        Malformed::ZeroCount => pick(
            "ход должен снять хотя бы одну таврель: «(0)» не ход".into(),
            "ein Zug hebt mindestens einen Stein: „(0)“ ist kein Zug".into(),
        ),
        Malformed::TooManyMen { count } => pick(
            format!(
                "башни из {count} {} не бывает (всего таврелей 32)",
                crate::clock::plural_ru(u64::from(*count), "таврели", "таврелей", "таврелей")
            ),
            format!("einen Turm aus {count} Steinen gibt es nicht (es gibt 32 Steine)"),
        ),
    }
}

/// Why a well-formed move is not legal, in `l` (English: the reader's own
/// words).
pub fn illegal(i: &Illegal, l: Lang) -> String {
    match l {
        Lang::En => i.to_string(),
        Lang::Ru => illegal_ru(i),
        Lang::De => illegal_de(i),
    }
}

fn illegal_ru(i: &Illegal) -> String {
    let man = |tower: bool| {
        if tower {
            "башня"
        } else {
            "таврель"
        }
    };
    let dative = |s: Side| crate::sides::side_dative_ru(s);
    let genitive = |s: Side| crate::sides::side_genitive_ru(s);
    match *i {
        Illegal::Castling { long } => format!(
            "{} рокировка здесь невозможна (волхв и ратоборец не ходили и стоят одни, между ними пусто, поля не под боем)",
            if long {
                "длинная"
            } else {
                "короткая"
            }
        ),
        Illegal::NoMan { square } => format!("на {} нет таврели", square_name(square)),
        Illegal::NotYours {
            square,
            tower,
            owner,
            to_move,
        } => format!(
            "{} на {} принадлежит {}; сейчас ход {}",
            man(tower),
            square_name(square),
            dative(owner),
            genitive(to_move)
        ),
        Illegal::TooFewMen {
            lift,
            square,
            height,
        } => format!(
            "нельзя снять {lift}: на {} всего {height}",
            square_name(square)
        ),
        Illegal::OntoVolkhv { square, own } => format!(
            "на волхва ничего ставить нельзя: на {} стоит {}",
            square_name(square),
            if own {
                "ваш волхв"
            } else {
                "волхв противника"
            }
        ),
        Illegal::VolkhvAttacked => "после хода ваш волхв окажется под боем".into(),
        Illegal::CannotGo {
            kind,
            tower,
            from,
            to,
        } => format!(
            "{} (сверху {}) не может пойти с {} на {}",
            man(tower),
            names::kind_name_ru(kind),
            square_name(from),
            square_name(to)
        ),
    }
}

fn illegal_de(i: &Illegal) -> String {
    let side = |s: Side| crate::sides::side_name(Lang::De, s);
    match *i {
        Illegal::Castling { long } => format!(
            "die {} Rochade ist hier nicht möglich (Wolchw und Ratoborez unbewegt und allein, nichts dazwischen, kein Feld angegriffen)",
            if long { "lange" } else { "kurze" }
        ),
        Illegal::NoMan { square } => format!("auf {} steht kein Stein", square_name(square)),
        Illegal::NotYours {
            square,
            tower,
            owner,
            to_move,
        } => format!(
            "{} auf {} gehört {}; {} ist am Zug",
            if tower { "der Turm" } else { "der Stein" },
            square_name(square),
            side(owner),
            side(to_move)
        ),
        Illegal::TooFewMen {
            lift,
            square,
            height,
        } => format!(
            "{lift} Steine können nicht gehoben werden: auf {} {} nur {height}",
            square_name(square),
            if height == 1 { "steht" } else { "stehen" }
        ),
        Illegal::OntoVolkhv { square, own } => format!(
            "auf einen Wolchw darf nichts gestellt werden: auf {} steht {}",
            square_name(square),
            if own {
                "Ihr eigener Wolchw"
            } else {
                "der gegnerische Wolchw"
            }
        ),
        Illegal::VolkhvAttacked => "danach stünde Ihr eigener Wolchw im Angriff".into(),
        Illegal::CannotGo {
            kind,
            tower,
            from,
            to,
        } => format!(
            "{} mit {} obenauf kann nicht von {} nach {} ziehen",
            if tower { "ein Turm" } else { "ein Stein" },
            names::kind_name_de(kind),
            square_name(from),
            square_name(to)
        ),
    }
}

/// The command help of a Tavreli game in `l`: the commands of every game, with the `p`
/// line in the words of the towers ([`super::queries::men_help`]).
pub fn help(l: Lang) -> String {
    let (arg, what) = super::queries::men_help(l);
    crate::describe::help_text_for_men(l, arg, &what)
}
