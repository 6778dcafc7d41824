//! `arbiter replay LOG [--json] [--pgn]`: fold an event log and print the
//! final state of the game, clocks included, so a script or an arbiter can check a
//! finished log without reading it move by move.
//!
//! The log is streamed in lines of at most 64 KiB (arbiter_laws::log): a
//! longer line, or a read error, stops with exit 2 naming the line.

use arbiter_chess::pgn::write_pgn;
use arbiter_laws::log::{Log, read_log_partial};
use arbiter_laws::replay::{Report, replay, report};
use arbiter_laws::{RuleSet, Variant};
use arbiter_session::{RulesJob, with_rules};
use std::process::ExitCode;

use crate::out;

#[derive(clap::Args)]
pub struct Args {
    /// The event log (JSON Lines, docs/event-log.md); `-` reads standard input.
    pub log: String,
    /// Print one JSON object with the final state.
    #[arg(long, conflicts_with = "pgn")]
    pub json: bool,
    /// Print the game as PGN (Art. 8, Appendix C).
    #[arg(long)]
    pub pgn: bool,
    /// Print a scoresheet (Art. 8, Appendix C) in this style: national letters
    /// (`ru`, `de`, `fr`, `es`, `it`, `nl`, `pl`, `en`), `figurine`, `san`,
    /// `braille` (Unicode braille, L-D.2.7) or `brf` (ASCII braille for embossers).
    #[arg(long, value_name = "STYLE")]
    pub scoresheet: Option<String>,
    /// Cells a line of the BRF scoresheet (`--scoresheet brf`): longer lines
    /// are wrapped. The common embosser page is 40.
    #[arg(long, value_name = "CELLS", default_value_t = 40, value_parser = clap::value_parser!(u16).range(10..=100))]
    pub brf_cells: u16,
    /// Lines a page of the BRF scoresheet: a form feed follows each full
    /// page. The common embosser page is 25.
    #[arg(long, value_name = "LINES", default_value_t = 25, value_parser = clap::value_parser!(u16).range(5..=100))]
    pub brf_lines: u16,
}

/// Reads the log, line by line, from a file or standard input: the log
/// read so far, and why the reading stopped early, if it did.
fn read(path: &str) -> Result<(Log, Option<String>), String> {
    let max = arbiter_laws::log::MAX_LINE;
    let name = if path == "-" { "standard input" } else { path };
    let r = if path == "-" {
        read_log_partial(std::io::stdin().lock(), max)
    } else {
        let f = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        if f.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(format!("{path}: is a directory, not a log"));
        }
        read_log_partial(std::io::BufReader::new(f), max)
    };
    match r {
        Ok((log, stop)) => Ok((
            log,
            stop.map(|e| format!("{name}: {e}; reading stopped there")),
        )),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

pub fn run(a: Args) -> ExitCode {
    let (log, stopped) = match read(&a.log) {
        Ok(l) => l,
        Err(e) => return out::bad_input("replay", e),
    };
    let r = with_rules(&log.header, Emit { log: &log, a: &a });
    // What was read is shown, and a stop is still bad input (exit 2).
    match r {
        Ok(text) => match (out::print("replay", &text), stopped) {
            (Err(code), _) => code,
            (Ok(()), Some(stop)) => out::bad_input("replay", stop),
            (Ok(()), None) => ExitCode::SUCCESS,
        },
        Err(e) => out::bad_input("replay", format!("{}: {e}", a.log)),
    }
}

/// The output of a log, with the rules its header names.
struct Emit<'a> {
    log: &'a Log,
    a: &'a Args,
}

impl RulesJob for Emit<'_> {
    type Output = Result<String, String>;
    fn run<R: arbiter_session::Variant>(self, rules: R) -> Self::Output {
        emit(rules, self.log, self.a)
    }
}

/// The whole output, built first so that it is written in one piece.
fn emit<R: RuleSet>(rules: R, log: &Log, a: &Args) -> Result<String, String> {
    let (game, rejected) = replay(rules, log).map_err(|e| e.to_string())?;
    if let Some(style) = &a.scoresheet {
        if game.rules().variant() != Variant::Chess {
            return Err("scoresheets are written for chess logs (Tavreli records: --pgn)".into());
        }
        return scoresheet(&game, log, style, brf_page(a));
    }
    if a.pgn {
        let h = &log.header;
        let (w, b) = (
            h.white.as_deref().unwrap_or("?"),
            h.black.as_deref().unwrap_or("?"),
        );
        return Ok(write_pgn(&game, w, b, h.time_control.as_deref()));
    }
    let rep = report(&game, rejected);
    if a.json {
        let mut s = serde_json::to_string(&rep).map_err(|e| e.to_string())?;
        s.push('\n');
        Ok(s)
    } else {
        Ok(human(&rep))
    }
}

/// The embosser's page `--brf-cells` and `--brf-lines` ask for.
fn brf_page(a: &Args) -> arbiter_notation::braille::Page {
    arbiter_notation::braille::Page {
        cells: usize::from(a.brf_cells),
        lines: usize::from(a.brf_lines),
    }
}

fn mmss(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let s = ms.unsigned_abs() / 1000;
    format!(
        "{sign}{}:{:02}:{:02}.{:03}",
        s / 3600,
        (s / 60) % 60,
        s % 60,
        ms.unsigned_abs() % 1000
    )
}

/// Plain lines, one fact each, so a screen reader reads them in order.
fn human(r: &Report) -> String {
    let mut out = String::new();
    macro_rules! println {
        ($($t:tt)*) => {{
            out.push_str(&format!($($t)*));
            out.push('\n');
        }};
    }
    println!(
        "Variant: {}; edition {}; {}",
        r.variant, r.edition, r.regime
    );
    match r.termination {
        Some(t) => println!("Result: {} ({})", r.result, t.as_str().replace('_', " ")),
        None => println!("Result: * (the game goes on)"),
    }
    println!("Half-moves played: {}", r.ply);
    println!("Position: {}", r.fen);
    if let Some(c) = &r.clock {
        println!(
            "White's clock: {} (period {})",
            mmss(c.white_ms),
            c.period.white
        );
        println!(
            "Black's clock: {} (period {})",
            mmss(c.black_ms),
            c.period.black
        );
        if let Some(f) = c.flag_at {
            println!("A flag fell at {}", mmss(f as i64));
        }
    }
    println!(
        "Illegal moves: White {}, Black {}",
        r.illegal_moves.white, r.illegal_moves.black
    );
    for p in &r.penalties {
        let ms = p.ms.map(|m| format!(", {}", mmss(m))).unwrap_or_default();
        println!(
            "Penalty at {}: {} {}{ms}",
            mmss(p.at as i64),
            p.side,
            p.kind.key().replace('_', " ")
        );
    }
    if let Some(s) = &r.score {
        println!("Points: White {}, Black {}", s.white, s.black);
    }
    for t in &r.touches {
        let what = match t.kind {
            arbiter_laws::touch::TouchKind::Touch => "touched",
            arbiter_laws::touch::TouchKind::Adjust => "adjusted",
        };
        let man = t
            .man
            .map(|n| format!(" (man {n} from the top)"))
            .unwrap_or_default();
        let late = if t.out_of_turn { ", out of turn" } else { "" };
        println!(
            "Touch at {}: {} {what} the man on {}{man}{late}",
            mmss(t.at as i64),
            t.side,
            t.square
        );
    }
    if let Some(o) = &r.touch_obligation {
        println!("Touch-move obligation of the side to move: {o}");
    }
    for b in &r.touch_move_breaches {
        println!(
            "Touch-move breach at {} (half-move {}): {} had to {} ({}){}",
            mmss(b.at as i64),
            b.ply + 1,
            b.side,
            b.obligation,
            b.article,
            if b.claimed {
                "; claimed, taken back"
            } else {
                "; not claimed"
            }
        );
    }
    for c in &r.touch_move_claims {
        println!(
            "Touch-move claim at {} by {}: {}, {}",
            mmss(c.at as i64),
            c.side,
            if c.upheld { "upheld" } else { "rejected" },
            c.reason
        );
    }
    for n in &r.notes {
        println!("Note: {n}");
    }
    out.push_str(&appendix_d_lines(r));
    for x in &r.rejected {
        println!(
            "Rejected line {}: {}",
            x.line,
            arbiter_laws::log::cut(&x.reason, out::MESSAGE_CHARS)
        );
    }
    out
}

/// How the half-move `ply` of the record stands to the touch-move rule: a
/// breach that stands outweighs an earlier one that was claimed (the move
/// made in its place broke the rule again).
fn touch_mark(
    breaches: &[arbiter_laws::touch::TouchMoveBreach],
    ply: usize,
) -> Option<arbiter_notation::scoresheet::TouchMark> {
    use arbiter_notation::scoresheet::TouchMark;
    let at: Vec<_> = breaches.iter().filter(|b| b.ply == ply).collect();
    match at.last() {
        Some(b) if !b.claimed => Some(TouchMark::Breach),
        Some(_) => Some(TouchMark::AfterClaim),
        None => None,
    }
}

/// The game's scoresheet from its record: each move with the mover's clock
/// after the press and "(=)" where a draw was offered with it (L-C.12).
fn scoresheet<R: RuleSet>(
    game: &arbiter_laws::Game<R>,
    log: &Log,
    style: &str,
    page: arbiter_notation::braille::Page,
) -> Result<String, String> {
    use arbiter_notation::scoresheet::{
        ScoreHeader, ScoreMove, scoresheet_braille, scoresheet_brf_paged, scoresheet_text,
    };
    let h = &log.header;
    let header = ScoreHeader {
        // Names come from the log: no control character may reach the sheet.
        white: out::printable(h.white.as_deref().unwrap_or_default()),
        black: out::printable(h.black.as_deref().unwrap_or_default()),
        result: game
            .outcome()
            .map(|o| o.result.as_str().replace("1/2", "½"))
            .unwrap_or_default(),
        ..Default::default()
    };
    let moves: Vec<ScoreMove> = game
        .plies()
        .iter()
        .zip(game.move_texts())
        .enumerate()
        .map(|(i, (p, mv))| ScoreMove {
            mv,
            clock_ms: p.clock_after.map(|ms| ms.max(0) as u64),
            draw_offered: p.draw_offer,
            touch: touch_mark(game.touch_move_breaches(), i),
        })
        .collect();
    let fen = h.start.as_deref();
    let r = match style {
        "braille" => scoresheet_braille(fen, &moves, &header),
        "brf" => scoresheet_brf_paged(fen, &moves, &header, page),
        key => {
            let st = arbiter_notation::Style::from_key(key)
                .ok_or_else(|| format!("unknown scoresheet style {key:?}"))?;
            scoresheet_text(fen, &moves, &header, st)
        }
    };
    r.map_err(|e| e.to_string())
}

/// The two boards of a blind player's game (Appendix D; 2005 Supplement),
/// for the text report: who plays under the rules, each announcement
/// (a correction and a move other than the board's marked), and each
/// retrace with the clocks the arbiter set.
fn appendix_d_lines(r: &Report) -> String {
    let mut out = String::new();
    if !r.visually_disabled.is_empty() {
        let sides: Vec<String> = r.visually_disabled.iter().map(|s| s.to_string()).collect();
        out.push_str(&format!("Rules for blind players: {}\n", sides.join(", ")));
    }
    for a in &r.announcements {
        let mut marks = Vec::new();
        if a.correction {
            marks.push("a correction");
        }
        if a.differs {
            marks.push("not the move on the board");
        }
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!(" ({})", marks.join(", "))
        };
        out.push_str(&format!(
            "Announced at {}: {} {}{marks}\n",
            mmss(a.at as i64),
            a.side,
            a.mv
        ));
    }
    for t in &r.retraces {
        let clocks = match (t.white_ms, t.black_ms) {
            (Some(w), Some(b)) => format!("; clocks set to White {}, Black {}", mmss(w), mmss(b)),
            _ => String::new(),
        };
        out.push_str(&format!(
            "Retraced at {} to half-move {}, cancelling {}{clocks}\n",
            mmss(t.at as i64),
            t.ply,
            if t.cancelled.is_empty() {
                "nothing".to_string()
            } else {
                t.cancelled.join(" ")
            }
        ));
    }
    out
}
