//! Notice endpoints (SPEC section 7 "Misc", names of DESIGN.md section 9): open to everyone, as
//! the Bulletin and the update check are read before and after signing in.

use axum::extract::{FromRef, State};
use axum::http::HeaderMap;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Page, Paging, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{ClientIp, Input, Query};
use crate::api::session::Session;
use crate::i18n::Lang;
use crate::notices::store::ClientError;
use crate::notices::{Notice, Notices, Version};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Notices: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(notices))
        .routes(routes!(versions))
        .routes(routes!(report_error))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct NoticesQuery {
    page_num: Option<u32>,
    page_size: Option<u32>,
    /// The reader's language (en, zh-Hans, zh-Hant, ja, es, kr, ge, ru); `Accept-Language`
    /// without it.
    lang: Option<String>,
}

/// Announcements, newest first, in the reader's language where staff wrote one; a signed-in
/// reader also finds the notices staff wrote to them alone, and those the server wrote to them
/// (in every language, so in theirs). Without `lang` or `Accept-Language`, a signed-in reader
/// reads in the language of their account.
#[utoipa::path(get, path = "/system/notice/list", tag = "notices", params(NoticesQuery),
    responses((status = 200, body = Envelope<Page<Notice>>)))]
async fn notices(
    State(notices): State<Notices>,
    me: Option<Session>,
    headers: HeaderMap,
    Query(q): Query<NoticesQuery>,
) -> ApiResult<Reply<Page<Notice>>> {
    // The language the reader reads the app in; a signed-in reader who names none reads in
    // the language of their account.
    let lang = q.lang.as_deref().and_then(Lang::parse).or_else(|| {
        headers
            .contains_key(axum::http::header::ACCEPT_LANGUAGE)
            .then(Lang::current)
    });
    let paging = Paging {
        page_num: q.page_num,
        page_size: q.page_size,
    };
    Ok(ok(notices
        .notices(lang, me.map(|m| m.user_id), paging)
        .await?))
}

/// Released versions, newest first; the app offers the update when one is newer than itself.
#[utoipa::path(get, path = "/system/table/software/list", tag = "notices",
    responses((status = 200, body = Envelope<Vec<Version>>)))]
async fn versions(State(notices): State<Notices>) -> ApiResult<Reply<Vec<Version>>> {
    Ok(ok(notices.versions().await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorReport {
    /// What went wrong (cut at 1000 characters).
    message: Option<String>,
    /// Cut at 8000 characters.
    stack: Option<String>,
    /// The page it happened on (cut at 2000 characters).
    url: Option<String>,
    user_agent: Option<String>,
}

/// The web app reports an error it met; signing in is optional.
#[utoipa::path(post, path = "/system/error/html/add", tag = "notices", request_body = ErrorReport,
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 429)))]
async fn report_error(
    State(notices): State<Notices>,
    ClientIp(ip): ClientIp,
    me: Option<Session>,
    Input(req): Input<ErrorReport>,
) -> ApiResult<Reply<Option<String>>> {
    let report = ClientError {
        user_id: me.map(|s| s.user_id),
        message: req.message.as_deref().unwrap_or_default(),
        stack: req.stack.as_deref(),
        url: req.url.as_deref().unwrap_or_default(),
        user_agent: req.user_agent.as_deref(),
    };
    notices.report_error(&ip.to_string(), report).await?;
    Ok(ok(None))
}
