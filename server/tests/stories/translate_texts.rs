//! Translation where people read, not only in chat: a dynamic, a comment on one and a person's
//! About me, charged like a message (allowance, then packs), once per reader, text and language;
//! only a text the reader may see. The real Apertium translates Spanish to English.

use serde_json::{json, Value};

use crate::common::{spawn_with, Backend, Body, Person, Reply, Setup, TestApp};

impl TestApp {
    /// Asks for the translation of a text people read: `kind` is dynamic, comment or about.
    async fn text_translation(&self, who: &Person, kind: &str, id: i64) -> Reply {
        self.call(
            "POST",
            &format!("/prod-api/system/content/tranText?kind={kind}&id={id}&target=en"),
            Some(&who.token),
            Body::None,
        )
        .await
    }

    /// `who` writes their About me.
    async fn writes_about_me(&self, who: &Person, text: &str) {
        self.put(
            "/prod-api/system/user/profile",
            Some(&who.token),
            json!({ "signature": text }),
        )
        .await
        .ok();
    }

    /// Today's member allowance left, as `getInfo` tells it.
    async fn allowance_left(&self, who: &Person) -> Value {
        self.get("/prod-api/getInfo", Some(&who.token)).await.ok()["translationAllowance"]["left"]
            .clone()
    }
}

/// (text, from allowance, from pack) of an answer.
fn charged(done: &Value) -> (&str, i64, i64) {
    (
        done["text"].as_str().unwrap(),
        done["fromAllowance"].as_i64().unwrap(),
        done["fromPack"].as_i64().unwrap(),
    )
}

async fn a_member_translates_a_dynamic_a_comment_and_an_about_me_once_each(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.make_member(&tom, 30).await;
    let dynamic = app.posts(&lucia, "Buenos días").await;
    let comment = app.comments_on(&lucia, dynamic, "Me gusta la playa").await;
    app.writes_about_me(&lucia, "Hoy hace sol").await;
    // The feed tells the language each text is written in.
    let row = app.dynamic(&tom, dynamic).await.ok();
    assert_eq!(row["language"], "es");
    let comments = app.comment_list(&tom, dynamic).await.ok();
    assert_eq!(comments["rows"][0]["language"], "es", "{comments}");

    for _ in 0..2 {
        let done = app.text_translation(&tom, "dynamic", dynamic).await.ok();
        assert_eq!(
            (done["kind"].as_str(), done["id"].as_i64()),
            (Some("dynamic"), Some(dynamic))
        );
        assert_eq!(done["sameLanguage"], false);
        assert_eq!(done["characters"], 11);
        let done = app.text_translation(&tom, "comment", comment).await.ok();
        assert_eq!(done["text"], "It likes me the beach");
        let done = app.text_translation(&tom, "about", lucia.id).await.ok();
        assert_eq!(done["text"], "Today it does sun");
    }
    assert_eq!(
        app.allowance_left(&tom).await,
        2000 - 11 - 17 - 12,
        "charged once each: reading again is free"
    );
    let again = app.text_translation(&tom, "dynamic", dynamic).await.ok();
    assert_eq!(charged(&again), ("Good morning", 0, 0));
    assert_eq!(app.count("text_translations").await, 3);

    // Another reader of the same text into the same language: from the cache, still charged.
    let ana = app.speaker("ana", "female", "en").await;
    app.give_characters(&ana, 20).await;
    let done = app.text_translation(&ana, "dynamic", dynamic).await.ok();
    assert_eq!(charged(&done), ("Good morning", 0, 11));
    assert_eq!(app.characters(&ana).await, 9);

    // A text already in my language is answered as it is, nothing charged.
    let own = app.posts(&ana, "Good evening").await;
    let same = app.text_translation(&tom, "dynamic", own).await.ok();
    assert_eq!(same["sameLanguage"], true);
    assert_eq!(charged(&same), ("Good evening", 0, 0));
    assert_eq!(app.allowance_left(&tom).await, 2000 - 40);

    app.text_translation(&tom, "poem", dynamic).await.fails(
        400,
        "The request is not valid: kind must be dynamic, comment or about",
    );
}

async fn a_text_i_may_not_see_is_not_found_and_costs_nothing(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    let pablo = app.speaker("pablo", "male", "es").await;
    app.give_characters(&tom, 100).await;
    let hers = app.posts(&lucia, "Buenos días").await;
    let on_hers = app.comments_on(&lucia, hers, "Me gusta la playa").await;
    app.writes_about_me(&lucia, "Hoy hace sol").await;
    let his = app.posts(&pablo, "Buenas noches").await;
    // Pablo's comment under Lucia's dynamic: his own comment, but on a dynamic Tom may not see.
    let his_on_hers = app.comments_on(&pablo, hers, "Hola amigos").await;

    app.blocks(&tom, &lucia).await;
    for (kind, id) in [
        ("dynamic", hers),
        ("comment", on_hers),
        ("comment", his_on_hers),
        ("about", lucia.id),
    ] {
        let refused = app.text_translation(&tom, kind, id).await;
        assert_eq!(refused.status, 404, "{kind} {id}: {}", refused.body);
    }
    // Blocked the other way round, or banned: the same.
    app.blocks(&pablo, &tom).await;
    assert_eq!(app.text_translation(&tom, "dynamic", his).await.status, 404);
    app.unblocks(&pablo, &tom).await;
    app.text_translation(&tom, "dynamic", his).await.ok();
    app.ban(&pablo).await;
    assert_eq!(app.text_translation(&tom, "dynamic", his).await.status, 404);
    // Nobody's text, and an empty About me.
    assert_eq!(
        app.text_translation(&tom, "dynamic", his + 100)
            .await
            .status,
        404
    );
    let quiet = app.speaker("quiet", "male", "es").await;
    assert_eq!(
        app.text_translation(&tom, "about", quiet.id).await.status,
        404
    );

    assert_eq!(app.characters(&tom).await, 100 - 13, "only what was seen");
    assert_eq!(app.count("text_translations").await, 1);
}

async fn without_characters_a_non_member_is_told_so(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&tom, 5).await;
    let dynamic = app.posts(&lucia, "Buenos días").await;
    let refused = app.text_translation(&tom, "dynamic", dynamic).await;
    refused.fails(400, "Insufficient character pack to recharge!");
    assert_eq!(refused.data()["recharge"], "character");
    assert_eq!(app.characters(&tom).await, 5);
    assert_eq!(app.count("text_translations").await, 0);
}

async fn a_text_no_route_reaches_is_said_to_be_untranslatable(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.translate.libretranslate_url = None).await;
    let tom = app.speaker("tom", "male", "en").await;
    let yui = app.speaker("yui", "female", "ja").await;
    app.give_characters(&tom, 50).await;
    let dynamic = app.posts(&yui, "おはようございます").await;
    app.text_translation(&tom, "dynamic", dynamic)
        .await
        .fails(400, "Translation is not available for this language");
    assert_eq!(app.characters(&tom).await, 50);
    assert_eq!(app.count("text_translations").await, 0);
}

async fn an_edited_dynamic_is_translated_anew(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&tom, 100).await;
    let dynamic = app.posts(&lucia, "Buenos días").await;
    let first = app.text_translation(&tom, "dynamic", dynamic).await.ok();
    assert_eq!(charged(&first), ("Good morning", 0, 11));
    let again = app.text_translation(&tom, "dynamic", dynamic).await.ok();
    assert_eq!(charged(&again), ("Good morning", 0, 0));

    app.edit_dynamic(&lucia, dynamic, "Buenas noches")
        .await
        .ok();
    let edited = app.text_translation(&tom, "dynamic", dynamic).await.ok();
    assert_eq!(charged(&edited), ("Good nights", 0, 13));
    assert_eq!(app.characters(&tom).await, 100 - 11 - 13);
}

async fn an_erased_author_takes_the_translations_of_her_texts_with_her(b: Backend) {
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&tom, 100).await;
    let dynamic = app.posts(&lucia, "Buenos días").await;
    app.writes_about_me(&lucia, "Hoy hace sol").await;
    app.text_translation(&tom, "dynamic", dynamic).await.ok();
    app.text_translation(&tom, "about", lucia.id).await.ok();
    assert_eq!(app.count("translation_cache").await, 2);

    app.delete_account(&lucia).await;
    assert_eq!(app.count("text_translations").await, 0);
    assert_eq!(app.count("translation_cache").await, 0);
}

async fn my_translations_are_in_my_archive_and_go_with_my_account(b: Backend) {
    use std::io::Read;
    let app = spawn_with(Setup::new(b), |_| {}).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    app.give_characters(&tom, 100).await;
    let dynamic = app.posts(&lucia, "Buenos días").await;
    app.text_translation(&tom, "dynamic", dynamic).await.ok();

    let auth = format!("Bearer {}", tom.token);
    let got = app
        .fetch(
            "GET",
            "/prod-api/system/user/export",
            &[("authorization", auth.as_str())],
        )
        .await;
    assert_eq!(got.status, 200);
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(&got.bytes)).unwrap();
    let mut profile = String::new();
    archive
        .by_name("profile.json")
        .unwrap()
        .read_to_string(&mut profile)
        .unwrap();
    let profile: Value = serde_json::from_str(&profile).unwrap();
    let read = &profile["languages"]["translationsRead"];
    assert_eq!(
        (
            read[0]["kind"].as_str(),
            read[0]["id"].as_i64(),
            read[0]["language"].as_str(),
            read[0]["text"].as_str()
        ),
        (
            Some("dynamic"),
            Some(dynamic),
            Some("en"),
            Some("Good morning")
        ),
        "{profile}"
    );

    app.delete_account(&tom).await;
    assert_eq!(app.count("text_translations").await, 0);
}

both_databases!(
    a_member_translates_a_dynamic_a_comment_and_an_about_me_once_each,
    a_text_i_may_not_see_is_not_found_and_costs_nothing,
    without_characters_a_non_member_is_told_so,
    a_text_no_route_reaches_is_said_to_be_untranslatable,
    an_edited_dynamic_is_translated_anew,
    an_erased_author_takes_the_translations_of_her_texts_with_her,
    my_translations_are_in_my_archive_and_go_with_my_account,
);
