//! Push storage: the VAPID key and subscriptions.

use crate::db::on_db;
use crate::db::{Db, WriteTx};

/// What became of a subscription.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subscribed {
    /// Stored, or updated when this endpoint was known.
    Stored,
    /// Refused: the person already has `max` other subscriptions.
    Full,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Subscription {
    pub id: i64,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// Push storage on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct PushStore {
    db: Db,
}

impl PushStore {
    pub fn new(db: Db) -> PushStore {
        PushStore { db }
    }

    /// The stored VAPID private key, or `candidate` stored now when there is none yet.
    pub async fn vapid_key(&self, candidate: &str, now: i64) -> sqlx::Result<String> {
        on_db!(&self.db, pool => {
            sqlx::query("INSERT INTO vapid_keys (id, private_key, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING")
                .bind(candidate).bind(now).execute(pool).await?;
            let (key,): (String,) = sqlx::query_as("SELECT private_key FROM vapid_keys WHERE id = 1").fetch_one(pool).await?;
            Ok(key)
        })
    }

    /// Stores the subscription unless the person has `max` others already.
    pub async fn subscribe(
        &self,
        user_id: i64,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        now: i64,
        max: i64,
    ) -> sqlx::Result<Subscribed> {
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            // Parallel subscribes of one person must not each see room for one more: SQLite's
            // write transaction is exclusive already, PostgreSQL's takes the person's row.
            if matches!(&self.db, Db::Postgres(_)) {
                sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
                    .bind(user_id).execute(&mut *tx).await?;
            }
            let (others,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2",
            ).bind(user_id).bind(endpoint).fetch_one(&mut *tx).await?;
            if others >= max {
                return Ok(Subscribed::Full);
            }
            // An endpoint belongs to one browser: a new sign-in on it takes it over.
            sqlx::query(
                "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
                     auth = excluded.auth, created_at = excluded.created_at",
            ).bind(user_id).bind(endpoint).bind(p256dh).bind(auth).bind(now).execute(&mut *tx).await?;
            tx.commit().await?;
            Ok(Subscribed::Stored)
        })
    }

    pub async fn unsubscribe(&self, user_id: i64, endpoint: &str) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2")
            .bind(user_id).bind(endpoint).execute(pool).await.map(|_| ()))
    }

    /// Every subscription of the person.
    pub async fn forget_subscriptions(&self, user_id: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM push_subscriptions WHERE user_id = $1")
            .bind(user_id).execute(pool).await.map(|_| ()))
    }

    pub async fn subscriptions(&self, user_id: i64) -> sqlx::Result<Vec<Subscription>> {
        on_db!(&self.db, pool => sqlx::query_as("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1")
            .bind(user_id).fetch_all(pool).await)
    }

    pub async fn drop_subscription(&self, id: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM push_subscriptions WHERE id = $1").bind(id).execute(pool).await.map(|_| ()))
    }
}
