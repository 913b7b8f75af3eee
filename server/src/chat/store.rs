//! Chat storage: IM tokens, messages and the per-account event sequences, on both databases.
//!
//! A message and the events announcing it are written in one transaction; sequence numbers are
//! taken in ascending user id order so two people writing to each other at once never deadlock.

use serde_json::Value;
use sqlx::Transaction;

use crate::account::model::{Gender, Level, Role};
use crate::chat::model::{EventRow, MessageRow, MessageType};
use crate::db::on_db;
use crate::db::{Db, WriteTx};
use crate::ledger::{Asset, Entry, Ledger, LedgerError};

const MESSAGE_COLUMNS: &str =
    "id, sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq,
    created_at, delivered_at, read_at, recalled_at, sender_deleted, recipient_deleted";

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

/// An event to append to one person's sequence.
pub(crate) struct NewEvent<'a> {
    pub user_id: i64,
    pub seq: i64,
    pub kind: &'a str,
    pub message_id: Option<i64>,
    pub payload: &'a str,
}

/// The chat's statements inside a write transaction of either backend, each one statement
/// however many rows it concerns.
trait ChatTx {
    /// Takes `count` numbers from each person's sequence; returns each one's new last number.
    /// `counts` is in ascending user id order: every transaction takes sequences in that order,
    /// so two of them never wait for each other.
    fn take_seqs(
        &mut self,
        counts: &[(i64, i64)],
    ) -> impl std::future::Future<Output = sqlx::Result<Vec<(i64, i64)>>> + Send;
    fn append(
        &mut self,
        events: &[NewEvent<'_>],
        now: i64,
    ) -> impl std::future::Future<Output = sqlx::Result<()>> + Send;
}

/// SQLite: one statement each over a JSON array (`json_each`), whatever the number of rows, so
/// each is prepared once per connection; and nothing comes back row by row, since every row
/// crosses from the connection's own thread to ours on its own (a wake-up each).
impl ChatTx for Transaction<'_, sqlx::Sqlite> {
    async fn take_seqs(&mut self, counts: &[(i64, i64)]) -> sqlx::Result<Vec<(i64, i64)>> {
        let counts = json_array(counts)?;
        sqlx::query(
            "INSERT INTO user_sequences (user_id, last_seq)
             SELECT value ->> 0, value ->> 1 FROM json_each($1) WHERE true
             ON CONFLICT (user_id) DO UPDATE SET last_seq = user_sequences.last_seq + excluded.last_seq",
        )
        .bind(&counts)
        .execute(&mut **self)
        .await?;
        let (taken,): (String,) = sqlx::query_as(
            "SELECT json_group_array(json_array(user_id, last_seq)) FROM user_sequences
             WHERE user_id IN (SELECT value ->> 0 FROM json_each($1))",
        )
        .bind(&counts)
        .fetch_one(&mut **self)
        .await?;
        serde_json::from_str(&taken).map_err(|e| sqlx::Error::Decode(e.into()))
    }

    async fn append(&mut self, events: &[NewEvent<'_>], now: i64) -> sqlx::Result<()> {
        let events: Vec<_> = events
            .iter()
            .map(|e| (e.user_id, e.seq, e.kind, e.message_id, e.payload))
            .collect();
        sqlx::query(
            "INSERT INTO user_events (user_id, seq, kind, message_id, payload, created_at)
             SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, $2
             FROM json_each($1)",
        )
        .bind(json_array(&events)?)
        .bind(now)
        .execute(&mut **self)
        .await
        .map(|_| ())
    }
}

/// A batch's rows as one JSON array parameter.
fn json_array<T: serde::Serialize>(rows: &[T]) -> sqlx::Result<String> {
    serde_json::to_string(rows).map_err(|e| sqlx::Error::Encode(e.into()))
}

/// PostgreSQL: one statement each over arrays (`UNNEST`), whatever the number of rows, so that
/// each is prepared once per connection instead of once per batch size.
impl ChatTx for Transaction<'_, sqlx::Postgres> {
    async fn take_seqs(&mut self, counts: &[(i64, i64)]) -> sqlx::Result<Vec<(i64, i64)>> {
        let (users, numbers): (Vec<i64>, Vec<i64>) = counts.iter().copied().unzip();
        sqlx::query_as(
            "INSERT INTO user_sequences (user_id, last_seq)
             SELECT u, n FROM UNNEST($1::BIGINT[], $2::BIGINT[]) AS t (u, n) ORDER BY u
             ON CONFLICT (user_id) DO UPDATE SET last_seq = user_sequences.last_seq + excluded.last_seq
             RETURNING user_id, last_seq",
        )
        .bind(users)
        .bind(numbers)
        .fetch_all(&mut **self)
        .await
    }

    async fn append(&mut self, events: &[NewEvent<'_>], now: i64) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO user_events (user_id, seq, kind, message_id, payload, created_at)
             SELECT u, s, k, m, p, $6 FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::TEXT[], $4::BIGINT[], $5::TEXT[]) AS t (u, s, k, m, p)",
        )
        .bind(events.iter().map(|e| e.user_id).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.seq).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.kind).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.message_id).collect::<Vec<_>>())
        .bind(events.iter().map(|e| e.payload).collect::<Vec<_>>())
        .bind(now)
        .execute(&mut **self)
        .await
        .map(|_| ())
    }
}

/// PostgreSQL: inserts a batch's messages (with their two sequence numbers); returns their rows
/// in the batch's order, or `None` when one of them (the same sender and client id) is stored
/// already (the caller then rolls back).
async fn insert_messages(
    tx: &mut Transaction<'_, sqlx::Postgres>,
    messages: &[(&PlainMessage, (i64, i64))],
) -> sqlx::Result<Option<Vec<MessageRow>>> {
    let sql = format!(
        "INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq, created_at)
         SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::BIGINT[], $7::BIGINT[], $8::BIGINT[])
         ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING {MESSAGE_COLUMNS}"
    );
    let rows: Vec<MessageRow> = sqlx::query_as(&sql)
        .bind(messages.iter().map(|(m, _)| m.sender).collect::<Vec<_>>())
        .bind(
            messages
                .iter()
                .map(|(m, _)| m.recipient)
                .collect::<Vec<_>>(),
        )
        .bind(
            messages
                .iter()
                .map(|(m, _)| m.client_id.as_str())
                .collect::<Vec<_>>(),
        )
        .bind(
            messages
                .iter()
                .map(|(m, _)| m.kind.as_str())
                .collect::<Vec<_>>(),
        )
        .bind(
            messages
                .iter()
                .map(|(m, _)| m.content.as_str())
                .collect::<Vec<_>>(),
        )
        .bind(messages.iter().map(|(_, (s, _))| *s).collect::<Vec<_>>())
        .bind(messages.iter().map(|(_, (_, r))| *r).collect::<Vec<_>>())
        .bind(messages.iter().map(|(m, _)| m.now).collect::<Vec<_>>())
        .fetch_all(&mut **tx)
        .await?;
    if rows.len() != messages.len() {
        return Ok(None);
    }
    // RETURNING promises no order: put the rows in the batch's.
    let at: std::collections::HashMap<(i64, &str), usize> = messages
        .iter()
        .enumerate()
        .map(|(i, (m, _))| ((m.sender, m.client_id.as_str()), i))
        .collect();
    let mut ordered: Vec<Option<MessageRow>> = vec![None; rows.len()];
    for row in rows {
        let i = *at
            .get(&(row.sender_id, row.client_id.as_str()))
            .ok_or(sqlx::Error::RowNotFound)?;
        ordered[i] = Some(row);
    }
    Ok(ordered.into_iter().collect())
}

/// The next number of one person's sequence.
async fn next_seq<T: ChatTx + Send>(tx: &mut T, user: i64) -> sqlx::Result<i64> {
    let taken = tx.take_seqs(&[(user, 1)]).await?;
    last_of(&taken, user)
}

/// The next numbers of two people's sequences: (a's, b's).
async fn pair_seqs<T: ChatTx + Send>(tx: &mut T, a: i64, b: i64) -> sqlx::Result<(i64, i64)> {
    let counts = if a < b {
        [(a, 1), (b, 1)]
    } else {
        [(b, 1), (a, 1)]
    };
    let taken = tx.take_seqs(&counts).await?;
    Ok((last_of(&taken, a)?, last_of(&taken, b)?))
}

fn last_of(taken: &[(i64, i64)], user: i64) -> sqlx::Result<i64> {
    taken
        .iter()
        .find(|(u, _)| *u == user)
        .map(|(_, last)| *last)
        .ok_or(sqlx::Error::RowNotFound)
}

/// How many numbers a batch takes from each person's sequence, in ascending user id order
/// (every transaction takes sequences in that order, so two of them never wait for each other).
pub(crate) fn sequence_counts(batch: &[PlainMessage]) -> Vec<(i64, i64)> {
    let mut counts = std::collections::BTreeMap::<i64, i64>::new();
    for m in batch {
        *counts.entry(m.sender).or_default() += 1;
        *counts.entry(m.recipient).or_default() += 1;
    }
    counts.into_iter().collect()
}

/// Each message's two sequence numbers (sender's, recipient's), in the batch's order, from each
/// person's new last number (`taken`) less what the batch takes. None when a person is missing.
pub(crate) fn number<'a>(
    batch: &'a [PlainMessage],
    counts: &[(i64, i64)],
    taken: &[(i64, i64)],
) -> Option<Vec<(&'a PlainMessage, (i64, i64))>> {
    let mut next = std::collections::HashMap::with_capacity(counts.len());
    for (user, count) in counts {
        let (_, last) = taken.iter().find(|(u, _)| u == user)?;
        next.insert(*user, last - count + 1);
    }
    let mut take = |user: i64| -> Option<i64> {
        let seq = next.get_mut(&user)?;
        *seq += 1;
        Some(*seq - 1)
    };
    batch
        .iter()
        .map(|m| Some((m, (take(m.sender)?, take(m.recipient)?))))
        .collect()
}

/// The row of a message just inserted with this id and these sequence numbers.
pub(crate) fn stored_row(
    m: &PlainMessage,
    (sender_seq, recipient_seq): (i64, i64),
    id: i64,
) -> MessageRow {
    MessageRow {
        id,
        sender_id: m.sender,
        recipient_id: m.recipient,
        client_id: m.client_id.clone(),
        kind: m.kind,
        content: m.content.clone(),
        sender_seq,
        recipient_seq,
        created_at: m.now,
        delivered_at: None,
        read_at: None,
        recalled_at: None,
        sender_deleted: false,
        recipient_deleted: false,
    }
}

/// Pays out a settled red packet (to the receiver when received, back to the sender when
/// returned), marks its message and tells both sides with an `update` event.
macro_rules! settle {
    ($tx:expr, $id:expr, $settled:expr, $state:expr, $now:expr) => {{
        let (sender, receiver, client_id, amount) = $settled;
        let (payee, key) = if $state == "received" {
            (receiver, format!("red-packet:{}:claim", $id))
        } else {
            (sender, format!("red-packet:{}:return", $id))
        };
        $tx.post(&Entry {
            user_id: payee,
            asset: Asset::Coins,
            amount,
            reason: "red packet",
            idempotency_key: &key,
            now: $now,
        })
        .await?;
        let (message_id, content): (i64, String) = sqlx::query_as(
            "SELECT id, content FROM messages WHERE sender_id = $1 AND client_id = $2",
        )
        .bind(sender)
        .bind(&client_id)
        .fetch_one(&mut *$tx)
        .await?;
        let mut content: Value = serde_json::from_str(&content).unwrap_or_default();
        content["state"] = serde_json::json!($state);
        sqlx::query("UPDATE messages SET content = $2 WHERE id = $1")
            .bind(message_id)
            .bind(content.to_string())
            .execute(&mut *$tx)
            .await?;
        let (sender_seq, receiver_seq) = pair_seqs(&mut $tx, sender, receiver).await?;
        let update = |user_id, seq| NewEvent {
            user_id,
            seq,
            kind: "update",
            message_id: Some(message_id),
            payload: "{}",
        };
        $tx.append(
            &[update(sender, sender_seq), update(receiver, receiver_seq)],
            $now,
        )
        .await?;
        Announced {
            events: vec![(sender, sender_seq), (receiver, receiver_seq)],
        }
    }};
}

/// The `message` events of a stored message, one for each side.
pub(crate) fn message_events(row: &MessageRow) -> [NewEvent<'static>; 2] {
    let event = |user_id, seq| NewEvent {
        user_id,
        seq,
        kind: "message",
        message_id: Some(row.id),
        payload: "{}",
    };
    [
        event(row.sender_id, row.sender_seq),
        event(row.recipient_id, row.recipient_seq),
    ]
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

/// Unread for the recipient: not read, not recalled, not deleted, not a control message.
const UNREAD: &str =
    "read_at IS NULL AND recalled_at IS NULL AND NOT recipient_deleted AND kind <> 'cmd'";

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

    /// PostgreSQL: stores messages that cost nothing in one transaction, in order; None (and
    /// nothing stored) when one of them is stored already, so that the caller stores them one by
    /// one. SQLite answers None: the writer stores its batches on a connection of its own
    /// (`chat/writer_sqlite.rs`).
    pub async fn store_messages(
        &self,
        batch: &[PlainMessage],
    ) -> sqlx::Result<Option<Vec<MessageRow>>> {
        if batch.is_empty() {
            return Ok(Some(Vec::new()));
        }
        let Db::Postgres(pool) = &self.db else {
            // SQLite's batches go through the writer's own connection (`chat/writer_sqlite.rs`).
            return Ok(None);
        };
        let counts = sequence_counts(batch);
        let mut tx = pool.begin_write().await?;
        let taken = tx.take_seqs(&counts).await?;
        let numbered = number(batch, &counts, &taken).ok_or(sqlx::Error::RowNotFound)?;
        let Some(ordered) = insert_messages(&mut tx, &numbered).await? else {
            // A retry of a stored message is among them: store none here.
            return Ok(None);
        };
        let events: Vec<NewEvent<'_>> = ordered.iter().flat_map(message_events).collect();
        tx.append(&events, batch[0].now).await?;
        tx.commit().await?;
        Ok(Some(ordered))
    }

    /// Stores a message once per (sender, client id); returns it and whether it is new.
    pub async fn store_message(
        &self,
        m: &NewMessage<'_>,
    ) -> Result<(MessageRow, bool), LedgerError> {
        let select = format!(
            "SELECT {MESSAGE_COLUMNS} FROM messages WHERE sender_id = $1 AND client_id = $2"
        );
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let existing: Option<MessageRow> = sqlx::query_as(&select)
                .bind(m.sender).bind(m.client_id).fetch_optional(&mut *tx).await?;
            if let Some(row) = existing {
                return Ok((row, false));
            }
            let mut content = m.content.clone();
            if let Some(charge) = &m.charge {
                if let Some((amount, blessing)) = &charge.red_packet {
                    let inserted: Option<(i64,)> = sqlx::query_as(
                        "INSERT INTO red_packets (sender_id, receiver_id, client_id, amount, blessing, state, created_at)
                         VALUES ($1, $2, $3, $4, $5, 'unclaimed', $6)
                         ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING id",
                    )
                    .bind(m.sender).bind(m.recipient).bind(m.client_id).bind(*amount).bind(blessing).bind(m.now)
                    .fetch_optional(&mut *tx).await?;
                    let Some((id,)) = inserted else {
                        // A concurrent retry with the same client id stored it; answer with its message.
                        drop(tx);
                        let row: MessageRow = sqlx::query_as(&select).bind(m.sender).bind(m.client_id).fetch_one(pool).await?;
                        return Ok((row, false));
                    };
                    content["redPacketId"] = serde_json::json!(id);
                }
                if charge.coins > 0 {
                    let key = format!("message:{}:{}", m.sender, m.client_id);
                    tx.post(&Entry {
                        user_id: m.sender,
                        asset: Asset::Coins,
                        amount: -charge.coins,
                        reason: m.kind.as_str(),
                        idempotency_key: &key,
                        now: m.now,
                    }).await?;
                }
            }
            let content = content.to_string();
            let (sender_seq, recipient_seq) = pair_seqs(&mut tx, m.sender, m.recipient).await?;
            let inserted: Option<MessageRow> = sqlx::query_as(&format!(
                "INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (sender_id, client_id) DO NOTHING
                 RETURNING {MESSAGE_COLUMNS}"
            ))
            .bind(m.sender).bind(m.recipient).bind(m.client_id).bind(m.kind.as_str()).bind(&content)
            .bind(sender_seq).bind(recipient_seq).bind(m.now)
            .fetch_optional(&mut *tx).await?;
            let Some(row) = inserted else {
                // A concurrent retry with the same client id won; answer with its message.
                drop(tx);
                let row: MessageRow = sqlx::query_as(&select).bind(m.sender).bind(m.client_id).fetch_one(pool).await?;
                return Ok((row, false));
            };
            tx.append(&message_events(&row), m.now).await?;
            if let Some(Charge { gift_id: Some(gift), coins, .. }) = &m.charge {
                sqlx::query(
                    "INSERT INTO gifts_given (message_id, sender_id, receiver_id, gift_id, price_paid, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(row.id).bind(m.sender).bind(m.recipient).bind(*gift).bind(*coins).bind(m.now)
                .execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok((row, true))
        })
    }

    /// The receiver claims a red packet sent after `since`: credited once, the message updated
    /// for both. None when it is not theirs, claimed, returned or expired.
    pub async fn claim_red_packet(
        &self,
        id: i64,
        receiver: i64,
        since: i64,
        now: i64,
    ) -> Result<Option<Announced>, LedgerError> {
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let settled: Option<(i64, i64, String, i64)> = sqlx::query_as(
                "UPDATE red_packets SET state = 'received', settled_at = $3
                 WHERE id = $1 AND receiver_id = $2 AND state = 'unclaimed' AND created_at >= $4
                 RETURNING sender_id, receiver_id, client_id, amount",
            ).bind(id).bind(receiver).bind(now).bind(since).fetch_optional(&mut *tx).await?;
            let Some(settled) = settled else { return Ok(None) };
            let announced = settle!(tx, id, settled, "received", now);
            tx.commit().await?;
            Ok(Some(announced))
        })
    }

    /// Returns the red packets unclaimed since before `before` to their senders.
    pub async fn return_red_packets(
        &self,
        before: i64,
        now: i64,
    ) -> Result<Announced, LedgerError> {
        on_db!(&self.db, pool => {
            let mut all = Announced::default();
            let expired: Vec<(i64,)> = sqlx::query_as("SELECT id FROM red_packets WHERE state = 'unclaimed' AND created_at < $1")
                .bind(before).fetch_all(pool).await?;
            for (id,) in expired {
                let mut tx = pool.begin_write().await?;
                let settled: Option<(i64, i64, String, i64)> = sqlx::query_as(
                    "UPDATE red_packets SET state = 'returned', settled_at = $2 WHERE id = $1 AND state = 'unclaimed'
                     RETURNING sender_id, receiver_id, client_id, amount",
                ).bind(id).bind(now).fetch_optional(&mut *tx).await?;
                let Some(settled) = settled else { continue };
                let announced = settle!(tx, id, settled, "returned", now);
                tx.commit().await?;
                all.events.extend(announced.events);
            }
            Ok(all)
        })
    }

    pub async fn message(&self, id: i64) -> sqlx::Result<Option<MessageRow>> {
        let sql = format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE id = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    pub async fn messages(&self, ids: &[i64]) -> sqlx::Result<Vec<MessageRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let sql = format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE id IN ({list})");
        on_db!(&self.db, pool => sqlx::query_as(&sql).fetch_all(pool).await)
    }

    pub async fn last_seq(&self, user_id: i64) -> sqlx::Result<i64> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT last_seq FROM user_sequences WHERE user_id = $1",
        ).bind(user_id).fetch_optional(pool).await)?;
        Ok(found.map_or(0, |(s,)| s))
    }

    pub async fn events_after(
        &self,
        user_id: i64,
        after: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<EventRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT seq, kind, message_id, payload FROM user_events WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        ).bind(user_id).bind(after).bind(limit).fetch_all(pool).await)
    }

    /// Marks my incoming messages delivered (those of `ids`) or read (from `peer`, or `ids`),
    /// and tells each sender in a receipt event.
    pub async fn mark(
        &self,
        me: i64,
        read: bool,
        peer: Option<i64>,
        ids: &[i64],
        now: i64,
    ) -> sqlx::Result<Announced> {
        let column = if read { "read_at" } else { "delivered_at" };
        let mut filter = format!("recipient_id = $1 AND {column} IS NULL AND recalled_at IS NULL");
        if let Some(peer) = peer {
            filter.push_str(&format!(" AND sender_id = {peer}"));
        }
        if !ids.is_empty() {
            let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            filter.push_str(&format!(" AND id IN ({list})"));
        } else if peer.is_none() {
            return Ok(Announced::default());
        }
        let select =
            format!("SELECT sender_id, id FROM messages WHERE {filter} ORDER BY sender_id, id");
        // Reading implies delivery.
        let update = if read {
            format!("UPDATE messages SET read_at = $2, delivered_at = COALESCE(delivered_at, $2) WHERE {filter}")
        } else {
            format!("UPDATE messages SET delivered_at = $2 WHERE {filter}")
        };
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let rows: Vec<(i64, i64)> = sqlx::query_as(&select).bind(me).fetch_all(&mut *tx).await?;
            if rows.is_empty() {
                return Ok(Announced::default());
            }
            sqlx::query(&update).bind(me).bind(now).execute(&mut *tx).await?;
            let mut announced = Announced::default();
            let mut senders: Vec<i64> = rows.iter().map(|(s, _)| *s).collect();
            senders.dedup();
            for sender in senders {
                let their: Vec<i64> = rows.iter().filter(|(s, _)| *s == sender).map(|(_, id)| *id).collect();
                let payload = serde_json::json!({
                    "status": if read { "read" } else { "delivered" },
                    "peer": me,
                    "ids": their,
                    "upTo": their.iter().max(),
                })
                .to_string();
                let seq = next_seq(&mut tx, sender).await?;
                let event = NewEvent { user_id: sender, seq, kind: "receipt", message_id: None, payload: &payload };
                tx.append(&[event], now).await?;
                announced.events.push((sender, seq));
            }
            tx.commit().await?;
            Ok(announced)
        })
    }

    /// Recalls the sender's own message sent after `since`; None when it is not theirs or too old.
    pub async fn recall(
        &self,
        sender: i64,
        id: i64,
        since: i64,
        now: i64,
    ) -> sqlx::Result<Option<(MessageRow, Announced)>> {
        let select = format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE id = $1");
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let row: Option<MessageRow> = sqlx::query_as(&select).bind(id).fetch_optional(&mut *tx).await?;
            let Some(row) = row.filter(|r| r.sender_id == sender && r.created_at >= since && r.recalled_at.is_none()) else {
                return Ok(None);
            };
            sqlx::query("UPDATE messages SET recalled_at = $2, content = '{}' WHERE id = $1")
                .bind(id).bind(now).execute(&mut *tx).await?;
            let (sender_seq, recipient_seq) = pair_seqs(&mut tx, row.sender_id, row.recipient_id).await?;
            let to_sender = serde_json::json!({ "id": id, "peer": row.recipient_id }).to_string();
            let to_recipient = serde_json::json!({ "id": id, "peer": row.sender_id }).to_string();
            tx.append(&[
                NewEvent { user_id: row.sender_id, seq: sender_seq, kind: "recall", message_id: Some(id), payload: &to_sender },
                NewEvent { user_id: row.recipient_id, seq: recipient_seq, kind: "recall", message_id: Some(id), payload: &to_recipient },
            ], now).await?;
            let row: MessageRow = sqlx::query_as(&select).bind(id).fetch_one(&mut *tx).await?;
            tx.commit().await?;
            let announced = Announced { events: vec![(row.sender_id, sender_seq), (row.recipient_id, recipient_seq)] };
            Ok(Some((row, announced)))
        })
    }

    /// Deletes messages for `me` only.
    pub async fn delete_for(&self, me: i64, ids: &[i64]) -> sqlx::Result<u64> {
        if ids.is_empty() {
            return Ok(0);
        }
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let a = sqlx::query(&format!("UPDATE messages SET sender_deleted = TRUE WHERE sender_id = $1 AND id IN ({list})"))
                .bind(me).execute(&mut *tx).await?.rows_affected();
            let b = sqlx::query(&format!("UPDATE messages SET recipient_deleted = TRUE WHERE recipient_id = $1 AND id IN ({list})"))
                .bind(me).execute(&mut *tx).await?.rows_affected();
            tx.commit().await?;
            Ok(a + b)
        })
    }

    /// The contents of the image messages a person has sent and not recalled.
    pub async fn sent_images(&self, sender: i64) -> sqlx::Result<Vec<String>> {
        let rows: Vec<(String,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT content FROM messages WHERE sender_id = $1 AND kind = 'img' AND recalled_at IS NULL",
        ).bind(sender).fetch_all(pool).await)?;
        Ok(rows.into_iter().map(|(c,)| c).collect())
    }

    pub async fn history(
        &self,
        me: i64,
        peer: i64,
        before: Option<i64>,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<MessageRow>, i64)> {
        let filter = "((sender_id = $1 AND recipient_id = $2 AND NOT sender_deleted)
                    OR (sender_id = $2 AND recipient_id = $1 AND NOT recipient_deleted)) AND id < $3";
        let rows_sql = format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE {filter} ORDER BY id DESC LIMIT $4 OFFSET $5");
        let count_sql = format!("SELECT COUNT(*) FROM messages WHERE {filter}");
        let before = before.unwrap_or(i64::MAX);
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(me).bind(peer).bind(before).bind(limit).bind(offset).fetch_all(pool).await?;
            let (total,): (i64,) = sqlx::query_as(&count_sql).bind(me).bind(peer).bind(before).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    pub async fn unread_total(&self, me: i64) -> sqlx::Result<i64> {
        let sql = format!(
            "SELECT COUNT(*) FROM messages m WHERE recipient_id = $1 AND {UNREAD}
             AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = m.sender_id)
                 OR (b.blocker_id = m.sender_id AND b.blocked_id = $1))"
        );
        let (n,): (i64,) =
            on_db!(&self.db, pool => sqlx::query_as(&sql).bind(me).fetch_one(pool).await)?;
        Ok(n)
    }

    pub async fn conversations(
        &self,
        me: i64,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<ConversationRow>, i64)> {
        let pairs = format!(
            "SELECT recipient_id AS peer, id, 0 AS unread FROM messages WHERE sender_id = $1 AND NOT sender_deleted
             UNION ALL
             SELECT sender_id AS peer, id, CASE WHEN {UNREAD} THEN 1 ELSE 0 END AS unread
             FROM messages WHERE recipient_id = $1 AND NOT recipient_deleted"
        );
        let visible =
            "NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = t.peer)
             OR (b.blocker_id = t.peer AND b.blocked_id = $1))
             AND EXISTS (SELECT 1 FROM users u WHERE u.id = t.peer AND u.status = 'active')";
        let rows_sql = format!(
            "SELECT t.peer, MAX(t.id) AS last_id, CAST(SUM(t.unread) AS BIGINT) AS unread FROM ({pairs}) t
             WHERE {visible} GROUP BY t.peer ORDER BY last_id DESC LIMIT $2 OFFSET $3"
        );
        let count_sql = format!("SELECT COUNT(DISTINCT t.peer) FROM ({pairs}) t WHERE {visible}");
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(me).bind(limit).bind(offset).fetch_all(pool).await?;
            let (total,): (i64,) = sqlx::query_as(&count_sql).bind(me).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }
}
