//! `POST /common/image/uploads/base64`: a picture uploaded ahead of what it will be published in
//! (a dynamic shows upload progress photo by photo), re-encoded and kept under the uploader's
//! folder, private to them, until they publish it (a day at most: the sweep deletes the rest).
//! `POST /common/audio/uploads`: a voice recording, measured and kept the same way until it is
//! sent. `POST /common/toImageBase64`: one of our own stored pictures as a data URL. Only our
//! own: any other URL is refused without a request ever leaving the server (fetching URLs a
//! client names would let anyone reach our internal network through us).

use std::sync::Arc;

use axum::extract::{FromRef, State};
use base64::Engine;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::Input;
use crate::api::rate_limit::{Action, RateLimiter};
use crate::api::session::Session;
use crate::clock::Clock;
use crate::i18n::Msg;
use crate::media::signed::Signature;
use crate::media::{upload_folder, Media};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Media: FromRef<S>,
    Clock: FromRef<S>,
    Arc<RateLimiter>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(upload))
        .routes(routes!(upload_audio))
        .routes(routes!(to_base64))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UploadRequest {
    /// The picture as a base64 data URL (JPEG, PNG, WebP or GIF; at most 10 MB).
    image: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Uploaded {
    /// The re-encoded picture, and its thumbnail: signed addresses that only its uploader is
    /// given (an upload is private until published), valid for a short while.
    url: String,
    thumb: String,
    /// What to publish it with (`images` of `POST /system/dynamic` or `/system/catalog/add`).
    key: String,
}

/// Uploads a picture to publish later; it is re-encoded (metadata such as GPS stripped) and
/// thumbnailed.
#[utoipa::path(post, path = "/common/image/uploads/base64", tag = "media",
    request_body = UploadRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<Uploaded>), (status = 400), (status = 401),
        (status = 413), (status = 429)))]
async fn upload(
    State(media): State<Media>,
    State(clock): State<Clock>,
    State(limits): State<Arc<RateLimiter>>,
    me: Session,
    Input(req): Input<UploadRequest>,
) -> ApiResult<Reply<Uploaded>> {
    limits
        .check(Action::UploadByAccount, &me.user_id.to_string())
        .await?;
    let image = req.image.ok_or(ApiError::Invalid(Msg::ImageInvalid))?;
    let stored = media
        .put_base64_image(me.user_id, &upload_folder(me.user_id), &image)
        .await?;
    // Private to its uploader until published: signed addresses to preview it.
    let signer = media.signer(clock.unix());
    Ok(ok(Uploaded {
        url: signer.url(&stored.key),
        thumb: signer.url(&stored.thumb_key),
        key: stored.key,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AudioUploadRequest {
    /// The recording as a base64 data URL: Opus in WebM or Ogg, AAC in MP4; at most 60 seconds
    /// and 1 MB.
    audio: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AudioUploaded {
    /// What to send it with (`content.key` of a message of type `audio`).
    key: String,
    /// A signed address that only its uploader is given, valid for a short while (to play it
    /// back before sending).
    url: String,
    /// Its length as measured from the audio itself, to a tenth of a second.
    seconds: f64,
}

/// Uploads a voice recording to send later in a chat. Its container and its length are checked
/// by reading the audio itself; a length the file states that disagrees is refused.
#[utoipa::path(post, path = "/common/audio/uploads", tag = "media",
    request_body = AudioUploadRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<AudioUploaded>), (status = 400), (status = 401),
        (status = 413), (status = 429)))]
async fn upload_audio(
    State(media): State<Media>,
    State(clock): State<Clock>,
    State(limits): State<Arc<RateLimiter>>,
    me: Session,
    Input(req): Input<AudioUploadRequest>,
) -> ApiResult<Reply<AudioUploaded>> {
    limits
        .check(Action::UploadByAccount, &me.user_id.to_string())
        .await?;
    let audio = req.audio.ok_or(ApiError::Invalid(Msg::AudioEmpty))?;
    let (key, recording) = media
        .put_base64_audio(&upload_folder(me.user_id), &audio)
        .await?;
    Ok(ok(AudioUploaded {
        url: media.signer(clock.unix()).url(&key),
        key,
        seconds: recording.seconds(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ToBase64Request {
    /// One of our media URLs: `/media/<key>` or the public address followed by it; private
    /// pictures with their signature.
    url: Option<String>,
}

/// One of our own stored pictures as a data URL.
#[utoipa::path(post, path = "/common/toImageBase64", tag = "media",
    request_body = ToBase64Request, security(("bearer" = [])),
    responses((status = 200, body = Envelope<String>), (status = 400), (status = 401),
        (status = 403), (status = 404)))]
async fn to_base64(
    State(media): State<Media>,
    State(clock): State<Clock>,
    // Signed in: the route is for our own pages.
    _me: Session,
    Input(req): Input<ToBase64Request>,
) -> ApiResult<Reply<String>> {
    let url = req.url.unwrap_or_default();
    let (key, query) = media
        .own_key(&url)
        .ok_or(ApiError::Invalid(Msg::NotOurMedia))?;
    // Served as `GET /media` would serve it: a private picture with a valid, unexpired signature.
    if !media.may_serve(key, &Signature::in_query(query), clock.unix()) {
        return Err(ApiError::Forbidden(Msg::Forbidden));
    }
    let bytes = media.get(key).await?;
    let mime = mime_guess::from_path(key).first_or_octet_stream();
    let encoded = base64::engine::general_purpose::STANDARD.encode(&bytes);
    Ok(ok(format!("data:{mime};base64,{encoded}")))
}
