//! Chat endpoints (SPEC section 7 "Messages", `em/getEmToken`); the socket is in `socket.rs`.

use axum::extract::{FromRef, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::account::token::new_token;
use crate::api::envelope::{ok, Envelope, Page, Paging, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{parse_ids, ClientIp, IdList, Input, Query};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::chat::model::{Message, Outgoing, EMOJI};
use crate::chat::Chat;
use crate::people::model::Card;
use crate::people::service_accounts::{CONCIERGE_NAME, SUPPORT_NAME};
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImToken {
    /// My identity on the chat service.
    em_user: String,
    /// Access token for `/im`; revoked with the session.
    token: String,
    /// Where to open the socket (relative to the site).
    url: String,
}

/// My IM identity and a token for the chat socket.
#[utoipa::path(get, path = "/em/getEmToken", tag = "chat", security(("bearer" = [])),
    responses((status = 200, body = Envelope<ImToken>), (status = 401), (status = 429)))]
async fn im_token(
    State(chat): State<Chat>,
    me: Session,
    ClientIp(ip): ClientIp,
) -> ApiResult<Reply<ImToken>> {
    // Each call writes a token row: limited per account and address.
    chat.limits.check(Action::ImTokenByIp, &ip.to_string())?;
    chat.limits
        .check(Action::ImTokenByAccount, &me.user_id.to_string())?;
    let (token, hash) = new_token();
    chat.store
        .create_im_token(me.user_id, me.session_id, &hash, chat.clock.unix())
        .await?;
    Ok(ok(ImToken {
        em_user: crate::account::model::em_user(me.user_id),
        token,
        url: "/im".into(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// The other person.
    user_id: Option<i64>,
    /// Only messages older than this id (paging backwards).
    before_id: Option<i64>,
    page_num: Option<u32>,
    page_size: Option<u32>,
}

/// The conversation with one person, newest first.
#[utoipa::path(get, path = "/system/content/list", tag = "chat", params(HistoryQuery),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Message>>), (status = 404)))]
async fn history(
    State(chat): State<Chat>,
    me: Session,
    Query(q): Query<HistoryQuery>,
) -> ApiResult<Reply<Page<Message>>> {
    let peer = q.user_id.ok_or(ApiError::NotFound)?;
    let paging = Paging {
        page_num: q.page_num,
        page_size: q.page_size,
    };
    let (rows, total) = chat
        .store
        .history(
            me.user_id,
            peer,
            q.before_id,
            paging.limit(),
            paging.offset(),
        )
        .await?;
    Ok(ok(Page {
        rows: chat.views_with_translations(&rows, me.user_id).await?,
        total,
    }))
}

/// How many messages I have not read.
#[utoipa::path(get, path = "/system/content/getUnRead", tag = "chat", security(("bearer" = [])),
    responses((status = 200, body = Envelope<i64>)))]
async fn unread(State(chat): State<Chat>, me: Session) -> ApiResult<Reply<i64>> {
    Ok(ok(chat.store.unread_total(me.user_id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    peer: Card,
    last_message: Message,
    /// My unread messages from this person.
    unread: i64,
}

/// My conversations (recent contacts), newest first, with unread counts.
#[utoipa::path(post, path = "/system/content/getUnReadAll", tag = "chat", params(Paging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Page<Conversation>>)))]
async fn conversations(
    State(chat): State<Chat>,
    me: Session,
    Query(p): Query<Paging>,
) -> ApiResult<Reply<Page<Conversation>>> {
    let (rows, total) = chat
        .store
        .conversations(me.user_id, p.limit(), p.offset())
        .await?;
    let last = chat
        .store
        .messages(&rows.iter().map(|r| r.last_id).collect::<Vec<_>>())
        .await?;
    let now = chat.clock.unix();
    let signer = chat.media.signer(now);
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let (Some(card), Some(message)) = (
            chat.people.visible_card(me.user_id, row.peer).await?,
            last.iter().find(|m| m.id == row.last_id),
        ) else {
            continue;
        };
        out.push(Conversation {
            peer: Card::from_row(card, now, chat.config.people.online_minutes),
            last_message: Message::view(message, me.user_id, &signer),
            unread: row.unread,
        });
    }
    Ok(ok(Page { rows: out, total }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SentView {
    message: Message,
    /// My sequence number for it.
    seq: i64,
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
    Input(mut out): Input<Outgoing>,
) -> ApiResult<Reply<SentView>> {
    let row = chat
        .accounts
        .user(me.user_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let member = row.membership(chat.clock.unix()).is_some();
    let name = if member { CONCIERGE_NAME } else { SUPPORT_NAME };
    let service = chat
        .people
        .service_account(me.user_id, name)
        .await?
        .ok_or(ApiError::NotFound)?;
    out.to = Some(service.id);
    let sent = chat.send(me.user_id, &out).await?;
    Ok(ok(SentView {
        message: sent.message,
        seq: sent.seq,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MarkQuery {
    /// Mark the whole conversation with this person read.
    user_id: Option<i64>,
    /// Or these message ids (comma-separated).
    ids: Option<String>,
    /// Accepted and ignored (the seed sends it).
    year: Option<String>,
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

#[derive(Debug, Deserialize, ToSchema)]
pub struct IdsForm {
    /// Comma-separated message ids.
    #[schema(value_type = IdList)]
    ids: Option<String>,
}

/// Deletes messages for me only; the other side keeps them.
#[utoipa::path(delete, path = "/system/content/delMsg", tag = "chat",
    request_body(content = IdsForm, content_type = "application/x-www-form-urlencoded"),
    security(("bearer" = [])), responses((status = 200, body = Envelope<u64>), (status = 400)))]
async fn delete_messages(
    State(chat): State<Chat>,
    me: Session,
    Input(form): Input<IdsForm>,
) -> ApiResult<Reply<u64>> {
    let ids = parse_ids(form.ids.as_deref())?;
    Ok(ok(chat.store.delete_for(me.user_id, &ids).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RecallRequest {
    id: Option<i64>,
}

/// Recalls my message within the recall window (the socket's `recall`).
#[utoipa::path(post, path = "/system/content/recall", tag = "chat", request_body = RecallRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Message>), (status = 400), (status = 404)))]
async fn recall(
    State(chat): State<Chat>,
    me: Session,
    Input(req): Input<RecallRequest>,
) -> ApiResult<Reply<Message>> {
    Ok(ok(chat
        .recall(me.user_id, req.id.ok_or(ApiError::NotFound)?)
        .await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Emoji {
    code: &'static str,
    emoji: &'static str,
}

/// The emoji map: the codes an `emoji` message may carry.
#[utoipa::path(get, path = "/system/content/emoji", tag = "chat", responses((status = 200, body = Envelope<Vec<Emoji>>)))]
async fn emoji() -> Reply<Vec<Emoji>> {
    ok(EMOJI
        .iter()
        .map(|(code, emoji)| Emoji { code, emoji })
        .collect())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ClaimRedPacket {
    /// The red packet's id (`content.redPacketId` of its message).
    id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedPacketClaimed {
    /// Coins credited now.
    coins: i64,
    /// The coin balance after.
    balance: i64,
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

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TranMsgQuery {
    /// The message to translate.
    id: Option<i64>,
    /// Target language code; default: my choice for that partner, else my language.
    target: Option<String>,
    /// Accepted and ignored (the seed sends it).
    year: Option<String>,
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
        .translate_message(me.user_id, id, q.target.as_deref())
        .await?))
}
