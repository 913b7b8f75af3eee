//! Comments: top-level comments with their first sub-comments, the rest paged, replies that name
//! whom they answer, and deletion by the comment's author or staff.

use serde_json::json;

use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::audit::{Actor, Entry};
use crate::feed::model::{comment_content, Comment, FIRST_SUBS};
use crate::feed::Feed;
use crate::i18n::Msg;

/// What a new comment says and where it goes.
pub struct NewComment<'a> {
    pub dynamic_id: i64,
    pub content: Option<&'a str>,
    pub parent_id: Option<i64>,
    pub reply_to_user_id: Option<i64>,
}

impl Feed {
    /// A page of a dynamic's top-level comments, oldest first, each with its first sub-comments.
    pub async fn comments(
        &self,
        me: &Session,
        dynamic_id: i64,
        paging: Paging,
    ) -> ApiResult<Page<Comment>> {
        self.store
            .dynamic(me.user_id, dynamic_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let (rows, total) = self
            .store
            .comments(me.user_id, dynamic_id, paging.limit(), paging.offset())
            .await?;
        let now = self.clock.unix();
        let mut comments: Vec<Comment> = rows
            .into_iter()
            .map(|row| Comment::from_row(row, me.user_id, now))
            .collect();
        let parents: Vec<i64> = comments
            .iter()
            .filter(|c| c.sub_count > 0)
            .map(|c| c.id)
            .collect();
        for sub in self
            .store
            .first_sub_comments(me.user_id, &parents, FIRST_SUBS)
            .await?
        {
            let sub = Comment::from_row(sub, me.user_id, now);
            if let Some(parent) = comments.iter_mut().find(|c| Some(c.id) == sub.parent_id) {
                parent.subs.push(sub);
            }
        }
        Ok(Page {
            rows: comments,
            total,
        })
    }

    /// A page of a top-level comment's sub-comments, oldest first.
    pub async fn sub_comments(
        &self,
        me: &Session,
        comment_id: i64,
        paging: Paging,
    ) -> ApiResult<Page<Comment>> {
        let parent = self
            .store
            .comment(me.user_id, comment_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.store
            .dynamic(me.user_id, parent.dynamic_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let (rows, total) = self
            .store
            .sub_comments(me.user_id, comment_id, paging.limit(), paging.offset())
            .await?;
        let now = self.clock.unix();
        Ok(Page {
            rows: rows
                .into_iter()
                .map(|row| Comment::from_row(row, me.user_id, now))
                .collect(),
            total,
        })
    }

    /// Comments on a dynamic, or answers a comment (a reply to a sub-comment joins the thread of
    /// its top-level comment).
    pub async fn add_comment(&self, me: &Session, new: NewComment<'_>) -> ApiResult<Comment> {
        self.limits
            .check(Action::CommentByAccount, &me.user_id.to_string())
            .await?;
        let content = comment_content(new.content)?;
        if new.reply_to_user_id.is_some() && new.parent_id.is_none() {
            return Err(ApiError::Invalid(Msg::ReplyWithoutComment));
        }
        self.store
            .dynamic(me.user_id, new.dynamic_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let parent = match new.parent_id {
            Some(id) => {
                let parent = self
                    .store
                    .comment(me.user_id, id)
                    .await?
                    .filter(|c| c.dynamic_id == new.dynamic_id)
                    .ok_or(ApiError::NotFound)?;
                Some(parent.parent_id.unwrap_or(parent.id))
            }
            None => None,
        };
        if let Some(whom) = new.reply_to_user_id.filter(|id| *id != me.user_id) {
            if !self.people.may_see(me.user_id, whom).await? {
                return Err(ApiError::NotFound);
            }
        }
        let id = self
            .store
            .add_comment(
                new.dynamic_id,
                me.user_id,
                parent,
                new.reply_to_user_id,
                &content,
                self.clock.unix(),
            )
            .await?;
        let row = self
            .store
            .comment(me.user_id, id)
            .await?
            .ok_or(ApiError::NotFound)?;
        Ok(Comment::from_row(row, me.user_id, self.clock.unix()))
    }

    /// Removes a comment (with its sub-comments): its author or staff only.
    pub async fn remove_comment(&self, me: &Session, id: i64) -> ApiResult<()> {
        let place = self
            .store
            .comment_place(id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let by_staff = place.user_id != me.user_id;
        if by_staff && !self.is_staff(me).await? {
            return Err(ApiError::Forbidden(Msg::CommentDeletionFailed));
        }
        self.store.remove_comment(&place).await?;
        if by_staff {
            let entry = Entry {
                action: "comment.remove",
                target_kind: "comment",
                target_id: id.to_string(),
                before: Some(json!({ "userId": place.user_id, "dynamicId": place.dynamic_id })),
                after: None,
            };
            self.audit.record(Actor::Staff(me.user_id), entry).await;
        }
        Ok(())
    }
}
