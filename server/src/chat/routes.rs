//! Chat endpoints (SPEC section 7 "Messages", `em/getEmToken`): thin handlers that take the
//! forms of `forms.rs`, call one method of the chat service, and answer. The socket is in
//! `socket.rs`.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Page, Paging, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{parse_ids, ClientIp, Input, Query};
use crate::api::session::Session;
use crate::chat::forms::{
    ClaimRedPacket, Conversation, Emoji, HistoryQuery, IdsForm, ImToken, MarkQuery, RecallRequest,
    RedPacketClaimed, SentView, TranMsgQuery,
};
use crate::chat::model::{Message, Outgoing, EMOJI};
use crate::chat::Chat;
use crate::translate::Translation;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Chat: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(im_token))
        .routes(routes!(history))
        .routes(routes!(unread))
        .routes(routes!(conversations))
        .routes(routes!(send_msg))
        .routes(routes!(send_msg_other))
        .routes(routes!(mark_read))
        .routes(routes!(delete_messages))
        .routes(routes!(recall))
        .routes(routes!(emoji))
        .routes(routes!(claim_red_packet))
        .routes(routes!(tran_msg))
}

/// My IM identity and a token for the chat socket.
#[utoipa::path(get, path = "/em/getEmToken", tag = "chat", security(("bearer" = [])),
    responses((status = 200, body = Envelope<ImToken>), (status = 401), (status = 429)))]
async fn im_token(
    State(chat): State<Chat>,
    me: Session,
    ClientIp(ip): ClientIp,
) -> ApiResult<Reply<ImToken>> {
    Ok(ok(chat.im_token(me, ip).await?))
}

/// The conversation with one person, newest first.
#[utoipa::path(get, path = "/system/content/list", tag = "chat", params(HistoryQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Message>>), (status = 404)))]
async fn history(
    State(chat): State<Chat>,
    me: Session,
    Query(q): Query<HistoryQuery>,
) -> ApiResult<Reply<Page<Message>>> {
    Ok(ok(chat.history(me.user_id, &q).await?))
}

/// How many messages I have not read.
#[utoipa::path(get, path = "/system/content/getUnRead", tag = "chat", security(("bearer" = [])),
    responses((status = 200, body = Envelope<i64>)))]
async fn unread(State(chat): State<Chat>, me: Session) -> ApiResult<Reply<i64>> {
    Ok(ok(chat.unread_total(me.user_id).await?))
}

/// My conversations (recent contacts), newest first, with unread counts.
#[utoipa::path(post, path = "/system/content/getUnReadAll", tag = "chat", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Conversation>>)))]
async fn conversations(
    State(chat): State<Chat>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Conversation>>> {
    Ok(ok(chat.conversations(me.user_id, &p).await?))
}

/// Sends a message (the socket's `send`, for clients without one).
#[utoipa::path(post, path = "/system/content/sendMsg", tag = "chat", request_body = Outgoing,
    security(("bearer" = [])), responses((status = 200, body = Envelope<SentView>), (status = 400), (status = 403), (status = 404),
        (status = 409, description = "Are you sure? The message may hurt; `data.confirm` is `harsh`. Sent again with `confirmed`, it goes."), (status = 429)))]
async fn send_msg(
    State(chat): State<Chat>,
    me: Session,
    Input(out): Input<Outgoing>,
) -> ApiResult<Reply<SentView>> {
    let sent = chat.send(me.user_id, &out).await?;
    Ok(ok(SentView {
        message: sent.message,
        seq: sent.seq,
    }))
}

/// Sends a message to customer service (members reach the concierge).
#[utoipa::path(post, path = "/system/content/sendMsgOther", tag = "chat", request_body = Outgoing,
    security(("bearer" = [])), responses((status = 200, body = Envelope<SentView>), (status = 400), (status = 403), (status = 404), (status = 429)))]
async fn send_msg_other(
    State(chat): State<Chat>,
    me: Session,
    Input(out): Input<Outgoing>,
) -> ApiResult<Reply<SentView>> {
    let sent = chat.send_to_service(me.user_id, out).await?;
    Ok(ok(SentView {
        message: sent.message,
        seq: sent.seq,
    }))
}

/// Marks messages read; their senders get a read receipt.
#[utoipa::path(put, path = "/system/content", tag = "chat", params(MarkQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>)))]
async fn mark_read(
    State(chat): State<Chat>,
    me: Session,
    Query(q): Query<MarkQuery>,
) -> ApiResult<Reply<Option<String>>> {
    let _ = q.year;
    let ids = match q.ids.as_deref().filter(|s| !s.is_empty()) {
        Some(raw) => parse_ids(Some(raw))?,
        None => Vec::new(),
    };
    if q.user_id.is_none() && ids.is_empty() {
        return Err(ApiError::Malformed("userId or ids".into()));
    }
    chat.mark_read(me.user_id, q.user_id, &ids).await?;
    Ok(ok(None))
}

/// Deletes messages for me only; the other side (a group's other members) keeps them.
#[utoipa::path(delete, path = "/system/content/delMsg", tag = "chat",
    request_body(content = IdsForm, content_type = "application/x-www-form-urlencoded"),
    security(("bearer" = [])), responses((status = 200, body = Envelope<u64>), (status = 400)))]
async fn delete_messages(
    State(chat): State<Chat>,
    me: Session,
    Input(form): Input<IdsForm>,
) -> ApiResult<Reply<u64>> {
    let ids = parse_ids(form.ids.as_deref())?;
    Ok(ok(match form.group_id {
        Some(group) => chat.delete_in_group_for_me(me.user_id, group, &ids).await?,
        None => chat.delete_for_me(me.user_id, &ids).await?,
    }))
}

/// Recalls my message within the recall window (the socket's `recall`).
#[utoipa::path(post, path = "/system/content/recall", tag = "chat", request_body = RecallRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Message>), (status = 400), (status = 404)))]
async fn recall(
    State(chat): State<Chat>,
    me: Session,
    Input(req): Input<RecallRequest>,
) -> ApiResult<Reply<Message>> {
    let id = req.id.ok_or(ApiError::NotFound)?;
    Ok(ok(match req.group_id {
        Some(group) => chat.recall_in_group(me.user_id, group, id).await?,
        None => chat.recall(me.user_id, id).await?,
    }))
}

/// The emoji map: the codes an `emoji` message may carry.
#[utoipa::path(get, path = "/system/content/emoji", tag = "chat", responses((status = 200, body = Envelope<Vec<Emoji>>)))]
async fn emoji() -> Reply<Vec<Emoji>> {
    ok(EMOJI
        .iter()
        .map(|(code, emoji)| Emoji { code, emoji })
        .collect())
}

/// The receiver claims a red packet, once, within 24 hours; the coins are credited.
#[utoipa::path(post, path = "/system/redPacket/claim", tag = "chat", request_body = ClaimRedPacket,
    security(("bearer" = [])), responses((status = 200, body = Envelope<RedPacketClaimed>), (status = 400), (status = 404)))]
async fn claim_red_packet(
    State(chat): State<Chat>,
    me: Session,
    Input(req): Input<ClaimRedPacket>,
) -> ApiResult<Reply<RedPacketClaimed>> {
    let paid = chat
        .claim_red_packet(me.user_id, req.id.ok_or(ApiError::NotFound)?)
        .await?;
    Ok(ok(RedPacketClaimed {
        coins: paid.coins,
        balance: paid.balance,
    }))
}

/// Translates one message for me, charged in characters (stored: reading again is free).
#[utoipa::path(post, path = "/system/content/tranMsg", tag = "translate", params(TranMsgQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Translation>), (status = 400), (status = 404), (status = 503)))]
async fn tran_msg(
    State(chat): State<Chat>,
    me: Session,
    Query(q): Query<TranMsgQuery>,
) -> ApiResult<Reply<Translation>> {
    let _ = q.year;
    let id = q.id.ok_or(ApiError::NotFound)?;
    Ok(ok(chat
        .translate_message(me.user_id, id, q.group_id, q.target.as_deref())
        .await?))
}
