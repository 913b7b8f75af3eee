//! A person's conversations as the REST endpoints read them: the socket's token, one
//! conversation's history, the list of conversations with their unread counts, deleting for me,
//! and writing to customer service.

use std::net::IpAddr;

use crate::account::model::em_user;
use crate::account::token::new_token;
use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::chat::forms::{Conversation, HistoryQuery, ImToken};
use crate::chat::model::{Message, Outgoing};
use crate::chat::service::Sent;
use crate::chat::Chat;
use crate::people::model::Card;
use crate::people::service_accounts::{CONCIERGE_NAME, SUPPORT_NAME};

impl Chat {
    /// My IM identity and a token for the chat socket, revoked with my session.
    pub async fn im_token(&self, me: Session, ip: IpAddr) -> ApiResult<ImToken> {
        // Each call writes a token row: limited per account and address.
        self.limits
            .check(Action::ImTokenByIp, &ip.to_string())
            .await?;
        self.limits
            .check(Action::ImTokenByAccount, &me.user_id.to_string())
            .await?;
        let (token, hash) = new_token();
        self.store
            .create_im_token(me.user_id, me.session_id, &hash, self.clock.unix())
            .await?;
        Ok(ImToken {
            em_user: em_user(me.user_id),
            token,
            url: "/im".into(),
        })
    }

    /// The conversation with one person, newest first, each message with my translation.
    pub async fn history(&self, me: i64, q: &HistoryQuery) -> ApiResult<Page<Message>> {
        if let Some(group) = q.group_id {
            return self.group_history(me, group, q).await;
        }
        let peer = q.user_id.ok_or(ApiError::NotFound)?;
        let paging = Paging {
            page_num: q.page_num,
            page_size: q.page_size,
        };
        let (rows, total) = self
            .store
            .history(me, peer, q.before_id, paging.limit(), paging.offset())
            .await?;
        Ok(Page {
            rows: self.views_with_translations(&rows, me).await?,
            total,
        })
    }

    /// How many messages I have not read.
    pub async fn unread_total(&self, me: i64) -> ApiResult<i64> {
        Ok(self.store.unread_total(me).await?)
    }

    /// My conversations, newest first, with unread counts; a person I may not see any more is
    /// left out.
    pub async fn conversations(&self, me: i64, p: &Paging) -> ApiResult<Page<Conversation>> {
        let (rows, total) = self.store.conversations(me, p.limit(), p.offset()).await?;
        let last = self
            .store
            .messages(&rows.iter().map(|r| r.last_id).collect::<Vec<_>>())
            .await?;
        let now = self.clock.unix();
        let signer = self.media.signer(now);
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let (Some(card), Some(message)) = (
                self.people.visible_card(me, row.peer).await?,
                last.iter().find(|m| m.id == row.last_id),
            ) else {
                continue;
            };
            out.push(Conversation {
                peer: Card::from_row(card, now, self.config.people.online_minutes),
                last_message: Message::view(message, me, &signer),
                unread: row.unread,
            });
        }
        Ok(Page { rows: out, total })
    }

    /// Deletes messages for me only; the other side keeps them. Answers how many.
    pub async fn delete_for_me(&self, me: i64, ids: &[i64]) -> ApiResult<u64> {
        Ok(self.store.delete_for(me, ids).await?)
    }

    /// Sends a message to customer service (members reach the concierge).
    pub async fn send_to_service(&self, me: i64, mut out: Outgoing) -> ApiResult<Sent> {
        let row = self
            .accounts
            .user(me)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let member = row.membership(self.clock.unix()).is_some();
        let name = if member { CONCIERGE_NAME } else { SUPPORT_NAME };
        let service = self
            .people
            .service_account(me, name)
            .await?
            .ok_or(ApiError::NotFound)?;
        out.to = Some(service.id);
        self.send(me, &out).await
    }
}
