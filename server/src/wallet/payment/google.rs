//! Google Play (`payType=google`): the app pays with Play Billing, then brings the purchase
//! token to `order/checkGoogleOrder`; we read the purchase with the Play Developer API
//! (`purchases.products.get`) as our service account, and after the grant acknowledge it and
//! consume it, so the product can be bought again. Real-time developer notifications come as
//! Pub/Sub pushes to `/order/webhook/google?token=...`: a purchase is confirmed as on the app's
//! check, a voided purchase (refund, chargeback) takes the credit back once the Voided Purchases
//! API lists it.
//!
//! Everything is a one-time product, memberships too (the catalogue's VIP months, not Play
//! subscriptions). The app starts the purchase with the order's `accountToken` as
//! `obfuscatedAccountId` (a purchase pays the order whose token it carries and no other) and
//! the order's id as `obfuscatedProfileId` (how a notification finds its order).

mod service_account;

use std::collections::HashMap;

use axum::http::HeaderMap;
use base64::Engine;
use reqwest::StatusCode;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use serde_json::json;

use crate::config::GoogleSettings;
use crate::wallet::model::{OrderRow, ProductRow};
use crate::wallet::payment::http::{self, unreachable};
use crate::wallet::payment::{
    Checkout, Confirmed, Event, Paid, PaymentError, PaymentProvider, Returns,
};
use service_account::ServiceAccount;

/// Pages of the Voided Purchases API read for one notification at most.
const VOIDED_PAGES: usize = 20;

pub struct Google {
    /// `<api_url>/androidpublisher/v3/applications/<package>`.
    app: String,
    package: String,
    prefix: String,
    account: ServiceAccount,
    notification_token: SecretString,
    http: reqwest::Client,
}

/// A `ProductPurchase`, as much of it as we read.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Purchase {
    /// 0 purchased, 1 cancelled, 2 pending.
    #[serde(default)]
    purchase_state: Option<i64>,
    /// 0 yet to be consumed, 1 consumed.
    #[serde(default)]
    consumption_state: Option<i64>,
    /// 0 yet to be acknowledged, 1 acknowledged.
    #[serde(default)]
    acknowledgement_state: Option<i64>,
    #[serde(default)]
    order_id: Option<String>,
    #[serde(default)]
    product_id: Option<String>,
    #[serde(default)]
    obfuscated_external_account_id: Option<String>,
    #[serde(default)]
    obfuscated_external_profile_id: Option<String>,
}

impl Purchase {
    /// What the purchase says of `order`, bought as `product_id`.
    fn confirmed(&self, order: &OrderRow, product_id: &str) -> Result<Confirmed, PaymentError> {
        if self.product_id.as_deref().is_some_and(|p| p != product_id) {
            return Err(PaymentError::Refused(format!(
                "the purchase is of {:?}, not {product_id}",
                self.product_id
            )));
        }
        let ours = self
            .obfuscated_external_account_id
            .as_deref()
            .is_some_and(|a| a.eq_ignore_ascii_case(&order.account_token()));
        if !ours {
            return Err(PaymentError::Refused(
                "the purchase carries another order's account token".into(),
            ));
        }
        match self.purchase_state {
            Some(0) => {
                let id = self.order_id.as_deref().ok_or_else(|| {
                    PaymentError::Unavailable("a purchase without its order id".into())
                })?;
                Ok(Confirmed::Paid(Paid {
                    order_id: order.id,
                    txn: format!("google:{id}"),
                    amount: None,
                }))
            }
            Some(2) => Ok(Confirmed::Pending),
            Some(1) => Err(PaymentError::Declined("the purchase was cancelled".into())),
            other => Err(PaymentError::Unavailable(format!(
                "a purchase in state {other:?}"
            ))),
        }
    }
}

/// A Pub/Sub push.
#[derive(Debug, Deserialize)]
struct Push {
    message: PushMessage,
}

#[derive(Debug, Deserialize)]
struct PushMessage {
    /// The developer notification, base64.
    data: String,
}

/// A Real-time developer notification.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeveloperNotification {
    package_name: String,
    /// Milliseconds, as a string.
    #[serde(default)]
    event_time_millis: Option<serde_json::Value>,
    #[serde(default)]
    one_time_product_notification: Option<OneTimeProduct>,
    #[serde(default)]
    voided_purchase_notification: Option<VoidedNotification>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OneTimeProduct {
    /// 1 purchased, 2 a pending purchase cancelled.
    notification_type: i64,
    purchase_token: String,
    sku: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct VoidedNotification {
    purchase_token: String,
    order_id: String,
}

/// A page of the Voided Purchases API.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct VoidedPage {
    #[serde(default)]
    voided_purchases: Vec<Voided>,
    #[serde(default)]
    token_pagination: Option<Pagination>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Voided {
    #[serde(default)]
    order_id: Option<String>,
    #[serde(default)]
    purchase_token: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Pagination {
    #[serde(default)]
    next_page_token: Option<String>,
}

/// Play's product ids and purchase tokens go into URL paths: letters, digits, `.`, `_`, `-`
/// (and not only dots).
fn is_path_safe(s: &str) -> bool {
    s.len() <= 2048
        && s.bytes().any(|b| b.is_ascii_alphanumeric())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

impl Google {
    /// On when a package name is given; the service account's key and the push token must
    /// come with it.
    pub fn from_config(s: &GoogleSettings) -> anyhow::Result<Option<Google>> {
        let Some(package) = s.package_name.clone() else {
            return Ok(None);
        };
        anyhow::ensure!(
            is_path_safe(&package),
            "payments.google.package_name {package:?} is not a package name"
        );
        let path = s.service_account.as_ref().ok_or_else(|| {
            anyhow::anyhow!(
                "payments.google.package_name is set without payments.google.service_account"
            )
        })?;
        let account = ServiceAccount::read(path).map_err(|e| {
            anyhow::anyhow!("payments.google.service_account {}: {e:#}", path.display())
        })?;
        let notification_token = s
            .notification_token
            .clone()
            .filter(|t| !t.expose_secret().is_empty())
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "payments.google.package_name is set without payments.google.notification_token"
                )
            })?;
        Ok(Some(Google {
            app: format!(
                "{}/androidpublisher/v3/applications/{package}",
                s.api_url.trim_end_matches('/')
            ),
            package,
            prefix: s.product_prefix.clone(),
            account,
            notification_token,
            http: http::client(),
        }))
    }

    /// The Play product id of ours: the prefix, then the code with `-` as `_`.
    fn product_id(&self, product: &ProductRow) -> String {
        format!(
            "{}{}",
            self.prefix,
            product.code.to_ascii_lowercase().replace('-', "_")
        )
    }

    /// Sends a request as our service account; a token Play no longer takes is dropped.
    async fn send(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<reqwest::Response, PaymentError> {
        let response = request
            .bearer_auth(self.account.bearer(&self.http).await?)
            .send()
            .await
            .map_err(unreachable)?;
        if response.status() == StatusCode::UNAUTHORIZED {
            self.account.forget().await;
            return Err(PaymentError::Unavailable(
                "Play refused our access token".into(),
            ));
        }
        Ok(response)
    }

    fn purchase_url(&self, product_id: &str, token: &str) -> Result<String, PaymentError> {
        if !is_path_safe(product_id) || !is_path_safe(token) {
            return Err(PaymentError::Refused("not a purchase token".into()));
        }
        Ok(format!(
            "{}/purchases/products/{product_id}/tokens/{token}",
            self.app
        ))
    }

    /// `purchases.products.get`: a token Play does not know (for this product) is refused.
    async fn purchase(&self, product_id: &str, token: &str) -> Result<Purchase, PaymentError> {
        let url = self.purchase_url(product_id, token)?;
        let response = self.send(self.http.get(url)).await?;
        match http::read(response).await? {
            (_, Ok(purchase)) => Ok(purchase),
            (StatusCode::BAD_REQUEST | StatusCode::NOT_FOUND | StatusCode::GONE, Err(problem)) => {
                Err(PaymentError::Refused(format!(
                    "Play knows no such purchase of {product_id}: {problem}"
                )))
            }
            (status, Err(problem)) => {
                Err(PaymentError::Unavailable(format!("{status}: {problem}")))
            }
        }
    }

    /// `:acknowledge` or `:consume` a purchase.
    async fn tell(&self, product_id: &str, token: &str, what: &str) -> Result<(), PaymentError> {
        let url = format!("{}:{what}", self.purchase_url(product_id, token)?);
        let request = match what {
            "acknowledge" => self.http.post(url).json(&json!({})),
            // An empty body, said so: Google refuses a POST without a length.
            _ => self
                .http
                .post(url)
                .header(reqwest::header::CONTENT_LENGTH, 0),
        };
        let response = self.send(request).await?;
        let status = response.status();
        if status.is_success() {
            Ok(())
        } else {
            let problem = response.text().await.unwrap_or_default();
            Err(PaymentError::Unavailable(format!(
                "{what} {product_id}: {status} {problem}"
            )))
        }
    }

    /// A purchase notified: the order its profile id names, to confirm as on the app's check.
    async fn purchased(&self, note: &OneTimeProduct) -> Result<Event, PaymentError> {
        if note.notification_type != 1 {
            return Ok(Event::Ignored);
        }
        let purchase = self.purchase(&note.sku, &note.purchase_token).await?;
        let order_id = purchase
            .obfuscated_external_profile_id
            .as_deref()
            .and_then(|id| id.parse().ok());
        Ok(match (purchase.purchase_state, order_id) {
            (Some(0), Some(order_id)) => Event::Purchased {
                order_id,
                receipt: note.purchase_token.clone(),
            },
            // Pending (its own notification comes when paid), or made without our order's id
            // (the app's check pays it).
            _ => Event::Ignored,
        })
    }

    /// A voided purchase, believed once the Voided Purchases API lists its order.
    async fn voided(
        &self,
        note: &VoidedNotification,
        event_time_millis: Option<i64>,
    ) -> Result<Event, PaymentError> {
        let now = chrono::Utc::now().timestamp_millis();
        // Voided before it was notified; the API looks back 30 days at most.
        let oldest = now - 30 * 86_400_000 + 60_000;
        let start = event_time_millis
            .map_or(oldest, |t| t - 86_400_000)
            .clamp(oldest, now);
        let mut page_token: Option<String> = None;
        for _ in 0..VOIDED_PAGES {
            let mut query = vec![
                ("startTime", start.to_string()),
                ("maxResults", "1000".to_owned()),
            ];
            if let Some(t) = &page_token {
                query.push(("token", t.clone()));
            }
            let request = self
                .http
                .get(format!("{}/purchases/voidedpurchases", self.app))
                .query(&query);
            let page: VoidedPage = http::expect(self.send(request).await?).await?;
            let listed = page.voided_purchases.iter().any(|v| {
                v.order_id.as_deref() == Some(note.order_id.as_str())
                    && v.purchase_token
                        .as_deref()
                        .is_none_or(|t| t == note.purchase_token)
            });
            if listed {
                return Ok(Event::Reversed {
                    txn: format!("google:{}", note.order_id),
                    key: format!("google:void:{}", note.order_id),
                    amount: None,
                });
            }
            page_token = page.token_pagination.and_then(|p| p.next_page_token);
            if page_token.is_none() {
                break;
            }
        }
        Err(PaymentError::Refused(format!(
            "Play lists no voided purchase {}",
            note.order_id
        )))
    }
}

#[async_trait::async_trait]
impl PaymentProvider for Google {
    fn name(&self) -> &'static str {
        "google"
    }

    /// Nowhere to send the buyer: the app pays with Play Billing.
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

    /// `params["receipt"]` is the purchase token the app got from Play Billing.
    async fn confirm(
        &self,
        order: &OrderRow,
        product: &ProductRow,
        params: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError> {
        let token = params
            .get("receipt")
            .map(String::as_str)
            .unwrap_or_default();
        let product_id = self.product_id(product);
        self.purchase(&product_id, token)
            .await?
            .confirmed(order, &product_id)
    }

    /// Acknowledged and consumed, each unless Play says it already is: a purchase left
    /// unacknowledged for three days is refunded by Play, one not consumed cannot be bought
    /// again.
    async fn granted(
        &self,
        _order: &OrderRow,
        product: &ProductRow,
        params: &HashMap<String, String>,
    ) -> Result<(), PaymentError> {
        let Some(token) = params.get("receipt") else {
            return Ok(());
        };
        let product_id = self.product_id(product);
        let purchase = self.purchase(&product_id, token).await?;
        if purchase.acknowledgement_state != Some(1) {
            self.tell(&product_id, token, "acknowledge").await?;
        }
        if purchase.consumption_state != Some(1) {
            self.tell(&product_id, token, "consume").await?;
        }
        Ok(())
    }

    /// A Pub/Sub push, believed when it carries our push token; what it says is then asked of
    /// Play before anything is done.
    async fn webhook(
        &self,
        _headers: &HeaderMap,
        query: &HashMap<String, String>,
        body: &[u8],
    ) -> Result<Vec<Event>, PaymentError> {
        let token = query.get("token").map(String::as_str).unwrap_or_default();
        if !crate::account::token::constant_time_eq(
            token.as_bytes(),
            self.notification_token.expose_secret().as_bytes(),
        ) {
            return Err(PaymentError::Refused("not our push subscription".into()));
        }
        let push: Push = serde_json::from_slice(body)
            .map_err(|e| PaymentError::Refused(format!("unreadable push: {e}")))?;
        let data = base64::engine::general_purpose::STANDARD
            .decode(push.message.data.trim())
            .map_err(|e| PaymentError::Refused(format!("unreadable message data: {e}")))?;
        let note: DeveloperNotification = serde_json::from_slice(&data)
            .map_err(|e| PaymentError::Refused(format!("unreadable notification: {e}")))?;
        if note.package_name != self.package {
            return Err(PaymentError::Refused(format!(
                "a notification for {}",
                note.package_name
            )));
        }
        let event_time = note.event_time_millis.as_ref().and_then(|t| match t {
            serde_json::Value::String(s) => s.parse().ok(),
            other => other.as_i64(),
        });
        let event = if let Some(purchase) = &note.one_time_product_notification {
            self.purchased(purchase).await?
        } else if let Some(voided) = &note.voided_purchase_notification {
            self.voided(voided, event_time).await?
        } else {
            // A test notification, subscriptions: nothing for us.
            Event::Ignored
        };
        Ok(vec![event])
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn order(checkout: &str) -> OrderRow {
        OrderRow {
            id: 7,
            user_id: 1,
            product_id: 1,
            pay_type: crate::wallet::model::PayType::Google,
            state: crate::wallet::model::OrderState::Unfinished,
            price_cents: 999,
            currency: "USD".into(),
            price_coins: None,
            checkout: checkout.into(),
            provider_txn: None,
            created_at: 0,
            updated_at: 0,
            provider_ref: None,
            checkout_url: None,
            reversed_at: None,
        }
    }

    fn purchase(state: i64, account: &str) -> Purchase {
        Purchase {
            purchase_state: Some(state),
            consumption_state: Some(0),
            acknowledgement_state: Some(0),
            order_id: Some("GPA.1234-5678-9012-34567".into()),
            product_id: Some("amora.gold_600".into()),
            obfuscated_external_account_id: Some(account.into()),
            obfuscated_external_profile_id: Some("7".into()),
        }
    }

    #[test]
    fn a_purchase_pays_the_order_whose_account_token_it_carries() {
        let ours = order("secret");
        let token = ours.account_token();
        assert_eq!(
            purchase(0, &token)
                .confirmed(&ours, "amora.gold_600")
                .unwrap(),
            Confirmed::Paid(Paid {
                order_id: 7,
                txn: "google:GPA.1234-5678-9012-34567".into(),
                amount: None
            })
        );
        assert_eq!(
            purchase(0, &token.to_uppercase())
                .confirmed(&ours, "amora.gold_600")
                .unwrap(),
            Confirmed::Paid(Paid {
                order_id: 7,
                txn: "google:GPA.1234-5678-9012-34567".into(),
                amount: None
            })
        );
        assert_eq!(
            purchase(2, &token)
                .confirmed(&ours, "amora.gold_600")
                .unwrap(),
            Confirmed::Pending
        );
        assert!(matches!(
            purchase(1, &token).confirmed(&ours, "amora.gold_600"),
            Err(PaymentError::Declined(_))
        ));
        let theirs = order("another").account_token();
        assert!(matches!(
            purchase(0, &theirs).confirmed(&ours, "amora.gold_600"),
            Err(PaymentError::Refused(_))
        ));
        assert!(matches!(
            purchase(0, &token).confirmed(&ours, "amora.gold_100"),
            Err(PaymentError::Refused(_))
        ));
    }

    #[test]
    fn only_path_safe_ids_reach_play() {
        assert!(is_path_safe("com.example.amora.vip_1m"));
        assert!(is_path_safe("opaque-token_1.AO-J1Ox"));
        for bad in ["", ".", "..", "a/b", "..%2f", "a?b", "a b", "a:consume"] {
            assert!(!is_path_safe(bad), "{bad}");
        }
    }
}
