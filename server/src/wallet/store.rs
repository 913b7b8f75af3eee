//! Wallet storage: the catalogue, orders and their fulfilment, coin claims. Fulfilment runs in
//! the same transaction as the order's change of state, so an order is paid and granted once.

use crate::account::model::Level;
use crate::db::{counted, is_unique_violation, on_db, on_tx, Db, Tx};
use crate::ledger::{self, Asset, Entry, LedgerError};
use crate::wallet::model::{
    CatalogueGift, CatalogueProduct, Gift, GiftKind, OrderRow, OrderState, PayType, ProductChange,
    ProductKind, ProductRow,
};
use chrono::Months;

const PRODUCT: &str = "id, code, kind, level, months, amount, price_cents, currency, price_coins";
const CATALOGUE: &str =
    "code, kind, level, months, amount, price_cents, currency, price_coins, active, sort";
const ORDER: &str =
    "id, user_id, product_id, pay_type, state, price_cents, currency, price_coins, checkout,
    provider_txn, created_at, updated_at, provider_ref, checkout_url, reversed_at";

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error("an unfinished order exists")]
    Unfinished,
    #[error("no such order")]
    NotFound,
    #[error("the order is closed")]
    Closed,
    #[error("the balance is too low")]
    Insufficient,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl From<LedgerError> for OrderError {
    fn from(e: LedgerError) -> Self {
        match e {
            LedgerError::Insufficient(_) => OrderError::Insufficient,
            LedgerError::Db(e) => OrderError::Db(e),
        }
    }
}

/// Takes back what an order granted, inside the reversal's transaction: (taken, shortfall).
async fn take_back(
    tx: &mut Tx,
    order: &OrderRow,
    product: &ProductRow,
    now: i64,
) -> Result<(i64, i64), LedgerError> {
    if product.kind == ProductKind::Member {
        return on_tx!(tx, conn => {
            let (expires,): (Option<i64>,) =
                sqlx::query_as("SELECT member_expires_at FROM users WHERE id = $1")
                    .bind(order.user_id)
                    .fetch_one(&mut **conn)
                    .await?;
            let until = shorten(expires, product, now);
            sqlx::query("UPDATE users SET member_expires_at = $2 WHERE id = $1")
                .bind(order.user_id)
                .bind(until)
                .execute(&mut **conn)
                .await?;
            Ok((expires.unwrap_or(now).max(now) - until, 0))
        });
    }
    let asset = if product.kind == ProductKind::Gold {
        Asset::Coins
    } else {
        Asset::Characters
    };
    let granted = product.amount.unwrap_or(0);
    let held: Option<(i64,)> = on_tx!(tx, conn => sqlx::query_as(
        "SELECT balance FROM balances WHERE user_id = $1 AND asset = $2",
    )
    .bind(order.user_id)
    .bind(asset.as_str())
    .fetch_optional(&mut **conn)
    .await)?;
    let taken = granted.min(held.map_or(0, |(b,)| b)).max(0);
    if taken > 0 {
        let key = format!("reversal:{}", order.id);
        ledger::post(
            tx,
            &Entry {
                user_id: order.user_id,
                asset,
                amount: -taken,
                reason: "payment reversed",
                idempotency_key: &key,
                now,
            },
        )
        .await?;
    }
    Ok((taken, granted - taken))
}

/// A membership runs from its current expiry when still running, else from now; buying VIP
/// during a running SVIP extends the SVIP.
fn extend(
    level: Option<Level>,
    expires: Option<i64>,
    product: &ProductRow,
    now: i64,
) -> (Level, i64) {
    let running = expires.filter(|e| *e > now);
    let from = running.unwrap_or(now);
    let start = chrono::DateTime::from_timestamp(from, 0).unwrap_or_default();
    let months = u32::try_from(product.months.unwrap_or(1)).unwrap_or(1);
    let until = start
        .checked_add_months(Months::new(months))
        .unwrap_or(start)
        .timestamp();
    let bought = product.level.unwrap_or(Level::Vip);
    let level = match (running, level) {
        (Some(_), Some(Level::Svip)) => Level::Svip,
        _ => bought,
    };
    (level, until)
}

/// What a reversal did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reversal {
    pub order_id: i64,
    /// This reversal took the purchase back (the first full one of the order).
    pub took_back: bool,
    /// Coins or characters taken back, or seconds of membership.
    pub taken: i64,
    /// What could not be taken back because it was spent.
    pub shortfall: i64,
}

/// A payment a provider vouched for that does not match its order, set aside for staff: with
/// the buyer and what the order asked.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DiscrepancyRow {
    pub id: i64,
    pub order_id: i64,
    pub provider: String,
    pub provider_txn: String,
    pub paid_cents: i64,
    pub paid_currency: String,
    pub created_at: i64,
    pub user_id: i64,
    pub user_name: String,
    pub product_code: String,
    pub price_cents: i64,
    pub currency: String,
}

const DISCREPANCY: &str = "SELECT d.id, d.order_id, d.provider, d.provider_txn, d.paid_cents,
        d.paid_currency, d.created_at, o.user_id, u.user_name, p.code AS product_code,
        o.price_cents, o.currency
    FROM payment_discrepancies d JOIN orders o ON o.id = d.order_id
        JOIN users u ON u.id = o.user_id JOIN products p ON p.id = o.product_id";

/// A membership bought for `months` and given back: the expiry moves back as many months, and
/// not before now.
fn shorten(expires: Option<i64>, product: &ProductRow, now: i64) -> i64 {
    let Some(expires) = expires.filter(|e| *e > now) else {
        return now;
    };
    let until = chrono::DateTime::from_timestamp(expires, 0).unwrap_or_default();
    let months = u32::try_from(product.months.unwrap_or(1)).unwrap_or(1);
    until
        .checked_sub_months(Months::new(months))
        .map_or(now, |t| t.timestamp())
        .max(now)
}

/// Grants what a product gives, inside the order's transaction.
async fn grant(
    tx: &mut Tx,
    order: &OrderRow,
    product: &ProductRow,
    now: i64,
) -> Result<(), LedgerError> {
    if product.kind == ProductKind::Member {
        return on_tx!(tx, conn => {
            let (level, expires): (Option<Level>, Option<i64>) =
                sqlx::query_as("SELECT level, member_expires_at FROM users WHERE id = $1")
                    .bind(order.user_id)
                    .fetch_one(&mut **conn)
                    .await?;
            let (level, until) = extend(level, expires, product, now);
            sqlx::query("UPDATE users SET level = $2, member_expires_at = $3 WHERE id = $1")
                .bind(order.user_id)
                .bind(level.as_str())
                .bind(until)
                .execute(&mut **conn)
                .await?;
            Ok(())
        });
    }
    let asset = if product.kind == ProductKind::Gold {
        Asset::Coins
    } else {
        Asset::Characters
    };
    let key = format!("order:{}", order.id);
    ledger::post(
        tx,
        &Entry {
            user_id: order.user_id,
            asset,
            amount: product.amount.unwrap_or(0),
            reason: "purchase",
            idempotency_key: &key,
            now,
        },
    )
    .await?;
    Ok(())
}

/// Wallet storage on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct WalletStore {
    db: Db,
}

impl WalletStore {
    pub fn new(db: Db) -> WalletStore {
        WalletStore { db }
    }

    pub async fn products(&self) -> sqlx::Result<Vec<ProductRow>> {
        let sql = format!("SELECT {PRODUCT} FROM products WHERE active ORDER BY sort, id");
        on_db!(&self.db, pool => sqlx::query_as(&sql).fetch_all(pool).await)
    }

    pub async fn product(&self, id: i64) -> sqlx::Result<Option<ProductRow>> {
        let sql = format!("SELECT {PRODUCT} FROM products WHERE id = $1 AND active");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    pub async fn create_order(
        &self,
        user_id: i64,
        p: &ProductRow,
        pay_type: PayType,
        checkout: &str,
        now: i64,
    ) -> Result<OrderRow, OrderError> {
        let sql = format!(
            "INSERT INTO orders (user_id, product_id, pay_type, state, price_cents, currency, price_coins, checkout, created_at, updated_at)
             VALUES ($1, $2, $3, 'unfinished', $4, $5, $6, $7, $8, $8) RETURNING {ORDER}"
        );
        let created: Result<OrderRow, sqlx::Error> = on_db!(&self.db, pool => sqlx::query_as(&sql)
            .bind(user_id).bind(p.id).bind(pay_type.as_str()).bind(p.price_cents).bind(&p.currency).bind(p.price_coins)
            .bind(checkout).bind(now).fetch_one(pool).await);
        created.map_err(|e| // PostgreSQL names the index; SQLite names its column.
            if is_unique_violation(&e, "orders_one_unfinished") || is_unique_violation(&e, "orders.user_id") { OrderError::Unfinished } else { OrderError::Db(e) })
    }

    pub async fn unfinished_order(&self, user_id: i64) -> sqlx::Result<Option<OrderRow>> {
        let sql = format!("SELECT {ORDER} FROM orders WHERE user_id = $1 AND state = 'unfinished'");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(user_id).fetch_optional(pool).await)
    }

    pub async fn order(&self, id: i64) -> sqlx::Result<Option<OrderRow>> {
        let sql = format!("SELECT {ORDER} FROM orders WHERE id = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// A product by id, on sale or not (an order made before it was taken off sale).
    pub async fn product_any(&self, id: i64) -> sqlx::Result<Option<ProductRow>> {
        let sql = format!("SELECT {PRODUCT} FROM products WHERE id = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// Unfinished orders waiting at a provider since before `before` (and for less than a
    /// day), oldest first: the ones to ask the provider about.
    pub async fn waiting_orders(&self, before: i64, limit: i64) -> sqlx::Result<Vec<i64>> {
        let rows: Vec<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id FROM orders WHERE state = 'unfinished' AND provider_ref IS NOT NULL
             AND updated_at < $1 AND created_at > $1 - 86400 ORDER BY updated_at LIMIT $2",
        ).bind(before).bind(limit).fetch_all(pool).await)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// An order asked about and still waiting: asked again after the others.
    pub async fn touch_order(&self, id: i64, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("UPDATE orders SET updated_at = $2 WHERE id = $1 AND state = 'unfinished'")
            .bind(id).bind(now).execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// The order a provider's transaction paid.
    pub async fn order_by_txn(&self, provider_txn: &str) -> sqlx::Result<Option<OrderRow>> {
        let sql = format!("SELECT {ORDER} FROM orders WHERE provider_txn = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(provider_txn).fetch_optional(pool).await)
    }

    /// Pays an unfinished order from the coin balance and grants it, all at once.
    pub async fn pay_with_gold(&self, order_id: i64, now: i64) -> Result<OrderRow, OrderError> {
        let finish = format!(
            "UPDATE orders SET state = 'finished', provider_txn = $2, updated_at = $3
             WHERE id = $1 AND state = 'unfinished' RETURNING {ORDER}"
        );
        let product_sql = format!("SELECT {PRODUCT} FROM products WHERE id = $1");
        let mut tx = self.db.begin_write().await?;
        let order: Option<OrderRow> = on_tx!(&mut tx, conn => sqlx::query_as(&finish)
            .bind(order_id).bind(format!("gold:{order_id}")).bind(now).fetch_optional(&mut **conn).await)?;
        let order = order.ok_or(OrderError::Closed)?;
        let product: ProductRow = on_tx!(&mut tx, conn => sqlx::query_as(&product_sql)
            .bind(order.product_id).fetch_one(&mut **conn).await)?;
        let key = format!("order-pay:{order_id}");
        ledger::post(
            &mut tx,
            &Entry {
                user_id: order.user_id,
                asset: Asset::Coins,
                amount: -order.price_coins.unwrap_or(0),
                reason: "paid with gold",
                idempotency_key: &key,
                now,
            },
        )
        .await?;
        grant(&mut tx, &order, &product, now).await?;
        tx.commit().await?;
        Ok(order)
    }

    /// Finishes an order confirmed by a provider and grants it; the same provider transaction
    /// confirmed again changes nothing. True when this call finished it. With `revive`, money a
    /// provider took for an order the buyer had given up on (cancelled, failed) still pays it.
    pub async fn confirm(
        &self,
        order_id: i64,
        provider_txn: &str,
        revive: bool,
        now: i64,
    ) -> Result<(OrderRow, bool), OrderError> {
        let finish = format!(
            "UPDATE orders SET state = 'finished', provider_txn = $2, updated_at = $3
             WHERE id = $1 AND (state = 'unfinished' OR ($4 AND state IN ('cancelled', 'failed')))
             RETURNING {ORDER}"
        );
        let select = format!("SELECT {ORDER} FROM orders WHERE id = $1");
        let product_sql = format!("SELECT {PRODUCT} FROM products WHERE id = $1");
        let mut tx = self.db.begin_write().await?;
        let finished: Result<Option<OrderRow>, sqlx::Error> = on_tx!(&mut tx, conn => sqlx::query_as(&finish)
            .bind(order_id).bind(provider_txn).bind(now).bind(revive).fetch_optional(&mut **conn).await);
        let finished = match finished {
            Ok(found) => found,
            // The provider's transaction already paid another order: never twice.
            Err(e) if is_unique_violation(&e, "provider_txn") => return Err(OrderError::Closed),
            Err(e) => return Err(e.into()),
        };
        let Some(order) = finished else {
            let existing: Option<OrderRow> = on_tx!(&mut tx, conn => sqlx::query_as(&select)
                .bind(order_id).fetch_optional(&mut **conn).await)?;
            return match existing {
                Some(o)
                    if o.state == OrderState::Finished
                        && o.provider_txn.as_deref() == Some(provider_txn) =>
                {
                    Ok((o, false))
                }
                Some(_) => Err(OrderError::Closed),
                None => Err(OrderError::NotFound),
            };
        };
        let product: ProductRow = on_tx!(&mut tx, conn => sqlx::query_as(&product_sql)
            .bind(order.product_id).fetch_one(&mut **conn).await)?;
        grant(&mut tx, &order, &product, now).await?;
        tx.commit().await?;
        Ok((order, true))
    }

    /// Where an order's checkout is: the provider's reference and the buyer's page.
    pub async fn set_checkout(
        &self,
        order_id: i64,
        reference: Option<&str>,
        url: &str,
    ) -> sqlx::Result<OrderRow> {
        let sql = format!(
            "UPDATE orders SET provider_ref = $2, checkout_url = $3 WHERE id = $1 RETURNING {ORDER}"
        );
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(order_id).bind(reference).bind(url).fetch_one(pool).await)
    }

    /// Takes back what a paid order granted, when its money went back: the first full reversal
    /// of the order takes coins or characters back as far as the balance goes (the rest is the
    /// shortfall) or shortens the membership by what was bought; each provider's key counts
    /// once, and a partial refund is only recorded. None when no paid order has the transaction
    /// or the key came before.
    pub async fn reverse(
        &self,
        provider_txn: &str,
        key: &str,
        full: bool,
        now: i64,
    ) -> Result<Option<Reversal>, OrderError> {
        let mark = format!(
            "UPDATE orders SET reversed_at = $2, updated_at = $2 WHERE id = $1 AND reversed_at IS NULL RETURNING {ORDER}"
        );
        let product_sql = format!("SELECT {PRODUCT} FROM products WHERE id = $1");
        let mut tx = self.db.begin_write().await?;
        let recorded: Option<(i64, i64)> = on_tx!(&mut tx, conn => sqlx::query_as(
            "INSERT INTO order_reversals (order_id, reversal_key, whole, created_at)
             SELECT id, $2, $3, $4 FROM orders WHERE provider_txn = $1 AND state = 'finished'
             ON CONFLICT (reversal_key) DO NOTHING RETURNING id, order_id",
        ).bind(provider_txn).bind(key).bind(full).bind(now).fetch_optional(&mut **conn).await)?;
        let Some((reversal_id, order_id)) = recorded else {
            return Ok(None);
        };
        let mut reversal = Reversal {
            order_id,
            taken: 0,
            shortfall: 0,
            took_back: false,
        };
        let order: Option<OrderRow> = if full {
            on_tx!(&mut tx, conn => sqlx::query_as(&mark).bind(order_id).bind(now).fetch_optional(&mut **conn).await)?
        } else {
            None
        };
        if let Some(order) = order {
            reversal.took_back = true;
            let product: ProductRow = on_tx!(&mut tx, conn => sqlx::query_as(&product_sql)
                .bind(order.product_id).fetch_one(&mut **conn).await)?;
            let (taken, shortfall) = take_back(&mut tx, &order, &product, now).await?;
            on_tx!(&mut tx, conn => sqlx::query("UPDATE order_reversals SET taken = $2, shortfall = $3 WHERE id = $1")
                .bind(reversal_id).bind(taken).bind(shortfall).execute(&mut **conn).await.map(|_| ()))?;
            reversal.taken = taken;
            reversal.shortfall = shortfall;
        }
        tx.commit().await?;
        Ok(Some(reversal))
    }

    pub async fn close_order(
        &self,
        order_id: i64,
        state: OrderState,
        now: i64,
    ) -> Result<OrderRow, OrderError> {
        let sql = format!(
            "UPDATE orders SET state = $2, updated_at = $3 WHERE id = $1 AND state = 'unfinished' RETURNING {ORDER}"
        );
        let closed: Option<OrderRow> = on_db!(&self.db, pool => sqlx::query_as(&sql).bind(order_id).bind(state.as_str()).bind(now).fetch_optional(pool).await)?;
        closed.ok_or(OrderError::Closed)
    }

    /// Sets aside for staff a payment that does not match its order; the same provider
    /// transaction again changes nothing. True when this call set it aside.
    pub async fn set_aside(
        &self,
        order_id: i64,
        provider: &str,
        provider_txn: &str,
        paid_cents: i64,
        paid_currency: &str,
        now: i64,
    ) -> sqlx::Result<bool> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO payment_discrepancies (order_id, provider, provider_txn, paid_cents, paid_currency, created_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (provider_txn) DO NOTHING",
        ).bind(order_id).bind(provider).bind(provider_txn).bind(paid_cents).bind(paid_currency).bind(now)
            .execute(pool).await.map(|done| done.rows_affected() > 0))
    }

    /// Payments set aside and not yet looked at, longest waiting first, and how many wait.
    pub async fn discrepancies(&self, limit: i64) -> sqlx::Result<(Vec<DiscrepancyRow>, i64)> {
        let sql = format!("{DISCREPANCY} WHERE d.status = 'open' ORDER BY d.id LIMIT $1");
        let count = counted("SELECT 1 FROM payment_discrepancies WHERE status = 'open'");
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&sql).bind(limit).fetch_all(pool).await?;
            let waiting = sqlx::query_scalar(&count).fetch_one(pool).await?;
            Ok((rows, waiting))
        })
    }

    /// Takes a payment out of the queue once staff looked at it; answers it, none when it was
    /// closed already or is unknown.
    pub async fn close_discrepancy(
        &self,
        id: i64,
        staff: i64,
        now: i64,
    ) -> sqlx::Result<Option<DiscrepancyRow>> {
        let sql = format!("{DISCREPANCY} WHERE d.id = $1");
        let mut tx = self.db.begin_write().await?;
        let row = on_tx!(&mut tx, conn => {
            let closed = sqlx::query(
                "UPDATE payment_discrepancies SET status = 'closed', decided_at = $2, decided_by = $3
                 WHERE id = $1 AND status = 'open'",
            ).bind(id).bind(now).bind(staff).execute(&mut **conn).await?.rows_affected() > 0;
            if !closed {
                return Ok(None);
            }
            let row = sqlx::query_as(&sql).bind(id).fetch_optional(&mut **conn).await?;
            row
        });
        tx.commit().await?;
        Ok(row)
    }

    /// How many daily claims and watch rewards the person took on `day`.
    pub async fn claims_on(&self, user_id: i64, day: i64) -> sqlx::Result<(i64, i64)> {
        let rows: Vec<(String, i64)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT kind, times FROM coin_claims WHERE user_id = $1 AND day = $2",
        ).bind(user_id).bind(day).fetch_all(pool).await)?;
        let times = |kind: &str| rows.iter().find(|(k, _)| k == kind).map_or(0, |(_, t)| *t);
        Ok((times("claim"), times("watch")))
    }

    /// Counts one claim of `kind` today and credits `coins`; None when `max_times` is reached.
    pub async fn claim_coins(
        &self,
        user_id: i64,
        kind: &str,
        day: i64,
        max_times: i64,
        coins: i64,
        now: i64,
    ) -> Result<Option<i64>, LedgerError> {
        let mut tx = self.db.begin_write().await?;
        let counted: Option<(i64,)> = on_tx!(&mut tx, conn => {
            sqlx::query("INSERT INTO coin_claims (user_id, day, kind, times) VALUES ($1, $2, $3, 0) ON CONFLICT (user_id, day, kind) DO NOTHING")
                .bind(user_id).bind(day).bind(kind).execute(&mut **conn).await?;
            sqlx::query_as(
                "UPDATE coin_claims SET times = times + 1 WHERE user_id = $1 AND day = $2 AND kind = $3 AND times < $4 RETURNING times",
            ).bind(user_id).bind(day).bind(kind).bind(max_times).fetch_optional(&mut **conn).await?
        });
        let Some((times,)) = counted else {
            return Ok(None);
        };
        let key = format!("claim:{kind}:{user_id}:{day}:{times}");
        let posted = ledger::post(
            &mut tx,
            &Entry {
                user_id,
                asset: Asset::Coins,
                amount: coins,
                reason: kind,
                idempotency_key: &key,
                now,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(Some(posted.balance_after))
    }

    pub async fn gifts(&self) -> sqlx::Result<Vec<Gift>> {
        on_db!(&self.db, pool => sqlx::query_as("SELECT id, code, kind, icon, price_coins FROM gifts WHERE active ORDER BY sort, id").fetch_all(pool).await)
    }

    pub async fn gift(&self, id: i64) -> sqlx::Result<Option<Gift>> {
        on_db!(&self.db, pool => sqlx::query_as("SELECT id, code, kind, icon, price_coins FROM gifts WHERE id = $1 AND active")
            .bind(id).fetch_optional(pool).await)
    }

    /// Gifts a person received, with how many of each.
    pub async fn gifts_received(&self, user_id: i64) -> sqlx::Result<Vec<(Gift, i64)>> {
        let rows: Vec<(i64, String, GiftKind, String, i64, i64)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT g.id, g.code, g.kind, g.icon, g.price_coins, COUNT(*) AS n FROM gifts_given gg JOIN gifts g ON g.id = gg.gift_id
             WHERE gg.receiver_id = $1 GROUP BY g.id, g.code, g.kind, g.icon, g.price_coins ORDER BY n DESC, g.id",
        ).bind(user_id).fetch_all(pool).await)?;
        Ok(rows
            .into_iter()
            .map(|(id, code, kind, icon, price_coins, n)| {
                (
                    Gift {
                        id,
                        code,
                        kind,
                        icon,
                        price_coins,
                    },
                    n,
                )
            })
            .collect())
    }

    /// Every product, on sale or not, for the operator.
    pub async fn catalogue(&self) -> sqlx::Result<Vec<CatalogueProduct>> {
        let sql = format!("SELECT {CATALOGUE} FROM products ORDER BY sort, id");
        on_db!(&self.db, pool => sqlx::query_as(&sql).fetch_all(pool).await)
    }

    pub async fn catalogue_product(&self, code: &str) -> sqlx::Result<Option<CatalogueProduct>> {
        let sql = format!("SELECT {CATALOGUE} FROM products WHERE code = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(code).fetch_optional(pool).await)
    }

    /// An operator's change to a product: what is given changes, the rest stays. False when no
    /// product has the code.
    pub async fn set_product(&self, code: &str, c: &ProductChange) -> sqlx::Result<bool> {
        let done = on_db!(&self.db, pool => sqlx::query(
            "UPDATE products SET price_cents = COALESCE($2, price_cents),
                currency = COALESCE($3, currency),
                price_coins = CASE WHEN $4 THEN $5 ELSE price_coins END,
                amount = COALESCE($6, amount),
                months = COALESCE($7, months),
                active = COALESCE($8, active)
             WHERE code = $1",
        ).bind(code).bind(c.price_cents).bind(&c.currency).bind(c.price_coins.is_some()).bind(c.price_coins.flatten())
        .bind(c.amount).bind(c.months).bind(c.active)
        .execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }

    /// Every gift, on sale or not, for the operator.
    pub async fn catalogue_gifts(&self) -> sqlx::Result<Vec<CatalogueGift>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT code, kind, icon, price_coins, active, sort FROM gifts ORDER BY sort, id",
        ).fetch_all(pool).await)
    }

    pub async fn catalogue_gift(&self, code: &str) -> sqlx::Result<Option<CatalogueGift>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT code, kind, icon, price_coins, active, sort FROM gifts WHERE code = $1",
        ).bind(code).fetch_optional(pool).await)
    }

    /// An operator's change to a gift's price or sale; false when no gift has the code.
    pub async fn set_gift(
        &self,
        code: &str,
        price_coins: Option<i64>,
        active: Option<bool>,
    ) -> sqlx::Result<bool> {
        let done = on_db!(&self.db, pool => sqlx::query(
            "UPDATE gifts SET price_coins = COALESCE($2, price_coins), active = COALESCE($3, active) WHERE code = $1",
        ).bind(code).bind(price_coins).bind(active).execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }
}
