//! The review queue: album photos waiting, flagged dynamics, the messages trust & safety set
//! aside, payments that did not match their order, and verification selfies to compare with
//! profile photos; staff approve or reject each.

use serde_json::json;

use crate::api::error::{ApiError, ApiResult};
use crate::audit::Entry;
use crate::i18n::{Lang, Msg};
use crate::media::thumb_of;
use crate::staff::views::{ReviewPayment, ReviewQueue, SafetyItem};
use crate::staff::{Decision, Staff, StaffMember, TakeDown};
use crate::verification::model::{RejectReason, Verdict};

impl Staff {
    pub async fn review_queue(&self, limit: i64) -> ApiResult<ReviewQueue> {
        let (photos, photos_waiting) = self.album.waiting(limit).await?;
        let (dynamics, dynamics_waiting) = self.feed.flagged(limit).await?;
        let (messages, messages_waiting) = self.store.safety_queue(limit).await?;
        let (payments, payments_waiting) = self.wallet.discrepancies(limit).await?;
        let (verifications, verifications_waiting) = self.verification.waiting(limit).await?;
        let (appeals, appeals_waiting) = self.accounts.waiting_appeals(limit).await?;
        Ok(ReviewQueue::new(
            photos,
            dynamics,
            messages,
            payments,
            verifications,
            [
                photos_waiting,
                dynamics_waiting,
                messages_waiting,
                payments_waiting,
                verifications_waiting,
            ],
            &self.media.signer(self.clock.unix()),
        )
        .with_appeals(appeals, appeals_waiting))
    }

    /// Staff keep a photo waiting in an album, or take it down: then its owner is told why.
    pub async fn review_photo(
        &self,
        by: StaffMember,
        id: i64,
        decision: Decision,
        take_down: &TakeDown,
    ) -> ApiResult<()> {
        let now = self.clock.unix();
        let photo = self
            .album
            .review(id, decision == Decision::Approve, now)
            .await?
            .ok_or(ApiError::NotFound)?;
        if decision == Decision::Reject {
            let key = photo.image_key.clone();
            self.media.delete(&[&thumb_of(&key), &key]).await;
            let lang = match self.accounts.user(photo.user_id).await? {
                Some(owner) => Lang::parse(&owner.language).unwrap_or_default(),
                None => Lang::default(),
            };
            self.notices
                .tell(
                    photo.user_id,
                    lang,
                    Msg::PhotoRemovedTitle,
                    &take_down.told(Msg::PhotoRemovedBody),
                    take_down.note.as_deref(),
                )
                .await?;
        }
        self.record(
            by.into(),
            Entry {
                action: "review.photo",
                target_kind: "photo",
                target_id: id.to_string(),
                before: Some(json!({ "userId": photo.user_id, "state": "review" })),
                after: Some(decided(decision, take_down)),
            },
        )
        .await;
        Ok(())
    }

    /// Staff's decision on a verification selfie: approved, the person's current profile photo
    /// is the verified one; rejected (with a reason), they are told why. The selfie is deleted
    /// either way; the decision stays here, in the audit log.
    pub async fn review_verification(
        &self,
        by: StaffMember,
        id: i64,
        decision: Decision,
        reason: Option<&str>,
    ) -> ApiResult<()> {
        let verdict = match decision {
            Decision::Approve => Verdict::Approve,
            Decision::Reject => Verdict::Reject(RejectReason::parse(reason)?),
        };
        let request = self.verification.decide(id, verdict).await?;
        let reason = match verdict {
            Verdict::Approve => None,
            Verdict::Reject(reason) => Some(reason.as_str()),
        };
        self.record(
            by.into(),
            Entry {
                action: "review.verification",
                target_kind: "verification",
                target_id: id.to_string(),
                before: Some(
                    json!({ "userId": request.user_id, "pose": request.pose, "state": "pending" }),
                ),
                after: Some(json!({ "decision": decision.as_str(), "reason": reason })),
            },
        )
        .await;
        Ok(())
    }

    /// Staff's decision on a banned person's appeal: approved, the ban is lifted (as an unban
    /// is); rejected, it is kept, and her next try tells her so.
    pub async fn review_appeal(
        &self,
        by: StaffMember,
        id: i64,
        decision: Decision,
    ) -> ApiResult<()> {
        let lift = decision == Decision::Approve;
        let appeal = self
            .accounts
            .decide_appeal(id, lift, self.clock.unix())
            .await?
            .ok_or(ApiError::NotFound)?;
        self.record(
            by.into(),
            Entry {
                action: "review.appeal",
                target_kind: "user",
                target_id: appeal.user_id.to_string(),
                before: Some(json!({ "appeal": id, "ban": appeal.ban, "state": "waiting" })),
                after: Some(json!({ "decision": decision.as_str() })),
            },
        )
        .await;
        if lift {
            match self
                .lift_ban(by, appeal.user_id, Msg::AppealAcceptedBody)
                .await
            {
                // The ban ran out meanwhile: lifted either way.
                Ok(_) | Err(ApiError::Conflict(Msg::NotBanned)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Staff keep a flagged dynamic, or take it down: then its author is told why.
    pub async fn review_dynamic(
        &self,
        by: StaffMember,
        id: i64,
        decision: Decision,
        take_down: &TakeDown,
    ) -> ApiResult<()> {
        let (author, taken_down) = self
            .feed
            .decide_flagged(id, decision == Decision::Reject, self.clock.unix())
            .await?
            .ok_or(ApiError::NotFound)?;
        // What staff take down is not served any more, whoever kept its address.
        self.media.delete_pictures(&taken_down).await;
        if let (Decision::Reject, Some(author)) = (decision, author) {
            let lang = match self.accounts.user(author).await? {
                Some(person) => Lang::parse(&person.language).unwrap_or_default(),
                None => Lang::default(),
            };
            self.notices
                .tell(
                    author,
                    lang,
                    Msg::PostRemovedTitle,
                    &take_down.told(Msg::PostRemovedBody),
                    take_down.note.as_deref(),
                )
                .await?;
        }
        self.record(
            by.into(),
            Entry {
                action: "review.dynamic",
                target_kind: "dynamic",
                target_id: id.to_string(),
                before: Some(json!({ "flagged": true })),
                after: Some(decided(decision, take_down)),
            },
        )
        .await;
        Ok(())
    }

    /// Staff's decision on a message set aside: a held text is delivered (approve) or dropped;
    /// a delivered message with a caution stays (approve) or is taken back.
    pub async fn review_message(
        &self,
        by: StaffMember,
        id: i64,
        decision: Decision,
    ) -> ApiResult<()> {
        let item = self
            .store
            .decide_safety(id, by.0, self.clock.unix())
            .await?
            .ok_or(ApiError::NotFound)?;
        match (item.kind.as_str(), decision, item.message_id) {
            ("spam", Decision::Approve, _) => match (item.recipient_id, item.group_id) {
                (Some(recipient), _) => {
                    self.chat
                        .deliver_held(
                            item.sender_id,
                            recipient,
                            &item.client_id,
                            &item.msg_type,
                            &item.content,
                        )
                        .await?
                }
                (None, Some(group)) => {
                    self.chat
                        .deliver_held_to_group(
                            item.sender_id,
                            group,
                            &item.client_id,
                            &item.msg_type,
                            &item.content,
                        )
                        .await?
                }
                (None, None) => {}
            },
            ("caution", Decision::Reject, Some(message)) => match item.group_id {
                Some(group) => {
                    self.chat.take_down_group_message(group, message).await?;
                }
                None => self.chat.withdraw(item.sender_id, message).await?,
            },
            _ => {}
        }
        self.record(
            by.into(),
            Entry {
                action: "review.message",
                target_kind: "message",
                target_id: id.to_string(),
                before: Some(json!(SafetyItem::from_row(&item))),
                after: Some(json!({ "decision": decision.as_str() })),
            },
        )
        .await;
        Ok(())
    }

    /// Staff looked at a payment that did not match its order and settled it with the buyer at
    /// the provider: it leaves the queue either way (nothing here moves money), and the audit
    /// log keeps what they decided.
    pub async fn review_payment(
        &self,
        by: StaffMember,
        id: i64,
        decision: Decision,
    ) -> ApiResult<()> {
        let item = self
            .wallet
            .close_discrepancy(id, by.0, self.clock.unix())
            .await?
            .ok_or(ApiError::NotFound)?;
        self.record(
            by.into(),
            Entry {
                action: "review.payment",
                target_kind: "order",
                target_id: item.order_id.to_string(),
                before: Some(json!(ReviewPayment::from_row(&item))),
                after: Some(json!({ "decision": decision.as_str() })),
            },
        )
        .await;
        Ok(())
    }
}

/// A decision as the audit log keeps it, with the reason of a take-down.
fn decided(decision: Decision, take_down: &TakeDown) -> serde_json::Value {
    match decision {
        Decision::Approve => json!({ "decision": decision.as_str() }),
        Decision::Reject => {
            let mut after = take_down.json();
            after["decision"] = json!(decision.as_str());
            after
        }
    }
}
