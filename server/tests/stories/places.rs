//! Finding a place by name (`GET /system/place/search`), as someone choosing where to meet types
//! it: in their own language or another, accents and case aside, the likeliest town first, named
//! in their script. It works offline, from the towns built into the server, and through a
//! configured geocoder (Nominatim's or Photon's format) when there is one, the towns answering
//! when it fails. The map the pages draw: tiles only where configured, and allowed then.

use amora_server::config::GeocoderFormat;
use amora_standins::geocoder::GeocoderStandin;
use serde_json::Value;

use crate::common::{spawn, spawn_with, Backend, Setup};

const SEARCH: &str = "/prod-api/system/place/search";
const MAP: &str = "/prod-api/system/place/map";
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

async fn a_configured_geocoder_is_asked_in_its_format_and_the_towns_answer_when_it_fails(
    b: Backend,
) {
    for format in [GeocoderFormat::Nominatim, GeocoderFormat::Photon] {
        let geocoder = GeocoderStandin::start().await;
        let url = geocoder.url.clone();
        let app = spawn_with(Setup::new(b), |config| {
            config.map.geocoder_url = Some(url);
            config.map.geocoder = format;
        })
        .await;
        let ana = app.woman("ana").await;
        let search = |q: &str, lang: &str| {
            let path = format!("{SEARCH}?q={}&lang={lang}", urlencoding(q));
            let token = ana.token.clone();
            let app = &app;
            async move { app.get(&path, Some(&token)).await.ok() }
        };

        // A square found by its Japanese name, named in the reader's language where the
        // geocoder has it, at the position it gave.
        let found = search("マヨール", "en").await;
        assert_eq!(
            names(&found),
            [("Main Square".to_owned(), "ES".to_owned())],
            "{format:?}"
        );
        assert_eq!(
            found["rows"][0]["lat"].as_f64(),
            Some(40.4155),
            "{format:?}"
        );
        assert_eq!(
            found["rows"][0]["lng"].as_f64(),
            Some(-3.7074),
            "{format:?}"
        );
        // Photon is not asked in a language it refuses; Nominatim is asked in OpenStreetMap's.
        let found = search("shibuya", "ru").await;
        assert_eq!(names(&found)[0].1, "JP", "{format:?}");
        let found = search("マヨール", "kr").await;
        assert_eq!(names(&found).len(), 1, "{format:?}");
        let asked: Vec<String> = geocoder.log().seen().into_iter().map(|s| s.path).collect();
        match format {
            GeocoderFormat::Nominatim => {
                assert!(asked.iter().all(|p| p.starts_with("/search?")), "{asked:?}");
                assert!(
                    asked.iter().any(|p| p.contains("accept-language=ko")),
                    "{asked:?}"
                );
            }
            GeocoderFormat::Photon => {
                assert!(asked.iter().all(|p| p.starts_with("/api?")), "{asked:?}");
                assert!(asked.iter().all(|p| !p.contains("lang=ru")), "{asked:?}");
            }
        }
        assert_eq!(geocoder.log().problems(), Vec::<String>::new());

        // The geocoder away: the towns built in still answer.
        geocoder.log().set_down(true);
        let found = search("Барсел", "ru").await;
        assert_eq!(
            names(&found)[0],
            ("Барселона".to_owned(), "ES".to_owned()),
            "{format:?}"
        );
    }
}

async fn the_map_has_tiles_only_where_a_tile_server_is_configured(b: Backend) {
    // None by default: the pages draw the world's outline, and load no picture from elsewhere.
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    app.get(MAP, None)
        .await
        .fails(401, "Login has expired, please log in again");
    let map = app.get(MAP, Some(&ana.token)).await.ok();
    assert_eq!(map["tileUrl"], Value::Null);
    assert_eq!(map["attribution"], Value::Null);
    let csp = app
        .fetch("GET", "/", &[])
        .await
        .header("content-security-policy");
    assert!(csp.unwrap().contains("img-src 'self' data: blob:;"));

    let tiles = "https://tiles.example.org:8443/osm/{z}/{x}/{y}.png";
    let app = spawn_with(Setup::new(b), |config| {
        config.map.tile_url = Some(tiles.into());
        config.map.tile_attribution = Some("© OpenStreetMap contributors".into());
    })
    .await;
    let ana = app.woman("ana").await;
    let map = app.get(MAP, Some(&ana.token)).await.ok();
    assert_eq!(map["tileUrl"], tiles);
    assert_eq!(map["attribution"], "© OpenStreetMap contributors");
    // The tile server's origin, and only it, is added to where pictures may come from.
    let csp = app
        .fetch("GET", "/", &[])
        .await
        .header("content-security-policy");
    assert!(csp
        .unwrap()
        .contains("img-src 'self' data: blob: https://tiles.example.org:8443;"),);
}

fn urlencoding(q: &str) -> String {
    url::form_urlencoded::byte_serialize(q.as_bytes()).collect()
}

both_databases!(
    a_town_is_found_by_its_name_in_any_language_and_named_in_mine,
    a_search_needs_a_session_and_a_short_query,
    a_configured_geocoder_is_asked_in_its_format_and_the_towns_answer_when_it_fails,
    the_map_has_tiles_only_where_a_tile_server_is_configured,
);
