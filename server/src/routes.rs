//! The whole HTTP surface of one node, assembled once: every domain's endpoints under
//! `/prod-api` with the OpenAPI document they describe, the chat socket, media, operations and
//! the web app, inside the layers every answer passes through.

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, Request};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use tracing::Instrument;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::api::error::ApiError;
use crate::api::extract::TrustForwardedFor;
use crate::api::session::Authenticator;
use crate::api::{method_not_allowed, not_found};
use crate::app::App;
use crate::{
    account, album, chat, feed, i18n, media, notices, notify, ops, people, places, privacy, staff,
    translate, verification, wallet, web,
};

/// Largest request body: a 10 MB picture in base64, with room to spare.
const BODY_LIMIT: usize = 16 * 1024 * 1024;

/// The whole HTTP surface of one node.
pub fn router(app: App) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let (api, _) = api();
    // Who is asking is recognised where a handler asks (the `Session` extractor), by the
    // account's sessions.
    let api = api.layer(Extension(Authenticator(Arc::new(app.sessions.clone()))));
    Router::new()
        .merge(api)
        .route("/im", axum::routing::get(chat::socket::upgrade))
        .merge(media::routes::router())
        .merge(ops::router(app.config.metrics_addr.is_none()))
        .merge(web::router(&app.config.web_dir))
        .layer(Extension(TrustForwardedFor(app.config.trust_forwarded_for)))
        .layer(axum::middleware::from_fn_with_state(
            app.protections.clone(),
            web::security_headers,
        ))
        .layer(axum::middleware::from_fn(i18n::language_scope))
        .layer(axum::middleware::from_fn(ops::track))
        .layer(axum::middleware::from_fn(to_its_end))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CatchPanicLayer::custom(|_| {
            ApiError::Internal(anyhow::anyhow!("handler panicked")).into_response()
        }))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
                let id = req
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-");
                tracing::info_span!("request", id, method = %req.method(), path = %req.uri().path())
            }),
        )
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .with_state(app)
}

/// Runs a request to its end in a task of its own. The server drops a request's future when
/// its client goes away (a closed tab, a phone losing its signal, a retry on a new connection),
/// and a handler dropped between two of its awaits would leave its work half done: a message
/// stored but not delivered, an order paid but not credited, a transaction begun and never
/// ended. Spawned, the handler always finishes, and only its answer goes unread, as on a server
/// that gives each request a thread. What a request may cost is bounded where it comes in (body
/// size, rate limits, the database's waits), not by the client staying.
async fn to_its_end(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let work = next.run(request).instrument(tracing::Span::current());
    match tokio::spawn(work).await {
        Ok(response) => response,
        // The panic goes on to `CatchPanicLayer`, which answers it.
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        // Only a runtime shutting down cancels the task.
        Err(e) => ApiError::Internal(e.into()).into_response(),
    }
}

/// Every endpoint under `/prod-api`, and the OpenAPI document describing them.
pub fn api() -> (Router<App>, OpenApi) {
    let api = OpenApiRouter::new()
        .merge(account::routes::router())
        .merge(people::routes::router())
        .merge(chat::routes::router())
        .merge(chat::groups::routes::router())
        .merge(notify::routes::router())
        .merge(wallet::routes::router())
        .merge(translate::routes::router())
        .merge(feed::routes::router())
        .merge(album::routes::router())
        .merge(notices::routes::router())
        .merge(places::routes::router())
        .merge(media::upload::router())
        .merge(staff::routes::router())
        .merge(privacy::routes::router())
        .merge(verification::routes::router());
    let (router, mut doc) = OpenApiRouter::new()
        .nest("/prod-api", api)
        .split_for_parts();
    doc.info = utoipa::openapi::Info::new("Amora API", env!("CARGO_PKG_VERSION"));
    doc.info.description = Some(
        "Every answer is {code, msg, data}; the HTTP status equals code. Lists are paged with \
         pageNum and pageSize and answer data {rows, total}; the feed pages by `before` (the \
         previous page's `next`) and answers {rows, next}, as counting a feed of millions on \
         every page would cost more than the page."
            .into(),
    );
    doc.components
        .get_or_insert_with(Default::default)
        .add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    crate::api::openapi::complete(&mut doc);
    let router = router
        .route("/prod-api/openapi.json", axum::routing::get(serve_openapi))
        .route("/prod-api", axum::routing::any(not_found))
        .route("/prod-api/", axum::routing::any(not_found))
        .route("/prod-api/{*rest}", axum::routing::any(not_found))
        .method_not_allowed_fallback(method_not_allowed);
    (router, doc)
}

/// The OpenAPI document as JSON (what `amora openapi` prints and the web types come from).
pub fn openapi_json() -> String {
    let (_, doc) = api();
    doc.to_pretty_json().unwrap_or_default()
}

async fn serve_openapi() -> impl IntoResponse {
    static DOC: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let body = DOC.get_or_init(openapi_json).clone();
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body,
    )
}

#[cfg(test)]
#[allow(clippy::expect_used)]
mod tests {
    use std::collections::HashSet;

    /// Clients generated from the document name each operation by its id: two alike would get
    /// one name for two operations.
    #[test]
    fn every_operation_has_an_id_of_its_own() {
        let doc: serde_json::Value =
            serde_json::from_str(&super::openapi_json()).expect("the document is JSON");
        let mut seen = HashSet::new();
        for item in doc["paths"].as_object().expect("paths").values() {
            for operation in item.as_object().expect("an operation").values() {
                let id = operation["operationId"].as_str().expect("an operationId");
                assert!(seen.insert(id.to_owned()), "two operations are {id}");
            }
        }
    }
}
