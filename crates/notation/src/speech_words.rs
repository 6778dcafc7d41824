//! The words of the terminal game by ear that are not about the game
//! itself: speech that cannot be heard, a line too long to read, and the
//! commands against the engine (take back, rematch), in en, ru and de.

use crate::Lang;

/// The sentence in `lang` of the three given.
fn pick(lang: Lang, en: String, ru: String, de: String) -> String {
    match lang {
        Lang::En => en,
        Lang::Ru => ru,
        Lang::De => de,
    }
}

/// Speech was asked for (`--speak`, `--wav-dir`) but the speech program
/// cannot be heard: what it said (`detail`) and what the player can do.
/// `wav_dir`: the folder WAV files were to be written into, if any.
pub fn no_speech(lang: Lang, program: &str, detail: &str, wav_dir: Option<&str>) -> String {
    match wav_dir {
        Some(dir) => pick(
            lang,
            format!(
                "Speech cannot be written to {dir}: {program}: {detail}. \
                 Check that the folder can be written, or play without --wav-dir."
            ),
            format!(
                "Речь нельзя записать в {dir}: {program}: {detail}. \
                 Проверьте, что в папку можно писать, или играйте без --wav-dir."
            ),
            format!(
                "Sprache kann nicht nach {dir} geschrieben werden: {program}: {detail}. \
                 Prüfen Sie, ob der Ordner beschreibbar ist, oder spielen Sie ohne --wav-dir."
            ),
        ),
        None => pick(
            lang,
            format!(
                "Speech reaches no sound device: {program}: {detail}. \
                 Connect or select a sound device (aplay -l lists them), or write speech \
                 to files with --wav-dir DIR, or play without --speak and let your screen \
                 reader read the lines (--screen-reader)."
            ),
            format!(
                "Речь не доходит до звукового устройства: {program}: {detail}. \
                 Подключите или выберите звуковое устройство (их список: aplay -l), \
                 или запишите речь в файлы: --wav-dir ПАПКА, или играйте без --speak, \
                 и строки прочтёт ваша программа экранного доступа (--screen-reader)."
            ),
            format!(
                "Die Sprache erreicht kein Audiogerät: {program}: {detail}. \
                 Schließen Sie ein Audiogerät an oder wählen Sie eines (aplay -l zeigt sie), \
                 schreiben Sie die Sprache mit --wav-dir ORDNER in Dateien, oder spielen \
                 Sie ohne --speak mit Ihrem Bildschirmleser (--screen-reader)."
            ),
        ),
    }
}

/// A line of input longer than `max` bytes (it had `len`), refused alone:
/// the game goes on.
pub fn line_too_long(lang: Lang, line: usize, len: usize, max: usize) -> String {
    pick(
        lang,
        format!(
            "Refused: line {line} is {len} bytes long, more than {max}; nothing in it was read. \
             The game goes on."
        ),
        format!(
            "Отклонено: в строке {line} {len} байт, больше {max}; из неё ничего не прочитано. \
             Игра продолжается."
        ),
        format!(
            "Abgelehnt: Zeile {line} ist {len} Bytes lang, mehr als {max}; nichts davon wurde \
             gelesen. Die Partie geht weiter."
        ),
    )
}

/// The commands against the engine, as the help lists them.
pub fn engine_commands_help(lang: Lang) -> String {
    pick(
        lang,
        "takeback: take back your last move and the engine's answer; \
         rematch: a new game with the colours swapped."
            .into(),
        "возврат: взять назад свой последний ход и ответ компьютера; \
         реванш: новая партия, цвета меняются."
            .into(),
        "zurück: den eigenen letzten Zug und die Antwort des Computers zurücknehmen; \
         revanche: eine neue Partie mit getauschten Farben."
            .into(),
    )
}

/// What a word typed in `play` asks of the engine game, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    /// Take back the player's last move and the engine's answer.
    Takeback,
    /// A new game with the colours swapped.
    Rematch,
}

/// Reads `takeback` / `rematch` in any of the three languages.
pub fn engine_command(text: &str) -> Option<EngineCommand> {
    let t = text.trim().to_lowercase();
    match t.as_str() {
        "takeback"
        | "take back"
        | "undo"
        | "возврат"
        | "вернуть"
        | "переходить"
        | "zurück"
        | "zurueck"
        | "zurücknehmen" => Some(EngineCommand::Takeback),
        "rematch" | "реванш" | "revanche" => Some(EngineCommand::Rematch),
        _ => None,
    }
}

/// The position was restored to before the player's last move (`plies`
/// half-moves taken back).
pub fn taken_back(lang: Lang, plies: usize) -> String {
    let ru = crate::plural_ru(plies as u64, "полуход", "полухода", "полуходов");
    let (en, de) = if plies == 1 {
        ("half-move", "Halbzug")
    } else {
        ("half-moves", "Halbzüge")
    };
    pick(
        lang,
        format!("Taken back: {plies} {en}; the arbiter restored the position before them."),
        format!("Взято назад: {plies} {ru}; судья восстановил позицию до них."),
        format!(
            "Zurückgenommen: {plies} {de}; der Schiedsrichter hat die Stellung davor wiederhergestellt."
        ),
    )
}

/// Why nothing can be taken back.
pub fn cannot_take_back(lang: Lang, why: TakebackRefusal) -> String {
    match why {
        TakebackRefusal::NoMove => pick(
            lang,
            "Nothing to take back: you have made no move yet.".into(),
            "Нечего брать назад: вы ещё не сделали хода.".into(),
            "Nichts zurückzunehmen: Sie haben noch keinen Zug gemacht.".into(),
        ),
        TakebackRefusal::NoEngine => pick(
            lang,
            "Takeback is only for a game against the engine.".into(),
            "Брать ходы назад можно только в партии с компьютером.".into(),
            "Zurücknehmen geht nur in einer Partie gegen den Computer.".into(),
        ),
        TakebackRefusal::Over => pick(
            lang,
            "The game is over: nothing can be taken back. Type rematch for a new game.".into(),
            "Партия окончена: назад ничего не взять. Наберите «реванш» для новой партии."
                .into(),
            "Die Partie ist beendet: nichts kann zurückgenommen werden. Für eine neue Partie „revanche“ eingeben."
                .into(),
        ),
        TakebackRefusal::Refused => pick(
            lang,
            "The Laws do not allow this position to be restored.".into(),
            "Правила не позволяют восстановить эту позицию.".into(),
            "Die Regeln erlauben nicht, diese Stellung wiederherzustellen.".into(),
        ),
    }
}

/// Why a takeback was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakebackRefusal {
    /// The player has no move of his own to take back.
    NoMove,
    /// No engine plays here (two players at one keyboard).
    NoEngine,
    /// The game has ended.
    Over,
    /// The fold refused the arbiter's restore.
    Refused,
}

/// A rematch begins: the player's new colour is `white` or not.
pub fn rematch_started(lang: Lang, player_white: bool) -> String {
    let (en, ru, de) = if player_white {
        ("White", "белыми", "Weiß")
    } else {
        ("Black", "чёрными", "Schwarz")
    };
    pick(
        lang,
        format!("Rematch: a new game, colours swapped; you play {en}."),
        format!("Реванш: новая партия, цвета поменялись; вы играете {ru}."),
        format!("Revanche: eine neue Partie mit getauschten Farben; Sie spielen {de}."),
    )
}

/// A rematch needs an engine to play against.
pub fn rematch_needs_engine(lang: Lang) -> String {
    pick(
        lang,
        "Rematch is only for a game against the engine.".into(),
        "Реванш возможен только в партии с компьютером.".into(),
        "Revanche gibt es nur in einer Partie gegen den Computer.".into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sentence_is_in_three_languages() {
        for lang in [Lang::En, Lang::Ru, Lang::De] {
            let all = [
                no_speech(lang, "espeak-ng", "error", None),
                no_speech(lang, "espeak-ng", "error", Some("/x")),
                line_too_long(lang, 3, 70_000, 65_536),
                engine_commands_help(lang),
                taken_back(lang, 2),
                rematch_started(lang, false),
                rematch_needs_engine(lang),
                cannot_take_back(lang, TakebackRefusal::NoMove),
            ];
            for s in &all {
                assert!(!s.is_empty());
            }
            let cyr = all[0].chars().any(|c| ('а'..='я').contains(&c));
            assert_eq!(cyr, lang == Lang::Ru, "{}", all[0]);
        }
        assert!(taken_back(Lang::Ru, 2).contains("2 полухода"));
        assert!(taken_back(Lang::Ru, 5).contains("5 полуходов"));
    }

    #[test]
    fn the_commands_are_read_in_every_language() {
        for w in ["takeback", "возврат", "zurück", "Zurueck"] {
            assert_eq!(engine_command(w), Some(EngineCommand::Takeback), "{w}");
        }
        for w in ["rematch", "Реванш", "revanche"] {
            assert_eq!(engine_command(w), Some(EngineCommand::Rematch), "{w}");
        }
        assert_eq!(engine_command("e4"), None);
    }
}
