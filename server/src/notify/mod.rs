//! Notifications: Web Push (VAPID) of messages to people who have no live chat connection, and
//! of likes, visitors, matches, gifts and announcements, each as the person's settings allow
//! (`settings`). A push from a person carries the SPEC's extension fields so that opening it
//! leads to the chat; the others name the page of the app they open.
//! Where pushes may go, and how many, is `guard`'s and this module's to enforce
//! (docs/security.md, "Web Push").

pub mod forms;
pub mod guard;
pub mod personal;
pub mod routes;
pub mod settings;
pub mod store;
pub mod subscriptions;
pub mod webpush;

use p256::SecretKey;
use serde_json::{json, Value};

use crate::account::model::Gender;
use std::sync::Arc;

use crate::api::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::notify::settings::PushKind;
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

/// The person a push is from, as the chat shows them: opening the push opens the chat with them.
#[derive(Debug, Clone)]
pub struct Sender {
    pub id: i64,
    pub name: String,
    pub em_user: String,
    pub avatar: Option<String>,
    pub gender: Gender,
}

/// A notification for `recipient`, in their language already.
#[derive(Debug, Clone)]
pub struct Push {
    pub recipient: i64,
    pub kind: PushKind,
    pub title: String,
    pub body: String,
    /// Opening it opens the chat with them (SPEC's extension fields).
    pub from: Option<Sender>,
    /// Opening it opens this page of the app instead.
    pub url: Option<&'static str>,
    /// Opening it opens this group's chat.
    pub group: Option<i64>,
}

/// Where likes and winks are listed.
pub const WINK_ME: &str = "/pages/index/index?tab=wink";
/// Where visitors are listed.
pub const FOOTPRINTS: &str = "/pages/index/index?tab=footprints";
/// Where announcements are read.
pub const BULLETIN: &str = "/pages/Bulletin/Bulletin";

impl Push {
    pub fn payload(&self) -> Value {
        let mut data = json!({ "kind": self.kind.as_str() });
        if let Some(url) = self.url {
            data["url"] = json!(url);
        }
        if let Some(group) = self.group {
            data["groupId"] = json!(group);
        }
        if let Some(from) = &self.from {
            data["im_chat_msg_ext_mine_id"] = json!(from.id);
            data["im_chat_msg_ext_mine_username"] = json!(from.name);
            data["im_chat_msg_ext_mine_emUser"] = json!(from.em_user);
            data["im_chat_msg_ext_mine_avatar"] = json!(from.avatar);
            data["im_chat_msg_sex"] = json!(from.gender);
        }
        json!({ "title": self.title, "body": self.body, "data": data })
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

    /// Forgets the pushes about others' doings counted more than an hour ago; the sweep calls it.
    pub async fn forget_old_pushes(&self) -> sqlx::Result<u64> {
        self.store
            .forget_sent_before(self.clock.unix() - 3600)
            .await
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

    /// Sends the notification to each of the recipient's subscriptions, unless they turned its
    /// kind off, it is their quiet hours, or (likes, visitors, matches) they had a few such pushes
    /// this hour already. A subscription the push service no longer knows (404, 410) is
    /// forgotten; a failure is logged, never the sender's.
    pub async fn send(&self, push: Push) {
        if let Err(e) = self.deliver(&push).await {
            tracing::warn!(error = %e, "push not sent");
        }
    }

    /// Sends in the background: the caller's answer does not wait for the push service.
    pub fn send_later(&self, push: Push) {
        let notify = self.clone();
        tokio::spawn(async move { notify.send(push).await });
    }

    async fn deliver(&self, push: &Push) -> anyhow::Result<()> {
        let subscriptions = self.store.subscriptions(push.recipient).await?;
        if subscriptions.is_empty() {
            return Ok(());
        }
        let settings = self.store.settings(push.recipient).await?;
        let now = self.clock.unix();
        if !settings.wants(push.kind) || settings.is_quiet_at(now) {
            return Ok(());
        }
        if push.kind.is_social() {
            let most = self.config.push.social_per_hour;
            let may = self
                .store
                .take_social_push(push.recipient, push.kind, now - 3600, now, most)
                .await?;
            if !may {
                return Ok(());
            }
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
            let auth = webpush::vapid_header(&key, &sub.endpoint, SUBJECT, now)?;
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
