//! Chat storage: IM tokens, messages and the per-account event sequences, on both databases.
//!
//! A message and the events announcing it are written in one transaction; sequence numbers are
//! taken in ascending user id order so two people writing to each other at once never deadlock.

use serde_json::Value;
use sqlx::Transaction;

use crate::chat::model::{EventRow, MessageRow};
use crate::db::{Db, WriteTx};
use crate::ledger::{Asset, Entry, Ledger, LedgerError};
use crate::on_db;

const MESSAGE_COLUMNS: &str =
    "id, sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq,
    created_at, delivered_at, read_at, recalled_at, sender_deleted, recipient_deleted";

/// A message to store.
pub struct NewMessage<'a> {
    pub sender: i64,
    pub recipient: i64,
    pub client_id: &'a str,
    pub kind: &'a str,
    pub content: &'a Value,
    pub now: i64,
    /// What a gift or red packet costs the sender, paid in the message's own transaction.
    pub charge: Option<Charge>,
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

/// Appending events inside a write transaction of either backend.
trait EventTx {
    /// Takes the next number of `user_id`'s sequence.
    fn next_seq(
        &mut self,
        user_id: i64,
    ) -> impl std::future::Future<Output = sqlx::Result<i64>> + Send;
    fn append(
        &mut self,
        user_id: i64,
        seq: i64,
        kind: &str,
        message_id: Option<i64>,
        payload: &str,
        now: i64,
    ) -> impl std::future::Future<Output = sqlx::Result<()>> + Send;
}

macro_rules! impl_event_tx {
    ($database:ty) => {
        impl EventTx for Transaction<'static, $database> {
            async fn next_seq(&mut self, user_id: i64) -> sqlx::Result<i64> {
                sqlx::query("INSERT INTO user_sequences (user_id, last_seq) VALUES ($1, 0) ON CONFLICT (user_id) DO NOTHING")
                    .bind(user_id)
                    .execute(&mut **self)
                    .await?;
                let (seq,): (i64,) =
                    sqlx::query_as("UPDATE user_sequences SET last_seq = last_seq + 1 WHERE user_id = $1 RETURNING last_seq")
                        .bind(user_id)
                        .fetch_one(&mut **self)
                        .await?;
                Ok(seq)
            }

            async fn append(&mut self, user_id: i64, seq: i64, kind: &str, message_id: Option<i64>, payload: &str, now: i64) -> sqlx::Result<()> {
                sqlx::query(
                    "INSERT INTO user_events (user_id, seq, kind, message_id, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(user_id)
                .bind(seq)
                .bind(kind)
                .bind(message_id)
                .bind(payload)
                .bind(now)
                .execute(&mut **self)
                .await
                .map(|_| ())
            }
        }
    };
}

impl_event_tx!(sqlx::Sqlite);
impl_event_tx!(sqlx::Postgres);

/// Sequence numbers for two people, taken in ascending id order: (a's, b's).
macro_rules! seqs_for_pair {
    ($tx:expr, $a:expr, $b:expr) => {{
        if $a < $b {
            let first = $tx.next_seq($a).await?;
            (first, $tx.next_seq($b).await?)
        } else {
            let second = $tx.next_seq($b).await?;
            ($tx.next_seq($a).await?, second)
        }
    }};
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
        let (sender_seq, receiver_seq) = seqs_for_pair!($tx, sender, receiver);
        $tx.append(sender, sender_seq, "update", Some(message_id), "{}", $now)
            .await?;
        $tx.append(
            receiver,
            receiver_seq,
            "update",
            Some(message_id),
            "{}",
            $now,
        )
        .await?;
        Announced {
            events: vec![(sender, sender_seq), (receiver, receiver_seq)],
        }
    }};
}

/// What a state change produced: for each person told, the event's sequence number.
#[derive(Debug, Clone, Default)]
pub struct Announced {
    pub events: Vec<(i64, i64)>,
}

#[allow(async_fn_in_trait)]
pub trait ChatStore {
    async fn create_im_token(
        &self,
        user_id: i64,
        session_id: i64,
        token_hash: &str,
        now: i64,
    ) -> sqlx::Result<()>;
    /// The account behind a live IM token.
    async fn im_token_user(&self, token_hash: &str, now: i64) -> sqlx::Result<Option<i64>>;
    /// Stores a message once per (sender, client id); returns it and whether it is new.
    async fn store_message(&self, m: &NewMessage<'_>) -> Result<(MessageRow, bool), LedgerError>;
    /// The receiver claims a red packet sent after `since`: credited once, the message updated
    /// for both. None when it is not theirs, claimed, returned or expired.
    async fn claim_red_packet(
        &self,
        id: i64,
        receiver: i64,
        since: i64,
        now: i64,
    ) -> Result<Option<Announced>, LedgerError>;
    /// Returns the red packets unclaimed since before `before` to their senders.
    async fn return_red_packets(&self, before: i64, now: i64) -> Result<Announced, LedgerError>;
    /// The message `sender` stored with this client id, if any.
    async fn sent_message(&self, sender: i64, client_id: &str) -> sqlx::Result<Option<MessageRow>>;
    async fn message(&self, id: i64) -> sqlx::Result<Option<MessageRow>>;
    async fn messages(&self, ids: &[i64]) -> sqlx::Result<Vec<MessageRow>>;
    async fn last_seq(&self, user_id: i64) -> sqlx::Result<i64>;
    async fn events_after(
        &self,
        user_id: i64,
        after: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<EventRow>>;
    /// Marks my incoming messages delivered (those of `ids`) or read (from `peer`, or `ids`),
    /// and tells each sender in a receipt event.
    async fn mark(
        &self,
        me: i64,
        read: bool,
        peer: Option<i64>,
        ids: &[i64],
        now: i64,
    ) -> sqlx::Result<Announced>;
    /// Recalls the sender's own message sent after `since`; None when it is not theirs or too old.
    async fn recall(
        &self,
        sender: i64,
        id: i64,
        since: i64,
        now: i64,
    ) -> sqlx::Result<Option<(MessageRow, Announced)>>;
    /// Deletes messages for `me` only.
    async fn delete_for(&self, me: i64, ids: &[i64]) -> sqlx::Result<u64>;
    async fn history(
        &self,
        me: i64,
        peer: i64,
        before: Option<i64>,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<MessageRow>, i64)>;
    async fn unread_total(&self, me: i64) -> sqlx::Result<i64>;
    async fn conversations(
        &self,
        me: i64,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<ConversationRow>, i64)>;
}

/// Unread for the recipient: not read, not recalled, not deleted, not a control message.
const UNREAD: &str =
    "read_at IS NULL AND recalled_at IS NULL AND NOT recipient_deleted AND kind <> 'cmd'";

impl ChatStore for Db {
    async fn create_im_token(
        &self,
        user_id: i64,
        session_id: i64,
        token_hash: &str,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO im_tokens (token_hash, user_id, session_id, created_at) VALUES ($1, $2, $3, $4)",
        ).bind(token_hash).bind(user_id).bind(session_id).bind(now).execute(pool).await.map(|_| ()))
    }

    async fn im_token_user(&self, token_hash: &str, now: i64) -> sqlx::Result<Option<i64>> {
        let found: Option<(i64,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT t.user_id FROM im_tokens t JOIN sessions s ON s.id = t.session_id JOIN users u ON u.id = t.user_id
             WHERE t.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'",
        ).bind(token_hash).bind(now).fetch_optional(pool).await)?;
        Ok(found.map(|(id,)| id))
    }

    async fn store_message(&self, m: &NewMessage<'_>) -> Result<(MessageRow, bool), LedgerError> {
        let select = format!(
            "SELECT {MESSAGE_COLUMNS} FROM messages WHERE sender_id = $1 AND client_id = $2"
        );
        on_db!(self, pool => {
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
                        reason: m.kind,
                        idempotency_key: &key,
                        now: m.now,
                    }).await?;
                }
            }
            let content = content.to_string();
            let (sender_seq, recipient_seq) = seqs_for_pair!(tx, m.sender, m.recipient);
            let inserted: Option<MessageRow> = sqlx::query_as(&format!(
                "INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (sender_id, client_id) DO NOTHING
                 RETURNING {MESSAGE_COLUMNS}"
            ))
            .bind(m.sender).bind(m.recipient).bind(m.client_id).bind(m.kind).bind(&content)
            .bind(sender_seq).bind(recipient_seq).bind(m.now)
            .fetch_optional(&mut *tx).await?;
            let Some(row) = inserted else {
                // A concurrent retry with the same client id won; answer with its message.
                drop(tx);
                let row: MessageRow = sqlx::query_as(&select).bind(m.sender).bind(m.client_id).fetch_one(pool).await?;
                return Ok((row, false));
            };
            tx.append(m.sender, sender_seq, "message", Some(row.id), "{}", m.now).await?;
            tx.append(m.recipient, recipient_seq, "message", Some(row.id), "{}", m.now).await?;
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

    async fn claim_red_packet(
        &self,
        id: i64,
        receiver: i64,
        since: i64,
        now: i64,
    ) -> Result<Option<Announced>, LedgerError> {
        on_db!(self, pool => {
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

    async fn return_red_packets(&self, before: i64, now: i64) -> Result<Announced, LedgerError> {
        on_db!(self, pool => {
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

    async fn sent_message(&self, sender: i64, client_id: &str) -> sqlx::Result<Option<MessageRow>> {
        let sql = format!(
            "SELECT {MESSAGE_COLUMNS} FROM messages WHERE sender_id = $1 AND client_id = $2"
        );
        on_db!(self, pool => sqlx::query_as(&sql).bind(sender).bind(client_id).fetch_optional(pool).await)
    }

    async fn message(&self, id: i64) -> sqlx::Result<Option<MessageRow>> {
        let sql = format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE id = $1");
        on_db!(self, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    async fn messages(&self, ids: &[i64]) -> sqlx::Result<Vec<MessageRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let sql = format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE id IN ({list})");
        on_db!(self, pool => sqlx::query_as(&sql).fetch_all(pool).await)
    }

    async fn last_seq(&self, user_id: i64) -> sqlx::Result<i64> {
        let found: Option<(i64,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT last_seq FROM user_sequences WHERE user_id = $1",
        ).bind(user_id).fetch_optional(pool).await)?;
        Ok(found.map_or(0, |(s,)| s))
    }

    async fn events_after(
        &self,
        user_id: i64,
        after: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<EventRow>> {
        on_db!(self, pool => sqlx::query_as(
            "SELECT seq, kind, message_id, payload FROM user_events WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        ).bind(user_id).bind(after).bind(limit).fetch_all(pool).await)
    }

    async fn mark(
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
        on_db!(self, pool => {
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
                let seq = tx.next_seq(sender).await?;
                tx.append(sender, seq, "receipt", None, &payload, now).await?;
                announced.events.push((sender, seq));
            }
            tx.commit().await?;
            Ok(announced)
        })
    }

    async fn recall(
        &self,
        sender: i64,
        id: i64,
        since: i64,
        now: i64,
    ) -> sqlx::Result<Option<(MessageRow, Announced)>> {
        let select = format!("SELECT {MESSAGE_COLUMNS} FROM messages WHERE id = $1");
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let row: Option<MessageRow> = sqlx::query_as(&select).bind(id).fetch_optional(&mut *tx).await?;
            let Some(row) = row.filter(|r| r.sender_id == sender && r.created_at >= since && r.recalled_at.is_none()) else {
                return Ok(None);
            };
            sqlx::query("UPDATE messages SET recalled_at = $2, content = '{}' WHERE id = $1")
                .bind(id).bind(now).execute(&mut *tx).await?;
            let (sender_seq, recipient_seq) = seqs_for_pair!(tx, row.sender_id, row.recipient_id);
            let to_sender = serde_json::json!({ "id": id, "peer": row.recipient_id }).to_string();
            let to_recipient = serde_json::json!({ "id": id, "peer": row.sender_id }).to_string();
            tx.append(row.sender_id, sender_seq, "recall", Some(id), &to_sender, now).await?;
            tx.append(row.recipient_id, recipient_seq, "recall", Some(id), &to_recipient, now).await?;
            let row: MessageRow = sqlx::query_as(&select).bind(id).fetch_one(&mut *tx).await?;
            tx.commit().await?;
            let announced = Announced { events: vec![(row.sender_id, sender_seq), (row.recipient_id, recipient_seq)] };
            Ok(Some((row, announced)))
        })
    }

    async fn delete_for(&self, me: i64, ids: &[i64]) -> sqlx::Result<u64> {
        if ids.is_empty() {
            return Ok(0);
        }
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let a = sqlx::query(&format!("UPDATE messages SET sender_deleted = TRUE WHERE sender_id = $1 AND id IN ({list})"))
                .bind(me).execute(&mut *tx).await?.rows_affected();
            let b = sqlx::query(&format!("UPDATE messages SET recipient_deleted = TRUE WHERE recipient_id = $1 AND id IN ({list})"))
                .bind(me).execute(&mut *tx).await?.rows_affected();
            tx.commit().await?;
            Ok(a + b)
        })
    }

    async fn history(
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
        on_db!(self, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(me).bind(peer).bind(before).bind(limit).bind(offset).fetch_all(pool).await?;
            let (total,): (i64,) = sqlx::query_as(&count_sql).bind(me).bind(peer).bind(before).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    async fn unread_total(&self, me: i64) -> sqlx::Result<i64> {
        let sql = format!(
            "SELECT COUNT(*) FROM messages m WHERE recipient_id = $1 AND {UNREAD}
             AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = m.sender_id)
                 OR (b.blocker_id = m.sender_id AND b.blocked_id = $1))"
        );
        let (n,): (i64,) =
            on_db!(self, pool => sqlx::query_as(&sql).bind(me).fetch_one(pool).await)?;
        Ok(n)
    }

    async fn conversations(
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
        on_db!(self, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(me).bind(limit).bind(offset).fetch_all(pool).await?;
            let (total,): (i64,) = sqlx::query_as(&count_sql).bind(me).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }
}
