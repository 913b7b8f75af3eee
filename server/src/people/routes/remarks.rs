//! Private remarks: the name I give a person, seen only by me.

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{Input, Path, Query};
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::people::model::Card;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(update_remark))
        .routes(routes!(add_remark))
        .routes(routes!(change_remark))
}

fn parse_remark(raw: Option<&str>) -> ApiResult<Option<String>> {
    let remark = raw.map(str::trim).filter(|r| !r.is_empty());
    match remark {
        Some(r) if r.chars().count() > 30 => Err(ApiError::Invalid(Msg::RemarkTooLong)),
        other => Ok(other.map(str::to_owned)),
    }
}

async fn save_remark(
    people: &People,
    me: &Session,
    id: i64,
    remark: Option<&str>,
) -> ApiResult<Reply<Card>> {
    let remark = parse_remark(remark)?;
    people.visible_to(me, id).await?;
    people
        .store
        .set_remark(me.user_id, id, remark.as_deref(), people.clock.unix())
        .await?;
    Ok(ok(people.card(people.visible_to(me, id).await?)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RemarkQuery {
    /// Empty clears the remark.
    remark: Option<String>,
}

/// Sets my private remark for a contact (shown instead of their name).
#[utoipa::path(post, path = "/em/friend/updateRemark/{userId}", tag = "people", params(("userId" = i64, Path), RemarkQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn update_remark(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
    Query(q): Query<RemarkQuery>,
) -> ApiResult<Reply<Card>> {
    save_remark(&people, &me, id, q.remark.as_deref()).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemarkRequest {
    user_id: Option<i64>,
    /// Empty clears the remark.
    remark: Option<String>,
}

/// Adds my private remark for a person.
#[utoipa::path(post, path = "/system/remarks/add", tag = "people", request_body = RemarkRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn add_remark(
    State(people): State<People>,
    me: Session,
    Input(req): Input<RemarkRequest>,
) -> ApiResult<Reply<Card>> {
    save_remark(
        &people,
        &me,
        req.user_id.ok_or(ApiError::NotFound)?,
        req.remark.as_deref(),
    )
    .await
}

/// Changes my private remark for a person.
#[utoipa::path(put, path = "/system/remarks/update", tag = "people", request_body = RemarkRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn change_remark(
    State(people): State<People>,
    me: Session,
    Input(req): Input<RemarkRequest>,
) -> ApiResult<Reply<Card>> {
    save_remark(
        &people,
        &me,
        req.user_id.ok_or(ApiError::NotFound)?,
        req.remark.as_deref(),
    )
    .await
}
