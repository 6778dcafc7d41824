//! A refused event, said in words: why the Laws refused it, with the article.
//!
//! The Laws core refuses an event with a typed [`Rejection`]; this module
//! says it in English (the `Display` text, word for word, but a time left
//! in words where the `Display` gives milliseconds), Russian or German,
//! so a blind player hears why in his own language. Russian and German name
//! the article in brackets as the English does; the rule set's own reasons
//! (a move's column, an unreadable line) are passed through as written.
//!
//! ```
//! use arbiter_notation::rejection::say;
//! use arbiter_notation::Lang;
//! use arbiter_rules::{Rejection, Side};
//!
//! let r = Rejection::NotYourMove { side: Side::Black, to_move: Side::White };
//! assert_eq!(say(&r, Lang::En), "it is white's move, not black's");
//! assert_eq!(say(&r, Lang::Ru), "Ход невозможен: сейчас ходят белые, а не чёрные.");
//! ```

use crate::announce;
use arbiter_rules::{ClockRefusal, GameResult, Lang, PenaltyKind, Rejection, Side};

/// The announcement's three results are the shared vocabulary's.
impl From<announce::GameResult> for GameResult {
    fn from(r: announce::GameResult) -> Self {
        match r {
            announce::GameResult::WhiteWins => GameResult::WhiteWins,
            announce::GameResult::BlackWins => GameResult::BlackWins,
            announce::GameResult::Draw => GameResult::Draw,
        }
    }
}

/// Why an event was refused, as a sentence in `lang`.
pub fn say(r: &Rejection, lang: Lang) -> String {
    if let Some(said) = time_left(r, lang) {
        return said;
    }
    if let Some(said) = crate::appendix_d_words::rejection(r, lang) {
        return said;
    }
    match lang {
        Lang::En => r.to_string(),
        Lang::Ru => ru(r),
        Lang::De => de(r),
    }
}

/// [`say`] with the articles of the game's own `edition` (the Laws 2005
/// and the Tavreli rules number Art. 4, 7 and 13 their own way; 2017 and
/// 2018 put reduced play in A.4, 2023 in A.5).
pub fn say_in(r: &Rejection, lang: Lang, edition: arbiter_rules::Edition) -> String {
    r.recite(&say(r, lang), edition)
}

/// Russian side words: nominative (белые), genitive (белых), dative (белым).
/// A player hears the time left in words, as the clock says it, not the
/// milliseconds a log keeps (which the `Display` text, for developers and
/// logs, still gives): "1 hour 29 minutes 59 seconds", not "5399000 ms".
fn time_left(r: &Rejection, lang: Lang) -> Option<String> {
    // "1 hour 29 minutes 59 seconds", in Russian with its agreeing verb
    // ("осталась 1 минута", "осталось 4 секунды").
    let left = |ms: i64| {
        let ms = u64::try_from(ms).unwrap_or(0);
        let words = match (ms, lang) {
            (1..1000, Lang::En) => "under a second".to_string(),
            (1..1000, Lang::Ru) => "меньше секунды".to_string(),
            (1..1000, Lang::De) => "weniger als eine Sekunde".to_string(),
            _ => crate::clock::duration_words(lang, ms),
        };
        let verb = ["остался", "осталась", "осталось", "осталось"];
        match lang {
            Lang::Ru => format!("{} {words}", crate::clock::ru_agree(ms, verb)),
            _ => words,
        }
    };
    Some(match (r, lang) {
        (Rejection::QuickplayTimeLeft { side, ms }, Lang::En) => format!(
            "{side} has {} left: the claim needs under two minutes on a running clock",
            left(*ms)
        ),
        (Rejection::QuickplayTimeLeft { side, ms }, Lang::Ru) => format!(
            "У {} {}: требование возможно, только когда на идущих часах меньше двух минут.",
            ru_side(*side, 1),
            left(*ms)
        ),
        (Rejection::QuickplayTimeLeft { side, ms }, Lang::De) => format!(
            "{} hat noch {}: die Reklamation verlangt weniger als zwei Minuten auf der laufenden Uhr.",
            de_side(*side),
            left(*ms)
        ),
        (Rejection::FlagNotFallen { side, left: ms }, Lang::En) => {
            format!("{side}'s flag has not fallen: {} left", left(*ms))
        }
        (Rejection::FlagNotFallen { side, left: ms }, Lang::Ru) => {
            format!("Флажок {} не упал: {} (6.8).", ru_side(*side, 1), left(*ms))
        }
        (Rejection::FlagNotFallen { side, left: ms }, Lang::De) => format!(
            "Das Fallblättchen von {} ist nicht gefallen: noch {} (6.8).",
            de_side(*side),
            left(*ms)
        ),
        _ => return None,
    })
}

fn ru_side(s: Side, case: u8) -> &'static str {
    match (s, case) {
        (Side::White, 0) => "белые",
        (Side::Black, 0) => "чёрные",
        (Side::White, 1) => "белых",
        (Side::Black, 1) => "чёрных",
        (Side::White, _) => "белым",
        (Side::Black, _) => "чёрным",
    }
}

/// A Russian side word with a capital, to open a sentence.
fn ru_cap(s: Side) -> &'static str {
    match s {
        Side::White => "Белые",
        Side::Black => "Чёрные",
    }
}

fn de_side(s: Side) -> &'static str {
    match s {
        Side::White => "Weiß",
        Side::Black => "Schwarz",
    }
}

fn ru_result(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "победа белых",
        GameResult::BlackWins => "победа чёрных",
        GameResult::Draw => "ничья",
        GameResult::BothLose => "поражение обоих",
        GameResult::Ongoing => "партия продолжается",
    }
}

fn de_result(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "Weiß gewinnt",
        GameResult::BlackWins => "Schwarz gewinnt",
        GameResult::Draw => "remis",
        GameResult::BothLose => "beide verlieren",
        GameResult::Ongoing => "die Partie läuft",
    }
}

fn ru_penalty(k: PenaltyKind) -> &'static str {
    match k {
        PenaltyKind::Fine => "штраф",
        PenaltyKind::ExcludeRounds => "отстранение от туров",
        PenaltyKind::Expel => "исключение из соревнования",
        _ => "это наказание",
    }
}

fn de_penalty(k: PenaltyKind) -> &'static str {
    match k {
        PenaltyKind::Fine => "eine Geldstrafe",
        PenaltyKind::ExcludeRounds => "der Ausschluss von Runden",
        PenaltyKind::Expel => "der Ausschluss aus dem Turnier",
        _ => "diese Strafe",
    }
}

fn ru_clock(c: &ClockRefusal) -> String {
    match c {
        ClockRefusal::Paused => "Часы остановлены.".into(),
        ClockRefusal::AlreadyPaused => "Часы уже остановлены.".into(),
        ClockRefusal::NotPaused => "Часы идут, их не останавливали.".into(),
        ClockRefusal::OutOfRange { value } => {
            format!("Часы не принимают {value} мс: это вне их диапазона.")
        }
        ClockRefusal::NotOnMove { side, on_move } => format!(
            "{} нажали на часы, но идут часы {} (6.2).",
            ru_cap(*side),
            ru_side(*on_move, 1)
        ),
        other => format!("Часы отказали: {other}."),
    }
}

fn de_clock(c: &ClockRefusal) -> String {
    match c {
        ClockRefusal::Paused => "Die Uhren sind angehalten.".into(),
        ClockRefusal::AlreadyPaused => "Die Uhren sind schon angehalten.".into(),
        ClockRefusal::NotPaused => "Die Uhren laufen, sie wurden nicht angehalten.".into(),
        ClockRefusal::OutOfRange { value } => {
            format!("Die Uhr nimmt {value} ms nicht an: außerhalb ihres Bereichs.")
        }
        ClockRefusal::NotOnMove { side, on_move } => format!(
            "{} hat die Uhr gedrückt, aber die Uhr von {} läuft (6.2).",
            de_side(*side),
            de_side(*on_move)
        ),
        other => format!("Die Uhr lehnt ab: {other}."),
    }
}

fn ru(r: &Rejection) -> String {
    use Rejection::*;
    match r {
        TimeGoesBackwards { at, last_at } => {
            format!("Время идёт назад: {at} мс раньше предыдущего события ({last_at} мс).")
        }
        GameOver {
            result,
            termination,
            ..
        } => format!(
            "Партия окончена: {} ({}).",
            ru_result(*result),
            ru_termination(*termination)
        ),
        GameOverForArbiter => "Партия окончена: исправлять нечего (7.2).".into(),
        NotYourMove { side, to_move } => format!(
            "Ход невозможен: сейчас ходят {}, а не {}.",
            ru_side(*to_move, 0),
            ru_side(*side, 0)
        ),
        IllegalMoveOpen { side, text } => format!(
            "Ход невозможен: {} сделали невозможный ход {text} и нажали на часы; теперь ход или требование {} (A.5.2).",
            ru_side(*side, 0),
            ru_side(side.other(), 1)
        ),
        Malformed { column, reason } => {
            format!("Ход не прочитан: позиция {column}: {reason}.")
        }
        MalformedIntended { column, reason } => {
            format!("Задуманный ход не прочитан: позиция {column}: {reason}.")
        }
        ClocksPaused => "Часы остановлены.".into(),
        ClockNotRunning { side } => format!("Часы {} не идут.", ru_side(*side, 1)),
        Clock(c) => ru_clock(c),
        NoClockToPause => "В этой партии нет часов, останавливать нечего.".into(),
        NoClockToResume => "В этой партии нет часов, пускать нечего.".into(),
        PressWithoutMoveIsNoMove { side } => format!(
            "{} нажали на часы, не сделав хода: по Правилам 2005 года это неправильное обращение с часами, а не ход (6.8в, 13.4).",
            ru_cap(*side)
        ),
        NothingToComplete { side } => {
            format!(
                "{} не сделали хода, который можно завершить.",
                ru_cap(*side)
            )
        }
        IllegalMoveCannotStand { side, text } => format!(
            "Невозможный ход {} {text} не ведёт ни к какой позиции; заявите о нём требованием «невозможный ход» (A.5.2).",
            ru_side(*side, 1)
        ),
        OffersNotYet { from_move, number } => format!(
            "Положение о соревновании запрещает предлагать ничью до {from_move}-го хода (9.1.1); сейчас {number}-й ход."
        ),
        NoOfferToAccept { side } => format!(
            "{} принимают ничью, но её никто не предлагал.",
            ru_cap(*side)
        ),
        OwnOffer { side } => format!(
            "{} не могут принять собственное предложение ничьей.",
            ru_cap(*side)
        ),
        AgreementTooEarly => {
            "Ничью можно согласовать, только когда оба сделали хотя бы по ходу (5.2.3).".into()
        }
        NoOfferToDecline { side } => format!(
            "{} отклоняют ничью, но соперник её не предлагал.",
            ru_cap(*side)
        ),
        other => ru_more(other),
    }
}

fn ru_more(r: &Rejection) -> String {
    use Rejection::*;
    match r {
        NoIllegalMoveToClaim { side } => format!(
            "{} заявляют о невозможном ходе, но последний ход соперника не был невозможным ходом, о котором ещё можно заявить (A.5.2).",
            ru_cap(*side)
        ),
        DrawClaimNotOnMove { to_move } => format!(
            "Требовать ничью может только игрок, чья очередь хода (9.2, 9.3); сейчас ходят {}.",
            ru_side(*to_move, 0)
        ),
        TouchedPiece { side } => format!(
            "{} коснулись фигуры, чтобы ею пойти (4.3), и на этом ходу потеряли право требовать ничью (9.4).",
            ru_cap(*side)
        ),
        NoQuickplayFinish => "В этой партии нет требования ничьей при быстром окончании (статья 10 Правил 2005 года или объявленное Руководство III).".into(),
        NoIncrementRequest => "Просьбы о добавлении времени по III.4 нет в Правилах 2005 года.".into(),
        NoIncrementToGive => "Добавления времени по III.4 нет в Правилах 2005 года.".into(),
        QuickplayNotOnMove { to_move } => format!(
            "Требовать может только игрок, чья очередь хода; сейчас ходят {}.",
            ru_side(*to_move, 0)
        ),
        QuickplayNotFinalPeriod { side, period } => format!(
            "{} в {period}-м периоде: быстрое окончание — это период, в котором надо сделать все оставшиеся ходы (10.1, III.1).",
            ru_cap(*side)
        ),
        QuickplayTimeLeft { side, ms } => format!(
            "У {} осталось {ms} мс: требование возможно, только когда на идущих часах меньше двух минут.",
            ru_side(*side, 1)
        ),
        QuickplayNeedsClock => "Требование при быстром окончании возможно только с часами.".into(),
        NoQuickplayPending => "Нет требования при быстром окончании, ожидающего решения.".into(),
        QuickplayNeedsMs { action } => format!("{action}: нужно неотрицательное время в мс."),
        FlagNotFallen { side, left } => format!(
            "Флажок {} не упал: осталось {left} мс (6.8).",
            ru_side(*side, 1)
        ),
        ClaimantFlagDown { claimant } => format!(
            "У требующих, {}, самих не осталось времени (A.4.3, июль 2017).",
            ru_side(*claimant, 1)
        ),
        ClaimantHasNoTime => "У требующего не осталось времени (A.4.3, июль 2017).".into(),
        BothFlagsSameInstant => "Оба флажка упали в одну миллисекунду, кто первый — не установить: партия продолжается (статья 6.11 правил тавреи).".into(),
        BothFlagsNotLastPeriod => "Оба флажка упали не в последнем периоде: партия продолжается (6.12а, III.3).".into(),
        AlreadyArrived { side } => format!("{} уже пришли.", ru_cap(*side)),
        other => ru_arbiter(other),
    }
}

fn ru_arbiter(r: &Rejection) -> String {
    use Rejection::*;
    match r {
        ActionNeedsSide { action } => format!("Решению арбитра {action} нужна сторона."),
        ActionNeedsMs { action } => {
            format!("Решению арбитра {action} нужно неотрицательное время в мс.")
        }
        PenaltyNotInEdition { kind, edition } => format!(
            "Наказания «{}» нет среди наказаний арбитра в Правилах {edition} года (13.4).",
            ru_penalty(*kind)
        ),
        PointsOutOfRange { points, max } => {
            format!("{points} очков вне допустимого от 0 до {max}.")
        }
        ResultMissing => "Для объявления результата нужен результат.".into(),
        UnknownResult { text } => format!("Неизвестный результат «{text}»."),
        ResultNotFinal => "Объявить можно только окончательный результат.".into(),
        SetupClaimTooLate { moves } => format!(
            "После {moves} ходов каждого игрока требования о расстановке не принимаются (A.5.1)."
        ),
        RestoreNeedsPly => "Для восстановления позиции нужен номер полухода.".into(),
        RestoreBeyond { ply, played } => format!(
            "Нельзя вернуться к полуходу {ply}: сыграно только {played}."
        ),
        TwoHandsNotIllegal => "По Правилам 2005 года ход двумя руками — не невозможный ход (4.1): примените наказание по 13.4, например предупреждение.".into(),
        NoIllegalMoveForArbiter => "Нет завершённого невозможного хода, по которому арбитр может принять меры.".into(),
        NoClockToChange => "В этой партии нет часов, время менять не на чем.".into(),
        TimeNotApplied { action, ms, cause } => format!(
            "{action} на {ms} мс не выполнено: {}",
            ru(cause)
        ),
        Unreadable(text) => format!("Строка не прочитана: {text}."),
        NoSuchSquare { square } => format!("«{square}» — не поле доски."),
        NoManToTouch { square, man } => {
            format!("На поле {square} нет {man}-й фигуры сверху.")
        }
        TouchNotOnMove { side, to_move } => format!(
            "{} коснулись фигуры, но ход {}: правило «тронул — ходи» связывает только игрока, чей ход (4.3).",
            ru_cap(*side),
            ru_side(*to_move, 1)
        ),
        // Every other refusal is said above; a new one reads in English
        // until it has its Russian words.
        other => other.to_string(),
    }
}

fn de(r: &Rejection) -> String {
    use Rejection::*;
    match r {
        TimeGoesBackwards { at, last_at } => format!(
            "Die Zeit läuft rückwärts: {at} ms liegt vor dem vorigen Ereignis ({last_at} ms)."
        ),
        GameOver {
            result,
            termination,
            ..
        } => format!(
            "Die Partie ist beendet: {} ({}).",
            de_result(*result),
            de_termination(*termination)
        ),
        GameOverForArbiter => "Die Partie ist beendet: nichts mehr zu berichtigen (7.2).".into(),
        NotYourMove { side, to_move } => format!(
            "Zug nicht möglich: {} ist am Zug, nicht {}.",
            de_side(*to_move),
            de_side(*side)
        ),
        IllegalMoveOpen { side, text } => format!(
            "Zug nicht möglich: {} hat den regelwidrigen Zug {text} ausgeführt und die Uhr gedrückt; jetzt zieht oder reklamiert {} (A.5.2).",
            de_side(*side),
            de_side(side.other())
        ),
        Malformed { column, reason } => {
            format!("Zug nicht lesbar: Spalte {column}: {reason}.")
        }
        MalformedIntended { column, reason } => {
            format!("Beabsichtigter Zug nicht lesbar: Spalte {column}: {reason}.")
        }
        ClocksPaused => "Die Uhren sind angehalten.".into(),
        ClockNotRunning { side } => format!("Die Uhr von {} läuft nicht.", de_side(*side)),
        Clock(c) => de_clock(c),
        NoClockToPause => "Diese Partie hat keine Uhr zum Anhalten.".into(),
        NoClockToResume => "Diese Partie hat keine Uhr zum Starten.".into(),
        PressWithoutMoveIsNoMove { side } => format!(
            "{} hat die Uhr ohne Zug gedrückt: nach den Regeln von 2005 ist das unkorrekte Uhrbedienung, kein Zug (6.8c, 13.4).",
            de_side(*side)
        ),
        NothingToComplete { side } => {
            format!("{} hat keinen Zug, der abzuschließen wäre.", de_side(*side))
        }
        IllegalMoveCannotStand { side, text } => format!(
            "Der regelwidrige Zug {text} von {} ergibt keine Stellung; reklamieren Sie ihn als regelwidrigen Zug (A.5.2).",
            de_side(*side)
        ),
        OffersNotYet { from_move, number } => format!(
            "Die Turnierordnung verbietet Remisangebote vor dem {from_move}. Zug (9.1.1); dies ist der {number}. Zug."
        ),
        NoOfferToAccept { side } => {
            format!("{} nimmt Remis an, aber es liegt kein Angebot vor.", de_side(*side))
        }
        OwnOffer { side } => format!(
            "{} kann das eigene Remisangebot nicht annehmen.",
            de_side(*side)
        ),
        AgreementTooEarly => {
            "Remis kann erst vereinbart werden, wenn beide Spieler mindestens einen Zug ausgeführt haben (5.2.3).".into()
        }
        NoOfferToDecline { side } => format!(
            "{} lehnt Remis ab, aber der Gegner hat keines angeboten.",
            de_side(*side)
        ),
        other => de_more(other),
    }
}

fn de_more(r: &Rejection) -> String {
    use Rejection::*;
    match r {
        NoIllegalMoveToClaim { side } => format!(
            "{} reklamiert einen regelwidrigen Zug, aber der letzte Zug des Gegners war keiner, der noch reklamiert werden kann (A.5.2).",
            de_side(*side)
        ),
        DrawClaimNotOnMove { to_move } => format!(
            "Remis reklamieren kann nur der Spieler am Zug (9.2, 9.3); {} ist am Zug.",
            de_side(*to_move)
        ),
        TouchedPiece { side } => format!(
            "{} hat eine Figur berührt, um mit ihr zu ziehen (4.3), und verliert für diesen Zug das Recht, Remis zu reklamieren (9.4).",
            de_side(*side)
        ),
        NoQuickplayFinish => "In dieser Partie gibt es keine Remisreklamation in der Endspurtphase (Artikel 10 von 2005 oder angekündigte Richtlinien III).".into(),
        NoIncrementRequest => "Die Bitte um ein Inkrement nach III.4 gibt es in den Regeln von 2005 nicht.".into(),
        NoIncrementToGive => "Das Inkrement nach III.4 gibt es in den Regeln von 2005 nicht.".into(),
        QuickplayNotOnMove { to_move } => format!(
            "Reklamieren kann nur der Spieler am Zug; {} ist am Zug.",
            de_side(*to_move)
        ),
        QuickplayNotFinalPeriod { side, period } => format!(
            "{} ist in Periode {period}: die Endspurtphase ist die Periode, in der alle restlichen Züge zu machen sind (10.1, III.1).",
            de_side(*side)
        ),
        QuickplayTimeLeft { side, ms } => format!(
            "{} hat noch {ms} ms: die Reklamation verlangt weniger als zwei Minuten auf der laufenden Uhr.",
            de_side(*side)
        ),
        QuickplayNeedsClock => "Eine Reklamation in der Endspurtphase braucht eine Uhr.".into(),
        NoQuickplayPending => "Es liegt keine Reklamation in der Endspurtphase vor.".into(),
        QuickplayNeedsMs { action } => format!("{action}: braucht eine nicht negative Zeit in ms."),
        FlagNotFallen { side, left } => format!(
            "Das Fallblättchen von {} ist nicht gefallen: noch {left} ms (6.8).",
            de_side(*side)
        ),
        ClaimantFlagDown { claimant } => format!(
            "Der Reklamierende, {}, hat selbst keine Zeit mehr (A.4.3, Juli 2017).",
            de_side(*claimant)
        ),
        ClaimantHasNoTime => "Der Reklamierende hat keine Zeit mehr (A.4.3, Juli 2017).".into(),
        BothFlagsSameInstant => "Beide Fallblättchen fielen in derselben Millisekunde, welches zuerst, ist nicht feststellbar: die Partie geht weiter (Tavreli-Regeln, Artikel 6.11).".into(),
        BothFlagsNotLastPeriod => "Beide Fallblättchen sind nicht in der letzten Periode gefallen: die Partie geht weiter (6.12a, III.3).".into(),
        AlreadyArrived { side } => format!("{} ist schon da.", de_side(*side)),
        other => de_arbiter(other),
    }
}

fn de_arbiter(r: &Rejection) -> String {
    use Rejection::*;
    match r {
        ActionNeedsSide { action } => format!("Die Schiedsrichtermaßnahme {action} braucht eine Seite."),
        ActionNeedsMs { action } => format!(
            "Die Schiedsrichtermaßnahme {action} braucht eine nicht negative Zeit in ms."
        ),
        PenaltyNotInEdition { kind, edition } => format!(
            "In den Regeln von {edition} gehört {} nicht zu den Strafen des Schiedsrichters (13.4).",
            de_penalty(*kind)
        ),
        PointsOutOfRange { points, max } => {
            format!("{points} Punkte liegen außerhalb von 0 bis {max}.")
        }
        ResultMissing => "Für die Ergebniserklärung fehlt das Ergebnis.".into(),
        UnknownResult { text } => format!("Unbekanntes Ergebnis „{text}“."),
        ResultNotFinal => "Erklärt werden kann nur ein endgültiges Ergebnis.".into(),
        SetupClaimTooLate { moves } => format!(
            "Nach {moves} Zügen jedes Spielers wird keine Reklamation zur Aufstellung angenommen (A.5.1)."
        ),
        RestoreNeedsPly => "Zum Wiederherstellen fehlt die Nummer des Halbzugs.".into(),
        RestoreBeyond { ply, played } => format!(
            "Halbzug {ply} kann nicht wiederhergestellt werden: nur {played} wurden gespielt."
        ),
        TwoHandsNotIllegal => "Nach den Regeln von 2005 ist ein Zug mit zwei Händen kein regelwidriger Zug (4.1): verhängen Sie eine Strafe nach 13.4, etwa eine Verwarnung.".into(),
        NoIllegalMoveForArbiter => "Es liegt kein ausgeführter regelwidriger Zug vor, gegen den der Schiedsrichter einschreiten könnte.".into(),
        NoClockToChange => "Diese Partie hat keine Uhr, deren Zeit geändert werden könnte.".into(),
        TimeNotApplied { action, ms, cause } => {
            format!("{action} um {ms} ms nicht ausgeführt: {}", de(cause))
        }
        Unreadable(text) => format!("Zeile nicht lesbar: {text}."),
        NoSuchSquare { square } => format!("„{square}“ ist kein Feld des Bretts."),
        NoManToTouch { square, man } => {
            format!("Auf {square} gibt es keinen {man}. Stein von oben.")
        }
        TouchNotOnMove { side, to_move } => format!(
            "{} hat einen Stein berührt, aber {} ist am Zug: „berührt – geführt“ bindet nur den Spieler am Zug (4.3).",
            de_side(*side),
            de_side(*to_move)
        ),
        // Every other refusal is said above; a new one reads in English
        // until it has its German words.
        other => other.to_string(),
    }
}

/// How a game ended, in `lang`: what an announcement of the result says
/// after "why" (dead position, fivefold repetition …).
pub fn termination_words(t: arbiter_rules::Termination, lang: Lang) -> &'static str {
    match lang {
        Lang::En => en_termination(t),
        Lang::Ru => ru_termination(t),
        Lang::De => de_termination(t),
    }
}

/// How a game ended, in English (the articles of 5, 6.9, 7.5, 9 and 12).
fn en_termination(t: arbiter_rules::Termination) -> &'static str {
    use arbiter_rules::Termination::*;
    match t {
        Checkmate => "checkmate",
        Stalemate => "stalemate",
        DeadPosition => "dead position",
        FivefoldRepetition => "fivefold repetition",
        SeventyFiveMoves => "75-move rule",
        ThreefoldClaim => "threefold repetition, claimed",
        FiftyMovesClaim => "50-move rule, claimed",
        Agreement => "agreement",
        Resignation => "resignation",
        TimeForfeit => "time forfeit",
        IllegalMoves => "illegal moves",
        Arbiter => "arbiter's decision",
    }
}

/// How a game ended, in Russian (the articles of 5, 6.9, 7.5, 9 and 12).
fn ru_termination(t: arbiter_rules::Termination) -> &'static str {
    use arbiter_rules::Termination::*;
    match t {
        Checkmate => "мат",
        Stalemate => "пат",
        DeadPosition => "мёртвая позиция",
        FivefoldRepetition => "пятикратное повторение",
        SeventyFiveMoves => "правило 75 ходов",
        ThreefoldClaim => "троекратное повторение по требованию",
        FiftyMovesClaim => "правило 50 ходов по требованию",
        Agreement => "соглашение",
        Resignation => "сдача",
        TimeForfeit => "просрочка времени",
        IllegalMoves => "невозможные ходы",
        Arbiter => "решение арбитра",
    }
}

/// How a game ended, in German (the articles of 5, 6.9, 7.5, 9 and 12).
fn de_termination(t: arbiter_rules::Termination) -> &'static str {
    use arbiter_rules::Termination::*;
    match t {
        Checkmate => "Matt",
        Stalemate => "Patt",
        DeadPosition => "tote Stellung",
        FivefoldRepetition => "fünfmalige Stellungswiederholung",
        SeventyFiveMoves => "75-Züge-Regel",
        ThreefoldClaim => "dreimalige Stellungswiederholung auf Antrag",
        FiftyMovesClaim => "50-Züge-Regel auf Antrag",
        Agreement => "Vereinbarung",
        Resignation => "Aufgabe",
        TimeForfeit => "Zeitüberschreitung",
        IllegalMoves => "regelwidrige Züge",
        Arbiter => "Entscheidung des Schiedsrichters",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::{Edition, Termination};

    fn samples() -> Vec<Rejection> {
        use Rejection::*;
        let (w, b) = (Side::White, Side::Black);
        vec![
            TimeGoesBackwards { at: 5, last_at: 9 },
            GameOver {
                result: GameResult::BlackWins,
                termination: Termination::TimeForfeit,
                at: 900_000,
            },
            NotYourMove {
                side: b,
                to_move: w,
            },
            IllegalMoveOpen {
                side: w,
                text: "Ke2".into(),
            },
            Malformed {
                column: 3,
                reason: "no such square".into(),
            },
            Clock(ClockRefusal::NotOnMove {
                side: w,
                on_move: b,
            }),
            OffersNotYet {
                from_move: 30,
                number: 12,
            },
            TouchedPiece { side: b },
            QuickplayTimeLeft {
                side: w,
                ms: 130_000,
            },
            FlagNotFallen {
                side: b,
                left: 4_000,
            },
            BothFlagsNotLastPeriod,
            PenaltyNotInEdition {
                kind: PenaltyKind::Fine,
                edition: Edition::E2005,
            },
            RestoreBeyond { ply: 9, played: 4 },
            TimeNotApplied {
                action: "add_time".into(),
                ms: 60_000,
                cause: Box::new(Clock(ClockRefusal::OutOfRange { value: 7 })),
            },
        ]
    }

    /// English is the `Display` text, word for word: the CLI's contract;
    /// only a time left is said in words where the `Display` gives ms.
    #[test]
    fn english_is_the_display_text() {
        for r in samples() {
            if matches!(
                r,
                Rejection::QuickplayTimeLeft { .. } | Rejection::FlagNotFallen { .. }
            ) {
                continue;
            }
            assert_eq!(say(&r, Lang::En), r.to_string());
        }
        let r = Rejection::NotYourMove {
            side: Side::Black,
            to_move: Side::White,
        };
        assert_eq!(say(&r, Lang::En), "it is white's move, not black's");
    }

    /// A time left is said as the clock says it, never in milliseconds,
    /// and a part of a second is not called nothing.
    #[test]
    fn a_time_left_is_said_in_words() {
        let claim = |ms| Rejection::QuickplayTimeLeft {
            side: Side::Black,
            ms,
        };
        let flag = |left| Rejection::FlagNotFallen {
            side: Side::White,
            left,
        };
        assert_eq!(
            say(&claim(5_399_000), Lang::En),
            "black has 1 hour 29 minutes 59 seconds left: the claim needs under two minutes on a running clock"
        );
        assert!(say(&claim(130_000), Lang::Ru).contains("У чёрных осталось 2 минуты 10 секунд"));
        assert!(say(&claim(61_000), Lang::Ru).contains("осталась 1 минута 1 секунда"));
        assert!(say(&claim(130_000), Lang::De).contains("Schwarz hat noch 2 Minuten 10 Sekunden"));
        assert_eq!(
            say(&flag(400), Lang::En),
            "white's flag has not fallen: under a second left"
        );
        assert!(say(&flag(4_000), Lang::Ru).contains("осталось 4 секунды (6.8)"));
        for lang in [Lang::En, Lang::Ru, Lang::De] {
            for r in [claim(130_000), flag(4_000)] {
                let said = say(&r, lang);
                assert!(!said.contains("ms") && !said.contains("мс"), "{said}");
            }
        }
    }

    /// Russian and German are sentences of their own, never the English
    /// text, carrying the sample's data and article where it has one.
    #[test]
    fn russian_and_german_say_it_in_their_words() {
        for r in samples() {
            let (en, ru, de) = (say(&r, Lang::En), say(&r, Lang::Ru), say(&r, Lang::De));
            assert_ne!(ru, en, "{r:?}");
            assert_ne!(de, en, "{r:?}");
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{ru}");
            assert!(ru.ends_with('.'), "{ru}");
            assert!(de.ends_with('.'), "{de}");
        }
    }

    #[test]
    fn sentences_carry_the_data_and_the_article() {
        let r = Rejection::NotYourMove {
            side: Side::Black,
            to_move: Side::White,
        };
        assert_eq!(
            say(&r, Lang::Ru),
            "Ход невозможен: сейчас ходят белые, а не чёрные."
        );
        assert_eq!(
            say(&r, Lang::De),
            "Zug nicht möglich: Weiß ist am Zug, nicht Schwarz."
        );
        let r = Rejection::OffersNotYet {
            from_move: 30,
            number: 12,
        };
        for lang in Lang::ALL {
            let s = say(&r, lang);
            assert!(
                s.contains("30") && s.contains("12") && s.contains("9.1.1"),
                "{s}"
            );
        }
        let r = Rejection::TouchedPiece { side: Side::Black };
        assert!(say(&r, Lang::Ru).starts_with("Чёрные коснулись"));
        assert!(say(&r, Lang::Ru).contains("(9.4)"));
        assert!(say(&r, Lang::De).starts_with("Schwarz hat eine Figur"));
        // A refusal inside a refusal is said in the same language.
        let r = Rejection::TimeNotApplied {
            action: "add_time".into(),
            ms: 60_000,
            cause: Box::new(Rejection::Clock(ClockRefusal::Paused)),
        };
        assert!(say(&r, Lang::Ru).ends_with("Часы остановлены."));
        assert!(say(&r, Lang::De).ends_with("Die Uhren sind angehalten."));
    }

    #[test]
    fn the_announcements_results_are_the_vocabularys() {
        assert_eq!(
            GameResult::from(announce::GameResult::Draw).as_str(),
            "1/2-1/2"
        );
        assert_eq!(
            GameResult::from(announce::GameResult::BlackWins),
            GameResult::BlackWins
        );
    }
}

/// Why a draw claim was found incorrect (L-9.5c), as a sentence in `lang`:
/// for Tavreli the 50-move count is told in Tavreli's terms (ratniks and
/// new towers under its own rules, art. 9.3).
pub fn say_wrong_claim(w: &arbiter_rules::WrongClaim, lang: Lang) -> String {
    use arbiter_rules::{MoveCount, WrongClaim};
    match (w, lang) {
        (WrongClaim::Repetition { count }, Lang::En) => {
            let times = match count {
                1 => "only once".to_string(),
                2 => "only twice".to_string(),
                n => format!("{n} times"),
            };
            format!("The position would appear {times}, not three times (9.2).")
        }
        (_, Lang::En) => w.to_string(),
        (WrongClaim::Repetition { count }, Lang::Ru) => {
            let n = u64::from(*count);
            format!(
                "Позиция повторилась бы только {} {}, а не три (9.2).",
                crate::numbers::ru_number_words(n, false),
                crate::plural_ru(n, "раз", "раза", "раз")
            )
        }
        (WrongClaim::Repetition { count }, Lang::De) => {
            format!("Die Stellung käme {count}-mal vor, nicht dreimal (9.2).")
        }
        (WrongClaim::FiftyMoves { plies, counts }, Lang::Ru) => {
            let without = match counts {
                MoveCount::PawnOrCapture => "без взятий и ходов пешек",
                MoveCount::RatnikOrCapture => "без ходов ратников и взятий",
                MoveCount::RatnikOrNewTower => "без ходов ратников и без построения новых башен",
            };
            let n = u64::from(*plies);
            let word = crate::plural_ru(n, "полуход", "полухода", "полуходов");
            format!("Сделано только {plies} {word} {without}, а не 100 (9.3).")
        }
        (WrongClaim::FiftyMoves { plies, counts }, Lang::De) => {
            let without = match counts {
                MoveCount::PawnOrCapture => "ohne Schlagen und ohne Bauernzug",
                MoveCount::RatnikOrCapture => "ohne Ratnik-Zug und ohne Schlagen",
                MoveCount::RatnikOrNewTower => "ohne Ratnik-Zug und ohne neuen Turm",
            };
            format!("Nur {plies} Halbzüge {without}, nicht 100 (9.3).")
        }
        (WrongClaim::NoMoveCountRule, Lang::Ru) => {
            "Правило 50 ходов в этой партии не действует.".into()
        }
        (WrongClaim::NoMoveCountRule, Lang::De) => {
            "Die 50-Züge-Regel gilt in dieser Partie nicht.".into()
        }
        (WrongClaim::IllegalIntended { reason }, Lang::Ru) => {
            format!("Заявленный ход невозможен: {reason}")
        }
        (WrongClaim::IllegalIntended { reason }, Lang::De) => {
            format!("Der angekündigte Zug ist regelwidrig: {reason}")
        }
    }
}

#[cfg(test)]
mod edition_tests {
    use super::*;
    use arbiter_rules::{Edition, MoveCount, WrongClaim};

    #[test]
    fn refusals_cite_the_games_own_edition_in_every_language() {
        let r = Rejection::NoIllegalMoveToClaim { side: Side::Black };
        for lang in [Lang::En, Lang::Ru, Lang::De] {
            assert!(say_in(&r, lang, Edition::E2023).contains("(A.5.2)"));
            assert!(say_in(&r, lang, Edition::E2017).contains("(A.4.2)"));
            assert!(say_in(&r, lang, Edition::E2005).contains("(Appendix B)"));
            // Tavreli's touch-move is its art. 4.2 (2005 and 2017+: 4.3).
            let t = Rejection::TouchedPiece { side: Side::White };
            assert!(say_in(&t, lang, Edition::Tavreli).contains("(4.2)"));
            assert!(say_in(&t, lang, Edition::E2005).contains("(4.3)"));
        }
    }

    #[test]
    fn a_wrong_tavreli_fifty_move_claim_speaks_of_ratniks() {
        let chess = WrongClaim::FiftyMoves {
            plies: 3,
            counts: MoveCount::PawnOrCapture,
        };
        let tavreli = WrongClaim::FiftyMoves {
            plies: 3,
            counts: MoveCount::RatnikOrNewTower,
        };
        for (lang, pawn, ratnik) in [
            (Lang::En, "pawn", "ratnik"),
            (Lang::Ru, "пешек", "ратников"),
            (Lang::De, "Bauern", "Ratnik"),
        ] {
            assert!(say_wrong_claim(&chess, lang).contains(pawn), "{lang:?}");
            let t = say_wrong_claim(&tavreli, lang);
            assert!(t.contains(ratnik) && !t.contains(pawn), "{lang:?}: {t}");
        }
    }
}
