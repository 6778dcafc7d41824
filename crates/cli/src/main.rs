//! `arbiter`: the electronic arbiter on the command line.
//!
//! Each subcommand lives in its own module, which owns its arguments; this
//! file only dispatches. Exit codes: 0 success, 1 failure, 2 bad input
//! (an illegal or ambiguous move, a malformed file or argument). `audit`
//! answers for the games: 0 when every game agrees with the Laws, 1 when
//! one does not or has an error, 2 when the input cannot be read.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod audit;
mod board_input;
mod clock_cmd;
mod clock_talk;
mod live;
mod notation_cmd;
mod out;
mod pair_cmd;
mod perft;
mod play_cmd;
mod replay;
mod say_cmd;
mod serve_cmd;
mod standings_cmd;
mod unwinnable_cmd;
mod variant_arg;
mod voice;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "The FIDE Laws of Chess as software: an electronic arbiter."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay an event log and print the final state of the game.
    Replay(replay::Args),
    /// Check every game of a PGN file against the Laws.
    ///
    /// Exit status: 0 when every game agrees with the Laws, 1 when some game
    /// does not agree or has an error, 2 when the input cannot be read (no
    /// such file, a directory, a line longer than 64 KiB, a read error).
    Audit(audit::Args),
    /// Count the leaf nodes of the legal move tree (perft).
    Perft(perft::Args),
    /// A terminal chess clock for over-the-board games.
    Clock(clock_cmd::Args),
    /// Translate a move between notations (SAN, national letters, spoken, braille…).
    Notation(notation_cmd::Args),
    /// Speak a text or a move through espeak-ng, or write it to a WAV file.
    Say(say_cmd::Args),
    /// Play chess or Tavreli in a line-based terminal game, against an engine or a friend.
    Play(play_cmd::Args),
    /// Which sides can still checkmate (dead position, flag fall).
    Unwinnable(unwinnable_cmd::Args),
    /// Open the hall: live games over HTTP and WebSocket.
    Serve(serve_cmd::Args),
    /// Pair a round of a tournament report file (Dutch Swiss or Berger round robin).
    ///
    /// Exit status: 0 paired, 1 no pairing exists, 2 the file cannot be read.
    Pair(pair_cmd::Args),
    /// The standings of a tournament report file, with FIDE tie-breaks.
    Standings(standings_cmd::Args),
}

fn main() -> ExitCode {
    // clap ignores a failed write of --help; it is output like any other.
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            return match out::print("help", &e.render().to_string()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(code) => code,
            };
        }
        Err(e) => {
            out::note(e.render());
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Replay(a) => replay::run(a),
        Command::Audit(a) => audit::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Clock(a) => clock_cmd::run(a),
        Command::Notation(a) => notation_cmd::run(a),
        Command::Say(a) => say_cmd::run(a),
        Command::Play(a) => play_cmd::run(a),
        Command::Unwinnable(a) => unwinnable_cmd::run(a),
        Command::Serve(a) => serve_cmd::run(a),
        Command::Pair(a) => pair_cmd::run(a),
        Command::Standings(a) => standings_cmd::run(a),
    }
}
