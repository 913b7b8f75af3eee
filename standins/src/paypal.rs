//! A local PayPal: OAuth client credentials (each fetch a new token; they can all be revoked, as
//! a rotated secret does), Orders v2 (create with `PayPal-Request-Id`, get, capture once; a
//! capture asked again with the same `PayPal-Request-Id` answers the same) and
//! `verify-webhook-signature`, which says SUCCESS only for a transmission this stand-in signed
//! for exactly that event, byte for byte as it was sent, and webhook id.
//!
//! The buyer's approval page is `GET /checkoutnow?token=<order>`, with Pay now (back to the
//! order's `return_url` with `token` and `PayerID`) and Cancel and return (to its `cancel_url`).
//! A story plays the buyer (approve, a declined card, an order changed at PayPal) through the
//! methods here, or over HTTP: `POST /__e2e/decline` makes the next capture fail as a declined
//! funding source does, `POST /__e2e/revoke` makes PayPal stop taking every access token it
//! handed out.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use tokio::net::TcpListener;

use crate::http::{self, bearer, escape_html, header, lock, with_query, Log};

pub const CLIENT_ID: &str = "standin-client";
pub const SECRET: &str = "standin-secret";
pub const WEBHOOK_ID: &str = "WH-STANDIN";
/// The payer every approval names.
pub const PAYER_ID: &str = "PAYER1";

#[derive(Default)]
struct Books {
    /// Access tokens PayPal takes now.
    tokens: Vec<String>,
    orders: HashMap<String, Value>,
    by_request: HashMap<String, String>,
    /// Captures by `PayPal-Request-Id`: the same request again answers the same.
    captured: HashMap<String, Value>,
    /// transmission id → (signature, the event it was made for, as sent)
    transmissions: HashMap<String, (String, String)>,
    declined: Vec<String>,
}

#[derive(Clone, Default)]
pub struct PayPal {
    books: Arc<Mutex<Books>>,
    log: Log,
    refusing: Arc<AtomicBool>,
    decline_next: Arc<AtomicBool>,
    tokens: Arc<AtomicUsize>,
    captures: Arc<AtomicUsize>,
    pub url: String,
}

impl PayPal {
    /// A PayPal on a free loopback port.
    ///
    /// # Panics
    /// When no port can be had.
    pub async fn start() -> PayPal {
        match http::bind_loopback(0).await.and_then(PayPal::serve) {
            Ok(paypal) => paypal,
            Err(e) => panic!("PayPal's stand-in cannot listen: {e}"),
        }
    }

    /// A PayPal serving on `listener`.
    pub fn serve(listener: TcpListener) -> std::io::Result<PayPal> {
        let paypal = PayPal {
            url: http::url_of(&listener)?,
            ..PayPal::default()
        };
        let app = Router::new()
            .route("/v1/oauth2/token", post(token))
            .route("/v2/checkout/orders", post(create))
            .route("/v2/checkout/orders/{id}", get(order))
            .route("/v2/checkout/orders/{id}/capture", post(capture))
            .route("/v1/notifications/verify-webhook-signature", post(verify))
            .route("/checkoutnow", get(approval_page))
            .route("/checkoutnow/approve", post(approved_at_page))
            .route("/__e2e/decline", post(decline_next))
            .route("/__e2e/revoke", post(revoke))
            .with_state(paypal.clone());
        http::serve(listener, &paypal.log, app);
        Ok(paypal)
    }

    /// What PayPal was asked, and what it would have refused.
    pub fn log(&self) -> &Log {
        &self.log
    }

    pub fn set_down(&self, down: bool) {
        self.log.set_down(down);
    }

    /// The PayPal order the approval page at `url` is for.
    pub fn order_of(checkout_url: &str) -> String {
        checkout_url
            .rsplit('=')
            .next()
            .unwrap_or_default()
            .to_owned()
    }

    /// # Panics
    /// When PayPal made no order `id`.
    pub fn order(&self, id: &str) -> Value {
        self.change(id, |order| order.clone())
    }

    fn change<R>(&self, id: &str, f: impl FnOnce(&mut Value) -> R) -> R {
        match lock(&self.books).orders.get_mut(id) {
            Some(order) => f(order),
            None => panic!("PayPal made no order {id}"),
        }
    }

    /// The buyer approves at PayPal.
    ///
    /// # Panics
    /// When PayPal made no order `id`.
    pub fn approve(&self, id: &str) {
        self.change(id, approve);
    }

    /// The buyer approves with a card that will be declined at capture.
    ///
    /// # Panics
    /// When PayPal made no order `id`.
    pub fn approve_declined(&self, id: &str) {
        self.approve(id);
        lock(&self.books).declined.push(id.to_owned());
    }

    /// PayPal stops taking every access token it handed out (the secret rotated, the tokens
    /// revoked), long before they expire.
    pub fn revoke_tokens(&self) {
        lock(&self.books).tokens.clear();
    }

    /// PayPal takes no access token, not even one it just handed out (our credentials are
    /// wrong for its API).
    pub fn refuse_every_token(&self, refusing: bool) {
        self.refusing.store(refusing, Ordering::SeqCst);
    }

    /// The next capture of an approved order is declined, whichever order it is.
    pub fn decline_next_capture(&self) {
        self.decline_next.store(true, Ordering::SeqCst);
    }

    /// The order is changed at PayPal before it is captured: it will be paid with `amount`.
    ///
    /// # Panics
    /// When PayPal made no order `id`.
    pub fn change_amount(&self, id: &str, amount: Value) {
        self.change(id, |order| {
            order["purchase_units"][0]["amount"] = amount;
        });
    }

    /// Access tokens handed out, captures made.
    pub fn tokens(&self) -> usize {
        self.tokens.load(Ordering::SeqCst)
    }
    pub fn captures(&self) -> usize {
        self.captures.load(Ordering::SeqCst)
    }

    /// The capture of a captured order.
    ///
    /// # Panics
    /// When PayPal made no order `id`.
    pub fn capture_of(&self, id: &str) -> Value {
        self.order(id)["purchase_units"][0]["payments"]["captures"][0].clone()
    }

    /// A notification as PayPal sends it: the event's body and its transmission headers, which
    /// this stand-in will vouch for.
    pub fn event(&self, kind: &str, resource: Value) -> (String, Vec<(&'static str, String)>) {
        let event = json!({
            "id": format!("WH-{}", uuid::Uuid::new_v4().simple()),
            "event_version": "1.0",
            "create_time": "2026-11-26T08:00:00Z",
            "resource_type": "capture",
            "event_type": kind,
            "resource": resource,
        })
        .to_string();
        let headers = self.transmit(&event);
        (event, headers)
    }

    /// The transmission headers of a notification whose body is exactly `body`: this stand-in
    /// vouches for those bytes and no others.
    pub fn transmit(&self, body: &str) -> Vec<(&'static str, String)> {
        let transmission = uuid::Uuid::new_v4().to_string();
        let signature = format!("sig-{}", uuid::Uuid::new_v4().simple());
        lock(&self.books)
            .transmissions
            .insert(transmission.clone(), (signature.clone(), body.to_owned()));
        vec![
            ("paypal-auth-algo", "SHA256withRSA".to_owned()),
            (
                "paypal-cert-url",
                format!("{}/v1/notifications/certs/CERT-standin", self.url),
            ),
            ("paypal-transmission-id", transmission),
            ("paypal-transmission-sig", signature),
            (
                "paypal-transmission-time",
                "2026-11-26T08:00:00Z".to_owned(),
            ),
        ]
    }

    /// Down, or a call without an access token PayPal takes.
    fn refuse(&self, headers: &HeaderMap, call: &str) -> Option<Response> {
        if let Some(down) = self.log.refuse_if_down() {
            return Some(down);
        }
        let token = bearer(headers);
        let taken = !self.refusing.load(Ordering::SeqCst)
            && token.is_some_and(|t| lock(&self.books).tokens.iter().any(|k| k == t));
        if taken {
            return None;
        }
        self.log.problem(format!(
            "{call}: no valid access token ({})",
            token.unwrap_or("none")
        ));
        Some(
            (
                StatusCode::UNAUTHORIZED,
                Json(json!({
                    "error": "invalid_token",
                    "error_description": "Token signature verification failed",
                })),
            )
                .into_response(),
        )
    }
}

/// An order approved by the buyer.
fn approve(order: &mut Value) {
    order["status"] = json!("APPROVED");
    order["payer"] = json!({ "payer_id": PAYER_ID, "email_address": "buyer@example.com" });
}

fn problem(issue: &str) -> Response {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        Json(json!({
            "name": "UNPROCESSABLE_ENTITY",
            "message": "The requested action could not be performed.",
            "details": [{"issue": issue}],
        })),
    )
        .into_response()
}

fn invalid(issue: &str, field: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({
            "name": "INVALID_REQUEST",
            "message": "Request is not well-formed, syntactically incorrect, or violates schema.",
            "details": [{"field": field, "issue": issue, "description": format!("{field}: {issue}")}],
        })),
    )
        .into_response()
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(json!({
            "name": "RESOURCE_NOT_FOUND",
            "message": "The specified resource does not exist.",
            "details": [{"issue": "INVALID_RESOURCE_ID"}],
        })),
    )
        .into_response()
}

async fn token(State(paypal): State<PayPal>, headers: HeaderMap, body: String) -> Response {
    if let Some(down) = paypal.log.refuse_if_down() {
        return down;
    }
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT_ID}:{SECRET}"));
    let auth = header(&headers, "authorization");
    if auth != Some(&format!("Basic {basic}")) {
        paypal.log.problem(format!(
            "token: bad client credentials ({})",
            auth.unwrap_or("none")
        ));
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({"error": "invalid_client", "error_description": "Client Authentication failed"})),
        )
            .into_response();
    }
    if body != "grant_type=client_credentials" {
        paypal.log.problem(format!(
            "token: body {body:?} is not grant_type=client_credentials"
        ));
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "unsupported_grant_type", "error_description": "Grant type"})),
        )
            .into_response();
    }
    let n = paypal.tokens.fetch_add(1, Ordering::SeqCst) + 1;
    let token = format!("A21-standin-token-{n}");
    lock(&paypal.books).tokens.push(token.clone());
    Json(json!({
        "scope": "https://uri.paypal.com/services/payments/payment",
        "access_token": token,
        "token_type": "Bearer",
        "app_id": "APP-80W284485P519543T",
        "expires_in": 32400,
    }))
    .into_response()
}

/// What PayPal refuses in a new order: (issue, field) of each.
fn order_problems(body: &Value) -> Vec<(&'static str, &'static str)> {
    let mut problems = Vec::new();
    if body["intent"] != "CAPTURE" {
        problems.push(("INVALID_PARAMETER_VALUE", "/intent"));
    }
    let unit = &body["purchase_units"][0];
    if unit.is_null() {
        problems.push(("MISSING_REQUIRED_PARAMETER", "/purchase_units"));
    }
    let currency = unit["amount"]["currency_code"].as_str().unwrap_or_default();
    if currency.len() != 3 || !currency.chars().all(|c| c.is_ascii_uppercase()) {
        problems.push((
            "INVALID_CURRENCY_CODE",
            "/purchase_units/@reference_id=default/amount/currency_code",
        ));
    }
    let value = unit["amount"]["value"].as_str().unwrap_or_default();
    let (whole, cents) = value.split_once('.').unwrap_or((value, "00"));
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || !digits(cents) || cents.len() != 2 {
        problems.push((
            "DECIMAL_PRECISION",
            "/purchase_units/@reference_id=default/amount/value",
        ));
    }
    if unit["custom_id"].as_str().unwrap_or_default().is_empty() {
        problems.push(("MISSING_REQUIRED_PARAMETER", "/purchase_units/0/custom_id"));
    }
    let context = &body["payment_source"]["paypal"]["experience_context"];
    if context["return_url"]
        .as_str()
        .unwrap_or_default()
        .is_empty()
    {
        problems.push((
            "MISSING_REQUIRED_PARAMETER",
            "/payment_source/paypal/experience_context/return_url",
        ));
    }
    if context["cancel_url"]
        .as_str()
        .unwrap_or_default()
        .is_empty()
    {
        problems.push((
            "MISSING_REQUIRED_PARAMETER",
            "/payment_source/paypal/experience_context/cancel_url",
        ));
    }
    problems
}

async fn create(State(paypal): State<PayPal>, headers: HeaderMap, body: String) -> Response {
    if let Some(refused) = paypal.refuse(&headers, "create order") {
        return refused;
    }
    let request = header(&headers, "paypal-request-id")
        .unwrap_or_default()
        .to_owned();
    if request.is_empty() {
        paypal
            .log
            .problem("create order: no PayPal-Request-Id header");
    } else if let Some(known) = {
        let books = lock(&paypal.books);
        books
            .by_request
            .get(&request)
            .and_then(|id| books.orders.get(id))
            .cloned()
    } {
        return Json(known).into_response();
    }
    let Ok(body) = serde_json::from_str::<Value>(&body) else {
        paypal.log.problem("create order: the body is not JSON");
        return invalid("MALFORMED_REQUEST_JSON", "/");
    };
    let problems = order_problems(&body);
    if let Some((issue, field)) = problems.first() {
        let all: Vec<String> = problems.iter().map(|(i, f)| format!("{f} {i}")).collect();
        paypal
            .log
            .problem(format!("create order: {}", all.join(", ")));
        return invalid(issue, field);
    }
    let id = format!("PP{}", uuid::Uuid::new_v4().simple()).to_uppercase();
    let unit = &body["purchase_units"][0];
    let order = json!({
        "id": id,
        "intent": body["intent"],
        "status": "PAYER_ACTION_REQUIRED",
        "purchase_units": [{
            "reference_id": unit["reference_id"],
            "custom_id": unit["custom_id"],
            "description": unit["description"],
            "amount": unit["amount"],
        }],
        "experience": body["payment_source"]["paypal"]["experience_context"],
        "links": [
            {"href": format!("{}/checkoutnow?token={id}", paypal.url), "rel": "payer-action", "method": "GET"},
            {"href": format!("{}/v2/checkout/orders/{id}", paypal.url), "rel": "self", "method": "GET"},
        ],
    });
    let mut books = lock(&paypal.books);
    if !request.is_empty() {
        books.by_request.insert(request, id.clone());
    }
    books.orders.insert(id, order.clone());
    Json(order).into_response()
}

async fn order(
    State(paypal): State<PayPal>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = paypal.refuse(&headers, "get order") {
        return refused;
    }
    match lock(&paypal.books).orders.get(&id) {
        Some(order) => Json(order.clone()).into_response(),
        None => not_found(),
    }
}

async fn capture(
    State(paypal): State<PayPal>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = paypal.refuse(&headers, "capture") {
        return refused;
    }
    let request = header(&headers, "paypal-request-id")
        .unwrap_or_default()
        .to_owned();
    let mut books = lock(&paypal.books);
    if let Some(again) = books.captured.get(&request) {
        return (StatusCode::CREATED, Json(again.clone())).into_response();
    }
    let declined = books.declined.contains(&id);
    let Some(order) = books.orders.get_mut(&id) else {
        return not_found();
    };
    match order["status"].as_str().unwrap_or_default() {
        "COMPLETED" => return problem("ORDER_ALREADY_CAPTURED"),
        "APPROVED" if declined || paypal.decline_next.swap(false, Ordering::SeqCst) => {
            return problem("INSTRUMENT_DECLINED")
        }
        "APPROVED" => {}
        _ => return problem("ORDER_NOT_APPROVED"),
    }
    let n = paypal.captures.fetch_add(1, Ordering::SeqCst) + 1;
    let unit = order["purchase_units"][0].clone();
    order["status"] = json!("COMPLETED");
    order["purchase_units"][0]["payments"] = json!({"captures": [{
        "id": format!("CAP{n}{}", id.get(2..10).unwrap_or_default()),
        "status": "COMPLETED",
        "amount": unit["amount"],
        "custom_id": unit["custom_id"],
        "final_capture": true,
    }]});
    let captured = order.clone();
    if !request.is_empty() {
        books.captured.insert(request, captured.clone());
    }
    (StatusCode::CREATED, Json(captured)).into_response()
}

/// What `verify-webhook-signature` is sent; the event is kept as the text it was.
#[derive(Deserialize)]
struct Verification<'a> {
    transmission_id: String,
    transmission_sig: String,
    webhook_id: String,
    #[serde(borrow)]
    webhook_event: &'a RawValue,
}

async fn verify(State(paypal): State<PayPal>, headers: HeaderMap, body: String) -> Response {
    if let Some(refused) = paypal.refuse(&headers, "verify-webhook-signature") {
        return refused;
    }
    let asked = serde_json::from_str::<Verification>(&body);
    // The event goes back as the webhook's own text: a JSON object, not a string holding one.
    let Ok(asked) = asked.as_ref().map_err(|_| ()).and_then(|asked| {
        if asked.webhook_event.get().trim_start().starts_with('{') {
            Ok(asked)
        } else {
            Err(())
        }
    }) else {
        paypal
            .log
            .problem("verify-webhook-signature: webhook_event is not the event object");
        return invalid("INVALID_PARAMETER_SYNTAX", "/webhook_event");
    };
    // The signature covers the bytes PayPal sent: a copy written out again (other key order,
    // spacing or escapes) is not what was signed.
    let books = lock(&paypal.books);
    let known = books
        .transmissions
        .get(&asked.transmission_id)
        .is_some_and(|(sig, event)| {
            asked.transmission_sig == *sig
                && asked.webhook_event.get() == event
                && asked.webhook_id == WEBHOOK_ID
        });
    Json(json!({"verification_status": if known { "SUCCESS" } else { "FAILURE" }})).into_response()
}

#[derive(Deserialize)]
struct Checkout {
    #[serde(default)]
    token: String,
}

/// PayPal's approval page: what is paid and to whom, Pay now, and Cancel and return.
async fn approval_page(
    State(paypal): State<PayPal>,
    Query(Checkout { token }): Query<Checkout>,
) -> Response {
    let Some(order) = lock(&paypal.books).orders.get(&token).cloned() else {
        return http::checkout_page(
            "PayPal",
            "PayPal",
            "#003087",
            "<p>This checkout is unknown.</p>",
        );
    };
    let unit = &order["purchase_units"][0];
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let price = format!(
        "${} {}",
        text(&unit["amount"]["value"]),
        text(&unit["amount"]["currency_code"])
    );
    let cancel = with_query(
        &text(&order["experience"]["cancel_url"]),
        &format!("token={token}"),
    );
    let body = format!(
        r#"
<p class="muted">Pay Amora</p>
<p class="amount" data-testid="paypal-amount">{price}</p>
<p>{description}</p>
<p class="muted">Paying as buyer@example.com</p>
<form method="post" action="/checkoutnow/approve?token={id}">
  <button type="submit">Pay now</button>
</form>
<a href="{cancel}">Cancel and return to Amora</a>"#,
        price = escape_html(&price),
        description = escape_html(&text(&unit["description"])),
        id = escape_html(&token),
        cancel = escape_html(&cancel),
    );
    http::checkout_page("PayPal Checkout", "PayPal", "#003087", &body)
}

/// Pay now: the order is approved and the buyer goes back to the shop.
async fn approved_at_page(
    State(paypal): State<PayPal>,
    Query(Checkout { token }): Query<Checkout>,
) -> Response {
    let mut books = lock(&paypal.books);
    let Some(order) = books.orders.get_mut(&token) else {
        return not_found();
    };
    if order["status"] == "PAYER_ACTION_REQUIRED" {
        approve(order);
    }
    let back = order["experience"]["return_url"]
        .as_str()
        .unwrap_or_default();
    http::see_other(&with_query(
        back,
        &format!("token={token}&PayerID={PAYER_ID}"),
    ))
}

async fn decline_next(State(paypal): State<PayPal>) -> Json<Value> {
    paypal.decline_next_capture();
    Json(json!({ "declineNextCapture": true }))
}

async fn revoke(State(paypal): State<PayPal>) -> Json<Value> {
    paypal.revoke_tokens();
    Json(json!({ "revoked": true }))
}
