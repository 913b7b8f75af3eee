//! The server's notion of now. Production reads the system clock; tests move it forward to
//! cross expiries and UTC midnights without sleeping.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, Utc};

#[derive(Clone, Default, Debug)]
pub struct Clock {
    offset_secs: Arc<AtomicI64>,
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + chrono::Duration::seconds(self.offset_secs.load(Ordering::Relaxed))
    }

    /// Unix seconds, the form times take in the database.
    pub fn unix(&self) -> i64 {
        self.now().timestamp()
    }

    pub fn advance(&self, by: chrono::Duration) {
        self.offset_secs
            .fetch_add(by.num_seconds(), Ordering::Relaxed);
    }
}

/// Unix seconds as an RFC 3339 UTC string.
pub fn rfc3339(unix: i64) -> String {
    DateTime::<Utc>::from_timestamp(unix, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
