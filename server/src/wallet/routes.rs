//! Wallet endpoints (SPEC section 7 "Purchases", `watch/edit`, the gift catalogue).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{FromRef, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::account::model::Level;
use crate::api::envelope::{ok, ok_with, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{Input, Path, Query};
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::wallet::model::{Gift, Order, PayType, Product};
use crate::wallet::settle::{order_error, Settled};
use crate::wallet::Wallet;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Wallet: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(products))
        .routes(routes!(grade))
        .routes(routes!(create_order))
        .routes(routes!(create_app_order))
        .routes(routes!(unfinished_order))
        .routes(routes!(success))
        .routes(routes!(app_success))
        .routes(routes!(cancel))
        .routes(routes!(paypal_order))
        .routes(routes!(ios_pay))
        .routes(routes!(check_google_order))
        .routes(routes!(webhook))
        .routes(routes!(claim_coins))
        .routes(routes!(claim_state))
        .routes(routes!(gifts))
        .routes(routes!(gifts_received))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    member: Vec<Product>,
    gold: Vec<Product>,
    character: Vec<Product>,
    /// The payment methods this installation offers, in the order to show them: `gold`
    /// always, then those whose provider is configured (`paypal`, `card`, `paylater`, `apple`,
    /// `google`, `sandbox`).
    pay_types: Vec<&'static str>,
}

/// What can be bought: memberships, gold packs and character packs.
#[utoipa::path(get, path = "/system/grade/getProduct", tag = "wallet", responses((status = 200, body = Envelope<Catalogue>)))]
async fn products(State(wallet): State<Wallet>) -> ApiResult<Reply<Catalogue>> {
    let mut catalogue = Catalogue {
        member: vec![],
        gold: vec![],
        character: vec![],
        pay_types: wallet.payments.pay_types(),
    };
    for row in wallet.store.products().await? {
        match row.kind.as_str() {
            "member" => catalogue.member.push(row.into()),
            "gold" => catalogue.gold.push(row.into()),
            _ => catalogue.character.push(row.into()),
        }
    }
    Ok(ok(catalogue))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Grade {
    level: Level,
    /// Benefit keys the apps translate (SPEC section 6); SVIP has every VIP benefit.
    benefits: Vec<&'static str>,
    daily_translation_characters: i64,
    card_gift_discount_percent: i64,
}

/// A membership level and its benefits (`VIP` or `SVIP`, or 1 and 2).
#[utoipa::path(get, path = "/system/grade/{id}", tag = "wallet", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Grade>), (status = 404)))]
async fn grade(State(wallet): State<Wallet>, Path(id): Path<String>) -> ApiResult<Reply<Grade>> {
    let level = match id.as_str() {
        "1" => Level::Vip,
        "2" => Level::Svip,
        other => Level::parse(other).ok_or(ApiError::NotFound)?,
    };
    let mut benefits = vec![
        "vipBadge",
        "seeWhoLikesYou",
        "seeVisitors",
        "albums",
        "sendPictures",
        "cardGiftDiscount",
        "dailyTranslation",
        "exclusiveService",
        "findMorePeople",
    ];
    if level == Level::Svip {
        benefits.push("priorityInDiscover");
    }
    Ok(ok(Grade {
        level,
        benefits,
        daily_translation_characters: 2000,
        card_gift_discount_percent: wallet.config.wallet.member_card_discount_percent,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CreateOrderQuery {
    product_id: Option<i64>,
    /// gold, paypal, apple, google, card, paylater or sandbox.
    pay_type: Option<String>,
}

async fn create(wallet: &Wallet, me: &Session, q: &CreateOrderQuery) -> ApiResult<Reply<Order>> {
    let pay_type = q
        .pay_type
        .as_deref()
        .and_then(PayType::from_db)
        .ok_or(ApiError::Invalid(Msg::PayTypeUnavailable))?;
    let product = wallet
        .store
        .product(q.product_id.ok_or(ApiError::NotFound)?)
        .await?
        .ok_or(ApiError::NotFound)?;
    let now = wallet.clock.unix();
    if pay_type == PayType::Gold {
        if product.price_coins.is_none() {
            return Err(ApiError::Invalid(Msg::NotPayableWithGold));
        }
        let order = wallet
            .store
            .create_order(me.user_id, &product, PayType::Gold, "", now)
            .await
            .map_err(order_error)?;
        return match wallet.store.pay_with_gold(order.id, now).await {
            Ok(paid) => {
                let paid = wallet.store.order(paid.id).await?.unwrap_or(paid);
                Ok(ok_with(Msg::PaymentSuccess, Order::view(&paid)))
            }
            Err(e) => {
                // Nothing moved; the order is closed as failed so another can be made.
                let _ = wallet.store.close_order(order.id, "failed", now).await;
                Err(order_error(e))
            }
        };
    }
    let order = wallet
        .start_checkout(me.user_id, &product, pay_type)
        .await?;
    Ok(ok(Order::view(&order)))
}

/// Creates an order (web); gold pays at once, other methods answer a checkout URL.
#[utoipa::path(get, path = "/order/createOrder", tag = "wallet", params(CreateOrderQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn create_order(
    State(wallet): State<Wallet>,
    me: Session,
    Query(q): Query<CreateOrderQuery>,
) -> ApiResult<Reply<Order>> {
    create(&wallet, &me, &q).await
}

/// Creates an order (app stores).
#[utoipa::path(get, path = "/order/app/createOrder", tag = "wallet", params(CreateOrderQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn create_app_order(
    State(wallet): State<Wallet>,
    me: Session,
    Query(q): Query<CreateOrderQuery>,
) -> ApiResult<Reply<Order>> {
    create(&wallet, &me, &q).await
}

/// My unfinished order, to finish or cancel it; null when there is none.
#[utoipa::path(get, path = "/order/app/getOrder", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<Order>>)))]
async fn unfinished_order(
    State(wallet): State<Wallet>,
    me: Session,
) -> ApiResult<Reply<Option<Order>>> {
    let order = wallet.store.unfinished_order(me.user_id).await?;
    Ok(ok(order.as_ref().map(Order::view)))
}

/// A provider's return or a store receipt, for the order it names.
async fn confirm_return(
    wallet: &Wallet,
    params: HashMap<String, String>,
) -> ApiResult<Reply<Order>> {
    let order_id = params
        .get("orderId")
        .and_then(|v| v.parse().ok())
        .ok_or(ApiError::NotFound)?;
    match wallet.confirm_order(order_id, &params).await? {
        Settled::Finished(order) => Ok(ok_with(Msg::PaymentSuccess, Order::view(&order))),
        Settled::Pending(order) => Ok(ok(Order::view(&order))),
    }
}

/// The return from a redirect checkout after paying (web): the order, finished, or still
/// `unfinished` while the provider has not confirmed the money (pay later).
#[utoipa::path(get, path = "/order/success", tag = "wallet",
    params(("orderId" = i64, Query),
        ("token" = Option<String>, Query, description = "The TEST checkout's token"),
        ("session_id" = Option<String>, Query, description = "Stripe's Checkout Session, as Stripe returns it")),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn success(
    State(wallet): State<Wallet>,
    Query(params): Query<HashMap<String, String>>,
) -> ApiResult<Reply<Order>> {
    confirm_return(&wallet, params).await
}

/// The return after paying in an app.
#[utoipa::path(get, path = "/order/appsuccess", tag = "wallet", params(("orderId" = i64, Query), ("token" = Option<String>, Query)),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn app_success(
    State(wallet): State<Wallet>,
    Query(params): Query<HashMap<String, String>>,
) -> ApiResult<Reply<Order>> {
    confirm_return(&wallet, params).await
}

/// The buyer turned back: the order is cancelled. Its owner's session or the checkout's token
/// says who may.
#[utoipa::path(get, path = "/order/cancel", tag = "wallet", params(("orderId" = i64, Query), ("token" = Option<String>, Query)),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn cancel(
    State(wallet): State<Wallet>,
    me: Option<Session>,
    Query(params): Query<HashMap<String, String>>,
) -> ApiResult<Reply<Order>> {
    let order_id = params
        .get("orderId")
        .and_then(|v| v.parse().ok())
        .ok_or(ApiError::NotFound)?;
    let order = wallet
        .store
        .order(order_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let token = params.get("token").map(String::as_str).unwrap_or_default();
    let owner = me.is_some_and(|me| me.user_id == order.user_id);
    let holds_token = !token.is_empty()
        && crate::account::token::constant_time_eq(token.as_bytes(), order.checkout.as_bytes());
    if !owner && !holds_token {
        return Err(ApiError::Invalid(Msg::PaymentFailure));
    }
    let order = wallet
        .store
        .close_order(order.id, "cancelled", wallet.clock.unix())
        .await
        .map_err(order_error)?;
    Ok(ok_with(Msg::PaymentFailure, Order::view(&order)))
}

/// PayPal's return: the approved PayPal order is captured and ours granted.
#[utoipa::path(get, path = "/order/payPalOrder", tag = "wallet", params(("orderId" = i64, Query), ("token" = Option<String>, Query)),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409), (status = 503)))]
async fn paypal_order(
    State(wallet): State<Wallet>,
    Query(params): Query<HashMap<String, String>>,
) -> ApiResult<Reply<Order>> {
    wallet.payments.for_type(PayType::Paypal)?;
    confirm_return(&wallet, params).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreReceipt {
    order_id: Option<i64>,
    /// The store's signed receipt or purchase token.
    receipt: Option<String>,
}

/// A store receipt for one of my orders: verified by the store's provider, then granted.
async fn store_receipt(
    wallet: &Wallet,
    me: &Session,
    pay_type: PayType,
    receipt: StoreReceipt,
) -> ApiResult<Reply<Order>> {
    // Someone else's order is not there for me, whatever the store.
    let order_id = receipt.order_id.ok_or(ApiError::NotFound)?;
    let order = wallet.store.order(order_id).await?;
    let order = order
        .filter(|o| o.user_id == me.user_id)
        .ok_or(ApiError::NotFound)?;
    wallet.payments.for_type(pay_type)?;
    if order.pay_type != pay_type {
        return Err(ApiError::NotFound);
    }
    let params = HashMap::from([
        ("orderId".to_owned(), order_id.to_string()),
        ("receipt".to_owned(), receipt.receipt.unwrap_or_default()),
    ]);
    confirm_return(wallet, params).await
}

/// An App Store signed transaction (JWS) for one of my `apple` orders.
#[utoipa::path(post, path = "/order/iospay", tag = "wallet", security(("bearer" = [])),
    request_body(content = StoreReceipt, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409), (status = 503)))]
async fn ios_pay(
    State(wallet): State<Wallet>,
    me: Session,
    Input(receipt): Input<StoreReceipt>,
) -> ApiResult<Reply<Order>> {
    store_receipt(&wallet, &me, PayType::Apple, receipt).await
}

/// A Google Play purchase token for one of my `google` orders.
#[utoipa::path(post, path = "/order/checkGoogleOrder", tag = "wallet", security(("bearer" = [])), request_body = StoreReceipt,
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409), (status = 503)))]
async fn check_google_order(
    State(wallet): State<Wallet>,
    me: Session,
    Input(receipt): Input<StoreReceipt>,
) -> ApiResult<Reply<Order>> {
    store_receipt(&wallet, &me, PayType::Google, receipt).await
}

/// A provider's notification (`paypal`, `stripe`, `apple`, `google`): verified by its
/// signature or by asking the provider before anything in it is acted on. A refusal or a
/// failure answers other than 200, so the provider sends it again.
#[utoipa::path(post, path = "/order/webhook/{provider}", tag = "wallet", params(("provider" = String, Path)),
    request_body(content = String, content_type = "application/json"),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 404), (status = 503)))]
async fn webhook(
    State(wallet): State<Wallet>,
    Path(provider): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Reply<Option<String>>> {
    wallet.notified(&provider, &headers, &query, &body).await?;
    Ok(ok(None))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ClaimRequest {
    /// `claim` (once per UTC day) or `watch` (a reward, a few times a day).
    #[serde(rename = "type")]
    kind: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Claimed {
    /// Coins credited now.
    coins: i64,
    /// The coin balance after.
    balance: i64,
}

/// Claims coins: the daily claim or a watch reward.
#[utoipa::path(post, path = "/system/watch/edit", tag = "wallet", security(("bearer" = [])), request_body = ClaimRequest,
    responses((status = 200, body = Envelope<Claimed>), (status = 400)))]
async fn claim_coins(
    State(wallet): State<Wallet>,
    me: Session,
    Input(req): Input<ClaimRequest>,
) -> ApiResult<Reply<Claimed>> {
    let w = &wallet.config.wallet;
    let (kind, times, coins, refused) = match req.kind.as_deref().unwrap_or("claim") {
        "claim" => ("claim", 1, w.daily_claim_coins, Msg::AlreadyClaimed),
        "watch" => ("watch", w.watch_per_day, w.watch_coins, Msg::WatchLimit),
        _ => return Err(ApiError::Malformed("type".into())),
    };
    let now = wallet.clock.unix();
    let balance = wallet
        .store
        .claim_coins(me.user_id, kind, now.div_euclid(86_400), times, coins, now)
        .await?
        .ok_or(ApiError::Invalid(refused))?;
    Ok(ok(Claimed { coins, balance }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimState {
    /// Today's claim is still there to take, and how many coins it gives.
    can_claim: bool,
    claim_coins: i64,
    /// Watch rewards left today, and the coins of each.
    watches_left: i64,
    watch_coins: i64,
    /// When the next UTC day begins (claims come back).
    next_day_at: String,
}

/// What free coins I can still claim today.
#[utoipa::path(get, path = "/system/watch/state", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Envelope<ClaimState>)))]
async fn claim_state(State(wallet): State<Wallet>, me: Session) -> ApiResult<Reply<ClaimState>> {
    let w = &wallet.config.wallet;
    let now = wallet.clock.unix();
    let day = now.div_euclid(86_400);
    let (claims, watches) = wallet.store.claims_on(me.user_id, day).await?;
    Ok(ok(ClaimState {
        can_claim: claims < 1,
        claim_coins: w.daily_claim_coins,
        watches_left: (w.watch_per_day - watches).max(0),
        watch_coins: w.watch_coins,
        next_day_at: crate::clock::rfc3339((day + 1) * 86_400),
    }))
}

/// The gift catalogue (prices in coins; members pay less for cards).
#[utoipa::path(get, path = "/system/gift/list", tag = "wallet", responses((status = 200, body = Envelope<Vec<Gift>>)))]
async fn gifts(State(wallet): State<Wallet>) -> ApiResult<Reply<Vec<Gift>>> {
    Ok(ok(wallet.store.gifts().await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReceivedGift {
    gift: Gift,
    count: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    user_id: Option<i64>,
}

/// Gifts a person received (shown on their profile).
#[utoipa::path(get, path = "/system/gift/received", tag = "wallet", params(UserQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<ReceivedGift>>)))]
async fn gifts_received(
    State(wallet): State<Wallet>,
    me: Session,
    Query(q): Query<UserQuery>,
) -> ApiResult<Reply<Vec<ReceivedGift>>> {
    let user = q.user_id.unwrap_or(me.user_id);
    let rows = wallet.store.gifts_received(user).await?;
    Ok(ok(rows
        .into_iter()
        .map(|(gift, count)| ReceivedGift { gift, count })
        .collect()))
}
