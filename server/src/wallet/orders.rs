//! A person's orders: made (gold pays at once, other methods start a checkout), returned from
//! a checkout or a store, cancelled.

use std::collections::HashMap;

use crate::account::token::constant_time_eq;
use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::wallet::forms::{CreateOrderQuery, StoreReceipt};
use crate::wallet::model::{OrderRow, OrderState, PayType};
use crate::wallet::settle::{order_error, Settled};
use crate::wallet::Wallet;

/// The order a provider's return or a receipt names (`orderId`).
fn order_id(params: &HashMap<String, String>) -> ApiResult<i64> {
    params
        .get("orderId")
        .and_then(|v| v.parse().ok())
        .ok_or(ApiError::NotFound)
}

impl Wallet {
    /// Makes an order: paid with gold at once (finished), or a checkout started (pending).
    pub async fn create_order(&self, me: &Session, q: &CreateOrderQuery) -> ApiResult<Settled> {
        let pay_type = q
            .pay_type
            .as_deref()
            .and_then(PayType::from_db)
            .ok_or(ApiError::Invalid(Msg::PayTypeUnavailable))?;
        let product = self
            .store
            .product(q.product_id.ok_or(ApiError::NotFound)?)
            .await?
            .ok_or(ApiError::NotFound)?;
        let now = self.clock.unix();
        if pay_type == PayType::Gold {
            if product.price_coins.is_none() {
                return Err(ApiError::Invalid(Msg::NotPayableWithGold));
            }
            let order = self
                .store
                .create_order(me.user_id, &product, PayType::Gold, "", now)
                .await
                .map_err(order_error)?;
            return match self.store.pay_with_gold(order.id, now).await {
                Ok(paid) => {
                    let paid = self.store.order(paid.id).await?.unwrap_or(paid);
                    Ok(Settled::Finished(paid))
                }
                Err(e) => {
                    // Nothing moved; the order is closed as failed so another can be made.
                    let _ = self
                        .store
                        .close_order(order.id, OrderState::Failed, now)
                        .await;
                    Err(order_error(e))
                }
            };
        }
        let order = self.start_checkout(me.user_id, &product, pay_type).await?;
        Ok(Settled::Pending(order))
    }

    /// My unfinished order, if there is one.
    pub async fn unfinished_order(&self, me: i64) -> ApiResult<Option<OrderRow>> {
        Ok(self.store.unfinished_order(me).await?)
    }

    /// A provider's return, for the order it names.
    pub async fn order_returned(&self, params: &HashMap<String, String>) -> ApiResult<Settled> {
        self.confirm_order(order_id(params)?, params).await
    }

    /// PayPal's return: the approved PayPal order is captured and ours granted.
    pub async fn paypal_returned(&self, params: &HashMap<String, String>) -> ApiResult<Settled> {
        self.payments.for_type(PayType::Paypal)?;
        self.order_returned(params).await
    }

    /// A store receipt for one of my orders of `pay_type`: verified by the store, then granted.
    pub async fn store_receipt(
        &self,
        me: &Session,
        pay_type: PayType,
        receipt: &StoreReceipt,
    ) -> ApiResult<Settled> {
        // Someone else's order is not there for me, whatever the store.
        let order_id = receipt.order_id.ok_or(ApiError::NotFound)?;
        let order = self.store.order(order_id).await?;
        let order = order
            .filter(|o| o.user_id == me.user_id)
            .ok_or(ApiError::NotFound)?;
        self.payments.for_type(pay_type)?;
        if order.pay_type != pay_type {
            return Err(ApiError::NotFound);
        }
        let params = HashMap::from([
            ("orderId".to_owned(), order_id.to_string()),
            (
                "receipt".to_owned(),
                receipt.receipt.clone().unwrap_or_default(),
            ),
        ]);
        self.order_returned(&params).await
    }

    /// The buyer turned back: the order is cancelled. Its owner's session or the checkout's
    /// token says who may.
    pub async fn cancel_order(
        &self,
        me: Option<Session>,
        params: &HashMap<String, String>,
    ) -> ApiResult<OrderRow> {
        let order = self
            .store
            .order(order_id(params)?)
            .await?
            .ok_or(ApiError::NotFound)?;
        let token = params.get("token").map(String::as_str).unwrap_or_default();
        let owner = me.is_some_and(|me| me.user_id == order.user_id);
        let holds_token =
            !token.is_empty() && constant_time_eq(token.as_bytes(), order.checkout.as_bytes());
        if !owner && !holds_token {
            return Err(ApiError::Invalid(Msg::PaymentFailure));
        }
        self.store
            .close_order(order.id, OrderState::Cancelled, self.clock.unix())
            .await
            .map_err(order_error)
    }
}
