//! Push storage: the VAPID key, subscriptions, what each person wants pushed, and the pushes
//! about others' doings sent in the last hour.

use crate::db::{on_db, on_tx, Db};
use crate::notify::settings::{
    clock_time, minutes, PushKind, PushSettings, PushSettingsChange, QuietHours,
};

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
        let mut tx = self.db.begin_write().await?;
        // Parallel subscribes of one person must not each see room for one more.
        tx.lock_person(user_id).await?;
        on_tx!(&mut tx, conn => {
            let (others,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2",
            ).bind(user_id).bind(endpoint).fetch_one(&mut **conn).await?;
            if others >= max {
                return Ok(Subscribed::Full);
            }
            // An endpoint belongs to one browser: a new sign-in on it takes it over.
            sqlx::query(
                "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
                     auth = excluded.auth, created_at = excluded.created_at",
            ).bind(user_id).bind(endpoint).bind(p256dh).bind(auth).bind(now).execute(&mut **conn).await?;
        });
        tx.commit().await?;
        Ok(Subscribed::Stored)
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

    /// The person's settings (the defaults until they change any).
    pub async fn settings(&self, user_id: i64) -> sqlx::Result<PushSettings> {
        let sql = format!("SELECT {SETTINGS} FROM push_settings WHERE user_id = $1");
        let row: Option<SettingsRow> = on_db!(&self.db, pool => sqlx::query_as(&sql)
            .bind(user_id).fetch_optional(pool).await)?;
        Ok(row.map(SettingsRow::settings).unwrap_or_default())
    }

    /// Makes a checked change to the person's settings; the settings after it.
    pub async fn change_settings(
        &self,
        user_id: i64,
        change: &PushSettingsChange,
        now: i64,
    ) -> sqlx::Result<PushSettings> {
        let select = format!("SELECT {SETTINGS} FROM push_settings WHERE user_id = $1");
        let mut tx = self.db.begin_write().await?;
        // Two changes at once each keep the other's.
        tx.lock_person(user_id).await?;
        let s = on_tx!(&mut tx, conn => {
            let row: Option<SettingsRow> = sqlx::query_as(&select).bind(user_id).fetch_optional(&mut **conn).await?;
            let s = row.map(SettingsRow::settings).unwrap_or_default().changed(change);
            let quiet = s.quiet_hours.as_ref().map(|q| (minutes(&q.from), minutes(&q.to)));
            let (from, to) = quiet.unwrap_or_default();
            sqlx::query(
                "INSERT INTO push_settings (user_id, messages, likes, visitors, matches, gifts, announcements,
                     quiet_from, quiet_to, time_zone, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                 ON CONFLICT (user_id) DO UPDATE SET messages = excluded.messages, likes = excluded.likes,
                     visitors = excluded.visitors, matches = excluded.matches, gifts = excluded.gifts,
                     announcements = excluded.announcements, quiet_from = excluded.quiet_from,
                     quiet_to = excluded.quiet_to, time_zone = excluded.time_zone, updated_at = excluded.updated_at",
            ).bind(user_id).bind(s.messages).bind(s.likes).bind(s.visitors).bind(s.matches).bind(s.gifts)
             .bind(s.announcements).bind(from).bind(to).bind(&s.time_zone).bind(now)
             .execute(&mut **conn).await?;
            s
        });
        tx.commit().await?;
        Ok(s)
    }

    /// Counts a push of `kind` to the person unless `most` were sent since `since`; whether it
    /// may go.
    pub async fn take_social_push(
        &self,
        user_id: i64,
        kind: PushKind,
        since: i64,
        now: i64,
        most: i64,
    ) -> sqlx::Result<bool> {
        let mut tx = self.db.begin_write().await?;
        tx.lock_person(user_id).await?;
        let taken = on_tx!(&mut tx, conn => {
            sqlx::query(
                "INSERT INTO push_sent (user_id, kind, sent_at) SELECT $1, $2, $3
                 WHERE (SELECT COUNT(*) FROM push_sent WHERE user_id = $1 AND sent_at > $4) < $5",
            ).bind(user_id).bind(kind.as_str()).bind(now).bind(since).bind(most)
             .execute(&mut **conn).await?.rows_affected()
        });
        tx.commit().await?;
        Ok(taken > 0)
    }

    /// Forgets the pushes counted before `before`.
    pub async fn forget_sent_before(&self, before: i64) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM push_sent WHERE sent_at < $1")
            .bind(before).execute(pool).await.map(|r| r.rows_affected()))
    }
}

const SETTINGS: &str =
    "messages, likes, visitors, matches, gifts, announcements, quiet_from, quiet_to, time_zone";

#[derive(sqlx::FromRow)]
struct SettingsRow {
    messages: bool,
    likes: bool,
    visitors: bool,
    matches: bool,
    gifts: bool,
    announcements: bool,
    quiet_from: Option<i64>,
    quiet_to: Option<i64>,
    time_zone: String,
}

impl SettingsRow {
    fn settings(self) -> PushSettings {
        PushSettings {
            messages: self.messages,
            likes: self.likes,
            visitors: self.visitors,
            matches: self.matches,
            gifts: self.gifts,
            announcements: self.announcements,
            quiet_hours: self
                .quiet_from
                .zip(self.quiet_to)
                .map(|(from, to)| QuietHours {
                    from: clock_time(from),
                    to: clock_time(to),
                }),
            time_zone: self.time_zone,
        }
    }
}
