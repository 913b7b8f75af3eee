//! Messages in groups: sending (stored once, numbered in the group's sequence, handed to every
//! member's connections), the history as each member was shown it, read cursors, recalls, and
//! the text a member may have translated.

use serde_json::{json, Value};

use crate::account::model::{Role, UserRow};
use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::chat::forms::HistoryQuery;
use crate::chat::groups::model::{GroupEventRow, MemberRow};
use crate::chat::groups::store::{self, NewGroupEvent};
use crate::chat::model::{
    check_content, Checked, Message, MessageTranslation, MessageType, Outgoing,
};
use crate::chat::service::Sent;
use crate::chat::store::SentTo;
use crate::chat::{harsh, safety, Chat};
use crate::i18n::Msg;
use crate::translate::ReadableMessage;

impl Chat {
    /// Moves my read cursor of the group forward.
    pub async fn read_group(&self, me: i64, id: i64, up_to: Option<i64>) -> ApiResult<()> {
        let group = self.groups.group(id).await?.ok_or(ApiError::NotFound)?;
        let up_to = up_to.unwrap_or(group.last_seq).clamp(0, group.last_seq);
        if !self.groups.read_up_to(id, me, up_to).await? {
            match self.groups.membership(id, me).await? {
                Some(m) if m.is_current() => {}
                Some(_) => return Err(ApiError::Forbidden(Msg::GroupNotMember)),
                None => return Err(ApiError::NotFound),
            }
        }
        Ok(())
    }

    /// Sends a message to a group I am in: stored once, numbered in the group's sequence, and
    /// delivered to every member's connections. The trust & safety rules of one-to-one chat hold
    /// here too: harsh words are asked about again, a text repeated to too many people and groups
    /// is held for staff, and my first message in a group carries a caution when it is risky.
    pub async fn send_to_group(
        &self,
        me: i64,
        out: &Outgoing,
        client_id: String,
    ) -> ApiResult<Sent> {
        let id = out.group_id.ok_or(ApiError::NotFound)?;
        let now = self.clock.unix();
        if let Some(row) = self.groups.sent(me, &client_id).await? {
            return Ok(self.sent_view(&row, me));
        }
        self.limits.check(Action::ChatSend, &me.to_string()).await?;
        let kind = MessageType::parse(out.msg_type.as_deref())?;
        let checked = check_content(kind, out.content.as_ref())?;
        self.in_group(me, id).await?;
        let sender = self
            .accounts
            .user(me)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let mut content = match checked {
            Checked::Ready(value) => value,
            Checked::Image(data) => {
                self.picture(me, sender.membership(now).is_some(), &data)
                    .await?
            }
            Checked::Audio { upload, waveform } => {
                self.voice(me, sender.membership(now).is_some(), &upload, waveform)
                    .await?
            }
            Checked::Gift(_) | Checked::RedPacket { .. } => {
                return Err(ApiError::Invalid(Msg::GroupNoGifts))
            }
        };
        // Staff and service accounts are not held to the trust & safety rules.
        let watched = !matches!(sender.role, Role::Staff | Role::Service);
        harsh::ask_again(watched, kind, &mut content, out.confirmed == Some(true))?;
        let mut caution = None;
        if let Some(text) = safety::words_of(kind, &content).filter(|_| watched) {
            let to = SentTo::Group(id);
            if self.repeated(me, to, &text, now).await {
                self.hold_as_spam(me, to, &client_id, kind, &content, now)
                    .await?;
                return Err(ApiError::Forbidden(Msg::HeldAsSpam));
            }
            caution = safety::caution(&text);
            if caution.is_some() && self.groups.has_written(id, me).await? {
                caution = None;
            }
            if let Some(c) = caution {
                content["caution"] = c.as_str().into();
            }
        }
        let (row, fresh) = self
            .store_in_group(&sender, id, &client_id, kind, &content.to_string(), now)
            .await?;
        if fresh {
            if let Some(c) = caution {
                self.queue_caution(&row, c).await?;
            }
        }
        Ok(self.sent_view(&row, me))
    }

    /// Stores a message of `sender`'s in the group and hands it to every member: false with
    /// the stored message when a retry with the same client id got there first.
    pub(in crate::chat) async fn store_in_group(
        &self,
        sender: &UserRow,
        id: i64,
        client_id: &str,
        kind: MessageType,
        content: &str,
        now: i64,
    ) -> ApiResult<(GroupEventRow, bool)> {
        let me = sender.id;
        let mut tx = self.groups.begin().await?;
        let Some((seq, group_name)) = store::take_seq_for(&mut tx, id, me).await? else {
            drop(tx);
            return Err(match self.groups.membership(id, me).await? {
                Some(m) if !m.is_current() => ApiError::Forbidden(Msg::GroupNotMember),
                _ => ApiError::Forbidden(Msg::GroupEnded),
            });
        };
        let stored = store::append(
            &mut tx,
            &NewGroupEvent {
                group_id: id,
                seq,
                kind: "message",
                sender_id: Some(me),
                client_id: Some(client_id),
                msg_type: kind.as_str(),
                content,
                recalls: None,
                now,
            },
        )
        .await?;
        let Some(row) = stored else {
            // A retry with the same client id got there first: its message, and no gap.
            drop(tx);
            let row = self
                .groups
                .sent(me, client_id)
                .await?
                .ok_or(ApiError::NotFound)?;
            return Ok((row, false));
        };
        tx.commit().await?;
        // Read once the group is free again. Whoever joins after this message starts after it;
        // whoever leaves after it is shown it, live here or when their connection sees the gap.
        let members = self.groups.members(id).await?;
        let to: Vec<i64> = members
            .iter()
            .filter(|m| m.is_current())
            .map(|m| m.user_id)
            .collect();
        self.push_group_message(group_name, &row, sender, members);
        self.hub.group_event(row.clone(), &to);
        Ok((row, true))
    }

    /// A page of a group's history as I see it (what I was shown, when I have left), newest
    /// first, my own messages with how many have read them.
    pub async fn group_history(
        &self,
        me: i64,
        group: i64,
        q: &HistoryQuery,
    ) -> ApiResult<Page<Message>> {
        let members = self.groups.members(group).await?;
        let mine = members
            .iter()
            .find(|m| m.user_id == me)
            .ok_or(ApiError::NotFound)?;
        let paging = Paging {
            page_num: q.page_num,
            page_size: q.page_size,
        };
        let (rows, total) = self
            .groups
            .history(
                group,
                me,
                (mine.joined_seq, mine.left_seq.unwrap_or(i64::MAX)),
                q.before_id,
                paging.limit(),
                paging.offset(),
            )
            .await?;
        let signer = self.media.signer(self.clock.unix());
        let texts: Vec<i64> = rows
            .iter()
            .filter(|r| r.kind == "message" && r.msg_type == "txt" && r.sender_id != Some(me))
            .map(|r| r.id)
            .collect();
        let mut kept = self.translate.kept_translations(me, &texts, true).await?;
        Ok(Page {
            rows: rows
                .iter()
                .map(|r| {
                    let mut message = r.message(me, read_by(&members, r), &signer);
                    if r.recalled_at.is_none() {
                        message.translation = kept.remove(&r.id).map(|k| {
                            Box::new(MessageTranslation {
                                target: k.target,
                                text: k.text,
                            })
                        });
                    }
                    message
                })
                .collect(),
            total,
        })
    }

    /// Deletes group messages shown to me from my history only; the other members keep them.
    pub async fn delete_in_group_for_me(&self, me: i64, group: i64, ids: &[i64]) -> ApiResult<u64> {
        Ok(self.groups.hide_for(group, me, ids).await?)
    }

    /// A text message of a group as `me` may read it, to be translated: shown to me (I am in the
    /// group, or was when it came), not recalled.
    pub(in crate::chat) async fn group_readable(
        &self,
        me: i64,
        group: i64,
        id: i64,
    ) -> ApiResult<ReadableMessage> {
        let row = self
            .groups
            .event(id)
            .await?
            .filter(|e| e.group_id == group && e.kind == "message" && e.msg_type == "txt")
            .filter(|e| e.recalled_at.is_none())
            .ok_or(ApiError::NotFound)?;
        let mine = self
            .groups
            .membership(group, me)
            .await?
            .filter(|m| row.seq > m.joined_seq && m.left_seq.is_none_or(|left| row.seq <= left))
            .ok_or(ApiError::NotFound)?;
        let content: Value = serde_json::from_str(&row.content).unwrap_or_default();
        Ok(ReadableMessage {
            id: row.id,
            sender: row.sender_id.unwrap_or(0),
            partner: mine.user_id,
            text: content["text"].as_str().unwrap_or_default().to_owned(),
        })
    }

    /// Recalls my group message within the recall window: every member is told.
    pub async fn recall_in_group(&self, me: i64, group: i64, id: i64) -> ApiResult<Message> {
        let now = self.clock.unix();
        let since = now - self.config.chat.recall_minutes * 60;
        let before = self
            .groups
            .event(id)
            .await?
            .filter(|e| e.group_id == group && e.kind == "message")
            .ok_or(ApiError::NotFound)?;
        if before.sender_id != Some(me) {
            return Err(ApiError::Forbidden(Msg::Forbidden));
        }
        self.take_back_in_group(&before, since, now).await?;
        let row = self.groups.event(id).await?.ok_or(ApiError::NotFound)?;
        Ok(row.message(me, None, &self.media.signer(now)))
    }

    /// Takes a group message back as its sender's recall would, when it was sent since `since`:
    /// its picture or voice deleted, and every member told.
    pub(in crate::chat) async fn take_back_in_group(
        &self,
        message: &GroupEventRow,
        since: i64,
        now: i64,
    ) -> ApiResult<()> {
        let (group, id) = (message.group_id, message.id);
        let sender = message.sender_id.ok_or(ApiError::NotFound)?;
        let mut tx = self.groups.begin().await?;
        let Some((seq, _)) = store::take_seq(&mut tx, group).await? else {
            return Err(ApiError::Forbidden(Msg::GroupEnded));
        };
        if !store::recall(&mut tx, group, id, sender, since, now).await? {
            return Err(ApiError::Invalid(Msg::RecallExpired));
        }
        let members = store::members_in(&mut tx, group).await?;
        let recall = store::append(
            &mut tx,
            &NewGroupEvent {
                group_id: group,
                seq,
                kind: "recall",
                sender_id: Some(sender),
                client_id: None,
                msg_type: "cmd",
                content: &json!({ "id": id }).to_string(),
                recalls: Some(id),
                now,
            },
        )
        .await?
        .ok_or(ApiError::NotFound)?;
        tx.commit().await?;
        if matches!(message.msg_type.as_str(), "img" | "audio") {
            self.delete_images(std::slice::from_ref(&message.content))
                .await;
        }
        let to: Vec<i64> = members
            .iter()
            .filter(|m| m.is_current())
            .map(|m| m.user_id)
            .collect();
        self.hub.group_event(recall, &to);
        Ok(())
    }

    fn sent_view(&self, row: &GroupEventRow, me: i64) -> Sent {
        Sent {
            seq: row.seq,
            message: row.message(me, Some(0), &self.media.signer(self.clock.unix())),
        }
    }
}

/// How many current members other than its sender have read a message of theirs.
fn read_by(members: &[MemberRow], row: &GroupEventRow) -> Option<i64> {
    let sender = row.sender_id?;
    (row.kind == "message").then(|| {
        members
            .iter()
            .filter(|m| m.is_current() && m.user_id != sender && m.read_seq >= row.seq)
            .count() as i64
    })
}
