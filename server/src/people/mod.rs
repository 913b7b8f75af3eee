//! People: discovering profiles, viewing them (which leaves a footprint), likes and winks (both
//! pushed to the person they concern), the red-badge counters, blocks and reports, contacts and private remarks, the customer-service
//! contact (the service accounts), the demo profiles, and people nearby (who share their area).

pub mod area;
pub mod demo;
pub mod discover;
pub mod drawn;
pub mod finding;
pub mod forms;
pub mod likes;
pub mod lists;
pub mod model;
pub mod nearby;
pub mod paging;
pub mod personal;
pub mod portrait;
pub mod profiles;
pub mod pushes;
pub mod relations;
pub mod reports;
pub mod routes;
pub mod service_accounts;
pub mod store;

use std::sync::Arc;

use crate::account::users::Users;
use crate::api::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::media::Media;
use crate::notify::Notify;
use crate::people::model::{CardRow, Counters, List};
use crate::people::store::PeopleStore;
use crate::places::Places;

/// The people service: what the people endpoints, the demo and the service accounts work with.
#[derive(Clone)]
pub struct People {
    store: PeopleStore,
    accounts: Users,
    clock: Clock,
    config: Arc<Config>,
    limits: Arc<RateLimiter>,
    media: Media,
    lists: discover::Lists,
    nearby_lists: nearby::NearbyLists,
    notify: Notify,
    places: Places,
}

impl People {
    pub fn new(ground: &Ground, notify: Notify, places: Places) -> People {
        People {
            store: PeopleStore::new(ground.db.clone(), ground.finding.clone()),
            accounts: Users::new(ground.db.clone()),
            clock: ground.clock.clone(),
            config: ground.config.clone(),
            limits: ground.limits.clone(),
            media: ground.media.clone(),
            lists: discover::Lists::default(),
            nearby_lists: nearby::NearbyLists::default(),
            notify,
            places,
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

    /// `id`'s card as `me` sees it, where `me` may see it (blocks either way, bans, holds).
    pub async fn visible_card(&self, me: i64, id: i64) -> sqlx::Result<Option<CardRow>> {
        self.store.card(me, id).await
    }

    /// Whether `me` may see `id`'s profile.
    pub async fn may_see(&self, me: i64, id: i64) -> sqlx::Result<bool> {
        Ok(self.visible_card(me, id).await?.is_some())
    }

    /// The service account called `user_name` (customer service, the concierge), as `me` sees it.
    pub async fn service_account(&self, me: i64, user_name: &str) -> sqlx::Result<Option<CardRow>> {
        self.store.service_account(me, user_name).await
    }

    /// The red-badge counters of the people lists (the feed adds its own).
    pub async fn counters(&self, me: i64) -> sqlx::Result<Counters> {
        self.store.counters(me).await
    }

    /// Clears a list's red badge: `me` has seen what is in it now.
    pub async fn mark_seen(&self, me: i64, list: List) -> sqlx::Result<()> {
        self.store.mark_seen(me, list, self.clock.unix()).await
    }

    /// Forgets who Discover showed before today; the server's sweep calls it every minute.
    pub async fn forget_earlier_days(&self) -> sqlx::Result<u64> {
        self.store
            .forget_shown_before(self.clock.unix().div_euclid(86_400))
            .await
    }
}
