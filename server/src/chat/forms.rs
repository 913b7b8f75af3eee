//! What the chat endpoints take and answer (their OpenAPI schemas), read by the handlers in
//! `routes.rs` and the chat service.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::extract::IdList;
use crate::chat::model::Message;
use crate::people::model::Card;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImToken {
    /// My identity on the chat service.
    pub em_user: String,
    /// Access token for `/im`; revoked with the session.
    pub token: String,
    /// Where to open the socket (relative to the site).
    pub url: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// The other person.
    pub user_id: Option<i64>,
    /// Or a group I am in (or was in: what I was shown).
    pub group_id: Option<i64>,
    /// Only messages older than this id (paging backwards).
    pub before_id: Option<i64>,
    pub page_num: Option<u32>,
    pub page_size: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub peer: Card,
    pub last_message: Message,
    /// My unread messages from this person.
    pub unread: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SentView {
    pub message: Message,
    /// My sequence number for it.
    pub seq: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MarkQuery {
    /// Mark the whole conversation with this person read.
    pub user_id: Option<i64>,
    /// Or these message ids (comma-separated).
    pub ids: Option<String>,
    /// Accepted and ignored (the seed sends it).
    pub year: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IdsForm {
    /// Comma-separated message ids.
    #[schema(value_type = IdList)]
    pub ids: Option<String>,
    /// The group the messages are in, for a group's messages (a form field: a number or absent).
    #[serde(rename = "groupId")]
    #[schema(value_type = i64, required = false)]
    pub group_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecallRequest {
    pub id: Option<i64>,
    /// The group of a group message.
    pub group_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Emoji {
    pub code: &'static str,
    pub emoji: &'static str,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ClaimRedPacket {
    /// The red packet's id (`content.redPacketId` of its message).
    pub id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedPacketClaimed {
    /// Coins credited now.
    pub coins: i64,
    /// The coin balance after.
    pub balance: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TranMsgQuery {
    /// The message to translate.
    pub id: Option<i64>,
    /// The group of a group message.
    pub group_id: Option<i64>,
    /// Target language code; default: my choice for that partner, else my language.
    pub target: Option<String>,
    /// Accepted and ignored (the seed sends it).
    pub year: Option<String>,
}
