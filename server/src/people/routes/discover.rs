//! Discover: the filtered, paged people of the home screen with the non-members' daily cap of
//! different people, the recommended list and a random person.

use axum::extract::{FromRef, State};
use chrono::Months;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::day_of;
use crate::account::model::UserRow;
use crate::account::model::{Country, Gender};
use crate::account::sessions::Session;
use crate::api::envelope::{ok, Envelope, Page, Paging, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::Query;
use crate::i18n::Msg;
use crate::people::model::{Card, DiscoverFilters};
use crate::people::store::{Arg, Search};
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

/// The conditions of a discover search for `me`.
fn search_for(people: &People, me: &UserRow, f: &DiscoverFilters) -> ApiResult<Search> {
    let mut search = Search::default();
    let today = people.clock.now().date_naive();
    match f.gender.as_deref().filter(|g| !g.is_empty()) {
        Some(g) => search.push(
            "u.gender = $?",
            Arg::Text(Gender::parse(Some(g))?.as_str().to_owned()),
        ),
        None if people.config.people.opposite_gender_by_default => {
            search.push(
                "u.gender = $?",
                Arg::Text(me.gender.other().as_str().to_owned()),
            );
        }
        None => {}
    }
    if let Some(c) = f.country.as_deref().filter(|c| !c.is_empty()) {
        search.push(
            "u.country = $?",
            Arg::Text(Country::parse(Some(c))?.as_str().to_owned()),
        );
    }
    if let Some(l) = f.language.as_deref().filter(|l| !l.is_empty()) {
        let code = crate::account::model::parse_language(Some(l))?;
        search.push("u.language = $?", Arg::Text(code.to_owned()));
    }
    let (min, max) = (f.min_age.unwrap_or(18), f.max_age.unwrap_or(99));
    if !(18..=99).contains(&min) || !(18..=99).contains(&max) || min > max {
        return Err(ApiError::Invalid(Msg::AgeRange));
    }
    let years_ago = |years: u32| {
        today
            .checked_sub_months(Months::new(12 * years))
            .unwrap_or(today)
            .format("%Y-%m-%d")
            .to_string()
    };
    if min > 18 {
        search.push("u.birthday <= $?", Arg::Text(years_ago(min)));
    }
    if max < 99 {
        // Younger than max + 1: born after that many years ago.
        search.push("u.birthday > $?", Arg::Text(years_ago(max + 1)));
    }
    let now = people.clock.unix();
    if f.online == Some(true) {
        search.push(
            "u.last_active_at >= $?",
            Arg::Int(now - people.config.people.online_minutes * 60),
        );
    }
    if f.with_photos == Some(true) {
        search
            .conditions
            .push("u.avatar_key IS NOT NULL".to_owned());
    }
    if f.new_members == Some(true) {
        search.push("u.created_at >= $?", Arg::Int(now - 30 * 86_400));
    }
    Ok(search)
}

/// Discover: people I may see, recently active first, with filters. Non-members see a number of
/// different people a day (operator setting; someone already shown today is shown again freely);
/// members see without limit.
#[utoipa::path(get, path = "/system/user/profile/homePage/all", tag = "people", params(DiscoverFilters),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>), (status = 403)))]
async fn discover(
    State(people): State<People>,
    me: Session,
    Query(f): Query<DiscoverFilters>,
) -> ApiResult<Reply<Page<Card>>> {
    let row = people.me_row(&me).await?;
    let search = search_for(&people, &row, &f)?;
    let paging = Paging {
        page_num: f.page_num,
        page_size: f.page_size,
    };
    let now = people.clock.unix();
    let (mut rows, total) = people
        .store
        .discover(me.user_id, &search, paging.limit(), paging.offset())
        .await?;
    if row.membership(now).is_none() {
        // Non-members see a number of different people a day; someone seen again is free.
        let candidates: Vec<i64> = rows.iter().map(|r| r.id).collect();
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
        rows.retain(|r| admitted.contains(&r.id));
    }
    Ok(ok(people.page((rows, total))))
}

/// Recommended for me: people of the gender I look for, active in the last two weeks, most
/// recently active first, people I already like left out.
#[utoipa::path(get, path = "/system/user/listHand", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>)))]
async fn recommended(
    State(people): State<People>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    let row = people.me_row(&me).await?;
    let mut search = search_for(&people, &row, &DiscoverFilters::default())?;
    search.push(
        "u.last_active_at >= $?",
        Arg::Int(people.clock.unix() - 14 * 86_400),
    );
    search.conditions.push(
        "NOT EXISTS (SELECT 1 FROM likes mine WHERE mine.liker_id = $1 AND mine.liked_id = u.id)"
            .to_owned(),
    );
    let (rows, total) = people
        .store
        .discover(me.user_id, &search, p.limit(), p.offset())
        .await?;
    Ok(ok(people.page((rows, total))))
}

/// One random person I may see, or null when there is nobody.
#[utoipa::path(get, path = "/system/sidekick/random", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<Card>>)))]
async fn random(State(people): State<People>, me: Session) -> ApiResult<Reply<Option<Card>>> {
    let row = people.me_row(&me).await?;
    let search = search_for(&people, &row, &DiscoverFilters::default())?;
    Ok(ok(people
        .store
        .random(me.user_id, &search)
        .await?
        .map(|r| people.card(r))))
}
