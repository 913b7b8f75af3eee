//! What the ledger holds about one person (`docs/privacy.md`): their balances and every entry, in
//! the archive a page at a time, and kept after the account goes for bookkeeping until
//! `forget_expired_records` removes them.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};

use Fate::*;

pub const TABLES: Tables = &[
    (
        "balances",
        Kept("bookkeeping: 10 years after the year of the last ledger entry"),
    ),
    (
        "ledger_entries",
        Kept("bookkeeping: 10 years after the end of their year"),
    ),
];

/// The archive's `balances`: coins and characters, 0 where nothing was ever posted.
pub async fn balances(db: &Db, me: i64) -> sqlx::Result<Value> {
    let rows: Vec<(String, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT asset, balance FROM balances WHERE user_id = $1 ORDER BY asset",
    ).bind(me).fetch_all(pool).await)?;
    let mut balance = json!({ "coins": 0, "characters": 0 });
    for (asset, amount) in rows {
        balance[asset.as_str()] = json!(amount);
    }
    Ok(balance)
}

/// A page of `me`'s entries: those after id `after`, at most `limit`, with their ids.
pub async fn entries_page(
    db: &Db,
    me: i64,
    after: i64,
    limit: i64,
) -> sqlx::Result<Vec<(i64, Value)>> {
    let page: Vec<(i64, String, i64, i64, String, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, asset, amount, balance_after, reason, created_at FROM ledger_entries
         WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3",
    ).bind(me).bind(after).bind(limit).fetch_all(pool).await)?;
    Ok(page
        .into_iter()
        .map(|(id, asset, amount, balance_after, reason, at)| {
            let entry = json!({
                "id": id, "asset": asset, "amount": amount, "balanceAfter": balance_after,
                "reason": reason, "createdAt": rfc3339(at),
            });
            (id, entry)
        })
        .collect())
}

/// Removes deleted accounts' entries made before `since`, and their balances once no entry is
/// left; answers how many rows went.
pub async fn forget_expired_records(tx: &mut Tx, since: i64) -> sqlx::Result<u64> {
    on_tx!(tx, conn => {
        let mut gone = sqlx::query(
            "DELETE FROM ledger_entries WHERE created_at < $1
                AND user_id IN (SELECT id FROM users WHERE status = 'deleted')",
        ).bind(since).execute(&mut **conn).await?.rows_affected();
        gone += sqlx::query(
            "DELETE FROM balances WHERE user_id IN (SELECT id FROM users WHERE status = 'deleted')
                AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.user_id = balances.user_id)",
        ).execute(&mut **conn).await?.rows_affected();
        Ok(gone)
    })
}
