//! Payment providers behind one trait. A provider starts a checkout for an order (a redirect
//! URL) and turns what comes back (a return URL's parameters, a signed webhook, a store receipt)
//! into a confirmation naming the order and the provider's own transaction id; fulfilment is
//! the store's, idempotent by that id. `sandbox` is the TEST checkout of the demo; PayPal,
//! Stripe (card, pay later), Apple and Google adapters plug in here with their credentials.

use std::collections::HashMap;

use crate::api::error::ApiError;
use crate::config::Config;
use crate::i18n::Msg;
use crate::wallet::model::{OrderRow, PayType};

/// What a provider confirms: this order is paid by this transaction of theirs.
pub struct Confirmation {
    pub order_id: i64,
    pub provider_txn: String,
}

pub trait PaymentProvider {
    /// Where the buyer goes to pay.
    fn checkout_url(&self, order: &OrderRow) -> String;
    /// Checks a return (query parameters, body) and names the paid order.
    fn confirm(
        &self,
        order: &OrderRow,
        params: &HashMap<String, String>,
    ) -> Result<Confirmation, ApiError>;
}

/// The TEST checkout: a page of our own app where the buyer approves or declines. The order's
/// random checkout token proves the return comes from that page.
pub struct Sandbox {
    /// The app's address, where the checkout page is.
    public_url: String,
}

impl PaymentProvider for Sandbox {
    fn checkout_url(&self, order: &OrderRow) -> String {
        format!(
            "{}/pages/recharge/recharge?sandboxOrder={}&token={}",
            self.public_url.trim_end_matches('/'),
            order.id,
            order.checkout
        )
    }

    fn confirm(
        &self,
        order: &OrderRow,
        params: &HashMap<String, String>,
    ) -> Result<Confirmation, ApiError> {
        let token = params.get("token").map(String::as_str).unwrap_or_default();
        if token.is_empty()
            || !crate::account::token::constant_time_eq(token.as_bytes(), order.checkout.as_bytes())
        {
            return Err(ApiError::Invalid(Msg::PaymentFailure));
        }
        Ok(Confirmation {
            order_id: order.id,
            provider_txn: format!("sandbox:{token}"),
        })
    }
}

/// The provider of a pay type, when this installation has one.
pub fn provider(
    config: &Config,
    pay_type: PayType,
) -> Result<Box<dyn PaymentProvider + Send + Sync>, ApiError> {
    match pay_type {
        PayType::Sandbox if config.wallet.sandbox || config.demo => Ok(Box::new(Sandbox {
            public_url: config.public_url.clone(),
        })),
        _ => Err(ApiError::Invalid(Msg::PayTypeUnavailable)),
    }
}
