//! Sending, marking and recalling: the one path the socket and the REST endpoints share.

use serde_json::{json, Value};

use crate::account::model::Role;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::chat::model::{
    check_content, Checked, Message, MessageRow, MessageTranslation, MessageType, Outgoing,
};
use crate::chat::push::push_for;
use crate::chat::store::{Announced, Charge, NewMessage, Paid, PlainMessage, SentTo};
use crate::chat::Chat;
use crate::chat::{harsh, safety};
use crate::i18n::{Lang, Msg};
use crate::media::Media;
use crate::notify::Push;
use crate::translate::{ReadableMessage, Translation};
use crate::wallet::model::GiftKind;

/// A stored message and the sender's sequence number for it.
pub struct Sent {
    pub message: Message,
    pub seq: i64,
}

impl Chat {
    /// Checks every rule, stores the message (once per client id) and tells both sides.
    pub async fn send(&self, sender: i64, out: &Outgoing) -> ApiResult<Sent> {
        let client_id = match out
            .client_id
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            Some(c) if c.len() <= 64 => c.to_owned(),
            Some(_) => {
                return Err(ApiError::Malformed(
                    "clientId is longer than 64 characters".into(),
                ))
            }
            None => uuid::Uuid::new_v4().to_string(),
        };
        if out.group_id.is_some() {
            return self.send_to_group(sender, out, client_id).await;
        }
        let to = out.to.ok_or(ApiError::NotFound)?;
        // One read for the retry check, both people and the block between them.
        let parties = self.checks.parties(sender, to, &client_id).await?;
        // A retry of a stored message gets the first answer, whatever has changed since (a block,
        // the rate limit): it is not another message.
        if let Some(row) = parties.sent {
            return Ok(Sent {
                seq: row.sender_seq,
                message: Message::view(&row, sender, &self.media.signer(self.clock.unix())),
            });
        }
        self.limits
            .check(Action::ChatSend, &sender.to_string())
            .await?;
        if to == sender {
            return Err(ApiError::Invalid(Msg::NotYourself));
        }
        let kind = MessageType::parse(out.msg_type.as_deref())?;
        let checked = check_content(kind, out.content.as_ref())?;
        let me = parties.sender.ok_or(ApiError::Unauthorized)?;
        let them = parties.recipient.ok_or(ApiError::NotFound)?;
        if parties.blocked {
            // Either way.
            return Err(ApiError::Forbidden(Msg::CannotMessage));
        }
        let service = me.role == Role::Service || them.role == Role::Service;
        if self.config.chat.same_gender_blocked && !service && me.gender == them.gender {
            return Err(ApiError::Forbidden(Msg::SameGender));
        }
        let now = self.clock.unix();
        // Staff and service accounts are not held to the trust & safety rules.
        let watched = !service && me.role != Role::Staff;
        let starts = watched && !parties.talked;
        let new_account = now - me.created_at < self.config.safety.new_account_days * 86_400;
        if starts && new_account {
            self.within_new_conversations(sender, now, 1).await?;
        }
        let mut charge = None;
        let mut content = match checked {
            Checked::Ready(value) => value,
            Checked::Image(data) => {
                self.picture(sender, me.membership(now).is_some(), &data)
                    .await?
            }
            Checked::Audio { upload, waveform } => {
                self.voice(sender, me.membership(now).is_some(), &upload, waveform)
                    .await?
            }
            Checked::Gift(gift_id) => {
                let gift = self.wallet.gift(gift_id).await?.ok_or(ApiError::NotFound)?;
                let member = me.membership(now).is_some();
                let price = if member && gift.kind == GiftKind::Card {
                    // Members pay less for card gifts, rounded up to a whole coin.
                    (gift.price_coins * (100 - self.config.wallet.member_card_discount_percent)
                        + 99)
                        / 100
                } else {
                    gift.price_coins
                };
                charge = Some(Charge {
                    coins: price,
                    gift_id: Some(gift.id),
                    red_packet: None,
                });
                json!({ "giftId": gift.id, "code": gift.code, "kind": gift.kind, "icon": gift.icon, "price": price })
            }
            Checked::RedPacket { amount, blessing } => {
                let blessing = blessing.unwrap_or_else(|| {
                    Msg::DefaultBlessing
                        .text(Lang::parse(&me.language).unwrap_or_default())
                        .to_owned()
                });
                charge = Some(Charge {
                    coins: amount,
                    gift_id: None,
                    red_packet: Some((amount, blessing.clone())),
                });
                json!({ "amount": amount, "blessing": blessing, "state": "unclaimed" })
            }
        };
        harsh::ask_again(watched, kind, &mut content, out.confirmed == Some(true))?;
        let mut caution = None;
        if let Some(text) = safety::words_of(kind, &content).filter(|_| watched) {
            let text = text.as_str();
            // A red packet is paid for, which is brake enough, and could not be held unpaid.
            let to = SentTo::Person(them.id);
            if kind != MessageType::RedPacket && self.repeated(sender, to, text, now).await {
                self.hold_as_spam(sender, to, &client_id, kind, &content, now)
                    .await?;
                return Err(ApiError::Forbidden(Msg::HeldAsSpam));
            }
            caution = safety::caution(text).filter(|_| starts);
            if let Some(c) = caution {
                content["caution"] = c.as_str().into();
            }
        }
        let (row, fresh) = match charge {
            None => {
                self.writer
                    .store(PlainMessage {
                        sender,
                        recipient: them.id,
                        client_id,
                        kind,
                        content: content.to_string(),
                        now,
                    })
                    .await
            }
            Some(charge) => {
                let stored = self
                    .store
                    .store_message(&NewMessage {
                        sender,
                        recipient: them.id,
                        client_id: &client_id,
                        kind,
                        content: &content,
                        now,
                        charge: Some(charge),
                    })
                    .await;
                if let Ok((row, true)) = &stored {
                    self.hub.message_stored(row.clone());
                }
                stored
            }
        }?;
        if fresh && starts {
            self.after_first_message(&row, new_account, caution).await?;
        }
        // The hub has a new message already (the writer hands it over as it commits).
        if fresh && kind != MessageType::Cmd {
            let push = (!self.hub.is_online(to)).then(|| push_for(&me, &them, &row));
            let text = readable(&row, to);
            self.after_delivery(to, text, push);
        }
        Ok(Sent {
            seq: row.sender_seq,
            message: Message::view(&row, sender, &self.media.signer(now)),
        })
    }

    /// A picture sent in a chat (a member's), as its message holds it: decoded, counted against
    /// the pictures of a minute, and stored privately.
    pub(super) async fn picture(&self, sender: i64, member: bool, data: &str) -> ApiResult<Value> {
        if !member {
            return Err(ApiError::Upgrade);
        }
        self.limits
            .check(Action::UploadByAccount, &sender.to_string())
            .await?;
        let picture = self.media.put_base64_image(sender, "chat", data).await?;
        Ok(json!({ "url": Media::url(&picture.key), "thumb": Media::url(&picture.thumb_key) }))
    }

    /// A voice message sent in a chat (a member's, while the setting says so), as its message
    /// holds it: measured again as it is stored (the length is the server's, whatever was said)
    /// and moved to private storage.
    pub(super) async fn voice(
        &self,
        sender: i64,
        member: bool,
        upload: &str,
        waveform: Option<Vec<u8>>,
    ) -> ApiResult<Value> {
        if self.config.chat.voice_members_only && !member {
            return Err(ApiError::Upgrade);
        }
        let (key, recording) = self.media.accept_audio(sender, "chat", upload).await?;
        let mut voice = json!({ "url": Media::url(&key), "seconds": recording.seconds() });
        if let Some(bars) = waveform {
            voice["waveform"] = json!(bars);
        }
        Ok(voice)
    }

    /// Pushes a message to its recipient in the background, unless they are online on another
    /// node (the message reaches the chat there, as it would here).
    pub(super) fn push_to_offline(&self, push: Push) {
        self.after_delivery(push.recipient, None, Some(push));
    }

    /// After a message is stored, in the background (the send never waits for it): its
    /// translation on arrival, when it is a text and its reader asked for the sender's messages
    /// so, then its push (carrying the translation when there is one), unless the recipient is
    /// online on some node.
    fn after_delivery(&self, recipient: i64, text: Option<ReadableMessage>, push: Option<Push>) {
        if text.is_none() && push.is_none() {
            return;
        }
        let (hub, notify, translate) = (
            self.hub.clone(),
            self.notify.clone(),
            self.translate.clone(),
        );
        tokio::spawn(async move {
            let translation = match text {
                Some(message) => translate.on_arrival(&message, recipient).await,
                None => None,
            };
            if let Some(mut push) = push {
                if !hub.is_online_anywhere(recipient).await {
                    if let Some(translated) = translation {
                        push.body = translated.chars().take(120).collect();
                    }
                    notify.send(push).await;
                }
            }
        });
    }

    /// Translates a message I sent or received into `target` (default: my choice for that
    /// partner, else my language): 404 for a message that is not a text, recalled, deleted for
    /// me, or not mine to read.
    pub async fn translate_message(
        &self,
        me: i64,
        message_id: i64,
        group: Option<i64>,
        target: Option<&str>,
    ) -> ApiResult<Translation> {
        self.limits
            .check(Action::TranslateByAccount, &me.to_string())
            .await?;
        if let Some(group) = group {
            let message = self.group_readable(me, group, message_id).await?;
            return self
                .translate
                .translate_group_message(me, &message, target)
                .await;
        }
        let row = self
            .store
            .message(message_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let message = readable(&row, me).ok_or(ApiError::NotFound)?;
        self.translate.translate_message(me, &message, target).await
    }

    /// The message list as `viewer` sees it, each message with the viewer's newest translation.
    pub async fn views_with_translations(
        &self,
        rows: &[MessageRow],
        viewer: i64,
    ) -> ApiResult<Vec<Message>> {
        let mut views = self.views(rows, viewer);
        let ids: Vec<i64> = rows
            .iter()
            .filter(|r| r.recipient_id == viewer && r.kind == MessageType::Txt)
            .map(|r| r.id)
            .collect();
        let mut kept = self
            .translate
            .kept_translations(viewer, &ids, false)
            .await?;
        for view in views.iter_mut().filter(|v| v.content.get() != "null") {
            if let Some(k) = kept.remove(&view.id) {
                view.translation = Some(Box::new(MessageTranslation {
                    target: k.target,
                    text: k.text,
                }));
            }
        }
        Ok(views)
    }

    /// The receiver claims a red packet (within its time); the sender is told.
    pub async fn claim_red_packet(&self, me: i64, id: i64) -> ApiResult<Paid> {
        let now = self.clock.unix();
        let since = now - self.config.wallet.red_packet_hours * 3600;
        let returned = self.store.return_red_packets(since, now).await?;
        self.announce(&returned);
        let claimed = self.store.claim_red_packet(id, me, since, now).await?;
        let Some((claimed, paid)) = claimed else {
            // Someone else's packet is not there for me; mine may be claimed or returned.
            return Err(if self.store.red_packet_is_for(id, me).await? {
                ApiError::Invalid(Msg::RedPacketGone)
            } else {
                ApiError::NotFound
            });
        };
        self.announce(&claimed);
        Ok(paid)
    }

    /// Returns expired red packets to their senders (run every minute).
    pub async fn return_red_packets(&self) -> ApiResult<()> {
        let now = self.clock.unix();
        let returned = self
            .store
            .return_red_packets(now - self.config.wallet.red_packet_hours * 3600, now)
            .await?;
        self.announce(&returned);
        Ok(())
    }

    pub(super) fn announce(&self, announced: &Announced) {
        for (user, _) in &announced.events {
            self.hub.notify(*user);
        }
    }

    /// Marks my incoming messages read (a whole conversation, or some) and tells their senders.
    pub async fn mark_read(&self, me: i64, peer: Option<i64>, ids: &[i64]) -> ApiResult<usize> {
        let announced = self
            .store
            .mark(me, true, peer, ids, self.clock.unix())
            .await?;
        self.announce(&announced);
        Ok(announced.events.len())
    }

    pub async fn mark_delivered(&self, me: i64, ids: &[i64]) -> ApiResult<()> {
        let announced = self
            .store
            .mark(me, false, None, ids, self.clock.unix())
            .await?;
        self.announce(&announced);
        Ok(())
    }

    /// Recalls my own message within the recall window; the content goes for both sides, and an
    /// image's or a voice message's files with it.
    pub async fn recall(&self, me: i64, id: i64) -> ApiResult<Message> {
        let now = self.clock.unix();
        let since = now - self.config.chat.recall_minutes * 60;
        // As it is before: the recall empties the content, which names the files of an image (and
        // an image message's content never changes otherwise).
        let before = self.store.message(id).await?;
        match self.store.recall(me, id, since, now).await? {
            Some((row, announced)) => {
                self.announce(&announced);
                let with_files =
                    |b: &MessageRow| matches!(b.kind, MessageType::Img | MessageType::Audio);
                if let Some(before) = before.filter(with_files) {
                    self.delete_images(&[before.content]).await;
                }
                Ok(Message::view(&row, me, &self.media.signer(now)))
            }
            None => match before {
                Some(row) if row.sender_id == me => Err(ApiError::Invalid(Msg::RecallExpired)),
                Some(row) if row.recipient_id == me => Err(ApiError::Forbidden(Msg::Forbidden)),
                _ => Err(ApiError::NotFound),
            },
        }
    }

    /// The messages of some stored rows as `viewer` sees them now, in the rows' order.
    pub fn views(&self, rows: &[MessageRow], viewer: i64) -> Vec<Message> {
        let signer = self.media.signer(self.clock.unix());
        rows.iter()
            .map(|r| Message::view(r, viewer, &signer))
            .collect()
    }

    /// Deletes the stored files (picture and thumbnail, or recording) of image and voice
    /// messages' contents.
    pub(super) async fn delete_images(&self, contents: &[String]) {
        let keys: Vec<String> = contents
            .iter()
            .flat_map(|c| crate::media::signed::image_keys(c))
            .filter(|k| crate::media::signed::is_private(k))
            .collect();
        self.media
            .delete(&keys.iter().map(String::as_str).collect::<Vec<_>>())
            .await;
    }
}

/// A text message as `reader` may read it, to be translated: theirs to read (sent or
/// received), not recalled, not deleted for them.
fn readable(row: &MessageRow, reader: i64) -> Option<ReadableMessage> {
    let (partner, deleted) = if row.sender_id == reader {
        (row.recipient_id, row.sender_deleted)
    } else if row.recipient_id == reader {
        (row.sender_id, row.recipient_deleted)
    } else {
        return None;
    };
    if row.kind != MessageType::Txt || row.recalled_at.is_some() || deleted {
        return None;
    }
    let content: serde_json::Value = serde_json::from_str(&row.content).unwrap_or_default();
    Some(ReadableMessage {
        id: row.id,
        sender: row.sender_id,
        partner,
        text: content["text"].as_str().unwrap_or_default().to_owned(),
    })
}
