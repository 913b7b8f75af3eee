//! People: discovering profiles, viewing them (which leaves a footprint), likes and winks (both
//! pushed to the person they concern), the red-badge counters, blocks and reports, contacts and private remarks, the customer-service
//! contact (the service accounts), and the demo profiles.

pub mod demo;
pub mod discover;
pub mod drawn;
pub mod model;
pub mod paging;
pub mod portrait;
pub mod pushes;
pub mod routes;
pub mod service_accounts;
pub mod store;

use std::sync::Arc;

use crate::account::store::AccountStore;
use crate::api::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::media::Media;
use crate::notify::Notify;
use crate::people::store::PeopleStore;

/// The people service: what the people endpoints, the demo and the service accounts work with.
#[derive(Clone)]
pub struct People {
    store: PeopleStore,
    accounts: AccountStore,
    clock: Clock,
    config: Arc<Config>,
    limits: Arc<RateLimiter>,
    media: Media,
    lists: discover::Lists,
    notify: Notify,
}

impl People {
    pub fn new(ground: &Ground) -> People {
        People {
            store: PeopleStore::new(ground.db.clone()),
            accounts: AccountStore::new(ground.db.clone()),
            clock: ground.clock.clone(),
            config: ground.config.clone(),
            limits: ground.limits.clone(),
            media: ground.media.clone(),
            lists: discover::Lists::default(),
            notify: Notify::new(ground),
        }
    }

    /// A person's About me and their language, where `me` may view their profile.
    pub async fn about_me(&self, me: i64, id: i64) -> sqlx::Result<Option<(String, String)>> {
        Ok(self
            .store
            .card(me, id)
            .await?
            .map(|card| (card.signature.unwrap_or_default(), card.language)))
    }

    /// Forgets who Discover showed before today; the server's sweep calls it every minute.
    pub async fn forget_earlier_days(&self) -> sqlx::Result<u64> {
        self.store
            .forget_shown_before(self.clock.unix().div_euclid(86_400))
            .await
    }
}
