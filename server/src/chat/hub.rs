//! The live connections of this node: one per account. Delivery is by notification: the hub
//! tells a connection "you have new events" and the connection reads them from the database after
//! the last sequence it sent, so a lost or coalesced notification can never lose an event. A new
//! message stored on this node comes with its notification: the connection sends it as it is
//! when it is the next event in the account's sequence, and reads from the database otherwise.
//!
//! With several nodes, every signal is also published on NATS (`<prefix>.im.<user id>`) and each
//! node applies the signals of the others to its own connections: a message stored by one node
//! wakes the recipient's connection on another, and signing in on one node closes the account's
//! connection on the others (206). Whether someone is online anywhere (no push notification
//! then) is asked of the other nodes on `<prefix>.presence.<user id>`: the node holding the
//! account answers, the others stay silent.
//!
//! Each connection's queue is bounded: from half full on, typing signals are dropped; a
//! connection whose queue is full (its reader too slow) is let go and closes with 4008, and its
//! client resumes from its last sequence, so nothing is lost. The queue (`Mailbox`) is one small
//! allocation that holds room for signals only while some wait: a channel's block of slots and
//! its padded counters were over a kilobyte of every idle connection's memory.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use futures::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, Notify};

use crate::chat::groups::model::GroupEventRow;
use crate::chat::model::MessageRow;

/// How long the other nodes have to say they hold an account before it counts as offline (and
/// gets a push notification). Loopback or one data centre answers in about a millisecond.
const PRESENCE_WAIT: std::time::Duration = std::time::Duration::from_millis(300);

/// What a connection is told.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Outbound {
    /// New events are stored for this account.
    Events,
    /// A new message, stored as the account's event `seq` (this node only: other nodes are told
    /// `Events`).
    #[serde(skip)]
    Message {
        seq: i64,
        row: Arc<MessageRow>,
    },
    /// A group's new event, numbered in the group's sequence (this node only: other nodes are
    /// told `GroupEvents`).
    #[serde(skip)]
    GroupEvent {
        row: Arc<GroupEventRow>,
    },
    /// New events are stored for a group of this account's.
    GroupEvents {
        group: i64,
    },
    Typing {
        from: i64,
    },
    /// Close now with this IM error code (206: signed in elsewhere; 217: kicked).
    Kick {
        code: u16,
    },
}

/// The WebSocket close code of a connection whose queue filled up (its client resumes).
pub const CLOSE_BEHIND: u16 = 4008;

/// A connection's queue of signals: the hub fills it, the connection empties it.
#[derive(Default)]
struct Mailbox {
    queue: Mutex<VecDeque<Outbound>>,
    /// Wakes the connection when a signal is queued or the hub lets go of it.
    ready: Notify,
    /// An `Events` notification is queued and not yet taken: further ones are coalesced.
    pending: AtomicBool,
    /// Set when the hub lets go of the connection without a place in its queue to say so: the
    /// WebSocket close code to close with.
    closing: AtomicU16,
    /// The hub has let go of the connection: no more signals come.
    released: AtomicBool,
}

impl Mailbox {
    fn queue(&self) -> MutexGuard<'_, VecDeque<Outbound>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues a signal unless `bound` signals wait already.
    fn push(&self, out: Outbound, bound: usize) -> bool {
        let mut queue = self.queue();
        if queue.len() >= bound {
            return false;
        }
        queue.push_back(out);
        drop(queue);
        self.ready.notify_one();
        true
    }
}

/// The hub's end of a connection. Dropped (the hub lets go of it), it wakes the connection.
struct Conn {
    id: u64,
    mailbox: Arc<Mailbox>,
}

/// A registered connection's end of the hub.
pub struct Registration {
    pub id: u64,
    mailbox: Arc<Mailbox>,
}

impl Registration {
    /// The next signal; None once the hub has let go of this connection and none is left.
    pub async fn recv(&self) -> Option<Outbound> {
        loop {
            if let Some(out) = self.try_recv() {
                return Some(out);
            }
            if self.mailbox.released.load(Ordering::Acquire) {
                return None;
            }
            // A signal queued since the look above has left its wake-up here already.
            self.mailbox.ready.notified().await;
        }
    }

    /// The next signal, if one waits.
    pub fn try_recv(&self) -> Option<Outbound> {
        let mut queue = self.mailbox.queue();
        let out = queue.pop_front();
        if queue.is_empty() && queue.capacity() > 0 {
            // An idle connection keeps no room for signals.
            *queue = VecDeque::new();
        }
        out
    }

    /// The WebSocket close code the hub let go of this connection with, or 0.
    pub fn closing(&self) -> u16 {
        self.mailbox.closing.load(Ordering::Acquire)
    }

    /// The queued `Events` notification is taken: the next one is queued again.
    pub fn events_taken(&self) {
        self.mailbox.pending.store(false, Ordering::Release);
    }
}

/// A signal between nodes.
#[derive(Debug, Serialize, Deserialize)]
struct Signal {
    node: String,
    user: i64,
    out: Outbound,
}

pub struct Hub {
    conns: Mutex<HashMap<i64, Conn>>,
    /// Signals a connection may have waiting.
    queue: usize,
    next_id: AtomicU64,
    node: String,
    fanout: OnceLock<mpsc::UnboundedSender<Signal>>,
    /// The other nodes, to ask whether they hold an account: NATS and the subject prefix.
    cluster: OnceLock<(async_nats::Client, String)>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub::new(256)
    }
}

impl Hub {
    /// A hub whose connections may each have `queue` signals waiting.
    pub fn new(queue: usize) -> Self {
        Hub {
            conns: Mutex::default(),
            queue: queue.max(2),
            next_id: AtomicU64::default(),
            node: uuid::Uuid::new_v4().simple().to_string(),
            fanout: OnceLock::new(),
            cluster: OnceLock::new(),
        }
    }

    /// Registers the account's new connection, closing the one it replaces (here or on another
    /// node) with 206.
    pub fn register(&self, user_id: i64) -> Registration {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed) + 1;
        let mailbox = Arc::new(Mailbox::default());
        let old = self.lock().insert(
            user_id,
            Conn {
                id,
                mailbox: mailbox.clone(),
            },
        );
        if let Some(old) = old {
            old.kick(206, self.queue);
        }
        self.publish(user_id, Outbound::Kick { code: 206 });
        Registration { id, mailbox }
    }

    /// Removes the connection unless a newer one has taken its place.
    pub fn unregister(&self, user_id: i64, id: u64) {
        let mut conns = self.lock();
        if conns.get(&user_id).is_some_and(|c| c.id == id) {
            conns.remove(&user_id);
        }
    }

    /// New events are stored for `user_id`.
    pub fn notify(&self, user_id: i64) {
        self.apply(user_id, Outbound::Events);
        self.publish(user_id, Outbound::Events);
    }

    /// A message is stored: its sender's and recipient's connections get it with the news.
    pub fn message_stored(&self, row: MessageRow) {
        let row = Arc::new(row);
        for (user, seq) in [
            (row.sender_id, row.sender_seq),
            (row.recipient_id, row.recipient_seq),
        ] {
            self.apply(
                user,
                Outbound::Message {
                    seq,
                    row: row.clone(),
                },
            );
            self.publish(user, Outbound::Events);
        }
    }

    /// A group's event is stored: the connections of `members` get it with the news.
    pub fn group_event(&self, row: GroupEventRow, members: &[i64]) {
        let group = row.group_id;
        let row = Arc::new(row);
        for &user in members {
            self.apply(user, Outbound::GroupEvent { row: row.clone() });
            self.publish(user, Outbound::GroupEvents { group });
        }
    }

    pub fn typing(&self, from: i64, to: i64) {
        self.apply(to, Outbound::Typing { from });
        self.publish(to, Outbound::Typing { from });
    }

    /// Closes the account's connection, wherever it is, with an IM error code (217 after a
    /// password change, account deletion or ban).
    pub fn kick(&self, user_id: i64, code: u16) {
        self.apply(user_id, Outbound::Kick { code });
        self.publish(user_id, Outbound::Kick { code });
    }

    /// Whether the account has a live connection on this node.
    pub fn is_online(&self, user_id: i64) -> bool {
        self.lock().contains_key(&user_id)
    }

    /// Whether the account has a live connection on any node: this one, or one of the others
    /// when they answer within `PRESENCE_WAIT`.
    pub async fn is_online_anywhere(&self, user_id: i64) -> bool {
        if self.is_online(user_id) {
            return true;
        }
        let Some((client, prefix)) = self.cluster.get() else {
            return false;
        };
        let asked = client.request(format!("{prefix}.presence.{user_id}"), Vec::new().into());
        matches!(tokio::time::timeout(PRESENCE_WAIT, asked).await, Ok(Ok(_)))
    }

    pub fn connections(&self) -> usize {
        self.lock().len()
    }

    /// Applies a signal to this node's connection of `user_id`, if any.
    fn apply(&self, user_id: i64, out: Outbound) {
        let mut conns = self.lock();
        if let Outbound::Kick { code } = out {
            if let Some(conn) = conns.remove(&user_id) {
                conn.kick(code, self.queue);
            }
            return;
        }
        let Some(conn) = conns.get(&user_id) else {
            return;
        };
        let mailbox = &conn.mailbox;
        let queued = match out {
            Outbound::Events => {
                mailbox.pending.swap(true, Ordering::AcqRel)
                    || mailbox.push(Outbound::Events, self.queue)
            }
            Outbound::Typing { .. } => {
                // Typing is worth nothing late: it gives way to events from half full on.
                let _ = mailbox.push(out, self.queue - self.queue / 2);
                true
            }
            _ => mailbox.push(out, self.queue),
        };
        // A connection that has ended (its end of the mailbox dropped) is unregistering itself.
        if !queued && Arc::strong_count(mailbox) > 1 {
            // Too slow a reader: let it go rather than hold its events in memory. It closes
            // once it sees the flag (or its write times out) and resumes on a new connection.
            mailbox.closing.store(CLOSE_BEHIND, Ordering::Release);
            conns.remove(&user_id);
        }
    }

    fn publish(&self, user: i64, out: Outbound) {
        if let Some(fanout) = self.fanout.get() {
            let _ = fanout.send(Signal {
                node: self.node.clone(),
                user,
                out,
            });
        }
    }

    /// Joins the other nodes through NATS: publishes this node's signals and applies theirs.
    pub async fn join(self: &Arc<Self>, url: &str, prefix: &str) -> anyhow::Result<()> {
        let client = async_nats::connect(url).await?;
        let mut incoming = client.subscribe(format!("{prefix}.im.*")).await?;
        let mut asked = client.subscribe(format!("{prefix}.presence.*")).await?;
        let (tx, mut outgoing) = mpsc::unbounded_channel::<Signal>();
        if self.fanout.set(tx).is_err() {
            anyhow::bail!("this node has joined already");
        }
        let _ = self.cluster.set((client.clone(), prefix.to_owned()));
        let publisher = client.clone();
        let prefix = prefix.to_owned();
        tokio::spawn(async move {
            while let Some(signal) = outgoing.recv().await {
                let subject = format!("{prefix}.im.{}", signal.user);
                match serde_json::to_vec(&signal) {
                    Ok(body) => {
                        if let Err(e) = publisher.publish(subject, body.into()).await {
                            tracing::warn!(error = %e, "could not publish a chat signal");
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "could not encode a chat signal"),
                }
            }
        });
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            while let Some(message) = incoming.next().await {
                match serde_json::from_slice::<Signal>(&message.payload) {
                    Ok(signal) if signal.node != hub.node => hub.apply(signal.user, signal.out),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "unreadable chat signal"),
                }
            }
            tracing::error!("NATS subscription ended: this node no longer hears the others");
        });
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            while let Some(question) = asked.next().await {
                let user = question
                    .subject
                    .rsplit('.')
                    .next()
                    .and_then(|u| u.parse().ok());
                if let (Some(user), Some(reply)) = (user, question.reply) {
                    if hub.is_online(user) {
                        if let Err(e) = client.publish(reply, Vec::new().into()).await {
                            tracing::warn!(error = %e, "could not answer a presence question");
                        }
                    }
                }
            }
        });
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Conn>> {
        self.conns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Conn {
    /// Closes the connection with an IM code (206, 217): in its queue when there is room
    /// (`bound`), else by the flag it checks (dropping this end wakes it).
    fn kick(self, code: u16, bound: usize) {
        if !self.mailbox.push(Outbound::Kick { code }, bound) {
            self.mailbox.closing.store(4000 + code, Ordering::Release);
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.mailbox.released.store(true, Ordering::Release);
        self.mailbox.ready.notify_one();
    }
}
