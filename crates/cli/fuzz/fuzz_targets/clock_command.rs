//! Any line as a command to `arbiter clock`: nothing may panic, an
//! adjustment stays within a day, and a refusal stays a short message
//! whatever the length of the line.
#![no_main]
use arbiter_cli::clock_command::{Command, MAX_ADJUST_SECONDS, parse_command, split_at_prefix};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let text = match split_at_prefix(line) {
        Ok((_, rest)) => rest,
        Err(e) => {
            assert!(e.chars().count() < 200, "{e}");
            line
        }
    };
    match parse_command(text) {
        Ok(Command::Adjust(_, ms)) => assert!(ms.unsigned_abs() <= MAX_ADJUST_SECONDS * 1000),
        Ok(_) => {}
        Err(e) => assert!(e.to_string().chars().count() < 200, "{e}"),
    }
});
