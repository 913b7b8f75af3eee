//! Apertium through APY, its HTTP server: a real `apertium-apy` on the installed English-Spanish
//! pair (the process-per-message path made impossible, so APY must be the one translating), and a
//! stand-in speaking APY's wire format for what a real one rarely does: change its pairs, fail,
//! or not answer in time. Nothing is charged unless a translation is stored.

use std::time::{Duration, Instant};

use crate::common::apertium::{Apy, ApyAnswer, ApyStandin, BETWEEN};
use crate::common::{spawn_with, Backend, Setup, TestApp};
use axum::http::StatusCode;

/// A server translating through APY at `url` only (no `apertium` binary to fall back on).
async fn through_apy(
    b: Backend,
    url: &str,
    tweak: impl FnOnce(&mut amora_server::Config),
) -> TestApp {
    let url = url.to_owned();
    spawn_with(Setup::new(b), move |c| {
        c.translate.apertium_url = Some(url);
        c.translate.apertium_bin = "/nonexistent/apertium".into();
        tweak(c);
    })
    .await
}

async fn apy_translates_english_and_spanish_both_ways(b: Backend) {
    let apy = Apy::start().await;
    let app = through_apy(b, &apy.url, |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&lucia, 100).await;
    app.give_characters(&tom, 100).await;

    let id = app.text(&tom, &lucia, "Good morning").await;
    let done = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(
        (done["text"].as_str(), done["fromPack"].as_i64()),
        (Some("Buenos días"), Some(12))
    );
    assert_eq!(app.characters(&lucia).await, 88);

    let id = app.text(&lucia, &tom, "Gracias").await;
    let done = app.translation(&tom, id, "en").await.ok();
    assert_eq!(done["text"], "Thank you");
    assert_eq!(app.characters(&tom).await, 100 - 7);

    // APY offers no English-Japanese pair, and nothing else is configured.
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&yui, 100).await;
    let id = app.text(&tom, &yui, "Good morning").await;
    app.translation(&yui, id, "ja")
        .await
        .fails(400, "Translation is not available for this language");
    assert_eq!(app.characters(&yui).await, 100);
}

async fn the_pairs_are_those_apy_lists_asked_again_now_and_then(b: Backend) {
    let apy = ApyStandin::start(&[("spa", "eng")], ApyAnswer::Text("Buenos días")).await;
    let app = through_apy(b, &apy.url, |c| c.translate.pairs_refresh_seconds = 1).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&lucia, 100).await;
    let id = app.text(&tom, &lucia, "Good morning").await;
    app.translation(&lucia, id, "es")
        .await
        .fails(400, "Translation is not available for this language");
    assert!(
        apy.requests().is_empty(),
        "an unlisted pair is not asked for"
    );

    // APY gets the pair; the server learns it at its next question (the one after the question
    // that may be on its way now).
    apy.offer(&[("spa", "eng"), ("eng", "spa")]);
    let asked = apy.listed();
    for _ in 0..100 {
        if apy.listed() > asked + 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let done = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(done["text"], "Buenos días");
    let form = apy.requests()[0].clone();
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    assert_eq!(field("q").as_deref(), Some("Good morning"));
    assert_eq!(field("langpair").as_deref(), Some("eng|spa"));
    assert_eq!(field("markUnknown").as_deref(), Some("no"));
    assert_eq!(app.characters(&lucia).await, 88);
}

async fn an_apy_error_or_silence_charges_nothing_and_may_be_retried(b: Backend) {
    let apy = ApyStandin::start(
        &[("eng", "spa")],
        ApyAnswer::Error(StatusCode::INTERNAL_SERVER_ERROR, "boom"),
    )
    .await;
    let app = through_apy(b, &apy.url, |c| c.translate.timeout_ms = 500).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&lucia, 100).await;
    let id = app.text(&tom, &lucia, "Good morning").await;
    app.translation(&lucia, id, "es")
        .await
        .fails(503, "The translation failed, please try again");

    // No answer within the time-out: the same failure, in about that time.
    apy.answer(ApyAnswer::Silence(Duration::from_secs(5)));
    let asked = Instant::now();
    app.translation(&lucia, id, "es")
        .await
        .fails(503, "The translation failed, please try again");
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );

    // The pair went away after it was listed: not available, rather than a failure to retry.
    apy.answer(ApyAnswer::Error(
        StatusCode::BAD_REQUEST,
        "That pair is not installed",
    ));
    app.translation(&lucia, id, "es")
        .await
        .fails(400, "Translation is not available for this language");
    assert_eq!(app.characters(&lucia).await, 100);
    assert_eq!(app.count("translations").await, 0);

    // Once APY answers, the retry is translated and charged once.
    apy.answer(ApyAnswer::Text("Buenos días"));
    let done = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(done["text"], "Buenos días");
    assert_eq!(app.characters(&lucia).await, 88);
}

/// Lucia asks for the translation of all of `ids` at once; each answer's text, in order.
async fn all_at_once(app: &TestApp, who: &crate::common::Person, ids: &[i64]) -> Vec<String> {
    futures::future::join_all(ids.iter().map(|id| app.translation(who, *id, "es")))
        .await
        .into_iter()
        .map(|a| a.ok()["text"].as_str().unwrap().to_owned())
        .collect()
}

async fn messages_asked_together_share_requests_and_each_gets_its_own_translation(b: Backend) {
    let apy = ApyStandin::start(
        &[("eng", "spa")],
        ApyAnswer::Echo {
            delay: Duration::from_millis(300),
            keep_marks: true,
        },
    )
    .await;
    let app = through_apy(b, &apy.url, |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&lucia, 1000).await;
    let mut ids = Vec::new();
    for i in 0..12 {
        ids.push(app.text(&tom, &lucia, &format!("message {i}")).await);
    }
    let answers = all_at_once(&app, &lucia, &ids).await;
    let expected: Vec<String> = (0..12).map(|i| format!("es:message {i}")).collect();
    assert_eq!(answers, expected);
    let requests = apy.requests();
    assert!(
        requests.len() < 12,
        "{} requests for 12 messages",
        requests.len()
    );
    assert!(requests
        .iter()
        .any(|r| r.iter().any(|(k, v)| k == "q" && v.contains(BETWEEN))));
    // Each message charged on its own characters: 10 of "message 0".."message 9", 2 of 10.
    assert_eq!(app.characters(&lucia).await, 1000 - (10 * 9 + 2 * 10));

    // An answer that does not come back in as many pieces: each message asked alone.
    apy.answer(ApyAnswer::Echo {
        delay: Duration::from_millis(300),
        keep_marks: false,
    });
    let mut ids = Vec::new();
    for i in 12..20 {
        ids.push(app.text(&tom, &lucia, &format!("message {i}")).await);
    }
    let answers = all_at_once(&app, &lucia, &ids).await;
    let expected: Vec<String> = (12..20).map(|i| format!("es:message {i}")).collect();
    assert_eq!(answers, expected);
}

async fn real_apy_translates_messages_asked_together_as_it_does_alone(b: Backend) {
    let apy = Apy::start().await;
    let app = through_apy(b, &apy.url, |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&lucia, 10_000).await;
    let texts = [
        "Good morning, how are you",
        "I would love to meet you for a coffee this weekend",
        "Tell me about your city!",
        "The big dog",
        "barks loudly at night.",
        "What?",
        "I like cats\nand dogs",
        "Do you like music...",
        "my name is Tom",
        "see you",
    ];
    let http = reqwest::Client::new();
    let mut alone = Vec::new();
    for text in texts {
        let answer: serde_json::Value = http
            .post(format!("{}/translate", apy.url))
            .form(&[("q", text), ("langpair", "eng|spa"), ("markUnknown", "no")])
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        alone.push(
            answer["responseData"]["translatedText"]
                .as_str()
                .unwrap()
                .trim()
                .to_owned(),
        );
    }
    let mut ids = Vec::new();
    for text in texts {
        ids.push(app.text(&tom, &lucia, text).await);
    }
    assert_eq!(all_at_once(&app, &lucia, &ids).await, alone);
}

both_databases!(
    messages_asked_together_share_requests_and_each_gets_its_own_translation,
    real_apy_translates_messages_asked_together_as_it_does_alone,
    apy_translates_english_and_spanish_both_ways,
    the_pairs_are_those_apy_lists_asked_again_now_and_then,
    an_apy_error_or_silence_charges_nothing_and_may_be_retried,
);
