//! A local PayPal: OAuth client credentials (each fetch a new token; the test can revoke them
//! all, as a rotated secret does), Orders v2 (create with `PayPal-Request-Id`, get, capture
//! once) and `verify-webhook-signature`, which says SUCCESS only for a transmission this
//! stand-in signed for exactly that event, byte for byte as it was sent, and webhook id. The
//! buyer's approval (or a declined card, or an order changed at PayPal) is played by the test;
//! a switch makes it unreachable.

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

pub const CLIENT_ID: &str = "stories-client";
pub const SECRET: &str = "stories-secret";
pub const WEBHOOK_ID: &str = "WH-STORIES";

#[derive(Default)]
struct Books {
    /// Access tokens PayPal takes now.
    tokens: Vec<String>,
    orders: HashMap<String, Value>,
    by_request: HashMap<String, String>,
    /// transmission id → (signature, the event it was made for, as sent)
    transmissions: HashMap<String, (String, String)>,
    declined: Vec<String>,
}

#[derive(Clone, Default)]
pub struct PayPal {
    books: Arc<Mutex<Books>>,
    down: Arc<AtomicBool>,
    refusing: Arc<AtomicBool>,
    tokens: Arc<AtomicUsize>,
    captures: Arc<AtomicUsize>,
    pub url: String,
}

impl PayPal {
    pub async fn start() -> PayPal {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let paypal = PayPal {
            url: format!("http://{}", listener.local_addr().unwrap()),
            ..PayPal::default()
        };
        let app = Router::new()
            .route("/v1/oauth2/token", post(token))
            .route("/v2/checkout/orders", post(create))
            .route("/v2/checkout/orders/{id}", get(order))
            .route("/v2/checkout/orders/{id}/capture", post(capture))
            .route("/v1/notifications/verify-webhook-signature", post(verify))
            .with_state(paypal.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        paypal
    }

    pub fn settings(&self) -> amora_server::config::PayPalSettings {
        amora_server::config::PayPalSettings {
            client_id: Some(CLIENT_ID.into()),
            secret: Some(SECRET.to_owned().into()),
            webhook_id: Some(WEBHOOK_ID.into()),
            api_url: self.url.clone(),
        }
    }

    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// The PayPal order the approval page at `url` is for.
    pub fn order_of(checkout_url: &str) -> String {
        checkout_url.rsplit('=').next().unwrap().to_owned()
    }

    pub fn order(&self, id: &str) -> Value {
        self.books.lock().unwrap().orders[id].clone()
    }

    /// The buyer approves at PayPal.
    pub fn approve(&self, id: &str) {
        let mut books = self.books.lock().unwrap();
        books.orders.get_mut(id).unwrap()["status"] = json!("APPROVED");
    }

    /// The buyer approves with a card that will be declined at capture.
    pub fn approve_declined(&self, id: &str) {
        self.approve(id);
        self.books.lock().unwrap().declined.push(id.to_owned());
    }

    /// PayPal stops taking every access token it handed out (the secret rotated, the tokens
    /// revoked), long before they expire.
    pub fn revoke_tokens(&self) {
        self.books.lock().unwrap().tokens.clear();
    }

    /// PayPal takes no access token, not even one it just handed out (our credentials are
    /// wrong for its API).
    pub fn refuse_every_token(&self, refusing: bool) {
        self.refusing.store(refusing, Ordering::SeqCst);
    }

    /// The order is changed at PayPal before it is captured: it will be paid with `amount`.
    pub fn change_amount(&self, id: &str, amount: Value) {
        let mut books = self.books.lock().unwrap();
        books.orders.get_mut(id).unwrap()["purchase_units"][0]["amount"] = amount;
    }

    /// Access tokens handed out, captures made.
    pub fn tokens(&self) -> usize {
        self.tokens.load(Ordering::SeqCst)
    }
    pub fn captures(&self) -> usize {
        self.captures.load(Ordering::SeqCst)
    }

    /// The capture of a captured order.
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
        self.books
            .lock()
            .unwrap()
            .transmissions
            .insert(transmission.clone(), (signature.clone(), body.to_owned()));
        vec![
            ("paypal-auth-algo", "SHA256withRSA".to_owned()),
            (
                "paypal-cert-url",
                format!("{}/v1/notifications/certs/CERT-stories", self.url),
            ),
            ("paypal-transmission-id", transmission),
            ("paypal-transmission-sig", signature),
            (
                "paypal-transmission-time",
                "2026-11-26T08:00:00Z".to_owned(),
            ),
        ]
    }
}

fn down(paypal: &PayPal) -> Option<Response> {
    paypal
        .down
        .load(Ordering::SeqCst)
        .then(|| StatusCode::SERVICE_UNAVAILABLE.into_response())
}

/// The request carries an access token PayPal takes.
fn bearer(paypal: &PayPal, headers: &HeaderMap) -> bool {
    let token = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    !paypal.refusing.load(Ordering::SeqCst)
        && token.is_some_and(|t| paypal.books.lock().unwrap().tokens.iter().any(|k| k == t))
}

fn unauthorized() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({"error": "invalid_token"})),
    )
        .into_response()
}

fn problem(issue: &str) -> Response {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        Json(json!({"name": "UNPROCESSABLE_ENTITY", "details": [{"issue": issue}]})),
    )
        .into_response()
}

async fn token(State(paypal): State<PayPal>, headers: HeaderMap, body: String) -> Response {
    if let Some(refused) = down(&paypal) {
        return refused;
    }
    use base64::Engine;
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT_ID}:{SECRET}"));
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok());
    if auth != Some(&format!("Basic {basic}")) || body != "grant_type=client_credentials" {
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({"error": "invalid_client"})),
        )
            .into_response();
    }
    let n = paypal.tokens.fetch_add(1, Ordering::SeqCst) + 1;
    let token = format!("A21-stories-token-{n}");
    paypal.books.lock().unwrap().tokens.push(token.clone());
    Json(json!({"access_token": token, "token_type": "Bearer", "expires_in": 32400}))
        .into_response()
}

async fn create(
    State(paypal): State<PayPal>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    if let Some(refused) = down(&paypal) {
        return refused;
    }
    if !bearer(&paypal, &headers) {
        return unauthorized();
    }
    let request = headers
        .get("paypal-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let mut books = paypal.books.lock().unwrap();
    if let Some(id) = books.by_request.get(&request) {
        return Json(books.orders[id].clone()).into_response();
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
            "amount": unit["amount"],
        }],
        "experience": body["payment_source"]["paypal"]["experience_context"],
        "links": [
            {"href": format!("{}/checkoutnow?token={id}", paypal.url), "rel": "payer-action", "method": "GET"},
            {"href": format!("{}/v2/checkout/orders/{id}", paypal.url), "rel": "self", "method": "GET"},
        ],
    });
    books.by_request.insert(request, id.clone());
    books.orders.insert(id, order.clone());
    Json(order).into_response()
}

async fn order(
    State(paypal): State<PayPal>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = down(&paypal) {
        return refused;
    }
    if !bearer(&paypal, &headers) {
        return unauthorized();
    }
    match paypal.books.lock().unwrap().orders.get(&id) {
        Some(order) => Json(order.clone()).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({"name": "RESOURCE_NOT_FOUND"})),
        )
            .into_response(),
    }
}

async fn capture(
    State(paypal): State<PayPal>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = down(&paypal) {
        return refused;
    }
    if !bearer(&paypal, &headers) {
        return unauthorized();
    }
    let mut books = paypal.books.lock().unwrap();
    let declined = books.declined.contains(&id);
    let Some(order) = books.orders.get_mut(&id) else {
        return (
            StatusCode::NOT_FOUND,
            Json(json!({"name": "RESOURCE_NOT_FOUND"})),
        )
            .into_response();
    };
    match order["status"].as_str().unwrap() {
        "COMPLETED" => return problem("ORDER_ALREADY_CAPTURED"),
        "APPROVED" if declined => return problem("INSTRUMENT_DECLINED"),
        "APPROVED" => {}
        _ => return problem("ORDER_NOT_APPROVED"),
    }
    let n = paypal.captures.fetch_add(1, Ordering::SeqCst) + 1;
    let unit = order["purchase_units"][0].clone();
    order["status"] = json!("COMPLETED");
    order["purchase_units"][0]["payments"] = json!({"captures": [{
        "id": format!("CAP{n}{}", &id[2..10]),
        "status": "COMPLETED",
        "amount": unit["amount"],
        "custom_id": unit["custom_id"],
        "final_capture": true,
    }]});
    (StatusCode::CREATED, Json(order.clone())).into_response()
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
    if let Some(refused) = down(&paypal) {
        return refused;
    }
    if !bearer(&paypal, &headers) {
        return unauthorized();
    }
    let Ok(asked) = serde_json::from_str::<Verification>(&body) else {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"name": "INVALID_REQUEST"})),
        )
            .into_response();
    };
    // The signature covers the bytes PayPal sent: a copy written out again (other key order,
    // spacing or escapes) is not what was signed.
    let books = paypal.books.lock().unwrap();
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
