//! Whom I keep close and whom I keep away: contacts and my private remarks on people, the
//! customer-service contact, passes (Discover leaves someone out for 30 days) and blocks
//! (blocked people vanish from each other).

use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::people::model::Card;
use crate::people::service_accounts::{CONCIERGE_NAME, SUPPORT_NAME};
use crate::people::People;

/// A remark as stored: trimmed, empty is none, at most 30 characters.
fn parse_remark(raw: Option<&str>) -> ApiResult<Option<String>> {
    let remark = raw.map(str::trim).filter(|r| !r.is_empty());
    match remark {
        Some(r) if r.chars().count() > 30 => Err(ApiError::Invalid(Msg::RemarkTooLong)),
        other => Ok(other.map(str::to_owned)),
    }
}

impl People {
    /// Adds a person to my contacts.
    pub async fn add_contact(&self, me: &Session, id: i64) -> ApiResult<Card> {
        let row = self.visible_to(me, id).await?;
        self.store
            .add_contact(me.user_id, id, self.clock.unix())
            .await?;
        Ok(self.card(row))
    }

    /// Removes a person from my contacts.
    pub async fn remove_contact(&self, me: &Session, id: i64) -> ApiResult<()> {
        Ok(self.store.remove_contact(me.user_id, id).await?)
    }

    /// The customer-service contact: members get the exclusive concierge.
    pub async fn customer_service(&self, me: &Session) -> ApiResult<Card> {
        let row = self.me_row(me).await?;
        let name = if row.membership(self.clock.unix()).is_some() {
            CONCIERGE_NAME
        } else {
            SUPPORT_NAME
        };
        let service = self
            .store
            .service_account(me.user_id, name)
            .await?
            .ok_or(ApiError::NotFound)?;
        Ok(self.card(service))
    }

    /// Sets (or, empty, clears) my private remark for a person I may see.
    pub async fn save_remark(
        &self,
        me: &Session,
        id: i64,
        remark: Option<&str>,
    ) -> ApiResult<Card> {
        let remark = parse_remark(remark)?;
        self.visible_to(me, id).await?;
        self.store
            .set_remark(me.user_id, id, remark.as_deref(), self.clock.unix())
            .await?;
        Ok(self.card(self.visible_to(me, id).await?))
    }

    /// Passes on a person: Discover leaves them out for me for 30 days.
    pub async fn pass(&self, me: &Session, id: i64) -> ApiResult<()> {
        self.visible_to(me, id).await?;
        self.store.pass(me.user_id, id, self.clock.unix()).await?;
        Ok(())
    }

    /// Undoes a pass (members only); 404 when there is no pass on them.
    pub async fn undo_pass(&self, me: &Session, id: i64) -> ApiResult<()> {
        self.require_member(me).await?;
        if !self.store.unpass(me.user_id, id).await? {
            return Err(ApiError::NotFound);
        }
        Ok(())
    }

    /// Blocks a person: we no longer see each other anywhere. Blocking someone who already
    /// blocked me is allowed (and invisible to them).
    pub async fn block(&self, me: &Session, id: i64) -> ApiResult<()> {
        if id == me.user_id {
            return Err(ApiError::Invalid(Msg::NotYourself));
        }
        self.accounts.user(id).await?.ok_or(ApiError::NotFound)?;
        self.store.block(me.user_id, id, self.clock.unix()).await?;
        Ok(())
    }

    /// Unblocks people.
    pub async fn unblock(&self, me: &Session, ids: &[i64]) -> ApiResult<()> {
        self.store.unblock(me.user_id, ids).await?;
        Ok(())
    }
}
