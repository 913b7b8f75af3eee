//! Push storage: the VAPID key and subscriptions.

use crate::db::Db;
use crate::on_db;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Subscription {
    pub id: i64,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

#[allow(async_fn_in_trait)]
pub trait PushStore {
    /// The stored VAPID private key, or `candidate` stored now when there is none yet.
    async fn vapid_key(&self, candidate: &str, now: i64) -> sqlx::Result<String>;
    async fn subscribe(
        &self,
        user_id: i64,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        now: i64,
    ) -> sqlx::Result<()>;
    async fn unsubscribe(&self, user_id: i64, endpoint: &str) -> sqlx::Result<()>;
    async fn subscriptions(&self, user_id: i64) -> sqlx::Result<Vec<Subscription>>;
    async fn drop_subscription(&self, id: i64) -> sqlx::Result<()>;
}

impl PushStore for Db {
    async fn vapid_key(&self, candidate: &str, now: i64) -> sqlx::Result<String> {
        on_db!(self, pool => {
            sqlx::query("INSERT INTO vapid_keys (id, private_key, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING")
                .bind(candidate).bind(now).execute(pool).await?;
            let (key,): (String,) = sqlx::query_as("SELECT private_key FROM vapid_keys WHERE id = 1").fetch_one(pool).await?;
            Ok(key)
        })
    }

    async fn subscribe(
        &self,
        user_id: i64,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        now: i64,
    ) -> sqlx::Result<()> {
        // An endpoint belongs to one browser: a new sign-in on it takes it over.
        on_db!(self, pool => sqlx::query(
            "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
                 auth = excluded.auth, created_at = excluded.created_at",
        ).bind(user_id).bind(endpoint).bind(p256dh).bind(auth).bind(now).execute(pool).await.map(|_| ()))
    }

    async fn unsubscribe(&self, user_id: i64, endpoint: &str) -> sqlx::Result<()> {
        on_db!(self, pool => sqlx::query("DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2")
            .bind(user_id).bind(endpoint).execute(pool).await.map(|_| ()))
    }

    async fn subscriptions(&self, user_id: i64) -> sqlx::Result<Vec<Subscription>> {
        on_db!(self, pool => sqlx::query_as("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1")
            .bind(user_id).fetch_all(pool).await)
    }

    async fn drop_subscription(&self, id: i64) -> sqlx::Result<()> {
        on_db!(self, pool => sqlx::query("DELETE FROM push_subscriptions WHERE id = $1").bind(id).execute(pool).await.map(|_| ()))
    }
}
