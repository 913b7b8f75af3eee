//! The built web app: static files from `web_dir`, and `index.html` for every other path so the
//! history-mode routes of SPEC section 2 load the app. Hashed assets are cached for a year,
//! the index never.

use axum::http::{header, HeaderValue, Request};
use axum::response::{Html, IntoResponse};
use axum::Router;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::app::App;

pub fn router(app: &App) -> Router<App> {
    let dir = app.config.web_dir.clone();
    let index = dir.join("index.html");
    if !index.exists() {
        tracing::warn!(dir = %dir.display(), "web app not built; `make run` builds it");
        return Router::new().fallback(|| async { Html(NOT_BUILT) });
    }
    let assets = ServeDir::new(dir.join("assets"));
    let files = ServeDir::new(&dir).fallback(ServeFile::new(&index));
    Router::new()
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ))
                .service(assets),
        )
        .fallback_service(
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::if_not_present(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("no-cache"),
                ))
                .service(tower::service_fn(move |req: Request<axum::body::Body>| {
                    let files = files.clone();
                    async move { files.oneshot(req).await.map(IntoResponse::into_response) }
                })),
        )
}

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Amora</title>\
<p>The web app is not built yet. Run <code>make run</code>.</p>";
