//! The time control (L-6.3a): what the clock is set to before the game.
//!
//! A time control is an ordered list of [`Period`]s (or a sandclock, or "unknown",
//! or "no clock"). It is written in the PGN `TimeControl` tag syntax (PGN standard
//! §9.6.1) with a small extension for delay modes; `docs/time-control.md` is the
//! reference for the syntax.

use arbiter_rules::{Edition, Provisions, Regime};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The largest time value accepted anywhere in a time control, in ms
/// (10^12 ms is about 31.7 years). Far beyond any real control, but small enough
/// that sums of many of them cannot overflow the clock's `i64` arithmetic.
pub const MAX_TIME_MS: u64 = 1_000_000_000_000;
/// The largest move count accepted for a period.
pub const MAX_MOVES: u32 = 10_000;
/// The largest number of periods accepted.
pub const MAX_PERIODS: usize = 64;

/// One period of a time control (L-6.3a; 2017 6.3.1, 2005 6.2a).
///
/// All times are in milliseconds, because the clock is exact to the millisecond
/// and the PGN syntax allows fractional seconds in this project's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Period {
    /// Moves to complete in this period; `None` = all the remaining moves
    /// ("sudden death", the period of a quickplay finish, G-III.1).
    pub moves: Option<u32>,
    /// The time added to the player's clock when the period begins. Saved time
    /// of the previous period carries over (L-6.3b).
    pub time_ms: u64,
    /// Fischer (cumulative) increment per move, from move 1 (L-6.3c).
    pub increment_ms: u64,
    /// US / simple delay per move (L-6.3d, 2017 6.3.2, 2005 6.2b): the main time
    /// only starts to run down after this much time of the move has passed;
    /// unused delay is lost.
    pub delay_ms: u64,
    /// Bronstein delay per move: the main time runs at once, and at the press the
    /// time used for the move is given back, up to this amount.
    pub bronstein_ms: u64,
}

impl Period {
    /// A sudden-death period with a Fischer increment, e.g. `300+3`.
    pub fn fischer(time_ms: u64, increment_ms: u64) -> Period {
        Period {
            time_ms,
            increment_ms,
            ..Period::default()
        }
    }
    /// True when any per-move addition (increment, delay or Bronstein) is set.
    pub fn has_per_move_time(&self) -> bool {
        self.increment_ms > 0 || self.delay_ms > 0 || self.bronstein_ms > 0
    }
}

/// A time control, as given in a log header or a PGN `TimeControl` tag.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// One or more periods (never empty when produced by the parser; the clock
    /// rejects an empty list with an error). When the last period has a move
    /// count, it repeats (the classic "then 20 moves per hour"), see
    /// `docs/time-control.md`.
    Periods(Vec<Period>),
    /// PGN `*N`: a sandclock (hourglass) of N seconds per side: while one side's
    /// time runs down, the other side's time runs up by the same amount.
    Sandclock(u64),
    /// PGN `?`: the time control is not known.
    Unknown,
    /// PGN `-`: the game is played without a clock.
    Untimed,
}

/// Why a time-control string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Nothing (or only blanks) was given: a time control needs at least one period.
    Empty,
    /// A number was expected here (`what` says which one).
    ExpectedNumber {
        /// The number expected, in words ("the increment in seconds after '+'").
        what: &'static str,
    },
    /// A character that has no place here.
    Unexpected(char),
    /// A `-` sign: times and move counts cannot be negative.
    Negative,
    /// A value above the limits ([`MAX_TIME_MS`], [`MAX_MOVES`], [`MAX_PERIODS`]).
    TooLarge,
    /// A move count of 0 (`0/300`): a period must require at least one move.
    ZeroMoves,
    /// More than three decimals: the clock counts milliseconds.
    TooPrecise,
    /// The same suffix twice in one period (`300+2+3`, `300d2d3`).
    Repeated(char),
    /// Nothing may follow `?`, `-` or a sandclock.
    Trailing,
}

/// A malformed time control, pointing at the character (1-based column, counted
/// in characters) where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based column, in characters, of the first character in error.
    pub column: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "time control, column {}: ", self.column)?;
        match &self.kind {
            ParseErrorKind::Empty => {
                f.write_str("empty; expected at least one period such as 300+3")
            }
            ParseErrorKind::ExpectedNumber { what } => write!(f, "expected {what}"),
            ParseErrorKind::Unexpected(c) => write!(f, "unexpected character {c:?}"),
            ParseErrorKind::Negative => f.write_str("negative values are not allowed"),
            ParseErrorKind::TooLarge => write!(
                f,
                "value too large (at most {} s per time, {} moves per period, {} periods)",
                MAX_TIME_MS / 1000,
                MAX_MOVES,
                MAX_PERIODS
            ),
            ParseErrorKind::ZeroMoves => f.write_str("a period must require at least one move"),
            ParseErrorKind::TooPrecise => f.write_str("at most three decimals (milliseconds)"),
            ParseErrorKind::Repeated(c) => write!(f, "{c:?} given twice in one period"),
            ParseErrorKind::Trailing => f.write_str("nothing may follow here"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A cursor over the characters of the input, with 1-based columns.
struct Cursor<'a> {
    chars: Vec<(usize, char)>,
    pos: usize,
    _src: &'a str,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }
    fn column(&self) -> usize {
        self.chars
            .get(self.pos)
            .map(|&(col, _)| col)
            .unwrap_or_else(|| self.chars.last().map(|&(col, _)| col + 1).unwrap_or(1))
    }
    fn err(&self, kind: ParseErrorKind) -> ParseError {
        ParseError {
            column: self.column(),
            kind,
        }
    }
    /// The error for "a number was expected here", refined when the input has a
    /// minus sign or another character there.
    fn expected(&self, what: &'static str) -> ParseError {
        match self.peek() {
            Some('-') => self.err(ParseErrorKind::Negative),
            _ => self.err(ParseErrorKind::ExpectedNumber { what }),
        }
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    /// An unsigned integer; `None` if no digit is here.
    fn integer(&mut self, limit: u64) -> Result<Option<u64>, ParseError> {
        let start = self.column();
        let mut value: u64 = 0;
        let mut any = false;
        while let Some(c) = self.peek() {
            let Some(d) = c.to_digit(10) else { break };
            any = true;
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(d as u64))
                .filter(|&v| v <= limit)
                .ok_or(ParseError {
                    column: start,
                    kind: ParseErrorKind::TooLarge,
                })?;
            self.pos += 1;
        }
        Ok(any.then_some(value))
    }
    /// Seconds with up to three decimals, returned in ms.
    fn seconds(&mut self, what: &'static str) -> Result<u64, ParseError> {
        let start = self.column();
        let whole = self
            .integer(MAX_TIME_MS / 1000)?
            .ok_or_else(|| self.expected(what))?;
        let mut ms = whole * 1000;
        if self.eat('.') {
            let mut frac = 0u64;
            let mut digits = 0;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                if digits == 3 {
                    return Err(self.err(ParseErrorKind::TooPrecise));
                }
                frac = frac * 10 + d as u64;
                digits += 1;
                self.pos += 1;
            }
            if digits == 0 {
                return Err(self.expected("a digit after the decimal point"));
            }
            ms += frac * 10u64.pow(3 - digits);
        }
        if ms > MAX_TIME_MS {
            return Err(ParseError {
                column: start,
                kind: ParseErrorKind::TooLarge,
            });
        }
        Ok(ms)
    }
}

fn parse_period(cur: &mut Cursor<'_>) -> Result<Period, ParseError> {
    let mut period = Period::default();
    // `moves/seconds` or `seconds`: read the first number, then look for '/'.
    let first_col = cur.column();
    let save = cur.pos;
    let first_int = cur.integer(u64::MAX / 2).ok().flatten();
    if first_int.is_some() && cur.peek() == Some('/') {
        let n = first_int.unwrap_or(0);
        if n == 0 {
            return Err(ParseError {
                column: first_col,
                kind: ParseErrorKind::ZeroMoves,
            });
        }
        if n > MAX_MOVES as u64 {
            return Err(ParseError {
                column: first_col,
                kind: ParseErrorKind::TooLarge,
            });
        }
        period.moves = Some(n as u32);
        cur.eat('/');
        period.time_ms = cur.seconds("the seconds of the period after '/'")?;
    } else {
        cur.pos = save;
        period.time_ms = cur.seconds("the seconds of a period (e.g. 300 or 40/5400)")?;
    }
    let mut seen = Vec::new();
    while let Some(c) = cur.peek() {
        let (slot, what): (&mut u64, &'static str) = match c {
            '+' => (
                &mut period.increment_ms,
                "the increment in seconds after '+'",
            ),
            'd' | 'D' => (&mut period.delay_ms, "the delay in seconds after 'd'"),
            'b' | 'B' => (
                &mut period.bronstein_ms,
                "the Bronstein delay in seconds after 'b'",
            ),
            _ => break,
        };
        let key = c.to_ascii_lowercase();
        if seen.contains(&key) {
            return Err(cur.err(ParseErrorKind::Repeated(c)));
        }
        seen.push(key);
        cur.pos += 1;
        *slot = cur.seconds(what)?;
    }
    Ok(period)
}

impl FromStr for TimeControl {
    type Err = ParseError;

    /// Parse the PGN `TimeControl` syntax plus the delay extension:
    /// `?`, `-`, `*180`, `300`, `300+3`, `40/5400+30:1800+30`, `7200d5`, `300b3`,
    /// fractional seconds up to ms (`60+0.5`). Leading and trailing blanks are
    /// ignored; columns still count from the first character of the input.
    fn from_str(s: &str) -> Result<TimeControl, ParseError> {
        let chars: Vec<(usize, char)> = s.chars().enumerate().map(|(i, c)| (i + 1, c)).collect();
        let first = chars.iter().position(|&(_, c)| !c.is_whitespace());
        let Some(first) = first else {
            return Err(ParseError {
                column: 1,
                kind: ParseErrorKind::Empty,
            });
        };
        let last = chars
            .iter()
            .rposition(|&(_, c)| !c.is_whitespace())
            .unwrap_or(first);
        let chars = chars[first..=last].to_vec();
        let mut cur = Cursor {
            chars,
            pos: 0,
            _src: s,
        };
        let end = |cur: &Cursor<'_>, tc: TimeControl| {
            if cur.peek().is_some() {
                Err(cur.err(ParseErrorKind::Trailing))
            } else {
                Ok(tc)
            }
        };
        if cur.eat('?') {
            return end(&cur, TimeControl::Unknown);
        }
        if cur.peek() == Some('-') && cur.chars.len() == 1 {
            cur.pos += 1;
            return Ok(TimeControl::Untimed);
        }
        if cur.eat('*') {
            let ms = cur.seconds("the seconds of the sandclock after '*'")?;
            return end(&cur, TimeControl::Sandclock(ms));
        }
        let mut periods = Vec::new();
        loop {
            if periods.len() == MAX_PERIODS {
                return Err(cur.err(ParseErrorKind::TooLarge));
            }
            periods.push(parse_period(&mut cur)?);
            match cur.peek() {
                None => break,
                Some(':') => {
                    cur.pos += 1;
                    if cur.peek().is_none() {
                        return Err(cur.expected("another period after ':'"));
                    }
                }
                Some('-') => return Err(cur.err(ParseErrorKind::Negative)),
                Some(c) => return Err(cur.err(ParseErrorKind::Unexpected(c))),
            }
        }
        Ok(TimeControl::Periods(periods))
    }
}

/// Seconds as the PGN syntax writes them: `30`, `0.5`, `1.25`.
fn secs(ms: u64) -> String {
    let (s, frac) = (ms / 1000, ms % 1000);
    if frac == 0 {
        s.to_string()
    } else {
        let f = format!("{frac:03}");
        format!("{s}.{}", f.trim_end_matches('0'))
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.moves {
            write!(f, "{n}/")?;
        }
        f.write_str(&secs(self.time_ms))?;
        if self.increment_ms > 0 {
            write!(f, "+{}", secs(self.increment_ms))?;
        }
        if self.delay_ms > 0 {
            write!(f, "d{}", secs(self.delay_ms))?;
        }
        if self.bronstein_ms > 0 {
            write!(f, "b{}", secs(self.bronstein_ms))?;
        }
        Ok(())
    }
}

impl fmt::Display for TimeControl {
    /// The canonical PGN form; `parse(print(tc)) == tc`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Untimed => f.write_str("-"),
            TimeControl::Sandclock(ms) => write!(f, "*{}", secs(*ms)),
            TimeControl::Periods(ps) => {
                for (i, p) in ps.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
        }
    }
}

impl Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl TimeControl {
    /// The periods, or an empty slice for a sandclock, `?` and `-`.
    pub fn periods(&self) -> &[Period] {
        match self {
            TimeControl::Periods(p) => p,
            _ => &[],
        }
    }

    /// True when the control has a clock at all (`?` and `-` have none).
    pub fn is_timed(&self) -> bool {
        match self {
            TimeControl::Periods(p) => !p.is_empty(),
            TimeControl::Sandclock(_) => true,
            _ => false,
        }
    }

    /// The period in force for a player's `move_no`-th move (1-based), as an index
    /// into [`TimeControl::periods`]; a last period with a move count repeats.
    pub fn period_index_for_move(&self, move_no: u32) -> Option<usize> {
        let ps = self.periods();
        let mut done = 0u64;
        for (i, p) in ps.iter().enumerate() {
            match p.moves {
                None => return Some(i),
                Some(n) => {
                    if (move_no as u64) <= done + n as u64 || i + 1 == ps.len() {
                        return Some(i);
                    }
                    done += n as u64;
                }
            }
        }
        None
    }

    /// The most time a player can spend on a 60-move game, in ms: every period
    /// begun within the first 60 moves, plus the per-move additions (increment,
    /// delay or Bronstein) of each of those 60 moves.
    ///
    /// For one period this is exactly the "allotted time + 60 × increment" of
    /// 2017 A.1/B.1 (the Laws 2017). For several periods it is the project's rule for
    /// catalogue Q4 (§7.1: take the recommended resolution). Delay counts like an
    /// increment, because it is time the player may spend on each move.
    pub fn sixty_move_budget_ms(&self) -> Option<u64> {
        match self {
            TimeControl::Sandclock(ms) => Some(*ms),
            TimeControl::Periods(ps) if !ps.is_empty() => {
                let mut total = ps[0].time_ms;
                for m in 1..=60u32 {
                    let i = self.period_index_for_move(m)?;
                    // A period is "begun" when the first move made under it is; a
                    // repeating last period is begun again every n moves.
                    let starts_new = if m == 1 {
                        false
                    } else {
                        let prev = self.period_index_for_move(m - 1)?;
                        prev != i
                            || (i + 1 == ps.len()
                                && ps[i].moves.is_some_and(|n| is_repeat_start(ps, m, n)))
                    };
                    if starts_new {
                        total = total.saturating_add(ps[i].time_ms);
                    }
                    let p = &ps[i];
                    total = total
                        .saturating_add(p.increment_ms)
                        .saturating_add(p.delay_ms)
                        .saturating_add(p.bronstein_ms);
                }
                Some(total)
            }
            _ => None,
        }
    }

    /// Standard, rapid or blitz for this control in `edition` (L-6.3g, CFG-2),
    /// from [`TimeControl::sixty_move_budget_ms`]:
    ///
    /// * 2017, 2018, 2023 (the Laws 2017, A.1/B.1): blitz if ≤ 10 min, rapid if more
    ///   than 10 and less than 60 min, otherwise standard.
    /// * 2005: blitz if under 15 min, rapid from 15 to under 60 min, otherwise
    ///   standard. The Laws 2005 have no rapid/blitz appendix; the limits are the
    ///   catalogue's (L-6.3g, OLD-2005), the 60-move formula included.
    ///
    /// `None` for `?` and `-`: without a clock the regulations decide.
    pub fn classify(&self, edition: Edition) -> Option<Regime> {
        let t = self.sixty_move_budget_ms()?;
        Some(Provisions::regime_for_budget(edition, t))
    }
}

/// For a repeating last period of `n` moves: does move `m` open a new repetition?
fn is_repeat_start(ps: &[Period], m: u32, n: u32) -> bool {
    let before: u64 = ps[..ps.len() - 1]
        .iter()
        .map(|p| p.moves.unwrap_or(0) as u64)
        .sum();
    let m = m as u64;
    m > before + 1 && (m - before - 1).is_multiple_of(n as u64)
}
