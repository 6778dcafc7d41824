//! Scoresheets (Art. 8; Appendix C): a printable text scoresheet in the chosen national
//! letters, with clock readings and draw offers marked "(=)" (L-C.12), and the same score
//! in braille (L-D.2.7) as Unicode cells or a BRF file.
//!
//! The input is a plain list the lead can build from the event log: each move as SAN or
//! UCI (anything [`crate::parse`] reads), the mover's clock after the move, and whether the
//! mover offered a draw with it.

use shakmaty::{Chess, Color, Position};

use crate::braille;
use crate::error::{ErrorKind, NotationError};
use crate::{Style, parse, position_from_fen, render};

/// One half-move on the scoresheet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreMove {
    /// The move as SAN, UCI or any notation `parse` reads.
    pub mv: String,
    /// The mover's remaining time after the move, if recorded (Art. 8.1 allows it).
    pub clock_ms: Option<u64>,
    /// The mover offered a draw with this move: written "(=)" (L-C.12, Art. 9.1.2.2).
    pub draw_offered: bool,
    /// The move and the touch-move rule (Art. 4), when it concerns it.
    pub touch: Option<TouchMark>,
}

/// How a move stands to the touch-move rule on the scoresheet (Art. 4; the
/// marks are ours, the Laws prescribe none: docs/decisions.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchMark {
    /// Made after the opponent's touch-move claim was upheld: it replaced
    /// the move taken back, which is not on the sheet. Written "(T)".
    AfterClaim,
    /// Broke the touch-move rule and stands, not claimed. Written "(T*)".
    Breach,
}

impl TouchMark {
    /// The mark as the text scoresheet writes it.
    pub fn text(self) -> &'static str {
        match self {
            TouchMark::AfterClaim => "(T)",
            TouchMark::Breach => "(T*)",
        }
    }

    /// The mark as the braille scoresheet writes it (UEB).
    pub fn braille(self) -> &'static str {
        match self {
            TouchMark::AfterClaim => braille::TOUCH_AFTER_CLAIM,
            TouchMark::Breach => braille::TOUCH_BREACH,
        }
    }
}

/// The touch-move legend in braille: the marks in UEB, the words as the
/// text sheet's legend has them.
fn touch_legend_braille() -> String {
    format!(
        "{} {} {} {}",
        braille::TOUCH_AFTER_CLAIM,
        braille::text_to_braille("made after a touch-move claim was upheld;"),
        braille::TOUCH_BREACH,
        braille::text_to_braille("broke the touch-move rule and was not claimed (Art. 4).")
    )
}

/// The legend under a scoresheet that carries touch-move marks.
const TOUCH_LEGEND: &str = "(T): made after a touch-move claim was upheld; (T*): broke the touch-move rule and was not claimed (Art. 4).";

/// The scoresheet's header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreHeader {
    /// The name of the event.
    pub event: String,
    /// The date, as the organiser writes it.
    pub date: String,
    /// The round.
    pub round: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// "1-0", "0-1", "½-½" or empty while the game goes on.
    pub result: String,
}

/// A checked, rendered half-move.
struct Row {
    number: u32,
    color: Color,
    text: String,
    clock: Option<u64>,
    draw: bool,
    touch: Option<TouchMark>,
}

fn rows(fen: Option<&str>, moves: &[ScoreMove], style: Style) -> Result<Vec<Row>, NotationError> {
    let mut pos: Chess = position_from_fen(fen)?;
    let mut out = Vec::new();
    for (i, sm) in moves.iter().enumerate() {
        let (m, _) = parse(&pos, &sm.mv, None).map_err(|mut e| {
            e.input = format!("move {} ({}): {}", i + 1, pos.fullmoves(), sm.mv);
            e
        })?;
        out.push(Row {
            number: pos.fullmoves().get(),
            color: pos.turn(),
            text: render(&pos, m, style),
            clock: sm.clock_ms,
            draw: sm.draw_offered,
            touch: sm.touch,
        });
        pos = pos
            .play(m)
            .map_err(|_| NotationError::new(ErrorKind::Illegal, 0, &sm.mv))?;
    }
    Ok(out)
}

/// h:mm:ss, as clocks and scoresheets show it.
pub fn clock_reading(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

fn width(s: &str) -> usize {
    s.chars().count()
}

fn pad(s: &str, w: usize) -> String {
    let mut t = s.to_string();
    for _ in width(s)..w {
        t.push(' ');
    }
    t
}

/// The printable text scoresheet. `style` is normally `Style::Letters(lang)` (L-C.3) or
/// `Style::Figurine`; any written style works.
pub fn scoresheet_text(
    fen: Option<&str>,
    moves: &[ScoreMove],
    header: &ScoreHeader,
    style: Style,
) -> Result<String, NotationError> {
    let rows = rows(fen, moves, style)?;
    let cell = |r: &Row| {
        let mut s = r.text.clone();
        if r.draw {
            s.push_str(" (=)");
        }
        if let Some(t) = r.touch {
            s.push(' ');
            s.push_str(t.text());
        }
        s
    };
    let mw = rows
        .iter()
        .map(|r| width(&cell(r)))
        .max()
        .unwrap_or(0)
        .max(5);
    let show_clock = rows.iter().any(|r| r.clock.is_some());
    let cw = if show_clock { 8 } else { 0 };
    let mut out = String::new();
    out.push_str(&format!("Event: {}\n", header.event));
    out.push_str(&format!(
        "Date: {}   Round: {}\n",
        header.date, header.round
    ));
    out.push_str(&format!("White: {}\n", header.white));
    out.push_str(&format!("Black: {}\n", header.black));
    out.push('\n');
    let col = mw + if show_clock { cw + 1 } else { 0 };
    let head = format!(" No. | {} | {}", pad("White", col), pad("Black", col));
    out.push_str(head.trim_end());
    out.push('\n');
    out.push_str(&format!(
        "-----+-{}-+-{}\n",
        "-".repeat(col),
        "-".repeat(col)
    ));
    let fmt_half = |r: Option<&Row>| -> String {
        match r {
            None => pad("", col),
            Some(r) => {
                let mut s = pad(&cell(r), mw);
                if show_clock {
                    s.push(' ');
                    s.push_str(&pad(&r.clock.map(clock_reading).unwrap_or_default(), cw));
                }
                s
            }
        }
    };
    let mut i = 0;
    while i < rows.len() {
        let n = rows[i].number;
        let (w, b) = if rows[i].color == Color::White {
            let b = rows
                .get(i + 1)
                .filter(|r| r.color == Color::Black && r.number == n);
            (Some(&rows[i]), b)
        } else {
            (None, Some(&rows[i]))
        };
        let used = usize::from(w.is_some()) + usize::from(b.is_some());
        let white = match w {
            Some(_) => fmt_half(w),
            None => pad("...", col),
        };
        out.push_str(format!("{:>4} | {} | {}", n, white, fmt_half(b)).trim_end());
        out.push('\n');
        i += used;
    }
    out.push('\n');
    out.push_str(&format!("Result: {}\n", header.result));
    if rows.iter().any(|r| r.touch.is_some()) {
        out.push_str(TOUCH_LEGEND);
        out.push('\n');
    }
    Ok(out)
}

/// The scoresheet in braille (Unicode cells): header lines in uncontracted braille, then
/// one line per move number — the number in lower digits, the moves (docs/braille.md),
/// draw offers marked with the braille "(=)". Clock readings are left out: a braille score
/// is the blind player's record of the moves (L-D.2.7); the times are on the talking clock.
pub fn scoresheet_braille(
    fen: Option<&str>,
    moves: &[ScoreMove],
    header: &ScoreHeader,
) -> Result<String, NotationError> {
    let rows = rows(fen, moves, Style::Braille)?;
    let mut lines = Vec::new();
    for h in [&header.event, &header.white, &header.black, &header.date] {
        if !h.is_empty() {
            lines.push(braille::text_to_braille(h));
        }
    }
    let half = |r: &Row| {
        let mut s = r.text.clone();
        if r.draw {
            s.push(' ');
            s.push_str(braille::DRAW_OFFER);
        }
        // The touch-move marks, as on the text sheet.
        if let Some(t) = r.touch {
            s.push(' ');
            s.push_str(t.braille());
        }
        s
    };
    let mut i = 0;
    while i < rows.len() {
        let n = rows[i].number;
        let mut line = braille::lower_number(n);
        line.push(' ');
        if rows[i].color == Color::Black {
            // Black's move without White's: BAUK writes print's "..." as dots 3-6.
            line.push('⠤');
            line.push(' ');
            line.push_str(&half(&rows[i]));
            i += 1;
        } else {
            line.push_str(&half(&rows[i]));
            i += 1;
            if let Some(b) = rows
                .get(i)
                .filter(|r| r.color == Color::Black && r.number == n)
            {
                line.push(' ');
                line.push_str(&half(b));
                i += 1;
            }
        }
        lines.push(line);
    }
    if !header.result.is_empty() {
        lines.push(braille::text_to_braille(&header.result));
    }
    if rows.iter().any(|r| r.touch.is_some()) {
        lines.push(touch_legend_braille());
    }
    let mut s = lines.join("\n");
    s.push('\n');
    Ok(s)
}

/// The braille scoresheet as a BRF file's contents (ASCII braille, CR LF line ends, the
/// usual form for embossers), on the common page of 40 cells by 25 lines.
pub fn scoresheet_brf(
    fen: Option<&str>,
    moves: &[ScoreMove],
    header: &ScoreHeader,
) -> Result<String, NotationError> {
    scoresheet_brf_paged(fen, moves, header, braille::Page::default())
}

/// The BRF scoresheet on an embosser's `page`: lines wrapped to its cells,
/// a form feed after each full page ([`braille::paginate_brf`]).
pub fn scoresheet_brf_paged(
    fen: Option<&str>,
    moves: &[ScoreMove],
    header: &ScoreHeader,
    page: braille::Page,
) -> Result<String, NotationError> {
    let u = scoresheet_braille(fen, moves, header)?;
    Ok(braille::paginate_brf(&braille::to_brf(&u), page))
}

#[cfg(test)]
mod touch_tests {
    use super::*;

    /// The game 1. e4 e5 Nf3, where e5 was played after an upheld
    /// touch-move claim and Nf3 was a breach that stood.
    fn marked_moves() -> [ScoreMove; 3] {
        let mv = |m: &str, touch| ScoreMove {
            mv: m.into(),
            touch,
            ..ScoreMove::default()
        };
        [
            mv("e4", None),
            mv("e5", Some(TouchMark::AfterClaim)),
            mv("Nf3", Some(TouchMark::Breach)),
        ]
    }

    /// A move after an upheld touch-move claim and a breach that stood are
    /// marked, and the sheet says what the marks mean; a sheet without
    /// them has no legend.
    #[test]
    fn touch_move_marks_and_their_legend() {
        let moves = marked_moves();
        let h = ScoreHeader::default();
        let t = scoresheet_text(None, &moves, &h, Style::San).unwrap();
        assert!(t.contains("e5 (T)") && t.contains("Nf3 (T*)"), "{t}");
        assert!(t.contains(TOUCH_LEGEND), "{t}");
        let plain = scoresheet_text(None, &moves[..1], &h, Style::San).unwrap();
        assert!(!plain.contains("(T"), "{plain}");
    }

    /// The braille sheet carries the same marks after the same moves, and
    /// the legend when a mark is on it.
    #[test]
    fn touch_move_marks_in_braille() {
        let moves = marked_moves();
        let h = ScoreHeader::default();
        let b = scoresheet_braille(None, &moves, &h).unwrap();
        let lines: Vec<&str> = b.lines().collect();
        // Move 1: e4 e5 (T); move 2: Nf3 (T*); then the legend.
        assert!(lines[0].ends_with(braille::TOUCH_AFTER_CLAIM), "{b}");
        assert!(lines[1].ends_with(braille::TOUCH_BREACH), "{b}");
        assert_eq!(lines.len(), 3, "{b}");
        assert!(lines[2].starts_with(braille::TOUCH_AFTER_CLAIM), "{b}");
        let plain = scoresheet_braille(None, &moves[..1], &h).unwrap();
        assert!(!plain.contains(braille::TOUCH_AFTER_CLAIM), "{plain}");
        assert_eq!(plain.lines().count(), 1, "{plain}");
        // The BRF file holds them as ASCII braille.
        let brf = scoresheet_brf(None, &moves, &h).unwrap();
        assert!(
            brf.contains(&braille::to_brf(braille::TOUCH_BREACH)),
            "{brf}"
        );
    }
}
