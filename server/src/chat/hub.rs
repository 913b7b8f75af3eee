//! The live connections of this node: one per account. Delivery is by notification: the hub
//! tells a connection "you have new events" and the connection reads them from the database after
//! the last sequence it sent, so a lost or coalesced notification can never lose an event.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

/// What a connection is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outbound {
    /// New events are stored for this account.
    Events,
    Typing {
        from: i64,
    },
    /// Close now with this IM error code (206: signed in elsewhere; 217: kicked).
    Kick(u16),
}

struct Conn {
    id: u64,
    tx: mpsc::UnboundedSender<Outbound>,
    /// An `Events` notification is queued and not yet taken: further ones are coalesced.
    pending: Arc<AtomicBool>,
}

/// A registered connection's end of the hub.
pub struct Registration {
    pub id: u64,
    pub rx: mpsc::UnboundedReceiver<Outbound>,
    pub pending: Arc<AtomicBool>,
}

#[derive(Default)]
pub struct Hub {
    conns: Mutex<HashMap<i64, Conn>>,
    next_id: AtomicU64,
}

impl Hub {
    /// Registers the account's new connection, closing the one it replaces with 206.
    pub fn register(&self, user_id: i64) -> Registration {
        let (tx, rx) = mpsc::unbounded_channel();
        let id = self.next_id.fetch_add(1, Ordering::Relaxed) + 1;
        let pending = Arc::new(AtomicBool::new(false));
        let old = self.lock().insert(
            user_id,
            Conn {
                id,
                tx,
                pending: pending.clone(),
            },
        );
        if let Some(old) = old {
            let _ = old.tx.send(Outbound::Kick(206));
        }
        Registration { id, rx, pending }
    }

    /// Removes the connection unless a newer one has taken its place.
    pub fn unregister(&self, user_id: i64, id: u64) {
        let mut conns = self.lock();
        if conns.get(&user_id).is_some_and(|c| c.id == id) {
            conns.remove(&user_id);
        }
    }

    pub fn notify(&self, user_id: i64) {
        if let Some(conn) = self.lock().get(&user_id) {
            if !conn.pending.swap(true, Ordering::AcqRel) {
                let _ = conn.tx.send(Outbound::Events);
            }
        }
    }

    pub fn typing(&self, from: i64, to: i64) {
        if let Some(conn) = self.lock().get(&to) {
            let _ = conn.tx.send(Outbound::Typing { from });
        }
    }

    /// Closes the account's connection with an IM error code (217 after a password change,
    /// account deletion or ban).
    pub fn kick(&self, user_id: i64, code: u16) {
        if let Some(conn) = self.lock().remove(&user_id) {
            let _ = conn.tx.send(Outbound::Kick(code));
        }
    }

    pub fn is_online(&self, user_id: i64) -> bool {
        self.lock().contains_key(&user_id)
    }

    pub fn connections(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Conn>> {
        self.conns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
