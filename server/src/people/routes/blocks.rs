//! Blocks: the blacklist, blocking and unblocking (blocked people vanish from each other).

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{parse_ids, Input, Query};
use crate::api::session::Session;
use crate::people::forms::{BlockRequest, IdsQuery};
use crate::people::paging::{PeoplePage, PeoplePaging};
use crate::people::store::PeopleList;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(blocked))
        .routes(routes!(block))
        .routes(routes!(unblock))
}

/// People I blocked.
#[utoipa::path(get, path = "/system/blacklisted/list", tag = "people", params(PeoplePaging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<PeoplePage>), (status = 400)))]
async fn blocked(
    State(people): State<People>,
    me: Session,
    Query(p): Query<PeoplePaging>,
) -> ApiResult<Reply<PeoplePage>> {
    Ok(ok(people
        .open_list(&me, PeopleList::Blocked, None, p)
        .await?))
}

/// Blocks a person: we no longer see each other anywhere.
#[utoipa::path(post, path = "/system/blacklisted/add", tag = "people", request_body = BlockRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 404)))]
async fn block(
    State(people): State<People>,
    me: Session,
    Input(req): Input<BlockRequest>,
) -> ApiResult<Reply<Option<String>>> {
    let id = req.user_id.ok_or(ApiError::NotFound)?;
    people.block(&me, id).await?;
    Ok(ok(None))
}

/// Unblocks people.
#[utoipa::path(delete, path = "/system/blacklisted/remove", tag = "people", params(IdsQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 400)))]
async fn unblock(
    State(people): State<People>,
    me: Session,
    Query(q): Query<IdsQuery>,
) -> ApiResult<Reply<Option<String>>> {
    let ids = parse_ids(q.ids.as_deref())?;
    people.unblock(&me, &ids).await?;
    Ok(ok(None))
}
