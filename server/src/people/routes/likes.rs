//! Likes and winks, and the lists they make: My Favourite, Wink Me, matches and Love's
//! Footprints (the member-only ones answer `data.upgrade`); their red-badge counters are the
//! feed's to answer (`feed/routes.rs`).

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{Path, Query};
use crate::api::session::Session;
use crate::people::forms::{LikeQuery, LikeState};
use crate::people::model::List;
use crate::people::paging::{PeoplePage, PeoplePaging};
use crate::people::store::PeopleList;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(toggle_like))
        .routes(routes!(like_to))
        .routes(routes!(like_me))
        .routes(routes!(mutual))
        .routes(routes!(visitors))
}

/// Likes (winks at) a person, or takes the like back.
#[utoipa::path(get, path = "/system/like/opera/{id}", tag = "people",
    params(("id" = i64, Path), LikeQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<LikeState>), (status = 404)))]
async fn toggle_like(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
    Query(q): Query<LikeQuery>,
) -> ApiResult<Reply<LikeState>> {
    Ok(ok(people.like(&me, id, q.like).await?))
}

/// My Favourite: people I like.
#[utoipa::path(get, path = "/system/like/likeTo", tag = "people", params(PeoplePaging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<PeoplePage>), (status = 400)))]
async fn like_to(
    State(people): State<People>,
    me: Session,
    Query(p): Query<PeoplePaging>,
) -> ApiResult<Reply<PeoplePage>> {
    let page = people
        .open_list(&me, PeopleList::LikeTo, Some(List::LikeTo), p)
        .await?;
    Ok(ok(page))
}

/// Wink Me: people who like me (members only).
#[utoipa::path(get, path = "/system/like/likeMe", tag = "people", params(PeoplePaging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<PeoplePage>), (status = 400), (status = 403)))]
async fn like_me(
    State(people): State<People>,
    me: Session,
    Query(p): Query<PeoplePaging>,
) -> ApiResult<Reply<PeoplePage>> {
    let page = people
        .members_list(&me, PeopleList::LikeMe, Some(List::LikeMe), p)
        .await?;
    Ok(ok(page))
}

/// Matches: people I like who like me back.
#[utoipa::path(get, path = "/system/like/likeMeAndLikeTo", tag = "people", params(PeoplePaging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<PeoplePage>), (status = 400)))]
async fn mutual(
    State(people): State<People>,
    me: Session,
    Query(p): Query<PeoplePaging>,
) -> ApiResult<Reply<PeoplePage>> {
    Ok(ok(people
        .open_list(&me, PeopleList::Mutual, None, p)
        .await?))
}

/// Love's Footprints: people who visited my profile (members only).
#[utoipa::path(get, path = "/system/like/visitor", tag = "people", params(PeoplePaging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<PeoplePage>), (status = 400), (status = 403)))]
async fn visitors(
    State(people): State<People>,
    me: Session,
    Query(p): Query<PeoplePaging>,
) -> ApiResult<Reply<PeoplePage>> {
    let page = people
        .members_list(&me, PeopleList::Visitors, Some(List::Visitor), p)
        .await?;
    Ok(ok(page))
}
