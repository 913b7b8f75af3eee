//! Push endpoints: the VAPID public key, subscribe and unsubscribe, and what a person wants
//! pushed; thin handlers over the push service (`subscriptions.rs`).

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{ClientIp, Input};
use crate::api::session::Session;
use crate::notify::forms::{SubscriptionRequest, UnsubscribeRequest, VapidKey};
use crate::notify::settings::{PushSettings, PushSettingsChange};
use crate::notify::Notify;

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

/// The key browsers subscribe to our pushes with.
#[utoipa::path(get, path = "/system/push/vapidKey", tag = "notify", responses((status = 200, body = Envelope<VapidKey>)))]
async fn public_key(State(notify): State<Notify>) -> ApiResult<Reply<VapidKey>> {
    Ok(ok(notify.public_key().await?))
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
    notify.subscribe(me.user_id, ip, req).await?;
    Ok(ok(None))
}

/// Stops chat notifications to this browser.
#[utoipa::path(post, path = "/system/push/unsubscribe", tag = "notify", request_body = UnsubscribeRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>)))]
async fn unsubscribe(
    State(notify): State<Notify>,
    me: Session,
    Input(req): Input<UnsubscribeRequest>,
) -> ApiResult<Reply<Option<String>>> {
    let endpoint = req.endpoint.as_deref().unwrap_or_default();
    notify.unsubscribe(me.user_id, endpoint).await?;
    Ok(ok(None))
}

/// What I want pushed: each kind on or off, and quiet hours in my time zone.
#[utoipa::path(get, path = "/system/push/settings", tag = "notify", security(("bearer" = [])),
    responses((status = 200, body = Envelope<PushSettings>)))]
async fn settings(State(notify): State<Notify>, me: Session) -> ApiResult<Reply<PushSettings>> {
    Ok(ok(notify.settings(me.user_id).await?))
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
    Ok(ok(notify.change_settings(me.user_id, &change).await?))
}
