//! Red packets: the receiver claims one within its time, or it goes back to the sender; either
//! way the coins move through the ledger once and both sides are told.

use serde_json::Value;

use crate::chat::store::events::{append, pair_seqs, NewEvent};
use crate::chat::store::{Announced, ChatStore};
use crate::db::{on_db, on_tx, Tx};
use crate::ledger::{self, Asset, Entry, LedgerError};

/// Pays out a settled red packet (to the receiver when received, back to the sender when
/// returned), marks its message and tells both sides with an `update` event, inside the
/// caller's write transaction. `settled` is (sender, receiver, client id, amount).
async fn settle(
    tx: &mut Tx,
    id: i64,
    settled: (i64, i64, String, i64),
    state: &str,
    now: i64,
) -> Result<(Announced, Paid), LedgerError> {
    let (sender, receiver, client_id, amount) = settled;
    let (payee, key) = if state == "received" {
        (receiver, format!("red-packet:{id}:claim"))
    } else {
        (sender, format!("red-packet:{id}:return"))
    };
    let posted = ledger::post(
        tx,
        &Entry {
            user_id: payee,
            asset: Asset::Coins,
            amount,
            reason: "red packet",
            idempotency_key: &key,
            now,
        },
    )
    .await?;
    let message_id = on_tx!(tx, conn => {
        let (message_id, content): (i64, String) = sqlx::query_as(
            "SELECT id, content FROM messages WHERE sender_id = $1 AND client_id = $2",
        )
        .bind(sender)
        .bind(&client_id)
        .fetch_one(&mut **conn)
        .await?;
        let mut content: Value = serde_json::from_str(&content).unwrap_or_default();
        content["state"] = serde_json::json!(state);
        sqlx::query("UPDATE messages SET content = $2 WHERE id = $1")
            .bind(message_id)
            .bind(content.to_string())
            .execute(&mut **conn)
            .await?;
        message_id
    });
    let (sender_seq, receiver_seq) = pair_seqs(tx, sender, receiver).await?;
    let update = |user_id, seq| NewEvent {
        user_id,
        seq,
        kind: "update",
        message_id: Some(message_id),
        payload: "{}",
    };
    append(
        tx,
        &[update(sender, sender_seq), update(receiver, receiver_seq)],
        now,
    )
    .await?;
    let announced = Announced {
        events: vec![(sender, sender_seq), (receiver, receiver_seq)],
    };
    Ok((
        announced,
        Paid {
            coins: amount,
            balance: posted.balance_after,
        },
    ))
}

/// What a red packet paid its payee: the coins, and their balance after.
#[derive(Debug, Clone, Copy)]
pub struct Paid {
    pub coins: i64,
    pub balance: i64,
}

impl ChatStore {
    /// The receiver claims a red packet sent after `since`: credited once, the message updated
    /// for both. None when it is not theirs, claimed, returned or expired.
    pub async fn claim_red_packet(
        &self,
        id: i64,
        receiver: i64,
        since: i64,
        now: i64,
    ) -> Result<Option<(Announced, Paid)>, LedgerError> {
        let mut tx = self.db.begin_write().await?;
        let settled: Option<(i64, i64, String, i64)> = on_tx!(&mut tx, conn => sqlx::query_as(
            "UPDATE red_packets SET state = 'received', settled_at = $3
             WHERE id = $1 AND receiver_id = $2 AND state = 'unclaimed' AND created_at >= $4
             RETURNING sender_id, receiver_id, client_id, amount",
        ).bind(id).bind(receiver).bind(now).bind(since).fetch_optional(&mut **conn).await)?;
        let Some(settled) = settled else {
            return Ok(None);
        };
        let settled = settle(&mut tx, id, settled, "received", now).await?;
        tx.commit().await?;
        Ok(Some(settled))
    }

    /// Whether the red packet `id` was sent to `receiver`.
    pub async fn red_packet_is_for(&self, id: i64, receiver: i64) -> sqlx::Result<bool> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id FROM red_packets WHERE id = $1 AND receiver_id = $2",
        ).bind(id).bind(receiver).fetch_optional(pool).await)?;
        Ok(found.is_some())
    }

    /// Returns the red packets unclaimed since before `before` to their senders.
    pub async fn return_red_packets(
        &self,
        before: i64,
        now: i64,
    ) -> Result<Announced, LedgerError> {
        let mut all = Announced::default();
        let expired: Vec<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id FROM red_packets WHERE state = 'unclaimed' AND created_at < $1",
        ).bind(before).fetch_all(pool).await)?;
        for (id,) in expired {
            let mut tx = self.db.begin_write().await?;
            let settled: Option<(i64, i64, String, i64)> = on_tx!(&mut tx, conn => sqlx::query_as(
                "UPDATE red_packets SET state = 'returned', settled_at = $2 WHERE id = $1 AND state = 'unclaimed'
                 RETURNING sender_id, receiver_id, client_id, amount",
            ).bind(id).bind(now).fetch_optional(&mut **conn).await)?;
            let Some(settled) = settled else { continue };
            let (announced, _) = settle(&mut tx, id, settled, "returned", now).await?;
            tx.commit().await?;
            all.events.extend(announced.events);
        }
        Ok(all)
    }
}
