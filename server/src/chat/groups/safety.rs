//! Trust & safety in groups: reporting a group or a message in it, what staff do about one (close
//! the group, take a message down), the messages set aside for staff (a risky first message in a
//! group, a text held as spam, released into the group), and a new account's daily cap of new
//! conversations counting the people it puts in groups. The send path's checks are in
//! `messages.rs`, with the one-to-one chat's rules (`chat/safety.rs`).

use serde_json::json;

use crate::account::model::Role;
use crate::api::error::{ApiError, ApiResult};
use crate::chat::groups::forms::ReportGroup;
use crate::chat::groups::model::{Candidate, GroupEventRow, GroupRole, Happened};
use crate::chat::groups::store;
use crate::chat::model::MessageType;
use crate::chat::safety::Caution;
use crate::chat::store::{NewSafetyItem, SentTo};
use crate::chat::Chat;
use crate::i18n::Msg;
use crate::people::forms::ReportRequest;
use crate::people::reports::InGroup;

impl Chat {
    /// Reports the group (to its owner's account) or a message in it shown to me (to its
    /// sender's), as a member or someone who was one.
    pub async fn report_group(&self, me: i64, id: i64, req: ReportGroup) -> ApiResult<()> {
        let members = self.groups.members(id).await?;
        let mine = members
            .iter()
            .find(|m| m.user_id == me)
            .ok_or(ApiError::NotFound)?;
        let target = match req.message_id {
            Some(message) => self
                .groups
                .event(message)
                .await?
                .filter(|e| e.group_id == id && e.kind == "message")
                .filter(|e| e.seq > mine.joined_seq && mine.left_seq.is_none_or(|l| e.seq <= l))
                .and_then(|e| e.sender_id)
                .ok_or(ApiError::NotFound)?,
            None => members
                .iter()
                .find(|m| m.role() == GroupRole::Owner)
                .map(|m| m.user_id)
                .ok_or(ApiError::NotFound)?,
        };
        let about = InGroup {
            group_id: id,
            message_id: req.message_id,
        };
        let report = ReportRequest {
            user_id: Some(target),
            reason: req.reason,
            content: req.content,
            images: None,
        };
        self.people.report_in_group(me, target, about, report).await
    }

    /// Closes a group for good (staff): nothing more is sent to it, and every member is told.
    /// False when it had ended already.
    pub async fn close_group(&self, by: i64, id: i64) -> ApiResult<bool> {
        let now = self.clock.unix();
        let mut tx = self.groups.begin().await?;
        let Some((seq, _)) = store::take_seq(&mut tx, id).await? else {
            return Ok(false);
        };
        let members = store::members_in(&mut tx, id).await?;
        store::end(&mut tx, id, now, Some(by)).await?;
        // The moderators close it: no member's name on the line.
        let content = json!({ "action": Happened::Closed, "people": [] }).to_string();
        let row = store::append_line(&mut tx, id, seq, None, &content, now)
            .await?
            .ok_or(ApiError::NotFound)?;
        tx.commit().await?;
        let told: Vec<i64> = members
            .iter()
            .filter(|m| m.is_current())
            .map(|m| m.user_id)
            .collect();
        self.hub.group_event(row, &told);
        Ok(true)
    }

    /// Takes a group message down (staff), at any age, as its sender's recall would: false
    /// when it was recalled already, or its group has ended.
    pub async fn take_down_group_message(&self, group: i64, id: i64) -> ApiResult<bool> {
        let Some(message) = self
            .groups
            .event(id)
            .await?
            .filter(|e| e.group_id == group && e.kind == "message")
        else {
            return Ok(false);
        };
        match self
            .take_back_in_group(&message, i64::MIN, self.clock.unix())
            .await
        {
            Ok(()) => Ok(true),
            Err(ApiError::Invalid(Msg::RecallExpired) | ApiError::Forbidden(Msg::GroupEnded)) => {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Delivers a message staff released from the spam hold into its group, as its sender sent
    /// it; nothing when the sender is no longer in the group or the group has ended.
    pub async fn deliver_held_to_group(
        &self,
        sender: i64,
        group: i64,
        client_id: &str,
        msg_type: &str,
        content: &str,
    ) -> ApiResult<()> {
        let Some(user) = self.accounts.user(sender).await? else {
            return Ok(());
        };
        let kind = MessageType::from_db(msg_type).unwrap_or(MessageType::Txt);
        let now = self.clock.unix();
        match self
            .store_in_group(&user, group, client_id, kind, content, now)
            .await
        {
            Ok(_) | Err(ApiError::Forbidden(Msg::GroupNotMember | Msg::GroupEnded)) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Queues my first message in a group for staff when it came with a caution.
    pub(super) async fn queue_caution(
        &self,
        row: &GroupEventRow,
        caution: Caution,
    ) -> ApiResult<()> {
        let item = NewSafetyItem {
            kind: "caution",
            reason: caution.as_str(),
            sender: row.sender_id.unwrap_or_default(),
            to: SentTo::Group(row.group_id),
            message_id: Some(row.id),
            client_id: row.client_id.as_deref().unwrap_or_default(),
            msg_type: MessageType::from_db(&row.msg_type).unwrap_or(MessageType::Txt),
            content: &row.content,
            now: row.created_at,
        };
        Ok(self.store.queue_for_staff(&item).await?)
    }

    /// A new account putting people it has not talked to in a group starts a conversation with
    /// each of them: within its day's cap, or 429 until midnight. Answers whom to count.
    pub(super) async fn new_contacts_in_group(
        &self,
        me: i64,
        found: &[Candidate],
    ) -> ApiResult<Vec<i64>> {
        let now = self.clock.unix();
        let user = self
            .accounts
            .user(me)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let watched = !matches!(user.role, Role::Staff | Role::Service);
        let new_account = now - user.created_at < self.config.safety.new_account_days * 86_400;
        if !watched || !new_account {
            return Ok(Vec::new());
        }
        let fresh: Vec<i64> = found.iter().filter(|c| !c.talked).map(|c| c.id).collect();
        if !fresh.is_empty() {
            self.within_new_conversations(me, now, fresh.len() as i64)
                .await?;
        }
        Ok(fresh)
    }

    /// Counts the people a new account put in a group against its cap.
    pub(super) async fn record_new_contacts(&self, me: i64, people: &[i64]) -> ApiResult<()> {
        let now = self.clock.unix();
        for person in people {
            self.store.record_first_contact(me, *person, now).await?;
        }
        Ok(())
    }
}
