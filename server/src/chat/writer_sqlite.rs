//! The chat writer's own SQLite connection, used synchronously on the writer's thread.
//!
//! Through sqlx, every statement is a round trip to the connection's own thread and back (two
//! thread wake-ups), six to a batch; with the small batches of a moderately busy server (five
//! messages or so), those round trips were about half the writer's time, and at half the
//! highest rate the writer was busy all the time and queued. Here the writer's thread runs
//! SQLite itself: one prepared statement per row, no JSON built and taken apart again, nothing
//! crossing threads. It numbers and writes as `store_message` and PostgreSQL's `store_batch`
//! (`chat/store/messages.rs`) do; in-memory databases and the retry path store one by one
//! through sqlx.
//!
//! This is why the server holds a second SQLite driver (rusqlite) beside sqlx, for this one
//! writer only: the chat benchmark's rate on SQLite depends on it (bench/README.md, step 5: at
//! 4,000 messages/s a batch took 1,192 us through sqlx and 440 us here, and at half the highest
//! rate the writer went from busy all the time to busy half of it). Everything else speaks to
//! SQLite through sqlx (`db::Db`, `db::Tx`).
//!
//! Its pragmas are those of `Db::connect` (WAL, `synchronous=NORMAL`, a busy timeout, the log
//! file cut back when the log starts again) but for three: a page cache that may grow to 256 MiB
//! (a busy chat's writer touches a page of every active person's events and index entries in
//! each batch), no foreign-key checks (as `Db::for_chat_writer`), and no automatic checkpoints.
//!
//! Checkpoints (copying the log's pages into the database file, then `fsync`) were about two
//! fifths of the writer's time, inline after every thousand pages of log, fsyncs included. A
//! thread of its own now checkpoints, with a connection of its own, after the writer's commits,
//! while the writer goes on. The log starts again from its beginning only when a checkpoint has
//! copied all of it as a writer begins, which a checkpointer racing the writer never achieves
//! (the log would grow without bound): so when the log passes `db::wal_restart_frames` (4,000
//! pages, or a quarter of `db.wal_limit_bytes` if that is less), the writer checkpoints once
//! itself between two batches (only what the checkpointer has not copied yet) and its next
//! transaction starts the log again. The writer sees the log pass that length in the log file's
//! own length after each commit (every connection cuts the file back to it when the log starts
//! again), not only when the checkpointer, slowed by its `fsync`, next reports.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, TransactionBehavior};

use crate::chat::model::MessageRow;
use crate::chat::store::{message_events, number, sequence_counts, stored_row, PlainMessage};
use crate::db::{wal_restart_bytes, wal_restart_frames, Db};

pub struct SqliteWriter {
    connection: Connection,
    checkpointer: Checkpointer,
}

/// The checkpointing thread's other end: woken after commits, it tells how long the log was at
/// its last checkpoint. It ends when this end is dropped.
struct Checkpointer {
    wake: SyncSender<()>,
    log_frames: Arc<AtomicI64>,
    /// The log file, and the length past which the writer catches up (`db::wal_restart_frames`).
    log: PathBuf,
    catch_up_frames: i64,
    catch_up_bytes: u64,
    /// Held while a checkpoint runs: SQLite runs one at a time and refuses a second at once.
    running: Arc<Mutex<()>>,
}

impl Checkpointer {
    fn spawn(
        connection: Connection,
        log: PathBuf,
        wal_limit_bytes: u64,
    ) -> std::io::Result<Checkpointer> {
        // One wake-up waiting at most: commits during a checkpoint ask for one more, not many.
        let (wake, woken) = sync_channel::<()>(1);
        let log_frames = Arc::new(AtomicI64::new(0));
        let running = Arc::new(Mutex::new(()));
        let (frames, lock) = (log_frames.clone(), running.clone());
        std::thread::Builder::new()
            .name("chat-checkpoint".into())
            .spawn(move || {
                while woken.recv().is_ok() {
                    let _running = lock.lock().unwrap_or_else(PoisonError::into_inner);
                    match checkpoint(&connection) {
                        Ok((log, _)) => frames.store(log, Ordering::Relaxed),
                        Err(e) => tracing::warn!(error = %e, "a checkpoint failed"),
                    }
                }
            })?;
        Ok(Checkpointer {
            wake,
            log_frames,
            log,
            catch_up_frames: i64::try_from(wal_restart_frames(wal_limit_bytes)).unwrap_or(i64::MAX),
            catch_up_bytes: wal_restart_bytes(wal_limit_bytes),
            running,
        })
    }

    /// After a commit: wakes the checkpointer; true when the log is long enough for the writer
    /// to catch up itself (by the checkpointer's last count or the log file's length), or when
    /// the checkpointer is gone (then the writer checkpoints after every commit, as SQLite
    /// would).
    fn committed(&self) -> bool {
        match self.wake.try_send(()) {
            Ok(()) | Err(TrySendError::Full(())) => {
                self.log_frames.load(Ordering::Relaxed) > self.catch_up_frames
                    || std::fs::metadata(&self.log).is_ok_and(|m| m.len() > self.catch_up_bytes)
            }
            Err(TrySendError::Disconnected(())) => true,
        }
    }

    /// The writer's own checkpoint, between two batches: it waits for the checkpointer's
    /// current one, then copies what is left. When it has copied the whole log (no reader held
    /// on to an older page), the writer's next transaction starts the log again.
    fn catch_up(&self, connection: &Connection) {
        let _running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        match checkpoint(connection) {
            Ok((log, copied)) if copied == log => self.log_frames.store(0, Ordering::Relaxed),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "the chat writer's checkpoint failed"),
        }
    }
}

/// A passive checkpoint (it never waits for readers or the writer): the log's length in pages,
/// and how many of them are copied into the database file.
fn checkpoint(connection: &Connection) -> rusqlite::Result<(i64, i64)> {
    connection.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
        Ok((r.get(1)?, r.get(2)?))
    })
}

fn open(path: &Path, wal_limit_bytes: u64, pragmas: &str) -> rusqlite::Result<Connection> {
    let connection = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    connection.busy_timeout(Duration::from_secs(10))?;
    connection.execute_batch(&format!(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
         PRAGMA journal_size_limit = {}; {pragmas}",
        wal_restart_bytes(wal_limit_bytes)
    ))?;
    Ok(connection)
}

impl SqliteWriter {
    /// Opens the writer's connection to the database file of `db`, keeping its log under
    /// `wal_limit_bytes`; None for PostgreSQL and for an in-memory database (another connection
    /// would open another database).
    pub fn open(db: &Db, wal_limit_bytes: u64) -> Option<anyhow::Result<SqliteWriter>> {
        let Db::Sqlite(pool) = db else { return None };
        let path = pool.connect_options().get_filename().to_owned();
        if path.as_os_str().is_empty() || path == Path::new(":memory:") {
            return None;
        }
        Some(Self::open_file(&path, wal_limit_bytes))
    }

    fn open_file(path: &Path, wal_limit_bytes: u64) -> anyhow::Result<SqliteWriter> {
        let connection = open(
            path,
            wal_limit_bytes,
            "PRAGMA foreign_keys = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY;",
        )?;
        let mut log = path.as_os_str().to_owned();
        log.push("-wal");
        let checkpointer = Checkpointer::spawn(
            open(path, wal_limit_bytes, "PRAGMA cache_size = -2048;")?,
            PathBuf::from(log),
            wal_limit_bytes,
        )?;
        connection.execute_batch("PRAGMA wal_autocheckpoint = 0;")?;
        Ok(SqliteWriter {
            connection,
            checkpointer,
        })
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
                    m.kind.as_str(),
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
        if self.checkpointer.committed() {
            self.checkpointer.catch_up(&self.connection);
        }
        Ok(Some(rows))
    }
}
