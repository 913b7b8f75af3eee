//! What the wallet endpoints take and answer (their OpenAPI schemas), read by the handlers in
//! `routes.rs` and the wallet's service.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::account::model::Level;
use crate::wallet::model::{Gift, Product};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    pub member: Vec<Product>,
    pub gold: Vec<Product>,
    pub character: Vec<Product>,
    /// The payment methods this installation offers, in the order to show them: `gold`
    /// always, then those whose provider is configured (`paypal`, `card`, `paylater`, `apple`,
    /// `google`, `sandbox`).
    pub pay_types: Vec<&'static str>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Grade {
    pub level: Level,
    /// Benefit keys the apps translate (SPEC section 6); SVIP has every VIP benefit.
    pub benefits: Vec<&'static str>,
    pub daily_translation_characters: i64,
    pub card_gift_discount_percent: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CreateOrderQuery {
    pub product_id: Option<i64>,
    /// gold, paypal, apple, google, card, paylater or sandbox.
    pub pay_type: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreReceipt {
    pub order_id: Option<i64>,
    /// The store's signed receipt or purchase token.
    pub receipt: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ClaimRequest {
    /// `claim` (once per UTC day) or `watch` (a reward, a few times a day).
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Claimed {
    /// Coins credited now.
    pub coins: i64,
    /// The coin balance after.
    pub balance: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimState {
    /// Today's claim is still there to take, and how many coins it gives.
    pub can_claim: bool,
    pub claim_coins: i64,
    /// Watch rewards left today, and the coins of each.
    pub watches_left: i64,
    pub watch_coins: i64,
    /// When the next UTC day begins (claims come back).
    pub next_day_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReceivedGift {
    pub gift: Gift,
    pub count: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    pub user_id: Option<i64>,
}
