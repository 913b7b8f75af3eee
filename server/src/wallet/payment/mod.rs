//! Payment providers behind one trait (DESIGN.md sections 5 and 9).
//!
//! A provider starts a checkout for an order (where the buyer goes, and the provider's own
//! reference for it), and turns what comes back into what was paid: a return URL's parameters
//! or a store receipt ([`PaymentProvider::confirm`]) and its signed notifications
//! ([`PaymentProvider::webhook`]). It only reads and verifies; what a payment grants is the
//! wallet's ([`crate::wallet::settle`]), exactly once by the provider's transaction id, on the
//! first of return or webhook.
//!
//! `sandbox` is the TEST checkout of the demo; PayPal, Stripe (card and pay later), Apple and
//! Google are on when `[payments.*]` names their credentials.

pub mod apple;
pub mod google;
mod http;
pub mod paypal;
pub mod sandbox;
pub mod stripe;

use std::collections::HashMap;
use std::sync::Arc;

use axum::http::HeaderMap;

use crate::api::error::ApiError;
use crate::config::Config;
use crate::i18n::Msg;
use crate::wallet::model::{OrderRow, PayType, ProductRow};

/// Where the buyer goes to pay, and the provider's reference for this checkout (a PayPal
/// order, a Stripe Checkout Session) that the return and the webhooks name.
#[derive(Debug, Clone)]
pub struct Checkout {
    pub url: String,
    pub reference: Option<String>,
}

/// Where a checkout sends the buyer back to: our recharge page.
#[derive(Debug, Clone)]
pub struct Returns {
    /// The app's address (`public_url`).
    pub base: String,
}

impl Returns {
    /// The page the buyer lands on after paying with `provider`, naming the order.
    pub fn paid(&self, provider: &str, order_id: i64) -> String {
        format!(
            "{}/pages/recharge/recharge?payReturn={provider}&orderId={order_id}",
            self.base.trim_end_matches('/')
        )
    }

    /// The page the buyer lands on after turning back.
    pub fn cancelled(&self, provider: &str, order_id: i64) -> String {
        format!(
            "{}/pages/recharge/recharge?payCancel={provider}&orderId={order_id}",
            self.base.trim_end_matches('/')
        )
    }
}

/// A payment the provider vouches for: this order, paid by this transaction of theirs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paid {
    pub order_id: i64,
    /// The provider's transaction, prefixed with the provider's name (`stripe:pi_...`): the
    /// key that credits once.
    pub txn: String,
    /// What was paid, where the provider says so in the order's terms; checked against the
    /// order before anything is granted. Stores (Apple, Google) price in the buyer's country
    /// and say `None`: the product they name is checked instead.
    pub amount: Option<Money>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Money {
    pub cents: i64,
    /// ISO 4217, any case.
    pub currency: String,
}

/// What a confirmation found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirmed {
    Paid(Paid),
    /// The buyer finished at the provider but the money is not there yet (pay later, a bank
    /// transfer): the webhook will say.
    Pending,
}

/// What a verified notification says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Paid(Paid),
    /// The buyer approved at the provider and the payment is ours to take (PayPal): the
    /// wallet confirms the order as on return.
    Approved {
        order_id: i64,
    },
    /// A store says a purchase was made for this order (Google's notification): the wallet
    /// confirms the order as when the app brings this receipt.
    Purchased {
        order_id: i64,
        receipt: String,
    },
    /// The payment of this order failed after all.
    Failed {
        order_id: i64,
    },
    /// The money went back (refund, reversal, dispute): take the credit back, once per `key`.
    /// A refund of less than the price (`amount`) is the operator's gesture: recorded, and the
    /// purchase stands.
    Reversed {
        txn: String,
        key: String,
        amount: Option<Money>,
    },
    /// Nothing for us.
    Ignored,
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The provider refused the payment (a declined card, an expired checkout).
    #[error("the payment was declined: {0}")]
    Declined(String),
    /// What came is not the provider's, or not about this order: a bad signature, an old
    /// timestamp, another order's receipt.
    #[error("refused: {0}")]
    Refused(String),
    /// The provider did not answer as it should; nothing changed, worth trying again.
    #[error("the provider is unavailable: {0}")]
    Unavailable(String),
}

impl From<PaymentError> for ApiError {
    fn from(e: PaymentError) -> Self {
        match e {
            PaymentError::Declined(_) | PaymentError::Refused(_) => {
                ApiError::Invalid(Msg::PaymentFailure)
            }
            PaymentError::Unavailable(_) => ApiError::Unavailable(Msg::PaymentProviderUnavailable),
        }
    }
}

#[async_trait::async_trait]
pub trait PaymentProvider: Send + Sync {
    /// The provider's name in webhook paths and transaction ids.
    fn name(&self) -> &'static str;

    /// Starts a checkout for an unfinished order.
    async fn start(
        &self,
        order: &OrderRow,
        product: &ProductRow,
        returns: &Returns,
    ) -> Result<Checkout, PaymentError>;

    /// The buyer is back (the return page's parameters) or brings a store receipt: what the
    /// provider says of this order. Called again, it answers the same.
    async fn confirm(
        &self,
        order: &OrderRow,
        product: &ProductRow,
        params: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError>;

    /// A notification, verified before anything in it is believed.
    async fn webhook(
        &self,
        headers: &HeaderMap,
        query: &HashMap<String, String>,
        body: &[u8],
    ) -> Result<Vec<Event>, PaymentError>;

    /// After an order was granted, and again whenever its payment is confirmed anew: what the
    /// provider wants told (Google's acknowledgement), told until it took it.
    async fn granted(
        &self,
        _order: &OrderRow,
        _product: &ProductRow,
        _params: &HashMap<String, String>,
    ) -> Result<(), PaymentError> {
        Ok(())
    }
}

pub type Provider = Arc<dyn PaymentProvider>;

/// The providers this installation has, by pay type (and by name, for webhooks).
#[derive(Clone, Default)]
pub struct Payments {
    by_type: HashMap<PayType, Provider>,
}

impl Payments {
    /// The providers the configuration turns on; a provider named but half configured (a key
    /// without its webhook secret, an unreadable certificate) stops the start.
    pub fn from_config(config: &Config) -> anyhow::Result<Payments> {
        let mut by_type: HashMap<PayType, Provider> = HashMap::new();
        if config.wallet.sandbox || config.demo {
            by_type.insert(PayType::Sandbox, Arc::new(sandbox::Sandbox));
        }
        if let Some(p) = paypal::PayPal::from_config(&config.payments.paypal)? {
            by_type.insert(PayType::Paypal, Arc::new(p));
        }
        if let Some(s) = stripe::Stripe::from_config(&config.payments.stripe)? {
            let s: Provider = Arc::new(s);
            by_type.insert(PayType::Card, s.clone());
            by_type.insert(PayType::Paylater, s);
        }
        if let Some(a) = apple::Apple::from_config(&config.payments.apple)? {
            by_type.insert(PayType::Apple, Arc::new(a));
        }
        if let Some(g) = google::Google::from_config(&config.payments.google)? {
            by_type.insert(PayType::Google, Arc::new(g));
        }
        Ok(Payments { by_type })
    }

    /// The provider of a pay type, when this installation has one.
    pub fn for_type(&self, pay_type: PayType) -> Result<&Provider, ApiError> {
        self.by_type
            .get(&pay_type)
            .ok_or(ApiError::Invalid(Msg::PayTypeUnavailable))
    }

    /// The provider whose webhooks come to `/order/webhook/{name}`.
    pub fn by_name(&self, name: &str) -> Option<&Provider> {
        self.by_type.values().find(|p| p.name() == name)
    }

    /// The pay types offered, in the order the payment sheet shows them; gold always.
    pub fn pay_types(&self) -> Vec<PayType> {
        PayType::OFFERED
            .into_iter()
            .filter(|t| *t == PayType::Gold || self.by_type.contains_key(t))
            .collect()
    }
}

/// A product's price as a provider is asked for it: "19.99" for 1999 cents (the catalogue's
/// currencies have two decimals).
pub fn decimal(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// "19.99" as 1999 cents; anything else (more decimals, signs, words) is `None`.
pub fn cents(decimal: &str) -> Option<i64> {
    let (whole, frac) = decimal.split_once('.').unwrap_or((decimal, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 2
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let frac: i64 = format!("{frac:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(frac)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_read_and_written_as_decimals() {
        assert_eq!(decimal(1999), "19.99");
        assert_eq!(decimal(500), "5.00");
        assert_eq!(decimal(7), "0.07");
        assert_eq!(cents("19.99"), Some(1999));
        assert_eq!(cents("5"), Some(500));
        assert_eq!(cents("5.5"), Some(550));
        for bad in ["", "-1.00", "1.999", "1,00", ".5", "1e3", "x"] {
            assert_eq!(cents(bad), None, "{bad}");
        }
    }
}
