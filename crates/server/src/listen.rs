//! The accept loop: HTTP/1 with a header-read timeout (axum's own `serve`
//! has none, and connections that never finish their headers were held for
//! ever), the connections counted per client address and in all, and a
//! graceful stop that lets open requests finish.

use crate::shield::Shield;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tower::ServiceExt;

/// How long open requests may take to finish after the stop.
const DRAIN: Duration = Duration::from_secs(10);
/// The pause after an accept error (out of file descriptors): the
/// connections held close meanwhile, and the loop does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `app` on `listener` until `stop` completes, then lets the open
/// connections finish (at most [`DRAIN`]).
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    shield: Arc<Shield>,
    stop: impl Future<Output = ()> + Send,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(shield.limits.header_timeout)
        .keep_alive(true);
    let http = Arc::new(http);
    let (stopping, stopped) = watch::channel(false);
    let (alive, mut all_done) = mpsc::channel::<()>(1);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    tracing::warn!(error = %e, "accept error");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Some(slot) = shield.connection(peer.ip()) else {
            tracing::debug!(%peer, "too many connections from this address; closed");
            continue;
        };
        let (http, app, stopped, alive) =
            (http.clone(), app.clone(), stopped.clone(), alive.clone());
        tokio::spawn(async move {
            connection(&http, app, stream, peer, stopped).await;
            drop((slot, alive));
        });
    }
    let _ = stopping.send(true);
    drop(alive);
    let _ = tokio::time::timeout(DRAIN, all_done.recv()).await;
}

/// Serves one connection (its WebSocket upgrades included) until it
/// closes, or shuts it gracefully when the hall stops.
async fn connection(
    http: &hyper::server::conn::http1::Builder,
    app: Router,
    stream: TcpStream,
    peer: SocketAddr,
    mut stopped: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let service = service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(req)
    });
    let conn = http
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        r = conn.as_mut() => {
            if let Err(e) = r {
                tracing::debug!(%peer, error = %e, "a connection ended");
            }
            return;
        }
        _ = stopped.wait_for(|s| *s) => {}
    }
    conn.as_mut().graceful_shutdown();
    let _ = conn.await;
}
