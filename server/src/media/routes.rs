//! `GET /media/{key}`: stored pictures, immutable under their keys, so cached for a year.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::api::error::ApiError;
use crate::api::extract::Path;
use crate::app::App;

pub fn router() -> Router<App> {
    Router::new()
        .route("/media/{*key}", get(serve))
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
}

async fn serve(State(app): State<App>, Path(key): Path<String>) -> Result<Response, ApiError> {
    if key
        .split('/')
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return Err(ApiError::NotFound);
    }
    let bytes = app.media.get(&key).await?;
    let mime = mime_guess::from_path(&key).first_or_octet_stream();
    Ok((
        [
            (header::CONTENT_TYPE, mime.to_string()),
            (
                header::CACHE_CONTROL,
                "public, max-age=31536000, immutable".to_owned(),
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}
