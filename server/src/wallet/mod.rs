//! The wallet: the catalogue, orders and payments, membership, gold and character packs, coin
//! claims and the gift catalogue. Money moves only through the ledger, exactly once.

pub mod claims;
pub mod forms;
pub mod model;
pub mod orders;
pub mod payment;
pub mod personal;
pub mod routes;
pub mod settle;
pub mod shop;
pub mod store;

pub use store::DiscrepancyRow;

use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::wallet::model::{CatalogueGift, CatalogueProduct, ProductChange};
use crate::wallet::payment::Payments;
use crate::wallet::store::WalletStore;

/// The wallet service: what the catalogue, order and payment endpoints work with.
#[derive(Clone)]
pub struct Wallet {
    store: WalletStore,
    clock: Clock,
    config: Arc<Config>,
    /// The payment providers this installation has.
    payments: Arc<Payments>,
}

impl Wallet {
    /// Fails when a payment provider is configured but incomplete.
    pub fn new(ground: &Ground) -> anyhow::Result<Wallet> {
        Ok(Wallet {
            store: WalletStore::new(ground.db.clone()),
            clock: ground.clock.clone(),
            config: ground.config.clone(),
            payments: Arc::new(Payments::from_config(&ground.config)?),
        })
    }
}

/// What staff ask of the wallet (`staff/`): the catalogue as they keep it, and the payments that
/// did not match their orders.
impl Wallet {
    pub async fn catalogue(&self) -> sqlx::Result<Vec<CatalogueProduct>> {
        self.store.catalogue().await
    }

    pub async fn catalogue_product(&self, code: &str) -> sqlx::Result<Option<CatalogueProduct>> {
        self.store.catalogue_product(code).await
    }

    /// Changes a product; false when there is no such product.
    pub async fn set_product(&self, code: &str, change: &ProductChange) -> sqlx::Result<bool> {
        self.store.set_product(code, change).await
    }

    pub async fn catalogue_gifts(&self) -> sqlx::Result<Vec<CatalogueGift>> {
        self.store.catalogue_gifts().await
    }

    pub async fn catalogue_gift(&self, code: &str) -> sqlx::Result<Option<CatalogueGift>> {
        self.store.catalogue_gift(code).await
    }

    /// Changes a gift's price or whether it is on sale; false when there is no such gift.
    pub async fn set_gift(
        &self,
        code: &str,
        price_coins: Option<i64>,
        active: Option<bool>,
    ) -> sqlx::Result<bool> {
        self.store.set_gift(code, price_coins, active).await
    }

    /// The payments set aside for staff, and how many wait.
    pub async fn discrepancies(&self, limit: i64) -> sqlx::Result<(Vec<DiscrepancyRow>, i64)> {
        self.store.discrepancies(limit).await
    }

    /// Takes a payment out of staff's queue once they looked at it; none when it was closed
    /// already or is unknown.
    pub async fn close_discrepancy(
        &self,
        id: i64,
        staff: i64,
        now: i64,
    ) -> sqlx::Result<Option<DiscrepancyRow>> {
        self.store.close_discrepancy(id, staff, now).await
    }
}
