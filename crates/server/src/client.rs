//! A minimal client of the hall, for the tests and the load benchmark:
//! JSON over HTTP/1 and the WebSocket.

use axum::body::Bytes;
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use std::net::SocketAddr;
use tokio_tungstenite::tungstenite::Message;

/// An HTTP client bound to one hall.
#[derive(Clone)]
pub struct HttpClient {
    base: String,
    client: Client<HttpConnector, Full<Bytes>>,
}

impl HttpClient {
    /// A client of the hall at `addr`.
    pub fn new(addr: SocketAddr) -> HttpClient {
        HttpClient {
            base: format!("http://{addr}"),
            client: Client::builder(TokioExecutor::new()).build_http(),
        }
    }

    /// Sends a request; the status and the body as text.
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&[u8]>,
    ) -> Result<(u16, String), String> {
        let mut b = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        if let Some(t) = token {
            b = b.header("authorization", format!("Bearer {t}"));
        }
        let body = Full::new(Bytes::copy_from_slice(body.unwrap_or_default()));
        let request = b
            .header("content-type", "application/json")
            .body(body)
            .map_err(|e| e.to_string())?;
        let answer = self
            .client
            .request(request)
            .await
            .map_err(|e| e.to_string())?;
        let status = answer.status().as_u16();
        let bytes = answer
            .into_body()
            .collect()
            .await
            .map_err(|e| e.to_string())?
            .to_bytes();
        Ok((status, String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// Sends a request with a JSON body (or none); the status and the JSON
    /// answer (`Null` when the answer is not JSON).
    pub async fn json(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<(u16, Value), String> {
        let text = body.map(Value::to_string);
        let (status, answer) = self
            .call(method, path, token, text.as_deref().map(str::as_bytes))
            .await?;
        Ok((status, serde_json::from_str(&answer).unwrap_or(Value::Null)))
    }
}

/// A WebSocket to the hall.
pub struct WsClient {
    stream: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

/// The WebSocket read buffer of a client.
const READ_BUFFER: usize = 8 * 1024;

impl WsClient {
    /// Connects to `path_and_query` (e.g. `/api/games/ID/ws?since=3`).
    pub async fn connect(addr: SocketAddr, path_and_query: &str) -> Result<WsClient, String> {
        let url = format!("ws://{addr}{path_and_query}");
        // A small read buffer: the hall's frames are a few KiB, and the
        // library's default (128 KiB, zeroed on every read) costs more time
        // than the frames.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(READ_BUFFER);
        let (stream, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false)
            .await
            .map_err(|e| e.to_string())?;
        Ok(WsClient { stream })
    }

    /// The next JSON text frame (pings are answered by the library);
    /// `None` once closed.
    pub async fn next(&mut self) -> Option<Value> {
        while let Some(m) = self.stream.next().await {
            match m.ok()? {
                Message::Text(t) => return serde_json::from_str(t.as_str()).ok(),
                Message::Close(_) => return None,
                _ => {}
            }
        }
        None
    }

    /// Sends one JSON text frame.
    pub async fn send(&mut self, v: &Value) -> Result<(), String> {
        self.stream
            .send(Message::Text(v.to_string().into()))
            .await
            .map_err(|e| e.to_string())
    }
}
