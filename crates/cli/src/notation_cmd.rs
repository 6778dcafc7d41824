//! Placeholder: this subcommand is being built (see the open issues).
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

pub fn run(_a: Args) -> ExitCode {
    eprintln!("arbiter: this subcommand is not built yet");
    ExitCode::from(1)
}
