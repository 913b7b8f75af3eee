//! Profiles: a person's page (viewing it leaves a footprint), the public card, and whether
//! someone is online.

use axum::extract::{FromRef, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{day_of, UserIdQuery};
use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{Path, Query};
use crate::api::session::Session;
use crate::people::model::{Activity, Card};
use crate::people::pushes::Doing;
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    #[serde(flatten)]
    card: Card,
    /// I like (winked at) this person.
    liked: bool,
    /// This person likes me too: a match.
    mutual: bool,
    /// This person is in my contacts.
    contact: bool,
    /// This is my own profile.
    mine: bool,
}

/// A person's profile; viewing someone else's leaves a footprint (once a day).
#[utoipa::path(get, path = "/system/user/profile/homePage", tag = "people", params(UserIdQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Profile>), (status = 404)))]
async fn home_page(
    State(people): State<People>,
    me: Session,
    Query(q): Query<UserIdQuery>,
) -> ApiResult<Reply<Profile>> {
    let id = q.user_id.unwrap_or(me.user_id);
    let now = people.clock.unix();
    if id == me.user_id {
        let row = people
            .store
            .card(0, id)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        return Ok(ok(Profile {
            card: people.card(row),
            liked: false,
            mutual: false,
            contact: false,
            mine: true,
        }));
    }
    let row = people.visible_to(&me, id).await?;
    let first_today = people
        .store
        .record_footprint(me.user_id, id, day_of(now), now)
        .await?;
    if first_today {
        people.tell(me.user_id, id, Doing::Visited);
    }
    let (liked, likes_me) = people.store.like_state(me.user_id, id).await?;
    let contact = people.store.is_contact(me.user_id, id).await?;
    Ok(ok(Profile {
        card: people.card(row),
        liked,
        mutual: liked && likes_me,
        contact,
        mine: false,
    }))
}

/// A person's public card.
#[utoipa::path(get, path = "/system/user/getInfos/{id}", tag = "people", params(("id" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 404)))]
async fn public_card(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Card>> {
    Ok(ok(people.card(people.visible_to(&me, id).await?)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MinutesQuery {
    /// Accepted for the seed's clients and ignored: the window is the operator's online window
    /// (a window the caller chooses, minute by minute, would tell the exact last-active time).
    minutes: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnlineStatus {
    online: bool,
    /// How recently they were active; never the exact time.
    active: Activity,
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
    let row = people.visible_to(&me, id).await?;
    let active = Activity::of(
        row.last_active_at,
        people.clock.unix(),
        people.config.people.online_minutes,
    );
    Ok(ok(OnlineStatus {
        online: active == Activity::Online,
        active,
    }))
}
