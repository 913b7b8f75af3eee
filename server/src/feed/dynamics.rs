//! Dynamics: the feeds, publishing with photos, editing, deleting, liking and flagging.

use std::collections::BTreeSet;

use serde_json::json;

use crate::api::envelope::Paging;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::audit::{Actor, Entry};
use crate::feed::model::{dynamic_content, Dynamic, DynamicLike, FeedPage, FLAG_REASONS};
use crate::feed::Feed;
use crate::i18n::Msg;
use crate::media::Media;
use crate::people::model::{Counters, List};

/// Most dynamics on one page.
const MAX_PAGE: i64 = 50;

impl Feed {
    /// A page of the feed, newest first: everyone's, or one person's. Opening the first page of
    /// everyone's clears the `dynamics` red badge.
    pub async fn page(
        &self,
        me: &Session,
        author: Option<i64>,
        before: Option<i64>,
        paging: Paging,
    ) -> ApiResult<FeedPage> {
        let limit = paging.limit().min(MAX_PAGE);
        let offset = if before.is_some() { 0 } else { paging.offset() };
        let mut rows = self
            .store
            .feed(
                me.user_id,
                author,
                before.unwrap_or(i64::MAX),
                limit + 1,
                offset,
            )
            .await?;
        let next = if rows.len() as i64 > limit {
            rows.truncate(limit as usize);
            rows.last().map(|row| row.id)
        } else {
            None
        };
        // Opening the feed clears the badge. The badge counts dynamics newer than the last
        // opening, and the first page starts with the newest the viewer may see: when that one
        // is not newer, there is nothing to clear, and reading the first page is not a write
        // (and a commit) on every pull, nor a count of what is new.
        let first_page = author.is_none() && before.is_none() && offset == 0;
        if let Some(newest) = rows.first().filter(|_| first_page) {
            if newest.created_at > newest.badge_seen_at.unwrap_or(0) {
                self.people.mark_seen(me.user_id, List::Dynamics).await?;
            }
        }
        let now = self.clock.unix();
        Ok(FeedPage {
            rows: rows
                .into_iter()
                .map(|row| Dynamic::from_row(row, me.user_id, now))
                .collect(),
            next,
        })
    }

    /// One dynamic the signed-in person may see, or 404.
    pub async fn dynamic(&self, me: &Session, id: i64) -> ApiResult<Dynamic> {
        let row = self
            .store
            .dynamic(me.user_id, id)
            .await?
            .ok_or(ApiError::NotFound)?;
        Ok(Dynamic::from_row(row, me.user_id, self.clock.unix()))
    }

    /// Publishes a dynamic: its photos are re-encoded (or taken from the person's uploads) first,
    /// all or none.
    pub async fn publish(
        &self,
        me: &Session,
        content: Option<&str>,
        images: &[String],
    ) -> ApiResult<Dynamic> {
        self.limits
            .check(Action::PostByAccount, &me.user_id.to_string())
            .await?;
        let content = dynamic_content(content, images.len())?;
        // Each picture is decoded: each counts (an upload counted when it was uploaded).
        self.limits
            .check_n(
                Action::UploadByAccount,
                &me.user_id.to_string(),
                Media::new_pictures(images),
            )
            .await?;
        let keys: Vec<String> = self
            .media
            .accept_images(me.user_id, "dynamics", images)
            .await?
            .into_iter()
            .map(|picture| picture.key)
            .collect();
        let id = match self
            .store
            .publish(me.user_id, &content, &keys, self.clock.unix())
            .await
        {
            Ok(id) => id,
            Err(e) => {
                self.media.delete_pictures(&keys).await;
                return Err(e.into());
            }
        };
        self.dynamic(me, id).await
    }

    /// Changes a dynamic's text: its author or staff only.
    pub async fn edit(&self, me: &Session, id: i64, content: Option<&str>) -> ApiResult<Dynamic> {
        self.limits
            .check(Action::PostByAccount, &me.user_id.to_string())
            .await?;
        let owned = self
            .store
            .owners(&[id])
            .await?
            .pop()
            .ok_or(ApiError::NotFound)?;
        let by_staff = owned.user_id != me.user_id;
        if by_staff && !self.is_staff(me).await? {
            return Err(ApiError::Forbidden(Msg::NotYourDynamic));
        }
        let photos = owned.images.split_whitespace().count();
        let content = dynamic_content(content, photos)?;
        let before = self.store.dynamic(owned.user_id, id).await?;
        self.store.edit(id, &content, self.clock.unix()).await?;
        if by_staff {
            let entry = Entry {
                action: "dynamic.edit",
                target_kind: "dynamic",
                target_id: id.to_string(),
                before: before.map(|b| json!({ "userId": owned.user_id, "content": b.content })),
                after: Some(json!({ "content": content })),
            };
            self.audit.record(Actor::Staff(me.user_id), entry).await;
        }
        match self.store.dynamic(me.user_id, id).await? {
            Some(row) => Ok(Dynamic::from_row(row, me.user_id, self.clock.unix())),
            // Staff editing a dynamic of someone who blocked them.
            None => Err(ApiError::NotFound),
        }
    }

    /// Deletes dynamics with their comments, likes and photos: all of them or, when one is not
    /// the person's own (and they are not staff), none.
    pub async fn delete(&self, me: &Session, ids: &[i64]) -> ApiResult<()> {
        let wanted: BTreeSet<i64> = ids.iter().copied().collect();
        let ids: Vec<i64> = wanted.iter().copied().collect();
        let owned = self.store.owners(&ids).await?;
        if owned.len() != ids.len() {
            return Err(ApiError::NotFound);
        }
        let others: Vec<_> = owned.iter().filter(|d| d.user_id != me.user_id).collect();
        if !others.is_empty() && !self.is_staff(me).await? {
            return Err(ApiError::Forbidden(Msg::NotYourDynamic));
        }
        self.store.delete(&ids).await?;
        for dynamic in others {
            let entry = Entry {
                action: "dynamic.delete",
                target_kind: "dynamic",
                target_id: dynamic.id.to_string(),
                before: Some(json!({ "userId": dynamic.user_id, "images": dynamic.images })),
                after: None,
            };
            self.audit.record(Actor::Staff(me.user_id), entry).await;
        }
        let keys: Vec<String> = owned
            .iter()
            .flat_map(|d| d.images.split_whitespace().map(str::to_owned))
            .collect();
        self.media.delete_pictures(&keys).await;
        Ok(())
    }

    /// Likes a dynamic the person may see, or takes the like back.
    pub async fn like(&self, me: &Session, id: i64) -> ApiResult<DynamicLike> {
        self.limits
            .check(Action::LikeByAccount, &me.user_id.to_string())
            .await?;
        self.store
            .dynamic(me.user_id, id)
            .await?
            .ok_or(ApiError::NotFound)?;
        Ok(self
            .store
            .toggle_like(id, me.user_id, self.clock.unix())
            .await?)
    }

    /// Flags someone else's dynamic for the moderators, once.
    pub async fn flag(&self, me: &Session, id: i64, reason: Option<&str>) -> ApiResult<()> {
        self.limits
            .check(Action::ReportByAccount, &me.user_id.to_string())
            .await?;
        let row = self
            .store
            .dynamic(me.user_id, id)
            .await?
            .ok_or(ApiError::NotFound)?;
        if row.author.user_id == me.user_id {
            return Err(ApiError::Invalid(Msg::NotYourself));
        }
        let reason = reason
            .map(str::trim)
            .filter(|r| FLAG_REASONS.contains(r))
            .ok_or(ApiError::Invalid(Msg::ReportReason))?;
        if !self
            .store
            .flag(id, me.user_id, reason, self.clock.unix())
            .await?
        {
            return Err(ApiError::Conflict(Msg::AlreadyFlagged));
        }
        Ok(())
    }

    /// The `dynamics` red badge: new dynamics of people I like since I last opened the feed.
    /// The red-badge counters: the people lists' and the new dynamics of people I like.
    pub async fn counters(&self, me: &Session) -> ApiResult<Counters> {
        let mut counters = self.people.counters(me.user_id).await?;
        counters.dynamics = self.store.unseen(me.user_id).await?;
        Ok(counters)
    }
}
