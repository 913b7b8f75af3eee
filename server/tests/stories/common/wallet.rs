//! The wallet as the wallet stories need it: the catalogue by product code, orders and the
//! sandbox checkout's return, coins credited for a story's setup, and what money a person holds
//! as they see it and as the ledger records it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use amora_server::ledger::{Asset, Entry, LedgerStore};
use serde_json::Value;

use super::{Backend, Person, Reply, Setup, TestApp};

pub const PRODUCTS: &str = "/prod-api/system/grade/getProduct";
pub const GRADE: &str = "/prod-api/system/grade";
pub const CREATE_ORDER: &str = "/prod-api/order/createOrder";
pub const CREATE_APP_ORDER: &str = "/prod-api/order/app/createOrder";
pub const UNFINISHED: &str = "/prod-api/order/app/getOrder";
pub const SUCCESS: &str = "/prod-api/order/success";
pub const APP_SUCCESS: &str = "/prod-api/order/appsuccess";
pub const CANCEL: &str = "/prod-api/order/cancel";
pub const PAYPAL_RETURN: &str = "/prod-api/order/payPalOrder";
pub const IOS_PAY: &str = "/prod-api/order/iospay";
pub const GOOGLE_PAY: &str = "/prod-api/order/checkGoogleOrder";
pub const CLAIM_COINS: &str = "/prod-api/system/watch/edit";
pub const GIFTS: &str = "/prod-api/system/gift/list";
pub const GIFTS_RECEIVED: &str = "/prod-api/system/gift/received";
pub const CLAIM_RED_PACKET: &str = "/prod-api/system/redPacket/claim";
pub const ME: &str = "/prod-api/getInfo";
pub const WEBHOOK: &str = "/prod-api/order/webhook";

pub const INSUFFICIENT: &str = "Insufficient coins, please recharge!";
pub const PAYMENT_FAILURE: &str = "Payment failure";
pub const PAYMENT_SUCCESS: &str = "Payment successful";
pub const UNFINISHED_TRANSACTION: &str = "There is an unfinished transaction";
pub const FINISH_FAILED: &str = "Failed to finish transaction";
pub const NOT_AVAILABLE: &str = "This payment method is not available yet";
pub const PROVIDER_DOWN: &str =
    "The payment service is not answering, please try again in a moment";
pub const NOT_FOR_GOLD: &str = "This product cannot be paid with coins";
pub const ALREADY_CLAIMED: &str = "You have already claimed today's coins";
pub const WATCH_LIMIT: &str = "You have reached today's limit, come back tomorrow";
pub const RED_PACKET_AMOUNT: &str = "Please enter the amount of the red packet";
pub const RED_PACKET_GONE: &str = "This red packet has already been claimed or returned";

/// A server whose test checkout (`payType=sandbox`) is on.
pub async fn spawn_sandbox(b: Backend) -> TestApp {
    super::spawn_with(Setup::new(b), |c| c.wallet.sandbox = true).await
}

/// What a person holds, as they see it on their own profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purse {
    pub coins: i64,
    pub characters: i64,
    pub level: Option<String>,
    pub member_expires_at: Option<String>,
}

/// Everything money could have moved: balances and ledger rows, orders by state, stored
/// messages, gifts given and red packets by state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Money {
    pub balances: Vec<String>,
    pub ledger_entries: i64,
    pub orders: Vec<String>,
    pub messages: i64,
    pub gifts_given: i64,
    pub red_packets: Vec<String>,
}

impl TestApp {
    /// The catalogue's product with this code (`vip-1m`, `gold-100`, `chars-2000`, ...).
    pub async fn product(&self, code: &str) -> Value {
        let catalogue = self.get(PRODUCTS, None).await.ok();
        ["member", "gold", "character"]
            .iter()
            .flat_map(|kind| catalogue[kind].as_array().unwrap().clone())
            .find(|p| p["code"] == code)
            .unwrap_or_else(|| panic!("no product {code} in {catalogue}"))
    }

    pub async fn product_id(&self, code: &str) -> i64 {
        self.product(code).await["id"].as_i64().unwrap()
    }

    /// `who` asks for an order of the product `code` paid by `pay_type`.
    pub async fn create_order(&self, who: &Person, code: &str, pay_type: &str) -> Reply {
        let id = self.product_id(code).await.to_string();
        self.order_by_id(who, &id, pay_type).await
    }

    /// `createOrder` from the app (`order/app/createOrder`): for the App Store and Google Play.
    pub async fn create_app_order(&self, who: &Person, code: &str, pay_type: &str) -> Reply {
        let id = self.product_id(code).await.to_string();
        let path = TestApp::with_query(
            CREATE_APP_ORDER,
            &[("productId", &id), ("payType", pay_type)],
        );
        self.get(&path, Some(&who.token)).await
    }

    /// What every in-app store promises: it is offered beside coins, and `who`'s new order
    /// `placed` waits for the app to pay (no checkout URL, its own account token, a UUID v4, the
    /// one unfinished order, so another is refused from the web and the app alike).
    pub async fn store_order_waits_for_the_app(
        &self,
        pay_type: &str,
        who: &Person,
        placed: &Value,
    ) {
        let types = self.get(PRODUCTS, None).await.ok()["payTypes"].clone();
        assert_eq!(types, serde_json::json!(["gold", pay_type]));
        assert_eq!(placed["state"], "unfinished");
        assert_eq!(placed["payType"], pay_type);
        assert!(placed["checkoutUrl"].is_null(), "{placed}");
        let token = placed["accountToken"].as_str().unwrap();
        let parsed = uuid::Uuid::parse_str(token).unwrap();
        assert_eq!(parsed.get_version_num(), 4, "{token}");
        assert_eq!(&self.unfinished_order(who).await, placed);
        self.create_order(who, "vip-1m", pay_type)
            .await
            .fails(409, UNFINISHED_TRANSACTION);
        self.create_app_order(who, "gold-100", pay_type)
            .await
            .fails(409, UNFINISHED_TRANSACTION);
    }

    /// `createOrder` with raw parameters.
    pub async fn order_by_id(&self, who: &Person, product_id: &str, pay_type: &str) -> Reply {
        let path = TestApp::with_query(
            CREATE_ORDER,
            &[("productId", product_id), ("payType", pay_type)],
        );
        self.get(&path, Some(&who.token)).await
    }

    /// A sandbox order that must be created: the order, its id and its checkout token (read
    /// from the checkout URL the buyer is sent to).
    pub async fn sandbox_order(&self, who: &Person, code: &str) -> (Value, i64, String) {
        let order = self.create_order(who, code, "sandbox").await.ok();
        let (id, token) = checkout_of(&order);
        (order, id, token)
    }

    /// The checkout's return after paying, as the buyer's browser makes it.
    pub async fn pay_return(&self, order_id: i64, token: &str) -> Reply {
        self.get(
            &TestApp::with_query(
                SUCCESS,
                &[("orderId", &order_id.to_string()), ("token", token)],
            ),
            None,
        )
        .await
    }

    /// The checkout's return after declining.
    pub async fn cancel_return(&self, order_id: i64, token: &str) -> Reply {
        self.get(
            &TestApp::with_query(
                CANCEL,
                &[("orderId", &order_id.to_string()), ("token", token)],
            ),
            None,
        )
        .await
    }

    /// A provider's notification to `/order/webhook/{provider}`, as the provider sends it.
    pub async fn notify(&self, provider: &str, body: String, headers: &[(&str, &str)]) -> Reply {
        self.call_with(
            "POST",
            &format!("{WEBHOOK}/{provider}"),
            None,
            super::Body::Raw("application/json", body.into_bytes()),
            headers,
        )
        .await
    }

    /// My unfinished order (null when none).
    pub async fn unfinished_order(&self, who: &Person) -> Value {
        self.get(UNFINISHED, Some(&who.token)).await.ok()
    }

    /// Credits `who` with coins directly (a story's setup); `key` names the credit among theirs.
    pub async fn give_coins(&self, who: &Person, coins: i64, key: &str) {
        let key = format!("test:{}:{key}", who.id);
        LedgerStore::new(self.app().db.clone())
            .post_entry(&Entry {
                user_id: who.id,
                asset: Asset::Coins,
                amount: coins,
                reason: "test",
                idempotency_key: &key,
                now: self.clock().unix(),
            })
            .await
            .unwrap();
    }

    /// What `who` sees of their money and membership.
    pub async fn purse(&self, who: &Person) -> Purse {
        let me = self.get(ME, Some(&who.token)).await.ok();
        Purse {
            coins: me["coins"].as_i64().unwrap(),
            characters: me["characters"].as_i64().unwrap(),
            level: me["level"].as_str().map(str::to_owned),
            member_expires_at: me["memberExpiresAt"].as_str().map(str::to_owned),
        }
    }

    pub async fn coins(&self, who: &Person) -> i64 {
        self.purse(who).await.coins
    }

    /// Ledger entries of one person.
    pub async fn ledger_of(&self, who: &Person) -> i64 {
        self.scalar(&format!(
            "SELECT COUNT(*) FROM ledger_entries WHERE user_id = {}",
            who.id
        ))
        .await
    }

    /// Ledger entries under one idempotency key, and their total.
    pub async fn ledger_key(&self, key: &str) -> (i64, i64) {
        let n = self
            .scalar(&format!(
                "SELECT COUNT(*) FROM ledger_entries WHERE idempotency_key = '{key}'"
            ))
            .await;
        let total = self
            .scalar(&format!(
                "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM ledger_entries WHERE idempotency_key = '{key}'"
            ))
            .await;
        (n, total)
    }

    /// Orders of `who` by state.
    pub async fn orders_of(&self, who: &Person) -> Vec<String> {
        self.texts(&format!(
            "SELECT state FROM orders WHERE user_id = {} ORDER BY id",
            who.id
        ))
        .await
    }

    /// Everything money could have moved, read directly.
    pub async fn money(&self) -> Money {
        Money {
            balances: self
                .texts(
                    "SELECT user_id || ':' || asset || ':' || balance FROM balances ORDER BY user_id, asset",
                )
                .await,
            ledger_entries: self.count("ledger_entries").await,
            orders: self
                .texts("SELECT id || ':' || state FROM orders ORDER BY id")
                .await,
            messages: self.count("messages").await,
            gifts_given: self.count("gifts_given").await,
            red_packets: self
                .texts("SELECT id || ':' || state FROM red_packets ORDER BY id")
                .await,
        }
    }

    /// Runs one statement directly (an operator's change to the catalogue).
    pub async fn execute(&self, sql: &str) {
        amora_server::on_db!(&self.app().db, pool => sqlx::query(sql).execute(pool).await.map(|_| ()))
            .unwrap();
    }
}

/// The order id and token of a sandbox order's checkout URL
/// (`.../pages/recharge/recharge?sandboxOrder=<id>&token=<token>`).
pub fn checkout_of(order: &Value) -> (i64, String) {
    let url = order["checkoutUrl"]
        .as_str()
        .unwrap_or_else(|| panic!("no checkout URL: {order}"));
    let url = url::Url::parse(url).unwrap();
    assert!(
        url.path().ends_with("/pages/recharge/recharge"),
        "checkout URL {url}"
    );
    let param = |name: &str| {
        url.query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_else(|| panic!("no {name} in {url}"))
    };
    let id: i64 = param("sandboxOrder").parse().unwrap();
    assert_eq!(id, order["id"].as_i64().unwrap());
    (id, param("token"))
}
