//! Discover: the filtered, paged people of the home screen with the non-members' daily cap of
//! different people, the recommended list and a random person.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::Query;
use crate::api::session::Session;
use crate::people::model::{Card, DiscoverFilters};
use crate::people::paging::{PeoplePage, PeoplePaging};
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(discover))
        .routes(routes!(recommended))
        .routes(routes!(random))
}

/// Discover: people I may see, recently active first, with filters. Non-members see a number of
/// different people a day (operator setting; someone already shown today is shown again freely);
/// members see without limit. Pages follow `nextPageToken`; `total` is counted up to 1,000 and
/// estimated when the search's list was made.
#[utoipa::path(get, path = "/system/user/profile/homePage/all", tag = "people", params(DiscoverFilters),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<PeoplePage>), (status = 400), (status = 403)))]
async fn discover(
    State(people): State<People>,
    me: Session,
    Query(f): Query<DiscoverFilters>,
) -> ApiResult<Reply<PeoplePage>> {
    Ok(ok(people.discover(&me, &f).await?))
}

/// Recommended for me: people of the gender I look for, active in the last two weeks, most
/// recently active first, people I already like left out.
#[utoipa::path(get, path = "/system/user/listHand", tag = "people", params(PeoplePaging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<PeoplePage>), (status = 400)))]
async fn recommended(
    State(people): State<People>,
    me: Session,
    Query(p): Query<PeoplePaging>,
) -> ApiResult<Reply<PeoplePage>> {
    Ok(ok(people.recommended(&me, &p).await?))
}

/// One random person I may see, or null when there is nobody.
#[utoipa::path(get, path = "/system/sidekick/random", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<Card>>)))]
async fn random(State(people): State<People>, me: Session) -> ApiResult<Reply<Option<Card>>> {
    Ok(ok(people.random(&me).await?))
}
