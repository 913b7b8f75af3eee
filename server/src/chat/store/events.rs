//! Each person's gapless event sequence: taking numbers (in ascending user id order) and
//! appending events inside a write transaction of either backend, and reading them back.

use crate::chat::model::{EventRow, MessageRow};
use crate::chat::store::{ChatStore, PlainMessage};
use crate::db::{on_db, Tx};

/// An event to append to one person's sequence.
pub(crate) struct NewEvent<'a> {
    pub user_id: i64,
    pub seq: i64,
    pub kind: &'a str,
    pub message_id: Option<i64>,
    pub payload: &'a str,
}

/// Takes `count` numbers from each person's sequence, in one statement however many people;
/// returns each one's new last number. `counts` is in ascending user id order: every transaction
/// takes sequences in that order, so two of them never wait for each other.
///
/// The dialects differ here, each for its speed: SQLite reads one JSON array (`json_each`), so
/// the statement is prepared once per connection whatever the number of rows, and answers in
/// one row, since every row crosses from the connection's own thread to ours on its own (a
/// wake-up each); PostgreSQL reads arrays (`UNNEST`), prepared once per connection too.
pub(super) async fn take_seqs(tx: &mut Tx, counts: &[(i64, i64)]) -> sqlx::Result<Vec<(i64, i64)>> {
    match tx {
        Tx::Sqlite(conn) => {
            let counts = json_array(counts)?;
            sqlx::query(
                "INSERT INTO user_sequences (user_id, last_seq)
                 SELECT value ->> 0, value ->> 1 FROM json_each($1) WHERE true
                 ON CONFLICT (user_id) DO UPDATE SET last_seq = user_sequences.last_seq + excluded.last_seq",
            )
            .bind(&counts)
            .execute(&mut **conn)
            .await?;
            let (taken,): (String,) = sqlx::query_as(
                "SELECT json_group_array(json_array(user_id, last_seq)) FROM user_sequences
                 WHERE user_id IN (SELECT value ->> 0 FROM json_each($1))",
            )
            .bind(&counts)
            .fetch_one(&mut **conn)
            .await?;
            serde_json::from_str(&taken).map_err(|e| sqlx::Error::Decode(e.into()))
        }
        Tx::Postgres(conn) => {
            let (users, numbers): (Vec<i64>, Vec<i64>) = counts.iter().copied().unzip();
            sqlx::query_as(
                "INSERT INTO user_sequences (user_id, last_seq)
                 SELECT u, n FROM UNNEST($1::BIGINT[], $2::BIGINT[]) AS t (u, n) ORDER BY u
                 ON CONFLICT (user_id) DO UPDATE SET last_seq = user_sequences.last_seq + excluded.last_seq
                 RETURNING user_id, last_seq",
            )
            .bind(users)
            .bind(numbers)
            .fetch_all(&mut **conn)
            .await
        }
    }
}

/// Appends events to people's sequences, in one statement however many (see `take_seqs` for
/// why the dialects differ).
pub(super) async fn append(tx: &mut Tx, events: &[NewEvent<'_>], now: i64) -> sqlx::Result<()> {
    match tx {
        Tx::Sqlite(conn) => {
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
            .execute(&mut **conn)
            .await
            .map(|_| ())
        }
        Tx::Postgres(conn) => {
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
            .execute(&mut **conn)
            .await
            .map(|_| ())
        }
    }
}

/// A batch's rows as one JSON array parameter.
pub(super) fn json_array<T: serde::Serialize>(rows: &[T]) -> sqlx::Result<String> {
    serde_json::to_string(rows).map_err(|e| sqlx::Error::Encode(e.into()))
}

/// The next number of one person's sequence.
pub(super) async fn next_seq(tx: &mut Tx, user: i64) -> sqlx::Result<i64> {
    let taken = take_seqs(tx, &[(user, 1)]).await?;
    last_of(&taken, user)
}

/// The next numbers of two people's sequences: (a's, b's).
pub(super) async fn pair_seqs(tx: &mut Tx, a: i64, b: i64) -> sqlx::Result<(i64, i64)> {
    let counts = if a < b {
        [(a, 1), (b, 1)]
    } else {
        [(b, 1), (a, 1)]
    };
    let taken = take_seqs(tx, &counts).await?;
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

impl ChatStore {
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
}
