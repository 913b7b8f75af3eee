//! Reporting a person to the moderators, with up to three screenshots; enough reporters in a
//! few days hold the person until staff look.

use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::people::forms::ReportRequest;
use crate::people::model::REPORT_REASONS;
use crate::people::store::{Hold, NewReport};
use crate::people::People;

impl People {
    /// Reports a person to the moderators.
    pub async fn report(&self, me: &Session, req: ReportRequest) -> ApiResult<()> {
        self.limits
            .check(Action::ReportByAccount, &me.user_id.to_string())?;
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
        let id = req.user_id.ok_or(ApiError::NotFound)?;
        if id == me.user_id {
            return Err(ApiError::Invalid(Msg::NotYourself));
        }
        self.accounts.user(id).await?.ok_or(ApiError::NotFound)?;
        let mut stored = Vec::new();
        // Every file written, thumbnails included, to remove them all if a later picture fails.
        let mut written = Vec::new();
        for image in &images {
            match self
                .media
                .put_base64_image(me.user_id, "reports", image)
                .await
            {
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
            reporter: me.user_id,
            target: id,
            reason,
            content,
            images: &stored,
        };
        self.store.report(&report, hold, now).await?;
        Ok(())
    }
}
