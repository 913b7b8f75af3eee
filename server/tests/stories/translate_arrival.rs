//! Translated on arrival: Yui (Japanese) asks for Tom's messages to be translated as they
//! arrive. While her chat is closed, his message comes to her browser's push service already in
//! Japanese (this test is the push service: it decrypts the push as a browser would), and her
//! message list shows the translation; she pays for it once, as for any translation, and nothing
//! when it fails. The send never waits for the translation: a provider that does not answer,
//! or an empty character pack, leaves the message delivered and pushed as he wrote it.

use std::time::{Duration, Instant};

use crate::common::libretranslate::LibreTranslateStandin;
use crate::common::{Backend, Person, Setup, TestApp};
use crate::push::{push_service, wait_for, with_local_push_and, Inbox};
use amora_server::notify::webpush::{b64, decrypt, new_secret, public_bytes};
use axum::http::StatusCode;
use serde_json::{json, Value};

const DICTIONARY: &[(&str, &str, &str, &str)] = &[
    ("en", "ja", "Good morning", "おはようございます"),
    ("en", "ja", "See you tonight", "今夜会いましょう"),
];

/// A server translating through `lt` only, whose pushes may reach a push service on loopback.
async fn with_translation(b: Backend, lt: &LibreTranslateStandin, timeout_ms: u64) -> TestApp {
    let url = lt.url.clone();
    with_local_push_and(Setup::new(b), move |c| {
        c.translate.apertium = false;
        c.translate.libretranslate_url = Some(url);
        c.translate.timeout_ms = timeout_ms;
    })
    .await
}

/// `who` turns notifications on in a browser; its key to read what is pushed.
async fn browser(app: &TestApp, who: &Person, service: &str) -> (p256::SecretKey, [u8; 16]) {
    let key = new_secret();
    let auth = [7u8; 16];
    app.post(
        "/prod-api/system/push/subscribe",
        Some(&who.token),
        json!({ "endpoint": format!("{service}/push/{}", who.id), "keys": { "p256dh": b64(&public_bytes(&key)), "auth": b64(&auth) } }),
    )
    .await
    .ok();
    (key, auth)
}

/// The n-th push received, as the browser reads it.
async fn pushed(inbox: &Inbox, n: usize, key: &(p256::SecretKey, [u8; 16])) -> Value {
    let received = wait_for(inbox, n + 1).await;
    assert!(received.len() > n, "push {n} did not come");
    serde_json::from_slice(&decrypt(&received[n].1, &key.0, &key.1).unwrap()).unwrap()
}

async fn on_arrival(app: &TestApp, who: &Person, partner: &Person, on: bool) -> Value {
    app.put(
        &format!(
            "/prod-api/system/content/translateOnArrival?userId={}&on={on}",
            partner.id
        ),
        Some(&who.token),
        json!({}),
    )
    .await
    .ok()
}

/// Yui's list of her conversation with `peer`, newest first.
async fn messages(app: &TestApp, who: &Person, peer: &Person) -> Vec<Value> {
    app.get(
        &format!("/prod-api/system/content/list?userId={}", peer.id),
        Some(&who.token),
    )
    .await
    .ok()["rows"]
        .as_array()
        .unwrap()
        .clone()
}

/// Waits until `who` has been charged down to `balance` (the translation runs after the send).
async fn balance_becomes(app: &TestApp, who: &Person, balance: i64) {
    for _ in 0..100 {
        if app.characters(who).await == balance {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(app.characters(who).await, balance);
}

async fn a_partners_messages_arrive_translated_in_the_push_and_the_message_list(b: Backend) {
    let lt = LibreTranslateStandin::everything(DICTIONARY).await;
    let app = with_translation(b, &lt, 10_000).await;
    let (service, inbox) = push_service(StatusCode::CREATED).await;
    let tom = app.speaker("tom", "male", "en").await;
    let ken = app.speaker("ken", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&yui, 100).await;
    let key = browser(&app, &yui, &service).await;

    let choice = on_arrival(&app, &yui, &tom, true).await;
    assert_eq!(
        (
            choice["userId"].as_i64(),
            choice["abbr"].as_str(),
            choice["onArrival"].as_bool(),
            choice["route"].as_str()
        ),
        (
            Some(tom.id),
            Some("none"),
            Some(true),
            Some("libretranslate")
        )
    );

    // Her chat is closed: the push carries the translation, charged once (12 characters).
    let id = app.text(&tom, &yui, "Good morning").await;
    let push = pushed(&inbox, 0, &key).await;
    assert_eq!(
        (push["title"].as_str(), push["body"].as_str()),
        (Some("tom"), Some("おはようございます"))
    );
    assert_eq!(app.characters(&yui).await, 100 - 12);
    let list = messages(&app, &yui, &tom).await;
    assert_eq!(list[0]["id"], id);
    assert_eq!(list[0]["content"]["text"], "Good morning");
    assert_eq!(
        list[0]["translation"],
        json!({ "target": "ja", "text": "おはようございます" })
    );
    // Tom's own list carries no translation of his message.
    assert!(messages(&app, &tom, &yui).await[0]
        .get("translation")
        .is_none());
    // Opening it later costs nothing: she has it.
    let again = app.translation(&yui, id, "ja").await.ok();
    assert_eq!(
        (again["text"].as_str(), again["fromPack"].as_i64()),
        (Some("おはようございます"), Some(0))
    );

    // Ken's messages she did not ask for: pushed as written, nothing charged.
    app.text(&ken, &yui, "Good morning").await;
    let push = pushed(&inbox, 1, &key).await;
    assert_eq!(push["body"], "Good morning");
    assert_eq!(app.characters(&yui).await, 100 - 12);
    assert_eq!(lt.requests().len(), 1);

    // The reader who opens the chat as the message arrives and asks at once pays once.
    let id = app.text(&tom, &yui, "See you tonight").await;
    let asked = app.translation(&yui, id, "ja").await.ok();
    assert_eq!(asked["text"], "今夜会いましょう");
    pushed(&inbox, 2, &key).await;
    balance_becomes(&app, &yui, 100 - 12 - 15).await;
    assert_eq!(lt.requests().len(), 2);

    // She turns it off: his next message arrives as written.
    let choice = on_arrival(&app, &yui, &tom, false).await;
    assert_eq!(choice["onArrival"], false);
    app.text(&tom, &yui, "Good morning").await;
    let push = pushed(&inbox, 3, &key).await;
    assert_eq!(push["body"], "Good morning");
    assert_eq!(app.characters(&yui).await, 100 - 12 - 15);

    // The list of her choices says so, and someone unknown cannot be chosen.
    let list = app
        .get("/prod-api/system/content/chatLanguage", Some(&yui.token))
        .await
        .ok();
    assert_eq!(list[0]["userId"], tom.id);
    assert_eq!(list[0]["onArrival"], false);
    app.put(
        "/prod-api/system/content/translateOnArrival?userId=999999&on=true",
        Some(&yui.token),
        json!({}),
    )
    .await
    .fails(404, "Not found");
    app.put(
        &format!(
            "/prod-api/system/content/translateOnArrival?userId={}",
            tom.id
        ),
        Some(&yui.token),
        json!({}),
    )
    .await
    .fails_starting(400, "");
}

async fn into_the_language_chosen_for_that_partner(b: Backend) {
    let lt =
        LibreTranslateStandin::everything(&[("en", "es", "Good morning", "Buenos días")]).await;
    let app = with_translation(b, &lt, 10_000).await;
    let (service, inbox) = push_service(StatusCode::CREATED).await;
    let tom = app.speaker("tom", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&yui, 100).await;
    let key = browser(&app, &yui, &service).await;
    app.put(
        &format!(
            "/prod-api/system/content/chatLanguage?userId={}&abbr=es",
            tom.id
        ),
        Some(&yui.token),
        json!({}),
    )
    .await
    .ok();
    let choice = on_arrival(&app, &yui, &tom, true).await;
    assert_eq!(
        (choice["abbr"].as_str(), choice["onArrival"].as_bool()),
        (Some("es"), Some(true))
    );
    app.text(&tom, &yui, "Good morning").await;
    assert_eq!(pushed(&inbox, 0, &key).await["body"], "Buenos días");
    assert_eq!(
        messages(&app, &yui, &tom).await[0]["translation"],
        json!({ "target": "es", "text": "Buenos días" })
    );
}

async fn a_failed_translation_never_holds_the_message_and_charges_nothing(b: Backend) {
    // A provider slower than the time-out.
    let lt =
        LibreTranslateStandin::start_slow(&[("en", &["ja"])], DICTIONARY, Duration::from_secs(3))
            .await;
    let app = with_translation(b, &lt, 800).await;
    let (service, inbox) = push_service(StatusCode::CREATED).await;
    let tom = app.speaker("tom", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&yui, 100).await;
    let key = browser(&app, &yui, &service).await;
    on_arrival(&app, &yui, &tom, true).await;

    let sent = Instant::now();
    let id = app.text(&tom, &yui, "Good morning").await;
    assert!(
        sent.elapsed() < Duration::from_millis(700),
        "the send waited for the translation: {:?}",
        sent.elapsed()
    );
    // Delivered at once, untranslated.
    let list = messages(&app, &yui, &tom).await;
    assert_eq!(list[0]["id"], id);
    assert_eq!(list[0]["content"]["text"], "Good morning");
    // The push comes when the translation has failed, as he wrote it.
    let push = pushed(&inbox, 0, &key).await;
    assert_eq!(push["body"], "Good morning");
    assert!(messages(&app, &yui, &tom).await[0]
        .get("translation")
        .is_none());
    assert_eq!(app.characters(&yui).await, 100);
    assert_eq!(app.count("translations").await, 0);

    // Without characters: delivered and pushed as written, nothing charged.
    let lt = LibreTranslateStandin::everything(DICTIONARY).await;
    let app = with_translation(b, &lt, 10_000).await;
    let (service, inbox) = push_service(StatusCode::CREATED).await;
    let tom = app.speaker("tom", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    let key = browser(&app, &yui, &service).await;
    on_arrival(&app, &yui, &tom, true).await;
    app.text(&tom, &yui, "Good morning").await;
    assert_eq!(pushed(&inbox, 0, &key).await["body"], "Good morning");
    assert_eq!(app.characters(&yui).await, 0);
    assert_eq!(app.count("translations").await, 0);
    assert!(lt.requests().is_empty());
}

both_databases!(
    a_partners_messages_arrive_translated_in_the_push_and_the_message_list,
    into_the_language_chosen_for_that_partner,
    a_failed_translation_never_holds_the_message_and_charges_nothing,
);
