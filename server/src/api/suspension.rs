//! What a banned person is told, the data of the 403 "This account has been suspended" that
//! any request of hers may meet: the account's bans (`account/bans.rs`) fill it in.

use serde::Serialize;
use utoipa::ToSchema;

/// What a banned person is told.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Suspension {
    /// spam, fake_profile, inappropriate_content, harassment, underage, scam or other.
    pub reason: &'static str,
    /// When the suspension ends; null: until staff lift it.
    pub until: Option<String>,
    /// The pass to send an appeal with (`POST /system/user/appeal`), good for 30 minutes.
    pub appeal_token: String,
    /// Her appeal against this ban, once sent.
    pub appeal: Option<AppealView>,
}

/// An appeal as its sender sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppealView {
    /// waiting (for staff) or kept (staff kept the ban).
    pub state: String,
    pub sent_at: String,
}
