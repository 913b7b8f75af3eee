//! What the chat holds about one person (`docs/privacy.md`): their conversations, both sides'
//! messages as they see them, read a page at a time for the archive; the gifts and red packets
//! they sent or received, for its ledger. Erased with the account: their messages' contents
//! (which the other person then sees as withdrawn), what was sent to them (no one will read it),
//! their chat event log and tokens. The money a gift or red packet moved is kept for bookkeeping
//! and goes with the orders (`forget_expired_records`).

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};
use crate::media::archive_path;
use crate::media::signed::image_keys;

use Fate::*;

pub const TABLES: Tables = &[
    ("messages", Theirs),
    (
        "user_events",
        Removed("the chat event log a device resumes from"),
    ),
    ("user_sequences", Removed("the chat event log's counter")),
    (
        "first_contacts",
        Removed("first-contact records for the new-account rules"),
    ),
    ("im_tokens", Removed("chat connection tokens")),
    (
        "chat_groups",
        Kept("a group is its members' together: its name and picture stay for the others"),
    ),
    (
        "group_members",
        Kept("who was in a group, for its other members' history; the membership ends with the account"),
    ),
    ("group_events", Theirs),
    (
        "group_hidden",
        Removed("group messages they deleted for themself"),
    ),
    (
        "group_adds_from_matches",
        Removed("a setting of who may add them to groups"),
    ),
    (
        "safety_queue",
        Kept(
            "a message held for staff review keeps its row for moderation; its content is blanked",
        ),
    ),
    (
        "gifts_given",
        Kept("bookkeeping: coins moved between two people, as orders"),
    ),
    (
        "red_packets",
        Kept("bookkeeping: coins moved between two people, as orders"),
    ),
];

/// The ids of the messages person `$1` sent, for a statement of another domain's about them.
pub const MESSAGES_SENT: &str = "SELECT id FROM messages WHERE sender_id = $1";

/// The ids of the group messages person `$1` sent.
pub const GROUP_MESSAGES_SENT: &str = "SELECT id FROM group_events WHERE sender_id = $1";

/// The people `me` has exchanged messages with: id and user name, by id.
pub async fn conversations(db: &Db, me: i64) -> sqlx::Result<Vec<(i64, String)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT u.id, u.user_name FROM users u WHERE u.id IN (
            SELECT recipient_id FROM messages WHERE sender_id = $1
            UNION SELECT sender_id FROM messages WHERE recipient_id = $1)
         ORDER BY u.id",
    ).bind(me).fetch_all(pool).await)
}

/// A page of the conversation between `me` and `peer`: the messages after id `after`, at most
/// `limit`, each as the archive writes it, with its id and the key of a picture or a voice
/// recording `me` sent.
pub async fn messages_page(
    db: &Db,
    me: i64,
    peer: i64,
    after: i64,
    limit: i64,
) -> sqlx::Result<Vec<(i64, Value, Option<String>)>> {
    type Row = (
        i64,
        i64,
        i64,
        String,
        String,
        i64,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        bool,
        bool,
    );
    let page: Vec<Row> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, sender_id, recipient_id, kind, content, created_at, delivered_at, read_at,
                recalled_at, sender_deleted, recipient_deleted
         FROM messages
         WHERE ((sender_id = $1 AND recipient_id = $2) OR (sender_id = $2 AND recipient_id = $1))
           AND id > $3
         ORDER BY id LIMIT $4",
    ).bind(me).bind(peer).bind(after).bind(limit).fetch_all(pool).await)?;
    Ok(page
        .into_iter()
        .map(|m| {
            let (
                id,
                from,
                to,
                kind,
                content,
                at,
                delivered,
                read,
                recalled,
                by_sender,
                by_recipient,
            ) = m;
            let deleted_by_me = if from == me { by_sender } else { by_recipient };
            let status = if deleted_by_me {
                "deleted"
            } else if recalled.is_some() {
                "recalled"
            } else if read.is_some() {
                "read"
            } else {
                "unread"
            };
            let mut record = json!({
                "id": id, "from": from, "to": to, "type": kind,
                "content": if recalled.is_some() { Value::Null } else {
                    serde_json::from_str::<Value>(&content).unwrap_or(Value::Null)
                },
                "status": status, "createdAt": rfc3339(at),
                "deliveredAt": delivered.map(rfc3339), "readAt": read.map(rfc3339),
            });
            let mut photo = None;
            // The picture or the recording, by its path in the archive.
            let field = match kind.as_str() {
                "img" => Some("photo"),
                "audio" => Some("audio"),
                _ => None,
            };
            if let Some(field) = field.filter(|_| from == me && recalled.is_none()) {
                if let Some(key) = image_keys(&content)
                    .into_iter()
                    .find(|k| k.starts_with("chat/"))
                {
                    record[field] = Value::String(archive_path(&key));
                    photo = Some(key);
                }
            }
            (id, record, photo)
        })
        .collect())
}

/// The archive's `gifts` and `redPackets`: those `me` sent or received.
pub async fn gifts(db: &Db, me: i64) -> sqlx::Result<(Value, Value)> {
    let gifts: Vec<(i64, String, i64, i64, i64, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT g.id, k.code, g.sender_id, g.receiver_id, g.price_paid, g.created_at
         FROM gifts_given g JOIN gifts k ON k.id = g.gift_id
         WHERE g.sender_id = $1 OR g.receiver_id = $1 ORDER BY g.id",
    ).bind(me).fetch_all(pool).await)?;
    type PacketRow = (i64, i64, i64, i64, String, String, i64, Option<i64>);
    let packets: Vec<PacketRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, sender_id, receiver_id, amount, blessing, state, created_at, settled_at
         FROM red_packets WHERE sender_id = $1 OR receiver_id = $1 ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    let gifts = gifts
        .iter()
        .map(|(id, gift, from, to, price, at)| {
            json!({
                "id": id, "gift": gift, "from": from, "to": to, "pricePaid": price,
                "createdAt": rfc3339(*at),
            })
        })
        .collect();
    let packets = packets
        .iter()
        .map(|(id, from, to, amount, blessing, state, at, settled)| {
            json!({
                "id": id, "from": from, "to": to, "amount": amount, "blessing": blessing,
                "state": state, "createdAt": rfc3339(*at), "settledAt": settled.map(rfc3339),
            })
        })
        .collect();
    Ok((Value::Array(gifts), Value::Array(packets)))
}

/// The archive's `groups`: each group `me` is or was in, with their role and what they wrote
/// there (what others wrote is theirs).
pub async fn groups(db: &Db, me: i64) -> sqlx::Result<Value> {
    let groups: Vec<(i64, String, i64, i64, Option<i64>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT g.id, g.name, m.role, m.added_at, m.left_seq FROM group_members m
         JOIN chat_groups g ON g.id = m.group_id WHERE m.user_id = $1 ORDER BY g.id",
    ).bind(me).fetch_all(pool).await)?;
    let written: Vec<(i64, i64, String, String, i64, Option<i64>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, group_id, msg_type, content, created_at, recalled_at FROM group_events
         WHERE sender_id = $1 AND kind = 'message' ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    Ok(Value::Array(
        groups
            .iter()
            .map(|(id, name, role, added, left)| {
                let messages: Vec<Value> = written
                    .iter()
                    .filter(|w| w.1 == *id)
                    .map(|(mid, _, kind, content, at, recalled)| {
                        json!({
                            "id": mid, "type": kind, "createdAt": rfc3339(*at),
                            "content": if recalled.is_some() { Value::Null } else {
                                serde_json::from_str::<Value>(content).unwrap_or(Value::Null)
                            },
                        })
                    })
                    .collect();
                json!({
                    "id": id, "name": name, "role": role, "addedAt": rfc3339(*added),
                    "left": left.is_some(), "messages": messages,
                })
            })
            .collect(),
    ))
}

/// Blanks their messages' contents and marks what was sent to them deleted for them, blanks what
/// staff still hold for review, and removes their event log, tokens and first-contact records;
/// answers the files of the chat pictures and voice recordings they sent.
pub async fn erase(tx: &mut Tx, user_id: i64, now: i64) -> sqlx::Result<Vec<String>> {
    on_tx!(tx, conn => {
        let pictures: Vec<(String,)> = sqlx::query_as(
            "SELECT content FROM messages WHERE sender_id = $1 AND kind IN ('img', 'audio')
             UNION ALL SELECT content FROM group_events
                 WHERE sender_id = $1 AND kind = 'message' AND msg_type IN ('img', 'audio')",
        ).bind(user_id).fetch_all(&mut **conn).await?;
        // What they wrote in groups reads as withdrawn; they are in no group any more (shown up
        // to the group's last event).
        sqlx::query(
            "UPDATE group_events SET content = 'null', recalled_at = COALESCE(recalled_at, $2)
             WHERE sender_id = $1 AND kind = 'message'",
        ).bind(user_id).bind(now).execute(&mut **conn).await?;
        sqlx::query(
            "UPDATE group_members SET left_seq = (SELECT g.last_seq FROM chat_groups g WHERE g.id = group_members.group_id)
             WHERE user_id = $1 AND left_seq IS NULL",
        ).bind(user_id).execute(&mut **conn).await?;
        sqlx::query(
            "UPDATE messages SET content = '{}', recalled_at = COALESCE(recalled_at, $2), sender_deleted = TRUE
             WHERE sender_id = $1",
        ).bind(user_id).bind(now).execute(&mut **conn).await?;
        sqlx::query("UPDATE messages SET recipient_deleted = TRUE WHERE recipient_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        sqlx::query("UPDATE safety_queue SET content = '{}' WHERE sender_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        for sql in [
            "DELETE FROM user_events WHERE user_id = $1",
            "DELETE FROM user_sequences WHERE user_id = $1",
            "DELETE FROM first_contacts WHERE sender_id = $1 OR recipient_id = $1",
            "DELETE FROM im_tokens WHERE user_id = $1",
            "DELETE FROM group_adds_from_matches WHERE user_id = $1",
            "DELETE FROM group_hidden WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        Ok(pictures
            .iter()
            .flat_map(|(c,)| image_keys(c))
            .filter(|k| k.starts_with("chat/"))
            .collect())
    })
}

/// Removes the gifts and settled red packets a deleted account sent or received before `since`
/// (`privacy::retention`); answers how many rows went. A red packet still waiting to be claimed
/// or returned is never this old: the sweep settles it within a day.
pub async fn forget_expired_records(tx: &mut Tx, since: i64) -> sqlx::Result<u64> {
    on_tx!(tx, conn => {
        let mut gone = 0;
        for sql in [
            "DELETE FROM gifts_given WHERE created_at < $1
                AND (sender_id IN (SELECT id FROM users WHERE status = 'deleted')
                    OR receiver_id IN (SELECT id FROM users WHERE status = 'deleted'))",
            "DELETE FROM red_packets WHERE created_at < $1 AND state <> 'unclaimed'
                AND (sender_id IN (SELECT id FROM users WHERE status = 'deleted')
                    OR receiver_id IN (SELECT id FROM users WHERE status = 'deleted'))",
        ] {
            gone += sqlx::query(sql).bind(since).execute(&mut **conn).await?.rows_affected();
        }
        Ok(gone)
    })
}
