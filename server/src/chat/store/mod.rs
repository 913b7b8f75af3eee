//! Chat storage: IM tokens, messages and the per-account event sequences, on both databases.
//!
//! A message and the events announcing it are written in one transaction; sequence numbers are
//! taken in ascending user id order so two people writing to each other at once never deadlock.
//! Split by idea: `messages` (storing, reading and changing them), `events` (each person's
//! gapless sequence), `red_packets` (claiming and returning them); here the types they share, the
//! IM tokens and the checks a send reads.

mod events;
mod messages;
mod red_packets;
mod safety;

pub(crate) use events::{message_events, number, sequence_counts};
pub(crate) use messages::{store_batch, stored_row};
pub use red_packets::Paid;
pub use safety::{NewSafetyItem, SentTo};

use serde_json::Value;

use crate::account::model::{Gender, Level, Role};
use crate::chat::model::{MessageRow, MessageType};
use crate::chat::store::events::json_array;
use crate::db::{on_db, Db};

/// A message to store.
pub struct NewMessage<'a> {
    pub sender: i64,
    pub recipient: i64,
    pub client_id: &'a str,
    pub kind: MessageType,
    pub content: &'a Value,
    pub now: i64,
    /// What a gift or red packet costs the sender, paid in the message's own transaction.
    pub charge: Option<Charge>,
}

/// A message that costs nothing, owned, for the writer that stores many in one transaction.
#[derive(Debug, Clone)]
pub struct PlainMessage {
    pub sender: i64,
    pub recipient: i64,
    pub client_id: String,
    pub kind: MessageType,
    pub content: String,
    pub now: i64,
}

/// One side of a message about to be sent: what the rules and the push notification need.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Party {
    pub id: i64,
    pub user_name: String,
    pub gender: Gender,
    pub language: String,
    pub level: Option<Level>,
    pub member_expires_at: Option<i64>,
    pub role: Role,
    pub avatar_thumb_key: Option<String>,
    pub created_at: i64,
}

impl Party {
    /// The membership running at `now`, if any.
    pub fn membership(&self, now: i64) -> Option<Level> {
        crate::account::model::membership(self.level, self.member_expires_at, now)
    }
}

pub struct Parties {
    pub sender: Option<Party>,
    pub recipient: Option<Party>,
    pub blocked: bool,
    /// Whether either has written to the other before (else this send starts a conversation).
    pub talked: bool,
    /// The message the sender stored already with this client id.
    pub sent: Option<MessageRow>,
}

/// A send about to be checked: the sender, the recipient and the client's id for it.
pub type Asked = (i64, i64, String);

/// One person of one send checked, as the check's JSON array holds it.
#[derive(serde::Deserialize)]
struct PartyRow {
    /// The send's place among those asked.
    asked: usize,
    #[serde(flatten)]
    party: Party,
    status: String,
    blocker: Option<i64>,
    sent: Option<i64>,
    /// On the sender's row: 1 when either wrote to the other before.
    talked: Option<i64>,
}

pub struct Charge {
    pub coins: i64,
    pub gift_id: Option<i64>,
    /// A red packet: its amount and blessing.
    pub red_packet: Option<(i64, String)>,
}

/// One conversation: the other person, the newest message's id, my unread count.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ConversationRow {
    pub peer: i64,
    pub last_id: i64,
    pub unread: i64,
}

/// What a state change produced: for each person told, the event's sequence number.
#[derive(Debug, Clone, Default)]
pub struct Announced {
    pub events: Vec<(i64, i64)>,
}

/// Chat storage on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct ChatStore {
    db: Db,
}

impl ChatStore {
    pub fn new(db: Db) -> ChatStore {
        ChatStore { db }
    }

    pub async fn create_im_token(
        &self,
        user_id: i64,
        session_id: i64,
        token_hash: &str,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO im_tokens (token_hash, user_id, session_id, created_at) VALUES ($1, $2, $3, $4)",
        ).bind(token_hash).bind(user_id).bind(session_id).bind(now).execute(pool).await.map(|_| ()))
    }

    /// The account behind a live IM token.
    pub async fn im_token_user(&self, token_hash: &str, now: i64) -> sqlx::Result<Option<i64>> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT t.user_id FROM im_tokens t JOIN sessions s ON s.id = t.session_id JOIN users u ON u.id = t.user_id
             WHERE t.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'",
        ).bind(token_hash).bind(now).fetch_optional(pool).await)?;
        Ok(found.map(|(id,)| id))
    }

    /// Both sides of a message from `sender` to `recipient` (each if an active account), whether
    /// either blocks the other, and the message `sender` stored with this client id, if any.
    pub async fn parties(&self, asked: &[Asked]) -> sqlx::Result<Vec<Parties>> {
        // One row back whatever the number asked: the people as one JSON array (on SQLite, every
        // row crosses from the connection's thread on its own). The status is read, not filtered
        // on: a condition on it would let PostgreSQL's generic plan take the status index
        // (everyone is active) over the primary key.
        let found: (String,) = match &self.db {
            Db::Sqlite(pool) => {
                sqlx::query_as(
                    "SELECT json_group_array(json_object(
                        'asked', a.key, 'id', u.id, 'user_name', u.user_name, 'gender', u.gender,
                        'language', u.language, 'level', u.level, 'member_expires_at', u.member_expires_at,
                        'role', u.role, 'avatar_thumb_key', u.avatar_thumb_key, 'status', u.status,
                        'created_at', u.created_at,
                        'talked', CASE WHEN u.id = a.value ->> 0 THEN
                            EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = a.value ->> 0 AND m.recipient_id = a.value ->> 1)
                            OR EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = a.value ->> 1 AND m.recipient_id = a.value ->> 0) END,
                        'blocker', (SELECT blocker_id FROM blocks
                            WHERE (blocker_id = a.value ->> 0 AND blocked_id = a.value ->> 1)
                               OR (blocker_id = a.value ->> 1 AND blocked_id = a.value ->> 0) LIMIT 1),
                        'sent', (SELECT m.id FROM messages m
                            WHERE m.sender_id = a.value ->> 0 AND m.client_id = a.value ->> 2)))
                     FROM json_each($1) a JOIN users u ON u.id IN (a.value ->> 0, a.value ->> 1)",
                )
                .bind(json_array(asked)?)
                .fetch_one(pool)
                .await?
            }
            Db::Postgres(pool) => {
                sqlx::query_as(
                    "SELECT COALESCE(json_agg(json_build_object(
                        'asked', a.i - 1, 'id', u.id, 'user_name', u.user_name, 'gender', u.gender,
                        'language', u.language, 'level', u.level, 'member_expires_at', u.member_expires_at,
                        'role', u.role, 'avatar_thumb_key', u.avatar_thumb_key, 'status', u.status,
                        'created_at', u.created_at,
                        'talked', CASE WHEN u.id = a.sender THEN
                            (EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = a.sender AND m.recipient_id = a.recipient)
                             OR EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = a.recipient AND m.recipient_id = a.sender))::INT END,
                        'blocker', (SELECT blocker_id FROM blocks
                            WHERE (blocker_id = a.sender AND blocked_id = a.recipient)
                               OR (blocker_id = a.recipient AND blocked_id = a.sender) LIMIT 1),
                        'sent', (SELECT m.id FROM messages m
                            WHERE m.sender_id = a.sender AND m.client_id = a.client_id))), '[]')::TEXT
                     FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::TEXT[]) WITH ORDINALITY AS a (sender, recipient, client_id, i)
                     JOIN users u ON u.id IN (a.sender, a.recipient)",
                )
                .bind(asked.iter().map(|a| a.0).collect::<Vec<_>>())
                .bind(asked.iter().map(|a| a.1).collect::<Vec<_>>())
                .bind(asked.iter().map(|a| a.2.as_str()).collect::<Vec<_>>())
                .fetch_one(pool)
                .await?
            }
        };
        let rows: Vec<PartyRow> =
            serde_json::from_str(&found.0).map_err(|e| sqlx::Error::Decode(e.into()))?;
        let mut parties: Vec<Parties> = asked
            .iter()
            .map(|_| Parties {
                sender: None,
                recipient: None,
                blocked: false,
                talked: false,
                sent: None,
            })
            .collect();
        for row in rows {
            let (Some(these), Some(&(sender, _, _))) =
                (parties.get_mut(row.asked), asked.get(row.asked))
            else {
                continue;
            };
            these.blocked |= row.blocker.is_some();
            these.talked |= row.talked.is_some_and(|t| t != 0);
            if let Some(id) = row.sent {
                // A retry: rare, read on its own.
                these.sent = self.message(id).await?;
            }
            if row.status != "active" {
                continue;
            }
            if row.party.id == sender {
                these.sender = Some(row.party);
            } else {
                these.recipient = Some(row.party);
            }
        }
        Ok(parties)
    }
}
