//! The browsers a person has subscribed to pushes, and what they want pushed.

use std::net::IpAddr;

use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::i18n::Msg;
use crate::notify::forms::{SubscriptionRequest, VapidKey};
use crate::notify::settings::{PushSettings, PushSettingsChange};
use crate::notify::store::Subscribed;
use crate::notify::{guard, webpush, Notify, MAX_SUBSCRIPTIONS};

impl Notify {
    /// The key browsers subscribe to our pushes with.
    pub async fn public_key(&self) -> ApiResult<VapidKey> {
        let key = self.vapid_key().await?;
        Ok(VapidKey {
            public_key: webpush::b64(&webpush::public_bytes(&key)),
        })
    }

    /// Subscribes a browser: its endpoint must be `https` on a browser push service, and a
    /// person has at most `MAX_SUBSCRIPTIONS` (the same endpoint again updates its keys).
    pub async fn subscribe(&self, me: i64, ip: IpAddr, req: SubscriptionRequest) -> ApiResult<()> {
        self.limits
            .check(Action::PushSubscribeByIp, &ip.to_string())
            .await?;
        self.limits
            .check(Action::PushSubscribeByAccount, &me.to_string())
            .await?;
        let endpoint = req
            .endpoint
            .ok_or_else(|| ApiError::Malformed("endpoint".into()))?;
        // Stored as the browser gave it: unsubscribing names it the same way.
        guard::check_endpoint(&endpoint, &self.config.push).map_err(|refused| {
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
        let subscribed = self
            .store
            .subscribe(
                me,
                &endpoint,
                &p256dh,
                &auth,
                self.clock.unix(),
                MAX_SUBSCRIPTIONS,
            )
            .await?;
        match subscribed {
            Subscribed::Stored => Ok(()),
            Subscribed::Full => Err(ApiError::Invalid(Msg::PushSubscriptionsFull)),
        }
    }

    /// Stops pushes to a browser.
    pub async fn unsubscribe(&self, me: i64, endpoint: &str) -> ApiResult<()> {
        Ok(self.store.unsubscribe(me, endpoint).await?)
    }

    /// What I want pushed.
    pub async fn settings(&self, me: i64) -> ApiResult<PushSettings> {
        Ok(self.store.settings(me).await?)
    }

    /// Changes what I want pushed.
    pub async fn change_settings(
        &self,
        me: i64,
        change: &PushSettingsChange,
    ) -> ApiResult<PushSettings> {
        change.check()?;
        let now = self.clock.unix();
        Ok(self.store.change_settings(me, change, now).await?)
    }
}
