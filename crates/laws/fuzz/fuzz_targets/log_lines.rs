//! Any bytes through the line-bounded log reader, with a small bound so that
//! over-long lines, invalid UTF-8, a BOM and blank lines are all reached.
//! Nothing may panic, and every line number given must exist.
#![no_main]
use arbiter_laws::log::{LineReader, read_log};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let lines = data.split(|&b| b == b'\n').count();
    let max = 1 + data.first().copied().unwrap_or(0) as usize;
    match read_log(data, max) {
        Ok(log) => {
            for (n, _) in &log.lines {
                assert!(*n >= 2 && *n <= lines);
            }
        }
        Err(e) => assert!(e.line >= 1 && e.line <= lines.max(1)),
    }
    let mut r = LineReader::new(data, max);
    while let Some(l) = r.next_line() {
        match l {
            Ok((_, bytes)) => assert!(bytes.len() <= max),
            Err(_) => break,
        }
    }
});
