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
    /// Games one client address may create a minute (the burst is
    /// --create-burst).
    #[arg(long, default_value_t = 10.0)]
    pub create_per_min: f64,
    /// Games one client address may create at once after being idle.
    #[arg(long, default_value_t = 20.0)]
    pub create_burst: f64,
    /// Requests a minute one client address may make with tokens no game has.
    #[arg(long, default_value_t = 30.0)]
    pub bad_tokens_per_min: f64,
    /// Live games with an engine seat one client address may create.
    #[arg(long, default_value_t = 2)]
    pub engines_per_client: usize,
    /// Live games with an engine seat on this instance.
    #[arg(long, default_value_t = 8)]
    pub engines_total: usize,
    /// The longest time per move an engine is given, in ms (longer asks
    /// are cut to it).
    #[arg(long, default_value_t = 10_000)]
    pub engine_movetime_max_ms: u64,
    /// Seconds a client may take to send a request's headers; an idle
    /// keep-alive connection is closed after as long.
    #[arg(long, default_value_t = 10)]
    pub header_timeout_s: u64,
    /// Open connections per client address.
    #[arg(long, default_value_t = 64)]
    pub conns_per_client: usize,
    /// Open connections in all (keep it under `ulimit -n`).
    #[arg(long, default_value_t = 8_192)]
    pub conns_total: usize,
    /// Open WebSockets per client address.
    #[arg(long, default_value_t = 32)]
    pub sockets_per_client: usize,
    /// The client's address is the last one of `X-Forwarded-For` (set it
    /// only behind a reverse proxy that appends it).
    #[arg(long)]
    pub trust_proxy: bool,
    /// An origin besides the hall's own whose pages may open WebSockets
    /// (e.g. `https://club.example`); repeatable.
    #[arg(long)]
    pub allowed_origin: Vec<String>,
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

impl Args {
    /// The hall's limits from the flags.
    fn limits(&self) -> arbiter_server::Limits {
        arbiter_server::Limits {
            create_per_min: self.create_per_min,
            create_burst: self.create_burst,
            bad_tokens_per_min: self.bad_tokens_per_min,
            engines_per_client: self.engines_per_client,
            engines_total: self.engines_total,
            engine_movetime_max_ms: self.engine_movetime_max_ms.max(1),
            header_timeout: std::time::Duration::from_secs(self.header_timeout_s.max(1)),
            conns_per_client: self.conns_per_client,
            conns_total: self.conns_total,
            sockets_per_client: self.sockets_per_client,
            trust_proxy: self.trust_proxy,
            allowed_origins: self.allowed_origin.clone(),
        }
    }
}

pub fn run(a: Args) -> ExitCode {
    arbiter_server::init_tracing();
    let limits = a.limits();
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
        instance_id: a.instance_id.clone(),
        abandon_after: std::time::Duration::from_secs(a.abandon_after),
    };
    let serving = arbiter_server::serve_guarded(a.addr, &url, &options, limits);
    match runtime.block_on(serving) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            out::error("serve", e);
            ExitCode::FAILURE
        }
    }
}
