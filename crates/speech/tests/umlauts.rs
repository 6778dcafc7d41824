//! German pieces, numbers and command words reach the German voice with
//! their umlauts, whatever ASCII spelling (Appendix D's on paper) the text
//! uses; words with a true "ue" are left alone.

use arbiter_speech::{Lang, pronounceable};

#[test]
fn every_piece_number_and_word_is_spoken_with_umlauts() {
    let table = [
        ("Koenig", "König"),
        ("Koenige", "Könige"),
        ("Laeufer", "Läufer"),
        ("Laeufern", "Läufern"),
        ("Tuerme", "Türme"),
        ("2 Tuerme", "2 Türme"),
        ("Turm", "Turm"),
        ("Dame", "Dame"),
        ("Springer", "Springer"),
        ("Bauer", "Bauer"),
        ("fuenf", "fünf"),
        ("Fuenf", "Fünf"),
        ("fuenfzehn", "fünfzehn"),
        ("zwoelf", "zwölf"),
        ("Zwoelf", "Zwölf"),
        ("schlaegt", "schlägt"),
        ("Zuege", "Züge"),
        ("zurueck", "zurück"),
        ("Zurueck", "Zurück"),
        ("zuerst", "zuerst"),
        ("neue", "neue"),
    ];
    for (ascii, spoken) in table {
        assert_eq!(pronounceable(ascii, Lang::De), spoken, "{ascii}");
        assert_eq!(
            pronounceable(ascii, Lang::En),
            ascii,
            "only German is mended"
        );
    }
}
