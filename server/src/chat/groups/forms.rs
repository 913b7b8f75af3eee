//! What the group endpoints take and answer (their OpenAPI schemas).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::chat::groups::model::GroupSummary;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewGroup {
    /// 1 to 50 characters.
    pub name: Option<String>,
    /// The people to add: people I have a conversation or a match with (at most 199).
    pub user_ids: Option<Vec<i64>>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateGroup {
    /// A new name, 1 to 50 characters.
    pub name: Option<String>,
    /// A new picture, as a `data:image/...;base64,` URL.
    pub avatar: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupPeople {
    pub user_ids: Vec<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct GroupRoleForm {
    /// 1 admin, 2 member.
    pub role: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandOver {
    /// The member who becomes the owner.
    pub user_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadGroup {
    /// The last event number read (default: the group's last).
    pub up_to: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GroupList {
    pub rows: Vec<GroupSummary>,
}

/// Who may add me to groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AddedBy {
    /// Anyone I have a conversation or a match with.
    Anyone,
    /// Only people I matched with.
    Matches,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupSettings {
    pub added_by: AddedBy,
}

/// How long a group stays quiet for me.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
pub enum MuteFor {
    #[serde(rename = "8h")]
    Hours8,
    #[serde(rename = "week")]
    Week,
    #[serde(rename = "always")]
    Always,
    /// Not muted any more.
    #[serde(rename = "off")]
    Off,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MuteGroup {
    /// 8h, week, always or off. Someone who names me (`@name`) is heard even so.
    #[serde(rename = "for")]
    pub span: MuteFor,
}

/// `POST /em/groups/{id}/report`: the group (its name, its picture, what goes on in it) or, with
/// `messageId`, one message in it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportGroup {
    /// spam, fake_profile, inappropriate_content, harassment, underage, scam or other.
    pub reason: Option<String>,
    /// Up to 500 characters.
    pub content: Option<String>,
    /// A message of the group shown to me, someone else's.
    pub message_id: Option<i64>,
}
