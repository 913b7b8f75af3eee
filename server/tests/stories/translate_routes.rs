//! Every pair of the eight languages goes the way it can: Apertium (a real APY, English and
//! Spanish) where it offers the pair, LibreTranslate (a stand-in speaking its wire format, with
//! the languages it is told) for the rest, and through English when no provider has the pair
//! itself: two calls, one translation, charged once on the source text's characters. The chat
//! language list says which way each partner's language goes.

use std::time::Duration;

use crate::common::apertium::Apy;
use crate::common::libretranslate::LibreTranslateStandin;
use crate::common::{spawn_with, Backend, Person, Setup, TestApp};
use serde_json::Value;

/// What the LibreTranslate stand-in offers: English into everything, Japanese into English and
/// Korean, Korean and German into English; nothing from Russian or Spanish.
const LANGUAGES: &[(&str, &[&str])] = &[
    ("en", &["ja", "ko", "de", "ru", "zh-Hans", "zh-Hant", "es"]),
    ("ja", &["en", "ko"]),
    ("ko", &["en"]),
    ("de", &["en"]),
];

const DICTIONARY: &[(&str, &str, &str, &str)] = &[
    ("ja", "en", "おはようございます", "Good morning"),
    ("en", "ja", "Good morning", "おはようございます"),
    ("ja", "ko", "おはようございます", "좋은 아침입니다"),
    ("ko", "en", "안녕하세요", "Hello"),
    ("en", "de", "Hello", "Hallo"),
];

async fn with_both(b: Backend, apy: &Apy, lt: &LibreTranslateStandin) -> TestApp {
    let (apy, lt) = (apy.url.clone(), lt.url.clone());
    spawn_with(Setup::new(b), move |c| {
        c.translate.apertium_url = Some(apy);
        c.translate.libretranslate_url = Some(lt);
        // Anyone writes to anyone here: the story is about languages.
        c.chat.same_gender_blocked = false;
    })
    .await
}

async fn chat_languages(app: &TestApp, who: &Person, partner: &Person) -> Value {
    let list = app
        .get(
            &format!(
                "/prod-api/system/content/chatLanguage?userId={}",
                partner.id
            ),
            Some(&who.token),
        )
        .await
        .ok();
    list.as_array()
        .unwrap()
        .iter()
        .find(|c| c["userId"] == partner.id)
        .cloned()
        .unwrap()
}

fn route_to(choice: &Value, target: &str) -> String {
    choice["routes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["target"] == target)
        .map(|r| r["route"].as_str().unwrap().to_owned())
        .unwrap()
}

async fn each_pair_goes_through_the_provider_that_has_it_or_through_english(b: Backend) {
    let apy = Apy::start().await;
    let lt = LibreTranslateStandin::start(LANGUAGES, DICTIONARY).await;
    let app = with_both(b, &apy, &lt).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    let yui = app.speaker("yui", "female", "ja").await;
    let minho = app.speaker("minho", "male", "kr").await;
    let anna = app.speaker("anna", "female", "ge").await;
    let olga = app.speaker("olga", "female", "ru").await;
    for p in [&tom, &lucia, &yui, &minho, &anna, &olga] {
        app.give_characters(p, 1000).await;
    }

    // English to Spanish: Apertium, and LibreTranslate is not asked.
    let id = app.text(&tom, &lucia, "Good morning").await;
    assert_eq!(
        app.translation(&lucia, id, "es").await.ok()["text"],
        "Buenos días"
    );
    assert!(lt.requests().is_empty());

    // English to Japanese: LibreTranslate.
    let id = app.text(&tom, &yui, "Good morning").await;
    assert_eq!(
        app.translation(&yui, id, "ja").await.ok()["text"],
        "おはようございます"
    );

    // Japanese to Korean: LibreTranslate has the pair itself.
    let id = app.text(&yui, &minho, "おはようございます").await;
    assert_eq!(
        app.translation(&minho, id, "kr").await.ok()["text"],
        "좋은 아침입니다"
    );
    assert_eq!(lt.pairs().last().unwrap(), &("ja".into(), "ko".into()));

    // Japanese to Spanish: nobody has it; LibreTranslate into English, Apertium on to Spanish.
    let asked = lt.requests().len();
    let id = app.text(&yui, &lucia, "おはようございます").await;
    let done = app.translation(&lucia, id, "es").await.ok();
    assert_eq!(done["text"], "Buenos días");
    // Charged once, on the nine characters of the Japanese text.
    assert_eq!(done["fromPack"], 9);
    assert_eq!(app.characters(&lucia).await, 1000 - 12 - 9);
    assert_eq!(lt.pairs()[asked..], [("ja".to_owned(), "en".to_owned())]);

    // Spanish to Japanese: Apertium into English, LibreTranslate on to Japanese.
    let id = app.text(&lucia, &yui, "Buenos días").await;
    assert_eq!(
        app.translation(&yui, id, "ja").await.ok()["text"],
        "おはようございます"
    );
    assert_eq!(lt.pairs().last().unwrap(), &("en".into(), "ja".into()));

    // Korean to German: LibreTranslate both ways round English.
    let asked = lt.requests().len();
    let id = app.text(&minho, &anna, "안녕하세요").await;
    assert_eq!(app.translation(&anna, id, "ge").await.ok()["text"], "Hallo");
    assert_eq!(
        lt.pairs()[asked..],
        [("ko".into(), "en".into()), ("en".into(), "de".into())]
    );

    // Russian to Japanese: no provider takes Russian anywhere.
    let id = app.text(&olga, &yui, "Привет").await;
    let before = app.characters(&yui).await;
    app.translation(&yui, id, "ja")
        .await
        .fails(400, "Translation is not available for this language");
    assert_eq!(app.characters(&yui).await, before);

    // The chat language list says the same, for each partner and each language.
    let olga_for_yui = chat_languages(&app, &yui, &olga).await;
    assert_eq!(
        (
            olga_for_yui["abbr"].as_str(),
            olga_for_yui["language"].as_str(),
            olga_for_yui["route"].as_str()
        ),
        (Some("none"), Some("ru"), Some("none"))
    );
    let yui_for_lucia = chat_languages(&app, &lucia, &yui).await;
    assert_eq!(yui_for_lucia["route"], "pivot", "into Lucia's own Spanish");
    assert_eq!(route_to(&yui_for_lucia, "kr"), "libretranslate");
    assert_eq!(route_to(&yui_for_lucia, "en"), "libretranslate");
    assert_eq!(route_to(&yui_for_lucia, "ja"), "none", "the same language");
    assert_eq!(route_to(&yui_for_lucia, "ru"), "pivot");
    assert_eq!(yui_for_lucia["routes"].as_array().unwrap().len(), 8);
    let tom_for_lucia = chat_languages(&app, &lucia, &tom).await;
    assert_eq!(tom_for_lucia["route"], "apertium");
    let minho_for_anna = chat_languages(&app, &anna, &minho).await;
    assert_eq!(minho_for_anna["route"], "pivot");
    assert_eq!(route_to(&olga_for_yui, "en"), "none");

    // Choosing a language answers its route, and the list keeps the choice.
    let chosen = app
        .put(
            &format!(
                "/prod-api/system/content/chatLanguage?userId={}&abbr=kr",
                yui.id
            ),
            Some(&lucia.token),
            serde_json::json!({}),
        )
        .await
        .ok();
    assert_eq!(
        (chosen["abbr"].as_str(), chosen["route"].as_str()),
        (Some("kr"), Some("libretranslate"))
    );
    let list = app
        .get("/prod-api/system/content/chatLanguage", Some(&lucia.token))
        .await
        .ok();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["abbr"], "kr");
    app.get(
        "/prod-api/system/content/chatLanguage?userId=999999",
        Some(&lucia.token),
    )
    .await
    .fails(404, "Not found");
}

async fn a_pivot_is_charged_once_however_many_ask_at_once(b: Backend) {
    // Slow enough that the requests overlap.
    let lt = LibreTranslateStandin::start_slow(
        &[("ja", &["en"]), ("en", &["es"])],
        &[
            ("ja", "en", "おはようございます", "Good morning"),
            ("en", "es", "Good morning", "Buenos días"),
        ],
        Duration::from_millis(150),
    )
    .await;
    let url = lt.url.clone();
    let app = spawn_with(Setup::new(b), move |c| {
        c.translate.apertium = false;
        c.translate.libretranslate_url = Some(url);
    })
    .await;
    let yui = app.speaker("yui", "female", "ja").await;
    let pablo = app.speaker("pablo", "male", "es").await;
    app.give_characters(&pablo, 50).await;
    let id = app.text(&yui, &pablo, "おはようございます").await;
    let answers =
        futures::future::join_all((0..30).map(|_| app.translation(&pablo, id, "es"))).await;
    let charged: i64 = answers
        .into_iter()
        .map(|a| {
            let data = a.ok();
            assert_eq!(data["text"], "Buenos días");
            data["fromPack"].as_i64().unwrap()
        })
        .sum();
    assert_eq!(charged, 9);
    assert_eq!(app.characters(&pablo).await, 50 - 9);
    assert_eq!(
        lt.pairs(),
        [("ja".into(), "en".into()), ("en".into(), "es".into())],
        "one pivot: two calls"
    );
    assert_eq!(app.count("translations").await, 1);
}

async fn a_pivot_that_fails_halfway_charges_nothing(b: Backend) {
    let lt = LibreTranslateStandin::start(
        &[("ja", &["en"]), ("en", &["es"])],
        &[("ja", "en", "おはようございます", "Good morning")],
    )
    .await;
    lt.fail_into(Some("es"));
    let url = lt.url.clone();
    let app = spawn_with(Setup::new(b), move |c| {
        c.translate.apertium = false;
        c.translate.libretranslate_url = Some(url);
    })
    .await;
    let yui = app.speaker("yui", "female", "ja").await;
    let pablo = app.speaker("pablo", "male", "es").await;
    app.give_characters(&pablo, 50).await;
    let id = app.text(&yui, &pablo, "おはようございます").await;
    app.translation(&pablo, id, "es")
        .await
        .fails(503, "The translation failed, please try again");
    assert_eq!(
        lt.pairs(),
        [("ja".into(), "en".into()), ("en".into(), "es".into())],
        "the first call went through, the second failed"
    );
    assert_eq!(app.characters(&pablo).await, 50);
    assert_eq!(app.count("translations").await, 0);
    // Back up: the retry goes through, charged once.
    lt.fail_into(None);
    assert_eq!(
        app.translation(&pablo, id, "es").await.ok()["text"],
        "[es] Good morning"
    );
    assert_eq!(app.characters(&pablo).await, 50 - 9);
}

/// Anyone, signed in or not, reads which of the eight languages reach which here and how: the
/// guide says what is true before sign-in. Russian reaches nothing with these providers.
async fn anyone_reads_which_languages_reach_which(b: Backend) {
    let apy = Apy::start().await;
    let lt = LibreTranslateStandin::start(LANGUAGES, DICTIONARY).await;
    let app = with_both(b, &apy, &lt).await;
    let got = app
        .fetch("GET", "/prod-api/system/content/translationRoutes", &[])
        .await;
    assert_eq!(got.status, 200, "{}", got.text());
    assert_eq!(
        got.header("cache-control").as_deref(),
        Some("public, max-age=300")
    );
    let answer: Value = serde_json::from_slice(&got.bytes).unwrap();
    let data = &answer["data"];
    assert_eq!(data["languages"].as_array().unwrap().len(), 8);
    let route = |from: &str, to: &str| {
        data["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["from"] == from && p["to"] == to)
            .map(|p| p["route"].as_str().unwrap().to_owned())
    };
    assert_eq!(route("en", "es").as_deref(), Some("apertium"));
    assert_eq!(route("es", "en").as_deref(), Some("apertium"));
    assert_eq!(route("ja", "kr").as_deref(), Some("libretranslate"));
    assert_eq!(route("kr", "ge").as_deref(), Some("pivot"));
    assert_eq!(route("en", "en"), None, "the same language is no pair");
    for to in ["en", "es", "ja", "kr", "ge", "zh-Hans", "zh-Hant"] {
        assert_eq!(
            route("ru", to),
            None,
            "nothing reaches {to} from Russian here"
        );
    }
}

both_databases!(
    anyone_reads_which_languages_reach_which,
    each_pair_goes_through_the_provider_that_has_it_or_through_english,
    a_pivot_is_charged_once_however_many_ask_at_once,
    a_pivot_that_fails_halfway_charges_nothing,
);
