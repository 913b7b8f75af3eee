//! The wallet: the catalogue, orders and payments, membership, gold and character packs, coin
//! claims and the gift catalogue. Money moves only through the ledger, exactly once.

pub mod model;
pub mod payment;
pub mod routes;
pub mod settle;
pub mod store;

use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
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
