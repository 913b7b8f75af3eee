//! Blocks: the blacklist, blocking and unblocking (blocked people vanish from each other).

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{parse_ids, IdList, Input, Query};
use crate::api::session::Session;
use crate::i18n::Msg;
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
    people.open_list(&me, PeopleList::Blocked, None, p).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockRequest {
    user_id: Option<i64>,
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
    if id == me.user_id {
        return Err(ApiError::Invalid(Msg::NotYourself));
    }
    // Blocking someone who already blocked me is allowed (and invisible to them).
    people.accounts.user(id).await?.ok_or(ApiError::NotFound)?;
    people
        .store
        .block(me.user_id, id, people.clock.unix())
        .await?;
    Ok(ok(None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    /// Comma-separated user ids of the people to unblock.
    #[param(value_type = IdList)]
    ids: Option<String>,
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
    people.store.unblock(me.user_id, &ids).await?;
    Ok(ok(None))
}
