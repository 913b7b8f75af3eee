//! Likes and winks, and the lists they make: My Favourite, Wink Me, matches and Love's
//! Footprints (the member-only ones answer `data.upgrade`), with their red-badge counters.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{open_list, require_member, visible};
use crate::account::sessions::Session;
use crate::api::envelope::{ok, Envelope, Page, Paging, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{Path, Query};
use crate::api::rate_limit::Action;
use crate::app::App;
use crate::people::model::{Card, Counters, List};
use crate::people::store::{PeopleList, PeopleStore};

pub fn router() -> OpenApiRouter<App> {
    OpenApiRouter::new()
        .routes(routes!(counters))
        .routes(routes!(toggle_like))
        .routes(routes!(like_to))
        .routes(routes!(like_me))
        .routes(routes!(mutual))
        .routes(routes!(visitors))
}

/// The red-badge counters: new since each list was last opened.
#[utoipa::path(get, path = "/system/user/profile/homePage/count", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Counters>)))]
async fn counters(State(app): State<App>, me: Session) -> ApiResult<Reply<Counters>> {
    Ok(ok(app.db.counters(me.user_id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LikeState {
    /// I like this person now.
    liked: bool,
    /// And they like me: a match.
    mutual: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LikeQuery {
    /// What the heart should show after the tap: `true` likes, `false` takes the like back, and
    /// asking again changes nothing. Without it the like flips (the seed's clients).
    like: Option<bool>,
}

/// Likes (winks at) a person, or takes the like back.
#[utoipa::path(get, path = "/system/like/opera/{id}", tag = "people",
    params(("id" = i64, Path), LikeQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<LikeState>), (status = 404)))]
async fn toggle_like(
    State(app): State<App>,
    me: Session,
    Path(id): Path<i64>,
    Query(q): Query<LikeQuery>,
) -> ApiResult<Reply<LikeState>> {
    app.limits
        .check(Action::LikeByAccount, &me.user_id.to_string())?;
    visible(&app, &me, id).await?;
    let now = app.clock.unix();
    match q.like {
        Some(like) => app.db.set_like(me.user_id, id, like, now).await?,
        None => {
            app.db.toggle_like(me.user_id, id, now).await?;
        }
    }
    let (liked, likes_me) = app.db.like_state(me.user_id, id).await?;
    Ok(ok(LikeState {
        liked,
        mutual: liked && likes_me,
    }))
}

/// My Favourite: people I like.
#[utoipa::path(get, path = "/system/like/likeTo", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>)))]
async fn like_to(
    State(app): State<App>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    open_list(&app, &me, PeopleList::LikeTo, Some(List::LikeTo), p).await
}

/// Wink Me: people who like me (members only).
#[utoipa::path(get, path = "/system/like/likeMe", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>), (status = 403)))]
async fn like_me(
    State(app): State<App>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    require_member(&app, &me).await?;
    open_list(&app, &me, PeopleList::LikeMe, Some(List::LikeMe), p).await
}

/// Matches: people I like who like me back.
#[utoipa::path(get, path = "/system/like/likeMeAndLikeTo", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>)))]
async fn mutual(
    State(app): State<App>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    open_list(&app, &me, PeopleList::Mutual, None, p).await
}

/// Love's Footprints: people who visited my profile (members only).
#[utoipa::path(get, path = "/system/like/visitor", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>), (status = 403)))]
async fn visitors(
    State(app): State<App>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    require_member(&app, &me).await?;
    open_list(&app, &me, PeopleList::Visitors, Some(List::Visitor), p).await
}
