//! Profiles: a person's page (viewing it leaves a footprint), the public card, and whether
//! someone is online.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{Path, Query};
use crate::api::session::Session;
use crate::people::forms::{MinutesQuery, OnlineStatus, Profile, UserIdQuery};
use crate::people::model::Card;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(home_page))
        .routes(routes!(public_card))
        .routes(routes!(online_status))
}

/// A person's profile; viewing someone else's leaves a footprint (once a day).
#[utoipa::path(get, path = "/system/user/profile/homePage", tag = "people", params(UserIdQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Profile>), (status = 404)))]
async fn home_page(
    State(people): State<People>,
    me: Session,
    Query(q): Query<UserIdQuery>,
) -> ApiResult<Reply<Profile>> {
    Ok(ok(people.profile(&me, q.user_id).await?))
}

/// A person's public card.
#[utoipa::path(get, path = "/system/user/getInfos/{id}", tag = "people", params(("id" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 404)))]
async fn public_card(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Card>> {
    Ok(ok(people.public_card(&me, id).await?))
}

/// Whether a person is online now, and how recently they were active.
#[utoipa::path(get, path = "/system/user/checkOnlineStatusInLast/{id}", tag = "people",
    params(("id" = i64, Path), MinutesQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<OnlineStatus>), (status = 404)))]
async fn online_status(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
    Query(q): Query<MinutesQuery>,
) -> ApiResult<Reply<OnlineStatus>> {
    let _ = q.minutes;
    Ok(ok(people.online_status(&me, id).await?))
}
