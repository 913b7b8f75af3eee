//! The reports queue: reports with both people, and closing them with staff's action.

use serde_json::json;

use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::audit::Entry;
use crate::i18n::Msg;
use crate::media::thumb_of;
use crate::people::model::ReportStatus;
use crate::staff::views::{ReportDetail, ReportView};
use crate::staff::{Ban, Closing, Staff, StaffMember};

impl Staff {
    pub async fn reports(&self, open: bool, paging: Paging) -> ApiResult<Page<ReportView>> {
        let (rows, total) = self
            .store
            .reports(open, paging.limit(), paging.offset())
            .await?;
        let signer = self.media.signer(self.clock.unix());
        Ok(Page {
            rows: rows
                .into_iter()
                .map(|r| ReportView::from_row(r, &signer))
                .collect(),
            total,
        })
    }

    pub async fn report(&self, id: i64) -> ApiResult<ReportDetail> {
        let row = self.store.report(id).await?.ok_or(ApiError::NotFound)?;
        let sent = self.store.sent(row.target_id, row.reporter_id, 20).await?;
        let earlier = self
            .store
            .reports_against(row.target_id, row.id, 20)
            .await?;
        let lines = match row.group_id {
            Some(group) => {
                self.store
                    .group_lines(group, row.group_event_id, 30)
                    .await?
            }
            None => Vec::new(),
        };
        let signer = self.media.signer(self.clock.unix());
        Ok(ReportDetail::new(row, sent, earlier, lines, &signer))
    }

    /// Closes a report with staff's action and does what the action says.
    pub async fn close_report(
        &self,
        by: StaffMember,
        id: i64,
        closing: Closing,
        ban: Ban<'_>,
    ) -> ApiResult<ReportView> {
        let report = self.store.report(id).await?.ok_or(ApiError::NotFound)?;
        if report.status != ReportStatus::Open {
            return Err(ApiError::Conflict(Msg::ReportClosed));
        }
        let target = report.target_id;
        match closing {
            Closing::Dismiss => {}
            Closing::Ban => {
                let reason = ban.reason.or(Some(report.reason.as_str()));
                let code = ban.code.or(Some(report.reason.as_str()));
                self.ban_unless_banned(
                    by,
                    target,
                    Ban {
                        reason,
                        code,
                        ..ban
                    },
                )
                .await?;
            }
            Closing::Remove => match (report.group_id, report.group_event_id) {
                // A report in a group: its message comes down, or the group is closed.
                (Some(group), Some(message)) => {
                    self.remove_group_message(by, group, message).await?
                }
                (Some(group), None) => self.close_group(by, group).await?,
                (None, _) => self.remove_content(by, target).await?,
            },
        }
        let closed = self
            .store
            .close_reports(
                id,
                closing == Closing::Ban,
                closing.as_str(),
                by.0,
                self.clock.unix(),
            )
            .await?;
        if closed.is_empty() {
            return Err(ApiError::Conflict(Msg::ReportClosed));
        }
        self.record(
            by.into(),
            Entry {
                action: "report.close",
                target_kind: "report",
                target_id: id.to_string(),
                before: Some(json!({ "status": "open" })),
                after: Some(
                    json!({ "status": "closed", "action": closing.as_str(), "closed": closed }),
                ),
            },
        )
        .await;
        let row = self.store.report(id).await?.ok_or(ApiError::NotFound)?;
        Ok(ReportView::from_row(
            row,
            &self.media.signer(self.clock.unix()),
        ))
    }

    /// A ban from the reports queue: a person banned already stays as they are.
    async fn ban_unless_banned(&self, by: StaffMember, id: i64, ban: Ban<'_>) -> ApiResult<()> {
        match self.ban(by, id, ban).await {
            Ok(_) | Err(ApiError::Conflict(Msg::AlreadyBanned)) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Closes a reported group: nothing more is sent to it.
    async fn close_group(&self, by: StaffMember, group: i64) -> ApiResult<()> {
        let closed = self.chat.close_group(by.0, group).await?;
        self.record(
            by.into(),
            Entry {
                action: "group.close",
                target_kind: "group",
                target_id: group.to_string(),
                before: None,
                after: Some(json!({ "closed": closed })),
            },
        )
        .await;
        Ok(())
    }

    /// Takes a reported message of a group down, as its sender's recall would.
    async fn remove_group_message(
        &self,
        by: StaffMember,
        group: i64,
        message: i64,
    ) -> ApiResult<()> {
        let removed = self.chat.take_down_group_message(group, message).await?;
        self.record(
            by.into(),
            Entry {
                action: "group.remove_message",
                target_kind: "group",
                target_id: group.to_string(),
                before: Some(json!({ "message": message })),
                after: Some(json!({ "removed": removed })),
            },
        )
        .await;
        Ok(())
    }

    /// Takes down what a person shows others: avatar, about me, dynamics and album photos.
    async fn remove_content(&self, by: StaffMember, id: i64) -> ApiResult<()> {
        let now = self.clock.unix();
        let avatar = self.store.clear_profile(id).await?;
        let (dynamics, pictures) = self.feed.remove_all_of(id, now).await?;
        let photos = self.album.remove_all_of(id).await?;
        // What staff take down is not served any more, whoever kept its address.
        self.media.delete_pictures(&pictures).await;
        let mut files = avatar;
        for photo in &photos {
            files.push(thumb_of(&photo.image_key));
            files.push(photo.image_key.clone());
        }
        self.media
            .delete(&files.iter().map(String::as_str).collect::<Vec<_>>())
            .await;
        self.record(
            by.into(),
            Entry {
                action: "user.remove_content",
                target_kind: "user",
                target_id: id.to_string(),
                before: None,
                after: Some(json!({ "dynamicsRemoved": dynamics, "photosDeleted": photos.len() })),
            },
        )
        .await;
        Ok(())
    }
}
