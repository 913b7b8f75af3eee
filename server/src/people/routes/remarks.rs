//! Private remarks: the name I give a person, seen only by me.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{Input, Path, Query};
use crate::api::session::Session;
use crate::people::forms::{RemarkQuery, RemarkRequest};
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

/// Sets my private remark for a contact (shown instead of their name).
#[utoipa::path(post, path = "/em/friend/updateRemark/{userId}", tag = "people", params(("userId" = i64, Path), RemarkQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn update_remark(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
    Query(q): Query<RemarkQuery>,
) -> ApiResult<Reply<Card>> {
    Ok(ok(people.save_remark(&me, id, q.remark.as_deref()).await?))
}

/// Adds my private remark for a person.
#[utoipa::path(post, path = "/system/remarks/add", tag = "people", request_body = RemarkRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn add_remark(
    State(people): State<People>,
    me: Session,
    Input(req): Input<RemarkRequest>,
) -> ApiResult<Reply<Card>> {
    let id = req.user_id.ok_or(ApiError::NotFound)?;
    Ok(ok(people
        .save_remark(&me, id, req.remark.as_deref())
        .await?))
}

/// Changes my private remark for a person.
#[utoipa::path(put, path = "/system/remarks/update", tag = "people", request_body = RemarkRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn change_remark(
    State(people): State<People>,
    me: Session,
    Input(req): Input<RemarkRequest>,
) -> ApiResult<Reply<Card>> {
    let id = req.user_id.ok_or(ApiError::NotFound)?;
    Ok(ok(people
        .save_remark(&me, id, req.remark.as_deref())
        .await?))
}
