//! People endpoints (SPEC section 7 "Users and likes", "Friends and IM" contacts, "Blacklist
//! and reports", `sidekick/random`).

use axum::extract::State;
use chrono::Months;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::account::model::{membership, Country, Gender, Level};
use crate::account::sessions::Session;
use crate::account::store::{AccountStore, UserRow};
use crate::api::envelope::{ok, ok_with, Envelope, Page, Paging, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{Input, Path, Query};
use crate::api::rate_limit::Action;
use crate::app::App;
use crate::i18n::Msg;
use crate::people::demo::{CONCIERGE_NAME, SUPPORT_NAME};
use crate::people::model::{
    Activity, Card, CardRow, Counters, DiscoverFilters, List, REPORT_REASONS,
};
use crate::people::store::{Arg, PeopleList, PeopleStore, Search};

pub fn router() -> OpenApiRouter<App> {
    OpenApiRouter::new()
        .routes(routes!(home_page))
        .routes(routes!(discover))
        .routes(routes!(counters))
        .routes(routes!(public_card))
        .routes(routes!(recommended))
        .routes(routes!(online_status))
        .routes(routes!(random))
        .routes(routes!(toggle_like))
        .routes(routes!(like_to))
        .routes(routes!(like_me))
        .routes(routes!(mutual))
        .routes(routes!(visitors))
        .routes(routes!(add_contact))
        .routes(routes!(remove_contact))
        .routes(routes!(contacts))
        .routes(routes!(customer_service))
        .routes(routes!(update_remark))
        .routes(routes!(add_remark))
        .routes(routes!(change_remark))
        .routes(routes!(blocked))
        .routes(routes!(block))
        .routes(routes!(unblock))
        .routes(routes!(report))
}

/// The signed-in person's own row (their gender and membership decide what they see).
async fn me_row(app: &App, me: &Session) -> ApiResult<UserRow> {
    app.db.user(me.user_id).await?.ok_or(ApiError::Unauthorized)
}

fn level_of(row: &UserRow, now: i64) -> Option<Level> {
    membership(row.level.as_deref(), row.member_expires_at, now)
}

fn card(app: &App, row: CardRow) -> Card {
    Card::from_row(row, app.clock.unix(), app.config.people.online_minutes)
}

fn page(app: &App, (rows, total): (Vec<CardRow>, i64)) -> Page<Card> {
    Page {
        rows: rows.into_iter().map(|r| card(app, r)).collect(),
        total,
    }
}

/// Someone I may see, or 404 (blocked either way, deleted, banned, unknown).
async fn visible(app: &App, me: &Session, id: i64) -> ApiResult<CardRow> {
    if id == me.user_id {
        return Err(ApiError::Invalid(Msg::NotYourself));
    }
    app.db.card(me.user_id, id).await?.ok_or(ApiError::NotFound)
}

fn day_of(unix: i64) -> i64 {
    unix.div_euclid(86_400)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserIdQuery {
    user_id: Option<i64>,
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
    State(app): State<App>,
    me: Session,
    Query(q): Query<UserIdQuery>,
) -> ApiResult<Reply<Profile>> {
    let id = q.user_id.unwrap_or(me.user_id);
    let now = app.clock.unix();
    if id == me.user_id {
        let row = app.db.card(0, id).await?.ok_or(ApiError::Unauthorized)?;
        return Ok(ok(Profile {
            card: card(&app, row),
            liked: false,
            mutual: false,
            contact: false,
            mine: true,
        }));
    }
    let row = visible(&app, &me, id).await?;
    app.db
        .record_footprint(me.user_id, id, day_of(now), now)
        .await?;
    let (liked, likes_me) = app.db.like_state(me.user_id, id).await?;
    let contact = app.db.is_contact(me.user_id, id).await?;
    Ok(ok(Profile {
        card: card(&app, row),
        liked,
        mutual: liked && likes_me,
        contact,
        mine: false,
    }))
}

/// The conditions of a discover search for `me`.
fn search_for(app: &App, me: &UserRow, f: &DiscoverFilters) -> ApiResult<Search> {
    let mut search = Search::default();
    let today = app.clock.now().date_naive();
    match f.gender.as_deref().filter(|g| !g.is_empty()) {
        Some(g) => search.push(
            "u.gender = $?",
            Arg::Text(Gender::parse(Some(g))?.as_str().to_owned()),
        ),
        None if app.config.people.opposite_gender_by_default => {
            let other = if me.gender == "female" {
                "male"
            } else {
                "female"
            };
            search.push("u.gender = $?", Arg::Text(other.to_owned()));
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
    let now = app.clock.unix();
    if f.online == Some(true) {
        search.push(
            "u.last_active_at >= $?",
            Arg::Int(now - app.config.people.online_minutes * 60),
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
    State(app): State<App>,
    me: Session,
    Query(f): Query<DiscoverFilters>,
) -> ApiResult<Reply<Page<Card>>> {
    let row = me_row(&app, &me).await?;
    let search = search_for(&app, &row, &f)?;
    let paging = Paging {
        page_num: f.page_num,
        page_size: f.page_size,
    };
    let now = app.clock.unix();
    let (mut rows, total) = app
        .db
        .discover(me.user_id, &search, paging.limit(), paging.offset())
        .await?;
    if level_of(&row, now).is_none() {
        // Non-members see a number of different people a day; someone seen again is free.
        let candidates: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let admitted = app
            .db
            .admit_shown(
                me.user_id,
                day_of(now),
                &candidates,
                app.config.people.daily_discover_cap,
            )
            .await?;
        if admitted.is_empty() && !candidates.is_empty() {
            return Err(ApiError::Upgrade);
        }
        rows.retain(|r| admitted.contains(&r.id));
    }
    Ok(ok(page(&app, (rows, total))))
}

/// The red-badge counters: new since each list was last opened.
#[utoipa::path(get, path = "/system/user/profile/homePage/count", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Counters>)))]
async fn counters(State(app): State<App>, me: Session) -> ApiResult<Reply<Counters>> {
    Ok(ok(app.db.counters(me.user_id).await?))
}

/// A person's public card.
#[utoipa::path(get, path = "/system/user/getInfos/{id}", tag = "people", params(("id" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 404)))]
async fn public_card(
    State(app): State<App>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Card>> {
    Ok(ok(card(&app, visible(&app, &me, id).await?)))
}

/// Recommended for me: people of the gender I look for, active in the last two weeks, most
/// recently active first, people I already like left out.
#[utoipa::path(get, path = "/system/user/listHand", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>)))]
async fn recommended(
    State(app): State<App>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    let row = me_row(&app, &me).await?;
    let mut search = search_for(&app, &row, &DiscoverFilters::default())?;
    search.push(
        "u.last_active_at >= $?",
        Arg::Int(app.clock.unix() - 14 * 86_400),
    );
    search.conditions.push(
        "NOT EXISTS (SELECT 1 FROM likes mine WHERE mine.liker_id = $1 AND mine.liked_id = u.id)"
            .to_owned(),
    );
    let (rows, total) = app
        .db
        .discover(me.user_id, &search, p.limit(), p.offset())
        .await?;
    Ok(ok(page(&app, (rows, total))))
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
    State(app): State<App>,
    me: Session,
    Path(id): Path<i64>,
    Query(q): Query<MinutesQuery>,
) -> ApiResult<Reply<OnlineStatus>> {
    let _ = q.minutes;
    let row = visible(&app, &me, id).await?;
    let active = Activity::of(
        row.last_active_at,
        app.clock.unix(),
        app.config.people.online_minutes,
    );
    Ok(ok(OnlineStatus {
        online: active == Activity::Online,
        active,
    }))
}

/// One random person I may see, or null when there is nobody.
#[utoipa::path(get, path = "/system/sidekick/random", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<Card>>)))]
async fn random(State(app): State<App>, me: Session) -> ApiResult<Reply<Option<Card>>> {
    let row = me_row(&app, &me).await?;
    let search = search_for(&app, &row, &DiscoverFilters::default())?;
    Ok(ok(app
        .db
        .random(me.user_id, &search)
        .await?
        .map(|r| card(&app, r))))
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

/// Opens a list: pages it, and clears its red badge.
async fn open_list(
    app: &App,
    me: &Session,
    list: PeopleList,
    badge: Option<List>,
    p: Paging,
) -> ApiResult<Reply<Page<Card>>> {
    let rows = app.db.list(me.user_id, list, p.limit(), p.offset()).await?;
    if let Some(badge) = badge {
        app.db
            .mark_seen(me.user_id, badge, app.clock.unix())
            .await?;
    }
    Ok(ok(page(app, rows)))
}

/// Member-only lists answer 403 with `data.upgrade` to non-members.
async fn require_member(app: &App, me: &Session) -> ApiResult<()> {
    let row = me_row(app, me).await?;
    level_of(&row, app.clock.unix())
        .map(|_| ())
        .ok_or(ApiError::Upgrade)
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

/// Adds a person to my contacts.
#[utoipa::path(get, path = "/em/addFriend/{userId}", tag = "people", params(("userId" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 404)))]
async fn add_contact(
    State(app): State<App>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Card>> {
    let row = visible(&app, &me, id).await?;
    app.db.add_contact(me.user_id, id, app.clock.unix()).await?;
    Ok(ok(card(&app, row)))
}

/// Removes a person from my contacts.
#[utoipa::path(get, path = "/em/delFriend/{userId}", tag = "people", params(("userId" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>)))]
async fn remove_contact(
    State(app): State<App>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Option<String>>> {
    app.db.remove_contact(me.user_id, id).await?;
    Ok(ok(None))
}

/// My contacts, newest first.
#[utoipa::path(get, path = "/em/friends/list", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>)))]
async fn contacts(
    State(app): State<App>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    open_list(&app, &me, PeopleList::Contacts, None, p).await
}

/// The customer-service contact: members get the exclusive concierge.
#[utoipa::path(get, path = "/em/friends/customer", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>)))]
async fn customer_service(State(app): State<App>, me: Session) -> ApiResult<Reply<Card>> {
    let row = me_row(&app, &me).await?;
    let name = if level_of(&row, app.clock.unix()).is_some() {
        CONCIERGE_NAME
    } else {
        SUPPORT_NAME
    };
    let service = app
        .db
        .service_account(me.user_id, name)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(ok(card(&app, service)))
}

fn parse_remark(raw: Option<&str>) -> ApiResult<Option<String>> {
    let remark = raw.map(str::trim).filter(|r| !r.is_empty());
    match remark {
        Some(r) if r.chars().count() > 30 => Err(ApiError::Invalid(Msg::RemarkTooLong)),
        other => Ok(other.map(str::to_owned)),
    }
}

async fn save_remark(
    app: &App,
    me: &Session,
    id: i64,
    remark: Option<&str>,
) -> ApiResult<Reply<Card>> {
    let remark = parse_remark(remark)?;
    visible(app, me, id).await?;
    app.db
        .set_remark(me.user_id, id, remark.as_deref(), app.clock.unix())
        .await?;
    Ok(ok(card(app, visible(app, me, id).await?)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RemarkQuery {
    /// Empty clears the remark.
    remark: Option<String>,
}

/// Sets my private remark for a contact (shown instead of their name).
#[utoipa::path(post, path = "/em/friend/updateRemark/{userId}", tag = "people", params(("userId" = i64, Path), RemarkQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn update_remark(
    State(app): State<App>,
    me: Session,
    Path(id): Path<i64>,
    Query(q): Query<RemarkQuery>,
) -> ApiResult<Reply<Card>> {
    save_remark(&app, &me, id, q.remark.as_deref()).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemarkRequest {
    user_id: Option<i64>,
    /// Empty clears the remark.
    remark: Option<String>,
}

/// Adds my private remark for a person.
#[utoipa::path(post, path = "/system/remarks/add", tag = "people", request_body = RemarkRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn add_remark(
    State(app): State<App>,
    me: Session,
    Input(req): Input<RemarkRequest>,
) -> ApiResult<Reply<Card>> {
    save_remark(
        &app,
        &me,
        req.user_id.ok_or(ApiError::NotFound)?,
        req.remark.as_deref(),
    )
    .await
}

/// Changes my private remark for a person.
#[utoipa::path(put, path = "/system/remarks/update", tag = "people", request_body = RemarkRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 400), (status = 404)))]
async fn change_remark(
    State(app): State<App>,
    me: Session,
    Input(req): Input<RemarkRequest>,
) -> ApiResult<Reply<Card>> {
    save_remark(
        &app,
        &me,
        req.user_id.ok_or(ApiError::NotFound)?,
        req.remark.as_deref(),
    )
    .await
}

/// People I blocked.
#[utoipa::path(get, path = "/system/blacklisted/list", tag = "people", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Card>>)))]
async fn blocked(
    State(app): State<App>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Card>>> {
    open_list(&app, &me, PeopleList::Blocked, None, p).await
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
    State(app): State<App>,
    me: Session,
    Input(req): Input<BlockRequest>,
) -> ApiResult<Reply<Option<String>>> {
    let id = req.user_id.ok_or(ApiError::NotFound)?;
    if id == me.user_id {
        return Err(ApiError::Invalid(Msg::NotYourself));
    }
    // Blocking someone who already blocked me is allowed (and invisible to them).
    app.db.user(id).await?.ok_or(ApiError::NotFound)?;
    app.db.block(me.user_id, id, app.clock.unix()).await?;
    Ok(ok(None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    /// Comma-separated user ids of the people to unblock.
    ids: Option<String>,
}

/// Unblocks people.
#[utoipa::path(delete, path = "/system/blacklisted/remove", tag = "people", params(IdsQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 400)))]
async fn unblock(
    State(app): State<App>,
    me: Session,
    Query(q): Query<IdsQuery>,
) -> ApiResult<Reply<Option<String>>> {
    let ids = parse_ids(q.ids.as_deref())?;
    app.db.unblock(me.user_id, &ids).await?;
    Ok(ok(None))
}

/// `1,2,3` into ids; anything else is malformed.
pub fn parse_ids(raw: Option<&str>) -> ApiResult<Vec<i64>> {
    let ids: Result<Vec<i64>, _> = raw
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect();
    match ids {
        Ok(ids) if !ids.is_empty() && ids.len() <= 100 => Ok(ids),
        _ => Err(ApiError::Malformed("ids".into())),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRequest {
    user_id: Option<i64>,
    /// spam, fake_profile, inappropriate_content, harassment, underage, scam or other.
    reason: Option<String>,
    content: Option<String>,
    /// Up to three screenshots as base64 data URLs.
    images: Option<Vec<String>>,
}

/// Reports a person to the moderators.
#[utoipa::path(post, path = "/system/form/add", tag = "people", request_body = ReportRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 404)))]
async fn report(
    State(app): State<App>,
    me: Session,
    Input(req): Input<ReportRequest>,
) -> ApiResult<Reply<Option<String>>> {
    app.limits
        .check(Action::ReportByAccount, &me.user_id.to_string())?;
    let reason = req
        .reason
        .as_deref()
        .map(str::trim)
        .filter(|r| REPORT_REASONS.contains(r))
        .ok_or(ApiError::Invalid(Msg::ReportReason))?;
    let content = req
        .content
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let images = req.images.unwrap_or_default();
    if content.is_some_and(|c| c.chars().count() > 500) || images.len() > 3 {
        return Err(ApiError::Invalid(Msg::ReportTooLong));
    }
    let id = req.user_id.ok_or(ApiError::NotFound)?;
    if id == me.user_id {
        return Err(ApiError::Invalid(Msg::NotYourself));
    }
    app.db.user(id).await?.ok_or(ApiError::NotFound)?;
    let mut stored = Vec::new();
    // Every file written, thumbnails included, to remove them all if a later picture fails.
    let mut written = Vec::new();
    for image in &images {
        match app.media.put_base64_image("reports", image).await {
            Ok(picture) => {
                written.push(picture.thumb_key);
                written.push(picture.key.clone());
                stored.push(picture.key);
            }
            Err(e) => {
                app.media
                    .delete(&written.iter().map(String::as_str).collect::<Vec<_>>())
                    .await;
                return Err(e);
            }
        }
    }
    app.db
        .report(me.user_id, id, reason, content, &stored, app.clock.unix())
        .await?;
    Ok(ok_with(Msg::Reported, None))
}
