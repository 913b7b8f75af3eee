//! Feed endpoints (SPEC section 7 "Dynamics and comments", names of DESIGN.md section 9): thin
//! handlers over the `Feed` service.
//!
//! One departure from the other lists: `dynamic/list` answers `{rows, next}` rather than
//! `{rows, total}`. A feed is read by scrolling, and counting every visible dynamic (a million,
//! less the blocked people's) on each page would cost more than the page itself; `next` is the
//! cursor (`before`) of the following page, which costs the same at page 50 as at page 1.

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, ok_with, Envelope, Page, Paging, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{parse_ids, Input, Path, Query};
use crate::api::session::Session;
use crate::feed::comments::NewComment;
use crate::feed::model::{Comment, Dynamic, DynamicLike, FeedPage};
use crate::feed::Feed;
use crate::i18n::Msg;
use crate::people::model::Counters;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Feed: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(feed))
        .routes(routes!(publish, edit, delete))
        .routes(routes!(like))
        .routes(routes!(flag))
        .routes(routes!(one))
        .routes(routes!(comments))
        .routes(routes!(sub_comments))
        .routes(routes!(add_comment))
        .routes(routes!(remove_comment))
        .routes(routes!(counters))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FeedQuery {
    /// One person's dynamics (my own id: My Dynamic); everyone's without it.
    user_id: Option<i64>,
    /// The `next` of the previous page: dynamics older than it.
    before: Option<i64>,
    /// Page by number instead of `before` (slower far down the feed).
    page_num: Option<u32>,
    /// 1 to 50, 10 by default.
    page_size: Option<u32>,
}

/// The feed, newest first, paged by `before` (the previous page's `next`).
#[utoipa::path(get, path = "/system/dynamic/list", tag = "feed", params(FeedQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<FeedPage>), (status = 401)))]
async fn feed(
    State(feed): State<Feed>,
    me: Session,
    Query(q): Query<FeedQuery>,
) -> ApiResult<Reply<FeedPage>> {
    let paging = Paging {
        page_num: q.page_num,
        page_size: q.page_size,
    };
    Ok(ok(feed.page(&me, q.user_id, q.before, paging).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PublishRequest {
    /// The text, at most 2000 characters; may be empty when there are photos.
    content: Option<String>,
    /// Up to 9 photos: base64 data URLs, or keys from `POST /common/image/uploads/base64`.
    images: Option<Vec<String>>,
}

/// Publishes a dynamic.
#[utoipa::path(post, path = "/system/dynamic", tag = "feed", request_body = PublishRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Dynamic>), (status = 400),
        (status = 401), (status = 413), (status = 429)))]
async fn publish(
    State(feed): State<Feed>,
    me: Session,
    Input(req): Input<PublishRequest>,
) -> ApiResult<Reply<Dynamic>> {
    let images = req.images.unwrap_or_default();
    Ok(ok(feed
        .publish(&me, req.content.as_deref(), &images)
        .await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct YearQuery {
    /// Accepted and ignored (the app sends the current year).
    #[allow(dead_code)]
    year: Option<i32>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EditRequest {
    id: Option<i64>,
    content: Option<String>,
}

/// Changes a dynamic's text (its author or staff).
#[utoipa::path(put, path = "/system/dynamic", tag = "feed", params(YearQuery),
    request_body = EditRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<Dynamic>), (status = 400), (status = 401),
        (status = 403), (status = 404), (status = 429)))]
async fn edit(
    State(feed): State<Feed>,
    me: Session,
    Query(_year): Query<YearQuery>,
    Input(req): Input<EditRequest>,
) -> ApiResult<Reply<Dynamic>> {
    let id = req.id.ok_or(ApiError::NotFound)?;
    Ok(ok(feed.edit(&me, id, req.content.as_deref()).await?))
}

#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct IdsInput {
    /// Comma-separated ids.
    ids: Option<String>,
}

/// Deletes dynamics with their comments, likes and photos (their author or staff; all or none).
#[utoipa::path(delete, path = "/system/dynamic", tag = "feed", params(IdsInput),
    request_body(content = IdsInput, content_type = "application/x-www-form-urlencoded"),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 401),
        (status = 403), (status = 404)))]
async fn delete(
    State(feed): State<Feed>,
    me: Session,
    Query(q): Query<IdsInput>,
    Input(form): Input<IdsInput>,
) -> ApiResult<Reply<Option<String>>> {
    let ids = parse_ids(form.ids.as_deref().or(q.ids.as_deref()))?;
    feed.delete(&me, &ids).await?;
    Ok(ok(None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    id: Option<i64>,
}

/// Likes a dynamic, or takes the like back.
#[utoipa::path(get, path = "/system/dynamic/like", tag = "feed", params(IdQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<DynamicLike>), (status = 401),
        (status = 404), (status = 429)))]
async fn like(
    State(feed): State<Feed>,
    me: Session,
    Query(q): Query<IdQuery>,
) -> ApiResult<Reply<DynamicLike>> {
    let id = q.id.ok_or(ApiError::NotFound)?;
    Ok(ok(feed.like(&me, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FlagRequest {
    id: Option<i64>,
    /// spam, inappropriate_content, harassment, scam or other.
    reason: Option<String>,
}

/// Flags someone else's dynamic for the moderators (once per person).
#[utoipa::path(put, path = "/system/dynamic/sign", tag = "feed", params(YearQuery),
    request_body = FlagRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 401),
        (status = 404), (status = 409), (status = 429)))]
async fn flag(
    State(feed): State<Feed>,
    me: Session,
    Query(_year): Query<YearQuery>,
    Input(req): Input<FlagRequest>,
) -> ApiResult<Reply<Option<String>>> {
    let id = req.id.ok_or(ApiError::NotFound)?;
    feed.flag(&me, id, req.reason.as_deref()).await?;
    Ok(ok_with(Msg::Flagged, None))
}

/// One dynamic with its counts.
#[utoipa::path(get, path = "/system/dynamic/selectedNews/{id}", tag = "feed",
    params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Dynamic>), (status = 400), (status = 401), (status = 404)))]
async fn one(
    State(feed): State<Feed>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Dynamic>> {
    Ok(ok(feed.dynamic(&me, id).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CommentsQuery {
    dynamic_id: Option<i64>,
    page_num: Option<u32>,
    page_size: Option<u32>,
}

/// A dynamic's top-level comments, oldest first, each with `subCount` and its first sub-comments.
#[utoipa::path(get, path = "/system/comment/list", tag = "feed", params(CommentsQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Comment>>),
        (status = 401), (status = 404)))]
async fn comments(
    State(feed): State<Feed>,
    me: Session,
    Query(q): Query<CommentsQuery>,
) -> ApiResult<Reply<Page<Comment>>> {
    let id = q.dynamic_id.ok_or(ApiError::NotFound)?;
    let paging = Paging {
        page_num: q.page_num,
        page_size: q.page_size,
    };
    Ok(ok(feed.comments(&me, id, paging).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SubCommentsQuery {
    comment_id: Option<i64>,
    page_num: Option<u32>,
    page_size: Option<u32>,
}

/// A top-level comment's sub-comments, oldest first.
#[utoipa::path(get, path = "/system/comment/subList", tag = "feed", params(SubCommentsQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Comment>>),
        (status = 401), (status = 404)))]
async fn sub_comments(
    State(feed): State<Feed>,
    me: Session,
    Query(q): Query<SubCommentsQuery>,
) -> ApiResult<Reply<Page<Comment>>> {
    let id = q.comment_id.ok_or(ApiError::NotFound)?;
    let paging = Paging {
        page_num: q.page_num,
        page_size: q.page_size,
    };
    Ok(ok(feed.sub_comments(&me, id, paging).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentRequest {
    dynamic_id: Option<i64>,
    /// 1 to 500 characters.
    content: Option<String>,
    /// The comment this one answers (a sub-comment).
    parent_id: Option<i64>,
    /// Whom the reply names; needs `parentId`.
    reply_to_user_id: Option<i64>,
}

/// Comments on a dynamic, or answers a comment.
#[utoipa::path(post, path = "/system/comment/add", tag = "feed", request_body = CommentRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Comment>), (status = 400),
        (status = 401), (status = 404), (status = 429)))]
async fn add_comment(
    State(feed): State<Feed>,
    me: Session,
    Input(req): Input<CommentRequest>,
) -> ApiResult<Reply<Comment>> {
    let dynamic_id = req.dynamic_id.ok_or(ApiError::NotFound)?;
    let new = NewComment {
        dynamic_id,
        content: req.content.as_deref(),
        parent_id: req.parent_id,
        reply_to_user_id: req.reply_to_user_id,
    };
    Ok(ok(feed.add_comment(&me, new).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveCommentRequest {
    id: Option<i64>,
}

/// Removes a comment and its sub-comments: its author or staff; anyone else gets 403.
#[utoipa::path(post, path = "/system/comment/remove", tag = "feed",
    request_body = RemoveCommentRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 401), (status = 403),
        (status = 404)))]
async fn remove_comment(
    State(feed): State<Feed>,
    me: Session,
    Input(req): Input<RemoveCommentRequest>,
) -> ApiResult<Reply<Option<String>>> {
    let id = req.id.ok_or(ApiError::NotFound)?;
    feed.remove_comment(&me, id).await?;
    Ok(ok(None))
}

// A people endpoint (SPEC section 7), answered here because the feed, which stands on people,
// counts the new dynamics and asks people for the rest.
/// The red-badge counters: new since each list was last opened.
#[utoipa::path(get, path = "/system/user/profile/homePage/count", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Counters>)))]
async fn counters(State(feed): State<Feed>, me: Session) -> ApiResult<Reply<Counters>> {
    Ok(ok(feed.counters(&me).await?))
}
