//! The chat writer's own SQLite connection, used synchronously on the writer's thread.
//!
//! Through sqlx, every statement is a round trip to the connection's own thread and back (two
//! thread wake-ups), six to a batch; with the small batches of a moderately busy server (five
//! messages or so), those round trips were about half the writer's time, and at half the
//! highest rate the writer was busy all the time and queued. Here the writer's thread runs
//! SQLite itself: one prepared statement per row, no JSON built and taken apart again, nothing
//! crossing threads. The statements and their order are those of `Db::store_messages`
//! (`chat/store.rs`), which PostgreSQL, in-memory databases and the retry path still use.
//!
//! Its pragmas are those of `Db::connect` (WAL, `synchronous=NORMAL`, a busy timeout) but for two:
//! a page cache that may grow to 256 MiB (a busy chat's writer touches a page of every active
//! person's events and index entries in each batch) and no foreign-key checks (as
//! `Db::for_chat_writer`).

use std::path::Path;
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, TransactionBehavior};

use crate::chat::model::MessageRow;
use crate::chat::store::{message_events, number, sequence_counts, stored_row, PlainMessage};
use crate::db::Db;

pub struct SqliteWriter {
    connection: Connection,
}

impl SqliteWriter {
    /// Opens the writer's connection to the database file of `db`; None for PostgreSQL and for
    /// an in-memory database (another connection would open another database).
    pub fn open(db: &Db) -> Option<rusqlite::Result<SqliteWriter>> {
        let Db::Sqlite(pool) = db else { return None };
        let path = pool.connect_options().get_filename().to_owned();
        if path.as_os_str().is_empty() || path == Path::new(":memory:") {
            return None;
        }
        Some(Self::open_file(&path))
    }

    fn open_file(path: &Path) -> rusqlite::Result<SqliteWriter> {
        let connection = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        connection.busy_timeout(Duration::from_secs(10))?;
        connection.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF;
             PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY;",
        )?;
        Ok(SqliteWriter { connection })
    }

    /// Stores the batch in one transaction; returns the rows in the batch's order, or None
    /// (nothing stored) when one of them is a retry of a stored message.
    pub fn store(&mut self, batch: &[PlainMessage]) -> rusqlite::Result<Option<Vec<MessageRow>>> {
        if batch.is_empty() {
            return Ok(Some(Vec::new()));
        }
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let counts = sequence_counts(batch);
        let mut taken = Vec::with_capacity(counts.len());
        {
            let mut take = tx.prepare_cached(
                "INSERT INTO user_sequences (user_id, last_seq) VALUES (?1, ?2)
                 ON CONFLICT (user_id) DO UPDATE SET last_seq = user_sequences.last_seq + excluded.last_seq
                 RETURNING last_seq",
            )?;
            for &(user, count) in &counts {
                taken.push((user, take.query_row(params![user, count], |r| r.get(0))?));
            }
        }
        let numbered =
            number(batch, &counts, &taken).ok_or(rusqlite::Error::QueryReturnedNoRows)?;
        let mut rows = Vec::with_capacity(batch.len());
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                 ON CONFLICT (sender_id, client_id) DO NOTHING",
            )?;
            for (m, (sender_seq, recipient_seq)) in numbered {
                let inserted = insert.execute(params![
                    m.sender,
                    m.recipient,
                    m.client_id,
                    m.kind,
                    m.content,
                    sender_seq,
                    recipient_seq,
                    m.now
                ])?;
                if inserted == 0 {
                    // A retry of a stored message: roll back (the transaction is dropped).
                    return Ok(None);
                }
                rows.push(stored_row(
                    m,
                    (sender_seq, recipient_seq),
                    tx.last_insert_rowid(),
                ));
            }
        }
        {
            let mut append = tx.prepare_cached(
                "INSERT INTO user_events (user_id, seq, kind, message_id, payload, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for row in &rows {
                for e in message_events(row) {
                    append.execute(params![
                        e.user_id,
                        e.seq,
                        e.kind,
                        e.message_id,
                        e.payload,
                        row.created_at
                    ])?;
                }
            }
        }
        tx.commit()?;
        Ok(Some(rows))
    }
}
