//! A local Google Play: Google's OAuth token endpoint (the JWT bearer grant, whose RS256
//! assertion is checked with the public key of the service account the test made) and the Play
//! Developer API as the server uses it (`purchases.products` get, acknowledge and consume; the
//! Voided Purchases API, in pages), each call checked for an access token it gave. The test
//! plays the buyer (purchases made, pending, cancelled, refunded) and builds the Pub/Sub pushes
//! of Real-time developer notifications; switches make it unreachable or its acknowledgements
//! fail, and counters say how many access tokens, acknowledgements and consumptions it gave
//! (and how many it refused, asked twice).

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use rsa::pkcs1v15::{Signature, VerifyingKey};
use rsa::pkcs8::{EncodePrivateKey, LineEnding};
use rsa::sha2::Sha256;
use rsa::signature::Verifier;
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde_json::{json, Value};

use crate::http::{self, lock, Log};

pub const PACKAGE: &str = "com.example.amora";
pub const PREFIX: &str = "com.example.amora.";
pub const PUSH_TOKEN: &str = "push-stories-7f3a9c";
pub const CLIENT_EMAIL: &str = "amora-play@amora-stories.iam.gserviceaccount.com";
const SCOPE: &str = "https://www.googleapis.com/auth/androidpublisher";
/// The Voided Purchases API answers at most this many a page here, so that paging shows.
const VOIDED_PAGE: usize = 2;

#[derive(Default)]
struct Books {
    /// Purchase token → the purchase as Play answers it.
    purchases: HashMap<String, Value>,
    /// Voided purchases, oldest first.
    voided: Vec<Value>,
    /// Access tokens given and still good.
    access: HashSet<String>,
}

#[derive(Clone)]
pub struct Play {
    books: Arc<Mutex<Books>>,
    key: Arc<RsaPublicKey>,
    log: Log,
    acknowledgements_fail: Arc<AtomicBool>,
    tokens: Arc<AtomicUsize>,
    acknowledgements: Arc<AtomicUsize>,
    consumptions: Arc<AtomicUsize>,
    refused: Arc<AtomicUsize>,
    made: Arc<AtomicUsize>,
    dir: Arc<tempfile::TempDir>,
    pub url: String,
}

/// A new service account key, as Google makes them (RSA 2048).
///
/// # Panics
/// When the system gives no randomness.
#[allow(clippy::unwrap_used)]
pub fn new_key() -> RsaPrivateKey {
    RsaPrivateKey::new(&mut rsa::rand_core::OsRng, 2048).unwrap()
}

/// The Play product id of our product `code`.
pub fn play_id(code: &str) -> String {
    format!("{PREFIX}{}", code.replace('-', "_"))
}

fn millis() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// What a story does with Google Play: Play is played inside the server's stories only (the
/// program serves none), so a file it cannot write or an id it never gave fails the story with
/// a panic, as the `unwrap`s allowed here do.
#[allow(clippy::unwrap_used)]
impl Play {
    /// A Google Play on a free loopback port, with a service account of its own.
    pub async fn start() -> Play {
        let key = new_key();
        let listener = http::bind_loopback(0).await.unwrap();
        let play = Play {
            books: Arc::default(),
            key: Arc::new(key.to_public_key()),
            log: Log::default(),
            acknowledgements_fail: Arc::default(),
            tokens: Arc::default(),
            acknowledgements: Arc::default(),
            consumptions: Arc::default(),
            refused: Arc::default(),
            made: Arc::default(),
            dir: Arc::new(tempfile::tempdir().unwrap()),
            url: http::url_of(&listener).unwrap(),
        };
        play.key_file("service-account.json", &key);
        let app = Router::new()
            .route("/token", post(token))
            .route(
                "/androidpublisher/v3/applications/{package}/purchases/products/{product}/tokens/{token}",
                get(purchase).post(act),
            )
            .route(
                "/androidpublisher/v3/applications/{package}/purchases/voidedpurchases",
                get(voided),
            )
            .with_state(play.clone());
        http::serve(listener, &play.log, app);
        play
    }

    /// What Play was asked, and what it would have refused.
    pub fn log(&self) -> &Log {
        &self.log
    }

    /// A service account key file for `key`, as the Google Cloud console gives it.
    pub fn key_file(&self, name: &str, key: &RsaPrivateKey) -> PathBuf {
        let pem = key.to_pkcs8_pem(LineEnding::LF).unwrap();
        let file = json!({
            "type": "service_account",
            "project_id": "amora-stories",
            "private_key_id": "5f1e0c2d",
            "private_key": pem.as_str(),
            "client_email": CLIENT_EMAIL,
            "client_id": "104857600000000000001",
            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": format!("{}/token", self.url),
        });
        self.file(name, &file.to_string())
    }

    /// Where a file beside the key file is (or would be).
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// A file beside the key file.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    pub fn set_down(&self, down: bool) {
        self.log.set_down(down);
    }

    /// Acknowledgements answer 503 while set.
    pub fn fail_acknowledgements(&self, fail: bool) {
        self.acknowledgements_fail.store(fail, Ordering::SeqCst);
    }

    /// Every access token given so far stops working (revoked).
    pub fn revoke_access(&self) {
        lock(&self.books).access.clear();
    }

    /// Access tokens given, acknowledgements and consumptions made.
    pub fn tokens(&self) -> usize {
        self.tokens.load(Ordering::SeqCst)
    }
    pub fn acknowledgements(&self) -> usize {
        self.acknowledgements.load(Ordering::SeqCst)
    }
    pub fn consumptions(&self) -> usize {
        self.consumptions.load(Ordering::SeqCst)
    }
    /// Acknowledgements and consumptions asked of a purchase that was already so (refused).
    pub fn told_twice(&self) -> usize {
        self.refused.load(Ordering::SeqCst)
    }

    /// A purchase of our product `code` in `state` (0 purchased, 1 cancelled, 2 pending), made
    /// with `account` as `obfuscatedAccountId` and `profile` as `obfuscatedProfileId`: its
    /// purchase token.
    pub fn purchase(
        &self,
        code: &str,
        account: Option<&str>,
        profile: Option<&str>,
        state: i64,
    ) -> String {
        let n = self.made.fetch_add(1, Ordering::SeqCst) + 1;
        let token = format!(
            "gplay{n}.AO-J1Ox{}_{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        );
        let mut purchase = json!({
            "kind": "androidpublisher#productPurchase",
            "purchaseTimeMillis": millis().to_string(),
            "purchaseState": state,
            "consumptionState": 0,
            "developerPayload": "",
            "orderId": format!("GPA.3391-4417-{:04}-{:05}", n % 10_000, n),
            "acknowledgementState": 0,
            "purchaseToken": token,
            "productId": play_id(code),
            "regionCode": "ES",
        });
        if let Some(account) = account {
            purchase["obfuscatedExternalAccountId"] = json!(account);
        }
        if let Some(profile) = profile {
            purchase["obfuscatedExternalProfileId"] = json!(profile);
        }
        self.books
            .lock()
            .unwrap()
            .purchases
            .insert(token.clone(), purchase);
        token
    }

    /// The buyer pays `order` (as our server answered it) for `code` in the app: the app
    /// passes the order's account token and id, as it should.
    pub fn buy(&self, order: &Value, code: &str) -> String {
        self.buy_in_state(order, code, 0)
    }

    pub fn buy_in_state(&self, order: &Value, code: &str, state: i64) -> String {
        let account = order["accountToken"].as_str().unwrap();
        let id = order["id"].as_i64().unwrap().to_string();
        self.purchase(code, Some(account), Some(&id), state)
    }

    pub fn purchase_of(&self, token: &str) -> Value {
        lock(&self.books).purchases[token].clone()
    }

    pub fn set_state(&self, token: &str, state: i64) {
        lock(&self.books).purchases.get_mut(token).unwrap()["purchaseState"] = json!(state);
    }

    pub fn acknowledged(&self, token: &str) -> bool {
        self.purchase_of(token)["acknowledgementState"] == 1
    }

    pub fn consumed(&self, token: &str) -> bool {
        self.purchase_of(token)["consumptionState"] == 1
    }

    /// The purchase is refunded: the Voided Purchases API lists it from now on.
    pub fn void(&self, token: &str) -> Value {
        let purchase = self.purchase_of(token);
        let voided = json!({
            "kind": "androidpublisher#voidedPurchase",
            "purchaseToken": token,
            "purchaseTimeMillis": purchase["purchaseTimeMillis"],
            "voidedTimeMillis": millis().to_string(),
            "orderId": purchase["orderId"],
            "voidedSource": 1,
            "voidedReason": 1,
        });
        lock(&self.books).voided.push(voided.clone());
        voided
    }

    /// A Real-time developer notification about this app.
    pub fn notification(kind: &str, content: Value) -> Value {
        let mut note = json!({
            "version": "1.0",
            "packageName": PACKAGE,
            "eventTimeMillis": millis().to_string(),
        });
        note[kind] = content;
        note
    }

    /// `ONE_TIME_PRODUCT_PURCHASED` for a purchase.
    pub fn purchased(&self, token: &str) -> Value {
        let purchase = self.purchase_of(token);
        Play::notification(
            "oneTimeProductNotification",
            json!({
                "version": "1.0",
                "notificationType": 1,
                "purchaseToken": token,
                "sku": purchase["productId"],
            }),
        )
    }

    /// A voided purchase notification (a refund) for a purchase and a Play order id.
    pub fn voided_notification(token: &str, order_id: &str) -> Value {
        Play::notification(
            "voidedPurchaseNotification",
            json!({
                "purchaseToken": token,
                "orderId": order_id,
                "productType": 2,
                "refundType": 1,
            }),
        )
    }

    /// The Pub/Sub push that carries a notification.
    pub fn push(note: &Value) -> String {
        json!({
            "message": {
                "attributes": {},
                "data": STANDARD.encode(note.to_string()),
                "messageId": (uuid::Uuid::new_v4().as_u128() % 1_000_000_000_000_000).to_string(),
                "publishTime": chrono::Utc::now().to_rfc3339(),
            },
            "subscription": "projects/amora-stories/subscriptions/play-notifications",
        })
        .to_string()
    }
}

fn problem(status: StatusCode, message: &str, reason: &str) -> Response {
    (
        status,
        Json(json!({"error": {
            "code": status.as_u16(),
            "message": message,
            "errors": [{"message": message, "domain": "androidpublisher", "reason": reason}],
        }})),
    )
        .into_response()
}

/// Down, or a call without an access token it gave.
fn refuse(play: &Play, headers: &HeaderMap) -> Option<Response> {
    if play.log.is_down() {
        return Some(StatusCode::SERVICE_UNAVAILABLE.into_response());
    }
    let bearer = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    (!lock(&play.books).access.contains(bearer)).then(|| {
        problem(
            StatusCode::UNAUTHORIZED,
            "Request had invalid authentication credentials.",
            "authError",
        )
    })
}

/// The assertion is the service account's: signed RS256 with its key, for this endpoint and
/// scope, and not expired.
fn check_assertion(play: &Play, assertion: &str) -> Result<(), String> {
    let parts: Vec<&str> = assertion.split('.').collect();
    let [header, claims, signature] = parts[..] else {
        return Err("not a JWT".into());
    };
    let decode = |part: &str| URL_SAFE_NO_PAD.decode(part).map_err(|e| e.to_string());
    let header: Value = serde_json::from_slice(&decode(header)?).map_err(|e| e.to_string())?;
    if header["alg"] != "RS256" {
        return Err(format!("alg {}", header["alg"]));
    }
    let signature =
        Signature::try_from(decode(signature)?.as_slice()).map_err(|e| e.to_string())?;
    VerifyingKey::<Sha256>::new((*play.key).clone())
        .verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &signature)
        .map_err(|_| "Invalid JWT Signature.".to_owned())?;
    let claims: Value = serde_json::from_slice(&decode(claims)?).map_err(|e| e.to_string())?;
    let now = chrono::Utc::now().timestamp();
    let (iat, exp) = (
        claims["iat"].as_i64().unwrap_or(0),
        claims["exp"].as_i64().unwrap_or(0),
    );
    if claims["iss"] != CLIENT_EMAIL
        || claims["scope"] != SCOPE
        || claims["aud"] != format!("{}/token", play.url)
    {
        return Err(format!("claims {claims}"));
    }
    if iat > now + 60 || exp <= now || exp - iat > 3600 {
        return Err(format!("iat {iat} exp {exp} at {now}"));
    }
    Ok(())
}

async fn token(State(play): State<Play>, Form(form): Form<HashMap<String, String>>) -> Response {
    if play.log.is_down() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    let grant = form.get("grant_type").map(String::as_str);
    let checked = match (grant, form.get("assertion")) {
        (Some("urn:ietf:params:oauth:grant-type:jwt-bearer"), Some(assertion)) => {
            check_assertion(&play, assertion)
        }
        _ => Err("unsupported grant".into()),
    };
    if let Err(why) = checked {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": "invalid_grant", "error_description": why})),
        )
            .into_response();
    }
    play.tokens.fetch_add(1, Ordering::SeqCst);
    let access = format!("ya29.stories-{}", uuid::Uuid::new_v4().simple());
    lock(&play.books).access.insert(access.clone());
    Json(json!({"access_token": access, "expires_in": 3599, "token_type": "Bearer"}))
        .into_response()
}

/// Play's refusal: its status, message and reason.
type Refusal = (StatusCode, &'static str, &'static str);

/// The purchase a call names, or Play's refusal when there is none.
fn find(books: &Books, package: &str, product: &str, token: &str) -> Result<Value, Refusal> {
    if package != PACKAGE {
        return Err((
            StatusCode::NOT_FOUND,
            "No application was found for the given package name.",
            "applicationNotFound",
        ));
    }
    let Some(purchase) = books.purchases.get(token) else {
        return Err((StatusCode::BAD_REQUEST, "Invalid Value", "invalid"));
    };
    if purchase["productId"] != product {
        return Err((
            StatusCode::NOT_FOUND,
            "The purchase token does not match the product ID.",
            "purchaseTokenDoesNotMatchProductId",
        ));
    }
    Ok(purchase.clone())
}

async fn purchase(
    State(play): State<Play>,
    headers: HeaderMap,
    Path((package, product, token)): Path<(String, String, String)>,
) -> Response {
    if let Some(refused) = refuse(&play, &headers) {
        return refused;
    }
    match find(&lock(&play.books), &package, &product, &token) {
        Ok(purchase) => Json(purchase).into_response(),
        Err((status, message, reason)) => problem(status, message, reason),
    }
}

/// `tokens/{token}:acknowledge` and `tokens/{token}:consume`.
async fn act(
    State(play): State<Play>,
    headers: HeaderMap,
    Path((package, product, target)): Path<(String, String, String)>,
) -> Response {
    if let Some(refused) = refuse(&play, &headers) {
        return refused;
    }
    // Google's front end wants a length, even of nothing.
    if !headers.contains_key("content-length") {
        return StatusCode::LENGTH_REQUIRED.into_response();
    }
    let Some((token, action)) = target.split_once(':') else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut books = lock(&play.books);
    let purchase = match find(&books, &package, &product, token) {
        Ok(p) => p,
        Err((status, message, reason)) => return problem(status, message, reason),
    };
    let field = match action {
        "acknowledge" => {
            if play.acknowledgements_fail.load(Ordering::SeqCst) {
                return StatusCode::SERVICE_UNAVAILABLE.into_response();
            }
            "acknowledgementState"
        }
        "consume" => "consumptionState",
        _ => return StatusCode::NOT_FOUND.into_response(),
    };
    // As Play: only a purchased one, and only once.
    if purchase["purchaseState"] != 0 || purchase[field] == 1 {
        play.refused.fetch_add(1, Ordering::SeqCst);
        return problem(
            StatusCode::BAD_REQUEST,
            "The purchase is not in a valid state to perform the desired operation.",
            "invalidPurchaseState",
        );
    }
    if let Some(purchase) = books.purchases.get_mut(token) {
        purchase[field] = json!(1);
    }
    match action {
        "acknowledge" => play.acknowledgements.fetch_add(1, Ordering::SeqCst),
        _ => play.consumptions.fetch_add(1, Ordering::SeqCst),
    };
    StatusCode::OK.into_response()
}

async fn voided(
    State(play): State<Play>,
    headers: HeaderMap,
    Path(package): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = refuse(&play, &headers) {
        return refused;
    }
    if package != PACKAGE {
        return StatusCode::NOT_FOUND.into_response();
    }
    let start: i64 = query
        .get("startTime")
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| millis() - 30 * 86_400_000);
    let size = query
        .get("maxResults")
        .and_then(|m| m.parse::<usize>().ok())
        .unwrap_or(1000)
        .min(VOIDED_PAGE);
    let offset: usize = query.get("token").and_then(|t| t.parse().ok()).unwrap_or(0);
    let books = lock(&play.books);
    let listed: Vec<&Value> = books
        .voided
        .iter()
        .filter(|v| {
            v["voidedTimeMillis"]
                .as_str()
                .and_then(|t| t.parse::<i64>().ok())
                .is_some_and(|t| t >= start)
        })
        .collect();
    let page: Vec<&Value> = listed.iter().skip(offset).take(size).copied().collect();
    let mut answer = json!({ "voidedPurchases": page });
    if offset + size < listed.len() {
        answer["tokenPagination"] = json!({ "nextPageToken": (offset + size).to_string() });
    }
    Json(answer).into_response()
}
