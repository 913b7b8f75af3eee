//! People nearby: sharing my area (kept only as a cell of about 5 km) and the people sharing
//! theirs, nearest first.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{Input, Query};
use crate::api::session::Session;
use crate::people::forms::{AreaRequest, AreaState, NearbyPage};
use crate::people::model::DiscoverFilters;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(share_area))
        .routes(routes!(nearby))
}

/// Shares my area with people nearby: `{"lat", "lng"}` (latitude -90..90, longitude
/// -180..180) is kept only as the cell of about 5 km holding it, never the position; `{"off":
/// true}` stops sharing and forgets the cell. Off until I share. Bad coordinates answer 400 and
/// change nothing.
#[utoipa::path(put, path = "/system/user/profile/location", tag = "people", request_body = AreaRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<AreaState>), (status = 400)))]
async fn share_area(
    State(people): State<People>,
    me: Session,
    Input(req): Input<AreaRequest>,
) -> ApiResult<Reply<AreaState>> {
    Ok(ok(people.share_area(&me, &req).await?))
}

/// People nearby: people who share their area, nearest first, with `distanceKm` between our
/// areas (5 at the least: "less than 5 km") and the town their area is in, named in my
/// language, where one is near. Under discover's rules and filters (blocks either way, bans,
/// holds, passes, the other gender by default, the non-members' daily number of different
/// people). Pages follow `nextPageToken` only (`pageNum` is not taken); null at the end. Someone
/// who does not share their area gets 403 "Share your area to see people nearby": the app asks
/// them to share it first (getInfo's `sharesArea` says whether they do).
#[utoipa::path(get, path = "/system/user/profile/nearby", tag = "people", params(DiscoverFilters),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<NearbyPage>), (status = 400), (status = 403)))]
async fn nearby(
    State(people): State<People>,
    me: Session,
    Query(f): Query<DiscoverFilters>,
) -> ApiResult<Reply<NearbyPage>> {
    Ok(ok(people.nearby(&me, &f).await?))
}
