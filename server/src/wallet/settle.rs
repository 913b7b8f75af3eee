//! From a provider's word to what an order grants: starting a checkout, confirming an order on
//! the buyer's return or a store receipt, and acting on verified notifications. Whatever the
//! provider says is checked against the order (whose it is, which provider, the amount and
//! currency) before the store finishes it, once by the provider's transaction id; money that
//! went back takes the purchase back once. A payment the provider vouches for with another
//! amount or currency than its order's grants nothing and is set aside for staff (the review
//! queue); its notification is answered as taken, since sending it again changes nothing.

use std::collections::HashMap;

use axum::http::HeaderMap;

use crate::api::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::wallet::model::{OrderRow, OrderState, PayType, ProductRow};
use crate::wallet::payment::{Confirmed, Event, Paid, PaymentError, Provider, Returns};
use crate::wallet::store::OrderError;
use crate::wallet::Wallet;

/// What a confirmation came to.
pub enum Settled {
    /// Finished and granted (now or before).
    Finished(OrderRow),
    /// Not paid yet: the provider will tell.
    Pending(OrderRow),
}

/// What a payment the provider vouches for came to.
enum Settlement {
    /// The order is finished and granted (now or before).
    Granted(Box<OrderRow>),
    /// Paid with another amount or currency than the order's: nothing granted, set aside for
    /// staff.
    SetAside,
}

/// What asking the provider about an order came to.
enum Confirmation {
    Settled(Box<Settled>),
    SetAside,
}

pub fn order_error(e: OrderError) -> ApiError {
    match e {
        OrderError::Unfinished => ApiError::Conflict(Msg::UnfinishedTransaction),
        OrderError::NotFound => ApiError::NotFound,
        OrderError::Closed => ApiError::Conflict(Msg::FinishFailed),
        OrderError::Insufficient => ApiError::Invalid(Msg::InsufficientCoins),
        OrderError::Db(e) => e.into(),
    }
}

impl Wallet {
    fn returns(&self) -> Returns {
        Returns {
            base: self.config.public_url.clone(),
        }
    }

    /// An order paid at a provider: made unfinished, then the provider's checkout started. A
    /// provider that does not answer leaves no order behind to block the next try.
    pub async fn start_checkout(
        &self,
        user_id: i64,
        product: &ProductRow,
        pay_type: PayType,
    ) -> ApiResult<OrderRow> {
        let provider = self.payments.for_type(pay_type)?.clone();
        let (token, _) = crate::account::token::new_token();
        let now = self.clock.unix();
        let order = self
            .store
            .create_order(user_id, product, pay_type, &token, now)
            .await
            .map_err(order_error)?;
        match provider.start(&order, product, &self.returns()).await {
            Ok(checkout) => Ok(self
                .store
                .set_checkout(order.id, checkout.reference.as_deref(), &checkout.url)
                .await?),
            Err(e) => {
                tracing::warn!(order = order.id, provider = provider.name(), error = %e, "checkout not started");
                let _ = self
                    .store
                    .close_order(order.id, OrderState::Failed, now)
                    .await;
                Err(e.into())
            }
        }
    }

    /// The buyer is back from `provider`'s checkout, or brings a store receipt: the order is
    /// confirmed with the provider and, when paid, granted. A payment that does not match the
    /// order is a payment failure to the buyer (and staff's to look at).
    pub async fn confirm_order(
        &self,
        order_id: i64,
        params: &HashMap<String, String>,
    ) -> ApiResult<Settled> {
        match self.confirmation(order_id, params).await? {
            Confirmation::Settled(settled) => Ok(*settled),
            Confirmation::SetAside => Err(ApiError::Invalid(Msg::PaymentFailure)),
        }
    }

    async fn confirmation(
        &self,
        order_id: i64,
        params: &HashMap<String, String>,
    ) -> ApiResult<Confirmation> {
        let order = self
            .store
            .order(order_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        // Gold pays when the order is made, so there is no provider to ask: the order is
        // answered as it stands.
        if order.pay_type == PayType::Gold {
            return match order.state {
                OrderState::Finished => {
                    Ok(Confirmation::Settled(Box::new(Settled::Finished(order))))
                }
                _ => Err(ApiError::Conflict(Msg::FinishFailed)),
            };
        }
        let provider = self.payments.for_type(order.pay_type)?.clone();
        let product = self
            .store
            .product_any(order.product_id)
            .await?
            .ok_or(ApiError::NotFound)?;
        let confirmed = provider.confirm(&order, &product, params).await;
        match confirmed {
            Ok(Confirmed::Paid(paid)) => match self.settle(&provider, &paid, params).await? {
                Settlement::Granted(order) => {
                    Ok(Confirmation::Settled(Box::new(Settled::Finished(*order))))
                }
                Settlement::SetAside => Ok(Confirmation::SetAside),
            },
            Ok(Confirmed::Pending) => Ok(Confirmation::Settled(Box::new(Settled::Pending(order)))),
            Err(PaymentError::Declined(why)) => {
                tracing::info!(
                    order = order.id,
                    provider = provider.name(),
                    why,
                    "payment declined"
                );
                let _ = self
                    .store
                    .close_order(order.id, OrderState::Failed, self.clock.unix())
                    .await;
                Err(ApiError::Invalid(Msg::PaymentFailure))
            }
            Err(e) => {
                tracing::warn!(order = order.id, provider = provider.name(), error = %e, "payment not confirmed");
                Err(e.into())
            }
        }
    }

    /// Asks the providers about orders left waiting (the buyer paid and closed the page, the
    /// notification was lost or the provider was down): paid ones are granted, expired ones
    /// closed, the rest asked again later. Run by the sweep.
    pub async fn reconcile(&self) -> anyhow::Result<()> {
        let now = self.clock.unix();
        let before = now - self.config.wallet.reconcile_after_seconds;
        for id in self.store.waiting_orders(before, 50).await? {
            match self.confirm_order(id, &HashMap::new()).await {
                Ok(Settled::Finished(_)) => tracing::info!(order = id, "a waiting order was paid"),
                Ok(Settled::Pending(_)) | Err(_) => self.store.touch_order(id, now).await?,
            }
        }
        Ok(())
    }

    /// Finishes and grants the order a provider says is paid, after checking that it is an
    /// order this provider was asked to take, for the amount and currency it says; a payment of
    /// another amount or currency is set aside for staff.
    async fn settle(
        &self,
        provider: &Provider,
        paid: &Paid,
        params: &HashMap<String, String>,
    ) -> ApiResult<Settlement> {
        let refused = |why: String| {
            tracing::warn!(
                order = paid.order_id,
                provider = provider.name(),
                why,
                "payment refused"
            );
            ApiError::Invalid(Msg::PaymentFailure)
        };
        let order = self
            .store
            .order(paid.order_id)
            .await?
            .ok_or_else(|| refused("no such order".into()))?;
        let serves = self
            .payments
            .for_type(order.pay_type)
            .is_ok_and(|p| p.name() == provider.name());
        if !serves {
            return Err(refused(format!(
                "the order is paid with {}",
                order.pay_type.as_str()
            )));
        }
        if let Some(money) = &paid.amount {
            if money.cents != order.price_cents
                || !money.currency.eq_ignore_ascii_case(&order.currency)
            {
                tracing::warn!(
                    order = order.id,
                    provider = provider.name(),
                    txn = paid.txn,
                    "paid {} {} for {} {}: set aside for staff",
                    money.cents,
                    money.currency,
                    order.price_cents,
                    order.currency
                );
                self.store
                    .set_aside(
                        order.id,
                        provider.name(),
                        &paid.txn,
                        money.cents,
                        &money.currency,
                        self.clock.unix(),
                    )
                    .await?;
                return Ok(Settlement::SetAside);
            }
        }
        // A replay of what already paid this order is answered from the read, without waiting
        // for the write lock.
        let replay =
            order.state == OrderState::Finished && order.provider_txn.as_deref() == Some(&paid.txn);
        let (order, fresh) = if replay {
            (order, false)
        } else {
            let revive = order.pay_type != PayType::Sandbox;
            self.store
                .confirm(order.id, &paid.txn, revive, self.clock.unix())
                .await
                .map_err(order_error)?
        };
        if fresh {
            tracing::info!(
                order = order.id,
                provider = provider.name(),
                txn = paid.txn,
                "order paid"
            );
        }
        // Told on every confirmation, so that a provider not told the first time (Google's
        // acknowledgement) hears it when the buyer's app asks again.
        if let Ok(Some(product)) = self.store.product_any(order.product_id).await {
            if let Err(e) = provider.granted(&order, &product, params).await {
                tracing::warn!(order = order.id, error = %e, "provider not told of the grant");
            }
        }
        Ok(Settlement::Granted(Box::new(order)))
    }

    /// A notification to `/order/webhook/{name}`: verified by its provider, then acted on. An
    /// answer other than success makes the provider send it again later; a payment set aside
    /// for staff is answered as taken.
    pub async fn notified(
        &self,
        name: &str,
        headers: &HeaderMap,
        query: &HashMap<String, String>,
        body: &[u8],
    ) -> ApiResult<()> {
        let provider = self
            .payments
            .by_name(name)
            .ok_or(ApiError::NotFound)?
            .clone();
        let events = provider.webhook(headers, query, body).await.map_err(|e| {
            tracing::warn!(provider = name, error = %e, "notification refused");
            ApiError::from(e)
        })?;
        for event in events {
            match event {
                Event::Paid(paid) => match self.settle(&provider, &paid, query).await {
                    // A finished order paid again by the same transaction is a replay: done.
                    Ok(_) | Err(ApiError::Conflict(Msg::FinishFailed)) => {}
                    Err(e) => return Err(e),
                },
                Event::Approved { order_id } => match self.confirmation(order_id, query).await {
                    Ok(_) | Err(ApiError::Conflict(Msg::FinishFailed)) => {}
                    Err(e) => return Err(e),
                },
                Event::Purchased { order_id, receipt } => {
                    let params = HashMap::from([
                        ("orderId".to_owned(), order_id.to_string()),
                        ("receipt".to_owned(), receipt),
                    ]);
                    match self.confirmation(order_id, &params).await {
                        Ok(_) | Err(ApiError::Conflict(Msg::FinishFailed)) => {}
                        Err(e) => return Err(e),
                    }
                }
                Event::Failed { order_id } => {
                    let _ = self
                        .store
                        .close_order(order_id, OrderState::Failed, self.clock.unix())
                        .await;
                }
                Event::Reversed { txn, key, amount } => {
                    let order = self.store.order_by_txn(&txn).await?;
                    let full = match (&order, &amount) {
                        (Some(order), Some(money)) => money.cents >= order.price_cents,
                        _ => true,
                    };
                    let done = self
                        .store
                        .reverse(&txn, &key, full, self.clock.unix())
                        .await
                        .map_err(order_error)?;
                    tracing::info!(provider = name, txn, key, ?done, "money went back");
                }
                Event::Ignored => {}
            }
        }
        Ok(())
    }
}
