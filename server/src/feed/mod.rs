//! The feed: dynamics (posts with up to nine photos), their likes, flags for the moderators, and
//! comments with sub-comments and replies. Blocks hide dynamics and comments both ways; only a
//! dynamic's or a comment's author, or staff, change or delete it.

mod comments;
mod demo;
mod dynamics;
pub mod model;
pub mod routes;
pub mod store;

use std::sync::Arc;

use crate::account::model::Role;
use crate::account::sessions::Session;
use crate::account::store::AccountStore;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::RateLimiter;
use crate::audit::AuditLog;
use crate::clock::Clock;
use crate::feed::store::FeedStore;
use crate::ground::Ground;
use crate::media::Media;
use crate::people::store::PeopleStore;

/// The feed service: what the dynamic and comment endpoints work with.
#[derive(Clone)]
pub struct Feed {
    store: FeedStore,
    people: PeopleStore,
    accounts: AccountStore,
    media: Media,
    clock: Clock,
    limits: Arc<RateLimiter>,
    /// Where staff changing someone else's dynamic or comment is written down.
    audit: AuditLog,
}

impl Feed {
    pub fn new(ground: &Ground) -> Feed {
        Feed {
            store: FeedStore::new(ground.db.clone()),
            people: PeopleStore::new(ground.db.clone()),
            accounts: AccountStore::new(ground.db.clone()),
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
