//! What the stand-ins share: a loopback server, the record of what each was asked, and the
//! frame of a provider's checkout page.
//!
//! Every stand-in answers, besides its provider's API:
//! - `GET /__e2e/log`: `{"seen": [...], "problems": [...]}`, each request it was asked (method,
//!   path with its query, the headers a provider reads, body, the status it answered) and
//!   anything in a request its provider would refuse. The browser stories expect no problems.
//! - `POST /__e2e/outage?on=1`: its API answers 503 to every call (its pages still open) until
//!   `?on=0`.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::body::Body;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde_json::json;
use tokio::net::TcpListener;

/// The largest request body a stand-in reads.
const BODY_LIMIT: usize = 4 << 20;

/// The headers a call is recorded with: those the providers read.
const RECORDED_HEADERS: &[&str] = &[
    "authorization",
    "content-type",
    "paypal-request-id",
    "idempotency-key",
];

/// One request a stand-in was asked, and the status it answered.
#[derive(Debug, Clone, Serialize)]
pub struct Seen {
    pub method: String,
    /// The path with its query.
    pub path: String,
    pub headers: BTreeMap<&'static str, String>,
    pub body: String,
    pub status: u16,
}

#[derive(Clone, Default, Serialize)]
struct Record {
    seen: Vec<Seen>,
    problems: Vec<String>,
}

/// What a stand-in was asked, what it would refuse, and whether its API is down.
#[derive(Clone, Default)]
pub struct Log {
    record: Arc<Mutex<Record>>,
    down: Arc<AtomicBool>,
}

impl Log {
    /// Something in a request the provider would refuse: written down, the caller answers as
    /// the provider would.
    pub fn problem(&self, what: impl Into<String>) {
        lock(&self.record).problems.push(what.into());
    }

    pub fn problems(&self) -> Vec<String> {
        lock(&self.record).problems.clone()
    }

    /// The requests so far, oldest first (control requests left out).
    pub fn seen(&self) -> Vec<Seen> {
        lock(&self.record).seen.clone()
    }

    /// The API answers 503 to every call while down; the buyer's pages still open.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    pub fn is_down(&self) -> bool {
        self.down.load(Ordering::SeqCst)
    }

    /// 503 while the API is down.
    pub fn refuse_if_down(&self) -> Option<Response> {
        self.is_down()
            .then(|| StatusCode::SERVICE_UNAVAILABLE.into_response())
    }

    fn push(&self, seen: Seen) {
        lock(&self.record).seen.push(seen);
    }

    fn answer(&self) -> Json<Record> {
        Json(lock(&self.record).clone())
    }
}

/// The lock of a stand-in's books, which a request that failed halfway leaves usable.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A listener on loopback, on `port` (0: any free port).
pub async fn bind_loopback(port: u16) -> std::io::Result<TcpListener> {
    TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port))).await
}

/// The base URL a listener is reached at.
pub fn url_of(listener: &TcpListener) -> std::io::Result<String> {
    Ok(format!("http://{}", listener.local_addr()?))
}

/// Serves `api` (a provider's routes) on `listener` in the background, with the log's control
/// endpoints, a record of every request, and unknown calls written down as problems.
pub fn serve(listener: TcpListener, log: &Log, api: Router) {
    let (answer, outage, unknown) = (log.clone(), log.clone(), log.clone());
    let app = api
        .route("/__e2e/log", get(move || async move { answer.answer() }))
        .route(
            "/__e2e/outage",
            post(
                move |Query(query): Query<BTreeMap<String, String>>| async move {
                    outage.set_down(query.get("on").is_some_and(|on| on == "1"));
                    Json(json!({ "outage": outage.is_down() }))
                },
            ),
        )
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .fallback(move |request: Request| async move {
            unknown.problem(format!(
                "unknown call {} {}",
                request.method(),
                request.uri().path()
            ));
            (StatusCode::NOT_FOUND, Json(json!({ "error": "Not Found" })))
        })
        .layer(axum::middleware::from_fn_with_state(log.clone(), record));
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("a stand-in stopped serving: {e}");
        }
    });
}

/// Writes each request and its answer's status in the log.
async fn record(State(log): State<Log>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if path.starts_with("/__e2e/") || path == "/favicon.ico" {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let body = axum::body::to_bytes(body, BODY_LIMIT)
        .await
        .unwrap_or_default();
    let headers = RECORDED_HEADERS
        .iter()
        .filter_map(|name| Some((*name, header(&parts.headers, name)?.to_owned())))
        .collect();
    let method = parts.method.to_string();
    let path = parts
        .uri
        .path_and_query()
        .map_or_else(|| parts.uri.path().to_owned(), |p| p.as_str().to_owned());
    let text = String::from_utf8_lossy(&body).into_owned();
    let response = next.run(Request::from_parts(parts, Body::from(body))).await;
    log.push(Seen {
        method,
        path,
        headers,
        body: text,
        status: response.status().as_u16(),
    });
    response
}

/// A request header as text.
pub fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// The bearer token of a request, if it has one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    header(headers, "authorization").and_then(|v| v.strip_prefix("Bearer "))
}

/// `url` with `extra` appended to its query.
pub fn with_query(url: &str, extra: &str) -> String {
    let joint = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joint}{extra}")
}

/// A 303 to `location`, as a page's form answers.
pub fn see_other(location: &str) -> Response {
    (StatusCode::SEE_OTHER, [("location", location.to_owned())]).into_response()
}

pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A checkout page: the provider's name and colour around `body` (HTML, escaped by the caller).
pub fn checkout_page(title: &str, brand: &str, colour: &str, body: &str) -> Response {
    let (title, brand) = (escape_html(title), escape_html(brand));
    let page = format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
  body {{ margin: 0; font-family: system-ui, sans-serif; background: #f5f7fa; color: #1a1f36; }}
  header {{ padding: 18px 20px; background: {colour}; color: #fff; font-weight: 800;
    font-size: 1.3rem; letter-spacing: 0.02em; }}
  main {{ max-width: 440px; margin: 24px auto; padding: 0 16px; }}
  .card {{ padding: 22px; border-radius: 14px; background: #fff;
    box-shadow: 0 2px 14px rgb(0 0 0 / 8%); }}
  .amount {{ margin: 4px 0 14px; font-size: 2rem; font-weight: 800; }}
  .muted {{ color: #5b6478; }}
  button {{ width: 100%; min-height: 48px; margin-top: 18px; border: 0; border-radius: 999px;
    background: {colour}; color: #fff; font: inherit; font-weight: 700; font-size: 1.05rem;
    cursor: pointer; }}
  a {{ display: block; margin-top: 14px; text-align: center; color: {colour}; }}
  fieldset {{ margin: 14px 0 0; padding: 10px 12px; border: 1px solid #d8dde6;
    border-radius: 10px; }}
  label {{ display: block; padding: 4px 0; }}
</style>
</head>
<body>
<header>{brand}</header>
<main><div class="card">{body}</div></main>
</body>
</html>"#
    );
    ([("content-type", "text/html; charset=utf-8")], page).into_response()
}
