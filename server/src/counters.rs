//! Counters shared by every node: the rate limits (`api/rate_limit.rs`) and the places a text was
//! sent to (`chat/safety.rs`). Counted in one node's memory they would be multiplied by the
//! number of nodes: a sender spread over three nodes reaches each threshold three times later.
//! With `counters_url` (`AMORA_COUNTERS_URL=redis://host:6379/0`) they are counted in Redis;
//! without it a node counts alone in its memory, as one node always did.
//!
//! Why Redis and not the key-value store of the NATS the nodes already share: each count is one
//! round trip running one small script, atomic on the server, so a count is exact however many
//! nodes count at once; NATS key-value has only compare-and-set by revision, two round trips at
//! least and a retry for every lost race, and no expiry of one key before NATS 2.11. Measured on
//! one 2-core machine with both services on loopback (`examples/shared_counters.rs`, 8
//! concurrent tasks on one key): 12,000 attempts at a quota of 10,000 took 0.35 to 0.59 s in
//! Redis and granted exactly 10,000; 10,000 increments through NATS key-value took 5.2 to 6.7 s,
//! with about 35,000 lost races retried (exact too, but only by retrying).
//!
//! A rate limit is a window of the limit's length counted by two buckets, this window's and the
//! last one's: what was spent is this window's count plus the last window's in proportion to the
//! part of it still within one window's length of now. That is close to the node's own limiter
//! (a steady refill, no double burst at a window's edge); the windows are read on Redis's clock,
//! so the nodes' clocks do not matter. Exact under concurrency: the check and the count are one
//! script. The tolerance is the two-bucket estimate itself, which assumes the last window's
//! requests came evenly: up to that, never more than the quota within one window's length.
//!
//! When Redis does not answer within `counters_wait_ms` (100 by default) or the connection
//! breaks, the call counts on this node instead (each caller says how: the rate limits fall back
//! to the node's own limiter, still limited per node; the places of a text to the node's own
//! memory): a request never waits on Redis longer than that. The node logs once that the shared
//! counters are away, then reconnects in the background every second, logs once when they are
//! back, and counts in Redis again. The gauge `shared_counters_up` (1 or 0) and the counter
//! `shared_counters_fallback_total` (calls answered from the node's memory) tell the metrics.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, RwLock, Weak};
use std::time::Duration;

use redis::aio::MultiplexedConnection;
use redis::{AsyncConnectionConfig, Script};
use secrecy::ExposeSecret;

use crate::config::Config;

/// How often a node tries to reach the counters again while they are away.
const RECONNECT_EVERY: Duration = Duration::from_secs(1);
/// How long one attempt to connect may take (off the requests' path).
const CONNECT_WAIT: Duration = Duration::from_secs(2);

/// Spends `n` of a quota per window by two buckets, on Redis's clock. KEYS[1]: the limit and
/// key; ARGV: n, quota, window (ms). Answers granted (1 or 0), this window's count, the last
/// window's and how far into this window now is (ms).
static SPEND: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
local n, quota, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local slot = math.floor(now / window)
local into = now - slot * window
local this_key = KEYS[1] .. ':' .. slot
local this = tonumber(redis.call('GET', this_key) or '0')
local last = tonumber(redis.call('GET', KEYS[1] .. ':' .. (slot - 1)) or '0')
if this + last * (window - into) / window + n > quota then
  return {0, this, last, into}
end
redis.call('INCRBY', this_key, n)
redis.call('PEXPIRE', this_key, window * 2)
return {1, this + n, last, into}
",
    )
});

/// Counts one more place a text went to. KEYS[1]: the sender's text; ARGV: the place, now,
/// since (unix seconds) and how long the set is kept (seconds). Answers the places since `since`.
static PLACES: LazyLock<Script> = LazyLock::new(|| {
    Script::new(
        r"
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return redis.call('ZCARD', KEYS[1])
",
    )
});

/// What spending from a shared quota answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spent {
    Granted,
    /// Over the quota: nothing was counted; the quota holds `n` again after this long.
    Refused {
        retry_after: Duration,
    },
}

/// The counters of every node, or none (one node counting alone). Cheap to clone.
#[derive(Clone, Default)]
pub struct Counters(Option<Arc<Shared>>);

struct Shared {
    client: redis::Client,
    prefix: String,
    wait: Duration,
    /// The connection while Redis answers; none while it is away.
    conn: RwLock<Option<MultiplexedConnection>>,
    /// A task is trying to reach Redis again.
    reconnecting: AtomicBool,
}

impl Counters {
    /// The counters `counters_url` names, or none. Redis away at start is no failure: the node
    /// counts alone until it answers. A URL that is not one is.
    pub async fn from_config(config: &Config) -> anyhow::Result<Counters> {
        let Some(url) = &config.counters_url else {
            return Ok(Counters(None));
        };
        let client = redis::Client::open(url.expose_secret())
            .map_err(|e| anyhow::anyhow!("counters_url: {e}"))?;
        let shared = Arc::new(Shared {
            client,
            prefix: config.counters_prefix.clone(),
            wait: Duration::from_millis(config.counters_wait_ms.max(1)),
            conn: RwLock::new(None),
            reconnecting: AtomicBool::new(true),
        });
        match shared.connect().await {
            Ok(conn) => {
                shared.back(conn, false);
            }
            Err(e) => {
                tracing::warn!(error = %e, "shared counters away at start: counting on this node");
                metrics::gauge!("shared_counters_up").set(0.0);
                tokio::spawn(reconnect(Arc::downgrade(&shared)));
            }
        }
        Ok(Counters(Some(shared)))
    }

    /// Whether counters are shared (a counters service is configured, answering or not).
    pub fn shared(&self) -> bool {
        self.0.is_some()
    }

    /// Spends `n` of `quota` per `window` by `key` in the shared counters; none when they are not
    /// there or do not answer in time (the caller counts on this node).
    pub async fn spend(&self, key: &str, n: u32, quota: u32, window: Duration) -> Option<Spent> {
        let shared = self.0.as_ref()?;
        let window_ms = u64::try_from(window.as_millis()).unwrap_or(u64::MAX).max(1);
        let (granted, this, last, into): (u8, u64, u64, u64) = shared
            .run(
                SPEND
                    .key(format!("{}:limit:{key}", shared.prefix))
                    .arg(n)
                    .arg(quota)
                    .arg(window_ms),
            )
            .await?;
        Some(if granted == 1 {
            Spent::Granted
        } else {
            Spent::Refused {
                retry_after: Duration::from_millis(wait_for(Buckets {
                    this,
                    last,
                    into,
                    window: window_ms,
                    n: u64::from(n),
                    quota: u64::from(quota),
                })),
            }
        })
    }

    /// Counts `place` among the places of `key` at `now` and answers how many there were since
    /// `since` (unix seconds), this one included; none when the shared counters are not there or
    /// do not answer in time.
    pub async fn places(&self, key: &str, place: i64, now: i64, since: i64) -> Option<usize> {
        let shared = self.0.as_ref()?;
        let keep = (now - since).max(1) + 60;
        shared
            .run(
                PLACES
                    .key(format!("{}:places:{key}", shared.prefix))
                    .arg(place)
                    .arg(now)
                    .arg(since)
                    .arg(keep),
            )
            .await
    }
}

impl Shared {
    async fn connect(&self) -> redis::RedisResult<MultiplexedConnection> {
        let config = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(CONNECT_WAIT))
            .set_response_timeout(Some(CONNECT_WAIT));
        let mut conn = self
            .client
            .get_multiplexed_async_connection_with_config(&config)
            .await?;
        redis::cmd("PING")
            .query_async::<()>(&mut conn)
            .await
            .map(|()| conn)
    }

    /// Runs a script within the wait; none (and the counters marked away) when it does not.
    async fn run<T: redis::FromRedisValue>(
        self: &Arc<Self>,
        script: &mut redis::ScriptInvocation<'_>,
    ) -> Option<T> {
        let conn = self.conn.read().unwrap_or_else(|e| e.into_inner()).clone();
        let Some(mut conn) = conn else {
            metrics::counter!("shared_counters_fallback_total").increment(1);
            return None;
        };
        let error = match tokio::time::timeout(self.wait, script.invoke_async(&mut conn)).await {
            Ok(Ok(answer)) => return Some(answer),
            Ok(Err(e)) => e.to_string(),
            Err(_) => format!("no answer within {} ms", self.wait.as_millis()),
        };
        metrics::counter!("shared_counters_fallback_total").increment(1);
        self.away(&error);
        None
    }

    /// Forgets the connection and tries to reach Redis again in the background (once).
    fn away(self: &Arc<Self>, error: &str) {
        let had = self
            .conn
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .is_some();
        if had && !self.reconnecting.swap(true, Ordering::SeqCst) {
            tracing::warn!(error, "shared counters away: counting on this node");
            metrics::gauge!("shared_counters_up").set(0.0);
            tokio::spawn(reconnect(Arc::downgrade(self)));
        }
    }

    fn back(&self, conn: MultiplexedConnection, was_away: bool) {
        *self.conn.write().unwrap_or_else(|e| e.into_inner()) = Some(conn);
        self.reconnecting.store(false, Ordering::SeqCst);
        metrics::gauge!("shared_counters_up").set(1.0);
        if was_away {
            tracing::info!("shared counters back");
        }
    }
}

/// Tries to reach Redis every `RECONNECT_EVERY` until it answers or the counters are dropped.
async fn reconnect(shared: Weak<Shared>) {
    loop {
        tokio::time::sleep(RECONNECT_EVERY).await;
        let Some(shared) = shared.upgrade() else {
            return;
        };
        if let Ok(conn) = shared.connect().await {
            shared.back(conn, true);
            return;
        }
    }
}

/// A refused spending: the two buckets as the script read them, and what was asked.
struct Buckets {
    this: u64,
    last: u64,
    /// How far into this window now is (ms).
    into: u64,
    window: u64,
    n: u64,
    quota: u64,
}

/// How long until the quota holds `n` again (ms, at least a second), as the two buckets drain:
/// within this window the last one's share shrinks, after it this one's takes its place.
fn wait_for(b: Buckets) -> u64 {
    const SECOND: u64 = 1000;
    if b.n > b.quota {
        // More at once than the quota ever holds: a window's wait is the honest answer.
        return b.window;
    }
    let room = b.quota - b.n;
    let rest = b.window.saturating_sub(b.into);
    let wait = if b.this <= room && b.last > 0 {
        // Within this window: last * (rest - s) / window <= room - this.
        rest.saturating_sub((room - b.this).saturating_mul(b.window) / b.last)
    } else {
        // After this window: this * (window - s) / window <= room.
        match room.saturating_mul(b.window).checked_div(b.this) {
            Some(drained) => rest + b.window.saturating_sub(drained),
            None => rest,
        }
    };
    wait.clamp(SECOND, b.window.max(SECOND))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buckets(this: u64, last: u64, into: u64) -> Buckets {
        Buckets {
            this,
            last,
            into,
            window: 60_000,
            n: 1,
            quota: 10,
        }
    }

    #[test]
    fn the_wait_is_until_the_buckets_have_drained_enough() {
        // Ten spent in the last window and one in this one, 6 s in: the last one's share is 9,
        // and the next waits 6 s for it to fall to 8.
        assert_eq!(wait_for(buckets(1, 10, 6_000)), 6_000);
        // Ten spent in this window, 30 s in: the next waits for its end, then for those ten to
        // drain to nine (a tenth of the next window).
        assert_eq!(wait_for(buckets(10, 0, 30_000)), 30_000 + 6_000);
        assert_eq!(wait_for(buckets(10, 10, 59_900)), 100 + 6_000);
        // Never under a second.
        assert_eq!(wait_for(buckets(9, 20, 59_999)), 1_000);
        // More than the quota at once: a window.
        assert_eq!(
            wait_for(Buckets {
                n: 11,
                ..buckets(0, 0, 0)
            }),
            60_000
        );
    }
}
