//! The TEST checkout: a page of our own app where the buyer approves or declines. The order's
//! random checkout token proves the return comes from that page. On only with
//! `wallet.sandbox` or in demo mode.

use std::collections::HashMap;

use axum::http::HeaderMap;

use crate::account::token::constant_time_eq;
use crate::wallet::model::{OrderRow, ProductRow};
use crate::wallet::payment::{
    Checkout, Confirmed, Event, Paid, PaymentError, PaymentProvider, Returns,
};

pub struct Sandbox;

#[async_trait::async_trait]
impl PaymentProvider for Sandbox {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    async fn start(
        &self,
        order: &OrderRow,
        _product: &ProductRow,
        returns: &Returns,
    ) -> Result<Checkout, PaymentError> {
        Ok(Checkout {
            url: format!(
                "{}/pages/recharge/recharge?sandboxOrder={}&token={}",
                returns.base.trim_end_matches('/'),
                order.id,
                order.checkout
            ),
            reference: None,
        })
    }

    async fn confirm(
        &self,
        order: &OrderRow,
        _product: &ProductRow,
        params: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError> {
        let token = params.get("token").map(String::as_str).unwrap_or_default();
        if token.is_empty() || !constant_time_eq(token.as_bytes(), order.checkout.as_bytes()) {
            return Err(PaymentError::Refused("not the checkout's token".into()));
        }
        Ok(Confirmed::Paid(Paid {
            order_id: order.id,
            txn: format!("sandbox:{token}"),
            amount: None,
        }))
    }

    async fn webhook(
        &self,
        _headers: &HeaderMap,
        _query: &HashMap<String, String>,
        _body: &[u8],
    ) -> Result<Vec<Event>, PaymentError> {
        Err(PaymentError::Refused(
            "the test checkout sends no notifications".into(),
        ))
    }
}
