//! The catalogue, orders and what they grant, as the API shows them.

use serde::Serialize;
use utoipa::ToSchema;

use crate::account::model::Level;

/// What a product grants: a membership, gold coins or characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductKind {
    Member,
    Gold,
    Character,
}

impl ProductKind {
    pub fn from_db(raw: &str) -> Option<ProductKind> {
        match raw {
            "member" => Some(ProductKind::Member),
            "gold" => Some(ProductKind::Gold),
            "character" => Some(ProductKind::Character),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ProductKind::Member => "member",
            ProductKind::Gold => "gold",
            ProductKind::Character => "character",
        }
    }
}

crate::db::text_enum!(ProductKind);

/// A gift's kind: a card (members pay less for cards) or anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GiftKind {
    Card,
    Other,
}

impl GiftKind {
    pub fn from_db(raw: &str) -> Option<GiftKind> {
        match raw {
            "card" => Some(GiftKind::Card),
            "other" => Some(GiftKind::Other),
            _ => None,
        }
    }
}

crate::db::text_enum!(GiftKind);

/// Where an order stands: waiting for its payment, paid and granted, turned back by the buyer,
/// or refused by the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderState {
    Unfinished,
    Finished,
    Cancelled,
    Failed,
}

impl OrderState {
    pub fn from_db(raw: &str) -> Option<OrderState> {
        match raw {
            "unfinished" => Some(OrderState::Unfinished),
            "finished" => Some(OrderState::Finished),
            "cancelled" => Some(OrderState::Cancelled),
            "failed" => Some(OrderState::Failed),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OrderState::Unfinished => "unfinished",
            OrderState::Finished => "finished",
            OrderState::Cancelled => "cancelled",
            OrderState::Failed => "failed",
        }
    }
}

crate::db::text_enum!(OrderState);

/// A product as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProductRow {
    pub id: i64,
    pub code: String,
    pub kind: ProductKind,
    pub level: Option<Level>,
    pub months: Option<i64>,
    pub amount: Option<i64>,
    pub price_cents: i64,
    pub currency: String,
    pub price_coins: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: i64,
    pub code: String,
    /// member, gold or character.
    pub kind: String,
    /// VIP or SVIP, for memberships.
    pub level: Option<Level>,
    pub months: Option<i64>,
    /// Coins or characters granted.
    pub amount: Option<i64>,
    /// Price in money, integer cents.
    pub price_cents: i64,
    pub currency: String,
    /// Price in gold coins where it can be paid with gold.
    pub price_coins: Option<i64>,
}

impl From<ProductRow> for Product {
    fn from(r: ProductRow) -> Self {
        Product {
            id: r.id,
            code: r.code,
            kind: r.kind.as_str().to_owned(),
            level: r.level,
            months: r.months,
            amount: r.amount,
            price_cents: r.price_cents,
            currency: r.currency,
            price_coins: r.price_coins,
        }
    }
}

/// A product as the operator sees it: on sale or not, with its place in the list.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueProduct {
    pub code: String,
    /// member, gold or character.
    pub kind: String,
    pub level: Option<Level>,
    pub months: Option<i64>,
    pub amount: Option<i64>,
    pub price_cents: i64,
    pub currency: String,
    pub price_coins: Option<i64>,
    /// On sale.
    pub active: bool,
    pub sort: i64,
}

/// An operator's change to a product; what is none stays as it is.
#[derive(Debug, Clone, Default)]
pub struct ProductChange {
    pub price_cents: Option<i64>,
    pub currency: Option<String>,
    /// `Some(None)` takes the gold price away.
    pub price_coins: Option<Option<i64>>,
    pub amount: Option<i64>,
    pub months: Option<i64>,
    pub active: Option<bool>,
}

impl ProductChange {
    /// The rule each given value keeps: prices not negative, a gold price, amount and months
    /// above zero (months at most 36), a currency of three capital letters.
    pub fn is_valid(&self) -> bool {
        self.price_cents
            .is_none_or(|p| (0..=100_000_000).contains(&p))
            && self
                .currency
                .as_deref()
                .is_none_or(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_uppercase()))
            && self
                .price_coins
                .flatten()
                .is_none_or(|p| (1..=100_000_000).contains(&p))
            && self.amount.is_none_or(|a| (1..=100_000_000).contains(&a))
            && self.months.is_none_or(|m| (1..=36).contains(&m))
    }
}

/// A gift as the operator sees it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueGift {
    pub code: String,
    pub kind: String,
    pub icon: String,
    pub price_coins: i64,
    pub active: bool,
    pub sort: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OrderRow {
    pub id: i64,
    pub user_id: i64,
    pub product_id: i64,
    pub pay_type: PayType,
    pub state: OrderState,
    pub price_cents: i64,
    pub currency: String,
    pub price_coins: Option<i64>,
    pub checkout: String,
    pub provider_txn: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The provider's reference for the checkout (a PayPal order, a Stripe session).
    pub provider_ref: Option<String>,
    /// Where the buyer was sent to pay.
    pub checkout_url: Option<String>,
    /// When the money went back and the purchase was taken back.
    pub reversed_at: Option<i64>,
}

impl OrderRow {
    /// The UUID a store purchase names this order by: made from the order's secret checkout
    /// token, so nobody can guess another's.
    pub fn account_token(&self) -> String {
        use sha2::{Digest, Sha256};
        let digest = Sha256::digest(format!("store-account:{}", self.checkout).as_bytes());
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&digest[..16]);
        // A version 4, variant 1 UUID, as Apple requires of `appAccountToken`.
        bytes[6] = (bytes[6] & 0x0f) | 0x40;
        bytes[8] = (bytes[8] & 0x3f) | 0x80;
        uuid::Uuid::from_bytes(bytes).to_string()
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: i64,
    pub product_id: i64,
    pub pay_type: String,
    /// unfinished, finished, cancelled or failed.
    pub state: String,
    pub price_cents: i64,
    pub currency: String,
    pub price_coins: Option<i64>,
    /// Where to send the buyer to pay (redirect checkouts); null when already paid and for the
    /// stores, where the app pays.
    pub checkout_url: Option<String>,
    /// What an app store purchase for this order carries (Apple's `appAccountToken`, Google's
    /// `obfuscatedExternalAccountId`), so that its receipt pays this order and no other.
    pub account_token: Option<String>,
    pub created_at: String,
}

impl Order {
    pub fn view(row: &OrderRow) -> Order {
        Order {
            id: row.id,
            product_id: row.product_id,
            pay_type: row.pay_type.as_str().to_owned(),
            state: row.state.as_str().to_owned(),
            price_cents: row.price_cents,
            currency: row.currency.clone(),
            price_coins: row.price_coins,
            checkout_url: row
                .checkout_url
                .clone()
                .filter(|url| row.state == OrderState::Unfinished && !url.is_empty()),
            account_token: matches!(row.pay_type, PayType::Apple | PayType::Google)
                .then(|| row.account_token()),
            created_at: crate::clock::rfc3339(row.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Gift {
    pub id: i64,
    pub code: String,
    /// card or other; members pay less for cards.
    #[schema(value_type = String)]
    pub kind: GiftKind,
    pub icon: String,
    pub price_coins: i64,
}

/// Payment methods (DESIGN.md section 6); `sandbox` is the TEST checkout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PayType {
    Gold,
    Paypal,
    Apple,
    Google,
    Card,
    Paylater,
    Sandbox,
}

impl PayType {
    /// Every pay type, in the order the payment sheet offers them.
    pub const OFFERED: [PayType; 7] = [
        PayType::Gold,
        PayType::Paypal,
        PayType::Card,
        PayType::Paylater,
        PayType::Apple,
        PayType::Google,
        PayType::Sandbox,
    ];

    pub fn from_db(raw: &str) -> Option<PayType> {
        match raw {
            "gold" => Some(PayType::Gold),
            "paypal" => Some(PayType::Paypal),
            "apple" => Some(PayType::Apple),
            "google" => Some(PayType::Google),
            "card" => Some(PayType::Card),
            "paylater" => Some(PayType::Paylater),
            "sandbox" => Some(PayType::Sandbox),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PayType::Gold => "gold",
            PayType::Paypal => "paypal",
            PayType::Apple => "apple",
            PayType::Google => "google",
            PayType::Card => "card",
            PayType::Paylater => "paylater",
            PayType::Sandbox => "sandbox",
        }
    }
}

crate::db::text_enum!(PayType);
