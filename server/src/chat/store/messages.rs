//! Messages: storing them (one by one, or a batch on PostgreSQL) with their events, reading
//! them, and what changes them afterwards (receipts, recall, deletion for one side).

use sqlx::Transaction;

use crate::chat::model::MessageRow;
use crate::chat::store::events::{
    append, message_events, next_seq, number, pair_seqs, sequence_counts, take_seqs, NewEvent,
};
use crate::chat::store::{Announced, Charge, ChatStore, ConversationRow, NewMessage, PlainMessage};
use crate::db::{on_db, on_tx, Db, Tx};
use crate::ledger::{self, Asset, Entry, LedgerError};

/// The columns of a `MessageRow`.
const MESSAGE_COLUMNS: &str =
    "id, sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq,
    created_at, delivered_at, read_at, recalled_at, sender_deleted, recipient_deleted";

/// Unread for the recipient: not read, not recalled, not deleted, not a control message.
const UNREAD: &str =
    "read_at IS NULL AND recalled_at IS NULL AND NOT recipient_deleted AND kind <> 'cmd'";

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

impl ChatStore {
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
        let Db::Postgres(_) = &self.db else {
            // SQLite's batches go through the writer's own connection (`chat/writer_sqlite.rs`).
            return Ok(None);
        };
        let counts = sequence_counts(batch);
        let mut tx = self.db.begin_write().await?;
        let taken = take_seqs(&mut tx, &counts).await?;
        let numbered = number(batch, &counts, &taken).ok_or(sqlx::Error::RowNotFound)?;
        let Tx::Postgres(conn) = &mut tx else {
            return Ok(None);
        };
        let Some(ordered) = insert_messages(conn, &numbered).await? else {
            // A retry of a stored message is among them: store none here.
            return Ok(None);
        };
        let events: Vec<NewEvent<'_>> = ordered.iter().flat_map(message_events).collect();
        append(&mut tx, &events, batch[0].now).await?;
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
        let mut tx = self.db.begin_write().await?;
        let existing: Option<MessageRow> = on_tx!(&mut tx, conn => sqlx::query_as(&select)
            .bind(m.sender).bind(m.client_id).fetch_optional(&mut **conn).await)?;
        if let Some(row) = existing {
            return Ok((row, false));
        }
        let mut content = m.content.clone();
        if let Some(charge) = &m.charge {
            if let Some((amount, blessing)) = &charge.red_packet {
                let inserted: Option<(i64,)> = on_tx!(&mut tx, conn => sqlx::query_as(
                        "INSERT INTO red_packets (sender_id, receiver_id, client_id, amount, blessing, state, created_at)
                         VALUES ($1, $2, $3, $4, $5, 'unclaimed', $6)
                         ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING id",
                    )
                    .bind(m.sender).bind(m.recipient).bind(m.client_id).bind(*amount).bind(blessing).bind(m.now)
                    .fetch_optional(&mut **conn).await)?;
                let Some((id,)) = inserted else {
                    // A concurrent retry with the same client id stored it; answer with its message.
                    drop(tx);
                    let row: MessageRow = on_db!(&self.db, pool => sqlx::query_as(&select).bind(m.sender).bind(m.client_id).fetch_one(pool).await)?;
                    return Ok((row, false));
                };
                content["redPacketId"] = serde_json::json!(id);
            }
            if charge.coins > 0 {
                let key = format!("message:{}:{}", m.sender, m.client_id);
                ledger::post(
                    &mut tx,
                    &Entry {
                        user_id: m.sender,
                        asset: Asset::Coins,
                        amount: -charge.coins,
                        reason: m.kind.as_str(),
                        idempotency_key: &key,
                        now: m.now,
                    },
                )
                .await?;
            }
        }
        let content = content.to_string();
        let (sender_seq, recipient_seq) = pair_seqs(&mut tx, m.sender, m.recipient).await?;
        let inserted: Option<MessageRow> = on_tx!(&mut tx, conn => sqlx::query_as(&format!(
                "INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (sender_id, client_id) DO NOTHING
                 RETURNING {MESSAGE_COLUMNS}"
            ))
            .bind(m.sender).bind(m.recipient).bind(m.client_id).bind(m.kind.as_str()).bind(&content)
            .bind(sender_seq).bind(recipient_seq).bind(m.now)
            .fetch_optional(&mut **conn).await)?;
        let Some(row) = inserted else {
            // A concurrent retry with the same client id won; answer with its message.
            drop(tx);
            let row: MessageRow = on_db!(&self.db, pool => sqlx::query_as(&select).bind(m.sender).bind(m.client_id).fetch_one(pool).await)?;
            return Ok((row, false));
        };
        append(&mut tx, &message_events(&row), m.now).await?;
        if let Some(Charge {
            gift_id: Some(gift),
            coins,
            ..
        }) = &m.charge
        {
            on_tx!(&mut tx, conn => sqlx::query(
                "INSERT INTO gifts_given (message_id, sender_id, receiver_id, gift_id, price_paid, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(row.id).bind(m.sender).bind(m.recipient).bind(*gift).bind(*coins).bind(m.now)
            .execute(&mut **conn).await.map(|_| ()))?;
        }
        tx.commit().await?;
        Ok((row, true))
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
        let mut tx = self.db.begin_write().await?;
        let rows: Vec<(i64, i64)> = on_tx!(&mut tx, conn => {
            let rows: Vec<(i64, i64)> = sqlx::query_as(&select).bind(me).fetch_all(&mut **conn).await?;
            if rows.is_empty() {
                return Ok(Announced::default());
            }
            sqlx::query(&update).bind(me).bind(now).execute(&mut **conn).await?;
            rows
        });
        let mut announced = Announced::default();
        let mut senders: Vec<i64> = rows.iter().map(|(s, _)| *s).collect();
        senders.dedup();
        for sender in senders {
            let their: Vec<i64> = rows
                .iter()
                .filter(|(s, _)| *s == sender)
                .map(|(_, id)| *id)
                .collect();
            let payload = serde_json::json!({
                "status": if read { "read" } else { "delivered" },
                "peer": me,
                "ids": their,
                "upTo": their.iter().max(),
                "at": crate::clock::rfc3339(now),
            })
            .to_string();
            let seq = next_seq(&mut tx, sender).await?;
            let event = NewEvent {
                user_id: sender,
                seq,
                kind: "receipt",
                message_id: None,
                payload: &payload,
            };
            append(&mut tx, &[event], now).await?;
            announced.events.push((sender, seq));
        }
        tx.commit().await?;
        Ok(announced)
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
        let mut tx = self.db.begin_write().await?;
        let row = on_tx!(&mut tx, conn => {
            let row: Option<MessageRow> = sqlx::query_as(&select).bind(id).fetch_optional(&mut **conn).await?;
            let Some(row) = row.filter(|r| r.sender_id == sender && r.created_at >= since && r.recalled_at.is_none()) else {
                return Ok(None);
            };
            sqlx::query("UPDATE messages SET recalled_at = $2, content = '{}' WHERE id = $1")
                .bind(id).bind(now).execute(&mut **conn).await?;
            row
        });
        let (sender_seq, recipient_seq) =
            pair_seqs(&mut tx, row.sender_id, row.recipient_id).await?;
        let to_sender = serde_json::json!({ "id": id, "peer": row.recipient_id }).to_string();
        let to_recipient = serde_json::json!({ "id": id, "peer": row.sender_id }).to_string();
        append(
            &mut tx,
            &[
                NewEvent {
                    user_id: row.sender_id,
                    seq: sender_seq,
                    kind: "recall",
                    message_id: Some(id),
                    payload: &to_sender,
                },
                NewEvent {
                    user_id: row.recipient_id,
                    seq: recipient_seq,
                    kind: "recall",
                    message_id: Some(id),
                    payload: &to_recipient,
                },
            ],
            now,
        )
        .await?;
        let row: MessageRow =
            on_tx!(&mut tx, conn => sqlx::query_as(&select).bind(id).fetch_one(&mut **conn).await)?;
        tx.commit().await?;
        let announced = Announced {
            events: vec![
                (row.sender_id, sender_seq),
                (row.recipient_id, recipient_seq),
            ],
        };
        Ok(Some((row, announced)))
    }

    /// Deletes messages for `me` only.
    pub async fn delete_for(&self, me: i64, ids: &[i64]) -> sqlx::Result<u64> {
        if ids.is_empty() {
            return Ok(0);
        }
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let mut tx = self.db.begin_write().await?;
        let deleted = on_tx!(&mut tx, conn => {
            let a = sqlx::query(&format!("UPDATE messages SET sender_deleted = TRUE WHERE sender_id = $1 AND id IN ({list})"))
                .bind(me).execute(&mut **conn).await?.rows_affected();
            let b = sqlx::query(&format!("UPDATE messages SET recipient_deleted = TRUE WHERE recipient_id = $1 AND id IN ({list})"))
                .bind(me).execute(&mut **conn).await?.rows_affected();
            a + b
        });
        tx.commit().await?;
        Ok(deleted)
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
