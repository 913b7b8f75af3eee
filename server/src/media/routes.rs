//! `GET /media/{key}`: stored pictures. Public ones (avatars) are immutable under their keys, so
//! cached for a year; private ones (chat images, report screenshots, album photos) only with a
//! valid signed URL (`signed.rs`), and cached privately for no longer than the URL lives.

use axum::extract::{FromRef, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::api::error::ApiError;
use crate::api::extract::{Path, Query};
use crate::clock::Clock;
use crate::i18n::Msg;
use crate::media::signed::{is_private, Signature};
use crate::media::Media;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Media: FromRef<S>,
    Clock: FromRef<S>,
{
    Router::new()
        .route("/media/{*key}", get(serve))
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
}

async fn serve(
    State(media): State<Media>,
    State(clock): State<Clock>,
    Path(key): Path<String>,
    Query(signature): Query<Signature>,
) -> Result<Response, ApiError> {
    if key
        .split('/')
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return Err(ApiError::NotFound);
    }
    let now = clock.unix();
    if !media.may_serve(&key, &signature, now) {
        return Err(ApiError::Forbidden(Msg::Forbidden));
    }
    let cache = match signature.exp.filter(|_| is_private(&key)) {
        // Not beyond the URL's life, nor in any shared cache.
        Some(expires) => format!(
            "private, max-age={}",
            (expires - now).clamp(0, media.url_seconds())
        ),
        None => "public, max-age=31536000, immutable".to_owned(),
    };
    let bytes = media.get(&key).await?;
    let mime = mime_guess::from_path(&key).first_or_octet_stream();
    Ok((
        [
            (header::CONTENT_TYPE, mime.to_string()),
            (header::CACHE_CONTROL, cache),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}
