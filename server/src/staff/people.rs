//! People as staff see them: finding them, their page, bans and unbans.

use serde_json::json;

use crate::account::bans::BanCode;
use crate::account::model::{Role, UserStatus};
use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::audit::{Entry, Filter};
use crate::i18n::{Lang, Msg};
use crate::staff::store::Wanted;
use crate::staff::views::{Person, PersonDetail};
use crate::staff::{Ban, Staff, StaffMember};

impl Staff {
    pub async fn people(&self, q: &str, paging: Paging) -> ApiResult<Page<Person>> {
        let q = q.trim();
        let lower = q.to_lowercase();
        let wanted = if q.is_empty() {
            Wanted::Everyone
        } else if let Ok(id) = q.parse::<i64>() {
            Wanted::Id(id)
        } else if q.contains('@') {
            Wanted::Email(q)
        } else {
            Wanted::NamePrefix(&lower)
        };
        let (rows, total) = self
            .store
            .people(&wanted, paging.limit(), paging.offset())
            .await?;
        Ok(Page {
            rows: rows.into_iter().map(Person::from_row).collect(),
            total,
        })
    }

    pub async fn person(&self, id: i64) -> ApiResult<PersonDetail> {
        let row = self.store.person(id).await?.ok_or(ApiError::NotFound)?;
        let reports = self.store.reports_against(id, 0, 20).await?;
        let filed = self.store.reports_filed(id).await?;
        let filter = Filter {
            target_kind: Some("user".into()),
            target_id: Some(id.to_string()),
            staff_id: None,
        };
        let history = self
            .audit
            .entries(
                &filter,
                Paging {
                    page_num: Some(1),
                    page_size: Some(50),
                },
            )
            .await?;
        let signer = self.media.signer(self.clock.unix());
        Ok(PersonDetail::new(
            row,
            reports,
            filed,
            history.rows,
            &signer,
        ))
    }

    /// Bans a member: their sessions end, their live socket closes with 217, and everything of
    /// theirs disappears from everyone's lists (all of them show active accounts only).
    pub async fn ban(&self, by: StaffMember, id: i64, ban: Ban<'_>) -> ApiResult<Person> {
        let reason = ban
            .reason
            .map(str::trim)
            .filter(|r| !r.is_empty() && r.chars().count() <= 500)
            .ok_or(ApiError::Invalid(Msg::BanReason))?;
        let code = BanCode::parse(ban.code, reason)?;
        if ban.days.is_some_and(|d| !(1..=3650).contains(&d)) {
            return Err(ApiError::Invalid(Msg::BanDays));
        }
        let person = self.store.person(id).await?.ok_or(ApiError::NotFound)?;
        match (person.status, person.role) {
            (UserStatus::Deleted, _) => return Err(ApiError::NotFound),
            (_, Role::Staff | Role::Service) => return Err(ApiError::Invalid(Msg::BanStaff)),
            (UserStatus::Banned, _) => return Err(ApiError::Conflict(Msg::AlreadyBanned)),
            _ => {}
        }
        let until = ban.days.map(|d| self.clock.unix() + d * 86_400);
        if !self.accounts.ban(id, code.as_str(), reason, until).await? {
            return Err(ApiError::Conflict(Msg::AlreadyBanned));
        }
        self.chat.kick(id, crate::chat::KICKED);
        self.chat.leave_every_group(id).await?;
        let after = self.store.person(id).await?.ok_or(ApiError::NotFound)?;
        self.record(
            by.into(),
            Entry {
                action: "user.ban",
                target_kind: "user",
                target_id: id.to_string(),
                before: Some(json!({ "status": person.status.as_str() })),
                after: Some(json!({
                    "status": "banned",
                    "reason": reason,
                    "code": code.as_str(),
                    "until": until.map(crate::clock::rfc3339),
                })),
            },
        )
        .await;
        Ok(Person::from_row(after))
    }

    pub async fn unban(&self, by: StaffMember, id: i64) -> ApiResult<Person> {
        self.lift_ban(by, id, Msg::BanLiftedBody).await
    }

    /// Lifts a ban and tells the person so in their language, `why` in a notice they read once
    /// they are back (staff lifted it, or their appeal was heard).
    pub(super) async fn lift_ban(&self, by: StaffMember, id: i64, why: Msg) -> ApiResult<Person> {
        let person = self.store.person(id).await?.ok_or(ApiError::NotFound)?;
        if !self.accounts.unban(id).await? {
            return Err(ApiError::Conflict(Msg::NotBanned));
        }
        self.record(
            by.into(),
            Entry {
                action: "user.unban",
                target_kind: "user",
                target_id: id.to_string(),
                before: Some(json!({ "status": "banned", "reason": person.ban_reason })),
                after: Some(json!({ "status": "active" })),
            },
        )
        .await;
        let lang = match self.accounts.user(id).await? {
            Some(person) => Lang::parse(&person.language).unwrap_or_default(),
            None => Lang::default(),
        };
        self.notices
            .tell(id, lang, Msg::BanLiftedTitle, &[why], None)
            .await?;
        let after = self.store.person(id).await?.ok_or(ApiError::NotFound)?;
        Ok(Person::from_row(after))
    }
}
