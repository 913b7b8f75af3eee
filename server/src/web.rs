//! The built web app: static files from `web_dir`, and `index.html` for every other path so the
//! history-mode routes of SPEC section 2 load the app, compressed ahead of time by the build
//! (brotli or gzip, as the browser accepts). Hashed assets are cached for a year, the index never. Every response carries the browser-side protections (`security_headers`).

use std::path::Path;

use axum::extract::State;
use axum::http::{header, HeaderName, HeaderValue, Request};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::Router;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

pub fn router<S: Clone + Send + Sync + 'static>(dir: &Path) -> Router<S> {
    let index = dir.join("index.html");
    if !index.exists() {
        tracing::warn!(dir = %dir.display(), "web app not built; `make run` builds it");
        return Router::new().fallback(|| async { Html(NOT_BUILT) });
    }
    // The build writes a brotli and a gzip copy beside each text file; the best one the browser
    // accepts is sent, with `Content-Encoding` and `Vary: Accept-Encoding`.
    let assets = ServeDir::new(dir.join("assets"))
        .precompressed_br()
        .precompressed_gzip();
    let files = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(
            ServeFile::new(&index)
                .precompressed_br()
                .precompressed_gzip(),
        );
    Router::new()
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ))
                .layer(vary_by_encoding())
                .service(assets),
        )
        .fallback_service(
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::if_not_present(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("no-cache"),
                ))
                .layer(vary_by_encoding())
                .service(tower::service_fn(move |req: Request<axum::body::Body>| {
                    let files = files.clone();
                    async move { files.oneshot(req).await.map(IntoResponse::into_response) }
                })),
        )
}

/// A cache must keep the brotli, gzip and plain answers apart.
fn vary_by_encoding() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(
        header::VARY,
        HeaderValue::from_static("accept-encoding"),
    )
}

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Amora</title>\
<p>The web app is not built yet. Run <code>make run</code>.</p>";

/// Scripts, styles and connections only from our own origin (no inline script, so an injected
/// `<script>` does not run); pictures also from `data:` and `blob:` (previews before upload);
/// never framed by another site (clickjacking).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; \
worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
frame-ancestors 'none'";

/// The app uses none of these powerful features but the location pages, the front camera of
/// photo verification and the microphone of voice messages, all on our own origin only.
const PERMISSIONS_POLICY: &str =
    "camera=(self), microphone=(self), payment=(), usb=(), geolocation=(self), browsing-topics=()";

/// Whether to add `Strict-Transport-Security` (only when people reach us over https).
#[derive(Clone, Copy)]
pub struct Https(pub bool);

/// Adds the security headers to every response that does not set its own.
pub async fn security_headers(
    State(Https(https)): State<Https>,
    request: Request<axum::body::Body>,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let mut set = |name: HeaderName, value: &'static str| {
        headers
            .entry(name)
            .or_insert_with(|| HeaderValue::from_static(value));
    };
    set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    set(
        HeaderName::from_static("permissions-policy"),
        PERMISSIONS_POLICY,
    );
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::X_FRAME_OPTIONS, "DENY");
    if https {
        set(
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=31536000; includeSubDomains",
        );
    }
    response
}
