//! The HTTP API: the envelope, the one error type, extractors, rate limits, and the assembly of
//! every domain's routes under `/prod-api` with the OpenAPI document they describe.

pub mod envelope;
pub mod error;
pub mod extract;
pub mod rate_limit;

use axum::response::IntoResponse;
use axum::Router;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::app::App;
use error::ApiError;

/// Every endpoint under `/prod-api`, and the OpenAPI document describing them.
pub fn routes() -> (Router<App>, OpenApi) {
    let api = OpenApiRouter::new()
        .merge(crate::account::routes::router())
        .merge(crate::people::routes::router())
        .merge(crate::chat::routes::router())
        .merge(crate::notify::routes::router())
        .merge(crate::wallet::routes::router())
        .merge(crate::translate::routes::router());
    let (router, mut doc) = OpenApiRouter::new()
        .nest("/prod-api", api)
        .split_for_parts();
    doc.info = utoipa::openapi::Info::new("Amora API", env!("CARGO_PKG_VERSION"));
    doc.info.description = Some(
        "Every answer is {code, msg, data}; the HTTP status equals code. Lists are paged with \
         pageNum and pageSize and answer data {rows, total}."
            .into(),
    );
    doc.components
        .get_or_insert_with(Default::default)
        .add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
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
    let (_, doc) = routes();
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

async fn not_found() -> ApiError {
    ApiError::NotFound
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}
