//! The staff API under `/prod-api/admin` (names of DESIGN.md section 9). Every handler takes a
//! `StaffMember`: 401 without a session, 403 "Only staff may do this" for anyone not staff.

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, ok_with, Envelope, Page, Paging, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{Input, Path, Query};
use crate::audit::{AuditEntry, Filter};
use crate::i18n::Msg;
use crate::notices::{ClientErrorView, NewNotice, NewVersion, StaffNotice, Version};
use crate::staff::views::{Person, PersonDetail, ReportDetail, ReportView, ReviewQueue};
use crate::staff::{Ban, Closing, Decision, Staff, StaffMember, TakeDown};
use crate::wallet::model::{CatalogueGift, CatalogueProduct, ProductChange};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Staff: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(admin_reports))
        .routes(routes!(admin_report))
        .routes(routes!(admin_close_report))
        .routes(routes!(admin_review_queue))
        .routes(routes!(admin_review))
        .routes(routes!(admin_people))
        .routes(routes!(admin_person))
        .routes(routes!(admin_ban))
        .routes(routes!(admin_unban))
        .routes(routes!(admin_notices, admin_add_notice))
        .routes(routes!(admin_delete_notice))
        .routes(routes!(admin_add_notice_text))
        .routes(routes!(admin_versions, admin_add_version))
        .routes(routes!(admin_delete_version))
        .routes(routes!(admin_products))
        .routes(routes!(admin_set_product))
        .routes(routes!(admin_gifts))
        .routes(routes!(admin_set_gift))
        .routes(routes!(admin_client_errors))
        .routes(routes!(admin_audit))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    page_num: Option<u32>,
    /// 1 to 100 (20 by default).
    page_size: Option<u32>,
}

impl PageQuery {
    fn paging(&self) -> Paging {
        Paging {
            page_num: self.page_num,
            page_size: Some(self.page_size.unwrap_or(20)),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReportsQuery {
    /// open (the default: oldest first) or closed (newest first).
    status: Option<String>,
    page_num: Option<u32>,
    page_size: Option<u32>,
}

/// The reports queue. `total` is counted up to 10,000: at 10,000 there are at least that many.
#[utoipa::path(get, path = "/admin/reports", tag = "staff", params(ReportsQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Page<ReportView>>), (status = 400), (status = 401), (status = 403)))]
async fn admin_reports(
    State(staff): State<Staff>,
    _: StaffMember,
    Query(q): Query<ReportsQuery>,
) -> ApiResult<Reply<Page<ReportView>>> {
    let open = match q.status.as_deref() {
        None | Some("open") => true,
        Some("closed") => false,
        Some(_) => return Err(ApiError::Malformed("status is open or closed".into())),
    };
    let paging = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .paging();
    Ok(ok(staff.reports(open, paging).await?))
}

/// One report, with the messages the reported person sent the reporter and the other reports
/// against them.
#[utoipa::path(get, path = "/admin/reports/{id}", tag = "staff", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<ReportDetail>), (status = 401), (status = 403), (status = 404)))]
async fn admin_report(
    State(staff): State<Staff>,
    _: StaffMember,
    Path(id): Path<i64>,
) -> ApiResult<Reply<ReportDetail>> {
    Ok(ok(staff.report(id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloseRequest {
    /// dismiss, ban (the reported person; every open report against them closes) or remove
    /// (their avatar, about me, dynamics and album photos).
    action: Option<String>,
    /// For a ban: the reason (the report's by default) and how many days (until lifted without).
    reason: Option<String>,
    /// For a ban: why, as the person is told (the report's reason by default).
    code: Option<String>,
    days: Option<i64>,
}

/// Closes a report with staff's action.
#[utoipa::path(post, path = "/admin/reports/{id}/close", tag = "staff", params(("id" = i64, Path)),
    request_body = CloseRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<ReportView>), (status = 400), (status = 401), (status = 403),
        (status = 404), (status = 409)))]
async fn admin_close_report(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(id): Path<i64>,
    Input(req): Input<CloseRequest>,
) -> ApiResult<Reply<ReportView>> {
    let closing = Closing::parse(req.action.as_deref())?;
    let ban = Ban {
        reason: req.reason.as_deref(),
        code: req.code.as_deref(),
        days: req.days,
    };
    Ok(ok(staff.close_report(by, id, closing, ban).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReviewQuery {
    /// How many of each kind (1 to 100, 20 by default).
    page_size: Option<u32>,
}

/// Everything waiting for a decision: album photos, flagged dynamics, messages set aside,
/// payments that did not match their order, verification selfies (each with the person's
/// current profile photo), banned people's appeals; each count is counted up to 10,000.
#[utoipa::path(get, path = "/admin/review", tag = "staff", params(ReviewQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<ReviewQueue>), (status = 400), (status = 401), (status = 403)))]
async fn admin_review_queue(
    State(staff): State<Staff>,
    _: StaffMember,
    Query(q): Query<ReviewQuery>,
) -> ApiResult<Reply<ReviewQueue>> {
    let limit = i64::from(q.page_size.unwrap_or(20).clamp(1, 100));
    Ok(ok(staff.review_queue(limit).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionRequest {
    /// approve or reject.
    decision: Option<String>,
    /// Why a verification selfie is rejected (required then): pose, face, match or quality. Why
    /// a photo or a dynamic is taken down (optional): nudity, violence, hate, spam, not_theirs
    /// or other; the person is told it in their language. For an appeal, approve lifts the ban
    /// and reject keeps it.
    reason: Option<String>,
    /// Staff's own words to the person whose photo or dynamic is taken down (at most 500
    /// characters), told as written.
    note: Option<String>,
}

/// Decides on a photo, a dynamic, a message, a payment (which leaves the queue either way) or a
/// verification selfie under review.
#[utoipa::path(post, path = "/admin/review/{kind}/{id}", tag = "staff",
    params(("kind" = String, Path, description = "photo, dynamic, message, payment, verification or appeal"), ("id" = i64, Path)),
    request_body = DecisionRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 401), (status = 403), (status = 404)))]
async fn admin_review(
    State(staff): State<Staff>,
    by: StaffMember,
    Path((kind, id)): Path<(String, i64)>,
    Input(req): Input<DecisionRequest>,
) -> ApiResult<Reply<Option<String>>> {
    let decision = Decision::parse(req.decision.as_deref())?;
    match kind.as_str() {
        "photo" | "dynamic" => {
            let take_down = match decision {
                Decision::Approve => TakeDown::default(),
                Decision::Reject => TakeDown::parse(req.reason.as_deref(), req.note.as_deref())?,
            };
            if kind == "photo" {
                staff.review_photo(by, id, decision, &take_down).await?
            } else {
                staff.review_dynamic(by, id, decision, &take_down).await?
            }
        }
        "message" => staff.review_message(by, id, decision).await?,
        "payment" => staff.review_payment(by, id, decision).await?,
        "verification" => {
            staff
                .review_verification(by, id, decision, req.reason.as_deref())
                .await?
        }
        "appeal" => staff.review_appeal(by, id, decision).await?,
        _ => return Err(ApiError::NotFound),
    }
    Ok(ok_with(Msg::Done, None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PeopleQuery {
    /// An id, an email, or the beginning of a user name; everyone, newest first, without.
    q: Option<String>,
    page_num: Option<u32>,
    page_size: Option<u32>,
}

/// Finds people. `total` is counted up to 10,000.
#[utoipa::path(get, path = "/admin/users", tag = "staff", params(PeopleQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Page<Person>>), (status = 400), (status = 401), (status = 403)))]
async fn admin_people(
    State(staff): State<Staff>,
    _: StaffMember,
    Query(q): Query<PeopleQuery>,
) -> ApiResult<Reply<Page<Person>>> {
    let paging = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .paging();
    Ok(ok(staff
        .people(q.q.as_deref().unwrap_or_default(), paging)
        .await?))
}

/// A person's page: reports against them, bans, and what staff did.
#[utoipa::path(get, path = "/admin/users/{id}", tag = "staff", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<PersonDetail>), (status = 401), (status = 403), (status = 404)))]
async fn admin_person(
    State(staff): State<Staff>,
    _: StaffMember,
    Path(id): Path<i64>,
) -> ApiResult<Reply<PersonDetail>> {
    Ok(ok(staff.person(id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BanRequest {
    /// Why, in staff's words (1 to 500 characters).
    reason: Option<String>,
    /// Why, as the person is told: spam, fake_profile, inappropriate_content, harassment,
    /// underage, scam or other (without: the reason when it is one of these, otherwise other).
    code: Option<String>,
    /// 1 to 3650; without, until lifted.
    days: Option<i64>,
}

/// Bans a member: their sessions end, their socket closes with 217, their profile, dynamics and
/// comments disappear, and their login is refused until the ban ends.
#[utoipa::path(post, path = "/admin/users/{id}/ban", tag = "staff", params(("id" = i64, Path)),
    request_body = BanRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<Person>), (status = 400), (status = 401), (status = 403),
        (status = 404), (status = 409)))]
async fn admin_ban(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(id): Path<i64>,
    Input(req): Input<BanRequest>,
) -> ApiResult<Reply<Person>> {
    let ban = Ban {
        reason: req.reason.as_deref(),
        code: req.code.as_deref(),
        days: req.days,
    };
    Ok(ok(staff.ban(by, id, ban).await?))
}

/// Lifts a ban.
#[utoipa::path(post, path = "/admin/users/{id}/unban", tag = "staff", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Person>), (status = 401), (status = 403), (status = 404), (status = 409)))]
async fn admin_unban(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Person>> {
    Ok(ok(staff.unban(by, id).await?))
}

/// Every notice with all its texts, newest first.
#[utoipa::path(get, path = "/admin/notices", tag = "staff", params(PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Page<StaffNotice>>), (status = 400), (status = 401), (status = 403)))]
async fn admin_notices(
    State(staff): State<Staff>,
    _: StaffMember,
    Query(q): Query<PageQuery>,
) -> ApiResult<Reply<Page<StaffNotice>>> {
    Ok(ok(staff.notices(q.paging()).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeRequest {
    /// 1 to 100 characters.
    title: Option<String>,
    /// 1 to 2000 characters.
    body: Option<String>,
    /// en (the default), zh-Hans, zh-Hant, ja, es, kr, ge or ru.
    language: Option<String>,
    /// A notice for this one person only.
    user_id: Option<i64>,
}

#[derive(Debug, serde::Serialize, ToSchema)]
pub struct NoticeId {
    id: i64,
}

/// Publishes a notice, to everyone or to one person.
#[utoipa::path(post, path = "/admin/notices", tag = "staff", request_body = NoticeRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<NoticeId>), (status = 400), (status = 401), (status = 403), (status = 404)))]
async fn admin_add_notice(
    State(staff): State<Staff>,
    by: StaffMember,
    Input(req): Input<NoticeRequest>,
) -> ApiResult<Reply<NoticeId>> {
    let notice = NewNotice {
        of: None,
        user_id: req.user_id,
        language: req.language.as_deref().unwrap_or("en"),
        title: req.title.as_deref().unwrap_or_default(),
        body: req.body.as_deref().unwrap_or_default(),
    };
    let id = staff.add_notice(by.into(), notice).await?;
    Ok(ok(NoticeId { id }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeTextRequest {
    title: Option<String>,
    body: Option<String>,
    language: Option<String>,
}

/// Adds or replaces one language's text of a notice.
#[utoipa::path(post, path = "/admin/notices/{id}/texts", tag = "staff", params(("id" = i64, Path)),
    request_body = NoticeTextRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<NoticeId>), (status = 400), (status = 401), (status = 403), (status = 404)))]
async fn admin_add_notice_text(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(id): Path<i64>,
    Input(req): Input<NoticeTextRequest>,
) -> ApiResult<Reply<NoticeId>> {
    let text = NewNotice {
        of: Some(id),
        user_id: None,
        language: req.language.as_deref().unwrap_or_default(),
        title: req.title.as_deref().unwrap_or_default(),
        body: req.body.as_deref().unwrap_or_default(),
    };
    let id = staff.add_notice(by.into(), text).await?;
    Ok(ok(NoticeId { id }))
}

/// Withdraws a notice.
#[utoipa::path(delete, path = "/admin/notices/{id}", tag = "staff", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 401), (status = 403), (status = 404)))]
async fn admin_delete_notice(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Option<String>>> {
    staff.delete_notice(by, id).await?;
    Ok(ok_with(Msg::Done, None))
}

/// Released versions, newest first.
#[utoipa::path(get, path = "/admin/versions", tag = "staff", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<Version>>), (status = 401), (status = 403)))]
async fn admin_versions(
    State(staff): State<Staff>,
    _: StaffMember,
) -> ApiResult<Reply<Vec<Version>>> {
    Ok(ok(staff.versions().await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionRequest {
    /// Numbers separated by dots, like 1.4.0.
    version: Option<String>,
    /// web, android or ios.
    platform: Option<String>,
    notes: Option<String>,
    url: Option<String>,
    mandatory: Option<bool>,
}

/// Lists a release; a version listed already for its platform is replaced.
#[utoipa::path(post, path = "/admin/versions", tag = "staff", request_body = VersionRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Version>), (status = 400), (status = 401), (status = 403)))]
async fn admin_add_version(
    State(staff): State<Staff>,
    by: StaffMember,
    Input(req): Input<VersionRequest>,
) -> ApiResult<Reply<Version>> {
    let version = NewVersion {
        version: req.version.unwrap_or_default().trim().to_owned(),
        platform: req.platform.unwrap_or_else(|| "web".into()),
        notes: req.notes.unwrap_or_default(),
        url: req.url,
        mandatory: req.mandatory.unwrap_or(false),
    };
    Ok(ok(staff.add_version(by.into(), version).await?))
}

/// Withdraws a release.
#[utoipa::path(delete, path = "/admin/versions/{id}", tag = "staff", params(("id" = i64, Path)),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 401), (status = 403), (status = 404)))]
async fn admin_delete_version(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Option<String>>> {
    staff.delete_version(by, id).await?;
    Ok(ok_with(Msg::Done, None))
}

/// Every product, on sale or not.
#[utoipa::path(get, path = "/admin/products", tag = "staff", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<CatalogueProduct>>), (status = 401), (status = 403)))]
async fn admin_products(
    State(staff): State<Staff>,
    _: StaffMember,
) -> ApiResult<Reply<Vec<CatalogueProduct>>> {
    Ok(ok(staff.products().await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductRequest {
    /// Integer cents, 0 or more.
    price_cents: Option<i64>,
    /// Three capital letters.
    currency: Option<String>,
    /// Above 0; null takes the gold price away.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    price_coins: Option<Option<i64>>,
    /// Coins or characters granted, above 0.
    amount: Option<i64>,
    /// 1 to 36, for memberships.
    months: Option<i64>,
    /// On sale.
    active: Option<bool>,
}

/// A field that may be given as null (`Some(None)`), apart from one not given (`None`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

/// Changes a product's prices, amounts or sale; what is not given stays.
#[utoipa::path(put, path = "/admin/products/{code}", tag = "staff", params(("code" = String, Path)),
    request_body = ProductRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<CatalogueProduct>), (status = 400), (status = 401), (status = 403), (status = 404)))]
async fn admin_set_product(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(code): Path<String>,
    Input(req): Input<ProductRequest>,
) -> ApiResult<Reply<CatalogueProduct>> {
    let change = ProductChange {
        price_cents: req.price_cents,
        currency: req.currency,
        price_coins: req.price_coins,
        amount: req.amount,
        months: req.months,
        active: req.active,
    };
    Ok(ok(staff.set_product(by.into(), &code, &change).await?))
}

/// Every gift, on sale or not.
#[utoipa::path(get, path = "/admin/gifts", tag = "staff", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<CatalogueGift>>), (status = 401), (status = 403)))]
async fn admin_gifts(
    State(staff): State<Staff>,
    _: StaffMember,
) -> ApiResult<Reply<Vec<CatalogueGift>>> {
    Ok(ok(staff.gifts().await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftRequest {
    /// Above 0.
    price_coins: Option<i64>,
    active: Option<bool>,
}

/// Changes a gift's price or sale.
#[utoipa::path(put, path = "/admin/gifts/{code}", tag = "staff", params(("code" = String, Path)),
    request_body = GiftRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<CatalogueGift>), (status = 400), (status = 401), (status = 403), (status = 404)))]
async fn admin_set_gift(
    State(staff): State<Staff>,
    by: StaffMember,
    Path(code): Path<String>,
    Input(req): Input<GiftRequest>,
) -> ApiResult<Reply<CatalogueGift>> {
    Ok(ok(staff
        .set_gift(by, &code, req.price_coins, req.active)
        .await?))
}

/// The web app's error reports, newest first.
#[utoipa::path(get, path = "/admin/errors", tag = "staff", params(PageQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Page<ClientErrorView>>), (status = 400), (status = 401), (status = 403)))]
async fn admin_client_errors(
    State(staff): State<Staff>,
    _: StaffMember,
    Query(q): Query<PageQuery>,
) -> ApiResult<Reply<Page<ClientErrorView>>> {
    Ok(ok(staff.client_errors(q.paging()).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    page_num: Option<u32>,
    page_size: Option<u32>,
    /// report, photo, dynamic, message, user, notice, version, product, gift or comment.
    target_kind: Option<String>,
    target_id: Option<String>,
    staff_id: Option<i64>,
}

/// The audit log, newest first. `total` is counted up to 10,000.
#[utoipa::path(get, path = "/admin/audit", tag = "staff", params(AuditQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Page<AuditEntry>>), (status = 400), (status = 401), (status = 403)))]
async fn admin_audit(
    State(staff): State<Staff>,
    _: StaffMember,
    Query(q): Query<AuditQuery>,
) -> ApiResult<Reply<Page<AuditEntry>>> {
    let paging = PageQuery {
        page_num: q.page_num,
        page_size: q.page_size,
    }
    .paging();
    let filter = Filter {
        target_kind: q.target_kind,
        target_id: q.target_id,
        staff_id: q.staff_id,
    };
    Ok(ok(staff.audit(&filter, paging).await?))
}
