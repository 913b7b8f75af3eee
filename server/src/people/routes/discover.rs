//! Discover: the filtered, paged people of the home screen with the non-members' daily cap of
//! different people, the recommended list and a random person.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::day_of;
use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::Query;
use crate::api::session::Session;
use crate::people::discover::{DiscoverPage, Reading, Search};
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
    let row = people.me_row(&me).await?;
    let search = Search::of(&people, &row, &f)?;
    let reading = Reading {
        viewer: me.user_id,
        search: &search,
        unliked: false,
    };
    let mut page = people.discover_page(reading, &f.paging()).await?;
    let now = people.clock.unix();
    if row.membership(now).is_none() {
        // Non-members see a number of different people a day; someone seen again is free.
        let candidates: Vec<i64> = page.rows.iter().map(|r| r.id).collect();
        let admitted = people
            .store
            .admit_shown(
                me.user_id,
                day_of(now),
                &candidates,
                people.config.people.daily_discover_cap,
            )
            .await?;
        if admitted.is_empty() && !candidates.is_empty() {
            return Err(ApiError::Upgrade);
        }
        page.rows.retain(|r| admitted.contains(&r.id));
    }
    Ok(ok(people.discovered(page)))
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
    let row = people.me_row(&me).await?;
    let search = Search::of(&people, &row, &DiscoverFilters::default())?.active_within(14);
    let reading = Reading {
        viewer: me.user_id,
        search: &search,
        unliked: true,
    };
    let page = people.discover_page(reading, &p).await?;
    Ok(ok(people.discovered(page)))
}

impl People {
    /// A discover page as the viewer sees it, its token written out.
    fn discovered(&self, page: DiscoverPage) -> PeoplePage {
        let next = page.next.map(|t| t.encode());
        self.people_page(page.rows, page.total, next)
    }
}

/// One random person I may see, or null when there is nobody.
#[utoipa::path(get, path = "/system/sidekick/random", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<Card>>)))]
async fn random(State(people): State<People>, me: Session) -> ApiResult<Reply<Option<Card>>> {
    let row = people.me_row(&me).await?;
    let search = Search::of(&people, &row, &DiscoverFilters::default())?;
    Ok(ok(people
        .random_of(me.user_id, &search)
        .await?
        .map(|r| people.card(r))))
}
