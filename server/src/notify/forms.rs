//! What the push endpoints take and answer (their OpenAPI schemas), read by the handlers in
//! `routes.rs` and the push service.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VapidKey {
    /// The application server key for `PushManager.subscribe` (base64url, uncompressed P-256).
    pub public_key: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Keys {
    pub p256dh: Option<String>,
    pub auth: Option<String>,
}

/// A browser's `PushSubscription.toJSON()`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscriptionRequest {
    pub endpoint: Option<String>,
    pub keys: Option<Keys>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UnsubscribeRequest {
    pub endpoint: Option<String>,
}
