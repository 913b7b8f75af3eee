//! Finding a place by name (`GET /system/place/search`), as someone choosing where to meet types
//! it: in their own language or another, accents and case aside, the likeliest town first, named
//! in their script. It works offline, from the towns built into the server.

use serde_json::Value;

use crate::common::{spawn, Backend};

const SEARCH: &str = "/prod-api/system/place/search";
const BAD_REQUEST: &str = "The request is not valid";

fn names(found: &Value) -> Vec<(String, String)> {
    found["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["country"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn a_town_is_found_by_its_name_in_any_language_and_named_in_mine(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let search = |q: &str, lang: &str| {
        let path = format!("{SEARCH}?q={}&lang={lang}", urlencoding(q));
        let token = ana.token.clone();
        let app = &app;
        async move { app.get(&path, Some(&token)).await.ok() }
    };

    // Typed in Russian, read in Russian; typed in Latin letters without accents, read in Japanese.
    let found = search("Барсел", "ru").await;
    assert_eq!(names(&found)[0], ("Барселона".to_owned(), "ES".to_owned()));
    let first = &found["rows"][0];
    assert!(
        (first["lat"].as_f64().unwrap() - 41.39).abs() < 0.01,
        "{first}"
    );
    assert!(
        (first["lng"].as_f64().unwrap() - 2.16).abs() < 0.01,
        "{first}"
    );
    assert_eq!(names(&search("barcelona", "ja").await)[0].0, "バルセロナ");
    assert_eq!(names(&search("MÜNCHEN", "ge").await)[0].1, "DE");
    assert_eq!(names(&search("munchen", "en").await)[0].1, "DE");
    assert_eq!(
        names(&search("大阪", "en").await)[0],
        ("Osaka".to_owned(), "JP".to_owned())
    );

    // Ten at most, the most populous first; nothing for nothing.
    let san = names(&search("san", "en").await);
    assert_eq!(san.len(), 10);
    assert!(names(&search("   ", "en").await).is_empty());
    assert!(names(&search("qqxzz", "en").await).is_empty());
}

async fn a_search_needs_a_session_and_a_short_query(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    app.get(&format!("{SEARCH}?q=Paris"), None)
        .await
        .fails(401, "Login has expired, please log in again");
    let long = "a".repeat(101);
    app.get(&format!("{SEARCH}?q={long}"), Some(&ana.token))
        .await
        .fails(400, &format!("{BAD_REQUEST}: q is at most 100 characters"));
    let found = app
        .get(&format!("{SEARCH}?q={}", "a".repeat(100)), Some(&ana.token))
        .await
        .ok();
    assert!(names(&found).is_empty());
}

fn urlencoding(q: &str) -> String {
    url::form_urlencoded::byte_serialize(q.as_bytes()).collect()
}

both_databases!(
    a_town_is_found_by_its_name_in_any_language_and_named_in_mine,
    a_search_needs_a_session_and_a_short_query,
);
