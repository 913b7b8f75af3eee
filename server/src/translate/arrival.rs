//! Translated on arrival: a person may ask for a partner's new messages to be translated by the
//! server as they arrive, so the push and the message list carry the translation even while the
//! chat is closed. The chat asks after the message is stored and off the send path (the sender's
//! answer never waits for it); the translation is `translate_message`'s, for the reader, so the
//! same rule charges it (the source text's characters, the day's allowance then packs, nothing on
//! failure) and a reader opening the chat meanwhile waits for it instead of paying twice. A
//! failure leaves the message as it was sent; the app offers Translate again.
//!
//! Whether a reader asked is read for every text message sent, so each node keeps the partners
//! each recent reader asked for, for `KEPT` (a change on this node applies at once; one made on
//! another node within that time).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::api::error::{ApiError, ApiResult};
use crate::translate::choices::ChatLanguage;
use crate::translate::{ReadableMessage, Translate};

/// How long a node keeps what a reader asked for.
const KEPT: Duration = Duration::from_secs(30);
/// Readers kept before the stale ones are dropped.
const KEEP_AT_MOST: usize = 50_000;

/// The partners whose messages a reader has translated on arrival, and when that was read.
type Partners = (Instant, Arc<HashSet<i64>>);

/// Readers -> the partners whose messages they have translated on arrival.
#[derive(Clone, Default)]
pub struct ArrivalChoices(Arc<Mutex<HashMap<i64, Partners>>>);

impl ArrivalChoices {
    fn get(&self, reader: i64) -> Option<Arc<HashSet<i64>>> {
        let kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.get(&reader)
            .filter(|(at, _)| at.elapsed() < KEPT)
            .map(|(_, partners)| partners.clone())
    }

    fn put(&self, reader: i64, partners: HashSet<i64>) -> Arc<HashSet<i64>> {
        let partners = Arc::new(partners);
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= KEEP_AT_MOST {
            kept.retain(|_, (at, _)| at.elapsed() < KEPT);
        }
        kept.insert(reader, (Instant::now(), partners.clone()));
        partners
    }

    fn forget(&self, reader: i64) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&reader);
    }
}

/// A translation a reader has of a message.
pub struct Kept {
    pub target: String,
    pub text: String,
}

impl Translate {
    /// Asks for (or stops) a partner's new messages being translated as they arrive.
    pub async fn set_on_arrival(&self, me: i64, partner: i64, on: bool) -> ApiResult<ChatLanguage> {
        let them = self
            .accounts
            .user(partner)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.store
            .set_on_arrival(me, partner, on, self.clock.unix())
            .await?;
        self.arrival.forget(me);
        self.answer_choice(me, partner, them.language).await
    }

    /// Whether `reader` has `sender`'s messages translated on arrival.
    async fn wants_on_arrival(&self, reader: i64, sender: i64) -> sqlx::Result<bool> {
        let partners = match self.arrival.get(reader) {
            Some(p) => p,
            None => self.arrival.put(
                reader,
                self.store
                    .on_arrival_partners(reader)
                    .await?
                    .into_iter()
                    .collect(),
            ),
        };
        Ok(partners.contains(&sender))
    }

    /// Translates a message just stored for its reader, when the reader asked for the sender's
    /// messages so: the translation to show (None when not asked, not needed, or not done).
    pub async fn on_arrival(&self, message: &ReadableMessage, reader: i64) -> Option<String> {
        match self.wants_on_arrival(reader, message.sender).await {
            Ok(true) => {}
            Ok(false) => return None,
            Err(e) => {
                tracing::warn!(error = %e, "could not read who translates on arrival");
                return None;
            }
        }
        match self.translate_message(reader, message, None).await {
            Ok(t) if !t.same_language => {
                metrics::counter!("translated_on_arrival_total", "outcome" => "translated")
                    .increment(1);
                Some(t.text)
            }
            Ok(_) => None,
            Err(e) => {
                metrics::counter!("translated_on_arrival_total", "outcome" => "failed")
                    .increment(1);
                tracing::info!(message_id = message.id, reader, error = %e, "not translated on arrival");
                None
            }
        }
    }

    /// The newest translation `reader` has of each of these messages.
    pub async fn kept_translations(
        &self,
        reader: i64,
        message_ids: &[i64],
        group: bool,
    ) -> ApiResult<HashMap<i64, Kept>> {
        Ok(self
            .store
            .latest_translations(reader, message_ids, group)
            .await?
            .into_iter()
            .map(|(id, target, text)| (id, Kept { target, text }))
            .collect())
    }
}
