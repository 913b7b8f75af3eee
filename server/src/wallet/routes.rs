//! Wallet endpoints (SPEC section 7 "Purchases", `watch/edit`, the gift catalogue): thin
//! handlers that take the forms of `forms.rs`, call one method of the wallet service, and answer.

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::{FromRef, State};
use axum::http::HeaderMap;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, ok_with, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{Input, Path, Query};
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::wallet::forms::{
    Catalogue, ClaimRequest, ClaimState, Claimed, CreateOrderQuery, Grade, ReceivedGift,
    StoreReceipt, UserQuery,
};
use crate::wallet::model::{Gift, Order, PayType};
use crate::wallet::settle::Settled;
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

/// What can be bought: memberships, gold packs and character packs.
#[utoipa::path(get, path = "/system/grade/getProduct", tag = "wallet", responses((status = 200, body = Envelope<Catalogue>)))]
async fn products(State(wallet): State<Wallet>) -> ApiResult<Reply<Catalogue>> {
    Ok(ok(wallet.products().await?))
}

/// A membership level and its benefits (`VIP` or `SVIP`, or 1 and 2).
#[utoipa::path(get, path = "/system/grade/{id}", tag = "wallet", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Grade>), (status = 404)))]
async fn grade(State(wallet): State<Wallet>, Path(id): Path<String>) -> ApiResult<Reply<Grade>> {
    Ok(ok(wallet.grade(&id)?))
}

/// Creates an order (web); gold pays at once, other methods answer a checkout URL.
#[utoipa::path(get, path = "/order/createOrder", tag = "wallet", params(CreateOrderQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn create_order(
    State(wallet): State<Wallet>,
    me: Session,
    Query(q): Query<CreateOrderQuery>,
) -> ApiResult<Reply<Order>> {
    Ok(answer(wallet.create_order(&me, &q).await?))
}

/// Creates an order (app stores).
#[utoipa::path(get, path = "/order/app/createOrder", tag = "wallet", params(CreateOrderQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn create_app_order(
    State(wallet): State<Wallet>,
    me: Session,
    Query(q): Query<CreateOrderQuery>,
) -> ApiResult<Reply<Order>> {
    Ok(answer(wallet.create_order(&me, &q).await?))
}

/// My unfinished order, to finish or cancel it; null when there is none.
#[utoipa::path(get, path = "/order/app/getOrder", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<Order>>)))]
async fn unfinished_order(
    State(wallet): State<Wallet>,
    me: Session,
) -> ApiResult<Reply<Option<Order>>> {
    let order = wallet.unfinished_order(me.user_id).await?;
    Ok(ok(order.as_ref().map(Order::view)))
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
    Ok(answer(wallet.order_returned(&params).await?))
}

/// The return after paying in an app.
#[utoipa::path(get, path = "/order/appsuccess", tag = "wallet", params(("orderId" = i64, Query), ("token" = Option<String>, Query)),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409)))]
async fn app_success(
    State(wallet): State<Wallet>,
    Query(params): Query<HashMap<String, String>>,
) -> ApiResult<Reply<Order>> {
    Ok(answer(wallet.order_returned(&params).await?))
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
    let order = wallet.cancel_order(me, &params).await?;
    Ok(ok_with(Msg::PaymentFailure, Order::view(&order)))
}

/// PayPal's return: the approved PayPal order is captured and ours granted.
#[utoipa::path(get, path = "/order/payPalOrder", tag = "wallet", params(("orderId" = i64, Query), ("token" = Option<String>, Query)),
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409), (status = 503)))]
async fn paypal_order(
    State(wallet): State<Wallet>,
    Query(params): Query<HashMap<String, String>>,
) -> ApiResult<Reply<Order>> {
    Ok(answer(wallet.paypal_returned(&params).await?))
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
    let settled = wallet.store_receipt(&me, PayType::Apple, &receipt).await?;
    Ok(answer(settled))
}

/// A Google Play purchase token for one of my `google` orders.
#[utoipa::path(post, path = "/order/checkGoogleOrder", tag = "wallet", security(("bearer" = [])), request_body = StoreReceipt,
    responses((status = 200, body = Envelope<Order>), (status = 400), (status = 404), (status = 409), (status = 503)))]
async fn check_google_order(
    State(wallet): State<Wallet>,
    me: Session,
    Input(receipt): Input<StoreReceipt>,
) -> ApiResult<Reply<Order>> {
    let settled = wallet.store_receipt(&me, PayType::Google, &receipt).await?;
    Ok(answer(settled))
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

/// Claims coins: the daily claim or a watch reward.
#[utoipa::path(post, path = "/system/watch/edit", tag = "wallet", security(("bearer" = [])), request_body = ClaimRequest,
    responses((status = 200, body = Envelope<Claimed>), (status = 400)))]
async fn claim_coins(
    State(wallet): State<Wallet>,
    me: Session,
    Input(req): Input<ClaimRequest>,
) -> ApiResult<Reply<Claimed>> {
    Ok(ok(wallet
        .claim_coins(me.user_id, req.kind.as_deref())
        .await?))
}

/// What free coins I can still claim today.
#[utoipa::path(get, path = "/system/watch/state", tag = "wallet", security(("bearer" = [])),
    responses((status = 200, body = Envelope<ClaimState>)))]
async fn claim_state(State(wallet): State<Wallet>, me: Session) -> ApiResult<Reply<ClaimState>> {
    Ok(ok(wallet.claim_state(me.user_id).await?))
}

/// The gift catalogue (prices in coins; members pay less for cards).
#[utoipa::path(get, path = "/system/gift/list", tag = "wallet", responses((status = 200, body = Envelope<Vec<Gift>>)))]
async fn gifts(State(wallet): State<Wallet>) -> ApiResult<Reply<Vec<Gift>>> {
    Ok(ok(wallet.gifts().await?))
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
    Ok(ok(wallet.gifts_received(user).await?))
}

/// An order as the buyer is answered: "Payment successful" once it is finished.
fn answer(settled: Settled) -> Reply<Order> {
    match settled {
        Settled::Finished(order) => ok_with(Msg::PaymentSuccess, Order::view(&order)),
        Settled::Pending(order) => ok(Order::view(&order)),
    }
}
