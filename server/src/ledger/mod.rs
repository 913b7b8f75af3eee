//! The ledger of gold coins and characters (DESIGN.md section 5).
//!
//! Entries are only appended. Each carries an idempotency key, so a credit or debit replayed
//! any number of times (a payment confirmation, a reward) moves the balance once. The balance
//! row is updated with a guard (`balance + amount >= 0`) and a CHECK constraint, so no
//! interleaving of writers can take it below zero. `post` runs inside the caller's
//! transaction: whatever the entry pays for commits with it, or neither does.

pub mod personal;

use serde::Serialize;
use utoipa::ToSchema;

use crate::api::error::ApiError;
use crate::db::{on_db, on_tx, Db, Tx};
use crate::i18n::Msg;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Asset {
    Coins,
    Characters,
}

impl Asset {
    pub fn as_str(self) -> &'static str {
        match self {
            Asset::Coins => "coins",
            Asset::Characters => "characters",
        }
    }
}

/// One movement to record.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub user_id: i64,
    pub asset: Asset,
    /// Positive credits, negative debits; never zero.
    pub amount: i64,
    pub reason: &'a str,
    /// Unique across the whole ledger, e.g. `email-reward:42` or `order:provider-txn-id`.
    pub idempotency_key: &'a str,
    pub now: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posted {
    pub entry_id: i64,
    pub balance_after: i64,
    /// False when the key had been posted before and nothing moved this time.
    pub fresh: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// The balance of this asset is too low for the debit.
    #[error("the {0:?} balance is too low for this debit")]
    Insufficient(Asset),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Posts an entry inside the caller's write transaction.
pub async fn post(tx: &mut Tx, e: &Entry<'_>) -> Result<Posted, LedgerError> {
    on_tx!(tx, conn => {
        if e.amount == 0 {
            return Err(LedgerError::Db(sqlx::Error::Protocol("zero ledger entry".into())));
        }
        let inserted: Option<(i64,)> = sqlx::query_as(
            "INSERT INTO ledger_entries
                (user_id, asset, amount, balance_after, reason, idempotency_key, created_at)
             VALUES ($1, $2, $3, 0, $4, $5, $6)
             ON CONFLICT (idempotency_key) DO NOTHING
             RETURNING id",
        )
        .bind(e.user_id)
        .bind(e.asset.as_str())
        .bind(e.amount)
        .bind(e.reason)
        .bind(e.idempotency_key)
        .bind(e.now)
        .fetch_optional(&mut **conn)
        .await?;
        let Some((entry_id,)) = inserted else {
            let (entry_id, balance_after): (i64, i64) = sqlx::query_as(
                "SELECT id, balance_after FROM ledger_entries WHERE idempotency_key = $1",
            )
            .bind(e.idempotency_key)
            .fetch_one(&mut **conn)
            .await?;
            return Ok(Posted { entry_id, balance_after, fresh: false });
        };
        sqlx::query(
            "INSERT INTO balances (user_id, asset, balance) VALUES ($1, $2, 0)
             ON CONFLICT (user_id, asset) DO NOTHING",
        )
        .bind(e.user_id)
        .bind(e.asset.as_str())
        .execute(&mut **conn)
        .await?;
        let updated: Option<(i64,)> = sqlx::query_as(
            "UPDATE balances SET balance = balance + $3
             WHERE user_id = $1 AND asset = $2 AND balance + $3 >= 0
             RETURNING balance",
        )
        .bind(e.user_id)
        .bind(e.asset.as_str())
        .bind(e.amount)
        .fetch_optional(&mut **conn)
        .await?;
        let Some((balance_after,)) = updated else {
            return Err(LedgerError::Insufficient(e.asset));
        };
        sqlx::query("UPDATE ledger_entries SET balance_after = $1 WHERE id = $2")
            .bind(balance_after)
            .bind(entry_id)
            .execute(&mut **conn)
            .await?;
        Ok(Posted { entry_id, balance_after, fresh: true })
    })
}

/// Balances of one person.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
pub struct Balances {
    pub coins: i64,
    pub characters: i64,
}

/// Ledger reads and single-entry posts on the database.
#[derive(Clone, Debug)]
pub struct LedgerStore {
    db: Db,
}

impl LedgerStore {
    pub fn new(db: Db) -> LedgerStore {
        LedgerStore { db }
    }

    /// Posts one entry in a transaction of its own.
    pub async fn post_entry(&self, entry: &Entry<'_>) -> Result<Posted, LedgerError> {
        let mut tx = self.db.begin_write().await?;
        let posted = post(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(posted)
    }

    pub async fn balances(&self, user_id: i64) -> sqlx::Result<Balances> {
        let rows: Vec<(String, i64)> = on_db!(&self.db, pool => {
            sqlx::query_as("SELECT asset, balance FROM balances WHERE user_id = $1")
                .bind(user_id)
                .fetch_all(pool)
                .await
        })?;
        let mut balances = Balances::default();
        for (asset, balance) in rows {
            match asset.as_str() {
                "coins" => balances.coins = balance,
                "characters" => balances.characters = balance,
                _ => {}
            }
        }
        Ok(balances)
    }
}

/// A debit the balance cannot pay is the person's to fix (400, in the asset's words); a database
/// failure is ours.
impl From<LedgerError> for ApiError {
    fn from(e: LedgerError) -> Self {
        match e {
            LedgerError::Insufficient(Asset::Coins) => ApiError::Invalid(Msg::InsufficientCoins),
            LedgerError::Insufficient(Asset::Characters) => {
                ApiError::Invalid(Msg::InsufficientCharacters)
            }
            LedgerError::Db(e) => e.into(),
        }
    }
}
