//! What the wallet holds about one person (`docs/privacy.md`): their orders, in the archive and
//! kept after the account goes for bookkeeping, until `forget_expired_records` removes them; the
//! free coin claim counters, removed with the account.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};

use Fate::*;

pub const TABLES: Tables = &[
    (
        "orders",
        Kept("bookkeeping: 10 years after the end of their year"),
    ),
    (
        "order_reversals",
        Kept("bookkeeping: as the order they reverse"),
    ),
    (
        "payment_discrepancies",
        Kept("bookkeeping: payments that did not match their order, as the order"),
    ),
    ("coin_claims", Removed("free coin claim counters")),
    ("products", NotPersonal("the shop's products")),
    ("gifts", NotPersonal("the gift catalogue")),
];

type OrderRow = (
    i64,
    String,
    String,
    String,
    String,
    i64,
    String,
    Option<i64>,
    Option<String>,
    i64,
    i64,
    Option<i64>,
);

/// `orders.json`.
pub async fn export(db: &Db, me: i64) -> sqlx::Result<Value> {
    let orders: Vec<OrderRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT o.id, p.code, p.kind, o.pay_type, o.state, o.price_cents, o.currency, o.price_coins,
                o.provider_txn, o.created_at, o.updated_at, o.reversed_at
         FROM orders o JOIN products p ON p.id = o.product_id WHERE o.user_id = $1 ORDER BY o.id",
    ).bind(me).fetch_all(pool).await)?;
    Ok(json!({
        "orders": orders.iter().map(|o| json!({
            "id": o.0, "product": o.1, "kind": o.2, "payType": o.3, "state": o.4,
            "priceCents": o.5, "currency": o.6, "priceCoins": o.7, "providerTransaction": o.8,
            "createdAt": rfc3339(o.9), "updatedAt": rfc3339(o.10), "reversedAt": o.11.map(rfc3339),
        })).collect::<Vec<_>>(),
    }))
}

/// Removes their free coin claim counters.
pub async fn erase(tx: &mut Tx, user_id: i64) -> sqlx::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("DELETE FROM coin_claims WHERE user_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        Ok(())
    })
}

/// Removes deleted accounts' orders made before `since`, with their reversals and the payments
/// set aside (ON DELETE CASCADE); answers how many orders went.
pub async fn forget_expired_records(tx: &mut Tx, since: i64) -> sqlx::Result<u64> {
    on_tx!(tx, conn => {
        let gone = sqlx::query(
            "DELETE FROM orders WHERE created_at < $1
                AND user_id IN (SELECT id FROM users WHERE status = 'deleted')",
        ).bind(since).execute(&mut **conn).await?.rows_affected();
        Ok(gone)
    })
}
