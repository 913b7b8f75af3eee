//! A local Stripe: the Checkout Sessions API as the server uses it (create with an idempotency
//! key, retrieve), bearer-checked, with what a buyer does at the hosted page played by the test
//! (pay, pay later, let expire), a switch that makes it unreachable, and events signed as
//! Stripe signs them (`Stripe-Signature: t=...,v1=...`).

#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

pub const SECRET_KEY: &str = "sk_test_stories";
pub const WEBHOOK_SECRET: &str = "whsec_stories";

#[derive(Default)]
struct Books {
    sessions: HashMap<String, Value>,
    by_key: HashMap<String, String>,
}

#[derive(Clone, Default)]
pub struct Stripe {
    books: Arc<Mutex<Books>>,
    down: Arc<AtomicBool>,
    made: Arc<AtomicUsize>,
    pub url: String,
}

impl Stripe {
    pub async fn start() -> Stripe {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let stripe = Stripe {
            url: format!("http://{}", listener.local_addr().unwrap()),
            ..Stripe::default()
        };
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create))
            .route("/v1/checkout/sessions/{id}", get(retrieve))
            .with_state(stripe.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        stripe
    }

    /// Settings that point the server here.
    pub fn settings(&self) -> amora_server::config::StripeSettings {
        amora_server::config::StripeSettings {
            secret_key: Some(SECRET_KEY.to_owned().into()),
            webhook_secret: Some(WEBHOOK_SECRET.to_owned().into()),
            api_url: self.url.clone(),
            ..Default::default()
        }
    }

    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    pub fn session(&self, id: &str) -> Value {
        self.books.lock().unwrap().sessions[id].clone()
    }

    /// The session the hosted page at `url` is for.
    pub fn session_of(&self, checkout_url: &str) -> String {
        checkout_url.rsplit('/').next().unwrap().to_owned()
    }

    fn change(&self, id: &str, f: impl FnOnce(&mut Value)) -> Value {
        let mut books = self.books.lock().unwrap();
        let session = books.sessions.get_mut(id).unwrap();
        f(session);
        session.clone()
    }

    /// The buyer pays at the hosted page: the session completes, paid.
    pub fn pay(&self, id: &str) -> Value {
        self.change(id, |s| {
            s["status"] = json!("complete");
            s["payment_status"] = json!("paid");
            s["payment_intent"] = json!(format!("pi_{id}"));
        })
    }

    /// The buyer chose a method that confirms later: complete, not yet paid.
    pub fn pay_later(&self, id: &str) -> Value {
        self.change(id, |s| {
            s["status"] = json!("complete");
            s["payment_status"] = json!("unpaid");
            s["payment_intent"] = json!(format!("pi_{id}"));
        })
    }

    pub fn expire(&self, id: &str) -> Value {
        self.change(id, |s| s["status"] = json!("expired"))
    }

    /// Sessions made (a retried create with the same key makes none).
    pub fn sessions_made(&self) -> usize {
        self.made.load(Ordering::SeqCst)
    }

    /// An event as Stripe sends it, and its signature header made at `t`.
    pub fn event(kind: &str, object: Value, t: i64) -> (String, String) {
        let body = json!({
            "id": format!("evt_{}", uuid::Uuid::new_v4().simple()),
            "object": "event",
            "type": kind,
            "data": { "object": object },
        })
        .to_string();
        let header = format!("t={t},v1={}", sign(t, &body, WEBHOOK_SECRET));
        (body, header)
    }
}

pub fn sign(t: i64, body: &str, secret: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// A charge of a session's payment, refunded (whole or in part).
pub fn refunded_charge(session: &Value, refunded_cents: i64) -> Value {
    json!({
        "id": format!("ch_{}", session["id"].as_str().unwrap()),
        "object": "charge",
        "amount": session["amount_total"],
        "amount_refunded": refunded_cents,
        "currency": session["currency"],
        "payment_intent": session["payment_intent"],
        "refunded": Some(refunded_cents) == session["amount_total"].as_i64(),
    })
}

fn refuse(stripe: &Stripe, headers: &HeaderMap) -> Option<Response> {
    if stripe.down.load(Ordering::SeqCst) {
        return Some(StatusCode::SERVICE_UNAVAILABLE.into_response());
    }
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok());
    (auth != Some(&format!("Bearer {SECRET_KEY}"))).then(|| {
        (
            StatusCode::UNAUTHORIZED,
            Json(json!({"error": {"type": "invalid_request_error"}})),
        )
            .into_response()
    })
}

async fn create(
    State(stripe): State<Stripe>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    if let Some(refused) = refuse(&stripe, &headers) {
        return refused;
    }
    let field = |k: &str| {
        form.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
    };
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let mut books = stripe.books.lock().unwrap();
    if let Some(id) = books.by_key.get(&key) {
        return Json(books.sessions[id].clone()).into_response();
    }
    let n = stripe.made.fetch_add(1, Ordering::SeqCst) + 1;
    let id = format!("cs_test_{n}_{}", uuid::Uuid::new_v4().simple());
    let methods: Vec<String> = (0..)
        .map_while(|i| field(&format!("payment_method_types[{i}]")))
        .collect();
    let session = json!({
        "id": id,
        "object": "checkout.session",
        "url": format!("{}/pay/{id}", stripe.url),
        "mode": field("mode"),
        "client_reference_id": field("client_reference_id"),
        "metadata": { "order_id": field("metadata[order_id]") },
        "amount_total": field("line_items[0][price_data][unit_amount]").and_then(|a| a.parse::<i64>().ok()),
        "currency": field("line_items[0][price_data][currency]"),
        "payment_method_types": methods,
        "success_url": field("success_url"),
        "cancel_url": field("cancel_url"),
        "status": "open",
        "payment_status": "unpaid",
        "payment_intent": null,
    });
    books.by_key.insert(key, id.clone());
    books.sessions.insert(id, session.clone());
    Json(session).into_response()
}

async fn retrieve(
    State(stripe): State<Stripe>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = refuse(&stripe, &headers) {
        return refused;
    }
    match stripe.books.lock().unwrap().sessions.get(&id) {
        Some(session) => Json(session.clone()).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({"error": {"code": "resource_missing"}})),
        )
            .into_response(),
    }
}
