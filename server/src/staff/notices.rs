//! What staff publish and read beside the queues: notices, versions, the web app's error reports.

use serde_json::json;

use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::audit::{Actor, Entry};
use crate::notices::{ClientErrorView, NewNotice, NewVersion, StaffNotice, Version};
use crate::staff::{Staff, StaffMember};

impl Staff {
    pub async fn add_notice(&self, by: Actor, notice: NewNotice<'_>) -> ApiResult<i64> {
        let (of, user_id, language) = (notice.of, notice.user_id, notice.language.to_owned());
        let (title, body) = (notice.title.to_owned(), notice.body.to_owned());
        let id = self.notices.add_notice(notice).await?;
        self.record(
            by,
            Entry {
                action: if of.is_some() { "notice.text" } else { "notice.add" },
                target_kind: "notice",
                target_id: id.to_string(),
                before: None,
                after: Some(json!({ "userId": user_id, "language": language, "title": title, "body": body })),
            },
        )
        .await;
        Ok(id)
    }

    pub async fn delete_notice(&self, by: StaffMember, id: i64) -> ApiResult<()> {
        let before = self.notices.notice(id).await?.ok_or(ApiError::NotFound)?;
        if !self.notices.delete_notice(id).await? {
            return Err(ApiError::NotFound);
        }
        self.record(
            by.into(),
            Entry {
                action: "notice.delete",
                target_kind: "notice",
                target_id: id.to_string(),
                before: Some(json!(before)),
                after: None,
            },
        )
        .await;
        Ok(())
    }

    pub async fn add_version(&self, by: Actor, version: NewVersion) -> ApiResult<Version> {
        let (before, after) = self.notices.add_version(version).await?;
        self.record(
            by,
            Entry {
                action: "version.add",
                target_kind: "version",
                target_id: after.id.to_string(),
                before: before.map(|b| json!(b)),
                after: Some(json!(after)),
            },
        )
        .await;
        Ok(after)
    }

    pub async fn delete_version(&self, by: StaffMember, id: i64) -> ApiResult<()> {
        let gone = self
            .notices
            .delete_version(id)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.record(
            by.into(),
            Entry {
                action: "version.delete",
                target_kind: "version",
                target_id: id.to_string(),
                before: Some(json!(gone)),
                after: None,
            },
        )
        .await;
        Ok(())
    }

    pub async fn client_errors(&self, paging: Paging) -> ApiResult<Page<ClientErrorView>> {
        self.notices.client_errors(paging).await
    }

    pub async fn notices(&self, paging: Paging) -> ApiResult<Page<StaffNotice>> {
        self.notices.all_notices(paging).await
    }

    pub async fn versions(&self) -> ApiResult<Vec<Version>> {
        self.notices.versions().await
    }
}
