//! Groups as docs/im-protocol.md ("Groups") defines them: roles, the stored rows, and the views
//! the endpoints and the socket answer with.

use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;

use crate::chat::model::{ChatType, Message, MessageType};
use crate::media::signed::Signer;
use crate::media::Media;

/// Most people in a group, its owner included.
pub const MAX_MEMBERS: usize = 200;
/// Longest group name, in characters.
pub const MAX_NAME_CHARS: usize = 50;

/// A member's role (SPEC section 3): the numbers are the seed's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum GroupRole {
    Owner = 0,
    Admin = 1,
    Member = 2,
}

impl GroupRole {
    pub fn from_number(n: i64) -> Option<GroupRole> {
        match n {
            0 => Some(GroupRole::Owner),
            1 => Some(GroupRole::Admin),
            2 => Some(GroupRole::Member),
            _ => None,
        }
    }

    pub fn number(self) -> i64 {
        self as i64
    }

    /// Owners and admins run the group: they add, remove and rename.
    pub fn runs_group(self) -> bool {
        self <= GroupRole::Admin
    }
}

/// A group as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GroupRow {
    pub id: i64,
    pub name: String,
    pub avatar_key: Option<String>,
    pub last_seq: i64,
    /// Dissolved by its owner or closed by staff.
    pub ended_at: Option<i64>,
}

/// Someone's membership of a group, current or ended, with their name and picture.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MemberRow {
    pub user_id: i64,
    pub role: i64,
    /// They are shown the events after this number...
    pub joined_seq: i64,
    /// ...up to this one, when they have left.
    pub left_seq: Option<i64>,
    pub read_seq: i64,
    pub muted_until: Option<i64>,
    pub user_name: String,
    pub avatar_thumb_key: Option<String>,
    pub language: String,
}

impl MemberRow {
    pub fn role(&self) -> GroupRole {
        GroupRole::from_number(self.role).unwrap_or(GroupRole::Member)
    }

    pub fn is_current(&self) -> bool {
        self.left_seq.is_none()
    }
}

/// One event of a group's sequence, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GroupEventRow {
    pub id: i64,
    pub group_id: i64,
    pub seq: i64,
    /// message, system or recall.
    pub kind: String,
    pub sender_id: Option<i64>,
    pub client_id: Option<String>,
    pub msg_type: String,
    pub content: String,
    /// A recall's message.
    pub recalls: Option<i64>,
    pub created_at: i64,
    pub recalled_at: Option<i64>,
}

pub const EVENT_COLUMNS: &str = "id, group_id, seq, kind, sender_id, client_id, msg_type, content, recalls, created_at, recalled_at";

impl GroupEventRow {
    /// The message (or system line) of a `message` or `system` event as a member sees it, with
    /// how many others have read it when it is `viewer`'s own.
    pub fn message(&self, viewer: i64, read_by: Option<i64>, signer: &Signer) -> Message {
        let recalled = self.recalled_at.is_some();
        let content = if recalled {
            RawValue::NULL.to_owned()
        } else {
            let private = MessageType::from_db(&self.msg_type)
                .is_some_and(|t| matches!(t, MessageType::Img | MessageType::Audio));
            let signed = private
                .then(|| signer.image_content(&self.content))
                .flatten();
            RawValue::from_string(signed.unwrap_or_else(|| self.content.clone()))
                .unwrap_or_else(|_| RawValue::NULL.to_owned())
        };
        let mine = self.sender_id == Some(viewer);
        let status = if recalled {
            "recalled"
        } else if mine && read_by.unwrap_or(0) > 0 {
            "read"
        } else {
            "unread"
        };
        Message {
            id: self.id,
            client_id: self.client_id.clone().unwrap_or_default(),
            from: self.sender_id.unwrap_or(0),
            to: self.group_id,
            chat_type: ChatType::GroupChat,
            msg_type: self.msg_type.clone(),
            content,
            status: status.to_owned(),
            created_at: crate::clock::rfc3339(self.created_at),
            delivered_at: None,
            read_at: None,
            seq: Some(self.seq),
            read_by: if mine { read_by } else { None },
            translation: None,
        }
    }
}

/// A member as the group's page shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupMember {
    pub user_id: i64,
    pub user_name: String,
    pub avatar: Option<String>,
    /// 0 owner, 1 admin, 2 member.
    pub role: i64,
}

/// A group as one of its members sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    pub id: i64,
    pub name: String,
    pub avatar: Option<String>,
    /// My role; null once I have left.
    pub my_role: Option<i64>,
    /// The group's last event number.
    pub last_seq: i64,
    /// The last event number I have read.
    pub read_seq: i64,
    /// Dissolved or closed: nothing more can be sent.
    pub ended: bool,
    /// Until when my notifications of it are muted (RFC 3339), if they are.
    pub muted_until: Option<String>,
    /// The members now, owner first.
    pub members: Vec<GroupMember>,
}

impl Group {
    pub fn view(group: &GroupRow, members: &[MemberRow], me: i64) -> Group {
        let mine = members.iter().find(|m| m.user_id == me);
        let mut current: Vec<&MemberRow> = members.iter().filter(|m| m.is_current()).collect();
        current.sort_by_key(|m| (m.role, m.user_name.to_lowercase()));
        Group {
            id: group.id,
            name: group.name.clone(),
            avatar: group.avatar_key.as_deref().map(Media::url),
            my_role: mine.filter(|m| m.is_current()).map(|m| m.role),
            last_seq: group.last_seq,
            read_seq: mine.map_or(0, |m| m.read_seq),
            ended: group.ended_at.is_some(),
            muted_until: mine.and_then(|m| m.muted_until).map(crate::clock::rfc3339),
            members: current
                .into_iter()
                .map(|m| GroupMember {
                    user_id: m.user_id,
                    user_name: m.user_name.clone(),
                    avatar: m.avatar_thumb_key.as_deref().map(Media::url),
                    role: m.role,
                })
                .collect(),
        }
    }
}

/// One of my groups in the list of conversations.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupSummary {
    pub id: i64,
    pub name: String,
    pub avatar: Option<String>,
    pub my_role: i64,
    pub member_count: i64,
    pub last_seq: i64,
    /// Messages from others after what I have read.
    pub unread: i64,
    pub ended: bool,
    /// The newest message or system line.
    pub last_message: Option<Message>,
}

/// A group of mine as the list reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SummaryRow {
    pub id: i64,
    pub name: String,
    pub avatar_key: Option<String>,
    pub role: i64,
    pub member_count: i64,
    pub last_seq: i64,
    pub unread: i64,
    pub ended_at: Option<i64>,
}

/// What a system line says happened, written by each reader's client in their language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Happened {
    Created,
    Added,
    Removed,
    Left,
    Renamed,
    Promoted,
    Demoted,
    HandedOver,
    Dissolved,
    Closed,
}

/// A candidate for a group, as the rules about adding people read them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Candidate {
    pub id: i64,
    pub active: bool,
    pub blocked: bool,
    pub matched: bool,
    pub talked: bool,
    /// They are added only by people they matched with.
    pub matches_only: bool,
}
