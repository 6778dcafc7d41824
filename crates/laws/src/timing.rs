//! The game's clock, as the Laws see it (Art. 6).
//!
//! A thin adapter between the game fold and the pure [`arbiter_clock::Clock`].
//! Without a time control every query answers "no clock", and the Laws that
//! need one (flags, quickplay finish, time penalties) do not move any time.

use crate::header_error::{BadTimeControl, HeaderError};
use crate::log::Header;
use arbiter_clock::{Clock, ClockError, ClockSettings, FlagObservation, PressKind, TimeControl};
use arbiter_rules::{Edition, Provisions, Regime, Rejection, Side};
use serde::Serialize;

/// Per-side clock state in the replay report.
#[derive(Clone, Debug, Serialize)]
pub struct ClockReport {
    /// White's remaining time in ms.
    pub white_ms: i64,
    /// Black's remaining time in ms.
    pub black_ms: i64,
    /// The current period of each side (1-based).
    pub period: PerSide<usize>,
    /// The instant a flag fell, if one did.
    pub flag_at: Option<u64>,
}

/// One value for each side, serialised as `{"white": …, "black": …}`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PerSide<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

/// The clock of one game, or none.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    clock: Option<Clock>,
    control: Option<TimeControl>,
    /// When the game ended: the clocks are read at this instant from then on.
    stopped_at: Option<u64>,
}

impl Timing {
    /// A game without a clock.
    pub fn none() -> Self {
        Timing::default()
    }

    /// The clock a log header describes; the Laws in force pick the
    /// flag-observation mode (CFG-8).
    pub fn from_header(h: &Header, laws: &Provisions) -> Result<Self, HeaderError> {
        let Some(text) = &h.time_control else {
            return Ok(Timing::none());
        };
        let control = Self::parse_control(text)?;
        if !control.is_timed() {
            return Ok(Timing::none());
        }
        let mut settings = ClockSettings::new(h.edition);
        settings.observation = FlagObservation::of(laws);
        settings.default_time_ms = h.default_time.map(|d| d.max(0) as u64);
        settings.guidelines_iii = h.quickplay_finish.unwrap_or(false);
        if let Some(other) = &h.unknown_increment_timing {
            return Err(HeaderError::UnknownIncrementTiming(other.clone()));
        }
        settings.increment_timing = h.increment_timing.unwrap_or_default();
        let clock = Clock::new(&control, settings).map_err(|error| HeaderError::Clock {
            text: text.clone(),
            error,
        })?;
        Ok(Timing {
            clock: Some(clock),
            control: Some(control),
            stopped_at: None,
        })
    }

    /// Reads a `TimeControl` text, with the column of any error.
    pub fn parse_control(text: &str) -> Result<TimeControl, BadTimeControl> {
        text.parse::<TimeControl>().map_err(|error| BadTimeControl {
            text: text.to_string(),
            error,
        })
    }

    /// The regime a time control gives in an edition (L-6.3g).
    pub fn classify(control: &TimeControl, edition: Edition) -> Option<Regime> {
        control.classify(edition)
    }

    /// The increment of the first period (for reading `[%clk]` records).
    pub fn first_increment(control: &TimeControl) -> i64 {
        control
            .periods()
            .first()
            .map(|p| p.increment_ms as i64)
            .unwrap_or(0)
    }

    /// The regime this header's time control gives.
    pub fn regime_of(h: &Header) -> Option<Regime> {
        let tc = Self::parse_control(h.time_control.as_deref()?).ok()?;
        tc.classify(h.edition)
    }

    /// Whether the game is played with a clock (a timed time control).
    pub fn has_clock(&self) -> bool {
        self.clock.is_some()
    }

    /// Any per-move time (increment or delay): G-III.2 excludes those games.
    pub fn has_increment(&self) -> bool {
        self.control
            .as_ref()
            .is_some_and(|c| c.periods().iter().any(|p| p.has_per_move_time()))
    }

    fn read_at(&self, at: u64) -> u64 {
        self.stopped_at.map_or(at, |s| s.min(at))
    }

    /// `side`'s remaining time in milliseconds at `at` (milliseconds since
    /// White's clock was started), zero or less once the flag has fallen; read
    /// at the end of the game if `at` is later; `None` without a clock.
    pub fn remaining(&self, side: Side, at: u64) -> Option<i64> {
        let c = self.clock.as_ref()?;
        Some(c.remaining(side, self.read_at(at).max(c.last_at())))
    }

    /// When `side`'s flag fell, if it has fallen by `at`. A flag falls at the
    /// millisecond the time reaches zero (L-6.1, 6.8): the same instant the
    /// clock records ([`Clock::fell_by`]), so a `flag` event at that
    /// millisecond, and a press made then, find it fallen.
    pub fn flag_fell_at(&self, side: Side, at: u64) -> Option<u64> {
        if self.stopped_at.is_some() {
            return None;
        }
        self.clock.as_ref()?.fell_by(side, at)
    }

    /// The first flag that fell at or before `at`, with its exact instant.
    pub fn first_flag_before(&self, at: u64) -> Option<(Side, u64)> {
        Side::BOTH
            .iter()
            .filter_map(|&s| self.flag_fell_at(s, at).map(|t| (s, t)))
            .min_by_key(|(_, t)| *t)
    }

    /// Whether `side` is in the last ("all remaining moves") period (6.12b, G-III.3).
    pub fn in_last_period(&self, side: Side) -> bool {
        match (&self.clock, &self.control) {
            (Some(c), Some(tc)) => {
                let last = tc.periods().len().saturating_sub(1);
                c.period_index(side) >= last
                    && tc.periods().last().is_some_and(|p| p.moves.is_none())
            }
            _ => true,
        }
    }

    /// Whether the clock would accept a press by `side` now.
    pub fn check_press(&self, side: Side) -> Result<(), Rejection> {
        match &self.clock {
            None => Ok(()),
            Some(c) if c.is_paused() => Err(Rejection::ClocksPaused),
            Some(c) if c.on_move() != side => Err(Rejection::ClockNotRunning { side }),
            Some(_) => Ok(()),
        }
    }

    fn press(&mut self, side: Side, at: u64, kind: PressKind) -> Result<(), Rejection> {
        match &mut self.clock {
            None => Ok(()),
            Some(c) => c.press(side, at, kind).map(|_| ()).map_err(refusal),
        }
    }

    /// A legal move is completed (L-6.2a).
    pub fn press_move(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        self.press(side, at, PressKind::Move)
    }

    /// An illegal move is completed: time charged, nothing credited, the
    /// offender's clock keeps running (catalogue Q6, L-7.5f).
    pub fn press_illegal(&mut self, side: Side, at: u64) -> Result<(), Rejection> {
        self.press(side, at, PressKind::Illegal)
    }

    /// Takes back `side`'s last press and gives him the move again: an
    /// illegal move found after the clocks switched (reduced rapid/blitz,
    /// L-A.5.2). Its credits are removed and it does not count; the time used
    /// stays charged (L-7.1: the arbiter may leave the clocks as they stand).
    pub fn retract(&mut self, side: Side, at: u64) {
        if let Some(c) = &mut self.clock {
            let at = at.max(c.last_at());
            let _ = c.retract_move(side, at);
        }
    }

    /// Adds (or with a negative `ms`, deducts) time (7.5.5, 9.5, 12.9). An
    /// amount beyond the clock's range is refused and changes nothing, so a
    /// caller never reports a change that was not made.
    pub fn add(&mut self, side: Side, ms: i64, at: u64) -> Result<(), Rejection> {
        match &mut self.clock {
            None => Ok(()),
            Some(c) => {
                let at = at.max(c.last_at());
                c.adjust(side, at, ms).map_err(refusal)
            }
        }
    }

    /// The arbiter's readjustment after a retrace (Appendix D.2.9): both
    /// times and move counts set, `on_move`'s clock running
    /// ([`Clock::readjust`]). Without a clock there is nothing to set.
    pub fn readjust(
        &mut self,
        at: u64,
        on_move: Side,
        main: [i64; 2],
        moves: [u32; 2],
    ) -> Result<(), Rejection> {
        match &mut self.clock {
            None => Ok(()),
            Some(c) => {
                let at = at.max(c.last_at());
                c.readjust(at, on_move, main, moves).map_err(refusal)
            }
        }
    }

    /// The game starts with `side` to move (a resumed or composed position,
    /// Guidelines I): his clock runs first.
    pub fn begin_with(&mut self, side: Side) {
        if let Some(c) = &mut self.clock {
            let _ = c.start_with(side);
        }
    }

    /// G-III.4: an increment for both players from now on.
    pub fn set_increment(&mut self, ms: i64, at: u64) -> Result<(), Rejection> {
        match &mut self.clock {
            None => Ok(()),
            Some(c) => {
                let at = at.max(c.last_at());
                c.switch_to_increment(at, ms.max(0) as u64).map_err(refusal)
            }
        }
    }

    /// The game is over: the clocks stop at `at`.
    pub fn stop(&mut self, at: u64) {
        if self.stopped_at.is_none() {
            if let Some(c) = &mut self.clock {
                let _ = c.advance(at.max(c.last_at()));
            }
            self.stopped_at = Some(at);
        }
    }

    /// Pauses the clock at `at` (L-6.11). Rejected without a clock, or when
    /// the clock refuses (e.g. it is already paused).
    pub fn pause(&mut self, at: u64) -> Result<(), Rejection> {
        match &mut self.clock {
            None => Err(Rejection::NoClockToPause),
            Some(c) => c.pause(at).map_err(refusal),
        }
    }

    /// Restarts the paused clock at `at` (L-6.11). Rejected without a clock,
    /// or when the clock refuses (e.g. it is not paused).
    pub fn resume(&mut self, at: u64) -> Result<(), Rejection> {
        match &mut self.clock {
            None => Err(Rejection::NoClockToResume),
            Some(c) => c.resume(at).map_err(refusal),
        }
    }

    /// The clock part of the replay report, read at `at`.
    pub fn report(&self, at: u64) -> Option<ClockReport> {
        let c = self.clock.as_ref()?;
        let at = self.read_at(at).max(c.last_at());
        let flag_at = Side::BOTH
            .iter()
            .filter_map(|&s| c.fell_at(s).or(c.flag_at(s).filter(|t| *t <= at)))
            .min();
        Some(ClockReport {
            white_ms: c.remaining(Side::White, at),
            black_ms: c.remaining(Side::Black, at),
            period: PerSide {
                white: c.period(Side::White) as usize,
                black: c.period(Side::Black) as usize,
            },
            flag_at,
        })
    }

    /// The pure clock, for callers that need more than the Laws do.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }
}

/// The clock's refusal as the Laws report it: the clock's error is the
/// vocabulary's [`arbiter_rules::ClockRefusal`], so it is passed on as it is.
pub fn refusal(e: ClockError) -> Rejection {
    Rejection::Clock(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_clock::IncrementTiming;

    /// The increment timing is typed, writes the keys the log format names
    /// and reads them back; any other text still reads as a header, and the
    /// clock refuses it when the game is set up.
    #[test]
    fn increment_timing_is_typed_and_an_unknown_one_is_refused_by_the_clock() {
        for (key, timing) in [
            ("at_press", IncrementTiming::AtPress),
            ("before_move", IncrementTiming::BeforeMove),
        ] {
            let line = format!(
                "{{\"format\":\"arbiter-log\",\"version\":1,\"time_control\":\"300+3\",\"increment_timing\":\"{key}\"}}"
            );
            let h = crate::log::parse_header(&line).unwrap();
            assert_eq!(h.increment_timing, Some(timing));
            let written = serde_json::to_string(&h).unwrap();
            assert!(written.contains(&format!("\"increment_timing\":\"{key}\"")));
            let t = Timing::from_header(&h, &Provisions::default()).unwrap();
            // The DGT convention credits the first move's increment in advance.
            let start = match key {
                "before_move" => 303_000,
                _ => 300_000,
            };
            assert_eq!(t.remaining(Side::White, 0), Some(start), "{key}");
        }
        let none = crate::log::parse_header(r#"{"format":"arbiter-log","version":1}"#).unwrap();
        assert_eq!(none.increment_timing, None);
        assert!(!serde_json::to_string(&none).unwrap().contains("increment"));
        let line = "{\"format\":\"arbiter-log\",\"version\":1,\"time_control\":\"300+3\",\"increment_timing\":\"dgt\"}";
        let h = crate::log::parse_header(line).unwrap();
        let e = Timing::from_header(&h, &Provisions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown increment_timing \"dgt\" (at_press or before_move)"
        );
    }
}
