//! Group commit for messages that cost nothing: one task stores them, many to a transaction.
//!
//! While one transaction commits, the sends that arrive queue; the next transaction takes all of
//! them (up to `MAX_BATCH`). A quiet server stores each message alone, as soon as it comes; a busy
//! one pays one `BEGIN`, four or five statements and one `COMMIT` (one fsync on PostgreSQL) for
//! many messages instead of for each. Nothing is acknowledged before its transaction has
//! committed.
//!
//! On SQLite the writer runs the database itself, on a connection of its own (`writer_sqlite`);
//! on PostgreSQL it sends each batch's statements over arrays (`Db::store_messages`). One writer
//! on either database: on two cores, PostgreSQL with four writers (each person's sends on one of
//! them) stored no more messages a second than with one, at a higher cost a message.
//!
//! A batch that holds a retry of a stored message (the same sender and client id) stores
//! nothing; its messages are then stored one by one on the ordinary path, which answers a retry
//! with the stored message. Gifts and red packets, which move coins, always take that path.

use tokio::sync::{mpsc, oneshot};

use crate::chat::model::MessageRow;
use crate::chat::store::{ChatStore, NewMessage, PlainMessage};
use crate::chat::writer_sqlite::SqliteWriter;
use crate::db::Db;
use crate::ledger::LedgerError;

/// Most messages in one transaction. Each statement binds a column as one array (PostgreSQL) or
/// the rows as one JSON text (SQLite), so no parameter limit applies; a larger batch shares more
/// pages (both people of a conversation, one index page) among its messages.
const MAX_BATCH: usize = 1024;
/// Sends waiting for the writer before senders wait to queue.
const QUEUE: usize = 8192;

type Stored = Result<(MessageRow, bool), LedgerError>;

struct Job {
    message: PlainMessage,
    reply: oneshot::Sender<Stored>,
}

/// The sending end of the writer task.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts the writer on a thread of its own, with its own database connection.
    ///
    /// Its own thread and runtime: on the shared runtime, the writer's every step (each
    /// statement's answer wakes it) waited behind the tasks of a thousand busy connections, and a
    /// batch took several times its database time; everything else waited for that batch.
    pub fn spawn(db: &Db) -> std::io::Result<Writer> {
        let (jobs, queue) = mpsc::channel(QUEUE);
        let db = db.clone();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("chat-writer".into())
            // Its connection is created on its runtime (inside `block_on`), which serves it.
            .spawn(move || {
                runtime.block_on(async move { run(db.for_chat_writer(), queue).await })
            })?;
        Ok(Writer { jobs })
    }

    /// Stores the message (once per sender and client id); returns it and whether it is new.
    pub async fn store(&self, message: PlainMessage) -> Stored {
        let (reply, answer) = oneshot::channel();
        let gone = || LedgerError::Db(sqlx::Error::WorkerCrashed);
        self.jobs
            .send(Job { message, reply })
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }
}

async fn run(db: Db, mut queue: mpsc::Receiver<Job>) {
    // On SQLite, batches go through a connection this thread runs itself; the pool's connection
    // (`db`) serves the one-by-one path.
    let mut direct = match SqliteWriter::open(&db) {
        Some(Ok(direct)) => Some(direct),
        Some(Err(e)) => {
            tracing::warn!(error = %e, "could not open the chat writer's SQLite connection; storing through the pool");
            None
        }
        None => None,
    };
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        let (batch, replies): (Vec<PlainMessage>, Vec<_>) =
            jobs.drain(..).map(|j| (j.message, j.reply)).unzip();
        let started = std::time::Instant::now();
        let stored: anyhow::Result<Option<Vec<MessageRow>>> = match &mut direct {
            Some(direct) => direct.store(&batch).map_err(Into::into),
            None => db.store_messages(&batch).await.map_err(Into::into),
        };
        tracing::debug!(size = batch.len(), elapsed = ?started.elapsed(), "stored a batch of messages");
        match stored {
            Ok(Some(rows)) => {
                for (reply, row) in replies.into_iter().zip(rows) {
                    let _ = reply.send(Ok((row, true)));
                }
            }
            outcome => {
                if let Err(e) = outcome {
                    tracing::warn!(error = %e, size = batch.len(), "a batch of messages failed; storing them one by one");
                }
                for (m, reply) in batch.iter().zip(replies) {
                    let content: serde_json::Value =
                        serde_json::from_str(&m.content).unwrap_or_default();
                    let stored = db
                        .store_message(&NewMessage {
                            sender: m.sender,
                            recipient: m.recipient,
                            client_id: &m.client_id,
                            kind: m.kind,
                            content: &content,
                            now: m.now,
                            charge: None,
                        })
                        .await;
                    let _ = reply.send(stored);
                }
            }
        }
    }
}
