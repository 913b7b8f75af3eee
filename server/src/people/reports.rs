//! Reporting a person to the moderators, with up to three screenshots; enough reporters in a
//! few days hold the person until staff look. A report may be about a group chat, or a message
//! in one: the chat finds whom it is about and files it here (`report_in_group`).

use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::people::forms::ReportRequest;
use crate::people::model::REPORT_REASONS;
use crate::people::store::{Hold, NewReport};
use crate::people::People;

/// What a report in a group is about: the group, or one message in it.
#[derive(Debug, Clone, Copy)]
pub struct InGroup {
    pub group_id: i64,
    pub message_id: Option<i64>,
}

impl People {
    /// Reports a person to the moderators.
    pub async fn report(&self, me: &Session, req: ReportRequest) -> ApiResult<()> {
        let target = req.user_id;
        self.file_report(me.user_id, target, None, req).await
    }

    /// Reports a group, or a message in it, to the moderators: `target` is whoever answers for
    /// it (the group's owner, the message's sender).
    pub async fn report_in_group(
        &self,
        me: i64,
        target: i64,
        about: InGroup,
        req: ReportRequest,
    ) -> ApiResult<()> {
        self.file_report(me, Some(target), Some(about), req).await
    }

    async fn file_report(
        &self,
        me: i64,
        target: Option<i64>,
        group: Option<InGroup>,
        req: ReportRequest,
    ) -> ApiResult<()> {
        self.limits
            .check(Action::ReportByAccount, &me.to_string())
            .await?;
        let reason = req
            .reason
            .as_deref()
            .map(str::trim)
            .filter(|r| REPORT_REASONS.contains(r))
            .ok_or(ApiError::Invalid(Msg::ReportReason))?;
        let content = req
            .content
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty());
        let images = req.images.unwrap_or_default();
        if content.is_some_and(|c| c.chars().count() > 500) || images.len() > 3 {
            return Err(ApiError::Invalid(Msg::ReportTooLong));
        }
        let target = target.ok_or(ApiError::NotFound)?;
        if target == me {
            return Err(ApiError::Invalid(Msg::NotYourself));
        }
        self.accounts
            .user(target)
            .await?
            .ok_or(ApiError::NotFound)?;
        let mut stored = Vec::new();
        // Every file written, thumbnails included, to remove them all if a later picture fails.
        let mut written = Vec::new();
        for image in &images {
            match self.media.put_base64_image(me, "reports", image).await {
                Ok(picture) => {
                    written.push(picture.thumb_key);
                    written.push(picture.key.clone());
                    stored.push(picture.key);
                }
                Err(e) => {
                    self.media
                        .delete(&written.iter().map(String::as_str).collect::<Vec<_>>())
                        .await;
                    return Err(e);
                }
            }
        }
        let now = self.clock.unix();
        let safety = &self.config.safety;
        let hold = Hold {
            reporters: safety.report_hold_reporters,
            since: now - safety.report_hold_days * 86_400,
        };
        let report = NewReport {
            reporter: me,
            target,
            reason,
            content,
            images: &stored,
            group: group.map(|g| (g.group_id, g.message_id)),
        };
        self.store.report(&report, hold, now).await?;
        Ok(())
    }
}
