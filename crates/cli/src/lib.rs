//! The parts of the `arbiter` command that are tested apart from a process:
//! the clock's command language, which a fuzz target reads.

pub mod board_stream;
pub mod clock_command;
