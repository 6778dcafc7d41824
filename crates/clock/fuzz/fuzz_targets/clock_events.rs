//! The clock on arbitrary event sequences: it never panics, refused events
//! leave it unchanged, and every ms stays accounted for.
#![no_main]

use arbiter_clock::{Clock, ClockSettings, IncrementTiming, PressKind, TimeControl};
use arbiter_rules::{Edition, Side};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // First line: a time control; then 12-byte events.
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    let Ok(tc) = text.parse::<TimeControl>() else {
        return;
    };
    let rest = data.get(split + 1..).unwrap_or(&[]);
    let mut settings =
        ClockSettings::new(Edition::ALL[rest.first().copied().unwrap_or(0) as usize % 4]);
    if rest.first().is_some_and(|b| b & 0x80 != 0) {
        settings.increment_timing = IncrementTiming::BeforeMove;
    }
    let Ok(mut clock) = Clock::new(&tc, settings) else {
        return;
    };
    let mut at: u64 = 0;
    for ev in rest.chunks_exact(12) {
        let gap = u64::from_le_bytes(ev[4..12].try_into().unwrap());
        let gap = if ev[1] & 1 == 0 { gap % 100_000 } else { gap };
        let t = at.saturating_add(gap);
        let side = if ev[2] & 1 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let before = clock.clone();
        let r = match ev[0] % 9 {
            0 | 1 => clock.press(side, t, PressKind::Move).map(|_| ()),
            2 => clock.press(side, t, PressKind::Illegal).map(|_| ()),
            3 => clock.pause(t),
            4 => clock.resume(t),
            5 => clock.adjust(
                side,
                t,
                (gap as i64).wrapping_mul(if ev[3] & 1 == 0 { 1 } else { -1 }),
            ),
            6 => clock.switch_to_increment(t, gap),
            7 => clock.arrive(side, t).map(|_| ()),
            _ => clock.retract_move(side, t),
        };
        match r {
            Ok(()) => at = t,
            Err(_) => assert_eq!(clock, before, "a refused event changed the clock"),
        }
        for s in Side::BOTH {
            let _ = clock.remaining(s, at.saturating_add(gap));
            let _ = clock.flag_at(s);
            let _ = clock.recording_exempt(s, at);
            let _ = clock.fell_by(s, at.saturating_add(gap));
            let _ = clock.flag_claim(s, at).upheld();
            assert_eq!(
                clock.ledger(s).balance(),
                clock.remaining(s, clock.last_at())
            );
        }
        let _ = clock.both_flags();
    }
});
