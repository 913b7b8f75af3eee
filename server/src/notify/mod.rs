//! Notifications: Web Push (VAPID) to people who have no live chat connection. The payload
//! carries the SPEC's extension fields so that opening the notification leads to the chat.
//! Where pushes may go, and how many, is `guard`'s and this module's to enforce
//! (docs/security.md, "Web Push").

pub mod guard;
pub mod routes;
pub mod store;
pub mod webpush;

use p256::SecretKey;
use serde_json::{json, Value};

use crate::account::model::Gender;
use std::sync::Arc;

use crate::api::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::notify::store::PushStore;

/// The notification service: subscriptions, the VAPID key, and sending.
#[derive(Clone)]
pub struct Notify {
    store: PushStore,
    clock: Clock,
    config: Arc<Config>,
    limits: Arc<RateLimiter>,
}

/// Who VAPID says is sending (push services contact this address about problems).
const SUBJECT: &str = "mailto:support@amora.app";

/// Subscriptions a person may have: each message to them while offline is one request per
/// subscription, so this bounds what one message makes the server send.
pub const MAX_SUBSCRIPTIONS: i64 = 5;

/// A chat notification for `recipient` about a message from `sender`.
pub struct ChatPush {
    pub recipient: i64,
    pub title: String,
    pub body: String,
    pub sender_id: i64,
    pub sender_name: String,
    pub sender_em_user: String,
    pub sender_avatar: Option<String>,
    pub sender_gender: Gender,
}

impl ChatPush {
    pub fn payload(&self) -> Value {
        json!({
            "title": self.title,
            "body": self.body,
            "data": {
                "im_chat_msg_ext_mine_id": self.sender_id,
                "im_chat_msg_ext_mine_username": self.sender_name,
                "im_chat_msg_ext_mine_emUser": self.sender_em_user,
                "im_chat_msg_ext_mine_avatar": self.sender_avatar,
                "im_chat_msg_sex": self.sender_gender,
            }
        })
    }
}

impl Notify {
    pub fn new(ground: &Ground) -> Notify {
        Notify {
            store: PushStore::new(ground.db.clone()),
            clock: ground.clock.clone(),
            config: ground.config.clone(),
            limits: ground.limits.clone(),
        }
    }

    /// Forgets every subscription of the person: after logout, a password change or reset and
    /// account deletion nothing more is pushed to the browsers they used.
    pub async fn forget_subscriptions(&self, user_id: i64) -> sqlx::Result<()> {
        self.store.forget_subscriptions(user_id).await
    }

    /// The server's VAPID key, made on first use and shared by every node through the database.
    pub async fn vapid_key(&self) -> anyhow::Result<SecretKey> {
        let candidate = webpush::b64(&webpush::new_secret().to_bytes());
        let stored = self.store.vapid_key(&candidate, self.clock.unix()).await?;
        Ok(SecretKey::from_slice(&webpush::unb64(&stored)?)?)
    }

    /// Sends the notification to each of the recipient's subscriptions. A subscription the push
    /// service no longer knows (404, 410) is forgotten; a failure is logged, never the sender's.
    pub async fn send_chat_push(&self, push: ChatPush) {
        if let Err(e) = self.deliver(&push).await {
            tracing::warn!(error = %e, "push not sent");
        }
    }

    async fn deliver(&self, push: &ChatPush) -> anyhow::Result<()> {
        let subscriptions = self.store.subscriptions(push.recipient).await?;
        if subscriptions.is_empty() {
            return Ok(());
        }
        let key = self.vapid_key().await?;
        let payload = push.payload().to_string();
        // Built per delivery: cheap next to the pushes, and it follows the configuration in force.
        let client = guard::client(&self.config.push)?;
        for sub in subscriptions {
            // Stored before these rules, or the host left the list since: never sent to.
            if let Err(refused) = guard::check_endpoint(&sub.endpoint, &self.config.push) {
                tracing::warn!(%refused, "push endpoint refused");
                continue;
            }
            let body = webpush::encrypt(payload.as_bytes(), &sub.p256dh, &sub.auth)?;
            let auth = webpush::vapid_header(&key, &sub.endpoint, SUBJECT, self.clock.unix())?;
            let sent = client
                .post(&sub.endpoint)
                .header("Authorization", auth)
                .header("TTL", "86400")
                .header("Urgency", "high")
                .header("Content-Encoding", "aes128gcm")
                .header("Content-Type", "application/octet-stream")
                .body(body)
                .send()
                .await;
            match sent {
                Ok(r) if r.status().as_u16() == 404 || r.status().as_u16() == 410 => {
                    self.store.drop_subscription(sub.id).await?;
                }
                Ok(r) if !r.status().is_success() => {
                    tracing::warn!(status = %r.status(), "push service refused")
                }
                Ok(_) => metrics::counter!("push_sent_total").increment(1),
                Err(e) => tracing::warn!(error = %e, "push service unreachable"),
            }
        }
        Ok(())
    }
}
