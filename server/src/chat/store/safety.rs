//! The trust & safety side of sending: the conversations new accounts start (for their daily
//! cap) and the messages queued for staff (risky first messages, texts held as spam).

use crate::chat::model::MessageType;
use crate::chat::store::ChatStore;
use crate::db::on_db;

/// Where a message set aside went, or was going: a person, or a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SentTo {
    Person(i64),
    Group(i64),
}

impl SentTo {
    fn person(self) -> Option<i64> {
        match self {
            SentTo::Person(id) => Some(id),
            SentTo::Group(_) => None,
        }
    }

    fn group(self) -> Option<i64> {
        match self {
            SentTo::Group(id) => Some(id),
            SentTo::Person(_) => None,
        }
    }
}

/// A message for staff to look at.
pub struct NewSafetyItem<'a> {
    /// `caution` (delivered with a caution) or `spam` (held, not delivered).
    pub kind: &'a str,
    /// `link`, `phone`, `email`, `money` or `repeated`.
    pub reason: &'a str,
    pub sender: i64,
    pub to: SentTo,
    /// The delivered message, for a caution.
    pub message_id: Option<i64>,
    pub client_id: &'a str,
    /// The message's type and content (JSON), as sent.
    pub msg_type: MessageType,
    pub content: &'a str,
    pub now: i64,
}

impl ChatStore {
    /// How many conversations `sender` started since `since`.
    pub async fn conversations_started(&self, sender: i64, since: i64) -> sqlx::Result<i64> {
        on_db!(&self.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM first_contacts WHERE sender_id = $1 AND created_at >= $2",
        ).bind(sender).bind(since).fetch_one(pool).await)
    }

    /// Notes that `sender` started a conversation with `recipient`.
    pub async fn record_first_contact(
        &self,
        sender: i64,
        recipient: i64,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO first_contacts (sender_id, recipient_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (sender_id, recipient_id) DO NOTHING",
        ).bind(sender).bind(recipient).bind(now).execute(pool).await.map(|_| ()))
    }

    /// Queues a message for staff (once per sender and client id: a retry adds nothing).
    pub async fn queue_for_staff(&self, item: &NewSafetyItem<'_>) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO safety_queue (kind, reason, sender_id, recipient_id, group_id, message_id, client_id, content, created_at, msg_type)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             ON CONFLICT (sender_id, client_id) DO NOTHING",
        ).bind(item.kind).bind(item.reason).bind(item.sender).bind(item.to.person()).bind(item.to.group()).bind(item.message_id)
            .bind(item.client_id).bind(item.content).bind(item.now).bind(item.msg_type.as_str()).execute(pool).await.map(|_| ()))
    }
}
