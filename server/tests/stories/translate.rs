//! Chat translation, metered in characters: the real Apertium (English to Spanish), the
//! LibreTranslate provider against a local server speaking its API, the member allowance across
//! a UTC midnight, packs, and no charge on failure or on reading again.

use std::sync::{Arc, Mutex};

use crate::common::{spawn_with, Backend, Setup};
use amora_server::account::store::AccountStore;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

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
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&lucia, 100).await;
    let id = app.text(&tom, &lucia, "Good morning").await;

    let first = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(first["text"], "Buenos días");
    assert_eq!(
        (first["characters"].as_i64(), first["fromPack"].as_i64()),
        (Some(12), Some(12))
    );
    assert_eq!(first["sameLanguage"], false);
    assert_eq!(app.characters(&lucia).await, 88);

    let again = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(
        (again["text"].as_str(), again["fromPack"].as_i64()),
        (Some("Buenos días"), Some(0))
    );
    assert_eq!(
        app.characters(&lucia).await,
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
    let tom = app.speaker("tom", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&yui, 50).await;
    let id = app.text(&tom, &yui, "Good morning").await;
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
    let other = app.text(&tom, &yui, "Good morning").await;
    let cached = app.translation(&yui, other, "ja").await.ok();
    assert_eq!(cached["text"], "おはよう");
    assert_eq!(
        seen.lock().unwrap().len(),
        1,
        "the provider is not called again"
    );
    assert_eq!(app.characters(&yui).await, 50 - 24);
}

async fn a_message_already_in_my_language_is_said_to_be_and_costs_nothing(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let ann = app.speaker("ann", "female", "en").await;
    app.give_characters(&ann, 5).await;
    let id = app.text(&tom, &ann, "Good morning, how are you?").await;

    for _ in 0..2 {
        let done = app.translation(&ann, id, "en").await.ok();
        assert_eq!(
            (
                done["sameLanguage"].as_bool(),
                done["text"].as_str(),
                done["fromPack"].as_i64()
            ),
            (Some(true), Some("Good morning, how are you?"), Some(0))
        );
    }
    assert_eq!(app.characters(&ann).await, 5);
}

async fn asking_many_times_at_once_translates_once(b: Backend) {
    let (url, seen) = libretranslate(StatusCode::OK, "おはよう").await;
    let app = spawn_with(Setup::new(b), |c| {
        c.translate.apertium = false;
        c.translate.libretranslate_url = Some(url);
    })
    .await;
    let tom = app.speaker("tom", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&yui, 50).await;
    let id = app.text(&tom, &yui, "Good morning").await;
    let answers = futures::future::join_all((0..40).map(|_| app.translation(&yui, id, "ja"))).await;
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
    assert_eq!(app.characters(&yui).await, 50 - 12);
}

async fn a_failure_or_an_unsupported_pair_charges_nothing(b: Backend) {
    let (url, _) = libretranslate(StatusCode::INTERNAL_SERVER_ERROR, "").await;
    let app = spawn_with(Setup::new(b), |c| {
        c.translate.libretranslate_url = Some(url)
    })
    .await;
    let tom = app.speaker("tom", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&yui, 50).await;
    let id = app.text(&tom, &yui, "Good morning").await;
    app.translation(&yui, id, "ja")
        .await
        .fails(503, "The translation failed, please try again");
    assert_eq!(app.characters(&yui).await, 50);

    let plain = spawn_with(Setup::new(b), |c| c.translate.libretranslate_url = None).await;
    let tom = plain.speaker("tom", "male", "en").await;
    let yui = plain.speaker("yui", "female", "ja").await;
    plain.give_characters(&yui, 50).await;
    let id = plain.text(&tom, &yui, "Good morning").await;
    plain
        .translation(&yui, id, "ja")
        .await
        .fails(400, "Translation is not available for this language");
    assert_eq!(plain.characters(&yui).await, 50);
    assert_eq!(plain.count("translations").await, 0);
}

async fn without_characters_nothing_is_translated(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&lucia, 5).await;
    let id = app.text(&tom, &lucia, "Good morning").await;
    let refused = app.translation(&lucia, id, "es").await;
    refused.fails(400, "Insufficient character pack to recharge!");
    assert_eq!(refused.data()["recharge"], "character");
    assert_eq!(app.characters(&lucia).await, 5);
    assert_eq!(app.count("translations").await, 0);
}

async fn members_spend_a_daily_allowance_that_resets_at_utc_midnight(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    // Just before a UTC midnight.
    let now = app.clock().unix();
    let to_midnight = 86_400 - now.rem_euclid(86_400);
    app.clock()
        .advance(chrono::Duration::seconds(to_midnight - 120));
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    AccountStore::new(app.app().db.clone())
        .grant_membership(&lucia.email, "VIP", 30, app.clock().unix())
        .await
        .unwrap();
    app.give_characters(&lucia, 2000).await;
    let allowance = |who: &crate::common::Person| {
        let token = who.token.clone();
        let app = &app;
        async move {
            app.get("/prod-api/getInfo", Some(&token)).await.ok()["translationAllowance"].clone()
        }
    };
    let next_midnight_of =
        |unix: i64| amora_server::clock::rfc3339((unix.div_euclid(86_400) + 1) * 86_400);
    let midnight = next_midnight_of(app.clock().unix());
    assert_eq!(
        allowance(&lucia).await,
        json!({ "left": 2000, "resetsAt": midnight })
    );
    // A non-member has no allowance.
    assert_eq!(allowance(&tom).await, Value::Null);

    let long = "Good morning ".repeat(120); // 1560 characters
    let id = app.text(&tom, &lucia, &long).await;
    let first = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(
        (first["fromAllowance"].as_i64(), first["fromPack"].as_i64()),
        (Some(1560), Some(0))
    );
    assert_eq!(first["allowanceLeft"], 440);
    assert_eq!(allowance(&lucia).await["left"], 440);
    // The allowance runs out: the rest comes from the pack.
    let id = app.text(&tom, &lucia, &long).await;
    let second = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(
        (
            second["fromAllowance"].as_i64(),
            second["fromPack"].as_i64()
        ),
        (Some(440), Some(1120))
    );
    assert_eq!(app.characters(&lucia).await, 2000 - 1120);
    assert_eq!(allowance(&lucia).await["left"], 0);

    // After midnight UTC: a fresh 2000, nothing carried over.
    app.clock().advance(chrono::Duration::seconds(180));
    let next_midnight = next_midnight_of(app.clock().unix());
    assert_ne!(next_midnight, midnight);
    assert_eq!(
        allowance(&lucia).await,
        json!({ "left": 2000, "resetsAt": next_midnight })
    );
    let id = app.text(&tom, &lucia, &long).await;
    let third = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(
        (third["fromAllowance"].as_i64(), third["fromPack"].as_i64()),
        (Some(1560), Some(0))
    );
    assert_eq!(third["allowanceLeft"], 440);
    assert_eq!(app.characters(&lucia).await, 2000 - 1120);
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
