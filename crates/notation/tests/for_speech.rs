//! What the synthesiser is given is words: moves, squares, units and
//! command letters spelled in the player's lexicon; the screen's text
//! (algebraic notation) is not what is spoken.

use arbiter_notation::Lexicon;
use arbiter_notation::for_speech::for_speech;

fn ru(t: &str) -> String {
    for_speech(t, Lexicon::Ru)
}

#[test]
fn candidate_moves_are_spoken_in_russian_words() {
    assert_eq!(
        ru("возможные ходы: Кa3, Кc3"),
        "возможные ходы: конь а три, конь цэ три"
    );
    assert_eq!(
        ru("Кpe1"),
        "Кpe1",
        "a Latin p is no Russian king: left alone"
    );
    assert_eq!(ru("Крe1"), "король е один");
    assert_eq!(ru("e2-e4"), "е два е четыре");
    assert_eq!(ru("Сb5+"), "слон бэ пять, шах");
    assert_eq!(ru("exd5"), "е берёт дэ пять");
    assert_eq!(ru("Ф:f7#"), "ферзь берёт эф семь, мат");
    assert_eq!(ru("e8=Ф"), "е восемь, превращение в ферзя");
    assert_eq!(ru("O-O-O"), "длинная рокировка");
    assert_eq!(ru("Кf3x"), "конь берёт эф три");
}

#[test]
fn squares_alone_and_in_sentences_are_words() {
    assert_eq!(
        ru("Фигура на e4 сейчас не ходит"),
        "Фигура на е четыре сейчас не ходит"
    );
    assert_eq!(ru("с e2 на e4"), "с е два на е четыре");
    assert_eq!(
        for_speech("Springer auf f3", Lexicon::FideDe),
        "Springer auf Felix drei"
    );
    assert_eq!(
        for_speech("possible moves: Nf3, Nc3", Lexicon::En),
        "possible moves: knight f3, knight c3"
    );
}

#[test]
fn abbreviated_units_are_said_whole_and_agree() {
    assert_eq!(ru("15 мин"), "пятнадцать минут");
    assert_eq!(ru("1 мин"), "одна минута");
    assert_eq!(ru("21 мин 2 с"), "двадцать одна минута две секунды");
    assert_eq!(
        ru("добавление 10 с за ход"),
        "добавление десять секунд за ход"
    );
    assert_eq!(ru("1000 мс на ход"), "одна тысяча миллисекунд на ход");
    assert_eq!(
        ru("ход 5 с e2"),
        "ход 5 с е два",
        "«с» before a square is the preposition"
    );
    assert_eq!(
        for_speech("15 min + 10 s", Lexicon::En),
        "15 minutes + 10 seconds"
    );
    assert_eq!(for_speech("1 min", Lexicon::En), "1 minute");
    assert_eq!(for_speech("500 ms", Lexicon::FideDe), "500 Millisekunden");
}

#[test]
fn command_letters_and_clock_comments_are_not_read_as_english() {
    assert_eq!(ru("(b) или старт. Помощь: h"), "(бэ) или старт. Помощь: аш");
    assert_eq!(
        ru("1. e4 {[%clk 0:15:41]} e5 {[%clk 0:15:40]}"),
        "1. е четыре е пять"
    );
    // English text keeps its letters.
    assert_eq!(for_speech("h = help", Lexicon::En), "h = help");
}

#[test]
fn ordinary_words_are_left_alone() {
    for t in [
        "Ход белых",
        "Часы запущены",
        "Weiß ist am Zug",
        "It is White's move",
        "Lange Rochade",
        "из девяти",
    ] {
        for lex in [Lexicon::Ru, Lexicon::FideDe, Lexicon::En] {
            assert_eq!(for_speech(t, lex), t, "{t} in {lex:?}");
        }
    }
}

#[test]
fn the_board_by_ear_is_a_list_in_words_with_colours() {
    use arbiter_notation::Lang;
    use arbiter_notation::describe::board_text;
    let pos = shakmaty::Chess::default();
    let said = for_speech(&board_text(&pos, Lang::Ru, false), Lexicon::Ru);
    let first = said.lines().next().unwrap();
    assert!(
        first.starts_with("Горизонталь восемь: а восемь чёрная ладья"),
        "{said}"
    );
    assert!(said.contains("от а шесть до аш шесть пусто"), "{said}");
    assert!(!said.contains(" . "), "{said}");
    assert_eq!(said.lines().count(), 8);
    // From Black's side the same squares are said.
    let flipped = for_speech(&board_text(&pos, Lang::Ru, true), Lexicon::Ru);
    assert!(flipped.contains("а восемь чёрная ладья"), "{flipped}");
    let en = for_speech(&board_text(&pos, Lang::En, false), Lexicon::En);
    assert!(en.contains("e1 White king"), "{en}");
}
