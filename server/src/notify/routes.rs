//! Push endpoints: the VAPID public key, subscribe and unsubscribe, and what a person wants
//! pushed.

use axum::extract::{FromRef, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{ClientIp, Input};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::notify::settings::{PushSettings, PushSettingsChange};
use crate::notify::store::Subscribed;
use crate::notify::Notify;
use crate::notify::{guard, webpush, MAX_SUBSCRIPTIONS};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Notify: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(public_key))
        .routes(routes!(subscribe))
        .routes(routes!(unsubscribe))
        .routes(routes!(settings, change_settings))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VapidKey {
    /// The application server key for `PushManager.subscribe` (base64url, uncompressed P-256).
    public_key: String,
}

/// The key browsers subscribe to our pushes with.
#[utoipa::path(get, path = "/system/push/vapidKey", tag = "notify", responses((status = 200, body = Envelope<VapidKey>)))]
async fn public_key(State(notify): State<Notify>) -> ApiResult<Reply<VapidKey>> {
    let key = notify.vapid_key().await?;
    Ok(ok(VapidKey {
        public_key: webpush::b64(&webpush::public_bytes(&key)),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Keys {
    p256dh: Option<String>,
    auth: Option<String>,
}

/// A browser's `PushSubscription.toJSON()`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscriptionRequest {
    endpoint: Option<String>,
    keys: Option<Keys>,
}

/// Subscribes this browser to chat notifications.
///
/// The endpoint must be `https` on a browser push service; at most five browsers a person (the
/// same endpoint again updates its keys).
#[utoipa::path(post, path = "/system/push/subscribe", tag = "notify", request_body = SubscriptionRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 429)))]
async fn subscribe(
    State(notify): State<Notify>,
    ClientIp(ip): ClientIp,
    me: Session,
    Input(req): Input<SubscriptionRequest>,
) -> ApiResult<Reply<Option<String>>> {
    notify
        .limits
        .check(Action::PushSubscribeByIp, &ip.to_string())?;
    notify
        .limits
        .check(Action::PushSubscribeByAccount, &me.user_id.to_string())?;
    let endpoint = req
        .endpoint
        .ok_or_else(|| ApiError::Malformed("endpoint".into()))?;
    // Stored as the browser gave it: unsubscribing names it the same way.
    guard::check_endpoint(&endpoint, &notify.config.push).map_err(|refused| {
        tracing::info!(%refused, "push subscription refused");
        ApiError::Invalid(Msg::PushEndpointRefused)
    })?;
    let keys = req.keys.ok_or_else(|| ApiError::Malformed("keys".into()))?;
    let (Some(p256dh), Some(auth)) = (keys.p256dh, keys.auth) else {
        return Err(ApiError::Malformed("keys".into()));
    };
    let key_ok =
        webpush::unb64(&p256dh).is_ok_and(|k| p256::PublicKey::from_sec1_bytes(&k).is_ok());
    if !key_ok || webpush::unb64(&auth).map_or(true, |a| a.len() != 16) {
        return Err(ApiError::Malformed("keys".into()));
    }
    let subscribed = notify
        .store
        .subscribe(
            me.user_id,
            &endpoint,
            &p256dh,
            &auth,
            notify.clock.unix(),
            MAX_SUBSCRIPTIONS,
        )
        .await?;
    match subscribed {
        Subscribed::Stored => Ok(ok(None)),
        Subscribed::Full => Err(ApiError::Invalid(Msg::PushSubscriptionsFull)),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UnsubscribeRequest {
    endpoint: Option<String>,
}

/// Stops chat notifications to this browser.
#[utoipa::path(post, path = "/system/push/unsubscribe", tag = "notify", request_body = UnsubscribeRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>)))]
async fn unsubscribe(
    State(notify): State<Notify>,
    me: Session,
    Input(req): Input<UnsubscribeRequest>,
) -> ApiResult<Reply<Option<String>>> {
    notify
        .store
        .unsubscribe(me.user_id, req.endpoint.as_deref().unwrap_or_default())
        .await?;
    Ok(ok(None))
}

/// What I want pushed: each kind on or off, and quiet hours in my time zone.
#[utoipa::path(get, path = "/system/push/settings", tag = "notify", security(("bearer" = [])),
    responses((status = 200, body = Envelope<PushSettings>)))]
async fn settings(State(notify): State<Notify>, me: Session) -> ApiResult<Reply<PushSettings>> {
    Ok(ok(notify.store.settings(me.user_id).await?))
}

/// Changes what I want pushed: the kinds named, quiet hours (null: none), the time zone (IANA).
#[utoipa::path(post, path = "/system/push/settings", tag = "notify", security(("bearer" = [])),
    request_body = PushSettingsChange,
    responses((status = 200, body = Envelope<PushSettings>), (status = 400)))]
async fn change_settings(
    State(notify): State<Notify>,
    me: Session,
    Input(change): Input<PushSettingsChange>,
) -> ApiResult<Reply<PushSettings>> {
    change.check()?;
    let now = notify.clock.unix();
    Ok(ok(notify
        .store
        .change_settings(me.user_id, &change, now)
        .await?))
}
