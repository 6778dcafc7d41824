//! `arbiter serve`: the hall over HTTP and WebSocket (crates/server).

use clap::Args as ClapArgs;
use std::net::SocketAddr;
use std::process::ExitCode;

use crate::out;

/// Arguments of `arbiter serve`.
#[derive(ClapArgs)]
pub struct Args {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// `sqlite://PATH` or `postgres://…`; default: SQLite at
    /// `$XDG_DATA_HOME/arbiter/arbiter.sqlite`, created on the first run.
    #[arg(long)]
    pub database: Option<String>,
    /// PostgreSQL: this instance's name among those sharing the database
    /// (default: derived from --addr and --database, so a restart with the
    /// same flags is the same instance and takes its games back at once).
    #[arg(long)]
    pub instance_id: Option<String>,
    /// Seconds a game nobody started waits before it is abandoned (ended
    /// `-/-` by the arbiter, with a reason); 0: never; at most 86400.
    #[arg(long, default_value_t = 600)]
    pub abandon_after: u64,
}

pub fn run(a: Args) -> ExitCode {
    arbiter_server::init_tracing();
    let Some(url) = a.database.or_else(arbiter_store::default_database_url) else {
        out::error(
            "serve",
            "no --database given and no XDG_DATA_HOME or HOME to put one in",
        );
        return ExitCode::FAILURE;
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            out::error("serve", e);
            return ExitCode::FAILURE;
        }
    };
    let options = arbiter_server::ServeOptions {
        instance_id: a.instance_id,
        abandon_after: std::time::Duration::from_secs(a.abandon_after),
    };
    match runtime.block_on(arbiter_server::serve_with(a.addr, &url, &options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            out::error("serve", e);
            ExitCode::FAILURE
        }
    }
}
