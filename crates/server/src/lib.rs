//! `arbiter-server`: the hall. Live games over HTTP and WebSocket on the
//! session layer, each stored as its event log (SQLite by default,
//! PostgreSQL for several instances).
//!
//! One task per live game runs the session driver, the one live loop
//! there is, with its clock and its engine seat ([`actor`]); an action is
//! checked by the Laws, appended and committed, and only then answered;
//! the task then tells the watchers and publishes the state every reader
//! reads ([`hub`]). Watchers of a game run by another instance hear of it
//! from the store's commit notices, through one follower per game. With several instances on one PostgreSQL, a game's
//! lease says which instance runs it; the others forward actions to it
//! ([`proxy`]) and take it over when its lease runs out.

pub mod abandon;
pub mod actor;
pub mod call;
pub mod challenge;
pub mod client;
pub mod error;
pub mod hall;
pub mod heartbeat;
mod http;
pub mod hub;
pub mod lang;
pub mod limit;
mod listen;
mod listing;
pub mod openapi;
pub mod paging;
pub mod proxy;
mod registry;
mod rematch;
pub mod request;
pub mod rtt;
pub mod shield;
mod tournament;
pub mod tournament_api;
mod tournament_entry;
pub mod tournament_state;
mod ws;

pub use hall::{Hall, HallConfig, ServeOptions};
pub use limit::Limits;
pub use shield::Shield;

use arbiter_store::Store;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get, post};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

/// The largest request body (a new game or one event).
pub const BODY_MAX: usize = 16 * 1024;

/// The hall's routes, without count limits (as tests drive it).
pub fn router(hall: Hall) -> Router {
    router_with(hall, Arc::new(Shield::new(Limits::unlimited())))
}

/// The hall's routes behind `shield`: the client's address, JSON bodies
/// only, every `/api` refusal in JSON (the framework's and the page's
/// routes' included), the hardening headers on every answer.
pub fn router_with(hall: Hall, shield: Arc<Shield>) -> Router {
    let front = shield.clone();
    Router::new()
        .route("/api/health", get(http::health))
        .route("/api/openapi.json", get(http::openapi))
        .route("/api/games", get(http::list).post(http::create))
        .route("/api/games/{id}", get(http::show))
        .route("/api/games/{id}/events", post(http::events))
        .route("/api/games/{id}/log", get(http::log))
        .route("/api/games/{id}/pgn", get(http::pgn))
        .route("/api/games/{id}/ws", get(ws::handler))
        .route(
            "/api/games/{id}/rematch",
            get(rematch::show).post(rematch::post),
        )
        .route(
            "/api/challenges",
            get(challenge::list).post(challenge::create),
        )
        .route(
            "/api/challenges/{id}",
            get(challenge::show).delete(challenge::withdraw),
        )
        .route("/api/challenges/{id}/accept", post(challenge::accept))
        .merge(tournament_routes())
        .route("/api/{*rest}", any(http::no_route))
        .layer(DefaultBodyLimit::max(BODY_MAX))
        .merge(arbiter_web::routes())
        .layer(axum::Extension(shield))
        .layer(TraceLayer::new_for_http())
        .layer(axum::middleware::from_fn(move |req, next| {
            shield::front(front.clone(), req, next)
        }))
        .with_state(hall)
}

/// The tournament routes (`/api/tournaments…`).
fn tournament_routes() -> Router<Hall> {
    use tournament as t;
    Router::new()
        .route("/api/tournaments", post(t::create))
        .route("/api/tournaments/{id}", get(t::show))
        .route("/api/tournaments/{id}/players", post(t::register))
        .route("/api/tournaments/{id}/players/{n}", get(t::player))
        .route("/api/tournaments/{id}/rounds", post(t::pair_round))
        .route("/api/tournaments/{id}/rounds/{n}", get(t::round))
        .route("/api/tournaments/{id}/standings", get(t::standings))
        .route("/api/tournaments/{id}/trf", get(t::trf_file))
        .route(
            "/api/tournaments/{id}/players/{n}/withdraw",
            post(tournament_entry::withdraw),
        )
        .route(
            "/api/tournaments/{id}/players/{n}/byes",
            post(tournament_entry::ask_bye).delete(tournament_entry::cancel_bye),
        )
        .route(
            "/api/tournaments/{id}/registration",
            post(tournament_entry::registration),
        )
}

/// A hall serving on a listener, as tests and `serve` run it.
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its state.
    pub hall: Hall,
    server: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops as a crash would (no lease released).
    pub fn kill(&self) {
        self.hall.kill();
        self.server.abort();
    }
}

/// The configuration a store calls for: one instance on SQLite, shared
/// leases on PostgreSQL (reachable at `addr`).
pub fn config_for(store: &Store, addr: SocketAddr) -> Result<HallConfig, String> {
    if store.backend_name() == "sqlite" {
        return Ok(HallConfig::single());
    }
    let host = if addr.ip().is_unspecified() {
        std::net::IpAddr::from([127, 0, 0, 1])
    } else {
        addr.ip()
    };
    let url = format!("http://{}", SocketAddr::new(host, addr.port()));
    // The same listen address on the same database is the same instance
    // across restarts, so it takes its own games back at once.
    // The machine's name too: two machines listening on 0.0.0.0:8080 over
    // one database are two instances.
    let machine = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::env::var("HOSTNAME"))
        .unwrap_or_default();
    let name = arbiter_store::short_digest(
        &format!("{url} {} {}", store.identity(), machine.trim()),
        12,
    );
    Ok(HallConfig::shared_as(&url, &name))
}

/// Starts a hall on `listener` (its background tasks included), without
/// count limits, as the tests and the load benchmark run it.
pub async fn launch(listener: TcpListener, store: Store) -> Result<Running, String> {
    launch_with(listener, store, Limits::unlimited()).await
}

/// Starts a hall on `listener` with `limits`.
pub async fn launch_with(
    listener: TcpListener,
    store: Store,
    limits: Limits,
) -> Result<Running, String> {
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let hall = Hall::new(store.clone(), config_for(&store, addr)?);
    hall.start();
    let shield = Arc::new(Shield::new(limits));
    let app = router_with(hall.clone(), shield.clone());
    let server = tokio::spawn(listen::serve(listener, app, shield, std::future::pending()));
    Ok(Running { addr, hall, server })
}

async fn terminated() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term => {}
    }
}

/// `arbiter serve` with the default limits.
pub async fn serve(addr: SocketAddr, database_url: &str) -> Result<(), String> {
    serve_with(addr, database_url, &hall::ServeOptions::default()).await
}

/// [`serve`] with `arbiter serve`'s other options and the default limits.
pub async fn serve_with(
    addr: SocketAddr,
    database_url: &str,
    options: &hall::ServeOptions,
) -> Result<(), String> {
    serve_guarded(addr, database_url, options, Limits::default()).await
}

/// `arbiter serve`: opens the database (migrations run), serves on `addr`
/// with `options` and `limits` until SIGTERM or SIGINT, then closes
/// cleanly (leases are given back).
pub async fn serve_guarded(
    addr: SocketAddr,
    database_url: &str,
    options: &hall::ServeOptions,
    limits: Limits,
) -> Result<(), String> {
    let store = Store::connect(database_url)
        .await
        .map_err(|e| e.to_string())?;
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let hall = Hall::new(store.clone(), options.apply(config_for(&store, local)?));
    hall.start();
    tracing::info!(%local, backend = store.backend_name(), instance = %hall.config().instance_id, "the hall is open");
    let stopping = hall.clone();
    let shield = Arc::new(Shield::new(limits));
    let app = router_with(hall.clone(), shield.clone());
    listen::serve(listener, app, shield, async move {
        terminated().await;
        tracing::info!("stopping");
        let _ = stopping.closing_now();
    })
    .await;
    hall.shutdown().await;
    store.close().await;
    tracing::info!("the hall is closed");
    Ok(())
}

/// Logs to stderr; `RUST_LOG` chooses what (default `info`).
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
