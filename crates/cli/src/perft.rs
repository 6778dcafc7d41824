//! `arbiter perft FEN DEPTH` — the usual perft check, through shakmaty; and
//! `arbiter perft --variant tavreli [--moves "…"] DEPTH` through the Tavreli engine.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// `FEN DEPTH` for chess (FEN may be `startpos`), or `DEPTH` for Tavreli.
    #[arg(required = true, num_args = 1..=2)]
    pub args: Vec<String>,
    /// `chess` (default) or `tavreli`.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Tavreli: moves to play from the initial position first (federation notation).
    #[arg(long)]
    pub moves: Option<String>,
}

pub fn run(a: Args) -> ExitCode {
    let depth_text = a.args.last().expect("clap requires one argument");
    let Ok(depth) = depth_text.parse::<u32>() else {
        eprintln!("arbiter perft: depth {depth_text:?} is not a whole number");
        return ExitCode::from(2);
    };
    match a.variant.as_str() {
        "tavreli" => crate::tavreli_cmd::perft(a.moves.as_deref(), depth),
        "chess" => {
            if a.args.len() != 2 {
                eprintln!("arbiter perft: chess needs FEN and DEPTH");
                return ExitCode::from(2);
            }
            let fen_text = &a.args[0];
            let pos = if fen_text == "startpos" {
                Ok(Chess::default())
            } else {
                fen_text
                    .parse::<Fen>()
                    .map_err(|e| e.to_string())
                    .and_then(|f| {
                        f.into_position::<Chess>(CastlingMode::Standard)
                            .map_err(|e| e.to_string())
                    })
            };
            match pos {
                Ok(p) => {
                    println!("{}", shakmaty::perft(&p, depth));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("arbiter perft: bad FEN {fen_text:?}: {e}");
                    ExitCode::from(2)
                }
            }
        }
        other => {
            eprintln!("arbiter perft: unknown variant {other:?} (chess or tavreli)");
            ExitCode::from(2)
        }
    }
}
