//! The App Store (`payType=apple`): the app pays in StoreKit 2, naming the order by its
//! `accountToken` (StoreKit's `appAccountToken`), and sends the signed transaction
//! (`signedTransactionInfo`) to `order/iospay`. App Store Server Notifications V2 tell of
//! refunds and revocations. Nothing is asked of Apple: everything it says comes signed, and is
//! believed once verified up to the configured Apple root ([`jws`]).
//!
//! A purchase credits under its own `transactionId`. StoreKit 2 keeps that id for the purchase
//! however often it is delivered or restored, while the `originalTransactionId` names an
//! auto-renewable subscription across all its payments (renewals, a new subscription after a
//! lapse): as the key of one order's payment it would refuse a later, real payment.

mod jws;

use std::collections::HashMap;

use axum::http::HeaderMap;
use serde::Deserialize;

use crate::config::AppleSettings;
use crate::wallet::model::{OrderRow, ProductKind, ProductRow};
use crate::wallet::payment::{
    Checkout, Confirmed, Event, Paid, PaymentError, PaymentProvider, Returns,
};

use jws::AppleRoot;

pub struct Apple {
    bundle_id: String,
    product_prefix: String,
    accept_sandbox: bool,
    root: AppleRoot,
}

/// A signed transaction (`JWSTransactionDecodedPayload`), as much of it as we read.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Transaction {
    transaction_id: String,
    bundle_id: String,
    product_id: String,
    /// `Consumable`, `Non-Consumable`, `Non-Renewing Subscription` or
    /// `Auto-Renewable Subscription`.
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    app_account_token: Option<String>,
    /// `Production` or `Sandbox`.
    environment: String,
    /// Set when Apple refunded the purchase or took it back.
    #[serde(default)]
    revocation_date: Option<i64>,
}

impl Transaction {
    fn txn(&self) -> String {
        format!("apple:{}", self.transaction_id)
    }
}

/// A signed notification (`responseBodyV2DecodedPayload`), as much of it as we read.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Notification {
    notification_type: String,
    #[serde(rename = "notificationUUID")]
    notification_uuid: String,
    #[serde(default)]
    data: Option<NotificationData>,
    /// What summary notifications carry instead of `data`.
    #[serde(default)]
    summary: Option<NotificationData>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct NotificationData {
    #[serde(default)]
    bundle_id: Option<String>,
    #[serde(default)]
    signed_transaction_info: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct NotificationBody {
    signed_payload: String,
}

fn refused(why: impl Into<String>) -> PaymentError {
    PaymentError::Refused(why.into())
}

impl Apple {
    /// On when a bundle id is given; Apple's root certificate must come with it, readable.
    pub fn from_config(s: &AppleSettings) -> anyhow::Result<Option<Apple>> {
        let Some(bundle_id) = s.bundle_id.clone() else {
            return Ok(None);
        };
        let path = s.root_certificate.as_deref().ok_or_else(|| {
            anyhow::anyhow!(
                "payments.apple.bundle_id is set without payments.apple.root_certificate"
            )
        })?;
        Ok(Some(Apple {
            bundle_id,
            product_prefix: s.product_prefix.clone(),
            accept_sandbox: s.accept_sandbox,
            root: AppleRoot::read(path)?,
        }))
    }

    /// A signed transaction of our app, verified.
    fn transaction(&self, jws: &str) -> Result<Transaction, PaymentError> {
        let payload = self.root.verify(jws).map_err(|e| refused(e.0))?;
        let t: Transaction = serde_json::from_value(payload)
            .map_err(|e| refused(format!("unreadable transaction: {e}")))?;
        if t.bundle_id != self.bundle_id {
            return Err(refused(format!(
                "transaction {} is of the app {}",
                t.transaction_id, t.bundle_id
            )));
        }
        Ok(t)
    }

    /// Whether purchases of this App Store environment count.
    fn takes(&self, environment: &str) -> bool {
        environment == "Production" || (environment == "Sandbox" && self.accept_sandbox)
    }

    /// The App Store product id our product is sold under.
    fn product_id(&self, product: &ProductRow) -> String {
        format!("{}{}", self.product_prefix, product.code)
    }
}

/// Whether the App Store product type is how a product of this kind is sold: memberships as
/// subscriptions, coins and characters as consumables.
fn sold_as(product: &ProductRow, kind: &str) -> bool {
    match product.kind {
        ProductKind::Member => matches!(
            kind,
            "Non-Renewing Subscription" | "Auto-Renewable Subscription"
        ),
        _ => kind == "Consumable",
    }
}

#[async_trait::async_trait]
impl PaymentProvider for Apple {
    fn name(&self) -> &'static str {
        "apple"
    }

    /// Nothing to start: the app pays in StoreKit, with the order's `accountToken`.
    async fn start(
        &self,
        _order: &OrderRow,
        _product: &ProductRow,
        _returns: &Returns,
    ) -> Result<Checkout, PaymentError> {
        Ok(Checkout {
            url: String::new(),
            reference: None,
        })
    }

    /// The app's signed transaction (`receipt`) pays this order when it is our app's purchase
    /// of this product, made for this order.
    async fn confirm(
        &self,
        order: &OrderRow,
        product: &ProductRow,
        params: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError> {
        let jws = params
            .get("receipt")
            .map(String::as_str)
            .unwrap_or_default();
        if jws.is_empty() {
            return Err(refused("no signed transaction"));
        }
        let t = self.transaction(jws)?;
        let id = &t.transaction_id;
        if !self.takes(&t.environment) {
            return Err(refused(format!(
                "transaction {id} is of the {} environment",
                t.environment
            )));
        }
        if t.product_id != self.product_id(product) {
            return Err(refused(format!(
                "transaction {id} bought {}, not {}",
                t.product_id,
                self.product_id(product)
            )));
        }
        if !sold_as(product, &t.kind) {
            return Err(refused(format!(
                "transaction {id} is a {} purchase",
                t.kind
            )));
        }
        let token = order.account_token();
        if !t
            .app_account_token
            .as_deref()
            .is_some_and(|named| named.eq_ignore_ascii_case(&token))
        {
            return Err(refused(format!("transaction {id} is another order's")));
        }
        if t.revocation_date.is_some() {
            return Err(refused(format!("transaction {id} was taken back")));
        }
        Ok(Confirmed::Paid(Paid {
            order_id: order.id,
            txn: t.txn(),
            amount: None,
        }))
    }

    /// A V2 server notification (`{"signedPayload": ...}`): a refund or a revocation takes the
    /// purchase it names back; everything else is nothing for us.
    async fn webhook(
        &self,
        _headers: &HeaderMap,
        _query: &HashMap<String, String>,
        body: &[u8],
    ) -> Result<Vec<Event>, PaymentError> {
        let body: NotificationBody = serde_json::from_slice(body)
            .map_err(|e| refused(format!("unreadable notification: {e}")))?;
        let payload = self
            .root
            .verify(&body.signed_payload)
            .map_err(|e| refused(e.0))?;
        let note: Notification = serde_json::from_value(payload)
            .map_err(|e| refused(format!("unreadable notification: {e}")))?;
        let data = note.data.or(note.summary).unwrap_or_default();
        if let Some(bundle) = data.bundle_id.as_deref() {
            if bundle != self.bundle_id {
                return Err(refused(format!("a notification of the app {bundle}")));
            }
        }
        let event = match note.notification_type.as_str() {
            "REFUND" | "REVOKE" => {
                let jws = data.signed_transaction_info.as_deref().ok_or_else(|| {
                    refused(format!(
                        "{} {} names no transaction",
                        note.notification_type, note.notification_uuid
                    ))
                })?;
                let t = self.transaction(jws)?;
                if self.takes(&t.environment) {
                    Event::Reversed {
                        txn: t.txn(),
                        key: format!("apple:{}", note.notification_uuid),
                        amount: None,
                    }
                } else {
                    // A purchase of an environment we do not take never credited anything.
                    Event::Ignored
                }
            }
            _ => Event::Ignored,
        };
        Ok(vec![event])
    }
}
