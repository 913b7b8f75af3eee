//! One translation of a message (or of a text people read) for a reader into a language at a
//! time: asking again while it runs waits for it, then reads what it stored.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::OwnedMutexGuard;

/// What is translated (`message:7`, `dynamic:3:<hash>`...), its reader and the target language.
pub type TranslationKey = (String, i64, String);

/// The translations running now, one lock each; an entry lives while someone holds or waits
/// for its lock.
#[derive(Clone, Default)]
pub struct InFlight(Arc<Mutex<HashMap<TranslationKey, Arc<tokio::sync::Mutex<()>>>>>);

/// Held while a translation runs; the next request for the same key goes on when it drops.
pub struct Running {
    guard: Option<OwnedMutexGuard<()>>,
    key: TranslationKey,
    table: Arc<Mutex<HashMap<TranslationKey, Arc<tokio::sync::Mutex<()>>>>>,
}

impl InFlight {
    /// Waits until no other translation of `key` runs, and holds it until dropped.
    pub async fn enter(&self, key: TranslationKey) -> Running {
        let lock = {
            let mut table = self.0.lock().unwrap_or_else(|e| e.into_inner());
            table.entry(key.clone()).or_default().clone()
        };
        Running {
            guard: Some(lock.lock_owned().await),
            key,
            table: self.0.clone(),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        self.guard.take();
        // Only the table holds it now: nobody runs or waits.
        if table
            .get(&self.key)
            .is_some_and(|l| Arc::strong_count(l) == 1)
        {
            table.remove(&self.key);
        }
    }
}
