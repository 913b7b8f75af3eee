//! Privacy endpoints: the archive of my data. (Deleting the account is
//! `POST /system/user/cancellation`, with the account endpoints, as it asks for the password.)

use axum::extract::{FromRef, State};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::error::ApiResult;
use crate::api::session::Session;
use crate::privacy::export::Archive;
use crate::privacy::Privacy;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Privacy: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(export_my_data))
}

/// A zip archive (the OpenAPI document's name for the bytes of `/system/user/export`).
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ZipArchive(pub Vec<u8>);

/// Everything we hold about me, to take with me (GDPR article 20): a zip of `profile.json`,
/// `messages.json`, `likes.json`, `posts.json`, `album.json`, `orders.json`, `ledger.json`,
/// the pictures under `photos/`, and a `README.txt` saying what each is. Limited per account
/// (`rate_limit.export_per_account` an hour): each reads all of it.
#[utoipa::path(get, path = "/system/user/export", tag = "privacy", security(("bearer" = [])),
    responses(
        (status = 200, description = "The archive, as a download named amora-<userName>-<date>.zip",
            content_type = "application/zip", body = ZipArchive,
            headers(("Content-Disposition" = String, description = "attachment; filename=\"amora-<userName>-<YYYY-MM-DD>.zip\""))),
        (status = 401), (status = 429)))]
async fn export_my_data(State(privacy): State<Privacy>, me: Session) -> ApiResult<Archive> {
    privacy.export(me).await
}
