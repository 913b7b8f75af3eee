//! A local Stripe: the Checkout Sessions API as the server uses it (create, form-encoded with
//! bracketed keys and an `Idempotency-Key`; retrieve; expire), bearer-checked with the secret
//! key, a switch that makes it unreachable, and events signed as Stripe signs them
//! (`Stripe-Signature: t=...,v1=...`).
//!
//! The hosted page is `GET /pay/<session>`: paying there by card completes the session paid;
//! paying later completes it unpaid, and the provider confirms the money a few seconds after
//! ([`PAY_LATER_CONFIRMS_AFTER`]). A story may instead play the buyer through the methods here
//! (pay, pay later, let expire).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;
use tokio::net::TcpListener;

use crate::http::{self, bearer, escape_html, header, lock, Log};

pub const SECRET_KEY: &str = "sk_test_standin";
pub const WEBHOOK_SECRET: &str = "whsec_standin";
/// How long a payment made later waits at the hosted page before the provider confirms it.
pub const PAY_LATER_CONFIRMS_AFTER: Duration = Duration::from_secs(5);

/// The methods that pay later; a session takes them, or the card alone.
const PAY_LATER: &[&str] = &["klarna", "afterpay_clearpay", "affirm"];

#[derive(Default)]
struct Books {
    sessions: HashMap<String, Value>,
    by_key: HashMap<String, String>,
    /// What the hosted page names as the line item (not part of the session object).
    products: HashMap<String, String>,
}

#[derive(Clone, Default)]
pub struct Stripe {
    books: Arc<Mutex<Books>>,
    log: Log,
    made: Arc<AtomicUsize>,
    pub url: String,
}

impl Stripe {
    /// A Stripe on a free loopback port.
    ///
    /// # Panics
    /// When no port can be had.
    pub async fn start() -> Stripe {
        match http::bind_loopback(0).await.and_then(Stripe::serve) {
            Ok(stripe) => stripe,
            Err(e) => panic!("Stripe's stand-in cannot listen: {e}"),
        }
    }

    /// A Stripe serving on `listener`.
    pub fn serve(listener: TcpListener) -> std::io::Result<Stripe> {
        let stripe = Stripe {
            url: http::url_of(&listener)?,
            ..Stripe::default()
        };
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create))
            .route("/v1/checkout/sessions/{id}", get(retrieve))
            .route("/v1/checkout/sessions/{id}/expire", post(expire))
            .route("/pay/{id}", get(hosted_page).post(paid_at_page))
            .with_state(stripe.clone());
        http::serve(listener, &stripe.log, app);
        Ok(stripe)
    }

    /// What Stripe was asked, and what it would have refused.
    pub fn log(&self) -> &Log {
        &self.log
    }

    pub fn set_down(&self, down: bool) {
        self.log.set_down(down);
    }

    /// # Panics
    /// When Stripe made no session `id`.
    pub fn session(&self, id: &str) -> Value {
        self.change(id, |s| s.clone())
    }

    /// The session the hosted page at `url` is for.
    pub fn session_of(&self, checkout_url: &str) -> String {
        checkout_url
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .to_owned()
    }

    fn change<R>(&self, id: &str, f: impl FnOnce(&mut Value) -> R) -> R {
        match lock(&self.books).sessions.get_mut(id) {
            Some(session) => f(session),
            None => panic!("Stripe made no session {id}"),
        }
    }

    /// The buyer pays at the hosted page: the session completes, paid.
    ///
    /// # Panics
    /// When Stripe made no session `id`.
    pub fn pay(&self, id: &str) -> Value {
        self.change(id, |s| {
            complete(s, "paid");
            s.clone()
        })
    }

    /// The buyer chose a method that confirms later: complete, not yet paid.
    ///
    /// # Panics
    /// When Stripe made no session `id`.
    pub fn pay_later(&self, id: &str) -> Value {
        self.change(id, |s| {
            complete(s, "unpaid");
            s.clone()
        })
    }

    /// # Panics
    /// When Stripe made no session `id`.
    pub fn expire(&self, id: &str) -> Value {
        self.change(id, |s| {
            s["status"] = json!("expired");
            s.clone()
        })
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

    /// Down, or a call without the secret key.
    fn refuse(&self, headers: &HeaderMap, call: &str) -> Option<Response> {
        if let Some(down) = self.log.refuse_if_down() {
            return Some(down);
        }
        let key = bearer(headers);
        if key == Some(SECRET_KEY) {
            return None;
        }
        self.log.problem(format!(
            "{call}: not the secret key ({})",
            header(headers, "authorization").unwrap_or("none")
        ));
        Some(
            (
                StatusCode::UNAUTHORIZED,
                Json(json!({"error": {
                    "type": "invalid_request_error",
                    "message": format!("Invalid API Key provided: {}", key.unwrap_or_default()),
                }})),
            )
                .into_response(),
        )
    }
}

/// A session completed at the hosted page, its money `paid` or `unpaid` yet.
fn complete(session: &mut Value, payment_status: &str) {
    let id = session["id"].as_str().unwrap_or_default().to_owned();
    session["status"] = json!("complete");
    session["payment_status"] = json!(payment_status);
    session["payment_intent"] = json!(format!("pi_{id}"));
}

/// The `v1` signature of `body` made at `t` with `secret`.
pub fn sign(t: i64, body: &str, secret: &str) -> String {
    // HMAC takes a key of any length.
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
        return String::new();
    };
    mac.update(format!("{t}.{body}").as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// A charge of a session's payment, refunded (whole or in part).
pub fn refunded_charge(session: &Value, refunded_cents: i64) -> Value {
    json!({
        "id": format!("ch_{}", session["id"].as_str().unwrap_or_default()),
        "object": "charge",
        "amount": session["amount_total"],
        "amount_refunded": refunded_cents,
        "currency": session["currency"],
        "payment_intent": session["payment_intent"],
        "refunded": Some(refunded_cents) == session["amount_total"].as_i64(),
    })
}

fn stripe_error(status: StatusCode, message: &str, param: Option<&str>) -> Response {
    let mut error = json!({ "type": "invalid_request_error", "message": message });
    if let Some(param) = param {
        error["param"] = json!(param);
    }
    (status, Json(json!({ "error": error }))).into_response()
}

/// A field Stripe refuses: its name, and what was there.
struct Refused {
    param: String,
    what: String,
}

/// The form of a new session, checked as Stripe checks it.
struct Form(Vec<(String, String)>);

impl Form {
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The field `name`, which must pass `test`.
    fn need(&self, name: &str, test: impl Fn(&str) -> bool) -> Result<String, Refused> {
        match self.get(name) {
            Some(value) if test(value) => Ok(value.to_owned()),
            value => Err(Refused {
                param: name.to_owned(),
                what: format!("{name}={}", value.unwrap_or("(missing)")),
            }),
        }
    }

    /// The session this form asks for, or the first field Stripe refuses.
    fn session(&self, id: &str, url: &str) -> Result<(Value, String), Refused> {
        let filled = |v: &str| !v.is_empty();
        self.need("mode", |v| v == "payment")?;
        let order = self.need("client_reference_id", filled)?;
        self.need("metadata[order_id]", |v| v == order)?;
        self.need("payment_intent_data[metadata][order_id]", |v| v == order)?;
        self.need("line_items[0][quantity]", |v| v == "1")?;
        let currency = self.need("line_items[0][price_data][currency]", |v| {
            v.len() == 3 && v.chars().all(|c| c.is_ascii_lowercase())
        })?;
        let amount = self.need("line_items[0][price_data][unit_amount]", |v| {
            v.parse::<i64>().is_ok_and(|a| a > 0)
        })?;
        let name = self.need("line_items[0][price_data][product_data][name]", filled)?;
        let success = self.need("success_url", |v| v.contains("{CHECKOUT_SESSION_ID}"))?;
        let cancel = self.need("cancel_url", filled)?;
        let methods: Vec<&str> = (0..)
            .map_while(|i| self.get(&format!("payment_method_types[{i}]")))
            .collect();
        let card = methods == ["card"];
        let later = !methods.is_empty() && methods.iter().all(|m| PAY_LATER.contains(m));
        if !card && !later {
            return Err(Refused {
                param: "payment_method_types".into(),
                what: format!("payment_method_types={}", methods.join(",")),
            });
        }
        let session = json!({
            "id": id,
            "object": "checkout.session",
            "url": format!("{url}/pay/{id}"),
            "mode": "payment",
            "client_reference_id": order,
            "metadata": { "order_id": order },
            "amount_total": amount.parse::<i64>().unwrap_or_default(),
            "currency": currency,
            "payment_method_types": methods,
            "success_url": success,
            "cancel_url": cancel,
            "status": "open",
            "payment_status": "unpaid",
            "payment_intent": null,
        });
        Ok((session, name))
    }
}

async fn create(State(stripe): State<Stripe>, headers: HeaderMap, body: String) -> Response {
    if let Some(refused) = stripe.refuse(&headers, "create session") {
        return refused;
    }
    let key = header(&headers, "idempotency-key")
        .unwrap_or_default()
        .to_owned();
    if key.is_empty() {
        stripe
            .log
            .problem("create session: no Idempotency-Key header");
    } else if let Some(known) = {
        let books = lock(&stripe.books);
        books
            .by_key
            .get(&key)
            .and_then(|id| books.sessions.get(id))
            .cloned()
    } {
        return Json(known).into_response();
    }
    let content_type = header(&headers, "content-type").unwrap_or("none");
    if !content_type.starts_with("application/x-www-form-urlencoded") {
        stripe
            .log
            .problem(format!("create session: content type {content_type}"));
    }
    let form = Form(serde_urlencoded::from_str(&body).unwrap_or_default());
    let n = stripe.made.load(Ordering::SeqCst) + 1;
    let id = format!("cs_test_{n}_{}", uuid::Uuid::new_v4().simple());
    let (session, product) = match form.session(&id, &stripe.url) {
        Ok(made) => made,
        Err(Refused { param, what }) => {
            stripe.log.problem(format!("create session: {what}"));
            return stripe_error(
                StatusCode::BAD_REQUEST,
                &format!("Invalid or missing parameter: {what}"),
                Some(&param),
            );
        }
    };
    stripe.made.fetch_add(1, Ordering::SeqCst);
    let mut books = lock(&stripe.books);
    if !key.is_empty() {
        books.by_key.insert(key, id.clone());
    }
    books.products.insert(id.clone(), product);
    books.sessions.insert(id, session.clone());
    Json(session).into_response()
}

fn no_such_session(id: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(json!({"error": {
            "code": "resource_missing",
            "type": "invalid_request_error",
            "param": "session",
            "message": format!("No such checkout.session: '{id}'"),
        }})),
    )
        .into_response()
}

async fn retrieve(
    State(stripe): State<Stripe>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = stripe.refuse(&headers, "retrieve session") {
        return refused;
    }
    match lock(&stripe.books).sessions.get(&id) {
        Some(session) => Json(session.clone()).into_response(),
        None => no_such_session(&id),
    }
}

async fn expire(
    State(stripe): State<Stripe>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = stripe.refuse(&headers, "expire session") {
        return refused;
    }
    let mut books = lock(&stripe.books);
    let Some(session) = books.sessions.get_mut(&id) else {
        return no_such_session(&id);
    };
    if session["status"] != "open" {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            r#"Only Checkout Sessions with a status in ["open"] can be expired."#,
            None,
        );
    }
    session["status"] = json!("expired");
    session["url"] = Value::Null;
    Json(session.clone()).into_response()
}

/// The hosted page: the line item, its price, the card or the pay-later choices, and Pay.
async fn hosted_page(State(stripe): State<Stripe>, Path(id): Path<String>) -> Response {
    let (session, product) = {
        let books = lock(&stripe.books);
        match books.sessions.get(&id) {
            Some(s) => (
                s.clone(),
                books.products.get(&id).cloned().unwrap_or_default(),
            ),
            None => return no_such_session(&id),
        }
    };
    let cents = session["amount_total"].as_i64().unwrap_or_default();
    let price = format!("${}.{:02}", cents / 100, cents % 100);
    let methods: Vec<&str> = session["payment_method_types"]
        .as_array()
        .map(|m| m.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let choices = if methods.contains(&"card") {
        r#"<p class="muted">Card ending in 4242</p>"#.to_owned()
    } else {
        let labels: String = methods
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let name = match *m {
                    "klarna" => "Klarna",
                    "afterpay_clearpay" => "Afterpay",
                    "affirm" => "Affirm",
                    other => other,
                };
                let checked = if i == 0 { " checked" } else { "" };
                format!(
                    r#"<label><input type="radio" name="method" value="{m}"{checked}> {name}</label>"#
                )
            })
            .collect();
        format!("<fieldset><legend>Pay later with</legend>{labels}</fieldset>")
    };
    let action = if session["status"] == "open" {
        format!(
            r#"{choices}
<form method="post" action="/pay/{id}">
  <button type="submit">Pay</button>
</form>
<a href="{cancel}">Back</a>"#,
            id = escape_html(&id),
            cancel = escape_html(session["cancel_url"].as_str().unwrap_or_default()),
        )
    } else {
        "<p>This checkout session is no longer open.</p>".to_owned()
    };
    let body = format!(
        r#"
<p class="muted">Amora</p>
<p>{product}</p>
<p class="amount" data-testid="stripe-amount">{price}</p>
{action}"#,
        product = escape_html(&product),
    );
    http::checkout_page("Stripe Checkout", "stripe", "#635bff", &body)
}

/// Pay at the hosted page: by card the session is paid at once; paid later, the money is
/// confirmed a few seconds after. The buyer goes back to the shop.
async fn paid_at_page(State(stripe): State<Stripe>, Path(id): Path<String>) -> Response {
    let mut books = lock(&stripe.books);
    let Some(session) = books.sessions.get_mut(&id) else {
        return no_such_session(&id);
    };
    if session["status"] == "open" {
        let card = session["payment_method_types"]
            .as_array()
            .is_some_and(|m| m.iter().any(|m| m == "card"));
        complete(session, if card { "paid" } else { "unpaid" });
        session["url"] = Value::Null;
        if !card {
            let books = Arc::clone(&stripe.books);
            let id = id.clone();
            tokio::spawn(async move {
                tokio::time::sleep(PAY_LATER_CONFIRMS_AFTER).await;
                if let Some(session) = lock(&books).sessions.get_mut(&id) {
                    session["payment_status"] = json!("paid");
                }
            });
        }
    }
    let back = session["success_url"]
        .as_str()
        .unwrap_or_default()
        .replace("{CHECKOUT_SESSION_ID}", &id);
    http::see_other(&back)
}
