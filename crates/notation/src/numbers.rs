//! Russian numbers: the plural class of a cardinal (the one rule for agreeing a
//! noun with a number in the whole workspace) and cardinals in words, agreeing in
//! gender. The lowest layer of the crate's words: the spoken moves, the talking
//! clock and the time-control descriptions all read it, and it reads nothing.

/// Russian plural class of a cardinal: 1, 21, 101 → One ("минута"); 2–4, 22–24 → Few
/// ("минуты"); 0, 5–20, 25–30, 11–14 → Many ("минут").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuPlural {
    /// 1, 21, 101…: "минута".
    One,
    /// 2–4, 22–24…: "минуты".
    Few,
    /// 0, 5–20, 25–30, 111…: "минут".
    Many,
}

/// The CLDR rule for Russian cardinals (integers).
pub fn ru_plural(n: u64) -> RuPlural {
    let (d, h) = (n % 10, n % 100);
    if d == 1 && h != 11 {
        RuPlural::One
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        RuPlural::Few
    } else {
        RuPlural::Many
    }
}

/// The noun form that agrees with `n`: `one` for 1, 21, 101…; `few` for 2–4,
/// 22–24…; `many` for 0, 5–20, 25–30… and 11–14 in every hundred
/// ("1 ход", "2 хода", "5 ходов", "11 ходов").
pub fn plural_ru<'a>(n: u64, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match ru_plural(n) {
        RuPlural::One => one,
        RuPlural::Few => few,
        RuPlural::Many => many,
    }
}

/// Masculine Russian number words 0–9; ranks are read with them too (RU-4).
pub(crate) const RU_UNITS_M: [&str; 10] = [
    "ноль",
    "один",
    "два",
    "три",
    "четыре",
    "пять",
    "шесть",
    "семь",
    "восемь",
    "девять",
];
const RU_TEENS: [&str; 10] = [
    "десять",
    "одиннадцать",
    "двенадцать",
    "тринадцать",
    "четырнадцать",
    "пятнадцать",
    "шестнадцать",
    "семнадцать",
    "восемнадцать",
    "девятнадцать",
];
const RU_TENS: [&str; 10] = [
    "",
    "",
    "двадцать",
    "тридцать",
    "сорок",
    "пятьдесят",
    "шестьдесят",
    "семьдесят",
    "восемьдесят",
    "девяносто",
];
const RU_HUNDREDS: [&str; 10] = [
    "",
    "сто",
    "двести",
    "триста",
    "четыреста",
    "пятьсот",
    "шестьсот",
    "семьсот",
    "восемьсот",
    "девятьсот",
];

/// 1..=999 in Russian words, the last word in the given gender (одна/две vs один/два).
fn ru_below_1000(n: u64, fem: bool, out: &mut Vec<&'static str>) {
    let (h, t, u) = (
        (n / 100) as usize,
        ((n / 10) % 10) as usize,
        (n % 10) as usize,
    );
    if h > 0 {
        out.push(RU_HUNDREDS[h]);
    }
    if t == 1 {
        out.push(RU_TEENS[u]);
        return;
    }
    if t > 1 {
        out.push(RU_TENS[t]);
    }
    if u > 0 {
        out.push(match (u, fem) {
            (1, true) => "одна",
            (2, true) => "две",
            _ => RU_UNITS_M[u],
        });
    }
}

/// A cardinal in Russian words, agreeing in gender with the noun that follows
/// ("двадцать одна минута", "две тысячи один ход").
pub fn ru_number_words(n: u64, fem: bool) -> String {
    if n == 0 {
        return "ноль".into();
    }
    let mut w: Vec<&'static str> = Vec::new();
    let (th, rest) = (n / 1000, n % 1000);
    if th > 0 {
        if th >= 1000 {
            return n.to_string(); // beyond anything a clock says
        }
        ru_below_1000(th, true, &mut w);
        w.push(["тысяча", "тысячи", "тысяч"][ru_plural(th) as usize]);
    }
    if rest > 0 {
        ru_below_1000(rest, fem, &mut w);
    }
    w.join(" ")
}
