//! Russian number agreement for the talking clock (L-D.2.6), 0 to 10,000 seconds, checked
//! against a table written here by hand, independently of the library's rule.

use arbiter_notation::Lang;
use arbiter_notation::clock::{Unit, count, duration_words};

/// The forms by the last two digits, spelled out as a table rather than computed the
/// library's way: 11–14 always take the genitive plural; otherwise the last digit decides.
fn expected_form(n: u64) -> usize {
    const BY_LAST_DIGIT: [usize; 10] = [2, 0, 1, 1, 1, 2, 2, 2, 2, 2];
    const TEENS: [u64; 4] = [11, 12, 13, 14];
    if TEENS.contains(&(n % 100)) {
        2
    } else {
        BY_LAST_DIGIT[(n % 10) as usize]
    }
}

#[test]
fn seconds_minutes_moves_agree_for_0_to_10000() {
    let units = [
        (Unit::Second, ["секунда", "секунды", "секунд"]),
        (Unit::Minute, ["минута", "минуты", "минут"]),
        (Unit::Hour, ["час", "часа", "часов"]),
        (Unit::Move, ["ход", "хода", "ходов"]),
    ];
    for n in 0..=10_000u64 {
        for (unit, forms) in &units {
            let want = format!("{n} {}", forms[expected_form(n)]);
            assert_eq!(count(Lang::Ru, n, *unit), want);
        }
    }
}

#[test]
fn spot_cases() {
    let c = |n, u| count(Lang::Ru, n, u);
    assert_eq!(c(1, Unit::Minute), "1 минута");
    assert_eq!(c(2, Unit::Minute), "2 минуты");
    assert_eq!(c(5, Unit::Minute), "5 минут");
    assert_eq!(c(21, Unit::Minute), "21 минута");
    assert_eq!(c(11, Unit::Minute), "11 минут");
    assert_eq!(c(12, Unit::Second), "12 секунд");
    assert_eq!(c(22, Unit::Second), "22 секунды");
    assert_eq!(c(101, Unit::Move), "101 ход");
    assert_eq!(c(111, Unit::Move), "111 ходов");
    assert_eq!(c(1004, Unit::Move), "1004 хода");
    assert_eq!(c(0, Unit::Second), "0 секунд");
    // Whole durations from 0 to 10,000 s: the parts agree and add up.
    for s in 0..=10_000u64 {
        let text = duration_words(Lang::Ru, s * 1000);
        let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
        let mut parts = Vec::new();
        if h > 0 {
            parts.push(format!(
                "{h} {}",
                ["час", "часа", "часов"][expected_form(h)]
            ));
        }
        if m > 0 {
            parts.push(format!(
                "{m} {}",
                ["минута", "минуты", "минут"][expected_form(m)]
            ));
        }
        if sec > 0 || parts.is_empty() {
            parts.push(format!(
                "{sec} {}",
                ["секунда", "секунды", "секунд"][expected_form(sec)]
            ));
        }
        assert_eq!(text, parts.join(" "), "{s} s");
    }
    assert_eq!(
        duration_words(Lang::Ru, 3_725_000),
        "1 час 2 минуты 5 секунд"
    );
    assert_eq!(
        duration_words(Lang::Ru, 10_000_000),
        "2 часа 46 минут 40 секунд"
    );
}

/// For speech the numbers are written out, agreeing in gender (espeak-ng would read "1
/// минута" as "один минута").
#[test]
fn number_words_agree_in_gender() {
    use arbiter_notation::clock::{Numerals, count_with, ru_number_words};
    let w = |n, u| count_with(Lang::Ru, n, u, Numerals::Words);
    assert_eq!(w(1, Unit::Minute), "одна минута");
    assert_eq!(w(2, Unit::Minute), "две минуты");
    assert_eq!(w(5, Unit::Minute), "пять минут");
    assert_eq!(w(21, Unit::Minute), "двадцать одна минута");
    assert_eq!(w(22, Unit::Second), "двадцать две секунды");
    assert_eq!(w(11, Unit::Second), "одиннадцать секунд");
    assert_eq!(w(1, Unit::Hour), "один час");
    assert_eq!(w(2, Unit::Hour), "два часа");
    assert_eq!(w(41, Unit::Move), "сорок один ход");
    assert_eq!(w(112, Unit::Move), "сто двенадцать ходов");
    assert_eq!(w(2001, Unit::Move), "две тысячи один ход");
    assert_eq!(w(0, Unit::Second), "ноль секунд");
    assert_eq!(ru_number_words(10_000, false), "десять тысяч");
    assert_eq!(
        count_with(Lang::De, 1, Unit::Minute, Numerals::Words),
        "eine Minute"
    );
    assert_eq!(
        count_with(Lang::De, 1, Unit::Move, Numerals::Words),
        "ein Zug"
    );
    // 0..=10,000: the last word agrees with the noun's gender and the noun's form is the
    // hand table's.
    for n in 1..=10_000u64 {
        for (unit, fem) in [(Unit::Second, true), (Unit::Move, false)] {
            let text = w(n, unit);
            let words: Vec<&str> = text.split(' ').collect();
            let last_number_word = words[words.len() - 2];
            if n % 10 == 1 && n % 100 != 11 {
                assert_eq!(last_number_word, if fem { "одна" } else { "один" }, "{n}");
            }
            if n % 10 == 2 && n % 100 != 12 {
                assert_eq!(last_number_word, if fem { "две" } else { "два" }, "{n}");
            }
            assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
        }
    }
}

/// L-6.7 period change: the participle agrees with the first number said
/// (masculine «добавлен один час», feminine «добавлена одна минута», plural
/// «добавлены две минуты», neuter «добавлено тридцать минут»), written out
/// here by hand; German's verb is singular only for exactly one unit.
#[test]
fn period_reached_agrees_with_the_time_added() {
    use arbiter_notation::Lexicon;
    use arbiter_notation::announce::{Announcement, announce, announce_with};
    use arbiter_notation::clock::Numerals;
    use arbiter_rules::Side;
    let a = |seconds| Announcement::PeriodReached {
        side: Side::White,
        period: 2,
        seconds,
    };
    let ru = |s| announce_with(&a(s), Lexicon::Ru, Numerals::Words);
    for (s, said) in [
        (1800, "добавлено тридцать минут"),
        (60, "добавлена одна минута"),
        (3600, "добавлен один час"),
        (120, "добавлены две минуты"),
        (1260, "добавлена двадцать одна минута"),
        (5400, "добавлен один час тридцать минут"),
        (900, "добавлено пятнадцать минут"),
    ] {
        assert_eq!(
            ru(s),
            format!("Белые прошли контроль времени. Период 2: {said}")
        );
    }
    assert_eq!(
        announce(&a(1800), Lexicon::En),
        "White reached the time control. Period 2: 30 minutes added"
    );
    assert_eq!(
        announce_with(&a(60), Lexicon::FideDe, Numerals::Words),
        "Weiß hat die Zeitkontrolle erreicht. Periode 2: eine Minute wird gutgeschrieben"
    );
    assert_eq!(
        announce(&a(1800), Lexicon::FideDe),
        "Weiß hat die Zeitkontrolle erreicht. Periode 2: 30 Minuten werden gutgeschrieben"
    );
    // Art. 8.4 in each language, the genitive «пяти» in Russian speech.
    let ex = Announcement::RecordingExempt(Side::Black);
    assert!(
        announce_with(&ex, Lexicon::Ru, Numerals::Words).starts_with("У чёрных меньше пяти минут")
    );
    assert!(announce(&ex, Lexicon::En).starts_with("Black has less than 5 minutes"));
    assert!(announce(&ex, Lexicon::FideDe).contains("Mitschreiben ist nicht mehr Pflicht"));
}
