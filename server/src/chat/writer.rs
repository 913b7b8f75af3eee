//! Group commit for messages that cost nothing: one task stores them, many to a transaction.
//!
//! While one transaction commits, the sends that arrive queue; the next transaction takes all of
//! them (up to `MAX_BATCH`). A quiet server stores each message alone, as soon as it comes; a busy
//! one pays one commit (one fsync on PostgreSQL) for many messages instead of for each. Nothing
//! is acknowledged before its transaction has committed.
//!
//! On SQLite the writer runs the database itself, on a connection of its own (`writer_sqlite`);
//! on PostgreSQL each batch is one statement over arrays, one round trip (`store::store_batch`),
//! on a connection the writer holds from batch to batch (`PgBatches`). One writer on either
//! database: on two cores, PostgreSQL with four writers (each person's sends on one of them)
//! stored no more messages a second than with one, at a higher cost a message.
//!
//! Each stored batch goes to one announcing task, which hands its messages to the hub in the
//! order they were numbered, then answers their senders: every connection gets its messages in
//! its sequence's order and sends them as they come, instead of reading the database after an
//! apparent gap (which the senders' tasks, woken in any order, made often under load). The
//! writer's thread meanwhile goes on to the next batch.
//!
//! A batch that holds a retry of a stored message (the same sender and client id) stores
//! nothing; its messages are then stored one by one on the ordinary path, which answers a retry
//! with the stored message. Gifts and red packets, which move coins, always take that path.

use std::sync::Arc;

use sqlx::pool::PoolConnection;
use sqlx::{PgPool, Postgres};
use tokio::sync::{mpsc, oneshot};

use crate::chat::hub::Hub;
use crate::chat::model::MessageRow;
use crate::chat::store::{store_batch, ChatStore, NewMessage, PlainMessage};
use crate::chat::writer_sqlite::SqliteWriter;
use crate::db::Db;
use crate::ledger::LedgerError;

/// Most messages in one transaction. Each statement binds a column as one array (PostgreSQL) or
/// the rows as one JSON text (SQLite), so no parameter limit applies; a larger batch shares more
/// pages (both people of a conversation, one index page) among its messages.
const MAX_BATCH: usize = 1024;
/// Sends waiting for the writer before senders wait to queue.
const QUEUE: usize = 8192;

/// The message, and whether it is new (then the hub has it already).
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
    /// On SQLite its log stays under `wal_limit_bytes` (`writer_sqlite`).
    pub fn spawn(db: &Db, hub: Arc<Hub>, wal_limit_bytes: u64) -> std::io::Result<Writer> {
        let (jobs, queue) = mpsc::channel(QUEUE);
        let (outcomes, announcer) = mpsc::unbounded_channel();
        tokio::spawn(announce(hub, announcer));
        let db = db.clone();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("chat-writer".into())
            // Its connection is created on its runtime (inside `block_on`), which serves it.
            .spawn(move || {
                runtime.block_on(async move {
                    run(db.for_chat_writer(), wal_limit_bytes, queue, outcomes).await
                })
            })?;
        Ok(Writer { jobs })
    }

    /// Stores the message (once per sender and client id) and hands a new one to the hub;
    /// returns it and whether it is new.
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

/// A batch's outcomes, in the batch's order, with the answers they are for.
type Outcomes = Vec<(oneshot::Sender<Stored>, Stored)>;

/// Hands new messages to the hub and answers their senders, batch after batch in the order they
/// were stored: off the writer's thread, which then goes on to the next batch at once.
async fn announce(hub: Arc<Hub>, mut batches: mpsc::UnboundedReceiver<Outcomes>) {
    while let Some(outcomes) = batches.recv().await {
        for (_, stored) in &outcomes {
            if let Ok((row, true)) = stored {
                hub.message_stored(row.clone());
            }
        }
        for (reply, stored) in outcomes {
            let _ = reply.send(stored);
        }
    }
}

/// PostgreSQL: the writer's connection, held from one batch to the next. A pool's connection is
/// pinged when it is taken and again when it is given back: two round trips more a batch than
/// its one statement.
struct PgBatches {
    pool: PgPool,
    held: Option<PoolConnection<Postgres>>,
}

impl PgBatches {
    fn open(db: &Db) -> Option<PgBatches> {
        match db {
            Db::Postgres(pool) => Some(PgBatches {
                pool: pool.clone(),
                held: None,
            }),
            Db::Sqlite(_) => None,
        }
    }

    /// Stores a batch in one statement; None when it holds a retry (see `store_batch`).
    async fn store(&mut self, batch: &[PlainMessage]) -> sqlx::Result<Option<Vec<MessageRow>>> {
        let conn = match &mut self.held {
            Some(conn) => conn,
            None => self.held.insert(self.pool.acquire().await?),
        };
        let stored = store_batch(conn, batch).await;
        if stored.is_err() {
            // Perhaps broken: the pool tests it, and the next batch takes one that answers.
            self.release();
        }
        stored
    }

    /// Gives the connection back to the writer's pool (of one), for the one-by-one path.
    fn release(&mut self) {
        self.held = None;
    }
}

async fn run(
    db: Db,
    wal_limit_bytes: u64,
    mut queue: mpsc::Receiver<Job>,
    announcer: mpsc::UnboundedSender<Outcomes>,
) {
    let store = ChatStore::new(db.clone());
    // On SQLite, batches go through a connection this thread runs itself; the pool's connection
    // (`db`) serves the one-by-one path.
    let mut direct = match SqliteWriter::open(&db, wal_limit_bytes) {
        Some(Ok(direct)) => Some(direct),
        Some(Err(e)) => {
            tracing::warn!(error = %e, "could not open the chat writer's SQLite connection; storing through the pool");
            None
        }
        None => None,
    };
    let mut batches = PgBatches::open(&db);
    let mut jobs = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut jobs, MAX_BATCH).await > 0 {
        let (batch, replies): (Vec<PlainMessage>, Vec<_>) =
            jobs.drain(..).map(|j| (j.message, j.reply)).unzip();
        let started = std::time::Instant::now();
        let stored: anyhow::Result<Option<Vec<MessageRow>>> = match (&mut direct, &mut batches) {
            (Some(direct), _) => direct.store(&batch).map_err(Into::into),
            (None, Some(batches)) => batches.store(&batch).await.map_err(Into::into),
            // SQLite in memory: one by one, through the pool.
            (None, None) => Ok(None),
        };
        tracing::debug!(size = batch.len(), elapsed = ?started.elapsed(), "stored a batch of messages");
        let outcomes: Outcomes = match stored {
            Ok(Some(rows)) => replies
                .into_iter()
                .zip(rows)
                .map(|(reply, row)| (reply, Ok((row, true))))
                .collect(),
            outcome => {
                if let Err(e) = outcome {
                    tracing::warn!(error = %e, size = batch.len(), "a batch of messages failed; storing them one by one");
                }
                if let Some(batches) = &mut batches {
                    batches.release();
                }
                let mut outcomes = Vec::with_capacity(batch.len());
                for (m, reply) in batch.iter().zip(replies) {
                    let content: serde_json::Value =
                        serde_json::from_str(&m.content).unwrap_or_default();
                    let stored = store
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
                    outcomes.push((reply, stored));
                }
                outcomes
            }
        };
        if announcer.send(outcomes).is_err() {
            // The runtime is shutting down: nobody waits for an answer any more.
            break;
        }
    }
}
