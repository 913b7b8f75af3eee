//! Chat notifications by Web Push, with this test as the push service: it receives the
//! encrypted push, checks the VAPID signature and decrypts the payload as a browser would.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::sync::{Arc, Mutex};

use amora_server::notify::webpush::{b64, decrypt, new_secret, public_bytes, unb64};
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use common::{spawn, Backend, TestApp};
use p256::ecdsa::signature::Verifier;
use serde_json::{json, Value};

/// What the push service received: headers and body of each POST.
type Inbox = Arc<Mutex<Vec<(HeaderMap, Bytes)>>>;

/// A push service on loopback answering every push with `status`.
async fn push_service(status: StatusCode) -> (String, Inbox) {
    let inbox: Inbox = Arc::default();
    let keep = inbox.clone();
    let app = axum::Router::new().route(
        "/push/{id}",
        axum::routing::post(move |headers: HeaderMap, body: Bytes| {
            let keep = keep.clone();
            async move {
                keep.lock().unwrap().push((headers, body));
                status
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), inbox)
}

async fn person(app: &TestApp, name: &str, gender: &str) -> common::Person {
    let mut form = app.registration(name);
    form["gender"] = json!(gender);
    let data = app.post("/prod-api/register", None, form).await.ok();
    common::Person {
        id: data["user"]["userId"].as_i64().unwrap(),
        token: data["token"].as_str().unwrap().to_owned(),
        user_name: name.to_owned(),
        email: format!("{name}@example.com"),
        password: "secret1".to_owned(),
    }
}

async fn wait_for(inbox: &Inbox, n: usize) -> Vec<(HeaderMap, Bytes)> {
    for _ in 0..100 {
        if inbox.lock().unwrap().len() >= n {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    inbox.lock().unwrap().clone()
}

async fn an_offline_person_gets_an_encrypted_push_with_the_sender(b: Backend) {
    let app = spawn(b).await;
    let (service, inbox) = push_service(StatusCode::CREATED).await;
    let ana = person(&app, "ana", "female").await;
    let ben = person(&app, "ben", "male").await;
    let browser_key = new_secret();
    let auth = [9u8; 16];
    let endpoint = format!("{service}/push/ana-phone");
    app.post(
        "/prod-api/system/push/subscribe",
        Some(&ana.token),
        json!({ "endpoint": endpoint, "keys": { "p256dh": b64(&public_bytes(&browser_key)), "auth": b64(&auth) } }),
    )
    .await
    .ok();
    let vapid = app.get("/prod-api/system/push/vapidKey", None).await.ok()["publicKey"]
        .as_str()
        .unwrap()
        .to_owned();

    app.post(
        "/prod-api/system/content/sendMsg",
        Some(&ben.token),
        json!({ "to": ana.id, "content": { "text": "Coffee tomorrow?" } }),
    )
    .await
    .ok();

    let received = wait_for(&inbox, 1).await;
    assert_eq!(received.len(), 1, "one push for one subscription");
    let (headers, body) = &received[0];
    assert_eq!(headers["content-encoding"], "aes128gcm");
    // VAPID: a JWT for our push service's origin, signed by the key the app subscribed with.
    let authorization = headers["authorization"].to_str().unwrap();
    let (jwt, k) = authorization
        .strip_prefix("vapid t=")
        .unwrap()
        .split_once(", k=")
        .unwrap();
    assert_eq!(k, vapid);
    let (signed, signature) = jwt.rsplit_once('.').unwrap();
    let verifying = p256::ecdsa::VerifyingKey::from_sec1_bytes(&unb64(k).unwrap()).unwrap();
    let signature = p256::ecdsa::Signature::from_slice(&unb64(signature).unwrap()).unwrap();
    verifying
        .verify(signed.as_bytes(), &signature)
        .expect("a valid ES256 signature");
    let claims: Value =
        serde_json::from_slice(&unb64(signed.split('.').nth(1).unwrap()).unwrap()).unwrap();
    assert_eq!(claims["aud"], service);

    let payload: Value =
        serde_json::from_slice(&decrypt(body, &browser_key, &auth).unwrap()).unwrap();
    assert_eq!(payload["title"], "ben");
    assert_eq!(payload["body"], "Coffee tomorrow?");
    let data = &payload["data"];
    assert_eq!(data["im_chat_msg_ext_mine_id"], ben.id);
    assert_eq!(data["im_chat_msg_ext_mine_username"], "ben");
    assert_eq!(data["im_chat_msg_ext_mine_emUser"], format!("u{}", ben.id));
    assert!(data["im_chat_msg_ext_mine_avatar"]
        .as_str()
        .unwrap()
        .starts_with("/media/"));
    assert_eq!(data["im_chat_msg_sex"], "male");
}

async fn a_gone_subscription_is_forgotten(b: Backend) {
    let app = spawn(b).await;
    let (service, inbox) = push_service(StatusCode::GONE).await;
    let ana = person(&app, "ana", "female").await;
    let ben = person(&app, "ben", "male").await;
    let key = new_secret();
    app.post(
        "/prod-api/system/push/subscribe",
        Some(&ana.token),
        json!({ "endpoint": format!("{service}/push/old"), "keys": { "p256dh": b64(&public_bytes(&key)), "auth": b64(&[1u8; 16]) } }),
    )
    .await
    .ok();
    assert_eq!(app.count("push_subscriptions").await, 1);
    app.post(
        "/prod-api/system/content/sendMsg",
        Some(&ben.token),
        json!({ "to": ana.id, "content": "hi" }),
    )
    .await
    .ok();
    wait_for(&inbox, 1).await;
    for _ in 0..50 {
        if app.count("push_subscriptions").await == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(app.count("push_subscriptions").await, 0);
}

async fn a_bad_subscription_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = person(&app, "ana", "female").await;
    let reply = app
        .post(
            "/prod-api/system/push/subscribe",
            Some(&ana.token),
            json!({ "endpoint": "https://push.example/x", "keys": { "p256dh": "not-a-key", "auth": "AAAA" } }),
        )
        .await;
    assert_eq!(reply.code(), 400);
    assert_eq!(app.count("push_subscriptions").await, 0);
}

both_databases!(
    an_offline_person_gets_an_encrypted_push_with_the_sender,
    a_gone_subscription_is_forgotten,
    a_bad_subscription_is_refused
);
