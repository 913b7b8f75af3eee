//! What people see of each other, and the rules of discovery.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::account::model::{age_at, em_user, membership, Gender, Level};
use crate::media::Media;

/// A person as stored, seen by someone (with that someone's private remark).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CardRow {
    pub id: i64,
    pub user_name: String,
    pub gender: Gender,
    pub country: String,
    pub birthday: String,
    pub language: String,
    pub signature: Option<String>,
    pub avatar_key: Option<String>,
    pub avatar_thumb_key: Option<String>,
    pub level: Option<Level>,
    pub member_expires_at: Option<i64>,
    pub last_active_at: i64,
    pub created_at: i64,
    pub remark: Option<String>,
    /// A customer-service account (only the server speaks as them).
    pub service: bool,
    /// Their approved verification selfie matches their current avatar.
    pub verified: bool,
    /// The viewer likes this person.
    pub liked: bool,
    /// When the listed act happened (a like, a visit), for lists.
    pub happened_at: Option<i64>,
}

impl CardRow {
    /// The membership running at `now`, if any.
    pub fn membership(&self, now: i64) -> Option<Level> {
        membership(self.level, self.member_expires_at, now)
    }
}

/// How recently a person was active, as others may know it. Never the exact time: following
/// someone's last-active minute would tell a stalker when they sleep, wake and chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Activity {
    /// Within the operator's online window (minutes).
    Online,
    /// Within a day.
    Recently,
    /// Within a week.
    ThisWeek,
    Earlier,
}

impl Activity {
    pub fn of(last_active_at: i64, now: i64, online_minutes: i64) -> Activity {
        let ago = now - last_active_at;
        if ago <= online_minutes * 60 {
            Activity::Online
        } else if ago <= 86_400 {
            Activity::Recently
        } else if ago <= 7 * 86_400 {
            Activity::ThisWeek
        } else {
            Activity::Earlier
        }
    }
}

/// The public card of a person.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub user_id: i64,
    pub user_name: String,
    /// My private remark for this person, shown instead of the name when set.
    pub remark: Option<String>,
    pub gender: Gender,
    pub age: u32,
    pub country: String,
    pub language: String,
    pub signature: Option<String>,
    pub avatar: Option<String>,
    pub avatar_thumb: Option<String>,
    /// VIP badge: the running membership level.
    pub level: Option<Level>,
    pub online: bool,
    /// How recently they were active; never the exact time.
    pub active: Activity,
    pub em_user: String,
    /// I like (winked at) this person.
    pub liked: bool,
    /// Customer service: anyone may chat with them, whatever their gender.
    pub service: bool,
    /// Verified photos: staff approved a selfie matching their current profile photo.
    pub verified: bool,
    /// When this person liked me, I liked them, or visited me (in those lists).
    pub at: Option<String>,
}

impl Card {
    pub fn from_row(row: CardRow, now: i64, online_minutes: i64) -> Card {
        let age = age_at(&row.birthday, now);
        let level = row.membership(now);
        Card {
            user_id: row.id,
            em_user: em_user(row.id),
            user_name: row.user_name,
            remark: row.remark,
            liked: row.liked,
            service: row.service,
            verified: row.verified,
            gender: row.gender,
            age,
            country: row.country,
            language: row.language,
            signature: row.signature,
            avatar: row.avatar_key.as_deref().map(Media::url),
            avatar_thumb: row.avatar_thumb_key.as_deref().map(Media::url),
            level,
            online: now - row.last_active_at <= online_minutes * 60,
            active: Activity::of(row.last_active_at, now, online_minutes),
            at: row.happened_at.map(crate::clock::rfc3339),
        }
    }
}

/// Filters of the discover list.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DiscoverFilters {
    /// `female` or `male`; without it, the other gender when the operator setting is on.
    pub gender: Option<String>,
    /// One of the eleven countries.
    pub country: Option<String>,
    pub min_age: Option<u32>,
    pub max_age: Option<u32>,
    /// Only people active in the last minutes.
    pub online: Option<bool>,
    /// Only people with a profile picture.
    pub with_photos: Option<bool>,
    /// Only people who joined in the last 30 days.
    pub new_members: Option<bool>,
    /// Only people whose photos are verified.
    pub verified: Option<bool>,
    /// Interface language code.
    pub language: Option<String>,
    /// From 1; ignored with `pageToken`.
    pub page_num: Option<u32>,
    /// 10 by default, at most 100.
    pub page_size: Option<u32>,
    /// The `nextPageToken` of the page before: the next page of the same list.
    pub page_token: Option<String>,
}

/// Reasons a person can give when reporting someone.
pub const REPORT_REASONS: [&str; 7] = [
    "spam",
    "fake_profile",
    "inappropriate_content",
    "harassment",
    "underage",
    "scam",
    "other",
];

/// The lists whose new entries the red badges count (SPEC section 3, listRed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    LikeTo,
    LikeMe,
    Visitor,
    Dynamics,
}

impl List {
    pub fn as_str(self) -> &'static str {
        match self {
            List::LikeTo => "likeTo",
            List::LikeMe => "likeMe",
            List::Visitor => "visitor",
            List::Dynamics => "dynamics",
        }
    }
}

/// The red-badge counters: what is new since each list was last opened.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
#[serde(rename_all = "PascalCase")]
pub struct Counters {
    /// New mutual likes among the people I like.
    pub like_to: i64,
    /// New likes and winks on me.
    pub like_me: i64,
    /// New visits to my profile.
    pub visitor: i64,
    /// New dynamics of people I like since I last opened the feed.
    pub dynamics: i64,
}

/// Where a report stands: waiting for staff, or closed with their action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportStatus {
    Open,
    Closed,
}

impl ReportStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ReportStatus::Open => "open",
            ReportStatus::Closed => "closed",
        }
    }
    pub fn from_db(raw: &str) -> Option<ReportStatus> {
        match raw {
            "open" => Some(ReportStatus::Open),
            "closed" => Some(ReportStatus::Closed),
            _ => None,
        }
    }
}

crate::db::text_enum!(ReportStatus);
