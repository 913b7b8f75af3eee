//! `GET /media/{key}`: stored pictures. Public ones (avatars, dynamics' photos) to anyone, cached
//! only privately and briefly, so that what staff take down (deleted from the store) stops being
//! seen at once; private ones (uploads not yet published, chat images, report screenshots, album
//! photos) only with a valid signed URL (`signed.rs`), and cached privately for no longer than
//! the URL lives.

use axum::extract::{FromRef, State};
use axum::http::{header, HeaderMap, StatusCode};
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
    headers: HeaderMap,
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
        // A public picture (an avatar, a dynamic's photo) may be taken down by staff at any
        // moment: kept by no shared cache, and by a browser only briefly, then asked again
        // (a picture still stored answers 304 to its ETag, which its key never changes).
        None => format!("private, max-age={PUBLIC_MAX_AGE}"),
    };
    let etag = format!("\"{}\"", etag_of(&key));
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == etag));
    if fresh && media.contains(&key).await? {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [(header::CACHE_CONTROL, cache), (header::ETAG, etag)],
        )
            .into_response());
    }
    let bytes = media.get(&key).await?;
    let mime = match crate::media::audio::Container::of_key(&key) {
        Some(container) => container.mime().to_owned(),
        None => mime_guess::from_path(&key)
            .first_or_octet_stream()
            .to_string(),
    };
    Ok((
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, cache),
            (header::ETAG, etag),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

/// How long a browser keeps a public picture before asking again, in seconds.
const PUBLIC_MAX_AGE: i64 = 60;

/// A stored object's entity tag: what is stored under a key never changes (a new picture gets a
/// new key), so the key names the content.
fn etag_of(key: &str) -> String {
    use sha2::Digest;
    hex::encode(&sha2::Sha256::digest(key.as_bytes())[..12])
}
