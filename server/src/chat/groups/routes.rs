//! Group endpoints (docs/im-protocol.md, "Groups"): thin handlers over the group methods of the
//! chat service. Sending, history and recall are the one-to-one endpoints with `groupId`.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{Input, Path};
use crate::api::session::Session;
use crate::chat::groups::forms::{
    AddedBy, GroupList, GroupPeople, GroupRoleForm, GroupSettings, HandOver, MuteGroup, NewGroup,
    ReadGroup, ReportGroup, UpdateGroup,
};
use crate::chat::groups::model::Group;
use crate::chat::Chat;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Chat: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(create_group, list_groups))
        .routes(routes!(group_settings, set_group_settings))
        .routes(routes!(group, update_group, dissolve_group))
        .routes(routes!(add_group_members))
        .routes(routes!(remove_group_member, set_group_role))
        .routes(routes!(hand_over_group))
        .routes(routes!(read_group))
        .routes(routes!(mute_group))
        .routes(routes!(report_group))
}

/// Makes a group of people I have a conversation or a match with; I am its owner.
#[utoipa::path(post, path = "/em/groups", tag = "groups", request_body = NewGroup, security(("bearer" = [])),
    responses((status = 200, body = Envelope<Group>), (status = 400), (status = 403), (status = 429)))]
async fn create_group(
    State(chat): State<Chat>,
    me: Session,
    Input(req): Input<NewGroup>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat.create_group(me.user_id, &req).await?))
}

/// My groups, newest activity first, with my unread counts.
#[utoipa::path(get, path = "/em/groups", tag = "groups", security(("bearer" = [])),
    responses((status = 200, body = Envelope<GroupList>)))]
async fn list_groups(State(chat): State<Chat>, me: Session) -> ApiResult<Reply<GroupList>> {
    Ok(ok(GroupList {
        rows: chat.my_groups(me.user_id).await?,
    }))
}

/// Who may add me to groups.
#[utoipa::path(get, path = "/em/groups/settings", tag = "groups", security(("bearer" = [])),
    responses((status = 200, body = Envelope<GroupSettings>)))]
async fn group_settings(State(chat): State<Chat>, me: Session) -> ApiResult<Reply<GroupSettings>> {
    let only = chat.group_adds_from_matches_only(me.user_id).await?;
    Ok(ok(settings_of(only)))
}

#[utoipa::path(put, path = "/em/groups/settings", tag = "groups", request_body = GroupSettings,
    security(("bearer" = [])), responses((status = 200, body = Envelope<GroupSettings>), (status = 400)))]
async fn set_group_settings(
    State(chat): State<Chat>,
    me: Session,
    Input(req): Input<GroupSettings>,
) -> ApiResult<Reply<GroupSettings>> {
    let only = chat
        .set_group_adds_from_matches_only(me.user_id, req.added_by == AddedBy::Matches)
        .await?;
    Ok(ok(settings_of(only)))
}

fn settings_of(matches_only: bool) -> GroupSettings {
    GroupSettings {
        added_by: if matches_only {
            AddedBy::Matches
        } else {
            AddedBy::Anyone
        },
    }
}

/// A group I am in (or was in), with its members and their roles.
#[utoipa::path(get, path = "/em/groups/{id}", tag = "groups", params(("id" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Group>), (status = 404)))]
async fn group(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat.group_of(me.user_id, id).await?))
}

/// Renames the group or gives it a picture (owner or admin).
#[utoipa::path(put, path = "/em/groups/{id}", tag = "groups", params(("id" = i64, Path)), request_body = UpdateGroup,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Group>), (status = 400), (status = 403), (status = 404)))]
async fn update_group(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
    Input(req): Input<UpdateGroup>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat.update_group(me.user_id, id, &req).await?))
}

/// Dissolves the group (owner): its history stays, nothing more is sent.
#[utoipa::path(delete, path = "/em/groups/{id}", tag = "groups", params(("id" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 403), (status = 404)))]
async fn dissolve_group(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Option<String>>> {
    chat.dissolve_group(me.user_id, id).await?;
    Ok(ok(None))
}

/// Adds people I have a conversation or a match with (owner or admin).
#[utoipa::path(post, path = "/em/groups/{id}/members", tag = "groups", params(("id" = i64, Path)), request_body = GroupPeople,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Group>), (status = 400), (status = 403), (status = 404)))]
async fn add_group_members(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
    Input(req): Input<GroupPeople>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat.add_to_group(me.user_id, id, &req.user_ids).await?))
}

/// Removes someone (owner: anyone; admin: members), or me: leaving.
#[utoipa::path(delete, path = "/em/groups/{id}/members/{userId}", tag = "groups",
    params(("id" = i64, Path), ("userId" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Group>), (status = 400), (status = 403), (status = 404)))]
async fn remove_group_member(
    State(chat): State<Chat>,
    me: Session,
    Path((id, user_id)): Path<(i64, i64)>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat.remove_from_group(me.user_id, id, user_id).await?))
}

/// Makes a member an admin (1) or an admin a member (2) (owner).
#[utoipa::path(put, path = "/em/groups/{id}/members/{userId}", tag = "groups",
    params(("id" = i64, Path), ("userId" = i64, Path)), request_body = GroupRoleForm,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Group>), (status = 400), (status = 403), (status = 404)))]
async fn set_group_role(
    State(chat): State<Chat>,
    me: Session,
    Path((id, user_id)): Path<(i64, i64)>,
    Input(req): Input<GroupRoleForm>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat
        .set_group_role(me.user_id, id, user_id, req.role)
        .await?))
}

/// Hands the group over to a member (owner); the owner becomes an admin.
#[utoipa::path(post, path = "/em/groups/{id}/transfer", tag = "groups", params(("id" = i64, Path)), request_body = HandOver,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Group>), (status = 400), (status = 403), (status = 404)))]
async fn hand_over_group(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
    Input(req): Input<HandOver>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat
        .hand_over_group(me.user_id, id, req.user_id)
        .await?))
}

/// Moves my read cursor of the group forward (the socket's `read` with `groupId`).
#[utoipa::path(put, path = "/em/groups/{id}/read", tag = "groups", params(("id" = i64, Path)), request_body = ReadGroup,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 403), (status = 404)))]
async fn read_group(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
    Input(req): Input<ReadGroup>,
) -> ApiResult<Reply<Option<String>>> {
    chat.read_group(me.user_id, id, req.up_to).await?;
    Ok(ok(None))
}

/// Mutes the group's notifications for me: 8 hours, a week, always, or off.
#[utoipa::path(put, path = "/em/groups/{id}/mute", tag = "groups", params(("id" = i64, Path)), request_body = MuteGroup,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Group>), (status = 403), (status = 404)))]
async fn mute_group(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
    Input(req): Input<MuteGroup>,
) -> ApiResult<Reply<Group>> {
    Ok(ok(chat.mute_group(me.user_id, id, req.span).await?))
}

/// Reports the group, or a message in it, to the moderators (a member, or someone who was one).
#[utoipa::path(post, path = "/em/groups/{id}/report", tag = "groups", params(("id" = i64, Path)), request_body = ReportGroup,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 404), (status = 429)))]
async fn report_group(
    State(chat): State<Chat>,
    me: Session,
    Path(id): Path<i64>,
    Input(req): Input<ReportGroup>,
) -> ApiResult<Reply<Option<String>>> {
    chat.report_group(me.user_id, id, req).await?;
    Ok(ok(None))
}
