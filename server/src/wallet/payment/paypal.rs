//! PayPal Orders v2: an order at PayPal for ours (intent CAPTURE), approved by the buyer at
//! PayPal, captured by us on their return or on the `CHECKOUT.ORDER.APPROVED` webhook, whichever
//! comes first; `PAYMENT.CAPTURE.COMPLETED` credits too, and `PAYMENT.CAPTURE.REFUNDED` /
//! `REVERSED` take the credit back.
//!
//! Webhooks are verified with PayPal's own `verify-webhook-signature` call (the transmission
//! headers, our webhook id and the event exactly as received, byte for byte: PayPal checks its
//! signature over what it sent, which a re-serialised copy is not); nothing in an event is
//! believed before PayPal says SUCCESS. Requests carry `PayPal-Request-Id`, so a retried create
//! or capture is the same one at PayPal. An access token PayPal stops taking before its expiry
//! (revoked, the secret rotated) is dropped on the first 401 and the call made once more with a
//! new one.

use std::collections::HashMap;

use axum::http::HeaderMap;
use base64::Engine;
use reqwest::{RequestBuilder, Response, StatusCode};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{json, Value};

use crate::config::PayPalSettings;
use crate::wallet::model::{OrderRow, ProductRow};
use crate::wallet::payment::http::{self, unreachable, TokenCache};
use crate::wallet::payment::{
    cents, decimal, Checkout, Confirmed, Event, Money, Paid, PaymentError, PaymentProvider, Returns,
};

pub struct PayPal {
    api: String,
    client_id: String,
    secret: SecretString,
    webhook_id: String,
    token: TokenCache,
    http: reqwest::Client,
}

#[derive(Debug, Deserialize)]
struct AccessToken {
    access_token: String,
    expires_in: u64,
}

#[derive(Debug, Deserialize)]
struct Link {
    href: String,
    rel: String,
}

#[derive(Debug, Deserialize)]
struct Order {
    id: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    links: Vec<Link>,
    #[serde(default)]
    purchase_units: Vec<PurchaseUnit>,
}

#[derive(Debug, Deserialize)]
struct PurchaseUnit {
    #[serde(default)]
    reference_id: Option<String>,
    #[serde(default)]
    custom_id: Option<String>,
    #[serde(default)]
    payments: Option<Payments>,
}

#[derive(Debug, Deserialize)]
struct Payments {
    #[serde(default)]
    captures: Vec<Capture>,
}

#[derive(Debug, Deserialize)]
struct Capture {
    id: String,
    status: String,
    amount: Amount,
}

#[derive(Debug, Deserialize)]
struct Amount {
    currency_code: String,
    value: String,
}

impl Capture {
    fn paid(&self, order_id: i64) -> Result<Confirmed, PaymentError> {
        match self.status.as_str() {
            "COMPLETED" => Ok(Confirmed::Paid(Paid {
                order_id,
                txn: format!("paypal:{}", self.id),
                amount: Some(Money {
                    cents: cents(&self.amount.value).unwrap_or(-1),
                    currency: self.amount.currency_code.clone(),
                }),
            })),
            "PENDING" => Ok(Confirmed::Pending),
            other => Err(PaymentError::Declined(format!(
                "capture {} is {other}",
                self.id
            ))),
        }
    }
}

impl Order {
    /// Our order id, as we gave it to PayPal.
    fn ours(&self) -> Option<i64> {
        let unit = self.purchase_units.first()?;
        unit.custom_id
            .as_deref()
            .or(unit.reference_id.as_deref())?
            .parse()
            .ok()
    }

    fn capture(&self) -> Option<&Capture> {
        self.purchase_units
            .first()?
            .payments
            .as_ref()?
            .captures
            .first()
    }
}

impl PayPal {
    /// On when a client id is given; its secret and the webhook id must come with it.
    pub fn from_config(s: &PayPalSettings) -> anyhow::Result<Option<PayPal>> {
        let Some(client_id) = s.client_id.clone() else {
            return Ok(None);
        };
        let (Some(secret), Some(webhook_id)) = (s.secret.clone(), s.webhook_id.clone()) else {
            anyhow::bail!("payments.paypal.client_id needs payments.paypal.secret and payments.paypal.webhook_id");
        };
        Ok(Some(PayPal {
            api: s.api_url.trim_end_matches('/').to_owned(),
            client_id,
            secret,
            webhook_id,
            token: TokenCache::default(),
            http: http::client(),
        }))
    }

    async fn bearer(&self) -> Result<String, PaymentError> {
        self.token
            .get(|| async {
                let basic = base64::engine::general_purpose::STANDARD.encode(format!(
                    "{}:{}",
                    self.client_id,
                    self.secret.expose_secret()
                ));
                let response = self
                    .http
                    .post(format!("{}/v1/oauth2/token", self.api))
                    .header("Authorization", format!("Basic {basic}"))
                    .form(&[("grant_type", "client_credentials")])
                    .send()
                    .await
                    .map_err(unreachable)?;
                let token: AccessToken = http::expect(response).await?;
                Ok((token.access_token, token.expires_in))
            })
            .await
    }

    /// A call to PayPal's API with our access token. A 401 means PayPal no longer takes the
    /// token we hold: it is dropped and the call made once more with a new one; a second 401
    /// is answered as it came (PayPal unavailable to us).
    async fn call(
        &self,
        request: impl Fn(&str) -> RequestBuilder,
    ) -> Result<Response, PaymentError> {
        let token = self.bearer().await?;
        let response = request(&token).send().await.map_err(unreachable)?;
        if response.status() != StatusCode::UNAUTHORIZED {
            return Ok(response);
        }
        tracing::warn!("PayPal refused our access token: fetching a new one");
        self.token.refused(&token).await;
        let token = self.bearer().await?;
        request(&token).send().await.map_err(unreachable)
    }

    async fn order(&self, id: &str) -> Result<Order, PaymentError> {
        let url = format!("{}/v2/checkout/orders/{id}", self.api);
        let response = self
            .call(|token| self.http.get(&url).bearer_auth(token))
            .await?;
        http::found(response, &format!("PayPal order {id}")).await
    }

    /// Captures an approved order; a capture made before (by a racing return or webhook) is
    /// read back instead.
    async fn capture(&self, id: &str, our_id: i64) -> Result<Order, PaymentError> {
        let url = format!("{}/v2/checkout/orders/{id}/capture", self.api);
        let response = self
            .call(|token| {
                self.http
                    .post(&url)
                    .bearer_auth(token)
                    .header("PayPal-Request-Id", format!("amora-capture-{our_id}"))
                    .json(&json!({}))
            })
            .await?;
        match http::read::<Order>(response).await? {
            (_, Ok(order)) => Ok(order),
            (_, Err(problem)) => {
                let issue = problem["details"][0]["issue"].as_str().unwrap_or_default();
                match issue {
                    "ORDER_ALREADY_CAPTURED" => self.order(id).await,
                    "INSTRUMENT_DECLINED"
                    | "PAYER_ACTION_REQUIRED"
                    | "ORDER_NOT_APPROVED"
                    | "TRANSACTION_REFUSED" => Err(PaymentError::Declined(issue.to_owned())),
                    _ => Err(PaymentError::Unavailable(format!(
                        "capture {id}: {problem}"
                    ))),
                }
            }
        }
    }

    /// Asks PayPal whether this notification is theirs: the event goes back exactly as it came.
    async fn verify(&self, headers: &HeaderMap, event: &RawValue) -> Result<(), PaymentError> {
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .ok_or_else(|| PaymentError::Refused(format!("no {name}")))
        };
        let request = Verification {
            auth_algo: header("paypal-auth-algo")?,
            cert_url: header("paypal-cert-url")?,
            transmission_id: header("paypal-transmission-id")?,
            transmission_sig: header("paypal-transmission-sig")?,
            transmission_time: header("paypal-transmission-time")?,
            webhook_id: &self.webhook_id,
            webhook_event: event,
        };
        let body = serde_json::to_vec(&request)
            .map_err(|e| PaymentError::Refused(format!("unwritable verification: {e}")))?;
        let url = format!("{}/v1/notifications/verify-webhook-signature", self.api);
        let response = self
            .call(|token| {
                self.http
                    .post(&url)
                    .bearer_auth(token)
                    .header("Content-Type", "application/json")
                    .body(body.clone())
            })
            .await?;
        let answer: Value = http::expect(response).await?;
        if answer["verification_status"] == "SUCCESS" {
            Ok(())
        } else {
            Err(PaymentError::Refused(format!(
                "PayPal says {}",
                answer["verification_status"]
            )))
        }
    }
}

/// What `verify-webhook-signature` takes; `webhook_event` is written out as the bytes that came.
#[derive(Serialize)]
struct Verification<'a> {
    auth_algo: &'a str,
    cert_url: &'a str,
    transmission_id: &'a str,
    transmission_sig: &'a str,
    transmission_time: &'a str,
    webhook_id: &'a str,
    webhook_event: &'a RawValue,
}

/// The capture a refund belongs to: its `up` link ends with the capture's id.
fn refunded_capture(resource: &Value) -> Option<String> {
    resource["links"]
        .as_array()?
        .iter()
        .find(|l| l["rel"] == "up")
        .and_then(|l| l["href"].as_str())
        .and_then(|href| href.rsplit('/').next())
        .map(str::to_owned)
}

#[async_trait::async_trait]
impl PaymentProvider for PayPal {
    fn name(&self) -> &'static str {
        "paypal"
    }

    async fn start(
        &self,
        order: &OrderRow,
        product: &ProductRow,
        returns: &Returns,
    ) -> Result<Checkout, PaymentError> {
        let id = order.id.to_string();
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [{
                "reference_id": id,
                "custom_id": id,
                "description": format!("Amora {}", product.code),
                "amount": { "currency_code": order.currency, "value": decimal(order.price_cents) },
            }],
            "payment_source": { "paypal": { "experience_context": {
                "return_url": returns.paid("paypal", order.id),
                "cancel_url": returns.cancelled("paypal", order.id),
                "user_action": "PAY_NOW",
                "shipping_preference": "NO_SHIPPING",
                "brand_name": "Amora",
            }}},
        });
        let url = format!("{}/v2/checkout/orders", self.api);
        let response = self
            .call(|token| {
                self.http
                    .post(&url)
                    .bearer_auth(token)
                    .header("PayPal-Request-Id", format!("amora-order-{}", order.id))
                    .json(&body)
            })
            .await?;
        let created: Order = http::expect(response).await?;
        let url = created
            .links
            .iter()
            .find(|l| l.rel == "payer-action" || l.rel == "approve")
            .map(|l| l.href.clone())
            .ok_or_else(|| {
                PaymentError::Unavailable(format!(
                    "PayPal order {} has no approval link",
                    created.id
                ))
            })?;
        Ok(Checkout {
            url,
            reference: Some(created.id),
        })
    }

    async fn confirm(
        &self,
        order: &OrderRow,
        _product: &ProductRow,
        _params: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError> {
        // The PayPal order is the one ours started, whatever the return's `token` says.
        let id = order
            .provider_ref
            .as_deref()
            .ok_or_else(|| PaymentError::Refused("the order has no PayPal order".into()))?;
        // Only an order the buyer approved is captured; one still waiting for the buyer is
        // pending (they may yet approve it, or it expires at PayPal).
        let captured = match self.order(id).await? {
            found if found.status == "COMPLETED" => found,
            found if found.status == "APPROVED" => self.capture(id, order.id).await?,
            _ => return Ok(Confirmed::Pending),
        };
        if captured.ours() != Some(order.id) {
            return Err(PaymentError::Refused(format!(
                "PayPal order {id} is another order's"
            )));
        }
        match captured.capture() {
            Some(capture) => capture.paid(order.id),
            None => Err(PaymentError::Unavailable(format!(
                "PayPal order {id} has no capture"
            ))),
        }
    }

    async fn webhook(
        &self,
        headers: &HeaderMap,
        _query: &HashMap<String, String>,
        body: &[u8],
    ) -> Result<Vec<Event>, PaymentError> {
        // One JSON object, passed on to PayPal as the very bytes that came and read here.
        let raw: &RawValue = serde_json::from_slice(body)
            .map_err(|e| PaymentError::Refused(format!("unreadable event: {e}")))?;
        if !raw.get().starts_with('{') {
            return Err(PaymentError::Refused("the event is not an object".into()));
        }
        let event: Value = serde_json::from_str(raw.get())
            .map_err(|e| PaymentError::Refused(format!("unreadable event: {e}")))?;
        self.verify(headers, raw).await?;
        let resource = &event["resource"];
        let our = |v: &Value| v.as_str().and_then(|s| s.parse::<i64>().ok());
        let found = match event["event_type"].as_str().unwrap_or_default() {
            "CHECKOUT.ORDER.APPROVED" => resource["purchase_units"][0]["custom_id"]
                .as_str()
                .and_then(|s| s.parse().ok())
                .map(|order_id| Event::Approved { order_id }),
            "PAYMENT.CAPTURE.COMPLETED" => {
                let capture: Option<Capture> = serde_json::from_value(resource.clone()).ok();
                match (capture, our(&resource["custom_id"])) {
                    (Some(capture), Some(order_id)) => match capture.paid(order_id) {
                        Ok(Confirmed::Paid(paid)) => Some(Event::Paid(paid)),
                        _ => None,
                    },
                    _ => None,
                }
            }
            "PAYMENT.CAPTURE.DENIED" | "PAYMENT.CAPTURE.DECLINED" => {
                our(&resource["custom_id"]).map(|order_id| Event::Failed { order_id })
            }
            "PAYMENT.CAPTURE.REFUNDED" | "PAYMENT.CAPTURE.REVERSED" => {
                // A refund names its capture by its `up` link; a reversal is the capture.
                let capture = refunded_capture(resource)
                    .or_else(|| resource["id"].as_str().map(str::to_owned));
                let amount: Option<Amount> =
                    serde_json::from_value(resource["amount"].clone()).ok();
                match (capture, event["id"].as_str()) {
                    (Some(capture), Some(event_id)) => Some(Event::Reversed {
                        txn: format!("paypal:{capture}"),
                        key: format!("paypal-reversal:{event_id}"),
                        amount: amount.map(|a| Money {
                            cents: cents(&a.value).unwrap_or(0),
                            currency: a.currency_code,
                        }),
                    }),
                    _ => None,
                }
            }
            _ => None,
        };
        Ok(vec![found.unwrap_or(Event::Ignored)])
    }
}
