//! What every domain's service stands on: the database, the clock, the configuration, the rate
//! limits, the counters every node shares and media. Built once by `app.rs`; each service keeps the parts it uses.

use std::sync::Arc;

use crate::api::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::config::Config;
use crate::counters::Counters;
use crate::db::Db;
use crate::media::Media;

#[derive(Clone)]
pub struct Ground {
    pub db: Db,
    /// Where discover finds its lists: a replica of `db`, or `db` itself.
    pub finding: Db,
    pub clock: Clock,
    pub config: Arc<Config>,
    pub limits: Arc<RateLimiter>,
    pub counters: Counters,
    pub media: Media,
}
