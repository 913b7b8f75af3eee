//! Passes: someone passed in Discover's card deck is not offered to me again for 30 days;
//! members may undo a pass.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{Input, Path};
use crate::api::session::Session;
use crate::people::forms::PassRequest;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(pass))
        .routes(routes!(undo_pass))
}

/// Passes on a person: Discover (grid, deck and the recommended list) leaves them out for me
/// for 30 days. Passing again starts the 30 days again; liking them removes the pass.
#[utoipa::path(post, path = "/system/user/pass", tag = "people", request_body = PassRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 404)))]
async fn pass(
    State(people): State<People>,
    me: Session,
    Input(req): Input<PassRequest>,
) -> ApiResult<Reply<Option<String>>> {
    let id = req.user_id.ok_or(ApiError::NotFound)?;
    people.pass(&me, id).await?;
    Ok(ok(None))
}

/// Undoes a pass (members only; non-members answer `data.upgrade`): the person may be offered
/// again at once. Any pass still standing may be undone; the app offers the last one. 404 when
/// there is no pass on them.
#[utoipa::path(delete, path = "/system/user/pass/{userId}", tag = "people",
    params(("userId" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 403), (status = 404)))]
async fn undo_pass(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Option<String>>> {
    people.undo_pass(&me, id).await?;
    Ok(ok(None))
}
