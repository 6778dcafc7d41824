//! Output and messages shared by the subcommands.
//!
//! Rust ignores SIGPIPE, so a plain `println!` panics when the reader of a
//! pipe goes away (`arbiter … | head`). Every subcommand writes through
//! these helpers instead: a closed pipe ends the command quietly (nobody is
//! left to read a message), any other write error (a full disk, a file-size
//! limit) is reported with the stream's name and exits 1.

use std::fmt::Display;
use std::io::{self, Write};
use std::process::ExitCode;

/// Messages quote user input; beyond this many characters it is cut, so a
/// 100 MB move string cannot flood a terminal or a log.
pub const MESSAGE_CHARS: usize = 300;

/// Prints `arbiter CMD: MSG` on stderr, cut to [`MESSAGE_CHARS`].
pub fn error(cmd: &str, msg: impl Display) {
    let _ = writeln!(
        io::stderr(),
        "arbiter {cmd}: {}",
        arbiter_laws::log::cut(&msg.to_string(), MESSAGE_CHARS)
    );
}

/// Writes a note to stderr as it is; a stderr that fails is ignored (there
/// is nowhere left to say so), where `eprint!` would panic.
pub fn note(text: impl Display) {
    let _ = write!(io::stderr(), "{text}");
}

/// Reports a bad input (exit 2).
pub fn bad_input(cmd: &str, msg: impl Display) -> ExitCode {
    error(cmd, msg);
    ExitCode::from(2)
}

/// Whether the error is the reader of a pipe going away.
pub fn is_closed_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// The exit for a write error on `stream`: quiet when the pipe was closed
/// (with `closed`, the code of what was done so far), else reported, 1.
pub fn write_failed(cmd: &str, stream: &str, e: &io::Error, closed: ExitCode) -> ExitCode {
    if is_closed_pipe(e) {
        return closed;
    }
    error(cmd, format!("cannot write to {stream}: {e}"));
    ExitCode::from(1)
}

/// Writes `text` to stdout and flushes; maps a failure to the exit code.
pub fn print(cmd: &str, text: &str) -> Result<(), ExitCode> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| write_failed(cmd, "standard output", &e, ExitCode::SUCCESS))
}

/// A text for a terminal, PGN or a scoresheet: control characters (a
/// newline could forge a PGN tag or a second game) become spaces.
pub fn printable(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
