//! Chat translation, metered in characters: the real Apertium (English to Spanish), the
//! LibreTranslate provider against a local server speaking its API, the member allowance across
//! a UTC midnight, packs, and no charge on failure or on reading again.

use std::sync::{Arc, Mutex};

use crate::common::{spawn_with, Backend, Person, Setup, TestApp};
use amora_server::account::store::AccountStore;
use amora_server::ledger::{Asset, Entry, LedgerStore};
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

async fn person(app: &TestApp, name: &str, gender: &str, language: &str) -> Person {
    let mut form = app.registration(name);
    form["gender"] = json!(gender);
    form["language"] = json!(language);
    let data = app.post("/prod-api/register", None, form).await.ok();
    Person {
        id: data["user"]["userId"].as_i64().unwrap(),
        token: data["token"].as_str().unwrap().to_owned(),
        user_name: name.to_owned(),
        email: format!("{name}@example.com"),
        password: "secret1".to_owned(),
    }
}

async fn give_characters(app: &TestApp, who: &Person, n: i64) {
    let key = format!("test-pack:{}:{n}", who.id);
    LedgerStore::new(app.app().db.clone())
        .post_entry(&Entry {
            user_id: who.id,
            asset: Asset::Characters,
            amount: n,
            reason: "test",
            idempotency_key: &key,
            now: app.clock().unix(),
        })
        .await
        .unwrap();
}

async fn send(app: &TestApp, from: &Person, to: &Person, text: &str) -> i64 {
    let sent = app
        .post(
            "/prod-api/system/content/sendMsg",
            Some(&from.token),
            json!({ "to": to.id, "content": text }),
        )
        .await
        .ok();
    sent["message"]["id"].as_i64().unwrap()
}

async fn translate(app: &TestApp, who: &Person, id: i64, target: &str) -> crate::common::Reply {
    app.call(
        "POST",
        &format!("/prod-api/system/content/tranMsg?year=2026&id={id}&target={target}"),
        Some(&who.token),
        crate::common::Body::None,
    )
    .await
}

async fn characters(app: &TestApp, who: &Person) -> i64 {
    app.get("/prod-api/getInfo", Some(&who.token)).await.ok()["characters"]
        .as_i64()
        .unwrap()
}

/// A LibreTranslate server: answers `reply` (or fails with `status`) and records requests.
async fn libretranslate(
    status: StatusCode,
    reply: &'static str,
) -> (String, Arc<Mutex<Vec<Value>>>) {
    let seen: Arc<Mutex<Vec<Value>>> = Arc::default();
    let keep = seen.clone();
    let router = axum::Router::new().route(
        "/translate",
        axum::routing::post(move |Json(body): Json<Value>| {
            let keep = keep.clone();
            async move {
                keep.lock().unwrap().push(body);
                // As slow as a real one: requests that come together overlap.
                tokio::time::sleep(std::time::Duration::from_millis(150)).await;
                (
                    status,
                    Json(json!({ "translatedText": reply, "error": "boom" })),
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    (format!("http://{addr}"), seen)
}

async fn apertium_translates_english_to_spanish_and_reading_again_is_free(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = person(&app, "tom", "male", "en").await;
    let lucia = person(&app, "lucia", "female", "es").await;
    give_characters(&app, &lucia, 100).await;
    let id = send(&app, &tom, &lucia, "Good morning").await;

    let first = translate(&app, &lucia, id, "es").await.ok();
    assert_eq!(first["text"], "Buenos días");
    assert_eq!(
        (first["characters"].as_i64(), first["fromPack"].as_i64()),
        (Some(12), Some(12))
    );
    assert_eq!(first["sameLanguage"], false);
    assert_eq!(characters(&app, &lucia).await, 88);

    let again = translate(&app, &lucia, id, "es").await.ok();
    assert_eq!(
        (again["text"].as_str(), again["fromPack"].as_i64()),
        (Some("Buenos días"), Some(0))
    );
    assert_eq!(
        characters(&app, &lucia).await,
        88,
        "reading again costs nothing"
    );
}

async fn libretranslate_is_called_as_its_api_says(b: Backend) {
    let (url, seen) = libretranslate(StatusCode::OK, "おはよう").await;
    let app = spawn_with(Setup::new(b), |c| {
        c.translate.apertium = false;
        c.translate.libretranslate_url = Some(url);
        c.translate.libretranslate_key = Some("k3y".into());
    })
    .await;
    let tom = person(&app, "tom", "male", "en").await;
    let yui = person(&app, "yui", "female", "ja").await;
    give_characters(&app, &yui, 50).await;
    let id = send(&app, &tom, &yui, "Good morning").await;
    // No target: my interface language.
    let done = app
        .call(
            "POST",
            &format!("/prod-api/system/content/tranMsg?id={id}"),
            Some(&yui.token),
            crate::common::Body::None,
        )
        .await
        .ok();
    assert_eq!(
        (done["text"].as_str(), done["target"].as_str()),
        (Some("おはよう"), Some("ja"))
    );
    let request = seen.lock().unwrap()[0].clone();
    assert_eq!(
        request,
        json!({ "q": "Good morning", "source": "en", "target": "ja", "format": "text", "api_key": "k3y" })
    );

    // The same text to the same language again: served from the cache, still charged.
    let other = send(&app, &tom, &yui, "Good morning").await;
    let cached = translate(&app, &yui, other, "ja").await.ok();
    assert_eq!(cached["text"], "おはよう");
    assert_eq!(
        seen.lock().unwrap().len(),
        1,
        "the provider is not called again"
    );
    assert_eq!(characters(&app, &yui).await, 50 - 24);
}

async fn a_message_already_in_my_language_is_said_to_be_and_costs_nothing(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = person(&app, "tom", "male", "en").await;
    let ann = person(&app, "ann", "female", "en").await;
    give_characters(&app, &ann, 5).await;
    let id = send(&app, &tom, &ann, "Good morning, how are you?").await;

    for _ in 0..2 {
        let done = translate(&app, &ann, id, "en").await.ok();
        assert_eq!(
            (
                done["sameLanguage"].as_bool(),
                done["text"].as_str(),
                done["fromPack"].as_i64()
            ),
            (Some(true), Some("Good morning, how are you?"), Some(0))
        );
    }
    assert_eq!(characters(&app, &ann).await, 5);
}

async fn asking_many_times_at_once_translates_once(b: Backend) {
    let (url, seen) = libretranslate(StatusCode::OK, "おはよう").await;
    let app = spawn_with(Setup::new(b), |c| {
        c.translate.apertium = false;
        c.translate.libretranslate_url = Some(url);
    })
    .await;
    let tom = person(&app, "tom", "male", "en").await;
    let yui = person(&app, "yui", "female", "ja").await;
    give_characters(&app, &yui, 50).await;
    let id = send(&app, &tom, &yui, "Good morning").await;
    let answers = futures::future::join_all((0..40).map(|_| translate(&app, &yui, id, "ja"))).await;
    let charged: i64 = answers
        .into_iter()
        .map(|a| {
            let data = a.ok();
            assert_eq!(data["text"], "おはよう");
            data["fromPack"].as_i64().unwrap()
        })
        .sum();
    assert_eq!(seen.lock().unwrap().len(), 1, "one call to the provider");
    assert_eq!(charged, 12);
    assert_eq!(characters(&app, &yui).await, 50 - 12);
}

async fn a_failure_or_an_unsupported_pair_charges_nothing(b: Backend) {
    let (url, _) = libretranslate(StatusCode::INTERNAL_SERVER_ERROR, "").await;
    let app = spawn_with(Setup::new(b), |c| {
        c.translate.libretranslate_url = Some(url)
    })
    .await;
    let tom = person(&app, "tom", "male", "en").await;
    let yui = person(&app, "yui", "female", "ja").await;
    give_characters(&app, &yui, 50).await;
    let id = send(&app, &tom, &yui, "Good morning").await;
    translate(&app, &yui, id, "ja")
        .await
        .fails(503, "The translation failed, please try again");
    assert_eq!(characters(&app, &yui).await, 50);

    let plain = spawn_with(Setup::new(b), |c| c.translate.libretranslate_url = None).await;
    let tom = person(&plain, "tom", "male", "en").await;
    let yui = person(&plain, "yui", "female", "ja").await;
    give_characters(&plain, &yui, 50).await;
    let id = send(&plain, &tom, &yui, "Good morning").await;
    translate(&plain, &yui, id, "ja")
        .await
        .fails(400, "Translation is not available for this language");
    assert_eq!(characters(&plain, &yui).await, 50);
    assert_eq!(plain.count("translations").await, 0);
}

async fn without_characters_nothing_is_translated(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = person(&app, "tom", "male", "en").await;
    let lucia = person(&app, "lucia", "female", "es").await;
    give_characters(&app, &lucia, 5).await;
    let id = send(&app, &tom, &lucia, "Good morning").await;
    let refused = translate(&app, &lucia, id, "es").await;
    refused.fails(400, "Insufficient character pack to recharge!");
    assert_eq!(refused.data()["recharge"], "character");
    assert_eq!(characters(&app, &lucia).await, 5);
    assert_eq!(app.count("translations").await, 0);
}

async fn members_spend_a_daily_allowance_that_resets_at_utc_midnight(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    // Just before a UTC midnight.
    let now = app.clock().unix();
    let to_midnight = 86_400 - now.rem_euclid(86_400);
    app.clock()
        .advance(chrono::Duration::seconds(to_midnight - 120));
    let tom = person(&app, "tom", "male", "en").await;
    let lucia = person(&app, "lucia", "female", "es").await;
    AccountStore::new(app.app().db.clone())
        .grant_membership(&lucia.email, "VIP", 30, app.clock().unix())
        .await
        .unwrap();
    give_characters(&app, &lucia, 2000).await;

    let long = "Good morning ".repeat(120); // 1560 characters
    let id = send(&app, &tom, &lucia, &long).await;
    let first = translate(&app, &lucia, id, "es").await.ok();
    assert_eq!(
        (first["fromAllowance"].as_i64(), first["fromPack"].as_i64()),
        (Some(1560), Some(0))
    );
    assert_eq!(first["allowanceLeft"], 440);
    // The allowance runs out: the rest comes from the pack.
    let id = send(&app, &tom, &lucia, &long).await;
    let second = translate(&app, &lucia, id, "es").await.ok();
    assert_eq!(
        (
            second["fromAllowance"].as_i64(),
            second["fromPack"].as_i64()
        ),
        (Some(440), Some(1120))
    );
    assert_eq!(characters(&app, &lucia).await, 2000 - 1120);

    // After midnight UTC: a fresh 2000, nothing carried over.
    app.clock().advance(chrono::Duration::seconds(180));
    let id = send(&app, &tom, &lucia, &long).await;
    let third = translate(&app, &lucia, id, "es").await.ok();
    assert_eq!(
        (third["fromAllowance"].as_i64(), third["fromPack"].as_i64()),
        (Some(1560), Some(0))
    );
    assert_eq!(third["allowanceLeft"], 440);
    assert_eq!(characters(&app, &lucia).await, 2000 - 1120);
}

both_databases!(
    a_message_already_in_my_language_is_said_to_be_and_costs_nothing,
    asking_many_times_at_once_translates_once,
    apertium_translates_english_to_spanish_and_reading_again_is_free,
    libretranslate_is_called_as_its_api_says,
    a_failure_or_an_unsupported_pair_charges_nothing,
    without_characters_nothing_is_translated,
    members_spend_a_daily_allowance_that_resets_at_utc_midnight,
);
