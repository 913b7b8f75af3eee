//! The feed: dynamics (posts with up to nine photos), their likes, flags for the moderators, and
//! comments with sub-comments and replies. Blocks hide dynamics and comments both ways; only a
//! dynamic's or a comment's author, or staff, change or delete it.

mod comments;
mod demo;
mod dynamics;
pub mod model;
pub mod personal;
pub mod routes;
pub mod store;

pub use store::Flagged;

use std::sync::Arc;

use crate::account::model::Role;
use crate::account::users::Users;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::RateLimiter;
use crate::api::session::Session;
use crate::audit::AuditLog;
use crate::clock::Clock;
use crate::feed::store::FeedStore;
use crate::ground::Ground;
use crate::media::Media;
use crate::people::People;

/// The feed service: what the dynamic and comment endpoints work with.
#[derive(Clone)]
pub struct Feed {
    store: FeedStore,
    /// Whose profiles a reader may see, and the red badges.
    people: People,
    accounts: Users,
    media: Media,
    clock: Clock,
    limits: Arc<RateLimiter>,
    /// Where staff changing someone else's dynamic or comment is written down.
    audit: AuditLog,
}

impl Feed {
    pub fn new(ground: &Ground, people: People) -> Feed {
        Feed {
            store: FeedStore::new(ground.db.clone()),
            people,
            accounts: Users::new(ground.db.clone()),
            media: ground.media.clone(),
            clock: ground.clock.clone(),
            limits: ground.limits.clone(),
            audit: AuditLog::new(ground.db.clone(), ground.clock.clone()),
        }
    }

    /// A dynamic's text and its author's language, where `me` may read it (the feed's own rules:
    /// blocks either way, bans, staff's decisions).
    pub async fn readable_dynamic(&self, me: i64, id: i64) -> ApiResult<Option<(String, String)>> {
        Ok(self
            .store
            .dynamic(me, id)
            .await?
            .map(|row| (row.content, row.author.language)))
    }

    /// A comment's text and its author's language, where `me` may read it and its dynamic.
    pub async fn readable_comment(&self, me: i64, id: i64) -> ApiResult<Option<(String, String)>> {
        let Some(row) = self.store.comment(me, id).await? else {
            return Ok(None);
        };
        if self.store.dynamic(me, row.dynamic_id).await?.is_none() {
            return Ok(None);
        }
        Ok(Some((row.content, row.author.language)))
    }

    /// Whether the signed-in person is staff (who may change and delete anyone's dynamics and
    /// comments).
    async fn is_staff(&self, me: &Session) -> ApiResult<bool> {
        let row = self
            .accounts
            .user(me.user_id)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        Ok(row.role == Role::Staff)
    }
}

/// What staff ask of the feed (`staff/`).
impl Feed {
    /// Closes a dynamic's open flags, taking it down when `remove`: none when it had no open
    /// flag, else its author and the pictures taken down with it.
    pub async fn decide_flagged(
        &self,
        id: i64,
        remove: bool,
        now: i64,
    ) -> sqlx::Result<Option<(Option<i64>, Vec<String>)>> {
        self.store.decide_flagged(id, remove, now).await
    }

    /// The dynamics people flagged, waiting for staff, and how many wait.
    pub async fn flagged(&self, limit: i64) -> sqlx::Result<(Vec<Flagged>, i64)> {
        self.store.flagged(limit).await
    }

    /// Takes down all of a person's dynamics at `now`: how many, and the pictures they held.
    pub async fn remove_all_of(&self, user_id: i64, now: i64) -> sqlx::Result<(u64, Vec<String>)> {
        self.store.remove_all_of(user_id, now).await
    }
}
