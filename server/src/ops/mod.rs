//! Operations: liveness and readiness probes, Prometheus metrics, request ids in logs, and the
//! SQLite database's backup and restore (`backup`).

pub mod backup;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::extract::{FromRef, MatchedPath, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

use crate::api::error::DATABASE_RETRY_AFTER_SECS;
use crate::db::Db;

/// The probes, and `/metrics` unless it has an address of its own (`with_metrics` false).
pub fn router<S>(with_metrics: bool) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    let router = Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readyz));
    if with_metrics {
        router.route("/metrics", get(metrics_text))
    } else {
        router
    }
}

/// `/metrics` alone, for the internal address `metrics_addr`.
pub fn metrics_router() -> Router {
    Router::new().route("/metrics", get(metrics_text))
}

/// How long readiness waits for the database: a load balancer asking learns within a second.
const READY_WITHIN: Duration = Duration::from_millis(900);

/// Ready when the database answers within `READY_WITHIN`.
async fn readyz(State(db): State<Db>) -> Response {
    let failure = match tokio::time::timeout(READY_WITHIN, db.ping()).await {
        Ok(Ok(())) => return (StatusCode::OK, "ready").into_response(),
        Ok(Err(e)) => e.to_string(),
        Err(_) => format!("no answer within {READY_WITHIN:?}"),
    };
    tracing::warn!(error = %failure, "database not ready");
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, "database unavailable").into_response();
    response.headers_mut().insert(
        axum::http::header::RETRY_AFTER,
        axum::http::HeaderValue::from(DATABASE_RETRY_AFTER_SECS),
    );
    response
}

/// The process-wide recorder (one per process, however many apps a test starts).
fn prometheus() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new().build_recorder();
        let handle = recorder.handle();
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

async fn metrics_text() -> impl IntoResponse {
    prometheus().render()
}

/// Counts requests and their latency by route template (never by raw path: ids would explode
/// the label space).
pub async fn track(request: Request, next: Next) -> Response {
    let _ = prometheus();
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    let method = request.method().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route), ("status", status)];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels)
        .record(started.elapsed().as_secs_f64());
    response
}
