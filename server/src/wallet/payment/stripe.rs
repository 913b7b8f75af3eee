//! Stripe Checkout for `card` and `paylater`: a Checkout Session per order, confirmed by
//! reading the session back on return and by the signed `checkout.session.*` webhooks;
//! `charge.refunded` and `charge.dispute.created` take the credit back.
//!
//! Webhooks are verified as Stripe documents: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=...]`,
//! HMAC-SHA256 of `"<t>.<body>"` under the endpoint's signing secret, compared in constant time
//! against every `v1`, and the timestamp no older than the tolerance (a replay is refused).

use std::collections::HashMap;

use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use sha2::Sha256;

use crate::config::StripeSettings;
use crate::wallet::model::{OrderRow, PayType, ProductRow};
use crate::wallet::payment::http::{self, unreachable};
use crate::wallet::payment::{
    Checkout, Confirmed, Event, Money, Paid, PaymentError, PaymentProvider, Returns,
};

pub struct Stripe {
    api: String,
    secret_key: SecretString,
    webhook_secret: SecretString,
    paylater_methods: Vec<String>,
    tolerance: i64,
    http: reqwest::Client,
}

/// A Checkout Session, as much of it as we read.
#[derive(Debug, Deserialize)]
struct Session {
    id: String,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    client_reference_id: Option<String>,
    /// `paid`, `unpaid` or `no_payment_required`.
    #[serde(default)]
    payment_status: String,
    /// `open`, `complete` or `expired`.
    #[serde(default)]
    status: String,
    #[serde(default)]
    amount_total: Option<i64>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default)]
    payment_intent: Option<String>,
}

impl Session {
    fn order_id(&self) -> Option<i64> {
        self.client_reference_id.as_deref()?.parse().ok()
    }

    /// What the session says of its order.
    fn confirmed(&self) -> Result<Confirmed, PaymentError> {
        let order_id = self
            .order_id()
            .ok_or_else(|| PaymentError::Refused(format!("session {} names no order", self.id)))?;
        match (self.status.as_str(), self.payment_status.as_str()) {
            (_, "paid") => {
                let intent = self.payment_intent.as_deref().ok_or_else(|| {
                    PaymentError::Unavailable(format!(
                        "paid session {} without its payment",
                        self.id
                    ))
                })?;
                Ok(Confirmed::Paid(Paid {
                    order_id,
                    txn: format!("stripe:{intent}"),
                    amount: Some(Money {
                        cents: self.amount_total.unwrap_or(-1),
                        currency: self.currency.clone().unwrap_or_default(),
                    }),
                }))
            }
            ("expired", _) => Err(PaymentError::Declined(format!(
                "session {} expired",
                self.id
            ))),
            _ => Ok(Confirmed::Pending),
        }
    }
}

#[derive(Debug, Deserialize)]
struct Notification {
    #[serde(rename = "type")]
    kind: String,
    data: NotificationData,
}

#[derive(Debug, Deserialize)]
struct NotificationData {
    object: serde_json::Value,
}

impl Stripe {
    /// On when a secret key is given; the webhook's signing secret must come with it.
    pub fn from_config(s: &StripeSettings) -> anyhow::Result<Option<Stripe>> {
        let Some(secret_key) = s.secret_key.clone() else {
            return Ok(None);
        };
        let webhook_secret = s.webhook_secret.clone().ok_or_else(|| {
            anyhow::anyhow!(
                "payments.stripe.secret_key is set without payments.stripe.webhook_secret"
            )
        })?;
        Ok(Some(Stripe {
            api: s.api_url.trim_end_matches('/').to_owned(),
            secret_key,
            webhook_secret,
            paylater_methods: s.paylater_methods.clone(),
            tolerance: s.webhook_tolerance_seconds,
            http: http::client(),
        }))
    }

    async fn session(&self, id: &str) -> Result<Session, PaymentError> {
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(PaymentError::Refused("not a session id".into()));
        }
        let response = self
            .http
            .get(format!("{}/v1/checkout/sessions/{id}", self.api))
            .bearer_auth(self.secret_key.expose_secret())
            .send()
            .await
            .map_err(unreachable)?;
        http::found(response, &format!("session {id}")).await
    }

    /// Checks `Stripe-Signature` over the raw body at `now`.
    fn verify(&self, header: &str, body: &[u8], now: i64) -> Result<(), PaymentError> {
        let mut timestamp = None;
        let mut signatures = Vec::new();
        for part in header.split(',') {
            match part.trim().split_once('=') {
                Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
                Some(("v1", v)) => signatures.extend(hex::decode(v).ok()),
                _ => {}
            }
        }
        let t = timestamp.ok_or_else(|| PaymentError::Refused("no timestamp".into()))?;
        if now - t > self.tolerance || t - now > self.tolerance {
            return Err(PaymentError::Refused(format!(
                "timestamp {t} outside the tolerance"
            )));
        }
        let signed = |candidate: &[u8]| {
            let Ok(mut mac) =
                Hmac::<Sha256>::new_from_slice(self.webhook_secret.expose_secret().as_bytes())
            else {
                return false;
            };
            mac.update(t.to_string().as_bytes());
            mac.update(b".");
            mac.update(body);
            mac.verify_slice(candidate).is_ok()
        };
        if signatures.iter().any(|s| signed(s)) {
            Ok(())
        } else {
            Err(PaymentError::Refused("no signature matches".into()))
        }
    }
}

#[async_trait::async_trait]
impl PaymentProvider for Stripe {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn start(
        &self,
        order: &OrderRow,
        product: &ProductRow,
        returns: &Returns,
    ) -> Result<Checkout, PaymentError> {
        let id = order.id.to_string();
        let mut form: Vec<(String, String)> = vec![
            ("mode".into(), "payment".into()),
            ("client_reference_id".into(), id.clone()),
            ("metadata[order_id]".into(), id.clone()),
            ("payment_intent_data[metadata][order_id]".into(), id.clone()),
            ("line_items[0][quantity]".into(), "1".into()),
            (
                "line_items[0][price_data][currency]".into(),
                order.currency.to_ascii_lowercase(),
            ),
            (
                "line_items[0][price_data][unit_amount]".into(),
                order.price_cents.to_string(),
            ),
            (
                "line_items[0][price_data][product_data][name]".into(),
                format!("Amora {}", product.code),
            ),
            (
                "success_url".into(),
                format!(
                    "{}&session_id={{CHECKOUT_SESSION_ID}}",
                    returns.paid("stripe", order.id)
                ),
            ),
            ("cancel_url".into(), returns.cancelled("stripe", order.id)),
        ];
        let methods = match order.pay_type {
            PayType::Paylater => self.paylater_methods.clone(),
            _ => vec!["card".to_owned()],
        };
        for (i, m) in methods.into_iter().enumerate() {
            form.push((format!("payment_method_types[{i}]"), m));
        }
        let response = self
            .http
            .post(format!("{}/v1/checkout/sessions", self.api))
            .bearer_auth(self.secret_key.expose_secret())
            .header("Idempotency-Key", format!("amora-order-{}", order.id))
            .form(&form)
            .send()
            .await
            .map_err(unreachable)?;
        let session: Session = http::expect(response).await?;
        let url = session.url.ok_or_else(|| {
            PaymentError::Unavailable(format!("session {} has no url", session.id))
        })?;
        Ok(Checkout {
            url,
            reference: Some(session.id),
        })
    }

    async fn confirm(
        &self,
        order: &OrderRow,
        _product: &ProductRow,
        _params: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError> {
        // The session is the one this order started, whatever the return's parameters say.
        let id = order
            .provider_ref
            .as_deref()
            .ok_or_else(|| PaymentError::Refused("the order has no checkout session".into()))?;
        let session = self.session(id).await?;
        if session.order_id() != Some(order.id) {
            return Err(PaymentError::Refused(format!(
                "session {id} is another order's"
            )));
        }
        session.confirmed()
    }

    async fn webhook(
        &self,
        headers: &HeaderMap,
        _query: &HashMap<String, String>,
        body: &[u8],
    ) -> Result<Vec<Event>, PaymentError> {
        let header = headers
            .get("stripe-signature")
            .and_then(|v| v.to_str().ok())
            .ok_or_else(|| PaymentError::Refused("no Stripe-Signature".into()))?;
        self.verify(header, body, chrono::Utc::now().timestamp())?;
        let note: Notification = serde_json::from_slice(body)
            .map_err(|e| PaymentError::Refused(format!("unreadable event: {e}")))?;
        let object = note.data.object;
        let text = |key: &str| object.get(key).and_then(|v| v.as_str()).map(str::to_owned);
        let event = match note.kind.as_str() {
            "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
                let session: Session = serde_json::from_value(object.clone())
                    .map_err(|e| PaymentError::Refused(format!("unreadable session: {e}")))?;
                match session.confirmed() {
                    Ok(Confirmed::Paid(paid)) => Event::Paid(paid),
                    Ok(Confirmed::Pending) | Err(_) => Event::Ignored,
                }
            }
            "checkout.session.async_payment_failed" | "checkout.session.expired" => {
                match text("client_reference_id").and_then(|id| id.parse().ok()) {
                    Some(order_id) => Event::Failed { order_id },
                    None => Event::Ignored,
                }
            }
            // Each refund of a charge raises its `amount_refunded`: a refund's key is the charge
            // with what it has refunded so far, the same in every retry of its event.
            "charge.refunded" => match (text("payment_intent"), text("id")) {
                (Some(intent), Some(charge)) => Event::Reversed {
                    txn: format!("stripe:{intent}"),
                    key: format!("stripe-refund:{charge}:{}", object["amount_refunded"]),
                    amount: Some(Money {
                        cents: object["amount_refunded"].as_i64().unwrap_or(0),
                        currency: text("currency").unwrap_or_default(),
                    }),
                },
                _ => Event::Ignored,
            },
            "charge.dispute.created" => match (text("payment_intent"), text("id")) {
                (Some(intent), Some(dispute)) => Event::Reversed {
                    txn: format!("stripe:{intent}"),
                    key: format!("stripe-dispute:{dispute}"),
                    amount: None,
                },
                _ => Event::Ignored,
            },
            _ => Event::Ignored,
        };
        Ok(vec![event])
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn stripe() -> Stripe {
        Stripe::from_config(&StripeSettings {
            secret_key: Some("sk_test".to_owned().into()),
            webhook_secret: Some("whsec_test".to_owned().into()),
            ..StripeSettings::default()
        })
        .unwrap()
        .unwrap()
    }

    fn sign(t: i64, body: &str, secret: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(format!("{t}.{body}").as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    #[test]
    fn a_signature_is_checked_against_every_v1_and_the_clock() {
        let s = stripe();
        let body = r#"{"type":"x","data":{"object":{}}}"#;
        let good = sign(1000, body, "whsec_test");
        let other = sign(1000, body, "whsec_other");
        assert!(s
            .verify(&format!("t=1000,v1={good}"), body.as_bytes(), 1000)
            .is_ok());
        // Several v1 values (a secret being rolled): one matching is enough.
        assert!(s
            .verify(
                &format!("t=1000,v1={other},v1={good}"),
                body.as_bytes(),
                1100
            )
            .is_ok());
        assert!(s
            .verify(&format!("t=1000,v1={other}"), body.as_bytes(), 1000)
            .is_err());
        assert!(s.verify(&format!("t=1000,v1={good}"), b"{}", 1000).is_err());
        assert!(s
            .verify(&format!("t=1000,v1={good}"), body.as_bytes(), 1301)
            .is_err());
        assert!(s
            .verify(&format!("v1={good}"), body.as_bytes(), 1000)
            .is_err());
        assert!(s
            .verify(&format!("t=1000,v0={good}"), body.as_bytes(), 1000)
            .is_err());
    }
}
