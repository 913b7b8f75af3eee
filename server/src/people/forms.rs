//! What the people endpoints take and answer (their OpenAPI schemas), read by the handlers in
//! `routes/` and the people service.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::extract::IdList;
use crate::people::model::{Activity, Card};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserIdQuery {
    pub user_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LikeState {
    /// I like this person now.
    pub liked: bool,
    /// And they like me: a match.
    pub mutual: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LikeQuery {
    /// What the heart should show after the tap: `true` likes, `false` takes the like back, and
    /// asking again changes nothing. Without it the like flips (the seed's clients).
    pub like: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockRequest {
    pub user_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    /// Comma-separated user ids of the people to unblock.
    #[param(value_type = IdList)]
    pub ids: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PassRequest {
    pub user_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    #[serde(flatten)]
    pub card: Card,
    /// I like (winked at) this person.
    pub liked: bool,
    /// This person likes me too: a match.
    pub mutual: bool,
    /// This person is in my contacts.
    pub contact: bool,
    /// This is my own profile.
    pub mine: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MinutesQuery {
    /// Accepted for the seed's clients and ignored: the window is the operator's online window
    /// (a window the caller chooses, minute by minute, would tell the exact last-active time).
    pub minutes: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnlineStatus {
    pub online: bool,
    /// How recently they were active; never the exact time.
    pub active: Activity,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RemarkQuery {
    /// Empty clears the remark.
    pub remark: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemarkRequest {
    pub user_id: Option<i64>,
    /// Empty clears the remark.
    pub remark: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRequest {
    pub user_id: Option<i64>,
    /// spam, fake_profile, inappropriate_content, harassment, underage, scam or other.
    pub reason: Option<String>,
    pub content: Option<String>,
    /// Up to three screenshots as base64 data URLs.
    pub images: Option<Vec<String>>,
}

/// `PUT /system/user/profile/location`: my position, kept only as an area of about 5 km, or
/// `{"off": true}` to stop sharing it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaRequest {
    /// Latitude, -90 to 90.
    #[schema(value_type = Option<f64>)]
    pub lat: Option<serde_json::Value>,
    /// Longitude, -180 to 180.
    #[schema(value_type = Option<f64>)]
    pub lng: Option<serde_json::Value>,
    /// `true` stops sharing my area and forgets it.
    pub off: Option<bool>,
}

/// Whether I share my area with people nearby.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaState {
    pub shares_area: bool,
}

/// Someone nearby: their card, how far (whole km between our areas, 5 at the least, which
/// reads "less than 5 km"), and the town their area is in, in the reader's language, where
/// one is near.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyCard {
    #[serde(flatten)]
    pub card: Card,
    pub distance_km: i64,
    pub town: Option<String>,
}

/// A page of people nearby, nearest first, and the way on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyPage {
    pub rows: Vec<NearbyCard>,
    /// How many others share their area, counted up to 1,000 (some may be hidden from me).
    pub total: i64,
    /// Give it back as `pageToken` (with the same filters and `pageSize`) for the next page;
    /// null at the end.
    pub next_page_token: Option<String>,
}
