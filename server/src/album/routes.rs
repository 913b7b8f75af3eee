//! Album endpoints (SPEC section 7 "Album", names of DESIGN.md section 9): thin handlers over
//! the `Album` service.

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::album::{Album, Photo};
use crate::api::envelope::{ok, Envelope, Page, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{parse_ids, IdList, Input, Query};
use crate::api::session::Session;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Album: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(photos))
        .routes(routes!(add))
        .routes(routes!(remove))
        .routes(routes!(set_open))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AlbumQuery {
    /// Whose album; mine without it.
    user_id: Option<i64>,
}

/// A person's album: mine with each photo's state; someone else's open photos (members only).
#[utoipa::path(get, path = "/system/catalog/list", tag = "album", params(AlbumQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Photo>>),
        (status = 401), (status = 403), (status = 404)))]
async fn photos(
    State(album): State<Album>,
    me: Session,
    Query(q): Query<AlbumQuery>,
) -> ApiResult<Reply<Page<Photo>>> {
    Ok(ok(album.photos(&me, q.user_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddRequest {
    /// Base64 data URLs (or keys from `POST /common/image/uploads/base64`); the album holds six.
    images: Option<Vec<String>>,
}

/// Adds photos to my album (members); each waits for review before others see it.
#[utoipa::path(post, path = "/system/catalog/add", tag = "album", request_body = AddRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Photo>>),
        (status = 400), (status = 401), (status = 403), (status = 413), (status = 429)))]
async fn add(
    State(album): State<Album>,
    me: Session,
    Input(req): Input<AddRequest>,
) -> ApiResult<Reply<Page<Photo>>> {
    let images = req.images.unwrap_or_default();
    Ok(ok(album.add(&me, &images).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    /// Comma-separated photo ids.
    #[param(value_type = IdList)]
    ids: Option<String>,
}

/// Deletes my photos (all or, when one is not mine, none).
#[utoipa::path(delete, path = "/system/catalog/remove", tag = "album", params(IdsQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>),
        (status = 400), (status = 401), (status = 404)))]
async fn remove(
    State(album): State<Album>,
    me: Session,
    Query(q): Query<IdsQuery>,
) -> ApiResult<Reply<Option<String>>> {
    let ids = parse_ids(q.ids.as_deref())?;
    album.remove(&me, &ids).await?;
    Ok(ok(None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OpenQuery {
    /// Comma-separated photo ids.
    #[param(value_type = IdList)]
    ids: Option<String>,
    /// true: shown to members who visit; false: private.
    #[param(value_type = bool)]
    is_open: Option<bool>,
}

/// Switches my photos open or private (all or, when one is not mine, none).
#[utoipa::path(put, path = "/system/catalog/editIsOpen", tag = "album", params(OpenQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>),
        (status = 400), (status = 401), (status = 404)))]
async fn set_open(
    State(album): State<Album>,
    me: Session,
    Query(q): Query<OpenQuery>,
) -> ApiResult<Reply<Option<String>>> {
    let ids = parse_ids(q.ids.as_deref())?;
    let open = q.is_open.ok_or(ApiError::Malformed("isOpen".into()))?;
    album.set_open(&me, &ids, open).await?;
    Ok(ok(None))
}
