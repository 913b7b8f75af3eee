//! Messages: storing them (one by one, or a batch in one statement on PostgreSQL) with their events, reading
//! them, and what changes them afterwards (receipts, recall, deletion for one side).

use sqlx::PgConnection;

use crate::chat::model::MessageRow;
use crate::chat::store::events::{append, message_events, next_seq, pair_seqs, NewEvent};
use crate::chat::store::{Announced, Charge, ChatStore, ConversationRow, NewMessage, PlainMessage};
use crate::db::{is_unique_violation, on_db, on_tx};
use crate::ledger::{self, Asset, Entry, LedgerError};

/// The columns of a `MessageRow`.
const MESSAGE_COLUMNS: &str =
    "id, sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq,
    created_at, delivered_at, read_at, recalled_at, sender_deleted, recipient_deleted";

/// Unread for the recipient: not read, not recalled, not deleted, not a control message.
const UNREAD: &str =
    "read_at IS NULL AND recalled_at IS NULL AND NOT recipient_deleted AND kind <> 'cmd'";

/// PostgreSQL: a batch's messages stored in one statement, one round trip and atomic without a
/// transaction around it. Data-modifying CTEs take each person's numbers (in ascending user id
/// order, as every transaction takes them), insert the messages with their two numbers, and
/// their two events each. The numbers are handed out in the batch's order, the sender's before
/// the recipient's (as `number` does for SQLite's writer).
const STORE_BATCH: &str = "
WITH batch AS (
    SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::BIGINT[])
        WITH ORDINALITY AS b (sender_id, recipient_id, client_id, kind, content, created_at, at)
), places AS (
    SELECT batch.*, p.side, p.user_id
    FROM batch, LATERAL (VALUES (0, sender_id), (1, recipient_id)) AS p (side, user_id)
), taken AS (
    INSERT INTO user_sequences (user_id, last_seq)
    SELECT user_id, COUNT(*) FROM places GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET last_seq = user_sequences.last_seq + excluded.last_seq
    RETURNING user_id, last_seq
), numbered AS (
    SELECT places.*, last_seq - COUNT(*) OVER mine + ROW_NUMBER() OVER (mine ORDER BY at, side) AS seq
    FROM places JOIN taken USING (user_id)
    WINDOW mine AS (PARTITION BY user_id)
), stored AS (
    INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq, created_at)
    SELECT sender_id, recipient_id, client_id, kind, content, seq, recipient_seq, created_at
    FROM (SELECT *, LEAD(seq) OVER (ORDER BY at, side) AS recipient_seq FROM numbered) AS n
    WHERE side = 0
    ORDER BY at
    RETURNING *
), events AS (
    INSERT INTO user_events (user_id, seq, kind, message_id, payload, created_at)
    SELECT e.user_id, e.seq, 'message', id, '{}', $7
    FROM stored, LATERAL (VALUES (sender_id, sender_seq), (recipient_id, recipient_seq)) AS e (user_id, seq)
)
SELECT * FROM stored";

/// PostgreSQL: stores messages that cost nothing in one statement (`STORE_BATCH`); returns their
/// rows in the batch's order, or `None`, and nothing stored, when one of them (the same sender
/// and client id) is stored already or comes twice: the statement fails on that unique key,
/// numbers taken included, and the caller stores them one by one.
pub(crate) async fn store_batch(
    conn: &mut PgConnection,
    batch: &[PlainMessage],
) -> sqlx::Result<Option<Vec<MessageRow>>> {
    let Some(first) = batch.first() else {
        return Ok(Some(Vec::new()));
    };
    let stored: sqlx::Result<Vec<MessageRow>> = sqlx::query_as(STORE_BATCH)
        .bind(batch.iter().map(|m| m.sender).collect::<Vec<_>>())
        .bind(batch.iter().map(|m| m.recipient).collect::<Vec<_>>())
        .bind(
            batch
                .iter()
                .map(|m| m.client_id.as_str())
                .collect::<Vec<_>>(),
        )
        .bind(batch.iter().map(|m| m.kind.as_str()).collect::<Vec<_>>())
        .bind(batch.iter().map(|m| m.content.as_str()).collect::<Vec<_>>())
        .bind(batch.iter().map(|m| m.now).collect::<Vec<_>>())
        .bind(first.now)
        .fetch_all(conn)
        .await;
    let rows = match stored {
        Ok(rows) => rows,
        Err(e) if is_unique_violation(&e, "messages_sender_id_client_id_key") => return Ok(None),
        Err(e) => return Err(e),
    };
    // RETURNING promises no order: put the rows in the batch's.
    let at: std::collections::HashMap<(i64, &str), usize> = batch
        .iter()
        .enumerate()
        .map(|(i, m)| ((m.sender, m.client_id.as_str()), i))
        .collect();
    let mut ordered: Vec<Option<MessageRow>> = vec![None; batch.len()];
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
