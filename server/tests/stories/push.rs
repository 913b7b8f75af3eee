//! Chat notifications by Web Push, with this test as the push service: it receives the
//! encrypted push, checks the VAPID signature and decrypts the payload as a browser would. Such a
//! service listens on plain-http loopback, which only the test-only `push.allow_insecure_local`
//! lets through; the stories about where pushes may go run without it, with listeners that count
//! every connection they get (docs/security.md, "Web Push").

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use amora_server::notify::webpush::{b64, decrypt, new_secret, public_bytes, unb64};
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use p256::ecdsa::signature::Verifier;
use serde_json::{json, Value};

/// What the push service received: headers and body of each POST.
pub(crate) type Inbox = Arc<Mutex<Vec<(HeaderMap, Bytes)>>>;

/// A push service on loopback answering every push with `status`.
pub(crate) async fn push_service(status: StatusCode) -> (String, Inbox) {
    push_service_answering(status, None).await
}

/// A push service on loopback answering every push with `status` and, when given, `Location`.
async fn push_service_answering(status: StatusCode, location: Option<String>) -> (String, Inbox) {
    let inbox: Inbox = Arc::default();
    let keep = inbox.clone();
    let app = axum::Router::new().route(
        "/push/{id}",
        axum::routing::post(move |headers: HeaderMap, body: Bytes| {
            let keep = keep.clone();
            let location = location.clone();
            async move {
                keep.lock().unwrap().push((headers, body));
                let mut answer = HeaderMap::new();
                if let Some(location) = location {
                    answer.insert("location", location.parse().unwrap());
                }
                (status, answer)
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), inbox)
}

/// A TCP listener on loopback that counts the connections it accepts, whatever they carry.
async fn listener() -> (u16, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let hits = Arc::new(AtomicUsize::new(0));
    let count = hits.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            count.fetch_add(1, Ordering::SeqCst);
            drop(socket);
        }
    });
    (port, hits)
}

/// A server whose push client may reach the push service of these tests on loopback.
async fn with_local_push(b: Backend) -> TestApp {
    with_local_push_and(Setup::new(b), |_| {}).await
}

pub(crate) async fn with_local_push_and(
    setup: Setup,
    tweak: impl FnOnce(&mut amora_server::Config),
) -> TestApp {
    spawn_with(setup, |config| {
        config.push.allow_insecure_local = true;
        config.push.allowed_hosts = vec!["127.0.0.1".into()];
        tweak(config);
    })
    .await
}

const SUBSCRIBE: &str = "/prod-api/system/push/subscribe";
const REFUSED: &str = "Notifications can only be delivered through your browser's push service";
const FULL: &str = "Notifications are already on for 5 browsers; log out on one of them first";

/// `who` subscribes `endpoint` with a fresh browser key.
async fn subscribe(app: &TestApp, who: &Person, endpoint: &str) -> crate::common::Reply {
    let key = new_secret();
    app.post(
        SUBSCRIBE,
        Some(&who.token),
        json!({ "endpoint": endpoint, "keys": { "p256dh": b64(&public_bytes(&key)), "auth": b64(&[3u8; 16]) } }),
    )
    .await
}

pub(crate) async fn message(app: &TestApp, from: &Person, to: &Person, text: &str) {
    app.post(
        "/prod-api/system/content/sendMsg",
        Some(&from.token),
        json!({ "to": to.id, "content": text }),
    )
    .await
    .ok();
}

/// Long enough for a push started by a message to have gone out.
pub(crate) async fn settle() {
    tokio::time::sleep(Duration::from_millis(1500)).await;
}

async fn person(app: &TestApp, name: &str, gender: &str) -> crate::common::Person {
    let mut form = app.registration(name);
    form["gender"] = json!(gender);
    let data = app.post("/prod-api/register", None, form).await.ok();
    crate::common::Person {
        id: data["user"]["userId"].as_i64().unwrap(),
        token: data["token"].as_str().unwrap().to_owned(),
        user_name: name.to_owned(),
        email: format!("{name}@example.com"),
        password: "secret1".to_owned(),
    }
}

pub(crate) async fn wait_for(inbox: &Inbox, n: usize) -> Vec<(HeaderMap, Bytes)> {
    for _ in 0..100 {
        if inbox.lock().unwrap().len() >= n {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    inbox.lock().unwrap().clone()
}

async fn an_offline_person_gets_an_encrypted_push_with_the_sender(b: Backend) {
    let app = with_local_push(b).await;
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
    let app = with_local_push(b).await;
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
    let app = with_local_push(b).await;
    let ana = person(&app, "ana", "female").await;
    let reply = app
        .post(
            "/prod-api/system/push/subscribe",
            Some(&ana.token),
            json!({ "endpoint": "http://127.0.0.1:9/push/x", "keys": { "p256dh": "not-a-key", "auth": "AAAA" } }),
        )
        .await;
    assert_eq!(reply.code(), 400);
    assert_eq!(app.count("push_subscriptions").await, 0);
}

async fn a_local_listener_is_never_subscribed_nor_reached(b: Backend) {
    // The default configuration: the browsers' push services only.
    let app = spawn(b).await;
    let (port, hits) = listener().await;
    let ana = person(&app, "ana", "female").await;
    let ben = person(&app, "ben", "male").await;
    for endpoint in [
        format!("http://127.0.0.1:{port}/push/x"),
        format!("https://127.0.0.1:{port}/push/x"),
        format!("https://localhost:{port}/push/x"),
        format!("https://[::1]:{port}/push/x"),
        "https://169.254.169.254/latest/meta-data".to_owned(),
        "https://push.example/x".to_owned(),
        "http://fcm.googleapis.com/fcm/send/x".to_owned(),
    ] {
        subscribe(&app, &ana, &endpoint).await.fails(400, REFUSED);
    }
    assert_eq!(app.count("push_subscriptions").await, 0);
    message(&app, &ben, &ana, "are you there?").await;
    settle().await;
    assert_eq!(
        hits.load(Ordering::SeqCst),
        0,
        "no connection to the listener"
    );
}

async fn a_listed_host_that_resolves_inside_gets_no_connection(b: Backend) {
    // Push service names an operator listed, pointing inside (as DNS rebinding would make them):
    // the address is checked after resolution, and an address literal before connecting.
    let app = spawn_with(Setup::new(b), |config| {
        config.push.allowed_hosts = vec!["localhost".into(), "127.0.0.1".into()];
    })
    .await;
    let (port, hits) = listener().await;
    let ana = person(&app, "ana", "female").await;
    let ben = person(&app, "ben", "male").await;
    subscribe(&app, &ana, &format!("https://localhost:{port}/push/x"))
        .await
        .ok();
    subscribe(&app, &ana, &format!("https://127.0.0.1:{port}/push/x"))
        .await
        .fails(400, REFUSED);
    // One stored before these rules existed.
    let key = b64(&public_bytes(&new_secret()));
    amora_server::on_db!(&app.app().db, pool => sqlx::query(
        "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, 0)",
    ).bind(ana.id).bind(format!("https://127.0.0.1:{port}/push/old")).bind(key).bind(b64(&[1u8; 16]))
    .execute(pool).await.map(|_| ()))
    .unwrap();
    assert_eq!(app.count("push_subscriptions").await, 2);

    message(&app, &ben, &ana, "are you there?").await;
    settle().await;
    assert_eq!(
        hits.load(Ordering::SeqCst),
        0,
        "no connection to the listener"
    );
}

async fn a_redirect_from_the_push_service_is_not_followed(b: Backend) {
    let app = with_local_push(b).await;
    let (port, hits) = listener().await;
    let (service, inbox) = push_service_answering(
        StatusCode::TEMPORARY_REDIRECT,
        Some(format!("http://127.0.0.1:{port}/push/elsewhere")),
    )
    .await;
    let ana = person(&app, "ana", "female").await;
    let ben = person(&app, "ben", "male").await;
    subscribe(&app, &ana, &format!("{service}/push/ana"))
        .await
        .ok();
    message(&app, &ben, &ana, "hi").await;
    assert_eq!(
        wait_for(&inbox, 1).await.len(),
        1,
        "the push service is asked"
    );
    settle().await;
    assert_eq!(
        hits.load(Ordering::SeqCst),
        0,
        "the redirect is not followed"
    );
    assert_eq!(inbox.lock().unwrap().len(), 1);
}

async fn the_sixth_subscription_is_refused(b: Backend) {
    let app = with_local_push(b).await;
    let (service, inbox) = push_service(StatusCode::CREATED).await;
    let ana = person(&app, "ana", "female").await;
    let ben = person(&app, "ben", "male").await;
    let endpoints: Vec<String> = (1..=6).map(|i| format!("{service}/push/{i}")).collect();
    for endpoint in &endpoints[..5] {
        subscribe(&app, &ana, endpoint).await.ok();
    }
    // The same browser again updates its subscription.
    subscribe(&app, &ana, &endpoints[0]).await.ok();
    subscribe(&app, &ana, &endpoints[5]).await.fails(400, FULL);
    let mut kept = app
        .texts(&format!(
            "SELECT endpoint FROM push_subscriptions WHERE user_id = {}",
            ana.id
        ))
        .await;
    kept.sort();
    assert_eq!(kept, endpoints[..5].to_vec());

    message(&app, &ben, &ana, "hi").await;
    settle().await;
    assert_eq!(
        wait_for(&inbox, 5).await.len(),
        5,
        "one push a subscription"
    );
}

/// `ana` is subscribed on a push service of her own, `cara` on another; `end` ends something of
/// ana's; then ben writes to both and only cara's push comes.
async fn no_push_after(b: Backend, end: impl AsyncFnOnce(&TestApp, &Person)) {
    let app = with_local_push(b).await;
    let (ana_service, ana_inbox) = push_service(StatusCode::CREATED).await;
    let (cara_service, cara_inbox) = push_service(StatusCode::CREATED).await;
    let ana = person(&app, "ana", "female").await;
    let cara = person(&app, "cara", "female").await;
    let ben = person(&app, "ben", "male").await;
    subscribe(&app, &ana, &format!("{ana_service}/push/phone"))
        .await
        .ok();
    subscribe(&app, &ana, &format!("{ana_service}/push/laptop"))
        .await
        .ok();
    subscribe(&app, &cara, &format!("{cara_service}/push/phone"))
        .await
        .ok();

    end(&app, &ana).await;

    let left = app
        .scalar(&format!(
            "SELECT COUNT(*) FROM push_subscriptions WHERE user_id = {}",
            ana.id
        ))
        .await;
    assert_eq!(left, 0, "her subscriptions are gone");
    // Answered 404 once her account is deleted; what matters is that nothing reaches her.
    app.post(
        "/prod-api/system/content/sendMsg",
        Some(&ben.token),
        json!({ "to": ana.id, "content": "still there?" }),
    )
    .await;
    message(&app, &ben, &cara, "still there?").await;
    assert_eq!(
        wait_for(&cara_inbox, 1).await.len(),
        1,
        "others still get theirs"
    );
    settle().await;
    assert!(ana_inbox.lock().unwrap().is_empty(), "no push to her");
}

async fn no_push_after_logout(b: Backend) {
    no_push_after(b, async |app, ana| {
        app.post("/prod-api/logout", Some(&ana.token), json!({}))
            .await
            .ok();
    })
    .await;
}

async fn no_push_after_a_password_change(b: Backend) {
    no_push_after(b, async |app, ana| {
        app.put_form(
            "/prod-api/system/user/profile/updatePwd",
            Some(&ana.token),
            vec![
                ("oldPassword", ana.password.clone()),
                ("newPassword", "fresh-start".to_owned()),
            ],
        )
        .await
        .ok();
    })
    .await;
}

async fn no_push_after_a_password_reset(b: Backend) {
    no_push_after(b, async |app, ana| {
        let code = crate::common::passwords::reset_code(app, ana).await;
        let reset = TestApp::with_query(
            "/prod-api/system/user/profile/forgetUpdatePwd",
            &[
                ("inputUserName", ana.user_name.as_str()),
                ("inputEmail", &ana.email),
                ("emailCode", &code),
                ("newPassword", "fresh-start"),
            ],
        );
        app.call("POST", &reset, None, crate::common::Body::None)
            .await
            .ok();
    })
    .await;
}

async fn no_push_after_the_account_is_deleted(b: Backend) {
    no_push_after(b, async |app, ana| app.delete_account(ana).await).await;
}

async fn subscribing_is_rate_limited_per_account_and_address(b: Backend) {
    let mut setup = Setup::new(b);
    setup.rate_limits = true;
    let app = with_local_push_and(setup, |config| {
        config.rate_limit.push_subscribe_per_account = 3;
        config.rate_limit.push_subscribe_per_ip = 4;
    })
    .await;
    let (service, _inbox) = push_service(StatusCode::CREATED).await;
    let ana = person(&app, "ana", "female").await;
    let ben = person(&app, "ben", "male").await;
    let endpoint = format!("{service}/push/ana");
    for _ in 0..3 {
        subscribe(&app, &ana, &endpoint).await.ok();
    }
    subscribe(&app, &ana, &endpoint).await.limited();
    // Ben has not subscribed yet, but this address has used its four.
    subscribe(&app, &ben, &format!("{service}/push/ben"))
        .await
        .limited();
    assert_eq!(app.count("push_subscriptions").await, 1);
}

both_databases!(
    an_offline_person_gets_an_encrypted_push_with_the_sender,
    a_gone_subscription_is_forgotten,
    a_bad_subscription_is_refused,
    a_local_listener_is_never_subscribed_nor_reached,
    a_listed_host_that_resolves_inside_gets_no_connection,
    a_redirect_from_the_push_service_is_not_followed,
    the_sixth_subscription_is_refused,
    no_push_after_logout,
    no_push_after_a_password_change,
    no_push_after_a_password_reset,
    no_push_after_the_account_is_deleted,
    subscribing_is_rate_limited_per_account_and_address,
);
